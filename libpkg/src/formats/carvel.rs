//! The `carvel` format: a kapp-controller `Package` chosen from a
//! PackageRepository ([`crate::carvel`]), its content fetched
//! ([`crate::source::carvel`]), rendered by its template steps in order:
//! `ytt` run as an external program ([`crate::carvel::ytt`]; a step whose
//! inputs hold no `#@` renders without it), `kbld` natively
//! ([`crate::carvel::kbld`]), `helmTemplate` through the project's Helm
//! engine. Values (`-f`, `--set`…) go, as kapp-controller passes them, to the
//! first `ytt` or `helmTemplate` step only, after being validated against the
//! package's `valuesSchema.openAPIv3`; the plan records them and, under
//! `package.carvel`, the repository digest, version, steps and ytt.

use std::collections::BTreeMap;

use bytes::Bytes;
use serde_json::Value;

use super::{
    ClusterFacts, ClusterNeeds, Configuration, Format, FormatError, RenderRequest, Rendered,
};
use crate::archive::Files;
use crate::carvel::{
    CarvelError, CarvelPackage, IMAGES_LOCK_FILE, ImagesLock, TemplateStep, YttStep, kapp, kbld,
};
use crate::helm::render::ReleaseOptions;
use crate::helm::values::{Values, integral_numbers, upgrade_values};
use crate::package::Package;
use crate::plan::PackageFormat;
use crate::remedy::with_causes;
use crate::render::NamespacePlacement;

/// The format's name in plans.
pub const NAME: PackageFormat = PackageFormat::Carvel;

fn other(error: CarvelError) -> FormatError {
    FormatError::Other {
        format: NAME.as_str(),
        source: Box::new(error),
    }
}

impl Format for CarvelPackage {
    fn name(&self) -> PackageFormat {
        NAME
    }

    fn check_config(&self, configuration: &Configuration<'_>) -> Result<(), FormatError> {
        if let Some(key) = configuration.config.keys().next() {
            return Err(FormatError::Config {
                reason: format!(
                    "{config} {key}: a Carvel package takes values ({values}), not {config}",
                    config = crate::remedy::Setting::Config,
                    values = crate::remedy::Setting::Values
                ),
            });
        }
        // The values are checked against the valuesSchema when the package
        // is rendered, after its templates have had their say.
        Ok(())
    }

    /// Values follow Helm's rules on upgrade, not `--config`.
    fn upgrade_config(&self, _deployed: Option<&Value>) -> BTreeMap<String, String> {
        BTreeMap::new()
    }

    /// A refName is a DNS subdomain (`hello.carvel.example.com`); a release
    /// name is a DNS label: its first label (`hello`).
    fn default_release_name(&self, _package: &Package) -> String {
        let name = &self.package.ref_name;
        name.split('.').next().unwrap_or(name).to_string()
    }

    fn cluster_needs(&self) -> ClusterNeeds {
        let helm = self
            .package
            .template
            .iter()
            .any(|step| matches!(step, TemplateStep::HelmTemplate { .. }));
        ClusterNeeds {
            capabilities: helm,
            ..ClusterNeeds::default()
        }
    }

    fn render(
        &self,
        package: &Package,
        request: &RenderRequest<'_>,
        cluster: ClusterFacts<'_, '_>,
    ) -> Result<Rendered, FormatError> {
        let configuration = &request.configuration;
        let values = match request.upgrade {
            None => configuration.values.clone(),
            Some((_, previous)) => {
                let previous: Values = previous
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                upgrade_values(
                    configuration.reuse_values,
                    configuration.values.clone(),
                    &previous,
                )
            }
        };
        let id = self.package.id();
        let mut warnings = Vec::new();
        // kapp-controller never checks values against the valuesSchema: the
        // package's templates refuse what they cannot take (ytt's schema, an
        // assertion), and that refusal is the one it reports. So the
        // templates run first; a refusal by the schema alone comes after.
        let values_refused = match validate_values(self, &values) {
            Ok(note) => {
                warnings.extend(note);
                None
            }
            Err(refused) => Some(refused),
        };
        let mut stream: Vec<String> = Vec::new();
        let mut pending_values = Some(values.clone());
        for (index, step) in self.package.template.iter().enumerate() {
            let fail = |reason: String| {
                other(CarvelError::Template {
                    package: id.clone(),
                    index,
                    step: step.kind().to_string(),
                    reason,
                    values_refused: values_refused.as_ref().map(|refused| match refused {
                        CarvelError::Values {
                            file, violations, ..
                        } => crate::carvel::values_violations(file, violations),
                        other => other.to_string(),
                    }),
                })
            };
            stream = match step {
                TemplateStep::Ytt(ytt) => {
                    let values = pending_values.take().unwrap_or_default();
                    run_ytt(self, ytt, &package.files, &stream, &values).map_err(fail)?
                }
                TemplateStep::Kbld { paths } => run_kbld(paths, package, &stream).map_err(fail)?,
                TemplateStep::HelmTemplate {
                    name,
                    namespace,
                    path,
                    values_from,
                } => {
                    let mut values_in = Values::new();
                    for file in values_from {
                        let text = text_of(&package.files, file).map_err(&fail)?;
                        let read = crate::helm::values::read_values(&text)
                            .map_err(|e| fail(format!("valuesFrom {file}: {}", with_causes(&e))))?;
                        values_in = crate::helm::values::merge_maps(values_in, read);
                    }
                    if let Some(values) = pending_values.take() {
                        values_in = crate::helm::values::merge_maps(values_in, values);
                    }
                    let release = ReleaseOptions::install(
                        name.as_deref().unwrap_or(request.release),
                        namespace.as_deref().unwrap_or(request.namespace),
                    );
                    let chart_files = under(&package.files, path.as_deref());
                    let chart = crate::helm::chart::Chart::from_files(
                        chart_files,
                        &format!("{id} helmTemplate {}", path.as_deref().unwrap_or(".")),
                        &package.limits,
                    )
                    .map_err(|e| fail(with_causes(&e)))?;
                    let rendered = crate::helm::engine::render_chart(
                        &chart,
                        &values_in,
                        &release,
                        cluster.capabilities,
                        None,
                        package.limits.yaml(),
                    )
                    .map_err(|e| fail(with_causes(&e)))?;
                    warnings.extend(rendered.warnings);
                    rendered
                        .documents
                        .iter()
                        .map(|(_, document)| crate::yaml::to_string(document))
                        .collect()
                }
                TemplateStep::Unsupported { step, why } => {
                    return Err(other(CarvelError::Unsupported {
                        package: id.clone(),
                        stage: "template",
                        index,
                        step: step.clone(),
                        why: why.clone(),
                    }));
                }
            };
        }
        if let Some(refused) = values_refused {
            return Err(other(refused));
        }
        let placement = placement(&self.package.deploy).map_err(|reason| {
            other(CarvelError::Invalid {
                origin: id.clone(),
                file: self.package.file.clone(),
                reason,
            })
        })?;
        for deploy in &self.package.deploy {
            if deploy.pointer("/kapp/rawOptions").is_some() {
                warnings.push(format!(
                    "{id}: deploy.kapp.rawOptions are kapp's command-line flags and are ignored: kubectl-pkg applies the objects itself"
                ));
            }
        }
        let names: Vec<String> = (0..stream.len())
            .map(|i| format!("{id} template output {}", i + 1))
            .collect();
        let documents = crate::render::read_texts(
            names
                .iter()
                .map(String::as_str)
                .zip(stream.iter().map(String::as_str)),
            package.limits.yaml(),
        )?;
        // What kapp takes out before it deploys: its own Config documents,
        // and an object given twice with the same content.
        let documents = kapp::prepare(documents, &mut warnings)?;
        crate::render::check_identities(&documents)?;
        // Recorded as ytt reads them: a values file's `3` is `3`, not `3.0`.
        let mut recorded = integral_numbers(Value::Object(values));
        crate::helm::values::sort_keys(&mut recorded);
        Ok(Rendered {
            documents,
            // kapp deploys each object into the namespace it names (Pinniped
            // keeps Roles in kube-system): each one outside the release's is
            // a risk finding, as for a chart.
            any_namespace: true,
            placement,
            values: Some(recorded).filter(|v| v.as_object().is_some_and(|m| !m.is_empty())),
            warnings,
            ..Rendered::default()
        })
    }
}

/// The namespaces kapp would place objects in: `deploy[].kapp.intoNs` and
/// `mapNs` (`src=dst` entries, as kapp-controller passes them to kapp's
/// `--into-ns` and `--map-ns`).
fn placement(deploy: &[Value]) -> Result<NamespacePlacement, String> {
    let mut placement = NamespacePlacement::default();
    for (index, step) in deploy.iter().enumerate() {
        let Some(kapp) = step.get("kapp") else {
            continue;
        };
        match kapp.get("intoNs") {
            None | Some(Value::Null) => {}
            Some(Value::String(namespace)) => {
                crate::names::validate_dns_label(namespace).map_err(|why| {
                    format!("spec.template.spec.deploy[{index}].kapp.intoNs {namespace:?}: {why}")
                })?;
                placement.into = Some(namespace.clone());
            }
            Some(other) => {
                return Err(format!(
                    "spec.template.spec.deploy[{index}].kapp.intoNs: {other} is not a namespace"
                ));
            }
        }
        for (entry, mapping) in kapp
            .get("mapNs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let field = format!("spec.template.spec.deploy[{index}].kapp.mapNs[{entry}]");
            let (from, to) = mapping
                .as_str()
                .and_then(|text| text.split_once('='))
                .ok_or_else(|| format!("{field}: {mapping} is not in kapp's SRC=DST form"))?;
            crate::names::validate_dns_label(to)
                .map_err(|why| format!("{field}: {to:?}: {why}"))?;
            placement.map.insert(from.to_string(), to.to_string());
        }
    }
    Ok(placement)
}

/// Validates values against the package's `valuesSchema.openAPIv3`; every
/// violation names its value path. kapp-controller stores the schema as it
/// is and never uses it (the package's templates check their values, ytt's
/// schema): an annotation left empty (`description:`, a YAML null) is
/// accepted, and a schema that cannot be used (a `$ref` nothing resolves)
/// refuses nothing: the values are not checked against it, and the note
/// returned says where in which file and why.
fn validate_values(
    package: &CarvelPackage,
    values: &Values,
) -> Result<Option<String>, CarvelError> {
    let Some(schema) = &package.package.values_schema else {
        return Ok(None);
    };
    let id = package.package.id();
    let mut schema = schema.clone();
    drop_null_annotations(&mut schema, false);
    let validator = match jsonschema::validator_for(&schema) {
        Ok(validator) => validator,
        Err(error) => {
            let message = error.to_string();
            // A keyword the meta-schema refuses is where the error is; a
            // `$ref` nothing resolves is where that `$ref` is written.
            let at = Some(error.instance_path().as_str().to_string())
                .filter(|at| !at.is_empty())
                .or_else(|| ref_naming(&schema, &message, String::new()));
            let at = at.map(|at| format!(" at {at}")).unwrap_or_default();
            return Ok(Some(format!(
                "{id}: {}: spec.valuesSchema.openAPIv3{at}: {message}: kapp-controller stores the schema without using it, so the values were not checked against it (the package's templates check them)",
                package.package.file
            )));
        }
    };
    let instance = integral_numbers(Value::Object(values.clone()));
    let mut violations: Vec<(String, String)> = validator
        .iter_errors(&instance)
        .map(|error| {
            (
                value_path(error.instance_path().as_str()),
                error.to_string(),
            )
        })
        .collect();
    violations.sort();
    violations.dedup();
    if violations.is_empty() {
        Ok(None)
    } else {
        Err(CarvelError::Values {
            package: id,
            file: package.package.file.clone(),
            violations,
        })
    }
}

/// Where in `schema` (a JSON pointer) a `$ref` is whose target `message`
/// names.
fn ref_naming(schema: &Value, message: &str, at: String) -> Option<String> {
    match schema {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                let fragment = target.rsplit('#').next().unwrap_or(target);
                if !fragment.is_empty() && message.contains(fragment) {
                    return Some(format!("{at}/$ref"));
                }
            }
            map.iter().find_map(|(key, value)| {
                let key = key.replace('~', "~0").replace('/', "~1");
                ref_naming(value, message, format!("{at}/{key}"))
            })
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(index, item)| ref_naming(item, message, format!("{at}/{index}"))),
        _ => None,
    }
}

/// Takes out the annotations (`description`, `title`, `$comment`) a schema
/// leaves null: kapp-controller keeps them, and they constrain nothing.
/// `names` says the mapping's keys are property names (under `properties`,
/// `patternProperties`, `definitions`, `$defs`), not keywords.
fn drop_null_annotations(schema: &mut Value, names: bool) {
    match schema {
        Value::Object(map) => {
            if !names {
                map.retain(|key, value| {
                    !(value.is_null()
                        && matches!(key.as_str(), "description" | "title" | "$comment"))
                });
            }
            for (key, value) in map.iter_mut() {
                let holds_names = !names
                    && matches!(
                        key.as_str(),
                        "properties" | "patternProperties" | "definitions" | "$defs"
                    );
                drop_null_annotations(value, holds_names);
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| drop_null_annotations(item, false)),
        _ => {}
    }
}

/// A JSON pointer (`/ports/0/name`) as a value path (`ports.0.name`).
fn value_path(pointer: &str) -> String {
    if pointer.is_empty() {
        return "(root)".to_string();
    }
    pointer
        .trim_start_matches('/')
        .split('/')
        .map(|segment| segment.replace("~1", "/").replace("~0", "~"))
        .collect::<Vec<_>>()
        .join(".")
}

fn text_of(files: &Files, path: &str) -> Result<String, String> {
    let bytes = files
        .get(path)
        .ok_or_else(|| format!("{path}: no such file in the package's content"))?;
    String::from_utf8(bytes.to_vec()).map_err(|_| format!("{path}: not UTF-8 text"))
}

/// The files under `path` (all for `None`, `.` or empty), relative to it.
fn under(files: &Files, path: Option<&str>) -> Files {
    let prefix = match path.map(|p| p.trim_end_matches('/')) {
        None | Some("" | ".") => return files.clone(),
        Some(p) => format!("{p}/"),
    };
    files
        .iter()
        .filter_map(|(file, data)| Some((file.strip_prefix(&prefix)?.to_string(), data.clone())))
        .collect()
}

/// One ytt input group: its files by the path ytt gives them, sorted as ytt
/// sorts a group.
fn ytt_group(files: &Files, path: &str) -> Result<Vec<(String, Bytes)>, String> {
    if let Some(data) = files.get(path) {
        let name = path.rsplit('/').next().unwrap_or(path).to_string();
        return Ok(vec![(name, data.clone())]);
    }
    let group: Vec<(String, Bytes)> = under(files, Some(path)).into_iter().collect();
    if group.is_empty() {
        return Err(format!(
            "ytt path {path:?}: no such file or directory in the package's content"
        ));
    }
    Ok(group)
}

fn is_yaml(name: &str) -> bool {
    name.ends_with(".yml") || name.ends_with(".yaml")
}

/// Whether a ytt step needs ytt: any `#@` in its inputs, a library or
/// Starlark file, inline files, file marks or values files. Otherwise ytt
/// would only print its YAML files, in its order; that is done here.
pub fn ytt_needed(step: &YttStep, files: &Files) -> bool {
    if !step.inline.is_empty() || !step.file_marks.is_empty() || !step.values_from.is_empty() {
        return true;
    }
    let paths: Vec<String> = if step.paths.is_empty() {
        vec![".".to_string()]
    } else {
        step.paths.clone()
    };
    paths
        .iter()
        .filter(|p| p.as_str() != "-")
        .filter_map(|p| ytt_group(files, p).ok())
        .flatten()
        .any(|(name, data)| {
            name.ends_with(".star")
                || name.contains(".lib.")
                || name.starts_with("_ytt_lib/")
                || name.contains("/_ytt_lib/")
                || data.windows(2).any(|w| w == b"#@")
        })
}

fn run_ytt(
    package: &CarvelPackage,
    step: &YttStep,
    files: &Files,
    stream: &[String],
    values: &Values,
) -> Result<Vec<String>, String> {
    let paths: Vec<String> = if step.paths.is_empty() {
        vec![".".to_string()]
    } else {
        step.paths.clone()
    };
    let stdin = stream.join("\n---\n");
    if !ytt_needed(step, files) {
        let mut out = Vec::new();
        for path in &paths {
            if path == "-" {
                out.push(stdin.clone());
                continue;
            }
            for (name, data) in ytt_group(files, path)? {
                if is_yaml(&name) {
                    out.push(
                        String::from_utf8(data.to_vec())
                            .map_err(|_| format!("{name}: not UTF-8 text"))?,
                    );
                }
            }
        }
        return Ok(out);
    }
    let ytt = package.ytt.as_ref().ok_or_else(|| {
        "ytt is needed and was not found when the package was fetched".to_string()
    })?;
    for path in paths.iter().filter(|p| p.as_str() != "-") {
        ytt_group(files, path)?;
    }
    let scratch = tempfile::Builder::new()
        .prefix("kubectl-pkg-ytt-")
        .tempdir()
        .map_err(|e| format!("could not make a temporary directory: {e}"))?;
    let content = scratch.path().join("content");
    write_files(
        &content,
        files.iter().map(|(p, d)| (p.as_str(), d.as_ref())),
    )?;
    let mut args: Vec<String> = Vec::new();
    for path in &paths {
        args.push("-f".to_string());
        args.push(if path == "-" {
            "-".to_string()
        } else {
            format!("content/{path}")
        });
    }
    if !step.inline.is_empty() {
        write_files(
            &scratch.path().join("inline"),
            step.inline.iter().map(|(p, d)| (p.as_str(), d.as_bytes())),
        )?;
        args.extend(["-f".to_string(), "inline".to_string()]);
    }
    for file in &step.values_from {
        if !files.contains_key(file) {
            return Err(format!(
                "valuesFrom path {file:?}: no such file in the package's content"
            ));
        }
        args.extend(["--data-values-file".to_string(), format!("content/{file}")]);
    }
    if !values.is_empty() {
        let text = serde_json::to_string(&integral_numbers(Value::Object(values.clone())))
            .expect("values serialize");
        write_files(
            &scratch.path().join("values"),
            [("values.yml", text.as_bytes())],
        )?;
        args.extend([
            "--data-values-file".to_string(),
            "values/values.yml".to_string(),
        ]);
    }
    for mark in &step.file_marks {
        args.extend(["--file-mark".to_string(), mark.clone()]);
    }
    if step.ignore_unknown_comments {
        args.push("--ignore-unknown-comments".to_string());
    }
    if step.strict {
        args.push("--strict".to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let uses_stdin = paths.iter().any(|p| p == "-");
    let out = crate::carvel::ytt::run(
        &ytt.path,
        scratch.path(),
        &args,
        uses_stdin.then_some(stdin.as_bytes()),
    )
    .map_err(|e| e.to_string())?;
    Ok(vec![out])
}

fn write_files<'a>(
    dir: &std::path::Path,
    files: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<(), String> {
    for (path, data) in files {
        if path.starts_with('/') || path.split('/').any(|p| p == "..") {
            return Err(format!("{path}: not a path inside the package"));
        }
        let full = dir.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&full, data).map_err(|e| format!("{}: {e}", full.display()))?;
    }
    Ok(())
}

fn run_kbld(paths: &[String], package: &Package, stream: &[String]) -> Result<Vec<String>, String> {
    let files = &package.files;
    let paths: Vec<String> = if paths.is_empty() {
        vec!["-".to_string()]
    } else {
        paths.to_vec()
    };
    let mut texts: Vec<(String, String)> = Vec::new();
    for path in &paths {
        if path == "-" {
            texts.extend(
                stream
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (format!("previous step output {}", i + 1), t.clone())),
            );
            continue;
        }
        let group = ytt_group(files, path)?;
        for (name, data) in group.into_iter().filter(|(n, _)| is_yaml(n)) {
            let text =
                String::from_utf8(data.to_vec()).map_err(|_| format!("{name}: not UTF-8 text"))?;
            texts.push((format!("{path}:{name}"), text));
        }
    }
    let mut documents: Vec<Value> = Vec::new();
    let mut budget = crate::yaml::YamlBudget::new(package.limits.yaml());
    for (name, text) in &texts {
        let parsed = crate::yaml::documents(text, &mut budget)
            .map_err(|(_, line, e)| format!("{name} line {line}: {}", e.message))?;
        documents.extend(
            parsed
                .into_iter()
                .filter(|d| !d.value.is_null())
                .map(|d| d.value.into()),
        );
    }
    let mut lock = ImagesLock::default();
    kbld::absorb_config(&mut documents, &mut lock)
        .map_err(|e| format!("{IMAGES_LOCK_FILE} or kbld Config: {e}"))?;
    kbld::rewrite(&mut documents, &lock).map_err(|e| e.to_string())?;
    Ok(documents.iter().map(crate::yaml::to_string).collect())
}

impl From<CarvelError> for FormatError {
    fn from(error: CarvelError) -> FormatError {
        other(error)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::archive::Files;
    use crate::carvel::tests::{YTT_KBLD, package_doc};
    use crate::carvel::{CarvelPackage, Repository};
    use crate::formats::{ClusterFacts, Configuration, RenderRequest};
    use crate::helm::render::Capabilities;
    use crate::helm::values::Values;
    use crate::package::{Content, Package, ParsedOnce};

    /// A package whose content is `files`, with the steps of `template`.
    fn carvel_package(template: &str, files: Files) -> Package {
        let mut repo = Files::new();
        repo.insert(
            "packages/p.yml".into(),
            package_doc("1.0.0", template).into_bytes().into(),
        );
        let repository = Repository::from_files(&repo, "repo").unwrap();
        let chosen = repository.packages["hello.carvel.example.com"][0].clone();
        Package {
            metadata: crate::package::PackageMetadata::synthesized(
                "hello.carvel.example.com",
                "1.0.0",
            ),
            version: chosen.version.clone(),
            files,
            content: Content::Carvel(Box::new(CarvelPackage {
                package: chosen,
                metadata: None,
                repository: "repo".into(),
                repository_digest: None,
                fetched: vec!["inline".into()],
                ytt: None,
                skipped: Vec::new(),
            })),
            parsed: ParsedOnce::default(),
            limits: crate::archive::Limits::default(),
        }
    }

    fn render(package: &Package, values: &Values) -> Result<crate::formats::Rendered, String> {
        let config = BTreeMap::new();
        let request = RenderRequest {
            release: "hello",
            namespace: "apps",
            upgrade: None,
            configuration: Configuration {
                config: &config,
                values,
                reuse_values: Default::default(),
                enable_dns: false,
            },
        };
        let capabilities = Capabilities::offline();
        let served = Default::default();
        crate::formats::render(
            package,
            &request,
            ClusterFacts {
                capabilities: &capabilities,
                served_kinds: &served,
                lookup: None,
            },
        )
        .map_err(|e| crate::remedy::with_causes(&e))
    }

    const PINNED: &str = "registry.example/web@sha256:2222222222222222222222222222222222222222222222222222222222222222";

    fn content() -> Files {
        let mut files = Files::new();
        files.insert(
            "config/b-deployment.yml".into(),
            b"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: web:1.0\n".to_vec().into(),
        );
        files.insert(
            "config/a-config.yaml".into(),
            b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata: {greeting: hi}\n"
                .to_vec()
                .into(),
        );
        files.insert("config/notes.txt".into(), b"not output".to_vec().into());
        files.insert(
            ".imgpkg/images.yml".into(),
            format!("apiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages:\n- image: {PINNED}\n  annotations:\n    kbld.carvel.dev/id: web:1.0\n").into_bytes().into(),
        );
        files
    }

    #[test]
    fn a_ytt_step_without_templating_renders_without_ytt_and_kbld_pins_images() {
        let package = carvel_package(YTT_KBLD, content());
        let mut values = Values::new();
        values.insert("greeting".into(), "hello".into());
        let rendered = render(&package, &values).unwrap();
        let objects: Vec<String> = rendered
            .documents
            .iter()
            .map(|(_, d)| {
                format!(
                    "{}/{}",
                    d["kind"].as_str().unwrap(),
                    d["metadata"]["name"].as_str().unwrap()
                )
            })
            .collect();
        // ytt's order: files sorted by path; only YAML files are output.
        assert_eq!(objects, ["ConfigMap/web", "Deployment/web"]);
        assert_eq!(
            rendered.documents[1]
                .1
                .pointer("/spec/template/spec/containers/0/image"),
            Some(&crate::manifest::Manifest::from(PINNED))
        );
        assert_eq!(rendered.values.unwrap()["greeting"], "hello");
        assert!(
            rendered.warnings.iter().any(|w| w.contains("rawOptions")),
            "{:?}",
            rendered.warnings
        );
        assert_eq!(rendered.placement.into.as_deref(), Some("elsewhere"));
        let info = match &package.content {
            Content::Carvel(carvel) => carvel.info(),
            _ => unreachable!(),
        };
        assert_eq!(info.template, ["ytt", "kbld"]);
        assert_eq!(info.ytt, None);
    }

    #[test]
    fn values_are_validated_against_the_schema_naming_the_path() {
        let package = carvel_package(YTT_KBLD, content());
        let mut values = Values::new();
        values.insert("replicas".into(), 0.into());
        values.insert("colour".into(), "red".into());
        let error = render(&package, &values).unwrap_err();
        assert!(
            error.contains("values do not match its valuesSchema"),
            "{error}"
        );
        assert!(
            error.contains("- replicas: 0 is less than the minimum of 1"),
            "{error}"
        );
        assert!(
            error.contains("- (root): Additional properties are not allowed ('colour'"),
            "{error}"
        );
    }

    /// kapp-controller never checks the valuesSchema: the templates' own
    /// refusal is what it reports (Harbor's package asserts its admin
    /// password in ytt and also requires it in its schema). The templates
    /// run first; their refusal leads, the schema's follows it.
    #[test]
    fn a_template_refusal_comes_before_the_schema_refusal_of_the_same_values() {
        let mut files = content();
        files.insert(
            "config/c-job.yml".into(),
            b"apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  template:\n    spec:\n      containers:\n      - name: migrate\n        image: migrate:2.0\n".to_vec().into(),
        );
        let package = carvel_package(YTT_KBLD, files);
        let mut values = Values::new();
        values.insert("replicas".into(), 0.into());
        let error = render(&package, &values).unwrap_err();
        assert!(
            error.starts_with(
                "carvel: package hello.carvel.example.com@1.0.0: template step 1 (kbld): "
            ),
            "{error}"
        );
        assert!(error.contains("migrate:2.0"), "{error}");
        assert!(
            error.ends_with("\n(and its values do not match its valuesSchema (packages/p.yml: spec.valuesSchema.openAPIv3):\n- replicas: 0 is less than the minimum of 1)"),
            "{error}"
        );
        // Values the schema takes: the template's refusal alone.
        let error = render(&package, &Values::new()).unwrap_err();
        assert!(
            error.contains("migrate:2.0") && !error.contains("valuesSchema"),
            "{error}"
        );
    }

    /// A package whose schema kapp-controller stores as it is: written by
    /// `kctrl package release` from ytt's schema, properties whose
    /// `description:` was left empty (YAML null), and one `$ref` that
    /// nothing resolves.
    fn with_schema(schema: &str) -> Package {
        let mut package = carvel_package(YTT_KBLD, content());
        let Content::Carvel(carvel) = &mut package.content else {
            unreachable!()
        };
        carvel.package.values_schema = Some(crate::yaml::from_str(schema).unwrap());
        package
    }

    const EMPTY_DESCRIPTIONS: &str = "\
type: object
additionalProperties: false
description:
properties:
  namespace:
    type: string
    default: antrea-system
    description:
  replicas:
    type: integer
    minimum: 1
    title:
  properties:
    type: object
    description: a property named as the keyword is a property
";

    #[test]
    fn a_schema_with_empty_descriptions_validates_values_as_written() {
        let package = with_schema(EMPTY_DESCRIPTIONS);
        let mut values = Values::new();
        values.insert("namespace".into(), "kube-system".into());
        let rendered = render(&package, &values).unwrap();
        assert!(
            !rendered.warnings.iter().any(|w| w.contains("valuesSchema")),
            "{:?}",
            rendered.warnings
        );
        values.insert("replicas".into(), 0.into());
        let error = render(&package, &values).unwrap_err();
        assert!(
            error.contains("values do not match its valuesSchema (packages/p.yml: spec.valuesSchema.openAPIv3):\n- replicas: 0 is less than the minimum of 1"),
            "{error}"
        );
    }

    #[test]
    fn a_schema_that_cannot_be_used_refuses_nothing_and_says_where_and_why() {
        let package =
            with_schema("type: object\nproperties:\n  tls:\n    $ref: '#/definitions/tls'\n");
        let mut values = Values::new();
        values.insert("tls".into(), "anything".into());
        let rendered = render(&package, &values).unwrap();
        let warning = rendered
            .warnings
            .iter()
            .find(|w| w.contains("valuesSchema"))
            .unwrap_or_else(|| panic!("{:?}", rendered.warnings));
        assert!(
            warning.starts_with("hello.carvel.example.com@1.0.0: packages/p.yml: spec.valuesSchema.openAPIv3 at /properties/tls/$ref: ")
                && warning.contains("/definitions/tls")
                && warning.ends_with("kapp-controller stores the schema without using it, so the values were not checked against it (the package's templates check them)"),
            "{warning}"
        );
        // A keyword of the wrong type: where it is in the schema.
        let package = with_schema("type: object\nproperties:\n  replicas:\n    minimum: many\n");
        let rendered = render(&package, &values).unwrap();
        assert!(
            rendered.warnings.iter().any(
                |w| w.contains("spec.valuesSchema.openAPIv3 at /properties/replicas/minimum: ")
            ),
            "{:?}",
            rendered.warnings
        );
    }

    #[test]
    fn templates_that_need_ytt_are_refused_when_ytt_was_not_found() {
        let mut files = content();
        files.insert(
            "config/c.yml".into(),
            b"#@ load(\"@ytt:data\", \"data\")\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n".to_vec().into(),
        );
        let package = carvel_package(YTT_KBLD, files);
        let error = render(&package, &Values::new()).unwrap_err();
        assert!(
            error.contains("template step 0 (ytt): ytt is needed"),
            "{error}"
        );
    }

    #[test]
    fn an_image_missing_from_the_lock_is_refused_naming_it() {
        let mut files = content();
        files.remove(".imgpkg/images.yml");
        files.insert(
            ".imgpkg/images.yml".into(),
            b"apiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages: []\n"
                .to_vec()
                .into(),
        );
        let package = carvel_package(YTT_KBLD, files);
        let error = render(&package, &Values::new()).unwrap_err();
        assert!(
            error.contains("template step 1 (kbld): Deployment/web: image \"web:1.0\""),
            "{error}"
        );
    }

    #[test]
    fn a_helm_template_step_renders_through_the_helm_engine_with_the_values() {
        let mut files = Files::new();
        files.insert(
            "chart/Chart.yaml".into(),
            b"apiVersion: v2\nname: web\nversion: 1.0.0\n"
                .to_vec()
                .into(),
        );
        files.insert(
            "chart/values.yaml".into(),
            b"greeting: hi\n".to_vec().into(),
        );
        files.insert(
            "chart/templates/cm.yaml".into(),
            b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-cm\ndata:\n  greeting: {{ .Values.greeting | quote }}\n".to_vec().into(),
        );
        let package = carvel_package(
            "      - helmTemplate:\n          path: chart/\n      - kbld: {}\n",
            files,
        );
        let mut values = Values::new();
        values.insert("greeting".into(), "hello".into());
        let rendered = render(&package, &values).unwrap();
        assert_eq!(rendered.documents.len(), 1);
        let cm = &rendered.documents[0].1;
        assert_eq!(cm["metadata"]["name"], "hello-cm");
        assert_eq!(cm["data"]["greeting"], "hello");
    }
}

//! A Go `text/template` engine configured as Helm configures it: Go's
//! template language, sprig's functions and Helm's own, rendering values
//! exactly as Helm would.
//!
//! Go's language is reproduced in full where charts can see it: actions,
//! pipelines, variables (`:=` and `=`), `if`/`else if`/`else`, `range` over
//! lists and maps (in key order) with `break`/`continue`, `with`, `define`,
//! `template`, `block`, whitespace trimming, comments; Go's dynamic types and
//! its rules for them (values from YAML are `float64`, so `eq .replicas 1` is
//! an error, as in Helm); Go's `fmt` formatting; Helm's missing-value
//! behaviour (`missingkey=zero`, `<no value>` removed). The differential test
//! suite (`tests/gotemplate`) runs every case through Go itself and compares.
//!
//! ```
//! use libpkg::gotemplate::{Templates, Options, DefaultHost};
//!
//! let mut set = Templates::new();
//! set.add("_helpers.tpl", r#"{{ define "name" }}{{ .Values.name | default "app" | trunc 63 }}{{ end }}"#)?;
//! set.add("cm.yaml", "name: {{ include \"name\" . }}\nreplicas: {{ .Values.replicas }}\n{{ .Values.missing }}")?;
//! let data = serde_json::json!({"Values": {"replicas": 3}});
//! let out = set.render("cm.yaml", &data, &Options::default(), &mut DefaultHost::default())?;
//! assert_eq!(out, "name: app\nreplicas: 3\n");
//! # Ok::<(), libpkg::gotemplate::TemplateError>(())
//! ```

mod encode;
mod exec;
mod fmt;
mod funcs;
mod goregex;
mod keys;
mod lex;
pub mod masterminds;
mod parse;
mod semver;
mod time;
mod value;

pub use exec::{MAX_BYTES, MAX_LIST, MAX_STEPS};

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use parse::Tree;

/// A template error: parsing or executing, with Go's message (which names
/// the template file, line and, when executing, column and action).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// The template text is not a valid template.
    #[error("{message}")]
    Parse {
        /// The template (file) that failed to parse.
        template: String,
        /// Go's message: `template: NAME:LINE: ...`.
        message: String,
    },
    /// Executing a template failed (a function's error, `fail`,
    /// `required`, a type error, a missing template...).
    #[error("{message}")]
    Execute {
        /// The template that was executed.
        template: String,
        /// Go's message: `template: NAME:LINE:COL: executing "NAME" at <...>: ...`.
        message: String,
    },
}

/// How to treat a missing map key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// `missingkey=error` (Helm's `--strict` lint) instead of Helm's default
    /// `missingkey=zero`.
    pub strict: bool,
    /// Helm's `--enable-dns`: `getHostByName` resolves names. Without it,
    /// it returns `""`, as Helm does since 3.11.1 (a chart templated in CI
    /// could otherwise send its values out in DNS queries).
    pub enable_dns: bool,
}

/// Why a [`Host`] could not answer a `lookup` (a cluster's error, say); the
/// template fails with its message.
pub type LookupError = Box<dyn std::error::Error + Send + Sync>;

/// What the engine needs from its surroundings: the cluster for `lookup`,
/// randomness for `randAlphaNum` and friends, and someone to tell when a
/// template calls a function whose result is not determined by its
/// arguments (so a plan can list it).
pub trait Host {
    /// Helm's `lookup`: the object (or, with an empty name, the list) as
    /// JSON; an empty map when it does not exist or there is no cluster.
    fn lookup(
        &mut self,
        api_version: &str,
        kind: &str,
        namespace: &str,
        name: &str,
    ) -> Result<serde_json::Value, LookupError> {
        let _ = (api_version, kind, namespace, name);
        Ok(serde_json::Value::Object(Default::default()))
    }

    /// sprig's `getHostByName` when DNS is enabled ([`Options::enable_dns`]):
    /// the addresses `name` resolves to, as text; none when it does not
    /// resolve. The engine does no I/O of its own: a host that does not
    /// resolve (this default) resolves nothing.
    fn resolve_host(&mut self, name: &str) -> Vec<String> {
        let _ = name;
        Vec::new()
    }

    /// Called each time a template calls a non-deterministic function
    /// (`randAlphaNum`, `uuidv4`, `lookup`...), with the function's name and
    /// the file of the template that called it.
    fn nondeterministic(&mut self, function: &str, template: &str) {
        let _ = (function, template);
    }

    /// Random bits for the random functions.
    fn random_u64(&mut self) -> u64;

    /// The current time for `now` (and the date functions given something
    /// that is not a time), as seconds and nanoseconds since the Unix epoch.
    fn now(&mut self) -> (i64, u32) {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        (d.as_secs() as i64, d.subsec_nanos())
    }
}

/// A host with no cluster (`lookup` finds nothing), the operating system's
/// randomness, and a record of the non-deterministic calls.
#[derive(Debug, Default, Clone)]
pub struct DefaultHost {
    /// `(function, template)` for every non-deterministic call, in order.
    pub nondeterministic_calls: Vec<(String, String)>,
}

impl Host for DefaultHost {
    fn nondeterministic(&mut self, function: &str, template: &str) {
        self.nondeterministic_calls
            .push((function.to_string(), template.to_string()));
    }

    fn random_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        if getrandom::getrandom(&mut b).is_err() {
            // No OS randomness: fall back to the process's hash keys.
            use std::hash::{BuildHasher, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(0);
            return h.finish();
        }
        u64::from_le_bytes(b)
    }
}

/// A set of named templates, like Go's `*template.Template` with Helm's
/// function map: add every file, then render any of them; templates see each
/// other's `define`s.
#[derive(Debug, Clone, Default)]
pub struct Templates {
    trees: Arc<BTreeMap<String, Arc<Tree>>>,
    /// `tpl`'s texts as parsed, shared by every render of the set (and its
    /// clones: a parse depends on the text alone).
    tpl_cache: Arc<TplCache>,
    /// RSA keys made ahead for the set's certificate functions.
    keys: Arc<keys::KeyPool>,
}

/// A text `tpl` parsed: its own tree (run as `tpl`) and the templates it
/// defines.
#[derive(Debug)]
pub(crate) struct ParsedTpl {
    pub(crate) own: Arc<Tree>,
    pub(crate) defined: Vec<Arc<Tree>>,
}

/// `tpl`'s parses by text: each distinct text is parsed once, however many
/// times charts run it (Helm parses at every call: bitnami's
/// `common.tplvalues.render` runs `tpl` on most values it prints). Parse
/// errors are kept too. At most [`TplCache::MAX_TEXTS`] texts are kept; the
/// others are parsed at every call, as before.
#[derive(Debug, Default)]
pub(crate) struct TplCache(std::sync::Mutex<HashMap<Arc<str>, TplParse>>);

/// A text parsed by `tpl`, or Go's message for its parse error.
type TplParse = Result<Arc<ParsedTpl>, String>;

impl TplCache {
    /// Texts kept, so that a chart building a new text at every call of a
    /// long `range` does not hold them all.
    const MAX_TEXTS: usize = 4096;

    /// `text` parsed as `tpl` parses it: Go's message on a parse error.
    pub(crate) fn parse(&self, text: &str) -> TplParse {
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(parsed) = cache.get(text) {
            return parsed.clone();
        }
        let parsed = parse_tpl(text);
        if cache.len() < Self::MAX_TEXTS {
            cache.insert(text.into(), parsed.clone());
        }
        parsed
    }
}

fn parse_tpl(text: &str) -> TplParse {
    let trees = parse::parse("tpl", text, &|f| funcs::lookup(f).is_some())
        .map_err(|e| format!("cannot parse template {text:?}: {}", e.0))?;
    // Go's `t.New(name).Parse(text)` then `t.Execute`: the text's own tree
    // runs, even when it is empty and so does not replace a non-empty
    // template of that name in the set.
    let (own, defined): (Vec<_>, Vec<_>) = trees.into_iter().partition(|t| t.name == "tpl");
    let own = own
        .into_iter()
        .next()
        .map(Arc::new)
        .ok_or_else(|| format!("cannot parse template {text:?}"))?;
    Ok(Arc::new(ParsedTpl {
        own,
        defined: defined.into_iter().map(Arc::new).collect(),
    }))
}

/// Adds parsed trees to a set with Go's rule: a later definition replaces an
/// earlier one, unless it is empty.
pub(crate) fn add_trees(set: &mut BTreeMap<String, Arc<Tree>>, trees: Vec<Tree>) {
    for t in trees {
        if let Some(old) = set.get(&t.name)
            && t.is_empty()
            && !old.is_empty()
        {
            continue;
        }
        set.insert(t.name.clone(), Arc::new(t));
    }
}

impl Templates {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses `text` as the template `name` (a file name, as Helm uses),
    /// adding it and every template it defines.
    pub fn add(&mut self, name: &str, text: &str) -> Result<(), TemplateError> {
        self.add_all(&[(name, text)])
    }

    /// [`Templates::add`] for each `(name, text)` in order, the texts parsed
    /// on the machine's cores (a parse needs nothing but its text); an error
    /// is the first failing file's, as adding them one by one would give.
    pub fn add_all(&mut self, files: &[(&str, &str)]) -> Result<(), TemplateError> {
        let parsed = crate::parallel::map_each(files, |(name, text)| {
            parse::parse(name, text, &|f| funcs::lookup(f).is_some())
        });
        for ((name, text), trees) in files.iter().zip(parsed) {
            self.keys.expect_calls(text);
            let trees = trees.map_err(|e| TemplateError::Parse {
                template: name.to_string(),
                message: e.0,
            })?;
            add_trees(Arc::make_mut(&mut self.trees), trees);
        }
        Ok(())
    }

    /// The names of the templates in the set (files and definitions), sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.trees.keys().map(String::as_str)
    }

    /// Whether a template of that name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.trees.contains_key(name)
    }

    /// Executes template `name` with `data` as Helm's engine does: Go's
    /// output with every `<no value>` removed.
    pub fn render(
        &self,
        name: &str,
        data: &serde_json::Value,
        options: &Options,
        host: &mut dyn Host,
    ) -> Result<String, TemplateError> {
        self.execute(name, data, options, host)
            .map(without_no_value)
    }

    /// Executes template `name` with `data` as Go's `ExecuteTemplate` would
    /// (with Helm's function map and missing-key option), keeping
    /// `<no value>` in the output.
    pub fn execute(
        &self,
        name: &str,
        data: &serde_json::Value,
        options: &Options,
        host: &mut dyn Host,
    ) -> Result<String, TemplateError> {
        self.execute_value(name, value::Value::from_json(data), options, host)
    }

    /// Like [`Templates::render`], with host objects placed into the data:
    /// each `(path, object)` replaces the value at the dot-separated `path`
    /// (`"Files"`, `"Capabilities.APIVersions"`), creating maps on the way.
    pub fn render_with_objects(
        &self,
        name: &str,
        data: &serde_json::Value,
        objects: &[(&str, std::rc::Rc<dyn GoObject>)],
        options: &Options,
        host: &mut dyn Host,
    ) -> Result<String, TemplateError> {
        let root = value::Value::from_json(data);
        for (path, object) in objects {
            place(&root, path, value::Value::Object(object.clone()));
        }
        self.execute_value(name, root, options, host)
            .map(without_no_value)
    }

    /// Like [`Templates::render_with_objects`], over data several renders
    /// share: what this template changes in it, the ones rendered after it see.
    pub fn render_shared(
        &self,
        name: &str,
        data: &RenderData,
        options: &Options,
        host: &mut dyn Host,
    ) -> Result<String, TemplateError> {
        self.execute_value(name, data.0.clone(), options, host)
            .map(without_no_value)
    }

    fn execute_value(
        &self,
        name: &str,
        data: value::Value,
        options: &Options,
        host: &mut dyn Host,
    ) -> Result<String, TemplateError> {
        let mut ex = exec::Exec {
            trees: self.trees.clone(),
            layers: Vec::new(),
            tpl_cache: self.tpl_cache.clone(),
            keys: self.keys.clone(),
            host,
            strict: options.strict,
            enable_dns: options.enable_dns,
            depth: 0,
            include_counts: HashMap::new(),
            steps: 0,
        };
        ex.execute(name, data)
            .map_err(|message| TemplateError::Execute {
                template: name.to_string(),
                message,
            })
    }
}

/// Helm's removal of every `<no value>` from a template's output; the
/// output itself when there is none (most outputs), not a copy.
pub(crate) fn without_no_value(text: String) -> String {
    if text.contains("<no value>") {
        text.replace("<no value>", "")
    } else {
        text
    }
}

/// Renders `text` as the one template `name` over empty data with the default
/// host; also returns the non-deterministic calls it reported. For tests.
#[cfg(test)]
pub(crate) fn render_alone(
    name: &str,
    text: &str,
) -> (Result<String, TemplateError>, Vec<(String, String)>) {
    let mut set = Templates::new();
    let mut host = DefaultHost::default();
    let out = set
        .add(name, text)
        .and_then(|()| set.render(name, &serde_json::json!({}), &Options::default(), &mut host));
    (out, host.nondeterministic_calls)
}

/// Puts `v` at the dot-separated `path` of the map `root`.
/// Template data that several renders share, as Go templates share a Go
/// map: what one template changes in it (`set $ "Values" …`, `set .Values
/// "k" …`) is seen by the templates rendered after it. Helm gives the
/// templates of one chart one top-level map, and a subchart's `.Values` is
/// its parent's `.Values.<name>` map itself.
#[derive(Debug, Clone)]
pub struct RenderData(value::Value);

impl RenderData {
    /// The data of `data` (a JSON object), with host objects placed at their
    /// dot-separated paths as [`Templates::render_with_objects`] places them.
    pub fn new(data: &serde_json::Value, objects: &[(&str, std::rc::Rc<dyn GoObject>)]) -> Self {
        let root = value::Value::from_json(data);
        for (path, object) in objects {
            place(&root, path, value::Value::Object(object.clone()));
        }
        RenderData(root)
    }

    /// Sets the top-level `key` to `data`.
    pub fn insert(&self, key: &str, data: &serde_json::Value) {
        place(&self.0, key, value::Value::from_json(data));
    }

    /// The map at `keys` (one key per level), if there is one there:
    /// shared, not copied.
    pub fn get(&self, keys: &[&str]) -> Option<RenderData> {
        let mut current = self.0.clone();
        for part in keys {
            let value::Value::Map(map, _) = &current else {
                return None;
            };
            let next = map.borrow().get(*part).cloned()?;
            current = next;
        }
        matches!(current, value::Value::Map(..)).then_some(RenderData(current))
    }

    /// Puts `shared` itself (not a copy) at `keys` (one key per level).
    pub fn link(&self, keys: &[&str], shared: &RenderData) {
        place_at(&self.0, keys, shared.0.clone());
    }
}

fn place(root: &value::Value, path: &str, v: value::Value) {
    place_at(root, &path.split('.').collect::<Vec<_>>(), v);
}

/// Sets the value at `parts` (one key per level), creating maps on the way.
fn place_at(root: &value::Value, parts: &[&str], v: value::Value) {
    let mut cur = root.clone();
    for (i, part) in parts.iter().enumerate() {
        let value::Value::Map(m, _) = &cur else {
            return;
        };
        if i + 1 == parts.len() {
            m.borrow_mut().insert(part.to_string(), v);
            return;
        }
        let next = m.borrow().get(*part).cloned();
        let next = match next {
            Some(n @ value::Value::Map(..)) => n,
            _ => {
                let n = value::Value::map(Default::default());
                m.borrow_mut().insert(part.to_string(), n.clone());
                n
            }
        };
        cur = next;
    }
}

/// A Go value with methods that the host puts into the data: what Helm
/// hands templates as Go types (`.Files` with `Get`, `Glob`, `AsConfig`...,
/// `.Capabilities.APIVersions` with `Has`, `.Capabilities.KubeVersion`
/// printing as its version). Templates call its methods (`.Files.Get
/// "a.txt"`), read its fields, and print it with [`GoObject::display`].
pub trait GoObject: std::fmt::Debug {
    /// The Go type's name, for `%T`, `typeOf` and error messages.
    fn type_name(&self) -> &str;

    /// Whether `name` is a method (called with the action's arguments);
    /// by default there are none, only fields.
    fn has_method(&self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// Calls method `name`; `None` if there is no such method.
    fn call(&self, name: &str, args: &[Data]) -> Option<Result<Data, String>> {
        let _ = (name, args);
        None
    }

    /// The field `name`, if there is one.
    fn field(&self, name: &str) -> Option<Data> {
        let _ = name;
        None
    }

    /// How Go prints the value (its `String` method, or its fields).
    fn display(&self) -> String;

    /// What `toJson`/`toYaml` see.
    fn json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// When the Go value is a map (Helm's `files` is a
    /// `map[string][]byte`): its number of entries, so that an empty one is
    /// false to `if` and `len` measures it. `None`: not a map.
    fn map_len(&self) -> Option<usize> {
        None
    }

    /// When the Go value is a map: its entries in key order, for `range` and
    /// `index`. `None`: not a map.
    fn map_entries(&self) -> Option<Vec<(String, Data)>> {
        None
    }

    /// When the Go value is a slice (Helm's `VersionSet` is a `[]string`
    /// with a `Has` method): its items, for `range`, `len`, `index`, `if`
    /// and the list functions. `None`: not a slice.
    fn slice_items(&self) -> Option<Vec<Data>> {
        None
    }
}

/// A value exchanged with a [`GoObject`]: JSON data (numbers are Go's
/// `float64` to templates), or another object.
#[derive(Debug, Clone)]
pub enum Data {
    /// Plain data.
    Json(serde_json::Value),
    /// A Go `uint64` (the `Major`, `Minor` and `Patch` of a semver version),
    /// which JSON data cannot tell from a `float64`.
    Uint64(u64),
    /// A Go `[]byte` (the values of Helm's `.Files` map).
    Bytes(Vec<u8>),
    /// An object with methods.
    Object(std::rc::Rc<dyn GoObject>),
}

/// The names of every function templates can call, sorted.
pub fn function_names() -> Vec<&'static str> {
    funcs::names()
}

/// Whether a function's result is not determined by its arguments (random,
/// clock, network, cluster): such calls are reported through
/// [`Host::nondeterministic`].
pub fn is_nondeterministic(function: &str) -> bool {
    funcs::NONDETERMINISTIC.contains(&function)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::rc::Rc;

    #[derive(Debug)]
    struct Files(BTreeMap<String, String>);

    impl GoObject for Files {
        fn type_name(&self) -> &str {
            "engine.files"
        }
        fn has_method(&self, name: &str) -> bool {
            matches!(name, "Get" | "Glob" | "AsConfig")
        }
        fn call(&self, name: &str, args: &[Data]) -> Option<Result<Data, String>> {
            let arg = |i: usize| match args.get(i) {
                Some(Data::Json(serde_json::Value::String(s))) => Ok(s.clone()),
                _ => Err(format!("{name} wants a string")),
            };
            Some(match name {
                "Get" => {
                    arg(0).map(|p| Data::Json(self.0.get(&p).cloned().unwrap_or_default().into()))
                }
                "Glob" => arg(0).map(|prefix| {
                    let m = self
                        .0
                        .iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(k, v)| (k.clone(), v.clone()));
                    Data::Object(Rc::new(Files(m.collect())))
                }),
                "AsConfig" => Ok(Data::Json(
                    self.0
                        .iter()
                        .map(|(k, v)| format!("{k}: {v}"))
                        .collect::<Vec<_>>()
                        .join("\n")
                        .into(),
                )),
                _ => return None,
            })
        }
        fn display(&self) -> String {
            format!("files({})", self.0.len())
        }
    }

    #[derive(Debug)]
    struct KubeVersion;

    impl GoObject for KubeVersion {
        fn type_name(&self) -> &str {
            "*chartutil.KubeVersion"
        }
        fn field(&self, name: &str) -> Option<Data> {
            match name {
                "Major" => Some(Data::Json("1".into())),
                "Minor" => Some(Data::Json("29".into())),
                _ => None,
            }
        }
        fn display(&self) -> String {
            "v1.29.1".into()
        }
    }

    #[test]
    fn host_objects_answer_methods_and_fields() {
        let mut set = Templates::new();
        set.add(
            "t",
            r#"{{ .Files.Get "a.txt" }}|{{ (.Files.Glob "conf/").AsConfig }}|{{ "a.txt" | .Files.Get | upper }}|{{ .Capabilities.KubeVersion }}-{{ .Capabilities.KubeVersion.Minor }}|{{ typeOf .Files }}|{{ .Values.x }}"#,
        )
        .unwrap();
        let files: BTreeMap<String, String> =
            [("a.txt", "hello"), ("conf/b", "1"), ("conf/c", "2")]
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect();
        let objects: Vec<(&str, Rc<dyn GoObject>)> = vec![
            ("Files", Rc::new(Files(files))),
            ("Capabilities.KubeVersion", Rc::new(KubeVersion)),
        ];
        let data = serde_json::json!({"Values": {"x": 1}});
        let out = set
            .render_with_objects(
                "t",
                &data,
                &objects,
                &Options::default(),
                &mut DefaultHost::default(),
            )
            .unwrap();
        assert_eq!(
            out,
            "hello|conf/b: 1\nconf/c: 2|HELLO|v1.29.1-29|engine.files|1"
        );

        for (bad, msg) in [
            (
                r#"{{ .Files.Nope }}"#,
                "can't evaluate field Nope in type engine.files",
            ),
            (
                r#"{{ .Capabilities.KubeVersion.Minor "x" }}"#,
                "Minor is not a method but has arguments",
            ),
            (
                r#"{{ .Files.Get 1 }}"#,
                "error calling Get: Get wants a string",
            ),
        ] {
            let mut set = Templates::new();
            set.add("t", bad).unwrap();
            let err = set
                .render_with_objects(
                    "t",
                    &data,
                    &objects,
                    &Options::default(),
                    &mut DefaultHost::default(),
                )
                .unwrap_err();
            assert!(err.to_string().contains(msg), "{err}");
        }
    }

    #[test]
    fn nondeterministic_calls_are_reported_with_their_file() {
        let mut set = Templates::new();
        set.add(
            "_h.tpl",
            r#"{{ define "pw" }}{{ randAlphaNum 8 }}{{ end }}"#,
        )
        .unwrap();
        set.add(
            "secret.yaml",
            r#"{{ include "pw" . | len }} {{ uuidv4 | len }} {{ upper "x" }}"#,
        )
        .unwrap();
        let mut host = DefaultHost::default();
        let out = set
            .render(
                "secret.yaml",
                &serde_json::json!({}),
                &Options::default(),
                &mut host,
            )
            .unwrap();
        assert_eq!(out, "8 36 X");
        let calls: Vec<(&str, &str)> = host
            .nondeterministic_calls
            .iter()
            .map(|(f, t)| (f.as_str(), t.as_str()))
            .collect();
        assert_eq!(
            calls,
            [("randAlphaNum", "_h.tpl"), ("uuidv4", "secret.yaml")]
        );
        assert!(is_nondeterministic("lookup") && !is_nondeterministic("upper"));
    }

    fn render_error(template: &str) -> (String, std::time::Duration) {
        let started = std::time::Instant::now();
        let error = render_alone("hostile.yaml", template)
            .0
            .unwrap_err()
            .to_string();
        (error, started.elapsed())
    }

    #[test]
    fn hostile_templates_fail_with_a_clear_error_instead_of_running_away() {
        let cases = [
            // Loops that would run for hours.
            (
                "{{ range until 1000000 }}{{ range until 1000000 }}{{ end }}{{ end }}",
                "hostile.yaml:1:",
                "more than 10000000 steps",
            ),
            // Quadratic growth by copying: a list grown by append.
            (
                "{{ $l := list }}{{ range until 1000000 }}{{ $l = append $l . }}{{ end }}",
                "at <append>",
                "more than 10000000 steps",
            ),
            // Doubling a string.
            (
                r#"{{ $s := "x" }}{{ range until 64 }}{{ $s = print $s $s }}{{ end }}"#,
                "at <print>",
                "64 MiB",
            ),
            // One huge allocation.
            (r#"{{ repeat 1000000000 "x" }}"#, "at <repeat>", "64 MiB"),
            (r#"{{ indent 100000000 "a\nb" }}"#, "at <indent>", "64 MiB"),
            (
                r#"{{ replace "" "0123456789" (repeat 10000000 "x") }}"#,
                "at <replace>",
                "64 MiB",
            ),
            (
                "{{ randAlphaNum 1000000000 }}",
                "at <randAlphaNum>",
                "64 MiB",
            ),
            ("{{ until 100000000 }}", "at <until>", "more than 1048576"),
            ("{{ seq 100000000 }}", "at <seq>", "more than 1048576"),
            // Small in memory, huge when written: one string held many times.
            (
                r#"{{ $big := repeat 1000000 "x" }}{{ $l := list }}{{ range until 100 }}{{ $l = append $l $big }}{{ end }}{{ join "," $l }}"#,
                "at <join>",
                "would exceed 64 MiB",
            ),
            (
                r#"{{ $big := repeat 1000000 "x" }}{{ $l := list }}{{ range until 100 }}{{ $l = append $l $big }}{{ end }}{{ toJson $l }}"#,
                "at <toJson>",
                "would exceed 64 MiB",
            ),
            (
                r#"{{ $big := repeat 1000000 "x" }}{{ $l := list }}{{ range until 100 }}{{ $l = append $l $big }}{{ end }}{{ $l }}"#,
                "hostile.yaml:1:",
                "would exceed 64 MiB",
            ),
            // Expensive functions cost steps in proportion.
            (
                r#"{{ range until 20 }}{{ genCA "x" 1 }}{{ end }}"#,
                "at <genCA>",
                "more than 10000000 steps",
            ),
            // Output grown by a loop.
            (
                r#"{{ $big := repeat 1000000 "x" }}{{ range until 100 }}{{ $big }}{{ end }}"#,
                "hostile.yaml:1:",
                "output exceeds 64 MiB",
            ),
        ];
        for (template, place, reason) in cases {
            let (error, took) = render_error(template);
            assert!(
                error.contains(place) && error.contains(reason),
                "{template}: {error}"
            );
            assert!(error.contains("rendering limit"), "{template}: {error}");
            eprintln!("{took:>10.2?}  {template}");
        }
        // What charts do stays well inside the limits.
        let (out, _) = render_alone(
            "ok.yaml",
            r#"{{ range $i := until 20000 }}{{ $i }}: {{ printf "%05d" $i | quote }}{{ "\n" }}{{ end }}"#,
        );
        let out = out.unwrap();
        assert_eq!(out.lines().count(), 20000);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let mut set = Templates::new();
        set.add(
            "cm.yaml",
            "a: 1\nb: {{ required \"b is required\" .Values.b }}",
        )
        .unwrap();
        let err = set
            .render(
                "cm.yaml",
                &serde_json::json!({"Values": {}}),
                &Options::default(),
                &mut DefaultHost::default(),
            )
            .unwrap_err();
        assert!(matches!(err, TemplateError::Execute { .. }));
        assert!(
            err.to_string()
                .starts_with("template: cm.yaml:2:6: executing \"cm.yaml\" at <required"),
            "{err}"
        );
        let err = Templates::new().add("bad.yaml", "x\n{{ if }}").unwrap_err();
        assert_eq!(
            err.to_string(),
            "template: bad.yaml:2: missing value for if"
        );
    }
}

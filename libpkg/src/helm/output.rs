//! From a chart's rendered templates to the documents of a plan, as Helm's
//! `releaseutil.SortManifests` sorts them: every template's output split into
//! YAML documents (empty ones dropped, each named by its template file in
//! errors), `crds/` files added untemplated, and hooks picked out by their
//! `helm.sh/hook` annotation.
//!
//! Hooks of the operation being planned (`pre-install`/`post-install` for an
//! install, `pre-upgrade`/`post-upgrade` for an upgrade) stay in the plan,
//! marked with [`HOOK_ANNOTATION`](crate::kinds::HOOK_ANNOTATION) naming the event they run as, which puts
//! them in the pre- or post-hook phase. Hooks of the operations that later
//! act on the revision without rendering it again (`pre-delete`/`post-delete`
//! for `uninstall`, `pre-rollback`/`post-rollback` for a rollback to it) are
//! set aside, marked with those events, for the plan's deferred hooks: Helm
//! keeps a release's hooks in the release for the same reason. Test hooks
//! (`test`, `test-success`) are set aside the same way, for `kubectl pkg
//! test` to run the reviewed objects later. Objects naming an unknown event
//! are left out with a warning, as Helm drops them.

use bytes::Bytes;
use std::collections::BTreeMap;

use super::hooks::{DeletePolicy, HookClass, HookEvent, classify_object};
use crate::manifest::Manifest;
use crate::render::{Location, RenderError, parse_texts};
use crate::yaml::YamlLimits;

/// The operation hooks are chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HookOperation {
    /// `pre-install` and `post-install` hooks run.
    Install,
    /// `pre-upgrade` and `post-upgrade` hooks run.
    Upgrade,
}

impl HookOperation {
    fn events(self) -> [HookEvent; 2] {
        match self {
            HookOperation::Install => [HookEvent::PreInstall, HookEvent::PostInstall],
            HookOperation::Upgrade => [HookEvent::PreUpgrade, HookEvent::PostUpgrade],
        }
    }
}

/// The events of the operations that act on a revision later, from what it
/// recorded: `uninstall`, a rollback to it and `test`. Their hooks are
/// rendered with the revision and kept in its plan.
pub const DEFERRED_EVENTS: [HookEvent; 5] = [
    HookEvent::PreDelete,
    HookEvent::PostDelete,
    HookEvent::PreRollback,
    HookEvent::PostRollback,
    HookEvent::Test,
];

/// The documents of a rendered chart, and what was left out.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartDocuments {
    /// CRDs from `crds/` first, then every template's documents, in template order.
    pub documents: Vec<(Location, Manifest)>,
    /// Hooks of [`DEFERRED_EVENTS`], each marked with the comma-separated
    /// deferred events it runs on, in template order.
    pub deferred_hooks: Vec<(Location, Manifest)>,
    /// Objects left out, unknown delete policies.
    pub warnings: Vec<String>,
}

/// Helm's document separator (`releaseutil.SplitManifests`, unchanged in
/// Helm 4): `---` at the start of the output or of a line, with the white
/// space before it (back to the previous document's last character) and
/// after it (up to the next document's first character). It needs nothing
/// after it: `---apiVersion: v1` starts a document with `apiVersion: v1`.
/// `\s` is RE2's, ASCII white space.
static HELM_SEPARATOR: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?:^|[\t\n\f\r ]*\n)---[\t\n\f\r ]*").expect("a valid pattern")
});

/// A template's output as Helm 4 writes it into the release manifest the
/// objects are read from, its lines kept in place. Helm trims the output's
/// leading white space, splits it at [`HELM_SEPARATOR`] (which takes the
/// white space on both sides: a document that is not the output's last
/// loses its trailing white space, the blank lines of a `|+` block at its
/// end included, and every document its leading white space, the
/// indentation of its first line included), and writes each document on
/// lines of its own followed by a newline (so the last document, which
/// keeps its trailing white space, gains one: Helm 3 trimmed every
/// document). Here each separator becomes a `---` line right after the
/// previous document, and the line breaks it took follow it, where they
/// lead the next document and change nothing, so errors inside a document
/// still name the template's own lines (the document itself starts after
/// the previous one's last non-blank line, as with Helm's separator; a
/// separator glued to its document, `---apiVersion`, adds one line).
fn as_helm_manifest(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let newlines = |s: &str| s.matches('\n').count();
    let body = text.trim_start();
    out.push_str(&"\n".repeat(newlines(&text[..text.len() - body.len()])));
    let mut start = 0;
    for separator in HELM_SEPARATOR.find_iter(body) {
        // The white space Helm trims from a document's start (what the
        // separator leaves: Unicode spaces RE2's `\s` does not cover).
        let document = &body[start..separator.start()];
        let trimmed = document.trim_start();
        out.push_str(&"\n".repeat(newlines(&document[..document.len() - trimmed.len()])));
        out.push_str(trimmed);
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("---\n");
        let taken = newlines(separator.as_str());
        let written = usize::from(separator.start() > 0) + 1;
        out.push_str(&"\n".repeat(taken.saturating_sub(written)));
        start = separator.end();
    }
    let document = &body[start..];
    let trimmed = document.trim_start();
    out.push_str(&"\n".repeat(newlines(&document[..document.len() - trimmed.len()])));
    out.push_str(trimmed);
    out.push('\n');
    out
}

/// What tells a `crds/` object from another, as the API server does: its
/// API group, kind, namespace and name (`None` without a kind or name, left
/// for the object's own checks).
fn crd_key(value: &Manifest) -> Option<[String; 4]> {
    let text = |pointer: &str| value.pointer(pointer).and_then(Manifest::as_str);
    let api_version = text("/apiVersion").unwrap_or_default();
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    Some([
        group.to_string(),
        text("/kind")?.to_string(),
        text("/metadata/namespace").unwrap_or_default().to_string(),
        text("/metadata/name")?.to_string(),
    ])
}

/// Splits rendered templates into documents: `crds` are `(path, bytes)` of the
/// `crds/` files, `outputs` are `(template name, rendered text)` of the
/// manifest templates in Helm's order.
pub fn documents(
    crds: &[(String, Bytes)],
    outputs: &[(String, String)],
    operation: HookOperation,
    limits: YamlLimits,
) -> Result<ChartDocuments, RenderError> {
    let mut texts: Vec<(&str, &str)> = Vec::with_capacity(crds.len() + outputs.len());
    for (path, bytes) in crds {
        let text =
            std::str::from_utf8(bytes).map_err(|_| RenderError::NotText { file: path.clone() })?;
        texts.push((path, text));
    }
    let crd_count = crds.len();
    let manifests: Vec<String> = outputs.iter().map(|(_, t)| as_helm_manifest(t)).collect();
    texts.extend(
        outputs
            .iter()
            .zip(&manifests)
            .map(|((n, _), t)| (n.as_str(), t.as_str())),
    );
    let crd_files: Vec<&str> = crds.iter().map(|(p, _)| p.as_str()).collect();
    let mut warnings = Vec::new();
    let mut documents = Vec::new();
    let mut deferred_hooks = Vec::new();
    // The crds/ objects met so far, by API group, kind, namespace and name.
    let mut crds_seen: BTreeMap<[String; 4], (Location, Manifest)> = BTreeMap::new();
    for (location, mut value) in parse_texts(texts, limits)? {
        // crds/ objects are applied as they are: Helm reads no hooks there.
        if crd_count > 0 && crd_files.contains(&location.file.as_str()) {
            // Helm creates them file by file, the chart's before its
            // subcharts', and skips one that exists already: the same CRD
            // in a chart's and a subchart's crds/ is created once, from the
            // first.
            if let Some(key) = crd_key(&value) {
                if let Some((first, first_value)) = crds_seen.get(&key) {
                    if *first_value != value {
                        warnings.push(format!(
                            "{} {} ({location}) is also in {first} and differs: the first is installed, as Helm does",
                            key[1], key[3]
                        ));
                    }
                    continue;
                }
                crds_seen.insert(key, (location.clone(), value.clone()));
            }
            documents.push((location, value));
            continue;
        }
        let shown = || {
            format!(
                "{} {} ({location})",
                value["kind"].as_str().unwrap_or_default(),
                value
                    .pointer("/metadata/name")
                    .and_then(Manifest::as_str)
                    .unwrap_or_default()
            )
        };
        match classify_object(&value) {
            HookClass::Manifest => documents.push((location, value)),
            HookClass::Skipped { events } => warnings.push(format!(
                "{} is left out: its helm.sh/hook annotation names an unknown event ({events:?}), and Helm drops such objects",
                shown()
            )),
            HookClass::Hook(hook) => {
                let now = operation.events().into_iter().find(|e| hook.runs_on(*e));
                let later: Vec<&str> = DEFERRED_EVENTS
                    .into_iter()
                    .filter(|e| hook.runs_on(*e))
                    .map(HookEvent::as_str)
                    .collect();
                if now.is_none() && later.is_empty() {
                    // Another operation's hook (pre-upgrade on install…): Helm
                    // does not run it either, and renders it again for that operation.
                    continue;
                }
                for policy in &hook.delete_policies {
                    if let DeletePolicy::Other(name) = policy {
                        warnings.push(format!(
                            "{}: unknown hook delete policy {name:?} is ignored",
                            shown()
                        ));
                    }
                }
                for (pre, post) in [("pre-delete", "post-delete"), ("pre-rollback", "post-rollback")] {
                    if later.contains(&pre) && later.contains(&post) {
                        warnings.push(format!(
                            "{} is both a {pre} and a {post} hook: kubectl-pkg runs it once, as {pre}",
                            shown()
                        ));
                    }
                }
                if !later.is_empty() {
                    let mut deferred = value.clone();
                    mark_hook(&mut deferred, &later.join(","));
                    deferred_hooks.push((location.clone(), deferred));
                }
                if let Some(event) = now {
                    mark_hook(&mut value, event.as_str());
                    documents.push((location, value));
                }
            }
        }
    }
    Ok(ChartDocuments {
        documents,
        deferred_hooks,
        warnings,
    })
}

pub use crate::kinds::mark_hook;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::HOOK_ANNOTATION;

    fn out(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }

    const HOOKS: &str = r#"
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-1"
spec: {}
---
apiVersion: v1
kind: Pod
metadata:
  name: smoke
  annotations: {helm.sh/hook: test}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: cleanup
  annotations: {helm.sh/hook: pre-delete}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: after
  annotations: {helm.sh/hook: post-install, helm.sh/hook-delete-policy: sometimes}
"#;

    #[test]
    fn templates_split_into_documents_and_empty_ones_are_dropped() {
        let outputs = out(&[
            (
                "app/templates/cm.yaml",
                "\n---\n# only a comment\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n\n",
            ),
            ("app/templates/empty.yaml", "\n\n"),
            (
                "app/templates/svc.yaml",
                "apiVersion: v1\nkind: Service\nmetadata: {name: b}\n",
            ),
        ]);
        let crds = vec![(
            "app/crds/w.yaml".to_string(),
            b"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: w.example.com\n  annotations: {helm.sh/hook: pre-delete}\n".to_vec().into(),
        )];
        let result = documents(
            &crds,
            &outputs,
            HookOperation::Install,
            YamlLimits::default(),
        )
        .unwrap();
        let names: Vec<(&str, &str)> = result
            .documents
            .iter()
            .map(|(l, v)| (l.file.as_str(), v["metadata"]["name"].as_str().unwrap()))
            .collect();
        assert_eq!(
            names,
            [
                ("app/crds/w.yaml", "w.example.com"),
                ("app/templates/cm.yaml", "a"),
                ("app/templates/svc.yaml", "b"),
            ]
        );
        assert!(result.warnings.is_empty());
    }

    #[test]
    fn hooks_of_the_operation_are_marked_and_others_left_out() {
        let outputs = out(&[("app/templates/hooks.yaml", HOOKS)]);
        let install =
            documents(&[], &outputs, HookOperation::Install, YamlLimits::default()).unwrap();
        let marked: Vec<(&str, &Manifest)> = install
            .documents
            .iter()
            .map(|(_, v)| {
                (
                    v["metadata"]["name"].as_str().unwrap(),
                    &v["metadata"]["annotations"][HOOK_ANNOTATION],
                )
            })
            .collect();
        assert_eq!(
            marked,
            [
                ("migrate", &Manifest::from("pre-install")),
                ("after", &Manifest::from("post-install"))
            ]
        );
        let warnings = install.warnings.join("\n");
        assert!(!warnings.contains("smoke"), "{warnings}");
        // The test hook is set aside for `test`, the pre-delete hook for
        // uninstall, each marked with its event.
        let deferred: Vec<(&str, &Manifest)> = install
            .deferred_hooks
            .iter()
            .map(|(_, v)| {
                (
                    v["metadata"]["name"].as_str().unwrap(),
                    &v["metadata"]["annotations"][HOOK_ANNOTATION],
                )
            })
            .collect();
        assert_eq!(
            deferred,
            [
                ("smoke", &Manifest::from("test")),
                ("cleanup", &Manifest::from("pre-delete"))
            ]
        );
        assert!(!warnings.contains("Job cleanup"), "{warnings}");
        assert!(
            warnings.contains("unknown hook delete policy \"sometimes\""),
            "{warnings}"
        );

        let upgrade =
            documents(&[], &outputs, HookOperation::Upgrade, YamlLimits::default()).unwrap();
        let names: Vec<&str> = upgrade
            .documents
            .iter()
            .map(|(_, v)| v["metadata"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["migrate"]);
        assert_eq!(
            upgrade.documents[0].1["metadata"]["annotations"][HOOK_ANNOTATION],
            "pre-upgrade"
        );
        assert_eq!(upgrade.deferred_hooks.len(), 2);
    }

    #[test]
    fn a_hook_of_now_and_later_is_in_both_lists() {
        let outputs = out(&[(
            "app/templates/both.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: both\n  annotations: {helm.sh/hook: \"post-install,post-rollback,pre-rollback,pre-delete\"}\n",
        )]);
        let install =
            documents(&[], &outputs, HookOperation::Install, YamlLimits::default()).unwrap();
        assert_eq!(
            install.documents[0].1["metadata"]["annotations"][HOOK_ANNOTATION],
            "post-install"
        );
        assert_eq!(
            install.deferred_hooks[0].1["metadata"]["annotations"][HOOK_ANNOTATION],
            "pre-delete,pre-rollback,post-rollback"
        );
        let warnings = install.warnings.join("\n");
        assert!(
            warnings.contains("both a pre-rollback and a post-rollback hook: kubectl-pkg runs it once, as pre-rollback"),
            "{warnings}"
        );
        // The original annotation is left as the chart wrote it.
        assert_eq!(
            install.deferred_hooks[0].1["metadata"]["annotations"]["helm.sh/hook"],
            "post-install,post-rollback,pre-rollback,pre-delete"
        );
    }

    #[test]
    fn errors_name_the_template_file() {
        let outputs = out(&[(
            "app/templates/bad.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nkind: [\n",
        )]);
        let error = documents(&[], &outputs, HookOperation::Install, YamlLimits::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("app/templates/bad.yaml: document 2 (line 5)"),
            "{error}"
        );
        let outputs = out(&[(
            "app/templates/noname.yaml",
            "apiVersion: v1\nkind: ConfigMap\n",
        )]);
        let error = documents(&[], &outputs, HookOperation::Install, YamlLimits::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("app/templates/noname.yaml: document 1"),
            "{error}"
        );
    }

    /// Issue 22 J: Helm 4 keeps the trailing white space of a template's
    /// last document (plus the newline the release manifest adds) and drops
    /// it from the others. What real Helm 4.2.3 applied to an API server for
    /// this template: a `x\n`, b `y\n\n\n\n`, c `z`.
    #[test]
    fn trailing_white_space_is_kept_as_helm_4_applies_it() {
        let outputs = [
            (
                "t/templates/a.yaml".to_string(),
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: |+\n    x\n\n\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: |+\n    y\n\n\n".to_string(),
            ),
            (
                "t/templates/b.yaml".to_string(),
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: \"z\"   \n  \n\n".to_string(),
            ),
        ];
        let split =
            documents(&[], &outputs, HookOperation::Install, YamlLimits::default()).unwrap();
        let data: Vec<(&str, usize, &str)> = split
            .documents
            .iter()
            .map(|(l, v)| (v["data"]["k"].as_str().unwrap(), l.line, l.file.as_str()))
            .collect();
        assert_eq!(
            data,
            [
                ("x\n", 1, "t/templates/a.yaml"),
                // Counted from Helm's separator, which took the blank
                // lines before it: the document's content keeps its lines.
                ("y\n\n\n\n", 9, "t/templates/a.yaml"),
                ("z", 1, "t/templates/b.yaml")
            ]
        );
        // Lines stay where the template put them.
        assert_eq!(
            as_helm_manifest("a: 1\n\n\n---\nb: [\n"),
            "a: 1\n---\n\n\nb: [\n\n"
        );
    }

    /// Helm splits at `---` wherever a line starts with it, glued to the
    /// document after it or not (its releaseutil separator), and trims the
    /// white space around it. Checked against Helm 4.2.3.
    #[test]
    fn a_separator_glued_to_its_document_splits_as_helm_does() {
        assert_eq!(as_helm_manifest("a: 1\n---b: 2\n"), "a: 1\n---\nb: 2\n\n");
        assert_eq!(as_helm_manifest("---a: 1"), "---\na: 1\n");
        assert_eq!(
            as_helm_manifest("\n\n  a: 1\n---  \n\n  b: 2"),
            "\n\na: 1\n---\n\nb: 2\n"
        );
        let outputs = out(&[(
            "t/templates/a.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n--- # c\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
        )]);
        let split =
            documents(&[], &outputs, HookOperation::Install, YamlLimits::default()).unwrap();
        let names: Vec<&str> = split
            .documents
            .iter()
            .map(|(_, v)| v["metadata"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["a", "b", "c"]);
    }

    /// The same CRD in a chart's and a subchart's `crds/`: Helm creates the
    /// first and skips the second (it exists); a differing copy is noted.
    #[test]
    fn a_crd_in_several_crds_directories_is_installed_once() {
        let crd = |description: &str| {
            format!(
                "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things.example.com\n  annotations: {{d: {description}}}\nspec:\n  group: example.com\n  names: {{plural: things, kind: Thing}}\n"
            )
            .into_bytes()
            .into()
        };
        let crds = [
            ("app/crds/things.yaml".to_string(), crd("a")),
            ("app/charts/sub/crds/things.yaml".to_string(), crd("a")),
        ];
        let split = documents(&crds, &[], HookOperation::Install, YamlLimits::default()).unwrap();
        assert_eq!(split.documents.len(), 1);
        assert_eq!(split.documents[0].0.file, "app/crds/things.yaml");
        assert!(split.warnings.is_empty(), "{:?}", split.warnings);
        let crds = [
            ("app/crds/things.yaml".to_string(), crd("a")),
            ("app/charts/sub/crds/things.yaml".to_string(), crd("b")),
        ];
        let split = documents(&crds, &[], HookOperation::Install, YamlLimits::default()).unwrap();
        assert_eq!(split.documents.len(), 1);
        assert_eq!(split.documents[0].1["metadata"]["annotations"]["d"], "a");
        assert!(
            split.warnings[0].contains("app/charts/sub/crds/things.yaml")
                && split.warnings[0].contains("the first is installed"),
            "{:?}",
            split.warnings
        );
    }
}

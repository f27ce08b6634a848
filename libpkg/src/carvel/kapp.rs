//! What kapp does to a package's templated output before deploying it, as
//! kapp-controller runs `kapp deploy`: its own configuration documents
//! (`kapp.k14s.io/v1alpha1` `Config`, kapp's `pkg/kapp/config/conf.go`) are
//! taken out, never deployed; and the same object given twice with the same
//! content is deployed once (`pkg/kapp/resources/unique_resources.go`).
//! Twice with different content stays an error, which rendering reports
//! naming both places ([`crate::render::RenderError::Duplicate`]).

use std::collections::HashMap;

use crate::manifest::Manifest;
use crate::object::group_of;
use crate::render::{Location, RenderError};

/// The API of kapp's configuration documents.
pub const CONFIG_API_VERSION: &str = "kapp.k14s.io/v1alpha1";

/// The label that makes a ConfigMap hold kapp configuration too (under
/// `data."config.yml"`); kapp deploys such a ConfigMap all the same.
pub const CONFIG_LABEL: &str = "kapp.k14s.io/config";

/// Takes kapp's `Config` documents out of `documents` and keeps the first of
/// each set of identical objects, as kapp prepares resources; each one taken
/// out is said in `warnings`. A document of kapp's API that is not a
/// `Config` is refused, as kapp refuses it.
pub fn prepare(
    documents: Vec<(Location, Manifest)>,
    warnings: &mut Vec<String>,
) -> Result<Vec<(Location, Manifest)>, RenderError> {
    let mut kept: Vec<(Location, Manifest)> = Vec::with_capacity(documents.len());
    // Key → the positions in `kept` of the objects with that key.
    let mut seen: HashMap<UniqueKey, Vec<usize>> = HashMap::new();
    for (location, document) in documents {
        if document.get("apiVersion").and_then(Manifest::as_str) == Some(CONFIG_API_VERSION) {
            warnings.push(config_warning(&location, &document)?);
            continue;
        }
        if let Some(name) = labelled_config(&document) {
            warnings.push(format!(
                "{location}: ConfigMap {name:?} is labelled {CONFIG_LABEL}: it is deployed, as kapp deploys it; the kapp configuration it holds is not used (kubectl-pkg applies objects itself)"
            ));
        }
        let Some(key) = UniqueKey::of(&document) else {
            kept.push((location, document));
            continue;
        };
        let positions = seen.entry(key).or_default();
        if let Some(&first) = positions.iter().find(|&&at| kept[at].1 == document) {
            warnings.push(format!(
                "{location}: the same object as {}, with the same content: deployed once, as kapp deploys it",
                kept[first].0
            ));
            continue;
        }
        positions.push(kept.len());
        kept.push((location, document));
    }
    Ok(kept)
}

/// What the plan says of a kapp `Config` taken out, or why kapp would refuse
/// the document.
fn config_warning(location: &Location, document: &Manifest) -> Result<String, RenderError> {
    let kind = document
        .get("kind")
        .and_then(Manifest::as_str)
        .unwrap_or("");
    if kind != "Config" {
        return Err(RenderError::InvalidObject {
            location: location.clone(),
            reason: format!(
                "apiVersion {CONFIG_API_VERSION} kind {kind:?}: kapp's configuration API has only kind Config, and kapp refuses it"
            ),
        });
    }
    let rules: Vec<&str> = match document {
        Manifest::Object(map) => map
            .iter()
            .map(|(key, _)| key.as_str())
            .filter(|key| !matches!(*key, "apiVersion" | "kind" | "metadata"))
            .collect(),
        _ => Vec::new(),
    };
    let rules = if rules.is_empty() {
        String::new()
    } else {
        format!(" ({})", rules.join(", "))
    };
    Ok(format!(
        "{location}: kapp Config{rules} is configuration for kapp, not an object to deploy: taken out, as kapp takes it out; its rules are not used (kubectl-pkg applies objects itself, server-side)"
    ))
}

/// The name of a ConfigMap labelled [`CONFIG_LABEL`].
fn labelled_config(document: &Manifest) -> Option<&str> {
    let is_config_map = document.get("apiVersion").and_then(Manifest::as_str) == Some("v1")
        && document.get("kind").and_then(Manifest::as_str) == Some("ConfigMap");
    let labelled = document
        .get("metadata")
        .and_then(|m| m.get("labels"))
        .and_then(|l| l.get(CONFIG_LABEL))
        .is_some();
    (is_config_map && labelled)
        .then(|| {
            document
                .pointer("/metadata/name")
                .and_then(Manifest::as_str)
        })
        .flatten()
}

/// kapp's `UniqueResourceKey`: namespace (as written), API group, kind and
/// name; the version is not part of it.
#[derive(Debug, PartialEq, Eq, Hash)]
struct UniqueKey {
    namespace: String,
    group: String,
    kind: String,
    name: String,
}

impl UniqueKey {
    /// The key of a document that has a kind and a name (others are for
    /// rendering to refuse).
    fn of(document: &Manifest) -> Option<UniqueKey> {
        let text = |pointer: &str| document.pointer(pointer).and_then(Manifest::as_str);
        Some(UniqueKey {
            namespace: text("/metadata/namespace").unwrap_or("").to_string(),
            group: group_of(text("/apiVersion")?).to_string(),
            kind: text("/kind")?.to_string(),
            name: text("/metadata/name")?.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn documents(yaml: &str) -> Vec<(Location, Manifest)> {
        crate::render::read_texts([("out", yaml)], Default::default()).unwrap()
    }

    /// metrics-server's package ships a kapp Config among its objects; the
    /// CRD of a package that includes it twice is given twice.
    const OUTPUT: &str = "\
apiVersion: kapp.k14s.io/v1alpha1
kind: Config
rebaseRules:
- path: [spec, replicas]
  type: copy
  sources: [new, existing]
  resourceMatchers:
  - kindNamespaceNameMatcher: {kind: Deployment, namespace: kube-system, name: metrics-server}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec: {group: example.com, names: {kind: Widget, plural: widgets}, scope: Namespaced}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: kapp-config, labels: {kapp.k14s.io/config: \"\"}}
data: {config.yml: \"apiVersion: kapp.k14s.io/v1alpha1\\nkind: Config\\n\"}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec: {names: {plural: widgets, kind: Widget}, group: example.com, scope: Namespaced}
";

    #[test]
    fn kapp_config_is_taken_out_and_identical_duplicates_are_kept_once() {
        let mut warnings = Vec::new();
        let kept = prepare(documents(OUTPUT), &mut warnings).unwrap();
        let kinds: Vec<_> = kept
            .iter()
            .map(|(_, d)| d["kind"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(kinds, ["CustomResourceDefinition", "ConfigMap"]);
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert!(
            warnings[0].starts_with(
                "out: document 1 (line 1): kapp Config (rebaseRules) is configuration for kapp"
            ),
            "{warnings:?}"
        );
        assert!(warnings[1].contains("labelled kapp.k14s.io/config: it is deployed"));
        assert_eq!(
            warnings[2],
            "out: document 4 (line 20): the same object as out: document 2 (line 10), with the same content: deployed once, as kapp deploys it"
        );
    }

    #[test]
    fn duplicates_that_differ_are_left_for_rendering_to_refuse() {
        let changed = OUTPUT.replace("scope: Namespaced}\n\"", "scope: Cluster}\n\"");
        let changed = changed.replacen(
            "group: example.com, scope: Namespaced}",
            "group: example.com, scope: Cluster}",
            1,
        );
        let mut warnings = Vec::new();
        let kept = prepare(documents(&changed), &mut warnings).unwrap();
        assert_eq!(kept.len(), 3);
        let target = crate::render::RenderTarget {
            release: "r",
            namespace: "apps",
            other_namespaces: &[],
            any_namespace: true,
            placement: &Default::default(),
        };
        let error = crate::render::render(kept, &target, &crate::render::OfflineScopes::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "CustomResourceDefinition.apiextensions.k8s.io/widgets.example.com is defined twice: in out: document 2 (line 10) and in out: document 4 (line 20)"
        );
    }

    #[test]
    fn another_kind_of_kapps_api_is_refused_as_kapp_refuses_it() {
        let error = prepare(
            documents("apiVersion: kapp.k14s.io/v1alpha1\nkind: Configuration\n"),
            &mut Vec::new(),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "out: document 1 (line 1): apiVersion kapp.k14s.io/v1alpha1 kind \"Configuration\": kapp's configuration API has only kind Config, and kapp refuses it"
        );
    }
}

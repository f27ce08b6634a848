//! kbld's image rewrite, natively: every `image` key whose value an
//! `ImagesLock` (`.imgpkg/images.yml`, by its `kbld.carvel.dev/id`
//! annotation) or a kbld `Config`'s `overrides` names is replaced by the
//! reference by digest. kbld's configuration documents (`ImagesLock`,
//! `kbld.k14s.io/v1alpha1` `Config`) are taken out of the output, as kbld
//! does.
//!
//! kubectl-pkg never resolves a tag over the network here: a plan must not
//! change because a tag moved. An image neither pinned by digest nor listed is
//! an error naming it (kbld would ask its registry).

use std::collections::BTreeMap;

use serde_json::Value;

use super::{ImagesLock, ImagesLockError};

/// Why kbld's configuration or rewrite fails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KbldError {
    /// An `ImagesLock` document is invalid.
    #[error(transparent)]
    Lock(#[from] ImagesLockError),
    /// An override of a kbld `Config` lacks `image` or `newImage`.
    #[error("kbld Config overrides[{index}]: image and newImage are required")]
    Override {
        /// The override's index.
        index: usize,
    },
    /// An image of an object cannot be pinned.
    #[error("{object}: {reason}")]
    Image {
        /// `Kind/name` of the object.
        object: String,
        /// Why.
        reason: String,
    },
}

/// kbld's configuration API.
const KBLD_API_VERSION: &str = "kbld.k14s.io/v1alpha1";

/// Whether a document configures kbld (and is not output).
fn is_config(document: &Value) -> bool {
    let api_version = document.get("apiVersion").and_then(Value::as_str);
    let kind = document.get("kind").and_then(Value::as_str);
    matches!(
        (api_version, kind),
        (Some("imgpkg.carvel.dev/v1alpha1"), Some("ImagesLock"))
            | (Some(KBLD_API_VERSION), Some("Config" | "ImageOverrides"))
    )
}

/// Takes kbld's configuration documents out of `documents` into `lock`.
pub fn absorb_config(documents: &mut Vec<Value>, lock: &mut ImagesLock) -> Result<(), KbldError> {
    let mut kept = Vec::with_capacity(documents.len());
    for document in documents.drain(..) {
        if !is_config(&document) {
            kept.push(document);
            continue;
        }
        if document.get("kind").and_then(Value::as_str) == Some("ImagesLock") {
            lock.absorb(&document)?;
            continue;
        }
        for (index, entry) in document
            .get("overrides")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let image = entry.get("image").and_then(Value::as_str);
            let new_image = entry.get("newImage").and_then(Value::as_str);
            match (image, new_image) {
                (Some(image), Some(new_image)) => {
                    lock.images.insert(image.to_string(), new_image.to_string());
                }
                _ => {
                    return Err(KbldError::Override { index });
                }
            }
        }
    }
    *documents = kept;
    Ok(())
}

/// The annotation kbld adds to each object whose images it resolved.
pub const IMAGES_ANNOTATION: &str = "kbld.k14s.io/images";

/// Rewrites every `image` key of `documents` through `lock`, and annotates
/// each object whose images were rewritten as kbld does
/// ([`IMAGES_ANNOTATION`]); the images rewritten (original → pinned). An
/// image neither pinned by digest nor in the lock is an error naming it
/// and its object.
pub fn rewrite(
    documents: &mut [Value],
    lock: &ImagesLock,
) -> Result<BTreeMap<String, String>, KbldError> {
    let mut rewritten = BTreeMap::new();
    for document in documents.iter_mut() {
        let mut in_object = BTreeMap::new();
        let object = format!(
            "{}/{}",
            document
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or("(no kind)"),
            document
                .pointer("/metadata/name")
                .and_then(Value::as_str)
                .unwrap_or("(no name)")
        );
        walk(document, lock, &mut in_object)
            .map_err(|reason| KbldError::Image { object, reason })?;
        if !in_object.is_empty() {
            annotate(document, &images_annotation(&in_object, lock));
        }
        rewritten.append(&mut in_object);
    }
    Ok(rewritten)
}

/// The value of [`IMAGES_ANNOTATION`] for the images rewritten in one
/// object (original → pinned), as kbld writes it (sigs.k8s.io/yaml of a
/// list of `{origins, url}` sorted by url): each image's origins from the
/// lock's `kbld.carvel.dev/origins` (kept as kbld wrote them), then the
/// `preresolved` origin the lock itself is, unless they already hold one
/// for that url (kbld's `PreresolvedImage.URL` adds it only then).
fn images_annotation(rewritten: &BTreeMap<String, String>, lock: &ImagesLock) -> String {
    let mut entries: Vec<(&str, String)> = rewritten
        .iter()
        .map(|(id, url)| {
            let mut origins = String::new();
            let recorded = lock.origins.get(id);
            for line in recorded
                .into_iter()
                .flat_map(|text| text.lines())
                .filter(|line| !line.trim().is_empty())
            {
                origins.push_str(&format!("  {line}\n"));
            }
            if !recorded.is_some_and(|text| has_preresolved(text, url)) {
                origins.push_str(&format!("  - preresolved:\n      url: {url}\n"));
            }
            (url.as_str(), origins)
        })
        .collect();
    entries.sort();
    entries.dedup();
    entries
        .into_iter()
        .map(|(url, origins)| format!("- origins:\n{origins}  url: {url}\n"))
        .collect()
}

/// Whether recorded origins (a YAML list of kbld's origins) hold a
/// `preresolved` one for `url`. Origins kbld cannot read it ignores, and
/// so are they here.
fn has_preresolved(origins: &str, url: &str) -> bool {
    crate::yaml::from_str::<Value>(origins)
        .ok()
        .and_then(|value| value.as_array().cloned())
        .into_iter()
        .flatten()
        .any(|origin| origin.pointer("/preresolved/url").and_then(Value::as_str) == Some(url))
}

/// The registry an image without one is on, as go-containerregistry names it.
const DEFAULT_REGISTRY: &str = "index.docker.io";

/// An image by digest that no lock or override names, as kbld writes it:
/// kbld's `DigestedImage` is go-containerregistry's `name.NewDigest` (weak
/// validation), written as its `Name()`: the registry made explicit
/// (`index.docker.io` for none or `docker.io`), `library/` before a Docker
/// Hub repository of one component, a tag before the digest dropped. It
/// is not annotated (kbld annotates only images with origins). A
/// reference that does not parse is kbld's error.
fn digest_name(image: &str) -> Result<String, String> {
    let refused = |reason: &str| {
        format!("Expected valid digest reference, but found '{image}', reason: {reason}")
    };
    let (base, digest) = image
        .split_once('@')
        .filter(|(_, digest)| !digest.contains('@'))
        .ok_or_else(|| refused("a digest must contain exactly one '@' separator"))?;
    let hex = digest.strip_prefix("sha256:").unwrap_or_default();
    if hex.len() != 64
        || !hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        return Err(refused(&format!(
            "a digest must be sha256: and 64 lowercase hex digits: {digest}"
        )));
    }
    // A tag is the part after the last ':' when no '/' follows it (else the
    // ':' is a registry's port).
    let repository = match base.rsplit_once(':') {
        Some((name, tag)) if !tag.contains('/') => name,
        _ => base,
    };
    let (registry, path) = match repository.split_once('/') {
        Some((first, rest))
            if first.contains('.') || first.contains(':') || first == "localhost" =>
        {
            (first, rest)
        }
        _ => ("", repository),
    };
    if path.is_empty()
        || !path
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_-./".contains(&b))
    {
        return Err(refused(&format!(
            "repository can only contain the characters `abcdefghijklmnopqrstuvwxyz0123456789_-./`: {path}"
        )));
    }
    let registry = match registry {
        "" | "docker.io" => DEFAULT_REGISTRY,
        other => other,
    };
    let path = if registry == DEFAULT_REGISTRY && !path.contains('/') {
        format!("library/{path}")
    } else {
        path.to_string()
    };
    Ok(format!("{registry}/{path}@{digest}"))
}

/// Sets `metadata.annotations[IMAGES_ANNOTATION]` of an object.
fn annotate(document: &mut Value, text: &str) {
    let Some(metadata) = document.get_mut("metadata").and_then(Value::as_object_mut) else {
        return;
    };
    let annotations = metadata
        .entry("annotations")
        .or_insert_with(|| Value::Object(Default::default()));
    if let Value::Object(annotations) = annotations {
        annotations.insert(IMAGES_ANNOTATION.to_string(), Value::from(text));
    }
}

fn walk(
    value: &mut Value,
    lock: &ImagesLock,
    rewritten: &mut BTreeMap<String, String>,
) -> Result<(), String> {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                if key == "image"
                    && let Value::String(image) = child
                {
                    if let Some(pinned) = lock.images.get(image.as_str()) {
                        rewritten.insert(image.clone(), pinned.clone());
                        *image = pinned.clone();
                    } else if image.contains('@') {
                        *image = digest_name(image)?;
                    } else {
                        return Err(format!(
                            "image {image:?} is neither pinned by digest nor listed in {} (kubectl-pkg does not resolve tags over the network: pin it, or list it in the bundle's image lock)",
                            super::IMAGES_LOCK_FILE
                        ));
                    }
                    continue;
                }
                walk(child, lock, rewritten)?;
            }
            Ok(())
        }
        Value::Array(items) => items
            .iter_mut()
            .try_for_each(|item| walk(item, lock, rewritten)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const PINNED: &str = "registry.example/app@sha256:1111111111111111111111111111111111111111111111111111111111111111";

    #[test]
    fn images_in_the_lock_are_pinned_and_config_documents_are_taken_out() {
        let mut documents = vec![
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
                   "spec": {"template": {"spec": {"containers": [{"name": "a", "image": "app:1.0"}],
                   "initContainers": [{"name": "b", "image": PINNED}]}}}}),
            json!({"apiVersion": "imgpkg.carvel.dev/v1alpha1", "kind": "ImagesLock",
                   "images": [{"image": PINNED, "annotations": {"kbld.carvel.dev/id": "app:1.0"}}]}),
        ];
        let mut lock = ImagesLock::default();
        absorb_config(&mut documents, &mut lock).unwrap();
        assert_eq!(documents.len(), 1);
        let rewritten = rewrite(&mut documents, &lock).unwrap();
        assert_eq!(rewritten["app:1.0"], PINNED);
        assert_eq!(
            documents[0].pointer("/spec/template/spec/containers/0/image"),
            Some(&json!(PINNED))
        );
    }

    /// kbld's own end-to-end test of an ImagesLock input
    /// (test/e2e/lock_output_test.go, TestImgpkgLockFileInputSuccessful):
    /// the object gets exactly the annotation kbld writes.
    #[test]
    fn objects_are_annotated_with_their_images_origins_as_kbld_annotates_them() {
        let pinned = "index.docker.io/library/nginx@sha256:4a5573037f358b6cdfa2f3e8a9c33a5cf11bcd1675ca72ca76fbe5bd77d0d682";
        let mut documents = vec![
            json!({"kind": "Object", "metadata": {"name": "a"}, "spec": [{"image": "nginx:1.15.1"}]}),
            json!({"kind": "Object", "metadata": {"name": "b"}, "spec": [{"image": pinned}]}),
            json!({"apiVersion": "imgpkg.carvel.dev/v1alpha1", "kind": "ImagesLock",
                   "images": [{"image": pinned, "annotations": {
                       "kbld.carvel.dev/id": "nginx:1.15.1",
                       "kbld.carvel.dev/origins": "- resolved:\n    tag: 1.15.1\n    url: nginx:1.15.1\n"}}]}),
        ];
        let mut lock = ImagesLock::default();
        absorb_config(&mut documents, &mut lock).unwrap();
        rewrite(&mut documents, &lock).unwrap();
        assert_eq!(
            documents[0]["metadata"]["annotations"][IMAGES_ANNOTATION],
            format!(
                "- origins:\n  - resolved:\n      tag: 1.15.1\n      url: nginx:1.15.1\n  - preresolved:\n      url: {pinned}\n  url: {pinned}\n"
            )
        );
        // An image already pinned by digest has no origins: no annotation.
        assert_eq!(documents[1]["metadata"].get("annotations"), None);
    }

    /// A lock written by `kbld --imgpkg-lock-output` from already resolved
    /// input (as packages relocated with `imgpkg copy` carry it) records a
    /// `preresolved` origin: kbld does not add a second one.
    #[test]
    fn a_preresolved_origin_the_lock_records_is_not_added_twice() {
        let pinned = "registry.example/antrea/antrea-agent@sha256:3333333333333333333333333333333333333333333333333333333333333333";
        let origins = format!(
            "- resolved:\n    tag: v1.15.1\n    url: antrea/antrea-agent:v1.15.1\n- preresolved:\n    url: {pinned}\n"
        );
        let mut documents = vec![
            json!({"kind": "DaemonSet", "metadata": {"name": "antrea-agent"},
                   "spec": {"template": {"spec": {"containers": [{"image": "antrea/antrea-agent:v1.15.1"}]}}}}),
            json!({"apiVersion": "imgpkg.carvel.dev/v1alpha1", "kind": "ImagesLock",
                   "images": [{"image": pinned, "annotations": {
                       "kbld.carvel.dev/id": "antrea/antrea-agent:v1.15.1",
                       "kbld.carvel.dev/origins": origins}}]}),
        ];
        let mut lock = ImagesLock::default();
        absorb_config(&mut documents, &mut lock).unwrap();
        rewrite(&mut documents, &lock).unwrap();
        assert_eq!(
            documents[0]["metadata"]["annotations"][IMAGES_ANNOTATION],
            format!(
                "- origins:\n  - resolved:\n      tag: v1.15.1\n      url: antrea/antrea-agent:v1.15.1\n  - preresolved:\n      url: {pinned}\n  url: {pinned}\n"
            )
        );
        // One recorded for another url does not count.
        assert!(!has_preresolved(
            &origins,
            "registry.example/other@sha256:0"
        ));
    }

    /// kbld writes an image by digest that nothing names as
    /// go-containerregistry's `Digest.Name()`, unannotated; kbld's own
    /// end-to-end tests show `index.docker.io/library/nginx@sha256:…` for
    /// `nginx@sha256:…` (test/e2e/lock_output_test.go).
    #[test]
    fn an_image_by_digest_is_written_with_its_registry_as_kbld_writes_it() {
        let digest = "sha256:4a5573037f358b6cdfa2f3e8a9c33a5cf11bcd1675ca72ca76fbe5bd77d0d682";
        for (image, written) in [
            ("nginx", "index.docker.io/library/nginx"),
            ("nginx:1.15.1", "index.docker.io/library/nginx"),
            ("docker.io/bitnami/redis", "index.docker.io/bitnami/redis"),
            (
                "antrea/antrea-ubuntu:v1.7.2",
                "index.docker.io/antrea/antrea-ubuntu",
            ),
            ("registry.k8s.io/pause:3.9", "registry.k8s.io/pause"),
            ("localhost:5000/app", "localhost:5000/app"),
            ("localhost/app", "localhost/app"),
        ] {
            let mut documents = vec![json!({"kind": "Pod", "metadata": {"name": "p"},
                "spec": {"containers": [{"image": format!("{image}@{digest}")}]}})];
            rewrite(&mut documents, &ImagesLock::default()).unwrap();
            assert_eq!(
                documents[0].pointer("/spec/containers/0/image"),
                Some(&json!(format!("{written}@{digest}"))),
                "{image}"
            );
            assert_eq!(documents[0]["metadata"].get("annotations"), None);
        }
        let mut documents = vec![json!({"kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [{"image": "App@sha256:12"}]}})];
        let error = rewrite(&mut documents, &ImagesLock::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("Pod/p: Expected valid digest reference, but found 'App@sha256:12'"),
            "{error}"
        );
    }

    #[test]
    fn an_unpinned_image_missing_from_the_lock_is_named() {
        let mut documents = vec![json!({"kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [{"image": "nginx:latest"}]}})];
        let error = rewrite(&mut documents, &ImagesLock::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("Pod/p: image \"nginx:latest\""),
            "{error}"
        );
    }

    #[test]
    fn kbld_config_overrides_apply_too() {
        let mut documents = vec![
            json!({"apiVersion": KBLD_API_VERSION, "kind": "Config",
                   "overrides": [{"image": "app", "newImage": PINNED, "preresolved": true}]}),
            json!({"kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"image": "app"}]}}),
        ];
        let mut lock = ImagesLock::default();
        absorb_config(&mut documents, &mut lock).unwrap();
        rewrite(&mut documents, &lock).unwrap();
        assert_eq!(
            documents[0].pointer("/spec/containers/0/image"),
            Some(&json!(PINNED))
        );
    }
}

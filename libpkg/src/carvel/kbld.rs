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

use super::ImagesLock;

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
pub fn absorb_config(documents: &mut Vec<Value>, lock: &mut ImagesLock) -> Result<(), String> {
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
                    return Err(format!(
                        "kbld Config overrides[{index}]: image and newImage are required"
                    ));
                }
            }
        }
    }
    *documents = kept;
    Ok(())
}

/// Rewrites every `image` key of `documents` through `lock`; the images
/// rewritten (original → pinned). An image neither pinned by digest nor in
/// the lock is an error naming it and its object.
pub fn rewrite(
    documents: &mut [Value],
    lock: &ImagesLock,
) -> Result<BTreeMap<String, String>, String> {
    let mut rewritten = BTreeMap::new();
    for document in documents.iter_mut() {
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
        walk(document, lock, &mut rewritten)
            .map_err(|image| format!("{object}: image {image:?} is neither pinned by digest nor listed in {} (kubectl-pkg does not resolve tags over the network: pin it, or list it in the bundle's image lock)", super::IMAGES_LOCK_FILE))?;
    }
    Ok(rewritten)
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
                    } else if !image.contains("@sha256:") {
                        return Err(image.clone());
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

    #[test]
    fn an_unpinned_image_missing_from_the_lock_is_named() {
        let mut documents = vec![json!({"kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [{"image": "nginx:latest"}]}})];
        let error = rewrite(&mut documents, &ImagesLock::default()).unwrap_err();
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

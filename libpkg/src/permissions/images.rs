//! Container images: every image the package runs, and whether it is pinned.
//!
//! A tag is a movable name: whoever controls the registry can point it at
//! different code after the preview was approved. A `@sha256:` digest names
//! exactly one image, so only digest-pinned references run what was reviewed.

use std::collections::BTreeSet;

use crate::manifest::Manifest;
use serde::{Deserialize, Serialize};

use super::canonical_order;
use super::workloads::{containers, pod_template};
use crate::object::Object;

/// A container image reference of the package.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Image {
    /// The reference as written, such as `nginx:1.27` or `ghcr.io/x/y@sha256:…`.
    pub reference: String,
    /// The digest after `@`, such as `sha256:…`, if any.
    pub digest: Option<String>,
    /// Whether the reference carries a full `@sha256:` digest.
    pub pinned: bool,
    /// The reference the package wrote, when the plan rewrote it to a
    /// mirror's copy (`reference` is then the copy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<String>,
}

impl Image {
    /// Parses an image reference.
    pub fn new(reference: &str) -> Image {
        let digest = reference
            .split_once('@')
            .map(|(_, digest)| digest.to_string());
        let pinned = digest.as_deref().is_some_and(|digest| {
            digest.strip_prefix("sha256:").is_some_and(|hex| {
                hex.len() == 64
                    && hex
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            })
        });
        Image {
            reference: reference.to_string(),
            digest,
            pinned,
            original: None,
        }
    }

    /// The tag, if the reference has one (`nginx:1.27` → `1.27`).
    fn tag(&self) -> Option<&str> {
        let name = self.reference.split('@').next().unwrap_or_default();
        let last = name.rsplit('/').next().unwrap_or_default();
        last.split_once(':').map(|(_, tag)| tag)
    }

    /// The repository, without tag or digest (`ghcr.io/x/y:1@sha256:…` → `ghcr.io/x/y`).
    pub fn repository(&self) -> &str {
        let name = self.reference.split('@').next().unwrap_or_default();
        match self.tag() {
            Some(tag) => &name[..name.len() - tag.len() - 1],
            None => name,
        }
    }

    /// A warning for an image not pinned by digest, `None` when pinned.
    pub fn warning(&self) -> Option<String> {
        if self.pinned {
            return None;
        }
        let reference = &self.reference;
        if self.digest.is_some() {
            return Some(format!(
                "image {reference} is not pinned: its digest is not a full sha256 digest, \
                 so the image it runs can change; pin it with @sha256:<digest>"
            ));
        }
        Some(match self.tag() {
            None => format!(
                "image {reference} has no tag, so it runs whatever :latest points to when a node \
                 pulls it, which changes with every push; pin it with @sha256:<digest>"
            ),
            Some("latest") => format!(
                "image {reference} uses :latest, which points to a new image with every push, \
                 so nodes may run code nobody reviewed; pin it with @sha256:<digest>"
            ),
            Some(_) => format!(
                "image {reference} is not pinned by digest: tags can change to point to a \
                 different image; pin it with @sha256:<digest>"
            ),
        })
    }
}

/// Every container image (init, regular and ephemeral containers) of every
/// pod template of the package, deduplicated and sorted by reference.
pub fn images(objects: &[Object]) -> Vec<Image> {
    let references: BTreeSet<&str> = canonical_order(objects)
        .into_iter()
        .filter_map(pod_template)
        .flat_map(|template| containers(template.spec).collect::<Vec<_>>())
        .filter_map(|container| container.get("image").and_then(Manifest::as_str))
        .filter(|reference| !reference.is_empty())
        .collect();
    references.into_iter().map(Image::new).collect()
}

/// [`images`] plus images the package names elsewhere (an OLM bundle's
/// `relatedImages`), merged, deduplicated and sorted by reference.
pub fn images_with(objects: &[Object], extra: &[String]) -> Vec<Image> {
    let mut references: BTreeSet<String> =
        images(objects).into_iter().map(|i| i.reference).collect();
    references.extend(extra.iter().filter(|e| !e.is_empty()).cloned());
    references.iter().map(|r| Image::new(r)).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::testing::{deployment, obj};
    use super::*;

    const DIGEST: &str = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn images_are_collected_deduplicated_and_sorted() {
        let pinned = format!("ghcr.io/example/app@{DIGEST}");
        let objects = vec![
            deployment(json!({
                "initContainers": [{"name": "init", "image": "busybox"}],
                "containers": [{"name": "app", "image": pinned}, {"name": "side", "image": "nginx:1.27"}]
            })),
            obj(json!({
                "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "x"},
                "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}],
                         "ephemeralContainers": [{"name": "debug", "image": "localhost:5000/debug"}]}
            })),
            obj(
                json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"},
                       "data": {"image": "ignored"}}),
            ),
        ];
        let found = images(&objects);
        let references: Vec<&str> = found.iter().map(|image| image.reference.as_str()).collect();
        assert_eq!(
            references,
            [
                "busybox",
                pinned.as_str(),
                "localhost:5000/debug",
                "nginx:1.27"
            ]
        );
        assert_eq!(found[1].digest.as_deref(), Some(DIGEST));
        assert!(found[1].pinned);
        assert!(!found[0].pinned && found[0].digest.is_none());
        assert_eq!(
            serde_json::to_value(&found[3]).unwrap(),
            json!({"reference": "nginx:1.27", "digest": null, "pinned": false})
        );
    }

    #[test]
    fn pinning_needs_a_full_sha256_digest() {
        assert!(Image::new(&format!("nginx:1.27@{DIGEST}")).pinned);
        assert!(!Image::new("nginx@sha256:abc").pinned);
        assert!(!Image::new(&format!("nginx@{}", DIGEST.to_uppercase())).pinned);
        assert_eq!(
            Image::new("nginx@sha256:abc").digest.as_deref(),
            Some("sha256:abc")
        );
    }

    #[test]
    fn warnings_say_which_image_and_why() {
        assert_eq!(Image::new(&format!("nginx@{DIGEST}")).warning(), None);
        let tagged = Image::new("nginx:1.27").warning().unwrap();
        assert!(tagged.contains("nginx:1.27") && tagged.contains("tags can change"));
        let latest = Image::new("nginx:latest").warning().unwrap();
        assert!(latest.contains("nginx:latest") && latest.contains(":latest, which points"));
        let untagged = Image::new("registry:5000/team/nginx").warning().unwrap();
        assert!(untagged.contains("registry:5000/team/nginx has no tag"));
        let short = Image::new("nginx@sha256:abc").warning().unwrap();
        assert!(short.contains("not a full sha256 digest"));
    }
}

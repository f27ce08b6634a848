//! Image mirrors: where the images a package names were copied to, and the
//! rewrite of rendered objects to run those copies.
//!
//! The rewrite happens at plan time, on rendered objects, so the diff, the
//! images table and the plan's hash show the references that will be applied
//! (a mutating webhook would rewrite after the review). Copies made by
//! `kubectl pkg import` are exact: an original reference maps to its copy's
//! repository and the digest the bundle pinned, so a tag becomes
//! `MIRROR/PATH@sha256:…`. Prefix rules (`--image-registry FROM=TO`) move
//! every reference under `FROM` to `TO`, keeping its tag or digest.

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::Manifest;
use serde::{Deserialize, Serialize};

use crate::object::Object;
use crate::permissions::{CONTAINER_KINDS, Image, pod_template_pointer};
use crate::reference::{DigestError, OciRef, validate_digest};

/// The registry Docker assumes for a reference without one.
const DEFAULT_REGISTRY: &str = "docker.io";
/// The host serving Docker Hub's registry API.
const DOCKER_HUB_API: &str = "registry-1.docker.io";

/// An image reference taken apart, with Docker's defaults filled in
/// (`nginx:1.27` is `docker.io/library/nginx:1.27`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ImageName {
    /// `host[:port]`.
    pub registry: String,
    /// The path within the registry, such as `library/nginx`.
    pub repository: String,
    /// The tag, if any.
    pub tag: Option<String>,
    /// The digest (`sha256:…`), if any.
    pub digest: Option<String>,
}

/// Why a text is not a container image reference ([`ImageName::parse`]), or
/// an image copy is not usable ([`ImageMapping::add_copy`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageNameError {
    /// The digest after `@` is not a sha256 digest.
    #[error(transparent)]
    Digest(#[from] DigestError),
    /// A repository path with an empty part or a character images do not have.
    #[error("{reference:?} is not a valid image reference")]
    Invalid {
        /// The reference.
        reference: String,
    },
    /// A tag that is empty, too long or holds other characters than tags do.
    #[error("{reference:?} has an invalid tag")]
    Tag {
        /// The reference.
        reference: String,
    },
}

/// A prefix rule (`FROM=TO`) that is malformed ([`ImageMapping::add_prefix`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrefixRuleError {
    /// No `=`, or nothing on one side of it.
    #[error("{rule:?} is not FROM=TO (such as docker.io=mirror.internal:5000/dockerhub)")]
    NotFromTo {
        /// The rule.
        rule: String,
    },
    /// A location written as a URL.
    #[error("{rule:?}: give registry locations without a scheme (host[:port][/path])")]
    Scheme {
        /// The rule.
        rule: String,
    },
}

impl ImageName {
    /// Parses a container image reference as the kubelet reads it.
    pub fn parse(reference: &str) -> Result<ImageName, ImageNameError> {
        let (name, digest) = match reference.split_once('@') {
            Some((name, digest)) => {
                validate_digest(digest)?;
                (name, Some(digest.to_string()))
            }
            None => (reference, None),
        };
        let (name, tag) = match name.rsplit_once(':') {
            Some((before, tag)) if !tag.contains('/') => (before, Some(tag.to_string())),
            _ => (name, None),
        };
        let (registry, repository) = match name.split_once('/') {
            Some((first, rest))
                if first.contains('.') || first.contains(':') || first == "localhost" =>
            {
                (first.to_string(), rest.to_string())
            }
            _ => (DEFAULT_REGISTRY.to_string(), name.to_string()),
        };
        let repository = if registry == DEFAULT_REGISTRY && !repository.contains('/') {
            format!("library/{repository}")
        } else {
            repository
        };
        let valid_component = |part: &str| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
        };
        if !repository.split('/').all(valid_component) {
            return Err(ImageNameError::Invalid {
                reference: reference.to_string(),
            });
        }
        if let Some(tag) = &tag
            && (tag.is_empty()
                || tag.len() > 128
                || !tag
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)))
        {
            return Err(ImageNameError::Tag {
                reference: reference.to_string(),
            });
        }
        Ok(ImageName {
            registry,
            repository,
            tag,
            digest,
        })
    }

    /// Where a registry client finds the image: Docker Hub's API is
    /// served from `registry-1.docker.io`, not from `docker.io`.
    pub fn oci_ref(&self) -> OciRef {
        let registry = if self.registry == DEFAULT_REGISTRY {
            DOCKER_HUB_API.to_string()
        } else {
            self.registry.clone()
        };
        OciRef {
            registry,
            repository: self.repository.clone(),
            tag: self.tag.clone(),
            digest: self.digest.clone(),
        }
    }

    /// `registry/repository`, the name without tag or digest.
    pub fn location(&self) -> String {
        format!("{}/{}", self.registry, self.repository)
    }
}

impl std::fmt::Display for ImageName {
    /// The full reference: `registry/repository[:tag][@digest]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.location())?;
        if let Some(tag) = &self.tag {
            write!(f, ":{tag}")?;
        }
        if let Some(digest) = &self.digest {
            write!(f, "@{digest}")?;
        }
        Ok(())
    }
}

/// One image copied into a mirror, as `import` records it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MirroredImage {
    /// The reference the bundle was made from, in full
    /// (`registry/repository:tag` or `…@sha256:…`).
    pub original: String,
    /// The copy's repository, `host[:port]/path`.
    pub mirror: String,
    /// The digest both share.
    pub digest: String,
}

/// Where images were mirrored, and what to do with the rest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImageMapping {
    /// Exact copies, by the original's full reference.
    copies: BTreeMap<String, MirroredImage>,
    /// Exact copies, by original location and digest (a reference naming the
    /// same image by digest, with or without a tag).
    by_digest: BTreeMap<(String, String), String>,
    /// `(FROM, TO)` location prefixes.
    prefixes: Vec<(String, String)>,
    /// An image no rule covers is an error, not a warning.
    pub require_mirrored: bool,
}

/// What rewriting a plan's objects did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rewrite {
    /// Original reference → the reference the objects now hold.
    pub rewritten: BTreeMap<String, String>,
    /// References no rule covers, left as they were.
    pub unmapped: BTreeSet<String>,
}

/// An image the mapping does not cover, under `--require-mirrored-images`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} image reference(s) have no mirrored copy: {} (import a bundle that holds them, add {} FROM=TO, or leave out {})",
    .images.len(),
    .images.iter().cloned().collect::<Vec<_>>().join(", "),
    crate::remedy::Setting::ImageRegistry,
    crate::remedy::Setting::RequireMirroredImages
)]
pub struct NotMirrored {
    /// The references, sorted.
    pub images: BTreeSet<String>,
}

impl ImageMapping {
    /// Whether there is nothing to rewrite with.
    pub fn is_empty(&self) -> bool {
        self.copies.is_empty() && self.prefixes.is_empty()
    }

    /// Records an exact copy.
    pub fn add_copy(&mut self, copy: MirroredImage) -> Result<(), ImageNameError> {
        let original = ImageName::parse(&copy.original)?;
        validate_digest(&copy.digest)?;
        self.by_digest.insert(
            (original.location(), copy.digest.clone()),
            copy.original.clone(),
        );
        self.copies.insert(original.to_string(), copy);
        Ok(())
    }

    /// Adds a prefix rule from `FROM=TO` (`--image-registry`): both are
    /// locations (`host[:port][/path]`); the later of two rules for the same
    /// `FROM` wins.
    pub fn add_prefix(&mut self, rule: &str) -> Result<(), PrefixRuleError> {
        let (from, to) = rule
            .split_once('=')
            .filter(|(from, to)| !from.is_empty() && !to.is_empty())
            .ok_or_else(|| PrefixRuleError::NotFromTo {
                rule: rule.to_string(),
            })?;
        let from = from.trim_end_matches('/').to_string();
        let to = to.trim_end_matches('/').to_string();
        if to.contains("://") || from.contains("://") {
            return Err(PrefixRuleError::Scheme {
                rule: rule.to_string(),
            });
        }
        self.prefixes.retain(|(known, _)| *known != from);
        self.prefixes.push((from, to));
        Ok(())
    }

    /// Merges another mapping's rules into this one (`other` wins on conflicts).
    pub fn extend(&mut self, other: ImageMapping) {
        self.copies.extend(other.copies);
        self.by_digest.extend(other.by_digest);
        for (from, to) in other.prefixes {
            self.prefixes.retain(|(known, _)| *known != from);
            self.prefixes.push((from, to));
        }
        self.require_mirrored |= other.require_mirrored;
    }

    /// Where `reference` runs from under this mapping; `None` when no rule covers it.
    pub fn rewrite(&self, reference: &str) -> Option<String> {
        let name = ImageName::parse(reference).ok()?;
        let exact = self.copies.get(&name.to_string()).or_else(|| {
            let digest = name.digest.clone()?;
            let original = self.by_digest.get(&(name.location(), digest))?;
            self.copies.get(original)
        });
        if let Some(copy) = exact {
            return Some(format!("{}@{}", copy.mirror, copy.digest));
        }
        let location = name.location();
        let (from, to) = self
            .prefixes
            .iter()
            .filter(|(from, _)| {
                location == *from
                    || location
                        .strip_prefix(from.as_str())
                        .is_some_and(|rest| rest.starts_with('/'))
            })
            .max_by_key(|(from, _)| from.len())?;
        let mut rewritten = format!("{to}{}", &location[from.len()..]);
        if let Some(tag) = &name.tag {
            rewritten.push(':');
            rewritten.push_str(tag);
        }
        if let Some(digest) = &name.digest {
            rewritten.push('@');
            rewritten.push_str(digest);
        }
        Some(rewritten)
    }

    /// Rewrites every container image of every pod template (init, regular
    /// and ephemeral containers), and container environment values equal to
    /// a rewritten image (an operator's `RELATED_IMAGE_*`), plus `extra`
    /// references (a bundle's `relatedImages`) that are only listed.
    pub fn apply<'a>(
        &self,
        objects: impl IntoIterator<Item = &'a mut Object>,
        extra: &[String],
    ) -> Result<Rewrite, NotMirrored> {
        let mut rewrite = Rewrite::default();
        if self.is_empty() {
            return Ok(rewrite);
        }
        let mut objects: Vec<&mut Object> = objects.into_iter().collect();
        let mut map = |reference: &str| match self.rewrite(reference) {
            Some(copy) => {
                rewrite
                    .rewritten
                    .insert(reference.to_string(), copy.clone());
                Some(copy)
            }
            None => {
                rewrite.unmapped.insert(reference.to_string());
                None
            }
        };
        replace_images(&mut objects, &mut map, |_| None);
        for reference in extra.iter().filter(|r| !r.is_empty()) {
            map(reference);
        }
        // Environment values naming an image that was rewritten follow it.
        let rewritten = rewrite.rewritten.clone();
        replace_images(
            &mut objects,
            |_| None,
            |value| rewritten.get(value).cloned(),
        );
        if self.require_mirrored && !rewrite.unmapped.is_empty() {
            return Err(NotMirrored {
                images: rewrite.unmapped,
            });
        }
        Ok(rewrite)
    }
}

/// Replaces, in every pod template of `objects`, each container image
/// `image` answers for, and each container environment value `env_value`
/// answers for (init, regular and ephemeral containers alike).
fn replace_images(
    objects: &mut [&mut Object],
    mut image: impl FnMut(&str) -> Option<String>,
    mut env_value: impl FnMut(&str) -> Option<String>,
) {
    for object in objects.iter_mut() {
        let Some(spec) = pod_template_pointer(object)
            .and_then(|pointer| object.manifest.pointer_mut(pointer))
            .and_then(|template| template.get_mut("spec"))
        else {
            continue;
        };
        for kind in CONTAINER_KINDS {
            let containers = spec.get_mut(kind).and_then(Manifest::as_array_mut);
            for container in containers.into_iter().flatten() {
                if let Some(Manifest::String(reference)) = container.get_mut("image")
                    && !reference.is_empty()
                    && let Some(replacement) = image(reference)
                {
                    *reference = replacement.into();
                }
                let env = container.get_mut("env").and_then(Manifest::as_array_mut);
                for variable in env.into_iter().flatten() {
                    if let Some(Manifest::String(value)) = variable.get_mut("value")
                        && let Some(replacement) = env_value(value)
                    {
                        *value = replacement.into();
                    }
                }
            }
        }
    }
}

impl Rewrite {
    /// The rewrite an earlier plan's images table records (for a rollback,
    /// which re-applies that plan's objects as they were).
    pub fn of(images: &[Image]) -> Rewrite {
        Rewrite {
            rewritten: images
                .iter()
                .filter_map(|image| Some((image.original.clone()?, image.reference.clone())))
                .collect(),
            unmapped: BTreeSet::new(),
        }
    }

    /// The images table of a plan whose objects were rewritten: each copy
    /// shows the reference it replaced, and listed-only originals (a bundle's
    /// `relatedImages`) are replaced by their copies.
    pub fn annotate(&self, images: Vec<Image>) -> Vec<Image> {
        let originals: BTreeMap<&str, &str> = self
            .rewritten
            .iter()
            .map(|(original, copy)| (copy.as_str(), original.as_str()))
            .collect();
        let mut annotated: Vec<Image> = images
            .into_iter()
            .map(|image| {
                if let Some(copy) = self.rewritten.get(&image.reference) {
                    Image {
                        original: Some(image.reference.clone()),
                        ..Image::new(copy)
                    }
                } else if let Some(original) = originals.get(image.reference.as_str()) {
                    Image {
                        original: Some(original.to_string()),
                        ..image
                    }
                } else {
                    image
                }
            })
            .collect();
        annotated.sort();
        annotated.dedup();
        annotated
    }

    /// Rewritten references that name a tag and no digest (from prefix
    /// rules): what a registry lookup can pin.
    pub fn unpinned(&self) -> BTreeSet<&str> {
        self.rewritten
            .values()
            .filter(|copy| ImageName::parse(copy).is_ok_and(|name| name.digest.is_none()))
            .map(String::as_str)
            .collect()
    }

    /// Pins rewritten references to the digests their registry resolved
    /// (`digests`: rewritten reference → `sha256:…`), in the objects as in
    /// this record: `TO/PATH:TAG` becomes `TO/PATH@sha256:…`, so what runs
    /// is what the plan names, whatever the tag points at later.
    pub fn pin<'a>(
        &mut self,
        objects: impl IntoIterator<Item = &'a mut Object>,
        digests: &BTreeMap<String, String>,
    ) {
        let pinned: BTreeMap<String, String> = self
            .unpinned()
            .into_iter()
            .filter_map(|copy| {
                let digest = digests.get(copy)?;
                let name = ImageName::parse(copy).ok()?;
                Some((copy.to_string(), format!("{}@{digest}", name.location())))
            })
            .collect();
        if pinned.is_empty() {
            return;
        }
        let mut objects: Vec<&mut Object> = objects.into_iter().collect();
        let lookup = |reference: &str| pinned.get(reference).cloned();
        replace_images(&mut objects, lookup, lookup);
        for copy in self.rewritten.values_mut() {
            if let Some(pin) = pinned.get(copy.as_str()) {
                *copy = pin.clone();
            }
        }
    }

    /// The plan's warnings: one per image no rule covers.
    pub fn warnings(&self) -> Vec<String> {
        self.unmapped
            .iter()
            .map(|image| {
                format!(
                    "image {image} has no mirrored copy and is left as written \
                     ({} makes this an error)",
                    crate::remedy::Setting::RequireMirroredImages
                )
            })
            .collect()
    }
}

/// Where `import` puts an image under `prefix` (`host[:port]/path`):
/// `PREFIX/images/REPOSITORY`, the original's path without its registry.
pub fn mirror_location(prefix: &str, original: &ImageName) -> String {
    format!(
        "{}/images/{}",
        prefix.trim_end_matches('/'),
        original.repository
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const DIGEST: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";

    fn object(manifest: serde_json::Value) -> Object {
        crate::permissions::testing::obj(manifest)
    }

    #[test]
    fn references_take_dockers_defaults() {
        let name = ImageName::parse("nginx:1.27").unwrap();
        assert_eq!(name.to_string(), "docker.io/library/nginx:1.27");
        let name = ImageName::parse(&format!("127.0.0.1:5000/team/app:1@{DIGEST}")).unwrap();
        assert_eq!(name.registry, "127.0.0.1:5000");
        assert_eq!(name.repository, "team/app");
        assert_eq!(name.tag.as_deref(), Some("1"));
        assert_eq!(name.digest.as_deref(), Some(DIGEST));
        assert_eq!(
            ImageName::parse("localhost/app").unwrap().location(),
            "localhost/app"
        );
        assert!(ImageName::parse("Bad/Name").is_err());
        assert!(ImageName::parse("app@sha256:12").is_err());
    }

    #[test]
    fn copies_pin_by_digest_and_prefixes_keep_tags() {
        let mut mapping = ImageMapping::default();
        mapping
            .add_copy(MirroredImage {
                original: "docker.io/library/nginx:1.27".into(),
                mirror: "mirror:5000/m/images/library/nginx".into(),
                digest: DIGEST.into(),
            })
            .unwrap();
        mapping.add_prefix("quay.io=mirror:5000/quay").unwrap();
        assert_eq!(
            mapping.rewrite("nginx:1.27").as_deref(),
            Some(format!("mirror:5000/m/images/library/nginx@{DIGEST}").as_str())
        );
        // The same image by digest, whatever its tag.
        assert_eq!(
            mapping.rewrite(&format!("nginx@{DIGEST}")),
            mapping.rewrite("nginx:1.27")
        );
        assert_eq!(mapping.rewrite("nginx:1.28"), None);
        assert_eq!(
            mapping.rewrite("quay.io/team/app:2").as_deref(),
            Some("mirror:5000/quay/team/app:2")
        );
        // A prefix matches on a path boundary only.
        assert_eq!(mapping.rewrite("quay.iox/team/app:2"), None);
        assert!(mapping.add_prefix("nothing").is_err());
        assert!(mapping.add_prefix("https://a=b").is_err());
    }

    #[test]
    fn apply_rewrites_containers_and_related_image_env_and_lists_the_rest() {
        let mut mapping = ImageMapping::default();
        mapping.add_prefix("docker.io=mirror:5000/hub").unwrap();
        let mut objects = vec![
            object(json!({
                "apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": "op", "namespace": "n"},
                "spec": {"template": {"spec": {
                    "initContainers": [{"name": "i", "image": "busybox:1"}],
                    "containers": [{"name": "c", "image": "quay.io/x/op:1",
                        "env": [{"name": "RELATED_IMAGE_DB", "value": "postgres:16"}]}]
                }}}
            })),
            object(json!({
                "apiVersion": "batch/v1", "kind": "CronJob",
                "metadata": {"name": "c", "namespace": "n"},
                "spec": {"jobTemplate": {"spec": {"template": {"spec": {
                    "containers": [{"name": "c", "image": "redis"}]}}}}}
            })),
            object(json!({"apiVersion": "v1", "kind": "ConfigMap",
                "metadata": {"name": "cm", "namespace": "n"}, "data": {"image": "nginx"}})),
        ];
        let related = ["postgres:16".to_string()];
        let rewrite = mapping.apply(&mut objects, &related).unwrap();
        let spec = &objects[0].manifest["spec"]["template"]["spec"];
        assert_eq!(
            spec["initContainers"][0]["image"],
            "mirror:5000/hub/library/busybox:1"
        );
        assert_eq!(spec["containers"][0]["image"], "quay.io/x/op:1");
        assert_eq!(
            spec["containers"][0]["env"][0]["value"],
            "mirror:5000/hub/library/postgres:16"
        );
        assert_eq!(
            objects[1].manifest["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]
                ["image"],
            "mirror:5000/hub/library/redis"
        );
        assert_eq!(objects[2].manifest["data"]["image"], "nginx");
        assert_eq!(
            rewrite.unmapped.iter().collect::<Vec<_>>(),
            ["quay.io/x/op:1"]
        );
        assert_eq!(rewrite.rewritten.len(), 3);
        assert_eq!(rewrite.warnings().len(), 1);
        let images = rewrite.annotate(crate::permissions::images_with(&objects, &related));
        let shown: Vec<(&str, Option<&str>)> = images
            .iter()
            .map(|i| (i.reference.as_str(), i.original.as_deref()))
            .collect();
        assert_eq!(
            shown,
            [
                ("mirror:5000/hub/library/busybox:1", Some("busybox:1")),
                ("mirror:5000/hub/library/postgres:16", Some("postgres:16")),
                ("mirror:5000/hub/library/redis", Some("redis")),
                ("quay.io/x/op:1", None),
            ]
        );

        mapping.require_mirrored = true;
        let error = mapping.apply(&mut objects, &[]).unwrap_err();
        assert!(error.to_string().contains("quay.io/x/op:1"), "{error}");
    }

    #[test]
    fn pinning_replaces_mirrored_tags_with_the_digests_found_and_nothing_else() {
        let mut mapping = ImageMapping::default();
        mapping.add_prefix("docker.io=mirror:5000/hub").unwrap();
        let mut objects = vec![object(json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "n"},
        "spec": {"containers": [
            {"name": "a", "image": "busybox:1", "env": [{"name": "SELF", "value": "busybox:1"}]},
            {"name": "b", "image": "redis:7"},
            {"name": "c", "image": "quay.io/x/y:1"}
        ]}}))];
        let mut rewrite = mapping.apply(&mut objects, &[]).unwrap();
        assert_eq!(
            rewrite.unpinned().into_iter().collect::<Vec<_>>(),
            [
                "mirror:5000/hub/library/busybox:1",
                "mirror:5000/hub/library/redis:7"
            ]
        );
        // Only busybox was found; quay.io's image is not a mirrored one.
        let digests = BTreeMap::from([
            (
                "mirror:5000/hub/library/busybox:1".to_string(),
                DIGEST.to_string(),
            ),
            ("quay.io/x/y:1".to_string(), DIGEST.to_string()),
        ]);
        rewrite.pin(&mut objects, &digests);
        let pinned = format!("mirror:5000/hub/library/busybox@{DIGEST}");
        let containers = &objects[0].manifest["spec"]["containers"];
        assert_eq!(containers[0]["image"], pinned.as_str());
        assert_eq!(containers[0]["env"][0]["value"], pinned.as_str());
        assert_eq!(containers[1]["image"], "mirror:5000/hub/library/redis:7");
        assert_eq!(containers[2]["image"], "quay.io/x/y:1");
        assert_eq!(rewrite.rewritten["busybox:1"], pinned);
        assert_eq!(
            rewrite.unpinned().into_iter().collect::<Vec<_>>(),
            ["mirror:5000/hub/library/redis:7"]
        );
    }

    #[test]
    fn docker_hub_references_are_looked_up_at_its_api_host() {
        let hub = ImageName::parse("nginx:1.27").unwrap().oci_ref();
        assert_eq!(hub.registry, "registry-1.docker.io");
        assert_eq!(hub.repository, "library/nginx");
        let other = ImageName::parse("127.0.0.1:5000/a/b:1").unwrap().oci_ref();
        assert_eq!(other.registry, "127.0.0.1:5000");
    }

    #[test]
    fn an_empty_mapping_changes_nothing() {
        let mut objects = vec![object(json!({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "n"},
            "spec": {"containers": [{"name": "c", "image": "nginx"}]}}))];
        let before = objects.clone();
        let rewrite = ImageMapping::default().apply(&mut objects, &[]).unwrap();
        assert_eq!(objects, before);
        assert!(rewrite.unmapped.is_empty());
    }

    #[test]
    fn mirrors_keep_the_path_under_images() {
        let name = ImageName::parse("127.0.0.1:5000/e2e/app:1").unwrap();
        assert_eq!(
            mirror_location("internal:5443/mirror/", &name),
            "internal:5443/mirror/images/e2e/app"
        );
    }
}

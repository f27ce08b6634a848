//! The preflight image check: every image a plan runs is looked up in the
//! registry it names before anything is written, so an image the cluster
//! cannot pull (a typo, a mirror that lacks it, a tag deleted upstream) is
//! found when the plan is made, all of them at once, and not as
//! `ImagePullBackOff` after the apply.
//!
//! Pure: the lookups are the caller's (`crate::action`, through the registry
//! client); this decides what their answers mean for the plan. An image the
//! registry says it does not have refuses the plan. An image that could not
//! be looked up from here (no route, no credentials) is a warning, since the
//! cluster may reach what this machine cannot.

use std::collections::{BTreeMap, BTreeSet};

/// What looking an image up in its registry found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    /// The registry has it: the digest of its manifest or index.
    Found {
        /// `sha256:…`.
        digest: String,
    },
    /// The registry answered that it has no such manifest.
    Missing,
    /// The registry could not be asked, or would not answer.
    NotChecked {
        /// The registry (`host[:port]`) it was to be looked up in.
        registry: String,
        /// Why, without the image's name (one reason covers a registry).
        reason: String,
    },
}

/// Images their registries do not have: the plan is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} image(s) the plan runs do not exist in their registries, so the cluster could not pull them:\n{}\nfix the references (or import the images into the mirror), or pass {} if the cluster pulls from registries this machine does not see",
    .images.len(),
    .images.iter().map(|image| format!("  {image}")).collect::<Vec<_>>().join("\n"),
    crate::remedy::Setting::SkipImageCheck
)]
pub struct ImagesMissing {
    /// The references, sorted.
    pub images: BTreeSet<String>,
}

/// What the lookups mean for the plan.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Reference → the digest its registry resolved it to (found images).
    pub digests: BTreeMap<String, String>,
    /// The plan's warnings: one per registry whose images were not checked.
    pub warnings: Vec<String>,
}

/// The warning of a plan whose images were not looked up.
pub fn skipped_warning() -> String {
    format!(
        "images were not looked up in their registries ({}): one the cluster cannot pull is found only after the apply",
        crate::remedy::Setting::SkipImageCheck
    )
}

/// Judges the lookups of a plan's images: missing images refuse the plan;
/// images not checked are warned about, grouped by registry and reason.
pub fn judge(lookups: &BTreeMap<String, Lookup>) -> Result<Verdict, ImagesMissing> {
    let mut verdict = Verdict::default();
    let mut missing = BTreeSet::new();
    let mut not_checked: BTreeMap<(&str, &str), Vec<&str>> = BTreeMap::new();
    for (reference, lookup) in lookups {
        match lookup {
            Lookup::Found { digest } => {
                verdict.digests.insert(reference.clone(), digest.clone());
            }
            Lookup::Missing => {
                missing.insert(reference.clone());
            }
            Lookup::NotChecked { registry, reason } => not_checked
                .entry((registry, reason))
                .or_default()
                .push(reference),
        }
    }
    if !missing.is_empty() {
        return Err(ImagesMissing { images: missing });
    }
    verdict.warnings = not_checked
        .into_iter()
        .map(|((registry, reason), images)| {
            let place = match registry {
                "" => String::new(),
                registry => format!(" in {registry}"),
            };
            format!(
                "{} image(s) could not be looked up{place} ({reason}), so whether the cluster can pull them is not known: {}",
                images.len(),
                images.join(", ")
            )
        })
        .collect();
    Ok(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGEST: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";

    fn not_checked(registry: &str, reason: &str) -> Lookup {
        Lookup::NotChecked {
            registry: registry.to_string(),
            reason: reason.to_string(),
        }
    }

    #[test]
    fn found_images_give_their_digests_and_unreachable_registries_one_warning_each() {
        let lookups = BTreeMap::from([
            (
                "127.0.0.1:5000/app:1".to_string(),
                Lookup::Found {
                    digest: DIGEST.to_string(),
                },
            ),
            (
                "nginx:1.27".to_string(),
                not_checked("docker.io", "no route"),
            ),
            ("busybox".to_string(), not_checked("docker.io", "no route")),
            (
                "quay.io/x:1".to_string(),
                not_checked("quay.io", "credentials"),
            ),
        ]);
        let verdict = judge(&lookups).unwrap();
        assert_eq!(verdict.digests["127.0.0.1:5000/app:1"], DIGEST);
        assert_eq!(verdict.digests.len(), 1);
        assert_eq!(
            verdict.warnings,
            [
                "2 image(s) could not be looked up in docker.io (no route), so whether the cluster can pull them is not known: busybox, nginx:1.27",
                "1 image(s) could not be looked up in quay.io (credentials), so whether the cluster can pull them is not known: quay.io/x:1",
            ]
        );
    }

    #[test]
    fn every_missing_image_is_named_at_once() {
        let lookups = BTreeMap::from([
            ("r.io/b:1".to_string(), Lookup::Missing),
            ("r.io/a:1".to_string(), Lookup::Missing),
            ("nginx".to_string(), not_checked("docker.io", "no route")),
        ]);
        let error = judge(&lookups).unwrap_err();
        assert_eq!(
            error.images,
            BTreeSet::from(["r.io/a:1".to_string(), "r.io/b:1".to_string()])
        );
        assert!(error.to_string().starts_with(
            "2 image(s) the plan runs do not exist in their registries, so the cluster could not pull them:\n  r.io/a:1\n  r.io/b:1\n"
        ));
        assert!(error.to_string().contains("`ImageCheck::Skip`"));
    }
}

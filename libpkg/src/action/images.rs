//! The preflight image check of install, upgrade and rollback: the plan's
//! images looked up in their registries, concurrently, before the plan is
//! shown (see [`crate::image_check`] for what the answers mean), and the
//! mirrored references that kept a tag pinned to the digest found.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use futures::StreamExt;

use super::PlanError;
use crate::image_check::{self, Lookup};
use crate::mirror::{ImageName, Rewrite};
use crate::object::Object;
use crate::plan::{Warning, WarningCode};
use crate::registry::{RegistryClient, RegistryError};

/// How many images of one registry are looked up at once.
const CONCURRENT_LOOKUPS: usize = 8;
/// How many registries are looked up in at once.
const CONCURRENT_REGISTRIES: usize = 4;

/// Whether a plan's images are looked up in their registries before it is shown.
#[derive(Debug, Clone, Default)]
pub enum ImageCheck {
    /// Each image's manifest is looked up (HEAD) through this client: images
    /// a registry does not have refuse the plan; ones that cannot be looked
    /// up from here are warnings.
    Registry(Arc<RegistryClient>),
    /// Not looked up (`--skip-image-check`): the plan warns that it was not.
    #[default]
    Skip,
}

/// Looks up every image of `objects` and `hooks`, and the listed-only
/// `extra` references (a bundle's `relatedImages`, as rewritten), then pins
/// what `rewrite` moved to a mirror by tag. Returns the plan's warnings.
pub(super) async fn check_images(
    check: &ImageCheck,
    objects: &mut [Object],
    hooks: &mut [Object],
    extra: &[String],
    rewrite: &mut Rewrite,
) -> Result<Vec<Warning>, PlanError> {
    let client = match check {
        ImageCheck::Registry(client) => client,
        ImageCheck::Skip => {
            let skipped = image_check::SKIPPED_WARNING;
            let mut warnings = vec![Warning::new(WarningCode::ImageNotChecked, skipped)];
            warnings.extend(unpinned_warning(rewrite));
            return Ok(warnings);
        }
    };
    let mut references: BTreeSet<String> = crate::permissions::images(objects)
        .into_iter()
        .chain(crate::permissions::images(hooks))
        .map(|image| image.reference)
        .collect();
    references.extend(
        extra
            .iter()
            .filter(|reference| !reference.is_empty())
            .map(|reference| {
                rewrite
                    .rewritten
                    .get(reference)
                    .unwrap_or(reference)
                    .clone()
            }),
    );
    let mut by_registry: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for reference in references {
        let registry = ImageName::parse(&reference).map_or_else(|_| String::new(), |n| n.registry);
        by_registry.entry(registry).or_default().push(reference);
    }
    let lookups: BTreeMap<String, Lookup> = futures::stream::iter(by_registry.into_values())
        .map(|references| look_up_in_one_registry(client, references))
        .buffer_unordered(CONCURRENT_REGISTRIES)
        .flat_map(futures::stream::iter)
        .collect()
        .await;
    let verdict = image_check::judge(&lookups)?;
    rewrite.pin(objects.iter_mut().chain(hooks.iter_mut()), &verdict.digests);
    let mut warnings: Vec<Warning> =
        Warning::all(WarningCode::ImageNotChecked, verdict.warnings).collect();
    warnings.extend(unpinned_warning(rewrite));
    Ok(warnings)
}

/// Looks up `references`, all in one registry: the first alone, then the
/// rest concurrently, unless the registry could not be reached for the
/// first; then none is tried again (an unreachable registry costs one
/// connection timeout per plan, not one per image) and all share its answer.
async fn look_up_in_one_registry(
    client: &RegistryClient,
    references: Vec<String>,
) -> Vec<(String, Lookup)> {
    let Some((first, rest)) = references.split_first() else {
        return Vec::new();
    };
    let (first_lookup, reachable) = match look_up(client, first).await {
        Ok(lookup) => (lookup, true),
        Err(unreachable) => (unreachable, false),
    };
    if !reachable {
        return references
            .iter()
            .map(|reference| (reference.clone(), first_lookup.clone()))
            .collect();
    }
    let mut lookups: Vec<(String, Lookup)> = futures::stream::iter(rest)
        .map(|reference| async move {
            let lookup = look_up(client, reference)
                .await
                .unwrap_or_else(|error| error);
            (reference.clone(), lookup)
        })
        .buffer_unordered(CONCURRENT_LOOKUPS)
        .collect()
        .await;
    lookups.push((first.clone(), first_lookup));
    lookups
}

/// Looks one image up in the registry its reference names; `Err` when the
/// registry itself could not be reached (no connection, no answer in time,
/// TLS failed), an answer that holds for every image of it.
async fn look_up(client: &RegistryClient, reference: &str) -> Result<Lookup, Lookup> {
    let name = match ImageName::parse(reference) {
        Ok(name) => name,
        Err(reason) => {
            return Ok(Lookup::NotChecked {
                registry: String::new(),
                reason,
            });
        }
    };
    match client.find_manifest(&name.oci_ref()).await {
        Ok(Some(digest)) => Ok(Lookup::Found { digest }),
        Ok(None) | Err(RegistryError::NotFound { .. }) => Ok(Lookup::Missing),
        Err(error) => {
            let registry_wide = matches!(
                error,
                RegistryError::Unreachable { .. }
                    | RegistryError::Timeout { .. }
                    | RegistryError::Tls { .. }
                    | RegistryError::UntrustedCertificate { .. }
            );
            let lookup = Lookup::NotChecked {
                registry: name.registry,
                reason: why_not_checked(error),
            };
            if registry_wide {
                Err(lookup)
            } else {
                Ok(lookup)
            }
        }
    }
}

/// A registry-wide reason an image was not looked up (no image name in it,
/// so one warning covers every image of the registry).
fn why_not_checked(error: RegistryError) -> String {
    match error {
        RegistryError::Unreachable { reason, .. } => {
            // The innermost causes say it ("dns error: … Name or service not
            // known", "tcp connect error: Connection refused"); the URL and
            // client layers above them do not.
            let causes: Vec<&str> = reason.rsplitn(3, ": ").collect();
            let innermost = match causes.as_slice() {
                [last, before, _] => format!("{before}: {last}"),
                _ => reason.clone(),
            };
            format!("cannot connect: {innermost}")
        }
        RegistryError::Timeout { seconds, .. } => {
            format!("it did not answer within {seconds} s")
        }
        RegistryError::Unauthorized { .. } => {
            "it asks for credentials this machine does not have, or refused them".to_string()
        }
        RegistryError::Status { status, .. } => format!("it answered HTTP {status}"),
        RegistryError::Tls { reason, .. } => format!("TLS failed: {reason}"),
        RegistryError::UntrustedCertificate { .. } => {
            "its TLS certificate is signed by a CA this machine does not trust (add it with --registry-ca-file)".to_string()
        }
        other => other.to_string(),
    }
}

/// The warning for mirrored images that still run by tag: the mirror's
/// tag could be moved after the review.
fn unpinned_warning(rewrite: &Rewrite) -> Option<Warning> {
    let unpinned = rewrite.unpinned();
    (!unpinned.is_empty()).then(|| {
        let message = format!(
            "{} mirrored image(s) run by tag, not pinned to a digest (they were not looked up in the mirror): {}",
            unpinned.len(),
            unpinned.into_iter().collect::<Vec<_>>().join(", ")
        );
        Warning::new(WarningCode::Mirror, message)
    })
}

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
use crate::once::OnceEach;
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
    Registry(RegistryLookups),
    /// Not looked up (`--skip-image-check`): the plan warns that it was not.
    #[default]
    Skip,
}

impl ImageCheck {
    /// Images looked up through `client`, each answer remembered for as
    /// long as this check (or a clone of it) lives.
    pub fn registry(client: Arc<RegistryClient>) -> ImageCheck {
        ImageCheck::Registry(RegistryLookups {
            client,
            answers: Arc::default(),
        })
    }
}

/// A registry client and the answers it gave, shared by clones: the
/// releases of a stack, planned at once, look each registry's reachability
/// and each image up once rather than once per release (twenty releases
/// probing one unreachable registry at the same moment also met the
/// resolver's five-second timeout here, where one probe did not).
#[derive(Debug, Clone)]
pub struct RegistryLookups {
    client: Arc<RegistryClient>,
    answers: Arc<Answers>,
}

/// Answers by registry and by image.
#[derive(Debug, Default)]
struct Answers {
    /// Per registry: `None` once it answered, else the answer for every
    /// image of it (it could not be reached).
    registries: OnceEach<String, Option<Lookup>>,
    /// Per image reference: its lookup, `Err` when the registry itself
    /// could not be reached.
    images: OnceEach<String, Result<Lookup, Lookup>>,
}

impl RegistryLookups {
    /// The lookup of one image, asked of its registry once.
    async fn image(&self, reference: &str) -> Result<Lookup, Lookup> {
        (self.answers.images)
            .get(&reference.to_string(), || look_up(&self.client, reference))
            .await
    }

    /// `None` when `registry` answers, else the answer for all its images:
    /// found by looking `first` up, once per registry.
    async fn unreachable(&self, registry: &str, first: &str) -> Option<Lookup> {
        (self.answers.registries)
            .get(&registry.to_string(), || async {
                self.image(first).await.err()
            })
            .await
    }
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
    let shared = match check {
        ImageCheck::Registry(shared) => shared,
        ImageCheck::Skip => {
            let skipped = image_check::skipped_warning();
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
    let lookups: BTreeMap<String, Lookup> = futures::stream::iter(by_registry)
        .map(|(registry, references)| look_up_in_one_registry(shared, registry, references))
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

/// Looks up `references`, all in `registry`: the first alone, then the
/// rest concurrently, unless the registry could not be reached for the
/// first; then none is tried again (an unreachable registry costs one
/// connection timeout per command, not one per image or per release) and
/// all share its answer.
async fn look_up_in_one_registry(
    lookups: &RegistryLookups,
    registry: String,
    references: Vec<String>,
) -> Vec<(String, Lookup)> {
    let Some(first) = references.first() else {
        return Vec::new();
    };
    if let Some(unreachable) = lookups.unreachable(&registry, first).await {
        return (references.into_iter())
            .map(|reference| (reference, unreachable.clone()))
            .collect();
    }
    futures::stream::iter(references)
        .map(|reference| async move {
            let lookup = lookups.image(&reference).await.unwrap_or_else(|e| e);
            (reference, lookup)
        })
        .buffer_unordered(CONCURRENT_LOOKUPS)
        .collect()
        .await
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
                reason: reason.to_string(),
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
            format!(
                "its TLS certificate is signed by a CA this machine does not trust (add it with {})",
                crate::remedy::Setting::RegistryCaFile
            )
        }
        other => crate::remedy::with_causes(&other),
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::registry::RegistryOptions;

    /// A "registry" on loopback that takes connections and closes them
    /// unanswered (so it cannot be reached); returns its address and how
    /// many connections it took.
    fn closing_registry() -> (String, Arc<AtomicUsize>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let accepted = Arc::new(AtomicUsize::new(0));
        let counter = accepted.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                counter.fetch_add(1, Ordering::SeqCst);
                drop(stream);
            }
        });
        (address, accepted)
    }

    /// One release's objects: a Deployment per image, images of its own.
    fn objects(registry: &str, release: usize) -> Vec<Object> {
        (0..3)
            .map(|n| {
                let manifest = serde_json::json!({
                    "apiVersion": "apps/v1", "kind": "Deployment",
                    "metadata": {"name": format!("app-{n}"), "namespace": format!("r{release}")},
                    "spec": {"template": {"spec": {"containers": [
                        {"name": "app", "image": format!("{registry}/r{release}/app-{n}:1.0")}
                    ]}}},
                });
                Object {
                    api_version: "apps/v1".to_string(),
                    kind: "Deployment".to_string(),
                    namespace: Some(format!("r{release}")),
                    name: format!("app-{n}"),
                    manifest: manifest.into(),
                }
            })
            .collect()
    }

    async fn check(check: &ImageCheck, registry: &str, release: usize) -> Vec<Warning> {
        let mut objects = objects(registry, release);
        check_images(check, &mut objects, &mut [], &[], &mut Rewrite::default())
            .await
            .unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn plans_sharing_a_check_probe_an_unreachable_registry_once() {
        let (registry, accepted) = closing_registry();
        let client = RegistryClient::new(RegistryOptions {
            plain_http: true,
            ..RegistryOptions::default()
        })
        .unwrap();
        let client = Arc::new(client);
        // One plan alone: its probe of the registry (retries included).
        let alone = check(&ImageCheck::registry(client.clone()), &registry, 0).await;
        assert!(alone[0].message.contains(&registry), "{alone:?}");
        let one_probe = accepted.swap(0, Ordering::SeqCst);
        assert!(one_probe >= 1);
        // Five plans of other images at once sharing one check, as a
        // stack's releases do: each warned alike, and still one probe.
        let shared = ImageCheck::registry(client);
        let plans = (1..=5).map(|release| check(&shared, &registry, release));
        for (release, warnings) in (1..).zip(futures::future::join_all(plans).await) {
            let reason = |w: &Warning| w.message.split_once(')').unwrap().0.to_string();
            assert_eq!(reason(&warnings[0]), reason(&alone[0]));
            assert!(
                warnings[0]
                    .message
                    .contains(&format!("{registry}/r{release}/app-2:1.0"))
            );
        }
        assert_eq!(accepted.load(Ordering::SeqCst), one_probe);
    }
}

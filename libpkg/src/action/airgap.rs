//! Air-gapped installs: [`bundle`] packages with every image they run and
//! the signatures of both; [`verify_bundle`] offline; [`import`] a bundle
//! into a registry byte for byte, returning the image copies a repository
//! records so that plans run them; [`import_bundle`], all of an import:
//! checked, pushed and recorded as a repository.

use std::collections::BTreeMap;
use std::path::Path;

use super::{PlanError, plan_offline};
use crate::airgap::{
    BundleError, Entry, EntryKind, Layout, LayoutError, MAX_BUNDLE_BYTES, Platform,
    PlatformSelection, needs, select_platforms,
};
use crate::archive::Limits;
use crate::mirror::{ImageName, MirroredImage, mirror_location};
use crate::plan::ReleaseId;
use crate::reference::{OciRef, PackageRef};
use crate::registry::{PulledImage, RawManifest, RegistryClient, RegistryError};
use crate::repositories::{Repositories, Repository, RepositoryError};
use crate::signature::bundle::{bundle_layer, bundle_referrers, referrers_tag};
use crate::signature::policy::{PolicyError, SignatureCheck, TrustPolicy, TrustRule};
use crate::signature::{SignatureError, signature_tag, signing_layers};
use crate::source::{FetchError, Fetched};

/// Why a bundle could not be made, verified or imported.
#[derive(Debug, thiserror::Error)]
pub enum AirgapError {
    /// A registry failed.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// The bundle file or its layout is at fault.
    #[error(transparent)]
    Bundle(#[from] BundleError),
    /// A package is not in an OCI registry, so it cannot be copied as is.
    #[error(
        "{reference}: only packages from OCI registries are bundled (push it to one first: {})",
        crate::remedy::Remedy::Push
    )]
    NotOci {
        /// The package's reference.
        reference: String,
    },
    /// A package did not render, so the images it runs are unknown.
    #[error("{reference}: cannot find the images it runs")]
    Render {
        /// The package's reference.
        reference: String,
        /// Why.
        source: Box<PlanError>,
    },
    /// An image reference cannot be copied.
    #[error("image {reference}")]
    Image {
        /// The reference as the package writes it.
        reference: String,
        /// Why.
        source: ImageError,
    },
    /// An entry of the bundle cannot be copied or loaded.
    #[error("{reference}")]
    Entry {
        /// The entry's reference, as the bundle records it.
        reference: String,
        /// Why.
        source: LayoutError,
    },
    /// An image a package runs could not be copied (its registry is not
    /// reachable from here, refuses the credentials, or lacks it): named with
    /// the package and the objects that run it, so the one to mirror first
    /// or to leave out is clear.
    #[error("image {image}, run by {users} of package {package}, cannot be bundled")]
    ImageCopy {
        /// The image as the package writes it.
        image: String,
        /// The objects that run it (`Deployment web`), or where the package names it.
        users: String,
        /// The package's reference.
        package: String,
        /// Why.
        source: Box<AirgapError>,
    },
    /// A package in the bundle does not load.
    #[error(transparent)]
    Package(#[from] FetchError),
    /// A signature the trust policy enforces does not verify.
    #[error(transparent)]
    Signature(#[from] SignatureError),
    /// An import's destination names a tag or digest: it is a prefix.
    #[error("{to}: a registry path, without a tag or digest")]
    Destination {
        /// The destination as given.
        to: String,
    },
    /// The repository an import records has no valid name.
    #[error("repository name {name:?}{}: {source}", if *.derived { " (the last segment of the destination's path; name the repository)" } else { "" })]
    RepositoryName {
        /// The name, given or taken from the destination's path.
        name: String,
        /// Whether it was taken from the destination's path.
        derived: bool,
        /// Why it is not a name.
        source: crate::names::NameError,
    },
    /// The import's signature rule cannot be kept for its packages.
    #[error(transparent)]
    Rule(#[from] PolicyError),
    /// The imported repository could not be recorded.
    #[error("recording repository {name}: {source}")]
    Record {
        /// The repository.
        name: String,
        /// Why.
        source: RepositoryError,
    },
}

/// Why an image reference cannot be copied, as the source of
/// [`AirgapError::Image`].
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// Not an image name.
    #[error(transparent)]
    Name(#[from] crate::mirror::ImageNameError),
    /// Its index has none of the platforms asked for, or does not parse.
    #[error(transparent)]
    Platforms(#[from] LayoutError),
}

/// One step of copying, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// A manifest or index was copied.
    Manifest,
    /// A blob of this many bytes was copied.
    Blob(u64),
    /// A blob of this many bytes was already there and was skipped.
    Skipped(u64),
}

/// What a bundle holds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleReport {
    /// Its index entries: packages, images, signatures.
    pub entries: Vec<Entry>,
    /// How many blobs (manifests included) it holds.
    pub blobs: usize,
    /// Their bytes together.
    pub bytes: u64,
}

/// Writes `packages` (fetched from OCI registries) into the bundle `out`:
/// each package artifact, every image its objects and metadata name (with
/// default configuration), every platform of a multi-platform image, and the
/// cosign signatures of each. Blobs stream through a staging directory
/// beside `out`; the same inputs give the same bytes.
pub async fn bundle(
    packages: &[Fetched],
    platforms: &[Platform],
    registry: &RegistryClient,
    out: &Path,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<BundleReport, AirgapError> {
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let staging = tempfile::Builder::new()
        .prefix(".kubectl-pkg-bundle")
        .tempdir_in(parent)
        .map_err(|source| BundleError::Io {
            path: parent.to_path_buf(),
            source,
        })?;
    let mut layout = Layout::create(staging.path())?;
    for fetched in packages {
        let reference = &fetched.source.reference;
        let location = OciRef::from_url(reference)
            .and_then(Result::ok)
            .ok_or_else(|| AirgapError::NotOci {
                reference: reference.clone(),
            })?;
        let tag = location
            .tag
            .clone()
            .unwrap_or_else(|| fetched.package.version.to_string().replace('+', "_"));
        let name = format!("{}/{}:{tag}", location.registry, location.repository);
        let top = registry.raw_manifest(&location).await?;
        copy_in(
            registry,
            &mut layout,
            &location,
            top,
            EntryKind::Package,
            &name,
            progress,
        )
        .await?;
        for (image, users) in images_of(fetched)? {
            copy_image(registry, &mut layout, &image, platforms, progress)
                .await
                .map_err(|source| AirgapError::ImageCopy {
                    image: image.clone(),
                    users,
                    package: reference.clone(),
                    source: Box::new(source),
                })?;
        }
    }
    layout.pack(out)?;
    report(&layout)
}

/// Copies one image (the platforms asked for) into `layout`.
async fn copy_image(
    registry: &RegistryClient,
    layout: &mut Layout,
    image: &str,
    platforms: &[Platform],
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<(), AirgapError> {
    let parsed = ImageName::parse(image).map_err(|error| AirgapError::Image {
        reference: image.to_string(),
        source: error.into(),
    })?;
    let location = parsed.oci_ref();
    let top = for_platforms(registry, &location, platforms, image).await?;
    copy_in(
        registry,
        layout,
        &location,
        top,
        EntryKind::Image,
        &parsed.to_string(),
        progress,
    )
    .await
}

/// The release a package is planned as to find its images (any would do).
fn bundle_release() -> ReleaseId {
    let name = "bundle";
    ReleaseId::new(
        name.parse().expect("a namespace"),
        name.parse().expect("a release name"),
    )
}

/// Every image a package runs: its rendered pod templates' and hooks'
/// (with default configuration), a bundle's `relatedImages`, and the images
/// its metadata lists; each with what runs it (`Deployment web, Job
/// migrate`), for errors.
fn images_of(fetched: &Fetched) -> Result<Vec<(String, String)>, AirgapError> {
    let reference = &fetched.source.reference;
    let plan =
        plan_offline(&fetched.package, &fetched.source, &bundle_release()).map_err(|source| {
            AirgapError::Render {
                reference: reference.clone(),
                source: Box::new(source),
            }
        })?;
    let hooks = plan
        .deferred_hooks
        .iter()
        .map(|hook| hook.to_object())
        .collect::<Vec<_>>();
    let mut images: Vec<String> = plan
        .images
        .iter()
        .map(|image| image.reference.clone())
        .chain(
            crate::permissions::images(&hooks)
                .into_iter()
                .map(|image| image.reference),
        )
        .chain(fetched.package.metadata.images.iter().cloned())
        .collect();
    images.sort();
    images.dedup();
    let objects: Vec<crate::object::Object> = plan
        .objects
        .iter()
        .map(|o| o.to_object())
        .chain(hooks)
        .collect();
    Ok(images
        .into_iter()
        .map(|image| {
            let users = users_of(&image, &objects);
            (image, users)
        })
        .collect())
}

/// The objects that run `image`, as `Kind name`; else where the package names it.
fn users_of(image: &str, objects: &[crate::object::Object]) -> String {
    let users: Vec<String> = objects
        .iter()
        .filter(|object| {
            crate::permissions::images(std::slice::from_ref(*object))
                .iter()
                .any(|i| i.reference == image)
        })
        .map(|object| format!("{} {}", object.kind, object.name))
        .collect();
    if users.is_empty() {
        "the package's image list".to_string()
    } else {
        users.join(", ")
    }
}

/// The manifest to bundle for the image at `location`: with `platforms`
/// given, a multi-platform image's own manifest for the one platform asked
/// for, or a smaller index of several; otherwise what the registry serves.
async fn for_platforms(
    registry: &RegistryClient,
    location: &OciRef,
    platforms: &[Platform],
    reference: &str,
) -> Result<RawManifest, AirgapError> {
    let top = registry.raw_manifest(location).await?;
    if platforms.is_empty() || !top.is_index() {
        return Ok(top);
    }
    let selection = select_platforms(&top, platforms).map_err(|error| AirgapError::Image {
        reference: reference.to_string(),
        source: error.into(),
    })?;
    Ok(match selection {
        PlatformSelection::All => top,
        PlatformSelection::Some(index) => index,
        PlatformSelection::One(digest) => {
            registry
                .raw_manifest(&location.with_digest(&digest))
                .await?
        }
    })
}

/// Copies the manifest `top` read from `location`, its blobs, its child
/// manifests if it is an index, and its classic signature if it has one,
/// into `layout` as entry `name`.
async fn copy_in(
    registry: &RegistryClient,
    layout: &mut Layout,
    location: &OciRef,
    top: RawManifest,
    kind: EntryKind,
    name: &str,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<(), AirgapError> {
    copy_tree(registry, layout, location, top.clone(), progress).await?;
    layout.add_entry(entry(kind, name, &top));
    let invalid = |error| RegistryError::malformed(name, "", error);
    let repository = name.split(['@']).next().unwrap_or(name);
    let repository = ImageName::parse(repository)
        .map(|n| n.location())
        .unwrap_or_else(|_| location.path());
    // Classic signatures, under their `sha256-<hex>.sig` tag.
    let tag = signature_tag(&top.digest).map_err(invalid)?;
    let signatures = location.with_tag(&tag);
    match registry.raw_manifest(&signatures).await {
        Ok(manifest) => {
            copy_tree(registry, layout, &signatures, manifest.clone(), progress).await?;
            layout.add_entry(entry(
                EntryKind::Signature,
                &format!("{repository}:{tag}"),
                &manifest,
            ));
        }
        Err(RegistryError::NotFound { .. }) => {}
        Err(error) => return Err(error.into()),
    }
    // Sigstore bundle referrers, as the referrers fallback tag's index.
    if let Some(index) = registry
        .bundle_referrers_index(location, &top.digest)
        .await?
    {
        copy_tree(registry, layout, location, index.clone(), progress).await?;
        let tag = referrers_tag(&top.digest).map_err(invalid)?;
        layout.add_entry(entry(
            EntryKind::Signature,
            &format!("{repository}:{tag}"),
            &index,
        ));
    }
    Ok(())
}

/// Copies a manifest, its blobs and (for an index) its child manifests.
async fn copy_tree(
    registry: &RegistryClient,
    layout: &mut Layout,
    location: &OciRef,
    top: RawManifest,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<(), AirgapError> {
    let invalid = |source: LayoutError| AirgapError::Entry {
        reference: location.to_string(),
        source,
    };
    let mut pending = vec![top];
    while let Some(manifest) = pending.pop() {
        let needs = needs(&manifest).map_err(invalid)?;
        for (digest, size) in needs.blobs {
            if layout.has_blob(&digest) {
                continue;
            }
            let path = layout.blob_path(&digest).map_err(invalid)?;
            registry
                .download_blob(location, &digest, size, &path)
                .await?;
            progress(Copied::Blob(size));
        }
        for (child, _) in needs.manifests {
            pending.push(registry.raw_manifest(&location.with_digest(&child)).await?);
        }
        layout.put_manifest(&manifest)?;
        progress(Copied::Manifest);
    }
    Ok(())
}

fn entry(kind: EntryKind, reference: &str, manifest: &RawManifest) -> Entry {
    Entry {
        kind,
        reference: reference.to_string(),
        media_type: manifest.media_type.clone(),
        digest: manifest.digest.clone(),
        size: manifest.bytes.len() as u64,
    }
}

fn report(layout: &Layout) -> Result<BundleReport, AirgapError> {
    let (blobs, bytes) = layout.blob_totals()?;
    Ok(BundleReport {
        entries: layout.entries().iter().cloned().collect(),
        blobs,
        bytes,
    })
}

/// What `verify_bundle` checked.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// The bundle's contents.
    pub contents: BundleReport,
    /// The signature checks the trust policy asked for, one per package or
    /// image it covers.
    pub signatures: Vec<SignatureCheck>,
    /// Each package that loaded and rendered, as `name version`.
    pub packages: Vec<String>,
}

/// Checks the bundle `bundle` offline, unpacking it into `work`: every blob
/// against its digest, every manifest complete (see [`Layout::unpack`]),
/// then as [`verify_layout`] does.
pub fn verify_bundle(
    bundle: &Path,
    work: &Path,
    trust: &TrustPolicy,
    limits: Limits,
    max_bytes: u64,
) -> Result<Verification, AirgapError> {
    verify_layout(&Layout::unpack(bundle, work, max_bytes)?, trust, limits)
}

/// Checks an unpacked bundle: the signatures `trust` asks for, against the
/// bundle's own signature manifests (an `enforce` rule that fails is an
/// error), and that every package loads and renders.
pub fn verify_layout(
    layout: &Layout,
    trust: &TrustPolicy,
    limits: Limits,
) -> Result<Verification, AirgapError> {
    let invalid = |reason: String| layout.invalid(reason);
    let signed: BTreeMap<&str, &Entry> = layout
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Signature)
        .map(|e| (e.reference.as_str(), e))
        .collect();
    let mut signatures = Vec::new();
    let mut packages = Vec::new();
    for entry in layout.entries() {
        if entry.kind == EntryKind::Signature {
            continue;
        }
        let location = location_of(entry).map_err(invalid)?;
        let repository = OciRef {
            tag: None,
            digest: None,
            ..location.clone()
        };
        let (layers, bundles) = if trust.needs_signatures(&repository) {
            let signature = |tag: String| {
                signed
                    .get(format!("{}/{}:{tag}", location.registry, location.repository).as_str())
                    .copied()
            };
            let layers =
                match signature(signature_tag(&entry.digest).map_err(|e| layout.broken(e))?) {
                    Some(signature) => signature_layers(layout, signature).map_err(invalid)?,
                    None => Vec::new(),
                };
            let bundles =
                match signature(referrers_tag(&entry.digest).map_err(|e| layout.broken(e))?) {
                    Some(referrers) => {
                        bundle_layers(layout, referrers, &entry.digest).map_err(invalid)?
                    }
                    None => Vec::new(),
                };
            (layers, bundles)
        } else {
            (Vec::new(), Vec::new())
        };
        if let Some(check) = trust.judge_all(&repository, &entry.digest, &layers, &bundles)? {
            signatures.push(check);
        }
        if entry.kind == EntryKind::Package {
            let fetched = load_package(layout, entry, &location, trust, limits)?;
            plan_offline(&fetched.package, &fetched.source, &bundle_release()).map_err(
                |source| AirgapError::Render {
                    reference: entry.reference.clone(),
                    source: Box::new(source),
                },
            )?;
            packages.push(format!(
                "{} {}",
                fetched.package.metadata.name, fetched.package.version
            ));
        }
    }
    Ok(Verification {
        contents: report(layout)?,
        signatures,
        packages,
    })
}

/// The registry location an entry was copied from.
fn location_of(entry: &Entry) -> Result<OciRef, String> {
    let name = ImageName::parse(&entry.reference).map_err(|e| crate::remedy::with_causes(&e))?;
    Ok(OciRef {
        registry: name.registry,
        repository: name.repository,
        tag: name.tag,
        digest: None,
    })
}

/// The simple-signing layers of a signature entry, payloads read from the layout.
fn signature_layers(
    layout: &Layout,
    signature: &Entry,
) -> Result<Vec<crate::signature::SignatureLayer>, String> {
    let manifest = layout
        .manifest(&signature.digest, &signature.media_type)
        .map_err(|e| crate::remedy::with_causes(&e))?;
    let document: serde_json::Value =
        serde_json::from_slice(&manifest.bytes).map_err(|e| crate::remedy::with_causes(&e))?;
    let raw = document
        .get("layers")
        .and_then(serde_json::Value::as_array)
        .cloned()
        .unwrap_or_default();
    signing_layers(&raw)
        .map_err(|e| crate::remedy::with_causes(&e))?
        .into_iter()
        .map(|layer| {
            if layer.size > crate::signature::MAX_PAYLOAD_BYTES {
                return Err(format!("signature payload {} is too large", layer.digest));
            }
            let path = layout
                .blob_path(&layer.digest)
                .map_err(|e| crate::remedy::with_causes(&e))?;
            let payload = std::fs::read(path)
                .map_err(|e| format!("signature payload {}: {e}", layer.digest))?;
            Ok(layer.with_payload(payload))
        })
        .collect()
}

/// The Sigstore bundles a referrers index entry lists for `digest`, read
/// from the layout (each referrer's subject must be `digest`).
fn bundle_layers(
    layout: &Layout,
    referrers: &Entry,
    digest: &str,
) -> Result<Vec<crate::signature::bundle::BundleLayer>, String> {
    let index = layout
        .manifest(&referrers.digest, &referrers.media_type)
        .map_err(|e| crate::remedy::with_causes(&e))?;
    let index: serde_json::Value =
        serde_json::from_slice(&index.bytes).map_err(|e| crate::remedy::with_causes(&e))?;
    bundle_referrers(&index)
        .map_err(|e| crate::remedy::with_causes(&e))?
        .into_iter()
        .map(|referrer| {
            let manifest = layout
                .manifest(&referrer, "application/vnd.oci.image.manifest.v1+json")
                .map_err(|e| crate::remedy::with_causes(&e))?;
            let manifest: serde_json::Value = serde_json::from_slice(&manifest.bytes)
                .map_err(|e| crate::remedy::with_causes(&e))?;
            let (layer, size) =
                bundle_layer(&manifest, digest).map_err(|e| crate::remedy::with_causes(&e))?;
            if size > crate::signature::bundle::MAX_BUNDLE_BYTES {
                return Err(format!("Sigstore bundle {layer} is too large"));
            }
            let path = layout
                .blob_path(&layer)
                .map_err(|e| crate::remedy::with_causes(&e))?;
            let bytes = std::fs::read(path).map_err(|e| format!("Sigstore bundle {layer}: {e}"))?;
            Ok(crate::signature::bundle::BundleLayer {
                digest: layer,
                bytes,
            })
        })
        .collect()
}

/// A package entry of the bundle, loaded as if pulled from where it was copied from.
fn load_package(
    layout: &Layout,
    entry: &Entry,
    location: &OciRef,
    trust: &TrustPolicy,
    limits: Limits,
) -> Result<Fetched, AirgapError> {
    let invalid = |source: LayoutError| AirgapError::Entry {
        reference: entry.reference.clone(),
        source,
    };
    let manifest = layout
        .manifest(&entry.digest, &entry.media_type)
        .map_err(invalid)?;
    let parsed = crate::registry::parse_manifest(&manifest.bytes).map_err(|reason| {
        invalid(LayoutError::ManifestInvalid {
            digest: entry.digest.clone(),
            reason,
        })
    })?;
    let read = |digest: &str| {
        let path = layout.blob_path(digest).map_err(invalid)?;
        std::fs::read(path).map_err(|source| {
            invalid(LayoutError::BlobIo {
                digest: digest.to_string(),
                source,
            })
        })
    };
    let config = read(&parsed.config.digest)?;
    let layers = parsed
        .layers
        .iter()
        .map(|layer| read(&layer.digest))
        .collect::<Result<Vec<_>, _>>()?;
    let image = PulledImage {
        digest: manifest.digest.clone(),
        manifest: parsed,
        config,
        layers,
    };
    let reference = PackageRef::Oci(location.clone());
    let request = crate::source::FetchRequest {
        reference: &reference,
        constraint: None,
        devel: false,
        limits,
        channel: None,
        installed: None,
        force_upgrade: false,
        trust,
        allow_unverified: false,
    };
    let repository = OciRef {
        tag: None,
        ..location.clone()
    };
    Ok(crate::source::from_image(
        &image,
        location,
        &repository,
        Vec::new(),
        &request,
    )?)
}

/// What `import` did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    /// Where the packages are now: an OCI repository prefix (`oci://TO/packages`).
    pub packages: String,
    /// The package references pushed, `oci://…:TAG`.
    pub package_references: Vec<String>,
    /// The image copies, for the repository's image mapping.
    pub images: Vec<MirroredImage>,
    /// Blobs sent, and blobs the registry already had.
    pub blobs_sent: usize,
    /// Blobs skipped because the registry had them.
    pub blobs_skipped: usize,
}

/// Imports an unpacked bundle (see [`Layout::unpack`], which refuses a
/// damaged one before anything is pushed) into the registry prefix `to`
/// (`host[:port]/path`): packages go to
/// `TO/packages/NAME:TAG`, images to `TO/images/PATH` (their original path),
/// signatures beside what they sign. Manifests and blobs are sent unchanged,
/// so digests stay the same; blobs the registry has are skipped, so an
/// interrupted import resumes where it stopped.
pub async fn import(
    layout: &Layout,
    to: &OciRef,
    registry: &RegistryClient,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<Imported, AirgapError> {
    let invalid = |reason: String| layout.invalid(reason);
    let prefix = format!("{}/{}", to.registry, to.repository)
        .trim_end_matches('/')
        .to_string();
    // Where each copied repository goes, by its original location.
    let mut destinations: BTreeMap<String, String> = BTreeMap::new();
    let mut imported = Imported {
        packages: format!("oci://{prefix}/packages"),
        package_references: Vec::new(),
        images: Vec::new(),
        blobs_sent: 0,
        blobs_skipped: 0,
    };
    let mut ordered: Vec<&Entry> = layout.entries().iter().collect();
    // Signatures last: their destination is what they sign's.
    ordered.sort_by_key(|e| e.kind == EntryKind::Signature);
    for entry in ordered {
        let original = ImageName::parse(&entry.reference).map_err(|source| {
            layout.broken(LayoutError::EntryName {
                reference: entry.reference.clone(),
                source,
            })
        })?;
        let destination =
            match entry.kind {
                EntryKind::Package => {
                    let name = original.repository.rsplit('/').next().unwrap_or_default();
                    format!("{prefix}/packages/{name}")
                }
                EntryKind::Image => mirror_location(&prefix, &original),
                EntryKind::Signature => destinations
                    .get(&original.location())
                    .cloned()
                    .ok_or_else(|| {
                        invalid(format!(
                            "signature {} signs nothing in the bundle",
                            entry.reference
                        ))
                    })?,
            };
        destinations.insert(original.location(), destination.clone());
        let target = OciRef::parse(&destination).map_err(|source| {
            layout.broken(LayoutError::Destination {
                destination: destination.clone(),
                source,
            })
        })?;
        let target = match &original.tag {
            Some(tag) => target.with_tag(tag),
            None => target,
        };
        push_tree(layout, entry, &target, registry, &mut imported, progress).await?;
        match entry.kind {
            EntryKind::Package => imported.package_references.push(target.to_string()),
            EntryKind::Image => imported.images.push(MirroredImage {
                original: entry.reference.clone(),
                mirror: destination,
                digest: entry.digest.clone(),
            }),
            EntryKind::Signature => {}
        }
    }
    Ok(imported)
}

/// Pushes an entry's blobs, child manifests (by digest) and manifest (by
/// `target`'s tag, else its digest).
async fn push_tree(
    layout: &Layout,
    entry: &Entry,
    target: &OciRef,
    registry: &RegistryClient,
    imported: &mut Imported,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<(), AirgapError> {
    let invalid = |source: LayoutError| AirgapError::Entry {
        reference: entry.reference.clone(),
        source,
    };
    let top = layout
        .manifest(&entry.digest, &entry.media_type)
        .map_err(invalid)?;
    // Children before parents: a registry may refuse an index whose
    // manifests it does not have.
    let mut order = vec![top];
    let mut index = 0;
    while index < order.len() {
        for (child, _) in needs(&order[index]).map_err(invalid)?.manifests {
            let manifest = layout
                .manifest(&child, "application/vnd.oci.image.manifest.v1+json")
                .map_err(invalid)?;
            order.push(manifest);
        }
        index += 1;
    }
    let untagged = OciRef {
        tag: None,
        digest: None,
        ..target.clone()
    };
    for (position, manifest) in order.iter().enumerate().rev() {
        for (digest, size) in needs(manifest).map_err(invalid)?.blobs {
            let path = layout.blob_path(&digest).map_err(invalid)?;
            if registry
                .upload_blob(&untagged, &digest, size, &path)
                .await?
            {
                imported.blobs_sent += 1;
                progress(Copied::Blob(size));
            } else {
                imported.blobs_skipped += 1;
                progress(Copied::Skipped(size));
            }
        }
        let at = if position == 0 { target } else { &untagged };
        registry.upload_manifest(at, manifest).await?;
        progress(Copied::Manifest);
    }
    Ok(())
}

/// All of an import ([`import_bundle`]): which bundle, where it goes, and
/// the repository it becomes.
#[derive(Debug, Clone)]
pub struct ImportRequest<'a> {
    /// The bundle file.
    pub bundle: &'a Path,
    /// Where to push: a registry prefix, without tag or digest.
    pub to: &'a OciRef,
    /// The repository to record; the last segment of `to`'s path when `None`.
    pub repository: Option<String>,
    /// A signature rule the bundle's packages must meet, checked before
    /// anything is pushed and kept as the new repository's rule.
    pub rule: Option<TrustRule>,
    /// Limits on what the bundle's packages may hold.
    pub limits: Limits,
}

/// What [`import_bundle`] did: the copies, and the repository recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedRepository {
    /// The repository's name.
    pub name: String,
    /// What was pushed.
    pub imported: Imported,
}

/// Imports the bundle of `request` as a repository: unpacked into `work`
/// (a damaged bundle is refused before anything is pushed), checked as
/// [`verify_layout`] checks it under `trust` and the request's rule,
/// pushed as [`import`] pushes it, then recorded in `repositories` with
/// the image copies its packages run. Nothing is pushed or recorded unless
/// every check passes.
pub async fn import_bundle(
    request: &ImportRequest<'_>,
    work: &Path,
    repositories: &mut Repositories,
    mut trust: TrustPolicy,
    registry: &RegistryClient,
    progress: &(dyn Fn(Copied) + Sync),
) -> Result<ImportedRepository, AirgapError> {
    let to = request.to;
    if to.tag.is_some() || to.digest.is_some() {
        return Err(AirgapError::Destination { to: to.to_string() });
    }
    let name = match &request.repository {
        Some(name) => name.clone(),
        None => (to.repository.rsplit('/').next())
            .unwrap_or_default()
            .to_string(),
    };
    crate::names::validate_dns_label(&name).map_err(|source| AirgapError::RepositoryName {
        name: name.clone(),
        derived: request.repository.is_none(),
        source,
    })?;
    let layout = Layout::unpack(request.bundle, work, MAX_BUNDLE_BYTES)?;
    if let Some(rule) = &request.rule {
        for entry in layout.entries() {
            if entry.kind == EntryKind::Package {
                let location = ImageName::parse(&entry.reference)
                    .map_err(|source| {
                        layout.broken(LayoutError::EntryName {
                            reference: entry.reference.clone(),
                            source,
                        })
                    })?
                    .location();
                trust.add("the import's signature rule", &location, rule)?;
            }
        }
    }
    verify_layout(&layout, &trust, request.limits)?;
    let imported = import(&layout, to, registry, progress).await?;
    let repository = Repository {
        name: name.clone(),
        url: imported.packages.clone(),
        verify: request.rule.clone(),
        images: imported.images.clone(),
    };
    (repositories.record_import(repository)).map_err(|source| AirgapError::Record {
        name: name.clone(),
        source,
    })?;
    Ok(ImportedRepository { name, imported })
}

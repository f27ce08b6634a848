//! Carvel PackageRepositories as repositories: a directory of the
//! PackageRepository layout (`packages/**.yml`, `.imgpkg/images.yml`) or an
//! imgpkg bundle (an image whose config carries the
//! [`BUNDLE_LABEL`]), pinned by digest; a
//! package chosen by `refName` and version constraint, its fetch steps
//! (`imgpkgBundle`, `image`, `inline`, `http`, `helmChart`) fetched by
//! digest or checksum with every blob verified, and the ytt that renders it
//! identified.

use std::path::Path;

use serde_json::Value;
use sha2::Digest;

use super::{FetchError, FetchRequest, Fetched, Source, unpack_layers};
use crate::carvel::{
    self, BUNDLE_LABEL, CarvelError, CarvelPackage, Fetch, Repository, TemplateStep,
};
use crate::package::{Content, Files, Limits, Package, PackageMetadata, ParsedOnce};
use crate::reference::OciRef;
use crate::registry::{PulledImage, RegistryClient};
use crate::signature::policy::SignatureCheck;

/// A PackageRepository read once for a request, pinned.
#[derive(Debug, Clone)]
pub struct LoadedRepository {
    /// The configured repository's name.
    pub name: String,
    /// The bundle pinned by digest (`oci://…@sha256:…`), or the directory.
    pub reference: String,
    /// The bundle's manifest digest; `None` for a directory.
    pub digest: Option<String>,
    /// Its packages.
    pub content: Repository,
    /// The bundle's signature check, when the trust policy covers it.
    pub signatures: Vec<crate::signature::policy::SignatureCheck>,
}

/// Whether a directory is a PackageRepository's (it has `packages/`).
pub fn is_repository_dir(dir: &Path) -> bool {
    dir.join("packages").is_dir()
}

/// Whether an image's config carries imgpkg's bundle label.
pub fn is_bundle(config: &[u8]) -> bool {
    serde_json::from_slice::<Value>(config)
        .ok()
        .and_then(|config| config.pointer("/config/Labels").cloned())
        .and_then(|labels| labels.get(BUNDLE_LABEL).cloned())
        .is_some()
}

/// Reads a PackageRepository directory.
pub fn load_dir(name: &str, dir: &Path, limits: &Limits) -> Result<LoadedRepository, FetchError> {
    let files = crate::package::read_directory(dir, limits)?;
    let shown = dir.display().to_string();
    Ok(LoadedRepository {
        name: name.to_string(),
        content: Repository::from_files(&files, &shown).map_err(other)?,
        reference: shown,
        digest: None,
        signatures: Vec::new(),
    })
}

/// Reads a PackageRepository bundle already pulled by digest.
pub fn load_bundle(
    name: &str,
    pinned: &OciRef,
    digest: &str,
    pulled: &PulledImage,
    limits: &Limits,
) -> Result<LoadedRepository, FetchError> {
    let files = unpack_layers(&pulled.layers, pinned, limits)?;
    Ok(LoadedRepository {
        name: name.to_string(),
        content: Repository::from_files(&files, &pinned.to_string()).map_err(other)?,
        reference: pinned.to_string(),
        digest: Some(digest.to_string()),
        signatures: Vec::new(),
    })
}

fn other(error: CarvelError) -> FetchError {
    FetchError::Carvel(error)
}

/// Chooses `name` in a loaded repository by `--version` as
/// `versionSelection` does, refuses steps kubectl-pkg does not run, fetches
/// its content and finds ytt if its templates need it.
pub async fn fetch(
    loaded: &LoadedRepository,
    name: &str,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    let (chosen, resolution) = loaded
        .content
        .resolve(name, request.constraint, request.devel, &loaded.reference)
        .map_err(other)?;
    let chosen = chosen.clone();
    let id = chosen.id();
    for (index, step) in chosen.fetch.iter().enumerate() {
        if let Fetch::Unsupported { step, why } = &step.kind {
            return Err(other(CarvelError::Unsupported {
                package: id.clone(),
                stage: "fetch",
                index,
                step: step.clone(),
                why: why.clone(),
            }));
        }
    }
    for (index, step) in chosen.template.iter().enumerate() {
        if let TemplateStep::Unsupported { step, why } = step {
            return Err(other(CarvelError::Unsupported {
                package: id.clone(),
                stage: "template",
                index,
                step: step.clone(),
                why: why.clone(),
            }));
        }
    }
    let several = chosen.fetch.len() > 1;
    let mut files = Files::new();
    let mut fetched = Vec::new();
    let mut signatures = loaded.signatures.clone();
    for (index, step) in chosen.fetch.iter().enumerate() {
        let prefix = match (&step.path, several) {
            (Some(path), _) => format!("{}/", path.trim_end_matches('/')),
            (None, true) => format!("{index}/"),
            (None, false) => String::new(),
        };
        let (content, description) = match &step.kind {
            Fetch::ImgpkgBundle { image } => {
                let (files, description, check) =
                    fetch_image(loaded, &id, index, image, true, request, registry).await?;
                signatures.extend(check);
                (files, description)
            }
            Fetch::Image { url, sub_path } => {
                let (files, description, check) =
                    fetch_image(loaded, &id, index, url, false, request, registry).await?;
                signatures.extend(check);
                match sub_path {
                    None => (files, description),
                    Some(sub) => {
                        let sub = format!("{}/", sub.trim_end_matches('/'));
                        let files = files
                            .into_iter()
                            .filter_map(|(p, d)| Some((p.strip_prefix(&sub)?.to_string(), d)))
                            .collect();
                        (files, format!("{description} subPath {sub}"))
                    }
                }
            }
            Fetch::Http {
                url,
                sha256,
                sub_path,
            } => {
                let body = registry
                    .get_url(url, "http fetch step", request.limits.max_total_bytes)
                    .await?;
                let actual = hex::encode(sha2::Sha256::digest(&body));
                if &actual != sha256 {
                    return Err(other(CarvelError::Invalid {
                        origin: loaded.reference.clone(),
                        file: format!("Package {id} fetch[{index}] http"),
                        reason: format!(
                            "{url} has sha256 {actual}, not the {sha256} the step pins"
                        ),
                    }));
                }
                let path = url::Url::parse(url)
                    .map(|u| u.path().to_string())
                    .unwrap_or_default();
                let mut files = Files::new();
                if path.ends_with(".tgz") || path.ends_with(".tar.gz") {
                    crate::archive::unpack_into(&mut files, &body, &request.limits).map_err(
                        |source| crate::package::PackageError::Archive {
                            origin: url.clone(),
                            source,
                        },
                    )?;
                } else {
                    let name = path
                        .rsplit('/')
                        .next()
                        .filter(|n| !n.is_empty())
                        .unwrap_or("file");
                    files.insert(name.to_string(), body.into());
                }
                let files = match sub_path {
                    None => files,
                    Some(sub) => {
                        let sub = format!("{}/", sub.trim_end_matches('/'));
                        files
                            .into_iter()
                            .filter_map(|(p, d)| Some((p.strip_prefix(&sub)?.to_string(), d)))
                            .collect()
                    }
                };
                (files, format!("http {url} sha256:{sha256}"))
            }
            Fetch::HelmChart {
                name,
                version,
                repository,
            } => {
                let constraint = crate::version::Constraint::parse(version).map_err(|error| {
                    other(CarvelError::Unreadable {
                        origin: loaded.reference.clone(),
                        file: format!("Package {id} fetch[{index}] helmChart: version {version:?}"),
                        source: error.into(),
                    })
                })?;
                let chart_request = FetchRequest {
                    constraint: Some(&constraint),
                    ..request.clone()
                };
                let index_file = super::chart_repository::ChartIndex::load(
                    repository,
                    registry,
                    &request.limits,
                )
                .await?;
                let chart = index_file.fetch(name, &chart_request, registry).await?;
                (
                    chart.package.files,
                    format!("helmChart {}", chart.source.reference),
                )
            }
            Fetch::Inline { paths } => (
                paths
                    .iter()
                    .map(|(p, d)| (p.clone(), d.clone().into_bytes().into()))
                    .collect(),
                "inline".to_string(),
            ),
            Fetch::Unsupported { .. } => unreachable!("refused above"),
        };
        files.extend(
            content
                .into_iter()
                .map(|(path, data)| (format!("{prefix}{path}"), data)),
        );
        fetched.push(description);
    }
    let needs_ytt = chosen.template.iter().any(|step| {
        matches!(step, TemplateStep::Ytt(ytt) if crate::formats::carvel::ytt_needed(ytt, &files))
    });
    let ytt = if needs_ytt {
        Some(carvel::ytt::find().map_err(|reason| {
            other(CarvelError::YttMissing {
                package: id.clone(),
                reason: reason.to_string(),
            })
        })?)
    } else {
        None
    };
    let described = loaded.content.metadata.get(name).cloned();
    let mut metadata = PackageMetadata::synthesized(&chosen.ref_name, &chosen.version.to_string());
    if let Some(described) = &described {
        metadata.description = if described.short_description.is_empty() {
            described.display_name.clone()
        } else {
            described.short_description.clone()
        };
    }
    let version = chosen.version.clone();
    let skipped = loaded.content.skipped_of(name);
    let reference = format!(
        "{}#{}.{}",
        loaded.reference, chosen.ref_name, chosen.version
    );
    let package = Package {
        metadata,
        version,
        files,
        content: Content::Carvel(Box::new(CarvelPackage {
            package: chosen,
            metadata: described,
            repository: loaded.reference.clone(),
            repository_digest: loaded.digest.clone(),
            fetched,
            ytt,
            skipped: skipped.clone(),
        })),
        parsed: ParsedOnce::default(),
        limits: request.limits,
    };
    let mut source = Source::local(&reference);
    source.constraint = request.constraint.map(ToString::to_string);
    source.candidates = resolution.candidates;
    source.signatures = signatures;
    source.warnings.extend(skipped.iter().map(|skipped| {
        format!(
            "{}: skipped, as kapp-controller refuses it: {skipped}",
            loaded.reference
        )
    }));
    Ok(Fetched {
        package,
        source,
        channels: Vec::new(),
    })
}

/// Fetches an image of a fetch step by digest: a tag is resolved once, the
/// manifest and every blob verified; an `imgpkgBundle` must carry the
/// bundle label. The repository's image lock relocates it when it lists it.
/// Its signatures are checked before it is pulled.
async fn fetch_image(
    loaded: &LoadedRepository,
    id: &str,
    index: usize,
    image: &str,
    bundle: bool,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<(Files, String, Option<SignatureCheck>), FetchError> {
    let step = if bundle { "imgpkgBundle" } else { "image" };
    let invalid = |reason: String| {
        other(CarvelError::Invalid {
            origin: loaded.reference.clone(),
            file: format!("Package {id} fetch[{index}] {step}"),
            reason,
        })
    };
    let image = loaded
        .content
        .images_lock
        .images
        .get(image)
        .map_or(image, String::as_str);
    let target = OciRef::parse(image).map_err(|error| {
        other(CarvelError::Unreadable {
            origin: loaded.reference.clone(),
            file: format!("Package {id} fetch[{index}] {step}: {image:?}"),
            source: error.into(),
        })
    })?;
    let digest = registry.resolve_digest(&target).await?;
    let check = super::signatures::check(request.trust, registry, &target, &digest).await?;
    let pinned = target.with_digest(&digest);
    let max_blob_bytes = request.limits.max_total_bytes.saturating_mul(2);
    let pulled = registry.pull(&target, &digest, max_blob_bytes).await?;
    if bundle && !is_bundle(&pulled.config) {
        return Err(invalid(format!(
            "{pinned} is not an imgpkg bundle: its config has no {BUNDLE_LABEL} label"
        )));
    }
    let files = unpack_layers(&pulled.layers, &pinned, &request.limits)?;
    Ok((files, format!("{step} {pinned}"), check))
}

/// Reads a configured repository when it is a Carvel PackageRepository (a
/// directory with `packages/`, or an image carrying the bundle label);
/// `None` for any other kind. For listings (completion): what `fetch`
/// resolves against.
pub async fn load(
    repository: &crate::repositories::Repository,
    registry: &RegistryClient,
    limits: &Limits,
) -> Result<Option<LoadedRepository>, FetchError> {
    use crate::repositories::CatalogLocation;
    match repository.catalog() {
        Some(CatalogLocation::Directory(dir)) if is_repository_dir(&dir) => {
            Ok(Some(load_dir(&repository.name, &dir, limits)?))
        }
        Some(CatalogLocation::Image(image)) => {
            let digest = registry.resolve_digest(&image).await?;
            let pulled = registry
                .pull(&image, &digest, limits.max_total_bytes.saturating_mul(2))
                .await?;
            if !is_bundle(&pulled.config) {
                return Ok(None);
            }
            let pinned = image.with_digest(&digest);
            Ok(Some(load_bundle(
                &repository.name,
                &pinned,
                &digest,
                &pulled,
                limits,
            )?))
        }
        _ => Ok(None),
    }
}

impl LoadedRepository {
    /// What `repo add` and `repo update` say of it besides its package
    /// count: each Package skipped, and why.
    pub fn skipped_note(&self) -> String {
        let skipped = &self.content.skipped;
        if skipped.is_empty() {
            return String::new();
        }
        let listed: Vec<String> = skipped.iter().map(|s| format!("\n  {s}")).collect();
        format!(
            "; {} Package(s) skipped, as kapp-controller refuses them (the others are usable):{}",
            skipped.len(),
            listed.concat()
        )
    }

    /// The versions of package `name`, newest first (none if it has none).
    pub fn versions(&self, name: &str) -> Vec<String> {
        self.content
            .packages
            .get(name)
            .into_iter()
            .flatten()
            .map(|package| package.version.to_string())
            .collect()
    }
}

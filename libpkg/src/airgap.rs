//! Air-gap bundles: packages, the images they run and their signatures in
//! one OCI image layout (`oci-layout`, `index.json`, `blobs/sha256/…`)
//! packed in a tar file.
//!
//! The layout is staged in a directory, blob by blob, so nothing is held
//! whole in memory, and packed deterministically: the same contents give the
//! same bytes (sorted entries, no times, owners or modes from the machine).
//! Reading a bundle back unpacks it under the same rules a package archive
//! obeys: only the layout's own paths, regular files, capped sizes and
//! counts, every blob checked against its name while it is written, and
//! every manifest's blobs present.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::registry::RawManifest;

/// `index.json`'s annotation naming what an entry was copied from.
pub const REF_NAME: &str = "org.opencontainers.image.ref.name";
/// `index.json`'s annotation saying what an entry is: [`EntryKind`].
pub const KIND: &str = "dev.kubectl-pkg.kind";
/// The most entries (files and directories) a bundle may hold.
pub const MAX_ENTRIES: usize = 100_000;
/// The most bytes a bundle's files may hold together by default.
pub const MAX_BUNDLE_BYTES: u64 = 256 << 30;
/// The largest `index.json` or manifest accepted.
pub const MAX_DOCUMENT_BYTES: u64 = crate::registry::MAX_DOCUMENT_BYTES;

/// What an entry of the bundle's index is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// A package artifact.
    Package,
    /// A container image (manifest or multi-platform index).
    Image,
    /// A cosign signature manifest of a package or image.
    Signature,
}

impl EntryKind {
    /// Its name in `index.json`.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Package => "package",
            EntryKind::Image => "image",
            EntryKind::Signature => "signature",
        }
    }
}

/// One entry of the bundle's index: a manifest and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// What it is.
    pub kind: EntryKind,
    /// The reference it was copied from, without scheme:
    /// `registry/repository:tag` (images: with Docker's defaults filled in).
    pub reference: String,
    /// The manifest's media type.
    pub media_type: String,
    /// The manifest's digest.
    pub digest: String,
    /// The manifest's size.
    pub size: u64,
}

/// Why a bundle cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// A file could not be read or written.
    #[error("{path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The bundle breaks the layout's rules or its limits.
    #[error("{bundle}: {reason}")]
    Invalid {
        /// The bundle file.
        bundle: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A manifest, index, digest or entry of the bundle cannot be used.
    #[error("{bundle}")]
    Layout {
        /// The bundle file.
        bundle: PathBuf,
        /// Why.
        source: LayoutError,
    },
}

/// Why a manifest or index of a bundle, or a digest naming a blob, cannot
/// be used.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    /// A manifest that is not JSON of descriptors.
    #[error("manifest {digest} does not parse")]
    ManifestSyntax {
        /// The manifest's digest.
        digest: String,
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A manifest naming a blob or a child by something not a digest.
    #[error("manifest {manifest} names {digest:?}")]
    NamedDigest {
        /// The manifest's digest.
        manifest: String,
        /// What it names.
        digest: String,
        /// Why that is not a digest.
        #[source]
        reason: crate::reference::DigestError,
    },
    /// An index that is not JSON.
    #[error("index {digest} does not parse")]
    IndexSyntax {
        /// The index's digest.
        digest: String,
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A platform asked for that the index does not have.
    #[error("it has no {wanted} image (it has {})", offered_platforms(.offered))]
    NoSuchPlatform {
        /// The platform asked for.
        wanted: Platform,
        /// The platforms the index has, sorted, once each.
        offered: Vec<String>,
    },
    /// An index entry without a digest.
    #[error("index {index} has an entry without a digest")]
    EntryWithoutDigest {
        /// The index's digest.
        index: String,
    },
    /// Not a sha256 digest.
    #[error(transparent)]
    Digest(#[from] crate::reference::DigestError),
    /// A digest of another algorithm than sha256.
    #[error("{digest}: only sha256 digests are bundled")]
    NotSha256 {
        /// The digest.
        digest: String,
    },
    /// The index of selected platforms could not be written.
    #[error(transparent)]
    Json(serde_json::Error),
    /// The index of selected platforms is not a manifest that is copied.
    #[error(transparent)]
    Manifest(#[from] crate::registry::ManifestError),
    /// A manifest blob that could not be read.
    #[error("manifest {digest}")]
    ManifestIo {
        /// The manifest's digest.
        digest: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A manifest blob larger than [`MAX_DOCUMENT_BYTES`].
    #[error("manifest {digest} is larger than {MAX_DOCUMENT_BYTES} bytes")]
    ManifestTooLarge {
        /// The manifest's digest.
        digest: String,
    },
    /// A manifest blob that is not a manifest that is copied.
    #[error("manifest {digest}")]
    ManifestInvalid {
        /// The manifest's digest.
        digest: String,
        /// Why it is not one.
        #[source]
        reason: crate::registry::ManifestError,
    },
    /// A blob that could not be read.
    #[error("blob {digest}")]
    BlobIo {
        /// The blob's digest.
        digest: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// An entry's reference that is not an image name.
    #[error("entry {reference:?}")]
    EntryName {
        /// The reference the bundle records.
        reference: String,
        /// Why it is not one.
        source: crate::mirror::ImageNameError,
    },
    /// A destination that is not an OCI reference.
    #[error("destination {destination:?}")]
    Destination {
        /// The destination made of the import's prefix and the entry.
        destination: String,
        /// Why it is not one.
        source: crate::reference::RefParseError,
    },
}

fn offered_platforms(offered: &[String]) -> String {
    if offered.is_empty() {
        "no platforms".to_string()
    } else {
        offered.join(", ")
    }
}

/// A `--platform` that is not `OS/ARCH[/VARIANT]`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a platform: give OS/ARCH[/VARIANT], such as linux/amd64")]
pub struct PlatformError {
    /// What was read.
    pub text: String,
}

/// A bundle being assembled, or one unpacked: an OCI image layout directory.
#[derive(Debug)]
pub struct Layout {
    dir: PathBuf,
    /// What errors name: the bundle file it was unpacked from, else `dir`.
    origin: PathBuf,
    entries: BTreeSet<Entry>,
}

/// The layout's `index.json`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Index {
    schema_version: u32,
    media_type: String,
    manifests: Vec<Descriptor>,
}

/// A content descriptor, as OCI writes them.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    media_type: String,
    digest: String,
    size: u64,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    annotations: BTreeMap<String, String>,
}

/// The blobs a manifest or index refers to: `(digest, size, is a manifest)`.
fn references_of(manifest: &RawManifest) -> Result<Vec<(String, u64, bool)>, LayoutError> {
    #[derive(Deserialize)]
    struct Refs {
        config: Option<Descriptor>,
        #[serde(default)]
        layers: Vec<Descriptor>,
        #[serde(default)]
        manifests: Vec<Descriptor>,
    }
    let refs: Refs =
        serde_json::from_slice(&manifest.bytes).map_err(|source| LayoutError::ManifestSyntax {
            digest: manifest.digest.clone(),
            source,
        })?;
    let blobs = refs
        .config
        .into_iter()
        .chain(refs.layers)
        .map(|d| (d.digest, d.size, false));
    let children = refs.manifests.into_iter().map(|d| (d.digest, d.size, true));
    let all: Vec<_> = blobs.chain(children).collect();
    for (digest, _, _) in &all {
        crate::reference::validate_digest(digest).map_err(|reason| LayoutError::NamedDigest {
            manifest: manifest.digest.clone(),
            digest: digest.clone(),
            reason,
        })?;
    }
    Ok(all)
}

/// What a manifest needs copied: its blobs (config and layers) and, for an
/// index, its child manifests, each `(digest, size)`.
pub struct Needs {
    /// Config and layer blobs.
    pub blobs: Vec<(String, u64)>,
    /// Child manifests of an index.
    pub manifests: Vec<(String, u64)>,
}

/// The blobs and child manifests `manifest` refers to.
pub fn needs(manifest: &RawManifest) -> Result<Needs, LayoutError> {
    let mut needs = Needs {
        blobs: Vec::new(),
        manifests: Vec::new(),
    };
    for (digest, size, is_manifest) in references_of(manifest)? {
        if is_manifest {
            needs.manifests.push((digest, size));
        } else {
            needs.blobs.push((digest, size));
        }
    }
    Ok(needs)
}

/// A platform of a multi-platform image, as `--platform` names it:
/// `os/architecture[/variant]`, such as `linux/amd64` or `linux/arm/v7`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Platform {
    /// `linux`, `windows`, …
    pub os: String,
    /// `amd64`, `arm64`, …
    pub architecture: String,
    /// `v7`, `v8`, … when given; a platform without one matches any variant.
    pub variant: Option<String>,
}

impl std::str::FromStr for Platform {
    type Err = PlatformError;

    fn from_str(text: &str) -> Result<Platform, PlatformError> {
        let parts: Vec<&str> = text.split('/').collect();
        let valid = |part: &&str| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        };
        match parts.as_slice() {
            [os, architecture] | [os, architecture, _] if parts.iter().all(valid) => Ok(Platform {
                os: os.to_string(),
                architecture: architecture.to_string(),
                variant: parts.get(2).map(|v| v.to_string()),
            }),
            _ => Err(PlatformError {
                text: text.to_string(),
            }),
        }
    }
}

impl std::fmt::Display for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.os, self.architecture)?;
        if let Some(variant) = &self.variant {
            write!(f, "/{variant}")?;
        }
        Ok(())
    }
}

/// What of a multi-platform image is bundled for the platforms asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlatformSelection {
    /// The whole index: it has no other platforms.
    All,
    /// One platform: its own image manifest, by digest.
    One(String),
    /// Several, not all: a smaller index of their manifests (a new digest).
    Some(RawManifest),
}

/// Selects `platforms` of the index `index`. An index entry without a
/// platform (an attestation, say) is left out of a selection; a platform the
/// index does not have is an error listing the ones it has.
pub fn select_platforms(
    index: &RawManifest,
    platforms: &[Platform],
) -> Result<PlatformSelection, LayoutError> {
    let mut document: serde_json::Value =
        serde_json::from_slice(&index.bytes).map_err(|source| LayoutError::IndexSyntax {
            digest: index.digest.clone(),
            source,
        })?;
    let entries = document
        .get("manifests")
        .and_then(serde_json::Value::as_array)
        .cloned()
        .unwrap_or_default();
    let platform_of = |entry: &serde_json::Value| -> Option<Platform> {
        let platform = entry.get("platform")?;
        let field = |name: &str| platform.get(name).and_then(serde_json::Value::as_str);
        Some(Platform {
            os: field("os")?.to_string(),
            architecture: field("architecture")?.to_string(),
            variant: field("variant").map(str::to_string),
        })
    };
    let matches = |available: &Platform, wanted: &Platform| {
        available.os == wanted.os
            && available.architecture == wanted.architecture
            && (wanted.variant.is_none() || available.variant == wanted.variant)
    };
    let available: Vec<Option<Platform>> = entries.iter().map(platform_of).collect();
    for wanted in platforms {
        if !available.iter().flatten().any(|a| matches(a, wanted)) {
            let mut offered: Vec<String> =
                available.iter().flatten().map(|a| a.to_string()).collect();
            offered.sort();
            offered.dedup();
            return Err(LayoutError::NoSuchPlatform {
                wanted: wanted.clone(),
                offered,
            });
        }
    }
    let kept: Vec<serde_json::Value> = entries
        .iter()
        .zip(&available)
        .filter(|(_, platform)| {
            platform
                .as_ref()
                .is_some_and(|a| platforms.iter().any(|w| matches(a, w)))
        })
        .map(|(entry, _)| entry.clone())
        .collect();
    if kept.len() == entries.len() {
        return Ok(PlatformSelection::All);
    }
    if let [only] = kept.as_slice() {
        let digest = only
            .get("digest")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| LayoutError::EntryWithoutDigest {
                index: index.digest.clone(),
            })?;
        crate::reference::validate_digest(digest)?;
        return Ok(PlatformSelection::One(digest.to_string()));
    }
    document["manifests"] = serde_json::Value::Array(kept);
    let bytes = serde_json::to_vec(&document).map_err(LayoutError::Json)?;
    Ok(PlatformSelection::Some(RawManifest::parse(
        bytes,
        Some(&index.media_type),
    )?))
}

fn hex_of(digest: &str) -> Result<&str, LayoutError> {
    crate::reference::validate_digest(digest)?;
    digest
        .strip_prefix("sha256:")
        .ok_or_else(|| LayoutError::NotSha256 {
            digest: digest.to_string(),
        })
}

impl Layout {
    /// A new, empty layout in `dir` (created).
    pub fn create(dir: &Path) -> Result<Layout, BundleError> {
        let blobs = dir.join("blobs/sha256");
        std::fs::create_dir_all(&blobs).map_err(|source| BundleError::Io {
            path: blobs.clone(),
            source,
        })?;
        Ok(Layout {
            dir: dir.to_path_buf(),
            origin: dir.to_path_buf(),
            entries: BTreeSet::new(),
        })
    }

    /// The layout's entries, sorted by kind, reference and digest.
    pub fn entries(&self) -> &BTreeSet<Entry> {
        &self.entries
    }

    /// Where blob `digest` is (or goes).
    pub fn blob_path(&self, digest: &str) -> Result<PathBuf, LayoutError> {
        Ok(self.dir.join("blobs/sha256").join(hex_of(digest)?))
    }

    /// How many blobs the layout holds, and their bytes together.
    pub fn blob_totals(&self) -> Result<(usize, u64), BundleError> {
        let dir = self.dir.join("blobs/sha256");
        let io = |source| BundleError::Io {
            path: dir.clone(),
            source,
        };
        let mut totals = (0, 0);
        for file in std::fs::read_dir(&dir).map_err(io)? {
            totals.0 += 1;
            totals.1 += file.and_then(|f| f.metadata()).map_err(io)?.len();
        }
        Ok(totals)
    }

    /// Whether blob `digest` is in the layout.
    pub fn has_blob(&self, digest: &str) -> bool {
        self.blob_path(digest).is_ok_and(|path| path.is_file())
    }

    /// Reads a manifest blob of the layout.
    pub fn manifest(&self, digest: &str, media_type: &str) -> Result<RawManifest, LayoutError> {
        let path = self.blob_path(digest)?;
        let io = |source| LayoutError::ManifestIo {
            digest: digest.to_string(),
            source,
        };
        let size = std::fs::metadata(&path).map_err(io)?.len();
        if size > MAX_DOCUMENT_BYTES {
            return Err(LayoutError::ManifestTooLarge {
                digest: digest.to_string(),
            });
        }
        let bytes = std::fs::read(&path).map_err(io)?;
        RawManifest::parse(bytes, Some(media_type)).map_err(|reason| LayoutError::ManifestInvalid {
            digest: digest.to_string(),
            reason,
        })
    }

    /// Stores a manifest's bytes as a blob.
    pub fn put_manifest(&self, manifest: &RawManifest) -> Result<(), BundleError> {
        let path = self
            .blob_path(&manifest.digest)
            .map_err(|reason| self.broken(reason))?;
        std::fs::write(&path, &manifest.bytes).map_err(|source| BundleError::Io { path, source })
    }

    /// Records an entry of the index (its manifest must be stored).
    pub fn add_entry(&mut self, entry: Entry) {
        self.entries.insert(entry);
    }

    /// An error about this bundle.
    pub fn invalid(&self, reason: String) -> BundleError {
        BundleError::Invalid {
            bundle: self.origin.clone(),
            reason,
        }
    }

    /// A manifest, index, digest or entry of this bundle that cannot be
    /// used, and why.
    pub fn broken(&self, source: impl Into<LayoutError>) -> BundleError {
        BundleError::Layout {
            bundle: self.origin.clone(),
            source: source.into(),
        }
    }

    /// Writes `oci-layout` and `index.json` and packs the layout into the
    /// tar file `out` (written beside it and renamed into place).
    pub fn pack(&self, out: &Path) -> Result<(), BundleError> {
        let index = Index {
            schema_version: 2,
            media_type: "application/vnd.oci.image.index.v1+json".to_string(),
            manifests: self
                .entries
                .iter()
                .map(|entry| Descriptor {
                    media_type: entry.media_type.clone(),
                    digest: entry.digest.clone(),
                    size: entry.size,
                    annotations: BTreeMap::from([
                        (REF_NAME.to_string(), entry.reference.clone()),
                        (KIND.to_string(), entry.kind.as_str().to_string()),
                    ]),
                })
                .collect(),
        };
        let index = serde_json::to_vec_pretty(&index).expect("an index serializes");
        let layout = br#"{"imageLayoutVersion":"1.0.0"}"#;
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| BundleError::Io { path, source }
        };
        let parent = out
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let temporary = tempfile::NamedTempFile::new_in(parent).map_err(io(out))?;
        let mut tar = tar::Builder::new(std::io::BufWriter::new(temporary));
        let file_header = |size: u64, mode: u32| {
            let mut header = tar::Header::new_ustar();
            header.set_size(size);
            header.set_mode(mode);
            header.set_mtime(0);
            header.set_uid(0);
            header.set_gid(0);
            header
        };
        for (name, data) in [("oci-layout", &layout[..]), ("index.json", &index[..])] {
            let mut header = file_header(data.len() as u64, 0o644);
            tar.append_data(&mut header, name, data).map_err(io(out))?;
        }
        for dir in ["blobs/", "blobs/sha256/"] {
            let mut header = file_header(0, 0o755);
            header.set_entry_type(tar::EntryType::Directory);
            tar.append_data(&mut header, dir, std::io::empty())
                .map_err(io(out))?;
        }
        let blobs_dir = self.dir.join("blobs/sha256");
        let mut blobs: Vec<String> = std::fs::read_dir(&blobs_dir)
            .map_err(io(&blobs_dir))?
            .map(|entry| entry.map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect::<Result<_, _>>()
            .map_err(io(&blobs_dir))?;
        blobs.sort();
        for name in blobs {
            let path = blobs_dir.join(&name);
            let file = File::open(&path).map_err(io(&path))?;
            let size = file.metadata().map_err(io(&path))?.len();
            let mut header = file_header(size, 0o644);
            tar.append_data(&mut header, format!("blobs/sha256/{name}"), file)
                .map_err(io(&path))?;
        }
        let writer = tar.into_inner().map_err(io(out))?;
        let temporary = writer.into_inner().map_err(|e| BundleError::Io {
            path: out.to_path_buf(),
            source: e.into_error(),
        })?;
        temporary.as_file().sync_all().map_err(io(out))?;
        temporary.persist(out).map_err(|e| BundleError::Io {
            path: out.to_path_buf(),
            source: e.error,
        })?;
        Ok(())
    }

    /// Unpacks the bundle `bundle` into `dir` and checks it: only the
    /// layout's paths, regular files, at most [`MAX_ENTRIES`] entries and
    /// `max_bytes` in all, every blob's bytes matching its name, and every
    /// manifest the index reaches present with all its blobs.
    pub fn unpack(bundle: &Path, dir: &Path, max_bytes: u64) -> Result<Layout, BundleError> {
        let invalid = |reason: String| BundleError::Invalid {
            bundle: bundle.to_path_buf(),
            reason,
        };
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| BundleError::Io { path, source }
        };
        let mut layout = Layout::create(dir)?;
        layout.origin = bundle.to_path_buf();
        let file = File::open(bundle).map_err(io(bundle))?;
        let mut archive = tar::Archive::new(std::io::BufReader::new(file));
        let mut index: Option<Vec<u8>> = None;
        let mut total = 0u64;
        let mut seen = BTreeSet::new();
        for (count, entry) in archive.entries().map_err(io(bundle))?.enumerate() {
            if count >= MAX_ENTRIES {
                return Err(invalid(format!("more than {MAX_ENTRIES} entries")));
            }
            let mut entry = entry.map_err(io(bundle))?;
            let path = entry
                .path()
                .map_err(io(bundle))?
                .to_string_lossy()
                .into_owned();
            let name = path
                .trim_start_matches("./")
                .trim_end_matches('/')
                .to_string();
            let kind = entry.header().entry_type();
            if kind.is_dir() {
                // `.` is the root itself, as imgpkg and `tar -C dir .` write it.
                if !matches!(name.as_str(), "" | "." | "blobs" | "blobs/sha256") {
                    return Err(invalid(format!("{path}: not a directory of an OCI layout")));
                }
                continue;
            }
            if !kind.is_file() {
                return Err(invalid(format!(
                    "{path}: only regular files are allowed (links and devices are refused)"
                )));
            }
            if !seen.insert(name.clone()) {
                return Err(invalid(format!("{path}: appears twice")));
            }
            let size = entry.header().size().map_err(io(bundle))?;
            total = total.saturating_add(size);
            if total > max_bytes {
                return Err(invalid(format!(
                    "its files exceed the {max_bytes}-byte limit"
                )));
            }
            match name.as_str() {
                "oci-layout" => {}
                "index.json" => {
                    if size > MAX_DOCUMENT_BYTES {
                        return Err(invalid(format!(
                            "index.json is larger than {MAX_DOCUMENT_BYTES} bytes"
                        )));
                    }
                    let mut data = Vec::new();
                    entry.read_to_end(&mut data).map_err(io(bundle))?;
                    index = Some(data);
                }
                _ => {
                    let digest = name
                        .strip_prefix("blobs/sha256/")
                        .map(|hex| format!("sha256:{hex}"))
                        .filter(|digest| hex_of(digest).is_ok())
                        .ok_or_else(|| invalid(format!("{path}: not a file of an OCI layout")))?;
                    let target = layout
                        .blob_path(&digest)
                        .map_err(|reason| layout.broken(reason))?;
                    let actual = copy_hashing(&mut entry, &target).map_err(io(&target))?;
                    if actual != digest {
                        return Err(invalid(format!(
                            "blob {digest} does not match its digest (its bytes are {actual})"
                        )));
                    }
                }
            }
        }
        let index = index.ok_or_else(|| invalid("no index.json: not a bundle".to_string()))?;
        for entry in parse_index(&index).map_err(invalid)? {
            layout.add_entry(entry);
        }
        layout.check_complete().map_err(invalid)?;
        Ok(layout)
    }

    /// Every manifest the index reaches is present and every blob it names
    /// is there with the size it gives.
    fn check_complete(&self) -> Result<(), String> {
        let mut pending: Vec<(String, u64, String, String)> = self
            .entries
            .iter()
            .map(|e| {
                (
                    e.digest.clone(),
                    e.size,
                    e.media_type.clone(),
                    e.reference.clone(),
                )
            })
            .collect();
        let mut checked = BTreeSet::new();
        while let Some((digest, size, media_type, reference)) = pending.pop() {
            if !checked.insert(digest.clone()) {
                continue;
            }
            let missing = |what: &str, digest: &str| {
                format!("{reference}: {what} {digest} is not in the bundle")
            };
            if !self.has_blob(&digest) {
                return Err(missing("manifest", &digest));
            }
            let manifest = self
                .manifest(&digest, &media_type)
                .map_err(|e| crate::remedy::with_causes(&e))?;
            if manifest.bytes.len() as u64 != size {
                return Err(format!(
                    "{reference}: manifest {digest} is {} bytes, its descriptor says {size}",
                    manifest.bytes.len()
                ));
            }
            let needs = needs(&manifest).map_err(|e| crate::remedy::with_causes(&e))?;
            for (blob, blob_size) in needs.blobs {
                let path = self
                    .blob_path(&blob)
                    .map_err(|e| crate::remedy::with_causes(&e))?;
                match std::fs::metadata(&path) {
                    Ok(meta) if meta.len() == blob_size => {}
                    Ok(meta) => {
                        return Err(format!(
                            "{reference}: blob {blob} is {} bytes, its manifest says {blob_size}",
                            meta.len()
                        ));
                    }
                    Err(_) => return Err(missing("blob", &blob)),
                }
            }
            for (child, child_size) in needs.manifests {
                let child_type = self
                    .manifest(&child, "application/vnd.oci.image.manifest.v1+json")
                    .map(|m| m.media_type)
                    .map_err(|_| missing("manifest", &child))?;
                pending.push((child, child_size, child_type, reference.clone()));
            }
        }
        Ok(())
    }
}

/// The entries of the bundle `bundle`'s index, read without unpacking its
/// blobs (the index comes before them in bundles this module packs).
pub fn list(bundle: &Path) -> Result<Vec<Entry>, BundleError> {
    let invalid = |reason: String| BundleError::Invalid {
        bundle: bundle.to_path_buf(),
        reason,
    };
    let io = |source| BundleError::Io {
        path: bundle.to_path_buf(),
        source,
    };
    let file = File::open(bundle).map_err(io)?;
    let mut archive = tar::Archive::new(std::io::BufReader::new(file));
    for entry in archive.entries().map_err(io)?.take(MAX_ENTRIES) {
        let mut entry = entry.map_err(io)?;
        let path = entry.path().map_err(io)?.to_string_lossy().into_owned();
        if path.trim_start_matches("./") != "index.json" {
            continue;
        }
        if entry.header().size().map_err(io)? > MAX_DOCUMENT_BYTES {
            return Err(invalid(format!(
                "index.json is larger than {MAX_DOCUMENT_BYTES} bytes"
            )));
        }
        let mut data = Vec::new();
        entry.read_to_end(&mut data).map_err(io)?;
        return parse_index(&data).map_err(invalid);
    }
    Err(invalid("no index.json: not a bundle".to_string()))
}

/// The entries of an `index.json`, each with its kind and origin.
fn parse_index(data: &[u8]) -> Result<Vec<Entry>, String> {
    let index: Index =
        serde_json::from_slice(data).map_err(|e| format!("index.json does not parse: {e}"))?;
    let mut entries = Vec::new();
    for descriptor in index.manifests {
        let annotation = |key: &str| descriptor.annotations.get(key).cloned();
        let kind = match annotation(KIND).as_deref() {
            Some("package") => EntryKind::Package,
            Some("image") => EntryKind::Image,
            Some("signature") => EntryKind::Signature,
            other => {
                return Err(format!(
                    "index.json entry {} has no known {KIND} ({other:?})",
                    descriptor.digest
                ));
            }
        };
        let reference = annotation(REF_NAME)
            .ok_or_else(|| format!("index.json entry {} has no {REF_NAME}", descriptor.digest))?;
        hex_of(&descriptor.digest).map_err(|e| crate::remedy::with_causes(&e))?;
        entries.push(Entry {
            kind,
            reference,
            media_type: descriptor.media_type,
            digest: descriptor.digest,
            size: descriptor.size,
        });
    }
    Ok(entries)
}

/// Copies `reader` into a new file at `path`, returning the `sha256:` of the bytes.
fn copy_hashing(reader: &mut impl Read, path: &Path) -> std::io::Result<String> {
    let mut out = std::io::BufWriter::new(File::create(path)?);
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let read = reader.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        out.write_all(&buffer[..read])?;
    }
    out.flush()?;
    Ok(format!("sha256:{}", hex::encode(hasher.finalize())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest_with(blob: &[u8]) -> RawManifest {
        let digest = crate::package::sha256_digest(blob);
        let bytes = serde_json::to_vec(&serde_json::json!({
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": digest, "size": blob.len()},
            "layers": []
        }))
        .unwrap();
        RawManifest::parse(bytes, None).unwrap()
    }

    fn layout_with(dir: &Path, blob: &[u8]) -> Layout {
        let mut layout = Layout::create(dir).unwrap();
        let manifest = manifest_with(blob);
        std::fs::write(
            layout
                .blob_path(&crate::package::sha256_digest(blob))
                .unwrap(),
            blob,
        )
        .unwrap();
        layout.put_manifest(&manifest).unwrap();
        layout.add_entry(Entry {
            kind: EntryKind::Image,
            reference: "127.0.0.1:5000/app:1".into(),
            media_type: manifest.media_type.clone(),
            digest: manifest.digest.clone(),
            size: manifest.bytes.len() as u64,
        });
        layout
    }

    #[test]
    fn platforms_select_one_manifest_a_smaller_index_or_the_whole() {
        let digest = |n: u8| format!("sha256:{}", format!("{n:x}").repeat(64));
        let entry = |n: u8, platform: serde_json::Value| {
            serde_json::json!({"mediaType": "application/vnd.oci.image.manifest.v1+json",
                "digest": digest(n), "size": 10, "platform": platform})
        };
        let index = RawManifest::parse(
            serde_json::to_vec(&serde_json::json!({
                "schemaVersion": 2,
                "mediaType": "application/vnd.oci.image.index.v1+json",
                "manifests": [
                    entry(1, serde_json::json!({"os": "linux", "architecture": "amd64"})),
                    entry(2, serde_json::json!({"os": "linux", "architecture": "arm", "variant": "v7"})),
                    entry(3, serde_json::json!({"os": "linux", "architecture": "arm64", "variant": "v8"})),
                ]
            }))
            .unwrap(),
            None,
        )
        .unwrap();
        let select = |platforms: &[&str]| {
            let platforms: Vec<Platform> = platforms.iter().map(|p| p.parse().unwrap()).collect();
            select_platforms(&index, &platforms)
        };
        assert_eq!(
            select(&["linux/arm64"]).unwrap(),
            PlatformSelection::One(digest(3))
        );
        assert_eq!(
            select(&["linux/arm/v7"]).unwrap(),
            PlatformSelection::One(digest(2))
        );
        assert_eq!(
            select(&["linux/amd64", "linux/arm", "linux/arm64"]).unwrap(),
            PlatformSelection::All
        );
        let Ok(PlatformSelection::Some(smaller)) = select(&["linux/amd64", "linux/arm64"]) else {
            panic!("two of three platforms make a smaller index");
        };
        assert!(smaller.is_index());
        assert_ne!(smaller.digest, index.digest);
        let children: Vec<String> = needs(&smaller)
            .unwrap()
            .manifests
            .into_iter()
            .map(|(d, _)| d)
            .collect();
        assert_eq!(children, [digest(1), digest(3)]);
        assert_eq!(
            select(&["linux/amd64", "linux/arm64"]).unwrap(),
            PlatformSelection::Some(smaller)
        );
        let error = select(&["windows/amd64"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "it has no windows/amd64 image (it has linux/amd64, linux/arm/v7, linux/arm64/v8)"
        );
        assert_eq!(
            select(&["linux/arm/v6"]).unwrap_err().to_string(),
            "it has no linux/arm/v6 image (it has linux/amd64, linux/arm/v7, linux/arm64/v8)"
        );
        assert!("linux".parse::<Platform>().is_err());
        assert!("linux/amd64/v1/x".parse::<Platform>().is_err());
    }

    #[test]
    fn packing_twice_gives_the_same_bytes_and_unpacking_gives_the_entries() {
        let work = tempfile::tempdir().unwrap();
        let first = layout_with(&work.path().join("a"), b"{\"config\":1}");
        first.pack(&work.path().join("a.tar")).unwrap();
        let second = layout_with(&work.path().join("b"), b"{\"config\":1}");
        second.pack(&work.path().join("b.tar")).unwrap();
        let a = std::fs::read(work.path().join("a.tar")).unwrap();
        assert_eq!(a, std::fs::read(work.path().join("b.tar")).unwrap());
        let unpacked =
            Layout::unpack(&work.path().join("a.tar"), &work.path().join("c"), 1 << 30).unwrap();
        assert_eq!(unpacked.entries(), first.entries());
        let listed = list(&work.path().join("a.tar")).unwrap();
        assert_eq!(listed, first.entries().iter().cloned().collect::<Vec<_>>());
    }

    #[test]
    fn a_flipped_byte_or_a_missing_blob_is_refused() {
        let work = tempfile::tempdir().unwrap();
        let blob = b"{\"config\":\"flip me\"}";
        let layout = layout_with(&work.path().join("a"), blob);
        let tar = work.path().join("a.tar");
        layout.pack(&tar).unwrap();
        let mut bytes = std::fs::read(&tar).unwrap();
        let at = bytes
            .windows(7)
            .position(|w| w == b"flip me")
            .expect("the blob is in the tar");
        bytes[at] ^= 1;
        let flipped = work.path().join("flipped.tar");
        std::fs::write(&flipped, &bytes).unwrap();
        let error = Layout::unpack(&flipped, &work.path().join("x"), 1 << 30).unwrap_err();
        assert!(
            error.to_string().contains("does not match its digest"),
            "{error}"
        );

        std::fs::remove_file(
            layout
                .blob_path(&crate::package::sha256_digest(blob))
                .unwrap(),
        )
        .unwrap();
        layout.pack(&tar).unwrap();
        let error = Layout::unpack(&tar, &work.path().join("y"), 1 << 30).unwrap_err();
        assert!(
            error.to_string().contains("is not in the bundle"),
            "{error}"
        );
    }

    #[test]
    fn links_foreign_paths_and_oversized_bundles_are_refused() {
        let work = tempfile::tempdir().unwrap();
        let build = |name: &str, add: &dyn Fn(&mut tar::Builder<File>)| {
            let path = work.path().join(name);
            let mut tar = tar::Builder::new(File::create(&path).unwrap());
            add(&mut tar);
            tar.finish().unwrap();
            path
        };
        let link = build("link.tar", &|tar| {
            let mut header = tar::Header::new_ustar();
            header.set_entry_type(tar::EntryType::Symlink);
            header.set_size(0);
            tar.append_link(&mut header, "index.json", "/etc/passwd")
                .unwrap();
        });
        let error = Layout::unpack(&link, &work.path().join("l"), 1 << 30).unwrap_err();
        assert!(error.to_string().contains("only regular files"), "{error}");
        let foreign = build("foreign.tar", &|tar| {
            let mut header = tar::Header::new_ustar();
            header.set_size(2);
            tar.append_data(&mut header, "etc/passwd", &b"hi"[..])
                .unwrap();
        });
        let error = Layout::unpack(&foreign, &work.path().join("f"), 1 << 30).unwrap_err();
        assert!(
            error.to_string().contains("not a file of an OCI layout"),
            "{error}"
        );
        let layout = layout_with(&work.path().join("big"), b"{\"config\":2}");
        let tar = work.path().join("big.tar");
        layout.pack(&tar).unwrap();
        let error = Layout::unpack(&tar, &work.path().join("b"), 100).unwrap_err();
        assert!(error.to_string().contains("limit"), "{error}");
    }
}

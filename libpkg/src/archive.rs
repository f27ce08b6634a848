//! Package files in memory, their tar+gzip archives (packed reproducibly,
//! unpacked defensively) and the OCI artifact built from them.
//!
//! This is the bottom layer every package format shares: a format reads its
//! [`Files`] within the [`Limits`] and publishes an [`Artifact`]; nothing here
//! knows any format.
//!
//! Packing sorts entries and fixes every header field that could vary (mtime,
//! owner, mode, gzip header), so the same files always give the same bytes and
//! therefore the same digest. Unpacking happens in memory and refuses anything
//! that could escape or exhaust: absolute paths, `..`, links, devices, and more
//! data or entries than the [`Limits`] allow (which also stops gzip bombs early),
//! and the same path twice in one archive (a second copy could hide behind the
//! first in a listing). Symbolic and hard links are refused wherever they point:
//! a package is plain files.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Component, Path};

use bytes::Bytes;
use flate2::Compression;
use oci_client::manifest::{OciDescriptor, OciImageManifest};
use sha2::{Digest, Sha256};

/// Media type of the manifest.
pub const MANIFEST_MEDIA_TYPE: &str = "application/vnd.oci.image.manifest.v1+json";

/// The OCI artifact of a package: blobs plus the exact manifest bytes pushed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// The config blob (package.yaml as JSON).
    pub config: Vec<u8>,
    /// The single tar+gzip layer.
    pub layer: Vec<u8>,
    /// The manifest exactly as pushed.
    pub manifest: Vec<u8>,
    /// `sha256:` digest of `manifest`: the package's identity.
    pub digest: String,
}

impl Artifact {
    /// The artifact of one config blob and one layer, each with its media
    /// type: the OCI image manifest over them, and its digest.
    pub fn new(
        (config_media_type, config): (&str, Vec<u8>),
        (layer_media_type, layer): (&str, Vec<u8>),
    ) -> Artifact {
        let descriptor = |media_type: &str, data: &[u8]| OciDescriptor {
            media_type: media_type.to_string(),
            digest: sha256_digest(data),
            size: data.len() as i64,
            ..OciDescriptor::default()
        };
        let manifest = OciImageManifest {
            schema_version: 2,
            media_type: Some(MANIFEST_MEDIA_TYPE.to_string()),
            config: descriptor(config_media_type, &config),
            layers: vec![descriptor(layer_media_type, &layer)],
            ..OciImageManifest::default()
        };
        let manifest = serde_json::to_vec(&manifest).expect("manifest serializes");
        Artifact {
            digest: sha256_digest(&manifest),
            config,
            layer,
            manifest,
        }
    }
}

/// `sha256:<hex>` of some bytes.
pub fn sha256_digest(data: &[u8]) -> String {
    format!("sha256:{}", hex::encode(Sha256::digest(data)))
}

/// Package files by relative path (`package.yaml`, `manifests/db.yaml`).
/// Contents are shared, never copied: a chart's files are also its
/// rendering's `.Files`, its subcharts' and the archive its digest is built
/// from, and a large chart's are megabytes.
pub type Files = BTreeMap<String, Bytes>;

/// Caps on what a package may unpack to (docs/security.md#package-limits).
///
/// They apply to archives, image layers and package directories alike, so a
/// package that loads from a directory also loads after it is pushed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Total bytes of all files. Unpacking also stops once the decompressed
    /// archive (files plus tar headers) exceeds twice this.
    pub max_total_bytes: u64,
    /// Bytes of one file.
    pub max_file_bytes: u64,
    /// Number of entries (files and directories).
    pub max_entries: usize,
    /// YAML documents in all the package's manifests (the most objects a
    /// plain package may hold); the parser's node budget grows with it.
    pub max_documents: usize,
}

impl Default for Limits {
    /// 64 MiB in all, 16 MiB per file, 10,000 entries, 10,000 documents.
    fn default() -> Self {
        Limits {
            max_total_bytes: 64 << 20,
            max_file_bytes: 16 << 20,
            max_entries: 10_000,
            max_documents: crate::yaml::YamlLimits::default().max_documents,
        }
    }
}

impl Limits {
    /// The YAML budget of a package's manifests: [`YamlLimits`]' defaults,
    /// with as many documents as allowed here and, past the default count,
    /// as many nodes per document as the defaults allow.
    ///
    /// [`YamlLimits`]: crate::yaml::YamlLimits
    pub fn yaml(&self) -> crate::yaml::YamlLimits {
        let defaults = crate::yaml::YamlLimits::default();
        let nodes_per_document = defaults.max_nodes / defaults.max_documents;
        crate::yaml::YamlLimits {
            max_documents: self.max_documents,
            max_nodes: defaults
                .max_nodes
                .max(self.max_documents.saturating_mul(nodes_per_document)),
            ..defaults
        }
    }
}

impl std::str::FromStr for Limits {
    type Err = String;

    /// Parses `total=SIZE,file=SIZE,entries=N,documents=N`, any subset, in
    /// any order; the others keep their defaults. Sizes are bytes, or with a
    /// `Ki`, `Mi` or `Gi` suffix.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut limits = Limits::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("{part:?} is not KEY=VALUE"))?;
            match key.trim() {
                "total" => limits.max_total_bytes = parse_size(value)?,
                "file" => limits.max_file_bytes = parse_size(value)?,
                "entries" => limits.max_entries = parse_count("entries", value)?,
                "documents" => limits.max_documents = parse_count("documents", value)?,
                other => {
                    return Err(format!(
                        "unknown limit {other:?} (expected total, file, entries or documents)"
                    ));
                }
            }
        }
        Ok(limits)
    }
}

/// A count of at least 1.
fn parse_count(key: &str, value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse()
        .ok()
        .filter(|&count| count > 0)
        .ok_or_else(|| format!("{key}={value:?} is not a number above 0"))
}

/// `1024`, `64Ki`, `16Mi`, `1Gi` → bytes.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = text
        .find(|c: char| !c.is_ascii_digit())
        .map_or((text, ""), |at| text.split_at(at));
    let shift = match unit {
        "" => 0,
        "Ki" => 10,
        "Mi" => 20,
        "Gi" => 30,
        _ => return Err(format!("{text:?}: the unit must be Ki, Mi or Gi")),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("{text:?} is not a size"))
}

/// Why an archive was refused.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The bytes are not a readable tar+gzip stream.
    #[error("not a readable tar+gzip archive: {0}")]
    Corrupt(#[source] std::io::Error),
    /// An entry's path is absolute, climbs out with `..`, or is a file
    /// named as the root (`.`).
    #[error(
        "entry {0:?} is not a path inside the package (an absolute path, '..', or a file named as the root)"
    )]
    UnsafePath(String),
    /// A symlink, hard link, device or other non-regular entry.
    #[error("entry {path:?} is a {kind}, which packages may not contain")]
    UnsupportedEntry {
        /// The entry's path.
        path: String,
        /// What kind of entry it is.
        kind: String,
    },
    /// The same path twice in one archive.
    #[error("entry {0:?} appears twice in the archive")]
    DuplicateEntry(String),
    /// A limit was exceeded.
    #[error("archive exceeds the limit of {limit} ({what})")]
    TooLarge {
        /// Which limit, with its value.
        limit: String,
        /// What exceeded it.
        what: String,
    },
}

/// Packs `files` into a reproducible tar+gzip archive. The compression
/// level is part of every pushed package's digest (and of the digests the
/// examples pin), so it does not change.
pub fn pack(files: &Files) -> Vec<u8> {
    let encoder = flate2::GzBuilder::new()
        .operating_system(255) // "unknown": the same bytes on every platform
        .mtime(0)
        .write(Vec::new(), Compression::default());
    let mut builder = tar::Builder::new(encoder);
    for (path, data) in files {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Regular);
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(0);
        header.set_uid(0);
        header.set_gid(0);
        builder
            .append_data(&mut header, path, data.as_ref())
            .expect("writing to memory cannot fail");
    }
    let encoder = builder.into_inner().expect("writing to memory cannot fail");
    let mut bytes = encoder.finish().expect("writing to memory cannot fail");
    bytes.flush().expect("writing to memory cannot fail");
    bytes
}

/// Unpacks a tar+gzip archive into memory, applying `limits`. `files` is
/// extended, so that image layers can be applied one over another; OCI
/// whiteouts (`.wh.name`, `.wh..wh..opq`) delete what earlier layers added.
pub fn unpack_into(files: &mut Files, archive: &[u8], limits: &Limits) -> Result<(), ArchiveError> {
    // The decompressed stream (file data plus tar headers) is read through a cap
    // of twice the file-data limit, so a gzip bomb stops there, not when memory
    // runs out. Whichever error the tar reader then reports, the cap explains it.
    let capped = Cell::new(false);
    let decoder = CappedReader {
        inner: flate2::read::GzDecoder::new(archive),
        read: 0,
        limit: limits.max_total_bytes.saturating_mul(2),
        exceeded: &capped,
    };
    let fail = |error: std::io::Error| {
        if capped.get() {
            ArchiveError::TooLarge {
                limit: format!(
                    "{} bytes of decompressed data (twice the {} bytes allowed for files)",
                    limits.max_total_bytes.saturating_mul(2),
                    limits.max_total_bytes
                ),
                what: "the decompressed archive".to_string(),
            }
        } else {
            ArchiveError::Corrupt(error)
        }
    };
    let mut tar = tar::Archive::new(decoder);
    let mut total: u64 = 0;
    let mut seen = std::collections::BTreeSet::new();
    let entries = tar.entries().map_err(fail)?;
    for (index, entry) in entries.enumerate() {
        if index >= limits.max_entries {
            return Err(ArchiveError::TooLarge {
                limit: format!("{} entries", limits.max_entries),
                what: "the archive has more entries".to_string(),
            });
        }
        let mut entry = entry.map_err(fail)?;
        let raw_path = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let kind = entry.header().entry_type();
        // The root directory itself (`.`, `./`): imgpkg and `tar -C dir .`
        // write it first. It names nothing inside the package.
        if kind == tar::EntryType::Directory && is_root(&raw_path) {
            continue;
        }
        let path = normalize(&raw_path)?;
        match kind {
            tar::EntryType::Directory => continue,
            tar::EntryType::Regular | tar::EntryType::Continuous => {}
            tar::EntryType::XGlobalHeader | tar::EntryType::XHeader => continue,
            other => {
                return Err(ArchiveError::UnsupportedEntry {
                    path: raw_path,
                    kind: entry_kind_name(other),
                });
            }
        }
        // The entry's size, not the header's: a PAX record may override the latter.
        let size = entry.size();
        if size > limits.max_file_bytes {
            return Err(ArchiveError::TooLarge {
                limit: format!("{} bytes per file", limits.max_file_bytes),
                what: format!("{path} has {size} bytes"),
            });
        }
        total += size;
        if total > limits.max_total_bytes {
            return Err(ArchiveError::TooLarge {
                limit: format!("{} bytes in all", limits.max_total_bytes),
                what: "the unpacked files".to_string(),
            });
        }
        let mut data = Vec::with_capacity(size as usize);
        entry.read_to_end(&mut data).map_err(fail)?;
        if data.len() as u64 != size {
            return Err(fail(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                format!("the archive ends inside {path}"),
            )));
        }
        if !seen.insert(path.clone()) {
            return Err(ArchiveError::DuplicateEntry(path));
        }
        apply_entry(files, path, data);
    }
    Ok(())
}

/// A reader that fails once more than `limit` bytes came through, and says so in `exceeded`.
struct CappedReader<'a, R> {
    inner: R,
    read: u64,
    limit: u64,
    exceeded: &'a Cell<bool>,
}

impl<R: Read> Read for CappedReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.limit {
            self.exceeded.set(true);
            return Err(std::io::Error::other(
                "the decompressed archive exceeds its limit",
            ));
        }
        Ok(n)
    }
}

/// Adds one file, honouring OCI whiteouts.
fn apply_entry(files: &mut Files, path: String, data: Vec<u8>) {
    let (dir, base) = path
        .rsplit_once('/')
        .map_or(("", path.as_str()), |(d, b)| (d, b));
    let prefix = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    if base == ".wh..wh..opq" {
        files.retain(|existing, _| !existing.starts_with(&prefix));
    } else if let Some(hidden) = base.strip_prefix(".wh.") {
        let target = format!("{prefix}{hidden}");
        let target_dir = format!("{target}/");
        files.retain(|existing, _| *existing != target && !existing.starts_with(&target_dir));
    } else {
        files.insert(path, data.into());
    }
}

/// Whether an entry's path names the archive's root (`.`, `./`, `.//.`).
fn is_root(raw: &str) -> bool {
    !raw.is_empty()
        && Path::new(raw)
            .components()
            .all(|component| component == Component::CurDir)
}

/// `./a/b` → `a/b`; refuses absolute paths, `..` and a path naming no file.
fn normalize(raw: &str) -> Result<String, ArchiveError> {
    let mut parts = Vec::new();
    for component in Path::new(raw).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                return Err(ArchiveError::UnsafePath(raw.to_string()));
            }
        }
    }
    if parts.is_empty() {
        return Err(ArchiveError::UnsafePath(raw.to_string()));
    }
    Ok(parts.join("/"))
}

fn entry_kind_name(kind: tar::EntryType) -> String {
    match kind {
        tar::EntryType::Symlink => "symbolic link".to_string(),
        tar::EntryType::Link => "hard link".to_string(),
        tar::EntryType::Char | tar::EntryType::Block => "device file".to_string(),
        tar::EntryType::Fifo => "named pipe".to_string(),
        other => format!("{other:?} entry"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Files {
        list.iter()
            .map(|(p, d)| (p.to_string(), d.as_bytes().to_vec().into()))
            .collect()
    }

    #[test]
    fn limits_parse_from_one_flag() {
        let limits: Limits = "total=128Mi, entries=20000".parse().unwrap();
        assert_eq!(
            limits,
            Limits {
                max_total_bytes: 128 << 20,
                max_entries: 20_000,
                ..Limits::default()
            }
        );
        assert_eq!("file=4096".parse::<Limits>().unwrap().max_file_bytes, 4096);
        assert_eq!("".parse::<Limits>().unwrap(), Limits::default());
        // More documents bring more YAML nodes; fewer keep the default nodes.
        let many: Limits = "documents=50000".parse().unwrap();
        assert_eq!(many.yaml().max_documents, 50_000);
        assert_eq!(many.yaml().max_nodes, 5_000_000);
        let few: Limits = "documents=10".parse().unwrap();
        assert_eq!(
            few.yaml().max_nodes,
            crate::yaml::YamlLimits::default().max_nodes
        );
        assert_eq!(Limits::default().yaml(), crate::yaml::YamlLimits::default());
        for bad in [
            "total",
            "size=1",
            "file=12MB",
            "entries=x",
            "documents=0",
            "documents=-1",
            "total=99999999999Gi",
        ] {
            assert!(bad.parse::<Limits>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pack_is_reproducible_and_round_trips() {
        let input = files(&[
            ("package.yaml", "name: a\n"),
            ("manifests/a.yaml", "kind: A\n"),
        ]);
        let one = pack(&input);
        assert_eq!(one, pack(&input));
        let mut output = Files::new();
        unpack_into(&mut output, &one, &Limits::default()).unwrap();
        assert_eq!(output, input);
    }

    fn raw_tar(build: impl FnOnce(&mut tar::Builder<Vec<u8>>)) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        build(&mut builder);
        let tar = builder.into_inner().unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&tar).unwrap();
        gz.finish().unwrap()
    }

    fn entry(builder: &mut tar::Builder<Vec<u8>>, path: &str, kind: tar::EntryType, data: &[u8]) {
        let mut header = tar::Header::new_gnu();
        // Write the raw name so that unsafe paths reach the archive as they are.
        header.as_gnu_mut().unwrap().name[..path.len()].copy_from_slice(path.as_bytes());
        header.set_entry_type(kind);
        header.set_size(data.len() as u64);
        if kind == tar::EntryType::Symlink {
            header.set_link_name("/etc/passwd").unwrap();
        }
        header.set_cksum();
        builder.append(&header, data).unwrap();
    }

    #[test]
    fn refuses_escapes_links_and_devices() {
        let cases = [
            ("../evil", tar::EntryType::Regular, "not a path inside"),
            (
                "manifests/../../evil",
                tar::EntryType::Regular,
                "not a path inside",
            ),
            ("/etc/evil", tar::EntryType::Regular, "not a path inside"),
            ("manifests/link", tar::EntryType::Symlink, "symbolic link"),
            ("manifests/hard", tar::EntryType::Link, "hard link"),
            ("dev", tar::EntryType::Char, "device"),
            ("disk", tar::EntryType::Block, "device"),
            ("pipe", tar::EntryType::Fifo, "named pipe"),
        ];
        for (path, kind, expected) in cases {
            let archive = raw_tar(|b| entry(b, path, kind, b""));
            let error = unpack_into(&mut Files::new(), &archive, &Limits::default()).unwrap_err();
            assert!(error.to_string().contains(expected), "{path}: {error}");
        }
    }

    /// A GNU long-name entry: the next entry's real path, beyond the header's 100 bytes.
    fn long_name(builder: &mut tar::Builder<Vec<u8>>, name: &[u8]) {
        let mut header = tar::Header::new_gnu();
        header.as_gnu_mut().unwrap().name[..13].copy_from_slice(b"././@LongLink");
        header.set_entry_type(tar::EntryType::GNULongName);
        header.set_size(name.len() as u64);
        header.set_cksum();
        builder.append(&header, name).unwrap();
    }

    #[test]
    fn long_names_and_pax_records_are_checked_too() {
        let escape = raw_tar(|b| {
            long_name(
                b,
                format!("{}/../../../etc/passwd", "a/".repeat(60)).as_bytes(),
            );
            entry(b, "harmless", tar::EntryType::Regular, b"x");
        });
        let error = unpack_into(&mut Files::new(), &escape, &Limits::default()).unwrap_err();
        assert!(matches!(error, ArchiveError::UnsafePath(_)), "{error}");

        // A PAX record claims the next file is 16 MiB + 1 although its header says 1 byte.
        let record = |key: &str, value: &str| {
            let body = format!(" {key}={value}\n");
            let mut length = body.len() + 1;
            while format!("{length}{body}").len() != length {
                length += 1;
            }
            format!("{length}{body}")
        };
        let pax = raw_tar(|b| {
            let size = ((16 << 20) + 1).to_string();
            entry(
                b,
                "pax",
                tar::EntryType::XHeader,
                record("size", &size).as_bytes(),
            );
            entry(b, "manifests/a.yaml", tar::EntryType::Regular, b"x");
        });
        let error = unpack_into(&mut Files::new(), &pax, &Limits::default()).unwrap_err();
        assert!(error.to_string().contains("bytes per file"), "{error}");
    }

    /// imgpkg writes the root directory first as `.`, GNU `tar -C dir .` as
    /// `./`, each followed by `./`-prefixed names: the same files as without.
    #[test]
    fn root_entries_and_dot_prefixes_name_the_same_files() {
        let plain = raw_tar(|b| {
            entry(b, "manifests/", tar::EntryType::Directory, b"");
            entry(b, "manifests/a.yaml", tar::EntryType::Regular, b"kind: A\n");
            entry(b, "package.yaml", tar::EntryType::Regular, b"name: a\n");
        });
        for root in [".", "./", ".//."] {
            let dotted = raw_tar(|b| {
                entry(b, root, tar::EntryType::Directory, b"");
                entry(b, "./manifests/", tar::EntryType::Directory, b"");
                entry(
                    b,
                    "./manifests/a.yaml",
                    tar::EntryType::Regular,
                    b"kind: A\n",
                );
                entry(b, "./package.yaml", tar::EntryType::Regular, b"name: a\n");
            });
            let (mut one, mut other) = (Files::new(), Files::new());
            unpack_into(&mut one, &plain, &Limits::default()).unwrap();
            unpack_into(&mut other, &dotted, &Limits::default()).unwrap();
            assert_eq!(one, other, "root entry {root:?}");
            assert_eq!(pack(&one), pack(&other));
        }
        // A root entry that is not a directory names no file.
        for path in [".", "./"] {
            let file = raw_tar(|b| entry(b, path, tar::EntryType::Regular, b"x"));
            let error = unpack_into(&mut Files::new(), &file, &Limits::default()).unwrap_err();
            assert!(
                matches!(error, ArchiveError::UnsafePath(_)),
                "{path}: {error}"
            );
        }
    }

    #[test]
    fn refuses_duplicates_and_truncation() {
        let twice = raw_tar(|b| {
            entry(b, "manifests/a.yaml", tar::EntryType::Regular, b"first");
            entry(b, "./manifests/a.yaml", tar::EntryType::Regular, b"second");
        });
        let error = unpack_into(&mut Files::new(), &twice, &Limits::default()).unwrap_err();
        assert!(matches!(error, ArchiveError::DuplicateEntry(ref p) if p == "manifests/a.yaml"));

        let mut tar = tar::Builder::new(Vec::new());
        entry(
            &mut tar,
            "manifests/a.yaml",
            tar::EntryType::Regular,
            &[b'x'; 2000],
        );
        let mut bytes = tar.into_inner().unwrap();
        bytes.truncate(1000);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&bytes).unwrap();
        let error =
            unpack_into(&mut Files::new(), &gz.finish().unwrap(), &Limits::default()).unwrap_err();
        assert!(matches!(error, ArchiveError::Corrupt(_)), "{error}");
    }

    #[test]
    fn limits_stop_bombs_and_floods() {
        let big = vec![0u8; 1 << 20];
        let archive = raw_tar(|b| entry(b, "big", tar::EntryType::Regular, &big));
        assert!(archive.len() < 10_000, "compresses well: {}", archive.len());
        let tight = Limits {
            max_total_bytes: 64 << 10,
            ..Limits::default()
        };
        let error = unpack_into(&mut Files::new(), &archive, &tight).unwrap_err();
        assert!(matches!(error, ArchiveError::TooLarge { .. }), "{error}");
        let per_file = Limits {
            max_file_bytes: 1000,
            ..Limits::default()
        };
        assert!(matches!(
            unpack_into(&mut Files::new(), &archive, &per_file).unwrap_err(),
            ArchiveError::TooLarge { .. }
        ));
        let many = raw_tar(|b| {
            (0..20).for_each(|i| entry(b, &format!("f{i}"), tar::EntryType::Regular, b"x"))
        });
        let few = Limits {
            max_entries: 10,
            ..Limits::default()
        };
        assert!(matches!(
            unpack_into(&mut Files::new(), &many, &few).unwrap_err(),
            ArchiveError::TooLarge { .. }
        ));
        assert!(matches!(
            unpack_into(&mut Files::new(), b"not gzip at all", &Limits::default()).unwrap_err(),
            ArchiveError::Corrupt(_)
        ));
    }

    #[test]
    fn a_gzip_bomb_stops_at_the_stream_cap() {
        // 32 MiB of zeros in 32 KiB; the tar structure is a long name that claims
        // them all, so no file size gives the bomb away before it is read.
        let mut tar = Vec::new();
        {
            let mut header = tar::Header::new_gnu();
            header.as_gnu_mut().unwrap().name[..13].copy_from_slice(b"././@LongLink");
            header.set_entry_type(tar::EntryType::GNULongName);
            header.set_size(32 << 20);
            header.set_cksum();
            tar.extend_from_slice(header.as_bytes());
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(&tar).unwrap();
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..32 {
            gz.write_all(&zeros).unwrap();
        }
        let bomb = gz.finish().unwrap();
        assert!(bomb.len() < 64 << 10, "{}", bomb.len());
        let limits = Limits {
            max_total_bytes: 1 << 20,
            ..Limits::default()
        };
        let error = unpack_into(&mut Files::new(), &bomb, &limits).unwrap_err();
        assert!(matches!(error, ArchiveError::TooLarge { .. }), "{error}");
        assert!(error.to_string().contains("decompressed"), "{error}");
    }

    #[test]
    fn whiteouts_remove_earlier_layers() {
        let mut state = files(&[
            ("manifests/a.yaml", "a"),
            ("manifests/b.yaml", "b"),
            ("x/y", "y"),
        ]);
        let layer = raw_tar(|b| {
            entry(b, "manifests/.wh.a.yaml", tar::EntryType::Regular, b"");
            entry(b, "x/.wh..wh..opq", tar::EntryType::Regular, b"");
        });
        unpack_into(&mut state, &layer, &Limits::default()).unwrap();
        assert_eq!(state.keys().collect::<Vec<_>>(), ["manifests/b.yaml"]);
    }
}

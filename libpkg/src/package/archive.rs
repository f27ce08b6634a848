//! tar+gzip archives of package files: packed reproducibly, unpacked defensively.
//!
//! Packing sorts entries and fixes every header field that could vary (mtime,
//! owner, mode, gzip header), so the same files always give the same bytes and
//! therefore the same digest. Unpacking happens in memory and refuses anything
//! that could escape or exhaust: absolute paths, `..`, links, devices, and more
//! data or entries than the [`Limits`] allow (which also stops gzip bombs early).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Component, Path};

use flate2::Compression;

/// Package files by relative path (`package.yaml`, `manifests/db.yaml`).
pub type Files = BTreeMap<String, Vec<u8>>;

/// Caps on what an archive may unpack to (docs/package-format.md#limits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Total bytes of all files.
    pub max_total_bytes: u64,
    /// Bytes of one file.
    pub max_file_bytes: u64,
    /// Number of entries.
    pub max_entries: usize,
}

impl Default for Limits {
    /// 64 MiB in all, 16 MiB per file, 10,000 entries.
    fn default() -> Self {
        Limits {
            max_total_bytes: 64 << 20,
            max_file_bytes: 16 << 20,
            max_entries: 10_000,
        }
    }
}

/// Why an archive was refused.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The bytes are not a readable tar+gzip stream.
    #[error("not a readable tar+gzip archive: {0}")]
    Corrupt(#[source] std::io::Error),
    /// An entry's path is absolute or climbs out with `..`.
    #[error("entry {0:?} points outside the package (absolute path or '..')")]
    UnsafePath(String),
    /// A symlink, hard link, device or other non-regular entry.
    #[error("entry {path:?} is a {kind}, which packages may not contain")]
    UnsupportedEntry {
        /// The entry's path.
        path: String,
        /// What kind of entry it is.
        kind: String,
    },
    /// A limit was exceeded.
    #[error("archive exceeds the limit of {limit} ({what})")]
    TooLarge {
        /// Which limit, with its value.
        limit: String,
        /// What exceeded it.
        what: String,
    },
}

/// Packs `files` into a reproducible tar+gzip archive.
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
            .append_data(&mut header, path, data.as_slice())
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
    // The decompressed stream is read through a cap one byte past the limit, so a
    // gzip bomb fails after `max_total_bytes`, not after filling memory.
    let decoder = flate2::read::GzDecoder::new(archive).take(limits.max_total_bytes + 1);
    let mut tar = tar::Archive::new(decoder);
    let mut total: u64 = 0;
    let entries = tar.entries().map_err(ArchiveError::Corrupt)?;
    for (index, entry) in entries.enumerate() {
        if index >= limits.max_entries {
            return Err(ArchiveError::TooLarge {
                limit: format!("{} entries", limits.max_entries),
                what: "the archive has more entries".to_string(),
            });
        }
        let mut entry = entry.map_err(|e| too_large_or_corrupt(e, total, limits))?;
        let raw_path = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let path = normalize(&raw_path)?;
        let kind = entry.header().entry_type();
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
        let size = entry.header().size().map_err(ArchiveError::Corrupt)?;
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
        entry
            .read_to_end(&mut data)
            .map_err(|e| too_large_or_corrupt(e, total, limits))?;
        apply_entry(files, path, data);
    }
    Ok(())
}

fn too_large_or_corrupt(error: std::io::Error, total: u64, limits: &Limits) -> ArchiveError {
    if total >= limits.max_total_bytes {
        ArchiveError::TooLarge {
            limit: format!("{} bytes in all", limits.max_total_bytes),
            what: "the decompressed stream".to_string(),
        }
    } else {
        ArchiveError::Corrupt(error)
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
        files.insert(path, data);
    }
}

/// `./a/b` → `a/b`; refuses absolute paths and `..`.
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
            .map(|(p, d)| (p.to_string(), d.as_bytes().to_vec()))
            .collect()
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
            ("../evil", tar::EntryType::Regular, "outside"),
            ("/etc/evil", tar::EntryType::Regular, "outside"),
            ("manifests/link", tar::EntryType::Symlink, "symbolic link"),
            ("dev", tar::EntryType::Char, "device"),
        ];
        for (path, kind, expected) in cases {
            let archive = raw_tar(|b| entry(b, path, kind, b""));
            let error = unpack_into(&mut Files::new(), &archive, &Limits::default()).unwrap_err();
            assert!(error.to_string().contains(expected), "{path}: {error}");
        }
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

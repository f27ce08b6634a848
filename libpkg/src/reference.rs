//! Package references as users type them, parsed once into a typed value.
//!
//! | form | meaning |
//! |---|---|
//! | `mongodb` | a name, looked up in every configured repository |
//! | `stable/mongodb` | a name in one configured repository |
//! | `oci://host/path/mongodb[:tag\|@sha256:…]` | a registry repository, optionally pinned |
//! | `./mongodb`, `/abs/dir`, `../dir` | a package directory |
//! | `mongodb-7.0.12.tgz` | an archive of a package directory |
//! | `git+https://host/repo.git//DIR?ref=REF` | a directory of a git repository (fetched by `source::git`) |
//! | `https://host/path/mongodb-7.0.12.tgz[#sha256=HEX]` | an archive over HTTPS, pinned by its checksum (fetched by `source::http`) |

use std::fmt;
use std::path::PathBuf;

use crate::names::{validate_dns_label, validate_dns_subdomain};

/// A parsed package reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackageRef {
    /// A bare name, searched in every configured repository.
    Name(String),
    /// A name in one named repository (`REPO/NAME`).
    InRepository {
        /// The configured repository's name.
        repository: String,
        /// The package name.
        name: String,
    },
    /// An OCI repository, optionally with a tag or a digest.
    Oci(OciRef),
    /// A package directory on disk.
    Directory(PathBuf),
    /// A `.tgz` archive of a package directory.
    Archive(PathBuf),
    /// A directory of a git repository at a ref or commit.
    Git(GitRef),
    /// An archive (a package or a chart) over HTTP(S).
    Http(HttpRef),
}

/// A location in an OCI registry: `host[:port]/path[:tag|@digest]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OciRef {
    /// Registry host and optional port.
    pub registry: String,
    /// Repository path within the registry.
    pub repository: String,
    /// A tag, when one was given.
    pub tag: Option<String>,
    /// A `sha256:…` digest, when one was given (wins over the tag).
    pub digest: Option<String>,
}

/// `text` with the user name and password of a URL in it replaced by
/// `***`, for messages: what a user pasted by mistake is never printed back.
pub fn without_credentials(text: &str) -> String {
    if let Some(start) = text.find("://") {
        let authority_and_rest = &text[start + 3..];
        let end = authority_and_rest
            .find(['/', '?', '#'])
            .unwrap_or(authority_and_rest.len());
        if let Some(at) = authority_and_rest[..end].rfind('@') {
            return format!("{}***{}", &text[..start + 3], &authority_and_rest[at..]);
        }
    }
    text.to_string()
}

/// A reference that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid package reference {reference:?}")]
pub struct ReferenceError {
    /// What the user typed.
    pub reference: String,
    /// Why it is not a reference.
    #[source]
    pub reason: RefParseError,
}

/// Why a reference, or a location inside one (an OCI, git or HTTP
/// reference), is malformed. Texts quoted in it carry no credentials.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefParseError {
    /// None of the forms: a name with two slashes, say.
    #[error(
        "expected NAME, REPO/NAME, oci://HOST/PATH, ./DIR, FILE.tgz, https://HOST/FILE.tgz or git+https://HOST/REPO.git (a directory needs ./)"
    )]
    Unrecognized,
    /// The `REPO` of `REPO/NAME` is not a DNS label.
    #[error("repository name")]
    RepositoryName(#[source] crate::names::NameError),
    /// The package name is not a DNS subdomain.
    #[error("package name")]
    PackageName(#[source] crate::names::NameError),
    /// An OCI reference without a `/` between host and path.
    #[error("an OCI reference needs a host and a path (oci://HOST/PATH)")]
    OciWithoutPath,
    /// The registry part is not `HOST[:PORT]`.
    #[error(
        "the registry {registry:?} is not HOST[:PORT] (a DNS name, an IPv4 address or [IPv6], and a port)"
    )]
    RegistryHost {
        /// The registry part as written.
        registry: String,
    },
    /// The digest after `@` is not a sha256 digest.
    #[error(transparent)]
    Digest(#[from] DigestError),
    /// The repository path is empty or has an empty segment.
    #[error("the repository path {repository:?} is empty or has an empty segment")]
    EmptyRepositoryPath {
        /// The path as written.
        repository: String,
    },
    /// The repository path holds a character OCI does not allow.
    #[error(
        "the repository path {repository:?} may hold only lowercase letters, digits, '.', '_', '-' and '/'"
    )]
    RepositoryPathCharacters {
        /// The path as written.
        repository: String,
    },
    /// The tag is not a valid OCI tag.
    #[error("the tag {tag:?} is not a valid OCI tag")]
    Tag {
        /// The tag as written.
        tag: String,
    },
    /// [`GitRef::parse`] was given something without `git+`.
    #[error("a git reference starts with git+")]
    NotGit,
    /// A `git+` reference without `SCHEME://`.
    #[error("expected git+https://HOST/PATH[//DIR][?ref=REF]")]
    GitWithoutScheme,
    /// The URL parser refused the URL.
    #[error("the URL {url:?}")]
    Url {
        /// The URL, credentials replaced by `***`.
        url: String,
        /// The URL parser's reason.
        source: url::ParseError,
    },
    /// `http://` to another machine.
    #[error("plain http:// is allowed only on this machine (loopback); use https://")]
    PlainHttp,
    /// A scheme this kind of reference is not read with.
    #[error("the scheme {scheme:?} is not supported ({expected})")]
    Scheme {
        /// The scheme as written.
        scheme: String,
        /// The forms that are read.
        expected: &'static str,
    },
    /// A user name or password in the URL.
    #[error(
        "credentials do not belong in the URL (it is recorded in plans and release history); {instead}"
    )]
    Credentials {
        /// Where the credentials go instead.
        instead: &'static str,
    },
    /// The `//DIR` of a git reference leaves the repository or is empty.
    #[error(
        "the directory {dir:?} must be a relative path inside the repository (no '..', '.', '.git' or empty parts)"
    )]
    GitDirectory {
        /// The directory as written.
        dir: String,
    },
    /// `ref=` is not a git ref name.
    #[error("ref={reference:?} is not a valid git ref name")]
    GitRefName {
        /// The ref as written.
        reference: String,
    },
    /// `commit=` is not a full commit id.
    #[error("commit={commit:?} is not a full 40-digit commit id")]
    GitCommit {
        /// The commit as written.
        commit: String,
    },
    /// A query parameter other than one `ref=` and one `commit=`.
    #[error("unexpected {pair:?} in the query (only ref=REF and commit=SHA, once each)")]
    GitQuery {
        /// The parameter as written.
        pair: String,
    },
    /// An HTTP reference's fragment other than `#sha256=HEX`.
    #[error("the fragment #{fragment} is not #sha256=HEX (the archive's checksum)")]
    Fragment {
        /// The fragment, without `#`.
        fragment: String,
    },
    /// The checksum of `#sha256=` is not one.
    #[error(transparent)]
    Sha256(#[from] Sha256Error),
}

/// A text that is not a `sha256:` digest ([`validate_digest`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{digest:?} is not a sha256 digest (sha256: and 64 hex digits)")]
pub struct DigestError {
    /// What was read.
    pub digest: String,
}

/// A text that is not a sha256 checksum ([`normalize_sha256`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a sha256 checksum (64 hex digits)")]
pub struct Sha256Error {
    /// What was read.
    pub text: String,
}

impl PackageRef {
    /// Parses a reference; see the module docs for the forms.
    pub fn parse(text: &str) -> Result<Self, ReferenceError> {
        let fail = |reason: RefParseError| ReferenceError {
            reference: without_credentials(text),
            reason,
        };
        if let Some(oci) = OciRef::from_url(text) {
            return oci.map(PackageRef::Oci).map_err(fail);
        }
        if text.starts_with("git+") {
            return GitRef::parse(text).map(PackageRef::Git).map_err(fail);
        }
        if text.starts_with("https://") || text.starts_with("http://") {
            return HttpRef::parse(text).map(PackageRef::Http).map_err(fail);
        }
        if text.ends_with(".tgz") || text.ends_with(".tar.gz") {
            return Ok(PackageRef::Archive(PathBuf::from(text)));
        }
        let looks_like_path = text.starts_with('.')
            || text.starts_with('/')
            || text.starts_with('~')
            || text.contains('\\');
        if looks_like_path {
            return Ok(PackageRef::Directory(PathBuf::from(text)));
        }
        match text.split_once('/') {
            Some((repository, name)) => {
                if name.contains('/') {
                    return Err(fail(RefParseError::Unrecognized));
                }
                validate_dns_label(repository)
                    .map_err(|why| fail(RefParseError::RepositoryName(why)))?;
                // A DNS subdomain: Carvel refNames (`supervisor.pinniped.dev`) have dots.
                validate_dns_subdomain(name)
                    .map_err(|why| fail(RefParseError::PackageName(why)))?;
                Ok(PackageRef::InRepository {
                    repository: repository.to_string(),
                    name: name.to_string(),
                })
            }
            None => {
                validate_dns_subdomain(text)
                    .map_err(|why| fail(RefParseError::PackageName(why)))?;
                Ok(PackageRef::Name(text.to_string()))
            }
        }
    }
}

impl OciRef {
    /// The scheme OCI locations are written with, read only by
    /// [`OciRef::from_url`] and [`OciRef::url_path`] and written by `Display`.
    const SCHEME: &str = "oci://";

    /// Reads an OCI location as users, repositories and plans write it,
    /// `oci://HOST/PATH[:TAG][@DIGEST]`: `None` when `text` is not written
    /// as one, why not when it is but is malformed.
    pub fn from_url(text: &str) -> Option<Result<Self, RefParseError>> {
        text.strip_prefix(Self::SCHEME).map(Self::parse)
    }

    /// Whether `text` is written as an OCI location (`oci://…`).
    pub fn is_url(text: &str) -> bool {
        text.starts_with(Self::SCHEME)
    }

    /// `HOST[/PATH]` of an `oci://` URL, without a trailing `/`: a repository
    /// prefix, which need not be a whole reference (`oci://HOST` is one).
    pub fn url_path(text: &str) -> Option<&str> {
        text.strip_prefix(Self::SCHEME)
            .map(|rest| rest.trim_end_matches('/'))
    }

    /// `HOST/PATH`: the repository without tag or digest, what a repository
    /// prefix or a signature rule covers.
    pub fn path(&self) -> String {
        format!("{}/{}", self.registry, self.repository)
    }

    /// Whether this repository is `prefix` (`HOST[/PATH]`) or lies under it
    /// on a path boundary, whatever its tag or digest.
    pub fn is_within(&self, prefix: &str) -> bool {
        let path = self.path();
        path == prefix
            || path
                .strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with('/'))
    }

    /// Parses `host[:port]/path[:tag|@sha256:hex]` (without `oci://`).
    pub fn parse(text: &str) -> Result<Self, RefParseError> {
        let (registry, rest) = text.split_once('/').ok_or(RefParseError::OciWithoutPath)?;
        validate_registry_host(registry)?;
        let (rest, digest) = match rest.split_once('@') {
            Some((rest, digest)) => {
                validate_digest(digest)?;
                (rest, Some(digest.to_string()))
            }
            None => (rest, None),
        };
        let (repository, tag) = match rest.rsplit_once(':') {
            Some((repository, tag)) if !tag.contains('/') => (repository, Some(tag.to_string())),
            _ => (rest, None),
        };
        if repository.is_empty() || repository.split('/').any(|part| part.is_empty()) {
            return Err(RefParseError::EmptyRepositoryPath {
                repository: repository.to_string(),
            });
        }
        let valid_path = repository
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-/".contains(c));
        if !valid_path {
            return Err(RefParseError::RepositoryPathCharacters {
                repository: repository.to_string(),
            });
        }
        if let Some(tag) = &tag {
            let valid_tag = !tag.is_empty()
                && tag.len() <= 128
                && tag
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
            if !valid_tag {
                return Err(RefParseError::Tag { tag: tag.clone() });
            }
        }
        Ok(OciRef {
            registry: registry.to_string(),
            repository: repository.to_string(),
            tag,
            digest,
        })
    }

    /// The same repository with a different tag and no digest.
    pub fn with_tag(&self, tag: &str) -> OciRef {
        OciRef {
            tag: Some(tag.to_string()),
            digest: None,
            ..self.clone()
        }
    }

    /// The same repository pinned to a digest.
    pub fn with_digest(&self, digest: &str) -> OciRef {
        OciRef {
            digest: Some(digest.to_string()),
            ..self.clone()
        }
    }

    /// The last path segment, which names the package.
    pub fn package_name(&self) -> &str {
        self.repository
            .rsplit('/')
            .next()
            .unwrap_or(&self.repository)
    }

    /// Whether the registry is on this machine (loopback), where plain HTTP is allowed.
    pub fn is_loopback(&self) -> bool {
        is_loopback_host(&self.registry)
    }
}

/// Whether `host[:port]` names this machine: `localhost`, 127.0.0.0/8 or `[::1]`.
pub fn is_loopback_host(registry: &str) -> bool {
    let host = if let Some(bracketed) = registry.strip_prefix('[') {
        bracketed.split(']').next().unwrap_or("")
    } else {
        registry.rsplit_once(':').map_or(registry, |(host, _)| host)
    };
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Checks `host[:port]`: a DNS name or IPv4 address, or a bracketed IPv6 address,
/// and an optional port. Anything else (`user:password@host`, `host?query`)
/// would be read differently by the URL parser than by the credential lookup.
fn validate_registry_host(registry: &str) -> Result<(), RefParseError> {
    let fail = || {
        Err(RefParseError::RegistryHost {
            registry: registry.to_string(),
        })
    };
    let (host_ok, port) = match registry.strip_prefix('[') {
        Some(rest) => {
            let Some((ip, after)) = rest.split_once(']') else {
                return fail();
            };
            let port = match after {
                "" => None,
                _ => match after.strip_prefix(':') {
                    Some(port) => Some(port),
                    None => return fail(),
                },
            };
            (ip.parse::<std::net::Ipv6Addr>().is_ok(), port)
        }
        None => match registry.split_once(':') {
            Some((host, port)) => (is_dns_name(host), Some(port)),
            None => (is_dns_name(registry), None),
        },
    };
    let port_ok = port.is_none_or(|port| {
        port.len() <= 5
            && port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u16>().is_ok_and(|n| n > 0)
    });
    if host_ok && port_ok { Ok(()) } else { fail() }
}

/// Dot-separated labels of letters, digits and inner hyphens (IPv4 addresses too).
fn is_dns_name(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

/// Checks `sha256:` followed by 64 lowercase hex digits.
pub fn validate_digest(digest: &str) -> Result<(), DigestError> {
    match digest.strip_prefix("sha256:") {
        Some(hex) if hex.len() == 64 && hex.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')) => {
            Ok(())
        }
        _ => Err(DigestError {
            digest: digest.to_string(),
        }),
    }
}

impl fmt::Display for OciRef {
    /// `oci://host/path[:tag][@digest]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Self::SCHEME, self.path())?;
        if let Some(tag) = &self.tag {
            write!(f, ":{tag}")?;
        }
        if let Some(digest) = &self.digest {
            write!(f, "@{digest}")?;
        }
        Ok(())
    }
}

impl fmt::Display for PackageRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackageRef::Name(name) => f.write_str(name),
            PackageRef::InRepository { repository, name } => write!(f, "{repository}/{name}"),
            PackageRef::Oci(oci) => oci.fmt(f),
            PackageRef::Git(git) => git.fmt(f),
            PackageRef::Http(http) => http.fmt(f),
            PackageRef::Directory(path) | PackageRef::Archive(path) => {
                write!(f, "{}", path.display())
            }
        }
    }
}

/// A parsed `git+…` reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitRef {
    /// The repository's URL as git takes it (`https://…`, `http://…` on
    /// loopback, or `file://…`), without `git+`.
    pub url: String,
    /// The package's directory in the repository (`""`: the top).
    pub dir: String,
    /// `ref=`: a tag, a branch or a full commit id.
    pub reference: Option<String>,
    /// `commit=`: the commit the reference was resolved to (a pinned reference).
    pub commit: Option<String>,
}

impl GitRef {
    /// Parses `git+SCHEME://HOST/PATH[//DIR][?ref=REF][&commit=SHA]`.
    pub fn parse(text: &str) -> Result<GitRef, RefParseError> {
        let rest = text.strip_prefix("git+").ok_or(RefParseError::NotGit)?;
        let (location, query) = match rest.split_once('?') {
            Some((location, query)) => (location, Some(query)),
            None => (rest, None),
        };
        let scheme_end = location
            .find("://")
            .ok_or(RefParseError::GitWithoutScheme)?
            + 3;
        let (url, dir) = match location[scheme_end..].find("//") {
            Some(at) => (
                &location[..scheme_end + at],
                &location[scheme_end + at + 2..],
            ),
            None => (location, ""),
        };
        let parsed = parse_url(url)?;
        if parsed.scheme() != "file" {
            check_web_url(
                &parsed,
                "git+https://, or git+file:// for a local repository",
                "the token goes in KUBECTL_PKG_GIT_TOKEN or ~/.git-credentials",
            )?;
        }
        let dir = dir.trim_end_matches('/');
        validate_dir(dir)?;
        let mut reference = None;
        let mut commit = None;
        for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("ref", value)) if reference.is_none() => {
                    validate_ref(value)?;
                    reference = Some(value.to_string());
                }
                Some(("commit", value)) if commit.is_none() => {
                    if !is_full_commit(value) {
                        return Err(RefParseError::GitCommit {
                            commit: value.to_string(),
                        });
                    }
                    commit = Some(value.to_string());
                }
                _ => {
                    return Err(RefParseError::GitQuery {
                        pair: pair.to_string(),
                    });
                }
            }
        }
        if reference.as_deref().is_some_and(is_full_commit) && commit.is_none() {
            commit = reference.clone();
        }
        Ok(GitRef {
            url: url.to_string(),
            dir: dir.to_string(),
            reference,
            commit,
        })
    }

    /// The same reference pinned to `commit`.
    pub fn pinned(&self, commit: &str) -> GitRef {
        GitRef {
            commit: Some(commit.to_string()),
            ..self.clone()
        }
    }

    /// The repository and directory, without ref or commit (what an upgrade
    /// resolves tags of again).
    pub fn unpinned(&self) -> GitRef {
        GitRef {
            reference: None,
            commit: None,
            ..self.clone()
        }
    }

    /// The tag prefix of this directory's versions: `DIR/` (none at the top).
    pub fn tag_prefix(&self) -> String {
        if self.dir.is_empty() {
            String::new()
        } else {
            format!("{}/", self.dir)
        }
    }
}

impl fmt::Display for GitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "git+{}", self.url)?;
        if !self.dir.is_empty() {
            write!(f, "//{}", self.dir)?;
        }
        let mut separator = '?';
        if let Some(reference) = &self.reference {
            write!(f, "{separator}ref={reference}")?;
            separator = '&';
        }
        if let Some(commit) = &self.commit
            && self.reference.as_ref() != Some(commit)
        {
            write!(f, "{separator}commit={commit}")?;
        }
        Ok(())
    }
}

/// An archive over HTTP(S): `https://HOST/PATH[#sha256=HEX]`. The checksum
/// travels in the fragment (as pip's hash fragments do: the server never sees
/// it), so the reference a plan records pins the archive by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRef {
    /// The URL, without the fragment: `https://…`, or `http://…` on loopback.
    pub url: String,
    /// The archive's sha256, 64 lowercase hex digits, when it is pinned.
    pub sha256: Option<String>,
}

impl HttpRef {
    /// Parses `https://HOST/PATH[#sha256=HEX]` (`http://` only on loopback;
    /// no credentials in the URL: it is recorded in plans and history).
    pub fn parse(text: &str) -> Result<HttpRef, RefParseError> {
        let parsed = parse_url(text)?;
        check_web_url(
            &parsed,
            "https://HOST/PATH",
            "archives are read without credentials",
        )?;
        let sha256 = match parsed.fragment() {
            None => None,
            Some(fragment) => {
                let hex =
                    fragment
                        .strip_prefix("sha256=")
                        .ok_or_else(|| RefParseError::Fragment {
                            fragment: fragment.to_string(),
                        })?;
                Some(normalize_sha256(hex)?)
            }
        };
        let mut url = parsed;
        url.set_fragment(None);
        Ok(HttpRef {
            url: url.to_string(),
            sha256,
        })
    }

    /// The same archive pinned to `sha256` (64 hex digits).
    pub fn pinned(&self, sha256: &str) -> HttpRef {
        HttpRef {
            sha256: Some(sha256.to_string()),
            ..self.clone()
        }
    }
}

impl fmt::Display for HttpRef {
    /// `URL[#sha256=HEX]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)?;
        if let Some(sha256) = &self.sha256 {
            write!(f, "#sha256={sha256}")?;
        }
        Ok(())
    }
}

/// Takes a sha256 as users copy it (`HEX`, `sha256:HEX`, upper case) and gives
/// the 64 lowercase hex digits, or says why it is not one.
pub fn normalize_sha256(text: &str) -> Result<String, Sha256Error> {
    let hex = text
        .strip_prefix("sha256:")
        .unwrap_or(text)
        .to_ascii_lowercase();
    if hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(hex)
    } else {
        Err(Sha256Error {
            text: text.to_string(),
        })
    }
}

/// Parses a URL, naming it without credentials when it is malformed.
fn parse_url(text: &str) -> Result<url::Url, RefParseError> {
    url::Url::parse(text).map_err(|source| RefParseError::Url {
        url: without_credentials(text),
        source,
    })
}

/// Checks a web URL a package is read from: `https`, or `http` on loopback
/// only, and no user name or password in it (`credentials` says where they go).
fn check_web_url(
    url: &url::Url,
    expected: &'static str,
    credentials: &'static str,
) -> Result<(), RefParseError> {
    match url.scheme() {
        "https" => {}
        "http" if url.host_str().is_some_and(is_loopback_name) => {}
        "http" => {
            return Err(RefParseError::PlainHttp);
        }
        other => {
            return Err(RefParseError::Scheme {
                scheme: other.to_string(),
                expected,
            });
        }
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(RefParseError::Credentials {
            instead: credentials,
        });
    }
    Ok(())
}

fn is_loopback_name(host: &str) -> bool {
    crate::reference::is_loopback_host(host)
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Whether `text` is a full SHA-1 commit id (40 lowercase hex digits).
pub fn is_full_commit(text: &str) -> bool {
    text.len() == 40 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

fn validate_dir(dir: &str) -> Result<(), RefParseError> {
    if dir.is_empty() {
        return Ok(());
    }
    let bad = dir.starts_with('/')
        || dir.contains('\\')
        || dir
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == ".." || part == ".git");
    if bad {
        return Err(RefParseError::GitDirectory {
            dir: dir.to_string(),
        });
    }
    Ok(())
}

/// Roughly git's check-ref-format: no spaces, controls, `..`, `~^:?*[\`, and
/// not starting with `-` or `/`.
fn validate_ref(reference: &str) -> Result<(), RefParseError> {
    let bad = reference.is_empty()
        || reference.starts_with('-')
        || reference.starts_with('/')
        || reference.ends_with('/')
        || reference.ends_with(".lock")
        || reference.contains("..")
        || reference.contains("//")
        || reference.contains("@{")
        || reference
            .chars()
            .any(|c| c.is_control() || c == ' ' || "~^:?*[\\".contains(c));
    if bad {
        return Err(RefParseError::GitRefName {
            reference: reference.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(
            PackageRef::parse("mongodb").unwrap(),
            PackageRef::Name("mongodb".into())
        );
        assert_eq!(
            PackageRef::parse("stable/mongodb").unwrap(),
            PackageRef::InRepository {
                repository: "stable".into(),
                name: "mongodb".into()
            }
        );
        assert_eq!(
            PackageRef::parse("./mongodb").unwrap(),
            PackageRef::Directory("./mongodb".into())
        );
        assert_eq!(
            PackageRef::parse("m-1.0.0.tgz").unwrap(),
            PackageRef::Archive("m-1.0.0.tgz".into())
        );
        let digest = format!("sha256:{}", "a".repeat(64));
        let PackageRef::Oci(oci) = PackageRef::parse(&format!(
            "oci://127.0.0.1:5000/pkgs/mongodb:7.0.12@{digest}"
        ))
        .unwrap() else {
            panic!("not oci")
        };
        assert_eq!(oci.registry, "127.0.0.1:5000");
        assert_eq!(oci.repository, "pkgs/mongodb");
        assert_eq!(oci.tag.as_deref(), Some("7.0.12"));
        assert_eq!(oci.digest.as_deref(), Some(digest.as_str()));
        assert_eq!(oci.package_name(), "mongodb");
        assert!(oci.is_loopback());
        assert_eq!(
            oci.to_string(),
            format!("oci://127.0.0.1:5000/pkgs/mongodb:7.0.12@{digest}")
        );
    }

    #[test]
    fn oci_urls_are_read_in_one_place() {
        let oci = OciRef::from_url("oci://h:5000/team/app:1.0")
            .unwrap()
            .unwrap();
        assert_eq!(oci.path(), "h:5000/team/app");
        assert_eq!(oci.to_string(), "oci://h:5000/team/app:1.0");
        assert!(OciRef::from_url("oci://host").unwrap().is_err());
        assert!(OciRef::from_url("h/team/app").is_none());
        assert!(OciRef::is_url("oci://h/p") && !OciRef::is_url("./oci://"));
        assert_eq!(OciRef::url_path("oci://h:5000/team/"), Some("h:5000/team"));
        assert_eq!(OciRef::url_path("oci://h:5000"), Some("h:5000"));
        assert_eq!(OciRef::url_path("https://h/team"), None);
        for (prefix, within) in [
            ("h:5000/team", true),
            ("h:5000/team/app", true),
            ("h:5000", true),
            ("h:5000/te", false),
            ("h:5000/team/app/x", false),
        ] {
            assert_eq!(oci.is_within(prefix), within, "{prefix}");
        }
    }

    #[test]
    fn errors_name_the_reason() {
        for bad in [
            "Mongo",
            "a/b/c",
            "oci://host",
            "oci://h/p@sha256:xyz",
            "oci://h/UPPER",
            "oci://h/p:bad+tag",
        ] {
            let error = PackageRef::parse(bad).unwrap_err();
            assert!(error.to_string().contains(bad), "{error}");
        }
    }

    /// Issue 51: the reason is the error's source, not repeated in its
    /// message.
    #[test]
    fn a_reference_error_keeps_its_reason_as_its_source() {
        let error = PackageRef::parse("oci://h/p:bad+tag").unwrap_err();
        let source = std::error::Error::source(&error).expect("a source");
        assert!(source.to_string().contains("bad+tag"));
        assert!(!error.to_string().contains(&source.to_string()), "{error}");
        let error = GitRef::parse("git+https://h/r.git?ref=a..b").unwrap_err();
        assert_eq!(
            error.to_string(),
            "ref=\"a..b\" is not a valid git ref name"
        );
    }

    #[test]
    fn registry_hosts_are_host_and_port_only() {
        for good in [
            "registry.example.com",
            "127.0.0.1:5000",
            "[::1]:5000",
            "[::1]",
            "Reg-1.io",
        ] {
            OciRef::parse(&format!("{good}/pkgs/app")).unwrap_or_else(|e| panic!("{good}: {e}"));
        }
        for bad in [
            "user:secret@registry.example.com",
            "registry.example.com?x=1",
            "host:port",
            "host:99999",
            "host:0",
            "-host",
            "[::1",
            "[not-ip]:5000",
            "[::1]5000",
            "",
        ] {
            let error = OciRef::parse(&format!("{bad}/pkgs/app")).unwrap_err();
            assert!(
                matches!(error, RefParseError::RegistryHost { .. }),
                "{bad}: {error}"
            );
            assert!(error.to_string().contains("HOST[:PORT]"), "{bad}: {error}");
        }
    }

    #[test]
    fn http_archives_carry_their_checksum_in_the_fragment() {
        let hex = "ab".repeat(32);
        let PackageRef::Http(http) = PackageRef::parse(&format!(
            "https://example.com/c/app-1.0.0.tgz#sha256={}",
            hex.to_uppercase()
        ))
        .unwrap() else {
            panic!("not http")
        };
        assert_eq!(http.url, "https://example.com/c/app-1.0.0.tgz");
        assert_eq!(http.sha256.as_deref(), Some(hex.as_str()));
        assert_eq!(
            http.to_string(),
            format!("https://example.com/c/app-1.0.0.tgz#sha256={hex}")
        );
        let unpinned = HttpRef::parse("http://127.0.0.1:8080/app.tgz?x=1").unwrap();
        assert_eq!(unpinned.sha256, None);
        assert_eq!(
            unpinned.pinned(&hex).to_string(),
            format!("http://127.0.0.1:8080/app.tgz?x=1#sha256={hex}")
        );
        assert_eq!(normalize_sha256(&format!("sha256:{hex}")).unwrap(), hex);
        for (bad, why) in [
            ("http://example.com/app.tgz", "loopback"),
            ("https://user:secret@example.com/app.tgz", "credentials"),
            ("https://example.com/app.tgz#md5=00", "#sha256=HEX"),
            ("https://example.com/app.tgz#sha256=abc", "64 hex digits"),
            ("git+ssh://example.com/r.git", "not supported"),
            (
                "git+https://token@example.com/r.git",
                "KUBECTL_PKG_GIT_TOKEN",
            ),
        ] {
            let error = crate::remedy::with_causes(&PackageRef::parse(bad).unwrap_err());
            assert!(error.contains(why), "{bad}: {error}");
            assert!(
                !error.contains("secret") && !error.contains("token@"),
                "{error}"
            );
        }
    }

    #[test]
    fn loopback_hosts() {
        assert!(is_loopback_host("localhost:5000"));
        assert!(is_loopback_host("127.0.0.2"));
        assert!(is_loopback_host("[::1]:5000"));
        assert!(!is_loopback_host("registry.example.com:5000"));
        assert!(!is_loopback_host("10.0.0.1:5000"));
    }
}

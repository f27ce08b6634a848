//! Versions and constraints as Go's Masterminds/semver v3 reads them: for the
//! template functions `semver` and `semverCompare`, and for Helm (re-exported
//! as `helm::semver`: `kubeVersion`, dependency versions in `Chart.yaml`,
//! repository lookups). It lives with the template engine, which depends on
//! nothing of Helm's; one port of that
//! library, with its own regular expressions, checked against Go by the
//! template differential tests and against Masterminds' cases here.
//!
//! Why not the `semver` crate used elsewhere in libpkg: Helm's rules differ in
//! ways charts rely on.
//! - Versions are loose: `1.2`, `v1.2.3` and `1` are accepted (`1.2` is 1.2.0).
//! - A prerelease version satisfies a comparator only when *that comparator's*
//!   version has a prerelease, whatever its major.minor.patch: `>=1.20.0-0`
//!   matches `1.29.3-gke.100`, while the `semver` crate only admits
//!   prereleases of the same major.minor.patch. This is why chart authors write
//!   `kubeVersion: ">=1.20.0-0"`: managed clusters report prerelease-like
//!   versions (`v1.29.3-eks-adc7111`), which `>=1.20.0` rejects, in Helm as here.
//! - Missing or wildcard parts make a comparator a range (`1.2`, `1.2.x`, `>1.2`
//!   means a minor above 2), `~` and `^` follow Masterminds' tables, hyphen
//!   ranges (`1.2 - 1.4`) become `>= 1.2, <= 1.4`, comparators are joined by
//!   spaces or commas, `||` separates alternatives.
//! - Build metadata never takes part in comparisons.

use std::cmp::Ordering;
use std::fmt;
use std::sync::OnceLock;

use regex_lite::Regex;

const CV: &str = r"v?([0-9|x|X|\*]+)(\.[0-9|x|X|\*]+)?(\.[0-9|x|X|\*]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?";
const OPS: &str = r"=||!=|>|<|>=|=>|<=|=<|~|~>|\^";
/// RE2's `\s`, which Masterminds' expressions are written with: ASCII
/// white space without the vertical tab (the `regex` crates' `\s` is
/// Unicode's, or has `\v`).
const S: &str = r"[\t\n\f\r ]";

/// Masterminds' constraint expressions, each compiled on first use, with
/// `regex-lite`: `regex` took a millisecond to compile them, more than
/// rendering a small chart, and every chart with a `kubeVersion` needs them.
fn constraint_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(&format!(r"^{S}*({OPS}){S}*({CV}){S}*$")).expect("regex"))
}

fn range_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(&format!(r"{S}*({CV}){S}+-{S}+({CV}){S}*")).expect("regex"))
}

fn find_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(&format!(r"({OPS}){S}*({CV})")).expect("regex"))
}

fn valid_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(&format!(
            r"^({S}*({OPS}){S}*({CV}){S}*)((?:{S}+|,{S}*)({OPS}){S}*({CV}){S}*)*$"
        ))
        .expect("regex")
    })
}

/// The parts of a version as Masterminds' version expression captures them,
/// `^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?$`,
/// read by hand: every chart's version is parsed, and compiling that
/// expression cost more than a small chart's whole rendering. The grammar
/// has one reading (each part starts with its own character), so taking
/// the longest run at each step finds the expression's captures.
struct VersionParts<'a> {
    major: &'a str,
    minor: Option<&'a str>,
    patch: Option<&'a str>,
    pre: Option<&'a str>,
    build: Option<&'a str>,
}

impl<'a> VersionParts<'a> {
    fn split(text: &'a str) -> Option<VersionParts<'a>> {
        fn digits(s: &str) -> usize {
            s.bytes().take_while(u8::is_ascii_digit).count()
        }
        /// `[0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*`
        fn identifiers(s: &str) -> bool {
            s.split('.').all(|identifier| {
                !identifier.is_empty()
                    && identifier
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
        }
        let text = text.strip_prefix('v').unwrap_or(text);
        let length = digits(text);
        if length == 0 {
            return None;
        }
        let (major, mut rest) = text.split_at(length);
        let mut numbers = [None, None];
        for number in &mut numbers {
            if let Some(after) = rest.strip_prefix('.') {
                let length = digits(after);
                if length == 0 {
                    return None;
                }
                *number = Some(&after[..length]);
                rest = &after[length..];
            }
        }
        let mut pre = None;
        if let Some(after) = rest.strip_prefix('-') {
            let end = after.find('+').unwrap_or(after.len());
            if !identifiers(&after[..end]) {
                return None;
            }
            pre = Some(&after[..end]);
            rest = &after[end..];
        }
        let mut build = None;
        if let Some(after) = rest.strip_prefix('+') {
            if !identifiers(after) {
                return None;
            }
            build = Some(after);
        } else if !rest.is_empty() {
            return None;
        }
        Some(VersionParts {
            major,
            minor: numbers[0],
            patch: numbers[1],
            pre,
            build,
        })
    }
}

/// A version as Masterminds' `NewVersion` reads it. Equality ignores the
/// original text (`1.2` equals `1.2.0`) but not build metadata; use
/// [`Version::compare`] for precedence.
#[derive(Debug, Clone)]
pub struct Version {
    /// Major number.
    pub major: u64,
    /// Minor number (0 when absent).
    pub minor: u64,
    /// Patch number (0 when absent).
    pub patch: u64,
    /// Prerelease, without the `-` (empty when none).
    pub pre: String,
    /// Build metadata, without the `+` (empty when none).
    pub build: String,
    original: String,
}

impl PartialEq for Version {
    fn eq(&self, o: &Version) -> bool {
        (self.major, self.minor, self.patch, &self.pre, &self.build)
            == (o.major, o.minor, o.patch, &o.pre, &o.build)
    }
}

impl Eq for Version {}

/// Why a version or a constraint does not parse; the messages are
/// Masterminds/semver's, which templates and Helm users see verbatim.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SemverError {
    /// The text is not a version at all.
    #[error("Invalid Semantic Version")]
    InvalidVersion,
    /// A number of the version does not fit.
    #[error("Error parsing version segment: {0}")]
    Segment(std::num::ParseIntError),
    /// A numeric prerelease identifier with a leading zero.
    #[error("Version segment starts with 0")]
    LeadingZero,
    /// A prerelease with characters semver does not allow.
    #[error("Invalid Prerelease string")]
    InvalidPrerelease,
    /// Build metadata with characters semver does not allow.
    #[error("Invalid Metadata string")]
    InvalidMetadata,
    /// A constraint (or one of its comparators) that does not parse.
    #[error("improper constraint: {0}")]
    ImproperConstraint(String),
    /// A comparator whose version does not parse.
    #[error("constraint Parser Error")]
    ConstraintParser,
}

impl Version {
    /// Parses a loose version (Masterminds' `NewVersion`): optional `v`, one
    /// to three numbers, optional `-prerelease` and `+build`. Errors carry
    /// that library's messages.
    pub fn parse(text: &str) -> Result<Version, SemverError> {
        let parts = VersionParts::split(text).ok_or(SemverError::InvalidVersion)?;
        let num = |part: Option<&str>| -> Result<u64, SemverError> {
            part.map_or(Ok(0), |digits| digits.parse().map_err(SemverError::Segment))
        };
        let pre = parts.pre.unwrap_or_default().to_string();
        check_prerelease(&pre)?;
        Ok(Version {
            major: num(Some(parts.major))?,
            minor: num(parts.minor)?,
            patch: num(parts.patch)?,
            pre,
            build: parts.build.unwrap_or_default().to_string(),
            original: text.to_string(),
        })
    }

    /// A version from its parts (Masterminds' `New`); the original text is
    /// the canonical form.
    pub fn new(major: u64, minor: u64, patch: u64, pre: &str, build: &str) -> Version {
        let mut v = Version {
            major,
            minor,
            patch,
            pre: pre.to_string(),
            build: build.to_string(),
            original: String::new(),
        };
        v.original = v.to_string();
        v
    }

    /// The text the version was parsed from (Masterminds' `Original`).
    pub fn original(&self) -> &str {
        &self.original
    }

    /// Precedence as semver defines it; build metadata is ignored.
    pub fn compare(&self, o: &Version) -> Ordering {
        self.major
            .cmp(&o.major)
            .then(self.minor.cmp(&o.minor))
            .then(self.patch.cmp(&o.patch))
            .then_with(|| match (self.pre.is_empty(), o.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => compare_prerelease(&self.pre, &o.pre),
            })
    }

    /// The next version with Masterminds' rule for the original text: its
    /// `v` prefix is kept.
    fn next(&self, major: u64, minor: u64, patch: u64, pre: &str, build: &str) -> Version {
        let mut v = Version::new(major, minor, patch, pre, build);
        if self.original.starts_with('v') {
            v.original = format!("v{v}");
        }
        v
    }

    /// Masterminds' `IncPatch`: a prerelease version loses its prerelease
    /// (and metadata) and keeps its patch; otherwise the patch goes up.
    pub fn inc_patch(&self) -> Version {
        let patch = if self.pre.is_empty() {
            self.patch + 1
        } else {
            self.patch
        };
        self.next(self.major, self.minor, patch, "", "")
    }

    /// Masterminds' `IncMinor`: the minor goes up, patch, prerelease and
    /// metadata are cleared.
    pub fn inc_minor(&self) -> Version {
        self.next(self.major, self.minor + 1, 0, "", "")
    }

    /// Masterminds' `IncMajor`: the major goes up, everything else is cleared.
    pub fn inc_major(&self) -> Version {
        self.next(self.major + 1, 0, 0, "", "")
    }

    /// Masterminds' `SetPrerelease`: the same version with another
    /// prerelease (validated as that library does).
    pub fn set_prerelease(&self, pre: &str) -> Result<Version, SemverError> {
        if !pre.is_empty() {
            for part in pre.split('.') {
                if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
                    if part.len() > 1 && part.starts_with('0') {
                        return Err(SemverError::LeadingZero);
                    }
                } else if !part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
                    return Err(SemverError::InvalidPrerelease);
                }
            }
        }
        Ok(self.next(self.major, self.minor, self.patch, pre, &self.build))
    }

    /// Masterminds' `SetMetadata`: the same version with other metadata.
    pub fn set_metadata(&self, build: &str) -> Result<Version, SemverError> {
        if !build.is_empty()
            && !build
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        {
            return Err(SemverError::InvalidMetadata);
        }
        Ok(self.next(self.major, self.minor, self.patch, &self.pre, build))
    }
}

fn check_prerelease(pre: &str) -> Result<(), SemverError> {
    for part in pre.split('.').filter(|_| !pre.is_empty()) {
        if part.bytes().all(|b| b.is_ascii_digit()) && part.len() > 1 && part.starts_with('0') {
            return Err(SemverError::LeadingZero);
        }
    }
    Ok(())
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        if !self.build.is_empty() {
            write!(f, "+{}", self.build)?;
        }
        Ok(())
    }
}

fn compare_prerelease(a: &str, b: &str) -> Ordering {
    let ap: Vec<&str> = a.split('.').collect();
    let bp: Vec<&str> = b.split('.').collect();
    for i in 0..ap.len().max(bp.len()) {
        let s = ap.get(i).copied().unwrap_or("");
        let o = bp.get(i).copied().unwrap_or("");
        let d = compare_pre_part(s, o);
        if d != Ordering::Equal {
            return d;
        }
    }
    Ordering::Equal
}

fn compare_pre_part(s: &str, o: &str) -> Ordering {
    if s == o {
        return Ordering::Equal;
    }
    if s.is_empty() {
        return if o.is_empty() {
            Ordering::Greater
        } else {
            Ordering::Less
        };
    }
    if o.is_empty() {
        return Ordering::Greater;
    }
    match (s.parse::<u64>(), o.parse::<u64>()) {
        (Err(_), Err(_)) => {
            if s > o {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (Err(_), Ok(_)) => Ordering::Greater,
        (Ok(_), Err(_)) => Ordering::Less,
        (Ok(a), Ok(b)) => {
            if a > b {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Comparator {
    con: Version,
    op: String,
    minor_dirty: bool,
    patch_dirty: bool,
    dirty: bool,
}

fn is_x(s: &str) -> bool {
    matches!(s, "x" | "X" | "*")
}

fn parse_comparator(c: &str) -> Result<Comparator, SemverError> {
    if c.is_empty() {
        return Ok(Comparator {
            con: Version::new(0, 0, 0, "", ""),
            op: String::new(),
            minor_dirty: false,
            patch_dirty: false,
            dirty: true,
        });
    }
    let m = constraint_re()
        .captures(c)
        .ok_or_else(|| SemverError::ImproperConstraint(c.to_string()))?;
    let g = |i: usize| m.get(i).map(|x| x.as_str()).unwrap_or("");
    let (mut minor_dirty, mut patch_dirty, mut dirty) = (false, false, false);
    let ver = if is_x(g(3)) || g(3).is_empty() {
        dirty = true;
        format!("0.0.0{}", g(6))
    } else if is_x(g(4).trim_start_matches('.')) || g(4).is_empty() {
        minor_dirty = true;
        dirty = true;
        format!("{}.0.0{}", g(3), g(6))
    } else if is_x(g(5).trim_start_matches('.')) || g(5).is_empty() {
        dirty = true;
        patch_dirty = true;
        format!("{}{}.0{}", g(3), g(4), g(6))
    } else {
        g(2).to_string()
    };
    let con = Version::parse(&ver).map_err(|_| SemverError::ConstraintParser)?;
    Ok(Comparator {
        con,
        op: g(1).to_string(),
        minor_dirty,
        patch_dirty,
        dirty,
    })
}

impl Comparator {
    fn check(&self, v: &Version) -> bool {
        let c = &self.con;
        let pre_blocked = !v.pre.is_empty() && c.pre.is_empty();
        match self.op.as_str() {
            "" | "=" => {
                if pre_blocked {
                    return false;
                }
                if self.dirty {
                    return self.tilde(v);
                }
                v.compare(c) == Ordering::Equal
            }
            "!=" => {
                if self.dirty {
                    if pre_blocked {
                        return false;
                    }
                    if c.major != v.major {
                        return true;
                    }
                    if c.minor != v.minor && !self.minor_dirty {
                        return true;
                    } else if self.minor_dirty {
                        return false;
                    } else if c.patch != v.patch && !self.patch_dirty {
                        return true;
                    } else if self.patch_dirty {
                        if !v.pre.is_empty() || !c.pre.is_empty() {
                            return compare_prerelease(&v.pre, &c.pre) != Ordering::Equal;
                        }
                        return false;
                    }
                }
                v.compare(c) != Ordering::Equal
            }
            ">" => {
                if pre_blocked {
                    return false;
                }
                if !self.dirty {
                    return v.compare(c) == Ordering::Greater;
                }
                if v.major > c.major {
                    true
                } else if v.major < c.major || self.minor_dirty {
                    false
                } else if self.patch_dirty {
                    v.minor > c.minor
                } else {
                    v.compare(c) == Ordering::Greater
                }
            }
            "<" => !pre_blocked && v.compare(c) == Ordering::Less,
            ">=" | "=>" => !pre_blocked && v.compare(c) != Ordering::Less,
            "<=" | "=<" => {
                if pre_blocked {
                    return false;
                }
                if !self.dirty {
                    return v.compare(c) != Ordering::Greater;
                }
                !(v.major > c.major
                    || (v.major == c.major && v.minor > c.minor && !self.minor_dirty))
            }
            "~" | "~>" => !pre_blocked && self.tilde(v),
            "^" => {
                if pre_blocked || v.compare(c) == Ordering::Less {
                    return false;
                }
                if c.major > 0 || self.minor_dirty {
                    return v.major == c.major;
                }
                if v.major > 0 {
                    return false;
                }
                if c.minor > 0 || self.patch_dirty {
                    return v.minor == c.minor;
                }
                if v.minor > 0 {
                    return false;
                }
                c.patch == v.patch
            }
            _ => false,
        }
    }

    fn tilde(&self, v: &Version) -> bool {
        let c = &self.con;
        if !v.pre.is_empty() && c.pre.is_empty() {
            return false;
        }
        if v.compare(c) == Ordering::Less {
            return false;
        }
        if c.major == 0 && c.minor == 0 && c.patch == 0 && !self.minor_dirty && !self.patch_dirty {
            return true;
        }
        if v.major != c.major {
            return false;
        }
        if v.minor != c.minor && !self.minor_dirty {
            return false;
        }
        true
    }
}

/// A parsed constraint: alternatives (`||`) of comparators that must all hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraints {
    text: String,
    alternatives: Vec<Vec<Comparator>>,
}

impl Constraints {
    /// Parses a constraint as Masterminds' `NewConstraint` does (see the
    /// module docs); errors carry that library's messages.
    pub fn parse(text: &str) -> Result<Constraints, SemverError> {
        let mut c = text.to_string();
        // rewriteRange: "a - b" becomes ">= a, <= b".
        let ranges: Vec<(String, String, String)> = range_re()
            .captures_iter(text)
            .map(|m| (m[0].to_string(), m[1].to_string(), m[11].to_string()))
            .collect();
        for (all, a, b) in ranges {
            c = c.replacen(&all, &format!(">= {a}, <= {b}"), 1);
        }
        let mut alternatives = Vec::new();
        for part in c.split("||") {
            if !valid_re().is_match(part) {
                return Err(SemverError::ImproperConstraint(part.to_string()));
            }
            let mut found: Vec<String> = find_re()
                .find_iter(part)
                .map(|m| m.as_str().to_string())
                .collect();
            if found.is_empty() {
                found.push(part.to_string());
            }
            alternatives.push(
                found
                    .iter()
                    .map(|s| parse_comparator(s))
                    .collect::<Result<Vec<_>, _>>()?,
            );
        }
        Ok(Constraints {
            text: text.to_string(),
            alternatives,
        })
    }

    /// Whether `version` satisfies one of the alternatives.
    pub fn check(&self, version: &Version) -> bool {
        self.alternatives
            .iter()
            .any(|all| all.iter().all(|c| c.check(version)))
    }
}

impl fmt::Display for Constraints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Helm's `IsCompatibleRange`: false when either side does not parse.
pub fn is_compatible_range(constraint: &str, version: &str) -> bool {
    match (Constraints::parse(constraint), Version::parse(version)) {
        (Ok(constraint), Ok(version)) => constraint.check(&version),
        _ => false,
    }
}

/// sprig's `semverCompare`: does `version` satisfy `constraint`? Errors
/// are Masterminds' (the constraint is parsed first).
pub fn semver_compare(constraint: &str, version: &str) -> Result<bool, SemverError> {
    let c = Constraints::parse(constraint)?;
    let v = Version::parse(version)?;
    Ok(c.check(&v))
}

#[cfg(test)]
mod tests {
    //! Cases from Masterminds/semver's constraints_test.go.
    use super::*;

    /// Masterminds' version expression, which [`VersionParts::split`] reads by hand.
    const VERSION_RE: &str = r"^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?$";

    /// A version's major, minor, patch, prerelease and build, dots and signs left out.
    type Parts = Option<[Option<String>; 5]>;

    /// The hand-read parts and the expression's captures.
    fn both_readings(text: &str) -> (Parts, Parts) {
        let by_hand = VersionParts::split(text).map(|p| {
            [Some(p.major), p.minor, p.patch, p.pre, p.build].map(|x| x.map(String::from))
        });
        let re = Regex::new(VERSION_RE).unwrap();
        let by_re = re.captures(text).map(|m| {
            [1, 2, 3, 5, 8].map(|i| {
                m.get(i)
                    .map(|g| g.as_str().trim_start_matches('.').to_string())
            })
        });
        (by_hand, by_re)
    }

    #[test]
    fn versions_are_read_by_hand_as_the_expression_reads_them() {
        for text in [
            "1",
            "v1",
            "1.2",
            "1.2.3",
            "v1.2.3-rc.1+build.5",
            "1.2.3+meta-x",
            "1.2.3-",
            "1.2.3-a..b",
            "1.2.3+",
            "1..2",
            "1.2.",
            "vv1",
            "",
            "v",
            "1.2.3.4",
            "1.2.3-a+b+c",
            "01.002.3",
            "1.2.3-0a-.b",
            "1.2.3 ",
            " 1.2.3",
            "1.2.3-ü",
            "1-2",
            "1+2-3",
        ] {
            let (by_hand, by_re) = both_readings(text);
            assert_eq!(by_hand, by_re, "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_version_text_is_read_by_hand_as_the_expression_reads_it(
            text in "v?[0-9.]{0,6}(-[0-9a-zA-Z.+-]{0,6})?(\\+[0-9a-zA-Z.+-]{0,5})?[ x]?"
        ) {
            let (by_hand, by_re) = both_readings(&text);
            proptest::prop_assert_eq!(by_hand, by_re);
        }
    }

    #[track_caller]
    fn check(constraint: &str, version: &str) -> bool {
        let c = Constraints::parse(constraint).unwrap_or_else(|e| panic!("{constraint}: {e}"));
        let v = Version::parse(version).unwrap_or_else(|e| panic!("{version}: {e}"));
        c.check(&v)
    }

    #[test]
    fn versions_are_loose() {
        assert_eq!(Version::parse("1.2").unwrap().to_string(), "1.2.0");
        assert_eq!(Version::parse("v1").unwrap().to_string(), "1.0.0");
        assert_eq!(
            Version::parse("v1.29.3-eks-adc7111").unwrap().pre,
            "eks-adc7111"
        );
        assert_eq!(Version::parse("1.2.3+k3s1").unwrap().build, "k3s1");
        for bad in ["", "1.2.3.4", "a.b", "1..2", "1.2.3-", "1.2.3-01", "1.2.3+"] {
            assert!(Version::parse(bad).is_err(), "{bad}");
        }
        let order = [
            "1.0.0-alpha",
            "1.0.0-alpha.1",
            "1.0.0-alpha.beta",
            "1.0.0-beta.2",
            "1.0.0-beta.11",
            "1.0.0-rc.1",
            "1.0.0",
        ];
        for pair in order.windows(2) {
            let (a, b) = (
                Version::parse(pair[0]).unwrap(),
                Version::parse(pair[1]).unwrap(),
            );
            assert_eq!(a.compare(&b), Ordering::Less, "{} < {}", pair[0], pair[1]);
        }
        assert_eq!(
            Version::parse("1.0.0+a")
                .unwrap()
                .compare(&Version::parse("1.0.0+b").unwrap()),
            Ordering::Equal
        );
    }

    #[test]
    fn constraints_check_as_masterminds_does() {
        let cases = [
            ("=2.0.0", "1.2.3", false),
            ("=2.0.0", "2.0.0", true),
            ("=2.0", "1.2.3", false),
            ("=2.0", "2.0.0", true),
            ("=2.0", "2.0.1", true),
            ("4.1", "4.1.0", true),
            ("!=4.1.0", "4.1.0", false),
            ("!=4.1.0", "4.1.1", true),
            ("!=4.1", "4.1.0", false),
            ("!=4.1", "4.1.1", false),
            ("!=4.1", "5.1.0-alpha.1", false),
            ("!=4.1-alpha", "4.1.0", true),
            ("!=4.1", "5.1.0", true),
            ("!=4.1.0", "5.1.0-alpha.1", true),
            ("<11", "0.1.0", true),
            ("<11", "11.1.0", false),
            ("<1.1", "0.1.0", true),
            ("<1.1", "1.1.0", false),
            ("<1.1", "1.1.1", false),
            ("<=11", "1.2.3", true),
            ("<=11", "12.2.3", false),
            ("<=11", "11.2.3", true),
            ("<=1.1", "1.2.3", false),
            ("<=1.1", "0.1.0", true),
            ("<=1.1", "1.1.0", true),
            ("<=1.1", "1.1.1", true),
            (">1.1", "4.1.0", true),
            (">1.1", "1.1.0", false),
            (">0", "0", false),
            (">0", "1", true),
            (">0", "0.0.1-alpha", false),
            (">0.0", "0.0.1-alpha", false),
            (">0-0", "0.0.1-alpha", false),
            (">0.0-0", "0.0.1-alpha", false),
            (">0", "0.0.0-alpha", false),
            (">0-0", "0.0.0-alpha", false),
            (">0.0.0-0", "0.0.0-alpha", true),
            (">1.2.3-alpha.1", "1.2.3-alpha.2", true),
            (">1.2.3-alpha.1", "1.3.3-alpha.2", true),
            (">11", "11.1.0", false),
            (">11.1", "11.1.0", false),
            (">11.1", "11.1.1", false),
            (">11.1", "11.2.1", true),
            (">=11", "11.1.2", true),
            (">=11.1", "11.1.2", true),
            (">=11.1", "11.0.2", false),
            (">=1.1", "4.1.0", true),
            (">=1.1", "1.1.0", true),
            (">=1.1", "0.0.9", false),
            (">=0", "0.0.1-alpha", false),
            (">=0.0", "0.0.1-alpha", false),
            (">=0-0", "0.0.1-alpha", true),
            (">=0.0-0", "0.0.1-alpha", true),
            (">=0", "0.0.0-alpha", false),
            (">=0-0", "0.0.0-alpha", true),
            (">=0.0.0-0", "1.2.3", true),
            (">=0.0.0-0", "3.4.5-beta.1", true),
            ("<0", "0.0.0-alpha", false),
            ("<0-z", "0.0.0-alpha", true),
            (">=0", "0", true),
            ("=0", "1", false),
            ("*", "1", true),
            ("*", "4.5.6", true),
            ("*", "1.2.3-alpha.1", false),
            ("*-0", "1.2.3-alpha.1", true),
            ("2.*", "1", false),
            ("2.*", "3.4.5", false),
            ("2.*", "2.1.1", true),
            ("2.1.*", "2.1.1", true),
            ("2.1.*", "2.2.1", false),
            ("", "1", false), // An empty string is an improper constraint here.
            ("2", "2.1.2", true),
            ("2.1", "2.1.1", true),
            ("2.1", "2.2.1", false),
            ("~1.2.3", "1.2.4", true),
            ("~1.2.3", "1.3.4", false),
            ("~1.2", "1.2.4", true),
            ("~1.2", "1.3.4", false),
            ("~1", "1.2.4", true),
            ("~1", "2.3.4", false),
            ("~0.2.3", "0.2.5", true),
            ("~0.2.3", "0.3.5", false),
            ("~1.2.3-beta.2", "1.2.3-beta.4", true),
            ("~1.2.3-beta.2", "1.2.4-beta.2", true),
            ("~1.2.3-beta.2", "1.3.4-beta.2", false),
            ("^1.2.3", "1.8.9", true),
            ("^1.2.3", "2.8.9", false),
            ("^1.2.3", "1.2.1", false),
            ("^1.1.0", "2.1.0", false),
            ("^1.2.0", "2.2.1", false),
            ("^1.2.0", "1.2.1-alpha.1", false),
            ("^1.2.1-alpha.1", "1.2.1-alpha.1", true),
            ("^1.2.1-alpha.1", "1.2.1-alpha.2", true),
            ("^1.2.1-alpha.1", "1.3.1-alpha.2", true),
            ("^1.2.1-alpha.1", "2.2.1-alpha.2", false),
            ("^1.2", "1.8.9", true),
            ("^1.2", "2.8.9", false),
            ("^1", "1.8.9", true),
            ("^1", "2.8.9", false),
            ("^0.2.3", "0.2.5", true),
            ("^0.2.3", "0.5.6", false),
            ("^0.2", "0.2.5", true),
            ("^0.2", "0.5.6", false),
            ("^0.0.3", "0.0.3", true),
            ("^0.0.3", "0.0.4", false),
            ("^0.0", "0.0.3", true),
            ("^0.0", "0.1.4", false),
            ("^0.0", "1.0.4", false),
            ("^0", "0.2.3", true),
            ("^0", "1.1.4", false),
            ("^0.2.3-beta.2", "0.2.3-beta.4", true),
            ("^0.2.3-beta.2", "0.2.4-beta.2", true),
            ("^0.2.3-beta.2", "0.3.4-beta.2", false),
            ("^0.2.3-beta.2", "0.2.3-beta.2", true),
            // Ranges, alternatives, separators.
            ("1.1 - 2", "1.1.1", true),
            ("1.1 - 2", "2.1.0", true),
            ("1.1 - 2", "3.0.0", false),
            ("1.1 - 2.0.0", "2.1.0", false),
            (">=1.1, <2", "1.5.0", true),
            (">= 1.1 < 2", "2.0.0", false),
            ("^1.0 || ^2.0", "2.3.0", true),
            ("^1.0 || ^2.0", "3.0.0", false),
        ];
        for (constraint, version, expect) in cases {
            let got = match Constraints::parse(constraint) {
                Ok(c) => c.check(&Version::parse(version).unwrap()),
                Err(_) => false,
            };
            assert_eq!(got, expect, "{constraint} on {version}");
        }
    }

    #[test]
    fn kube_version_idioms() {
        // Managed clusters report versions with a prerelease-like suffix.
        assert!(!check(">=1.20.0", "v1.29.3-eks-adc7111"));
        assert!(check(">=1.20.0-0", "v1.29.3-eks-adc7111"));
        assert!(check(">=1.20.0-0", "v1.29.3"));
        // Each comparator decides for itself whether it admits prereleases.
        assert!(!check(">=1.20.0-0 <1.30.0", "v1.29.3-gke.100"));
        assert!(check(">=1.20.0-0 <1.30.0-0", "v1.29.3-gke.100"));
        assert!(check(">= 1.19", "1.31.0+k3s1"));
        assert!(!check("< 1.19", "1.31.0"));
    }

    #[test]
    fn semver_compare_as_sprig() {
        assert!(semver_compare(">=1.19-0", "v1.21.0-gke.1").unwrap());
        assert!(!semver_compare(">=1.19", "1.21.0-rc.1").unwrap());
        assert!(semver_compare("1.2 - 1.4", "1.3.5").unwrap());
        assert!(semver_compare("<1.0 || >=2.0", "2.1.0").unwrap());
        assert_eq!(
            semver_compare("nope", "1.0.0").unwrap_err().to_string(),
            "improper constraint: nope"
        );
        assert_eq!(
            semver_compare(">1", "x").unwrap_err().to_string(),
            "Invalid Semantic Version"
        );
        let v = Version::parse("v1.2.3-rc.1+b").unwrap();
        assert_eq!(v.original(), "v1.2.3-rc.1+b");
        assert_eq!(v.inc_patch().to_string(), "1.2.3");
        assert_eq!(
            Version::parse("1.2.3").unwrap().inc_patch().to_string(),
            "1.2.4"
        );
        assert_eq!(v.set_metadata("x.y").unwrap().to_string(), "1.2.3-rc.1+x.y");
        assert!(v.set_metadata("a_b").is_err());
        assert!(v.set_prerelease("a$").is_err());
    }

    #[test]
    fn improper_constraints_are_refused() {
        for bad in ["", ">=", ">=1.0<2.0", "1.0 ||", "foo", "=>>1", ",1.0"] {
            assert!(Constraints::parse(bad).is_err(), "{bad}");
        }
        assert!(!is_compatible_range("", "1.0.0"));
        assert!(is_compatible_range("~1.2", "1.2.9"));
    }
}

//! Versions and constraints as Helm reads them (Masterminds/semver v3), for
//! `kubeVersion`, dependency versions in `Chart.yaml` and repository lookups.
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

/// A version as Masterminds' `NewVersion` reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
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
}

impl Version {
    /// Parses a loose version: optional `v`, one to three numbers, optional
    /// `-prerelease` and `+build`.
    pub fn parse(text: &str) -> Result<Version, String> {
        let invalid = || format!("{text:?} is not a semantic version");
        let body = text.strip_prefix('v').unwrap_or(text);
        let (body, build) = match body.split_once('+') {
            Some((body, build)) => (body, build),
            None => (body, ""),
        };
        let (core, pre) = match body.split_once('-') {
            Some((core, pre)) => (core, pre),
            None => (body, ""),
        };
        let numbers: Vec<&str> = core.split('.').collect();
        if numbers.len() > 3
            || numbers
                .iter()
                .any(|n| n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(invalid());
        }
        let number = |i: usize| -> Result<u64, String> {
            numbers
                .get(i)
                .map_or(Ok(0), |n| n.parse::<u64>().map_err(|_| invalid()))
        };
        if !identifiers_valid(pre, true) || !identifiers_valid(build, false) {
            return Err(invalid());
        }
        if text.contains('-') && pre.is_empty() || text.contains('+') && build.is_empty() {
            return Err(invalid());
        }
        Ok(Version {
            major: number(0)?,
            minor: number(1)?,
            patch: number(2)?,
            pre: pre.to_string(),
            build: build.to_string(),
        })
    }

    /// Precedence as semver defines it; build metadata is ignored.
    pub fn compare(&self, other: &Version) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => compare_prerelease(&self.pre, &other.pre),
            })
    }
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

fn identifiers_valid(text: &str, prerelease: bool) -> bool {
    text.is_empty()
        || text.split('.').all(|id| {
            !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !(prerelease
                    && id.len() > 1
                    && id.starts_with('0')
                    && id.bytes().all(|b| b.is_ascii_digit()))
        })
}

fn compare_prerelease(a: &str, b: &str) -> Ordering {
    let mut left = a.split('.');
    let mut right = b.split('.');
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let order = match (x.parse::<u64>(), y.parse::<u64>()) {
                    (Ok(x), Ok(y)) => x.cmp(&y),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    (Err(_), Err(_)) => x.cmp(y),
                };
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    TildeOrEqual,
    NotEqual,
    Greater,
    Less,
    GreaterEqual,
    LessEqual,
    Tilde,
    Caret,
}

#[derive(Debug, Clone, PartialEq)]
struct Comparator {
    op: Op,
    version: Version,
    dirty: bool,
    minor_dirty: bool,
    patch_dirty: bool,
}

/// A parsed constraint: alternatives (`||`) of comparators that must all hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraints {
    text: String,
    alternatives: Vec<Vec<Comparator>>,
}

impl Constraints {
    /// Parses a constraint with Masterminds' syntax (see the module docs).
    pub fn parse(text: &str) -> Result<Constraints, String> {
        let improper = |part: &str| format!("improper constraint: {part}");
        let mut alternatives = Vec::new();
        for alternative in text.split("||") {
            let tokens = tokenize(alternative).ok_or_else(|| improper(alternative))?;
            if tokens.is_empty() {
                return Err(improper(alternative));
            }
            let mut comparators = Vec::new();
            for (op, version) in tokens {
                comparators.push(comparator(&op, &version).ok_or_else(|| improper(alternative))?);
            }
            alternatives.push(comparators);
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

const OP_CHARS: &str = "=!<>~^";

fn is_version_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+' | '*')
}

/// (operator, version) pairs of one alternative, hyphen ranges rewritten.
fn tokenize(text: &str) -> Option<Vec<(String, String)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut out: Vec<(String, String)> = Vec::new();
    let mut first = true;
    while i < chars.len() {
        // Separators: blanks, or a comma with blanks around it (not first).
        let start = i;
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i < chars.len() && chars[i] == ',' {
            if first {
                return None;
            }
            i += 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
        }
        if i == chars.len() {
            break;
        }
        if !first && i == start {
            return None; // two comparators need a separator
        }
        let mut op = String::new();
        while i < chars.len() && OP_CHARS.contains(chars[i]) {
            op.push(chars[i]);
            i += 1;
        }
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        let mut version = String::new();
        while i < chars.len() && is_version_char(chars[i]) {
            version.push(chars[i]);
            i += 1;
        }
        if version.is_empty() {
            return None;
        }
        // `A - B`: a hyphen range.
        if op.is_empty() && version == "-" {
            let (prev_op, prev) = out.pop()?;
            if !prev_op.is_empty() {
                return None;
            }
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let mut upper = String::new();
            while i < chars.len() && is_version_char(chars[i]) {
                upper.push(chars[i]);
                i += 1;
            }
            if upper.is_empty() {
                return None;
            }
            out.push((">=".to_string(), prev));
            out.push(("<=".to_string(), upper));
        } else {
            out.push((op, version));
        }
        first = false;
    }
    Some(out)
}

fn is_x(part: &str) -> bool {
    matches!(part, "x" | "X" | "*")
}

fn comparator(op: &str, version: &str) -> Option<Comparator> {
    let op = match op {
        "" | "=" => Op::TildeOrEqual,
        "!=" => Op::NotEqual,
        ">" => Op::Greater,
        "<" => Op::Less,
        ">=" | "=>" => Op::GreaterEqual,
        "<=" | "=<" => Op::LessEqual,
        "~" | "~>" => Op::Tilde,
        "^" => Op::Caret,
        _ => return None,
    };
    let body = version.strip_prefix('v').unwrap_or(version);
    let (body, _build) = body.split_once('+').unwrap_or((body, ""));
    let (core, pre) = match body.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (body, None),
    };
    let parts: Vec<&str> = core.split('.').collect();
    if parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !(is_x(p) || p.bytes().all(|b| b.is_ascii_digit())))
    {
        return None;
    }
    let pre_suffix = pre.map(|p| format!("-{p}")).unwrap_or_default();
    let part = |i: usize| parts.get(i).copied().unwrap_or("");
    let (text, dirty, minor_dirty, patch_dirty) = if is_x(part(0)) {
        (format!("0.0.0{pre_suffix}"), true, false, false)
    } else if part(1).is_empty() || is_x(part(1)) {
        (format!("{}.0.0{pre_suffix}", part(0)), true, true, false)
    } else if part(2).is_empty() || is_x(part(2)) {
        (
            format!("{}.{}.0{pre_suffix}", part(0), part(1)),
            true,
            false,
            true,
        )
    } else {
        (body.to_string(), false, false, false)
    };
    let version = Version::parse(&text).ok()?;
    Some(Comparator {
        op,
        version,
        dirty,
        minor_dirty,
        patch_dirty,
    })
}

impl Comparator {
    fn check(&self, v: &Version) -> bool {
        let c = &self.version;
        // A prerelease only satisfies a comparator that names a prerelease
        // (Masterminds skips this for an exact `!=`).
        let exact_not_equal = self.op == Op::NotEqual && !self.dirty;
        if !v.pre.is_empty() && c.pre.is_empty() && !exact_not_equal {
            return false;
        }
        let cmp = v.compare(c);
        match self.op {
            Op::TildeOrEqual if self.dirty => self.tilde(v),
            Op::TildeOrEqual => cmp == Ordering::Equal,
            Op::NotEqual => {
                if self.dirty {
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
                        return (!v.pre.is_empty() || !c.pre.is_empty())
                            && compare_prerelease(&v.pre, &c.pre) != Ordering::Equal;
                    }
                }
                cmp != Ordering::Equal
            }
            Op::Greater => {
                if !self.dirty {
                    return cmp == Ordering::Greater;
                }
                if v.major != c.major {
                    return v.major > c.major;
                }
                if self.minor_dirty {
                    return false;
                }
                if self.patch_dirty {
                    return v.minor > c.minor;
                }
                cmp == Ordering::Greater
            }
            Op::Less => cmp == Ordering::Less,
            Op::GreaterEqual => cmp != Ordering::Less,
            Op::LessEqual => {
                if !self.dirty {
                    return cmp != Ordering::Greater;
                }
                if v.major > c.major {
                    return false;
                }
                !(v.major == c.major && v.minor > c.minor && !self.minor_dirty)
            }
            Op::Tilde => self.tilde(v),
            Op::Caret => {
                if cmp == Ordering::Less {
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
                v.patch == c.patch
            }
        }
    }

    fn tilde(&self, v: &Version) -> bool {
        let c = &self.version;
        if v.compare(c) == Ordering::Less {
            return false;
        }
        if c.major == 0 && c.minor == 0 && c.patch == 0 && !self.minor_dirty && !self.patch_dirty {
            return true;
        }
        if v.major != c.major {
            return false;
        }
        v.minor == c.minor || self.minor_dirty
    }
}

#[cfg(test)]
mod tests {
    //! Cases from Masterminds/semver's constraints_test.go.
    use super::*;

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
    fn improper_constraints_are_refused() {
        for bad in ["", ">=", ">=1.0<2.0", "1.0 ||", "foo", "=>>1", ",1.0"] {
            assert!(Constraints::parse(bad).is_err(), "{bad}");
        }
        assert!(!is_compatible_range("", "1.0.0"));
        assert!(is_compatible_range("~1.2", "1.2.9"));
    }
}

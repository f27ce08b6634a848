//! Masterminds/semver v3 versions and constraints, as sprig's
//! `semverCompare` uses them (`>=1.19-0`, `~1.2`, `^2`, `1.x`, ranges
//! `1.2 - 1.4`, `||` alternatives, comma- or space-separated conjunctions).
//!
//! The rules are that library's, not the semver crate's: a prerelease
//! version only satisfies a comparator that itself has a prerelease; `x`,
//! `*` and missing parts make a comparator "dirty" with its own rules per
//! operator; prerelease identifiers compare as in that library.

use std::cmp::Ordering;
use std::sync::OnceLock;

use regex::Regex;

const CV: &str = r"v?([0-9|x|X|\*]+)(\.[0-9|x|X|\*]+)?(\.[0-9|x|X|\*]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?";
const OPS: &str = r"=||!=|>|<|>=|=>|<=|=<|~|~>|\^";

struct Res {
    version: Regex,
    constraint: Regex,
    range: Regex,
    find: Regex,
    valid: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        version: Regex::new(r"^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?$").expect("regex"),
        constraint: Regex::new(&format!(r"^\s*({OPS})\s*({CV})\s*$")).expect("regex"),
        range: Regex::new(&format!(r"\s*({CV})\s+-\s+({CV})\s*")).expect("regex"),
        find: Regex::new(&format!(r"({OPS})\s*({CV})")).expect("regex"),
        valid: Regex::new(&format!(r"^(\s*({OPS})\s*({CV})\s*)((?:\s+|,\s*)({OPS})\s*({CV})\s*)*$")).expect("regex"),
    })
}

/// A parsed version.
#[derive(Clone, Debug)]
pub(crate) struct Version {
    major: u64,
    minor: u64,
    patch: u64,
    pre: String,
    metadata: String,
    original: String,
}

impl Version {
    /// semver.NewVersion (the lenient parser).
    pub(crate) fn parse(v: &str) -> Result<Version, String> {
        let m = res()
            .version
            .captures(v)
            .ok_or("Invalid Semantic Version")?;
        let num = |i: usize| -> Result<u64, String> {
            match m.get(i) {
                None => Ok(0),
                Some(g) => g
                    .as_str()
                    .trim_start_matches('.')
                    .parse()
                    .map_err(|e| format!("Error parsing version segment: {e}")),
            }
        };
        let pre = m.get(5).map(|g| g.as_str().to_string()).unwrap_or_default();
        for part in pre.split('.').filter(|_| !pre.is_empty()) {
            if part.bytes().all(|b| b.is_ascii_digit()) && part.len() > 1 && part.starts_with('0') {
                return Err("Version segment starts with 0".into());
            }
        }
        Ok(Version {
            major: num(1)?,
            minor: num(2)?,
            patch: num(3)?,
            pre,
            metadata: m.get(8).map(|g| g.as_str().to_string()).unwrap_or_default(),
            original: v.to_string(),
        })
    }

    fn compare(&self, o: &Version) -> Ordering {
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

struct Constraint {
    con: Version,
    op: String,
    minor_dirty: bool,
    patch_dirty: bool,
    dirty: bool,
}

fn is_x(s: &str) -> bool {
    matches!(s, "x" | "X" | "*")
}

fn parse_constraint(c: &str) -> Result<Constraint, String> {
    if c.is_empty() {
        return Ok(Constraint {
            con: Version::parse("0.0.0")?,
            op: String::new(),
            minor_dirty: false,
            patch_dirty: false,
            dirty: true,
        });
    }
    let m = res()
        .constraint
        .captures(c)
        .ok_or_else(|| format!("improper constraint: {c}"))?;
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
    let con = Version::parse(&ver).map_err(|_| "constraint Parser Error".to_string())?;
    Ok(Constraint {
        con,
        op: g(1).to_string(),
        minor_dirty,
        patch_dirty,
        dirty,
    })
}

impl Constraint {
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

/// sprig's `semver`: a `*semver.Version` with its accessor methods.
impl crate::gotemplate::GoObject for Version {
    fn type_name(&self) -> &str {
        "*semver.Version"
    }

    fn has_method(&self, name: &str) -> bool {
        matches!(
            name,
            "Major" | "Minor" | "Patch" | "Prerelease" | "Metadata" | "Original" | "String"
        )
    }

    fn call(
        &self,
        name: &str,
        args: &[crate::gotemplate::Data],
    ) -> Option<Result<crate::gotemplate::Data, String>> {
        use crate::gotemplate::Data;
        if !self.has_method(name) {
            return None;
        }
        if !args.is_empty() {
            return Some(Err(format!(
                "wrong number of args for {name}: want 0 got {}",
                args.len()
            )));
        }
        Some(Ok(match name {
            "Major" => Data::Json(self.major.into()),
            "Minor" => Data::Json(self.minor.into()),
            "Patch" => Data::Json(self.patch.into()),
            "Prerelease" => Data::Json(self.pre.clone().into()),
            "Metadata" => Data::Json(self.metadata.clone().into()),
            "Original" => Data::Json(self.original.clone().into()),
            _ => Data::Json(self.display().into()),
        }))
    }

    fn display(&self) -> String {
        let mut s = format!("{}.{}.{}", self.major, self.minor, self.patch);
        if !self.pre.is_empty() {
            s.push('-');
            s.push_str(&self.pre);
        }
        if !self.metadata.is_empty() {
            s.push('+');
            s.push_str(&self.metadata);
        }
        s
    }

    fn json(&self) -> serde_json::Value {
        self.display().into()
    }
}

/// sprig's `semverCompare`: does `version` satisfy `constraint`?
pub(crate) fn semver_compare(constraint: &str, version: &str) -> Result<bool, String> {
    let mut c = constraint.to_string();
    // rewriteRange: "a - b" becomes ">= a, <= b".
    let ranges: Vec<(String, String, String)> = res()
        .range
        .captures_iter(constraint)
        .map(|m| (m[0].to_string(), m[1].to_string(), m[11].to_string()))
        .collect();
    for (all, a, b) in ranges {
        c = c.replacen(&all, &format!(">= {a}, <= {b}"), 1);
    }
    let mut ors = Vec::new();
    for part in c.split("||") {
        if !res().valid.is_match(part) {
            return Err(format!("improper constraint: {part}"));
        }
        let mut found: Vec<String> = res()
            .find
            .find_iter(part)
            .map(|m| m.as_str().to_string())
            .collect();
        if found.is_empty() {
            found.push(part.to_string());
        }
        ors.push(
            found
                .iter()
                .map(|s| parse_constraint(s))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    let v = Version::parse(version)?;
    Ok(ors.iter().any(|and| and.iter().all(|c| c.check(&v))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraints_like_masterminds() {
        assert!(semver_compare(">=1.19-0", "1.20.2").unwrap());
        assert!(semver_compare(">=1.19-0", "v1.21.0-gke.1").unwrap());
        assert!(!semver_compare(">=1.19", "1.21.0-rc.1").unwrap());
        assert!(semver_compare("~1.2", "1.2.9").unwrap());
        assert!(!semver_compare("~1.2", "1.3.0").unwrap());
        assert!(semver_compare("^1.2", "1.9.0").unwrap());
        assert!(semver_compare("1.x", "1.4.0").unwrap());
        assert!(semver_compare("1.2 - 1.4", "1.3.5").unwrap());
        assert!(semver_compare("<1.0 || >=2.0", "2.1.0").unwrap());
        assert!(semver_compare("nope", "1.0.0").is_err());
    }
}

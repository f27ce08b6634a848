//! sprig's `semver` objects: Masterminds/semver v3 versions (the one port
//! in [`crate::helm::semver`]) with the methods templates can call on them.
//!
//! `semver` returns a `*semver.Version`, which has every method; `IncMajor`,
//! `SetPrerelease`... return a `semver.Version` value, which, not being
//! addressable in a template, only has the value-receiver methods (no
//! `Original`, `Compare`, `LessThan`, `GreaterThan`, `Equal`), as in Go.

use super::masterminds::Version;
use crate::gotemplate::{Data, GoObject};

/// A version as templates see it.
#[derive(Debug, Clone)]
pub(crate) struct SemverObject {
    version: Version,
    /// `*semver.Version` (from `semver`) rather than a `semver.Version`
    /// value (from its methods).
    pointer: bool,
}

impl SemverObject {
    /// sprig's `semver`: parses `text` as Masterminds' `NewVersion` does.
    pub(crate) fn parse(text: &str) -> Result<SemverObject, String> {
        Ok(SemverObject {
            version: Version::parse(text).map_err(|e| e.to_string())?,
            pointer: true,
        })
    }

    fn value(version: Version) -> Data {
        Data::Object(std::rc::Rc::new(SemverObject {
            version,
            pointer: false,
        }))
    }
}

const VALUE_METHODS: &[&str] = &[
    "Major",
    "Minor",
    "Patch",
    "Prerelease",
    "Metadata",
    "String",
    "IncPatch",
    "IncMinor",
    "IncMajor",
    "SetPrerelease",
    "SetMetadata",
];

const POINTER_METHODS: &[&str] = &["Original", "Compare", "LessThan", "GreaterThan", "Equal"];

/// The `*semver.Version` argument of `Compare` and friends.
fn version_arg(args: &[Data]) -> Result<Version, String> {
    match args {
        [Data::Object(o)] if o.type_name() == "*semver.Version" => {
            // The canonical text parses back to the same version.
            Version::parse(&o.display()).map_err(|e| e.to_string())
        }
        [Data::Object(o)] => Err(format!(
            "wrong type for value; expected *semver.Version; got {}",
            o.type_name()
        )),
        [_] => Err("wrong type for value; expected *semver.Version".into()),
        _ => Err(format!("wrong number of args: want 1 got {}", args.len())),
    }
}

/// The `string` argument of `SetPrerelease` and `SetMetadata`.
fn string_arg(args: &[Data]) -> Result<&str, String> {
    match args {
        [Data::Json(serde_json::Value::String(s))] => Ok(s),
        [_] => Err("wrong type for value; expected string".into()),
        _ => Err(format!("wrong number of args: want 1 got {}", args.len())),
    }
}

impl GoObject for SemverObject {
    fn type_name(&self) -> &str {
        if self.pointer {
            "*semver.Version"
        } else {
            "semver.Version"
        }
    }

    fn has_method(&self, name: &str) -> bool {
        VALUE_METHODS.contains(&name) || (self.pointer && POINTER_METHODS.contains(&name))
    }

    fn call(&self, name: &str, args: &[Data]) -> Option<Result<Data, String>> {
        if !self.has_method(name) {
            return None;
        }
        let v = &self.version;
        let no_args = || {
            if args.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "wrong number of args for {name}: want 0 got {}",
                    args.len()
                ))
            }
        };
        let ordering = || version_arg(args).map(|o| v.compare(&o));
        let json = |j: serde_json::Value| Data::Json(j);
        Some(match name {
            "Major" => no_args().map(|_| Data::Uint64(v.major)),
            "Minor" => no_args().map(|_| Data::Uint64(v.minor)),
            "Patch" => no_args().map(|_| Data::Uint64(v.patch)),
            "Prerelease" => no_args().map(|_| json(v.pre.clone().into())),
            "Metadata" => no_args().map(|_| json(v.build.clone().into())),
            "Original" => no_args().map(|_| json(v.original().into())),
            "String" => no_args().map(|_| json(v.to_string().into())),
            "IncPatch" => no_args().map(|_| Self::value(v.inc_patch())),
            "IncMinor" => no_args().map(|_| Self::value(v.inc_minor())),
            "IncMajor" => no_args().map(|_| Self::value(v.inc_major())),
            "SetPrerelease" => string_arg(args)
                .and_then(|s| v.set_prerelease(s).map_err(|e| e.to_string()))
                .map(Self::value),
            "SetMetadata" => string_arg(args)
                .and_then(|s| v.set_metadata(s).map_err(|e| e.to_string()))
                .map(Self::value),
            "Compare" => ordering().map(|o| json((o as i64).into())),
            "LessThan" => ordering().map(|o| json(o.is_lt().into())),
            "GreaterThan" => ordering().map(|o| json(o.is_gt().into())),
            _ => ordering().map(|o| json(o.is_eq().into())),
        })
    }

    fn display(&self) -> String {
        self.version.to_string()
    }

    fn json(&self) -> serde_json::Value {
        self.version.to_string().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(o: &SemverObject, name: &str, args: &[Data]) -> Result<Data, String> {
        o.call(name, args).expect("method")
    }

    fn text(d: Data) -> String {
        match d {
            Data::Json(j) => j.to_string(),
            Data::Object(o) => o.display(),
            Data::Uint64(u) => u.to_string(),
            Data::Bytes(b) => format!("{b:?}"),
        }
    }

    /// Issue 22 A: the fields are Go `uint64`s, so `%d` prints them and they
    /// compare with `int`s. Expected output checked against Helm 4.2.3.
    #[test]
    fn fields_are_uint64_as_in_go() {
        let (out, _) = crate::gotemplate::render_alone(
            "a.yaml",
            r#"{{- $v := semver "1.2.3-rc.1" }}
a: {{ printf "%d.%d.%d" $v.Major $v.Minor $v.Patch }}
t: {{ printf "%T %v" $v.Major $v.Minor }}
e: {{ eq $v.Major (int64 1) }} {{ $v.Major | toString }} {{ add $v.Minor 1 }} {{ gt $v.Patch 2 }} {{ toJson (list $v.Major) }} {{ $v.Patch | int }}
m: {{ (semver "v2.0.0").IncMajor.Major }} {{ eq $v.Major 1 }}
"#,
        );
        assert_eq!(
            out.unwrap(),
            "\na: 1.2.3\nt: uint64 2\ne: true 1 3 true [1] 3\nm: 3 true\n"
        );
    }

    #[test]
    fn methods_like_masterminds() {
        let v = SemverObject::parse("v1.2.3-rc.1+b").unwrap();
        let other = Data::Object(std::rc::Rc::new(SemverObject::parse("1.2.3").unwrap()));
        assert_eq!(text(call(&v, "IncPatch", &[]).unwrap()), "1.2.3");
        assert_eq!(text(call(&v, "IncMinor", &[]).unwrap()), "1.3.0");
        assert_eq!(text(call(&v, "IncMajor", &[]).unwrap()), "2.0.0");
        assert_eq!(
            text(call(&v, "Compare", std::slice::from_ref(&other)).unwrap()),
            "-1"
        );
        assert_eq!(
            text(call(&v, "LessThan", std::slice::from_ref(&other)).unwrap()),
            "true"
        );
        assert_eq!(
            text(call(&v, "Equal", std::slice::from_ref(&other)).unwrap()),
            "false"
        );
        let pre = [Data::Json("01".into())];
        assert!(call(&v, "SetPrerelease", &pre).is_err());
        let inc = SemverObject {
            version: v.version.inc_major(),
            pointer: false,
        };
        assert_eq!(inc.version.original(), "v2.0.0");
        assert!(inc.call("Compare", std::slice::from_ref(&other)).is_none());
        assert_eq!(inc.type_name(), "semver.Version");
    }
}

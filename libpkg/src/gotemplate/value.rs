//! The value model of the template engine: Go's dynamic types as Helm's
//! templates see them.
//!
//! Values read from YAML or JSON (through sigs.k8s.io/yaml) are `float64`,
//! `string`, `bool`, `nil`, `[]interface {}` and `map[string]interface {}`;
//! template literals add `int`; sprig adds `int64`, `[]string` and a few
//! more. Go's comparison, truth and printing rules depend on exactly these
//! types, so each has its own variant. Maps are shared and mutable (sprig's
//! `set`, `unset` and `merge` change the map in place, and templates rely on
//! it), and ordered by key (Go prints and ranges over maps in key order).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Bytes as a string the way Go's encoders read a string holding invalid
/// UTF-8 (Go strings are bytes; a Rust string cannot hold such bytes): each
/// byte that is not part of a valid character becomes U+FFFD, as
/// encoding/json and the oracle's transport make it.
pub(crate) fn go_lossy(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(after.len());
                for _ in 0..bad {
                    out.push('\u{fffd}');
                }
                rest = &after[bad..];
            }
        }
    }
}

/// A map shared between every value that refers to it, like a Go map.
pub(crate) type MapRef = Rc<RefCell<BTreeMap<String, Value>>>;

/// The element type of a list or map: Go's `interface {}`, `string` or `int`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Elem {
    /// `interface {}`.
    Any,
    /// `string`.
    Str,
    /// `int`.
    Int,
    /// `uint8`: a `[]byte` (what Helm's `.Files` map holds).
    Uint8,
    /// `interface {}`, in a nil slice (what sprig's `concat` of nothing and
    /// `rest` of an empty list return): prints `[]` but is nil to `eq`,
    /// `null` to JSON.
    NilAny,
}

impl Elem {
    fn name(self) -> &'static str {
        match self {
            Elem::Any | Elem::NilAny => "interface {}",
            Elem::Str => "string",
            Elem::Int => "int",
            Elem::Uint8 => "uint8",
        }
    }
}

/// A Go value as the template executor sees it.
#[derive(Clone, Debug)]
pub(crate) enum Value {
    /// No value at all (Go's invalid `reflect.Value`): a missing key after a
    /// pipeline, the result of a function that returned nil. Prints as
    /// `<no value>`.
    Invalid,
    /// A nil `interface {}`, such as a YAML `null` or a missing map key
    /// before a pipeline ends.
    Nil,
    /// `bool`.
    Bool(bool),
    /// `int`.
    Int(i64),
    /// `int64`.
    Int64(i64),
    /// An unsigned integer: `uint8` (indexing a string) or `uint64` (the
    /// fields of a semver version).
    Uint(u64, UintType),
    /// `float64`.
    Float(f64),
    /// `string`.
    Str(Rc<str>),
    /// A slice with its element type.
    List(Rc<Vec<Value>>, Elem),
    /// A map with string keys and its element type.
    Map(MapRef, Elem),
    /// `time.Time`.
    Time(Rc<super::time::Time>),
    /// A Go value with methods, provided by the host (`.Files`, `.Capabilities`...).
    Object(Rc<dyn super::GoObject>),
}

/// The Go type of an unsigned integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UintType {
    /// `uint8`.
    Uint8,
    /// `uint64`.
    Uint64,
}

impl UintType {
    fn name(self) -> &'static str {
        match self {
            UintType::Uint8 => "uint8",
            UintType::Uint64 => "uint64",
        }
    }
}

/// Go's basic kinds, as text/template's comparison functions group them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Invalid,
    Bool,
    Int,
    Uint,
    Float,
    String,
    Other,
}

impl Value {
    /// A string value.
    pub(crate) fn str(s: impl Into<Rc<str>>) -> Value {
        Value::Str(s.into())
    }

    /// A host object that is a Go slice, as the slice (its methods are
    /// the object's); `None` for anything else.
    pub(crate) fn host_slice(&self) -> Option<Value> {
        match self {
            Value::Object(o) => {
                let items = o.slice_items()?;
                Some(Value::list(items.iter().map(Value::from_data).collect()))
            }
            _ => None,
        }
    }

    /// A `[]interface {}`.
    pub(crate) fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items), Elem::Any)
    }

    /// A `[]string`.
    pub(crate) fn str_list(items: Vec<String>) -> Value {
        Value::List(
            Rc::new(items.into_iter().map(Value::str).collect()),
            Elem::Str,
        )
    }

    /// A `[]byte`.
    pub(crate) fn bytes(bytes: &[u8]) -> Value {
        Value::List(
            Rc::new(
                bytes
                    .iter()
                    .map(|b| Value::Uint(u64::from(*b), UintType::Uint8))
                    .collect(),
            ),
            Elem::Uint8,
        )
    }

    /// The bytes inside, if this is a `[]byte`.
    pub(crate) fn as_bytes(&self) -> Option<Vec<u8>> {
        match self {
            Value::List(items, Elem::Uint8) => Some(
                items
                    .iter()
                    .map(|b| match b {
                        Value::Uint(u, _) => *u as u8,
                        _ => 0,
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// A new `map[string]interface {}`.
    pub(crate) fn map(entries: BTreeMap<String, Value>) -> Value {
        Value::Map(Rc::new(RefCell::new(entries)), Elem::Any)
    }

    /// Converts JSON data (as Helm reads values) into a value: numbers are
    /// `float64`.
    pub(crate) fn from_json(v: &serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Nil,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Float(n.as_f64().unwrap_or(0.0)),
            serde_json::Value::String(s) => Value::str(s.as_str()),
            serde_json::Value::Array(a) => Value::list(a.iter().map(Value::from_json).collect()),
            serde_json::Value::Object(o) => Value::map(
                o.iter()
                    .map(|(k, v)| (k.clone(), Value::from_json(v)))
                    .collect(),
            ),
        }
    }

    /// A value from the host's data.
    pub(crate) fn from_data(d: &super::Data) -> Value {
        match d {
            super::Data::Json(j) => Value::from_json(j),
            super::Data::Object(o) => Value::Object(o.clone()),
            super::Data::Uint64(u) => Value::Uint(*u, UintType::Uint64),
            super::Data::Bytes(b) => Value::bytes(b),
        }
    }

    /// The value as the host's data (maps and lists as JSON; values JSON
    /// cannot hold as null).
    pub(crate) fn to_data(&self) -> super::Data {
        match self {
            Value::Object(o) => super::Data::Object(o.clone()),
            v => super::Data::Json(
                serde_json::from_str(
                    &super::encode::to_json(v, false, None).unwrap_or_else(|| "null".into()),
                )
                .unwrap_or(serde_json::Value::Null),
            ),
        }
    }

    /// Go's `%T` of the value.
    pub(crate) fn type_name(&self) -> String {
        match self {
            Value::Invalid | Value::Nil => "<nil>".into(),
            Value::Bool(_) => "bool".into(),
            Value::Int(_) => "int".into(),
            Value::Int64(_) => "int64".into(),
            Value::Uint(_, t) => t.name().into(),
            Value::Float(_) => "float64".into(),
            Value::Str(_) => "string".into(),
            Value::List(_, e) => format!("[]{}", e.name()),
            Value::Map(_, e) => format!("map[string]{}", e.name()),
            Value::Time(_) => "time.Time".into(),
            Value::Object(o) => o.type_name().to_string(),
        }
    }

    /// Go's `reflect.Kind` name of the value (sprig's `kindOf`).
    pub(crate) fn kind_name(&self) -> &'static str {
        match self {
            Value::Invalid | Value::Nil => "invalid",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Int64(_) => "int64",
            Value::Uint(_, t) => t.name(),
            Value::Float(_) => "float64",
            Value::Str(_) => "string",
            Value::List(..) => "slice",
            Value::Map(..) => "map",
            // A host object that is a Go map (Helm's `.Files`).
            Value::Object(o) if o.map_len().is_some() => "map",
            // One that is a Go slice (`.Capabilities.APIVersions`).
            Value::Object(o) if o.slice_items().is_some() => "slice",
            Value::Time(_) | Value::Object(_) => "struct",
        }
    }

    /// The basic kind used by Go's comparison functions.
    pub(crate) fn basic_kind(&self) -> Kind {
        match self {
            Value::Invalid | Value::Nil => Kind::Invalid,
            Value::Bool(_) => Kind::Bool,
            Value::Int(_) | Value::Int64(_) => Kind::Int,
            Value::Uint(..) => Kind::Uint,
            Value::Float(_) => Kind::Float,
            Value::Str(_) => Kind::String,
            Value::List(..) | Value::Map(..) | Value::Time(_) | Value::Object(_) => Kind::Other,
        }
    }

    /// Go's truth (`if`, `with`, `and`, `or`, `not`): false for the zero
    /// value of the type, empty collections and nil.
    pub(crate) fn truth(&self) -> bool {
        match self {
            Value::Invalid | Value::Nil => false,
            Value::Bool(b) => *b,
            Value::Int(i) | Value::Int64(i) => *i != 0,
            Value::Uint(u, _) => *u != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l, _) => !l.is_empty(),
            Value::Map(m, _) => !m.borrow().is_empty(),
            Value::Time(_) => true,
            // A host object that is a Go map (`.Files.Glob`'s result) is
            // false when empty.
            Value::Object(o) => match o.slice_items() {
                Some(items) => !items.is_empty(),
                None => o.map_len().is_none_or(|n| n > 0),
            },
        }
    }

    /// Whether this is a nil slice.
    pub(crate) fn is_nil_slice(&self) -> bool {
        matches!(self, Value::List(_, Elem::NilAny))
    }

    /// A nil `[]interface {}`.
    pub(crate) fn nil_slice() -> Value {
        Value::List(Rc::new(Vec::new()), Elem::NilAny)
    }

    /// Whether this is nil or no value.
    pub(crate) fn is_nil(&self) -> bool {
        matches!(self, Value::Invalid | Value::Nil)
    }

    /// The string inside, if this is a string.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// A deep copy: maps and lists no longer shared (a self-containing map
    /// is copied to a bounded depth).
    pub(crate) fn deep_copy(&self) -> Value {
        self.deep_copy_at(0)
    }

    fn deep_copy_at(&self, depth: usize) -> Value {
        if depth > 1000 {
            return Value::Nil;
        }
        match self {
            Value::List(l, e) => Value::List(
                Rc::new(l.iter().map(|v| v.deep_copy_at(depth + 1)).collect()),
                *e,
            ),
            Value::Map(m, e) => Value::Map(
                Rc::new(RefCell::new(
                    m.borrow()
                        .iter()
                        .map(|(k, v)| (k.clone(), v.deep_copy_at(depth + 1)))
                        .collect(),
                )),
                *e,
            ),
            v => v.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_numbers_are_float64_and_null_is_nil() {
        let v = Value::from_json(&serde_json::json!({"a": 1, "b": null, "c": [true]}));
        let Value::Map(m, _) = &v else { panic!() };
        assert_eq!(m.borrow()["a"].type_name(), "float64");
        assert!(matches!(m.borrow()["b"], Value::Nil));
        assert_eq!(m.borrow()["c"].type_name(), "[]interface {}");
        assert_eq!(v.type_name(), "map[string]interface {}");
    }

    #[test]
    fn truth_follows_go() {
        assert!(!Value::Float(0.0).truth());
        assert!(!Value::str("").truth());
        assert!(Value::str("0").truth());
        assert!(!Value::list(vec![]).truth());
        assert!(!Value::Nil.truth());
    }
}

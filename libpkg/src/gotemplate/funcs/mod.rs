//! The function table: Go's builtins, sprig's text functions and Helm's own,
//! each with the parameter types Go's `reflect` would check.
//!
//! A function is a plain Rust function over [`Value`]s; its declared
//! parameters decide how the executor converts arguments (a literal `3` is an
//! `int`, a value from data is a `float64` and so is not accepted where an
//! `int` is expected, exactly as in Go). Later tables override earlier ones,
//! as Helm's function map overrides Go's builtins (sprig's `slice`).

mod builtin;
mod cert;
mod crypto;
mod helm;
mod net;
mod sprig;
mod text;

use std::collections::HashMap;
use std::sync::OnceLock;

use super::exec::{Exec, Frame};
use super::value::{Elem, Value};

/// A parameter type, as Go's reflect sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Param {
    /// `reflect.Value`: the builtins get the value untouched.
    Raw,
    /// `interface {}`.
    Any,
    /// `string`.
    Str,
    /// `int`.
    Int,
    /// `float64`.
    Float,
    /// `bool`.
    Bool,
    /// `map[string]interface {}`.
    Map,
    /// `time.Time`.
    Time,
}

impl Param {
    /// The Go type's name, for error messages.
    pub(crate) fn go_type(self) -> &'static str {
        match self {
            Param::Raw => "reflect.Value",
            Param::Any => "interface {}",
            Param::Str => "string",
            Param::Int => "int",
            Param::Float => "float64",
            Param::Bool => "bool",
            Param::Map => "map[string]interface {}",
            Param::Time => "time.Time",
        }
    }

    /// Whether a value of this dynamic type is assignable.
    pub(crate) fn accepts(self, v: &Value) -> bool {
        matches!(
            (self, v),
            (Param::Raw | Param::Any, _)
                | (Param::Str, Value::Str(_))
                | (Param::Int, Value::Int(_))
                | (Param::Float, Value::Float(_))
                | (Param::Bool, Value::Bool(_))
                | (Param::Map, Value::Map(_, Elem::Any))
                | (Param::Time, Value::Time(_))
        )
    }
}

/// Why a function failed: the error it returned (or the panic it raised,
/// which Go's engine turns into an error).
#[derive(Debug)]
pub(crate) enum CallError {
    Msg(String),
}

impl From<String> for CallError {
    fn from(s: String) -> Self {
        CallError::Msg(s)
    }
}

impl From<&str> for CallError {
    fn from(s: &str) -> Self {
        CallError::Msg(s.to_string())
    }
}

/// The result of a function.
pub(crate) type CallResult = Result<Value, CallError>;

/// A function's implementation.
pub(crate) type Native = fn(&mut Exec<'_>, &mut Frame<'_>, Vec<Value>) -> CallResult;

/// A function: parameters, the variadic parameter if any, the code.
pub(crate) struct Func {
    pub(crate) params: &'static [Param],
    pub(crate) variadic: Option<Param>,
    pub(crate) f: Native,
    pub(crate) builtin: bool,
}

/// The functions by name, hashed with FNV: names are short, the table's keys
/// fixed, and a name is looked up wherever a template names a function and
/// at every call (SipHash, the default, showed in parsing's profile).
type Functions = HashMap<&'static str, Func, fnv::FnvBuildHasher>;

/// A table being filled.
pub(crate) struct Table(Functions);

impl Table {
    /// Adds a function with fixed parameters.
    pub(crate) fn add(&mut self, name: &'static str, params: &'static [Param], f: Native) {
        self.0.insert(
            name,
            Func {
                params,
                variadic: None,
                f,
                builtin: false,
            },
        );
    }

    /// Adds a variadic function.
    pub(crate) fn addv(
        &mut self,
        name: &'static str,
        params: &'static [Param],
        variadic: Param,
        f: Native,
    ) {
        self.0.insert(
            name,
            Func {
                params,
                variadic: Some(variadic),
                f,
                builtin: false,
            },
        );
    }
}

fn table() -> &'static Functions {
    static TABLE: OnceLock<Functions> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Table(Functions::default());
        builtin::register(&mut t);
        for f in t.0.values_mut() {
            f.builtin = true;
        }
        sprig::register(&mut t);
        net::register(&mut t);
        crypto::register(&mut t);
        cert::register(&mut t);
        helm::register(&mut t);
        t.0
    })
}

/// The function called `name`, if there is one.
pub(crate) fn lookup(name: &str) -> Option<&'static Func> {
    table().get(name)
}

/// Every function's name, sorted.
pub(crate) fn names() -> Vec<&'static str> {
    let mut v: Vec<_> = table().keys().copied().collect();
    v.sort_unstable();
    v
}

/// Functions whose work is far more than a step, with what they cost in
/// steps, charged before they run: generating an RSA key takes a fifth of a
/// second (2048 bits) to two seconds (4096), so a template may generate about
/// ten certificates, not a million.
pub(crate) const EXPENSIVE: &[(&str, u64)] = &[
    ("genPrivateKey", 2_500_000),
    ("genCA", 1_000_000),
    ("genSelfSignedCert", 1_000_000),
    ("genSignedCert", 1_000_000),
    ("genCAWithKey", 10_000),
    ("genSelfSignedCertWithKey", 10_000),
    ("genSignedCertWithKey", 10_000),
    ("buildCustomCert", 10_000),
    ("bcrypt", 100_000),
    ("htpasswd", 100_000),
    ("derivePassword", 100_000),
];

/// Functions whose result holds their arguments written out in full
/// (printed, encoded, joined or copied); their arguments' printed size is
/// checked before they run (see the engine's `MAX_BYTES`).
pub(crate) const WRITES_ITS_ARGUMENTS: &[&str] = &[
    "print",
    "printf",
    "println",
    "html",
    "js",
    "urlquery",
    "join",
    "cat",
    "quote",
    "squote",
    "toString",
    "toStrings",
    "toYaml",
    "toJson",
    "toPrettyJson",
    "toRawJson",
    "mustToJson",
    "mustToPrettyJson",
    "mustToRawJson",
    "toToml",
    "b64enc",
    "b32enc",
    "deepCopy",
    "mustDeepCopy",
    "concat",
];

/// The functions whose result is not a function of their arguments: they
/// are reported to the host when called.
pub(crate) const NONDETERMINISTIC: &[&str] = &[
    "now",
    "date",
    "dateInZone",
    "date_in_zone",
    "dateModify",
    "date_modify",
    "mustDateModify",
    "must_date_modify",
    "htmlDate",
    "htmlDateInZone",
    "ago",
    "randAlphaNum",
    "randAlpha",
    "randAscii",
    "randNumeric",
    "randBytes",
    "randInt",
    "uuidv4",
    "shuffle",
    "genPrivateKey",
    "genCA",
    "genCAWithKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "buildCustomCert",
    "bcrypt",
    "htpasswd",
    "encryptAES",
    "getHostByName",
    "lookup",
];

/// sprig's `strval`: strings as they are, everything else as `%v`.
pub(crate) fn strval(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        // sprig's strval: a []byte is its text.
        v @ Value::List(_, crate::gotemplate::value::Elem::Uint8) => {
            String::from_utf8_lossy(&v.as_bytes().unwrap_or_default()).into_owned()
        }
        v => super::fmt::value_string(v),
    }
}

/// sprig's `empty`: Go's zero values, empty collections and nil.
pub(crate) fn empty(v: &Value) -> bool {
    !v.truth()
}

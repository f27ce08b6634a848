//! Chart values: reading them, merging the user's `-f` and `--set` flags in
//! Helm's order, and coalescing them with the defaults of a chart and its
//! subcharts (Helm's `chartutil` `ReadValues`, `MergeValues`, `CoalesceValues`).
//!
//! # Numbers
//! Helm reads YAML through sigs.k8s.io/yaml, which goes through JSON into Go's
//! `interface{}`: every number from `values.yaml`, `-f` files and `--set-json`
//! is a `float64`, while `--set` produces `int64` (`--set replicas=3`). Templates
//! see the difference: `{{ .Values.big }}` prints `1e+06` for `big: 1000000`
//! from a file and `1000000` from `--set big=1000000`, and `kindIs "int"` is
//! true only for the latter. The values here keep exactly that distinction in
//! [`serde_json::Value`]: numbers from files and JSON are stored as `f64`
//! ([`serde_json::Number::is_f64`]), numbers from `--set` as `i64`. The template
//! engine formats an `f64` as Go formats a `float64` (`%v`: `3`, `1.5`,
//! `1e+06`), and an `i64` as an integer. Integers above 2^53 in a file lose
//! precision, as they do in Helm.
//!
//! Scalars are read as Helm's YAML library reads them (YAML 1.1: `yes`, `y`,
//! `on` are booleans, `0755` is octal), through [`crate::yaml`], and so are
//! mapping keys: `on:` and `y:` are the key `"true"`, `0x10:` is `"16"`.
//!
//! # Coalescing
//! Chart defaults fill in what the user did not set; maps merge, scalars and
//! lists replace; a user's `null` deletes the key (and so the chart's
//! default); a `null` in a chart's own defaults deletes the key too (Helm 4). A parent chart's values for a subchart (`values.yaml` of the
//! parent, key = subchart name) override the subchart's own defaults, and
//! `global` is copied down into every subchart, parents winning. Warnings
//! Helm only logs (a table overwritten by a scalar) are collected.

use serde_json::{Map, Value};

use super::chart::Chart;
use super::strvals::{self, ReadFileError, SetKind};

/// Values: a map from key to value (a Go `map[string]interface{}`).
pub type Values = Map<String, Value>;

/// The key whose content every subchart receives.
pub const GLOBAL_KEY: &str = "global";

/// Values that could not be read or merged. The message names the file or flag.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ValuesError {
    /// A values file is not valid YAML or not a map.
    #[error("failed to parse {file}: {reason}")]
    File {
        /// The file as the user named it.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// A `--set`-style flag could not be parsed.
    #[error("failed parsing {flag} data {line:?}: {reason}")]
    Set {
        /// `--set`, `--set-string`, `--set-json`, `--set-file` or `--set-literal`.
        flag: &'static str,
        /// The flag's value.
        line: String,
        /// What is wrong.
        reason: String,
    },
    /// A subchart's key in the values is not a map.
    #[error("type mismatch on {key}: a subchart's values must be a map, not {found}")]
    TypeMismatch {
        /// The subchart name.
        key: String,
        /// What was found instead.
        found: String,
    },
    /// The YAML text is not a map (the message is for callers to prefix).
    #[error("{0}")]
    Yaml(String),
}

/// Reads a values document (YAML or JSON) as Helm does: empty means `{}`,
/// numbers become floats, the top level must be a map, and only the first
/// document of a multi-document file counts (later ones must still parse).
pub fn read_values(text: &str) -> Result<Values, ValuesError> {
    let mut budget = crate::yaml::YamlBudget::new(crate::yaml::YamlLimits::default());
    let documents = crate::yaml::documents(text, &mut budget).map_err(|(index, line, e)| {
        ValuesError::Yaml(if index == 0 {
            e.message
        } else {
            format!("document {} (line {line}): {}", index + 1, e.message)
        })
    })?;
    let value = documents
        .into_iter()
        .next()
        .map_or(Value::Null, |d| d.value.into());
    match go_numbers(value) {
        Value::Null => Ok(Values::new()),
        Value::Object(map) => Ok(map),
        other => Err(ValuesError::Yaml(format!(
            "the values must be a map, not {}",
            kind_of(&other)
        ))),
    }
}

/// Turns every number into an `f64`, as Go's JSON decoding does.
pub fn go_numbers(value: Value) -> Value {
    match value {
        Value::Number(n) => n.as_f64().map_or(Value::Null, Value::from),
        Value::Array(items) => Value::Array(items.into_iter().map(go_numbers).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, go_numbers(v))).collect())
        }
        other => other,
    }
}

/// Numbers without a fractional part as integers: values as Helm records
/// and shows them. Go's JSON encoding writes the `float64` 1 of a values file
/// as `1` (Helm's release record, `helm get values`), where serde_json writes
/// `1.0`; and schemas tell `3` from `3.0` (JSON Schema draft 4, ytt's `type:
/// integer`) where Helm's validator does not. Integers beyond an `i64` stay
/// floats (Go writes them with an exponent from 1e21).
pub fn integral_numbers(value: Value) -> Value {
    /// 2^63: every integral `f64` below it in magnitude is an `i64` exactly.
    const I64_BOUND: f64 = 9_223_372_036_854_775_808.0;
    match value {
        Value::Number(n) if n.is_f64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && (-I64_BOUND..I64_BOUND).contains(&f) => {
                Value::from(f as i64)
            }
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(integral_numbers).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, integral_numbers(v)))
                .collect(),
        ),
        other => other,
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a map",
    }
}

/// The user's values flags, in the order given on the command line within
/// each flag. [`ValueOptions::merge`] applies them in Helm's order: `-f` files,
/// then `--set-json`, `--set`, `--set-string`, `--set-file`, `--set-literal`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValueOptions {
    /// `-f/--values` files (paths or `-`, read through the callback).
    pub value_files: Vec<String>,
    /// `--set-json` lines (`a.b={"x":1}`), or whole JSON objects (`{"a":1}`).
    pub json_values: Vec<String>,
    /// `--set` lines.
    pub values: Vec<String>,
    /// `--set-string` lines.
    pub string_values: Vec<String>,
    /// `--set-file` lines (`key=path`).
    pub file_values: Vec<String>,
    /// `--set-literal` lines.
    pub literal_values: Vec<String>,
}

impl ValueOptions {
    /// Merges the flags into one map of user values. `read_file` returns the
    /// bytes of a file named by `-f` or `--set-file` (the caller decides what
    /// `-` and URLs mean), or a message saying why it cannot.
    pub fn merge(
        &self,
        read_file: &dyn Fn(&str) -> Result<Vec<u8>, ReadFileError>,
    ) -> Result<Values, ValuesError> {
        let mut base = Values::new();
        for file in &self.value_files {
            let fail = |reason: String| ValuesError::File {
                file: file.clone(),
                reason,
            };
            let bytes = read_file(file).map_err(|e| fail(e.to_string()))?;
            let text = String::from_utf8(bytes).map_err(|_| fail("not UTF-8".to_string()))?;
            let current = read_values(&text).map_err(|e| fail(e.to_string()))?;
            base = merge_maps(base, current);
        }
        for line in &self.json_values {
            let trimmed = line.trim();
            if trimmed.starts_with('{') {
                let parsed: Values =
                    serde_json::from_str(trimmed).map_err(|e| ValuesError::Set {
                        flag: "--set-json",
                        line: line.clone(),
                        reason: e.to_string(),
                    })?;
                let parsed = match go_numbers(Value::Object(parsed)) {
                    Value::Object(map) => map,
                    _ => unreachable!("a map stays a map"),
                };
                base = merge_maps(base, parsed);
            } else {
                set_into(&mut base, "--set-json", line, SetKind::Json)?;
            }
        }
        for line in &self.values {
            set_into(&mut base, "--set", line, SetKind::Typed)?;
        }
        for line in &self.string_values {
            set_into(&mut base, "--set-string", line, SetKind::String)?;
        }
        let read_text =
            |path: &str| read_file(path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        for line in &self.file_values {
            set_into(&mut base, "--set-file", line, SetKind::File(&read_text))?;
        }
        for line in &self.literal_values {
            set_into(&mut base, "--set-literal", line, SetKind::Literal)?;
        }
        Ok(base)
    }
}

fn set_into(
    base: &mut Values,
    flag: &'static str,
    line: &str,
    kind: SetKind<'_>,
) -> Result<(), ValuesError> {
    strvals::parse_into(line, kind, base).map_err(|e| ValuesError::Set {
        flag,
        line: line.to_string(),
        reason: e.message,
    })
}

/// Helm's `mergeMaps` for `-f` files: maps merge recursively, anything else
/// in `b` replaces what `a` has (nulls included: they delete later).
pub fn merge_maps(mut a: Values, b: Values) -> Values {
    for (key, value) in b {
        match (a.get_mut(&key), value) {
            (Some(Value::Object(existing)), Value::Object(incoming)) => {
                let merged = merge_maps(std::mem::take(existing), incoming);
                *existing = merged;
            }
            (_, value) => {
                a.insert(key, value);
            }
        }
    }
    a
}

/// Coalesces user values with the chart's defaults and its subcharts'
/// (Helm's `CoalesceValues`): nulls delete keys. Returns the full values tree
/// and the warnings Helm would log.
pub fn coalesce_values(
    chart: &Chart,
    values: &Values,
) -> Result<(Values, Vec<String>), ValuesError> {
    let mut warnings = Vec::new();
    let mut dest = values.clone();
    coalesce(chart, &mut dest, "", false, &mut warnings)?;
    Ok((dest, warnings))
}

/// Like [`coalesce_values`] but keeps nulls (Helm's `MergeValues`), for steps
/// whose output is coalesced again later.
pub fn merge_values(chart: &Chart, values: &Values) -> Result<(Values, Vec<String>), ValuesError> {
    let mut warnings = Vec::new();
    let mut dest = values.clone();
    coalesce(chart, &mut dest, "", true, &mut warnings)?;
    Ok((dest, warnings))
}

fn concat_prefix(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}.{b}")
    }
}

fn coalesce(
    chart: &Chart,
    dest: &mut Values,
    prefix: &str,
    merge: bool,
    warnings: &mut Vec<String>,
) -> Result<(), ValuesError> {
    coalesce_chart_values(chart, dest, prefix, merge, warnings);
    coalesce_dependencies(chart, dest, prefix, merge, warnings)
}

fn coalesce_dependencies(
    chart: &Chart,
    dest: &mut Values,
    prefix: &str,
    merge: bool,
    warnings: &mut Vec<String>,
) -> Result<(), ValuesError> {
    for sub in &chart.dependencies {
        let name = sub.name().to_string();
        let mut sub_values = match dest.remove(&name) {
            None => Values::new(),
            Some(Value::Object(map)) => map,
            Some(other) => {
                let found = kind_of(&other).to_string();
                dest.insert(name.clone(), other);
                return Err(ValuesError::TypeMismatch { key: name, found });
            }
        };
        let sub_prefix = concat_prefix(prefix, chart.name());
        coalesce_globals(&mut sub_values, dest, &sub_prefix, warnings);
        let outcome = coalesce(sub, &mut sub_values, &sub_prefix, merge, warnings);
        dest.insert(name, Value::Object(sub_values));
        outcome?;
    }
    Ok(())
}

/// Copies the parent's `global` into the subchart's, the parent winning.
fn coalesce_globals(dest: &mut Values, src: &Values, prefix: &str, warnings: &mut Vec<String>) {
    let mut dest_globals = match dest.get(GLOBAL_KEY) {
        None => Values::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            warnings.push(format!(
                "skipping globals because destination {GLOBAL_KEY} is not a table."
            ));
            return;
        }
    };
    let src_globals = match src.get(GLOBAL_KEY) {
        None => Values::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            warnings.push(format!(
                "skipping globals because source {GLOBAL_KEY} is not a table."
            ));
            return;
        }
    };
    for (key, value) in src_globals {
        match value {
            Value::Object(table) => match dest_globals.get(&key) {
                None => {
                    dest_globals.insert(key, Value::Object(table));
                }
                Some(Value::Object(existing)) => {
                    // Top-down: the parent's global table wins over the subchart's.
                    let mut merged = table;
                    coalesce_tables(
                        &mut merged,
                        existing.clone(),
                        &concat_prefix(prefix, &key),
                        true,
                        warnings,
                    );
                    dest_globals.insert(key, Value::Object(merged));
                }
                Some(_) => warnings.push(format!(
                    "Conflict: cannot merge map onto non-map for {key:?}. Skipping."
                )),
            },
            other => {
                if matches!(dest_globals.get(&key), Some(Value::Object(_))) {
                    warnings.push(format!("key {key} is table. Skipping"));
                } else {
                    dest_globals.insert(key, other);
                }
            }
        }
    }
    dest.insert(GLOBAL_KEY.to_string(), Value::Object(dest_globals));
}

/// Fills `v` with the chart's own defaults (Helm's `coalesceValues`).
fn coalesce_chart_values(
    chart: &Chart,
    v: &mut Values,
    prefix: &str,
    merge: bool,
    warnings: &mut Vec<String>,
) {
    let sub_prefix = concat_prefix(prefix, chart.name());
    for (key, default) in chart.values.clone() {
        match v.get_mut(&key) {
            Some(Value::Null) if !merge => {
                v.remove(&key);
            }
            Some(Value::Object(user)) => match default {
                Value::Object(default) => {
                    // A subchart's section keeps nulls here: they must reach
                    // the subchart to delete its own defaults.
                    let merge = merge || chart.dependencies.iter().any(|d| d.name() == key);
                    let Value::Object(default) =
                        defaults_without_nulls(Value::Object(default), merge)
                    else {
                        unreachable!("a map stays a map")
                    };
                    coalesce_tables(
                        user,
                        default,
                        &concat_prefix(&sub_prefix, &key),
                        merge,
                        warnings,
                    );
                }
                Value::Null => {}
                other => warnings.push(format!(
                    "skipped value for {sub_prefix}.{key}: Not a table. ({other})"
                )),
            },
            Some(_) => {}
            None if default.is_null() && !merge => {}
            None => {
                v.insert(key, defaults_without_nulls(default, merge));
            }
        }
    }
}

/// A chart default copied in where the user set nothing: when coalescing
/// (not merging), without the nulls of its maps, at any depth (list items
/// stay), as Helm 4 leaves them out: a `null` in a chart's own values.yaml
/// deletes the key, and a parent's `null` for a subchart key does not reach
/// the subchart unless the user's values for it are merged in.
fn defaults_without_nulls(value: Value, merge: bool) -> Value {
    match value {
        Value::Object(map) if !merge => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, defaults_without_nulls(v, merge)))
                .collect(),
        ),
        other => other,
    }
}

/// Merges `src` into `dst`, `dst` winning (Helm's `coalesceTablesFullKey`).
/// When coalescing (not merging), a `null` in `dst` deletes the key where
/// `src` has a value for it, and stays where `src` has none or a `null`; a
/// `null` of `src` is copied where `dst` has no key (an upgrade's
/// `--reuse-values` keeps the previous release's nulls so). Chart defaults
/// come without their nulls ([`defaults_without_nulls`]).
fn coalesce_tables(
    dst: &mut Values,
    src: Values,
    prefix: &str,
    merge: bool,
    warnings: &mut Vec<String>,
) {
    for (key, value) in src {
        let full_key = concat_prefix(prefix, &key);
        match dst.get_mut(&key) {
            Some(Value::Null) if !merge && !value.is_null() => {
                dst.remove(&key);
            }
            None => {
                dst.insert(key, value);
            }
            Some(existing) => match (existing, value) {
                (Value::Object(d), Value::Object(s)) => {
                    coalesce_tables(d, s, &full_key, merge, warnings)
                }
                (_, Value::Object(s)) => warnings.push(format!(
                    "cannot overwrite table with non table for {full_key} ({})",
                    Value::Object(s)
                )),
                (Value::Object(_), s) if !s.is_null() => warnings.push(format!(
                    "destination for {full_key} is a table. Ignoring non-table value ({s})"
                )),
                _ => {}
            },
        }
    }
}

/// How an upgrade treats the user values of the release it upgrades
/// (`helm upgrade` flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReuseValues {
    /// No flag: the new values; but when none are given at all, the previous
    /// release's user values again.
    #[default]
    Default,
    /// `--reset-values`: only the new values.
    Reset,
    /// `--reuse-values`: the previous user values with the new ones over them.
    /// (Helm also renders with the previous chart's defaults then; here the
    /// new chart's defaults apply.)
    Reuse,
    /// `--reset-then-reuse-values`: the same merge, with the new chart's defaults.
    ResetThenReuse,
}

/// The user values of an upgrade, from the new ones and the previous
/// release's (Helm's `reuseValues`).
pub fn upgrade_values(mode: ReuseValues, new: Values, previous: &Values) -> Values {
    match mode {
        ReuseValues::Reset => new,
        ReuseValues::Reuse | ReuseValues::ResetThenReuse => {
            let mut merged = new;
            coalesce_tables(&mut merged, previous.clone(), "", false, &mut Vec::new());
            merged
        }
        ReuseValues::Default if new.is_empty() => previous.clone(),
        ReuseValues::Default => new,
    }
}

/// Merges two tables, `dst` winning, keeping nulls (Helm's `MergeTables`).
pub fn merge_tables(mut dst: Values, src: Values) -> Values {
    coalesce_tables(&mut dst, src, "", true, &mut Vec::new());
    dst
}

/// The table at a dotted path (`a.b`), as Helm's `Values.Table`.
pub fn table<'a>(values: &'a Values, path: &str) -> Option<&'a Values> {
    let mut current = values;
    for part in path.split('.') {
        match current.get(part) {
            Some(Value::Object(map)) => current = map,
            _ => return None,
        }
    }
    Some(current)
}

/// The non-table value at a dotted path, as Helm's `Values.PathValue`.
pub fn path_value<'a>(values: &'a Values, path: &str) -> Option<&'a Value> {
    if path.is_empty() {
        return None;
    }
    let (parent, key) = match path.rsplit_once('.') {
        Some((parent, key)) => (table(values, parent)?, key),
        None => (values, path),
    };
    parent.get(key).filter(|v| !v.is_object())
}

/// Sorts map keys recursively, so that the same values always serialize the same.
pub fn sort_keys(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.sort_keys();
            map.values_mut().for_each(sort_keys);
        }
        Value::Array(items) => items.iter_mut().for_each(sort_keys),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helm::chart::tests::load;
    use serde_json::json;

    fn map(value: Value) -> Values {
        match value {
            Value::Object(map) => map,
            _ => panic!("not a map"),
        }
    }

    #[test]
    fn files_read_numbers_as_go_floats() {
        let values = read_values("a: 3\nb: 1.5\nc: [1, {d: 2}]\ne: yes\n").unwrap();
        assert!(values["a"].is_f64());
        assert_eq!(
            Value::Object(values),
            json!({"a": 3.0, "b": 1.5, "c": [1.0, {"d": 2.0}], "e": true})
        );
        assert!(read_values("").unwrap().is_empty());
        assert!(read_values("# only a comment\n").unwrap().is_empty());
        // As sigs.k8s.io/yaml: the first document counts.
        assert_eq!(
            Value::Object(read_values("---\na: 1\n---\nb: 2\n").unwrap()),
            json!({"a": 1.0})
        );
        assert_eq!(
            Value::Object(read_values("a: 1\n---\n").unwrap()),
            json!({"a": 1.0})
        );
        // YAML 1.1 scalars, as Helm's YAML library reads them.
        assert_eq!(
            Value::Object(read_values("a: y\nb: 0x1F\nc: 1e3\nd: .5\ne: '5'\nf: 0755\n").unwrap()),
            json!({"a": true, "b": 31.0, "c": 1000.0, "d": 0.5, "e": "5", "f": 493.0})
        );
        assert!(read_values("- a\n").is_err());
    }

    #[test]
    fn flags_merge_in_helm_order() {
        let files = |path: &str| match path {
            "a.yaml" => Ok(b"x: {w: 1, z: 2}\nlist: [1, 2]\nkeep: file\n".to_vec()),
            "b.yaml" => Ok(b"x: {w: 10}\nlist: [3]\n".to_vec()),
            "cert.pem" => Ok(b"PEM".to_vec()),
            other => Err(ReadFileError::from(format!("open {other}: no such file"))),
        };
        let options = ValueOptions {
            value_files: vec!["a.yaml".into(), "b.yaml".into()],
            json_values: vec!["j={\"k\":1}".into(), "{\"obj\": {\"n\": 2}}".into()],
            // --set comes after --set-json and before --set-string, whatever the
            // order on the command line.
            values: vec!["x.z=3,s=1".into()],
            string_values: vec!["s=1".into()],
            file_values: vec!["cert=cert.pem".into()],
            literal_values: vec!["lit=a,b".into()],
        };
        let merged = options.merge(&files).unwrap();
        assert_eq!(
            Value::Object(merged.clone()),
            json!({
                "x": {"w": 10.0, "z": 3}, "list": [3.0], "keep": "file",
                "j": {"k": 1.0}, "obj": {"n": 2.0},
                "s": "1", "cert": "PEM", "lit": "a,b",
            })
        );
        assert!(merged["x"]["z"].is_i64(), "--set integers stay integers");

        let error = ValueOptions {
            values: vec!["a.b".into()],
            ..ValueOptions::default()
        }
        .merge(&files)
        .unwrap_err()
        .to_string();
        assert!(
            error.starts_with("failed parsing --set data \"a.b\""),
            "{error}"
        );
        let error = ValueOptions {
            value_files: vec!["missing.yaml".into()],
            ..ValueOptions::default()
        }
        .merge(&files)
        .unwrap_err()
        .to_string();
        assert!(error.contains("missing.yaml"), "{error}");
    }

    #[test]
    fn upgrades_reuse_values_as_helm_does() {
        let previous = map(json!({"replicas": 3, "image": {"tag": "1.0", "pull": "Always"}}));
        let new = map(json!({"image": {"tag": "2.0"}}));
        assert_eq!(
            upgrade_values(ReuseValues::Default, new.clone(), &previous),
            new
        );
        assert_eq!(
            upgrade_values(ReuseValues::Default, Values::new(), &previous),
            previous
        );
        assert!(upgrade_values(ReuseValues::Reset, Values::new(), &previous).is_empty());
        for mode in [ReuseValues::Reuse, ReuseValues::ResetThenReuse] {
            assert_eq!(
                Value::Object(upgrade_values(mode, new.clone(), &previous)),
                json!({"replicas": 3, "image": {"tag": "2.0", "pull": "Always"}})
            );
        }
        // A null among the new values removes a previous one.
        let unset = map(json!({"replicas": null}));
        assert_eq!(
            Value::Object(upgrade_values(ReuseValues::Reuse, unset, &previous)),
            json!({"image": {"tag": "1.0", "pull": "Always"}})
        );
    }

    fn parent_with_sub() -> Chart {
        load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: parent\nversion: 1.0.0\n",
            ),
            (
                "values.yaml",
                "name: parent\nnested: {a: 1, b: 2}\nsub: {fromParent: p, drop: null}\nglobal: {region: eu, nested: {x: parent}}\n",
            ),
            (
                "charts/sub/Chart.yaml",
                "apiVersion: v2\nname: sub\nversion: 1.0.0\n",
            ),
            (
                "charts/sub/values.yaml",
                "own: s\nfromParent: default\ndrop: me\ndeep: {keep: 1, gone: 2}\nglobal: {nested: {x: sub, w: sub}, subOnly: 1}\n",
            ),
        ])
    }

    #[test]
    fn coalescing_follows_helm() {
        let chart = parent_with_sub();
        let user = map(json!({
            "nested": {"b": null, "c": 3},
            "name": null,
            "sub": {"deep": {"gone": null}},
            "global": {"user": true},
        }));
        let (values, warnings) = coalesce_values(&chart, &user).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            Value::Object(values),
            json!({
                "nested": {"a": 1.0, "c": 3},
                "sub": {
                    "fromParent": "p", "own": "s", "deep": {"keep": 1.0},
                    "global": {"region": "eu", "user": true, "nested": {"x": "parent", "w": "sub"}, "subOnly": 1.0},
                },
                "global": {"region": "eu", "nested": {"x": "parent"}, "user": true},
            })
        );
    }

    #[test]
    fn a_null_for_a_subchart_key_the_parent_also_sets_deletes_it() {
        // The parent's values.yaml sets sub.fromParent; the subchart defaults it
        // too. A user's null removes the key from the subchart's values
        // altogether (Helm 3.13+), rather than falling back to the subchart's default.
        let chart = parent_with_sub();
        let user = map(json!({"sub": {"fromParent": null}}));
        let (values, _) = coalesce_values(&chart, &user).unwrap();
        assert_eq!(values["sub"].get("fromParent"), None, "{values:?}");
        assert_eq!(values["sub"]["own"], json!("s"));
    }

    /// Issue 22 C: a `null` in a chart's own values.yaml (the top chart's or
    /// a subchart's, at any depth of maps, not in lists) deletes the key
    /// when the user does not set it; the parent's null for a subchart key
    /// only deletes the subchart's default when the user also sets values
    /// for that subchart (they are merged then, nulls kept); a user's null
    /// for a key no chart has stays. Expected values checked against Helm
    /// 4.2.3 (`.Values` printed with toJson).
    #[test]
    fn nulls_in_chart_defaults_are_dropped_as_helm_4_does() {
        let chart = load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: nulls\nversion: 1.0.0\n",
            ),
            (
                "values.yaml",
                "updateStrategy:\n  type: RollingUpdate\n  rollingUpdate: null\ntop: null\nlist: [1, null]\nnested:\n  a:\n    b: ~\n    c: 1\nsub:\n  x: null\n  v: 2\n",
            ),
            (
                "charts/sub/Chart.yaml",
                "apiVersion: v2\nname: sub\nversion: 1.0.0\n",
            ),
            ("charts/sub/values.yaml", "x: 1\nz: null\nw: 3\n"),
        ]);
        let (values, _) = coalesce_values(&chart, &Values::new()).unwrap();
        assert_eq!(
            Value::Object(values),
            json!({"list": [1.0, null], "nested": {"a": {"c": 1.0}}, "sub": {"global": {}, "v": 2.0, "w": 3.0, "x": 1.0}, "updateStrategy": {"type": "RollingUpdate"}})
        );
        let user = map(
            json!({"updateStrategy": {"type": null}, "sub": {"w": null}, "nested": {"a": null}, "newkey": null, "list": null}),
        );
        let (values, _) = coalesce_values(&chart, &user).unwrap();
        assert_eq!(
            Value::Object(values),
            json!({"nested": {}, "newkey": null, "sub": {"global": {}, "v": 2.0}, "updateStrategy": {}})
        );
    }

    fn bare(name: &str, values: Value, dependencies: Vec<Chart>) -> Chart {
        Chart {
            metadata: crate::helm::chart::Metadata {
                name: name.into(),
                ..Default::default()
            },
            values: map(values),
            schema: None,
            templates: Default::default(),
            files: Default::default(),
            dependencies,
        }
    }

    /// Helm's TestCoalesceValues, its template lookups written as JSON pointers.
    #[test]
    fn helms_coalesce_values_case() {
        let ahab = bare(
            "ahab",
            json!({"scope": "ahab", "name": "ahab", "boat": true, "nested": {"foo": false, "bar": true}}),
            vec![],
        );
        let pequod = bare(
            "pequod",
            json!({"name": "pequod", "scope": "pequod"}),
            vec![ahab],
        );
        let spouter = bare("spouter", json!({"scope": "spouter"}), vec![]);
        let moby = bare(
            "moby",
            json!({"back": "exists", "bottom": "exists", "front": "exists", "left": "exists",
                   "name": "moby", "nested": {"boat": true}, "override": "bad", "right": "exists",
                   "scope": "moby", "top": "nope"}),
            vec![pequod, spouter],
        );
        let user = read_values(
            "top: yup\nbottom: null\nright: Null\nleft: NULL\nfront: ~\nback: \"\"\nnested:\n  boat: null\n\n\
             global:\n  name: Ishmael\n  subject: Queequeg\n  nested:\n    boat: true\n\n\
             pequod:\n  global:\n    name: Stinky\n    harpooner: Tashtego\n    nested:\n      boat: false\n      sail: true\n  \
             ahab:\n    scope: whale\n    boat: null\n    nested:\n      foo: true\n      bar: null\n",
        )
        .unwrap();
        let before = user.clone();
        let (values, _) = coalesce_values(&moby, &user).unwrap();
        assert_eq!(user, before, "the user's values are not modified");
        let v = Value::Object(values);
        let expect = [
            ("/top", Some(json!("yup"))),
            ("/back", Some(json!(""))),
            ("/name", Some(json!("moby"))),
            ("/global/name", Some(json!("Ishmael"))),
            ("/global/subject", Some(json!("Queequeg"))),
            ("/global/harpooner", None),
            ("/pequod/name", Some(json!("pequod"))),
            ("/pequod/ahab/name", Some(json!("ahab"))),
            ("/pequod/ahab/scope", Some(json!("whale"))),
            ("/pequod/ahab/nested/foo", Some(json!(true))),
            ("/pequod/ahab/global/name", Some(json!("Ishmael"))),
            ("/pequod/ahab/global/subject", Some(json!("Queequeg"))),
            ("/pequod/ahab/global/harpooner", Some(json!("Tashtego"))),
            ("/pequod/global/name", Some(json!("Ishmael"))),
            ("/pequod/global/subject", Some(json!("Queequeg"))),
            ("/spouter/global/name", Some(json!("Ishmael"))),
            ("/spouter/global/harpooner", None),
            ("/global/nested/boat", Some(json!(true))),
            ("/pequod/global/nested/boat", Some(json!(true))),
            ("/spouter/global/nested/boat", Some(json!(true))),
            ("/pequod/global/nested/sail", Some(json!(true))),
            ("/spouter/global/nested/sail", None),
            ("/bottom", None),
            ("/right", None),
            ("/left", None),
            ("/front", None),
            ("/nested/boat", None),
            ("/pequod/ahab/boat", None),
            ("/pequod/ahab/nested/bar", None),
        ];
        for (pointer, value) in expect {
            assert_eq!(v.pointer(pointer).cloned(), value, "{pointer}");
        }
    }

    /// Helm's TestCoalesceTables: the first table wins, nulls in it delete.
    #[test]
    fn helms_coalesce_tables_case() {
        let mut dst = map(json!({
            "name": "Ishmael",
            "address": {"street": "123 Spouter Inn Ct.", "city": "Nantucket", "country": null},
            "details": {"friends": ["Tashtego"]},
            "boat": "pequod",
            "hole": null,
        }));
        let src = map(json!({
            "occupation": "whaler",
            "address": {"state": "MA", "street": "234 Spouter Inn Ct.", "country": "US"},
            "details": "empty",
            "boat": {"mast": true},
            "hole": "black",
        }));
        let mut warnings = Vec::new();
        coalesce_tables(&mut dst, src.clone(), "", false, &mut warnings);
        assert_eq!(
            Value::Object(dst),
            json!({
                "name": "Ishmael", "occupation": "whaler",
                "address": {"street": "123 Spouter Inn Ct.", "city": "Nantucket", "state": "MA"},
                "details": {"friends": ["Tashtego"]},
                "boat": "pequod",
            })
        );
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        // Merging keeps the nulls.
        let kept = merge_tables(
            map(json!({"hole": null, "address": {"country": null}})),
            src,
        );
        assert_eq!(kept["hole"], Value::Null);
        assert_eq!(kept["address"]["country"], Value::Null);
    }

    /// Helm 4's `reuseValues` (`CoalesceTables(new, current.Config)`): a
    /// null the previous release holds is kept where the new values say
    /// nothing of its key, and where they null it too; a new null still
    /// deletes a previous value.
    #[test]
    fn reused_values_keep_the_nulls_the_previous_release_holds() {
        let previous = map(json!({
            "nulled": null,
            "both": null,
            "gone": "old",
            "nested": {"nulled": null, "kept": 1},
        }));
        let new = map(json!({"a": "b", "both": null, "gone": null, "nested": {"added": 2}}));
        for mode in [ReuseValues::Reuse, ReuseValues::ResetThenReuse] {
            assert_eq!(
                Value::Object(upgrade_values(mode, new.clone(), &previous)),
                json!({
                    "a": "b",
                    "nulled": null,
                    "both": null,
                    "nested": {"nulled": null, "kept": 1, "added": 2},
                }),
                "{mode:?}"
            );
        }
    }

    /// Values are recorded and shown as Helm writes them: the `float64` 1 of
    /// a values file is `1`, a fraction stays one, and an integer too large
    /// for an `i64` stays a float.
    #[test]
    fn integral_numbers_are_written_as_integers() {
        let read =
            read_values("replicas: 1\nratio: 1.5\nbig: 1000000\nlist: [2, -3]\nhuge: 1e30\n")
                .unwrap();
        assert!(read["replicas"].is_f64(), "read as Helm reads it");
        let shown = integral_numbers(Value::Object(read));
        assert_eq!(
            serde_json::to_string(&shown).unwrap(),
            r#"{"replicas":1,"ratio":1.5,"big":1000000,"list":[2,-3],"huge":1e+30}"#
        );
    }

    #[test]
    fn subchart_values_must_be_maps() {
        let chart = parent_with_sub();
        let error = coalesce_values(&chart, &map(json!({"sub": "x"}))).unwrap_err();
        assert_eq!(
            error,
            ValuesError::TypeMismatch {
                key: "sub".into(),
                found: "a string".into()
            }
        );
    }

    #[test]
    fn type_conflicts_are_warnings_as_in_helm() {
        let chart = parent_with_sub();
        let (values, warnings) = coalesce_values(&chart, &map(json!({"nested": "flat"}))).unwrap();
        assert_eq!(values["nested"], json!("flat"));
        assert!(warnings.is_empty());
        let (values, warnings) =
            coalesce_values(&chart, &map(json!({"nested": {"a": {"x": 1}}}))).unwrap();
        assert_eq!(values["nested"], json!({"a": {"x": 1}, "b": 2.0}));
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("parent.nested.a is a table"),
            "{warnings:?}"
        );
    }

    #[test]
    fn merge_keeps_nulls_and_paths_resolve() {
        let chart = parent_with_sub();
        let (values, _) = merge_values(&chart, &map(json!({"name": null}))).unwrap();
        assert_eq!(values["name"], Value::Null);
        assert_eq!(path_value(&values, "sub.own"), Some(&json!("s")));
        assert_eq!(
            path_value(&values, "sub.deep"),
            None,
            "tables are not path values"
        );
        assert_eq!(path_value(&values, "sub.missing"), None);
        assert!(table(&values, "sub.deep").is_some());
        let mut sorted = json!({"b": 1, "a": {"d": 1, "c": 2}});
        sort_keys(&mut sorted);
        assert_eq!(
            serde_json::to_string(&sorted).unwrap(),
            r#"{"a":{"c":2,"d":1},"b":1}"#
        );
    }
}

//! Helm's own template functions (helm/helm pkg/engine/funcs.go and
//! engine.go): `include`, `tpl`, `required`, `fail`, `toYaml`, `fromYaml`,
//! `fromYamlArray`, `toJson`, `fromJson`, `fromJsonArray` and `lookup`
//! (answered by the host).
//!
//! `include` runs a named template into a string (at most 1000 nested
//! includes of one name, like Helm); `tpl` parses a string as a template in a
//! copy of the current set, runs it with `missingkey=zero` and removes
//! `<no value>`; `required` and `fail` produce Helm's marked messages.

use std::collections::BTreeMap;

use super::{CallError, CallResult, Param, Table};
use crate::gotemplate::encode::{to_json, to_toml, to_yaml};
use crate::gotemplate::exec::{Exec, Frame, Layer, MAX_DEPTH};
use crate::gotemplate::value::Value;

use Param::*;

/// How many nested `include`s of one template Helm allows.
const RECURSION_MAX: usize = 1000;

pub(super) fn register(t: &mut Table) {
    t.add("include", &[Str, Any], include);
    t.add("tpl", &[Str, Map], tpl);
    t.add("required", &[Str, Any], |_, _, a| {
        let missing = match &a[1] {
            Value::Nil | Value::Invalid => true,
            Value::Str(s) => s.is_empty(),
            _ => false,
        };
        if missing {
            return Err(warn_wrap(a[0].as_str().unwrap_or_default()).into());
        }
        Ok(a[1].clone())
    });
    t.add("fail", &[Str], |_, _, a| {
        Err(warn_wrap(a[0].as_str().unwrap_or_default()).into())
    });
    t.add("toYaml", &[Any], |_, _, a| {
        Ok(Value::str(
            to_yaml(&a[0])
                .map(|s| s.strip_suffix('\n').map(str::to_string).unwrap_or(s))
                .unwrap_or_default(),
        ))
    });
    t.add("toToml", &[Any], |_, _, a| {
        if a[0].is_nil() {
            // BurntSushi's encoder panics on nil (reflect on a zero Value).
            return Err("reflect: call of reflect.Value.Type on zero Value".into());
        }
        Ok(Value::str(to_toml(&a[0])))
    });
    t.add("toJson", &[Any], |_, _, a| {
        Ok(Value::str(to_json(&a[0], true, None).unwrap_or_default()))
    });
    t.add("fromYaml", &[Str], |_, _, a| {
        let text = a[0].as_str().unwrap_or_default();
        Ok(match crate::yaml::first_document(text) {
            Ok(serde_json::Value::Object(o)) => Value::from_json(&serde_json::Value::Object(o)),
            Ok(serde_json::Value::Null) => Value::map(BTreeMap::new()),
            Ok(other) => error_map(format!(
                "error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                json_kind(&other)
            )),
            Err(e) => error_map(format!("error converting YAML to JSON: {e}")),
        })
    });
    t.add("fromYamlArray", &[Str], |_, _, a| {
        let text = a[0].as_str().unwrap_or_default();
        Ok(match crate::yaml::first_document(text) {
            Ok(serde_json::Value::Array(items)) => Value::list(items.iter().map(Value::from_json).collect()),
            Ok(serde_json::Value::Null) => Value::list(Vec::new()),
            Ok(other) => Value::list(vec![Value::str(format!(
                "error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {} into Go value of type []interface {{}}",
                json_kind(&other)
            ))]),
            Err(e) => Value::list(vec![Value::str(format!("error converting YAML to JSON: {e}"))]),
        })
    });
    t.add("fromJson", &[Str], |_, _, a| {
        Ok(
            match serde_json::from_str::<serde_json::Value>(a[0].as_str().unwrap_or_default()) {
                Ok(serde_json::Value::Object(o)) => Value::from_json(&serde_json::Value::Object(o)),
                Ok(serde_json::Value::Null) => Value::map(BTreeMap::new()),
                Ok(other) => error_map(format!(
                    "json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                    json_kind(&other)
                )),
                Err(e) => error_map(e.to_string()),
            },
        )
    });
    t.add("fromJsonArray", &[Str], |_, _, a| {
        Ok(
            match serde_json::from_str::<serde_json::Value>(a[0].as_str().unwrap_or_default()) {
                Ok(serde_json::Value::Array(items)) => {
                    Value::list(items.iter().map(Value::from_json).collect())
                }
                Ok(serde_json::Value::Null) => Value::list(Vec::new()),
                Ok(other) => Value::list(vec![Value::str(format!(
                    "json: cannot unmarshal {} into Go value of type []interface {{}}",
                    json_kind(&other)
                ))]),
                Err(e) => Value::list(vec![Value::str(e.to_string())]),
            },
        )
    });
    t.add("lookup", &[Str, Str, Str, Str], |ex, _, a| {
        let s = |i: usize| a[i].as_str().unwrap_or_default().to_string();
        match ex.host.lookup(&s(0), &s(1), &s(2), &s(3)) {
            Ok(v) => Ok(match Value::from_json(&v) {
                m @ Value::Map(..) => m,
                _ => Value::map(BTreeMap::new()),
            }),
            Err(e) => Err(e.to_string().into()),
        }
    });
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "bool",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}

fn error_map(msg: String) -> Value {
    let mut m = BTreeMap::new();
    m.insert("Error".to_string(), Value::str(msg));
    Value::map(m)
}

/// Helm marks `required` and `fail` messages so it can show them alone.
fn warn_wrap(msg: &str) -> String {
    format!("HELM_ERR_START{msg}HELM_ERR_END")
}

fn include(ex: &mut Exec<'_>, _f: &mut Frame<'_>, a: Vec<Value>) -> CallResult {
    let name = a[0].as_str().unwrap_or_default().to_string();
    let count = ex.include_counts.entry(name.clone()).or_insert(0);
    if *count > RECURSION_MAX {
        return Err(format!(
            "rendering template has a nested reference name: {name}: unable to execute template"
        )
        .into());
    }
    *count += 1;
    if ex.depth >= MAX_DEPTH {
        return Err(format!("exceeded maximum template depth ({MAX_DEPTH})").into());
    }
    ex.depth += 1;
    let r = ex.execute(&name, a[1].clone());
    ex.depth -= 1;
    if let Some(c) = ex.include_counts.get_mut(&name) {
        *c -= 1;
    }
    r.map(Value::str).map_err(CallError::Msg)
}

fn tpl(ex: &mut Exec<'_>, _f: &mut Frame<'_>, a: Vec<Value>) -> CallResult {
    let text = a[0].as_str().unwrap_or_default();
    let parsed = ex.tpl_cache.parse(text).map_err(CallError::Msg)?;
    // What Go's parse into a clone of the set adds to it, by the same rule
    // (a later definition replaces an earlier one unless it is empty): the
    // text's definitions, then the text itself as `tpl`.
    let mut layer = Layer::new();
    for tree in parsed.defined.iter().chain([&parsed.own]) {
        let replaced = layer.get(&tree.name).or_else(|| ex.tree(&tree.name));
        if replaced.is_some_and(|old| tree.is_empty() && !old.is_empty()) {
            continue;
        }
        layer.insert(tree.name.clone(), tree.clone());
    }
    if ex.depth >= MAX_DEPTH {
        return Err(format!("exceeded maximum template depth ({MAX_DEPTH})").into());
    }
    ex.depth += 1;
    ex.layers.push(layer);
    let vals = match &a[1] {
        Value::Nil | Value::Invalid => Value::map(BTreeMap::new()),
        v => v.clone(),
    };
    let r = ex.execute_tree(parsed.own.clone(), vals);
    ex.layers.pop();
    ex.depth -= 1;
    match r {
        Ok(s) => Ok(Value::str(crate::gotemplate::without_no_value(s))),
        Err(e) => Err(format!("error during tpl function execution for {text:?}: {e}").into()),
    }
}

#[cfg(test)]
mod tests {
    use crate::gotemplate::{DefaultHost, Options, Templates};

    /// Issue 22 F: `tpl ""` called from a template that an outer `tpl` runs
    /// gives "", where running the set's `tpl` template by name would run the
    /// outer text again until the depth limit. Checked against Helm 4.2.3.
    #[test]
    fn tpl_of_an_empty_text_inside_tpl_is_empty() {
        let mut set = Templates::new();
        set.add(
            "a.yaml",
            "{{- define \"h\" }}[{{ tpl \"\" . }}]{{ end -}}\na: {{ tpl .Values.t . | quote }}\nb: {{ tpl \"\" . | quote }} {{ tpl \"{{ tpl \\\"\\\" . }}z\" . | quote }}\n",
        )
        .unwrap();
        let data = serde_json::json!({"Values": {"t": "x {{ include \"h\" . }} y"}});
        let out = set
            .render(
                "a.yaml",
                &data,
                &Options::default(),
                &mut DefaultHost::default(),
            )
            .unwrap();
        assert_eq!(out, "a: \"x [] y\"\nb: \"\" \"z\"\n");
    }

    /// `tpl` parses its text into a copy of the set (Go's `Clone`): what the
    /// text defines replaces the set's template inside the call only. Each
    /// distinct text is parsed once however often it runs, parse errors
    /// included, with the same result every time.
    #[test]
    fn tpl_definitions_stay_inside_the_call_and_each_text_parses_once() {
        let mut set = Templates::new();
        set.add(
            "a.yaml",
            r#"{{- define "x" }}outer{{ end -}}
{{- range until 3 }}{{ tpl "{{ define \"x\" }}inner{{ end }}{{ template \"x\" }}-{{ include \"x\" . }}" $ }} {{ end }}{{ include "x" . }}"#,
        )
        .unwrap();
        set.add("bad.yaml", r#"{{ tpl "{{ .x" . }}"#).unwrap();
        let render = |name: &str| {
            set.render(
                name,
                &serde_json::json!({}),
                &Options::default(),
                &mut DefaultHost::default(),
            )
        };
        assert_eq!(
            render("a.yaml").unwrap(),
            "inner-inner inner-inner inner-inner outer"
        );
        let first = render("bad.yaml").unwrap_err().to_string();
        assert!(first.contains("cannot parse template \"{{ .x\""), "{first}");
        assert_eq!(render("bad.yaml").unwrap_err().to_string(), first);
        let cache = set.tpl_cache.0.lock().unwrap();
        assert_eq!(cache.len(), 2, "{:?}", cache.keys().collect::<Vec<_>>());
    }

    /// Issue 22 B and K: `fromYaml` reads the first document only (Go's
    /// yaml.v2 `Unmarshal`), so a string ending with `---` is still a map; a
    /// repeated key keeps its last value. Expected output checked against
    /// Helm 4.2.3.
    #[test]
    fn from_yaml_keeps_the_first_document_and_the_last_duplicate_key() {
        let (out, _) = crate::gotemplate::render_alone(
            "a.yaml",
            r#"a: {{ fromYaml "x: 1\n---\n" | toJson }}
b: {{ fromYaml "x: 1\n---\nz: 2\n" | toJson }}
c: {{ fromYaml "---\nx: 1\n" | toJson }}
d: {{ fromYaml "x: 1\nx: 2\n" | toJson }}
e: {{ fromYaml "a:\n  x: 1\n  x: {z: 3}\n" | toJson }}
f: {{ fromYaml "---\n---\nx: 1\n" | toJson }}
g: {{ fromYaml "x: 1\n---\n- a\n" | toJson }}
h: {{ fromYamlArray "- 1\n---\n- 2\n" | toJson }}
j: {{ fromYaml "x: 1\n...\n" | toJson }}
k: {{ fromYaml "x: 1\n---\n[bad\n" | toJson }}
l: {{ fromYaml "x: 1\n--- # c\nz: 2\n" | toJson }}
"#,
        );
        assert_eq!(
            out.unwrap(),
            "a: {\"x\":1}\nb: {\"x\":1}\nc: {\"x\":1}\nd: {\"x\":2}\ne: {\"a\":{\"x\":{\"z\":3}}}\nf: {}\ng: {\"x\":1}\nh: [1]\nj: {\"x\":1}\nk: {\"x\":1}\nl: {\"x\":1}\n"
        );
    }

    /// A comment (and blank lines) before the first `---` is no document:
    /// `fromYaml` reads the one the marker starts. Checked against Helm 4.2.3.
    #[test]
    fn from_yaml_skips_leading_comments_before_the_first_marker() {
        let (out, _) = crate::gotemplate::render_alone(
            "a.yaml",
            r##"{{ fromYaml "# c\n---\na: 1\n" | toJson }} {{ fromYaml "\n# c\n\n--- # d\nb: 2\n" | toJson }} {{ fromYaml "# c\nc: 3\n---\nd: 4\n" | toJson }} {{ fromYamlArray "# c\n---\n- 1\n- 2\n" | toJson }}"##,
        );
        assert_eq!(out.unwrap(), r#"{"a":1} {"b":2} {"c":3} [1,2]"#);
    }
}

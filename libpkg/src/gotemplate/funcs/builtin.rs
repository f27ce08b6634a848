//! Go's builtin template functions (text/template/funcs.go): `and`, `or`,
//! `not`, `len`, `index`, `slice`, `print`, `printf`, `println`, `html`,
//! `js`, `urlquery`, `call` and the comparisons `eq ne lt le gt ge` with
//! Go's rules (same basic kind required, integers of either sign
//! comparable, nil only equal to nil).

use super::{CallResult, Param, Table};
use crate::gotemplate::fmt::{sprint, sprintf, sprintln};
use crate::gotemplate::value::{Kind, UintType, Value};

use Param::*;

pub(super) fn register(t: &mut Table) {
    // and/or are evaluated lazily by the executor; these bodies are not used.
    t.addv("and", &[Raw], Raw, |_, _, a| {
        Ok(a.into_iter().last().unwrap_or(Value::Invalid))
    });
    t.addv("or", &[Raw], Raw, |_, _, a| {
        Ok(a.into_iter().last().unwrap_or(Value::Invalid))
    });
    t.add("not", &[Raw], |_, _, a| Ok(Value::Bool(!a[0].truth())));
    t.add("len", &[Raw], |_, _, a| length(&a[0]));
    t.addv("index", &[Raw], Raw, |_, _, a| index(&a[0], &a[1..]));
    t.addv("slice", &[Raw], Raw, |_, _, a| slice(&a[0], &a[1..]));
    t.addv("print", &[], Any, |_, _, a| Ok(Value::str(sprint(&a))));
    t.addv("printf", &[Str], Any, |_, _, a| {
        Ok(Value::str(sprintf(
            a[0].as_str().unwrap_or_default(),
            &a[1..],
        )))
    });
    t.addv("println", &[], Any, |_, _, a| Ok(Value::str(sprintln(&a))));
    t.addv("html", &[], Any, |_, _, a| {
        Ok(Value::str(html_escape(&eval_args(&a))))
    });
    t.addv("js", &[], Any, |_, _, a| {
        Ok(Value::str(js_escape(&eval_args(&a))))
    });
    t.addv("urlquery", &[], Any, |_, _, a| {
        Ok(Value::str(query_escape(&eval_args(&a))))
    });
    t.addv("call", &[Raw], Raw, |_, _, a| match &a[0] {
        Value::Invalid | Value::Nil => Err("call of nil".into()),
        v => Err(format!("non-function of type {}", v.type_name()).into()),
    });
    t.addv("eq", &[Raw], Raw, |_, _, a| {
        eq(&a[0], &a[1..]).map(Value::Bool)
    });
    t.add("ne", &[Raw, Raw], |_, _, a| {
        eq(&a[0], &a[1..]).map(|b| Value::Bool(!b))
    });
    t.add("lt", &[Raw, Raw], |_, _, a| {
        lt(&a[0], &a[1]).map(Value::Bool)
    });
    t.add("le", &[Raw, Raw], |_, _, a| {
        le(&a[0], &a[1]).map(Value::Bool)
    });
    t.add("gt", &[Raw, Raw], |_, _, a| {
        le(&a[0], &a[1]).map(|b| Value::Bool(!b))
    });
    t.add("ge", &[Raw, Raw], |_, _, a| {
        lt(&a[0], &a[1]).map(|b| Value::Bool(!b))
    });
}

/// text/template's evalArgs: one string argument as it is, otherwise Sprint.
fn eval_args(a: &[Value]) -> String {
    if let [Value::Str(s)] = a {
        return s.to_string();
    }
    // Nil arguments print as Go's printableValue of an invalid value.
    let a: Vec<Value> = a
        .iter()
        .map(|v| {
            if v.is_nil() {
                Value::str("<no value>")
            } else {
                v.clone()
            }
        })
        .collect();
    sprint(&a)
}

/// Go's `template.HTMLEscapeString`.
pub(crate) fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\0' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Go's `template.JSEscapeString`.
pub(crate) fn js_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '<' => out.push_str("\\u003C"),
            '>' => out.push_str("\\u003E"),
            '&' => out.push_str("\\u0026"),
            '=' => out.push_str("\\u003D"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u00{:02X}", c as u32)),
            c if (c as u32) < 0x80 => out.push(c),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' || c == '\u{feff}' => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// Go's `url.QueryEscape`.
pub(crate) fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn length(v: &Value) -> CallResult {
    if let Some(slice) = v.host_slice() {
        return length(&slice);
    }
    Ok(Value::Int(match v {
        Value::Nil => return Err("len of nil pointer".into()),
        Value::Str(s) => s.len() as i64,
        Value::List(l, _) => l.len() as i64,
        Value::Map(m, _) => m.borrow().len() as i64,
        Value::Object(o) if o.map_len().is_some() => o.map_len().unwrap_or_default() as i64,
        Value::Invalid => return Err("len of type <nil>".into()),
        v => return Err(format!("len of type {}", v.type_name()).into()),
    }))
}

fn index_arg(i: &Value, cap: usize) -> Result<usize, String> {
    let x = match i {
        Value::Int(n) | Value::Int64(n) => *n,
        Value::Uint(n, _) => *n as i64,
        Value::Invalid | Value::Nil => return Err("cannot index slice/array with nil".into()),
        v => {
            return Err(format!(
                "cannot index slice/array with type {}",
                v.type_name()
            ));
        }
    };
    if x < 0 || x as u64 > cap as u64 {
        return Err(format!("index out of range: {x}"));
    }
    Ok(x as usize)
}

fn index(item: &Value, indexes: &[Value]) -> CallResult {
    if item.is_nil() {
        return Err("index of untyped nil".into());
    }
    let mut item = item.host_slice().unwrap_or_else(|| item.clone());
    for i in indexes {
        item = match &item {
            Value::Invalid | Value::Nil => return Err("index of nil pointer".into()),
            Value::List(l, _) => {
                let x = index_arg(i, l.len())?;
                if x == l.len() {
                    return Err(format!("index out of range: {x}").into());
                }
                l[x].clone()
            }
            Value::Str(s) => {
                let x = index_arg(i, s.len())?;
                if x == s.len() {
                    return Err(format!("index out of range: {x}").into());
                }
                Value::Uint(u64::from(s.as_bytes()[x]), UintType::Uint8)
            }
            Value::Map(m, e) => {
                let key = match i {
                    Value::Str(k) => k.to_string(),
                    Value::Invalid | Value::Nil => {
                        // A nil key converts to the zero string? No: Go requires assignability.
                        return Err("value is nil; should be of type string".into());
                    }
                    v => {
                        return Err(
                            format!("value has type {}; should be string", v.type_name()).into(),
                        );
                    }
                };
                let found = m.borrow().get(&key).cloned();
                found.unwrap_or(match e {
                    crate::gotemplate::value::Elem::Any
                    | crate::gotemplate::value::Elem::NilAny
                    | crate::gotemplate::value::Elem::Uint8 => Value::Nil,
                    crate::gotemplate::value::Elem::Str => Value::str(""),
                    crate::gotemplate::value::Elem::Int => Value::Int(0),
                })
            }
            Value::Object(o) if o.map_entries().is_some() => {
                let Value::Str(key) = i else {
                    return Err(
                        format!("value has type {}; should be string", i.type_name()).into(),
                    );
                };
                o.map_entries()
                    .unwrap_or_default()
                    .into_iter()
                    .find(|(k, _)| k.as_str() == &**key)
                    .map_or_else(|| Value::bytes(&[]), |(_, v)| Value::from_data(&v))
            }
            v => return Err(format!("can't index item of type {}", v.type_name()).into()),
        };
    }
    Ok(item)
}

fn slice(item: &Value, indexes: &[Value]) -> CallResult {
    if item.is_nil() {
        return Err("slice of untyped nil".into());
    }
    if indexes.len() > 3 {
        return Err(format!("too many slice indexes: {}", indexes.len()).into());
    }
    let len = match item {
        Value::Str(s) => {
            if indexes.len() == 3 {
                return Err("cannot 3-index slice a string".into());
            }
            s.len()
        }
        Value::List(l, _) => l.len(),
        v => return Err(format!("can't slice item of type {}", v.type_name()).into()),
    };
    let mut idx = [0, len, len];
    for (k, i) in indexes.iter().enumerate() {
        idx[k] = index_arg(i, len)?;
    }
    if idx[0] > idx[1] {
        return Err(format!("invalid slice index: {} > {}", idx[0], idx[1]).into());
    }
    if indexes.len() == 3 && idx[1] > idx[2] {
        return Err(format!("invalid slice index: {} > {}", idx[1], idx[2]).into());
    }
    Ok(match item {
        Value::Str(s) => match s.get(idx[0]..idx[1]) {
            Some(sub) => Value::str(sub),
            None => Value::str(crate::gotemplate::value::go_lossy(
                &s.as_bytes()[idx[0]..idx[1]],
            )),
        },
        Value::List(l, e) => Value::List(std::rc::Rc::new(l[idx[0]..idx[1]].to_vec()), *e),
        _ => unreachable!(),
    })
}

fn indirect(v: &Value) -> &Value {
    v
}

fn bad_comparison() -> super::CallError {
    "incompatible types for comparison".into()
}

/// Go's `eq`: true when `a` equals any of `bs`.
pub(crate) fn eq(a: &Value, bs: &[Value]) -> Result<bool, super::CallError> {
    let a = indirect(a);
    if bs.is_empty() {
        return Err("missing argument for comparison".into());
    }
    // Go's basicKind puts nil, lists and maps in one "invalid" kind.
    let kind = |v: &Value| match v.basic_kind() {
        Kind::Other => Kind::Invalid,
        k => k,
    };
    let k1 = kind(a);
    for b in bs {
        let k2 = kind(b);
        let truth = if k1 != k2 {
            match (a, b) {
                (Value::Int(x) | Value::Int64(x), Value::Uint(u, _))
                | (Value::Uint(u, _), Value::Int(x) | Value::Int64(x)) => {
                    *x >= 0 && *x as u64 == *u
                }
                _ => {
                    if !a.is_nil() && !b.is_nil() && k1 != Kind::Invalid && k2 != Kind::Invalid {
                        return Err(bad_comparison());
                    }
                    if k1 == Kind::Other || k2 == Kind::Other {
                        // One side nil, the other a list or map: compared as nil-ness.
                        if !a.is_nil() && !b.is_nil() {
                            return Err(bad_comparison());
                        }
                    }
                    if !a.is_nil() && !b.is_nil() {
                        return Err(bad_comparison());
                    }
                    false
                }
            }
        } else {
            match (a, b) {
                (Value::Bool(x), Value::Bool(y)) => x == y,
                (Value::Float(x), Value::Float(y)) => x == y,
                (Value::Int(x) | Value::Int64(x), Value::Int(y) | Value::Int64(y)) => x == y,
                (Value::Uint(x, _), Value::Uint(y, _)) => x == y,
                (Value::Str(x), Value::Str(y)) => x == y,
                (Value::Time(x), Value::Time(y)) => x == y,
                _ => {
                    // Both "invalid kind": nil, lists, maps. Go's canCompare:
                    // same reflect kind, or one side no value at all.
                    let same_kind = matches!(
                        (a, b),
                        (Value::List(..), Value::List(..))
                            | (Value::Map(..), Value::Map(..))
                            | (Value::Time(_), Value::Time(_))
                            | (Value::Object(_), Value::Object(_))
                    );
                    if !same_kind && !a.is_nil() && !b.is_nil() {
                        return Err(format!(
                            "non-comparable types {}: {}, {}: {}",
                            crate::gotemplate::fmt::value_string(a),
                            a.type_name(),
                            b.type_name(),
                            crate::gotemplate::fmt::value_string(b)
                        )
                        .into());
                    }
                    let (n1, n2) = (
                        a.is_nil() || a.is_nil_slice(),
                        b.is_nil() || b.is_nil_slice(),
                    );
                    if n1 || n2 {
                        n1 == n2
                    } else {
                        return Err(format!(
                            "non-comparable type {}: {}",
                            crate::gotemplate::fmt::value_string(b),
                            b.type_name()
                        )
                        .into());
                    }
                }
            }
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Go's `lt`.
pub(crate) fn lt(a: &Value, b: &Value) -> Result<bool, super::CallError> {
    let k1 = a.basic_kind();
    if matches!(k1, Kind::Invalid | Kind::Other) {
        return Err("invalid type for comparison".into());
    }
    let k2 = b.basic_kind();
    if matches!(k2, Kind::Invalid | Kind::Other) {
        return Err("invalid type for comparison".into());
    }
    Ok(match (a, b) {
        (Value::Int(x) | Value::Int64(x), Value::Uint(u, _)) => *x < 0 || (*x as u64) < *u,
        (Value::Uint(u, _), Value::Int(x) | Value::Int64(x)) => *x >= 0 && *u < *x as u64,
        _ if k1 != k2 => return Err(bad_comparison()),
        (Value::Bool(_), _) => return Err("invalid type for comparison".into()),
        (Value::Float(x), Value::Float(y)) => x < y,
        (Value::Int(x) | Value::Int64(x), Value::Int(y) | Value::Int64(y)) => x < y,
        (Value::Uint(x, _), Value::Uint(y, _)) => x < y,
        (Value::Str(x), Value::Str(y)) => x < y,
        _ => return Err("invalid type for comparison".into()),
    })
}

fn le(a: &Value, b: &Value) -> Result<bool, super::CallError> {
    if lt(a, b)? {
        return Ok(true);
    }
    eq(a, std::slice::from_ref(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_follow_go() {
        assert!(eq(&Value::Int(1), &[Value::Int(2), Value::Int(1)]).unwrap());
        assert!(eq(&Value::Int(1), &[Value::Float(1.0)]).is_err());
        assert!(!eq(&Value::Nil, &[Value::str("x")]).unwrap());
        assert!(eq(&Value::Invalid, &[Value::Nil]).unwrap());
        assert!(lt(&Value::str("a"), &Value::str("b")).unwrap());
        assert!(lt(&Value::Bool(true), &Value::Bool(false)).is_err());
    }

    #[test]
    fn escapers() {
        assert_eq!(
            html_escape("<a href='x'>&</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;"
        );
        assert_eq!(js_escape("a'b=<"), "a\\'b\\u003D\\u003C");
        assert_eq!(query_escape("a b&c/é"), "a+b%26c%2F%C3%A9");
    }
}

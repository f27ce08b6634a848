//! Go's `fmt` formatting of template values: `print`, `println`, `printf`
//! and the `%v` form used whenever a template prints a value.
//!
//! The rules mirrored here are those of Go's `fmt` package (print.go,
//! format.go) and `strconv` for floats: `%v` of a float64 is the shortest
//! representation with an exponent from 1e+21 down... more precisely when the
//! decimal exponent is below -4 or at least 6 for the shortest form (so
//! `1.5e+06`); maps print as `map[k:v]` in key order, lists as `[a b]`, nil as
//! `<nil>`; a verb that does not fit its operand prints `%!d(string=x)`;
//! missing and extra operands print `%!d(MISSING)` and `%!(EXTRA type=value)`.

use super::value::Value;

/// Formatting flags and sizes of one verb.
#[derive(Clone, Copy, Default)]
struct Spec {
    /// `%#v`: Go syntax.
    sharp_v: bool,
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Go's `fmt.Sprint`: operands joined, with a space between two operands
/// when neither is a string.
pub(crate) fn sprint(args: &[Value]) -> String {
    let mut out = String::new();
    let mut prev_string = false;
    for (i, a) in args.iter().enumerate() {
        let is_string = matches!(a, Value::Str(_));
        if i > 0 && !is_string && !prev_string {
            out.push(' ');
        }
        out.push_str(&format_value(a, 'v', &Spec::default()));
        prev_string = is_string;
    }
    out
}

/// Go's `fmt.Sprintln`: operands separated by spaces, then a newline.
pub(crate) fn sprintln(args: &[Value]) -> String {
    let mut out = args
        .iter()
        .map(|a| format_value(a, 'v', &Spec::default()))
        .collect::<Vec<_>>()
        .join(" ");
    out.push('\n');
    out
}

/// `%v` of one value.
pub(crate) fn value_string(v: &Value) -> String {
    format_value(v, 'v', &Spec::default())
}

/// Go's `fmt.Sprintf`.
pub(crate) fn sprintf(format: &str, args: &[Value]) -> String {
    let mut out = String::new();
    let b = format.as_bytes();
    let mut i = 0;
    let mut argn = 0usize;
    let mut reordered = false;
    while i < b.len() {
        // Copy text up to the next '%'.
        let start = i;
        while i < b.len() && b[i] != b'%' {
            i += 1;
        }
        out.push_str(&format[start..i]);
        if i >= b.len() {
            break;
        }
        i += 1; // skip '%'
        let mut spec = Spec::default();
        // Flags.
        while i < b.len() {
            match b[i] {
                b'#' => spec.sharp = true,
                b'0' => spec.zero = !spec.minus,
                b'+' => spec.plus = true,
                b'-' => {
                    spec.minus = true;
                    spec.zero = false;
                }
                b' ' => spec.space = true,
                _ => break,
            }
            i += 1;
        }
        // Argument index, width.
        let (ni, ok) = arg_number(b, &mut i, args.len(), argn);
        if ok {
            argn = ni;
            reordered = true;
        } else if ni == usize::MAX {
            // bad index syntax handled below via BADINDEX
        }
        let mut bad_index = ni == usize::MAX;
        if i < b.len() && b[i] == b'*' {
            i += 1;
            match args.get(argn) {
                Some(Value::Int(n)) | Some(Value::Int64(n))
                    if n.unsigned_abs() <= TOO_LARGE as u64 =>
                {
                    let n = *n;
                    if n < 0 {
                        spec.minus = true;
                        spec.zero = false;
                    }
                    spec.width = Some(n.unsigned_abs() as usize);
                }
                _ => out.push_str("%!(BADWIDTH)"),
            }
            argn += 1;
        } else if let Some(n) = parse_num(b, &mut i) {
            spec.width = Some(n);
        }
        // Precision.
        if i < b.len() && b[i] == b'.' {
            i += 1;
            let (ni, ok) = arg_number(b, &mut i, args.len(), argn);
            if ok {
                argn = ni;
                reordered = true;
            }
            bad_index |= ni == usize::MAX;
            if i < b.len() && b[i] == b'*' {
                i += 1;
                match args.get(argn) {
                    Some(Value::Int(n)) | Some(Value::Int64(n))
                        if *n >= 0 && *n as u64 <= TOO_LARGE as u64 =>
                    {
                        spec.prec = Some(*n as usize)
                    }
                    _ => out.push_str("%!(BADPREC)"),
                }
                argn += 1;
            } else {
                spec.prec = Some(parse_num(b, &mut i).unwrap_or(0));
            }
        }
        let (ni, ok) = arg_number(b, &mut i, args.len(), argn);
        if ok {
            argn = ni;
            reordered = true;
        }
        bad_index |= ni == usize::MAX;
        if i >= b.len() {
            out.push_str("%!(NOVERB)");
            break;
        }
        let verb = format[i..].chars().next().unwrap_or('?');
        i += verb.len_utf8();
        if verb == '%' {
            out.push('%');
            continue;
        }
        if bad_index {
            out.push_str(&format!("%!{verb}(BADINDEX)"));
            continue;
        }
        if verb == 'v' {
            spec.sharp_v = spec.sharp;
            spec.sharp = false;
            spec.plus = false;
        }
        match args.get(argn) {
            None => out.push_str(&format!("%!{verb}(MISSING)")),
            Some(a) => {
                argn += 1;
                out.push_str(&format_value(a, verb, &spec));
            }
        }
    }
    if !reordered && argn < args.len() {
        out.push_str("%!(EXTRA ");
        let extra: Vec<String> = args[argn..]
            .iter()
            .map(|a| match a {
                Value::Invalid | Value::Nil => "<nil>".to_string(),
                a => format!("{}={}", a.type_name(), value_string(a)),
            })
            .collect();
        out.push_str(&extra.join(", "));
        out.push(')');
    }
    out
}

/// Parses `[n]` at `i`: `(index, true)` when present and valid, `(MAX,
/// false)` when malformed, `(current, false)` when absent.
fn arg_number(b: &[u8], i: &mut usize, nargs: usize, current: usize) -> (usize, bool) {
    if *i >= b.len() || b[*i] != b'[' {
        return (current, false);
    }
    let mut j = *i + 1;
    let start = j;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    if j >= b.len() || b[j] != b']' || j == start {
        // Go skips to the closing bracket and reports a bad index.
        while j < b.len() && b[j] != b']' {
            j += 1;
        }
        *i = (j + 1).min(b.len());
        return (usize::MAX, false);
    }
    let n: usize = std::str::from_utf8(&b[start..j])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    *i = j + 1;
    if n == 0 || n > nargs {
        return (usize::MAX, false);
    }
    (n - 1, true)
}

/// Go's `parsenum`: a width or precision; a number grown past [`TOO_LARGE`]
/// before its last digit is no number, and ends the format (`%!(NOVERB)`).
fn parse_num(b: &[u8], i: &mut usize) -> Option<usize> {
    let mut num: usize = 0;
    let mut found = false;
    while *i < b.len() && b[*i].is_ascii_digit() {
        if num > TOO_LARGE {
            *i = b.len();
            return None;
        }
        num = num * 10 + usize::from(b[*i] - b'0');
        found = true;
        *i += 1;
    }
    found.then_some(num)
}

/// Go's `tooLarge` bound on widths and precisions (so a format cannot ask
/// for a gigabyte of padding).
const TOO_LARGE: usize = 1_000_000;

/// Pads to the width with spaces (or zeros when asked and allowed).
fn pad(s: String, spec: &Spec, zero_ok: bool) -> String {
    let Some(w) = spec.width else { return s };
    let n = s.chars().count();
    if n >= w {
        return s;
    }
    let fill = w - n;
    if spec.minus {
        format!("{s}{}", " ".repeat(fill))
    } else if spec.zero && zero_ok {
        format!("{}{s}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

/// Go's badVerb: the operand is printed with `%v` and the same flags.
fn bad_verb(v: &Value, verb: char, spec: &Spec) -> String {
    match v {
        Value::Invalid | Value::Nil => format!("%!{verb}(<nil>)"),
        v => format!("%!{verb}({}={})", v.type_name(), format_value(v, 'v', spec)),
    }
}

/// Go syntax (`%#v`) of a value.
fn go_syntax(v: &Value, top: bool, depth: usize) -> String {
    if depth > MAX_PRINT_DEPTH {
        return "...".into();
    }
    match v {
        Value::Invalid | Value::Nil => {
            if top {
                "<nil>".into()
            } else {
                "interface {}(nil)".into()
            }
        }
        Value::Time(t) => t.go_string(),
        Value::Object(o) => o.display(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) | Value::Int64(i) => i.to_string(),
        Value::Uint(u, _) => format!("0x{u:x}"),
        Value::Float(f) => float_string(*f),
        Value::Str(s) => go_quote(s, false),
        Value::List(_, crate::gotemplate::value::Elem::NilAny) => "[]interface {}(nil)".into(),
        Value::List(l, _) => format!(
            "{}{{{}}}",
            v.type_name(),
            l.iter()
                .map(|e| go_syntax(e, false, depth + 1))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Map(m, _) => format!(
            "{}{{{}}}",
            v.type_name(),
            m.borrow()
                .iter()
                .map(|(k, e)| format!("{}:{}", go_quote(k, false), go_syntax(e, false, depth + 1)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Formats one operand with one verb.
fn format_value(v: &Value, verb: char, spec: &Spec) -> String {
    format_nested(v, verb, spec, 0)
}

/// Go would crash on a self-containing map (`set $d "k" $d`); this prints
/// `...` past this depth instead.
const MAX_PRINT_DEPTH: usize = 1000;

fn format_nested(v: &Value, verb: char, spec: &Spec, depth: usize) -> String {
    if depth > MAX_PRINT_DEPTH {
        return "...".into();
    }
    if verb == 'T' {
        return pad(v.type_name(), spec, false);
    }
    if verb == 'v' && spec.sharp_v {
        return pad(go_syntax(v, true, depth), spec, false);
    }
    match v {
        Value::Invalid | Value::Nil => match verb {
            'v' => pad("<nil>".into(), spec, false),
            _ => bad_verb(v, verb, spec),
        },
        Value::Time(t) => match verb {
            // time.Time is a fmt.Stringer.
            'v' | 's' | 'q' | 'x' | 'X' => fmt_str(&t.go_string(), verb, spec).unwrap_or_default(),
            _ => bad_verb(v, verb, spec),
        },
        Value::Object(o) => match verb {
            'v' | 's' | 'q' | 'x' | 'X' => fmt_str(&o.display(), verb, spec).unwrap_or_default(),
            _ => bad_verb(v, verb, spec),
        },
        Value::Bool(b) => match verb {
            't' | 'v' => pad(b.to_string(), spec, false),
            _ => bad_verb(v, verb, spec),
        },
        Value::Int(n) | Value::Int64(n) => {
            fmt_int(*n as i128, verb, spec).unwrap_or_else(|| bad_verb(v, verb, spec))
        }
        Value::Uint(n, _) => {
            fmt_int(*n as i128, verb, spec).unwrap_or_else(|| bad_verb(v, verb, spec))
        }
        Value::Float(f) => fmt_float(*f, verb, spec).unwrap_or_else(|| bad_verb(v, verb, spec)),
        Value::Str(s) => fmt_str(s, verb, spec).unwrap_or_else(|| bad_verb(v, verb, spec)),
        // fmt prints a []byte as text for the string verbs.
        Value::List(_, crate::gotemplate::value::Elem::Uint8)
            if matches!(verb, 's' | 'q' | 'x' | 'X') =>
        {
            let text = String::from_utf8_lossy(&v.as_bytes().unwrap_or_default()).into_owned();
            fmt_str(&text, verb, spec).unwrap_or_else(|| bad_verb(v, verb, spec))
        }
        Value::List(items, _) => {
            let inner: Vec<String> = items
                .iter()
                .map(|e| format_elem(e, verb, spec, depth + 1))
                .collect();
            format!("[{}]", inner.join(" "))
        }
        Value::Map(m, _) => {
            let inner: Vec<String> = m
                .borrow()
                .iter()
                .map(|(k, e)| {
                    format!(
                        "{}:{}",
                        format_value(&Value::str(k.as_str()), verb, spec),
                        format_elem(e, verb, spec, depth + 1)
                    )
                })
                .collect();
            format!("map[{}]", inner.join(" "))
        }
    }
}

/// An element of a list or map: nil interfaces print `<nil>` whatever the verb.
fn format_elem(v: &Value, verb: char, spec: &Spec, depth: usize) -> String {
    match v {
        Value::Invalid | Value::Nil => pad("<nil>".into(), spec, false),
        v => format_nested(v, verb, spec, depth),
    }
}

fn fmt_str(s: &str, verb: char, spec: &Spec) -> Option<String> {
    let truncated = |s: &str| -> String {
        match spec.prec {
            Some(p) => s.chars().take(p).collect(),
            None => s.to_string(),
        }
    };
    Some(match verb {
        'v' | 's' => pad(truncated(s), spec, true),
        'q' => {
            let s = truncated(s);
            let q = if spec.sharp
                && !s.contains('`')
                && s.chars().all(|c| c == '\t' || !c.is_control())
            {
                format!("`{s}`")
            } else {
                go_quote(&s, spec.plus)
            };
            pad(q, spec, true)
        }
        'x' | 'X' => {
            let bytes = truncated_bytes(s, spec.prec);
            let mut out = String::new();
            for (i, byte) in bytes.iter().enumerate() {
                if spec.space && i > 0 {
                    out.push(' ');
                }
                if spec.sharp && (spec.space || i == 0) {
                    out.push_str(if verb == 'x' { "0x" } else { "0X" });
                }
                if verb == 'x' {
                    out.push_str(&format!("{byte:02x}"));
                } else {
                    out.push_str(&format!("{byte:02X}"));
                }
            }
            pad(out, spec, true)
        }
        _ => return None,
    })
}

fn truncated_bytes(s: &str, prec: Option<usize>) -> Vec<u8> {
    match prec {
        Some(p) => s.as_bytes()[..p.min(s.len())].to_vec(),
        None => s.as_bytes().to_vec(),
    }
}

/// Go's `strconv.Quote` (or `QuoteToASCII` when `ascii`).
pub(crate) fn go_quote(s: &str, ascii: bool) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if ascii && (c as u32) > 0x7e || (!ascii && !is_go_printable(c)) => {
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", c as u32))
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32))
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An approximation of Go's `strconv.IsPrint` for characters above ASCII.
fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    if u < 0x7f {
        return u >= 0x20;
    }
    !(c.is_control()
        || (0x80..0xa0).contains(&u)
        || u == 0xad
        || (0xfff9..=0xfffb).contains(&u)
        || (0x2028..=0x2029).contains(&u)
        || (0x200b..=0x200f).contains(&u)
        || (0x202a..=0x202e).contains(&u)
        || (0x2060..=0x206f).contains(&u)
        || u == 0xfeff
        || (0xe000..=0xf8ff).contains(&u)
        || (0xd800..=0xdfff).contains(&u))
}

fn fmt_int(n: i128, verb: char, spec: &Spec) -> Option<String> {
    let neg = n < 0;
    let a = n.unsigned_abs();
    let digits = match verb {
        'v' | 'd' => a.to_string(),
        'b' => format!("{a:b}"),
        'o' | 'O' => format!("{a:o}"),
        'x' => format!("{a:x}"),
        'X' => format!("{a:X}"),
        'c' => {
            return Some(pad(
                char::from_u32(n as u32).unwrap_or('\u{fffd}').to_string(),
                spec,
                false,
            ));
        }
        'q' => {
            let c = char::from_u32(n as u32).unwrap_or('\u{fffd}');
            let q = go_quote(&c.to_string(), spec.plus);
            let inner = &q[1..q.len() - 1];
            let inner = if c == '"' {
                "\"".to_string()
            } else if c == '\'' {
                "\\'".to_string()
            } else {
                inner.to_string()
            };
            return Some(pad(format!("'{inner}'"), spec, false));
        }
        'U' => {
            let mut s = format!("U+{:04X}", a);
            if spec.sharp
                && let Some(c) = char::from_u32(n as u32).filter(|c| is_go_printable(*c))
            {
                s.push_str(&format!(" '{c}'"));
            }
            return Some(pad(s, spec, false));
        }
        _ => return None,
    };
    let mut digits = digits;
    if let Some(p) = spec.prec {
        if p == 0 && a == 0 {
            digits.clear();
        } else if digits.len() < p {
            digits = format!("{}{digits}", "0".repeat(p - digits.len()));
        }
    }
    let prefix = match verb {
        'b' if spec.sharp => "0b",
        'o' if spec.sharp && !digits.starts_with('0') => "0",
        'O' => "0o",
        'x' if spec.sharp => "0x",
        'X' if spec.sharp => "0X",
        _ => "",
    };
    let sign = if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    // Zero padding goes between the sign and the digits, unless a precision is given.
    if spec.zero
        && !spec.minus
        && spec.prec.is_none()
        && let Some(w) = spec.width
    {
        let len = sign.len() + prefix.len() + digits.len();
        if len < w {
            digits = format!("{}{digits}", "0".repeat(w - len));
        }
    }
    Some(pad(format!("{sign}{prefix}{digits}"), spec, false))
}

/// Decimal digits of `f` (no leading zeros, no trailing zeros) and the
/// decimal point position, shortest or rounded to `sig` significant digits.
fn decimal_digits(f: f64, sig: Option<usize>) -> (String, i32) {
    if f == 0.0 {
        return (String::new(), 0);
    }
    let s = match sig {
        None => format!("{:e}", f.abs()),
        // A float64 has at most 767 significant decimal digits, so rounding to
        // more changes nothing (and Rust's format precision stops at 65535).
        Some(p) => format!("{:.*e}", p.clamp(1, 800) - 1, f.abs()),
    };
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: String = mant.chars().filter(|c| *c != '.').collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    if digits == "0" {
        return (String::new(), 0);
    }
    (digits, exp + 1)
}

fn fmt_e(digits: &str, dp: i32, prec: usize, upper: bool) -> String {
    let b = digits.as_bytes();
    let mut out = String::new();
    out.push(if b.is_empty() { '0' } else { b[0] as char });
    if prec > 0 {
        out.push('.');
        for i in 1..=prec {
            out.push(if i < b.len() { b[i] as char } else { '0' });
        }
    }
    out.push(if upper { 'E' } else { 'e' });
    let exp = if b.is_empty() { 0 } else { dp - 1 };
    out.push(if exp < 0 { '-' } else { '+' });
    let e = exp.unsigned_abs();
    if e < 10 {
        out.push('0');
    }
    out.push_str(&e.to_string());
    out
}

fn fmt_f(digits: &str, dp: i32, prec: usize) -> String {
    let b = digits.as_bytes();
    let mut out = String::new();
    if dp > 0 {
        for i in 0..dp as usize {
            out.push(if i < b.len() { b[i] as char } else { '0' });
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 1..=prec as i32 {
            let j = dp + i - 1;
            out.push(if j >= 0 && (j as usize) < b.len() {
                b[j as usize] as char
            } else {
                '0'
            });
        }
    }
    out
}

/// `f` with `prec` decimals, exactly. A float64 has at most 1074 decimals, so
/// beyond 1100 the digits are zeros (and Rust's format precision stops at 65535).
fn fixed(f: f64, prec: usize) -> String {
    const EXACT: usize = 1100;
    let mut text = format!("{:.*}", prec.min(EXACT), f);
    text.extend(std::iter::repeat_n('0', prec.saturating_sub(EXACT)));
    text
}

/// strconv.FormatFloat(f, 'g', prec, 64) without the sign.
fn format_g(f: f64, prec: Option<usize>, upper: bool) -> String {
    let (digits, dp) = decimal_digits(f, prec);
    let nd = digits.len() as i32;
    let shortest = prec.is_none();
    let mut p = match prec {
        None => nd,
        Some(0) => 1,
        Some(p) => p as i32,
    };
    let mut eprec = p;
    if eprec > nd && nd >= dp {
        eprec = nd;
    }
    if shortest {
        eprec = 6;
    }
    let exp = dp - 1;
    if exp < -4 || exp >= eprec {
        if p > nd {
            p = nd;
        }
        return fmt_e(&digits, dp, (p - 1).max(0) as usize, upper);
    }
    if p > dp {
        p = nd;
    }
    fmt_f(&digits, dp, (p - dp).max(0) as usize)
}

/// Go's formatting of a float64 with verb `v`, `g`, `e`, `f`…
fn fmt_float(f: f64, verb: char, spec: &Spec) -> Option<String> {
    let body = if f.is_nan() {
        "NaN".to_string()
    } else if f.is_infinite() {
        "Inf".to_string()
    } else {
        match verb {
            'v' | 'g' => format_g(f, spec.prec, false),
            'G' => format_g(f, spec.prec, true),
            'e' | 'E' => {
                let p = spec.prec.unwrap_or(6);
                let (digits, dp) = decimal_digits(f, Some(p + 1));
                fmt_e(&digits, dp, p, verb == 'E')
            }
            'f' | 'F' => fixed(f.abs(), spec.prec.unwrap_or(6)),
            'x' | 'X' => hex_float(f.abs(), spec.prec, verb == 'X'),
            _ => return None,
        }
    };
    let neg = f.is_sign_negative() && !f.is_nan();
    let sign = if neg {
        "-"
    } else if spec.plus || (f.is_infinite()) {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    if !f.is_finite() {
        return Some(pad(format!("{sign}{body}"), spec, false));
    }
    if spec.zero
        && !spec.minus
        && let Some(w) = spec.width
    {
        let len = sign.len() + body.len();
        if len < w {
            return Some(format!("{sign}{}{body}", "0".repeat(w - len)));
        }
    }
    Some(pad(format!("{sign}{body}"), spec, false))
}

/// strconv's 'x' format of a non-negative float: `0x1.8p+01`.
fn hex_float(f: f64, prec: Option<usize>, upper: bool) -> String {
    let bits = f.to_bits();
    let mut exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = bits & ((1u64 << 52) - 1);
    if exp == 0 && mant == 0 {
        exp = 0;
    } else if exp == 0 {
        // Subnormal: normalize.
        exp = -1022;
        while mant & (1u64 << 52) == 0 {
            mant <<= 1;
            exp -= 1;
        }
        mant &= (1u64 << 52) - 1;
    } else {
        exp -= 1023;
    }
    let mut lead = u64::from(f != 0.0);
    let mut digits: Vec<u8> = (0..13)
        .map(|i| ((mant >> (48 - 4 * i)) & 0xf) as u8)
        .collect();
    if let Some(p) = prec {
        if p < 13 {
            // Round half to even at p hex digits.
            let full = (lead << 52) | mant;
            let shift = 52 - 4 * p as u32;
            let mut q = full >> shift;
            let rem = full & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            if rem > half || (rem == half && q & 1 == 1) {
                q += 1;
            }
            let mut q = q << shift;
            if q >> 53 != 0 {
                q >>= 1;
                exp += 1;
            }
            lead = q >> 52;
            let m = q & ((1u64 << 52) - 1);
            digits = (0..p).map(|i| ((m >> (48 - 4 * i)) & 0xf) as u8).collect();
        } else {
            digits.resize(p, 0);
        }
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
        }
    }
    let hexd = |d: u8| -> char {
        let c = std::char::from_digit(d as u32, 16).unwrap_or('0');
        if upper { c.to_ascii_uppercase() } else { c }
    };
    let mut out = String::from(if upper { "0X" } else { "0x" });
    out.push(hexd(lead as u8));
    if !digits.is_empty() {
        out.push('.');
        for d in digits {
            out.push(hexd(d));
        }
    }
    out.push(if upper { 'P' } else { 'p' });
    out.push(if exp < 0 { '-' } else { '+' });
    out.push_str(&format!("{:02}", exp.abs()));
    out
}

/// `%v` of a float64 (Go's strconv 'g' shortest form).
pub(crate) fn float_string(f: f64) -> String {
    fmt_float(f, 'v', &Spec::default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(format: &str, args: Vec<Value>) -> String {
        sprintf(format, &args)
    }

    #[test]
    fn floats_print_like_go() {
        assert_eq!(float_string(1.5e6), "1.5e+06");
        assert_eq!(float_string(100000.0), "100000");
        assert_eq!(float_string(1e21), "1e+21");
        assert_eq!(float_string(0.0001), "0.0001");
        assert_eq!(float_string(0.00001), "1e-05");
        assert_eq!(float_string(3.0), "3");
        assert_eq!(float_string(-2.5), "-2.5");
        assert_eq!(float_string(0.0), "0");
        assert_eq!(
            f(
                "%.2f|%e|%g|%.3g|%8.3f|%-8.1f|",
                vec![
                    Value::Float(2.71928),
                    Value::Float(1234.5678),
                    Value::Float(0.000012345),
                    Value::Float(1234.0),
                    Value::Float(2.0),
                    Value::Float(2.0)
                ]
            ),
            "2.72|1.234568e+03|1.2345e-05|1.23e+03|   2.000|2.0     |"
        );
    }

    #[test]
    fn collections_and_nil_print_like_go() {
        let m = Value::from_json(&serde_json::json!({"b": [1, "x", null], "a": {"c": true}}));
        assert_eq!(value_string(&m), "map[a:map[c:true] b:[1 x <nil>]]");
        assert_eq!(value_string(&Value::Nil), "<nil>");
    }

    #[test]
    fn bad_verbs_missing_and_extra_operands() {
        assert_eq!(f("%d", vec![Value::Float(8080.0)]), "%!d(float64=8080)");
        assert_eq!(f("%s %s", vec![Value::str("a")]), "a %!s(MISSING)");
        assert_eq!(
            f("%s", vec![Value::str("a"), Value::Int(1)]),
            "a%!(EXTRA int=1)"
        );
        assert_eq!(
            f(
                "%05d|%-4d|%x|%q|%5s|%.2s|%T",
                vec![
                    Value::Int(42),
                    Value::Int(7),
                    Value::Int(255),
                    Value::str("a\"b"),
                    Value::str("ab"),
                    Value::str("abc"),
                    Value::Int(1)
                ]
            ),
            "00042|7   |ff|\"a\\\"b\"|   ab|ab|int"
        );
    }
}

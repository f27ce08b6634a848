//! Go's encoders as Helm's template functions use them: `encoding/json`
//! (`toJson`, sorted keys, HTML characters escaped, Go's float syntax) and
//! sigs.k8s.io/yaml over gopkg.in/yaml.v2 (`toYaml`): keys in yaml.v2's
//! natural order, strings quoted only when YAML 1.1 would read them as
//! something else, `|-` blocks for multi-line strings, long lines folded at
//! 80 columns, sequences inside mappings not indented.

use super::fmt::float_string;
use super::value::Value;

/// Go's encoding/json float syntax.
pub(crate) fn json_float(f: f64) -> Option<String> {
    if !f.is_finite() {
        return None;
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let s = format!("{f:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        let sign = if e < 0 { '-' } else { '+' };
        let ea = e.unsigned_abs();
        // Go writes at least two exponent digits, then json trims "e-0X" to "e-X".
        if e < 0 && ea < 10 {
            return Some(format!("{m}e-{ea}"));
        }
        return Some(format!("{m}e{sign}{ea:02}"));
    }
    Some(format!("{f}"))
}

/// Go's encoding/json string escaping.
pub(crate) fn json_string(s: &str, escape_html: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' if escape_html => out.push_str(&format!("\\u{:04x}", c as u32)),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Go's `json.Marshal` (`indent`: `json.MarshalIndent` with that unit).
/// `None` when Go's encoder fails (NaN, infinities).
pub(crate) fn to_json(v: &Value, escape_html: bool, indent: Option<&str>) -> Option<String> {
    let mut out = String::new();
    write_json(v, escape_html, indent, 0, &mut out)?;
    Some(out)
}

fn newline(out: &mut String, indent: Option<&str>, depth: usize) {
    if let Some(unit) = indent {
        out.push('\n');
        for _ in 0..depth {
            out.push_str(unit);
        }
    }
}

fn write_json(
    v: &Value,
    html: bool,
    indent: Option<&str>,
    depth: usize,
    out: &mut String,
) -> Option<()> {
    match v {
        Value::Invalid | Value::Nil => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) | Value::Int64(i) => out.push_str(&i.to_string()),
        Value::Uint(u, _) => out.push_str(&u.to_string()),
        Value::Float(f) => out.push_str(&json_float(*f)?),
        Value::Str(s) => json_string(s, html, out),
        Value::Time(t) => json_string(&t.rfc3339(), html, out),
        Value::Object(o) => write_json(&Value::from_json(&o.json()), html, indent, depth + 1, out)?,
        Value::List(_, crate::gotemplate::value::Elem::NilAny) => out.push_str("null"),
        // encoding/json writes a []byte as base64.
        Value::List(_, crate::gotemplate::value::Elem::Uint8) => {
            json_string(&base64_of(v), html, out)
        }
        Value::List(l, _) => {
            out.push('[');
            for (i, e) in l.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write_json(e, html, indent, depth + 1, out)?;
            }
            if !l.is_empty() {
                newline(out, indent, depth);
            }
            out.push(']');
        }
        Value::Map(m, _) => {
            out.push('{');
            let m = m.borrow();
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                json_string(k, html, out);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_json(e, html, indent, depth + 1, out)?;
            }
            if !m.is_empty() {
                newline(out, indent, depth);
            }
            out.push('}');
        }
    }
    Some(())
}

/// A node of the YAML document yaml.v2 re-reads from the JSON.
enum Y {
    Null,
    Plain(String),
    Str(String),
    Seq(Vec<Y>),
    Map(Vec<(String, Y)>),
}

/// How deep a value may nest before the encoders give up (as Go's
/// encoding/json does on a cycle).
const MAX_DEPTH: usize = 1000;

fn to_y(v: &Value) -> Option<Y> {
    to_y_at(v, 0)
}

fn to_y_at(v: &Value, depth: usize) -> Option<Y> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match v {
        Value::Invalid | Value::Nil => Y::Null,
        Value::Bool(b) => Y::Plain(b.to_string()),
        Value::Int(i) | Value::Int64(i) => Y::Plain(i.to_string()),
        Value::Uint(u, _) => Y::Plain(u.to_string()),
        Value::Float(f) => {
            // sigs.k8s.io/yaml writes JSON and reads it back with yaml.v2:
            // an integer it can hold (int64 or uint64) stays one, any other
            // number is a float64, written in strconv's 'g' form (1e+20).
            let j = json_float(*f)?;
            if j.contains(['.', 'e', 'E'])
                || (j.parse::<i64>().is_err() && j.parse::<u64>().is_err())
            {
                Y::Plain(float_string(*f))
            } else {
                Y::Plain(j)
            }
        }
        Value::Str(s) => Y::Str(s.to_string()),
        Value::Time(t) => Y::Str(t.rfc3339()),
        Value::Object(o) => to_y_at(&Value::from_json(&o.json()), depth + 1)?,
        Value::List(_, crate::gotemplate::value::Elem::NilAny) => Y::Null,
        // sigs.k8s.io/yaml goes through encoding/json: base64.
        Value::List(_, crate::gotemplate::value::Elem::Uint8) => Y::Str(base64_of(v)),
        Value::List(l, _) => Y::Seq(
            l.iter()
                .map(|e| to_y_at(e, depth + 1))
                .collect::<Option<_>>()?,
        ),
        Value::Map(m, _) => {
            let mut entries: Vec<(String, Y)> = m
                .borrow()
                .iter()
                .map(|(k, v)| Some((k.clone(), to_y_at(v, depth + 1)?)))
                .collect::<Option<_>>()?;
            entries.sort_by(|a, b| {
                if yaml_key_less(&a.0, &b.0) {
                    std::cmp::Ordering::Less
                } else if yaml_key_less(&b.0, &a.0) {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            });
            Y::Map(entries)
        }
    })
}

/// yaml.v2's keyList.Less for two string keys.
fn yaml_key_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    let mut i = 0;
    while i < ar.len() && i < br.len() {
        if ar[i] == br[i] {
            i += 1;
            continue;
        }
        let al = ar[i].is_alphabetic();
        let bl = br[i].is_alphabetic();
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let (mut an, mut bn): (i64, i64) = (0, 0);
        if ar[i] == '0' || br[i] == '0' {
            let mut j = i as isize - 1;
            while j >= 0 && ar[j as usize].is_ascii_digit() {
                if ar[j as usize] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
                j -= 1;
            }
        }
        let mut ai = i;
        while ai < ar.len() && ar[ai].is_ascii_digit() {
            an = an.wrapping_mul(10).wrapping_add(ar[ai] as i64 - '0' as i64);
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && br[bi].is_ascii_digit() {
            bn = bn.wrapping_mul(10).wrapping_add(br[bi] as i64 - '0' as i64);
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

/// Whether yaml.v2 would read the plain scalar `s` as a string.
fn resolves_to_str(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return false; // "" is null
    };
    const SPECIAL: &[&str] = &[
        "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
        "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "~", "null", "Null", "NULL",
        ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
        "-.Inf", "-.INF", "<<",
    ];
    match first {
        'y' | 'Y' | 'n' | 'N' | 't' | 'T' | 'f' | 'F' | 'o' | 'O' | '~' | '<' => {
            !SPECIAL.contains(&s)
        }
        '.' => !SPECIAL.contains(&s) && s.parse::<f64>().is_err() || s == ".",
        '0'..='9' | '-' | '+' => {
            if SPECIAL.contains(&s) {
                return false;
            }
            if first.is_ascii_digit() && is_timestamp(s) {
                return false;
            }
            let plain = s.replace('_', "");
            if go_parse_int(&plain) || yaml_style_float(&plain) {
                return false;
            }
            let (neg, body) = match plain.strip_prefix('-') {
                Some(b) => (true, b),
                None => (false, plain.strip_prefix('+').unwrap_or(&plain)),
            };
            let _ = neg;
            if let Some(bin) = body.strip_prefix("0b")
                && !bin.is_empty()
                && bin.chars().all(|c| c == '0' || c == '1')
            {
                return false;
            }
            true
        }
        _ => true,
    }
}

fn go_parse_int(s: &str) -> bool {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    let lower = body.to_ascii_lowercase();
    let (digits, radix) = if let Some(r) = lower.strip_prefix("0x") {
        (r.to_string(), 16)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (r.to_string(), 8)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (r.to_string(), 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (lower[1..].to_string(), 8)
    } else {
        (lower.clone(), 10)
    };
    !digits.is_empty()
        && digits.chars().all(|c| c.is_digit(radix))
        && u64::from_str_radix(&digits, radix).is_ok()
}

fn yaml_style_float(s: &str) -> bool {
    // ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - s
    };
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    // 2006-1-2, optionally followed by [Tt ]15:4:5[.frac][zone].
    let rest = &s[5..];
    let mut parts = rest.splitn(3, '-');
    let Some(month) = parts.next() else {
        return false;
    };
    let Some(tail) = parts.next() else {
        return false;
    };
    if parts.next().is_some() {
        return false;
    }
    let day_len = tail.bytes().take_while(u8::is_ascii_digit).count();
    let (day, time) = tail.split_at(day_len);
    let num_ok = |x: &str, max: u32| {
        !x.is_empty() && x.len() <= 2 && x.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n))
    };
    if !num_ok(month, 12) || !num_ok(day, 31) {
        return false;
    }
    if time.is_empty() {
        return true;
    }
    let Some(t) = time.strip_prefix(['T', 't', ' ']) else {
        return false;
    };
    let hms: Vec<&str> = t.splitn(3, ':').collect();
    if hms.len() != 3 {
        return false;
    }
    let sec_len = hms[2].bytes().take_while(u8::is_ascii_digit).count();
    let ok = |x: &str, max: u32| {
        !x.is_empty() && x.len() <= 2 && x.parse::<u32>().is_ok_and(|n| n <= max)
    };
    if !ok(hms[0], 23) || !ok(hms[1], 59) || !ok(&hms[2][..sec_len], 59) {
        return false;
    }
    let mut zone = &hms[2][sec_len..];
    if let Some(frac) = zone.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        zone = &frac[n..];
    }
    if time.starts_with(' ') {
        return zone.is_empty();
    }
    zone == "Z"
        || (zone.len() == 6
            && (zone.starts_with('+') || zone.starts_with('-'))
            && zone.as_bytes()[3] == b':')
}

fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !(b[0] == b'+' || b[0] == b'-' || b[0].is_ascii_digit()) || !s.contains(':')
    {
        return false;
    }
    // ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
    let mut i = usize::from(b[0] == b'+' || b[0] == b'-');
    if i >= b.len() || !b[i].is_ascii_digit() {
        return false;
    }
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while i < b.len() && b[i] == b':' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 2 {
            i += 1;
        }
        let g = &s[start..i];
        let valid = match g.len() {
            1 => true,
            2 => g.as_bytes()[0] <= b'5',
            _ => false,
        };
        if !valid {
            return false;
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

fn printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0a
        || (0x20..=0x7e).contains(&u)
        || (0xa0..=0xd7ff).contains(&u)
        || ((0xe000..=0xfffd).contains(&u) && u != 0xfeff)
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

#[derive(Clone, Copy, PartialEq)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

struct Analysis {
    multiline: bool,
    block_plain: bool,
    single: bool,
    block: bool,
}

fn analyze(v: &str) -> Analysis {
    if v.is_empty() {
        return Analysis {
            multiline: false,
            block_plain: true,
            single: true,
            block: false,
        };
    }
    let c: Vec<char> = v.chars().collect();
    let mut block_ind = v.starts_with("---") || v.starts_with("...");
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let mut preceded_ws = true;
    let n = c.len();
    for i in 0..n {
        let ch = c[i];
        let followed_ws = i + 1 >= n || c[i + 1] == ' ' || c[i + 1] == '\t';
        if i == 0 {
            match ch {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_ind = true,
                '?' | ':' | '-' if followed_ws => block_ind = true,
                _ => {}
            }
        } else {
            match ch {
                ':' if followed_ws => block_ind = true,
                '#' if preceded_ws => block_ind = true,
                _ => {}
            }
        }
        if !printable(ch) {
            special = true;
        }
        if ch == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i + 1 == n {
                trailing_space = true;
            }
            if prev_break {
                break_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(ch) {
            line_breaks = true;
            if i == 0 {
                leading_break = true;
            }
            if i + 1 == n {
                trailing_break = true;
            }
            if prev_space {
                space_break = true;
            }
            prev_space = false;
            prev_break = true;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_ws = ch == ' ' || ch == '\t' || is_break(ch);
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain: true,
        single: true,
        block: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.block_plain = false;
        a.single = false;
    }
    if space_break || special {
        a.block_plain = false;
        a.single = false;
        a.block = false;
    }
    if line_breaks || block_ind {
        a.block_plain = false;
    }
    a
}

/// The yaml.v2 emitter's state while writing block YAML.
struct Emitter {
    out: String,
    column: usize,
    indent: usize,
    whitespace: bool,
    indention: bool,
}

const BEST_WIDTH: usize = 80;

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        if !self.indention
            || self.column > self.indent
            || (self.column == self.indent && !self.whitespace)
        {
            self.put_break();
        }
        while self.column < self.indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn indicator(&mut self, s: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in s.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
    }

    fn scalar(&mut self, s: &str, quoted_required: bool, simple_key: bool) {
        let a = analyze(s);
        let mut style = if s.contains('\n') {
            Style::Literal
        } else if !quoted_required {
            Style::Plain
        } else {
            Style::Double
        };
        if simple_key && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain && (!a.block_plain || (s.is_empty() && simple_key)) {
            style = Style::Single;
        }
        if style == Style::Single && !a.single {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block || simple_key) {
            style = Style::Double;
        }
        let allow_breaks = !simple_key;
        match style {
            Style::Plain => self.plain(s, allow_breaks),
            Style::Single => self.single(s, allow_breaks),
            Style::Double => self.double(s, allow_breaks),
            Style::Literal => self.literal(s),
        }
    }

    fn plain(&mut self, v: &str, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let c: Vec<char> = v.chars().collect();
        let mut spaces = false;
        for i in 0..c.len() {
            if c[i] == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && !(i + 1 < c.len() && c[i + 1] == ' ')
                {
                    self.write_indent();
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else {
                self.put(c[i]);
                self.indention = false;
                spaces = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn single(&mut self, v: &str, allow_breaks: bool) {
        self.indicator("'", true, false, false);
        let c: Vec<char> = v.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for i in 0..c.len() {
            if c[i] == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i < c.len() - 1
                    && c[i + 1] != ' '
                {
                    self.write_indent();
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else if is_break(c[i]) {
                if !breaks && c[i] == '\n' {
                    self.put_break();
                }
                self.put_break();
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c[i] == '\'' {
                    self.put('\'');
                }
                self.put(c[i]);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn double(&mut self, v: &str, allow_breaks: bool) {
        self.indicator("\"", true, false, false);
        let c: Vec<char> = v.chars().collect();
        let mut spaces = false;
        for i in 0..c.len() {
            let ch = c[i];
            if !printable(ch) || ch == '\u{feff}' || is_break(ch) || ch == '"' || ch == '\\' {
                self.put('\\');
                match ch {
                    '\0' => self.put('0'),
                    '\x07' => self.put('a'),
                    '\x08' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\x0b' => self.put('v'),
                    '\x0c' => self.put('f'),
                    '\r' => self.put('r'),
                    '\x1b' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    ch => {
                        let u = ch as u32;
                        let s = if u <= 0xff {
                            format!("x{u:02X}")
                        } else if u <= 0xffff {
                            format!("u{u:04X}")
                        } else {
                            format!("U{u:08X}")
                        };
                        for x in s.chars() {
                            self.put(x);
                        }
                    }
                }
                spaces = false;
            } else if ch == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i > 0 && i < c.len() - 1 {
                    self.write_indent();
                    if c[i + 1] == ' ' {
                        self.put('\\');
                    }
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else {
                self.put(ch);
                spaces = false;
            }
        }
        self.indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, v: &str) {
        self.indicator("|", true, false, false);
        let c: Vec<char> = v.chars().collect();
        if c.first() == Some(&' ') || c.first().is_some_and(|c| is_break(*c)) {
            self.indicator("2", false, false, false);
        }
        let chomp = match c.last() {
            None => Some('-'),
            Some(l) if !is_break(*l) => Some('-'),
            Some(_) if c.len() == 1 => Some('+'),
            Some(_) if is_break(c[c.len() - 2]) => Some('+'),
            Some(_) => None,
        };
        if let Some(h) = chomp {
            self.indicator(&h.to_string(), false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &ch in &c {
            if is_break(ch) {
                self.put_break();
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(ch);
                self.indention = false;
                breaks = false;
            }
        }
    }

    /// A node at `indent` (its container's indent); `mapping_value`: the node
    /// is the value of a mapping key.
    fn node(&mut self, y: &Y, parent_indent: Option<usize>, mapping_value: bool) {
        match y {
            Y::Null => self.scalar_node("null", false, parent_indent),
            Y::Plain(s) => self.scalar_node(s, false, parent_indent),
            Y::Str(s) => {
                let quoted = !resolves_to_str(s) || is_base60_float(s);
                self.scalar_node(s, quoted, parent_indent)
            }
            Y::Seq(items) if items.is_empty() => self.indicator("[]", true, false, false),
            Y::Map(items) if items.is_empty() => self.indicator("{}", true, false, false),
            Y::Seq(items) => {
                let saved = self.indent;
                // Sequences that are mapping values are not indented.
                self.indent = match parent_indent {
                    None => 0,
                    Some(p) if mapping_value && !self.indention => p,
                    Some(p) => p + 2,
                };
                for item in items {
                    self.write_indent();
                    self.indicator("-", true, false, true);
                    let ind = self.indent;
                    self.node(item, Some(ind), false);
                }
                self.indent = saved;
            }
            Y::Map(items) => {
                let saved = self.indent;
                self.indent = match parent_indent {
                    None => 0,
                    Some(p) => p + 2,
                };
                for (k, v) in items {
                    self.write_indent();
                    let quoted = !resolves_to_str(k) || is_base60_float(k);
                    let ind = self.indent;
                    // libyaml's check_simple_key: one line, at most 128 bytes;
                    // other keys are written as complex keys ("? key\n: value").
                    let simple = !analyze(k).multiline && k.len() <= 128;
                    self.indent = ind + 2;
                    if simple {
                        self.scalar(k, quoted, true);
                        self.indent = ind;
                        self.indicator(":", false, false, false);
                    } else {
                        self.indicator("?", true, false, true);
                        self.scalar(k, quoted, false);
                        self.indent = ind;
                        self.write_indent();
                        self.indicator(":", true, false, true);
                    }
                    self.node(v, Some(ind), true);
                }
                self.indent = saved;
            }
        }
    }

    fn scalar_node(&mut self, s: &str, quoted: bool, parent_indent: Option<usize>) {
        let saved = self.indent;
        self.indent = match parent_indent {
            None => 2,
            Some(p) => p + 2,
        };
        self.scalar(s, quoted, false);
        self.indent = saved;
    }
}

/// sigs.k8s.io/yaml's `Marshal` (yaml.v2 after a JSON round trip), with its
/// trailing newline; `None` when JSON cannot hold the value.
pub(crate) fn to_yaml(v: &Value) -> Option<String> {
    let y = to_y(v)?;
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: 0,
        whitespace: true,
        indention: true,
    };
    e.node(&y, None, false);
    if !e.out.ends_with('\n') {
        e.put_break();
    }
    Some(e.out)
}

/// BurntSushi/toml's encoder (v1.2) as Helm's `toToml` uses it: the text,
/// or the encoder's error message.
pub(crate) fn to_toml(v: &Value) -> String {
    let mut t = Toml { out: String::new() };
    match v {
        Value::Map(..) => match t.table(&[], v) {
            Ok(()) => t.out,
            Err(e) => e,
        },
        // A list is classified (which can fail) before the missing key is noticed.
        Value::List(..) => match toml_is_table(v) {
            Err(e) => e,
            Ok(_) => "toml: top-level values must be Go maps or structs".into(),
        },
        _ => "toml: top-level values must be Go maps or structs".into(),
    }
}

struct Toml {
    out: String,
}

/// TOML's classification of a value: a table, an array of tables, or a value.
fn toml_is_table(v: &Value) -> Result<bool, String> {
    Ok(match v {
        Value::Map(..) => true,
        Value::List(l, _) => {
            if l.is_empty() {
                return Ok(false);
            }
            let mut all = true;
            for e in l.iter() {
                if e.is_nil() {
                    return Err("toml: cannot encode array with nil element".into());
                }
                if !matches!(e, Value::Map(..)) {
                    all = false;
                }
            }
            all
        }
        _ => false,
    })
}

fn toml_key_part(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        toml_quoted(k)
    }
}

fn toml_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Toml {
    fn newline(&mut self) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
    }

    fn key_string(key: &[String]) -> String {
        key.iter()
            .map(|k| toml_key_part(k))
            .collect::<Vec<_>>()
            .join(".")
    }

    fn indent(key: &[String]) -> String {
        "  ".repeat(key.len().saturating_sub(1))
    }

    fn element(&mut self, v: &Value) -> Result<(), String> {
        match v {
            Value::Str(s) => self.out.push_str(&toml_quoted(s)),
            Value::Time(t) => self.out.push_str(&t.rfc3339()),
            Value::Object(o) => self.element(&Value::from_json(&o.json()))?,
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Int(i) | Value::Int64(i) => self.out.push_str(&i.to_string()),
            Value::Uint(u, _) => self.out.push_str(&u.to_string()),
            Value::Float(f) => {
                if f.is_nan() {
                    self.out.push_str("nan");
                } else if f.is_infinite() {
                    self.out.push_str(if *f < 0.0 { "-inf" } else { "+inf" });
                } else {
                    let s = format!("{f}");
                    self.out.push_str(&s);
                    if !s.contains('.') {
                        self.out.push_str(".0");
                    }
                }
            }
            Value::List(l, _) => {
                self.out.push('[');
                for (i, e) in l.iter().enumerate() {
                    self.element(e)?;
                    if i + 1 != l.len() {
                        self.out.push_str(", ");
                    }
                }
                self.out.push(']');
            }
            Value::Map(..) => self.map(&[], v, true)?,
            Value::Invalid | Value::Nil => {
                return Err("reflect: call of reflect.Value.Interface on zero Value".into());
            }
        }
        Ok(())
    }

    fn key_value(&mut self, key: &[String], v: &Value, inline: bool) -> Result<(), String> {
        let last = toml_key_part(key.last().map(String::as_str).unwrap_or(""));
        self.out
            .push_str(&format!("{}{} = ", Self::indent(key), last));
        self.element(v)?;
        if !inline {
            self.newline();
        }
        Ok(())
    }

    fn table(&mut self, key: &[String], v: &Value) -> Result<(), String> {
        if key.len() == 1 {
            self.newline();
        }
        if !key.is_empty() {
            self.out
                .push_str(&format!("{}[{}]", Self::indent(key), Self::key_string(key)));
            self.newline();
        }
        self.map(key, v, false)
    }

    fn map(&mut self, key: &[String], v: &Value, inline: bool) -> Result<(), String> {
        let Value::Map(m, _) = v else { return Ok(()) };
        let entries: Vec<(String, Value)> = m
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut direct = Vec::new();
        let mut sub = Vec::new();
        for (k, v) in entries {
            if toml_is_table(&v)? {
                sub.push((k, v));
            } else {
                direct.push((k, v));
            }
        }
        if inline {
            self.out.push('{');
        }
        let has_sub = !sub.is_empty();
        for (group, trail) in [(direct, has_sub), (sub, false)] {
            let n = group.len();
            for (i, (k, v)) in group.into_iter().enumerate() {
                if v.is_nil() {
                    continue;
                }
                let mut path = key.to_vec();
                path.push(k.clone());
                if inline {
                    self.key_value(&[k], &v, true)?;
                    if trail || i + 1 != n {
                        self.out.push_str(", ");
                    }
                } else {
                    self.encode(&path, &v)?;
                }
            }
        }
        if inline {
            self.out.push('}');
        }
        Ok(())
    }

    fn encode(&mut self, key: &[String], v: &Value) -> Result<(), String> {
        match v {
            Value::Invalid | Value::Nil => Ok(()),
            Value::Map(..) => self.table(key, v),
            Value::List(l, _) if toml_is_table(v)? => {
                for t in l.iter() {
                    self.newline();
                    self.out.push_str(&format!(
                        "{}[[{}]]",
                        Self::indent(key),
                        Self::key_string(key)
                    ));
                    self.newline();
                    self.map(key, t, false)?;
                }
                Ok(())
            }
            v => self.key_value(key, v, false),
        }
    }
}

/// The base64 text encoding/json gives a `[]byte`.
fn base64_of(v: &Value) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(v.as_bytes().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(j: serde_json::Value) -> String {
        to_yaml(&Value::from_json(&j)).unwrap()
    }

    #[test]
    fn yaml_like_yaml_v2() {
        assert_eq!(
            y(serde_json::json!({"b": [1, "x"], "a": {"c": "yes", "d": ""}, "e": [], "f": 1.5})),
            "a:\n  c: \"yes\"\n  d: \"\"\nb:\n- 1\n- x\ne: []\nf: 1.5\n"
        );
        assert_eq!(
            y(serde_json::json!([{"a": 1, "b": 2}, [3, 4]])),
            "- a: 1\n  b: 2\n- - 3\n  - 4\n"
        );
        assert_eq!(y(serde_json::json!({"s": "a\nb"})), "s: |-\n  a\n  b\n");
        assert_eq!(y(serde_json::json!("x: y")), "'x: y'\n");
        assert_eq!(
            y(serde_json::json!({"k": "1.0", "t": "2024-01-02", "n": null})),
            "k: \"1.0\"\n\"n\": null\nt: \"2024-01-02\"\n"
        );
    }

    #[test]
    fn yaml_numbers_beyond_64_bits_are_floats_as_yaml_v2_reads_them() {
        assert_eq!(
            y(
                serde_json::json!({"a": 1e20, "b": -1e20, "c": 9223372036854775807.0, "d": 1e-7, "e": 12345678901234567890.0})
            ),
            "a: 1e+20\nb: -1e+20\nc: 9223372036854776000\nd: 1e-07\ne: 12345678901234567000\n"
        );
    }

    #[test]
    fn json_like_go() {
        let v =
            Value::from_json(&serde_json::json!({"b": 1.5e6, "a": "<&>", "c": 1e21, "d": 1e-7}));
        assert_eq!(
            to_json(&v, true, None).unwrap(),
            r#"{"a":"\u003c\u0026\u003e","b":1500000,"c":1e+21,"d":1e-7}"#
        );
    }

    #[test]
    fn yaml_key_order_is_natural() {
        assert!(yaml_key_less("a9", "a10"));
        assert!(yaml_key_less("a", "b"));
        assert!(yaml_key_less("B", "a"));
    }
}

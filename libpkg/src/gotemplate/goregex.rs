//! Go's regular expressions (RE2 syntax, Go's `regexp/syntax` with Perl
//! flags, as sprig's `regexMatch`, `regexFind`, `regexReplaceAll`… compile
//! them) translated into the syntax of the `regex` crate, which reads some
//! patterns differently or not at all:
//!
//! - `\Q…\E` quotes its text literally (Rust has no such escape);
//! - inside brackets, a `-` after a class escape or a range is a literal
//!   (`[\w-\.]`), and `[`, `&&`, `--` and `~~` are plain characters (Rust
//!   nests classes and has class operators);
//! - `\d`, `\w`, `\s`, `\b` and `\B` are ASCII (Rust's are Unicode by
//!   default); `\s` is `[\t\n\f\r ]`;
//! - `\123` is an octal escape, an escaped punctuation character is itself
//!   (Rust reads `\<` and `\>` as word boundaries), `\p{^Greek}` negates;
//! - a `{` that does not start a valid repetition (`a{,5}`, `a{`) is a
//!   literal, and a repetition count above 1000 is an error;
//! - flags are `i`, `m`, `s` and `U` only (Rust's `x`, `u` and `R` are
//!   errors in Go).
//!
//! Errors read like Go's (`error parsing regexp: …`) for what the
//! translation finds; the rest are the `regex` crate's.

/// Translates a Go regular expression into the `regex` crate's syntax with
/// the same meaning; an error for a pattern Go refuses.
pub(crate) fn translate(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    let error = |what: &str, at: &[char]| {
        Err(format!(
            "error parsing regexp: {what}: `{}`",
            at.iter().collect::<String>()
        ))
    };
    // The repetition operator just written (with its `?`), if the last
    // thing written is one: Go refuses another right after it (`a**`).
    let mut last_repeat: Option<String> = None;
    while i < chars.len() {
        let c = chars[i];
        let repeat_len = match c {
            '*' | '+' | '?' => Some(1),
            '{' => match repetition(&chars[i..]) {
                Some(Ok(used)) => Some(used),
                _ => None,
            },
            _ => None,
        };
        if let Some(len) = repeat_len {
            let lazy = usize::from(chars.get(i + len) == Some(&'?'));
            let operator: String = chars[i..i + len + lazy].iter().collect();
            if let Some(previous) = last_repeat.take() {
                return Err(format!(
                    "error parsing regexp: invalid nested repetition operator: `{previous}{operator}`"
                ));
            }
            out.push_str(&operator);
            i += len + lazy;
            last_repeat = Some(operator);
            continue;
        }
        last_repeat = None;
        match c {
            '\\' => {
                let Some(&e) = chars.get(i + 1) else {
                    return error("trailing backslash at end of expression", &[]);
                };
                match e {
                    'Q' => {
                        // Literal text up to `\E` (or the end).
                        let rest: String = chars[i + 2..].iter().collect();
                        let (quoted, after) = match rest.find("\\E") {
                            Some(end) => (&rest[..end], end + 2),
                            None => (rest.as_str(), rest.len()),
                        };
                        for q in quoted.chars() {
                            push_literal(&mut out, q);
                        }
                        i += 2 + rest[..after].chars().count();
                        continue;
                    }
                    'd' => out.push_str("[0-9]"),
                    'D' => out.push_str("[^0-9]"),
                    'w' => out.push_str("[0-9A-Za-z_]"),
                    'W' => out.push_str("[^0-9A-Za-z_]"),
                    's' => out.push_str(r"[\t\n\f\r ]"),
                    'S' => out.push_str(r"[^\t\n\f\r ]"),
                    'b' => out.push_str(r"(?-u:\b)"),
                    'B' => out.push_str(r"(?-u:\B)"),
                    'p' | 'P' => {
                        let (class, used) = unicode_class(&chars[i..])
                            .ok_or_else(|| invalid_escape(&chars[i..]))?;
                        out.push_str(&class);
                        i += used;
                        continue;
                    }
                    _ => {
                        let (ch, used) = escaped_char(&chars[i..])?;
                        match ch {
                            Escaped::Char(ch) => push_literal(&mut out, ch),
                            Escaped::Assertion(text) => out.push_str(text),
                        }
                        i += used;
                        continue;
                    }
                }
                i += 2;
            }
            '[' => {
                let used = translate_class(&chars[i..], &mut out)?;
                i += used;
            }
            '(' if chars.get(i + 1) == Some(&'?') => {
                let used = group_start(&chars[i..], &mut out)?;
                i += used;
            }
            '{' => match repetition(&chars[i..]) {
                Some(Err(())) => {
                    let end = chars[i..]
                        .iter()
                        .position(|&c| c == '}')
                        .map_or(chars.len(), |p| i + p + 1);
                    return error("invalid repeat count", &chars[i..end]);
                }
                // (A valid repetition was written above.)
                Some(Ok(_)) | None => {
                    out.push_str(r"\{");
                    i += 1;
                }
            },
            '}' => {
                out.push_str(r"\}");
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// What a backslash escape outside brackets stands for.
enum Escaped {
    /// A character.
    Char(char),
    /// An assertion, already in Rust's syntax (`\A`, `\z`).
    Assertion(&'static str),
}

/// Go's "invalid escape sequence" error for the escape at the start of `at`.
fn invalid_escape(at: &[char]) -> String {
    let shown: String = at.iter().take(2).collect();
    format!("error parsing regexp: invalid escape sequence: `{shown}`")
}

/// Go's parseEscape for what is neither a class nor `\Q`: the escape at the
/// start of `at` (a backslash) and the characters it takes.
fn escaped_char(at: &[char]) -> Result<(Escaped, usize), String> {
    let e = at[1];
    let ch = match e {
        'A' => return Ok((Escaped::Assertion(r"\A"), 2)),
        'z' => return Ok((Escaped::Assertion(r"\z"), 2)),
        'a' => '\x07',
        'f' => '\x0c',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'v' => '\x0b',
        '1'..='7' if !at.get(2).is_some_and(|c| ('0'..='7').contains(c)) => {
            // A single digit is a backreference, which RE2 does not support.
            return Err(invalid_escape(at));
        }
        '0'..='7' => {
            // Up to three octal digits.
            let mut value = 0u32;
            let mut used = 1;
            while used < 4 && at.get(used).is_some_and(|c| ('0'..='7').contains(c)) {
                value = value * 8 + at[used].to_digit(8).unwrap_or(0);
                used += 1;
            }
            let ch = char::from_u32(value).ok_or_else(|| invalid_escape(at))?;
            return Ok((Escaped::Char(ch), used));
        }
        'x' => {
            let (value, used) = hex_escape(at).ok_or_else(|| invalid_escape(at))?;
            let ch = char::from_u32(value).ok_or_else(|| invalid_escape(at))?;
            return Ok((Escaped::Char(ch), used));
        }
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => c,
        _ => return Err(invalid_escape(at)),
    };
    Ok((Escaped::Char(ch), 2))
}

/// `\xHH` or `\x{H…}` at the start of `at`: its value and length.
fn hex_escape(at: &[char]) -> Option<(u32, usize)> {
    if at.get(2) == Some(&'{') {
        let end = at.iter().position(|&c| c == '}')?;
        let digits: String = at[3..end].iter().collect();
        if digits.is_empty() {
            return None;
        }
        let value = u32::from_str_radix(&digits, 16).ok()?;
        (value <= 0x10FFFF).then_some((value, end + 1))
    } else {
        let digits: String = at.get(2..4)?.iter().collect();
        let value = u32::from_str_radix(&digits, 16).ok()?;
        digits
            .chars()
            .all(|c| c.is_ascii_hexdigit())
            .then_some((value, 4))
    }
}

/// `\pL`, `\p{Greek}`, `\p{^Greek}` (negated) and their `\P` forms at the
/// start of `at`: the class in Rust's syntax and its length.
fn unicode_class(at: &[char]) -> Option<(String, usize)> {
    let mut negated = at[1] == 'P';
    let (mut name, used) = if at.get(2) == Some(&'{') {
        let end = at.iter().position(|&c| c == '}')?;
        (at[3..end].iter().collect::<String>(), end + 1)
    } else {
        (at.get(2)?.to_string(), 3)
    };
    if let Some(rest) = name.strip_prefix('^') {
        negated = !negated;
        name = rest.to_string();
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((
        format!(r"\{}{{{name}}}", if negated { 'P' } else { 'p' }),
        used,
    ))
}

/// A character as a literal in Rust's syntax, outside brackets or in them.
fn push_literal(out: &mut String, c: char) {
    if c.is_alphanumeric() || c == '_' || (!c.is_ascii() && !c.is_control() && !c.is_whitespace()) {
        out.push(c);
    } else {
        out.push_str(&format!(r"\x{{{:X}}}", u32::from(c)));
    }
}

/// A bracketed class at the start of `at` (Go's parseClass), written in
/// Rust's syntax: its items, each literal escaped. Returns its length.
fn translate_class(at: &[char], out: &mut String) -> Result<usize, String> {
    let missing = || {
        Err(format!(
            "error parsing regexp: missing closing ]: `{}`",
            at.iter().collect::<String>()
        ))
    };
    let mut i = 1;
    out.push('[');
    if at.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&c) = at.get(i) else {
            return missing();
        };
        if c == ']' && !first {
            break;
        }
        first = false;
        // A POSIX class: [:alpha:] or [:^alpha:].
        if c == '['
            && at.get(i + 1) == Some(&':')
            && let Some(end) =
                (i + 2..at.len().saturating_sub(1)).find(|&j| at[j] == ':' && at[j + 1] == ']')
        {
            let name: String = at[i + 2..end].iter().collect();
            let bare = name.strip_prefix('^').unwrap_or(&name);
            if !POSIX_CLASSES.contains(&bare) {
                return Err(format!(
                    "error parsing regexp: invalid character class range: `{}`",
                    at[i..end + 2].iter().collect::<String>()
                ));
            }
            out.push_str(&format!("[:{name}:]"));
            i = end + 2;
            continue;
        }
        if c == '\\' {
            let Some(&e) = at.get(i + 1) else {
                return missing();
            };
            let class = match e {
                'd' => Some("0-9"),
                'D' => Some("[^0-9]"),
                'w' => Some("0-9A-Za-z_"),
                'W' => Some("[^0-9A-Za-z_]"),
                's' => Some(r"\t\n\f\r "),
                'S' => Some(r"[^\t\n\f\r ]"),
                _ => None,
            };
            if let Some(class) = class {
                out.push_str(class);
                i += 2;
                continue;
            }
            if e == 'p' || e == 'P' {
                let (class, used) =
                    unicode_class(&at[i..]).ok_or_else(|| invalid_escape(&at[i..]))?;
                out.push_str(&class);
                i += used;
                continue;
            }
        }
        // A character, or a range of two.
        let (lo, used) = class_char(&at[i..])?;
        i += used;
        let mut hi = lo;
        if at.get(i) == Some(&'-') && at.get(i + 1).is_some_and(|&c| c != ']') {
            let (h, used) = class_char(&at[i + 1..])?;
            if h < lo {
                return Err(format!(
                    "error parsing regexp: invalid character class range: `{}`",
                    at[i - used.min(i)..i + 1 + used].iter().collect::<String>()
                ));
            }
            hi = h;
            i += 1 + used;
        }
        push_literal(out, lo);
        if hi != lo {
            out.push('-');
            push_literal(out, hi);
        }
    }
    out.push(']');
    Ok(i + 1)
}

/// The POSIX classes Go knows (`[:alpha:]`), all of which Rust knows too.
const POSIX_CLASSES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// One character of a class (Go's parseClassChar): a literal or an escape.
fn class_char(at: &[char]) -> Result<(char, usize), String> {
    if at[0] != '\\' {
        return Ok((at[0], 1));
    }
    if at.len() < 2 {
        return Err("error parsing regexp: trailing backslash at end of expression: ``".into());
    }
    match escaped_char(at)? {
        (Escaped::Char(c), used) => Ok((c, used)),
        (Escaped::Assertion(_), _) => Err(invalid_escape(at)),
    }
}

/// `(?` at the start of `at`: a named group (`(?P<name>`, `(?<name>`),
/// or flags (`(?i)`, `(?i-s:`) of Go's set. Writes it; returns its length.
fn group_start(at: &[char], out: &mut String) -> Result<usize, String> {
    let text: String = at.iter().collect();
    if text.starts_with("(?P<")
        || (text.starts_with("(?<") && !text.starts_with("(?<=") && !text.starts_with("(?<!"))
    {
        let end = text
            .find('>')
            .ok_or_else(|| format!("error parsing regexp: invalid named capture: `{text}`"))?;
        out.push_str(&text[..=end]);
        return Ok(text[..=end].chars().count());
    }
    // Flags up to `)` or `:`.
    let mut used = 2;
    let mut negated = false;
    let mut any = false;
    while let Some(&c) = at.get(used) {
        match c {
            'i' | 'm' | 's' | 'U' => any = true,
            '-' if !negated => {
                negated = true;
                any = false;
            }
            ')' if !any && !negated => {
                // `(?)`: no flags, as Go allows; Rust wants at least one.
                out.push_str("(?:)");
                return Ok(used + 1);
            }
            ')' | ':' if any || !negated => {
                out.extend(&at[..=used]);
                return Ok(used + 1);
            }
            _ => break,
        }
        used += 1;
    }
    let shown: String = at[..(used + 1).min(at.len())].iter().collect();
    Err(format!(
        "error parsing regexp: invalid or unsupported Perl syntax: `{shown}`"
    ))
}

/// Whether a `{` at the start of `at` starts a repetition Go accepts
/// (`{n}`, `{n,}`, `{n,m}`): `Some(Ok(length))`, `Some(Err(()))` for a count
/// above 1000 or `m < n`, `None` when it is a literal `{`.
fn repetition(at: &[char]) -> Option<Result<usize, ()>> {
    let end = at.iter().position(|&c| c == '}')?;
    let inner: String = at[1..end].iter().collect();
    let number = |s: &str| -> Option<u64> {
        // Go reads `{01}` as literal text: no leading zeros.
        if s.is_empty()
            || !s.chars().all(|c| c.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return None;
        }
        Some(s.parse().unwrap_or(u64::MAX))
    };
    let (min, max) = match inner.split_once(',') {
        None => {
            let n = number(&inner)?;
            (n, Some(n))
        }
        Some((lo, "")) => (number(lo)?, None),
        Some((lo, hi)) => (number(lo)?, Some(number(hi)?)),
    };
    if min > 1000 || max.is_some_and(|m| m > 1000 || m < min) {
        return Some(Err(()));
    }
    Some(Ok(end + 1))
}

#[cfg(test)]
mod tests {
    use super::translate;

    fn matches(pattern: &str, text: &str) -> bool {
        regex::Regex::new(&translate(pattern).unwrap())
            .unwrap()
            .is_match(text)
    }

    fn find<'a>(pattern: &str, text: &'a str) -> Option<&'a str> {
        regex::Regex::new(&translate(pattern).unwrap())
            .unwrap()
            .find(text)
            .map(|m| m.as_str())
    }

    /// What Go's regexp does with each, checked against Helm 4.2.3's sprig.
    #[test]
    fn go_syntax_reads_as_go_reads_it() {
        assert!(matches(r"^[\w-\.]+$", "my-master.1"));
        assert_eq!(find(r"[\w-\.]+", "a.b-c d"), Some("a.b-c"));
        assert_eq!(find(r"[\d-\s]+", "x1-2 3x"), Some("1-2 3"));
        assert_eq!(find(r"[a-c-e]+", "zb-ez"), Some("b-e"));
        assert!(matches(r"\Qa.b\E", "a.b") && !matches(r"^\Qa.b\E$", "axb"));
        assert!(matches(r"^\Q(x\E", "(x"));
        assert!(matches(r"^[[:alpha:]]+$", "abc"));
        assert!(matches(r"(?i)^MY", "mymaster"));
        assert!(matches(r"^[a[b]+$", "a[b"));
        assert!(matches(r"^[a&&b]+$", "&&ab"));
        assert!(matches(r"^[a~~b]+$", "a~b") && matches(r"^[--/]+$", "-./"));
        assert!(matches(r"^\<a\>$", "<a>"));
        assert!(matches(r"^\101\x42\x{43}$", "ABC"));
        assert!(matches(r"^a{,2}$", "a{,2}"));
        assert!(matches(r"^a{2}$", "aa"));
        assert!(matches(r"^\p{^Greek}$", "a") && !matches(r"^\p{^Greek}$", "α"));
        // ASCII classes and boundaries.
        assert!(!matches(r"^\w$", "é") && !matches(r"^\d$", "٣"));
        assert!(!matches(r"^\s$", "\u{a0}") && !matches(r"^\s$", "\x0b"));
        assert!(!matches(r"é\b", "é") && matches(r"a\b", "a"));
        assert!(matches(r"^a{01}$", "a{01}") && matches(r"^(?)a$", "a"));
        assert_eq!(find(r"x*?y", "xxy"), Some("xxy"));
        assert_eq!(find(r"a{1,2}?", "aa"), Some("a"));
        for bad in [
            r"a(",
            r"[b--]",
            r"\1",
            r"(?x)a",
            r"a{1001}",
            r"[z-a]",
            r"\e",
            r"[[:foo:]]",
            r"a**",
            r"a{2}{3}",
            r"a*?+",
        ] {
            assert!(
                translate(bad).is_err() || regex::Regex::new(&translate(bad).unwrap()).is_err(),
                "{bad}"
            );
        }
    }
}

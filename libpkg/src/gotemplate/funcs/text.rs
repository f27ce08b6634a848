//! sprig's text helpers that come from other Go libraries, ported rule for
//! rule: huandu/xstrings' `camelcase`, `snakecase` and `kebabcase`,
//! goutils' `wrap`/`wrapWith`, and Go's `time.Duration` printing and
//! parsing behind `duration` and `durationRound`.

/// xstrings' isConnector.
fn is_connector(r: char) -> bool {
    r == '-' || r == '_' || r.is_whitespace()
}

/// Go's unicode.IsPunct, exact for ASCII (symbols such as `$+<=>^|~` are not
/// punctuation), approximate elsewhere.
fn is_punct(r: char) -> bool {
    if r.is_ascii() {
        return "!\"#%&'()*,-./:;?@[\\]_{}".contains(r);
    }
    matches!(r, '¡' | '§' | '«' | '¶' | '·' | '»' | '¿' | '‐'..='‧' | '‰'..='⁞' | '、'..='〃' | '〈'..='】')
}

/// xstrings' isAlphabet: letters other than CJK ideographs.
fn is_alphabet(r: char) -> bool {
    if !r.is_alphabetic() {
        return false;
    }
    let u = r as u32;
    !((0x3400..=0x4DBF).contains(&u)
        || (0x4E00..=0x9FFF).contains(&u)
        || (0xF900..=0xFAFF).contains(&u)
        || (0x20000..=0x2FA1F).contains(&u))
}

fn to_upper(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

fn to_lower(c: char) -> char {
    let mut u = c.to_lowercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

/// xstrings.ToCamelCase.
pub(crate) fn camel_case(s: &str) -> String {
    let cs: Vec<char> = s.chars().collect();
    if cs.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let mut i = 0;
    let mut r0 = '\0';
    while i < cs.len() {
        r0 = cs[i];
        i += 1;
        if !is_connector(r0) {
            r0 = to_upper(r0);
            break;
        }
        out.push(r0);
    }
    if i >= cs.len() {
        // Go writes the last rune again even when the loop above wrote it
        // (a string of connectors only: "__" becomes "___").
        out.push(r0);
        return out;
    }
    while i < cs.len() {
        let r1 = r0;
        r0 = cs[i];
        i += 1;
        if is_connector(r0) && is_connector(r1) {
            out.push(r1);
            continue;
        }
        if is_connector(r1) {
            r0 = to_upper(r0);
        } else {
            r0 = to_lower(r0);
            out.push(r1);
        }
    }
    out.push(r0);
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Word {
    Invalid,
    Number,
    Upper,
    Alphabet,
    Connector,
    Punct,
    Other,
}

/// xstrings' nextWord over chars: (type, word, rest).
fn next_word(s: &[char]) -> (Word, &[char], &[char]) {
    if s.is_empty() {
        return (Word::Invalid, s, s);
    }
    let r = s[0];
    let mut off = 1;
    let wt;
    if is_connector(r) {
        wt = Word::Connector;
        while off < s.len() && is_connector(s[off]) {
            off += 1;
        }
    } else if is_punct(r) {
        wt = Word::Punct;
        while off < s.len() && is_punct(s[off]) {
            off += 1;
        }
    } else if r.is_uppercase() {
        wt = Word::Upper;
        if off < s.len() {
            let r2 = s[off];
            if r2.is_uppercase() {
                off += 1;
                while off < s.len() && s[off].is_uppercase() {
                    off += 1;
                }
                // "HTTPServer": the last capital starts the next word.
                if off < s.len() && is_alphabet(s[off]) {
                    off -= 1;
                }
            } else if is_alphabet(r2) {
                off += 1;
                while off < s.len() && is_alphabet(s[off]) && !s[off].is_uppercase() {
                    off += 1;
                }
            }
        }
    } else if is_alphabet(r) {
        wt = Word::Alphabet;
        while off < s.len() && is_alphabet(s[off]) && !s[off].is_uppercase() {
            off += 1;
        }
    } else if r.is_numeric() {
        wt = Word::Number;
        while off < s.len() && s[off].is_numeric() {
            off += 1;
        }
    } else {
        wt = Word::Other;
        while off < s.len() {
            let c = s[off];
            if is_connector(c) || is_alphabet(c) || c.is_numeric() || is_punct(c) {
                break;
            }
            off += 1;
        }
    }
    (wt, &s[..off], &s[off..])
}

fn lower_word(out: &mut String, wt: Word, w: &[char], connector: char) {
    if wt != Word::Upper && wt != Word::Connector {
        out.extend(w.iter());
        return;
    }
    for &c in w {
        if is_connector(c) {
            out.push(connector);
        } else if c.is_uppercase() {
            out.push(to_lower(c));
        } else {
            out.push(c);
        }
    }
}

/// xstrings' camelCaseToLowerCase (`snakecase` with `_`, `kebabcase` with `-`).
pub(crate) fn lower_case_words(s: &str, connector: char) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let (mut wt, mut word, mut rest) = next_word(&chars);
    while !rest.is_empty() {
        if wt != Word::Connector {
            lower_word(&mut out, wt, word, connector);
        }
        let prev = wt;
        let last = word;
        (wt, word, rest) = next_word(rest);
        match prev {
            Word::Number => {
                while wt == Word::Alphabet || wt == Word::Number {
                    lower_word(&mut out, wt, word, connector);
                    (wt, word, rest) = next_word(rest);
                }
                if wt != Word::Invalid && wt != Word::Punct && wt != Word::Connector {
                    out.push(connector);
                }
            }
            Word::Connector => lower_word(&mut out, prev, last, connector),
            Word::Punct => {}
            _ => {
                if wt != Word::Number {
                    if wt != Word::Connector && wt != Word::Punct {
                        out.push(connector);
                    }
                    continue;
                }
                if rest.is_empty() {
                    continue;
                }
                let last = word;
                (wt, word, rest) = next_word(rest);
                if wt != Word::Alphabet {
                    lower_word(&mut out, Word::Number, last, connector);
                    if wt != Word::Connector && wt != Word::Punct {
                        out.push(connector);
                    }
                    continue;
                }
                out.push(connector);
                lower_word(&mut out, Word::Number, last, connector);
                while wt == Word::Alphabet || wt == Word::Number {
                    lower_word(&mut out, wt, word, connector);
                    (wt, word, rest) = next_word(rest);
                }
                if wt != Word::Invalid && wt != Word::Connector && wt != Word::Punct {
                    out.push(connector);
                }
            }
        }
    }
    lower_word(&mut out, wt, word, connector);
    out
}

/// goutils.WrapCustom (byte offsets, as in Go).
pub(crate) fn wrap_custom(s: &str, width: i64, newline: &str, wrap_long: bool) -> String {
    if s.is_empty() {
        return String::new();
    }
    let newline = if newline.is_empty() { "\n" } else { newline };
    let width = width.max(1) as usize;
    let b = s.as_bytes();
    let n = b.len();
    let mut off = 0;
    let mut out: Vec<u8> = Vec::new();
    while n - off > width {
        if b[off] == b' ' {
            off += 1;
            continue;
        }
        let end = (width + off + 1).min(n);
        let space = b[off..end].iter().rposition(|&c| c == b' ');
        match space {
            Some(sp) if off + sp >= off => {
                let at = off + sp;
                out.extend_from_slice(&b[off..at]);
                out.extend_from_slice(newline.as_bytes());
                off = at + 1;
            }
            _ => {
                if wrap_long {
                    let end = width + off;
                    out.extend_from_slice(&b[off..end]);
                    out.extend_from_slice(newline.as_bytes());
                    off += width;
                } else {
                    let end = width + off;
                    match b[end..].iter().position(|&c| c == b' ') {
                        None => {
                            out.extend_from_slice(&b[off..]);
                            off = n;
                        }
                        Some(i) => {
                            let at = i + end;
                            out.extend_from_slice(&b[off..at]);
                            out.extend_from_slice(newline.as_bytes());
                            off = at + 1;
                        }
                    }
                }
            }
        }
    }
    out.extend_from_slice(&b[off..]);
    crate::gotemplate::value::go_lossy(&out)
}

/// Go's time.Duration.String of `d` nanoseconds.
pub(crate) fn duration_string(d: i64) -> String {
    if d == 0 {
        return "0s".into();
    }
    let neg = d < 0;
    let u = d.unsigned_abs();
    let mut out = String::new();
    if u < 1_000_000_000 {
        // Fractions of a second: ns, µs or ms.
        let (unit, scale) = if u < 1_000 {
            ("ns", 1u64)
        } else if u < 1_000_000 {
            ("µs", 1_000)
        } else {
            ("ms", 1_000_000)
        };
        out.push_str(&frac_string(u, scale));
        out.push_str(unit);
    } else {
        let secs = u / 1_000_000_000;
        let nanos = u % 1_000_000_000;
        let h = secs / 3600;
        let m = (secs / 60) % 60;
        let sec = secs % 60;
        if h > 0 {
            out.push_str(&format!("{h}h"));
        }
        if h > 0 || m > 0 {
            out.push_str(&format!("{m}m"));
        }
        out.push_str(&frac_string(sec * 1_000_000_000 + nanos, 1_000_000_000));
        out.push('s');
    }
    if neg { format!("-{out}") } else { out }
}

fn frac_string(v: u64, scale: u64) -> String {
    let int = v / scale;
    let frac = v % scale;
    if frac == 0 {
        return int.to_string();
    }
    let digits = scale.to_string().len() - 1;
    let f = format!("{frac:0digits$}");
    format!("{int}.{}", f.trim_end_matches('0'))
}

/// Go's time.ParseDuration, in nanoseconds.
pub(crate) fn parse_duration(s: &str) -> Option<i64> {
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: f64 = 0.0;
    let mut exact: i128 = 0;
    while !rest.is_empty() {
        let int_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let int_part = &rest[..int_len];
        rest = &rest[int_len..];
        let mut frac_part = "";
        if let Some(r) = rest.strip_prefix('.') {
            let fl = r.bytes().take_while(u8::is_ascii_digit).count();
            frac_part = &r[..fl];
            rest = &r[fl..];
        }
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        let unit_len = rest
            .bytes()
            .take_while(|b| !b.is_ascii_digit() && *b != b'.')
            .count();
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return None,
        };
        let iv: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().ok()?
        };
        exact += iv * scale;
        if !frac_part.is_empty() {
            let fv: f64 = format!("0.{frac_part}").parse().ok()?;
            total += fv * scale as f64;
        }
        if exact > i64::MAX as i128 {
            return None;
        }
    }
    let v = exact + total as i128;
    if v > i64::MAX as i128 {
        return None;
    }
    Some(if neg { -(v as i64) } else { v as i64 })
}

/// sprig's durationRound of `d` nanoseconds.
pub(crate) fn duration_round(d: i64) -> String {
    let u = d.unsigned_abs();
    let hour: u64 = 3_600_000_000_000;
    let (year, month, day, minute, second) = (
        hour * 24 * 365,
        hour * 24 * 30,
        hour * 24,
        60_000_000_000u64,
        1_000_000_000u64,
    );
    if u > year {
        format!("{}y", u / year)
    } else if u > month {
        format!("{}mo", u / month)
    } else if u > day {
        format!("{}d", u / day)
    } else if u > hour {
        format!("{}h", u / hour)
    } else if u > minute {
        format!("{}m", u / minute)
    } else if u > second {
        format!("{}s", u / second)
    } else {
        "0s".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_like_xstrings() {
        assert_eq!(camel_case("http_server"), "HttpServer");
        assert_eq!(camel_case("_my_field"), "_MyField");
        assert_eq!(lower_case_words("HTTPServer", '_'), "http_server");
        assert_eq!(lower_case_words("FirstName", '-'), "first-name");
        assert_eq!(lower_case_words("no_https", '_'), "no_https");
    }

    #[test]
    fn durations_like_go() {
        assert_eq!(duration_string(90 * 1_000_000_000), "1m30s");
        assert_eq!(duration_string(3600 * 1_000_000_000), "1h0m0s");
        assert_eq!(duration_string(1_500_000), "1.5ms");
        assert_eq!(parse_duration("1h30m"), Some(5_400_000_000_000));
        assert_eq!(parse_duration("1.5s"), Some(1_500_000_000));
        assert_eq!(duration_round(parse_duration("49h").unwrap()), "2d");
    }

    #[test]
    fn wraps_like_goutils() {
        assert_eq!(
            wrap_custom("hello world foo", 5, "", false),
            "hello\nworld\nfoo"
        );
        assert_eq!(
            wrap_custom("abcdefgh ij", 3, "<br>", true),
            "abc<br>def<br>gh<br>ij"
        );
    }
}

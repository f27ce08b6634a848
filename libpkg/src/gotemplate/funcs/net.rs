//! sprig's network functions: `urlParse` and `urlJoin` (Go's `net/url`
//! parser and printer, ported for the parts those functions see) and
//! `getHostByName` (a DNS lookup, reported to the host as non-deterministic).

use std::collections::BTreeMap;

use super::{CallResult, Param, Table};
use crate::gotemplate::value::Value;

use Param::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    Fragment,
}

fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    if matches!(mode, Mode::Host | Mode::Zone)
        && matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'['
                | b']'
                | b'<'
                | b'>'
                | b'"'
        )
    {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => return false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Mode::Path => return c == b'?',
            Mode::UserPassword => return matches!(c, b'@' | b'/' | b'?' | b':'),
            Mode::Fragment => return false,
            Mode::Host | Mode::Zone => {}
        },
        _ => {}
    }
    if mode == Mode::Fragment && matches!(c, b'!' | b'(' | b')' | b'*') {
        return false;
    }
    true
}

fn escape(s: &str, mode: Mode) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if should_escape(c, mode) {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(c as char);
        }
    }
    out
}

fn unescape(s: &str, mode: Mode) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                if i + 2 >= b.len()
                    || !b[i + 1].is_ascii_hexdigit()
                    || !b[i + 2].is_ascii_hexdigit()
                {
                    let end = (i + 3).min(b.len());
                    return Err(format!(
                        "invalid URL escape {}",
                        go_quote(&String::from_utf8_lossy(&b[i..end]))
                    ));
                }
                let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0);
                if mode == Mode::Host && v < 0x80 && &s[i..i + 3] != "%25" {
                    return Err(format!("invalid URL escape {}", go_quote(&s[i..i + 3])));
                }
                if mode == Mode::Zone
                    && v < 0x80
                    && &s[i..i + 3] != "%25"
                    && should_escape(v, Mode::Host)
                {
                    return Err(format!("invalid URL escape {}", go_quote(&s[i..i + 3])));
                }
                out.push(v);
                i += 3;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                    return Err(format!(
                        "invalid character {} in host name",
                        go_quote(&(c as char).to_string())
                    ));
                }
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn go_quote(s: &str) -> String {
    crate::gotemplate::fmt::go_quote(s, false)
}

fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
}

/// A user and optional password, unescaped.
struct Userinfo {
    username: String,
    password: Option<String>,
}

impl Userinfo {
    fn string(&self) -> String {
        let mut s = escape(&self.username, Mode::UserPassword);
        if let Some(p) = &self.password {
            s.push(':');
            s.push_str(&escape(p, Mode::UserPassword));
        }
        s
    }
}

/// The fields of Go's `url.URL` that sprig reads or writes.
#[derive(Default)]
struct Url {
    scheme: String,
    opaque: String,
    user: Option<Userinfo>,
    host: String,
    path: String,
    omit_host: bool,
    force_query: bool,
    raw_query: String,
    fragment: String,
}

fn get_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' => {
                if i == 0 {
                    return Ok(("", raw));
                }
            }
            b':' => {
                if i == 0 {
                    return Err("missing protocol scheme".into());
                }
                return Ok((&raw[..i], &raw[i + 1..]));
            }
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn valid_userinfo(s: &str) -> bool {
    s.chars().all(|r| {
        r.is_ascii_alphanumeric()
            || matches!(
                r,
                '-' | '.'
                    | '_'
                    | ':'
                    | '~'
                    | '!'
                    | '$'
                    | '&'
                    | '\''
                    | '('
                    | ')'
                    | '*'
                    | '+'
                    | ','
                    | ';'
                    | '='
                    | '%'
                    | '@'
            )
    })
}

fn parse_host(host: &str) -> Result<String, String> {
    if host.starts_with('[') {
        let i = host.rfind(']').ok_or("missing ']' in host")?;
        let colon_port = &host[i + 1..];
        if !valid_optional_port(colon_port) {
            return Err(format!("invalid port {} after host", go_quote(colon_port)));
        }
        if let Some(zone) = host[..i].find("%25") {
            return Ok(format!(
                "{}{}{}",
                unescape(&host[..zone], Mode::Host)?,
                unescape(&host[zone..i], Mode::Zone)?,
                unescape(&host[i..], Mode::Host)?
            ));
        }
    } else if let Some(i) = host.rfind(':') {
        let colon_port = &host[i..];
        if !valid_optional_port(colon_port) {
            return Err(format!("invalid port {} after host", go_quote(colon_port)));
        }
    }
    unescape(host, Mode::Host)
}

fn parse_authority(authority: &str) -> Result<(Option<Userinfo>, String), String> {
    let at = authority.rfind('@');
    let host = parse_host(match at {
        Some(i) => &authority[i + 1..],
        None => authority,
    })?;
    let Some(i) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..i];
    if !valid_userinfo(userinfo) {
        return Err("net/url: invalid userinfo".into());
    }
    let user = match userinfo.split_once(':') {
        None => Userinfo {
            username: unescape(userinfo, Mode::UserPassword)?,
            password: None,
        },
        Some((u, p)) => Userinfo {
            username: unescape(u, Mode::UserPassword)?,
            password: Some(unescape(p, Mode::UserPassword)?),
        },
    };
    Ok((Some(user), host))
}

fn parse_inner(raw: &str) -> Result<Url, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    let mut url = Url::default();
    if raw == "*" {
        url.path = "*".into();
        return Ok(url);
    }
    let (scheme, mut rest) = get_scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    if rest.ends_with('?') && rest.matches('?').count() == 1 {
        url.force_query = true;
        rest = &rest[..rest.len() - 1];
    } else if let Some((r, q)) = rest.split_once('?') {
        rest = r;
        url.raw_query = q.to_string();
    }
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            url.opaque = rest.to_string();
            return Ok(url);
        }
        if rest.split('/').next().unwrap_or("").contains(':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    if (!url.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
        let (authority, r) = match rest[2..].find('/') {
            Some(i) => (&rest[2..2 + i], &rest[2 + i..]),
            None => (&rest[2..], ""),
        };
        let (user, host) = parse_authority(authority)?;
        url.user = user;
        url.host = host;
        rest = r;
    } else if !url.scheme.is_empty() && rest.starts_with('/') {
        url.omit_host = true;
    }
    url.path = unescape(rest, Mode::Path)?;
    Ok(url)
}

/// Go's `url.Parse`, with its error text (`parse "URL": why`).
fn parse(raw: &str) -> Result<Url, String> {
    let (u, frag) = raw.split_once('#').unwrap_or((raw, ""));
    let mut url = parse_inner(u).map_err(|e| format!("parse {}: {e}", go_quote(u)))?;
    if !frag.is_empty() {
        url.fragment =
            unescape(frag, Mode::Fragment).map_err(|e| format!("parse {}: {e}", go_quote(raw)))?;
    }
    Ok(url)
}

impl Url {
    fn hostname(&self) -> String {
        let mut host = self.host.as_str();
        if let Some(colon) = host.rfind(':')
            && valid_optional_port(&host[colon..])
        {
            host = &host[..colon];
        }
        if host.starts_with('[') && host.ends_with(']') && host.len() >= 2 {
            host = &host[1..host.len() - 1];
        }
        host.to_string()
    }

    /// Go's `URL.String` for a URL with no raw path or raw fragment.
    fn string(&self) -> String {
        let mut buf = String::new();
        if !self.scheme.is_empty() {
            buf.push_str(&self.scheme);
            buf.push(':');
        }
        if !self.opaque.is_empty() {
            buf.push_str(&self.opaque);
        } else {
            let no_authority = self.host.is_empty() && self.user.is_none();
            if !(no_authority && (self.scheme.is_empty() || self.omit_host)) {
                if !self.host.is_empty() || !self.path.is_empty() || self.user.is_some() {
                    buf.push_str("//");
                }
                if let Some(u) = &self.user {
                    buf.push_str(&u.string());
                    buf.push('@');
                }
                if !self.host.is_empty() {
                    buf.push_str(&escape(&self.host, Mode::Host));
                }
            }
            let path = if self.path == "*" {
                "*".to_string()
            } else {
                escape(&self.path, Mode::Path)
            };
            if !path.is_empty() && !path.starts_with('/') && !self.host.is_empty() {
                buf.push('/');
            }
            if buf.is_empty() && path.split('/').next().unwrap_or("").contains(':') {
                buf.push_str("./");
            }
            buf.push_str(&path);
        }
        if self.force_query || !self.raw_query.is_empty() {
            buf.push('?');
            buf.push_str(&self.raw_query);
        }
        if !self.fragment.is_empty() {
            buf.push('#');
            buf.push_str(&escape(&self.fragment, Mode::Fragment));
        }
        buf
    }
}

/// sprig's `urlParse`.
fn url_parse(text: &str) -> CallResult {
    let u = parse(text).map_err(|e| format!("unable to parse url: {e}"))?;
    let mut m = BTreeMap::new();
    let mut put = |k: &str, v: String| {
        m.insert(k.to_string(), Value::str(v));
    };
    put("scheme", u.scheme.clone());
    put("host", u.host.clone());
    put("hostname", u.hostname());
    put("path", u.path.clone());
    put("query", u.raw_query.clone());
    put("opaque", u.opaque.clone());
    put("fragment", u.fragment.clone());
    put(
        "userinfo",
        u.user.as_ref().map(Userinfo::string).unwrap_or_default(),
    );
    Ok(Value::map(m))
}

/// sprig's `urlJoin`.
fn url_join(d: &Value) -> CallResult {
    let entries = match d {
        Value::Map(m, _) => m.borrow().clone(),
        _ => BTreeMap::new(),
    };
    let get = |key: &str| -> Result<String, String> {
        match entries.get(key) {
            None => Ok(String::new()),
            Some(Value::Str(s)) => Ok(s.to_string()),
            Some(Value::Nil | Value::Invalid) => {
                Err("runtime error: invalid memory address or nil pointer dereference".into())
            }
            Some(v) => Err(format!(
                "unable to parse {key} key, must be of type string, but {} found",
                v.kind_name()
            )),
        }
    };
    let mut u = Url {
        scheme: get("scheme")?,
        host: get("host")?,
        path: get("path")?,
        raw_query: get("query")?,
        opaque: get("opaque")?,
        fragment: get("fragment")?,
        ..Url::default()
    };
    let userinfo = get("userinfo")?;
    if !userinfo.is_empty() {
        let temp = parse(&format!("proto://{userinfo}@host"))
            .map_err(|e| format!("unable to parse userinfo in dict: {e}"))?;
        u.user = temp.user;
    }
    Ok(Value::str(u.string()))
}

/// sprig's `getHostByName`: one of the name's addresses (as the host
/// resolves them, [`Host::resolve_host`](crate::gotemplate::Host::resolve_host)),
/// at random; Go panics (an index out of range) when the name does not
/// resolve. Without [`Options::enable_dns`](crate::gotemplate::Options::enable_dns),
/// `""` and no query, as Helm replaces it.
fn get_host_by_name(ex: &mut crate::gotemplate::exec::Exec<'_>, name: &str) -> CallResult {
    if !ex.enable_dns {
        return Ok(Value::str(String::new()));
    }
    let mut addrs: Vec<String> = Vec::new();
    for ip in ex.host.resolve_host(name) {
        if !addrs.contains(&ip) {
            addrs.push(ip);
        }
    }
    if addrs.is_empty() {
        return Err("runtime error: index out of range [0] with length 0".into());
    }
    let i = (ex.host.random_u64() % addrs.len() as u64) as usize;
    Ok(Value::str(addrs.swap_remove(i)))
}

pub(super) fn register(t: &mut Table) {
    t.add("urlParse", &[Str], |_, _, a| {
        url_parse(a[0].as_str().unwrap_or_default())
    });
    t.add("urlJoin", &[Map], |_, _, a| url_join(&a[0]));
    t.add("getHostByName", &[Str], |ex, _, a| {
        get_host_by_name(ex, a[0].as_str().unwrap_or_default())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_like_go() {
        let u = parse("https://us%40r:p%3Ass@[::1]:8443/a%20b/c?x=1&y=2#frag%21").unwrap();
        assert_eq!(u.scheme, "https");
        assert_eq!(u.host, "[::1]:8443");
        assert_eq!(u.hostname(), "::1");
        assert_eq!(u.path, "/a b/c");
        assert_eq!(u.raw_query, "x=1&y=2");
        assert_eq!(u.fragment, "frag!");
        assert_eq!(u.user.as_ref().unwrap().string(), "us%40r:p%3Ass");
        assert_eq!(
            u.string(),
            "https://us%40r:p%3Ass@[::1]:8443/a%20b/c?x=1&y=2#frag!"
        );
        assert_eq!(
            parse("mailto:joe@example.com").unwrap().opaque,
            "joe@example.com"
        );
        assert!(parse("http://a b.com/").is_err());
        assert!(parse("a:b/c").is_ok() && parse("1a:b").is_err());
        assert!(parse("%zz").is_err());
    }
}

#[cfg(test)]
mod host_tests {
    use crate::gotemplate::{DefaultHost, Host, Options, Templates};

    /// The default host, with one name in its DNS.
    #[derive(Default)]
    struct Resolving(DefaultHost);

    impl Host for Resolving {
        fn resolve_host(&mut self, name: &str) -> Vec<String> {
            match name {
                "localhost" => vec!["127.0.0.1".to_string(), "127.0.0.1".to_string()],
                _ => Vec::new(),
            }
        }
        fn nondeterministic(&mut self, function: &str, template: &str) {
            self.0.nondeterministic(function, template);
        }
        fn random_u64(&mut self) -> u64 {
            self.0.random_u64()
        }
    }

    #[test]
    fn get_host_by_name_resolves_only_with_dns_enabled_and_is_reported() {
        let mut set = Templates::new();
        set.add("t.yaml", r#"{{ getHostByName "localhost" }}"#)
            .unwrap();
        let mut host = Resolving::default();
        // Helm's default since 3.11.1: nothing resolved, an empty string.
        let out = set
            .render(
                "t.yaml",
                &serde_json::json!({}),
                &Options::default(),
                &mut host,
            )
            .unwrap();
        assert_eq!(out, "");
        let enabled = Options {
            enable_dns: true,
            ..Options::default()
        };
        host.0.nondeterministic_calls.clear();
        let out = set
            .render("t.yaml", &serde_json::json!({}), &enabled, &mut host)
            .unwrap();
        assert_eq!(out, "127.0.0.1");
        assert_eq!(
            host.0.nondeterministic_calls,
            [("getHostByName".to_string(), "t.yaml".to_string())]
        );
        set.add("bad.yaml", r#"{{ getHostByName "no-such-host.invalid" }}"#)
            .unwrap();
        assert!(
            set.render("bad.yaml", &serde_json::json!({}), &enabled, &mut host)
                .is_err()
        );
    }
}

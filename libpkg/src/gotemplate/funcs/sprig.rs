//! sprig's text function map (Masterminds/sprig v3, the release Helm 3
//! uses), without `env` and `expandenv` which Helm removes.
//!
//! Each function mirrors sprig's Go code, including its conversions
//! (spf13/cast's `toInt64` reads `"0x10"` as 16 and anything unreadable as
//! 0), its panics (which Go's template engine turns into errors: `first` of
//! nil, integer division by zero), and its mutations (`set`, `unset`,
//! `merge*` change the map they are given). Functions that read the clock,
//! randomness or the network get them from the host, which also hears that
//! they were called.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use base64::Engine as _;
use sha2::Digest as _;

use super::{CallError, CallResult, Param, Table, empty, strval};
use crate::gotemplate::encode::to_json;
use crate::gotemplate::exec::{Exec, MAX_BYTES, MAX_LIST};
use crate::gotemplate::fmt::{float_string, go_quote, value_string};
use crate::gotemplate::time::Time;
use crate::gotemplate::value::{Elem, Value, go_lossy};

use Param::*;

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Int(i) | Value::Int64(i) => *i,
        _ => 0,
    }
}

/// spf13/cast's ToInt64 (errors read as 0).
pub(crate) fn to_int64(v: &Value) -> i64 {
    match v {
        Value::Int(i) | Value::Int64(i) => *i,
        Value::Uint(u, _) => *u as i64,
        Value::Float(f) => go_f64_to_i64(*f),
        Value::Bool(b) => i64::from(*b),
        Value::Str(st) => parse_int_base0(trim_zero_decimal(st)).unwrap_or(0),
        _ => 0,
    }
}

fn go_f64_to_i64(f: f64) -> i64 {
    if f.is_nan() || !(-9.223372036854776e18..9.223372036854776e18).contains(&f) {
        i64::MIN
    } else {
        f as i64
    }
}

fn trim_zero_decimal(st: &str) -> &str {
    let b = st.as_bytes();
    let mut found_zero = false;
    for i in (1..=b.len()).rev() {
        match b[i - 1] {
            b'.' => {
                if found_zero {
                    return &st[..i - 1];
                }
            }
            b'0' => found_zero = true,
            _ => return st,
        }
    }
    st
}

/// strconv.ParseInt(s, 0, 64).
fn parse_int_base0(st: &str) -> Option<i64> {
    let (neg, body) = match st.as_bytes().first()? {
        b'-' => (true, &st[1..]),
        b'+' => (false, &st[1..]),
        _ => (false, st),
    };
    let lower = body.to_ascii_lowercase();
    let (digits, radix, prefixed) = if let Some(r) = lower.strip_prefix("0x") {
        (r.to_string(), 16, true)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (r.to_string(), 8, true)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (r.to_string(), 2, true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (lower[1..].to_string(), 8, true)
    } else {
        (lower.clone(), 10, false)
    };
    let digits = if prefixed {
        let t = digits.strip_prefix('_').unwrap_or(&digits);
        if t.contains("__") || t.ends_with('_') {
            return None;
        }
        t.replace('_', "")
    } else {
        if digits.contains('_') {
            return None;
        }
        digits
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let u = u64::from_str_radix(&digits, radix).ok()?;
    if neg {
        if u <= 1 << 63 {
            Some((u as i128).wrapping_neg() as i64)
        } else {
            None
        }
    } else {
        i64::try_from(u).ok()
    }
}

/// spf13/cast's ToFloat64 (errors read as 0).
pub(crate) fn to_float64(v: &Value) -> f64 {
    match v {
        Value::Int(i) | Value::Int64(i) => *i as f64,
        Value::Uint(u, _) => *u as f64,
        Value::Float(f) => *f,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Str(st) => parse_go_float(st).unwrap_or(0.0),
        _ => 0.0,
    }
}

fn parse_go_float(st: &str) -> Option<f64> {
    let lower = st.to_ascii_lowercase();
    match lower.trim_start_matches(['+', '-']) {
        "inf" | "infinity" => {
            return Some(if st.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        "nan" => return Some(f64::NAN),
        _ => {}
    }
    if lower.contains("0x") || lower.contains('_') || lower.contains("inf") || lower.contains("nan")
    {
        return None;
    }
    st.parse::<f64>().ok()
}

/// sprig's strslice.
fn strslice(v: &Value) -> Vec<String> {
    if let Some(slice) = v.host_slice() {
        return strslice(&slice);
    }
    match v {
        Value::List(l, _) => l.iter().filter(|e| !e.is_nil()).map(strval).collect(),
        Value::Nil | Value::Invalid => Vec::new(),
        v => vec![strval(v)],
    }
}

/// The items of a slice argument, or sprig's error for other types.
fn list_items(v: &Value, what: &str) -> Result<Rc<Vec<Value>>, CallError> {
    if let Some(slice) = v.host_slice() {
        return list_items(&slice, what);
    }
    match v {
        Value::List(l, _) => Ok(l.clone()),
        Value::Nil | Value::Invalid => {
            Err("runtime error: invalid memory address or nil pointer dereference".into())
        }
        v => Err(format!("Cannot {what} type {}", v.kind_name()).into()),
    }
}

fn map_entries(v: &Value) -> BTreeMap<String, Value> {
    match v {
        Value::Map(m, _) => m.borrow().clone(),
        _ => BTreeMap::new(),
    }
}

fn go_split(st: &str, sep: &str, n: i64) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    if sep.is_empty() {
        let chars: Vec<String> = st.chars().map(String::from).collect();
        if n > 0 && (n as usize) < chars.len() {
            let mut out: Vec<String> = chars[..n as usize - 1].to_vec();
            out.push(chars[n as usize - 1..].concat());
            return out;
        }
        return chars;
    }
    if n < 0 {
        st.split(sep).map(String::from).collect()
    } else {
        st.splitn(n as usize, sep).map(String::from).collect()
    }
}

fn str_map(parts: Vec<String>) -> Value {
    let m: BTreeMap<String, Value> = parts
        .into_iter()
        .enumerate()
        .map(|(i, p)| (format!("_{i}"), Value::str(p)))
        .collect();
    Value::Map(Rc::new(std::cell::RefCell::new(m)), Elem::Str)
}

fn title(st: &str) -> String {
    let is_sep = |r: char| {
        if (r as u32) <= 0x7f {
            !(r.is_ascii_alphanumeric() || r == '_')
        } else if r.is_alphabetic() || r.is_numeric() {
            false
        } else {
            r.is_whitespace()
        }
    };
    let mut prev = ' ';
    st.chars()
        .map(|c| {
            let out = if is_sep(prev) { upper_char(c) } else { c };
            prev = c;
            out
        })
        .collect()
}

fn upper_char(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

fn lower_char(c: char) -> char {
    let mut u = c.to_lowercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

fn random(ex: &mut Exec<'_>, n: u64) -> u64 {
    if n == 0 { 0 } else { ex.host.random_u64() % n }
}

fn random_from(ex: &mut Exec<'_>, count: i64, alphabet: &[u8]) -> Result<String, CallError> {
    check_size(count.into())?;
    Ok((0..count.max(0))
        .map(|_| alphabet[random(ex, alphabet.len() as u64) as usize] as char)
        .collect())
}

const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const NUMERIC: &[u8] = b"0123456789";

fn go_slice_bytes(st: &str, a: usize, b: usize) -> String {
    go_lossy(&st.as_bytes()[a..b])
}

/// reflect.DeepEqual over values.
fn deep_equal(a: &Value, b: &Value) -> bool {
    deep_equal_at(a, b, 0)
}

fn deep_equal_at(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > 1000 {
        return false;
    }
    let deep_equal = |p: &Value, q: &Value| deep_equal_at(p, q, depth + 1);
    match (a, b) {
        (Value::Invalid | Value::Nil, Value::Invalid | Value::Nil) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) | (Value::Int64(x), Value::Int64(y)) => x == y,
        (Value::Uint(x, tx), Value::Uint(y, ty)) => tx == ty && x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Time(x), Value::Time(y)) => x == y,
        (Value::List(x, ex), Value::List(y, ey)) => {
            ex == ey && x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| deep_equal(p, q))
        }
        (Value::Map(x, ex), Value::Map(y, ey)) => {
            if ex != ey {
                return false;
            }
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| deep_equal(v, w)))
        }
        _ => false,
    }
}

/// mergo's emptiness (isEmptyValue).
fn mergo_empty(v: &Value) -> bool {
    !v.truth()
}

/// mergo.Merge / MergeWithOverwrite of one map into another, in place.
fn mergo(dst: &Value, src: &Value, overwrite: bool) {
    mergo_at(dst, src, overwrite, 0)
}

fn mergo_at(dst: &Value, src: &Value, overwrite: bool, depth: usize) {
    if depth > 1000 {
        return;
    }
    let (Value::Map(d, _), Value::Map(s, _)) = (dst, src) else {
        return;
    };
    if Rc::ptr_eq(d, s) {
        return;
    }
    let src_empty = s.borrow().is_empty();
    let entries: Vec<(String, Value)> = s
        .borrow()
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    for (k, sv) in entries {
        let dv = d.borrow().get(&k).cloned();
        if sv.is_nil() {
            if overwrite {
                d.borrow_mut().insert(k, Value::Nil);
            }
            continue;
        }
        match &sv {
            Value::Map(..) => {
                if let Some(dm @ Value::Map(..)) = &dv {
                    mergo_at(dm, &sv, overwrite, depth + 1);
                }
            }
            Value::List(..) => {
                let dst_empty = d.borrow().is_empty();
                let new = if !src_empty && (overwrite || dst_empty) {
                    sv.clone()
                } else {
                    match &dv {
                        Some(v) if !v.is_nil() => v.clone(),
                        _ => match &sv {
                            Value::List(_, e) => Value::List(Rc::new(Vec::new()), *e),
                            _ => unreachable!(),
                        },
                    }
                };
                d.borrow_mut().insert(k.clone(), new);
            }
            _ => {}
        }
        if let Some(dv) = &dv
            && !mergo_empty(dv)
            && matches!(sv, Value::Map(..) | Value::List(..))
        {
            continue;
        }
        if overwrite || dv.is_none() || dv.as_ref().is_some_and(mergo_empty) {
            d.borrow_mut().insert(k, sv);
        }
    }
}

/// Exact decimal arithmetic for addf/subf/mulf/divf (shopspring/decimal).
#[derive(Clone, Copy)]
struct Dec {
    m: i128,
    e: i32,
}

impl Dec {
    fn from_f64(f: f64) -> Option<Dec> {
        if !f.is_finite() {
            return None;
        }
        let st = format!("{:e}", f);
        let (mant, exp) = st.split_once('e')?;
        let exp: i32 = exp.parse().ok()?;
        let neg = mant.starts_with('-');
        let mant = mant.trim_start_matches('-');
        let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
        let digits = format!("{ip}{fp}");
        let m: i128 = digits.parse().ok()?;
        Some(Dec {
            m: if neg { -m } else { m },
            e: exp - fp.len() as i32,
        })
    }

    fn align(a: Dec, b: Dec) -> Option<(i128, i128, i32)> {
        let e = a.e.min(b.e);
        let sa = a.m.checked_mul(10i128.checked_pow((a.e - e) as u32)?)?;
        let sb = b.m.checked_mul(10i128.checked_pow((b.e - e) as u32)?)?;
        Some((sa, sb, e))
    }

    fn to_f64(self) -> f64 {
        format!("{}e{}", self.m, self.e).parse().unwrap_or(0.0)
    }
}

fn decimal_op(a: &Value, rest: &[Value], op: char) -> f64 {
    let mut acc = match Dec::from_f64(to_float64(a)) {
        Some(d) => d,
        None => return f64::NAN,
    };
    for x in rest {
        let fx = to_float64(x);
        let Some(dx) = Dec::from_f64(fx) else {
            return f64::NAN;
        };
        let r = match op {
            '+' | '-' => Dec::align(acc, dx).and_then(|(p, q, e)| {
                Some(Dec {
                    m: if op == '+' {
                        p.checked_add(q)?
                    } else {
                        p.checked_sub(q)?
                    },
                    e,
                })
            }),
            '*' => acc.m.checked_mul(dx.m).map(|m| Dec { m, e: acc.e + dx.e }),
            _ => {
                if dx.m == 0 {
                    // shopspring panics on division by zero.
                    return f64::NAN;
                }
                // Divide to 16 decimal places, rounding half away from zero.
                Dec::align(acc, dx).and_then(|(p, q, _)| {
                    let scale = 10i128.checked_pow(17)?;
                    let n = p.checked_mul(scale)?;
                    let qq = n / q;
                    let rounded = if qq % 10 >= 5 {
                        qq / 10 + 1
                    } else if qq % 10 <= -5 {
                        qq / 10 - 1
                    } else {
                        qq / 10
                    };
                    Some(Dec { m: rounded, e: -16 })
                })
            }
        };
        acc = match r {
            Some(r) => r,
            None => {
                let fa = acc.to_f64();
                let v = match op {
                    '+' => fa + fx,
                    '-' => fa - fx,
                    '*' => fa * fx,
                    _ => fa / fx,
                };
                match Dec::from_f64(v) {
                    Some(d) => d,
                    None => return v,
                }
            }
        };
    }
    acc.to_f64()
}

fn sha1(data: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
    let mut msg = data.to_vec();
    let bit_len = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bit_len.to_be_bytes());
    for chunk in msg.chunks(64) {
        let mut w = [0u32; 80];
        for i in 0..16 {
            w[i] = u32::from_be_bytes([
                chunk[4 * i],
                chunk[4 * i + 1],
                chunk[4 * i + 2],
                chunk[4 * i + 3],
            ]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let (mut a, mut b, mut c, mut d, mut e) = (h[0], h[1], h[2], h[3], h[4]);
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A827999),
                20..=39 => (b ^ c ^ d, 0x6ED9EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1BBCDC),
                _ => (b ^ c ^ d, 0xCA62C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(*wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        h[0] = h[0].wrapping_add(a);
        h[1] = h[1].wrapping_add(b);
        h[2] = h[2].wrapping_add(c);
        h[3] = h[3].wrapping_add(d);
        h[4] = h[4].wrapping_add(e);
    }
    let mut out = [0u8; 20];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

const B32: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

fn base32_encode(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(5) {
        let mut buf = [0u8; 5];
        buf[..chunk.len()].copy_from_slice(chunk);
        let n = u64::from_be_bytes([0, 0, 0, buf[0], buf[1], buf[2], buf[3], buf[4]]);
        let chars = match chunk.len() {
            1 => 2,
            2 => 4,
            3 => 5,
            4 => 7,
            _ => 8,
        };
        for i in 0..8 {
            if i < chars {
                out.push(B32[((n >> (35 - 5 * i)) & 31) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base32_decode(st: &str) -> Result<Vec<u8>, String> {
    let b = st.as_bytes();
    let mut out = Vec::new();
    if !b.len().is_multiple_of(8) {
        let pos = b.len() - b.len() % 8;
        return Err(format!("illegal base32 data at input byte {pos}"));
    }
    for (ci, chunk) in b.chunks(8).enumerate() {
        let mut n: u64 = 0;
        let mut len = 8;
        for (i, &c) in chunk.iter().enumerate() {
            if c == b'=' {
                if len == 8 {
                    len = i;
                }
                n <<= 5;
                continue;
            }
            if len != 8 {
                return Err(format!("illegal base32 data at input byte {}", ci * 8 + i));
            }
            let v = B32
                .iter()
                .position(|x| *x == c)
                .ok_or_else(|| format!("illegal base32 data at input byte {}", ci * 8 + i))?;
            n = (n << 5) | v as u64;
        }
        let bytes = match len {
            8 => 5,
            7 => 4,
            5 => 3,
            4 => 2,
            2 => 1,
            _ => {
                return Err(format!(
                    "illegal base32 data at input byte {}",
                    ci * 8 + len
                ));
            }
        };
        let all = n.to_be_bytes();
        out.extend_from_slice(&all[3..3 + bytes]);
    }
    Ok(out)
}

/// Go's base64.StdEncoding.DecodeString, with its error positions.
pub(super) fn b64_decode(st: &str) -> Result<Vec<u8>, String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let src = st.as_bytes();
    let corrupt = |at: usize| format!("illegal base64 data at input byte {at}");
    let skip_newlines = |mut si: usize| {
        while si < src.len() && (src[si] == b'\n' || src[si] == b'\r') {
            si += 1;
        }
        si
    };
    let mut out = Vec::new();
    let mut si = 0;
    loop {
        let mut dbuf = [0u8; 4];
        let mut dlen = 4;
        let mut j = 0;
        let mut end = false;
        while j < 4 {
            if si == src.len() {
                if j == 0 {
                    return Ok(out);
                }
                return Err(corrupt(si - j));
            }
            let c = src[si];
            si += 1;
            if let Some(v) = ALPHABET.iter().position(|&x| x == c) {
                dbuf[j] = v as u8;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' {
                return Err(corrupt(si - 1));
            }
            match j {
                0 | 1 => return Err(corrupt(si - 1)),
                2 => {
                    si = skip_newlines(si);
                    if si == src.len() {
                        return Err(corrupt(src.len()));
                    }
                    if src[si] != b'=' {
                        return Err(corrupt(si - 1));
                    }
                    si += 1;
                }
                _ => {}
            }
            si = skip_newlines(si);
            if si < src.len() {
                return Err(corrupt(si));
            }
            dlen = j;
            end = true;
            break;
        }
        let val = (dbuf[0] as u32) << 18
            | (dbuf[1] as u32) << 12
            | (dbuf[2] as u32) << 6
            | dbuf[3] as u32;
        let bytes = [(val >> 16) as u8, (val >> 8) as u8, val as u8];
        out.extend_from_slice(&bytes[..dlen - 1]);
        if end {
            return Ok(out);
        }
    }
}

/// Go's path.Clean.
fn path_clean(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    if rooted {
        format!("/{joined}")
    } else if joined.is_empty() {
        ".".into()
    } else {
        joined
    }
}

fn path_base(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let t = p.trim_end_matches('/');
    if t.is_empty() {
        return "/".into();
    }
    t.rsplit('/').next().unwrap_or(t).to_string()
}

fn path_dir(p: &str) -> String {
    let dir = match p.rfind('/') {
        Some(i) => &p[..=i],
        None => "",
    };
    path_clean(dir)
}

fn path_ext(p: &str) -> String {
    for (i, c) in p.char_indices().rev() {
        if c == '/' {
            break;
        }
        if c == '.' {
            return p[i..].to_string();
        }
    }
    String::new()
}

/// Compiles a regular expression written in Go's syntax, once per
/// expression and thread: a chart's helpers call `regexReplaceAll` with the
/// same few expressions for every object, and compiling one costs more than
/// running it (a `Regex` clone shares the compiled program).
fn regex(re: &str) -> Result<regex::Regex, String> {
    /// More distinct expressions than a chart writes; past it the cache starts over.
    const MOST_CACHED: usize = 256;
    thread_local! {
        static COMPILED: std::cell::RefCell<HashMap<String, Result<regex::Regex, String>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    if let Some(known) = COMPILED.with_borrow(|compiled| compiled.get(re).cloned()) {
        return known;
    }
    let compiled = crate::gotemplate::goregex::translate(re).and_then(|translated| {
        regex::Regex::new(&translated).map_err(|e| format!("error parsing regexp: {e}"))
    });
    COMPILED.with_borrow_mut(|cache| {
        if cache.len() >= MOST_CACHED {
            cache.clear();
        }
        cache.insert(re.to_string(), compiled.clone());
    });
    compiled
}

/// Go's regexp.QuoteMeta.
fn quote_meta(st: &str) -> String {
    let mut out = String::new();
    for c in st.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Go's Regexp.Split.
fn regex_split(re: &regex::Regex, st: &str, n: i64) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    if !re.as_str().is_empty() && st.is_empty() {
        return vec![String::new()];
    }
    let mut out = Vec::new();
    let (mut beg, mut end) = (0, 0);
    let limit = if n < 0 { usize::MAX } else { n as usize };
    for m in go_find_all(re, st, limit) {
        if n > 0 && out.len() == n as usize - 1 {
            break;
        }
        end = m.0;
        if m.1 != 0 {
            out.push(st[beg..end].to_string());
        }
        beg = m.1;
    }
    if end != st.len() {
        out.push(st[beg..].to_string());
    }
    out
}

/// Go's FindAllStringIndex: an empty match right after a match is skipped.
fn go_find_all(re: &regex::Regex, st: &str, n: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut prev_end: Option<usize> = None;
    for m in re.find_iter(st) {
        if out.len() >= n {
            break;
        }
        if m.start() == m.end() && prev_end == Some(m.start()) {
            continue;
        }
        out.push((m.start(), m.end()));
        prev_end = Some(m.end());
    }
    out
}

/// Go's regexp ReplaceAllString template expansion ($1, ${name}).
fn go_expand(template: &str, caps: &regex::Captures<'_>, re: &regex::Regex) -> String {
    let mut out = String::new();
    let b = template.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'$' {
            let c = template[i..].chars().next().unwrap_or('\0');
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        if i + 1 < b.len() && b[i + 1] == b'$' {
            out.push('$');
            i += 2;
            continue;
        }
        let (name, next) = if i + 1 < b.len() && b[i + 1] == b'{' {
            match template[i + 2..].find('}') {
                Some(j) => {
                    let nm = &template[i + 2..i + 2 + j];
                    if !nm.is_empty() && nm.chars().all(|c| c.is_alphanumeric() || c == '_') {
                        (Some(nm.to_string()), i + 3 + j)
                    } else {
                        (None, i + 1)
                    }
                }
                None => (None, i + 1),
            }
        } else {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            if j == start {
                (None, i + 1)
            } else {
                (Some(template[start..j].to_string()), j)
            }
        };
        match name {
            None => {
                out.push('$');
                i = next;
            }
            Some(nm) => {
                if let Ok(idx) = nm.parse::<usize>() {
                    if let Some(m) = caps.get(idx) {
                        out.push_str(m.as_str());
                    }
                } else if re.capture_names().any(|c| c == Some(nm.as_str()))
                    && let Some(m) = caps.name(&nm)
                {
                    out.push_str(m.as_str());
                }
                i = next;
            }
        }
    }
    out
}

fn regex_replace(re: &regex::Regex, src: &str, repl: &str, literal: bool) -> String {
    let mut out = String::new();
    let mut last = 0;
    let mut prev_end: Option<usize> = None;
    for caps in re.captures_iter(src) {
        let m = caps.get(0).expect("match");
        if m.start() == m.end() && prev_end == Some(m.start()) {
            continue;
        }
        out.push_str(&src[last..m.start()]);
        if literal {
            out.push_str(repl);
        } else {
            out.push_str(&go_expand(repl, &caps, re));
        }
        last = m.end();
        prev_end = Some(m.end());
    }
    out.push_str(&src[last..]);
    out
}

fn int_list(v: Vec<i64>) -> Value {
    Value::List(Rc::new(v.into_iter().map(Value::Int).collect()), Elem::Int)
}

fn until_step(start: i64, stop: i64, step: i64) -> Result<Vec<i64>, CallError> {
    let count = match step {
        0 => 0,
        step => (i128::from(stop) - i128::from(start)) / i128::from(step),
    };
    if count > MAX_LIST as i128 {
        return Err(format!(
            "a list of {count} numbers is more than {MAX_LIST} (kubectl-pkg's rendering limit)"
        )
        .into());
    }
    Ok(until_step_unchecked(start, stop, step))
}

fn until_step_unchecked(start: i64, stop: i64, step: i64) -> Vec<i64> {
    let mut v = Vec::new();
    if stop < start {
        if step >= 0 {
            return v;
        }
        let mut i = start;
        while i > stop {
            v.push(i);
            i += step;
        }
        return v;
    }
    if step <= 0 {
        return v;
    }
    let mut i = start;
    while i < stop {
        v.push(i);
        i += step;
    }
    v
}

fn list_result(items: Vec<Value>) -> Value {
    Value::list(items)
}

pub(super) fn register(t: &mut Table) {
    t.add("hello", &[], |_, _, _| Ok(Value::str("Hello!")));

    // Strings.
    t.add("abbrev", &[Int, Str], |_, _, a| {
        let (w, st) = (int(&a[0]), s(&a[1]));
        if w < 4 || st.len() as i64 <= w {
            return Ok(Value::str(st));
        }
        Ok(Value::str(format!(
            "{}...",
            go_slice_bytes(st, 0, (w - 3) as usize)
        )))
    });
    t.add("abbrevboth", &[Int, Int, Str], |_, _, a| {
        let (left, right, st) = (int(&a[0]), int(&a[1]), s(&a[2]));
        if right < 4 || left > 0 && right < 7 {
            return Ok(Value::str(st));
        }
        Ok(Value::str(abbreviate_full(st, left, right)))
    });
    t.add("trunc", &[Int, Str], |_, _, a| {
        let (c, st) = (int(&a[0]), s(&a[1]));
        let n = st.len() as i64;
        Ok(Value::str(if c < 0 && n + c > 0 {
            go_slice_bytes(st, (n + c) as usize, n as usize)
        } else if c >= 0 && n > c {
            go_slice_bytes(st, 0, c as usize)
        } else {
            st.to_string()
        }))
    });
    t.add("trim", &[Str], |_, _, a| Ok(Value::str(s(&a[0]).trim())));
    t.add("upper", &[Str], |_, _, a| {
        Ok(Value::str(
            s(&a[0]).chars().map(upper_char).collect::<String>(),
        ))
    });
    t.add("lower", &[Str], |_, _, a| {
        Ok(Value::str(
            s(&a[0]).chars().map(lower_char).collect::<String>(),
        ))
    });
    t.add("title", &[Str], |_, _, a| Ok(Value::str(title(s(&a[0])))));
    t.add("untitle", &[Str], |_, _, a| {
        let mut next = true;
        Ok(Value::str(
            s(&a[0])
                .chars()
                .map(|c| {
                    if c.is_whitespace() {
                        next = true;
                        c
                    } else if next {
                        next = false;
                        lower_char(c)
                    } else {
                        c
                    }
                })
                .collect::<String>(),
        ))
    });
    t.add("substr", &[Int, Int, Str], |_, _, a| {
        let (start, end, st) = (int(&a[0]), int(&a[1]), s(&a[2]));
        let n = st.len() as i64;
        let oob = |x: i64, y: i64| {
            CallError::Msg(format!(
                "runtime error: slice bounds out of range [{x}:{y}]"
            ))
        };
        if start < 0 {
            if end < 0 || end > n {
                return Err(oob(0, end));
            }
            return Ok(Value::str(go_slice_bytes(st, 0, end as usize)));
        }
        if end < 0 || end > n {
            if start > n {
                return Err(oob(start, n));
            }
            return Ok(Value::str(go_slice_bytes(st, start as usize, n as usize)));
        }
        if start > end {
            return Err(oob(start, end));
        }
        Ok(Value::str(go_slice_bytes(st, start as usize, end as usize)))
    });
    t.add("repeat", &[Int, Str], |_, _, a| {
        Ok(Value::str(go_repeat(s(&a[1]), int(&a[0]))?))
    });
    for name in ["trimall", "trimAll"] {
        t.add(name, &[Str, Str], |_, _, a| {
            let cut: Vec<char> = s(&a[0]).chars().collect();
            Ok(Value::str(s(&a[1]).trim_matches(|c| cut.contains(&c))))
        });
    }
    t.add("trimSuffix", &[Str, Str], |_, _, a| {
        Ok(Value::str(
            s(&a[1]).strip_suffix(s(&a[0])).unwrap_or(s(&a[1])),
        ))
    });
    t.add("trimPrefix", &[Str, Str], |_, _, a| {
        Ok(Value::str(
            s(&a[1]).strip_prefix(s(&a[0])).unwrap_or(s(&a[1])),
        ))
    });
    // goutils.DeleteWhiteSpace works on bytes, each read as a Latin-1 rune.
    t.add("nospace", &[Str], |_, _, a| {
        Ok(Value::str(
            s(&a[0])
                .bytes()
                .map(char::from)
                .filter(|c| {
                    !matches!(
                        c,
                        '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ' | '\u{85}' | '\u{a0}'
                    )
                })
                .collect::<String>(),
        ))
    });
    // goutils.Initials reads bytes, each as a Latin-1 rune.
    t.add("initials", &[Str], |_, _, a| {
        let mut next = true;
        let mut out = String::new();
        for c in s(&a[0]).bytes().map(char::from) {
            if c.is_whitespace() {
                next = true;
            } else if next {
                out.push(c);
                next = false;
            }
        }
        Ok(Value::str(out))
    });
    t.add("randAlphaNum", &[Int], |ex, _, a| {
        Ok(Value::str(random_from(ex, int(&a[0]), ALNUM)?))
    });
    t.add("randAlpha", &[Int], |ex, _, a| {
        Ok(Value::str(random_from(ex, int(&a[0]), ALPHA)?))
    });
    t.add("randNumeric", &[Int], |ex, _, a| {
        Ok(Value::str(random_from(ex, int(&a[0]), NUMERIC)?))
    });
    t.add("randAscii", &[Int], |ex, _, a| {
        let printable: Vec<u8> = (32u8..=126).collect();
        Ok(Value::str(random_from(ex, int(&a[0]), &printable)?))
    });
    t.add("randBytes", &[Int], |ex, _, a| {
        check_size(int(&a[0]).into())?;
        let bytes: Vec<u8> = (0..int(&a[0]).max(0))
            .map(|_| random(ex, 256) as u8)
            .collect();
        Ok(Value::str(
            base64::engine::general_purpose::STANDARD.encode(bytes),
        ))
    });
    t.add("randInt", &[Int, Int], |ex, _, a| {
        let (lo, hi) = (int(&a[0]), int(&a[1]));
        if hi <= lo {
            return Err("invalid argument to Intn".into());
        }
        Ok(Value::Int(lo + random(ex, (hi - lo) as u64) as i64))
    });
    t.add("uuidv4", &[], |ex, _, _| {
        let mut b = [0u8; 16];
        for x in b.iter_mut() {
            *x = random(ex, 256) as u8;
        }
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        let h = hex::encode(b);
        Ok(Value::str(format!(
            "{}-{}-{}-{}-{}",
            &h[..8],
            &h[8..12],
            &h[12..16],
            &h[16..20],
            &h[20..]
        )))
    });
    t.add("shuffle", &[Str], |ex, _, a| {
        let mut cs: Vec<char> = s(&a[0]).chars().collect();
        for i in (1..cs.len()).rev() {
            let j = random(ex, i as u64 + 1) as usize;
            cs.swap(i, j);
        }
        Ok(Value::str(cs.into_iter().collect::<String>()))
    });
    t.add("swapcase", &[Str], |_, _, a| {
        Ok(Value::str(
            s(&a[0])
                .chars()
                .map(|c| {
                    if c.is_uppercase() {
                        lower_char(c)
                    } else if c.is_lowercase() {
                        upper_char(c)
                    } else {
                        c
                    }
                })
                .collect::<String>(),
        ))
    });
    t.add("camelcase", &[Str], |_, _, a| {
        Ok(Value::str(super::text::camel_case(s(&a[0]))))
    });
    t.add("snakecase", &[Str], |_, _, a| {
        Ok(Value::str(super::text::lower_case_words(s(&a[0]), '_')))
    });
    t.add("kebabcase", &[Str], |_, _, a| {
        Ok(Value::str(super::text::lower_case_words(s(&a[0]), '-')))
    });
    t.add("wrap", &[Int, Str], |_, _, a| {
        Ok(Value::str(super::text::wrap_custom(
            s(&a[1]),
            int(&a[0]),
            "",
            false,
        )))
    });
    t.add("wrapWith", &[Int, Str, Str], |_, _, a| {
        // A separator per line of the given width, and per line break already there.
        let (text, separator) = (s(&a[2]), s(&a[1]));
        let breaks = text.len() as i128 / i128::from(int(&a[0]).max(1))
            + text.matches('\n').count() as i128
            + 1;
        check_size(text.len() as i128 + breaks * separator.len() as i128)?;
        Ok(Value::str(super::text::wrap_custom(
            s(&a[2]),
            int(&a[0]),
            s(&a[1]),
            true,
        )))
    });
    t.add("duration", &[Any], |_, _, a| {
        let n = match &a[0] {
            Value::Str(st) => st.parse::<i64>().unwrap_or(0),
            Value::Int64(n) => *n,
            _ => 0,
        };
        Ok(Value::str(super::text::duration_string(
            n.wrapping_mul(1_000_000_000),
        )))
    });
    t.add("durationRound", &[Any], |ex, _, a| {
        let d = match &a[0] {
            Value::Str(st) => super::text::parse_duration(st).unwrap_or(0),
            Value::Int64(n) => *n,
            Value::Time(tm) => {
                let (secs, nanos) = ex.host.now();
                ((secs - tm.secs) as i128 * 1_000_000_000 + nanos as i128 - tm.nanos as i128) as i64
            }
            _ => 0,
        };
        Ok(Value::str(super::text::duration_round(d)))
    });
    // Dates.
    t.add("now", &[], |ex, _, _| Ok(now(ex)));
    t.add("date", &[Str, Any], |ex, _, a| {
        Ok(Value::str(date_in_zone(ex, s(&a[0]), &a[1], "Local")))
    });
    for name in ["dateInZone", "date_in_zone"] {
        t.add(name, &[Str, Any, Str], |ex, _, a| {
            Ok(Value::str(date_in_zone(ex, s(&a[0]), &a[1], s(&a[2]))))
        });
    }
    t.add("htmlDate", &[Any], |ex, _, a| {
        Ok(Value::str(date_in_zone(ex, "2006-01-02", &a[0], "Local")))
    });
    t.add("htmlDateInZone", &[Any, Str], |ex, _, a| {
        Ok(Value::str(date_in_zone(ex, "2006-01-02", &a[0], s(&a[1]))))
    });
    for name in ["dateModify", "date_modify"] {
        t.add(name, &[Str, Param::Time], |_, _, a| {
            let Value::Time(tm) = &a[1] else {
                return Ok(a[1].clone());
            };
            Ok(match super::text::parse_duration(s(&a[0])) {
                Some(d) => Value::Time(Rc::new(tm.add(d))),
                None => a[1].clone(),
            })
        });
    }
    for name in ["mustDateModify", "must_date_modify"] {
        t.add(name, &[Str, Param::Time], |_, _, a| {
            let Value::Time(tm) = &a[1] else {
                return Ok(a[1].clone());
            };
            match super::text::parse_duration(s(&a[0])) {
                Some(d) => Ok(Value::Time(Rc::new(tm.add(d)))),
                None => Err(format!("time: invalid duration {}", go_quote(s(&a[0]), false)).into()),
            }
        });
    }
    t.add("toDate", &[Str, Str], |_, _, a| {
        Ok(Value::Time(Rc::new(
            Time::parse(s(&a[0]), s(&a[1])).unwrap_or_else(|_| Time::zero()),
        )))
    });
    t.add("mustToDate", &[Str, Str], |_, _, a| {
        Ok(Value::Time(Rc::new(Time::parse(s(&a[0]), s(&a[1]))?)))
    });
    t.add("unixEpoch", &[Param::Time], |_, _, a| match &a[0] {
        Value::Time(tm) => Ok(Value::str(tm.secs.to_string())),
        _ => Ok(Value::str("")),
    });
    t.add("ago", &[Any], |ex, _, a| {
        let (secs, nanos) = ex.host.now();
        let then = match &a[0] {
            Value::Time(tm) => tm.as_ref().clone(),
            Value::Int64(n) | Value::Int(n) => Time::unix(*n, 0),
            _ => Time::unix(secs, nanos),
        };
        let d =
            (secs as i128 - then.secs as i128) * 1_000_000_000 + nanos as i128 - then.nanos as i128;
        // Rounded to the second, halves away from zero.
        let r =
            (d + if d >= 0 { 500_000_000 } else { -500_000_000 }) / 1_000_000_000 * 1_000_000_000;
        Ok(Value::str(super::text::duration_string(r as i64)))
    });
    t.add("contains", &[Str, Str], |_, _, a| {
        Ok(Value::Bool(s(&a[1]).contains(s(&a[0]))))
    });
    t.add("hasPrefix", &[Str, Str], |_, _, a| {
        Ok(Value::Bool(s(&a[1]).starts_with(s(&a[0]))))
    });
    t.add("hasSuffix", &[Str, Str], |_, _, a| {
        Ok(Value::Bool(s(&a[1]).ends_with(s(&a[0]))))
    });
    t.addv("quote", &[], Any, |_, _, a| {
        Ok(Value::str(
            a.iter()
                .filter(|v| !v.is_nil())
                .map(|v| go_quote(&strval(v), false))
                .collect::<Vec<_>>()
                .join(" "),
        ))
    });
    t.addv("squote", &[], Any, |_, _, a| {
        Ok(Value::str(
            a.iter()
                .filter(|v| !v.is_nil())
                .map(|v| format!("'{}'", value_string(v)))
                .collect::<Vec<_>>()
                .join(" "),
        ))
    });
    t.addv("cat", &[], Any, |_, _, a| {
        Ok(Value::str(
            a.iter()
                .filter(|v| !v.is_nil())
                .map(value_string)
                .collect::<Vec<_>>()
                .join(" "),
        ))
    });
    t.add("indent", &[Int, Str], |_, _, a| {
        Ok(Value::str(indented(int(&a[0]), s(&a[1]), false)?))
    });
    t.add("nindent", &[Int, Str], |_, _, a| {
        Ok(Value::str(indented(int(&a[0]), s(&a[1]), true)?))
    });
    t.add("replace", &[Str, Str, Str], |_, _, a| {
        let (old, new, src) = (s(&a[0]), s(&a[1]), s(&a[2]));
        let replaced = if old.is_empty() {
            src.chars().count() + 1
        } else {
            src.matches(old).count()
        };
        check_size(src.len() as i128 + replaced as i128 * new.len() as i128)?;
        if old.is_empty() {
            // Go inserts `new` before every character and at the end.
            let mut out = String::from(new);
            for c in src.chars() {
                out.push(c);
                out.push_str(new);
            }
            return Ok(Value::str(out));
        }
        Ok(Value::str(src.replace(old, new)))
    });
    t.add("plural", &[Str, Str, Int], |_, _, a| {
        Ok(if int(&a[2]) == 1 {
            a[0].clone()
        } else {
            a[1].clone()
        })
    });
    t.add("sha1sum", &[Str], |_, _, a| {
        Ok(Value::str(hex::encode(sha1(s(&a[0]).as_bytes()))))
    });
    t.add("sha256sum", &[Str], |_, _, a| {
        Ok(Value::str(hex::encode(sha2::Sha256::digest(
            s(&a[0]).as_bytes(),
        ))))
    });
    t.add("adler32sum", &[Str], |_, _, a| {
        Ok(Value::str(adler32(s(&a[0]).as_bytes()).to_string()))
    });
    t.add("toString", &[Any], |_, _, a| Ok(Value::str(strval(&a[0]))));
    t.add("atoi", &[Str], |_, _, a| {
        let st = s(&a[0]);
        let ok = {
            let body = st.strip_prefix(['+', '-']).unwrap_or(st);
            !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit())
        };
        Ok(Value::Int(if ok {
            st.parse::<i64>().unwrap_or(0)
        } else {
            0
        }))
    });
    t.add("int64", &[Any], |_, _, a| Ok(Value::Int64(to_int64(&a[0]))));
    t.add("int", &[Any], |_, _, a| Ok(Value::Int(to_int64(&a[0]))));
    t.add("float64", &[Any], |_, _, a| {
        Ok(Value::Float(to_float64(&a[0])))
    });
    t.addv("seq", &[], Int, |_, _, a| {
        let p: Vec<i64> = a.iter().map(int).collect();
        let v = match p.len() {
            1 => {
                let (start, end) = (1, p[0]);
                let inc = if end < start { -1 } else { 1 };
                until_step(start, end + inc, inc)?
            }
            2 => {
                let (start, end) = (p[0], p[1]);
                let step = if end < start { -1 } else { 1 };
                until_step(start, end + step, step)?
            }
            3 => {
                let (start, step, end) = (p[0], p[1], p[2]);
                let mut inc = 1;
                if end < start {
                    inc = -1;
                    if step > 0 {
                        return Ok(Value::str(""));
                    }
                }
                until_step(start, end + inc, step)?
            }
            _ => return Ok(Value::str("")),
        };
        Ok(Value::str(
            v.iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ))
    });
    t.add("toDecimal", &[Any], |_, _, a| {
        let st = crate::gotemplate::fmt::sprint(&[a[0].clone()]);
        let body = st.strip_prefix(['+', '-']).unwrap_or(&st);
        let ok = !body.is_empty() && body.bytes().all(|b| (b'0'..=b'7').contains(&b));
        let v = if ok {
            i64::from_str_radix(&st, 8).unwrap_or(0)
        } else {
            0
        };
        Ok(Value::Int64(v))
    });
    t.add("split", &[Str, Str], |_, _, a| {
        Ok(str_map(go_split(s(&a[1]), s(&a[0]), -1)))
    });
    t.add("splitList", &[Str, Str], |_, _, a| {
        Ok(Value::str_list(go_split(s(&a[1]), s(&a[0]), -1)))
    });
    t.add("splitn", &[Str, Int, Str], |_, _, a| {
        Ok(str_map(go_split(s(&a[2]), s(&a[0]), int(&a[1]))))
    });
    t.add("toStrings", &[Any], |_, _, a| {
        Ok(Value::str_list(strslice(&a[0])))
    });
    t.add("until", &[Int], |_, _, a| {
        let c = int(&a[0]);
        Ok(int_list(until_step(0, c, if c < 0 { -1 } else { 1 })?))
    });
    t.add("untilStep", &[Int, Int, Int], |_, _, a| {
        Ok(int_list(until_step(int(&a[0]), int(&a[1]), int(&a[2]))?))
    });

    // Arithmetic.
    t.add("add1", &[Any], |_, _, a| {
        Ok(Value::Int64(to_int64(&a[0]).wrapping_add(1)))
    });
    t.addv("add", &[], Any, |_, _, a| {
        Ok(Value::Int64(
            a.iter().fold(0i64, |x, v| x.wrapping_add(to_int64(v))),
        ))
    });
    t.add("sub", &[Any, Any], |_, _, a| {
        Ok(Value::Int64(to_int64(&a[0]).wrapping_sub(to_int64(&a[1]))))
    });
    t.add("div", &[Any, Any], |_, _, a| {
        let d = to_int64(&a[1]);
        if d == 0 {
            return Err("runtime error: integer divide by zero".into());
        }
        Ok(Value::Int64(to_int64(&a[0]).wrapping_div(d)))
    });
    t.add("mod", &[Any, Any], |_, _, a| {
        let d = to_int64(&a[1]);
        if d == 0 {
            return Err("runtime error: integer divide by zero".into());
        }
        Ok(Value::Int64(to_int64(&a[0]).wrapping_rem(d)))
    });
    t.addv("mul", &[Any], Any, |_, _, a| {
        Ok(Value::Int64(
            a[1..]
                .iter()
                .fold(to_int64(&a[0]), |x, v| x.wrapping_mul(to_int64(v))),
        ))
    });
    t.add("add1f", &[Any], |_, _, a| {
        Ok(Value::Float(decimal_op(&a[0], &[Value::Int(1)], '+')))
    });
    t.addv("addf", &[], Any, |_, _, a| {
        Ok(Value::Float(decimal_op(&Value::Float(0.0), &a, '+')))
    });
    t.addv("subf", &[Any], Any, |_, _, a| {
        Ok(Value::Float(decimal_op(&a[0], &a[1..], '-')))
    });
    t.addv("mulf", &[Any], Any, |_, _, a| {
        Ok(Value::Float(decimal_op(&a[0], &a[1..], '*')))
    });
    t.addv("divf", &[Any], Any, |_, _, a| {
        if a[1..].iter().any(|v| to_float64(v) == 0.0) {
            return Err("decimal division by 0".into());
        }
        Ok(Value::Float(decimal_op(&a[0], &a[1..], '/')))
    });
    for name in ["biggest", "max"] {
        t.addv(name, &[Any], Any, |_, _, a| {
            Ok(Value::Int64(
                a[1..].iter().map(to_int64).fold(to_int64(&a[0]), i64::max),
            ))
        });
    }
    t.addv("min", &[Any], Any, |_, _, a| {
        Ok(Value::Int64(
            a[1..].iter().map(to_int64).fold(to_int64(&a[0]), i64::min),
        ))
    });
    t.addv("maxf", &[Any], Any, |_, _, a| {
        Ok(Value::Float(
            a[1..]
                .iter()
                .map(to_float64)
                .fold(to_float64(&a[0]), go_max),
        ))
    });
    t.addv("minf", &[Any], Any, |_, _, a| {
        Ok(Value::Float(
            a[1..]
                .iter()
                .map(to_float64)
                .fold(to_float64(&a[0]), go_min),
        ))
    });
    t.add("ceil", &[Any], |_, _, a| {
        Ok(Value::Float(to_float64(&a[0]).ceil()))
    });
    t.add("floor", &[Any], |_, _, a| {
        Ok(Value::Float(to_float64(&a[0]).floor()))
    });
    t.addv("round", &[Any, Int], Float, |_, _, a| {
        let round_on = a.get(2).map(to_float64).unwrap_or(0.5);
        let val = to_float64(&a[0]);
        let pow = 10f64.powf(int(&a[1]) as f64);
        let digit = pow * val;
        let frac = digit.fract();
        let r = if frac >= round_on {
            digit.ceil()
        } else {
            digit.floor()
        };
        Ok(Value::Float(r / pow))
    });

    // String lists.
    t.add("join", &[Str, Any], |_, _, a| {
        Ok(Value::str(strslice(&a[1]).join(s(&a[0]))))
    });
    t.add("sortAlpha", &[Any], |_, _, a| {
        Ok(match &a[0] {
            Value::List(..) => {
                let mut v = strslice(&a[0]);
                v.sort();
                Value::str_list(v)
            }
            v => Value::str_list(vec![strval(v)]),
        })
    });

    // Defaults.
    t.addv("default", &[Any], Any, |_, _, a| {
        Ok(if a.len() < 2 || empty(&a[1]) {
            a[0].clone()
        } else {
            a[1].clone()
        })
    });
    t.add("empty", &[Any], |_, _, a| Ok(Value::Bool(empty(&a[0]))));
    t.addv("coalesce", &[], Any, |_, _, a| {
        Ok(a.iter().find(|v| !empty(v)).cloned().unwrap_or(Value::Nil))
    });
    t.addv("all", &[], Any, |_, _, a| {
        Ok(Value::Bool(a.iter().all(|v| !empty(v))))
    });
    t.addv("any", &[], Any, |_, _, a| {
        Ok(Value::Bool(a.iter().any(|v| !empty(v))))
    });
    for name in ["compact", "mustCompact"] {
        t.add(name, &[Any], |_, _, a| {
            Ok(list_result(
                list_items(&a[0], "compact on")?
                    .iter()
                    .filter(|v| !empty(v))
                    .cloned()
                    .collect(),
            ))
        });
    }
    t.add("ternary", &[Any, Any, Bool], |_, _, a| {
        Ok(if matches!(a[2], Value::Bool(true)) {
            a[0].clone()
        } else {
            a[1].clone()
        })
    });
    for name in ["deepCopy", "mustDeepCopy"] {
        t.add(name, &[Any], |_, _, a| {
            if a[0].is_nil() {
                return Err("reflect: call of reflect.Value.Type on zero Value".into());
            }
            Ok(a[0].deep_copy())
        });
    }

    // JSON (sprig's; Helm overrides toJson and fromJson).
    {
        let name = "mustToJson";
        t.add(name, &[Any], |_, _, a| {
            to_json(&a[0], true, None)
                .map(Value::str)
                .ok_or_else(|| "json: unsupported value".into())
        });
    }
    t.add("toPrettyJson", &[Any], |_, _, a| {
        Ok(Value::str(
            to_json(&a[0], true, Some("  ")).unwrap_or_default(),
        ))
    });
    t.add("mustToPrettyJson", &[Any], |_, _, a| {
        to_json(&a[0], true, Some("  "))
            .map(Value::str)
            .ok_or_else(|| "json: unsupported value".into())
    });
    t.add("toRawJson", &[Any], |_, _, a| {
        Ok(Value::str(to_json(&a[0], false, None).unwrap_or_default()))
    });
    t.add("mustToRawJson", &[Any], |_, _, a| {
        to_json(&a[0], false, None)
            .map(Value::str)
            .ok_or_else(|| "json: unsupported value".into())
    });
    t.add("mustFromJson", &[Str], |_, _, a| {
        serde_json::from_str::<serde_json::Value>(s(&a[0]))
            .map(|v| Value::from_json(&v))
            .map_err(|e| e.to_string().into())
    });

    // Reflection.
    t.add("typeOf", &[Any], |_, _, a| Ok(Value::str(a[0].type_name())));
    t.add("typeIs", &[Str, Any], |_, _, a| {
        Ok(Value::Bool(s(&a[0]) == a[1].type_name()))
    });
    t.add("typeIsLike", &[Str, Any], |_, _, a| {
        let tn = a[1].type_name();
        Ok(Value::Bool(
            s(&a[0]) == tn || format!("*{}", s(&a[0])) == tn,
        ))
    });
    t.add("kindOf", &[Any], |_, _, a| Ok(Value::str(a[0].kind_name())));
    t.add("kindIs", &[Str, Any], |_, _, a| {
        Ok(Value::Bool(s(&a[0]) == a[1].kind_name()))
    });
    t.add("deepEqual", &[Any, Any], |_, _, a| {
        Ok(Value::Bool(deep_equal(&a[0], &a[1])))
    });

    // Paths.
    for name in ["base", "osBase"] {
        t.add(name, &[Str], |_, _, a| Ok(Value::str(path_base(s(&a[0])))));
    }
    for name in ["dir", "osDir"] {
        t.add(name, &[Str], |_, _, a| Ok(Value::str(path_dir(s(&a[0])))));
    }
    for name in ["clean", "osClean"] {
        t.add(name, &[Str], |_, _, a| Ok(Value::str(path_clean(s(&a[0])))));
    }
    for name in ["ext", "osExt"] {
        t.add(name, &[Str], |_, _, a| Ok(Value::str(path_ext(s(&a[0])))));
    }
    for name in ["isAbs", "osIsAbs"] {
        t.add(name, &[Str], |_, _, a| {
            Ok(Value::Bool(s(&a[0]).starts_with('/')))
        });
    }

    // Encoding.
    t.add("b64enc", &[Str], |_, _, a| {
        Ok(Value::str(
            base64::engine::general_purpose::STANDARD.encode(s(&a[0])),
        ))
    });
    t.add("b64dec", &[Str], |_, _, a| {
        Ok(Value::str(match b64_decode(s(&a[0])) {
            Ok(b) => go_lossy(&b),
            Err(e) => e,
        }))
    });
    t.add("b32enc", &[Str], |_, _, a| {
        Ok(Value::str(base32_encode(s(&a[0]).as_bytes())))
    });
    t.add("b32dec", &[Str], |_, _, a| {
        Ok(Value::str(match base32_decode(s(&a[0])) {
            Ok(b) => go_lossy(&b),
            Err(e) => e,
        }))
    });

    // Dictionaries.
    for name in ["tuple", "list"] {
        t.addv(name, &[], Any, |_, _, a| Ok(Value::list(a)));
    }
    t.addv("dict", &[], Any, |_, _, a| {
        let mut m = BTreeMap::new();
        for pair in a.chunks(2) {
            m.insert(
                strval(&pair[0]),
                pair.get(1).cloned().unwrap_or_else(|| Value::str("")),
            );
        }
        Ok(Value::map(m))
    });
    t.add("get", &[Map, Str], |_, _, a| {
        Ok(map_entries(&a[0])
            .get(s(&a[1]))
            .cloned()
            .unwrap_or_else(|| Value::str("")))
    });
    t.add("set", &[Map, Str, Any], |_, _, a| match &a[0] {
        Value::Map(m, _) => {
            m.borrow_mut().insert(s(&a[1]).to_string(), a[2].clone());
            Ok(a[0].clone())
        }
        _ => Err("assignment to entry in nil map".into()),
    });
    t.add("unset", &[Map, Str], |_, _, a| {
        if let Value::Map(m, _) = &a[0] {
            m.borrow_mut().remove(s(&a[1]));
        }
        Ok(a[0].clone())
    });
    t.add("hasKey", &[Map, Str], |_, _, a| {
        Ok(Value::Bool(map_entries(&a[0]).contains_key(s(&a[1]))))
    });
    t.addv("pluck", &[Str], Map, |_, _, a| {
        Ok(Value::list(
            a[1..]
                .iter()
                .filter_map(|d| map_entries(d).get(s(&a[0])).cloned())
                .collect(),
        ))
    });
    t.addv("keys", &[], Map, |_, _, a| {
        Ok(Value::str_list(
            a.iter().flat_map(|d| map_entries(d).into_keys()).collect(),
        ))
    });
    t.addv("pick", &[Map], Str, |_, _, a| {
        let m = map_entries(&a[0]);
        Ok(Value::map(
            a[1..]
                .iter()
                .filter_map(|k| m.get(s(k)).map(|v| (s(k).to_string(), v.clone())))
                .collect(),
        ))
    });
    t.addv("omit", &[Map], Str, |_, _, a| {
        let mut m = map_entries(&a[0]);
        for k in &a[1..] {
            m.remove(s(k));
        }
        Ok(Value::map(m))
    });
    for (name, overwrite) in [
        ("merge", false),
        ("mustMerge", false),
        ("mergeOverwrite", true),
        ("mustMergeOverwrite", true),
    ] {
        let f: super::Native = if overwrite {
            |_, _, a| merge_all(a, true)
        } else {
            |_, _, a| merge_all(a, false)
        };
        t.addv(name, &[Map], Map, f);
    }
    t.add("values", &[Map], |_, _, a| {
        Ok(Value::list(map_entries(&a[0]).into_values().collect()))
    });
    t.addv("dig", &[], Any, |_, _, a| {
        if a.len() < 3 {
            return Err("dig needs at least three arguments".into());
        }
        let Value::Map(m, Elem::Any) = &a[a.len() - 1] else {
            return Err(format!(
                "interface conversion: interface {{}} is {}, not map[string]interface {{}}",
                a[a.len() - 1].type_name()
            )
            .into());
        };
        let def = a[a.len() - 2].clone();
        let mut keys = Vec::new();
        for k in &a[..a.len() - 2] {
            match k {
                Value::Str(k) => keys.push(k.to_string()),
                v => {
                    return Err(format!(
                        "interface conversion: interface {{}} is {}, not string",
                        v.type_name()
                    )
                    .into());
                }
            }
        }
        let mut cur = m.clone();
        for (i, k) in keys.iter().enumerate() {
            let step = cur.borrow().get(k).cloned();
            let Some(step) = step else { return Ok(def) };
            if i == keys.len() - 1 {
                return Ok(step);
            }
            match step {
                Value::Map(n, Elem::Any) => cur = n,
                v => {
                    return Err(format!(
                        "interface conversion: interface {{}} is {}, not map[string]interface {{}}",
                        v.type_name()
                    )
                    .into());
                }
            }
        }
        Ok(def)
    });

    // Lists.
    for name in ["append", "push", "mustAppend", "mustPush"] {
        t.add(name, &[Any, Any], |_, _, a| {
            let mut l = list_items(&a[0], "push on")?.as_ref().clone();
            l.push(a[1].clone());
            Ok(Value::list(l))
        });
    }
    for name in ["prepend", "mustPrepend"] {
        t.add(name, &[Any, Any], |_, _, a| {
            let mut l = vec![a[1].clone()];
            l.extend(list_items(&a[0], "prepend on")?.iter().cloned());
            Ok(Value::list(l))
        });
    }
    for name in ["first", "mustFirst"] {
        t.add(name, &[Any], |_, _, a| {
            Ok(list_items(&a[0], "find first on")?
                .first()
                .cloned()
                .unwrap_or(Value::Nil))
        });
    }
    for name in ["last", "mustLast"] {
        t.add(name, &[Any], |_, _, a| {
            Ok(list_items(&a[0], "find last on")?
                .last()
                .cloned()
                .unwrap_or(Value::Nil))
        });
    }
    for name in ["rest", "mustRest"] {
        t.add(name, &[Any], |_, _, a| {
            let l = list_items(&a[0], "find rest on")?;
            if l.is_empty() {
                return Ok(Value::nil_slice());
            }
            Ok(Value::list(l.iter().skip(1).cloned().collect()))
        });
    }
    for name in ["initial", "mustInitial"] {
        t.add(name, &[Any], |_, _, a| {
            let l = list_items(&a[0], "find initial on")?;
            if l.is_empty() {
                return Ok(Value::nil_slice());
            }
            Ok(Value::list(
                l.iter().take(l.len().saturating_sub(1)).cloned().collect(),
            ))
        });
    }
    for name in ["reverse", "mustReverse"] {
        t.add(name, &[Any], |_, _, a| {
            Ok(Value::list(
                list_items(&a[0], "find reverse on")?
                    .iter()
                    .rev()
                    .cloned()
                    .collect(),
            ))
        });
    }
    for name in ["uniq", "mustUniq"] {
        t.add(name, &[Any], |_, _, a| {
            let mut out: Vec<Value> = Vec::new();
            for v in list_items(&a[0], "find uniq on")?.iter() {
                if !out.iter().any(|o| deep_equal(o, v)) {
                    out.push(v.clone());
                }
            }
            Ok(Value::list(out))
        });
    }
    for name in ["without", "mustWithout"] {
        t.addv(name, &[Any], Any, |_, _, a| {
            let l = list_items(&a[0], "find without on")?;
            Ok(Value::list(
                l.iter()
                    .filter(|v| !a[1..].iter().any(|o| deep_equal(o, v)))
                    .cloned()
                    .collect(),
            ))
        });
    }
    for name in ["has", "mustHas"] {
        t.add(name, &[Any, Any], |_, _, a| {
            if a[1].is_nil() {
                return Ok(Value::Bool(false));
            }
            Ok(Value::Bool(
                list_items(&a[1], "find has on")?
                    .iter()
                    .any(|v| deep_equal(&a[0], v)),
            ))
        });
    }
    for name in ["slice", "mustSlice"] {
        t.addv(name, &[Any], Any, |_, _, a| {
            let (l, e) = match &a[0] {
                Value::List(l, e) => (l.clone(), *e),
                Value::Nil | Value::Invalid => {
                    return Err(
                        "runtime error: invalid memory address or nil pointer dereference".into(),
                    );
                }
                v => {
                    return Err(format!(
                        "list should be type of slice or array but {}",
                        v.kind_name()
                    )
                    .into());
                }
            };
            if l.is_empty() {
                return Ok(Value::Nil);
            }
            let start = a.get(1).map(to_int64).unwrap_or(0);
            let end = if a.len() < 3 {
                l.len() as i64
            } else {
                to_int64(&a[2])
            };
            if start < 0 || end < start || end > l.len() as i64 {
                return Err(format!("reflect: slice index out of range [{start}:{end}]").into());
            }
            Ok(Value::List(
                Rc::new(l[start as usize..end as usize].to_vec()),
                e,
            ))
        });
    }
    t.addv("concat", &[], Any, |_, _, a| {
        let mut out = Vec::new();
        for l in &a {
            match l {
                Value::List(items, _) => out.extend(items.iter().cloned()),
                Value::Nil | Value::Invalid => {
                    return Err(
                        "runtime error: invalid memory address or nil pointer dereference".into(),
                    );
                }
                v => return Err(format!("Cannot concat type {} as list", v.kind_name()).into()),
            }
        }
        if out.is_empty() {
            return Ok(Value::nil_slice());
        }
        Ok(Value::list(out))
    });
    for name in ["chunk", "mustChunk"] {
        t.add(name, &[Int, Any], |_, _, a| {
            let size = int(&a[0]);
            let l = list_items(&a[1], "chunk")?;
            if size <= 0 {
                return Err("runtime error: integer divide by zero".into());
            }
            Ok(Value::list(
                l.chunks(size as usize)
                    .map(|c| Value::list(c.to_vec()))
                    .collect(),
            ))
        });
    }

    // Semantic versions.
    t.add("semver", &[Str], |_, _, a| {
        let v = crate::gotemplate::semver::SemverObject::parse(s(&a[0]))?;
        Ok(Value::Object(Rc::new(v)))
    });
    t.add("semverCompare", &[Str, Str], |_, _, a| {
        crate::gotemplate::masterminds::semver_compare(s(&a[0]), s(&a[1]))
            .map(Value::Bool)
            .map_err(|e| CallError::Msg(e.to_string()))
    });

    // Regular expressions.
    t.add("regexMatch", &[Str, Str], |_, _, a| {
        Ok(Value::Bool(
            regex(s(&a[0])).is_ok_and(|r| r.is_match(s(&a[1]))),
        ))
    });
    t.add("mustRegexMatch", &[Str, Str], |_, _, a| {
        Ok(Value::Bool(regex(s(&a[0]))?.is_match(s(&a[1]))))
    });
    for name in ["regexFindAll", "mustRegexFindAll"] {
        t.add(name, &[Str, Str, Int], |_, _, a| {
            let r = regex(s(&a[0]))?;
            let n = int(&a[2]);
            let st = s(&a[1]);
            let limit = if n < 0 { usize::MAX } else { n as usize };
            Ok(Value::str_list(
                go_find_all(&r, st, limit)
                    .into_iter()
                    .map(|(x, y)| st[x..y].to_string())
                    .collect(),
            ))
        });
    }
    for name in ["regexFind", "mustRegexFind"] {
        t.add(name, &[Str, Str], |_, _, a| {
            Ok(Value::str(
                regex(s(&a[0]))?
                    .find(s(&a[1]))
                    .map(|m| m.as_str())
                    .unwrap_or(""),
            ))
        });
    }
    for name in ["regexReplaceAll", "mustRegexReplaceAll"] {
        t.add(name, &[Str, Str, Str], |_, _, a| {
            Ok(Value::str(regex_replace(
                &regex(s(&a[0]))?,
                s(&a[1]),
                s(&a[2]),
                false,
            )))
        });
    }
    for name in ["regexReplaceAllLiteral", "mustRegexReplaceAllLiteral"] {
        t.add(name, &[Str, Str, Str], |_, _, a| {
            Ok(Value::str(regex_replace(
                &regex(s(&a[0]))?,
                s(&a[1]),
                s(&a[2]),
                true,
            )))
        });
    }
    for name in ["regexSplit", "mustRegexSplit"] {
        t.add(name, &[Str, Str, Int], |_, _, a| {
            Ok(Value::str_list(regex_split(
                &regex(s(&a[0]))?,
                s(&a[1]),
                int(&a[2]),
            )))
        });
    }
    t.add("regexQuoteMeta", &[Str], |_, _, a| {
        Ok(Value::str(quote_meta(s(&a[0]))))
    });

    let _ = float_string;
}

/// strings.Repeat, which panics on a negative count.
fn go_repeat(s: &str, n: i64) -> Result<String, CallError> {
    if n < 0 {
        return Err("strings: negative Repeat count".into());
    }
    check_size(i128::from(n) * s.len() as i128)?;
    Ok(s.repeat(n as usize))
}

/// sprig's `indent` (and `nindent`, `newline` first): `text` with `n`
/// spaces before every line, built in one pass into one string of the size
/// it will have (charts indent every `toYaml` and `include` they print).
fn indented(n: i64, text: &str, newline: bool) -> Result<String, CallError> {
    check_indented_size(n, text)?;
    if n < 0 {
        return Err("strings: negative Repeat count".into());
    }
    let n = n as usize;
    let lines = 1 + text.bytes().filter(|&b| b == b'\n').count();
    let mut out = String::with_capacity(text.len() + n * lines + usize::from(newline));
    if newline {
        out.push('\n');
    }
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        out.extend(std::iter::repeat_n(' ', n));
        out.push_str(line);
    }
    Ok(out)
}

/// Refuses to indent `text` by `n` if that makes more than [`MAX_BYTES`].
fn check_indented_size(n: i64, text: &str) -> Result<(), CallError> {
    let lines = 1 + text.matches('\n').count() as i128;
    check_size(text.len() as i128 + i128::from(n.max(0)) * lines)
}

/// Refuses to build a string of `bytes` bytes beyond [`MAX_BYTES`].
fn check_size(bytes: i128) -> Result<(), CallError> {
    if bytes > MAX_BYTES as i128 {
        return Err(format!(
            "a string of {bytes} bytes is more than {} MiB (kubectl-pkg's rendering limit)",
            MAX_BYTES >> 20
        )
        .into());
    }
    Ok(())
}

fn now(ex: &mut Exec<'_>) -> Value {
    let (secs, nanos) = ex.host.now();
    Value::Time(Rc::new(Time::unix(secs, nanos)))
}

/// sprig's dateInZone: times as they are, Unix seconds as times, anything
/// else as now.
fn date_in_zone(ex: &mut Exec<'_>, layout: &str, date: &Value, zone: &str) -> String {
    let t = match date {
        Value::Time(t) => t.as_ref().clone(),
        Value::Int(n) | Value::Int64(n) => Time::unix(*n, 0),
        _ => {
            let (secs, nanos) = ex.host.now();
            Time::unix(secs, nanos)
        }
    };
    t.in_zone(zone).format(layout)
}

/// goutils.AbbreviateFull (its errors read as "", as sprig ignores them).
fn abbreviate_full(st: &str, offset: i64, max: i64) -> String {
    let n = st.len() as i64;
    if st.is_empty() || max < 4 {
        return String::new();
    }
    if n <= max {
        return st.to_string();
    }
    let mut offset = offset.min(n);
    if n - offset < max - 3 {
        offset = n - (max - 3);
    }
    if offset <= 4 {
        return format!("{}...", go_slice_bytes(st, 0, (max - 3) as usize));
    }
    if max < 7 {
        return String::new();
    }
    if offset + max - 3 < n {
        let rest = go_slice_bytes(st, offset as usize, n as usize);
        return format!("...{}", abbreviate_full(&rest, 0, max - 3));
    }
    format!(
        "...{}",
        go_slice_bytes(st, (n - (max - 3)) as usize, n as usize)
    )
}

fn go_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a > b {
        a
    } else {
        b
    }
}

fn go_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a < b {
        a
    } else {
        b
    }
}

fn merge_all(a: Vec<Value>, overwrite: bool) -> CallResult {
    let dst = match &a[0] {
        Value::Map(..) => a[0].clone(),
        _ => Value::map(BTreeMap::new()),
    };
    for src in &a[1..] {
        mergo(&dst, src, overwrite);
    }
    Ok(dst)
}

#[allow(dead_code)]
fn ordering_unused(_: Ordering) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_and_encodings() {
        assert_eq!(
            hex::encode(sha1(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(adler32(b"Wikipedia"), 300286872);
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI======");
        assert_eq!(base32_decode("MZXW6YTBOI======").unwrap(), b"foobar");
    }

    #[test]
    fn casts_like_spf13() {
        assert_eq!(to_int64(&Value::str("0x10")), 16);
        assert_eq!(to_int64(&Value::str("1.00")), 1);
        assert_eq!(to_int64(&Value::str("1.5")), 0);
        assert_eq!(to_int64(&Value::Float(2.9)), 2);
        assert_eq!(to_float64(&Value::str("2.5")), 2.5);
    }

    #[test]
    fn decimal_arithmetic_is_exact() {
        assert_eq!(
            decimal_op(&Value::Float(0.1), &[Value::Float(0.2)], '+'),
            0.3
        );
        assert_eq!(
            decimal_op(&Value::Float(1.0), &[Value::Float(3.0)], '/'),
            0.3333333333333333
        );
    }

    #[test]
    fn paths_like_go() {
        assert_eq!(path_clean("a/../../b/./c/"), "../b/c");
        assert_eq!(path_dir("/a/b/c"), "/a/b");
        assert_eq!(path_base("/a/b/"), "b");
        assert_eq!(path_ext("x/y.tar.gz"), ".gz");
    }
}

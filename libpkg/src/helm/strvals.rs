//! Helm's `--set` family of flags, parsed as Helm 4's `pkg/strvals`
//! parses them, so that a command line means the same values here as with
//! `helm install`.
//!
//! A set line is `name1=value1,name2=value2`: dots nest maps (`a.b=1`),
//! brackets index lists (`a[0]=x`, `a[1].b=y`, `a[0][1]=z`), `{x,y}` is a list
//! value, and a backslash escapes the next character (`a=one\,two`). What a
//! value becomes depends on the flag ([`SetKind`]):
//! - `--set`: `true`/`false`/`null` (any capitalization) are booleans and null,
//!   `0` and integers that do not start with `0` are 64-bit integers
//!   ([`serde_json::Value`] `i64`), everything else is a string (`00009`, `1.5`);
//! - `--set-string`: always a string;
//! - `--set-json`: a JSON document (numbers become floats, as Go reads them);
//!   an empty value is null;
//! - `--set-file`: the content of the named file, as a string (the caller reads
//!   the file, so this module stays free of I/O);
//! - `--set-literal`: everything after the first `=` is one literal string:
//!   no escapes, no commas, no lists.
//!
//! Quirks are kept on purpose, because charts and pipelines depend on them:
//! `name1=value1,,` is an error, an index above 65536 or a name nested more
//! than 30 levels deep is refused (and, beyond Helm, lists nested more than
//! 256 levels deep). Where Go would panic on a type conflict
//! (`a=1` then `a.b=2` in one set of flags) the error says which key conflicts.
//!
//! One departure from Helm 4.2: an index that is not closed (`a[=1`, `a[0`,
//! `a[0][1`) is refused with Helm 3's and 4.0's message (`error parsing
//! index: EOF`), where Helm 4.1 and later set nothing and say nothing (its
//! parser began to see the end of input through the error wrapping it).
//! Other lines Helm takes without a word still set what Helm sets: `a.` and
//! `=1` nothing, `a[0]` an empty list.

use serde_json::{Map, Value};

/// Largest list index a set line may use (Helm's `MaxIndex`).
pub const MAX_INDEX: i64 = 65536;
/// Deepest nesting of names a set line may use (Helm's `MaxNestedNameLevel`).
pub const MAX_NESTED_NAME_LEVEL: usize = 30;
/// Deepest nesting of list indices (`a[0][0]…`). Helm has no limit; this one
/// keeps a hostile line from exhausting the stack.
pub const MAX_NESTED_LISTS: usize = 256;

/// Why a file named by `--set-file` or `-f` could not be read: the reading
/// callback's error, shown in the message that names the flag and line.
pub type ReadFileError = Box<dyn std::error::Error + Send + Sync>;

/// Which flag a set line came from: it decides what the values become.
#[derive(Clone, Copy)]
pub enum SetKind<'a> {
    /// `--set`: booleans, null and integers are typed, the rest are strings.
    Typed,
    /// `--set-string`: every value is a string.
    String,
    /// `--set-json`: every value is a JSON document.
    Json,
    /// `--set-file`: every value names a file whose content becomes the
    /// (string) value; the function reads it.
    File(&'a dyn Fn(&str) -> Result<String, ReadFileError>),
    /// `--set-literal`: the value is the rest of the line, verbatim.
    Literal,
}

impl std::fmt::Debug for SetKind<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SetKind::Typed => "Typed",
            SetKind::String => "String",
            SetKind::Json => "Json",
            SetKind::File(_) => "File",
            SetKind::Literal => "Literal",
        })
    }
}

/// A set line that could not be parsed. The message is Helm's where Helm has one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StrvalsError {
    /// What is wrong, naming the key when one is involved.
    pub message: String,
}

/// Parses one set line into a new map.
pub fn parse(line: &str, kind: SetKind<'_>) -> Result<Map<String, Value>, StrvalsError> {
    let mut values = Map::new();
    parse_into(line, kind, &mut values)?;
    Ok(values)
}

/// Parses one set line and merges it into `dest`: keys it names replace what
/// `dest` has, maps are entered, lists are indexed in place.
pub fn parse_into(
    line: &str,
    kind: SetKind<'_>,
    dest: &mut Map<String, Value>,
) -> Result<(), StrvalsError> {
    let mut parser = Parser {
        chars: line.chars().collect(),
        pos: 0,
        kind,
    };
    loop {
        match parser.key(dest, 0) {
            Ok(()) => continue,
            Err(Stop::Eof) => return Ok(()),
            Err(Stop::NotList) => unreachable!("NotList never escapes valList's callers"),
            Err(Stop::Error(message)) => return Err(StrvalsError { message }),
        }
    }
}

/// Why parsing of one element stopped. Go uses `io.EOF` as a value that means
/// "done", which is not an error at the top level; it is kept distinct here.
#[derive(Debug)]
enum Stop {
    Eof,
    NotList,
    Error(String),
}

fn fail<T>(message: String) -> Result<T, Stop> {
    Err(Stop::Error(message))
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    kind: SetKind<'a>,
}

impl Parser<'_> {
    fn literal(&self) -> bool {
        matches!(self.kind, SetKind::Literal)
    }

    fn read(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    fn unread(&mut self) {
        self.pos -= 1;
    }

    /// Characters up to one of `stop` (consumed, returned second), or to the
    /// end of input (`None`). Backslash escapes, except for `--set-literal`.
    fn until(&mut self, stop: &[char]) -> (String, Option<char>) {
        let mut out = String::new();
        loop {
            match self.read() {
                None => return (out, None),
                Some(c) if stop.contains(&c) => return (out, Some(c)),
                Some('\\') if !self.literal() => match self.read() {
                    None => return (out, None),
                    Some(next) => out.push(next),
                },
                Some(c) => out.push(c),
            }
        }
    }

    fn key(&mut self, data: &mut Map<String, Value>, level: usize) -> Result<(), Stop> {
        let stop: &[char] = if self.literal() {
            &['=', '[', '.']
        } else {
            &['=', '[', ',', '.']
        };
        let (key, last) = self.until(stop);
        match last {
            None if key.is_empty() => Err(Stop::Eof),
            None => fail(format!("key {key:?} has no value")),
            Some('[') => {
                let index = self.key_index()?;
                let mut list = match data.remove(&key) {
                    None => Vec::new(),
                    Some(Value::Array(list)) => list,
                    Some(other) => {
                        data.insert(key.clone(), other);
                        return fail(format!(
                            "unable to parse key: {key:?} is already set to a value that is not a list"
                        ));
                    }
                };
                let outcome = self.list_item(&mut list, index, level, 1);
                set(data, &key, Value::Array(list));
                outcome
            }
            Some('=') => self.assign(data, &key),
            Some(',') => {
                set(data, &key, Value::String(String::new()));
                fail(format!("key {key:?} has no value (cannot end with ,)"))
            }
            Some(_) => {
                // '.': a nested map.
                let level = level + 1;
                if level > MAX_NESTED_NAME_LEVEL {
                    return fail(format!(
                        "value name nested level is greater than maximum supported nested level of {MAX_NESTED_NAME_LEVEL}"
                    ));
                }
                let (mut inner, existed) = match data.remove(&key) {
                    None => (Map::new(), false),
                    Some(Value::Object(map)) => (map, true),
                    Some(other) => {
                        data.insert(key.clone(), other);
                        return fail(format!(
                            "unable to parse key: {key:?} is already set to a value that is not a map"
                        ));
                    }
                };
                let outcome = self.key(&mut inner, level);
                let empty = inner.is_empty();
                if !empty || existed {
                    set(data, &key, Value::Object(inner));
                }
                match outcome {
                    Ok(()) if empty => fail(format!("key map {key:?} has no value")),
                    other => other,
                }
            }
        }
    }

    /// `key=` seen: reads the value as the flag says and stores it.
    fn assign(&mut self, data: &mut Map<String, Value>, key: &str) -> Result<(), Stop> {
        match self.kind {
            SetKind::Literal => {
                let (value, _) = self.until(&[]);
                set(data, key, Value::String(value));
                Ok(())
            }
            SetKind::Json => {
                let value = self.json_value()?;
                set(data, key, value);
                Ok(())
            }
            _ => match self.val_list() {
                Ok(list) => {
                    set(data, key, Value::Array(list));
                    Ok(())
                }
                Err(Stop::Eof) => {
                    set(data, key, Value::String(String::new()));
                    Err(Stop::Eof)
                }
                Err(Stop::NotList) => {
                    let (raw, _) = self.until(&[',']);
                    let value = self.convert(&raw)?;
                    set(data, key, value);
                    Ok(())
                }
                Err(other) => Err(other),
            },
        }
    }

    /// A `--set-json` value: empty (up to a comma or the end) is null;
    /// otherwise one JSON document, then optional blanks and a comma.
    fn json_value(&mut self) -> Result<Value, Stop> {
        if self.empty_val() {
            return Ok(Value::Null);
        }
        let rest: String = self.chars[self.pos..].iter().collect();
        let mut stream = serde_json::Deserializer::from_str(&rest).into_iter::<Value>();
        let value = match stream.next() {
            Some(Ok(value)) => value,
            Some(Err(e)) => return fail(e.to_string()),
            None => return fail("unexpected end of JSON input".to_string()),
        };
        let consumed = rest[..stream.byte_offset()].chars().count();
        self.pos += consumed;
        self.empty_val();
        Ok(super::values::go_numbers(value))
    }

    /// Consumes blanks up to a comma or the end (true: the value is empty), or
    /// stops before anything else (false).
    fn empty_val(&mut self) -> bool {
        loop {
            match self.read() {
                None | Some(',') => return true,
                Some(c) if c.is_whitespace() => continue,
                Some(_) => {
                    self.unread();
                    return false;
                }
            }
        }
    }

    fn convert(&self, raw: &str) -> Result<Value, Stop> {
        match self.kind {
            SetKind::Typed => Ok(typed_value(raw)),
            SetKind::File(read) => read(raw)
                .map(Value::String)
                .map_err(|e| Stop::Error(e.to_string())),
            _ => Ok(Value::String(raw.to_string())),
        }
    }

    fn key_index(&mut self) -> Result<i64, Stop> {
        let (text, last) = self.until(&[']']);
        if last.is_none() {
            // Helm 3 and 4.0 refuse an index that is not closed with this
            // message; since Helm 4.1 the wrapped io.EOF ends parsing quietly
            // and the line sets nothing (issue 49: refused here).
            return fail(format!(
                "error parsing index: EOF (no ']' closes the index {:?})",
                format!("[{text}")
            ));
        }
        go_atoi(&text).ok_or_else(|| {
            Stop::Error(format!(
                "error parsing index: strconv.Atoi: parsing {text:?}: invalid syntax"
            ))
        })
    }

    fn list_item(
        &mut self,
        list: &mut Vec<Value>,
        index: i64,
        level: usize,
        lists: usize,
    ) -> Result<(), Stop> {
        if lists > MAX_NESTED_LISTS {
            return fail(format!(
                "lists are nested more than {MAX_NESTED_LISTS} levels deep"
            ));
        }
        if index < 0 {
            return fail(format!("negative {index} index not allowed"));
        }
        let (rest, last) = self.until(&['[', '.', '=']);
        if !rest.is_empty() {
            return fail(format!("unexpected data at end of array index: {rest:?}"));
        }
        match last {
            None => Err(Stop::Eof),
            Some('=') => match self.kind {
                SetKind::Literal => {
                    let (value, _) = self.until(&[]);
                    set_index(list, index, Value::String(value))
                }
                SetKind::Json => {
                    let value = self.json_value()?;
                    set_index(list, index, value)
                }
                _ => match self.val_list() {
                    Ok(values) => set_index(list, index, Value::Array(values)),
                    Err(Stop::Eof) => set_index(list, index, Value::String(String::new())),
                    Err(Stop::NotList) => {
                        let (raw, _) = self.until(&[',']);
                        let value = self.convert(&raw)?;
                        set_index(list, index, value)
                    }
                    Err(other) => Err(other),
                },
            },
            Some('[') => {
                let next = self.key_index()?;
                let slot = usize::try_from(index).unwrap_or(usize::MAX);
                let mut inner = match list.get_mut(slot).map(Value::take) {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(inner)) => inner,
                    Some(other) => {
                        list[slot] = other;
                        return fail(format!(
                            "unable to parse key: index {index} is already set to a value that is not a list"
                        ));
                    }
                };
                let outcome = self.list_item(&mut inner, next, level, lists + 1);
                if let Err(stop) = outcome {
                    if let Some(existing) = list.get_mut(slot) {
                        *existing = Value::Array(inner);
                    }
                    return Err(stop);
                }
                set_index(list, index, Value::Array(inner))
            }
            Some(_) => {
                // '.': a map inside the list. A slot holding something else is
                // replaced by a map, as Helm does for indices given out of order.
                let slot = usize::try_from(index).unwrap_or(usize::MAX);
                let (mut inner, present) = match list.get_mut(slot).map(Value::take) {
                    None => (Map::new(), false),
                    Some(Value::Object(map)) => (map, true),
                    Some(_) => (Map::new(), true),
                };
                let outcome = self.key(&mut inner, level);
                if present {
                    list[slot] = Value::Object(inner.clone());
                }
                outcome?;
                set_index(list, index, Value::Object(inner))
            }
        }
    }

    /// `{a,b}`: a list value. `NotList` when the value does not start with `{`.
    fn val_list(&mut self) -> Result<Vec<Value>, Stop> {
        match self.read() {
            None => return Err(Stop::Eof),
            Some('{') => {}
            Some(_) => {
                self.unread();
                return Err(Stop::NotList);
            }
        }
        let mut list = Vec::new();
        loop {
            let (raw, last) = self.until(&[',', '}']);
            match last {
                None => return fail("list must terminate with '}'".to_string()),
                Some('}') => {
                    if let Some(next) = self.read()
                        && next != ','
                    {
                        self.unread();
                    }
                    list.push(self.convert(&raw)?);
                    return Ok(list);
                }
                Some(_) => list.push(self.convert(&raw)?),
            }
        }
    }
}

/// Stores `value` under `key`, unless the key is empty (as Helm does).
fn set(data: &mut Map<String, Value>, key: &str, value: Value) {
    if !key.is_empty() {
        data.insert(key.to_string(), value);
    }
}

/// Stores `value` at `index`, growing the list with nulls.
fn set_index(list: &mut Vec<Value>, index: i64, value: Value) -> Result<(), Stop> {
    if index < 0 {
        return fail(format!("negative {index} index not allowed"));
    }
    if index > MAX_INDEX {
        return fail(format!(
            "index of {index} is greater than maximum supported index of {MAX_INDEX}"
        ));
    }
    let index = index as usize;
    if list.len() <= index {
        list.resize(index + 1, Value::Null);
    }
    list[index] = value;
    Ok(())
}

/// Go's `strconv.Atoi`: optional sign, decimal digits, fits in 64 bits.
fn go_atoi(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// What a `--set` value becomes (Helm's `typedVal`).
fn typed_value(raw: &str) -> Value {
    if raw.eq_ignore_ascii_case("true") {
        return Value::Bool(true);
    }
    if raw.eq_ignore_ascii_case("false") {
        return Value::Bool(false);
    }
    if raw.eq_ignore_ascii_case("null") {
        return Value::Null;
    }
    if raw == "0" {
        return Value::from(0i64);
    }
    if !raw.is_empty()
        && !raw.starts_with('0')
        && let Some(number) = go_atoi(raw)
    {
        return Value::from(number);
    }
    Value::String(raw.to_string())
}

#[cfg(test)]
mod tests {
    //! Cases from Helm's parser_test.go and literal_parser_test.go.
    use super::*;
    use serde_json::json;

    fn typed(line: &str) -> Result<Value, StrvalsError> {
        parse(line, SetKind::Typed).map(Value::Object)
    }

    #[track_caller]
    fn ok(line: &str, kind: SetKind<'_>, expect: Value) {
        match parse(line, kind) {
            Ok(got) => assert_eq!(Value::Object(got), expect, "{line}"),
            Err(e) => panic!("{line}: {e}"),
        }
    }

    #[track_caller]
    fn err(line: &str, kind: SetKind<'_>) -> String {
        match parse(line, kind) {
            Ok(got) => panic!("{line}: expected an error, got {got:?}"),
            Err(e) => e.message,
        }
    }

    #[test]
    fn set_index_grows_and_refuses_out_of_range() {
        let mut list = vec![json!(0), json!(1)];
        set_index(&mut list, 2, json!(2)).unwrap();
        assert_eq!(list, vec![json!(0), json!(1), json!(2)]);
        set_index(&mut list, 1, json!(5)).unwrap();
        assert_eq!(list, vec![json!(0), json!(5), json!(2)]);
        assert!(set_index(&mut list, -1, json!(4)).is_err());
        assert!(set_index(&mut list, MAX_INDEX + 1, json!(4)).is_err());
        assert_eq!(list.len(), 3);
    }

    #[test]
    fn set_string_keeps_every_value_a_string() {
        ok(
            "long_int_string=1234567890",
            SetKind::String,
            json!({"long_int_string": "1234567890"}),
        );
        ok("boolean=true", SetKind::String, json!({"boolean": "true"}));
        ok("is_null=null", SetKind::String, json!({"is_null": "null"}));
        ok("zero=0", SetKind::String, json!({"zero": "0"}));
    }

    #[test]
    fn set_parses_as_helm_does() {
        let t = SetKind::Typed;
        ok(
            "name1=null,f=false,t=true",
            t,
            json!({"name1": null, "f": false, "t": true}),
        );
        ok("name1=value1", t, json!({"name1": "value1"}));
        ok(
            "name1=value1,name2=value2",
            t,
            json!({"name1": "value1", "name2": "value2"}),
        );
        ok(
            "name1=value1,name2=value2,",
            t,
            json!({"name1": "value1", "name2": "value2"}),
        );
        err("name1=value1,,,,name2=value2,", t);
        ok(
            "name1=,name2=value2",
            t,
            json!({"name1": "", "name2": "value2"}),
        );
        ok("leading_zeros=00009", t, json!({"leading_zeros": "00009"}));
        ok("zero_int=0", t, json!({"zero_int": 0}));
        ok("long_int=1234567890", t, json!({"long_int": 1234567890}));
        ok("boolean=true", t, json!({"boolean": true}));
        ok("is_null=null", t, json!({"is_null": null}));
        ok("mixed=TRUE,n=NuLL", t, json!({"mixed": true, "n": null}));
        ok(
            "negative=-5,float=1.5",
            t,
            json!({"negative": -5, "float": "1.5"}),
        );
        err("name1,name2=", t);
        err("name1,name2=value2", t);
        err("name1,name2=value2\\", t);
        err("name1,name2", t);
        ok(
            "name1=one\\,two,name2=three\\,four",
            t,
            json!({"name1": "one,two", "name2": "three,four"}),
        );
        ok(
            "name1=one\\=two,name2=three\\=four",
            t,
            json!({"name1": "one=two", "name2": "three=four"}),
        );
        ok(
            "name1=one two three,name2=three two one",
            t,
            json!({"name1": "one two three", "name2": "three two one"}),
        );
        ok("outer.inner=value", t, json!({"outer": {"inner": "value"}}));
        ok(
            "outer.middle.inner=value",
            t,
            json!({"outer": {"middle": {"inner": "value"}}}),
        );
        ok(
            "outer.inner1=value,outer.inner2=value2",
            t,
            json!({"outer": {"inner1": "value", "inner2": "value2"}}),
        );
        ok(
            "outer.inner1=value,outer.middle.inner=value",
            t,
            json!({"outer": {"inner1": "value", "middle": {"inner": "value"}}}),
        );
        err("name1.name2", t);
        err("name1.name2,name1.name3", t);
        ok("name1.name2=", t, json!({"name1": {"name2": ""}}));
        err("name1.=name2", t);
        err("name1.,name2", t);
        ok(
            "name1={value1,value2}",
            t,
            json!({"name1": ["value1", "value2"]}),
        );
        ok(
            "name1={value1,value2},name2={value1,value2}",
            t,
            json!({"name1": ["value1", "value2"], "name2": ["value1", "value2"]}),
        );
        ok("name1={1021,902}", t, json!({"name1": [1021, 902]}));
        ok(
            "name1.name2={value1,value2}",
            t,
            json!({"name1": {"name2": ["value1", "value2"]}}),
        );
        err("name1={1021,902", t);
    }

    #[test]
    fn set_lists_parse_as_helm_does() {
        let t = SetKind::Typed;
        ok("list[0]=foo", t, json!({"list": ["foo"]}));
        ok("list[0].foo=bar", t, json!({"list": [{"foo": "bar"}]}));
        ok(
            "list[0].foo=bar,list[0].hello=world",
            t,
            json!({"list": [{"foo": "bar", "hello": "world"}]}),
        );
        err("list[0].foo=bar,list[-30].hello=world", t);
        ok(
            "list[0]=foo,list[1]=bar",
            t,
            json!({"list": ["foo", "bar"]}),
        );
        ok(
            "list[0]=foo,list[1]=bar,",
            t,
            json!({"list": ["foo", "bar"]}),
        );
        ok(
            "list[0]=foo,list[3]=bar",
            t,
            json!({"list": ["foo", null, null, "bar"]}),
        );
        err("list[0]=foo,list[-20]=bar", t);
        err("illegal[0]name.foo=bar", t);
        ok("noval[0]", t, json!({"noval": []}));
        ok("noval[0]=", t, json!({"noval": [""]}));
        ok("nested[0][0]=1", t, json!({"nested": [[1]]}));
        ok("nested[1][1]=1", t, json!({"nested": [null, [null, 1]]}));
        ok(
            "name1.name2[0].foo=bar,name1.name2[1].foo=bar",
            t,
            json!({"name1": {"name2": [{"foo": "bar"}, {"foo": "bar"}]}}),
        );
        ok(
            "name1.name2[1].foo=bar,name1.name2[0].foo=bar",
            t,
            json!({"name1": {"name2": [{"foo": "bar"}, {"foo": "bar"}]}}),
        );
        ok(
            "name1.name2[1].foo=bar",
            t,
            json!({"name1": {"name2": [null, {"foo": "bar"}]}}),
        );
        err("]={}].", t);
        // Helm 4.2 ends quietly on an index not closed; Helm 3 and 4.0
        // refuse it, and so does this parser (issue 49).
        for line in ["a[=1", "a[0", "a[", "a[0][1", "a[0][=1", "b=2,a[0"] {
            let message = err(line, t);
            assert!(
                message.starts_with("error parsing index: EOF (no ']' closes the index \"["),
                "{line}: {message}"
            );
        }
        assert_eq!(
            err("a[=1", SetKind::Literal),
            r#"error parsing index: EOF (no ']' closes the index "[=1")"#
        );
        // What Helm takes without a word is still taken: nothing, or an empty list.
        ok("a.", t, json!({}));
        ok("=1", t, json!({}));
        ok("a[0]", t, json!({"a": []}));
        let message = err("a[x]=1", t);
        assert!(message.contains("error parsing index"), "{message}");
        let message = err(&format!("a[{}]=1", MAX_INDEX + 1), t);
        assert!(message.contains("maximum supported index"), "{message}");
    }

    #[test]
    fn parse_into_merges_with_what_is_there() {
        let mut got = json!({"outer": {"inner1": "overwrite", "inner2": "value2"}});
        parse_into(
            "outer.inner1=value1,outer.inner3=value3,outer.inner4=4",
            SetKind::Typed,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {"inner1": "value1", "inner2": "value2", "inner3": "value3", "inner4": 4}})
        );

        let cases = [
            (
                json!({}),
                "listOuter[0][0].type=listValue",
                "listOuter[0][0].status=alive",
                json!({"listOuter": [[{"type": "listValue", "status": "alive"}]]}),
            ),
            (
                json!({}),
                "listOuter[0][0].type=listValue",
                "listOuter[1][0].status=alive",
                json!({"listOuter": [[{"type": "listValue"}], [{"status": "alive"}]]}),
            ),
            (
                json!({"listOuter": [[[{"exited": "old"}]]]}),
                "listOuter[0][1][0].type=listValue",
                "listOuter[0][0][1].status=alive",
                json!({"listOuter": [[[{"exited": "old"}, {"status": "alive"}], [{"type": "listValue"}]]]}),
            ),
        ];
        for (got, first, second, expect) in cases {
            for kind in [SetKind::Typed, SetKind::Literal] {
                let mut mine = got.clone();
                parse_into(first, kind, mine.as_object_mut().unwrap()).unwrap();
                parse_into(second, kind, mine.as_object_mut().unwrap()).unwrap();
                assert_eq!(mine, expect, "{first} {second} {kind:?}");
            }
        }

        let mut got = json!({"outer": {"inner1": "overwrite", "inner2": "value2"}});
        parse_into(
            "outer.inner1=1,outer.inner3=3",
            SetKind::String,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {"inner1": "1", "inner2": "value2", "inner3": "3"}})
        );
    }

    #[test]
    fn type_conflicts_are_errors_naming_the_key() {
        let mut got = json!({"a": "1"});
        let error = parse_into("a.b=2", SetKind::Typed, got.as_object_mut().unwrap())
            .unwrap_err()
            .message;
        assert!(error.contains("\"a\""), "{error}");
        assert_eq!(got, json!({"a": "1"}));
        let error = parse_into("a[0]=2", SetKind::Typed, got.as_object_mut().unwrap())
            .unwrap_err()
            .message;
        assert!(error.contains("not a list"), "{error}");
    }

    #[test]
    fn set_json_parses_documents() {
        let mut got = json!({"outer": {"inner1": "overwrite", "inner2": "value2"}});
        parse_into(
            "outer.inner1=\"1\",outer.inner3=3,outer.inner4=true,outer.inner5=\"true\"",
            SetKind::Json,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {"inner1": "1", "inner2": "value2", "inner3": 3.0, "inner4": true, "inner5": "true"}})
        );
        assert!(
            got["outer"]["inner3"].is_f64(),
            "JSON numbers are floats, as in Go"
        );

        let mut got = json!({"outer": {"inner1": {"x": "overwrite"}, "inner2": "value2", "inner3": ["overwrite"]}});
        parse_into(
            r#"outer.inner1={"a":"1","b":2,"c":[1,2,3]},outer.inner3=["new value 1","new value 2"],outer.inner4={"aa":"1","bb":2,"cc":[1,2,3]},outer.inner5=[{"A":"1","B":2,"C":[1,2,3]}]"#,
            SetKind::Json,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {
                "inner1": {"a": "1", "b": 2.0, "c": [1.0, 2.0, 3.0]},
                "inner2": "value2",
                "inner3": ["new value 1", "new value 2"],
                "inner4": {"aa": "1", "bb": 2.0, "cc": [1.0, 2.0, 3.0]},
                "inner5": [{"A": "1", "B": 2.0, "C": [1.0, 2.0, 3.0]}],
            }})
        );

        let mut got = json!({"outer": {"inner1": {"x": "overwrite"}, "inner2": "value2"}});
        parse_into(
            r#"outer.inner1=,outer.inner3={"aa":"1","bb":2,"cc":[1,2,3]},outer.inner3.cc[1]=null"#,
            SetKind::Json,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {"inner1": null, "inner2": "value2", "inner3": {"aa": "1", "bb": 2.0, "cc": [1.0, null, 3.0]}}})
        );

        err(
            r#"outer.inner1={"a":"1","b":2,"c":[1,2,3]},outer.inner3=["new value 1","new value 2"],outer.inner4={"aa":"1","bb":2,"cc":[1,2,3]},outer.inner5={"A":"1","B":2,"C":[1,2,3]}]"#,
            SetKind::Json,
        );
    }

    #[test]
    fn set_file_reads_through_the_callback() {
        let read = |path: &str| {
            if path == "path1" {
                Ok("value1".to_string())
            } else {
                Err(ReadFileError::from(format!(
                    "open {path}: no such file or directory"
                )))
            }
        };
        ok(
            "name1=path1",
            SetKind::File(&read),
            json!({"name1": "value1"}),
        );
        let error = err("name1=missing", SetKind::File(&read));
        assert!(error.contains("open missing"), "{error}");
    }

    #[test]
    fn set_literal_parses_as_helm_does() {
        let l = SetKind::Literal;
        err("name", l);
        ok("name=", l, json!({"name": ""}));
        ok("name=value", l, json!({"name": "value"}));
        ok(
            "long_int_string=1234567890",
            l,
            json!({"long_int_string": "1234567890"}),
        );
        ok("boolean=true", l, json!({"boolean": "true"}));
        ok("is_null=null", l, json!({"is_null": "null"}));
        ok("zero=0", l, json!({"zero": "0"}));
        ok(
            "name1=null,name2=value2",
            l,
            json!({"name1": "null,name2=value2"}),
        );
        ok("name1=value,,,tail", l, json!({"name1": "value,,,tail"}));
        ok("leading_zeros=00009", l, json!({"leading_zeros": "00009"}));
        ok("name=one two three", l, json!({"name": "one two three"}));
        ok("outer.inner=value", l, json!({"outer": {"inner": "value"}}));
        ok(
            "outer.middle.inner=value",
            l,
            json!({"outer": {"middle": {"inner": "value"}}}),
        );
        err("name1.name2", l);
        ok("name1.name2=", l, json!({"name1": {"name2": ""}}));
        err("name1.=name2", l);
        err("name1.,name2", l);
        ok(
            "name1={value1,value2}",
            l,
            json!({"name1": "{value1,value2}"}),
        );
        ok("list[0]=foo", l, json!({"list": ["foo"]}));
        ok("list[0].foo=bar", l, json!({"list": [{"foo": "bar"}]}));
        err("list[-30].hello=world", l);
        ok("list[3]=bar", l, json!({"list": [null, null, null, "bar"]}));
        err("illegal[0]name.foo=bar", l);
        ok("noval[0]", l, json!({"noval": []}));
        ok("noval[0]=", l, json!({"noval": [""]}));
        ok("nested[0][0]=1", l, json!({"nested": [["1"]]}));
        ok("nested[1][1]=1", l, json!({"nested": [null, [null, "1"]]}));
        ok(
            "name1.name2[0].foo=bar",
            l,
            json!({"name1": {"name2": [{"foo": "bar"}]}}),
        );
        ok(
            "name1.name2[1].foo=bar",
            l,
            json!({"name1": {"name2": [null, {"foo": "bar"}]}}),
        );
        ok("]={}].", l, json!({"]": "{}]."}));
        for value in [
            "val,val",
            "val.val",
            "val=val",
            "val$val",
            "(value",
            "value)",
            "(value)",
            "{value",
            "value}",
            "{value}",
            "{value1,value2}",
            r"val\val",
            r"val\\val",
            r"val\\\val",
            r"{val,.?*v\0a!l)some",
            r"em%GT)tqUDqz,i-\h+Mbqs-!:.m\\rE=mkbM#rR}@{-k@",
        ] {
            ok(&format!("name={value}"), l, json!({ "name": value }));
        }
        let mut got = json!({"outer": {"inner1": "overwrite", "inner2": "value2"}});
        parse_into(
            "outer.inner1=value1,outer.inner3=value3,outer.inner4=4",
            l,
            got.as_object_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(
            got,
            json!({"outer": {"inner1": "value1,outer.inner3=value3,outer.inner4=4", "inner2": "value2"}})
        );
    }

    #[test]
    fn nesting_is_capped() {
        let deep: Vec<String> = (1..=MAX_NESTED_NAME_LEVEL + 2)
            .map(|i| format!("name{i}"))
            .collect();
        let line = format!("{}=value", deep.join("."));
        for kind in [SetKind::Typed, SetKind::Literal] {
            assert_eq!(
                err(&line, kind),
                format!(
                    "value name nested level is greater than maximum supported nested level of {MAX_NESTED_NAME_LEVEL}"
                )
            );
        }
        let ok_line = format!("{}=value", deep[..MAX_NESTED_NAME_LEVEL].join("."));
        assert!(typed(&ok_line).is_ok());
        let lists = format!("a{}=1", "[0]".repeat(MAX_NESTED_LISTS + 1));
        assert!(err(&lists, SetKind::Typed).contains("nested more than"));
        assert!(typed(&format!("a{}=1", "[0]".repeat(MAX_NESTED_LISTS))).is_ok());
    }
}

//! YAML in and out, in one place: the parser's budgets, its reading of plain
//! scalars and its error shape are decided here, not at every call site.
//!
//! Multi-document files are split on `---` lines the way kubectl splits them,
//! so each document can be reported by index and line, then each document is
//! parsed with serde-saphyr (the YAML crate kube itself uses), or, when it is
//! of the common kind, built straight from its parser's events (`yaml/common.rs`).
//!
//! Hostile YAML is bounded ([`YamlLimits`], docs/security.md#yaml): the number
//! of documents, the nesting depth, the nodes of all documents together with
//! aliases expanded, and the events one document may replay from aliases, so a
//! "billion laughs" document fails after a bounded amount of work. Duplicate
//! keys are errors.
//!
//! Plain scalars are read as kubectl reads them (YAML 1.1, through
//! sigs.k8s.io/yaml), so a manifest means the same here as with `kubectl apply`:
//! `yes`/`no`/`on`/`off`/`y`/`n` (any capitalization) are booleans, `0755` is
//! octal (493), and numbers with no fractional part are integers (`1.0` → 1,
//! `1e3` → 1000), as they reach the API server from kubectl. Quote a value to
//! keep it a string. Plain mapping keys are resolved the same way and become
//! the text sigs.k8s.io/yaml makes of them: `on:` and `y:` are the key
//! "true", `0x10:` is "16"; a quoted key is the text written.

pub(crate) mod common;

use compact_str::{CompactString, ToCompactString};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::manifest::{Manifest, Map};

/// A YAML parse error with the line it refers to, when known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct YamlError {
    /// The parser's message, including the line and column.
    pub message: String,
}

/// One document of a multi-document YAML stream.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Zero-based index of the document in its file.
    pub index: usize,
    /// One-based line where the document starts.
    pub line: usize,
    /// The parsed value; `Manifest::Null` for an empty document.
    pub value: Manifest,
}

/// Caps on what YAML may expand to. They bound the work and memory hostile
/// YAML can cost; real packages stay far below them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YamlLimits {
    /// Documents in all the files a [`YamlBudget`] is used for (one package).
    pub max_documents: usize,
    /// Nesting depth of mappings and sequences in one document.
    pub max_depth: usize,
    /// Nodes (mappings, sequences, scalars), aliases expanded, in all documents together.
    pub max_nodes: usize,
    /// Parser events one document may replay through aliases.
    pub max_alias_events: usize,
}

impl Default for YamlLimits {
    /// 10,000 documents, depth 64, 1,000,000 nodes, 100,000 alias events.
    fn default() -> Self {
        YamlLimits {
            max_documents: 10_000,
            max_depth: 64,
            max_nodes: 1_000_000,
            max_alias_events: 100_000,
        }
    }
}

/// What a package's YAML has used of its [`YamlLimits`] so far: one budget is
/// shared by all of a package's manifest files.
#[derive(Debug, Clone)]
pub struct YamlBudget {
    limits: YamlLimits,
    documents: usize,
    nodes: usize,
}

impl YamlBudget {
    /// A fresh budget.
    pub fn new(limits: YamlLimits) -> Self {
        YamlBudget {
            limits,
            documents: 0,
            nodes: 0,
        }
    }
}

fn options(limits: &YamlLimits) -> serde_saphyr::Options {
    serde_saphyr::options! {
        budget: serde_saphyr::budget! {
            max_depth: limits.max_depth,
            max_nodes: limits.max_nodes,
            max_documents: 1,
        },
        alias_limits: serde_saphyr::alias_limits! {
            max_total_replayed_events: limits.max_alias_events,
        },
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::Error,
        legacy_octal_numbers: true,
        strict_booleans: false,
        // Comments are never read, so they are not collected: collecting
        // them caps how many may sit between a key and its value (a long
        // commented-out block after `key:` failed to parse).
        emit_comments: false,
    }
}

/// Reads a null (`key:` with no value, `~`, `null`) as the type's default,
/// for a `#[serde(deserialize_with)]` field of a metadata file: Helm and
/// Kubernetes read YAML through sigs.k8s.io/yaml into Go's encoding/json,
/// where a null list, map or string is an empty one, and files written for
/// them leave keys empty that way (`dependencies:` in a Chart.yaml).
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de> + Default,
{
    Ok(<Option<T> as serde::Deserialize>::deserialize(deserializer)?.unwrap_or_default())
}

/// Parses a single YAML document into `T`, within the default [`YamlLimits`].
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_saphyr::from_str_with_options(text, options(&YamlLimits::default())).map_err(|e| {
        YamlError {
            message: one_line(&e.to_string()),
        }
    })
}

/// Parses the first document of a stream as Go's yaml.v2 `Unmarshal` does
/// (through sigs.k8s.io/yaml, as Helm's `fromYaml` reads a string): the
/// documents after it are not read, and a key given twice in a mapping keeps
/// its last value. An empty first document is `Value::Null`.
pub fn first_document(text: &str) -> Result<Value, YamlError> {
    let chunk = split_documents(after_leading_comments(text))
        .into_iter()
        .next()
        .map_or("", |(_, chunk)| chunk);
    let chunk = if chunk.trim().is_empty() {
        "null"
    } else {
        chunk
    };
    parse_value(
        chunk,
        &YamlLimits::default(),
        serde_saphyr::DuplicateKeyPolicy::LastWins,
    )
    .map(|manifest| manifest.to_value())
    .map_err(|e| YamlError {
        message: one_line(&e.to_string()),
    })
}

/// The stream from its first `---` marker on when only comments and blank
/// lines come before it: those are no document (YAML reads the document the
/// marker starts, as yaml.v2 does); otherwise the whole stream.
fn after_leading_comments(text: &str) -> &str {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            offset += line.len();
            continue;
        }
        if content
            .strip_prefix("---")
            .is_some_and(|rest| rest.trim().is_empty() || rest.trim_start().starts_with('#'))
        {
            return &text[offset..];
        }
        break;
    }
    text
}

/// Splits a stream on `---` document markers and parses each document, within
/// what is left of `budget`. Errors carry the document index and the line
/// within the whole file.
pub fn documents(
    text: &str,
    budget: &mut YamlBudget,
) -> Result<Vec<Document>, (usize, usize, YamlError)> {
    let limits = budget.limits;
    let mut documents = Vec::new();
    for (index, (line, chunk)) in split_documents(text).into_iter().enumerate() {
        let fail = |message: String| (index, line, YamlError { message });
        budget.documents += 1;
        if budget.documents > limits.max_documents {
            return Err(fail(format!(
                "more than {} YAML documents in the package (the limit)",
                limits.max_documents
            )));
        }
        let mut value: Manifest = if chunk.trim().is_empty() {
            Manifest::Null
        } else {
            parse_value(chunk, &limits, serde_saphyr::DuplicateKeyPolicy::Error)
                .map_err(|e| fail(one_line(&shift_lines(&e.to_string(), line - 1))))?
        };
        budget.nodes += settle_numbers(&mut value);
        if budget.nodes > limits.max_nodes {
            return Err(fail(format!(
                "more than {} YAML nodes in the package, aliases expanded (the limit)",
                limits.max_nodes
            )));
        }
        documents.push(Document { index, line, value });
    }
    Ok(documents)
}

/// A document that could not be read: the file (its position in the list
/// given), the document's index and first line in that file, and why.
pub type FileError = (usize, usize, usize, YamlError);

/// Parses several YAML streams as [`documents`] would one after the other
/// with one shared budget, the documents spread over up to four threads:
/// large packages are thousands of small documents, and parsing them is most
/// of an offline plan's time. The result is the sequential one, errors
/// included (the first document in order that fails, or that crosses a limit).
pub fn documents_in_files(
    texts: &[&str],
    limits: YamlLimits,
) -> Result<Vec<Vec<Document>>, FileError> {
    let chunks: Vec<Chunk> = texts
        .iter()
        .enumerate()
        .flat_map(|(file, text)| {
            split_documents(text)
                .into_iter()
                .enumerate()
                .map(move |(index, (line, chunk))| (file, index, line, chunk))
        })
        .collect();
    // Documents past the limit are never parsed: the walk below stops there.
    let reachable = &chunks[..chunks.len().min(limits.max_documents)];
    let nodes_so_far = std::sync::atomic::AtomicUsize::new(0);
    let parse = |&(_, _, line, chunk): &Chunk| -> Option<Result<(Manifest, usize), String>> {
        // Once the node budget is spent, the rest need not be parsed (the walk
        // re-parses in order if it needs one of them after all).
        if nodes_so_far.load(std::sync::atomic::Ordering::Relaxed) > limits.max_nodes {
            return None;
        }
        let parsed = if chunk.trim().is_empty() {
            Ok(Manifest::Null)
        } else {
            parse_value(chunk, &limits, serde_saphyr::DuplicateKeyPolicy::Error)
                .map_err(|e| one_line(&shift_lines(&e.to_string(), line - 1)))
        };
        Some(parsed.map(|mut value| {
            let nodes = settle_numbers(&mut value);
            nodes_so_far.fetch_add(nodes, std::sync::atomic::Ordering::Relaxed);
            (value, nodes)
        }))
    };
    let threads = crate::parallel::threads();
    let outcomes: Vec<Option<Result<(Manifest, usize), String>>> =
        if threads < 2 || reachable.len() < 64 {
            reachable.iter().map(parse).collect()
        } else {
            // Threads take small batches in turn rather than one share each:
            // documents differ in size (a file of Deployments, one of
            // ConfigMaps), and with equal shares one of two threads sat idle
            // for two fifths of the parse (50,000-object benchmark package).
            let batches = parse_batches(reachable);
            let next = std::sync::atomic::AtomicUsize::new(0);
            let work = || {
                let mut done = Vec::new();
                loop {
                    let batch = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(chunks) = batches.get(batch) else {
                        return done;
                    };
                    done.push((batch, chunks.iter().map(parse).collect::<Vec<_>>()));
                }
            };
            let mut parsed: Vec<(usize, Vec<_>)> = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                workers
                    .into_iter()
                    .flat_map(|worker| worker.join().expect("a YAML worker does not panic"))
                    .collect()
            });
            parsed.sort_unstable_by_key(|(batch, _)| *batch);
            parsed
                .into_iter()
                .flat_map(|(_, outcomes)| outcomes)
                .collect()
        };

    let mut files: Vec<Vec<Document>> = texts.iter().map(|_| Vec::new()).collect();
    let mut outcomes = outcomes.into_iter();
    let mut nodes = 0;
    for (position, &(file, index, line, _)) in chunks.iter().enumerate() {
        let fail = |message: String| (file, index, line, YamlError { message });
        if position >= limits.max_documents {
            return Err(fail(format!(
                "more than {} YAML documents in the package (the limit)",
                limits.max_documents
            )));
        }
        let Some(outcome) = outcomes.next().flatten() else {
            // Skipped after the budget ran out elsewhere: redo it in order.
            return sequentially(texts, limits);
        };
        let (value, count) = outcome.map_err(fail)?;
        nodes += count;
        if nodes > limits.max_nodes {
            return Err(fail(format!(
                "more than {} YAML nodes in the package, aliases expanded (the limit)",
                limits.max_nodes
            )));
        }
        files[file].push(Document { index, line, value });
    }
    Ok(files)
}

/// One document of [`documents_in_files`]: its file's position in the list,
/// its index and first line in that file, and its text.
type Chunk<'text> = (usize, usize, usize, &'text str);

/// Documents a parsing thread takes at a time: enough to make taking them
/// cheap, few enough that the threads finish together.
const PARSE_BATCH: usize = 32;

/// The most YAML text in one batch: a chart's few CRDs are megabytes, and
/// counted as documents alone they would all fall to one thread.
const PARSE_BATCH_BYTES: usize = 64 * 1024;

/// Consecutive runs of documents, each of at most [`PARSE_BATCH`] documents
/// and, past its first, [`PARSE_BATCH_BYTES`] of text.
fn parse_batches<'a, 'text>(chunks: &'a [Chunk<'text>]) -> Vec<&'a [Chunk<'text>]> {
    let mut batches = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (position, (_, _, _, text)) in chunks.iter().enumerate() {
        let size = text.len();
        if position > start && (position - start == PARSE_BATCH || bytes + size > PARSE_BATCH_BYTES)
        {
            batches.push(&chunks[start..position]);
            (start, bytes) = (position, 0);
        }
        bytes += size;
    }
    if start < chunks.len() {
        batches.push(&chunks[start..]);
    }
    batches
}

/// [`documents_in_files`] one file after the other, on this thread.
fn sequentially(texts: &[&str], limits: YamlLimits) -> Result<Vec<Vec<Document>>, FileError> {
    let mut budget = YamlBudget::new(limits);
    texts
        .iter()
        .enumerate()
        .map(|(file, text)| {
            documents(text, &mut budget).map_err(|(index, line, error)| (file, index, line, error))
        })
        .collect()
}

/// Parses one document into a [`Manifest`] as sigs.k8s.io/yaml does (kubectl's and
/// Helm's reader): a plain mapping key that YAML 1.1 reads as a boolean or a
/// number becomes that value's text (`on:` and `y:` are the key `"true"`,
/// `0x10:` is `"16"`), a quoted key stays as written, and when two keys become
/// the same text the last one wins. A common document is read by
/// [`common::parse`], every other one by serde-saphyr.
fn parse_value(
    chunk: &str,
    limits: &YamlLimits,
    duplicate_keys: serde_saphyr::DuplicateKeyPolicy,
) -> Result<Manifest, serde_saphyr::Error> {
    match common::parse(chunk, limits) {
        Some(value) => Ok(value),
        None => parse_value_in_full(chunk, limits, duplicate_keys),
    }
}

/// [`parse_value`] by serde-saphyr alone.
fn parse_value_in_full(
    chunk: &str,
    limits: &YamlLimits,
    duplicate_keys: serde_saphyr::DuplicateKeyPolicy,
) -> Result<Manifest, serde_saphyr::Error> {
    let mut options = options(limits);
    options.duplicate_keys = duplicate_keys;
    serde_saphyr::from_str_with_options::<ResolvedKeys>(chunk, options).map(|parsed| parsed.0)
}

/// A [`Manifest`] whose mapping keys are resolved as YAML 1.1 scalars ([`parse_value`]).
struct ResolvedKeys(Manifest);

/// A mapping key, as the text sigs.k8s.io/yaml makes of the scalar YAML read.
struct ResolvedKey(CompactString);

impl<'de> serde::Deserialize<'de> for ResolvedKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(ResolvedKeysVisitor)
            .map(ResolvedKeys)
    }
}

struct ResolvedKeysVisitor;

impl<'de> serde::de::Visitor<'de> for ResolvedKeysVisitor {
    type Value = Manifest;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("any YAML value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Manifest, E> {
        Ok(Manifest::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Manifest, E> {
        Ok(Manifest::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Manifest, E> {
        Ok(Manifest::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Manifest, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Manifest::Null, Manifest::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Manifest, E> {
        Ok(Manifest::String(v.into()))
    }
    fn visit_string<E>(self, v: String) -> Result<Manifest, E> {
        Ok(Manifest::String(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Manifest, E> {
        Ok(Manifest::Null)
    }
    fn visit_none<E>(self) -> Result<Manifest, E> {
        Ok(Manifest::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Manifest, D::Error> {
        deserializer.deserialize_any(self)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Manifest, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(ResolvedKeys(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(items.into())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Manifest, A::Error> {
        let mut entries = Vec::new();
        while let Some((ResolvedKey(key), ResolvedKeys(value))) = map.next_entry()? {
            entries.push((key, value));
        }
        Ok(Manifest::Object(Map::from_last_wins(entries)))
    }
}

impl<'de> serde::Deserialize<'de> for ResolvedKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(ResolvedKeyVisitor)
            .map(ResolvedKey)
    }
}

struct ResolvedKeyVisitor;

impl<'de> serde::de::Visitor<'de> for ResolvedKeyVisitor {
    type Value = CompactString;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a scalar mapping key")
    }
    fn visit_bool<E>(self, v: bool) -> Result<CompactString, E> {
        Ok(v.to_compact_string())
    }
    fn visit_i64<E>(self, v: i64) -> Result<CompactString, E> {
        Ok(v.to_compact_string())
    }
    fn visit_u64<E>(self, v: u64) -> Result<CompactString, E> {
        Ok(v.to_compact_string())
    }
    fn visit_f64<E>(self, v: f64) -> Result<CompactString, E> {
        Ok(go_float32_key(v).into())
    }
    fn visit_str<E>(self, v: &str) -> Result<CompactString, E> {
        Ok(v.to_compact_string())
    }
    fn visit_string<E>(self, v: String) -> Result<CompactString, E> {
        Ok(v.into())
    }
    fn visit_unit<E>(self) -> Result<CompactString, E> {
        Ok(CompactString::const_new("null"))
    }
    fn visit_none<E>(self) -> Result<CompactString, E> {
        Ok(CompactString::const_new("null"))
    }
}

/// A float key as sigs.k8s.io/yaml writes it: Go's `FormatFloat(f, 'g', -1,
/// 32)`, the shortest digits of the float32, with an exponent below 1e-4 or
/// from 1e6 on (`1.5`, `1000`, `1e+06`), and `.inf`, `-.inf`, `.nan`.
fn go_float32_key(value: f64) -> String {
    let single = value as f32;
    if single.is_nan() {
        return ".nan".to_string();
    }
    if single.is_infinite() {
        return if single > 0.0 { ".inf" } else { "-.inf" }.to_string();
    }
    // `{:e}` gives the shortest digits: `-1.5e3`.
    let scientific = format!("{single:e}");
    let (mantissa, exponent) = scientific.split_once('e').expect("{:e} has an exponent");
    let exponent: i32 = exponent.parse().expect("a decimal exponent");
    let (sign, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest.replace('.', "")),
        None => ("", mantissa.replace('.', "")),
    };
    if !(-4..6).contains(&exponent) {
        let fraction = if digits.len() > 1 {
            format!(".{}", &digits[1..])
        } else {
            String::new()
        };
        let exponent_sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{sign}{}{fraction}e{exponent_sign}{:02}",
            &digits[..1],
            exponent.abs()
        )
    } else {
        single.to_string()
    }
}

/// Turns numbers with no fractional part into integers, as they reach the API
/// server from kubectl (`1.0` → 1, `1e3` → 1000); returns the number of nodes.
fn settle_numbers(value: &mut Manifest) -> usize {
    match value {
        Manifest::Array(items) => 1 + items.iter_mut().map(settle_numbers).sum::<usize>(),
        Manifest::Object(map) => 1 + map.values_mut().map(settle_numbers).sum::<usize>(),
        Manifest::Number(number) => {
            if let Some(float) = number.as_f64().filter(|_| number.is_f64())
                && float.fract() == 0.0
                && float.abs() < 9.0e15
            {
                *value = Manifest::from(float as i64);
            }
            1
        }
        _ => 1,
    }
}

/// (first line, text) of each document; marker lines themselves are dropped.
fn split_documents(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start_byte = 0;
    let mut start_line = 1;
    let mut offset = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let content = line.trim_end_matches(['\n', '\r']);
        // As kubectl: `---` alone or followed by a comment; `--- {a: 1}` is a
        // document start with content, left to the parser.
        let is_marker = content
            .strip_prefix("---")
            .is_some_and(|rest| rest.trim().is_empty() || rest.trim_start().starts_with('#'))
            || content == "...";
        if is_marker {
            chunks.push((start_line, &text[start_byte..offset]));
            start_byte = offset + line.len();
            start_line = number + 2;
        }
        offset += line.len();
    }
    chunks.push((start_line, &text[start_byte..]));
    // A stream that starts with `---` has nothing before it: not a document.
    if chunks.len() > 1 && chunks[0].1.trim().is_empty() && text.trim_start().starts_with("---") {
        chunks.remove(0);
    }
    chunks
}

/// Rewrites "line N" in a parser message to count from the start of the file.
fn shift_lines(message: &str, by: usize) -> String {
    if by == 0 {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("line ") {
        out.push_str(&rest[..at + 5]);
        rest = &rest[at + 5..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse::<usize>() {
            out.push_str(&(n + by).to_string());
            rest = &rest[digits.len()..];
        }
    }
    out.push_str(rest);
    out
}

/// Parser messages can span lines (with a source excerpt); errors here are one line.
fn one_line(message: &str) -> String {
    let first = message.lines().next().unwrap_or(message).trim();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// Serializes a value as YAML.
pub fn to_string<T: Serialize>(value: &T) -> String {
    serde_saphyr::to_string(value).expect("plain data serializes to YAML")
}

/// Writes a value as YAML to `out`, the text [`to_string`] gives, without
/// holding it whole first (a 50,000-object plan is 56 MB of YAML).
pub fn to_writer<W: std::io::Write, T: Serialize>(out: &mut W, value: &T) -> std::io::Result<()> {
    serde_saphyr::to_io_writer(out, value).map_err(|error| match error {
        serde_saphyr::SerializeError::IO { error } => error,
        other => std::io::Error::other(other.to_string()),
    })
}

/// Writes each of `items` (the value `document` picks from it) as a YAML
/// document with `---` before it: the text [`to_writer`] gives each, made on
/// the machine's cores a round of documents at a time (a large chart's
/// output is a tenth of its `template`), so that at most a round's text is
/// held, not the whole output.
pub fn write_documents<W, I, T>(
    out: &mut W,
    items: &[I],
    document: impl Fn(&I) -> &T + Sync,
) -> std::io::Result<()>
where
    W: std::io::Write,
    I: Sync,
    T: Serialize,
{
    /// Documents serialized by one thread at a time, and per round.
    const BATCH: usize = 16;
    const ROUND: usize = 64 * BATCH;
    for round in items.chunks(ROUND) {
        let batches: Vec<&[I]> = round.chunks(BATCH).collect();
        let texts = crate::parallel::map_each(&batches, |batch| {
            let mut text = Vec::new();
            for item in batch.iter() {
                text.extend_from_slice(b"---\n");
                to_writer(&mut text, document(item))?;
            }
            Ok::<_, std::io::Error>(text)
        });
        for text in texts {
            out.write_all(&text?)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<Document>, (usize, usize, YamlError)> {
        documents(text, &mut YamlBudget::new(YamlLimits::default()))
    }

    #[test]
    fn parse_batches_are_bounded_by_count_and_by_text() {
        let small = "a: 1\n";
        let large = "x".repeat(PARSE_BATCH_BYTES);
        let mut chunks: Vec<Chunk> = (0..70).map(|i| (0, i, 1, small)).collect();
        chunks.extend((0..3).map(|i| (1, i, 1, large.as_str())));
        chunks.push((2, 0, 1, small));
        let sizes: Vec<usize> = parse_batches(&chunks).iter().map(|b| b.len()).collect();
        // Small ones 32 at a time, then the six left; each large one fills
        // the text budget alone, so the last small one starts a batch too.
        assert_eq!(sizes, [32, 32, 6, 1, 1, 1, 1]);
        assert_eq!(sizes.iter().sum::<usize>(), chunks.len());
        assert!(parse_batches(&[]).is_empty());
    }

    #[test]
    fn documents_are_written_in_order_each_as_to_string_gives_it() {
        let values: Vec<serde_json::Value> = (0..2500)
            .map(|n| serde_json::json!({"n": n, "list": [n, "x: y"], "empty": {}}))
            .collect();
        let mut written = Vec::new();
        write_documents(&mut written, &values, |value| value).unwrap();
        let expected: String = values
            .iter()
            .map(|value| format!("---\n{}", to_string(value)))
            .collect();
        assert_eq!(String::from_utf8(written).unwrap(), expected);
        let mut nothing = Vec::new();
        write_documents(&mut nothing, &values[..0], |value| value).unwrap();
        assert!(nothing.is_empty());
    }

    #[test]
    fn a_value_is_written_as_to_string_gives_it_and_a_write_error_comes_back_as_it_was() {
        let value = serde_json::json!({"b": [1, "two", {"c": null}], "a": "x: y", "e": {}});
        let mut written = Vec::new();
        to_writer(&mut written, &value).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), to_string(&value));

        /// A reader that went away.
        struct Closed;
        impl std::io::Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let error = to_writer(&mut Closed, &value).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn splits_like_kubectl() {
        let docs = parse("---\na: 1\n---\n\n--- \nb: 2\n...\n").unwrap();
        let values: Vec<_> = docs
            .iter()
            .map(|d| (d.index, d.line, d.value.clone()))
            .collect();
        assert_eq!(values[0], (0, 2, serde_json::json!({"a": 1}).into()));
        assert_eq!(values[1].2, Value::Null);
        assert_eq!(values[2], (2, 6, serde_json::json!({"b": 2}).into()));
        // Content after `---` belongs to the document, never silently dropped.
        let docs = parse("--- {a: 1}\n").unwrap();
        assert_eq!(docs[0].value, serde_json::json!({"a": 1}));
        assert!(
            parse("a: 1\n--- {b: 2}\n").is_err(),
            "two documents in one chunk"
        );
    }

    #[test]
    fn errors_report_the_document_and_file_line() {
        let (index, line, error) = parse("a: 1\n---\nb: 2\nc: [\n").unwrap_err();
        assert_eq!((index, line), (1, 3));
        assert!(error.message.contains("line"), "{}", error.message);
        let duplicate = parse("a: 1\na: 2\n").unwrap_err();
        assert!(
            duplicate.2.message.to_lowercase().contains("duplicate"),
            "{}",
            duplicate.2.message
        );
    }

    #[test]
    fn alias_bombs_fail_fast() {
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            let p = i - 1;
            bomb.push_str(&format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"));
        }
        let started = std::time::Instant::now();
        let (_, _, error) = parse(&bomb).unwrap_err();
        assert!(error.message.contains("alias"), "{}", error.message);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // Aliases within the limit are fine, and expanded.
        let value = &parse("a: &x {k: v}\nb: *x\n").unwrap()[0].value;
        assert_eq!(value["b"]["k"], "v");
    }

    #[test]
    fn documents_depth_and_nodes_are_capped_per_package() {
        let limits = YamlLimits {
            max_documents: 3,
            max_nodes: 20,
            ..YamlLimits::default()
        };
        let mut budget = YamlBudget::new(limits);
        documents("a: 1\n---\nb: 2\n", &mut budget).unwrap();
        // The budget is shared: the third document passes, the fourth does not.
        let (index, _, error) = documents("c: 3\n---\nd: 4\n", &mut budget).unwrap_err();
        assert_eq!(index, 1);
        assert!(
            error.message.contains("more than 3 YAML documents"),
            "{}",
            error.message
        );

        let list = format!("[{}]", vec!["x"; 30].join(", "));
        let (_, _, error) = documents(&list, &mut YamlBudget::new(limits)).unwrap_err();
        assert!(error.message.contains("nodes"), "{}", error.message);

        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        let (_, _, error) = parse(&deep).unwrap_err();
        assert!(error.message.contains("depth"), "{}", error.message);
        let ok = format!("{}{}", "[".repeat(60), "]".repeat(60));
        parse(&ok).unwrap();
    }

    #[test]
    fn plain_scalars_read_as_kubectl_reads_them() {
        let value = &parse(
            "a: yes\nb: Off\nc: y\nd: 'yes'\ne: 0755\nf: '0755'\ng: 0o17\nh: 1.0\ni: 1e3\nj: 2.5\nk: 08\non: x\n'off': y\n0x10: hex\n1e7: float\n",
        )
        .unwrap()[0]
            .value;
        assert_eq!(
            value,
            &serde_json::json!({
                "a": true, "b": false, "c": true, "d": "yes",
                "e": 493, "f": "0755", "g": 15,
                "h": 1, "i": 1000, "j": 2.5, "k": 8,
                // Keys as sigs.k8s.io/yaml makes them; a quoted one as written.
                "true": "x", "off": true, "16": "hex", "1e+07": "float",
            })
        );
        assert!(value["h"].is_i64(), "1.0 is sent as 1, as kubectl sends it");
        assert!(parse("a: .inf\n").is_err(), "JSON has no infinity");
    }

    #[test]
    fn float_keys_are_written_as_go_writes_a_float32() {
        for (key, text) in [
            (1.5, "1.5"),
            (1000.0, "1000"),
            (123456.7, "123456.7"),
            (1e6, "1e+06"),
            (1e7, "1e+07"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5e-7, "-2.5e-07"),
            (0.1, "0.1"),
            (f64::INFINITY, ".inf"),
            (f64::NEG_INFINITY, "-.inf"),
            (f64::NAN, ".nan"),
        ] {
            assert_eq!(go_float32_key(key), text, "{key}");
        }
    }

    /// A null value followed by a long commented-out block at column 0
    /// (a chart's values.yaml documenting a base64 keystore) parses.
    #[test]
    fn a_long_comment_block_after_a_key_parses() {
        let comments = "#        QUJDREVGR0hJSktMTU5PUFFS\n".repeat(200);
        let text = format!("a:\n  keystore:\n  # the keystore:\n{comments}  enabled: true\nb: 1\n");
        let value: Value = from_str(&text).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"a": {"keystore": null, "enabled": true}, "b": 1})
        );
    }

    #[test]
    fn files_parsed_in_parallel_read_as_in_order() {
        let files: Vec<String> = (0..5)
            .map(|f| {
                (0..40)
                    .map(|d| {
                        format!(
                            "kind: ConfigMap\nmetadata: {{name: c-{f}-{d}}}\ndata: {{n: '{d}'}}\n"
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("---\n")
            })
            .collect();
        let texts: Vec<&str> = files.iter().map(String::as_str).collect();
        let limits = YamlLimits::default();
        let parallel = documents_in_files(&texts, limits).unwrap();
        let in_order = sequentially(&texts, limits).unwrap();
        assert_eq!(parallel.len(), 5);
        for (a, b) in parallel.iter().zip(&in_order) {
            let a: Vec<_> = a.iter().map(|d| (d.index, d.line, &d.value)).collect();
            let b: Vec<_> = b.iter().map(|d| (d.index, d.line, &d.value)).collect();
            assert_eq!(a, b);
        }

        // The first failing document in order is the one reported, whichever
        // thread met it, for a parse error and for each limit.
        let mut broken = files.clone();
        broken[3] = broken[3].replacen("data: {n: '7'}", "data: {n: [}", 1);
        broken[1] = broken[1].replacen("data: {n: '30'}", "data: {n: [}", 1);
        let texts: Vec<&str> = broken.iter().map(String::as_str).collect();
        let error = documents_in_files(&texts, limits).unwrap_err();
        assert_eq!((error.0, error.1), (1, 30));
        assert_eq!(error, sequentially(&texts, limits).unwrap_err());

        let texts: Vec<&str> = files.iter().map(String::as_str).collect();
        for limits in [
            YamlLimits {
                max_documents: 130,
                ..limits
            },
            YamlLimits {
                max_nodes: 777,
                ..limits
            },
        ] {
            let error = documents_in_files(&texts, limits).unwrap_err();
            assert_eq!(
                error,
                sequentially(&texts, limits).unwrap_err(),
                "{limits:?}"
            );
        }
    }
}

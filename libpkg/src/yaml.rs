//! YAML in and out, in one place: the parser's budgets and error shape are
//! decided here, not at every call site.
//!
//! Multi-document files are split on `---` lines the way kubectl splits them,
//! so each document can be reported by index and line, then each document is
//! parsed with serde-saphyr (the YAML crate kube itself uses). Duplicate keys
//! are errors; the parser's budget bounds aliases and nesting ("billion laughs").

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

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
    /// The parsed value; `Value::Null` for an empty document.
    pub value: Value,
}

fn options() -> serde_saphyr::Options {
    serde_saphyr::options! {
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::Error,
    }
}

/// Parses a single YAML document into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_saphyr::from_str_with_options(text, options()).map_err(|e| YamlError {
        message: one_line(&e.to_string()),
    })
}

/// Splits a stream on `---` document markers and parses each document.
/// Errors carry the document index and the line within the whole file.
pub fn documents(text: &str) -> Result<Vec<Document>, (usize, usize, YamlError)> {
    let mut documents = Vec::new();
    for (index, (line, chunk)) in split_documents(text).into_iter().enumerate() {
        let value: Value = if chunk.trim().is_empty() {
            Value::Null
        } else {
            serde_saphyr::from_str_with_options(chunk, options()).map_err(|e| {
                (
                    index,
                    line,
                    YamlError {
                        message: one_line(&shift_lines(&e.to_string(), line - 1)),
                    },
                )
            })?
        };
        documents.push(Document { index, line, value });
    }
    Ok(documents)
}

/// (first line, text) of each document; marker lines themselves are dropped.
fn split_documents(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start_byte = 0;
    let mut start_line = 1;
    let mut offset = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let content = line.trim_end_matches(['\n', '\r']);
        let is_marker = content == "---"
            || content.starts_with("--- ")
            || content.starts_with("---\t")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_kubectl() {
        let docs = documents("---\na: 1\n---\n\n--- \nb: 2\n...\n").unwrap();
        let values: Vec<_> = docs
            .iter()
            .map(|d| (d.index, d.line, d.value.clone()))
            .collect();
        assert_eq!(values[0], (0, 2, serde_json::json!({"a": 1})));
        assert_eq!(values[1].2, Value::Null);
        assert_eq!(values[2], (2, 6, serde_json::json!({"b": 2})));
    }

    #[test]
    fn errors_report_the_document_and_file_line() {
        let (index, line, error) = documents("a: 1\n---\nb: 2\nc: [\n").unwrap_err();
        assert_eq!((index, line), (1, 3));
        assert!(error.message.contains("line"), "{}", error.message);
        let duplicate = documents("a: 1\na: 2\n").unwrap_err();
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
        assert!(documents(&bomb).is_err());
    }
}

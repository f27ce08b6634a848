//! `.Files` as Helm's engine offers it to templates: a chart's non-template
//! files with `Get`, `GetBytes`, `Glob`, `Lines`, `AsConfig` and `AsSecrets`
//! (Helm's `pkg/engine/files.go`). The template engine calls these; the YAML
//! of `AsConfig`/`AsSecrets` is the engine's `toYaml` of the maps returned here.
//!
//! `Glob` uses gobwas/glob syntax with `/` as the separator, as Helm does:
//! `*` and `?` stay within a path segment, `**` crosses segments, `[a-z]`,
//! `[!a-z]`, `{a,b}` alternatives and `\` escapes work; a pattern that does
//! not compile matches everything (Helm falls back to `**`).

use std::collections::BTreeMap;

use base64::Engine as _;

use crate::archive::Files;

/// A chart's files as `.Files` sees them (or a subset, after `Glob`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChartFiles {
    files: Files,
}

impl ChartFiles {
    /// Wraps a chart's files ([`Chart::files`](super::chart::Chart::files)).
    pub fn new(files: Files) -> ChartFiles {
        ChartFiles { files }
    }

    /// The files, by path.
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// `.Files.GetBytes`: the content, empty when there is no such file.
    pub fn get_bytes(&self, name: &str) -> &[u8] {
        self.files.get(name).map_or(&[], |data| data.as_ref())
    }

    /// `.Files.Get`: the content as text (invalid UTF-8 replaced), empty when
    /// there is no such file.
    pub fn get(&self, name: &str) -> String {
        String::from_utf8_lossy(self.get_bytes(name)).into_owned()
    }

    /// `.Files.Glob`: the files whose path matches `pattern`.
    pub fn glob(&self, pattern: &str) -> ChartFiles {
        let tokens = parse_glob(pattern).unwrap_or_else(|| vec![Token::AnyDeep]);
        ChartFiles {
            files: self
                .files
                .iter()
                .filter(|(path, _)| {
                    let name: Vec<char> = path.chars().collect();
                    glob_matches(&tokens, &name)
                })
                .map(|(path, data)| (path.clone(), data.clone()))
                .collect(),
        }
    }

    /// `.Files.Lines`: the file's lines, without a final empty one; no lines
    /// for a missing file.
    pub fn lines(&self, name: &str) -> Vec<String> {
        let Some(data) = self.files.get(name) else {
            return Vec::new();
        };
        let text = String::from_utf8_lossy(data);
        let text = text.strip_suffix('\n').unwrap_or(&text);
        text.split('\n').map(str::to_string).collect()
    }

    /// The map `.Files.AsConfig` serializes: base name → content. When two
    /// files share a base name, the later path (in sorted order) wins.
    pub fn as_config(&self) -> BTreeMap<String, String> {
        self.by_base_name(|data| String::from_utf8_lossy(data).into_owned())
    }

    /// The map `.Files.AsSecrets` serializes: base name → base64 of the content.
    pub fn as_secrets(&self) -> BTreeMap<String, String> {
        self.by_base_name(|data| base64::engine::general_purpose::STANDARD.encode(data))
    }

    fn by_base_name(&self, encode: impl Fn(&[u8]) -> String) -> BTreeMap<String, String> {
        self.files
            .iter()
            .map(|(path, data)| {
                let base = path.rsplit('/').next().unwrap_or(path).to_string();
                (base, encode(data))
            })
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Literal(char),
    /// `?`
    One,
    /// `*`
    Any,
    /// `**`
    AnyDeep,
    /// `[…]`: ranges, negated or not.
    Class(Vec<(char, char)>, bool),
    /// `{a,b}`
    Alternatives(Vec<Vec<Token>>),
}

/// Parses a gobwas/glob pattern; `None` when it does not compile.
fn parse_glob(pattern: &str) -> Option<Vec<Token>> {
    let chars: Vec<char> = pattern.chars().collect();
    let (tokens, end) = parse_sequence(&chars, 0, false)?;
    (end == chars.len()).then_some(tokens)
}

/// Parses until the end, or (inside `{}`) until an unmatched `,` or `}`.
fn parse_sequence(chars: &[char], mut i: usize, nested: bool) -> Option<(Vec<Token>, usize)> {
    let mut tokens = Vec::new();
    while i < chars.len() {
        match chars[i] {
            ',' | '}' if nested => return Some((tokens, i)),
            '}' => return None,
            '\\' => {
                tokens.push(Token::Literal(*chars.get(i + 1)?));
                i += 2;
            }
            '?' => {
                tokens.push(Token::One);
                i += 1;
            }
            '*' => {
                if chars.get(i + 1) == Some(&'*') {
                    tokens.push(Token::AnyDeep);
                    i += 2;
                } else {
                    tokens.push(Token::Any);
                    i += 1;
                }
            }
            '[' => {
                let mut j = i + 1;
                let negated = chars.get(j) == Some(&'!');
                if negated {
                    j += 1;
                }
                let mut ranges = Vec::new();
                while *chars.get(j)? != ']' {
                    let lo = chars[j];
                    if chars.get(j + 1) == Some(&'-') && chars.get(j + 2).is_some_and(|c| *c != ']')
                    {
                        ranges.push((lo, chars[j + 2]));
                        j += 3;
                    } else {
                        ranges.push((lo, lo));
                        j += 1;
                    }
                }
                if ranges.is_empty() {
                    return None;
                }
                tokens.push(Token::Class(ranges, negated));
                i = j + 1;
            }
            '{' => {
                let mut alternatives = Vec::new();
                let mut j = i + 1;
                loop {
                    let (alternative, end) = parse_sequence(chars, j, true)?;
                    alternatives.push(alternative);
                    match chars.get(end)? {
                        ',' => j = end + 1,
                        _ => {
                            j = end + 1;
                            break;
                        }
                    }
                }
                tokens.push(Token::Alternatives(alternatives));
                i = j;
            }
            c => {
                tokens.push(Token::Literal(c));
                i += 1;
            }
        }
    }
    if nested {
        return None; // an unclosed `{`
    }
    Some((tokens, i))
}

fn glob_matches(tokens: &[Token], name: &[char]) -> bool {
    let Some((first, rest)) = tokens.split_first() else {
        return name.is_empty();
    };
    match first {
        Token::Literal(c) => name.first() == Some(c) && glob_matches(rest, &name[1..]),
        Token::One => name.first().is_some_and(|c| *c != '/') && glob_matches(rest, &name[1..]),
        Token::Class(ranges, negated) => {
            name.first().is_some_and(|c| {
                *c != '/' && ranges.iter().any(|(lo, hi)| lo <= c && c <= hi) != *negated
            }) && glob_matches(rest, &name[1..])
        }
        Token::Any => {
            for k in 0..=name.len() {
                if glob_matches(rest, &name[k..]) {
                    return true;
                }
                if k < name.len() && name[k] == '/' {
                    return false;
                }
            }
            false
        }
        Token::AnyDeep => (0..=name.len()).any(|k| glob_matches(rest, &name[k..])),
        Token::Alternatives(alternatives) => alternatives.iter().any(|alternative| {
            let mut combined = alternative.clone();
            combined.extend_from_slice(rest);
            glob_matches(&combined, name)
        }),
    }
}

#[cfg(test)]
mod tests {
    //! Cases after Helm's pkg/engine/files_test.go.
    use super::*;

    fn files() -> ChartFiles {
        let list = [
            ("story/name.txt", "Ishmael"),
            ("story/author.txt", "Herman Melville"),
            ("multiline/test.txt", "bar\nfoo\n"),
            ("multiline/test_with_blank_lines.txt", "bar\nfoo\n\n\n"),
            ("ship/captain.txt", "The Captain"),
            ("ship/stowaway.txt", "Legatt"),
            ("ship/deck/crew.txt", "sailors"),
            ("binary.bin", "\u{0}\u{1}\u{2}"),
        ];
        ChartFiles::new(
            list.iter()
                .map(|(p, d)| (p.to_string(), d.as_bytes().to_vec().into()))
                .collect(),
        )
    }

    #[test]
    fn get_and_lines() {
        let f = files();
        assert_eq!(f.get("story/name.txt"), "Ishmael");
        assert_eq!(f.get("missing"), "");
        assert!(f.get_bytes("missing").is_empty());
        assert_eq!(f.lines("multiline/test.txt"), ["bar", "foo"]);
        assert_eq!(
            f.lines("multiline/test_with_blank_lines.txt"),
            ["bar", "foo", "", ""]
        );
        assert!(f.lines("missing").is_empty());
    }

    #[test]
    fn glob_uses_gobwas_syntax() {
        let f = files();
        let names =
            |pattern: &str| -> Vec<String> { f.glob(pattern).files().keys().cloned().collect() };
        assert_eq!(names("story/**"), ["story/author.txt", "story/name.txt"]);
        assert_eq!(
            names("ship/*.txt"),
            ["ship/captain.txt", "ship/stowaway.txt"]
        );
        assert_eq!(
            names("ship/**.txt"),
            [
                "ship/captain.txt",
                "ship/deck/crew.txt",
                "ship/stowaway.txt"
            ]
        );
        assert_eq!(names("{story,ship}/c*"), ["ship/captain.txt"]);
        assert_eq!(names("story/[a-m]*.txt"), ["story/author.txt"]);
        assert_eq!(names("story/[!a-m]*.txt"), ["story/name.txt"]);
        assert_eq!(names("st?ry/name.txt"), ["story/name.txt"]);
        assert_eq!(names("*.txt"), Vec::<String>::new());
        // A pattern that does not compile matches everything, as in Helm.
        assert_eq!(names("story/{a").len(), 8);
    }

    #[test]
    fn as_config_and_as_secrets() {
        let f = files().glob("story/**");
        let config = f.as_config();
        assert_eq!(config["name.txt"], "Ishmael");
        assert_eq!(config["author.txt"], "Herman Melville");
        let secrets = f.as_secrets();
        assert_eq!(secrets["name.txt"], "SXNobWFlbA==");
        assert_eq!(files().glob("*.bin").as_secrets()["binary.bin"], "AAEC");
    }
}

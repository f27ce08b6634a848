//! `.helmignore`: which files of a chart directory are left out, with Helm's
//! exact rules (Helm's `pkg/ignore`), including its quirks.
//!
//! One pattern per line; blank lines and `#` comments are skipped; `**` is an
//! error. A pattern without `/` matches the base name of any path; with a `/`
//! it matches the whole relative path; a leading `/` anchors it at the chart
//! root; a trailing `/` matches directories only. Patterns use Go's
//! `filepath.Match` syntax (`*`, `?`, `[a-z]`, `[^x]`, `\` escapes), where `*`
//! never crosses a `/`. Rules are tried in order and the first match decides.
//! A `!` rule is Helm's, not git's: a path that does *not* match it is ignored.
//! Dotfiles under `templates/` are always ignored (Helm's default rule, added
//! after the file's own rules). An ignored directory is skipped whole.

/// Why a `.helmignore` file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IgnoreError {
    /// A pattern uses `**`, which Helm does not support.
    #[error("line {line}: double-star (**) syntax is not supported")]
    DoubleStar {
        /// One-based line number.
        line: usize,
    },
    /// A pattern is malformed (an unclosed `[`, a trailing `\`).
    #[error("line {line}: syntax error in pattern {pattern:?}")]
    BadPattern {
        /// One-based line number.
        line: usize,
        /// The pattern as written.
        pattern: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Anchor {
    /// No `/` in the pattern: matched against the base name.
    BaseName,
    /// A `/` inside: matched against the whole path.
    Path,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Pattern {
    glob: String,
    anchor: Anchor,
    negate: bool,
    must_dir: bool,
}

/// Parsed `.helmignore` rules (with Helm's default rule at the end).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IgnoreRules {
    patterns: Vec<Pattern>,
}

impl IgnoreRules {
    /// Parses a `.helmignore` file and adds Helm's default rule.
    pub fn parse(text: &str) -> Result<IgnoreRules, IgnoreError> {
        let mut rules = IgnoreRules::default();
        for (index, line) in text.lines().enumerate() {
            rules.add(line, index + 1)?;
        }
        rules.add_defaults();
        Ok(rules)
    }

    /// Only Helm's default rule: dotfiles in `templates/` are ignored.
    pub fn defaults() -> IgnoreRules {
        let mut rules = IgnoreRules::default();
        rules.add_defaults();
        rules
    }

    fn add_defaults(&mut self) {
        self.add("templates/.?*", 0)
            .expect("the default rule is valid");
    }

    fn add(&mut self, rule: &str, line: usize) -> Result<(), IgnoreError> {
        let rule = rule.trim();
        if rule.is_empty() || rule.starts_with('#') {
            return Ok(());
        }
        if rule.contains("**") {
            return Err(IgnoreError::DoubleStar { line });
        }
        if glob_match(rule, "abc").is_err() || !glob_valid(rule) {
            return Err(IgnoreError::BadPattern {
                line,
                pattern: rule.to_string(),
            });
        }
        let (negate, rule) = match rule.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, rule),
        };
        let (must_dir, rule) = match rule.strip_suffix('/') {
            Some(rest) => (true, rest),
            None => (false, rule),
        };
        let (anchor, glob) = if let Some(rooted) = rule.strip_prefix('/') {
            (Anchor::Path, rooted)
        } else if rule.contains('/') {
            (Anchor::Path, rule)
        } else {
            (Anchor::BaseName, rule)
        };
        self.patterns.push(Pattern {
            glob: glob.to_string(),
            anchor,
            negate,
            must_dir,
        });
        Ok(())
    }

    /// Whether `path` (relative, `/`-separated) is ignored; `is_dir` says
    /// whether it names a directory.
    pub fn ignore(&self, path: &str, is_dir: bool) -> bool {
        if path.is_empty() || path == "." || path == "./" {
            return false;
        }
        for pattern in &self.patterns {
            let subject = match pattern.anchor {
                Anchor::BaseName => go_base(path),
                Anchor::Path => path,
            };
            let matched = glob_match(&pattern.glob, subject).unwrap_or(false);
            if pattern.negate {
                if pattern.must_dir && !is_dir {
                    return true;
                }
                if !matched {
                    return true;
                }
                continue;
            }
            if pattern.must_dir && !is_dir {
                continue;
            }
            if matched {
                return true;
            }
        }
        false
    }
}

/// Go's `filepath.Base`: the last element, trailing slashes ignored.
fn go_base(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// Whether a pattern is well formed everywhere (Go checks the whole pattern).
fn glob_valid(pattern: &str) -> bool {
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                if i + 1 >= chars.len() {
                    return false;
                }
                i += 2;
            }
            '[' => match class_end(&chars, i + 1) {
                Some(end) => i = end,
                None => return false,
            },
            _ => i += 1,
        }
    }
    true
}

/// Index after the `]` closing a class that starts at `start` (after `[`).
fn class_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    let mut first = true;
    loop {
        let c = *chars.get(i)?;
        if c == ']' && !first {
            return Some(i + 1);
        }
        first = false;
        // A range endpoint, possibly escaped; then maybe `-` and another.
        i = endpoint(chars, i)?.1;
        if chars.get(i) == Some(&'-') {
            i = endpoint(chars, i + 1)?.1;
        }
    }
}

fn endpoint(chars: &[char], i: usize) -> Option<(char, usize)> {
    match *chars.get(i)? {
        '\\' => Some((*chars.get(i + 1)?, i + 2)),
        '-' | ']' => None,
        c => Some((c, i + 1)),
    }
}

/// Go's `filepath.Match` with `/` as the separator.
fn glob_match(pattern: &str, name: &str) -> Result<bool, ()> {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    match_from(&p, 0, &n, 0)
}

fn match_from(p: &[char], mut pi: usize, n: &[char], mut ni: usize) -> Result<bool, ()> {
    while pi < p.len() {
        match p[pi] {
            '*' => {
                while pi < p.len() && p[pi] == '*' {
                    pi += 1;
                }
                // Try every split that stays within one path segment.
                let mut k = ni;
                loop {
                    if match_from(p, pi, n, k)? {
                        return Ok(true);
                    }
                    if k >= n.len() || n[k] == '/' {
                        return Ok(false);
                    }
                    k += 1;
                }
            }
            '?' => {
                if ni >= n.len() || n[ni] == '/' {
                    return Ok(false);
                }
                pi += 1;
                ni += 1;
            }
            '[' => {
                let end = class_end(p, pi + 1).ok_or(())?;
                if ni >= n.len() || n[ni] == '/' {
                    return Ok(false);
                }
                let c = n[ni];
                let mut i = pi + 1;
                let negated = p[i] == '^';
                if negated {
                    i += 1;
                }
                let mut hit = false;
                while i < end - 1 {
                    let (lo, next) = endpoint(p, i).ok_or(())?;
                    i = next;
                    let hi = if p[i] == '-' {
                        let (hi, next) = endpoint(p, i + 1).ok_or(())?;
                        i = next;
                        hi
                    } else {
                        lo
                    };
                    if lo <= c && c <= hi {
                        hit = true;
                    }
                }
                if hit == negated {
                    return Ok(false);
                }
                pi = end;
                ni += 1;
            }
            '\\' => {
                let literal = *p.get(pi + 1).ok_or(())?;
                if ni >= n.len() || n[ni] != literal {
                    return Ok(false);
                }
                pi += 2;
                ni += 1;
            }
            c => {
                if ni >= n.len() || n[ni] != c {
                    return Ok(false);
                }
                pi += 1;
                ni += 1;
            }
        }
    }
    Ok(ni == n.len())
}

#[cfg(test)]
mod tests {
    //! Cases from Helm's pkg/ignore/rules_test.go.
    use super::*;

    #[test]
    fn go_glob_semantics() {
        assert_eq!(glob_match("*.txt", "a.txt"), Ok(true));
        assert_eq!(glob_match("*.txt", "dir/a.txt"), Ok(false));
        assert_eq!(glob_match("a?c", "abc"), Ok(true));
        assert_eq!(glob_match("a?c", "a/c"), Ok(false));
        assert_eq!(glob_match("[a-c]x", "bx"), Ok(true));
        assert_eq!(glob_match("[^a-c]x", "bx"), Ok(false));
        assert_eq!(glob_match("[^a-c]x", "dx"), Ok(true));
        assert_eq!(glob_match(r"\*x", "*x"), Ok(true));
        assert_eq!(glob_match(r"\*x", "ax"), Ok(false));
        assert_eq!(glob_match("a*b*c", "axxbyyc"), Ok(true));
        assert!(glob_match("[a", "a").is_err());
        assert!(!glob_valid("a\\"));
        assert!(!glob_valid("[]"));
    }

    /// Helm's TestIgnore table; `is_dir` is what its testdata fixture has.
    #[test]
    fn rules_match_as_helm_does() {
        let cases: &[(&str, &str, bool, bool)] = &[
            // (rule, path, is_dir, ignored)
            ("helm.txt", "helm.txt", false, true),
            ("helm.*", "helm.txt", false, true),
            ("helm.*", "rudder.txt", false, false),
            ("*.txt", "tiller.txt", false, true),
            ("*.txt", "cargo/a.txt", false, true),
            ("cargo/*.txt", "cargo/a.txt", false, true),
            ("cargo/*.*", "cargo/a.txt", false, true),
            ("cargo/*.txt", "mast/a.txt", false, false),
            ("ru[c-e]?er.txt", "rudder.txt", false, true),
            ("templates/.?*", "templates/.dotfile", false, true),
            (".*", ".", true, false),
            (".*", "./", true, false),
            (".*", ".joonix", false, true),
            (".*", "helm.txt", false, false),
            (".*", "", true, false),
            ("cargo/", "cargo", true, true),
            ("cargo/", "cargo/", true, true),
            ("cargo/", "mast/", true, false),
            ("helm.txt/", "helm.txt", false, false),
            ("!helm.txt", "helm.txt", false, false),
            ("!helm.txt", "tiller.txt", false, true),
            ("!*.txt", "cargo", true, true),
            ("!cargo/", "mast/", true, true),
            ("/a.txt", "a.txt", false, true),
            ("/a.txt", "cargo/a.txt", false, false),
            ("/cargo/a.txt", "cargo/a.txt", false, true),
        ];
        for &(rule, path, is_dir, expect) in cases {
            let mut rules = IgnoreRules::default();
            rules.add(rule, 1).unwrap();
            assert_eq!(rules.ignore(path, is_dir), expect, "{rule} on {path}");
        }
        for bad in ["foo/**/bar", "[z-"] {
            assert!(IgnoreRules::parse(bad).is_err(), "{bad}");
        }
        let parsed =
            IgnoreRules::parse("#ignore\n\n\t#ignore\nfoo\nbar/*\nbaz/bar/foo.txt\n\none/more\n")
                .unwrap();
        assert_eq!(parsed.patterns.len(), 5, "four rules and the default");
    }

    #[test]
    fn files_parse_with_defaults_and_errors_name_the_line() {
        let rules = IgnoreRules::parse("# comment\n\n*.bak\n").unwrap();
        assert!(rules.ignore("values.yaml.bak", false));
        assert!(rules.ignore("templates/.hidden.yaml", false));
        assert!(!rules.ignore("templates/deployment.yaml", false));
        assert!(!rules.ignore(".", true));
        assert_eq!(
            IgnoreRules::parse("a\nfoo/**/bar\n").unwrap_err(),
            IgnoreError::DoubleStar { line: 2 }
        );
        assert!(matches!(
            IgnoreRules::parse("[a\n").unwrap_err(),
            IgnoreError::BadPattern { line: 1, .. }
        ));
    }
}

//! The lexer of Go's template language (text/template/parse/lex.go): splits
//! a template into text and the tokens of its actions.
//!
//! It follows Go's rules exactly where they are visible: `{{-` and `-}}`
//! trim markers need a space next to them, comments must touch their
//! delimiters, numbers are Go literals (hex, octal, binary, underscores,
//! exponents, characters), and a lexing error ends the token stream with an
//! error item that the parser reports when it reaches it.

/// The type of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemType {
    Error,
    Bool,
    Char,
    CharConstant,
    Complex,
    Assign,
    Declare,
    Eof,
    Field,
    Identifier,
    LeftDelim,
    LeftParen,
    Number,
    Pipe,
    RawString,
    RightDelim,
    RightParen,
    Space,
    String,
    Text,
    Variable,
    // Keywords.
    Block,
    Break,
    Continue,
    Dot,
    Define,
    Else,
    End,
    If,
    Nil,
    Range,
    Template,
    With,
}

/// A token: its type, where its text is in the input, and its line (16
/// bytes: a chart's templates make hundreds of thousands).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    pub(crate) typ: ItemType,
    start: u32,
    end: u32,
    line: u32,
}

impl Item {
    /// The byte offset of the token.
    pub(crate) fn pos(&self) -> usize {
        self.start as usize
    }

    /// The byte offset just past the token.
    pub(crate) fn end(&self) -> usize {
        self.end as usize
    }

    /// The line the token starts on.
    pub(crate) fn line(&self) -> usize {
        self.line as usize
    }
}

/// The tokens of an input; the last is `Eof` or `Error`.
pub(crate) struct Lexed<'a> {
    input: &'a str,
    pub(crate) items: Vec<Item>,
    /// The message of the `Error` token, if lexing failed.
    error: Option<String>,
}

impl<'a> Lexed<'a> {
    /// The text of a token (an `Error` token's: the message).
    pub(crate) fn val(&self, t: &Item) -> &str {
        match (t.typ, &self.error) {
            (ItemType::Error, Some(message)) => message,
            _ => self.text(t),
        }
    }

    /// The input's text of a token.
    pub(crate) fn text(&self, t: &Item) -> &'a str {
        &self.input[t.pos()..t.end()]
    }

    /// A token as Go's parser describes it in errors.
    pub(crate) fn describe(&self, t: &Item) -> String {
        let val = self.val(t);
        match t.typ {
            ItemType::Eof => "EOF".to_string(),
            ItemType::Error => val.to_string(),
            typ if (typ as u8) >= (ItemType::Block as u8) => format!("<{val}>"),
            _ if val.chars().count() > 10 => {
                format!("{:.10}...", super::fmt::go_quote(val, false))
            }
            _ => super::fmt::go_quote(val, false),
        }
    }
}

const LEFT: &str = "{{";
const RIGHT: &str = "}}";

/// Where the first `{{` of `text` is: its first byte found by a byte
/// search, far quicker than a substring search for two bytes.
fn find_left_delim(text: &str) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = from + text[from..].find('{')?;
        if text.as_bytes().get(at + 1) == Some(&b'{') {
            return Some(at);
        }
        from = at + 1;
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_alnum(c: char) -> bool {
    c == '_' || c.is_alphabetic() || c.is_numeric()
}

fn has_left_trim(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2 && b[0] == b'-' && is_space(b[1])
}

fn has_right_trim(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2 && is_space(b[0]) && b[1] == b'-'
}

struct Lexer<'a> {
    input: &'a str,
    pos: usize,
    start: usize,
    line: usize,
    start_line: usize,
    paren_depth: i32,
    items: Vec<Item>,
    error: Option<String>,
}

/// Splits `input` (less than 4 GiB) into tokens; the last is `Eof` or
/// `Error`.
pub(crate) fn lex(input: &str) -> Lexed<'_> {
    let mut l = Lexer {
        input,
        pos: 0,
        start: 0,
        line: 1,
        start_line: 1,
        paren_depth: 0,
        // About 16 tokens an action (delimiters, words, the spaces between):
        // reserved once, the tokens are never copied as the list grows. An
        // action starts with `{`: counting those bytes is one quick pass.
        items: Vec::with_capacity(input.bytes().filter(|&b| b == b'{').count() * 8 + 2),
        error: None,
    };
    l.run();
    Lexed {
        input,
        items: l.items,
        error: l.error,
    }
}

impl<'a> Lexer<'a> {
    fn emit(&mut self, typ: ItemType) {
        self.items.push(Item {
            typ,
            start: self.start as u32,
            end: self.pos as u32,
            line: self.start_line as u32,
        });
        self.start = self.pos;
        self.start_line = self.line;
    }

    fn ignore(&mut self) {
        self.line += self.input[self.start..self.pos].matches('\n').count();
        self.start = self.pos;
        self.start_line = self.line;
    }

    fn error(&mut self, msg: String) {
        self.items.push(Item {
            typ: ItemType::Error,
            start: self.start as u32,
            end: self.start as u32,
            line: self.start_line as u32,
        });
        self.error = Some(msg);
    }

    fn peek(&self) -> Option<char> {
        self.input[self.pos..].chars().next()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn backup(&mut self, c: Option<char>) {
        if let Some(c) = c {
            self.pos -= c.len_utf8();
            if c == '\n' {
                self.line -= 1;
            }
        }
    }

    fn accept(&mut self, valid: &str) -> bool {
        match self.peek() {
            Some(c) if valid.contains(c) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    fn accept_run(&mut self, valid: &str) {
        while self.accept(valid) {}
    }

    fn run(&mut self) {
        loop {
            // Text.
            let rest = &self.input[self.pos..];
            match find_left_delim(rest) {
                Some(x) => {
                    let delim = self.pos + x;
                    let mut text_end = delim;
                    if has_left_trim(&self.input[delim + LEFT.len()..]) {
                        let text = &self.input[self.start..delim];
                        text_end =
                            self.start + text.trim_end_matches([' ', '\t', '\r', '\n']).len();
                    }
                    self.pos = text_end;
                    if self.pos > self.start {
                        self.line += self.input[self.start..self.pos].matches('\n').count();
                        self.emit(ItemType::Text);
                    }
                    self.pos = delim;
                    self.ignore();
                    if !self.left_delim() {
                        return;
                    }
                }
                None => {
                    self.pos = self.input.len();
                    if self.pos > self.start {
                        self.line += self.input[self.start..self.pos].matches('\n').count();
                        self.emit(ItemType::Text);
                    }
                    self.emit(ItemType::Eof);
                    return;
                }
            }
        }
    }

    fn at_right_delim(&self) -> (bool, bool) {
        let rest = &self.input[self.pos..];
        if has_right_trim(rest) && rest[2..].starts_with(RIGHT) {
            return (true, true);
        }
        (rest.starts_with(RIGHT), false)
    }

    /// After a left delimiter: a comment or an action. False on error.
    fn left_delim(&mut self) -> bool {
        self.pos += LEFT.len();
        let trim = has_left_trim(&self.input[self.pos..]);
        let after = if trim { 2 } else { 0 };
        if self.input[self.pos + after..].starts_with("/*") {
            self.pos += after;
            self.ignore();
            return self.comment();
        }
        self.emit(ItemType::LeftDelim);
        self.pos += after;
        self.ignore();
        self.paren_depth = 0;
        self.inside_action()
    }

    fn comment(&mut self) -> bool {
        self.pos += 2;
        let Some(i) = self.input[self.pos..].find("*/") else {
            self.error("unclosed comment".into());
            return false;
        };
        self.pos += i + 2;
        let (delim, trim) = self.at_right_delim();
        if !delim {
            self.error("comment ends before closing delimiter".into());
            return false;
        }
        if trim {
            self.pos += 2;
        }
        self.pos += RIGHT.len();
        if trim {
            let rest = &self.input[self.pos..];
            self.pos += rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len();
        }
        self.ignore();
        true
    }

    fn right_delim(&mut self) {
        let trim = has_right_trim(&self.input[self.pos..]);
        if trim {
            self.pos += 2;
            self.ignore();
        }
        self.pos += RIGHT.len();
        self.emit(ItemType::RightDelim);
        if trim {
            let rest = &self.input[self.pos..];
            self.pos += rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len();
            self.ignore();
        }
    }

    fn inside_action(&mut self) -> bool {
        loop {
            let (delim, _) = self.at_right_delim();
            if delim {
                if self.paren_depth == 0 {
                    self.right_delim();
                    return true;
                }
                self.error("unclosed left paren".into());
                return false;
            }
            let Some(c) = self.next() else {
                self.error("unclosed action".into());
                return false;
            };
            let ok = match c {
                c if c.is_ascii() && is_space(c as u8) => {
                    self.backup(Some(c));
                    self.space()
                }
                '=' => {
                    self.emit(ItemType::Assign);
                    true
                }
                ':' => {
                    if self.next() != Some('=') {
                        self.error("expected :=".into());
                        return false;
                    }
                    self.emit(ItemType::Declare);
                    true
                }
                '|' => {
                    self.emit(ItemType::Pipe);
                    true
                }
                '"' => self.quote(),
                '`' => self.raw_quote(),
                '$' => self.variable(),
                '\'' => self.char_constant(),
                '.' => match self.input.as_bytes().get(self.pos) {
                    Some(b) if b.is_ascii_digit() => {
                        self.backup(Some('.'));
                        self.number()
                    }
                    _ => self.field_or_variable(ItemType::Field),
                },
                '+' | '-' | '0'..='9' => {
                    self.backup(Some(c));
                    self.number()
                }
                c if is_alnum(c) => {
                    self.backup(Some(c));
                    self.identifier()
                }
                '(' => {
                    self.emit(ItemType::LeftParen);
                    self.paren_depth += 1;
                    true
                }
                ')' => {
                    self.emit(ItemType::RightParen);
                    self.paren_depth -= 1;
                    if self.paren_depth < 0 {
                        self.error("unexpected right paren U+0029 ')'".to_string());
                        return false;
                    }
                    true
                }
                c if c.is_ascii() && !c.is_ascii_control() => {
                    self.emit(ItemType::Char);
                    true
                }
                c => {
                    self.error(format!(
                        "unrecognized character in action: U+{:04X}",
                        c as u32
                    ));
                    false
                }
            };
            if !ok {
                return false;
            }
        }
    }

    fn space(&mut self) -> bool {
        let mut n = 0;
        while let Some(c) = self.peek() {
            if !(c.is_ascii() && is_space(c as u8)) {
                break;
            }
            self.next();
            n += 1;
        }
        let rest = &self.input[self.pos - 1..];
        if has_right_trim(rest) && rest[2..].starts_with(RIGHT) {
            let prev = self.input[..self.pos].chars().next_back();
            self.backup(prev);
            if n == 1 {
                return true; // inside_action sees the right delimiter
            }
        }
        self.emit(ItemType::Space);
        true
    }

    fn at_terminator(&self) -> bool {
        match self.peek() {
            None => true,
            Some(c) if c.is_ascii() && is_space(c as u8) => true,
            Some('.' | ',' | '|' | ':' | ')' | '(') => true,
            _ => self.input[self.pos..].starts_with(RIGHT),
        }
    }

    /// Moves past letters, digits and underscores (ASCII ones byte by
    /// byte, the quick way, since names are almost always ASCII).
    fn accept_word(&mut self) {
        loop {
            let rest = &self.input.as_bytes()[self.pos..];
            self.pos += rest
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
                .unwrap_or(rest.len());
            match self.peek() {
                Some(c) if !c.is_ascii() && is_alnum(c) => {
                    self.next();
                }
                _ => return,
            }
        }
    }

    fn identifier(&mut self) -> bool {
        self.accept_word();
        let c = self.peek();
        let word = &self.input[self.start..self.pos];
        if !self.at_terminator() {
            let c = c.unwrap_or('\0');
            self.error(format!("bad character U+{:04X} '{c}'", c as u32));
            return false;
        }
        let typ = match word {
            "block" => ItemType::Block,
            "break" => ItemType::Break,
            "continue" => ItemType::Continue,
            "define" => ItemType::Define,
            "else" => ItemType::Else,
            "end" => ItemType::End,
            "if" => ItemType::If,
            "range" => ItemType::Range,
            "nil" => ItemType::Nil,
            "template" => ItemType::Template,
            "with" => ItemType::With,
            "true" | "false" => ItemType::Bool,
            _ => ItemType::Identifier,
        };
        self.emit(typ);
        true
    }

    fn variable(&mut self) -> bool {
        if self.at_terminator() {
            self.emit(ItemType::Variable);
            return true;
        }
        self.field_or_variable(ItemType::Variable)
    }

    fn field_or_variable(&mut self, typ: ItemType) -> bool {
        if self.at_terminator() {
            self.emit(if typ == ItemType::Variable {
                ItemType::Variable
            } else {
                ItemType::Dot
            });
            return true;
        }
        self.accept_word();
        let c = self.peek();
        if !self.at_terminator() {
            let c = c.unwrap_or('\0');
            self.error(format!("bad character U+{:04X} '{c}'", c as u32));
            return false;
        }
        self.emit(typ);
        true
    }

    fn char_constant(&mut self) -> bool {
        loop {
            match self.next() {
                Some('\\') => {
                    if !matches!(self.next(), None | Some('\n')) {
                        continue;
                    }
                    self.error("unterminated character constant".into());
                    return false;
                }
                None | Some('\n') => {
                    self.error("unterminated character constant".into());
                    return false;
                }
                Some('\'') => break,
                _ => {}
            }
        }
        self.emit(ItemType::CharConstant);
        true
    }

    fn number(&mut self) -> bool {
        if !self.scan_number() {
            self.error(format!(
                "bad number syntax: {:?}",
                &self.input[self.start..self.pos]
            ));
            return false;
        }
        if matches!(self.peek(), Some('+' | '-')) {
            if !self.scan_number() || !self.input[..self.pos].ends_with('i') {
                self.error(format!(
                    "bad number syntax: {:?}",
                    &self.input[self.start..self.pos]
                ));
                return false;
            }
            self.emit(ItemType::Complex);
        } else {
            self.emit(ItemType::Number);
        }
        true
    }

    fn scan_number(&mut self) -> bool {
        self.accept("+-");
        let mut digits = "0123456789_";
        if self.accept("0") {
            if self.accept("xX") {
                digits = "0123456789abcdefABCDEF_";
            } else if self.accept("oO") {
                digits = "01234567_";
            } else if self.accept("bB") {
                digits = "01_";
            }
        }
        self.accept_run(digits);
        if self.accept(".") {
            self.accept_run(digits);
        }
        if digits.len() == 11 && self.accept("eE") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        if digits.len() == 23 && self.accept("pP") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        self.accept("i");
        if matches!(self.peek(), Some(c) if is_alnum(c)) {
            self.next();
            return false;
        }
        true
    }

    fn quote(&mut self) -> bool {
        loop {
            match self.next() {
                Some('\\') => {
                    if !matches!(self.next(), None | Some('\n')) {
                        continue;
                    }
                    self.error("unterminated quoted string".into());
                    return false;
                }
                None | Some('\n') => {
                    self.error("unterminated quoted string".into());
                    return false;
                }
                Some('"') => break,
                _ => {}
            }
        }
        self.emit(ItemType::String);
        true
    }

    fn raw_quote(&mut self) -> bool {
        loop {
            match self.next() {
                None => {
                    self.error("unterminated raw quoted string".into());
                    return false;
                }
                Some('`') => break,
                _ => {}
            }
        }
        self.emit(ItemType::RawString);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(s: &str) -> Vec<ItemType> {
        lex(s).items.into_iter().map(|i| i.typ).collect()
    }

    #[test]
    fn trim_markers_and_comments() {
        let lexed = lex("a  {{- .x -}}  b{{/* c */}}d");
        let vals: Vec<_> = lexed.items.iter().map(|i| lexed.val(i)).collect();
        assert_eq!(vals, ["a", "{{", ".x", "}}", "b", "d", ""]);
        use ItemType::*;
        assert_eq!(
            types("{{$x := 1.5e3 | f}}"),
            [
                LeftDelim, Variable, Space, Declare, Space, Number, Space, Pipe, Space, Identifier,
                RightDelim, Eof
            ]
        );
        assert_eq!(types("{{-3}}"), [LeftDelim, Number, RightDelim, Eof]);
        assert_eq!(
            types("{{ (x).y }}"),
            [
                LeftDelim, Space, LeftParen, Identifier, RightParen, Field, Space, RightDelim, Eof
            ]
        );
        assert_eq!(*types("{{ \"abc }}").last().unwrap(), Error);
    }

    #[test]
    fn names_may_hold_any_letter_and_end_at_a_terminator() {
        let lexed = lex("{{ .día_2.x $π fünf }}");
        let words: Vec<_> = lexed
            .items
            .iter()
            .filter(|i| i.typ != ItemType::Space)
            .map(|i| lexed.val(i))
            .collect();
        assert_eq!(words, ["{{", ".día_2", ".x", "$π", "fünf", "}}", ""]);
        let lexed = lex("{{ .a# }}");
        let error = lexed.items.last().unwrap();
        assert_eq!(error.typ, ItemType::Error);
        assert_eq!(lexed.val(error), "bad character U+0023 '#'");
        let lexed = lex("{{ abcé# }}");
        assert_eq!(
            lexed.val(lexed.items.last().unwrap()),
            "bad character U+0023 '#'"
        );
    }
}

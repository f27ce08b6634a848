//! The parser of Go's template language (text/template/parse/parse.go): turns
//! tokens into trees, one per template name (`define` and `block` add
//! trees of their own).
//!
//! It keeps Go's grammar and checks: variables must be declared before use,
//! functions must exist, `break`/`continue` only inside `range`, a pipeline
//! stage after the first must be executable, `else if` chains, and
//! Go's rule that an empty (whitespace-only) definition does not replace a
//! non-empty one. Errors read like Go's, `template: NAME:LINE: message`.
//!
//! The nodes copy no text: text, names and literals are [`Span`]s of the
//! file's text, which every tree of the file shares (parsing a chart's
//! templates was mostly allocating those copies, and dropping them).

use std::fmt;
use std::sync::Arc;

use super::lex::{Item, ItemType, Lexed, lex};

/// A parsed template: its name, the file it was parsed from and its nodes.
#[derive(Debug)]
pub(crate) struct Tree {
    /// The template's name.
    pub(crate) name: String,
    /// The name of the file (template) whose text holds it.
    pub(crate) parse_name: Arc<str>,
    /// That file's text: what the nodes' spans index (and error locations).
    pub(crate) text: Arc<str>,
    /// The nodes.
    pub(crate) root: Vec<Node>,
}

impl Tree {
    /// The text of `span`.
    pub(crate) fn src(&self, span: Span) -> &str {
        span.of(&self.text)
    }

    /// Whether the body is empty in Go's sense (only whitespace text).
    pub(crate) fn is_empty(&self) -> bool {
        is_empty_list(&self.root, &self.text)
    }
}

/// A byte range of the text a tree was parsed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The range `start..end` (the parser refuses texts of 4 GiB or more,
    /// so offsets fit).
    fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// This range of `text`.
    pub(crate) fn of(self, text: &str) -> &str {
        &text[self.start as usize..self.end as usize]
    }
}

/// A node of a template's body.
#[derive(Debug)]
pub(crate) enum Node {
    Text(Span),
    Action(Pipe),
    If(Control),
    With(Control),
    Range(Control),
    Template {
        pos: usize,
        name: String,
        pipe: Option<Pipe>,
    },
    Break,
    Continue,
}

/// The parts of `if`, `with` and `range`.
#[derive(Debug)]
pub(crate) struct Control {
    pub(crate) pos: usize,
    pub(crate) pipe: Pipe,
    pub(crate) list: Vec<Node>,
    pub(crate) else_list: Option<Vec<Node>>,
}

/// A pipeline, with the variables it declares or assigns.
#[derive(Debug)]
pub(crate) struct Pipe {
    pub(crate) pos: usize,
    pub(crate) is_assign: bool,
    /// The variables' names (`$x`).
    pub(crate) decl: Vec<Span>,
    pub(crate) cmds: Vec<Command>,
}

/// One stage of a pipeline.
#[derive(Debug)]
pub(crate) struct Command {
    pub(crate) args: Vec<Arg>,
}

/// A number literal with every interpretation Go gives it.
#[derive(Debug, Clone)]
pub(crate) struct Number {
    pub(crate) text: Span,
    pub(crate) is_int: bool,
    pub(crate) is_uint: bool,
    pub(crate) is_float: bool,
    pub(crate) int: i64,
    pub(crate) float: f64,
    /// A character constant like `'a'`.
    pub(crate) is_char: bool,
}

/// A string literal: as written, and its value.
#[derive(Debug)]
pub(crate) struct StrLit {
    /// The literal with its quotes.
    pub(crate) quoted: Span,
    /// The value when it differs from the text between the quotes (escapes,
    /// or carriage returns in a raw string).
    unescaped: Option<Box<str>>,
}

impl StrLit {
    /// The string's value; `text` is its tree's text.
    pub(crate) fn value<'a>(&'a self, text: &'a str) -> &'a str {
        match &self.unescaped {
            Some(value) => value,
            None => {
                let quoted = self.quoted.of(text);
                &quoted[1..quoted.len() - 1]
            }
        }
    }
}

/// An operand of a command.
#[derive(Debug)]
pub(crate) enum Arg {
    /// `.a.b`: `names` is `a.b`.
    Field {
        pos: usize,
        names: Span,
    },
    /// `$x.a.b`: `path` is all of it.
    Variable {
        pos: usize,
        path: Span,
    },
    Dot(usize),
    Nil(usize),
    Bool(usize, bool),
    Number(usize, Number),
    Str {
        pos: usize,
        lit: StrLit,
    },
    /// A function's name.
    Identifier(usize, Span),
    Pipe(Box<Pipe>),
    /// `(pipeline).a.b`: `fields` is `a.b`.
    Chain {
        pos: usize,
        node: Box<Arg>,
        fields: Span,
    },
}

impl Arg {
    /// The byte offset of the operand.
    pub(crate) fn pos(&self) -> usize {
        match self {
            Arg::Field { pos, .. }
            | Arg::Variable { pos, .. }
            | Arg::Dot(pos)
            | Arg::Nil(pos)
            | Arg::Bool(pos, _)
            | Arg::Number(pos, _)
            | Arg::Str { pos, .. }
            | Arg::Identifier(pos, _)
            | Arg::Chain { pos, .. } => *pos,
            Arg::Pipe(p) => p.pos,
        }
    }

    /// The operand printed as Go prints it; `text` is its tree's text.
    pub(crate) fn show<'a>(&'a self, text: &'a str) -> Shown<'a, Arg> {
        Shown { node: self, text }
    }
}

impl Pipe {
    /// The pipeline printed as Go prints it; `text` is its tree's text.
    pub(crate) fn show<'a>(&'a self, text: &'a str) -> Shown<'a, Pipe> {
        Shown { node: self, text }
    }
}

/// A node with the text its spans index, to print it.
pub(crate) struct Shown<'a, T> {
    node: &'a T,
    text: &'a str,
}

impl fmt::Display for Shown<'_, Arg> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.text;
        match self.node {
            Arg::Field { names, .. } => write!(f, ".{}", names.of(text)),
            Arg::Variable { path, .. } => write!(f, "{}", path.of(text)),
            Arg::Dot(_) => write!(f, "."),
            Arg::Nil(_) => write!(f, "nil"),
            Arg::Bool(_, b) => write!(f, "{b}"),
            Arg::Number(_, n) => write!(f, "{}", n.text.of(text)),
            Arg::Str { lit, .. } => write!(f, "{}", lit.quoted.of(text)),
            Arg::Identifier(_, n) => write!(f, "{}", n.of(text)),
            Arg::Pipe(p) => write!(f, "({})", p.show(text)),
            Arg::Chain { node, fields, .. } => {
                match node.as_ref() {
                    Arg::Pipe(p) => write!(f, "({})", p.show(text))?,
                    n => write!(f, "{}", n.show(text))?,
                }
                write!(f, ".{}", fields.of(text))
            }
        }
    }
}

impl fmt::Display for Shown<'_, Pipe> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pipe = self.node;
        for (i, name) in pipe.decl.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{}", name.of(self.text))?;
        }
        if !pipe.decl.is_empty() {
            write!(f, "{}", if pipe.is_assign { " = " } else { " := " })?;
        }
        for (i, c) in pipe.cmds.iter().enumerate() {
            if i > 0 {
                write!(f, " | ")?;
            }
            for (j, a) in c.args.iter().enumerate() {
                if j > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{}", a.show(self.text))?;
            }
        }
        Ok(())
    }
}

/// A parse error, already in Go's words.
#[derive(Debug)]
pub(crate) struct ParseFailure(pub(crate) String);

type PResult<T> = Result<T, ParseFailure>;

/// Whether a body is empty in Go's sense (only whitespace text); `text` is
/// its tree's text.
fn is_empty_list(nodes: &[Node], text: &str) -> bool {
    nodes.iter().all(|n| match n {
        Node::Text(t) => t.of(text).trim_matches([' ', '\t', '\r', '\n']).is_empty(),
        _ => false,
    })
}

struct Parser<'a, 't> {
    lexed: Lexed<'t>,
    i: usize,
    /// The text being parsed (what `text` holds too).
    src: &'t str,
    parse_name: Arc<str>,
    text: Arc<str>,
    vars: Vec<&'t str>,
    range_depth: usize,
    has_func: &'a dyn Fn(&str) -> bool,
    /// Trees defined so far by this parse, in order.
    trees: Vec<Tree>,
    /// Scratch stacks for the lists, pipelines and commands being built:
    /// each pushes its parts above a mark and takes them off in one Vec of
    /// the exact size when done, instead of growing a Vec of its own.
    nodes: Vec<Node>,
    cmds: Vec<Command>,
    args: Vec<Arg>,
}

/// Parses `text` as template `name`: the template's own tree first, then
/// every tree it defines.
pub(crate) fn parse(
    name: &str,
    source: &str,
    has_func: &dyn Fn(&str) -> bool,
) -> PResult<Vec<Tree>> {
    if u32::try_from(source.len()).is_err() {
        return Err(ParseFailure(format!(
            "template: {name}: the template is 4 GiB or more"
        )));
    }
    let text: Arc<str> = source.into();
    let parse_name: Arc<str> = name.into();
    let mut p = Parser {
        lexed: lex(source),
        i: 0,
        src: source,
        parse_name: parse_name.clone(),
        text: text.clone(),
        vars: vec!["$"],
        range_depth: 0,
        has_func,
        trees: Vec::new(),
        // Room for a file's top level and a few levels below it.
        nodes: Vec::with_capacity(256),
        cmds: Vec::with_capacity(16),
        args: Vec::with_capacity(32),
    };
    let root = p.parse_top()?;
    let own = Tree {
        name: name.to_string(),
        parse_name,
        text,
        root,
    };
    // Go's Tree.add: the file's own tree is added like any definition.
    let defs = std::mem::take(&mut p.trees);
    let mut result: Vec<Tree> = Vec::with_capacity(defs.len() + 1);
    for t in std::iter::once(own).chain(defs) {
        p.add_tree(&mut result, t)?;
    }
    Ok(result)
}

/// The text of a token.
fn span(t: &Item) -> Span {
    Span::new(t.pos(), t.end())
}

impl<'t> Parser<'_, 't> {
    fn add_tree(&self, set: &mut Vec<Tree>, t: Tree) -> PResult<()> {
        if let Some(i) = set.iter().position(|x| x.name == t.name) {
            if set[i].is_empty() {
                set[i] = t;
            } else if !t.is_empty() {
                return Err(ParseFailure(format!(
                    "template: {}:{}: template: multiple definition of template {:?}",
                    self.parse_name,
                    self.line(),
                    t.name
                )));
            }
            return Ok(());
        }
        set.push(t);
        Ok(())
    }

    /// The text of a token, borrowed from the source.
    fn val(&self, t: &Item) -> &'t str {
        self.lexed.text(t)
    }

    /// The message of the lexer's error.
    fn lex_error(&self, t: &Item) -> ParseFailure {
        self.errorf(self.lexed.val(t))
    }

    /// The nodes pushed on the scratch stack since `mark`, taken off.
    fn take_nodes(&mut self, mark: usize) -> Vec<Node> {
        self.nodes.drain(mark..).collect()
    }

    fn line(&self) -> usize {
        self.lexed
            .items
            .get(self.i.saturating_sub(1))
            .map(Item::line)
            .unwrap_or(1)
    }

    fn errorf(&self, msg: impl fmt::Display) -> ParseFailure {
        ParseFailure(format!(
            "template: {}:{}: {}",
            self.name_for_errors(),
            self.line(),
            msg
        ))
    }

    fn name_for_errors(&self) -> &str {
        &self.parse_name
    }

    fn next(&mut self) -> Item {
        let items = &self.lexed.items;
        let it = items[self.i.min(items.len() - 1)];
        if self.i < items.len() {
            self.i += 1;
        }
        it
    }

    fn backup(&mut self) {
        self.i -= 1;
    }

    fn peek(&self) -> Item {
        let items = &self.lexed.items;
        items[self.i.min(items.len() - 1)]
    }

    fn next_non_space(&mut self) -> PResult<Item> {
        loop {
            let t = self.next();
            match t.typ {
                ItemType::Space => continue,
                ItemType::Error => return Err(self.lex_error(&t)),
                _ => return Ok(t),
            }
        }
    }

    fn peek_non_space(&mut self) -> PResult<Item> {
        let t = self.next_non_space()?;
        self.backup();
        Ok(t)
    }

    fn expect(&mut self, typ: ItemType, context: &str) -> PResult<Item> {
        let t = self.next_non_space()?;
        if t.typ != typ {
            return Err(self.unexpected(&t, context));
        }
        Ok(t)
    }

    fn unexpected(&self, t: &Item, context: &str) -> ParseFailure {
        if t.typ == ItemType::Error {
            return self.lex_error(t);
        }
        self.errorf(format!(
            "unexpected {} in {context}",
            self.lexed.describe(t)
        ))
    }

    fn parse_top(&mut self) -> PResult<Vec<Node>> {
        let mark = self.nodes.len();
        loop {
            let t = self.peek();
            match t.typ {
                ItemType::Eof => return Ok(self.take_nodes(mark)),
                ItemType::Error => return Err(self.lex_error(&t)),
                ItemType::LeftDelim => {
                    let save = self.i;
                    self.next();
                    if self.next_non_space()?.typ == ItemType::Define {
                        self.parse_definition()?;
                        continue;
                    }
                    self.i = save;
                }
                _ => {}
            }
            match self.text_or_action()? {
                Item2::End => return Err(self.errorf("unexpected {{end}}")),
                Item2::Else(_) => return Err(self.errorf("unexpected {{else}}")),
                Item2::Node(Some(n)) => self.nodes.push(n),
                Item2::Node(None) => {}
            }
        }
    }

    fn parse_definition(&mut self) -> PResult<()> {
        let context = "define clause";
        let t = self.next_non_space()?;
        if !matches!(t.typ, ItemType::String | ItemType::RawString) {
            return Err(self.unexpected(&t, context));
        }
        let name = self.unquote(self.val(&t))?;
        self.expect(ItemType::RightDelim, context)?;
        let saved_vars = std::mem::replace(&mut self.vars, vec!["$"]);
        let saved_depth = std::mem::replace(&mut self.range_depth, 0);
        let (list, end) = self.item_list()?;
        self.vars = saved_vars;
        self.range_depth = saved_depth;
        if !matches!(end, Item2::End) {
            return Err(self.errorf(format!("unexpected {{{{else}}}} in {context}")));
        }
        let tree = Tree {
            name,
            parse_name: self.parse_name.clone(),
            text: self.text.clone(),
            root: list,
        };
        let mut trees = std::mem::take(&mut self.trees);
        let r = self.add_tree(&mut trees, tree);
        self.trees = trees;
        r
    }

    /// Nodes up to `{{end}}` or `{{else}}`.
    fn item_list(&mut self) -> PResult<(Vec<Node>, Item2)> {
        let mark = self.nodes.len();
        loop {
            if self.peek_non_space()?.typ == ItemType::Eof {
                return Err(self.errorf("unexpected EOF"));
            }
            match self.text_or_action()? {
                Item2::Node(Some(n)) => self.nodes.push(n),
                Item2::Node(None) => {}
                end => return Ok((self.take_nodes(mark), end)),
            }
        }
    }

    fn text_or_action(&mut self) -> PResult<Item2> {
        let t = self.next_non_space()?;
        match t.typ {
            ItemType::Text => Ok(Item2::Node(Some(Node::Text(span(&t))))),
            ItemType::LeftDelim => self.action(),
            _ => Err(self.unexpected(&t, "input")),
        }
    }
    fn action(&mut self) -> PResult<Item2> {
        let t = self.next_non_space()?;
        match t.typ {
            ItemType::Block => return self.block_control().map(|n| Item2::Node(Some(n))),
            ItemType::Break | ItemType::Continue => {
                let what = if t.typ == ItemType::Break {
                    "break"
                } else {
                    "continue"
                };
                let n = self.next_non_space()?;
                if n.typ != ItemType::RightDelim {
                    return Err(self.unexpected(&n, &format!("{{{{{what}}}}}")));
                }
                if self.range_depth == 0 {
                    return Err(self.errorf(format!("{{{{{what}}}}} outside {{{{range}}}}")));
                }
                return Ok(Item2::Node(Some(if t.typ == ItemType::Break {
                    Node::Break
                } else {
                    Node::Continue
                })));
            }
            ItemType::Else => {
                let p = self.peek_non_space()?;
                // `{{else if …}}` and (Go 1.23) `{{else with …}}`: the keyword
                // is left for the control to read.
                if p.typ == ItemType::If || p.typ == ItemType::With {
                    return Ok(Item2::Else(true));
                }
                self.expect(ItemType::RightDelim, "else")?;
                return Ok(Item2::Else(false));
            }
            ItemType::End => {
                self.expect(ItemType::RightDelim, "end")?;
                return Ok(Item2::End);
            }
            ItemType::If => return self.control("if").map(|c| Item2::Node(Some(Node::If(c)))),
            ItemType::Range => {
                return self
                    .control("range")
                    .map(|c| Item2::Node(Some(Node::Range(c))));
            }
            ItemType::With => {
                return self
                    .control("with")
                    .map(|c| Item2::Node(Some(Node::With(c))));
            }
            ItemType::Template => return self.template_control().map(|n| Item2::Node(Some(n))),
            _ => {}
        }
        self.backup();
        let pipe = self.pipeline("command", ItemType::RightDelim)?;
        Ok(Item2::Node(Some(Node::Action(pipe))))
    }

    fn control(&mut self, context: &str) -> PResult<Control> {
        let nvars = self.vars.len();
        let pipe = self.pipeline(context, ItemType::RightDelim)?;
        if context == "range" {
            self.range_depth += 1;
        }
        let (list, next) = self.item_list()?;
        if context == "range" {
            self.range_depth -= 1;
        }
        let else_list = match next {
            Item2::End => None,
            Item2::Else(is_if) => {
                let chained = if is_if {
                    Some(self.peek_non_space()?.typ)
                } else {
                    None
                };
                if chained == Some(ItemType::If) && context == "if" {
                    // {{else if ...}}: an if nested in the else branch, sharing the end.
                    self.next_non_space()?; // the "if"
                    let c = self.control("if")?;
                    Some(vec![Node::If(c)])
                } else if chained == Some(ItemType::With) && context == "with" {
                    // {{else with ...}} (Go 1.23): a with nested in the else
                    // branch, sharing the end.
                    self.next_non_space()?; // the "with"
                    let c = self.control("with")?;
                    Some(vec![Node::With(c)])
                } else if is_if {
                    // "else if" inside range/with: Go expects a right delimiter.
                    let t = self.next_non_space()?;
                    return Err(self.unexpected(&t, "else"));
                } else {
                    let (l, n) = self.item_list()?;
                    if !matches!(n, Item2::End) {
                        return Err(self.errorf("expected end; found {{else}}"));
                    }
                    Some(l)
                }
            }
            Item2::Node(_) => unreachable!(),
        };
        self.vars.truncate(nvars);
        Ok(Control {
            pos: pipe.pos,
            pipe,
            list,
            else_list,
        })
    }

    fn block_control(&mut self) -> PResult<Node> {
        let context = "block clause";
        let t = self.next_non_space()?;
        let name = self.template_name(&t, context)?;
        let pipe = self.pipeline(context, ItemType::RightDelim)?;
        let saved_vars = std::mem::replace(&mut self.vars, vec!["$"]);
        let saved_depth = std::mem::replace(&mut self.range_depth, 0);
        let (list, end) = self.item_list()?;
        self.vars = saved_vars;
        self.range_depth = saved_depth;
        if !matches!(end, Item2::End) {
            return Err(self.errorf(format!("unexpected {{{{else}}}} in {context}")));
        }
        let tree = Tree {
            name: name.clone(),
            parse_name: self.parse_name.clone(),
            text: self.text.clone(),
            root: list,
        };
        let mut trees = std::mem::take(&mut self.trees);
        let r = self.add_tree(&mut trees, tree);
        self.trees = trees;
        r?;
        Ok(Node::Template {
            pos: t.pos(),
            name,
            pipe: Some(pipe),
        })
    }

    fn template_control(&mut self) -> PResult<Node> {
        let context = "template clause";
        let t = self.next_non_space()?;
        let name = self.template_name(&t, context)?;
        let pipe = if self.next_non_space()?.typ != ItemType::RightDelim {
            self.backup();
            Some(self.pipeline(context, ItemType::RightDelim)?)
        } else {
            None
        };
        Ok(Node::Template {
            pos: t.pos(),
            name,
            pipe,
        })
    }

    fn template_name(&mut self, t: &Item, context: &str) -> PResult<String> {
        match t.typ {
            ItemType::String | ItemType::RawString => self.unquote(self.val(t)),
            _ => Err(self.unexpected(t, context)),
        }
    }

    fn unquote(&self, s: &str) -> PResult<String> {
        unquote(s).ok_or_else(|| self.errorf("invalid syntax"))
    }

    fn pipeline(&mut self, context: &str, end: ItemType) -> PResult<Pipe> {
        let start = self.peek_non_space()?;
        let mut pipe = Pipe {
            pos: start.pos(),
            is_assign: false,
            decl: Vec::new(),
            cmds: Vec::new(),
        };
        // Declarations.
        loop {
            let v = self.peek_non_space()?;
            if v.typ != ItemType::Variable {
                break;
            }
            let save = self.i;
            self.next_non_space()?;
            let next = self.peek_non_space()?;
            match next.typ {
                ItemType::Assign | ItemType::Declare => {
                    pipe.is_assign = next.typ == ItemType::Assign;
                    self.next_non_space()?;
                    pipe.decl.push(span(&v));
                    self.vars.push(self.val(&v));
                    break;
                }
                ItemType::Char if self.val(&next) == "," => {
                    self.next_non_space()?;
                    pipe.decl.push(span(&v));
                    self.vars.push(self.val(&v));
                    if context == "range" && pipe.decl.len() < 2 {
                        match self.peek_non_space()?.typ {
                            ItemType::Variable | ItemType::RightDelim | ItemType::RightParen => {
                                continue;
                            }
                            _ => return Err(self.errorf("range can only initialize variables")),
                        }
                    }
                    return Err(self.errorf(format!("too many declarations in {context}")));
                }
                _ => {
                    self.i = save;
                    break;
                }
            }
        }
        let mark = self.cmds.len();
        loop {
            let t = self.next_non_space()?;
            if t.typ == end {
                self.check_pipeline(&self.cmds[mark..], context)?;
                pipe.cmds = self.cmds.drain(mark..).collect();
                return Ok(pipe);
            }
            match t.typ {
                ItemType::Bool
                | ItemType::CharConstant
                | ItemType::Complex
                | ItemType::Dot
                | ItemType::Field
                | ItemType::Identifier
                | ItemType::Number
                | ItemType::Nil
                | ItemType::RawString
                | ItemType::String
                | ItemType::Variable
                | ItemType::LeftParen => {
                    self.backup();
                    let c = self.command()?;
                    self.cmds.push(c);
                }
                _ => return Err(self.unexpected(&t, context)),
            }
        }
    }

    fn check_pipeline(&self, cmds: &[Command], context: &str) -> PResult<()> {
        if cmds.is_empty() {
            return Err(self.errorf(format!("missing value for {context}")));
        }
        for (i, c) in cmds.iter().enumerate().skip(1) {
            if matches!(
                c.args[0],
                Arg::Bool(..) | Arg::Dot(_) | Arg::Nil(_) | Arg::Number(..) | Arg::Str { .. }
            ) {
                return Err(self.errorf(format!(
                    "non executable command in pipeline stage {}",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    fn command(&mut self) -> PResult<Command> {
        self.peek_non_space()?;
        let mark = self.args.len();
        loop {
            self.peek_non_space()?;
            if let Some(op) = self.operand()? {
                self.args.push(op);
            }
            let t = self.next();
            match t.typ {
                ItemType::Space => continue,
                ItemType::RightDelim | ItemType::RightParen => self.backup(),
                ItemType::Pipe => {}
                ItemType::Error => return Err(self.lex_error(&t)),
                _ => return Err(self.unexpected(&t, "operand")),
            }
            break;
        }
        if self.args.len() == mark {
            return Err(self.errorf("empty command"));
        }
        Ok(Command {
            args: self.args.drain(mark..).collect(),
        })
    }

    fn operand(&mut self) -> PResult<Option<Arg>> {
        let Some(node) = self.term()? else {
            return Ok(None);
        };
        if self.peek().typ == ItemType::Field {
            // The fields follow the term and each other with nothing
            // between (the lexer ends a field at a space): one span.
            let pos = self.peek().pos();
            let mut end = pos;
            while self.peek().typ == ItemType::Field {
                end = self.next().end();
            }
            let fields = Span::new(pos + 1, end);
            return Ok(Some(match node {
                Arg::Field { names, .. } => Arg::Field {
                    pos,
                    names: Span::new(names.start as usize, end),
                },
                Arg::Variable { path, .. } => Arg::Variable {
                    pos,
                    path: Span::new(path.start as usize, end),
                },
                Arg::Bool(..) | Arg::Str { .. } | Arg::Number(..) | Arg::Nil(_) | Arg::Dot(_) => {
                    return Err(self.errorf(format!(
                        "unexpected . after term {:?}",
                        node.show(self.src).to_string()
                    )));
                }
                node => Arg::Chain {
                    pos,
                    node: Box::new(node),
                    fields,
                },
            }));
        }
        Ok(Some(node))
    }

    fn term(&mut self) -> PResult<Option<Arg>> {
        let t = self.next_non_space()?;
        Ok(Some(match t.typ {
            ItemType::Identifier => {
                if !(self.has_func)(self.val(&t)) {
                    return Err(self.errorf(format!("function {:?} not defined", self.val(&t))));
                }
                Arg::Identifier(t.pos(), span(&t))
            }
            ItemType::Dot => Arg::Dot(t.pos()),
            ItemType::Nil => Arg::Nil(t.pos()),
            ItemType::Variable => {
                let path = self.val(&t);
                let name = path.split('.').next().unwrap_or(path);
                if !self.vars.contains(&name) {
                    return Err(self.errorf(format!("undefined variable {name:?}")));
                }
                Arg::Variable {
                    pos: t.pos(),
                    path: span(&t),
                }
            }
            ItemType::Field => Arg::Field {
                pos: t.pos(),
                names: Span::new(t.pos() + 1, t.end()),
            },
            ItemType::Bool => Arg::Bool(t.pos(), self.val(&t) == "true"),
            ItemType::CharConstant | ItemType::Complex | ItemType::Number => {
                Arg::Number(t.pos(), self.number(&t)?)
            }
            ItemType::LeftParen => Arg::Pipe(Box::new(
                self.pipeline("parenthesized pipeline", ItemType::RightParen)?,
            )),
            ItemType::String | ItemType::RawString => Arg::Str {
                pos: t.pos(),
                lit: self.string_literal(&t)?,
            },
            _ => {
                self.backup();
                return Ok(None);
            }
        }))
    }

    /// A string literal, its value copied only when it differs from the
    /// text between its quotes.
    fn string_literal(&self, t: &Item) -> PResult<StrLit> {
        let quoted = self.val(t);
        let inner = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or("");
        let verbatim = match t.typ {
            ItemType::RawString => !inner.contains('\r'),
            _ => !inner.contains(['\\', '"', '\n']),
        };
        let unescaped = if verbatim && quoted.len() >= 2 {
            None
        } else {
            Some(self.unquote(quoted)?.into_boxed_str())
        };
        Ok(StrLit {
            quoted: span(t),
            unescaped,
        })
    }

    fn number(&self, t: &Item) -> PResult<Number> {
        let mut n = Number {
            text: span(t),
            is_int: false,
            is_uint: false,
            is_float: false,
            int: 0,
            float: 0.0,
            is_char: false,
        };
        if t.typ == ItemType::CharConstant {
            let c = unquote_char(self.val(t)).ok_or_else(|| {
                self.errorf(format!("malformed character constant: {}", self.val(t)))
            })?;
            n.is_char = true;
            n.is_int = true;
            n.is_uint = true;
            n.is_float = true;
            n.int = c as i64;
            n.float = c as i64 as f64;
            return Ok(n);
        }
        if t.typ == ItemType::Complex {
            return Err(self.errorf(format!(
                "complex constants are not supported: {}",
                self.val(t)
            )));
        }
        let text = self.val(t);
        if let Some(i) = parse_go_int(text) {
            n.is_int = true;
            n.int = i;
            n.is_uint = i >= 0;
            n.is_float = true;
            n.float = i as f64;
        } else if let Some(u) = parse_go_uint(text) {
            n.is_uint = true;
            n.is_float = true;
            n.float = u as f64;
        } else {
            match parse_go_float(text) {
                Some(f) => {
                    if !text.contains(['.', 'e', 'E', 'p', 'P']) {
                        return Err(self.errorf(format!("integer overflow: {text:?}")));
                    }
                    n.is_float = true;
                    n.float = f;
                    if f.fract() == 0.0
                        && (-9.223372036854776e18..9.223372036854776e18).contains(&f)
                    {
                        n.is_int = true;
                        n.int = f as i64;
                    }
                    if f.fract() == 0.0 && (0.0..1.8446744073709552e19).contains(&f) {
                        n.is_uint = true;
                    }
                }
                None => return Err(self.errorf(format!("illegal number syntax: {text:?}"))),
            }
        }
        Ok(n)
    }
}

/// What `text_or_action` found: a node, `{{end}}` or `{{else}}` (`true`
/// when followed by `if` or `with`).
enum Item2 {
    Node(Option<Node>),
    End,
    Else(bool),
}

fn strip_underscores(s: &str) -> Option<String> {
    // Go allows underscores only between digits or after a base prefix.
    if s.contains("__") || s.ends_with('_') {
        return None;
    }
    Some(s.replace('_', ""))
}

/// strconv.ParseInt(text, 0, 64).
fn parse_go_int(text: &str) -> Option<i64> {
    let (neg, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let u = parse_go_uint_body(body)?;
    if neg {
        if u <= 1u64 << 63 {
            Some((u as i128).wrapping_neg() as i64)
        } else {
            None
        }
    } else if u <= i64::MAX as u64 {
        Some(u as i64)
    } else {
        None
    }
}

fn parse_go_uint(text: &str) -> Option<u64> {
    if text.starts_with(['-', '+']) {
        return None;
    }
    parse_go_uint_body(text)
}

fn parse_go_uint_body(body: &str) -> Option<u64> {
    let lower = body.to_ascii_lowercase();
    let (radix, digits, prefixed) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r.to_string(), true)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r.to_string(), true)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r.to_string(), true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string(), true)
    } else {
        (10, lower.clone(), false)
    };
    if digits.is_empty() {
        return None;
    }
    let digits = if digits.contains('_') {
        if !prefixed && radix == 10 {
            // "1_000" is allowed in base-0 parsing.
        }
        strip_underscores(digits.trim_start_matches('_'))?
    } else {
        digits
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(&digits, radix).ok()
}

/// strconv.ParseFloat(text, 64) for what the lexer reads as a number:
/// decimal and hexadecimal (`0x1p60`, `0x1.8p-3`: a `p` exponent required)
/// floats, with underscores between digits; `None` for anything else or a
/// value out of range.
fn parse_go_float(text: &str) -> Option<f64> {
    if text.contains('_') && !underscore_ok(text) {
        return None;
    }
    let t = text.replace('_', "");
    let (negative, body) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t.as_str()),
    };
    let value = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        parse_hex_float(hex)?
    } else {
        if !body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    let value = if negative { -value } else { value };
    value.is_finite().then_some(value)
}

/// The mantissa and exponent of a hexadecimal float after `0x`
/// (`1.8p-3`), rounded to the nearest float64 as strconv does.
fn parse_hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = text.split_once(['p', 'P'])?;
    let exponent: i64 = exponent.parse().ok()?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    // The significant digits in 128 bits; digits beyond them only count
    // as "not exactly zero" (a sticky bit), which is enough to round right.
    let mut bits: u128 = 0;
    let mut scale: i64 = 0;
    let mut sticky = false;
    for (i, c) in whole.chars().chain(fraction.chars()).enumerate() {
        let digit = u128::from(c.to_digit(16)?);
        if bits >> 120 == 0 {
            bits = bits << 4 | digit;
            if i >= whole.len() {
                scale -= 4;
            }
        } else {
            sticky |= digit != 0;
            if i < whole.len() {
                scale += 4;
            }
        }
    }
    if sticky {
        bits |= 1;
    }
    let exponent = exponent.saturating_add(scale).clamp(-2000, 2000) as i32;
    // Exact: scaling a float64 by a power of two (in two steps, so that
    // neither factor overflows on its own).
    let half = exponent / 2;
    Some(bits as f64 * 2f64.powi(half) * 2f64.powi(exponent - half))
}

/// strconv's underscoreOK: underscores only between digits, or between a
/// base prefix and a digit.
fn underscore_ok(text: &str) -> bool {
    let s = text.strip_prefix(['+', '-']).unwrap_or(text).as_bytes();
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if s.len() >= 2 && s[0] == b'0' && matches!(s[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = s[1].eq_ignore_ascii_case(&b'x');
    }
    for &c in &s[i..] {
        if c.is_ascii_digit() || hex && c.is_ascii_hexdigit() {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
    }
    saw != b'_'
}

/// Go's strconv.Unquote for "..." and `...` strings.
pub(crate) fn unquote(s: &str) -> Option<String> {
    if s.len() >= 2 && s.starts_with('`') && s.ends_with('`') {
        return Some(s[1..s.len() - 1].replace('\r', ""));
    }
    if !(s.len() >= 2 && s.starts_with('"') && s.ends_with('"')) {
        return None;
    }
    unescape(&s[1..s.len() - 1], '"')
}

fn unquote_char(s: &str) -> Option<char> {
    if !(s.len() >= 3 && s.starts_with('\'') && s.ends_with('\'')) {
        return None;
    }
    let u = unescape(&s[1..s.len() - 1], '\'')?;
    let mut cs = u.chars();
    let c = cs.next()?;
    if cs.next().is_some() {
        return None;
    }
    Some(c)
}

fn unescape(body: &str, quote: char) -> Option<String> {
    let mut out = String::new();
    let mut cs = body.chars().peekable();
    while let Some(c) = cs.next() {
        if c == quote || c == '\n' {
            return None;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = cs.next()?;
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            '\'' if quote == '\'' => out.push('\''),
            '"' if quote == '"' => out.push('"'),
            'x' | 'u' | 'U' => {
                let n = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex: String = (0..n).map(|_| cs.next()).collect::<Option<_>>()?;
                let v = u32::from_str_radix(&hex, 16).ok()?;
                if e == 'x' {
                    // A byte; only valid UTF-8 sequences can be held in a Rust string.
                    if v < 0x80 {
                        out.push(v as u8 as char);
                    } else {
                        return None;
                    }
                } else {
                    out.push(char::from_u32(v)?);
                }
            }
            '0'..='7' => {
                let mut v = e.to_digit(8)?;
                for _ in 0..2 {
                    v = v * 8 + cs.next()?.to_digit(8)?;
                }
                if v > 255 {
                    return None;
                }
                if v < 0x80 {
                    out.push(v as u8 as char);
                } else {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Vec<Tree>, String> {
        parse("t", s, &|f| f == "printf" || f == "len").map_err(|e| e.0)
    }

    #[test]
    fn defines_become_trees_and_pipelines_print_like_go() {
        let trees =
            p(r#"{{define "a"}}x{{end}}{{ $x := .a.b | printf "%d" }}{{ (len .).x }}"#).unwrap();
        assert_eq!(trees.len(), 2);
        assert_eq!(trees[1].name, "a");
        let Node::Action(pipe) = &trees[0].root[0] else {
            panic!()
        };
        assert_eq!(
            pipe.show(&trees[0].text).to_string(),
            r#"$x := .a.b | printf "%d""#
        );
    }

    #[test]
    fn errors_read_like_go() {
        assert_eq!(
            p("{{ nope }}").unwrap_err(),
            r#"template: t:1: function "nope" not defined"#
        );
        assert_eq!(
            p("{{ $x }}").unwrap_err(),
            r#"template: t:1: undefined variable "$x""#
        );
        assert_eq!(
            p("{{ if . }}").unwrap_err(),
            "template: t:1: unexpected EOF"
        );
        assert_eq!(
            p("{{ break }}").unwrap_err(),
            "template: t:1: {{break}} outside {{range}}"
        );
        assert!(
            p("{{ . | 1 }}")
                .unwrap_err()
                .contains("non executable command in pipeline stage 2")
        );
        assert!(
            p(r#"{{define "a"}}x{{end}}{{define "a"}}y{{end}}"#)
                .unwrap_err()
                .contains("multiple definition")
        );
    }

    #[test]
    fn else_with_chains_like_else_if() {
        let trees = p("{{ with .a }}a{{ else with .b }}b{{ else }}c{{ end }}").unwrap();
        let Node::With(c) = &trees[0].root[0] else {
            panic!()
        };
        let Some([Node::With(inner)]) = c.else_list.as_deref() else {
            panic!("{:?}", c.else_list)
        };
        assert_eq!(inner.pipe.show(&trees[0].text).to_string(), ".b");
        assert!(inner.else_list.is_some());
        // Only within a with: {{else with}} in an if stays an error.
        assert!(p("{{ if .a }}a{{ else with .b }}b{{ end }}").is_err());
        assert!(p("{{ with .a }}a{{ else if .b }}b{{ end }}").is_err());
    }

    #[test]
    fn float_literals_are_read_as_strconv_reads_them() {
        assert_eq!(parse_go_float("0x1p60"), Some(1152921504606846976.0));
        assert_eq!(parse_go_float("0x1.8p1"), Some(3.0));
        assert_eq!(parse_go_float("-0X.8P-1"), Some(-0.25));
        assert_eq!(parse_go_float("0x_1p+2"), Some(4.0));
        assert_eq!(parse_go_float("0x1.fffffffffffff8p0"), Some(2.0));
        assert_eq!(parse_go_float("1_000.5"), Some(1000.5));
        assert_eq!(parse_go_float("2.5e-3"), Some(0.0025));
        assert_eq!(parse_go_float(".5"), Some(0.5));
        for bad in [
            "0x1.8", "0x1p", "1p3", "1__0.5", "1_.5", "1._5", "1e400", "0xp1",
        ] {
            assert_eq!(parse_go_float(bad), None, "{bad}");
        }
        let nums = numbers("{{ 0x1p60 }}{{ 0x1.8p1 }}{{ 1_000_000 }}{{ 0o17 }}{{ 0b101 }}");
        assert_eq!(
            nums,
            [
                (true, 1 << 60, 1152921504606846976.0),
                (true, 3, 3.0),
                (true, 1_000_000, 1e6),
                (true, 15, 15.0),
                (true, 5, 5.0)
            ]
        );
    }

    /// (is an int, int value, float value) of each number action in `text`.
    fn numbers(text: &str) -> Vec<(bool, i64, f64)> {
        p(text).unwrap()[0]
            .root
            .iter()
            .map(|n| match n {
                Node::Action(p) => match &p.cmds[0].args[0] {
                    Arg::Number(_, n) => (n.is_int, n.int, n.float),
                    _ => panic!(),
                },
                _ => panic!(),
            })
            .collect()
    }

    #[test]
    fn numbers_have_go_interpretations() {
        let nums = numbers("{{ 0x1F }}{{ 1.0 }}{{ 'a' }}{{ 1e3 }}");
        assert_eq!(
            nums,
            [
                (true, 31, 31.0),
                (true, 1, 1.0),
                (true, 97, 97.0),
                (true, 1000, 1000.0)
            ]
        );
    }
}

//! The executor: walks a parsed template over data, as Go's
//! text/template/exec.go does, with Helm's options.
//!
//! The subtle parts are Go's: a pipeline stage that yields a nil interface
//! yields "no value" (printed `<no value>`, which Helm then deletes); a
//! missing map key is the zero value of the map's element type
//! (`missingkey=zero`), or an error in strict mode; a field of a nil value is
//! an error (`nil pointer evaluating interface {}.x`), a field of no value is
//! not; arguments are checked against the function's parameter types exactly
//! as `reflect` would (a float64 value is not an `int`); `and`/`or`
//! short-circuit; `range` over maps is in key order; variables live until
//! the end of the enclosing control structure.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Display;
use std::sync::Arc;

use super::Host;
use super::funcs::{self, Func, Param};
use super::parse::{Arg, Command, Control, Node, Number, Pipe, Tree};
use super::value::{Elem, Value};

/// How deep templates may nest (`template`, `include`, `tpl`) before
/// execution stops with an error, so a recursive template cannot overflow
/// the stack. Go allows more (100000 `template` levels, 1000 `include`s of
/// one name); charts never come close.
pub(crate) const MAX_DEPTH: usize = 200;

/// The most steps (commands evaluated, `range` iterations) one execution
/// takes before it stops with an error: a template that loops for ever, or
/// for hours, fails in seconds instead. Go has no such bound; real charts
/// take a few thousand steps per template.
pub const MAX_STEPS: u64 = 10_000_000;

/// The largest output, and the largest string value, one execution builds
/// (64 MiB): a template that doubles a string in a loop or repeats one a
/// billion times fails instead of exhausting memory. Go has no such bound.
pub const MAX_BYTES: usize = 64 << 20;

/// The longest list `until`, `untilStep` and `seq` build (about a million).
pub const MAX_LIST: usize = 1 << 20;

/// The non-local exits of a walk: `{{break}}`, `{{continue}}` and errors.
#[derive(Debug)]
pub(crate) enum Flow {
    Break,
    Continue,
    Error(String),
}

type R<T> = Result<T, Flow>;

/// One template being executed: its tree and its variables.
pub(crate) struct Frame<'t> {
    pub(crate) tree: &'t Tree,
    /// The variables, innermost last, by name (`$`, or as the tree's text
    /// writes it).
    pub(crate) vars: Vec<(&'t str, Value)>,
}

/// The templates one `tpl` call adds over the set it runs in: its own text
/// as `tpl`, and what that text defines. Go's `tpl` parses its text into a
/// clone of the set; a layer over the set gives the same lookups without
/// copying the set's hundreds of templates at every call.
pub(crate) type Layer = BTreeMap<String, Arc<Tree>>;

/// What an execution shares across `template`, `include` and `tpl`.
pub(crate) struct Exec<'h> {
    pub(crate) trees: Arc<BTreeMap<String, Arc<Tree>>>,
    /// The layers of the `tpl` calls running, innermost last.
    pub(crate) layers: Vec<Layer>,
    /// `tpl`'s parsed texts, shared by every render of the set.
    pub(crate) tpl_cache: Arc<super::TplCache>,
    /// RSA keys made ahead, shared by every render of the set.
    pub(crate) keys: Arc<super::keys::KeyPool>,
    pub(crate) host: &'h mut dyn Host,
    pub(crate) strict: bool,
    /// See [`super::Options::enable_dns`].
    pub(crate) enable_dns: bool,
    pub(crate) depth: usize,
    pub(crate) include_counts: HashMap<String, usize>,
    /// Steps taken so far; see [`MAX_STEPS`].
    pub(crate) steps: u64,
}

/// Where an error happened: a byte offset and the node's text.
fn location(tree: &Tree, pos: usize) -> (usize, usize) {
    let text = &tree.text[..pos.min(tree.text.len())];
    let line = 1 + text.matches('\n').count();
    let col = match text.rfind('\n') {
        Some(i) => pos - (i + 1),
        None => pos,
    };
    (line, col)
}

/// What a command's function, method or field chain is evaluated with:
/// dot, the command's operands (for a chain or method, the first is the
/// chain itself; for a function, only its arguments) and the value piped
/// in, as Go's `evalCall` takes them.
struct Operands<'a> {
    dot: &'a Value,
    args: &'a [Arg],
    final_: Option<Value>,
}

impl Exec<'_> {
    /// The template `name`: from the innermost `tpl` layer defining it,
    /// else from the set.
    pub(crate) fn tree(&self, name: &str) -> Option<&Arc<Tree>> {
        self.layers
            .iter()
            .rev()
            .find_map(|layer| layer.get(name))
            .or_else(|| self.trees.get(name))
    }

    /// Executes the template `name` with `dot` as data.
    pub(crate) fn execute(&mut self, name: &str, dot: Value) -> Result<String, String> {
        let tree = self.tree(name).cloned().ok_or_else(|| {
            format!("template: no template {name:?} associated with template \"gotpl\"")
        })?;
        self.execute_tree(tree, dot)
    }

    /// Executes `tree` itself (not the set's template of its name), as Go's
    /// `Execute` runs the template `Parse` returned: `tpl` runs the text it
    /// parsed even when that text is empty and an earlier, non-empty template
    /// of the same name stays in the set.
    pub(crate) fn execute_tree(&mut self, tree: Arc<Tree>, dot: Value) -> Result<String, String> {
        // Go's Execute takes `interface {}` data: nil is no value.
        let dot = if matches!(dot, Value::Nil) {
            Value::Invalid
        } else {
            dot
        };
        let mut frame = Frame {
            tree: &tree,
            vars: vec![("$", dot.clone())],
        };
        let mut out = String::new();
        match self.walk_list(&mut frame, &dot, &tree.root, &mut out) {
            Ok(()) => Ok(out),
            Err(Flow::Error(e)) => Err(e),
            Err(_) => Err(format!(
                "template: {}: break or continue outside range",
                tree.name
            )),
        }
    }

    pub(crate) fn error(
        &self,
        frame: &Frame<'_>,
        pos: usize,
        context: &dyn Display,
        msg: impl Display,
    ) -> Flow {
        let (line, col) = location(frame.tree, pos);
        Flow::Error(format!(
            "template: {}:{}:{}: executing {:?} at <{}>: {}",
            frame.tree.parse_name, line, col, frame.tree.name, context, msg
        ))
    }

    /// Counts one step, and checks the budgets: [`MAX_STEPS`] and, for `out`
    /// (the output so far), [`MAX_BYTES`].
    fn step(
        &mut self,
        f: &Frame<'_>,
        pos: usize,
        context: &dyn Display,
        out: Option<&str>,
    ) -> R<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(self.error(
                f,
                pos,
                context,
                format_args!(
                    "the template takes more than {MAX_STEPS} steps (kubectl-pkg's rendering limit)"
                ),
            ));
        }
        if let Some(out) = out
            && out.len() > MAX_BYTES
        {
            return Err(self.error(
                f,
                pos,
                context,
                format_args!(
                    "the template's output exceeds {} MiB (kubectl-pkg's rendering limit)",
                    MAX_BYTES >> 20
                ),
            ));
        }
        Ok(())
    }

    /// Checks, before they are printed or encoded, that `values` would not
    /// write more than [`MAX_BYTES`]: a list holding one large string a
    /// million times is small in memory and huge in print. The values looked
    /// at count as steps.
    fn check_printed_size(
        &mut self,
        f: &Frame<'_>,
        pos: usize,
        context: &dyn Display,
        values: &[Value],
    ) -> R<()> {
        let mut seen = 0;
        let mut total = 0;
        for value in values {
            total += printed_size(value, MAX_BYTES + 1 - total.min(MAX_BYTES), &mut seen);
        }
        self.steps += seen;
        if total > MAX_BYTES {
            return Err(self.error(
                f,
                pos,
                context,
                format_args!(
                    "the result would exceed {} MiB (kubectl-pkg's rendering limit)",
                    MAX_BYTES >> 20
                ),
            ));
        }
        self.step(f, pos, context, None)
    }

    fn walk_list(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        nodes: &[Node],
        out: &mut String,
    ) -> R<()> {
        for n in nodes {
            self.walk(f, dot, n, out)?;
        }
        Ok(())
    }

    fn walk(&mut self, f: &mut Frame<'_>, dot: &Value, node: &Node, out: &mut String) -> R<()> {
        match node {
            Node::Text(t) => out.push_str(f.tree.src(*t)),
            Node::Action(pipe) => {
                let v = self.eval_pipeline(f, dot, pipe)?;
                if pipe.decl.is_empty() {
                    let context = pipe.show(&f.tree.text);
                    if matches!(v, Value::List(..) | Value::Map(..)) {
                        self.check_printed_size(f, pipe.pos, &context, std::slice::from_ref(&v))?;
                    }
                    print_value(&v, out);
                    self.step(f, pipe.pos, &context, Some(out))?;
                }
            }
            Node::If(c) | Node::With(c) => {
                let mark = f.vars.len();
                let v = self.eval_pipeline(f, dot, &c.pipe)?;
                let r = if v.truth() {
                    if matches!(node, Node::With(_)) {
                        self.walk_list(f, &v, &c.list, out)
                    } else {
                        self.walk_list(f, dot, &c.list, out)
                    }
                } else if let Some(e) = &c.else_list {
                    self.walk_list(f, dot, e, out)
                } else {
                    Ok(())
                };
                f.vars.truncate(mark);
                r?;
            }
            Node::Range(c) => {
                let mark = f.vars.len();
                let r = self.walk_range(f, dot, c, out);
                f.vars.truncate(mark);
                r?;
            }
            Node::Template { pos, name, pipe } => {
                let Some(tree) = self.tree(name).cloned() else {
                    return Err(self.error(
                        f,
                        *pos,
                        &format_args!("{{{{template {name:?}}}}}"),
                        format_args!("template {name:?} not defined"),
                    ));
                };
                if self.depth >= MAX_DEPTH {
                    return Err(self.error(
                        f,
                        *pos,
                        &format_args!("{{{{template {name:?}}}}}"),
                        format_args!("exceeded maximum template depth ({MAX_DEPTH})"),
                    ));
                }
                let new_dot = match pipe {
                    Some(p) => self.eval_pipeline(f, dot, p)?,
                    None => Value::Invalid,
                };
                let mut frame = Frame {
                    tree: &tree,
                    vars: vec![("$", new_dot.clone())],
                };
                self.depth += 1;
                let r = self.walk_list(&mut frame, &new_dot, &tree.root, out);
                self.depth -= 1;
                if let Err(Flow::Error(e)) = r {
                    return Err(Flow::Error(e));
                }
            }
            Node::Break => return Err(Flow::Break),
            Node::Continue => return Err(Flow::Continue),
        }
        Ok(())
    }

    fn walk_range(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        c: &Control,
        out: &mut String,
    ) -> R<()> {
        let val = self.eval_pipeline(f, dot, &c.pipe)?;
        let mark = f.vars.len();
        // Go 1.22: an integer n ranges over 0..n-1, each of the integer's
        // type, with one variable at most (the element).
        let count = match &val {
            Value::Int(n) | Value::Int64(n) => Some(u64::try_from(*n).unwrap_or(0)),
            Value::Uint(n, _) => Some(*n),
            _ => None,
        };
        if let Some(count) = count {
            if c.pipe.decl.len() > 1 {
                return Err(self.error(
                    f,
                    c.pos,
                    &c.pipe.show(&f.tree.text),
                    format_args!(
                        "can't use {} to iterate over more than one variable",
                        super::fmt::value_string(&val)
                    ),
                ));
            }
            if count == 0 {
                if let Some(e) = &c.else_list {
                    self.walk_list(f, dot, e, out)?;
                }
                return Ok(());
            }
            for i in 0..count {
                let elem = match &val {
                    Value::Int64(_) => Value::Int64(i as i64),
                    Value::Uint(_, t) => Value::Uint(i, *t),
                    _ => Value::Int(i as i64),
                };
                if !self.range_iteration(f, c, mark, Value::Invalid, elem, out)? {
                    break;
                }
            }
            return Ok(());
        }
        let val = val.host_slice().unwrap_or(val);
        let items: Vec<(Value, Value)> = match &val {
            Value::List(l, _) => l
                .iter()
                .enumerate()
                .map(|(i, v)| (Value::Int(i as i64), v.clone()))
                .collect(),
            Value::Map(m, _) => m
                .borrow()
                .iter()
                .map(|(k, v)| (Value::str(k.as_str()), v.clone()))
                .collect(),
            Value::Invalid | Value::Nil => Vec::new(),
            Value::Object(o) if o.map_entries().is_some() => o
                .map_entries()
                .unwrap_or_default()
                .into_iter()
                .map(|(k, v)| (Value::str(k), Value::from_data(&v)))
                .collect(),
            v => {
                return Err(self.error(
                    f,
                    c.pos,
                    &c.pipe.show(&f.tree.text),
                    format_args!("range can't iterate over {}", super::fmt::value_string(v)),
                ));
            }
        };
        if items.is_empty() {
            if let Some(e) = &c.else_list {
                self.walk_list(f, dot, e, out)?;
            }
            return Ok(());
        }
        for (index, elem) in items {
            if !self.range_iteration(f, c, mark, index, elem, out)? {
                break;
            }
        }
        Ok(())
    }

    /// One iteration of `range` (Go's oneIteration): sets the variables
    /// (the last to the element, the one before it to the index), walks the
    /// body with the element as dot. False after `{{break}}`.
    fn range_iteration(
        &mut self,
        f: &mut Frame<'_>,
        c: &Control,
        mark: usize,
        index: Value,
        elem: Value,
        out: &mut String,
    ) -> R<bool> {
        self.step(f, c.pos, &c.pipe.show(&f.tree.text), Some(out))?;
        let n = f.vars.len();
        if !c.pipe.decl.is_empty() {
            f.vars[n - 1].1 = elem.clone();
        }
        if c.pipe.decl.len() > 1 {
            f.vars[n - 2].1 = index;
        }
        let r = self.walk_list(f, &elem, &c.list, out);
        f.vars.truncate(mark);
        match r {
            Ok(()) | Err(Flow::Continue) => Ok(true),
            Err(Flow::Break) => Ok(false),
            Err(e) => Err(e),
        }
    }

    pub(crate) fn eval_pipeline(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        pipe: &Pipe,
    ) -> R<Value> {
        let mut value: Option<Value> = None;
        for cmd in &pipe.cmds {
            let mut v = self.eval_command(f, dot, cmd, value.take())?;
            if matches!(v, Value::Nil) {
                v = Value::Invalid;
            }
            value = Some(v);
        }
        let value = value.unwrap_or(Value::Invalid);
        let tree = f.tree;
        for &var in &pipe.decl {
            let var = tree.src(var);
            if pipe.is_assign {
                match f.vars.iter_mut().rev().find(|(n, _)| *n == var) {
                    Some(slot) => slot.1 = value.clone(),
                    None => {
                        let at = pipe
                            .cmds
                            .last()
                            .map(|c| c.args[0].pos())
                            .unwrap_or(pipe.pos);
                        return Err(self.error(
                            f,
                            at,
                            &pipe.show(&tree.text),
                            format_args!("undefined variable: {var}"),
                        ));
                    }
                }
            } else {
                f.vars.push((var, value.clone()));
            }
        }
        Ok(value)
    }

    fn not_a_function(&self, f: &Frame<'_>, args: &[Arg], final_: &Option<Value>) -> R<()> {
        if args.len() > 1 || final_.is_some() {
            let first = args[0].show(&f.tree.text);
            return Err(self.error(
                f,
                args[0].pos(),
                &first,
                format_args!("can't give argument to non-function {first}"),
            ));
        }
        Ok(())
    }

    fn eval_command(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        cmd: &Command,
        final_: Option<Value>,
    ) -> R<Value> {
        let first = &cmd.args[0];
        let tree = f.tree;
        self.step(f, first.pos(), &first.show(&tree.text), None)?;
        match first {
            Arg::Field { pos, names } => {
                let operands = Operands {
                    dot,
                    args: &cmd.args,
                    final_,
                };
                let names = tree.src(*names);
                return self.eval_field_chain(f, operands, dot.clone(), (*pos, first), names);
            }
            Arg::Chain { .. } => return self.eval_chain(f, dot, first, &cmd.args, final_),
            Arg::Identifier(pos, name) => {
                let name = tree.src(*name);
                return self.eval_function(f, dot, *pos, name, &cmd.args, final_);
            }
            Arg::Pipe(p) => {
                self.not_a_function(f, &cmd.args, &final_)?;
                return self.eval_pipeline(f, dot, p);
            }
            Arg::Variable { .. } => return self.eval_variable(f, dot, first, &cmd.args, final_),
            _ => {}
        }
        self.not_a_function(f, &cmd.args, &final_)?;
        match first {
            Arg::Bool(_, b) => Ok(Value::Bool(*b)),
            Arg::Dot(_) => Ok(dot.clone()),
            Arg::Nil(pos) => {
                Err(self.error(f, *pos, &first.show(&tree.text), "nil is not a command"))
            }
            Arg::Number(pos, n) => self.ideal_constant(f, *pos, n),
            Arg::Str { lit, .. } => Ok(Value::str(lit.value(&tree.text))),
            _ => {
                let first_shown = first.show(&tree.text);
                Err(self.error(
                    f,
                    first.pos(),
                    &first_shown,
                    format_args!("can't evaluate command {first_shown}"),
                ))
            }
        }
    }

    fn ideal_constant(&self, f: &Frame<'_>, pos: usize, n: &Number) -> R<Value> {
        let text = f.tree.src(n.text);
        let hex_int = {
            let t = text.trim_start_matches(['+', '-']);
            t.len() > 2 && (t.starts_with("0x") || t.starts_with("0X")) && !t.contains(['p', 'P'])
        };
        if n.is_float && !hex_int && !n.is_char && text.contains(['.', 'e', 'E', 'p', 'P']) {
            return Ok(Value::Float(n.float));
        }
        if n.is_int {
            return Ok(Value::Int(n.int));
        }
        if n.is_uint {
            return Err(self.error(f, pos, &text, format_args!("{text} overflows int")));
        }
        Ok(Value::Invalid)
    }

    fn lookup_var(&self, f: &Frame<'_>, arg: &Arg, name: &str) -> R<Value> {
        match f.vars.iter().rev().find(|(n, _)| *n == name) {
            Some((_, v)) => Ok(v.clone()),
            None => Err(self.error(
                f,
                arg.pos(),
                &arg.show(&f.tree.text),
                format_args!("undefined variable: {name}"),
            )),
        }
    }

    fn eval_variable(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        arg: &Arg,
        args: &[Arg],
        final_: Option<Value>,
    ) -> R<Value> {
        let Arg::Variable { pos, path } = arg else {
            unreachable!()
        };
        let tree = f.tree;
        let (name, names) = match tree.src(*path).split_once('.') {
            Some((name, names)) => (name, Some(names)),
            None => (tree.src(*path), None),
        };
        let value = self.lookup_var(f, arg, name)?;
        let Some(names) = names else {
            self.not_a_function(f, args, &final_)?;
            return Ok(value);
        };
        let operands = Operands { dot, args, final_ };
        self.eval_field_chain(f, operands, value, (*pos, arg), names)
    }

    fn eval_chain(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        arg: &Arg,
        args: &[Arg],
        final_: Option<Value>,
    ) -> R<Value> {
        let Arg::Chain { pos, node, fields } = arg else {
            unreachable!()
        };
        let tree = f.tree;
        if matches!(node.as_ref(), Arg::Nil(_)) {
            let shown = arg.show(&tree.text);
            return Err(self.error(
                f,
                *pos,
                &shown,
                format_args!("indirection through explicit nil in {shown}"),
            ));
        }
        let receiver = self.eval_arg(f, dot, None, node)?;
        let operands = Operands { dot, args, final_ };
        self.eval_field_chain(f, operands, receiver, (*pos, arg), tree.src(*fields))
    }

    fn eval_field_chain(
        &mut self,
        f: &mut Frame<'_>,
        operands: Operands<'_>,
        mut receiver: Value,
        (pos, node): (usize, &Arg),
        names: &str,
    ) -> R<Value> {
        let dot = operands.dot;
        let mut idents = names.split('.');
        let last = idents.next_back().unwrap_or_default();
        for ident in idents {
            // A method in the middle of a chain is called with no arguments
            // (`(semver "1.0.0").IncMajor.Major`).
            if let Value::Object(o) = &receiver
                && o.has_method(ident)
            {
                let o = o.clone();
                let none = Operands {
                    dot,
                    args: &[],
                    final_: None,
                };
                receiver = self.call_method(f, none, (pos, node), &o, ident)?;
                continue;
            }
            receiver = self.eval_field(f, pos, node, ident, false, receiver)?;
        }
        let has_args = operands.args.len() > 1 || operands.final_.is_some();
        if let Value::Object(o) = &receiver
            && o.has_method(last)
        {
            let o = o.clone();
            return self.call_method(f, operands, (pos, node), &o, last);
        }
        self.eval_field(f, pos, node, last, has_args, receiver)
    }

    /// Calls a method of a host object (`.Files.Get "x"`), with the
    /// command's other operands and the piped value as arguments.
    fn call_method(
        &mut self,
        f: &mut Frame<'_>,
        operands: Operands<'_>,
        (pos, node): (usize, &Arg),
        o: &std::rc::Rc<dyn super::GoObject>,
        name: &str,
    ) -> R<Value> {
        let tree = f.tree;
        let node = node.show(&tree.text);
        let mut argv = Vec::new();
        for a in operands.args.iter().skip(1) {
            let v = self.eval_arg(f, operands.dot, Some(Param::Any), a)?;
            argv.push(v.to_data());
        }
        if let Some(v) = operands.final_ {
            argv.push(v.to_data());
        }
        match o.call(name, &argv) {
            Some(Ok(d)) => Ok(Value::from_data(&d)),
            Some(Err(e)) => {
                Err(self.error(f, pos, &node, format_args!("error calling {name}: {e}")))
            }
            None => Err(self.error(
                f,
                pos,
                &node,
                format_args!("can't evaluate field {name} in type {}", o.type_name()),
            )),
        }
    }

    fn eval_field(
        &mut self,
        f: &Frame<'_>,
        pos: usize,
        node: &Arg,
        name: &str,
        has_args: bool,
        receiver: Value,
    ) -> R<Value> {
        let node = &node.show(&f.tree.text);
        match receiver {
            Value::Invalid => {
                if self.strict {
                    return Err(self.error(
                        f,
                        pos,
                        node,
                        format_args!("nil data; no entry for key {name:?}"),
                    ));
                }
                Ok(Value::Invalid)
            }
            Value::Nil => Err(self.error(
                f,
                pos,
                node,
                format_args!("nil pointer evaluating interface {{}}.{name}"),
            )),
            Value::Map(m, elem) => {
                if has_args {
                    return Err(self.error(
                        f,
                        pos,
                        node,
                        format_args!("{name} is not a method but has arguments"),
                    ));
                }
                if let Some(v) = m.borrow().get(name) {
                    return Ok(v.clone());
                }
                if self.strict {
                    return Err(self.error(
                        f,
                        pos,
                        node,
                        format_args!("map has no entry for key {name:?}"),
                    ));
                }
                Ok(match elem {
                    Elem::Any | Elem::NilAny | Elem::Uint8 => Value::Nil,
                    Elem::Str => Value::str(""),
                    Elem::Int => Value::Int(0),
                })
            }
            Value::Object(o) => match o.field(name) {
                Some(_) if has_args => Err(self.error(
                    f,
                    pos,
                    node,
                    format_args!("{name} is not a method but has arguments"),
                )),
                Some(d) => Ok(Value::from_data(&d)),
                None => Err(self.error(
                    f,
                    pos,
                    node,
                    format_args!("can't evaluate field {name} in type {}", o.type_name()),
                )),
            },
            v => Err(self.error(
                f,
                pos,
                node,
                format_args!("can't evaluate field {name} in type {}", v.type_name()),
            )),
        }
    }

    fn eval_function(
        &mut self,
        f: &mut Frame<'_>,
        dot: &Value,
        pos: usize,
        name: &str,
        args: &[Arg],
        final_: Option<Value>,
    ) -> R<Value> {
        let Some(func) = funcs::lookup(name) else {
            return Err(self.error(
                f,
                pos,
                &name,
                format_args!("{name:?} is not a defined function"),
            ));
        };
        let operands = Operands {
            dot,
            args: &args[1..],
            final_,
        };
        self.eval_call(f, operands, pos, name, func)
    }

    /// Calls function `name` with `operands` (its arguments after the name).
    fn eval_call(
        &mut self,
        f: &mut Frame<'_>,
        operands: Operands<'_>,
        pos: usize,
        name: &str,
        func: &Func,
    ) -> R<Value> {
        let Operands { dot, args, final_ } = operands;
        let num_in = args.len() + usize::from(final_.is_some());
        let num_fixed = func.params.len();
        if func.variadic.is_some() {
            if num_in < num_fixed {
                return Err(self.error(
                    f,
                    pos,
                    &name,
                    format_args!(
                        "wrong number of args for {name}: want at least {num_fixed} got {}",
                        args.len()
                    ),
                ));
            }
        } else if num_in != num_fixed {
            return Err(self.error(
                f,
                pos,
                &name,
                format_args!("wrong number of args for {name}: want {num_fixed} got {num_in}"),
            ));
        }
        if func.builtin && (name == "and" || name == "or") {
            let mut v = Value::Invalid;
            for a in args {
                v = self.eval_arg(f, dot, Some(Param::Raw), a)?;
                if v.truth() == (name == "or") {
                    return Ok(v);
                }
            }
            if let Some(fv) = final_ {
                v = fv;
            }
            return Ok(v);
        }
        let mut argv = Vec::with_capacity(num_in);
        for (i, a) in args.iter().enumerate() {
            let p = if i < num_fixed {
                func.params[i]
            } else {
                func.variadic.unwrap_or(Param::Any)
            };
            argv.push(self.eval_arg(f, dot, Some(p), a)?);
        }
        if let Some(fv) = final_ {
            let i = argv.len();
            let p = if i < num_fixed {
                func.params[i]
            } else {
                func.variadic.unwrap_or(Param::Any)
            };
            let v = self.validate_type(
                f,
                args.last().map(|a| a.pos()).unwrap_or(pos),
                &name,
                fv,
                Some(p),
            )?;
            argv.push(v);
        }
        if funcs::NONDETERMINISTIC.contains(&name) {
            let file = f.tree.parse_name.clone();
            self.host.nondeterministic(name, &file);
        }
        if funcs::WRITES_ITS_ARGUMENTS.contains(&name) {
            self.check_printed_size(f, pos, &name, &argv)?;
        }
        if let Some((_, cost)) = funcs::EXPENSIVE.iter().find(|(n, _)| *n == name) {
            self.steps += cost;
            self.step(f, pos, &name, None)?;
        }
        let result = (func.f)(self, f, argv).map_err(|e| match e {
            funcs::CallError::Msg(m) => {
                self.error(f, pos, &name, format_args!("error calling {name}: {m}"))
            }
        })?;
        // What a function builds costs steps by its size, so a loop that
        // grows a list or a string by copying it runs out of steps long
        // before it runs out of memory.
        self.steps += match &result {
            Value::Str(text) => text.len() as u64 / 64,
            Value::List(items, _) => items.len() as u64,
            Value::Map(map, _) => map.borrow().len() as u64,
            _ => 0,
        };
        if let Value::Str(text) = &result
            && text.len() > MAX_BYTES
        {
            return Err(self.error(
                f,
                pos,
                &name,
                format_args!("error calling {name}: a string of more than {} MiB (kubectl-pkg's rendering limit)", MAX_BYTES >> 20),
            ));
        }
        self.step(f, pos, &name, None)?;
        Ok(result)
    }

    /// Go's validateType: can `v` be passed as a parameter of type `p`?
    fn validate_type(
        &self,
        f: &Frame<'_>,
        pos: usize,
        ctx: &dyn Display,
        v: Value,
        p: Option<Param>,
    ) -> R<Value> {
        let Some(p) = p else {
            // No type: any value, no value stays no value.
            return Ok(v);
        };
        match (&v, p) {
            (_, Param::Raw) => Ok(v),
            (Value::Invalid | Value::Nil, Param::Any) => Ok(Value::Nil),
            (Value::Invalid, Param::Map) => Ok(Value::Nil),
            (Value::Invalid, p) => Err(self.error(
                f,
                pos,
                ctx,
                format_args!("invalid value; expected {}", p.go_type()),
            )),
            (_, Param::Any) => Ok(v),
            (v, p) if p.accepts(v) => Ok(v.clone()),
            (Value::Nil, p) => Err(self.error(
                f,
                pos,
                ctx,
                format_args!(
                    "wrong type for value; expected {}; got interface {{}}",
                    p.go_type()
                ),
            )),
            (v, p) => Err(self.error(
                f,
                pos,
                ctx,
                format_args!(
                    "wrong type for value; expected {}; got {}",
                    p.go_type(),
                    v.type_name()
                ),
            )),
        }
    }

    /// Go's evalArg: evaluates an operand for a parameter of type `p`
    /// (`None`: no type, as for the receiver of a chain).
    fn eval_arg(&mut self, f: &mut Frame<'_>, dot: &Value, p: Option<Param>, a: &Arg) -> R<Value> {
        let tree = f.tree;
        let shown = a.show(&tree.text);
        let v = match a {
            Arg::Dot(_) => dot.clone(),
            Arg::Nil(pos) => {
                return match p {
                    None | Some(Param::Raw) => Ok(Value::Invalid),
                    Some(Param::Any) | Some(Param::Map) => Ok(Value::Nil),
                    Some(p) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!("cannot assign nil to {}", p.go_type()),
                    )),
                };
            }
            Arg::Field { pos, names } => {
                let operands = Operands {
                    dot,
                    args: std::slice::from_ref(a),
                    final_: None,
                };
                let names = tree.src(*names);
                self.eval_field_chain(f, operands, dot.clone(), (*pos, a), names)?
            }
            Arg::Variable { .. } => self.eval_variable(f, dot, a, std::slice::from_ref(a), None)?,
            Arg::Pipe(pipe) => self.eval_pipeline(f, dot, pipe)?,
            Arg::Identifier(pos, name) => {
                let name = tree.src(*name);
                self.eval_function(f, dot, *pos, name, std::slice::from_ref(a), None)?
            }
            Arg::Chain { .. } => self.eval_chain(f, dot, a, std::slice::from_ref(a), None)?,
            Arg::Bool(pos, b) => {
                return match p {
                    None | Some(Param::Raw) | Some(Param::Any) | Some(Param::Bool) => {
                        Ok(Value::Bool(*b))
                    }
                    Some(Param::Map) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!(
                            "can't handle {shown} for arg of type {}",
                            Param::Map.go_type()
                        ),
                    )),
                    Some(_) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!("expected {}; found {shown}", expected_word(p)),
                    )),
                };
            }
            Arg::Str { pos, lit } => {
                return match p {
                    None | Some(Param::Raw) | Some(Param::Any) | Some(Param::Str) => {
                        Ok(Value::str(lit.value(&tree.text)))
                    }
                    Some(Param::Map) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!(
                            "can't handle {shown} for arg of type {}",
                            Param::Map.go_type()
                        ),
                    )),
                    Some(_) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!("expected {}; found {shown}", expected_word(p)),
                    )),
                };
            }
            Arg::Number(pos, n) => {
                return match p {
                    None | Some(Param::Raw) | Some(Param::Any) => self.ideal_constant(f, *pos, n),
                    Some(Param::Int) if n.is_int => Ok(Value::Int(n.int)),
                    Some(Param::Float) if n.is_float => Ok(Value::Float(n.float)),
                    Some(Param::Map) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!(
                            "can't handle {shown} for arg of type {}",
                            Param::Map.go_type()
                        ),
                    )),
                    Some(_) => Err(self.error(
                        f,
                        *pos,
                        &shown,
                        format_args!("expected {}; found {shown}", expected_word(p)),
                    )),
                };
            }
        };
        self.validate_type(f, a.pos(), &shown, v, p)
    }
}

fn expected_word(p: Option<Param>) -> &'static str {
    match p {
        Some(Param::Bool) => "bool",
        Some(Param::Str) => "string",
        Some(Param::Int) => "integer",
        Some(Param::Float) => "float",
        _ => "value",
    }
}

/// Prints a pipeline's value as an action does.
/// An estimate of the bytes printing or encoding `value` writes, counted up
/// to just past `limit` (a value held many times counts each time, as it is
/// written each time); `seen` counts the values looked at.
fn printed_size(value: &Value, limit: usize, seen: &mut u64) -> usize {
    *seen += 1;
    let mut total = 2;
    match value {
        Value::Str(text) => total += text.len(),
        Value::List(items, _) => {
            for item in items.iter() {
                if total > limit {
                    break;
                }
                total += 1 + printed_size(item, limit - total, seen);
            }
        }
        Value::Map(map, _) => {
            for (key, item) in map.borrow().iter() {
                if total > limit {
                    break;
                }
                total += 2 + key.len() + printed_size(item, limit - total, seen);
            }
        }
        _ => total += 8,
    }
    total
}

fn print_value(v: &Value, out: &mut String) {
    match v {
        Value::Invalid => out.push_str("<no value>"),
        Value::Str(s) => out.push_str(s),
        v => out.push_str(&super::fmt::value_string(v)),
    }
}

#[cfg(test)]
mod tests {
    fn render(text: &str) -> Result<String, String> {
        super::super::render_alone("t", text)
            .0
            .map_err(|e| e.to_string())
    }

    #[test]
    fn range_over_an_integer_counts_from_zero_as_go_1_22() {
        assert_eq!(render("{{ range 3 }}{{ . }}{{ end }}").unwrap(), "012");
        assert_eq!(
            render("{{ range $i := 2 }}[{{ $i }}]{{ end }}").unwrap(),
            "[0][1]"
        );
        assert_eq!(
            render("{{ range int64 2 }}{{ typeOf . }} {{ end }}").unwrap(),
            "int64 int64 "
        );
        assert_eq!(
            render("{{ range 0 }}x{{ else }}none{{ end }}").unwrap(),
            "none"
        );
        assert_eq!(render("{{ range -2 }}x{{ end }}").unwrap(), "");
        assert_eq!(
            render("{{ range 5 }}{{ if eq . 2 }}{{ break }}{{ end }}{{ . }}{{ end }}").unwrap(),
            "01"
        );
        assert!(
            render("{{ range $i, $e := 3 }}{{ end }}")
                .unwrap_err()
                .contains("can't use 3 to iterate over more than one variable")
        );
        assert!(
            render("{{ range 1.5 }}{{ end }}")
                .unwrap_err()
                .contains("range can't iterate over 1.5")
        );
    }

    #[test]
    fn else_with_runs_the_first_with_whose_value_is_true() {
        let t = r#"{{ $m := dict "b" (dict "p" "/x") }}{{ with $m.a }}a{{ else with $m.b }}{{ .p }}{{ else }}none{{ end }}"#;
        assert_eq!(render(t).unwrap(), "/x");
        let t = r#"{{ with .a }}a{{ else with .b }}b{{ else }}none{{ end }}"#;
        assert_eq!(render(t).unwrap(), "none");
    }
}

//! Random well-formed templates from a grammar, for the differential test.
//!
//! A small deterministic generator (splitmix64, so a seed names a run)
//! produces templates with text, trimmed and untrimmed actions, comments,
//! variable declarations and assignments, `if`/`else if`/`else`, `with`,
//! `range` with index variables, `break` and `continue`, `define`d helpers
//! called through `template` and `include`, parenthesized pipelines, field
//! chains, and calls of a wide set of functions with arguments drawn mostly
//! from the types each expects (and sometimes not, so type errors are
//! exercised too). Functions whose results Go leaves unordered (`keys`,
//! `values`) or random are left out, and so are ways to make a map contain
//! itself (`merge`, `set` of a map), which crash Go's printer, and
//! `fromYaml`/`fromJson` of arbitrary text, whose parse-error messages (put
//! into the result's `Error` key) are the Rust parsers' words, not Go's.

use crate::oracle::{Case, default_data};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

#[derive(Clone, Copy)]
enum K {
    S,
    I,
    A,
}

/// name, argument kinds (the last repeats when `variadic`), variadic.
const FUNCS: &[(&str, &[K], bool)] = &[
    ("upper", &[K::S], false),
    ("lower", &[K::S], false),
    ("title", &[K::S], false),
    ("trim", &[K::S], false),
    ("quote", &[K::A], true),
    ("squote", &[K::A], true),
    ("default", &[K::A, K::A], false),
    ("len", &[K::A], false),
    ("index", &[K::A, K::A], true),
    ("print", &[K::A], true),
    ("println", &[K::A], true),
    ("eq", &[K::A, K::A], true),
    ("ne", &[K::A, K::A], false),
    ("lt", &[K::A, K::A], false),
    ("le", &[K::I, K::I], false),
    ("gt", &[K::A, K::A], false),
    ("ge", &[K::I, K::I], false),
    ("and", &[K::A, K::A], true),
    ("or", &[K::A, K::A], true),
    ("not", &[K::A], false),
    ("toString", &[K::A], false),
    ("int", &[K::A], false),
    ("int64", &[K::A], false),
    ("float64", &[K::A], false),
    ("add", &[K::A], true),
    ("sub", &[K::A, K::A], false),
    ("mul", &[K::A, K::A], true),
    ("max", &[K::A, K::A], true),
    ("min", &[K::A, K::A], true),
    ("list", &[K::A], true),
    ("dict", &[K::S, K::A], true),
    ("toJson", &[K::A], false),
    ("toYaml", &[K::A], false),
    ("indent", &[K::I, K::S], false),
    ("nindent", &[K::I, K::S], false),
    ("trunc", &[K::I, K::S], false),
    ("replace", &[K::S, K::S, K::S], false),
    ("contains", &[K::S, K::S], false),
    ("hasPrefix", &[K::S, K::S], false),
    ("hasSuffix", &[K::S, K::S], false),
    ("join", &[K::S, K::A], false),
    ("splitList", &[K::S, K::S], false),
    ("first", &[K::A], false),
    ("last", &[K::A], false),
    ("rest", &[K::A], false),
    ("initial", &[K::A], false),
    ("reverse", &[K::A], false),
    ("uniq", &[K::A], false),
    ("compact", &[K::A], false),
    ("has", &[K::A, K::A], false),
    ("without", &[K::A, K::A], true),
    ("append", &[K::A, K::A], false),
    ("concat", &[K::A], true),
    ("empty", &[K::A], false),
    ("coalesce", &[K::A], true),
    ("ternary", &[K::A, K::A, K::A], false),
    ("typeOf", &[K::A], false),
    ("kindOf", &[K::A], false),
    ("b64enc", &[K::S], false),
    ("sha256sum", &[K::S], false),
    ("repeat", &[K::I, K::S], false),
    ("until", &[K::I], false),
    ("hasKey", &[K::A, K::S], false),
    ("get", &[K::A, K::S], false),
    // Scalar values only: a map set into itself makes Go's printer overflow its stack.
    ("set", &[K::A, K::S, K::S], false),
    ("pick", &[K::A, K::S], true),
    ("omit", &[K::A, K::S], true),
    ("deepCopy", &[K::A], false),
    ("html", &[K::A], true),
    ("js", &[K::A], true),
    ("urlquery", &[K::A], true),
    ("slice", &[K::A, K::A], true),
    ("cat", &[K::A], true),
    ("semverCompare", &[K::S, K::S], false),
    ("regexMatch", &[K::S, K::S], false),
    ("sortAlpha", &[K::A], false),
    ("toPrettyJson", &[K::A], false),
    ("printf", &[K::S, K::A], true),
    ("kindIs", &[K::S, K::A], false),
    ("squote", &[K::A], true),
    ("abbrev", &[K::I, K::S], false),
    ("substr", &[K::I, K::I, K::S], false),
    ("nospace", &[K::S], false),
    ("toToml", &[K::A], false),
    ("camelcase", &[K::S], false),
    ("snakecase", &[K::S], false),
    ("kebabcase", &[K::S], false),
    ("wrap", &[K::I, K::S], false),
    ("abbrevboth", &[K::I, K::I, K::S], false),
    ("duration", &[K::S], false),
    ("durationRound", &[K::S], false),
    ("toDate", &[K::S, K::S], false),
    ("b64dec", &[K::S], false),
    ("initials", &[K::S], false),
    ("swapcase", &[K::S], false),
    ("untitle", &[K::S], false),
    ("trimAll", &[K::S, K::S], false),
    ("split", &[K::S, K::S], false),
    ("splitn", &[K::S, K::I, K::S], false),
    ("tpl", &[K::S, K::A], false),
    ("snippet", &[], false),
];

const STRINGS: &[&str] = &[
    "\"abc\"",
    "\"a,b,c\"",
    "\"\"",
    "\" padded \"",
    "\"x\\ny\"",
    "\"1.2.3\"",
    "\">=1.0\"",
    "\"^a\"",
    "\"a\"",
    "\",\"",
    "\"%v\"",
    "\"%d-%s\"",
    "\"%q %T\"",
    "\"%5.2f|%x\"",
    "\"Name\"",
    "\"tag\"",
    "\"image\"",
    "`raw`",
    ".Values.name",
    ".Values.image.tag",
    ".Values.text",
    ".Values.quoted",
    ".Values.unicode",
    ".Values.version",
    ".Values.empty",
    ".Release.Name",
];

const INTS: &[&str] = &["0", "1", "2", "3", "-1", "10", "0x10", "'a'"];

const ANY: &[&str] = &[
    ".Values.replicas",
    ".Values.ratio",
    ".Values.big",
    ".Values.tiny",
    ".Values.neg",
    ".Values.enabled",
    ".Values.disabled",
    ".Values.zero",
    ".Values.nothing",
    ".Values.missing",
    ".Values.list",
    ".Values.nums",
    ".Values.mixed",
    ".Values.emptyList",
    ".Values.emptyMap",
    ".Values.image",
    ".Values.labels",
    ".Values.env",
    ".Values.annotations",
    ".Values.resources.limits",
    ".Values.missing.deep",
    ".",
    "$",
    "1.5",
    "2.0",
    "1e6",
    "true",
    "false",
    "nil",
    ".Values",
    ".Chart",
    ".Values.port",
];

const TEXTS: &[&str] = &[
    "a", " ", "\n", "x y", ": ", "- ", "\t", "  \n  ", "key: ", "\n---\n", "<>&",
];

struct Gen<'r> {
    rng: &'r mut Rng,
    vars: Vec<String>,
    next_var: usize,
    in_range: bool,
    defines: usize,
}

impl Gen<'_> {
    fn operand(&mut self, kind: K, depth: usize) -> String {
        let r = self.rng.below(100);
        if depth < 2 && r < 12 {
            return format!("({})", self.pipeline(depth + 1, false));
        }
        if r < 20 && !self.vars.is_empty() {
            let v = self.vars[self.rng.below(self.vars.len())].clone();
            if self.rng.chance(20) {
                return format!("{v}.{}", self.rng.pick(&["name", "tag", "x", "Values"]));
            }
            return v;
        }
        let kind = if self.rng.chance(95) {
            kind
        } else {
            [K::S, K::I, K::A][self.rng.below(3)]
        };
        match kind {
            K::S => self.rng.pick(STRINGS).to_string(),
            K::I => self.rng.pick(INTS).to_string(),
            K::A => {
                if self.rng.chance(30) {
                    if self.rng.chance(50) {
                        self.rng.pick(STRINGS)
                    } else {
                        self.rng.pick(INTS)
                    }
                    .to_string()
                } else {
                    self.rng.pick(ANY).to_string()
                }
            }
        }
    }

    fn call(&mut self, depth: usize, piped: bool) -> String {
        let mut pick = FUNCS[self.rng.below(FUNCS.len())];
        // A piped value is of any type: mostly pick functions taking any.
        for _ in 0..3 {
            if !piped || matches!(pick.1.last(), Some(K::A)) {
                break;
            }
            pick = FUNCS[self.rng.below(FUNCS.len())];
        }
        if piped && pick.0 == "set" {
            // A piped value set into a map can be the map itself.
            pick = FUNCS[0];
        }
        let (name, kinds, variadic) = pick;
        if name == "snippet" {
            return self.operand(K::A, depth);
        }
        let mut n = kinds.len();
        if variadic {
            n = n.saturating_sub(1) + self.rng.below(3);
        }
        if self.rng.chance(2) {
            n += 1; // sometimes the wrong number of arguments
        }
        if piped && n > 0 {
            n -= 1; // the piped value is the last argument
        }
        let mut s = name.to_string();
        for i in 0..n {
            let k = kinds
                .get(i)
                .copied()
                .or(kinds.last().copied())
                .unwrap_or(K::A);
            s.push(' ');
            if name == "set" && i == 2 {
                s.push_str(self.rng.pick(&["\"v\"", "1", "true"]));
                continue;
            }
            s.push_str(&self.operand(k, depth));
        }
        s
    }

    fn pipeline(&mut self, depth: usize, allow_decl: bool) -> String {
        let mut s = String::new();
        let mut declared = None;
        if allow_decl && self.rng.chance(15) {
            if !self.vars.is_empty() && self.rng.chance(40) {
                let v = self.vars[self.rng.below(self.vars.len())].clone();
                s.push_str(&format!("{v} = "));
            } else {
                let v = format!("$v{}", self.next_var);
                self.next_var += 1;
                s.push_str(&format!("{v} := "));
                declared = Some(v);
            }
        }
        if self.rng.chance(55) {
            s.push_str(&self.call(depth, false));
        } else {
            s.push_str(&self.operand(K::A, depth));
        }
        let stages = if self.rng.chance(40) {
            self.rng.below(3) + 1
        } else {
            0
        };
        for _ in 0..stages {
            s.push_str(" | ");
            s.push_str(&self.call(depth, true));
        }
        if let Some(v) = declared {
            self.vars.push(v);
        }
        s
    }

    fn action(&mut self, body: &str) -> String {
        let l = if self.rng.chance(30) {
            "{{- "
        } else if self.rng.chance(10) {
            "{{"
        } else {
            "{{ "
        };
        let r = if self.rng.chance(30) {
            " -}}"
        } else if self.rng.chance(10) {
            "}}"
        } else {
            " }}"
        };
        format!("{l}{body}{r}")
    }

    fn items(&mut self, depth: usize) -> String {
        let n = self.rng.below(3) + 1;
        let mut out = String::new();
        for _ in 0..n {
            out.push_str(&self.item(depth));
        }
        out
    }

    fn scoped(&mut self, depth: usize) -> String {
        let mark = self.vars.len();
        let s = self.items(depth + 1);
        self.vars.truncate(mark);
        s
    }

    fn item(&mut self, depth: usize) -> String {
        let r = self.rng.below(100);
        match r {
            0..=24 => self.rng.pick(TEXTS).to_string(),
            25..=59 => {
                let p = self.pipeline(0, true);
                self.action(&p)
            }
            // Comments must touch their delimiters (or their trim markers).
            60..=64 => self
                .rng
                .pick(&[
                    "{{/* comment */}}",
                    "{{- /* comment */ -}}",
                    "{{- /* c */}}",
                    "{{/* c */ -}}",
                ])
                .to_string(),
            65..=74 if depth < 3 => {
                let mark = self.vars.len();
                let decl = self.rng.chance(20);
                let cond = self.pipeline(0, decl);
                let mut s = self.action(&format!("if {cond}"));
                s.push_str(&self.scoped(depth));
                if self.rng.chance(40) {
                    let c2 = self.pipeline(0, false);
                    s.push_str(&self.action(&format!("else if {c2}")));
                    s.push_str(&self.scoped(depth));
                }
                if self.rng.chance(50) {
                    s.push_str(&self.action("else"));
                    s.push_str(&self.scoped(depth));
                }
                s.push_str(&self.action("end"));
                self.vars.truncate(mark);
                s
            }
            75..=80 if depth < 3 => {
                let mark = self.vars.len();
                let decl = self.rng.chance(30);
                let p = self.pipeline(0, decl);
                let mut s = self.action(&format!("with {p}"));
                s.push_str(&self.scoped(depth));
                if self.rng.chance(40) {
                    s.push_str(&self.action("else"));
                    s.push_str(&self.scoped(depth));
                }
                s.push_str(&self.action("end"));
                self.vars.truncate(mark);
                s
            }
            81..=89 if depth < 3 => {
                let mark = self.vars.len();
                let over = self.rng.pick(&[
                    ".Values.list",
                    ".Values.nums",
                    ".Values.mixed",
                    ".Values.labels",
                    ".Values.env",
                    ".Values.emptyList",
                    ".Values.missing",
                    "(until 3)",
                    "(list 1 \"a\" nil)",
                    "(dict \"b\" 1 \"a\" 2)",
                    ".Values.image",
                    ".Values.name",
                    ".Values.annotations",
                ]);
                let decl = match self.rng.below(3) {
                    0 => String::new(),
                    1 => {
                        let v = format!("$v{}", self.next_var);
                        self.next_var += 1;
                        self.vars.push(v.clone());
                        format!("{v} := ")
                    }
                    _ => {
                        let (i, v) = (
                            format!("$v{}", self.next_var),
                            format!("$v{}", self.next_var + 1),
                        );
                        self.next_var += 2;
                        self.vars.push(i.clone());
                        self.vars.push(v.clone());
                        format!("{i}, {v} := ")
                    }
                };
                let mut s = self.action(&format!("range {decl}{over}"));
                let was = std::mem::replace(&mut self.in_range, true);
                s.push_str(&self.scoped(depth));
                if self.rng.chance(30) {
                    let c = self.pipeline(0, false);
                    let kw = if self.rng.chance(50) {
                        "break"
                    } else {
                        "continue"
                    };
                    s.push_str(&format!(
                        "{}{}{}",
                        self.action(&format!("if {c}")),
                        self.action(kw),
                        self.action("end")
                    ));
                    s.push_str(&self.scoped(depth));
                }
                self.in_range = was;
                if self.rng.chance(30) {
                    s.push_str(&self.action("else"));
                    s.push_str(&self.scoped(depth));
                }
                s.push_str(&self.action("end"));
                self.vars.truncate(mark);
                s
            }
            90..=95 if self.defines > 0 => {
                let name = format!("d{}", self.rng.below(self.defines));
                let arg = self.operand(K::A, 1);
                if self.rng.chance(50) {
                    self.action(&format!("template \"{name}\" {arg}"))
                } else {
                    let tail = if self.rng.chance(50) {
                        " | indent 2"
                    } else {
                        ""
                    };
                    self.action(&format!("include \"{name}\" {arg}{tail}"))
                }
            }
            96..=99 if self.in_range => {
                let kw = self.rng.pick(&["break", "continue"]);
                self.action(kw)
            }
            _ => self.rng.pick(TEXTS).to_string(),
        }
    }
}

/// Cases `first..first + n` of the sequence `seed` names (each case has
/// its own generator state, so any case can be regenerated alone).
pub fn cases(seed: u64, first: usize, n: usize) -> Vec<Case> {
    (first..first + n)
        .map(|i| {
            let mut rng =
                Rng(seed.wrapping_mul(0x2545f4914f6cdd1d)
                    ^ (i as u64).wrapping_mul(0x9e3779b97f4a7c15));
            let defines = rng.below(3);
            let mut helpers = String::new();
            for d in 0..defines {
                let mut g = Gen {
                    rng: &mut rng,
                    vars: vec!["$".into()],
                    next_var: 0,
                    in_range: false,
                    defines: 0,
                };
                let body = g.items(1);
                helpers.push_str(&format!(
                    "{{{{- define \"d{d}\" -}}}}{body}{{{{- end -}}}}\n"
                ));
            }
            let mut g = Gen {
                rng: &mut rng,
                vars: vec!["$".into()],
                next_var: 0,
                in_range: false,
                defines,
            };
            let main = g.items(0);
            let mut templates = vec![("main.yaml".to_string(), main)];
            if defines > 0 {
                templates.push(("_helpers.tpl".to_string(), helpers));
            }
            Case {
                name: format!("generated #{i} (seed {seed})"),
                templates,
                data: default_data(),
                // Every tenth case in Helm's strict mode.
                strict: i % 10 == 9,
            }
        })
        .collect()
}

//! The module layers of libpkg hold as docs/library.md ("Layers") documents
//! them: each top-level module imports only modules of its own layer or of a
//! layer below, there is no import cycle, and the Go-template engine imports
//! nothing of Helm's (issue 15).
//!
//! A module `a` depends on `b` when any file under `src/a` (or `src/a.rs`),
//! tests included, names `crate::b`, or reaches it through `super::`. The
//! files are parsed with `syn`, so comments and doc comments (intra-doc links
//! are not imports) are told from code as the compiler tells them; macro
//! bodies and the paths serde attributes name in strings are read as tokens.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::visit::Visit;

/// The layers, bottom first, as docs/library.md lists them. A module may
/// import the modules of its own layer (without a cycle) and of the layers
/// before it.
const LAYERS: &[&[&str]] = &[
    &[
        "manifest",
        "once",
        "parallel",
        "yaml",
        "canonical",
        "names",
        "object",
        "kinds",
        "version",
        "keys",
        "diff",
        "readiness",
        "digest",
        "remedy",
    ],
    &[
        "archive",
        "reference",
        "render",
        "apiserver",
        "crd_schema",
        "openapi_schema",
        "permissions",
        "signature",
        "review",
        "mirror",
    ],
    &["plan", "gotemplate", "requirements"],
    &["helm", "olm", "carvel"],
    &["package"],
    &["formats", "stack"],
    &["registry", "image_check", "repositories", "cluster"],
    &["source", "airgap", "release"],
    &["action"],
];

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a file names, read from its syntax tree. `module` is
/// the file's module path from the crate root (`["action", "online"]`), which
/// `super::` is resolved against.
struct Collector {
    module: Vec<String>,
    found: BTreeSet<String>,
}

impl Collector {
    /// Records the top-level module `segments` reaches, if it leaves the
    /// current top-level module through the crate root.
    fn resolve(&mut self, segments: &[String]) {
        let target = match segments.first().map(String::as_str) {
            Some("crate") => segments.get(1),
            Some("super") => {
                let up = segments.iter().take_while(|s| *s == "super").count();
                if up == self.module.len() {
                    segments.get(up)
                } else {
                    None
                }
            }
            Some("self") if self.module.is_empty() => segments.get(1),
            _ => None,
        };
        if let Some(name) = target.filter(|name| !matches!(name.as_str(), "self" | "super" | "*")) {
            self.found.insert(name.clone());
        }
    }

    /// A `use` tree under `prefix`: groups and nested groups each name a path.
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => self.resolve_with(prefix, name.ident.to_string()),
            syn::UseTree::Rename(rename) => self.resolve_with(prefix, rename.ident.to_string()),
            syn::UseTree::Glob(_) => self.resolve_with(prefix, "*".to_string()),
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }

    fn resolve_with(&mut self, prefix: &[String], last: String) {
        let mut segments = prefix.to_vec();
        segments.push(last);
        self.resolve(&segments);
    }

    /// Tokens no parser gave a meaning to (macro bodies, attribute
    /// arguments): every `a::b::c` chain, and `a::{b, c::d}` groups; in an
    /// attribute (`in_attribute`), strings that are paths too.
    fn tokens(&mut self, stream: TokenStream, in_attribute: bool) {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let mut index = 0;
        while index < tokens.len() {
            match &tokens[index] {
                TokenTree::Ident(_) => index = self.chain(&tokens, index, &[]),
                TokenTree::Group(group) => {
                    self.tokens(group.stream(), in_attribute);
                    index += 1;
                }
                TokenTree::Literal(literal) if in_attribute => {
                    self.path_in_string(literal);
                    index += 1;
                }
                TokenTree::Literal(_) | TokenTree::Punct(_) => index += 1,
            }
        }
    }

    /// Reads the chain of `::`-separated identifiers starting at `start`
    /// (after `prefix`), resolves it, and returns the index after it.
    fn chain(&mut self, tokens: &[TokenTree], start: usize, prefix: &[String]) -> usize {
        let mut segments = prefix.to_vec();
        let mut index = start;
        while let Some(TokenTree::Ident(ident)) = tokens.get(index) {
            segments.push(ident.to_string());
            index += 1;
            if !is_path_separator(tokens, index) {
                break;
            }
            index += 2;
            if let Some(TokenTree::Group(group)) = tokens.get(index)
                && group.delimiter() == Delimiter::Brace
            {
                self.group(group.stream(), &segments);
                return index + 1;
            }
        }
        self.resolve(&segments);
        index
    }

    /// The items of `prefix::{a, b::c}` in a macro body.
    fn group(&mut self, stream: TokenStream, prefix: &[String]) {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        for item in tokens.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ',')) {
            if matches!(item.first(), Some(TokenTree::Ident(_))) {
                self.chain(item, 0, prefix);
            }
        }
    }

    /// A string that is wholly a path (`deserialize_with = "crate::yaml::f"`);
    /// prose is not.
    fn path_in_string(&mut self, literal: &proc_macro2::Literal) {
        if let syn::Lit::Str(text) = syn::Lit::new(literal.clone())
            && let Ok(path) = syn::parse_str::<syn::Path>(&text.value())
        {
            self.visit_path(&path);
        }
    }
}

/// Whether `tokens[index..]` starts with `::`.
fn is_path_separator(tokens: &[TokenTree], index: usize) -> bool {
    matches!(
        (tokens.get(index), tokens.get(index + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.resolve(&segments);
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(item.ident.to_string());
        syn::visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        self.tokens(mac.tokens.clone(), false);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // Doc comments are `#[doc = "…"]`: their links are not imports.
        if !attr.path().is_ident("doc") {
            syn::visit::visit_attribute(self, attr);
        }
    }

    fn visit_meta_list(&mut self, list: &'ast syn::MetaList) {
        syn::visit::visit_meta_list(self, list);
        self.tokens(list.tokens.clone(), true);
    }
}

/// The top-level modules a file's code names, the file being module `module`.
fn crate_paths(code: &str, module: &[&str]) -> BTreeSet<String> {
    let file = syn::parse_file(code).unwrap_or_else(|e| panic!("parse {module:?}: {e}"));
    let mut collector = Collector {
        module: module.iter().map(|s| s.to_string()).collect(),
        found: BTreeSet::new(),
    };
    collector.visit_file(&file);
    collector.found
}

/// The module path of a file under `src`: `a/b.rs` and `a/b/mod.rs` are
/// `["a", "b"]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

/// Module → the other top-level modules its files name.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = module_of(file.strip_prefix(&src).expect("under src"));
        if module == ["lib"] {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let module: Vec<&str> = module.iter().map(String::as_str).collect();
        let top = module[0].to_string();
        let names = crate_paths(&text, &module);
        let entry = graph.entry(top.clone()).or_default();
        entry.extend(names.into_iter().filter(|name| *name != top));
    }
    graph
}

/// Every import of `graph` that `layers` forbids, and every module `layers`
/// does not place (or places but does not exist).
fn violations(graph: &BTreeMap<String, BTreeSet<String>>, layers: &[&[&str]]) -> Vec<String> {
    let layer_of: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(index, layer)| layer.iter().map(move |module| (*module, index)))
        .collect();
    let mut found = Vec::new();
    for (module, imports) in graph {
        let Some(&layer) = layer_of.get(module.as_str()) else {
            found.push(format!("{module} is in no layer"));
            continue;
        };
        for import in imports {
            match layer_of.get(import.as_str()) {
                Some(&below) if below <= layer => {}
                Some(_) => found.push(format!(
                    "{module} (layer {layer}) imports {import}, a layer above"
                )),
                // A module in no layer is reported as such; a name that is
                // no module is an item of the crate root (`FIELD_MANAGER`),
                // below every layer.
                None => {}
            }
        }
    }
    for module in layer_of.keys() {
        if !graph.contains_key(*module) {
            found.push(format!("{module} is in a layer but is no module"));
        }
    }
    found
}

/// A cycle of `graph`, if there is one (depth-first search).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if graph.contains_key(next)
                && let Some(cycle) = visit(next, graph, path, done)
            {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// The layers docs/library.md lists under "## Layers": numbered items that
/// start with the layer's modules, `` `a`, `b`: what they are ``.
fn documented_layers() -> Vec<Vec<String>> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/library.md");
    let text = std::fs::read_to_string(doc).expect("read docs/library.md");
    let section = text
        .split("\n## Layers\n")
        .nth(1)
        .expect("a Layers section");
    let section = section.split("\n## ").next().unwrap_or_default();
    section
        .lines()
        .filter_map(|line| {
            line.split_once(". ")
                .filter(|(n, _)| n.parse::<u32>().is_ok())
        })
        .map(|(_, item)| {
            let names = item.split_once(':').map_or(item, |(names, _)| names);
            names
                .split(',')
                .map(|name| name.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

#[test]
fn every_module_imports_only_its_layer_and_the_layers_below() {
    let graph = graph();
    let found = violations(&graph, LAYERS);
    assert!(
        found.is_empty(),
        "layering violations:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    if let Some(cycle) = find_cycle(&graph()) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_template_engine_imports_nothing_of_helms() {
    assert!(!graph()["gotemplate"].contains("helm"));
}

/// A stack file is checked before any request (issue 33): `stack` builds on
/// the pure layers only, never on the ones that reach a cluster or registry.
#[test]
fn the_stack_layer_reaches_no_cluster_or_registry() {
    let graph = graph();
    for io in [
        "source",
        "action",
        "cluster",
        "registry",
        "release",
        "repositories",
    ] {
        assert!(!graph["stack"].contains(io), "stack imports {io}");
    }
}

#[test]
fn the_documented_layers_are_the_tested_ones() {
    let tested: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|layer| layer.iter().map(|m| m.to_string()).collect())
        .collect();
    assert_eq!(documented_layers(), tested);
}

#[test]
fn a_block_comment_opener_in_a_doc_comment_hides_nothing() {
    let code = "//! Reads `manifests/**` /* and more.\n/// [`crate::d`] and /* crate::x */\nuse crate::a;\n";
    assert_eq!(crate_paths(code, &["m"]), ["a"].map(String::from).into());
    let code = "/* crate::x */ /** [`crate::y`] */ fn f() { let _ = \"crate::z\"; crate::b::g(); }";
    assert_eq!(crate_paths(code, &["m"]), ["b"].map(String::from).into());
}

#[test]
fn the_collector_reads_groups_types_macros_attributes_and_super() {
    let code = r#"
        use {crate::a, std::fmt};
        use crate::{b, c::{self, d::E}, f as g};
        fn f(x: crate::h::T) -> Vec<crate::i::U> { println!("{}", crate::j::k()); assert_eq!(x, "crate::y"); todo!() }
        macro_rules! m { () => { $crate::l::m() }; }
        #[derive(serde::Deserialize)]
        struct S { #[serde(deserialize_with = "crate::n::f")] x: u8 }
        pub(in crate::o) struct P;
        mod tests { use super::super::p::Q; use super::q; }
        fn g() { r::s(); let _ = <crate::t::T as Default>::default(); }
    "#;
    let expected = ["a", "b", "c", "f", "h", "i", "j", "l", "n", "o", "p", "t"];
    assert_eq!(crate_paths(code, &["m"]), expected.map(String::from).into());
}

#[test]
fn the_checker_finds_upward_imports_unplaced_modules_and_cycles() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
        ("c".to_string(), BTreeSet::new()),
    ]
    .into();
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "a"]);
    assert_eq!(
        violations(&graph, &[&["a"], &["b", "d"]]),
        [
            "a (layer 0) imports b, a layer above",
            "c is in no layer",
            "d is in a layer but is no module"
        ]
    );
    assert!(violations(&graph, &[&["a", "b", "c"]]).is_empty());
}

/// Every path a file's code names outside its tests (`#[cfg(test)]` items
/// are skipped: a test may write a scratch file), as segments.
struct PathCollector {
    paths: Vec<Vec<String>>,
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

impl PathCollector {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => self
                .paths
                .push([prefix.clone(), vec![name.ident.to_string()]].concat()),
            syn::UseTree::Rename(rename) => self
                .paths
                .push([prefix.clone(), vec![rename.ident.to_string()]].concat()),
            syn::UseTree::Glob(_) => self.paths.push([prefix.clone(), vec!["*".into()]].concat()),
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if !is_test_only(&item.attrs) {
            self.use_tree(&mut Vec::new(), &item.tree);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.paths
            .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_mod(self, item);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_impl(self, item);
        }
    }
}

/// The paths `code` names outside its tests.
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let file = syn::parse_file(code).unwrap_or_else(|e| panic!("parse: {e}"));
    let mut collector = PathCollector { paths: Vec::new() };
    collector.visit_file(&file);
    collector.paths
}

/// Paths that reach the network, DNS, the filesystem or other processes
/// (a prefix each). `std::net`'s address types are data, and allowed.
const IO_PATHS: &[&str] = &[
    "std::net::ToSocketAddrs",
    "std::net::TcpStream",
    "std::net::TcpListener",
    "std::net::UdpSocket",
    "std::os::unix::net",
    "std::fs",
    "std::process",
    "tokio::net",
    "tokio::fs",
    "tokio::process",
    "reqwest",
    "hyper",
    "hyper_util",
    "hyper_rustls",
    "kube",
    "kube_client",
    "oci_client",
    "gix",
    "tempfile",
];

/// The I/O paths (of [`IO_PATHS`]) that `code` names outside its tests.
fn io_paths(code: &str) -> BTreeSet<String> {
    code_paths(code)
        .into_iter()
        .map(|segments| segments.join("::"))
        .filter(|path| {
            IO_PATHS
                .iter()
                .any(|io| path == io || path.starts_with(&format!("{io}::")))
        })
        .collect()
}

/// The pure layers: files that decide and render from data handed in.
const PURE: &[&str] = &[
    "plan.rs",
    "render.rs",
    "permissions",
    "gotemplate",
    "apiserver",
    "action/decide.rs",
];

/// Issue 51: no pure layer reaches the network, DNS, the filesystem or
/// another process through an outside crate or std (the template engine
/// resolved `getHostByName` itself; now its host does).
#[test]
fn the_pure_layers_do_no_io() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for pure in PURE {
        let path = src.join(pure);
        let mut files = Vec::new();
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(path);
        }
        for file in files {
            let code = std::fs::read_to_string(&file).expect("read a source file");
            for io in io_paths(&code) {
                found.push(format!(
                    "{}: {io}",
                    file.strip_prefix(&src).unwrap().display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "I/O in a pure layer:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_io_check_sees_crates_std_and_groups_but_not_tests_or_addresses() {
    let code = r#"
        use std::net::{IpAddr, ToSocketAddrs};
        use std::{collections::BTreeMap, fs};
        fn f() { let _ = reqwest::Client::new(); let _: std::net::Ipv4Addr; }
        #[cfg(test)]
        mod tests { use std::process::Command; fn g() { std::fs::write("x", "y").unwrap(); } }
    "#;
    assert_eq!(
        io_paths(code),
        ["reqwest::Client::new", "std::fs", "std::net::ToSocketAddrs"]
            .map(String::from)
            .into()
    );
}

/// Issue 51: planning decides from the library's own data types (what
/// [`apiserver`] holds), never from the cluster client's module.
#[test]
fn decide_names_nothing_of_the_cluster() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/action/decide.rs");
    let code = std::fs::read_to_string(file).expect("read decide.rs");
    let named: BTreeSet<String> = code_paths(&code)
        .into_iter()
        .filter(|segments| segments.len() > 2 && segments[0] == "crate" && segments[1] == "cluster")
        .map(|segments| segments[2].clone())
        .collect();
    assert!(
        named.is_empty(),
        "action::decide names cluster::{named:?}; take the data type from apiserver"
    );
}

// Issue 51: no message of libpkg's names the plugin or one of its flags
// (`libpkg::remedy` says how it speaks instead): every string literal
// outside comments and tests is read (with `syn`, so strings in macros and
// attributes such as `#[error(...)]` count and doc comments do not).

/// Literals allowed to name the plugin or a flag, each with why.
const MESSAGES_ALLOWED: &[(&str, &str)] = &[
    // The stack lock file's own header, a comment in a file the plugin
    // writes and people commit: it says which tool wrote it.
    ("stack/lock.rs", "Written by kubectl pkg"),
    // Arguments of the ytt program, which libpkg runs.
    ("formats/carvel.rs", "--data-values-file"),
    ("formats/carvel.rs", "--file-mark"),
    ("formats/carvel.rs", "--ignore-unknown-comments"),
    ("formats/carvel.rs", "--strict"),
    // Helm's own parse errors, quoted as Helm words them (helm_parity):
    // `ValuesOptions` fields are the flags' lines by their Helm names.
    ("helm/values.rs", "--set"),
];

/// Whether `attrs` compile the item only for tests (`cfg(test)`, or
/// `cfg(any(test, feature = "test-support"))`).
fn for_tests(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && matches!(&attr.meta, syn::Meta::List(list)
                if list.tokens.clone().into_iter().any(|t| is_test_ident(&t)))
    })
}

fn is_test_ident(token: &TokenTree) -> bool {
    match token {
        TokenTree::Ident(ident) => ident == "test",
        TokenTree::Group(group) => group.stream().into_iter().any(|t| is_test_ident(&t)),
        _ => false,
    }
}

/// The string literals of a file's code outside its tests.
#[derive(Default)]
struct Literals {
    found: Vec<String>,
}

impl Literals {
    fn tokens(&mut self, tokens: TokenStream) {
        for token in tokens {
            match token {
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Literal(literal) => {
                    if let Ok(text) = syn::parse_str::<syn::LitStr>(&literal.to_string()) {
                        self.found.push(text.value());
                    }
                }
                _ => {}
            }
        }
    }
}

impl<'ast> Visit<'ast> for Literals {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if for_tests(attrs) {
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_lit_str(&mut self, literal: &'ast syn::LitStr) {
        self.found.push(literal.value());
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        match &attr.meta {
            syn::Meta::List(list) => self.tokens(list.tokens.clone()),
            // `#[doc = "..."]` is a doc comment; `#[serde(rename = ..)]`
            // and the like are lists.
            syn::Meta::NameValue(_) | syn::Meta::Path(_) => {}
        }
    }
}

/// Whether `text` names the plugin or one of its flags (`--name`; not
/// a YAML document marker `---`).
fn names_the_plugin(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.contains("kubectl pkg")
        || text.match_indices("--").any(|(at, _)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(at + 2);
            before != Some(b'-') && after.is_some_and(u8::is_ascii_lowercase)
        })
}

/// The test modules a file declares in files of their own (its top-level
/// `#[cfg(test)] mod name;`).
fn test_modules(syntax: &syn::File) -> Vec<String> {
    (syntax.items.iter())
        .filter_map(|item| match item {
            syn::Item::Mod(m) if m.content.is_none() && for_tests(&m.attrs) => {
                Some(m.ident.to_string())
            }
            _ => None,
        })
        .collect()
}

/// libpkg's source files outside its tests, parsed, each with its path
/// under `src/`.
fn library_files() -> Vec<(String, syn::File)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut test_files: Vec<PathBuf> = Vec::new();
    let mut parsed = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let syntax = syn::parse_file(&text).expect("parse");
        // A test module `name` of `dir/mod.rs` (or `lib.rs`) is
        // `dir/name.rs` or `dir/name/`; of `dir/file.rs`, under `dir/file/`.
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let dir = match stem {
            "mod" | "lib" => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for module in test_modules(&syntax) {
            test_files.push(dir.join(format!("{module}.rs")));
            test_files.push(dir.join(module));
        }
        if test_files.iter().any(|t| file.starts_with(t)) {
            continue;
        }
        let relative = file.strip_prefix(&src).unwrap().to_string_lossy();
        parsed.push((relative.into_owned(), syntax));
    }
    parsed
}

#[test]
fn no_message_names_the_plugin_or_its_flags() {
    let mut offending = Vec::new();
    for (relative, syntax) in library_files() {
        let mut literals = Literals::default();
        literals.visit_file(&syntax);
        for literal in literals.found {
            let allowed = MESSAGES_ALLOWED
                .iter()
                .any(|(at, text)| relative == *at && literal.contains(text));
            if names_the_plugin(&literal) && !allowed {
                offending.push(format!("{relative}: {literal:?}"));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "{} literal(s) name the plugin or its flags; say it with a Remedy or a Setting (see libpkg::remedy):\n{}",
        offending.len(),
        offending.join("\n")
    );
}

#[test]
fn the_check_sees_flags_and_the_plugin_but_not_yaml_markers() {
    assert!(names_the_plugin("pass --adopt"));
    assert!(names_the_plugin("run `kubectl pkg repo add`"));
    assert!(!names_the_plugin("---\napiVersion: v1"));
    assert!(!names_the_plugin("a -- b, --1"));
    let mut literals = Literals::default();
    let file = syn::parse_file(
        "/// pass --doc\n#[error(\"pass --adopt\")]\nstruct E;\n\
         fn f() { format!(\"x {}\", \"--set\"); }\n\
         #[cfg(test)]\nmod tests { fn t() { \"--hidden\"; } }\n\
         #[cfg(test)]\nmod more;\n",
    )
    .unwrap();
    literals.visit_file(&file);
    assert_eq!(literals.found, ["pass --adopt", "x {}", "--set"]);
    assert_eq!(test_modules(&file), ["more"]);
}

// Issue 51: a library error keeps the error it wraps as its `source()`,
// never a copy of its text: an embedder then walks the chain to the cause
// (and its type), and no message says the cause twice. Every function of
// the library is read (with `syn`): where a value is known to be an error
// (the argument of a `map_err` or `or_else` closure, an `Err(e)` pattern,
// a parameter whose type is an `…Error`), its text (`e.to_string()`, or
// `e` inside `format!`) may not be handed to a struct's field or to a call,
// which is how an error is built. Text kept on purpose for a record or a
// serialized outcome is `remedy::with_causes(&e)`, whole chain included.

/// Functions allowed to copy an error's text, each with why (file, function).
const COPIES_ALLOWED: &[(&str, &str, &str)] = &[
    (
        "action/images.rs",
        "look_up",
        "why an image was not checked is a plan warning's data, serialized",
    ),
    (
        "requirements.rs",
        "check_kubernetes",
        "a requirement's status is the plan's data, serialized",
    ),
    (
        "helm/schema.rs",
        "collect",
        "schema violations are data, sorted and listed (jsonschema's errors borrow the schema)",
    ),
    (
        "crd_schema.rs",
        "validate",
        "a schema that cannot be used is a violation in the plan's data, worded with its reason",
    ),
    (
        "openapi_schema.rs",
        "check",
        "a schema that cannot be used is a violation in the plan's data, worded with its reason",
    ),
    (
        "helm/strvals.rs",
        "convert",
        "Helm's parse errors, worded as Helm words them (helm_parity)",
    ),
    (
        "gotemplate/funcs/cert.rs",
        "key_arg",
        "a template function's error is Go's text, as Helm shows it",
    ),
    (
        "gotemplate/funcs/helm.rs",
        "register",
        "a template function's error is Go's text, as Helm shows it",
    ),
    (
        "gotemplate/funcs/sprig.rs",
        "register",
        "a template function's error is Go's text, as Helm shows it",
    ),
    (
        "yaml.rs",
        "from_str",
        "the parser's message on one line: YamlError is that rewording",
    ),
    (
        "yaml.rs",
        "first_document",
        "the parser's message on one line: YamlError is that rewording",
    ),
    (
        "yaml.rs",
        "documents",
        "the parser's message with its lines counted from the file's start",
    ),
    (
        "yaml.rs",
        "documents_in_files",
        "the parser's message with its lines counted from the file's start",
    ),
    (
        "carvel/mod.rs",
        "resolve",
        "why no version fits is a clause of the message that lists the skipped packages",
    ),
    (
        "source/carvel.rs",
        "fetch",
        "YttError's message is the predicate of YttMissing's sentence (\"ytt was not found at …\")",
    ),
    (
        "signature/keyless.rs",
        "verify",
        "why no authority issued the certificate is worded as text by chains_to, and tallied",
    ),
    (
        "signature/mod.rs",
        "verify_all",
        "the failures of every signature are tallied as text and the most useful one is reported",
    ),
];

/// Functions that still copy an error's text into a `reason: String` (or
/// into a text error), not yet given a typed source (issue 51). The list
/// only shrinks: an entry that copies nothing any more fails the test.
const COPIES_NOT_YET_TYPED: &[(&str, &str)] = &[
    ("action/adopt_helm.rs", "write_imported"),
    ("cluster/mod.rs", "openapi"),
    ("cluster/transport.rs", "client"),
    ("formats/olm.rs", "load"),
    ("helm/values.rs", "merge"),
    ("keys.rs", "decrypt_cosign_key"),
    ("olm/bundle.rs", "from_files_within"),
    ("olm/catalog.rs", "from_files"),
    ("plan.rs", "from_json"),
    ("release/mod.rs", "payload"),
    ("release/mod.rs", "load"),
    ("release/mod.rs", "load_applied"),
    ("release/mod.rs", "load_plan_alone"),
    ("release/proposal.rs", "plan_of"),
    ("release/stack_record.rs", "read"),
    ("render.rs", "to_object"),
    ("repositories.rs", "load_trust_policy"),
    ("review/policy.rs", "from_yaml"),
    ("source/mod.rs", "fetch_from_catalog"),
    ("stack/fleet/mod.rs", "check"),
    ("stack/fleet/plan.rs", "from_json"),
    ("stack/lock.rs", "read"),
    ("stack/lock.rs", "parse"),
    ("stack/lock.rs", "write"),
    ("stack/mod.rs", "load"),
    ("stack/mod.rs", "check_releases"),
    ("stack/plan.rs", "from_json"),
];

/// Where the errors the library builds copy the text of an error they wrap.
#[derive(Default)]
struct CopiedErrors {
    /// The names in scope that hold an error, innermost last.
    errors: Vec<String>,
    /// The function being read, innermost last.
    functions: Vec<String>,
    /// `function: code` of each copy.
    found: Vec<String>,
}

/// The name an `Err(name)` pattern binds.
fn err_binding(pattern: &syn::Pat) -> Option<String> {
    let syn::Pat::TupleStruct(tuple) = pattern else {
        return None;
    };
    let last = tuple.path.segments.last()?;
    match (last.ident == "Err", tuple.elems.first()) {
        (true, Some(syn::Pat::Ident(name))) if tuple.elems.len() == 1 => {
            Some(name.ident.to_string())
        }
        _ => None,
    }
}

/// The name a parameter binds when its type is an error (`…Error`, a
/// reference to one, or `dyn Error`).
fn error_parameter(typed: &syn::PatType) -> Option<String> {
    let syn::Pat::Ident(name) = &*typed.pat else {
        return None;
    };
    let is_error = is_error_type(&typed.ty);
    is_error.then(|| name.ident.to_string())
}

/// Whether `ty` is an error: `…Error`, a reference to one, or `dyn
/// Error` (boxed or not).
fn is_error_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(reference) => is_error_type(&reference.elem),
        syn::Type::Paren(inner) => is_error_type(&inner.elem),
        syn::Type::TraitObject(object) => object.bounds.iter().any(|bound| {
            matches!(bound, syn::TypeParamBound::Trait(t)
                if t.path.segments.last().is_some_and(|last| last.ident == "Error"))
        }),
        syn::Type::Path(path) => path.path.segments.last().is_some_and(|last| {
            let boxed = match &last.arguments {
                syn::PathArguments::AngleBracketed(args) if last.ident == "Box" => {
                    args.args.iter().any(
                        |arg| matches!(arg, syn::GenericArgument::Type(inner) if is_error_type(inner)),
                    )
                }
                _ => false,
            };
            last.ident.to_string().ends_with("Error") || boxed
        }),
        _ => false,
    }
}

/// Whether `tokens` (a macro's) name one of `errors`, as an argument or
/// inside a format string (`{e}`, `{e:#}`), other than as the argument of
/// `with_causes` (the whole chain, as text is kept on purpose).
fn tokens_name(tokens: TokenStream, errors: &[String]) -> bool {
    let mut after_with_causes = false;
    tokens.into_iter().any(|token| {
        let skipped = std::mem::take(&mut after_with_causes);
        match token {
            TokenTree::Ident(ident) if ident == "with_causes" => {
                after_with_causes = true;
                false
            }
            TokenTree::Group(_) if skipped => false,
            token => names_error(token, errors),
        }
    })
}

/// Whether one token of a macro names one of `errors`.
fn names_error(token: TokenTree, errors: &[String]) -> bool {
    match token {
        TokenTree::Ident(ident) => errors.iter().any(|e| ident == e),
        TokenTree::Group(group) => tokens_name(group.stream(), errors),
        TokenTree::Literal(literal) => syn::parse_str::<syn::LitStr>(&literal.to_string())
            .is_ok_and(|text| {
                errors.iter().any(|e| {
                    let value = text.value();
                    value.contains(&format!("{{{e}}}")) || value.contains(&format!("{{{e}:"))
                })
            }),
        TokenTree::Punct(_) => false,
    }
}

impl CopiedErrors {
    /// Whether `expr` is the text of an error in scope.
    fn copies(&self, expr: &syn::Expr) -> bool {
        match expr {
            syn::Expr::MethodCall(call) => {
                let of_error = match &*call.receiver {
                    syn::Expr::Path(path) => path
                        .path
                        .get_ident()
                        .is_some_and(|name| self.errors.iter().any(|e| name == e)),
                    _ => false,
                };
                (call.method == "to_string" && of_error) || self.copies(&call.receiver)
            }
            syn::Expr::Macro(mac) => {
                let name = mac.mac.path.segments.last().map(|s| s.ident.to_string());
                matches!(name.as_deref(), Some("format" | "format_args"))
                    && tokens_name(mac.mac.tokens.clone(), &self.errors)
            }
            syn::Expr::Paren(inner) => self.copies(&inner.expr),
            syn::Expr::Reference(inner) => self.copies(&inner.expr),
            _ => false,
        }
    }

    /// Records a copy handed to `to` (a field or a callee).
    fn record(&mut self, to: String) {
        let function = self.functions.last().cloned().unwrap_or_default();
        self.found
            .push(format!("{function}: the text of an error given to {to}"));
    }

    /// Reads `body` with `names` in scope as errors.
    fn with_errors(&mut self, names: Vec<String>, read: impl FnOnce(&mut Self)) {
        let before = self.errors.len();
        self.errors.extend(names);
        read(self);
        self.errors.truncate(before);
    }

    /// Reads a function named `name`, its error parameters in scope.
    fn function(&mut self, name: String, signature: &syn::Signature, read: impl FnOnce(&mut Self)) {
        let errors = (signature.inputs.iter())
            .filter_map(|input| match input {
                syn::FnArg::Typed(typed) => error_parameter(typed),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        self.functions.push(name);
        self.with_errors(errors, read);
        self.functions.pop();
    }
}

impl<'ast> Visit<'ast> for CopiedErrors {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !for_tests(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.function(item.sig.ident.to_string(), &item.sig, |this| {
            syn::visit::visit_item_fn(this, item)
        });
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if for_tests(&item.attrs) {
            return;
        }
        self.function(item.sig.ident.to_string(), &item.sig, |this| {
            syn::visit::visit_impl_item_fn(this, item)
        });
    }

    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        let errors = (closure.inputs.iter())
            .filter_map(|input| match input {
                syn::Pat::Type(typed) => error_parameter(typed),
                _ => None,
            })
            .collect();
        self.with_errors(errors, |this| syn::visit::visit_expr_closure(this, closure));
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let takes_error = matches!(call.method.to_string().as_str(), "map_err" | "or_else");
        let closure = match call.args.first() {
            Some(syn::Expr::Closure(closure)) if takes_error && closure.inputs.len() == 1 => {
                closure
            }
            _ => {
                for arg in &call.args {
                    if self.copies(arg) {
                        self.record(format!("`.{}(..)`", call.method));
                    }
                }
                return syn::visit::visit_expr_method_call(self, call);
            }
        };
        let errors = match closure.inputs.first() {
            Some(syn::Pat::Ident(name)) => vec![name.ident.to_string()],
            _ => Vec::new(),
        };
        self.visit_expr(&call.receiver);
        self.with_errors(errors, |this| this.visit_expr(&closure.body));
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        let errors = err_binding(&arm.pat).into_iter().collect();
        self.with_errors(errors, |this| syn::visit::visit_arm(this, arm));
    }

    fn visit_expr_if(&mut self, expr: &'ast syn::ExprIf) {
        let errors = match &*expr.cond {
            syn::Expr::Let(condition) => err_binding(&condition.pat).into_iter().collect(),
            _ => Vec::new(),
        };
        self.visit_expr(&expr.cond);
        self.with_errors(errors, |this| this.visit_block(&expr.then_branch));
        if let Some((_, otherwise)) = &expr.else_branch {
            self.visit_expr(otherwise);
        }
    }

    /// A macro's arguments that parse as expressions (`vec![..]`,
    /// `assert!(..)`) are read as code.
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        use syn::punctuated::Punctuated;
        let parser = Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        if let Ok(arguments) = mac.parse_body_with(parser) {
            for argument in &arguments {
                self.visit_expr(argument);
            }
        }
    }

    fn visit_expr_struct(&mut self, expr: &'ast syn::ExprStruct) {
        for field in &expr.fields {
            if self.copies(&field.expr) {
                let name = match &field.member {
                    syn::Member::Named(name) => name.to_string(),
                    syn::Member::Unnamed(index) => index.index.to_string(),
                };
                self.record(format!("field `{name}`"));
            }
        }
        syn::visit::visit_expr_struct(self, expr);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        // `Ok`, `Err` and `Some` of text are not errors built here.
        let callee = match &*call.func {
            syn::Expr::Path(path) => path.path.segments.last().map(|last| last.ident.to_string()),
            _ => Some(String::new()),
        };
        let wraps = callee
            .as_deref()
            .is_some_and(|name| !matches!(name, "Ok" | "Err" | "Some"));
        for arg in &call.args {
            if wraps && self.copies(arg) {
                self.record(format!("`{}(..)`", callee.clone().unwrap_or_default()));
            }
        }
        syn::visit::visit_expr_call(self, call);
    }
}

/// The copies of an error's text in `syntax`, as `function: code`.
fn copied_errors(syntax: &syn::File) -> Vec<String> {
    let mut copies = CopiedErrors::default();
    copies.visit_file(syntax);
    copies.found
}

#[test]
fn no_error_copies_the_text_of_the_error_it_wraps() {
    let listed: Vec<(&str, &str)> = (COPIES_ALLOWED.iter())
        .map(|(file, function, _)| (*file, *function))
        .chain(COPIES_NOT_YET_TYPED.iter().copied())
        .collect();
    let mut offending = Vec::new();
    let mut seen = BTreeSet::new();
    for (relative, syntax) in library_files() {
        for copy in copied_errors(&syntax) {
            let function = copy.split(':').next().unwrap_or_default().to_string();
            match listed
                .iter()
                .find(|(file, name)| relative == *file && function == *name)
            {
                Some(entry) => {
                    seen.insert(*entry);
                }
                None => offending.push(format!("{relative}: {copy}")),
            }
        }
    }
    let stale: Vec<String> = (listed.iter())
        .filter(|entry| !seen.contains(*entry))
        .map(|(file, function)| format!("{file}: {function}"))
        .collect();
    assert!(
        offending.is_empty(),
        "{} error(s) copy the text of the error they wrap; keep it as a `#[source]` field \
         (or `remedy::with_causes(&e)` where text is stored):\n{}",
        offending.len(),
        offending.join("\n")
    );
    assert!(
        stale.is_empty(),
        "listed but copying no error's text any more; take them off the list:\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_copy_check_sees_map_err_err_arms_and_error_parameters() {
    let file = syn::parse_file(
        r#"
        fn a(x: &str) -> Result<(), E> {
            parse(x).map_err(|e| E::Invalid { path: x.into(), reason: e.to_string() })?;
            parse(x).map_err(|e| invalid(format!("{x}: {e}")))?;
            parse(x).map_err(|e| E::Invalid { path: x.into(), source: e })?;
            parse(x).map_err(|e| e.to_string())?;
            Ok(())
        }
        fn b(x: &str) -> Result<(), E> {
            match parse(x) {
                Ok(_) => Ok(()),
                Err(error) => Err(E::Other { reason: format!("bad: {}", error) }),
            }
        }
        fn c(error: serde_json::Error) -> E { fail(error.to_string()) }
        fn d(x: &str) -> Result<(), String> { if let Err(e) = parse(x) { note(e.to_string().trim().to_string()); } Ok(()) }
        fn e(x: &str) -> E { let e = x.to_string(); E::Text { reason: e.to_string() } }
        fn f(x: &str) -> Result<(), E> { parse(x).map_err(|e| E::Text { reason: remedy::with_causes(&e) }) }
        fn g(x: &str) { if let Err(e) = parse(x) { warnings.push(format!("{x}: {}", with_causes(&e))); } }
        fn h(x: &str) { if let Err(e) = parse(x) { warnings.push(format!("{x}: {e}")); } }
        fn k(x: &str) -> Vec<E> { match parse(x) { Ok(_) => vec![], Err(e) => vec![E::Text { reason: e.to_string() }] } }
        #[cfg(test)]
        mod tests { fn t() { parse("").map_err(|e| E::Invalid { reason: e.to_string() }); } }
        "#,
    )
    .unwrap();
    assert_eq!(
        copied_errors(&file),
        [
            "a: the text of an error given to field `reason`",
            "a: the text of an error given to `invalid(..)`",
            "b: the text of an error given to field `reason`",
            "c: the text of an error given to `fail(..)`",
            "d: the text of an error given to `note(..)`",
            "h: the text of an error given to `.push(..)`",
            "k: the text of an error given to field `reason`",
        ]
    );
}

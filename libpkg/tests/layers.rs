//! The module layers of libpkg hold: no import cycle among its top-level
//! modules, and the Go-template engine imports nothing of Helm's (issue 15).
//!
//! A module `a` depends on `b` when any file under `src/a` (or `src/a.rs`),
//! tests included, names `crate::b` outside a comment. The graph must have no
//! cycle, so each module only builds on the ones below it (docs/library.md,
//! "Layers").

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

/// The code of a file without its comments (line comments, doc comments,
/// block comments): intra-doc links are not imports.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    code.push_str(rest);
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a piece of code names as `crate::x` or `crate::{x, y::z}`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (index, _) in code.match_indices("crate::") {
        let after = &code[index + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            names.extend(group.split(',').map(|item| ident(item.trim())));
        } else {
            names.insert(ident(after));
        }
    }
    names.retain(|name| !name.is_empty() && name != "self");
    names
}

/// Module → the other top-level modules its files name.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let top = relative
            .components()
            .next()
            .expect("a component")
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).expect("read a source file"));
        let entry = graph.entry(top.clone()).or_default();
        entry.extend(crate_paths(&code).into_iter().filter(|name| *name != top));
    }
    graph
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

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    for module in [
        "action", "source", "package", "formats", "render", "helm", "olm", "stack",
    ] {
        assert!(graph.contains_key(module), "no module {module}: {graph:?}");
    }
    if let Some(cycle) = find_cycle(&graph) {
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
fn the_checker_finds_imports_and_cycles() {
    let code = code_of("use crate::{a, b::c};\n/// [`crate::d`]\nfn f() { crate::e::g(); }\n");
    assert_eq!(crate_paths(&code), ["a", "b", "e"].map(String::from).into());
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]
    .into();
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "a"]);
}

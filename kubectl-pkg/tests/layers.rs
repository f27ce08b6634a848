//! The CLI's own layers (issue 51): commands over flow and views over libpkg.
//! A view turns data into text and never reaches a cluster, a registry or
//! the release store; neither views nor the flow reach back up into a
//! command. Each file is parsed with `syn` and every path it names is read
//! (imports, types, calls; macro bodies are not paths and not read).

use std::path::{Path, PathBuf};

use syn::visit::Visit;

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

/// Every path a file names, `::`-joined, `use` groups spelled out.
#[derive(Default)]
struct Paths(Vec<String>);

impl Paths {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        let mut named = |last: String| {
            let mut path = prefix.clone();
            path.push(last);
            self.0.push(path.join("::"));
        };
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => named(name.ident.to_string()),
            syn::UseTree::Rename(rename) => named(rename.ident.to_string()),
            syn::UseTree::Glob(_) => named("*".to_string()),
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.0.push(segments.join("::"));
        syn::visit::visit_path(self, path);
    }
}

fn paths(code: &str) -> Vec<String> {
    let file = syn::parse_file(code).unwrap_or_else(|e| panic!("parse: {e}"));
    let mut paths = Paths::default();
    paths.visit_file(&file);
    paths.0
}

/// What a layer may not name: a path starting with one of these (or, for
/// a name alone such as `ReleaseStore`, any path holding it).
struct Rule {
    files: &'static [&'static str],
    forbidden: &'static [&'static str],
}

const RULES: &[Rule] = &[
    // Views: data to text, nothing that reaches a server, and nothing above.
    Rule {
        files: &["view"],
        forbidden: &[
            "libpkg::cluster",
            "libpkg::registry",
            "ReleaseStore",
            "Cluster",
            "kube",
            "crate::commands",
        ],
    },
    // The flow serves the commands; it never calls one.
    Rule {
        files: &["flow.rs"],
        forbidden: &["crate::commands"],
    },
];

fn violates(path: &str, forbidden: &str) -> bool {
    if forbidden.contains("::") || forbidden.chars().next().is_some_and(char::is_lowercase) {
        path == forbidden || path.starts_with(&format!("{forbidden}::"))
    } else {
        path.split("::").any(|segment| segment == forbidden)
    }
}

/// `file: path` for every path a rule forbids.
fn violations(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for rule in RULES {
        for under in rule.files {
            let root = src.join(under);
            let mut files = Vec::new();
            if root.is_dir() {
                rust_files(&root, &mut files);
            } else {
                files.push(root);
            }
            for file in files {
                let code = std::fs::read_to_string(&file).expect("read a source file");
                for path in paths(&code) {
                    if rule.forbidden.iter().any(|f| violates(&path, f)) {
                        let shown = file.strip_prefix(src).unwrap_or(&file).display();
                        found.push(format!("{shown}: {path}"));
                    }
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn views_reach_no_server_and_nothing_below_calls_a_command() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(
        found.is_empty(),
        "CLI layering violations:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rules_see_imports_groups_types_and_calls() {
    let code = r#"
        use libpkg::{cluster::Cluster as C, plan::Plan};
        use libpkg::release::ReleaseStore;
        fn f(p: &Plan) { crate::commands::show::x(); let _ = p.cluster.server.clone(); }
    "#;
    let found: Vec<String> = paths(code)
        .into_iter()
        .filter(|path| RULES[0].forbidden.iter().any(|f| violates(path, f)))
        .collect();
    assert_eq!(
        found,
        [
            "libpkg::cluster::Cluster",
            "libpkg::release::ReleaseStore",
            "crate::commands::show::x"
        ]
    );
}

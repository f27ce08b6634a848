//! The code keeps the shape issue 38 set: no function over 100 lines in the
//! action layer, the plan or the binary, and no `too_many_arguments`
//! allowance anywhere (a function that needs that many inputs takes a
//! struct of them instead).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The functions of `text` longer than `most` lines, as `name (lines)`: a
/// function runs from its `fn` line to the first line that closes it at
/// the indentation it was opened with (rustfmt's layout).
fn long_functions(text: &str, most: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            index += 1;
            continue;
        };
        let qualifiers = [
            "pub",
            "pub(crate)",
            "pub(super)",
            "async",
            "const",
            "unsafe",
        ];
        if !words[..at].iter().all(|w| qualifiers.contains(w)) {
            index += 1;
            continue;
        }
        let name: String = words
            .get(at + 1)
            .unwrap_or(&"")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The signature ends at the first line ending in `{` (a body) or `;`
        // (a declaration in a trait: nothing to count).
        let Some(opened) = lines[index..]
            .iter()
            .position(|l| l.trim_end().ends_with('{') || l.trim_end().ends_with(';'))
            .map(|offset| index + offset)
            .filter(|at| lines[*at].trim_end().ends_with('{'))
        else {
            index += 1;
            continue;
        };
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = lines[opened..]
            .iter()
            .position(|l| l.trim_end() == close)
            .map(|offset| opened + offset)
        {
            let length = end - index + 1;
            if length > most {
                long.push(format!("{name} ({length} lines)"));
            }
        }
        index += 1;
    }
    long
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn no_function_over_100_lines_in_the_action_layer_the_plan_or_the_binary() {
    let mut files = vec![root().join("libpkg/src/plan.rs")];
    rust_files(&root().join("libpkg/src/action"), &mut files);
    rust_files(&root().join("kubectl-pkg/src"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read a source file");
        for long in long_functions(&text, 100) {
            found.push(format!("{}: {long}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "functions over 100 lines:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_too_many_arguments_allowance() {
    let mut files = Vec::new();
    rust_files(&root().join("libpkg/src"), &mut files);
    rust_files(&root().join("kubectl-pkg/src"), &mut files);
    let allowed: Vec<String> = files
        .iter()
        .filter(|file| {
            std::fs::read_to_string(file)
                .expect("read a source file")
                .contains(concat!("clippy::", "too_many_arguments"))
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(allowed.is_empty(), "{allowed:?}");
}

#[test]
fn the_length_counter_counts_a_function_to_its_closing_brace() {
    let body = "    let x = 1;\n".repeat(101);
    let text = format!(
        "/// doc\npub async fn long(a: u8) {{\n{body}}}\n\nfn short() {{\n    inner();\n}}\ntrait T {{\n    fn declared(&self);\n}}\n"
    );
    assert_eq!(long_functions(&text, 100), ["long (103 lines)"]);
    assert!(long_functions(&text, 103).is_empty());
}

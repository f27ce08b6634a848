//! Running cases through both engines: the Go oracle as one batch process
//! (JSON lines in and out) and libpkg's engine in a thread with a large stack.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use libpkg::gotemplate::{Host, Options, Templates};

/// One differential case.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    /// Template files in parse order; the first is rendered.
    pub templates: Vec<(String, String)>,
    pub data: serde_json::Value,
    /// Helm's strict mode (`missingkey=error`).
    pub strict: bool,
}

/// What an engine made of a case.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Output(String),
    Error(String),
}

/// The oracle binary: `GOTEMPLATE_ORACLE`, or where the build script puts it.
pub fn oracle_path() -> PathBuf {
    if let Ok(p) = std::env::var("GOTEMPLATE_ORACLE") {
        return PathBuf::from(p);
    }
    let cache = std::env::var("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").expect("HOME")).join(".cache"));
    cache.join("kubectl-pkg/gotemplate-oracle/oracle")
}

fn run_go(cases: &[Case]) -> Vec<Outcome> {
    let path = oracle_path();
    assert!(
        path.exists(),
        "the Go template oracle is missing at {}: build it with tests/gotemplate/oracle/build (tests/run does)",
        path.display()
    );
    let mut child = Command::new(&path)
        // libpkg's Local zone is UTC; so is the oracle's.
        .env("TZ", "UTC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run the oracle {}: {e}", path.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let input: Vec<String> = cases
        .iter()
        .map(|c| {
            serde_json::json!({
                "templates": c.templates.iter().map(|(n, t)| vec![n.clone(), t.clone()]).collect::<Vec<_>>(),
                "main": c.templates[0].0,
                "data": c.data,
                "strict": c.strict,
            })
            .to_string()
        })
        .collect();
    let writer = std::thread::spawn(move || {
        for line in input {
            stdin.write_all(line.as_bytes()).expect("write to oracle");
            stdin.write_all(b"\n").expect("write to oracle");
        }
    });
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut results = Vec::with_capacity(cases.len());
    for line in out.lines() {
        let line = line.expect("read from oracle");
        let v: serde_json::Value = serde_json::from_str(&line).expect("oracle JSON");
        results.push(match (v.get("output"), v.get("error")) {
            (Some(o), _) => Outcome::Output(o.as_str().unwrap_or_default().to_string()),
            (_, Some(e)) => Outcome::Error(e.as_str().unwrap_or_default().to_string()),
            _ => panic!("bad oracle line {line}"),
        });
    }
    writer.join().expect("writer");
    let status = child.wait().expect("oracle exit");
    assert!(status.success(), "the oracle failed: {status}");
    assert_eq!(
        results.len(),
        cases.len(),
        "the oracle answered {} of {} cases",
        results.len(),
        cases.len()
    );
    results
}

/// A host with fixed randomness and no cluster.
struct TestHost(u64);

impl Host for TestHost {
    fn random_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn run_ours(case: &Case) -> Outcome {
    let mut set = Templates::new();
    for (name, text) in &case.templates {
        if let Err(e) = set.add(name, text) {
            return Outcome::Error(e.to_string());
        }
    }
    match set.render(
        &case.templates[0].0,
        &case.data,
        &Options {
            strict: case.strict,
            ..Options::default()
        },
        &mut TestHost(0x9e3779b97f4a7c15),
    ) {
        Ok(s) => Outcome::Output(s),
        Err(e) => Outcome::Error(e.to_string()),
    }
}

/// Runs every case through both engines: (ours, Go's).
pub fn run_both(cases: &[Case]) -> Vec<(Outcome, Outcome)> {
    let go = run_go(cases);
    let owned = cases.to_vec();
    let ours = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            owned
                .iter()
                .map(|c| match std::panic::catch_unwind(|| run_ours(c)) {
                    Ok(o) => o,
                    Err(_) => Outcome::Error(format!("PANIC in libpkg on case {}", c.name)),
                })
                .collect::<Vec<_>>()
        })
        .expect("thread")
        .join()
        .expect("join");
    ours.into_iter().zip(go).collect()
}

/// The data cases use unless they give their own.
pub fn default_data() -> serde_json::Value {
    serde_json::json!({
        "Values": {
            "name": "web",
            "replicas": 3,
            "ratio": 0.5,
            "big": 1500000,
            "tiny": 0.00001,
            "neg": -2,
            "enabled": true,
            "disabled": false,
            "empty": "",
            "zero": 0,
            "nothing": null,
            "list": ["a", "b", "c"],
            "nums": [3, 1, 2],
            "mixed": [1, "two", null, true, {"k": "v"}],
            "emptyList": [],
            "emptyMap": {},
            "image": {"repository": "nginx", "tag": "1.25", "pullPolicy": "IfNotPresent"},
            "labels": {"app": "web", "tier": "frontend", "a.b/c": "x"},
            "resources": {"limits": {"cpu": "500m", "memory": "128Mi"}, "requests": {"cpu": "250m"}},
            "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "two words"}],
            "text": "line one\nline two\n",
            "quoted": "say \"hi\" <now> & 'then'",
            "unicode": "héllo wörld ✓",
            "version": "1.21.3",
            "port": 8080,
            "annotations": {"z": 1, "a10": 2, "a9": 3, "B": 4}
        },
        "Release": {"Name": "rel", "Namespace": "ns", "Service": "Helm", "IsInstall": true, "Revision": 1},
        "Chart": {"Name": "demo", "Version": "0.1.0", "AppVersion": "1.0"},
        "Capabilities": {"KubeVersion": {"Version": "v1.29.1", "Major": "1", "Minor": "29", "GitVersion": "v1.29.1"}}
    })
}

/// Parses the corpus: `>>> TEXT` is a one-line case; `####` lines are
/// comments; other cases start with `=== name`; `--- data` is followed by
/// JSON; `--- strict` renders in Helm's strict mode; `--- file NAME` by a template, up to the next marker (the newline
/// before a marker is not part of the text). The first file is rendered.
pub fn parse_corpus(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    let mut block: Option<(String, String)> = None; // (kind, text)
    let flush_block = |cur: &mut Option<Case>, block: &mut Option<(String, String)>| {
        if let (Some(c), Some((kind, body))) = (cur.as_mut(), block.take()) {
            let body = body.strip_suffix('\n').map(str::to_string).unwrap_or(body);
            if kind == "strict" {
                c.strict = true;
            } else if kind == "data" {
                c.data = serde_json::from_str(&body)
                    .unwrap_or_else(|e| panic!("case {}: bad data JSON: {e}", c.name));
            } else if let Some(name) = kind.strip_prefix("file ") {
                c.templates.push((name.to_string(), body));
            }
        }
    };
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_end_matches('\n');
        if let Some(template) = trimmed.strip_prefix(">>> ") {
            flush_block(&mut cur, &mut block);
            if let Some(c) = cur.take() {
                cases.push(c);
            }
            cases.push(Case {
                name: format!("corpus.txt:{}", number + 1),
                templates: vec![("t.yaml".to_string(), template.to_string())],
                data: default_data(),
                strict: false,
            });
        } else if trimmed.starts_with("####") {
            // A comment line, anywhere.
        } else if let Some(name) = trimmed.strip_prefix("=== ") {
            flush_block(&mut cur, &mut block);
            if let Some(c) = cur.take() {
                cases.push(c);
            }
            cur = Some(Case {
                name: name.to_string(),
                templates: Vec::new(),
                data: default_data(),
                strict: false,
            });
        } else if let Some(kind) = trimmed.strip_prefix("--- ") {
            flush_block(&mut cur, &mut block);
            block = Some((kind.to_string(), String::new()));
        } else if let Some((_, body)) = block.as_mut() {
            body.push_str(line);
        }
    }
    flush_block(&mut cur, &mut block);
    if let Some(c) = cur.take() {
        cases.push(c);
    }
    for c in &cases {
        assert!(!c.templates.is_empty(), "case {} has no template", c.name);
    }
    cases
}

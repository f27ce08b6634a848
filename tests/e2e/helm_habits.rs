//! Helm users' habits (issue 52): `install NAME PACKAGE` and `template NAME
//! PACKAGE` beside `install PACKAGE`, `--generate-name`, `history --max`,
//! `get values --all`, and flags a command would ignore refused.

use kubectl_pkg_e2e::{BASIC_MANIFESTS, Pkg, parse_json, unique};

/// Seconds since the epoch, to bracket a generated name.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[test]
fn install_takes_a_name_before_the_package_as_helm_does() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("habits");
    let package = unique("site");
    pkg.write_package("site", &package, "1.0.0", BASIC_MANIFESTS);

    pkg.run([
        "install",
        "web",
        "./site",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(pkg.statuses("web", &ns), ["deployed"]);
    // One argument still names the package; the release is named after it.
    let other = pkg.namespace("habits");
    pkg.run(["install", "./site", "-n", &other, "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses(&package, &other), ["deployed"]);
    // upgrade, install and template agree: NAME first, then the package.
    pkg.write_package("site", &package, "2.0.0", BASIC_MANIFESTS);
    pkg.run([
        "upgrade",
        "web",
        "./site",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(pkg.statuses("web", &ns), ["superseded", "deployed"]);
    // status --show-resources, as Helm's: the revision's objects, a line each.
    let status = pkg.run(["status", "web", "-n", &ns, "--show-resources"]);
    let resources = status
        .ok()
        .split("\nResources:\n")
        .nth(1)
        .unwrap_or_default();
    let lines: Vec<&str> = resources.lines().collect();
    assert!(
        lines
            .first()
            .is_some_and(|header| header.starts_with("KIND   ")),
        "{resources}"
    );
    for object in ["app-config", "app-credentials"] {
        assert!(
            lines
                .iter()
                .any(|l| l.split_whitespace().nth(2) == Some(object)),
            "{object}:\n{resources}"
        );
    }
    let rendered = pkg.run(["template", "web", "./site"]);
    assert!(
        rendered.ok().contains("kubectl-pkg.dev/release: web"),
        "{}",
        rendered.stdout
    );

    // Usage errors (64) that name what is wrong, and change nothing.
    let three = pkg.run(["install", "web", "./site", "extra", "-n", &ns, "--yes"]);
    let stderr = three.fails(64);
    assert!(stderr.contains("unexpected argument 'extra'"), "{stderr}");
    assert!(stderr.contains("[NAME] PACKAGE"), "{stderr}");
    let twice = pkg.run([
        "install", "web", "./site", "--name", "db", "-n", &ns, "--yes",
    ]);
    let stderr = twice.fails(64);
    assert!(
        stderr.contains("release name given twice: web as an argument and --name db"),
        "{stderr}"
    );
    let generated = pkg.run(["template", "web", "./site", "--generate-name"]);
    assert!(
        generated.fails(64).contains("--generate-name"),
        "{}",
        generated.stderr
    );
    assert_eq!(pkg.statuses("web", &ns), ["superseded", "deployed"]);
}

#[test]
fn generate_name_is_chosen_once_and_the_saved_plan_keeps_it() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("habits");
    let package = unique("gen");
    pkg.write_package("gen", &package, "1.0.0", BASIC_MANIFESTS);

    let before = now();
    let planned = pkg.run([
        "install",
        "./gen",
        "-g",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "plan.json",
        "-o",
        "json",
    ]);
    let after = now();
    let plan = parse_json(planned.ok());
    let name = plan["release"]["name"].as_str().unwrap().to_string();
    let seconds: u64 = name
        .strip_prefix(&format!("{package}-"))
        .unwrap_or_else(|| panic!("{name} is not {package}-<seconds>"))
        .parse()
        .unwrap();
    assert!((before..=after).contains(&seconds), "{name}");

    // Applied later, the saved plan installs the name it holds.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    pkg.run(["apply", "plan.json", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses(&name, &ns), ["deployed"]);
}

#[test]
fn history_max_shows_the_newest_revisions() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("habits");
    let package = unique("hist");
    pkg.write_package("hist", &package, "1.0.0", BASIC_MANIFESTS);
    pkg.run(["install", "h", "./hist", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    for version in ["2.0.0", "3.0.0"] {
        pkg.write_package("hist", &package, version, BASIC_MANIFESTS);
        pkg.run(["upgrade", "h", "./hist", "-n", &ns, "--yes", "--wait=false"])
            .ok();
    }
    let newest = parse_json(
        pkg.run(["history", "h", "-n", &ns, "--max", "2", "-o", "json"])
            .ok(),
    );
    let revisions: Vec<u64> = newest
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["revision"].as_u64().unwrap())
        .collect();
    assert_eq!(revisions, [2, 3]);
    let table = pkg.run(["history", "h", "-n", &ns, "--max", "1"]);
    let rows: Vec<&str> = table.ok().lines().skip(1).collect();
    assert_eq!(rows.len(), 1, "{}", table.stdout);
    assert!(rows[0].trim_start().starts_with('3'), "{}", table.stdout);
    let zero = pkg.run(["history", "h", "-n", &ns, "--max", "0"]);
    assert!(zero.fails(64).contains("--max"), "{}", zero.stderr);
}

#[test]
fn get_values_all_shows_the_chart_defaults_under_the_values_given() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("habits");
    let chart = pkg.write_small_chart(
        "valued",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: valued}\ndata:\n  color: {{ .Values.color }}\n  size: {{ .Values.size | quote }}\n",
        )],
    );
    std::fs::write(
        chart.join("values.yaml"),
        "color: blue\nsize: 3\nnested: {keep: yes}\n",
    )
    .unwrap();
    pkg.run([
        "install",
        "v",
        "./valued",
        "-n",
        &ns,
        "--set",
        "color=red",
        "--yes",
        "--wait=false",
    ])
    .ok();

    let given = parse_json(
        pkg.run(["get", "values", "v", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(given, serde_json::json!({"color": "red"}));
    let all = parse_json(
        pkg.run(["get", "values", "v", "-n", &ns, "--all", "-o", "json"])
            .ok(),
    );
    assert_eq!(all["color"], "red", "{all}");
    assert_eq!(all["size"].as_f64(), Some(3.0), "{all}");
    assert_eq!(all["nested"], serde_json::json!({"keep": true}), "{all}");
    assert_eq!(all.as_object().unwrap().len(), 3, "{all}");
    let text = pkg.run(["get", "values", "v", "-n", &ns, "-a"]);
    assert!(text.ok().contains("size: 3"), "{}", text.stdout);

    // The chart changed on disk: not the one the release was rendered from.
    std::fs::write(chart.join("values.yaml"), "color: green\n").unwrap();
    let changed = pkg.run(["get", "values", "v", "-n", &ns, "--all"]);
    let stderr = changed.fails(1);
    assert!(stderr.contains("no longer the one revision 1"), "{stderr}");
}

#[test]
fn stack_commands_refuse_a_namespace_flag_they_would_ignore() {
    let pkg = Pkg::new();
    let run = pkg.run(["stack", "plan", "-f", "stack.yaml", "-n", "zzz"]);
    let stderr = run.fails(64);
    assert!(
        stderr.contains("-n zzz: a stack file names each release's namespace"),
        "{stderr}"
    );
    // Not offered either: no stack command's help lists it.
    for command in ["plan", "apply", "lock", "status", "compare", "uninstall"] {
        let help = pkg.run(["stack", command, "--help"]);
        assert!(
            !help.ok().contains("--namespace"),
            "stack {command}:\n{}",
            help.stdout
        );
        let environments: &[&str] = if command == "compare" {
            &["a", "b"]
        } else {
            &[]
        };
        let after = pkg.run([&["stack", command, "--namespace=zzz"][..], environments].concat());
        assert!(
            after.fails(64).contains("stack commands take no -n"),
            "{}",
            after.stderr
        );
    }
}

//! Issue 35: review documents (`-o markdown`, `-o html`) of real plans. An
//! upgrade that adds a ClusterRoleBinding shows the new permissions before
//! any diff; the footer's `--plan-hash` is enforced by apply; a planted
//! Secret value appears in no output format; and the HTML page opens in
//! headless Chromium with the network off, shows every section, and makes
//! no request. A stack plan's document opens with one row per release, and
//! an upgrade whose risk its deployed revision had already is ready.

use std::path::Path;
use std::process::Command;

use kubectl_pkg_e2e::{Pkg, parse_json, unique};

/// A Secret value no output may show.
const PLANTED: &str = "planted-s3cr3t-value-0b7c";

/// The backup operator's v1 (a ServiceAccount, a ClusterRole, a Deployment,
/// a Secret) and v2, which binds the ClusterRole to the ServiceAccount
/// cluster-wide and changes the Secret's value: the upgrade a reviewer must
/// not miss.
fn write_backup_operator(pkg: &Pkg, ns: &str, name: &str) {
    let base = format!(
        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: backup-operator\n  namespace: {ns}\n---\n\
         apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: {name}\nrules:\n\
         - apiGroups: ['']\n  resources: [secrets, configmaps, persistentvolumeclaims]\n  verbs: [get, list, watch]\n---\n\
         apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: backup-operator\n  namespace: {ns}\nspec:\n\
         \x20 selector:\n    matchLabels: {{app: backup}}\n  template:\n    metadata:\n      labels: {{app: backup}}\n\
         \x20   spec:\n      serviceAccountName: backup-operator\n      containers:\n      - name: manager\n\
         \x20       image: registry.invalid/backup/operator@sha256:{}\n",
        "0".repeat(64)
    );
    let secret = |value: &str| {
        format!(
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s3-credentials\n  namespace: {ns}\nstringData:\n  access-key: {value}\n"
        )
    };
    let binding = format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: {name}\n\
         roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: {name}}}\n\
         subjects:\n- {{kind: ServiceAccount, name: backup-operator, namespace: {ns}}}\n"
    );
    pkg.write_package(
        "v1",
        "backup-operator",
        "1.1.0",
        &[
            ("base.yaml", base.clone()),
            ("secret.yaml", secret("old-value")),
        ],
    );
    pkg.write_package(
        "v2",
        "backup-operator",
        "1.2.0",
        &[
            ("base.yaml", base),
            ("secret.yaml", secret(PLANTED)),
            ("binding.yaml", binding),
        ],
    );
}

#[test]
fn the_backup_operator_upgrade_shows_its_new_binding_before_any_diff_and_apply_enforces_the_hash() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("review-doc");
    let name = unique("backup-operator");
    write_backup_operator(&pkg, &ns, &name);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let upgrade = |output: &str, extra: &[&str]| {
        let mut args = vec![
            "upgrade",
            "backup-operator",
            "./v2",
            "-n",
            &ns,
            "--dry-run",
            "-o",
            output,
        ];
        args.extend(extra);
        pkg.run(args).ok().to_string()
    };
    let subject = format!("ServiceAccount/{ns}/backup-operator");
    let markdown = upgrade("markdown", &["--out", "plan.json", "--max-size", "github"]);
    let html = upgrade("html", &[]);
    for (format, text, heading) in [
        (
            "markdown",
            &markdown,
            "#### New permissions (since revision 1)",
        ),
        ("html", &html, "<h3>New permissions (since revision 1)</h3>"),
    ] {
        let first_diff = text.find("<details").expect("per-object diffs");
        let new = text
            .find(heading)
            .unwrap_or_else(|| panic!("{format}:\n{text}"));
        let grant = text[new..].find(&subject).map(|at| at + new);
        assert!(
            new < first_diff && grant.is_some_and(|at| at < first_diff),
            "{format}: the new grant to {subject} comes before any diff:\n{text}"
        );
        assert!(
            text.contains(&format!("ClusterRoleBinding {name}")),
            "{text}"
        );
        assert!(!text.contains(PLANTED), "{format} shows the Secret's value");
    }
    assert!(markdown.starts_with("<!-- kubectl-pkg plan sha256:"));
    assert!(markdown.len() <= 65_536);
    // The footer's command applies exactly this plan; any other hash is refused.
    let plan = parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    let hash = plan["hash"].as_str().unwrap().to_string();
    let context = plan["cluster"]["context"]
        .as_str()
        .expect("planned on a context");
    let command =
        format!("kubectl pkg apply plan.json -n {ns} --context {context} --plan-hash {hash}");
    assert!(markdown.contains(&command), "{markdown}");
    let other = format!("sha256:{}", "1".repeat(64));
    let refused = pkg.run([
        "apply",
        "plan.json",
        "-n",
        &ns,
        "--plan-hash",
        &other,
        "--yes",
    ]);
    let error = refused.fails(1);
    assert!(
        error.contains("not the plan reviewed") && error.contains(&hash),
        "{error}"
    );
    assert_eq!(pkg.statuses("backup-operator", &ns), ["deployed"]);
    pkg.run([
        "apply",
        "plan.json",
        "-n",
        &ns,
        "--plan-hash",
        &hash,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(
        pkg.statuses("backup-operator", &ns),
        ["superseded", "deployed"]
    );
    // The saved plan reviews the same, from the file.
    let saved = pkg.run(["get", "plan", "-f", "plan.json", "-o", "markdown"]);
    assert!(saved.ok().contains(&command));
    pkg.kubectl(["delete", "clusterrolebinding,clusterrole", &name])
        .ok();
}

#[test]
fn a_planted_secret_value_appears_in_no_output_format() {
    let pkg = Pkg::new();
    pkg.write_package(
        "pkg",
        "secretive",
        "1.0.0",
        &[(
            "secret.yaml",
            format!(
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: {PLANTED}\ndata:\n  token: {}\n",
                base64(PLANTED)
            ),
        )],
    );
    for format in ["text", "json", "yaml", "markdown", "html"] {
        let run = pkg.run([
            "install",
            "./pkg",
            "--offline",
            "--dry-run",
            "-n",
            "apps",
            "-o",
            format,
        ]);
        let out = run.ok();
        assert!(
            !out.contains(PLANTED) && !out.contains(&base64(PLANTED)),
            "-o {format} shows the Secret's value:\n{out}"
        );
        if format == "markdown" || format == "html" {
            assert!(out.contains("password") && out.contains("token"), "{out}");
        }
    }
}

#[test]
fn a_2000_object_package_planned_offline_fits_one_github_comment() {
    let pkg = Pkg::new();
    let manifests = kubectl_pkg_e2e::config_maps("settings", 2000, "1.0.0");
    pkg.write_package("big", "big", "1.0.0", &manifests);
    let markdown = pkg
        .run([
            "install",
            "./big",
            "--offline",
            "--dry-run",
            "-o",
            "markdown",
            "--max-size",
            "github",
        ])
        .ok()
        .to_string();
    assert!(markdown.len() <= 65_536, "{} bytes", markdown.len());
    let shown = markdown.matches("<details><summary>").count();
    assert!(shown > 0 && shown < 2000, "{shown} diffs shown");
    let omitted = &markdown[markdown.find("### Diffs not shown").expect("a list")..];
    for i in 0..2000 {
        let name = format!("settings-{i}");
        let in_list = omitted.split([' ', ',', '\n']).any(|word| word == name);
        let has_diff = markdown.contains(&format!("ConfigMap default/{name}</summary>"))
            || markdown.contains(&format!("/{name}</summary>"));
        assert!(
            in_list != has_diff,
            "{name}: shown {has_diff}, named {in_list}"
        );
    }
    let too_small = pkg.run([
        "install",
        "./big",
        "--offline",
        "--dry-run",
        "-o",
        "markdown",
        "--max-size",
        "2000",
    ]);
    assert!(too_small.fails(1).contains("never cut"));
    let not_a_review = pkg.run([
        "install",
        "./big",
        "--offline",
        "--dry-run",
        "--max-size",
        "github",
    ]);
    assert!(not_a_review.fails(64).contains("-o markdown or -o html"));
}

/// Standard base64 of `text`, as a Secret's `data` holds it.
fn base64(text: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in text.as_bytes().chunks(3) {
        let bytes = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(bytes[0]) << 16) | (u32::from(bytes[1]) << 8) | u32::from(bytes[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The sections every review page has, by element id.
const SECTIONS: &[&str] = &[
    "verdict",
    "permissions",
    "risks",
    "deletions",
    "counts",
    "images",
    "trust",
    "changes",
    "apply",
];

/// Chromium, or a failure that says how to get it: this test never skips.
fn chromium() -> &'static str {
    let path = "/usr/bin/chromium";
    assert!(
        Path::new(path).exists(),
        "{path} is missing: install Debian's chromium (tests/env/cluster up installs it)"
    );
    path
}

/// What headless Chromium saw of `page`, loaded as a file with the network
/// off (a new, empty network namespace): the DOM after load, whether a
/// screenshot was taken, and every URL the page itself asked the network
/// for (from Chromium's net log; the browser's own background requests,
/// which no page starts, are not the page's).
struct Rendered {
    dom: String,
    screenshot_bytes: u64,
    page_requests: Vec<String>,
}

fn render(page: &Path) -> Rendered {
    let dir = page.parent().unwrap();
    let url = format!("file://{}", page.display());
    let run = |extra: &[String]| {
        let output = Command::new("unshare")
            .arg("--net")
            .arg(chromium())
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--window-size=1280,2400",
            ])
            .arg(format!("--user-data-dir={}", dir.join("profile").display()))
            .args(extra)
            .arg(&url)
            .output()
            .expect("unshare runs chromium (as root, in a new network namespace)");
        assert!(
            output.status.success(),
            "chromium failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    };
    let log = dir.join("net-log.json");
    let screenshot = dir.join("page.png");
    run(&[
        format!("--log-net-log={}", log.display()),
        format!("--screenshot={}", screenshot.display()),
    ]);
    let dom = String::from_utf8(run(&["--dump-dom".to_string()]).stdout).unwrap();
    Rendered {
        dom,
        screenshot_bytes: std::fs::metadata(&screenshot).map_or(0, |m| m.len()),
        page_requests: page_requests(&std::fs::read_to_string(&log).expect("a net log")),
    }
}

/// The URLs of the requests a page started: those whose network isolation
/// key names the page's site (`file://`); the browser's own have none.
fn page_requests(log: &str) -> Vec<String> {
    let log = parse_json(log);
    let mut urls: Vec<String> = log["events"]
        .as_array()
        .expect("net log events")
        .iter()
        .filter_map(|event| {
            let params = event.get("params")?;
            let url = params.get("url")?.as_str()?;
            let key = params.get("network_isolation_key")?.as_str()?;
            key.contains("file://").then(|| url.to_string())
        })
        .collect();
    urls.sort();
    urls.dedup();
    urls
}

#[test]
fn the_review_page_opens_in_headless_chromium_offline_with_every_section_and_no_request() {
    let pkg = Pkg::new();
    let example = kubectl_pkg_e2e::repo_root().join("examples/backup-operator/1.2.0");
    let page = pkg
        .run([
            "install",
            example.to_str().unwrap(),
            "--offline",
            "--dry-run",
            "-o",
            "html",
        ])
        .ok()
        .to_string();
    for forbidden in ["<script", "src=", "href=", "url(", "@import"] {
        assert!(!page.contains(forbidden), "the page holds {forbidden:?}");
    }
    let dir = pkg.work.path().join("page");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("review.html");
    std::fs::write(&path, &page).unwrap();
    let rendered = render(&path);
    for id in SECTIONS {
        assert!(
            rendered.dom.contains(&format!("id=\"{id}\"")),
            "section {id} is rendered:\n{}",
            rendered.dom
        );
    }
    assert!(rendered.dom.contains("New permissions") && rendered.dom.contains("<details"));
    assert!(
        rendered.screenshot_bytes > 10_000,
        "a screenshot of the page"
    );
    assert_eq!(rendered.page_requests, Vec::<String>::new());

    // The check can fail: the same page without its policy, asking for one
    // image, is caught asking (the network being off, it gets nothing).
    let control_dir = pkg.work.path().join("control");
    std::fs::create_dir_all(&control_dir).unwrap();
    let control = control_dir.join("review.html");
    let csp = page
        .lines()
        .find(|line| line.contains("Content-Security-Policy"))
        .expect("the page has a policy");
    let leaky = page
        .replace(csp, "")
        .replace("<main>", "<main><img src=\"http://127.0.0.1:9/pixel.png\">");
    std::fs::write(&control, leaky).unwrap();
    assert_eq!(
        render(&control).page_requests,
        ["http://127.0.0.1:9/pixel.png"]
    );
}

#[test]
fn a_stack_review_opens_with_its_releases_and_an_unchanged_risk_holds_no_upgrade() {
    use kubectl_pkg_e2e::config_maps;
    let pkg = Pkg::new();
    let ns = pkg.namespace("review-stack");
    // `exec` can exec into the namespace's pods (a high risk) from its
    // first version on; 2.0.0 changes only its ConfigMap.
    let role = format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: exec\n  namespace: {ns}\nrules:\n- apiGroups: ['']\n  resources: [pods/exec]\n  verbs: [create]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: exec\n  namespace: {ns}\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: exec\nsubjects:\n- kind: ServiceAccount\n  name: default\n  namespace: {ns}\n"
    );
    for version in ["1.0.0", "2.0.0"] {
        let mut files = config_maps("exec", 1, version);
        files.push(("role.yaml".to_string(), role.clone()));
        pkg.write_package(&format!("exec-{version}"), "exec", version, &files);
    }
    pkg.write_package("plain", "plain", "1.0.0", &config_maps("plain", 2, "1"));
    let stack = |exec: &str| {
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: reviewed\nnamespace: {ns}\nreleases:\n- {{name: plain, namespace: {ns}, package: ./plain}}\n- {{name: exec, namespace: {ns}, package: ./exec-{exec}, needs: [plain]}}\n"
        )
    };
    let file = pkg.work.path().join("stack.yaml");
    std::fs::write(&file, stack("1.0.0")).unwrap();
    let install = pkg
        .run(["stack", "plan", "-o", "markdown"])
        .ok()
        .to_string();
    assert!(install.contains("**Review needed**: exec: "), "{install}");
    assert!(install.contains("| ⚠️ | exec | "), "{install}");
    pkg.run(["stack", "apply", "--yes", "--wait=false"]).ok();

    std::fs::write(&file, stack("2.0.0")).unwrap();
    let markdown = pkg
        .run(["stack", "plan", "-o", "markdown"])
        .ok()
        .to_string();
    assert!(
        markdown.contains(
            "**Ready to apply: no new permissions, new severe risks or deletions**: \
             exec: 1 high risk(s) unchanged since revision 1"
        ),
        "{markdown}"
    );
    let releases = markdown.find("### Releases (2)").expect("the table");
    assert_eq!(markdown[..releases].matches("\n### ").count(), 0, "first");
    assert!(releases < markdown.find("### plain: ").expect("plain's sections"));
    for row in [
        format!("| ✅ | plain | {ns} | upgrade | 0 | 0 | 0 | no | - |"),
        format!("| ✅ | exec | {ns} | upgrade | 0 | 1 | 0 | no | 1 high |"),
    ] {
        assert!(markdown.contains(&row), "{row}\n{markdown}");
    }
    let html = pkg.run(["stack", "plan", "-o", "html"]).ok().to_string();
    let releases = html.find("<section id=\"releases\">").expect("the table");
    assert_eq!(html[..releases].matches("<section").count(), 0);
    assert!(
        html[releases..].contains(&format!(
            "<td>exec</td><td>{ns}</td><td>upgrade</td><td>0</td><td>1</td><td>0</td><td>no</td><td>1 high</td>"
        )),
        "{html}"
    );
}

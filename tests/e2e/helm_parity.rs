//! Helm's everyday commands, as Helm users type them: `upgrade --install`,
//! `get values|manifest|notes|plan`, `list --all`, and the masked-Secret note
//! of `template`.

use kubectl_pkg_e2e::{Pkg, parse_json};

/// A chart `web` with a value, a Secret and notes.
fn web_chart(pkg: &Pkg) -> String {
    let dir = pkg.write_small_chart(
        "web",
        &[
            (
                "config.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\ndata: {greeting: {{ .Values.greeting | quote }}}\n",
            ),
            (
                "secret.yaml",
                "apiVersion: v1\nkind: Secret\nmetadata: {name: web}\nstringData: {token: very-secret-token}\n",
            ),
            ("NOTES.txt", "Say {{ .Values.greeting }} to {{ .Release.Name }}.\n"),
        ],
    );
    std::fs::write(dir.join("values.yaml"), "greeting: hello\n").unwrap();
    dir.to_str().unwrap().to_string()
}

#[test]
fn upgrade_install_installs_then_upgrades_and_get_reads_each_revision() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("parity");
    let chart = web_chart(&pkg);
    let upsert = |greeting: &str| {
        pkg.run([
            "upgrade",
            "--install",
            "site",
            &chart,
            "-n",
            &ns,
            "--set",
            &format!("greeting={greeting}"),
            "--yes",
            "--wait=false",
        ])
    };
    upsert("hi").ok();
    upsert("bonjour").ok();
    assert_eq!(pkg.statuses("site", &ns), ["superseded", "deployed"]);
    // When each revision was made, as Helm's UPDATED.
    for revision in pkg.history("site", &ns) {
        let created = revision["created"].as_str().unwrap_or_default();
        assert!(
            created.starts_with("20") && created.ends_with('Z'),
            "{revision}"
        );
    }
    let listed = pkg.run(["list", "-n", &ns]);
    assert!(listed.ok().contains("UPDATED"), "{}", listed.stdout);
    let status = pkg.run(["status", "site", "-n", &ns]);
    assert!(status.ok().contains("Updated:   20"), "{}", status.stdout);

    let values = pkg.run(["get", "values", "site", "-n", &ns]);
    assert_eq!(values.ok().trim(), "greeting: bonjour");
    let first = pkg.run(["get", "values", "site", "-n", &ns, "--revision", "1"]);
    assert_eq!(first.ok().trim(), "greeting: hi");
    let notes = pkg.run(["get", "notes", "site", "-n", &ns]);
    assert_eq!(notes.ok().trim(), "Say bonjour to site.");

    let manifest = pkg.run(["get", "manifest", "site", "-n", &ns]);
    let shown = manifest.ok();
    assert!(
        shown.contains("name: web") && shown.contains("greeting: bonjour"),
        "{shown}"
    );
    assert!(!shown.contains("very-secret-token"), "{shown}");
    assert!(
        manifest.stderr.contains("Secret values are masked"),
        "{}",
        manifest.stderr
    );

    let plan = parse_json(
        pkg.run(["get", "plan", "site", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(plan["release"]["revision"], 2);
    assert_eq!(plan["operation"], "upgrade");
    let missing = pkg.run(["get", "values", "site", "-n", &ns, "--revision", "7"]);
    assert!(
        missing.fails(1).contains("has no revision 7 (it has 1, 2)"),
        "{}",
        missing.stderr
    );

    // Not installed and no package named: the hint names the command to run.
    let nameless = pkg.run(["upgrade", "--install", "other", "-n", &ns, "--yes"]);
    assert!(
        nameless.fails(1).contains(&format!(
            "`kubectl pkg upgrade --install other PACKAGE -n {ns}`"
        )),
        "{}",
        nameless.stderr
    );
}

#[test]
fn list_hides_uninstalled_releases_unless_all_and_template_says_it_masked_secrets() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("listall");
    let chart = web_chart(&pkg);
    pkg.run(["install", &chart, "-n", &ns, "--yes", "--wait=false"])
        .ok();
    pkg.run(["uninstall", "web", "-n", &ns, "--yes"]).ok();
    let listed = parse_json(pkg.run(["ls", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(listed, serde_json::json!([]));
    let all = parse_json(pkg.run(["list", "--all", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(all[0]["status"], "uninstalled", "{all}");
    let text = pkg.run(["list", "-n", &ns]);
    assert!(text.stderr.contains("listed with --all"), "{}", text.stderr);
    // Already uninstalled: --purge deletes the history it kept.
    let purge = pkg.run(["uninstall", "web", "--purge", "-n", &ns, "--yes"]);
    purge.ok();
    assert!(
        purge
            .stderr
            .contains("was already uninstalled; deleted its history (2 revision(s))"),
        "{}",
        purge.stderr
    );
    let all = parse_json(pkg.run(["list", "--all", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(all, serde_json::json!([]));

    let template = pkg.run(["template", &chart]);
    assert!(!template.ok().contains("very-secret-token"));
    assert!(
        template.stderr.contains("add --show-secrets to print them"),
        "{}",
        template.stderr
    );
    let shown = pkg.run(["template", &chart, "--show-secrets"]);
    assert!(shown.ok().contains("very-secret-token"));
    assert!(!shown.stderr.contains("masked"), "{}", shown.stderr);
}

#[test]
fn dry_run_takes_helms_client_and_server_modes() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("dryrun");
    let chart = web_chart(&pkg);
    // client: no cluster at all, as --offline.
    let client = pkg.run(["install", &chart, "-n", &ns, "--dry-run=client"]);
    assert!(
        client.ok().contains("Cluster:   none (offline)"),
        "{}",
        client.stdout
    );
    // server, and the bare flag followed by another flag: the server-side plan.
    for dry_run in ["--dry-run=server", "--dry-run"] {
        let server = pkg.run(["install", &chart, dry_run, "-n", &ns]);
        assert!(
            server.ok().contains("Access check: you may perform"),
            "{}",
            server.stdout
        );
    }
    assert!(!pkg.exists(&ns, "configmap/web"));
    let upgrade = pkg.run(["upgrade", "web", &chart, "-n", &ns, "--dry-run=client"]);
    assert!(
        upgrade
            .fails(1)
            .contains("--dry-run=client plans without a cluster, which only install can"),
        "{}",
        upgrade.stderr
    );
    let bad = pkg.run(["install", &chart, "--dry-run=maybe"]);
    assert!(bad.fails(64).contains("maybe"), "{}", bad.stderr);
}

#[test]
fn show_values_prints_a_charts_values_file_as_written() {
    let pkg = Pkg::new();
    let chart = web_chart(&pkg);
    let values = std::path::Path::new(&chart).join("values.yaml");
    std::fs::write(
        &values,
        "# The greeting shown to visitors.\ngreeting: hello\n",
    )
    .unwrap();
    let shown = pkg.run(["show", "values", &chart]);
    assert_eq!(
        shown.ok(),
        "# The greeting shown to visitors.\ngreeting: hello\n"
    );
    // `show PKG` itself is unchanged.
    let whole = pkg.run(["show", &chart]);
    assert!(whole.ok().contains("web"), "{}", whole.stdout);

    pkg.write_package("plain", "plain", "1.0.0", kubectl_pkg_e2e::BASIC_MANIFESTS);
    let plain = pkg.run(["show", "values", "./plain"]);
    assert!(
        plain
            .fails(1)
            .contains("is a plain package: only charts have values"),
        "{}",
        plain.stderr
    );
}

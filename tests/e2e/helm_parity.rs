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

    // `get all` (issue 39): the record's status, values, manifest and notes
    // at once, secrets masked; -o json is the record itself.
    let all = pkg.run(["get", "all", "site", "-n", &ns, "--revision", "1"]);
    let shown = all.ok();
    for part in [
        "RELEASE: site\n",
        "REVISION: 1\nSTATUS: superseded\nOPERATION: install\n",
        "\nVALUES:\ngreeting: hi\n",
        "\nMANIFEST:\n---\n",
        "greeting: hi",
        "\nNOTES:\nSay hi to site.\n",
    ] {
        assert!(shown.contains(part), "{part:?} in:\n{shown}");
    }
    assert!(!shown.contains("very-secret-token"), "{shown}");
    assert!(
        all.stderr.contains("Secret values are masked"),
        "{}",
        all.stderr
    );
    let record = parse_json(
        pkg.run(["get", "all", "site", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(record["status"], "deployed");
    assert_eq!(record["plan"]["release"]["revision"], 2);

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

/// A chart for Helm to install: a ConfigMap from a value and a Service.
fn hello_chart(pkg: &Pkg) -> String {
    let dir = pkg.write_small_chart(
        "hello",
        &[
            (
                "cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ .Release.Name }}}\ndata: {greeting: {{ .Values.greeting | quote }}, size: {{ .Values.size | default \"small\" | quote }}}\n",
            ),
            (
                "svc.yaml",
                "apiVersion: v1\nkind: Service\nmetadata: {name: {{ .Release.Name }}}\nspec:\n  ports: [{port: 80, protocol: TCP}]\n  selector: {app: hello}\n",
            ),
        ],
    );
    std::fs::write(dir.join("values.yaml"), "greeting: hello\n").unwrap();
    dir.to_str().unwrap().to_string()
}

#[test]
fn a_release_installed_by_helm_4_is_taken_over_upgraded_and_rolled_back_without_recreating_objects()
{
    let pkg = Pkg::new();
    let ns = pkg.namespace("adopt");
    let chart = hello_chart(&pkg);
    pkg.helm(
        &ns,
        &format!(
            "config.install({chart:?}, 'hello', {{'greeting': 'from-helm'}}, namespace={ns:?})"
        ),
    )
    .ok();
    let uids = || {
        ["configmap/hello", "service/hello"].map(|object| {
            let (resource, name) = object.split_once('/').unwrap();
            pkg.get_json(Some(&ns), resource, name)["metadata"]["uid"].clone()
        })
    };
    let before = uids();
    assert!(before.iter().all(|uid| uid.is_string()), "{before:?}");
    // Helm's revision 2: what is taken over; revision 1 is copied into the history.
    pkg.helm(
        &ns,
        &format!(
            "config.upgrade({chart:?}, 'hello', {{'greeting': 'from-helm-2'}}, namespace={ns:?})"
        ),
    )
    .ok();

    let adopted = pkg.run(["adopt-helm", "hello", "-n", &ns, "--yes", "--wait=false"]);
    let out = adopted.ok();
    assert!(
        out.contains("History copied from Helm (2 revisions, recorded before revision 3)")
            && out.contains("\n1         v1    superseded "),
        "{out}"
    );
    assert!(
        out.contains("-    app.kubernetes.io/managed-by: Helm")
            && out.contains("+    app.kubernetes.io/managed-by: kubectl-pkg"),
        "only ownership changes:\n{out}"
    );
    assert!(
        out.contains("taken over from Helm release hello revision 2"),
        "{out}"
    );
    assert_eq!(uids(), before, "no object was created again");
    assert_eq!(
        pkg.statuses("hello", &ns),
        ["superseded", "superseded", "deployed"]
    );
    let history = pkg.run(["history", "hello", "-n", &ns]).ok().to_string();
    assert_eq!(
        history.matches("import").count(),
        2,
        "Helm's two revisions, copied:\n{history}"
    );
    // Helm's records are left, and taking over twice is refused.
    assert!(pkg.exists(&ns, "secret/sh.helm.release.v1.hello.v1"));
    let again = pkg.run(["adopt-helm", "hello", "-n", &ns, "--yes"]);
    assert!(
        again.fails(1).contains("managed by kubectl-pkg already"),
        "{}",
        again.stderr
    );
    pkg.run_hint(&again.stderr, &[]).ok();

    // Helm's values are the revision's: --reuse-values keeps them, as Helm would.
    pkg.run([
        "upgrade",
        "hello",
        &chart,
        "-n",
        &ns,
        "--reuse-values",
        "--set",
        "size=large",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let data = &pkg.get_json(Some(&ns), "configmap", "hello")["data"];
    assert_eq!(
        (data["greeting"].as_str(), data["size"].as_str()),
        (Some("from-helm-2"), Some("large"))
    );
    pkg.run(["rollback", "hello", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        pkg.get_json(Some(&ns), "configmap", "hello")["data"]["size"],
        "small"
    );
    // Back to what Helm's first revision applied, from its copy.
    pkg.run(["rollback", "hello", "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        pkg.get_json(Some(&ns), "configmap", "hello")["data"]["greeting"],
        "from-helm"
    );
    assert_eq!(uids(), before, "upgrade and rollbacks recreated nothing");
    assert_eq!(
        pkg.statuses("hello", &ns),
        [
            "superseded",
            "superseded",
            "superseded",
            "superseded",
            "superseded",
            "deployed"
        ]
    );

    // Another release, taken over with its Helm records removed.
    pkg.helm(
        &ns,
        &format!("config.install({chart:?}, 'second', {{'greeting': 'x'}}, namespace={ns:?})"),
    )
    .ok();
    let missing = pkg.run(["adopt-helm", "nonesuch", "-n", &ns, "--yes"]);
    assert!(
        missing.fails(1).contains("no Helm release \"nonesuch\""),
        "{}",
        missing.stderr
    );
    let removed = pkg.run([
        "adopt-helm",
        "second",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "--remove-helm-records",
    ]);
    removed.ok();
    assert!(
        removed.stderr.contains("Removed Helm's 1 record(s)"),
        "{}",
        removed.stderr
    );
    assert!(!pkg.exists(&ns, "secret/sh.helm.release.v1.second.v1"));
}

#[test]
fn kube_version_is_seen_by_charts_as_helm_4_sees_it() {
    let pkg = Pkg::new();
    let dir = pkg.write_small_chart(
        "kv",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kv\ndata:\n  printed: {{ .Capabilities.KubeVersion }}\n  version: {{ .Capabilities.KubeVersion.Version | quote }}\n  minor: {{ .Capabilities.KubeVersion.Minor | quote }}\n  recent: {{ semverCompare \">=1.31-0\" .Capabilities.KubeVersion.Version | quote }}\n  policy: {{ .Capabilities.APIVersions.Has \"policy/v1\" | quote }}\n",
        )],
    );
    let chart = dir.to_str().unwrap();
    for version in ["1.30", "v1.29.3-eks-adc7111", "1.31.2"] {
        let ours = pkg
            .run(["template", chart, "--kube-version", version])
            .ok()
            .to_string();
        let script = format!(
            "import json, helm_python as h\nfrom helm_python import _native\nc = h.Chart.load({chart:?})\nprint(json.loads(_native.call_string('helm_render', c._raw(), '{{}}', json.dumps({{'kube_version': {version:?}}})))['kv/templates/cm.yaml'])"
        );
        let helm = pkg
            .run_program(kubectl_pkg_e2e::helm_python(), ["-c", &script])
            .ok()
            .to_string();
        let data = |text: &str| {
            let object: serde_json::Value =
                libpkg::yaml::first_document(text.trim_start_matches("---\n")).unwrap();
            object["data"].clone()
        };
        assert_eq!(data(&ours), data(&helm), "--kube-version {version}");
    }
    let online = pkg.run(["install", chart, "--kube-version", "1.30", "--dry-run"]);
    assert!(
        online
            .fails(1)
            .contains("--kube-version applies to offline plans"),
        "{}",
        online.stderr
    );
}

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

/// Issue 49: values are kept as written (a values file's `replicas: 1` is
/// `1`, not `1.0`), `--reuse-values` keeps a null the release holds as Helm 4
/// does (the chart's default does not come back), and a rollback carries the
/// notes of the revision it returns to.
#[test]
fn values_stay_as_written_reused_nulls_stay_and_a_rollback_keeps_its_notes() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("aswritten");
    let dir = pkg.write_small_chart(
        "greeter",
        &[
            (
                "config.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\ndata: {greeting: {{ .Values.greeting | default \"unset\" | quote }}, extra: {{ .Values.extra | default \"none\" | quote }}}\n",
            ),
            ("NOTES.txt", "Say {{ .Values.greeting }} to {{ .Release.Name }}.\n"),
        ],
    );
    std::fs::write(dir.join("values.yaml"), "greeting: hello\nreplicas: 2\n").unwrap();
    let chart = dir.to_str().unwrap().to_string();
    // The chart's defaults as written too.
    let shown = parse_json(pkg.run(["show", &chart, "-o", "json"]).ok());
    assert_eq!(
        shown["values"]["replicas"].as_u64(),
        Some(2),
        "{}",
        shown["values"]
    );
    let mine = pkg.work.path().join("mine.yaml");
    std::fs::write(&mine, "replicas: 1\nratio: 0.5\ngreeting: hi\n").unwrap();
    let mine = mine.to_str().unwrap();
    pkg.run([
        "install",
        &chart,
        "--name",
        "site",
        "-n",
        &ns,
        "-f",
        mine,
        "--set",
        "count=1",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let values = pkg.run(["get", "values", "site", "-n", &ns]);
    assert_eq!(
        values.ok(),
        "count: 1\ngreeting: hi\nratio: 0.5\nreplicas: 1\n",
        "as written"
    );
    let plan = parse_json(
        pkg.run(["get", "plan", "site", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(
        plan["values"]["replicas"].as_u64(),
        Some(1),
        "{}",
        plan["values"]
    );

    // A null deletes the chart's default; reusing the values keeps it.
    pkg.run([
        "upgrade",
        "site",
        &chart,
        "-n",
        &ns,
        "--set",
        "greeting=null",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let greeting = || pkg.get_json(Some(&ns), "configmap", "web")["data"]["greeting"].clone();
    assert_eq!(greeting(), "unset");
    pkg.run([
        "upgrade",
        "site",
        &chart,
        "-n",
        &ns,
        "--reuse-values",
        "--set",
        "extra=b",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let values = pkg.run(["get", "values", "site", "-n", &ns]);
    assert_eq!(values.ok(), "extra: b\ngreeting: null\n");
    assert_eq!(greeting(), "unset", "the chart's default did not come back");

    // Rolled back to revision 1: its values and its notes.
    pkg.run(["rollback", "site", "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let get = |what: &str| pkg.run(["get", what, "site", "-n", &ns, "--revision", "4"]);
    assert_eq!(get("notes").ok().trim(), "Say hi to site.");
    let values = get("values");
    assert_eq!(
        values.ok(),
        "count: 1\ngreeting: hi\nratio: 0.5\nreplicas: 1\n"
    );
    assert_eq!(greeting(), "hi");
}

/// How our reading of a `--set`-style line stands to Helm 4.2's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Agreement {
    /// The same values, or the same error message.
    Same,
    /// Both refuse it, each in its words: Helm's message is Go's (a panic's,
    /// `interface conversion: …`, or encoding/json's), ours names the key
    /// that conflicts or is serde_json's.
    BothRefuse,
    /// Refused here with Helm 3's and 4.0's message, taken without a word by
    /// Helm since 4.1: an index not closed (issue 49).
    Stricter,
}

/// Issue 49: `--set` and its kin read as Helm 4 reads them, line by line,
/// corner cases included: our parser and Helm 4.2's (in-process, through its
/// Python SDK) on the same table; then a malformed line on the command line
/// exits 64 with the message, and nothing is planned.
#[test]
fn set_lines_are_read_as_helm_4_reads_them_and_malformed_ones_are_usage_errors() {
    use Agreement::{BothRefuse, Same, Stricter};
    use libpkg::helm::strvals::{SetKind, parse};
    use libpkg::helm::values::integral_numbers;
    let deep = format!("{}=1", vec!["k"; 32].join("."));
    let rows: Vec<(&str, &str, Agreement)> = vec![
        ("set", "a=1,b.c=two,ports={80,443}", Same),
        ("set", "a[1].b=y,a[0][1]=z", Same),
        ("set", r"a=one\,two,b=00009,c=null,d=TRUE,e=", Same),
        ("set", "a=1,", Same),
        ("set", "a.b=1,a=2", Same),
        ("set", "a[0]", Same),
        ("set", "a[0].", Same),
        ("set", "a.", Same),
        ("set", "=1", Same),
        ("set", ".a=1", Same),
        ("set", r"a=\", Same),
        ("set", "a=1,,", Same),
        ("set", "a", Same),
        ("set", "a.b", Same),
        ("set", "a,b=1", Same),
        ("set", "a..b=1", Same),
        ("set", "a[x]=1", Same),
        ("set", "a[-1]=1", Same),
        ("set", "a[65537]=1", Same),
        ("set", "a={x,y", Same),
        ("set", &deep, Same),
        ("set", "a=1,a.b=2", BothRefuse),
        ("set", "a=1,a[0]=2", BothRefuse),
        ("set", "a[0]=1,a.b=2", BothRefuse),
        ("set", "a[=1", Stricter),
        ("set", "a[0", Stricter),
        ("set", "a[", Stricter),
        ("set", "a[0][1", Stricter),
        ("set", "a[0][=1", Stricter),
        ("set-string", "a=1,b=true,c[0]=null", Same),
        ("set-string", "a[=1", Stricter),
        ("set-literal", "a[0]=x,y", Same),
        ("set-literal", "a", Same),
        ("set-literal", "a[=1", Stricter),
        ("set-json", r#"a={"b":[1,2]},c="""#, Same),
        ("set-json", "a=", Same),
        ("set-json", "a=[1,2", BothRefuse),
        ("set-json", "a=1 2", Same),
        ("set-json", "a[=1", Stricter),
    ];
    let pkg = Pkg::new();
    let script = "import helm_python as h, json, sys
parse = {'set': h.parse_set_string, 'set-string': h.parse_set_string_values,
         'set-literal': h.parse_set_literal, 'set-json': h.parse_set_json}
answers = []
for flag, line in json.loads(sys.argv[1]):
    try:
        answers.append({'ok': parse[flag](line)})
    except h.HelmValuesError as e:
        answers.append({'error': str(e)})
print(json.dumps(answers))
";
    let lines: Vec<(&str, &str)> = rows.iter().map(|(flag, line, _)| (*flag, *line)).collect();
    let helm = pkg.run_program(
        kubectl_pkg_e2e::helm_python(),
        ["-c", script, &serde_json::to_string(&lines).unwrap()],
    );
    let answers: Vec<serde_json::Value> = serde_json::from_str(helm.ok()).unwrap();
    assert_eq!(answers.len(), rows.len());
    let mut disagreements = Vec::new();
    for ((flag, line, agreement), helm) in rows.iter().zip(&answers) {
        let kind = match *flag {
            "set" => SetKind::Typed,
            "set-string" => SetKind::String,
            "set-literal" => SetKind::Literal,
            _ => SetKind::Json,
        };
        let ours = parse(line, kind).map_err(|e| e.message);
        let theirs = helm["error"].as_str();
        let agrees = match (agreement, &ours, theirs) {
            // Numbers as Helm writes them (its SDK answers in JSON).
            (Same, Ok(values), None) => {
                integral_numbers(serde_json::Value::Object(values.clone())) == helm["ok"]
            }
            (Same, Err(message), Some(theirs)) => message == theirs,
            // A Go panic's message is Helm's (`interface conversion: …`):
            // ours names the key; both keep Helm's prefix.
            (BothRefuse, Err(message), Some(theirs)) => {
                !theirs.starts_with("unable to parse key: ")
                    || message.starts_with("unable to parse key: ")
            }
            (Stricter, Err(message), None) => message.starts_with("error parsing index: EOF"),
            _ => false,
        };
        if !agrees {
            disagreements.push(format!(
                "--{flag} {line:?} ({agreement:?}): Helm {helm}, ours {ours:?}"
            ));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");

    // On the command line: exit 64, Helm's message, nothing planned.
    let ns = pkg.namespace("malformed-set");
    let chart = web_chart(&pkg);
    let install = pkg.run(["install", &chart, "-n", &ns, "--set", "a[=1", "--yes"]);
    let message = install.fails(64);
    assert!(
        message.contains(r#"failed parsing --set data "a[=1": error parsing index: EOF"#),
        "{message}"
    );
    assert!(
        !pkg.exists(&ns, "secret/kubectl-pkg.release.v1.web.v1"),
        "nothing recorded"
    );
    assert!(!pkg.exists(&ns, "configmap/web"));
    let template = pkg.run(["template", &chart, "--set-json", "a=[1"]);
    assert!(
        template
            .fails(64)
            .contains(r#"failed parsing --set-json data "a=[1": "#),
        "{}",
        template.stderr
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

/// `getHostByName` gives what Helm 4 gives: `""` (and no DNS query)
/// unless `--enable-dns` is given, the name's address with it; the plan
/// says which.
#[test]
fn get_host_by_name_resolves_only_with_enable_dns_as_in_helm_4() {
    let pkg = Pkg::new();
    let dir = pkg.write_small_chart(
        "dns",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dns\ndata:\n  address: {{ getHostByName \"localhost\" | quote }}\n",
        )],
    );
    let chart = dir.to_str().unwrap();
    let data = |text: &str| {
        let object: serde_json::Value =
            libpkg::yaml::first_document(text.trim_start_matches("---\n")).unwrap();
        object["data"].clone()
    };
    for enable_dns in [false, true] {
        let mut args = vec!["template", chart];
        if enable_dns {
            args.push("--enable-dns");
        }
        let ours = pkg.run(args).ok().to_string();
        let python_bool = if enable_dns { "True" } else { "False" };
        let script = format!(
            "import json, helm_python as h\nfrom helm_python import _native\nc = h.Chart.load({chart:?})\nprint(json.loads(_native.call_string('helm_render', c._raw(), '{{}}', json.dumps({{'enable_dns': {python_bool}}})))['dns/templates/cm.yaml'])"
        );
        let helm = pkg
            .run_program(kubectl_pkg_e2e::helm_python(), ["-c", &script])
            .ok()
            .to_string();
        assert_eq!(data(&ours), data(&helm), "--enable-dns {enable_dns}");
        let expected = if enable_dns { "127.0.0.1" } else { "" };
        assert_eq!(data(&ours)["address"], expected, "{ours}");

        let mut args = vec!["install", chart, "--offline", "--dry-run", "-o", "json"];
        if enable_dns {
            args.push("--enable-dns");
        }
        let plan = parse_json(pkg.run(args).ok());
        let render = kubectl_pkg_e2e::warnings_of(&plan, "render");
        // The plan is the library's document: it names the library's option.
        let said = if enable_dns {
            "dns/templates/cm.yaml calls getHostByName, and `enable_dns: true` was given"
        } else {
            "dns/templates/cm.yaml calls getHostByName, which returns \"\" without `enable_dns: true`"
        };
        assert!(render.contains(said), "{render}");
    }
}

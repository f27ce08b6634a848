//! Requirements (issue 34) on the real API server: what a package needs
//! from the cluster is checked in the plan before anything is written, every
//! unmet one listed at once (exit 5) with what would satisfy it, and the
//! plan names what satisfied each. The kinds live in groups unique to each
//! run, so that tests running beside these see no CRD of theirs.

use serde_json::Value;

use kubectl_pkg_e2e::{Pkg, parse_json, unique};

/// The requirement of a plan whose `need` shows as `shown` (JSON).
fn entry<'a>(plan: &'a Value, from: &str) -> &'a Value {
    plan["requirements"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["from"].as_str().unwrap().starts_with(from))
        .unwrap_or_else(|| panic!("no requirement from {from}: {}", plan["requirements"]))
}

/// A CRD of kind `kind` (plural `plural`) in `group`, as the API server takes it.
pub fn crd(group: &str, kind: &str, plural: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {{name: {plural}.{group}}}\nspec:\n  group: {group}\n  scope: Namespaced\n  names: {{kind: {kind}, plural: {plural}, singular: {singular}, listKind: {kind}List}}\n  versions: [{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object, x-kubernetes-preserve-unknown-fields: true}}}}}}]\n",
        singular = kind.to_lowercase()
    )
}

#[test]
fn unmet_requirements_refuse_the_plan_together_and_met_ones_name_what_satisfied_them() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("req-app");
    let ops = pkg.namespace("req-ops");
    let backup = unique("backup-operator");
    let group = format!("{}.monitoring.example.com", unique("m"));
    pkg.write_package(
        "backup",
        &backup,
        "1.2.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: backup-settings}\n",
        )],
    );
    let app = pkg.write_package("app", "app", "1.0.0", &[
        ("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-settings}\n".to_string()),
        (
            "monitor.yaml",
            format!("apiVersion: {group}/v1\nkind: ServiceMonitor\nmetadata: {{name: app}}\nspec: {{}}\n"),
        ),
    ]);
    let manifest = app.join("package.yaml");
    let mut yaml = std::fs::read_to_string(&manifest).unwrap();
    yaml.push_str(&format!(
        "requires:\n  packages:\n  - name: {backup}\n    version: \">=1.0\"\n  apis:\n  - apiVersion: {group}/v1\n    kind: ServiceMonitor\n"
    ));
    std::fs::write(&manifest, yaml).unwrap();

    // Neither is there: both listed at once, with the command for the first, nothing written.
    let refused = pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"]);
    let stderr = refused.fails(5).to_string();
    assert!(
        stderr.contains("2 requirement(s) not met, nothing was written"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("package {backup} >=1.0 (package.yaml requires.packages[0]): no release of package {backup} is installed (`kubectl pkg install {backup} --version '>=1.0'`)")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("ServiceMonitor {group}/v1 (package.yaml requires.apis[0]): the cluster does not serve kind ServiceMonitor {group}/v1")),
        "{stderr}"
    );
    assert!(
        pkg.labelled("configmaps", Some(&ns), "app").is_empty(),
        "nothing applied"
    );
    assert_eq!(
        pkg.run(["history", "app", "-n", &ns]).code,
        1,
        "no release record"
    );

    // backup-operator installed elsewhere, the CRD applied by hand and established.
    pkg.run(["install", "./backup", "-n", &ops, "--yes", "--wait=false"])
        .ok();
    let crd_file = pkg.work.path().join("crd.yaml");
    std::fs::write(&crd_file, crd(&group, "ServiceMonitor", "servicemonitors")).unwrap();
    let crd_file = crd_file.to_str().unwrap();
    pkg.kubectl(["apply", "-f", crd_file]).ok();
    pkg.kubectl([
        "wait",
        "--for=condition=established",
        "--timeout=60s",
        "-f",
        crd_file,
    ])
    .ok();

    let plan = parse_json(
        pkg.run([
            "install",
            "./app",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["requirements"]["checked"], true);
    let first = entry(&plan, "package.yaml requires.packages[0]");
    assert_eq!(first["state"], "met");
    assert_eq!(first["satisfiedBy"]["release"]["name"], backup.as_str());
    assert_eq!(first["satisfiedBy"]["release"]["namespace"], ops.as_str());
    assert!(
        first["detail"].as_str().unwrap().contains("runs"),
        "{first}"
    );
    let second = entry(&plan, "package.yaml requires.apis[0]");
    assert_eq!(second["state"], "met");
    assert_eq!(second["satisfiedBy"], "cluster");
    // The ServiceMonitor the package writes is the declared one, not a second requirement.
    assert_eq!(
        plan["requirements"]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["need"]["api"]["kind"] == "ServiceMonitor")
            .count(),
        1
    );
    assert!(pkg.exists(&ns, &format!("servicemonitors.{group}/app")));

    pkg.run(["uninstall", "app", "-n", &ns, "--yes"]).ok();
    pkg.run(["uninstall", &backup, "-n", &ops, "--yes"]).ok();
    pkg.kubectl(["delete", "-f", crd_file, "--ignore-not-found"])
        .ok();
}

#[test]
fn a_charts_kube_version_is_checked_against_the_server_and_can_be_skipped() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("req-kube");
    let chart = pkg.write_small_chart(
        "modern",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: modern}\n",
        )],
    );
    std::fs::write(
        chart.join("Chart.yaml"),
        "apiVersion: v2\nname: modern\nversion: 1.0.0\nkubeVersion: \">=1.25\"\n",
    )
    .unwrap();
    let chart = chart.to_str().unwrap();

    let refused = pkg.run(["install", chart, "-n", &ns, "--yes", "--wait=false"]);
    let stderr = refused.fails(5).to_string();
    assert!(
        stderr.contains(
            "Kubernetes >=1.25 (Chart.yaml kubeVersion): the server runs Kubernetes v1.20"
        ),
        "{stderr}"
    );
    assert!(
        pkg.labelled("configmaps", Some(&ns), "modern").is_empty(),
        "nothing applied"
    );

    // The text plan shows the override before the objects.
    let shown = pkg.run([
        "install",
        chart,
        "-n",
        &ns,
        "--dry-run",
        "--skip-requirements",
    ]);
    let text = shown.ok();
    let requirements = text
        .find("Requirements (1 unmet, planned anyway: --skip-requirements):")
        .expect(text);
    assert!(requirements < text.find("\nObjects").unwrap(), "{text}");
    assert!(
        text.contains("  UNMET: Kubernetes >=1.25 (Chart.yaml kubeVersion)"),
        "{text}"
    );

    let plan = parse_json(
        pkg.run([
            "install",
            chart,
            "-n",
            &ns,
            "--skip-requirements",
            "--yes",
            "--wait=false",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["requirements"]["skipped"], true);
    assert_eq!(entry(&plan, "Chart.yaml kubeVersion")["state"], "unmet");
    assert!(pkg.exists(&ns, "configmap/modern"));
    pkg.run(["uninstall", "modern", "-n", &ns, "--yes"]).ok();
}

#[test]
fn offline_plans_record_requirements_as_not_checked() {
    let pkg = Pkg::new();
    let app = pkg.write_package(
        "app",
        "app",
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n",
        )],
    );
    let manifest = app.join("package.yaml");
    let mut yaml = std::fs::read_to_string(&manifest).unwrap();
    yaml.push_str("requires:\n  kubernetes: \">=1.99\"\n");
    std::fs::write(&manifest, yaml).unwrap();
    let run = pkg.run(["install", "./app", "-n", "apps", "--offline", "--dry-run"]);
    let text = run.ok();
    assert!(
        text.contains("Requirements (not checked: planned offline):"),
        "{text}"
    );
    assert!(
        text.contains("  not checked: Kubernetes >=1.99 (package.yaml requires.kubernetes)"),
        "{text}"
    );
    let plan = parse_json(
        pkg.run([
            "install",
            "./app",
            "-n",
            "apps",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["requirements"]["checked"], false);
    assert_eq!(entry(&plan, "objects: ")["state"], "notChecked");
}

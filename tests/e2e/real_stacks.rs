//! Stacks on real platforms (issue 48) against the real API server: an
//! operator's CRDs in one release and its custom resources in a later one,
//! charts that call `lookup` planned side by side, environments in one
//! cluster.

use std::process::Stdio;
use std::time::Duration;

use kubectl_pkg_e2e::{Pkg, parse_json, unique};

/// Writes `stack.yaml` in the test's work directory: stack `name`, its
/// record in `namespace`, then `rest` (its `releases:` and what follows).
fn write_stack(pkg: &Pkg, name: &str, namespace: &str, rest: &str) {
    let text = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: {name}\nnamespace: {namespace}\n{rest}"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), text).unwrap();
}

/// A namespaced CustomResourceDefinition of `kind` in `group` (plural: the
/// kind in lower case with an `s`), version v1, whose `spec` has
/// `properties` (YAML, indented to sit under `spec.properties`).
fn crd(group: &str, kind: &str, properties: &str) -> String {
    let singular = kind.to_lowercase();
    format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: {singular}s.{group}
spec:
  group: {group}
  scope: Namespaced
  names: {{kind: {kind}, plural: {singular}s, singular: {singular}, listKind: {kind}List}}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
{properties}"
    )
}

/// The CustomResourceDefinition `widgets.<group>` (kind `Widget`,
/// `spec.size` an integer).
fn widget_crd(group: &str) -> String {
    crd(group, "Widget", "              size: {type: integer}\n")
}

/// A stack file `stack.yaml`: release `crds` (the Widget CRD of `group`),
/// release `left` (one Widget, `needs: [crds]`), both in `namespace`.
fn crd_then_custom_resource(pkg: &Pkg, namespace: &str, group: &str) -> String {
    pkg.write_package("crds", "crds", "1.0.0", &[("crd.yaml", widget_crd(group))]);
    let widget =
        format!("apiVersion: {group}/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 3\n");
    pkg.write_package("left", "left", "1.0.0", &[("widget.yaml", widget)]);
    let releases = format!(
        "releases:
- {{name: crds, namespace: {namespace}, package: ./crds}}
- {{name: left, namespace: {namespace}, package: ./left, needs: [crds]}}
"
    );
    write_stack(pkg, "widgets", namespace, &releases);
    "stack.yaml".to_string()
}

/// Issue 48: the custom resources of a CRD an earlier release of the stack
/// creates are applied after it, in one command, not refused as drift.
#[test]
fn custom_resources_of_a_crd_an_earlier_release_creates_apply_in_one_command() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("crd-stack");
    let group = format!("{}.example.com", unique("w"));
    let file = crd_then_custom_resource(&pkg, &namespace, &group);

    let run = pkg.run(["stack", "apply", "-f", &file, "--yes", "--wait=false"]);
    run.ok();
    assert_eq!(pkg.statuses("crds", &namespace), ["deployed"]);
    assert_eq!(pkg.statuses("left", &namespace), ["deployed"]);
    let widget = pkg.get_json(Some(&namespace), &format!("widgets.{group}"), "w1");
    assert_eq!(widget["spec"]["size"], 3, "{widget}");

    // Uninstalled as one plan: the Widget goes first, so the CRD is not
    // kept for it (it was, when every release was planned as the cluster
    // stood before the first level ran).
    let uninstall = pkg.run(["stack", "uninstall", "-f", &file, "--yes"]);
    let said = uninstall.ok().to_string();
    assert!(!said.contains("is kept"), "{said}");
    let crd = pkg.kubectl(["get", "crd", &format!("widgets.{group}")]);
    assert_ne!(crd.code, 0, "the CRD is left behind: {}", crd.stdout);
}

/// Issue 48: the same from a saved stack plan, applied later.
#[test]
fn a_saved_plan_with_custom_resources_of_an_earlier_release_applies() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("crd-saved");
    let group = format!("{}.example.com", unique("w"));
    let file = crd_then_custom_resource(&pkg, &namespace, &group);

    pkg.run(["stack", "plan", "-f", &file, "--out", "plan.json"])
        .ok();
    let plan = parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    assert_eq!(plan["order"], serde_json::json!([["crds"], ["left"]]));
    pkg.run(["apply", "plan.json", "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses("left", &namespace), ["deployed"]);
    pkg.get_json(Some(&namespace), &format!("widgets.{group}"), "w1");
}

/// Six kinds of six API groups, each with a minimal valid spec: releases
/// that plan objects of different groups discover different groups
/// concurrently.
const KINDS: [(&str, &str, &str); 6] = [
    (
        "apps/v1",
        "Deployment",
        "spec:\n  selector: {matchLabels: {app: x}}\n  template:\n    metadata: {labels: {app: x}}\n    spec: {containers: [{name: x, image: x}]}\n",
    ),
    ("rbac.authorization.k8s.io/v1", "Role", "rules: []\n"),
    (
        "policy/v1beta1",
        "PodDisruptionBudget",
        "spec: {maxUnavailable: 1, selector: {}}\n",
    ),
    (
        "networking.k8s.io/v1",
        "NetworkPolicy",
        "spec: {podSelector: {}}\n",
    ),
    ("coordination.k8s.io/v1", "Lease", "spec: {}\n"),
    (
        "autoscaling/v1",
        "HorizontalPodAutoscaler",
        "spec: {maxReplicas: 2, scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: x}}\n",
    ),
];

/// A chart `name` rendering an object of `KINDS[index]` whose templates
/// call `lookup` on the next kind (a list and an object by name).
fn lookup_chart(pkg: &Pkg, name: &str, index: usize) {
    let (api_version, kind, spec) = KINDS[index];
    let (other_version, other_kind, _) = KINDS[(index + 1) % KINDS.len()];
    let template = format!(
        "{{{{- $all := lookup \"{other_version}\" \"{other_kind}\" .Release.Namespace \"\" }}}}
{{{{- $one := lookup \"{other_version}\" \"{other_kind}\" .Release.Namespace \"absent\" }}}}
apiVersion: {api_version}
kind: {kind}
metadata:
  name: {{{{ .Release.Name }}}}
  annotations:
    found: {{{{ len $all.items | quote }}}}
{spec}"
    );
    pkg.write_small_chart(name, &[("object.yaml", &template)]);
}

/// Runs `command` to completion within `deadline`, killing it (and failing
/// the test, naming `what`) if it takes longer; its standard output. Its
/// output is read as it comes (a plan's JSON is megabytes: more than a
/// pipe holds).
pub(crate) fn within(mut command: std::process::Command, deadline: Duration, what: &str) -> String {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubectl-pkg starts");
    let pid = child.id().to_string();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    let Ok(output) = finished.recv_timeout(deadline) else {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid])
            .status();
        panic!("{what}: still running after {deadline:?} (hung)");
    };
    let output = output.expect("the child's output is read");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{what}: {stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Issue 48: six releases of one level, every one a chart calling `lookup`,
/// planned 50 times with the runtime limited to one worker thread and 50
/// with two (half of them with one request in flight at most): never hangs
/// (a template's `lookup` must not block a runtime thread waiting for work
/// that needs one, such as a sibling release's discovery or request slot).
#[test]
fn a_level_of_charts_calling_lookup_plans_without_hanging_on_one_or_two_workers() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("lookup-stack");
    let mut releases = String::new();
    for index in 0..6 {
        let name = format!("l{index}");
        lookup_chart(&pkg, &name, index);
        releases.push_str(&format!(
            "- {{name: {name}, namespace: {namespace}, package: ./{name}}}\n"
        ));
    }
    write_stack(
        &pkg,
        "lookups",
        &namespace,
        &format!("releases:\n{releases}"),
    );
    for workers in ["1", "2"] {
        for attempt in 0..50 {
            let mut command = pkg.command(["stack", "plan", "-f", "stack.yaml", "-o", "json"]);
            command
                .env("TOKIO_WORKER_THREADS", workers)
                .stdin(Stdio::null());
            let what = format!("{workers} worker(s), plan {attempt}");
            let plan = parse_json(&within(command, Duration::from_secs(30), &what));
            assert_eq!(plan["releases"].as_array().map(Vec::len), Some(6), "{what}");
        }
    }
}

/// Issue 48: two environments in one cluster (the current context) that
/// would both hold release `db`: the second is refused, naming the first,
/// until the file marks it shared; then uninstalling one environment
/// leaves it to the other, and the last one uninstalls it.
#[test]
fn a_release_two_environments_share_is_refused_unless_said_and_then_kept() {
    let pkg = Pkg::new();
    let (data, prod, staging) = (
        pkg.namespace("env-data"),
        pkg.namespace("env-prod"),
        pkg.namespace("env-staging"),
    );
    let config_map = |name: &str| {
        let text = format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\n");
        (format!("{name}.yaml"), text)
    };
    pkg.write_package("db", "db", "1.0.0", &[config_map("db")]);
    pkg.write_package("web", "web", "1.0.0", &[config_map("web")]);
    let write = |shared: &str| {
        let releases = format!(
            "releases:
- {{name: db, namespace: {data}, package: ./db{shared}}}
- {{name: web, namespace: {prod}, package: ./web, needs: [db]}}
environments:
  prod: {{}}
  staging: {{releases: {{web: {{namespace: {staging}}}}}}}
"
        );
        write_stack(&pkg, "shop", &data, &releases);
    };
    write("");
    pkg.run([
        "stack",
        "apply",
        "-f",
        "stack.yaml",
        "-e",
        "prod",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let refused = pkg.run(["stack", "plan", "-f", "stack.yaml", "-e", "staging"]);
    assert_ne!(refused.code, 0);
    assert!(
        refused.stderr.contains(&format!(
            "release db (namespace {data}) is also a release of environment prod"
        )) && refused.stderr.contains("shared: true"),
        "{}",
        refused.stderr
    );
    // The base releases (no -e) would change prod's too.
    let base = pkg.run(["stack", "plan", "-f", "stack.yaml"]);
    assert!(
        base.stderr
            .contains("is also a release of environment prod"),
        "{}",
        base.stderr
    );

    write(", shared: true");
    let plan = pkg.run(["stack", "plan", "-f", "stack.yaml", "-e", "staging"]);
    assert!(
        plan.ok()
            .contains("Shared:    release db is shared with environment prod"),
        "{}",
        plan.stdout
    );
    pkg.run([
        "stack",
        "apply",
        "-f",
        "stack.yaml",
        "-e",
        "staging",
        "--yes",
        "--wait=false",
    ])
    .ok();
    let uninstall = pkg.run([
        "stack",
        "uninstall",
        "-f",
        "stack.yaml",
        "-e",
        "staging",
        "--yes",
    ]);
    assert!(
        uninstall
            .ok()
            .contains("release db is shared with environment prod: left installed"),
        "{}",
        uninstall.stdout
    );
    assert_eq!(pkg.statuses("db", &data), ["deployed"]);
    assert!(
        pkg.statuses("web", &staging)
            .contains(&"uninstalled".to_string())
    );
    assert_eq!(pkg.statuses("web", &prod), ["deployed"]);
    // Staging let go of it: prod, the last to hold it, uninstalls it.
    pkg.run([
        "stack",
        "uninstall",
        "-f",
        "stack.yaml",
        "-e",
        "prod",
        "--yes",
    ])
    .ok();
    assert!(
        pkg.statuses("db", &data)
            .contains(&"uninstalled".to_string())
    );
}

/// Issue 48: stack commands exit as single releases do: 5 for a requirement
/// nothing meets (with the stack's own fixes in the advice, and
/// `--skip-requirements` or `skipRequirements: true` to plan anyway), 2 with
/// `--detailed-exitcode` when the stack changes something and 0 when it does
/// not, and `stack apply --dry-run` writes nothing.
#[test]
fn stack_commands_exit_as_single_releases_do() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("stack-exit");
    let needy = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: needy\nversion: 1.0.0\ndescription: needs a package nobody installs\nrequires:\n  packages:\n  - name: {}\n",
        unique("absent")
    );
    let root = pkg.write_package(
        "needy",
        "needy",
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: needy\ndata: {size: '1'}\n",
        )],
    );
    std::fs::write(root.join("package.yaml"), needy).unwrap();
    let write = |skip: &str| {
        let releases = format!(
            "releases:\n- {{name: needy, namespace: {namespace}, package: ./needy{skip}}}\n"
        );
        write_stack(&pkg, "exits", &namespace, &releases);
    };
    write("");
    let refused = pkg.run(["stack", "plan"]);
    let said = refused.fails(5).to_string();
    assert!(
        said.contains("release needy:") && said.contains("skipRequirements: true"),
        "{said}"
    );
    pkg.run(["stack", "plan", "--skip-requirements"]).ok();
    write(", skipRequirements: true");
    pkg.run(["stack", "plan"]).ok();

    // --detailed-exitcode: 2 while there is something to do; a dry run
    // applies nothing; 0 once applied; 2 again after a value changes.
    let changes = pkg.run(["stack", "plan", "--detailed-exitcode"]);
    assert_eq!(changes.code, 2, "{}", changes.stderr);
    pkg.run(["stack", "apply", "--dry-run", "--yes"]).ok();
    assert!(
        never_installed(&pkg, &namespace),
        "a dry run wrote a release"
    );
    pkg.run(["stack", "apply", "--yes", "--wait=false"]).ok();
    pkg.run(["stack", "plan", "--detailed-exitcode"]).ok();
    let edited = std::fs::read_to_string(root.join("manifests/cm.yaml"))
        .unwrap()
        .replace("size: '1'", "size: '2'");
    std::fs::write(root.join("manifests/cm.yaml"), edited).unwrap();
    let changed = pkg.run(["stack", "plan", "--detailed-exitcode"]);
    assert_eq!(changed.code, 2, "{}", changed.stderr);
}

/// Whether release `needy` has no record in `namespace`.
fn never_installed(pkg: &Pkg, namespace: &str) -> bool {
    let history = pkg.run(["history", "needy", "-n", namespace]);
    history.code != 0
}

/// Issue 48: Ctrl-C while a stack is applied (in a terminal) exits 130, as
/// any interrupted command does, having said how each release ended.
#[test]
fn ctrl_c_during_a_stack_apply_exits_130() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("stack-int");
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: slow\nspec:\n  selector:\n    matchLabels: {app: slow}\n  template:\n    metadata:\n      labels: {app: slow}\n    spec:\n      containers:\n      - name: slow\n        image: registry.invalid/slow@sha256:0000000000000000000000000000000000000000000000000000000000000000\n";
    pkg.write_package("slow", "slow", "1.0.0", &[("deployment.yaml", deployment)]);
    let releases =
        format!("releases:\n- {{name: slow, namespace: {namespace}, package: ./slow}}\n");
    write_stack(&pkg, "interrupted", &namespace, &releases);
    // No controller runs here: the Deployment never becomes ready, so the
    // apply is still waiting when Ctrl-C comes.
    let mut terminal = pkg.terminal(
        &[
            "stack",
            "apply",
            "--yes",
            "--skip-image-check",
            "--timeout",
            "5m",
        ],
        &[],
        "",
    );
    terminal.wait_for("waiting");
    terminal.type_keys(b"\x03");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(130), "{screen}");
    assert!(
        screen.contains("Release slow: FAILED: interrupted"),
        "{screen}"
    );
}

/// Issue 48: a platform of public charts, unchanged (tests/charts/real), in
/// two environments of one cluster: the prometheus-operator CRDs, the
/// external-secrets operator (CRDs and webhook) and ingress-nginx, one per
/// cluster and so `shared: true`; per environment bitnami's mongodb (calls
/// `lookup`) and grafana (calls `lookup`, and creates a ServiceMonitor of
/// the CRDs an earlier release creates). Planned 20 times, each within 60
/// s, then applied in both environments.
#[test]
fn a_platform_of_public_charts_plans_and_applies_in_two_environments() {
    let _one_at_a_time = kubectl_pkg_e2e::cluster_wide_charts();
    let pkg = Pkg::new();
    let shared = pkg.namespace("platform-shared");
    let (staging, prod) = (
        pkg.namespace("platform-staging"),
        pkg.namespace("platform-prod"),
    );
    let chart = |archive: &str| {
        kubectl_pkg_e2e::repo_root()
            .join("tests/charts/real")
            .join(archive)
            .display()
            .to_string()
    };
    let releases = format!(
        "releases:
- name: crds
  namespace: {shared}
  package: {crds}
  shared: true
- name: secrets
  namespace: {shared}
  package: {eso}
  shared: true
- name: ingress
  namespace: {shared}
  package: {ingress}
  shared: true
  # Its admission webhook's certificate is made by hook Jobs, and no
  # controller runs here to finish them.
  set: [controller.admissionWebhooks.enabled=false]
- name: db
  namespace: {staging}
  package: {mongodb}
  # policy/v1 PodDisruptionBudgets are served from Kubernetes 1.21 on.
  set: [pdb.create=false]
- name: dashboards
  namespace: {staging}
  package: {grafana}
  needs: [crds, db]
  values:
    serviceMonitor: {{enabled: true}}
    rbac: {{namespaced: true}}
environments:
  staging: {{}}
  prod:
    releases:
      db: {{namespace: {prod}}}
      dashboards: {{namespace: {prod}}}
",
        crds = chart("prometheus-operator-crds-12.0.0.tgz"),
        eso = chart("external-secrets-2.9.0.tgz"),
        ingress = chart("ingress-nginx-4.9.1.tgz"),
        mongodb = chart("mongodb-17.0.2.tgz"),
        grafana = chart("grafana-10.5.15.tgz"),
    );
    write_stack(&pkg, "platform", &shared, &releases);
    for attempt in 0..20 {
        let environment = if attempt % 2 == 0 { "staging" } else { "prod" };
        let mut command = pkg.command([
            "stack",
            "plan",
            "-f",
            "stack.yaml",
            "-e",
            environment,
            "--skip-image-check",
            "-o",
            "json",
        ]);
        command.stdin(Stdio::null());
        let what = format!("plan {attempt} ({environment})");
        let plan = parse_json(&within(command, Duration::from_secs(60), &what));
        assert_eq!(
            plan["order"][0],
            serde_json::json!(["crds", "db", "ingress", "secrets"]),
            "{what}"
        );
        assert_eq!(
            plan["order"][1],
            serde_json::json!(["dashboards"]),
            "{what}"
        );
    }
    for environment in ["staging", "prod"] {
        pkg.run([
            "stack",
            "apply",
            "-f",
            "stack.yaml",
            "-e",
            environment,
            "--skip-image-check",
            "--yes",
            "--wait=false",
        ])
        .ok();
    }
    for namespace in [&staging, &prod] {
        assert_eq!(pkg.statuses("dashboards", namespace), ["deployed"]);
        assert_eq!(pkg.statuses("db", namespace), ["deployed"]);
        pkg.get_json(
            Some(namespace),
            "servicemonitors.monitoring.coreos.com",
            "dashboards-grafana",
        );
    }
    // One release of each operator serves both environments.
    assert_eq!(pkg.statuses("crds", &shared), ["deployed"]);

    // Uninstalled environment by environment: staging leaves the shared
    // operators to prod, and prod, the last to hold them, takes them, so
    // nothing cluster-wide is left behind.
    for environment in ["staging", "prod"] {
        pkg.run([
            "stack",
            "uninstall",
            "-f",
            "stack.yaml",
            "-e",
            environment,
            "--yes",
        ])
        .ok();
    }
    for (release, namespace) in [("crds", &shared), ("secrets", &shared), ("db", &prod)] {
        let statuses = pkg.statuses(release, namespace);
        assert!(
            statuses.contains(&"uninstalled".to_string()),
            "{release}: {statuses:?}"
        );
    }
    let crd = pkg.kubectl(["get", "crd", "servicemonitors.monitoring.coreos.com"]);
    assert_ne!(crd.code, 0, "the operator's CRDs are left behind");
}

/// A CRD `gadgets.<group>` whose schema has the cases the validator must
/// read as the API server does: an integer, an int-or-string, an enum, an
/// array of objects with a required field; unknown fields are pruned.
fn gadget_crd(group: &str) -> String {
    let properties = "              size: {type: integer}
              port: {x-kubernetes-int-or-string: true}
              mode: {type: string, enum: [fast, safe]}
              rules:
                type: array
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    weight: {type: integer}
";
    crd(group, "Gadget", properties)
}

/// Issue 49: custom resources of a CRD the plan creates are checked against
/// its schema before anything is written, and the check agrees with the
/// API server's own dry run of the same objects once the CRD is served:
/// each case is planned both ways on the real API server.
#[test]
fn custom_resources_are_checked_against_their_crds_schema_as_the_server_checks_them() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("crd-schema");
    let served = format!("{}.example.com", unique("served"));
    pkg.write_package(
        "served-crd",
        "served-crd",
        "1.0.0",
        &[("crd.yaml", gadget_crd(&served))],
    );
    pkg.run(["install", "./served-crd", "-n", &namespace, "--yes"])
        .ok();
    let cases = [
        (
            "valid",
            "size: 3\n  port: http\n  mode: fast\n  rules: [{name: a, weight: 1}]",
            None,
        ),
        ("int-or-string", "port: 8080", None),
        ("unknown field", "size: 1\n  extra: {a: 1}", None),
        ("wrong type", "size: three", Some("/spec/size")),
        ("enum", "mode: slow", Some("/spec/mode")),
        (
            "nested required",
            "rules: [{name: a}, {weight: 2}]",
            Some("/spec/rules/1"),
        ),
        (
            "nested type",
            "rules: [{name: a, weight: heavy}]",
            Some("/spec/rules/0/weight"),
        ),
    ];
    for (index, (case, spec, refused_at)) in cases.into_iter().enumerate() {
        let gadget = |group: &str| {
            format!(
                "apiVersion: {group}/v1\nkind: Gadget\nmetadata:\n  name: g{index}\nspec:\n  {spec}\n"
            )
        };
        // The server's answer: its dry run of the Gadget, the CRD served.
        let dir = format!("server-{index}");
        pkg.write_package(&dir, "gadget", "1.0.0", &[("gadget.yaml", gadget(&served))]);
        let server = pkg.run([
            "install",
            &format!("./{dir}"),
            "-n",
            &namespace,
            "--dry-run",
        ]);
        // The plan's: the CRD in the same package, not served yet.
        let group = format!("{}.example.com", unique("planned"));
        let dir = format!("planned-{index}");
        pkg.write_package(
            &dir,
            "gadget",
            "1.0.0",
            &[
                ("crd.yaml", gadget_crd(&group)),
                ("gadget.yaml", gadget(&group)),
            ],
        );
        let planned = pkg.run([
            "install",
            &format!("./{dir}"),
            "-n",
            &namespace,
            "--dry-run",
        ]);
        assert_eq!(
            server.code == 0,
            planned.code == 0,
            "{case}: the server said {:?}, the plan {:?}",
            server.stderr,
            planned.stderr
        );
        match refused_at {
            None => assert_eq!(planned.code, 0, "{case}: {}", planned.stderr),
            Some(path) => {
                assert!(
                    planned.stderr.contains(
                        "break their CustomResourceDefinition's schema, nothing was written"
                    ) && planned.stderr.contains(&format!("/g{index}: {path}: ")),
                    "{case}: {}",
                    planned.stderr
                );
            }
        }
    }
    // Refused, nothing is written: applying without --dry-run neither.
    let group = format!("{}.example.com", unique("bad"));
    let bad = format!(
        "apiVersion: {group}/v1\nkind: Gadget\nmetadata:\n  name: bad\nspec:\n  size: three\n"
    );
    pkg.write_package(
        "bad",
        "bad",
        "1.0.0",
        &[("crd.yaml", gadget_crd(&group)), ("gadget.yaml", bad)],
    );
    let refused = pkg.run(["install", "./bad", "-n", &namespace, "--yes"]);
    assert_ne!(refused.code, 0);
    let crd = pkg.kubectl(["get", "crd", &format!("gadgets.{group}")]);
    assert_ne!(
        crd.code, 0,
        "the CRD was written though the plan was refused"
    );
}

//! What Kubernetes 1.20.2's server-side apply got wrong and 1.20.6 fixed
//! (tests/env/patches): APIServices apply, and ports may omit `protocol`.
//! Real packages ship both, so each is installed through its whole life.

use kubectl_pkg_e2e::{Pkg, discovery_quiet, serve_aggregated_api, unique};

/// A Service of the package's own and an APIService pointing at it, the
/// APIService with `version_priority`. The Service names `localhost:port`,
/// where the test serves the API (no cluster networking here), so the
/// APIService becomes available and other tests' discovery is not disturbed.
fn aggregated_api(
    group: &str,
    ns: &str,
    port: u16,
    version_priority: u32,
) -> Vec<(String, String)> {
    vec![
        (
            "service.yaml".to_string(),
            format!(
                "apiVersion: v1\nkind: Service\nmetadata: {{name: api, namespace: {ns}}}\nspec:\n  type: ExternalName\n  externalName: localhost\n  ports:\n  - {{name: https, port: {port}}}\n"
            ),
        ),
        (
            "apiservice.yaml".to_string(),
            format!(
                "apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {{name: v1alpha1.{group}}}\nspec:\n  group: {group}\n  version: v1alpha1\n  groupPriorityMinimum: 1000\n  versionPriority: {version_priority}\n  insecureSkipTLSVerify: true\n  service: {{name: api, namespace: {ns}, port: {port}}}\n"
            ),
        ),
    ]
}

/// Waits up to a minute for the aggregator to find the APIService available.
fn wait_available(pkg: &Pkg, group: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let service = pkg.get_json(None, "apiservice", &format!("v1alpha1.{group}"));
        let available = service["status"]["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|c| c["type"] == "Available" && c["status"] == "True");
        if available {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the APIService never became available: {service}"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

/// Deletes the APIService when the test ends, passed or failed: once this
/// process (its backing server) is gone it would be unavailable, and every
/// later discovery in this cluster would complain of it.
pub(crate) struct RemoveApiService<'a>(pub(crate) &'a Pkg, pub(crate) String);

impl Drop for RemoveApiService<'_> {
    fn drop(&mut self) {
        self.0
            .kubectl(["delete", "apiservice", &self.1, "--ignore-not-found"]);
    }
}

fn version_priority(pkg: &Pkg, group: &str) -> u64 {
    pkg.get_json(None, "apiservice", &format!("v1alpha1.{group}"))["spec"]["versionPriority"]
        .as_u64()
        .expect("versionPriority")
}

#[test]
fn a_package_with_an_apiservice_installs_upgrades_rolls_back_and_uninstalls() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("aggregated");
    let group = format!("{}.example.com", unique("agg"));
    let port = serve_aggregated_api(&format!("{group}/v1alpha1"));
    let _quiet = discovery_quiet();
    let _cleanup = RemoveApiService(&pkg, format!("v1alpha1.{group}"));
    pkg.write_package(
        "v1",
        "metrics",
        "1.0.0",
        &aggregated_api(&group, &ns, port, 10),
    );
    pkg.write_package(
        "v2",
        "metrics",
        "1.1.0",
        &aggregated_api(&group, &ns, port, 20),
    );

    // kubectl's own server-side dry run: the server no longer crashes on it.
    let file = pkg.work.path().join("v1/manifests/apiservice.yaml");
    pkg.kubectl([
        "apply",
        "--server-side",
        "--dry-run=server",
        "-f",
        file.to_str().unwrap(),
    ])
    .ok();

    let install = pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"]);
    let plan = install.ok();
    assert!(
        plan.contains(&format!("v1alpha1.{group}")),
        "the plan lists the APIService:\n{plan}"
    );
    assert_eq!(version_priority(&pkg, &group), 10);
    let service = pkg.get_json(Some(&ns), "service", "api");
    assert_eq!(service["spec"]["ports"][0]["protocol"], "TCP");
    wait_available(&pkg, &group);

    let upgrade = pkg.run([
        "upgrade",
        "metrics",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    assert!(
        out.contains("-  versionPriority: 10") && out.contains("+  versionPriority: 20"),
        "the upgrade shows the APIService's change as a server-side diff:\n{out}"
    );
    assert_eq!(version_priority(&pkg, &group), 20);

    pkg.run([
        "rollback",
        "metrics",
        "1",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(version_priority(&pkg, &group), 10);

    pkg.run(["uninstall", "metrics", "-n", &ns, "--yes"]).ok();
    let gone = pkg.kubectl(["get", "apiservice", &format!("v1alpha1.{group}")]);
    assert_ne!(gone.code, 0, "the APIService was deleted: {}", gone.stdout);
    assert_eq!(
        pkg.statuses("metrics", &ns),
        ["superseded", "superseded", "superseded", "uninstalled"]
    );
}

#[test]
fn a_chart_whose_ports_omit_protocol_installs_and_upgrades() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("noproto");
    let dir = pkg.write_small_chart(
        "web",
        &[
            (
                "service.yaml",
                "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports:\n  - name: http\n    port: {{ .Values.port | default 80 }}\n    targetPort: 8080\n",
            ),
            (
                "deployment.yaml",
                "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web:1.0@sha256:0000000000000000000000000000000000000000000000000000000000000000\n        ports:\n        - {name: http, containerPort: 8080}\n",
            ),
        ],
    );
    let chart = dir.to_str().unwrap();
    pkg.run(["install", chart, "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let service = pkg.get_json(Some(&ns), "service", "web");
    assert_eq!(service["spec"]["ports"][0]["port"], 80);
    assert_eq!(service["spec"]["ports"][0]["protocol"], "TCP");
    let deployment = pkg.get_json(Some(&ns), "deployment", "web");
    assert_eq!(
        deployment["spec"]["template"]["spec"]["containers"][0]["ports"][0]["protocol"],
        "TCP"
    );

    let upgrade = pkg.run([
        "upgrade",
        "web",
        chart,
        "-n",
        &ns,
        "--set",
        "port=8081",
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    assert!(out.contains("+    port: 8081"), "{out}");
    let service = pkg.get_json(Some(&ns), "service", "web");
    assert_eq!(service["spec"]["ports"][0]["port"], 8081);
    assert_eq!(service["spec"]["ports"].as_array().unwrap().len(), 1);
    assert_eq!(pkg.statuses("web", &ns), ["superseded", "deployed"]);
}

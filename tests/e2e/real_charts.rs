//! Five widely used public charts, unchanged (tests/charts/real, where their
//! README says where each comes from; the sixth there, kube-prometheus, is
//! only rendered: Kubernetes 1.20 refuses its CRDs), through a whole release lifecycle on
//! the test API server: installed, upgraded with changed values, rolled back
//! and uninstalled. What is installed is, object for object, what Helm 4
//! plans for the same chart, values and cluster (its server-side dry run);
//! their content is compared offline by the chart corpus test.
//!
//! The API server runs no controllers, so nothing becomes ready
//! (`--wait=false`) and hook Jobs never finish (`--no-hooks` where a chart
//! has install hooks); no image is pulled (`--skip-image-check`).

use std::collections::BTreeSet;

use kubectl_pkg_e2e::{Pkg, repo_root, unique};
use serde_json::Value;

/// A public chart and what this cluster needs to install it.
struct RealChart {
    /// The archive under tests/charts/real.
    archive: &'static str,
    /// Values for Kubernetes 1.20 (the test API server), as `--set` takes them.
    settings: &'static [&'static str],
    /// Extra flags (`--no-hooks`).
    flags: &'static [&'static str],
    /// Where the chart takes labels for its main workload's pods.
    pod_labels: &'static str,
    /// That workload, after the release name: `deployment/<release><suffix>`.
    workload_suffix: &'static str,
}

/// The `apiVersion kind name` of every object in a multi-document YAML text.
fn identities(manifest: &str) -> BTreeSet<String> {
    let mut budget = libpkg::yaml::YamlBudget::new(Default::default());
    libpkg::yaml::documents(manifest, &mut budget)
        .unwrap_or_else(|(document, line, error)| {
            panic!("document {document} (line {line}): {error}\n{manifest}")
        })
        .into_iter()
        .filter(|document| document.value.is_object())
        .map(|document| {
            let v = &document.value;
            format!(
                "{} {} {}",
                v["apiVersion"].as_str().unwrap_or_default(),
                v["kind"].as_str().unwrap_or_default(),
                v["metadata"]["name"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// The `--set` settings as the JSON values Helm's SDK takes.
fn helm_values(settings: &[&str]) -> Value {
    let mut values = serde_json::json!({});
    for setting in settings {
        let (path, value) = setting.split_once('=').expect("KEY=VALUE");
        let mut at = &mut values;
        for key in path.split('.') {
            at = at
                .as_object_mut()
                .expect("a map")
                .entry(key)
                .or_insert(serde_json::json!({}));
        }
        *at = match value {
            "true" | "false" => Value::Bool(value == "true"),
            _ => Value::String(value.to_string()),
        };
    }
    values
}

fn lifecycle(chart: RealChart) {
    let _one_at_a_time = kubectl_pkg_e2e::cluster_wide_charts();
    let pkg = Pkg::new();
    let path = repo_root().join("tests/charts/real").join(chart.archive);
    let path = path.to_str().unwrap();
    let chart_name = chart
        .archive
        .rsplit_once('-')
        .map(|(name, _)| name)
        .unwrap();
    let ns = pkg.namespace("real");
    let release = unique(chart_name);
    let workload = format!("{release}{}", chart.workload_suffix);
    let set: Vec<&str> = chart
        .settings
        .iter()
        .flat_map(|setting| ["--set", setting])
        .collect();
    let common = ["-n", &ns, "--yes", "--wait=false", "--skip-image-check"];

    // What Helm 4 would install here, planned before anything exists.
    let helm = pkg.helm(
        &ns,
        &format!(
            "import json\nr = config.install({path:?}, {release:?}, json.loads({:?}), namespace={ns:?}, dry_run='server')\nprint(r['manifest'])",
            helm_values(chart.settings).to_string()
        ),
    );
    let expected = identities(helm.ok());
    assert!(expected.len() > 5, "{expected:?}");

    let mut install = vec!["install", path, "--name", &release];
    install.extend(&common);
    install.extend(&set);
    install.extend(chart.flags);
    let installed = pkg.run(&install);
    installed.ok();
    assert!(
        installed.stderr.contains("revision 1 deployed"),
        "{}",
        installed.stderr
    );
    let manifest = pkg.run(["get", "manifest", &release, "-n", &ns]);
    assert_eq!(
        identities(manifest.ok()),
        expected,
        "installed objects are the ones Helm 4 plans"
    );
    let live = pkg.get_json(Some(&ns), "deployment", &workload);
    let uid = live["metadata"]["uid"].clone();
    assert!(uid.is_string(), "{live}");

    // Upgrade with changed values: the pod template gains a label.
    let label = format!("{}.tier=reviewed", chart.pod_labels);
    let mut upgrade = vec!["upgrade", &release, path, "--reuse-values", "--set", &label];
    upgrade.extend(&common);
    upgrade.extend(chart.flags);
    let upgraded = pkg.run(&upgrade);
    upgraded.ok();
    assert!(
        upgraded.stderr.contains("revision 2 deployed"),
        "{}",
        upgraded.stderr
    );
    let pod_label = || {
        pkg.get_json(Some(&ns), "deployment", &workload)["spec"]["template"]["metadata"]["labels"]
            ["tier"]
            .clone()
    };
    assert_eq!(pod_label(), "reviewed");

    let mut rollback = vec!["rollback", &release];
    rollback.extend(&common);
    rollback.extend(chart.flags);
    pkg.run(&rollback).ok();
    assert_eq!(pod_label(), Value::Null);
    assert_eq!(
        pkg.get_json(Some(&ns), "deployment", &workload)["metadata"]["uid"],
        uid,
        "upgrade and rollback changed the workload in place"
    );
    assert_eq!(
        pkg.statuses(&release, &ns),
        ["superseded", "superseded", "deployed"]
    );

    let mut uninstall = vec!["uninstall", &release, "-n", &ns, "--yes", "--wait=false"];
    uninstall.extend(chart.flags);
    pkg.run(&uninstall).ok();
    for identity in &expected {
        let mut words = identity.split(' ');
        let (_, kind, name) = (words.next(), words.next().unwrap(), words.next().unwrap());
        let resource = format!("{}/{name}", kind.to_lowercase());
        // Gone, or being deleted: a PersistentVolumeClaim waits for the
        // protection controller, which this API server does not run.
        let left = pkg.kubectl([
            "get",
            &resource,
            "-n",
            &ns,
            "-o",
            "json",
            "--ignore-not-found",
        ]);
        let left = left.ok();
        assert!(
            left.trim().is_empty() || left.contains("\"deletionTimestamp\""),
            "{identity} is left after uninstall:\n{left}"
        );
    }
}

#[test]
fn mongodb_with_bitnamis_common_library_goes_through_a_release_lifecycle() {
    lifecycle(RealChart {
        archive: "mongodb-17.0.2.tgz",
        // Bitnami's chart writes policy/v1 PodDisruptionBudgets, served from 1.21 on.
        settings: &["pdb.create=false"],
        flags: &[],
        pod_labels: "podLabels",
        workload_suffix: "",
    });
}

#[test]
fn prometheus_with_its_subcharts_goes_through_a_release_lifecycle() {
    lifecycle(RealChart {
        archive: "prometheus-29.27.0.tgz",
        // Alertmanager's StatefulSet sets minReadySeconds, a field from 1.22 on.
        settings: &["alertmanager.enabled=false"],
        flags: &[],
        pod_labels: "server.podLabels",
        workload_suffix: "-server",
    });
}

#[test]
fn ingress_nginx_goes_through_a_release_lifecycle() {
    lifecycle(RealChart {
        archive: "ingress-nginx-4.9.1.tgz",
        settings: &[],
        // Its admission webhook's certificate is made by hook Jobs.
        flags: &["--no-hooks"],
        pod_labels: "controller.podLabels",
        workload_suffix: "-controller",
    });
}

#[test]
fn external_secrets_with_its_webhook_and_crds_goes_through_a_release_lifecycle() {
    lifecycle(RealChart {
        archive: "external-secrets-2.9.0.tgz",
        settings: &[],
        flags: &[],
        pod_labels: "podLabels",
        workload_suffix: "",
    });
}

#[test]
fn grafana_goes_through_a_release_lifecycle() {
    lifecycle(RealChart {
        archive: "grafana-10.5.15.tgz",
        settings: &[],
        flags: &[],
        pod_labels: "podLabels",
        workload_suffix: "",
    });
}

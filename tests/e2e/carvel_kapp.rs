//! Carvel packages shaped like real public ones (tests/carvel/kapp-shapes),
//! rendered as kapp-controller deploys them: the real ytt, then kbld, then
//! what kapp does before deploying (its own `Config` documents taken out,
//! an object given twice with the same content deployed once), compared
//! object for object with `ytt` run by hand and kapp's and kbld's rules
//! applied by hand. A repository holding a misnamed Package is added, the
//! Package skipped and named; a package's values schema with empty
//! descriptions; a package whose custom resources' CRDs another package
//! installs, planned offline.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kubectl_pkg_e2e::{Pkg, parse_json, repo_root, unique, warnings_of};
use serde_json::Value;

use crate::carvel::ytt_and_kbld_by_hand;

const METRICS: &str = "metrics.shapes.example.com";
const CERTS: &str = "certs.shapes.example.com";
const IMAGE: &str = "registry.k8s.io/metrics-server/metrics-server";
const DIGEST: &str = "sha256:8f4a1b3c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708";

fn shapes() -> PathBuf {
    repo_root().join("tests/carvel/kapp-shapes")
}

/// A Package as a package's release tooling writes it (`kctrl package
/// release` from ytt's schema leaves a `description:` empty where the
/// schema has no comment).
fn package_document(name: &str, ref_name: &str, version: &str, fetch: &str) -> String {
    format!(
        "apiVersion: data.packaging.carvel.dev/v1alpha1
kind: Package
metadata:
  name: {name}
spec:
  refName: {ref_name}
  version: {version}
  releasedAt: \"2023-09-01T00:00:00Z\"
  valuesSchema:
    openAPIv3:
      title: {ref_name}.{version} values schema
      description:
      type: object
      additionalProperties: false
      properties:
        replicas:
          type: integer
          minimum: 1
          default: 1
          description:
        args:
          type: array
          description:
          default: []
          items:
            type: string
            description:
  template:
    spec:
      fetch:
{fetch}
      template:
      - ytt:
          paths:
          - config/
      - kbld:
          paths:
          - '-'
          - .imgpkg/images.yml
      deploy:
      - kapp: {{}}
"
    )
}

/// The certs package: content inline (no images), as small packages write it.
fn certs_document() -> String {
    let text = std::fs::read_to_string(shapes().join("certs/config/certificate.yaml")).unwrap();
    let indented: String = text
        .lines()
        .map(|line| format!("              {line}\n"))
        .collect();
    format!(
        "apiVersion: data.packaging.carvel.dev/v1alpha1
kind: Package
metadata:
  name: {CERTS}.1.0.0
spec:
  refName: {CERTS}
  version: 1.0.0
  template:
    spec:
      fetch:
      - inline:
          paths:
            config/certificate.yaml: |
{indented}      template:
      - ytt:
          paths: [config/]
      deploy:
      - kapp: {{}}
"
    )
}

/// A directory PackageRepository: the metrics package's 0.6.4 as an imgpkg
/// bundle pushed to the registry, its 0.7.0 misnamed (`…0.7`, the patch
/// left out by hand), and the certs package.
fn write_repository(pkg: &Pkg, dir: &Path) {
    let path = unique("shapes");
    let reference = format!("{}/{path}/metrics:0.6.4", pkg.env.registry);
    let pushed = pkg.run_program(
        &pkg.env.imgpkg_push,
        [
            "-b",
            reference.as_str(),
            "-f",
            shapes().join("metrics").to_str().unwrap(),
        ],
    );
    let digest = pushed.ok().trim().to_string();
    let bundle = format!("{}/{path}/metrics@{digest}", pkg.env.registry);
    let fetch = format!("      - imgpkgBundle:\n          image: {bundle}");
    let packages = dir.join("packages");
    std::fs::create_dir_all(packages.join(METRICS)).unwrap();
    std::fs::create_dir_all(packages.join(CERTS)).unwrap();
    std::fs::write(
        packages.join(METRICS).join("0.6.4.yml"),
        package_document(&format!("{METRICS}.0.6.4"), METRICS, "0.6.4", &fetch),
    )
    .unwrap();
    std::fs::write(
        packages.join(METRICS).join("0.7.0.yml"),
        package_document(&format!("{METRICS}.0.7"), METRICS, "0.7.0", &fetch),
    )
    .unwrap();
    std::fs::write(packages.join(CERTS).join("1.0.0.yml"), certs_document()).unwrap();
}

/// What kapp-controller deploys of the metrics bundle, by hand: `ytt -f
/// config/`, kbld's rewrite with the image lock, then kapp's preparation:
/// its `Config` taken out, identical objects once.
fn deployed_by_hand(pkg: &Pkg, values: &Path) -> BTreeMap<String, Value> {
    let mut deployed: BTreeMap<String, Value> = BTreeMap::new();
    for object in ytt_and_kbld_by_hand(pkg, &shapes().join("metrics"), values) {
        if object["apiVersion"] == "kapp.k14s.io/v1alpha1" {
            continue;
        }
        let key = identity(&object);
        if let Some(first) = deployed.get(&key) {
            assert_eq!(first, &object, "kapp refuses duplicates that differ");
            continue;
        }
        deployed.insert(key, object);
    }
    deployed
}

fn identity(object: &Value) -> String {
    format!(
        "{} {}",
        object["kind"].as_str().unwrap(),
        object["metadata"]["name"].as_str().unwrap()
    )
}

/// An object as planned, without what kubectl-pkg adds: its own labels and
/// annotations, the release namespace, and its `managed-by` where the
/// package set none.
fn as_deployed(manifest: &Value) -> Value {
    let mut manifest = manifest.clone();
    let metadata = manifest["metadata"].as_object_mut().unwrap();
    metadata.remove("namespace");
    for field in ["labels", "annotations"] {
        if let Some(Value::Object(map)) = metadata.get_mut(field) {
            map.retain(|key, value| {
                let ours_by_default =
                    key == "app.kubernetes.io/managed-by" && value == "kubectl-pkg";
                !key.starts_with("kubectl-pkg.dev/") && !ours_by_default
            });
            if map.is_empty() {
                metadata.remove(field);
            }
        }
    }
    manifest
}

#[test]
fn packages_shaped_like_real_ones_render_as_kapp_controller_deploys_them() {
    let pkg = Pkg::new();
    let dir = pkg.work.path().join("repository");
    write_repository(&pkg, &dir);

    // The misnamed Package is skipped, named with why; the others stay.
    let added = pkg.run(["repo", "add", "shapes", dir.to_str().unwrap()]);
    added.ok();
    assert!(
        added.stderr.contains(&format!(
            "a Carvel PackageRepository directory listing 2 package(s), {}; 1 Package(s) skipped, as kapp-controller refuses them (the others are usable):\n  Package \"{METRICS}.0.7\" (packages/{METRICS}/0.7.0.yml (document 1)): metadata.name \"{METRICS}.0.7\" must be spec.refName + \".\" + spec.version (\"{METRICS}.0.7.0\")",
            dir.display()
        )),
        "{}",
        added.stderr
    );

    let shown = pkg.run(["show", METRICS]);
    assert!(
        shown.ok().contains(&format!(
            "Versions (newest first; * = what install picks):\n  * 0.6.4\n\nSkipped (kapp-controller refuses them too; install cannot choose them):\n  Package \"{METRICS}.0.7\" (packages/{METRICS}/0.7.0.yml (document 1)): metadata.name"
        )),
        "{}",
        shown.stdout
    );

    let values = pkg.work.path().join("values.yml");
    std::fs::write(&values, "replicas: 2\nargs: [--kubelet-insecure-tls]\n").unwrap();
    let plan = |extra: &[&str]| {
        let mut args = vec![
            "install",
            "shapes/metrics.shapes.example.com",
            "--name",
            "metrics",
            "-n",
            "kube-system",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ];
        args.extend_from_slice(extra);
        pkg.run(args)
    };
    let planned = parse_json(plan(&["-f", values.to_str().unwrap()]).ok());
    // The newest usable version; the skipped one is said.
    assert_eq!(planned["package"]["version"], "0.6.4", "{planned}");
    let source = warnings_of(&planned, "source");
    assert!(
        source.contains(&format!(
            "skipped, as kapp-controller refuses it: Package \"{METRICS}.0.7\""
        )),
        "{source}"
    );
    // Object for object what ytt, kbld and kapp give, by hand.
    let objects: BTreeMap<String, Value> = planned["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|object| {
            let manifest = as_deployed(&object["manifest"]);
            (identity(&manifest), manifest)
        })
        .collect();
    let expected = deployed_by_hand(&pkg, &values);
    assert_eq!(
        objects.keys().collect::<Vec<_>>(),
        [
            "CustomResourceDefinition metricsconfigs.metrics.example.com",
            "Deployment metrics-server",
            "ServiceAccount metrics-server"
        ]
    );
    assert_eq!(objects, expected);
    let deployment = &objects["Deployment metrics-server"];
    // The package's own managed-by is kept.
    assert_eq!(
        deployment["metadata"]["labels"]["app.kubernetes.io/managed-by"],
        "Helm"
    );
    // kbld adds no second preresolved origin to a lock that records one.
    assert_eq!(
        deployment["metadata"]["annotations"]["kbld.k14s.io/images"],
        format!(
            "- origins:\n  - resolved:\n      tag: v0.6.4\n      url: {IMAGE}:v0.6.4\n  - preresolved:\n      url: {IMAGE}@{DIGEST}\n  url: {IMAGE}@{DIGEST}\n"
        )
    );
    assert_eq!(deployment["spec"]["replicas"], 2);
    let render = warnings_of(&planned, "render");
    assert!(
        render.contains("kapp Config (rebaseRules, ownershipLabelRules) is configuration for kapp, not an object to deploy: taken out"),
        "{render}"
    );
    assert!(
        render.contains("with the same content: deployed once, as kapp deploys it"),
        "{render}"
    );

    // The schema's empty descriptions are no error; its constraints are.
    let refused = plan(&["--set", "replicas=0"]);
    let error = refused.fails(1);
    assert!(
        error.contains(&format!("values do not match its valuesSchema (packages/{METRICS}/0.6.4.yml: spec.valuesSchema.openAPIv3):\n- replicas: 0 is less than the minimum of 1")),
        "{error}"
    );
    // The skipped version, asked for, is refused naming why.
    let error = plan(&["--version", "0.7.0"]).fails(1).to_string();
    assert!(
        error.contains(&format!(
            "skipped when the repository was read (kapp-controller refuses them too):\n- Package \"{METRICS}.0.7\" (packages/{METRICS}/0.7.0.yml (document 1)): metadata.name"
        )),
        "{error}"
    );

    // Custom resources whose CRD another package installs: offline, their
    // scope is assumed and said, as for a chart.
    let template = pkg.run(["template", &format!("shapes/{CERTS}"), "-n", "registry"]);
    let out = template.ok();
    assert!(
        out.contains("kind: Certificate") && out.contains("namespace: registry"),
        "{out}"
    );
    let planned = parse_json(
        pkg.run([
            "install",
            &format!("shapes/{CERTS}"),
            "-n",
            "registry",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let scopes: BTreeMap<String, Value> = planned["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["kind"].as_str().unwrap().to_string(),
                o["namespace"].clone(),
            )
        })
        .collect();
    assert_eq!(scopes["Certificate"], "registry");
    assert_eq!(scopes["Issuer"], "registry");
    assert_eq!(scopes["ClusterIssuer"], Value::Null);
    let offline = warnings_of(&planned, "offline");
    for (kind, scope) in [
        ("Certificate", "namespaced"),
        ("ClusterIssuer", "cluster-scoped"),
    ] {
        assert!(
            offline.contains(&format!(
                "no CustomResourceDefinition in the package defines {kind} (cert-manager.io/v1); assumed {scope}"
            )),
            "{offline}"
        );
    }
}

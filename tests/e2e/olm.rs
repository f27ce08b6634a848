//! OLM `registry+v1` bundles on the real API server and registry: conversion in
//! OwnNamespace and AllNamespaces mode with the RBAC names OLM v1 gives, bundle
//! images pulled by digest, and unsupported bundles refused before anything is
//! applied (issue 10).
//!
//! The bundles are written here, with names unique to each run, and the
//! expected RBAC names are computed here from operator-controller's documented
//! algorithm (SHA-224 of the Go JSON of the permission entry, base 36, base cut
//! to fit 63), independently of libpkg.

use std::path::PathBuf;

use kubectl_pkg_e2e::{Pkg, parse_json, unique};
use sha2::{Digest, Sha224};

/// One rule: verbs, API groups, resources.
type Rule = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const CONTROLLER_RULES: &[Rule] = &[
    (
        &["get", "list", "watch", "create", "update"],
        &[""],
        &["configmaps"],
    ),
    (
        &["get", "create", "update"],
        &["coordination.k8s.io"],
        &["leases"],
    ),
];
const REPORTER_RULES: &[Rule] = &[(&["create", "patch"], &[""], &["events"])];
const NAMESPACES_RULE: Rule = (&["get", "list", "watch"], &[""], &["namespaces"]);

/// The cluster rules of the controller: its own group's widgets.
fn cluster_rules(group: &'static str) -> Vec<Rule> {
    let group: &'static [&'static str] = Box::leak(Box::new([group]));
    vec![(
        &["get", "list", "watch", "update", "patch"],
        group,
        &["widgets", "widgets/status"],
    )]
}

fn yaml_list(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    format!("[{}]", quoted.join(", "))
}

fn yaml_rules(rules: &[Rule]) -> String {
    rules
        .iter()
        .map(|(verbs, groups, resources)| {
            format!(
                "        - apiGroups: {}\n          resources: {}\n          verbs: {}\n",
                yaml_list(groups),
                yaml_list(resources),
                yaml_list(verbs)
            )
        })
        .collect()
}

/// The Go `encoding/json` form of a `StrategyDeploymentPermissions`.
fn go_json(service_account: &str, rules: &[Rule]) -> String {
    let list = |items: &[&str]| {
        let quoted: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
        format!("[{}]", quoted.join(","))
    };
    let rules: Vec<String> = rules
        .iter()
        .map(|(verbs, groups, resources)| {
            format!(
                "{{\"verbs\":{},\"apiGroups\":{},\"resources\":{}}}",
                list(verbs),
                list(groups),
                list(resources)
            )
        })
        .collect();
    format!(
        "{{\"serviceAccountName\":\"{service_account}\",\"rules\":[{}]}}",
        rules.join(",")
    )
}

/// Base 36 of a big-endian number, by long division in 32-bit limbs.
fn base36(bytes: &[u8]) -> String {
    let mut limbs: Vec<u64> = bytes
        .chunks(4)
        .map(|c| c.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b)))
        .collect();
    // Only whole 4-byte chunks: SHA-224 is 28 bytes.
    assert_eq!(bytes.len() % 4, 0);
    let mut out = Vec::new();
    while limbs.iter().any(|l| *l != 0) {
        let mut remainder = 0u64;
        for limb in limbs.iter_mut() {
            let value = (remainder << 32) | *limb;
            *limb = value / 36;
            remainder = value % 36;
        }
        out.push(char::from_digit(remainder as u32, 36).unwrap());
    }
    out.iter().rev().collect()
}

/// The name operator-controller gives the RBAC of one permission entry.
fn olm_name(csv: &str, service_account: &str, rules: &[Rule]) -> String {
    let digest = Sha224::digest(format!("{}\n", go_json(service_account, rules)));
    let hash = base36(&digest);
    let mut base = format!("{csv}-{service_account}");
    if base.len() + hash.len() > 63 {
        base.truncate(63 - hash.len() - 1);
    }
    format!("{base}-{hash}")
}

/// A bundle of operator `op-<suffix>` version `version`: two service accounts,
/// namespaced and cluster permissions, its own CRD; `extra_spec` is added to
/// the CSV's spec (YAML at two spaces), `modes` are the supported install modes.
struct BundleSpec<'a> {
    suffix: &'a str,
    version: &'a str,
    modes: &'a [&'a str],
    extra_spec: &'a str,
    with_crd: bool,
}

impl BundleSpec<'_> {
    fn package(&self) -> String {
        format!("op-{}", self.suffix)
    }
    fn csv(&self) -> String {
        format!("op-{}.v{}", self.suffix, self.version)
    }
    fn group(&self) -> &'static str {
        Box::leak(format!("{}.example.com", self.suffix).into_boxed_str())
    }

    fn files(&self) -> Vec<(String, String)> {
        let group = self.group();
        let modes: String = [
            "OwnNamespace",
            "SingleNamespace",
            "MultiNamespace",
            "AllNamespaces",
        ]
        .iter()
        .map(|m| format!("  - type: {m}\n    supported: {}\n", self.modes.contains(m)))
        .collect();
        let csv = format!(
            "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: {csv}\n  annotations:\n    capabilities: Basic Install\nspec:\n  version: {version}\n  installModes:\n{modes}  customresourcedefinitions:\n    owned:\n    - name: widgets.{group}\n      version: v1\n      kind: Widget\n  relatedImages:\n  - name: helper\n    image: registry.example/op/helper:{version}\n{extra}  install:\n    strategy: deployment\n    spec:\n      permissions:\n      - serviceAccountName: op-controller\n        rules:\n{controller}      - serviceAccountName: op-reporter\n        rules:\n{reporter}      clusterPermissions:\n      - serviceAccountName: op-controller\n        rules:\n{cluster}      deployments:\n      - name: op-controller\n        spec:\n          replicas: 1\n          selector:\n            matchLabels: {{app: op}}\n          template:\n            metadata:\n              labels: {{app: op}}\n            spec:\n              serviceAccountName: op-controller\n              containers:\n              - name: manager\n                image: registry.example/op/controller@sha256:{digest}\n                ports:\n                - {{containerPort: 8080, protocol: TCP}}\n",
            csv = self.csv(),
            version = self.version,
            extra = self.extra_spec,
            controller = yaml_rules(CONTROLLER_RULES),
            reporter = yaml_rules(REPORTER_RULES),
            cluster = yaml_rules(&cluster_rules(group)),
            digest = "2".repeat(64),
        );
        let mut files = vec![
            (
                "metadata/annotations.yaml".to_string(),
                format!(
                    "annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n  operators.operatorframework.io.bundle.package.v1: {}\n  operators.operatorframework.io.bundle.channels.v1: stable\n",
                    self.package()
                ),
            ),
            ("manifests/op.clusterserviceversion.yaml".to_string(), csv),
        ];
        if self.with_crd {
            files.push((
                "manifests/widgets.yaml".to_string(),
                format!(
                    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.{group}\nspec:\n  group: {group}\n  scope: Namespaced\n  names: {{kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {{type: object, x-kubernetes-preserve-unknown-fields: true}}\n"
                ),
            ));
        }
        files
    }

    fn write(&self, pkg: &Pkg, dir: &str) -> PathBuf {
        let root = pkg.work.path().join(dir);
        for (path, text) in self.files() {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        root
    }
}

fn spec<'a>(suffix: &'a str, version: &'a str) -> BundleSpec<'a> {
    BundleSpec {
        suffix,
        version,
        modes: &["OwnNamespace", "AllNamespaces"],
        extra_spec: "",
        with_crd: true,
    }
}

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

#[test]
fn a_bundle_installs_in_own_namespace_mode_with_olm_rbac_names() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("olm-own");
    let suffix = unique("own");
    let bundle = spec(&suffix, "1.0.0");
    bundle.write(&pkg, "bundle");
    let release = bundle.package();
    let csv = bundle.csv();

    let run = pkg.run([
        "install",
        "./bundle",
        "-n",
        &ns,
        "--config",
        &format!("watchNamespace={ns}"),
        "--yes",
        "--wait=false",
        "-o",
        "json",
    ]);
    let plan = parse_json(run.ok());
    assert_eq!(plan["package"]["format"], "registry+v1");
    assert_eq!(plan["package"]["bundle"]["csvName"], csv.as_str());
    assert_eq!(plan["package"]["bundle"]["installMode"], "OwnNamespace");
    assert_eq!(plan["values"]["watchNamespace"], ns.as_str());

    let controller = olm_name(&csv, "op-controller", CONTROLLER_RULES);
    let reporter = olm_name(&csv, "op-reporter", REPORTER_RULES);
    let cluster = olm_name(&csv, "op-controller", &cluster_rules(bundle.group()));
    assert!(controller.len() <= 64 && controller.starts_with("op-own-"));
    assert_eq!(
        pkg.labelled("roles", Some(&ns), &release),
        sorted(vec![controller.clone(), reporter.clone()])
    );
    assert_eq!(
        pkg.labelled("rolebindings", Some(&ns), &release),
        sorted(vec![controller.clone(), reporter.clone()])
    );
    assert_eq!(
        pkg.labelled("clusterroles", None, &release),
        vec![cluster.clone()]
    );
    assert_eq!(
        pkg.labelled("clusterrolebindings", None, &release),
        vec![cluster]
    );
    assert_eq!(
        pkg.labelled("serviceaccounts", Some(&ns), &release),
        ["op-controller", "op-reporter"]
    );

    let binding = pkg.get_json(Some(&ns), "rolebinding", &reporter);
    assert_eq!(binding["subjects"][0]["name"], "op-reporter");
    assert_eq!(binding["subjects"][0]["namespace"], ns.as_str());
    assert_eq!(binding["roleRef"]["name"], reporter.as_str());
    let deployment = pkg.get_json(Some(&ns), "deployment", "op-controller");
    let annotations = &deployment["spec"]["template"]["metadata"]["annotations"];
    assert_eq!(annotations["olm.targetNamespaces"], ns.as_str());
    assert_eq!(annotations["olm.operatorNamespace"], ns.as_str());
    assert_eq!(annotations["capabilities"], "Basic Install");
    assert_eq!(deployment["spec"]["revisionHistoryLimit"], 1);

    // An upgrade without --config keeps the watch namespace it was installed with.
    spec(&suffix, "1.1.0").write(&pkg, "bundle-1.1.0");
    let run = pkg.run([
        "upgrade",
        &release,
        "./bundle-1.1.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "-o",
        "json",
    ]);
    let plan = parse_json(run.ok());
    assert_eq!(plan["package"]["bundle"]["installMode"], "OwnNamespace");
    assert_eq!(plan["package"]["version"], "1.1.0");
    // The new CSV name gives new names, unless the cut base hides the version:
    // either way they are OLM's.
    let csv2 = spec(&suffix, "1.1.0").csv();
    let expected = sorted(vec![
        olm_name(&csv2, "op-controller", CONTROLLER_RULES),
        olm_name(&csv2, "op-reporter", REPORTER_RULES),
    ]);
    assert_eq!(pkg.labelled("roles", Some(&ns), &release), expected);
    let cluster2 = olm_name(&csv2, "op-controller", &cluster_rules(bundle.group()));
    assert_eq!(pkg.labelled("clusterroles", None, &release), [cluster2]);

    pkg.run(["uninstall", &release, "-n", &ns, "--yes"]).ok();
    assert!(pkg.labelled("clusterroles", None, &release).is_empty());
}

#[test]
fn a_bundle_installs_in_all_namespaces_mode_with_promoted_permissions() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("olm-all");
    let suffix = unique("all");
    let bundle = spec(&suffix, "1.0.0");
    bundle.write(&pkg, "bundle");
    let release = bundle.package();
    let csv = bundle.csv();

    let plan = parse_json(
        pkg.run([
            "install",
            "./bundle",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["package"]["bundle"]["installMode"], "AllNamespaces");
    assert_eq!(
        plan["package"]["bundle"]["targetNamespaces"],
        serde_json::json!([""])
    );

    let mut controller_rules = CONTROLLER_RULES.to_vec();
    controller_rules.push(NAMESPACES_RULE);
    let mut reporter_rules = REPORTER_RULES.to_vec();
    reporter_rules.push(NAMESPACES_RULE);
    let expected = sorted(vec![
        olm_name(&csv, "op-controller", &cluster_rules(bundle.group())),
        olm_name(&csv, "op-controller", &controller_rules),
        olm_name(&csv, "op-reporter", &reporter_rules),
    ]);
    assert!(pkg.labelled("roles", Some(&ns), &release).is_empty());
    assert_eq!(pkg.labelled("clusterroles", None, &release), expected);
    assert_eq!(
        pkg.labelled("clusterrolebindings", None, &release),
        expected
    );
    let role = pkg.get_json(
        None,
        "clusterrole",
        &olm_name(&csv, "op-reporter", &reporter_rules),
    );
    assert_eq!(
        role["rules"][1]["resources"],
        serde_json::json!(["namespaces"])
    );
    let deployment = pkg.get_json(Some(&ns), "deployment", "op-controller");
    assert_eq!(
        deployment["spec"]["template"]["metadata"]["annotations"]["olm.targetNamespaces"],
        ""
    );

    // The permission preview shows what the CSV asks for, per service account.
    let grants = plan["permissions"]["grants"].as_array().unwrap();
    let reporter_subject = format!("ServiceAccount/{ns}/op-reporter");
    assert!(
        grants
            .iter()
            .any(|g| g["subject"] == reporter_subject.as_str()
                && g["scope"] == "cluster"
                && g["resources"] == serde_json::json!(["events"]))
    );
    let images: Vec<&str> = plan["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["reference"].as_str().unwrap())
        .collect();
    assert!(
        images.contains(&"registry.example/op/helper:1.0.0"),
        "relatedImages are listed: {images:?}"
    );

    pkg.run(["uninstall", &release, "-n", &ns, "--yes"]).ok();
}

#[tokio::test]
async fn a_bundle_image_is_pulled_by_digest_and_recorded_in_the_plan() {
    let pkg = Pkg::new();
    let suffix = unique("img");
    let bundle = spec(&suffix, "2.0.0");
    let files: libpkg::package::Files = bundle
        .files()
        .into_iter()
        .map(|(p, t)| (p, t.into_bytes().into()))
        .collect();
    let artifact = image(&files, &serde_json::json!({}));
    let path = unique("bundles");
    let target =
        libpkg::reference::OciRef::parse(&format!("{}/{path}/op:v2.0.0", pkg.env.registry))
            .unwrap();
    let client = libpkg::registry::RegistryClient::new(Default::default()).unwrap();
    let digest = client.push(&target, &artifact).await.unwrap();

    let reference = format!("oci://{}/{path}/op:v2.0.0", pkg.env.registry);
    let plan = parse_json(
        pkg.run([
            "install",
            &reference,
            "-n",
            "apps",
            "--config",
            "watchNamespace=apps",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["package"]["digest"], digest.as_str());
    assert_eq!(plan["package"]["format"], "registry+v1");
    assert_eq!(plan["package"]["name"], bundle.package().as_str());
    assert_eq!(plan["package"]["version"], "2.0.0");
    assert_eq!(plan["package"]["bundle"]["csvVersion"], "2.0.0");
    assert_eq!(
        plan["package"]["bundle"]["relatedImages"],
        serde_json::json!(["registry.example/op/helper:2.0.0"])
    );
    assert!(
        plan["package"]["reference"]
            .as_str()
            .unwrap()
            .ends_with(&format!("@{digest}"))
    );
    let roles: Vec<&str> = plan["objects"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["kind"] == "Role")
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert!(
        roles.contains(&olm_name(&bundle.csv(), "op-reporter", REPORTER_RULES).as_str()),
        "{roles:?}"
    );
}

/// A one-layer image of `files` whose config carries `labels`.
fn image(files: &libpkg::package::Files, labels: &serde_json::Value) -> libpkg::package::Artifact {
    use libpkg::package::{Artifact, archive};
    let layer = archive::pack(files);
    let config = serde_json::to_vec(&serde_json::json!({
        "architecture": "amd64", "os": "linux",
        "config": {"Labels": labels},
        "rootfs": {"type": "layers", "diff_ids": []},
    }))
    .unwrap();
    Artifact::new(
        ("application/vnd.oci.image.config.v1+json", config),
        ("application/vnd.oci.image.layer.v1.tar+gzip", layer),
    )
}

#[test]
fn unsupported_bundles_fail_before_anything_is_applied() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("olm-bad");
    let cases: Vec<(&str, BundleSpec, &[&str], &str)> = vec![
        (
            "apiservice",
            BundleSpec {
                extra_spec: "  apiservicedefinitions:\n    owned:\n    - {name: v1.gadgets.example.com, version: v1, kind: Gadget}\n",
                ..spec("bad-api", "1.0.0")
            },
            &[],
            "apiServiceDefinitions are not supported",
        ),
        (
            "nocrd",
            BundleSpec {
                with_crd: false,
                ..spec("bad-crd", "1.0.0")
            },
            &[],
            "owned custom resource definition 'widgets.bad-crd.example.com' not found in bundle",
        ),
        (
            "mode",
            BundleSpec {
                modes: &["AllNamespaces"],
                ..spec("bad-mode", "1.0.0")
            },
            &["--config", "watchNamespace=NS"],
            "do not support targeting own namespace",
        ),
    ];
    for (dir, bundle, extra, message) in cases {
        bundle.write(&pkg, dir);
        let mut args = vec![
            "install".to_string(),
            format!("./{dir}"),
            "-n".into(),
            ns.clone(),
            "--yes".into(),
            "--wait=false".into(),
        ];
        args.extend(extra.iter().map(|a| a.replace("NS", &ns)));
        let stderr = pkg.run(&args).fails(1).to_string();
        assert!(stderr.contains(message), "{dir}: {stderr}");
        assert!(
            stderr.contains(&format!("bundle {} cannot be installed", bundle.csv())),
            "{dir}: {stderr}"
        );
        let release = bundle.package();
        assert!(
            pkg.labelled("serviceaccounts", Some(&ns), &release)
                .is_empty(),
            "{dir}: nothing applied"
        );
        assert!(
            pkg.labelled("clusterroles", None, &release).is_empty(),
            "{dir}: nothing applied"
        );
        assert_eq!(
            pkg.run(["history", &release, "-n", &ns]).code,
            1,
            "{dir}: no release record"
        );
    }
}

/// Pushes `files` as a one-layer image to `reference` (HOST/PATH:TAG); returns its digest.
async fn push_image(
    files: &libpkg::package::Files,
    labels: &serde_json::Value,
    reference: &str,
) -> String {
    let target = libpkg::reference::OciRef::parse(reference).unwrap();
    let client = libpkg::registry::RegistryClient::new(Default::default()).unwrap();
    client.push(&target, &image(files, labels)).await.unwrap()
}

/// The catalog of operator `op-<suffix>`: channel `stable` (default) with a
/// replaces chain 1.0.0 → 1.1.0 → 1.2.0 where 1.2.0 also skips 1.0.0, and
/// channel `fast`: 1.2.0 → 2.0.0 (which also has skipRange >=1.0.0 <1.2.0) → 2.1.0.
fn catalog_yaml(suffix: &str, images: &[(&str, String)]) -> String {
    let package = format!("op-{suffix}");
    let name = |v: &str| format!("op-{suffix}.v{v}");
    let mut text = format!(
        "schema: olm.package\nname: {package}\ndefaultChannel: stable\ndescription: A test operator\n---\nschema: olm.channel\npackage: {package}\nname: stable\nentries:\n- name: {v100}\n- name: {v110}\n  replaces: {v100}\n- name: {v120}\n  replaces: {v110}\n  skips: [{v100}]\n---\nschema: olm.channel\npackage: {package}\nname: fast\nentries:\n- name: {v120}\n- name: {v200}\n  replaces: {v120}\n  skipRange: '>=1.0.0 <1.2.0'\n- name: {v210}\n  replaces: {v200}\n",
        v100 = name("1.0.0"),
        v110 = name("1.1.0"),
        v120 = name("1.2.0"),
        v200 = name("2.0.0"),
        v210 = name("2.1.0"),
    );
    for (version, image) in images {
        text.push_str(&format!(
            "---\nschema: olm.bundle\nname: {}\npackage: {package}\nimage: {image}\nproperties:\n- type: olm.package\n  value: {{packageName: {package}, version: {version}}}\n",
            name(version)
        ));
    }
    text
}

#[tokio::test]
async fn a_catalog_resolves_installs_shows_and_upgrades_along_its_graph() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("olm-cat");
    let suffix = unique("cat");
    let path = unique("olmcat");
    let registry = &pkg.env.registry;
    let mut images = Vec::new();
    let mut bundle_digests = std::collections::BTreeMap::new();
    for version in ["1.0.0", "1.1.0", "1.2.0", "2.0.0", "2.1.0"] {
        let files: libpkg::package::Files = spec(&suffix, version)
            .files()
            .into_iter()
            .map(|(p, t)| (p, t.into_bytes().into()))
            .collect();
        let reference = format!("{registry}/{path}/op-bundle:v{version}");
        let digest = push_image(&files, &serde_json::json!({}), &reference).await;
        bundle_digests.insert(version, digest.clone());
        images.push((version, format!("{registry}/{path}/op-bundle@{digest}")));
    }
    let mut catalog = libpkg::package::Files::new();
    catalog.insert(
        "configs/op/catalog.yaml".into(),
        catalog_yaml(&suffix, &images).into_bytes().into(),
    );
    catalog.insert("configs/.indexignore".into(), b"*.md\n".to_vec().into());
    catalog.insert("configs/README.md".into(), b"{ not a blob".to_vec().into());
    let catalog_digest = push_image(
        &catalog,
        &serde_json::json!({"operators.operatorframework.io.index.configs.v1": "/configs"}),
        &format!("{registry}/{path}/catalog:v1"),
    )
    .await;
    pkg.run([
        "repo",
        "add",
        "hub",
        &format!("oci://{registry}/{path}/catalog:v1"),
    ])
    .ok();
    let package = format!("op-{suffix}");
    let json = |args: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["-n", &ns, "-o", "json"]);
        parse_json(pkg.run(&all).ok())
    };

    // show: channels, heads, versions.
    let shown = json(&["show", &package]);
    let channels = shown["channels"].as_array().unwrap();
    assert_eq!(channels[0]["name"], "fast");
    assert_eq!(channels[0]["head"], format!("op-{suffix}.v2.1.0"));
    assert_eq!(
        channels[0]["versions"],
        serde_json::json!(["2.1.0", "2.0.0", "1.2.0"])
    );
    assert_eq!(channels[1]["name"], "stable");
    assert_eq!(channels[1]["default"], true);
    assert_eq!(channels[1]["head"], format!("op-{suffix}.v1.2.0"));
    assert_eq!(shown["catalog"]["digest"], catalog_digest.as_str());
    let text = pkg.run(["show", &package, "-n", &ns]);
    assert!(text.ok().contains("* stable: head"), "{}", text.stdout);

    // Install a pinned old version from the default channel, by bare name.
    let plan = json(&[
        "install",
        &package,
        "--version",
        "1.0.0",
        "--yes",
        "--wait=false",
    ]);
    assert_eq!(plan["package"]["version"], "1.0.0");
    assert_eq!(plan["package"]["digest"], bundle_digests["1.0.0"].as_str());
    assert_eq!(plan["package"]["catalog"]["channel"], "stable");
    assert_eq!(plan["package"]["catalog"]["repository"], "hub");
    assert_eq!(
        plan["package"]["catalog"]["digest"],
        catalog_digest.as_str()
    );
    assert!(
        plan["package"]["catalog"]["reference"]
            .as_str()
            .unwrap()
            .ends_with(&format!("catalog:v1@{catalog_digest}"))
    );

    // From 1.0.0 in stable: 1.1.0 replaces it, 1.2.0 skips it; the highest wins.
    let plan = json(&["upgrade", &package, "--dry-run"]);
    assert_eq!(plan["package"]["version"], "1.2.0");
    assert_eq!(
        plan["package"]["catalog"]["upgradeEdge"],
        serde_json::json!({"from": format!("op-{suffix}.v1.0.0"), "via": "skips"})
    );
    // So does an embedder (libpkg's `embed` example, declining at its
    // question): the library starts the upgrade from the installed bundle.
    pkg.run([
        "upgrade",
        &package,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "cli-upgrade.json",
    ])
    .ok();
    crate::airgap::run_embed_declining(
        &pkg,
        &["upgrade", &format!("hub/{package}"), &package, &ns],
        "embed-upgrade.json",
    );
    assert_eq!(
        crate::airgap::saved_hash(&pkg, "embed-upgrade.json"),
        crate::airgap::saved_hash(&pkg, "cli-upgrade.json")
    );
    // A stack holding the release resolves its upgrade the same way, from
    // the installed bundle (issue 51: stacks used to resolve as a fresh
    // install, skipping the upgrade graph).
    std::fs::write(
        pkg.work.path().join("stack.yaml"),
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: {suffix}\nnamespace: {ns}\nreleases:\n- {{name: {package}, namespace: {ns}, package: hub/{package}}}\n"
        ),
    )
    .unwrap();
    let stacked = parse_json(
        pkg.run(["stack", "plan", "-f", "stack.yaml", "-o", "json"])
            .ok(),
    );
    let stacked = &stacked["releases"][0]["plan"];
    assert_eq!(stacked["operation"], "upgrade");
    assert_eq!(
        stacked["package"], plan["package"],
        "the stack resolves as upgrade does"
    );
    // An embedder planning the stack through the library alone gets the
    // CLI's stack plan, byte for byte (the operator's upgrade included).
    pkg.run([
        "stack",
        "plan",
        "-f",
        "stack.yaml",
        "--out",
        "cli-stack.json",
    ])
    .ok();
    crate::airgap::run_embed(
        &pkg,
        &["stack", "plan", "stack.yaml"],
        "",
        "embed-stack.json",
    );
    assert_eq!(
        std::fs::read(pkg.work.path().join("embed-stack.json")).unwrap(),
        std::fs::read(pkg.work.path().join("cli-stack.json")).unwrap()
    );
    let plan = json(&[
        "upgrade",
        &package,
        "--version",
        "1.1.0",
        "--yes",
        "--wait=false",
    ]);
    assert_eq!(plan["package"]["catalog"]["upgradeEdge"]["via"], "replaces");

    // From 1.1.0, 2.1.0 in fast is no successor: refused, nothing changes.
    let refused = pkg.run([
        "upgrade",
        &package,
        "-n",
        &ns,
        "--channel",
        "fast",
        "--version",
        "2.1.0",
        "--yes",
        "--wait=false",
    ]);
    let stderr = refused.fails(1);
    assert!(
        stderr.contains("error upgrading from currently installed version \"1.1.0\""),
        "{stderr}"
    );
    assert_eq!(pkg.statuses(&package, &ns), ["superseded", "deployed"]);
    // --force-upgrade ignores the graph.
    let plan = json(&[
        "upgrade",
        &package,
        "--channel",
        "fast",
        "--version",
        "2.1.0",
        "--force-upgrade",
        "--dry-run",
    ]);
    assert_eq!(plan["package"]["version"], "2.1.0");
    assert_eq!(
        plan["package"]["catalog"]["upgradeEdge"]["via"],
        // The plan is the library's document: it names the library's option.
        "forced (`force_upgrade: true`)"
    );
    // 2.0.0's skipRange covers 1.1.0.
    let plan = json(&[
        "upgrade",
        &package,
        "--channel",
        "fast",
        "--yes",
        "--wait=false",
    ]);
    assert_eq!(plan["package"]["version"], "2.0.0");
    assert_eq!(plan["package"]["catalog"]["channel"], "fast");
    assert_eq!(
        plan["package"]["catalog"]["upgradeEdge"]["via"],
        "skipRange >=1.0.0 <1.2.0"
    );
    // The channel is kept: the next upgrade follows fast to 2.1.0.
    let plan = json(&["upgrade", &package, "--dry-run"]);
    assert_eq!(plan["package"]["version"], "2.1.0");
    assert_eq!(plan["package"]["catalog"]["upgradeEdge"]["via"], "replaces");
    assert_eq!(
        pkg.statuses(&package, &ns),
        ["superseded", "superseded", "deployed"]
    );

    // The same catalog as a directory is a repository too; a bare name in two is ambiguous.
    let dir = pkg.work.path().join("catalog");
    std::fs::create_dir_all(dir.join("op")).unwrap();
    std::fs::write(dir.join("op/catalog.yaml"), catalog_yaml(&suffix, &images)).unwrap();
    pkg.run(["repo", "add", "local", "./catalog"]).ok();
    let shown = json(&["show", &format!("local/{package}"), "--channel", "fast"]);
    assert_eq!(
        shown["catalog"]["reference"],
        dir.canonicalize().unwrap().to_str().unwrap()
    );
    assert_eq!(shown["catalog"]["channel"], "fast");
    assert!(shown["catalog"].get("digest").is_none());
    assert_eq!(shown["digest"], bundle_digests["2.1.0"].as_str());
    let ambiguous = pkg.run(["show", &package, "-n", &ns]);
    assert!(
        ambiguous.fails(1).contains("is in several repositories"),
        "{}",
        ambiguous.stderr
    );

    pkg.run(["uninstall", &package, "-n", &ns, "--yes"]).ok();
}

/// cert-manager's two kinds, as CRDs with no schema: enough for the API server
/// to serve `cert-manager.io/v1` (no cert-manager controller runs in the test
/// cluster, so no certificate is ever issued).
const CERT_MANAGER_CRDS: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: issuers.cert-manager.io}
spec:
  group: cert-manager.io
  scope: Namespaced
  names: {kind: Issuer, plural: issuers, singular: issuer, listKind: IssuerList}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: certificates.cert-manager.io}
spec:
  group: cert-manager.io
  scope: Namespaced
  names: {kind: Certificate, plural: certificates, singular: certificate, listKind: CertificateList}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
";

/// Webhooks need a certificate provider: refused (before any write) without
/// cert-manager's CRDs, installed with OLM's Service, Issuer, Certificate and
/// CA-injection annotations once they are served. The only test that creates
/// those CRDs, and it removes them again.
#[test]
fn webhooks_are_refused_without_cert_manager_and_installed_with_it() {
    let pkg = Pkg::new();
    let crds = pkg.work.path().join("cert-manager-crds.yaml");
    std::fs::write(&crds, CERT_MANAGER_CRDS).unwrap();
    let crds = crds.to_str().unwrap().to_string();
    pkg.kubectl(["delete", "-f", &crds, "--ignore-not-found"])
        .ok();

    let ns = pkg.namespace("olm-hooks");
    let suffix = unique("hook");
    let group = format!("{suffix}.example.com");
    let webhooks = format!(
        "  webhookdefinitions:\n  - {{type: ValidatingAdmissionWebhook, generateName: vwidget.{group}, deploymentName: op-controller, containerPort: 443, targetPort: 9443, webhookPath: /validate, sideEffects: None, failurePolicy: Ignore, admissionReviewVersions: [v1], rules: [{{apiGroups: [{group}], apiVersions: [v1], operations: [CREATE], resources: [widgets]}}]}}\n  - {{type: ConversionWebhook, generateName: cwidget.{group}, deploymentName: op-controller, containerPort: 443, targetPort: 9443, webhookPath: /convert, sideEffects: None, admissionReviewVersions: [v1], conversionCRDs: [widgets.{group}]}}\n"
    );
    let bundle = BundleSpec {
        modes: &["AllNamespaces"],
        extra_spec: &webhooks,
        ..spec(&suffix, "1.0.0")
    };
    bundle.write(&pkg, "bundle");
    let release = bundle.package();
    let install = ["install", "./bundle", "-n", &ns, "--yes", "--wait=false"];

    let stderr = pkg.run(install).fails(1).to_string();
    assert!(
        stderr.contains("need a certificate provider: install cert-manager"),
        "{stderr}"
    );
    assert!(
        pkg.labelled("serviceaccounts", Some(&ns), &release)
            .is_empty(),
        "nothing applied"
    );
    assert_eq!(
        pkg.run(["history", &release, "-n", &ns]).code,
        1,
        "no release record"
    );

    pkg.kubectl(["apply", "-f", &crds]).ok();
    pkg.kubectl([
        "wait",
        "--for=condition=established",
        "--timeout=60s",
        "-f",
        &crds,
    ])
    .ok();
    let mut args = install.to_vec();
    args.extend(["-o", "json"]);
    let run = pkg.run(&args);
    let plan = parse_json(run.ok());
    let kinds: Vec<&str> = plan["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["kind"].as_str().unwrap())
        .collect();
    for kind in [
        "Issuer",
        "Certificate",
        "ValidatingWebhookConfiguration",
        "Service",
    ] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    let injected = format!("{ns}/op-controller-service-cert");
    let configuration = pkg.get_json(
        None,
        "validatingwebhookconfiguration",
        &format!("vwidget.{group}"),
    );
    assert_eq!(
        configuration["metadata"]["annotations"]["cert-manager.io/inject-ca-from"],
        injected.as_str()
    );
    assert_eq!(
        configuration["webhooks"][0]["clientConfig"]["service"]["name"],
        "op-controller-service"
    );
    let crd = pkg.get_json(None, "crd", &format!("widgets.{group}"));
    assert_eq!(crd["spec"]["conversion"]["strategy"], "Webhook");
    assert_eq!(
        crd["metadata"]["annotations"]["cert-manager.io/inject-ca-from"],
        injected.as_str()
    );
    let certificate = pkg.get_json(
        Some(&ns),
        "certificates.cert-manager.io",
        "op-controller-service-cert",
    );
    assert_eq!(
        certificate["spec"]["dnsNames"][0],
        format!("op-controller-service.{ns}.svc")
    );
    assert_eq!(
        certificate["spec"]["issuerRef"]["name"],
        "op-controller-service-cert-selfsigned-issuer"
    );
    assert!(pkg.exists(
        &ns,
        "issuers.cert-manager.io/op-controller-service-cert-selfsigned-issuer"
    ));
    let service = pkg.get_json(Some(&ns), "service", "op-controller-service");
    assert_eq!(service["spec"]["ports"][0]["targetPort"], 9443);
    let deployment = pkg.get_json(Some(&ns), "deployment", "op-controller");
    assert_eq!(
        deployment["spec"]["template"]["spec"]["volumes"][0]["secret"]["secretName"],
        "op-controller-service-cert"
    );

    pkg.run(["uninstall", &release, "-n", &ns, "--yes"]).ok();
    pkg.kubectl(["delete", "-f", &crds, "--ignore-not-found"])
        .ok();
}

/// A bundle's `olm.package.required` and `olm.gvk.required` properties are
/// requirements (OLM v1 refuses such bundles): unmet, both are listed and
/// nothing is written; once a release of the package is installed with the
/// CRD of the kind, the plan names that release as satisfying both.
#[test]
fn a_bundles_required_package_and_kind_are_checked_and_reported() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("olm-req");
    let suffix = unique("req");
    let provider = unique("gadgets");
    let group = format!("{provider}.example.com");
    pkg.write_package(
        "provider",
        &provider,
        "1.2.0",
        &[(
            "crd.yaml",
            crate::requirements::crd(&group, "Gadget", "gadgets"),
        )],
    );
    let bundle = spec(&suffix, "1.0.0");
    let root = bundle.write(&pkg, "bundle");
    std::fs::write(
        root.join("metadata/properties.yaml"),
        format!(
            "properties:\n- type: olm.package.required\n  value: {{packageName: {provider}, versionRange: '>=1.0.0'}}\n- type: olm.gvk.required\n  value: {{group: {group}, kind: Gadget, version: v1}}\n"
        ),
    )
    .unwrap();
    let release = bundle.package();

    let refused = pkg.run(["install", "./bundle", "-n", &ns, "--yes", "--wait=false"]);
    let stderr = refused.fails(5).to_string();
    for expected in [
        format!(
            "package {provider} >=1.0.0 (metadata/properties.yaml properties[0] (olm.package.required))"
        ),
        format!("Gadget {group}/v1 (metadata/properties.yaml properties[1] (olm.gvk.required))"),
    ] {
        assert!(stderr.contains(&expected), "{expected} in {stderr}");
    }
    assert!(
        pkg.labelled("serviceaccounts", Some(&ns), &release)
            .is_empty()
    );

    pkg.run(["install", "./provider", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    pkg.kubectl([
        "wait",
        "--for=condition=established",
        "--timeout=60s",
        &format!("crd/gadgets.{group}"),
    ])
    .ok();
    let run = pkg.run(["install", "./bundle", "-n", &ns, "--dry-run", "-o", "json"]);
    let plan = parse_json(run.ok());
    let entries = plan["requirements"]["entries"].as_array().unwrap();
    for from in ["(olm.package.required)", "(olm.gvk.required)"] {
        let entry = entries
            .iter()
            .find(|e| e["from"].as_str().unwrap().ends_with(from))
            .unwrap_or_else(|| panic!("{from} in {entries:?}"));
        assert_eq!(entry["state"], "met", "{entry}");
        assert_eq!(
            entry["satisfiedBy"]["release"]["name"],
            provider.as_str(),
            "{entry}"
        );
    }
    pkg.run(["uninstall", &provider, "-n", &ns, "--yes"]).ok();
}

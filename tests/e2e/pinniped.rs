//! The real Pinniped Concierge (its ytt templates at 0.25.0 and 0.26.0,
//! tests/carvel/pinniped) as a Carvel PackageRepository published the way
//! Pinniped's own packaging publishes it, every bundle written as `imgpkg
//! push -b` writes it (root entry `.`, Docker media types: the stand-in
//! tests/env/imgpkg-push): added, shown, installed from a kapp-controller
//! PackageInstall with its values Secret, upgraded, rolled back and
//! uninstalled on the real API server, with its Roles in kube-system and
//! kube-public. The objects are those of `ytt -f config/` with the image lock
//! applied by hand.

use std::collections::BTreeMap;
use std::path::Path;

use kubectl_pkg_e2e::{Pkg, discovery_quiet, parse_json, repo_root, unique};
use serde_json::Value;

use crate::carvel::{without_ours, ytt_and_kbld_by_hand};
use crate::server_side_apply::RemoveApiService;

const REF_NAME: &str = "concierge.pinniped.dev";
const IMAGE: &str = "projects.registry.vmware.com/pinniped/pinniped-server";

/// The content bundle of `version`: Pinniped's templates under `config/`
/// and the image lock its packaging writes (`ytt -f config | kbld
/// --imgpkg-lock-output`, with the default values: the `latest` tag,
/// resolved to a digest of this version's own).
fn write_content(dir: &Path, version: &str) {
    let config = dir.join("config");
    std::fs::create_dir_all(&config).unwrap();
    let source = repo_root()
        .join("tests/carvel/pinniped")
        .join(version)
        .join("config");
    for entry in std::fs::read_dir(&source).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), config.join(entry.file_name())).unwrap();
    }
    std::fs::create_dir_all(dir.join(".imgpkg")).unwrap();
    let digest = format!("{:0>64}", version.replace('.', ""));
    std::fs::write(
        dir.join(".imgpkg/images.yml"),
        format!(
            "---\napiVersion: imgpkg.carvel.dev/v1alpha1\nimages:\n- annotations:\n    kbld.carvel.dev/id: {IMAGE}:latest\n    kbld.carvel.dev/origins: |\n      - resolved:\n          tag: latest\n          url: {IMAGE}:latest\n  image: {IMAGE}@sha256:{digest}\nkind: ImagesLock\n"
        ),
    )
    .unwrap();
}

/// `imgpkg push -b REFERENCE -f DIR`; the manifest digest.
fn imgpkg_push(pkg: &Pkg, reference: &str, dir: &Path) -> String {
    let pushed = pkg.run_program(
        &pkg.env.imgpkg_push,
        ["-b", reference, "-f", dir.to_str().unwrap()],
    );
    pushed.ok().trim().to_string()
}

/// The Package of `version`, as Pinniped's package template writes it.
fn package_document(version: &str, bundle: &str) -> String {
    format!(
        "apiVersion: data.packaging.carvel.dev/v1alpha1
kind: Package
metadata:
  name: {REF_NAME}.{version}
spec:
  refName: {REF_NAME}
  version: {version}
  releaseNotes: Pinniped Concierge {version}
  template:
    spec:
      fetch:
      - imgpkgBundle:
          image: {bundle}
      template:
      - ytt:
          paths:
          - config/
      - kbld:
          paths:
          - .imgpkg/images.yml
          - '-'
      deploy:
      - kapp: {{}}
"
    )
}

/// The values every revision is installed with: names of this test's own,
/// so that its cluster-scoped objects (CRDs, APIServices, ClusterRoles) and
/// its kube-system Roles collide with no other run.
fn values(app: &str) -> String {
    format!("app_name: {app}\nnamespace: {app}\napi_group_suffix: {app}.test\nreplicas: 1\n")
}

#[test]
fn pinniped_concierge_from_an_imgpkg_repository_installs_upgrades_rolls_back_and_uninstalls() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("pinniped");
    let app = unique("pc");
    let path = unique("pinniped");
    let registry = &pkg.env.registry;
    // Its APIServices point at a Service no pod backs: the aggregator finds
    // them unavailable, and kubectl's discovery would say so meanwhile.
    let _quiet = discovery_quiet();
    // Removed however the test ends: left behind, they would stay
    // unavailable and every later discovery in this cluster would say so.
    let _cleanup: Vec<RemoveApiService> = ["login", "identity"]
        .into_iter()
        .map(|group| RemoveApiService(&pkg, format!("v1alpha1.{group}.concierge.{app}.test")))
        .collect();

    let mut lock =
        String::from("---\napiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages:\n");
    for version in ["0.25.0", "0.26.0"] {
        let content = pkg.work.path().join(format!("content-{version}"));
        write_content(&content, version);
        let digest = imgpkg_push(
            &pkg,
            &format!("{registry}/{path}/concierge:{version}"),
            &content,
        );
        let bundle = format!("{registry}/{path}/concierge@{digest}");
        let file = pkg
            .work
            .path()
            .join(format!("repository/packages/{REF_NAME}/{version}.yml"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, package_document(version, &bundle)).unwrap();
        lock.push_str(&format!(
            "- annotations:\n    kbld.carvel.dev/id: {bundle}\n  image: {bundle}\n"
        ));
    }
    let repository_dir = pkg.work.path().join("repository");
    std::fs::write(
        repository_dir.join(format!("packages/{REF_NAME}/metadata.yml")),
        format!("apiVersion: data.packaging.carvel.dev/v1alpha1\nkind: PackageMetadata\nmetadata:\n  name: {REF_NAME}\nspec:\n  displayName: Pinniped Concierge\n  shortDescription:\n  categories: [auth]\n"),
    )
    .unwrap();
    std::fs::create_dir_all(repository_dir.join(".imgpkg")).unwrap();
    std::fs::write(repository_dir.join(".imgpkg/images.yml"), lock).unwrap();
    imgpkg_push(
        &pkg,
        &format!("{registry}/{path}/repository:v1"),
        &repository_dir,
    );

    // The bundle's first tar entry is `.`, as imgpkg writes it.
    let added = pkg.run([
        "repo",
        "add",
        "pinniped",
        &format!("oci://{registry}/{path}/repository:v1"),
    ]);
    added.ok();
    assert!(
        added
            .stderr
            .contains("a Carvel PackageRepository bundle listing 1 package(s)"),
        "{}",
        added.stderr
    );
    let shown = pkg.run(["show", REF_NAME]);
    assert!(
        shown.ok().contains("0.26.0") && shown.ok().contains("0.25.0"),
        "{}",
        shown.ok()
    );

    // A PackageInstall and its values Secret, as kapp-controller takes them.
    let install_file = pkg.work.path().join("packageinstall.yaml");
    let values_025 = values(&app);
    std::fs::write(
        &install_file,
        format!(
            "apiVersion: packaging.carvel.dev/v1alpha1\nkind: PackageInstall\nmetadata:\n  name: concierge\n  namespace: {ns}\nspec:\n  serviceAccountName: concierge-installer\n  packageRef:\n    refName: {REF_NAME}\n    versionSelection:\n      constraints: 0.25.0\n  values:\n  - secretRef:\n      name: concierge-values\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: concierge-values\n  namespace: {ns}\nstringData:\n  values.yml: |\n{}",
            values_025
                .lines()
                .map(|line| format!("    {line}\n"))
                .collect::<String>()
        ),
    )
    .unwrap();
    // Given as kubectl takes a file (`install packageinstall.yaml` works too).
    let install = pkg.run([
        "install",
        "-f",
        install_file.to_str().unwrap(),
        "--yes",
        "--wait=false",
        "--skip-image-check",
    ]);
    let plan = install.ok();
    assert!(
        plan.contains(&format!(
            "Also in:   namespaces kube-public, kube-system, {app}"
        )),
        "the plan names every namespace the release writes to:\n{plan}"
    );
    for role in [
        format!("{app}-kube-system-pod-read"),
        format!("{app}-cluster-info-lister-watcher"),
    ] {
        assert!(plan.contains(&role), "{role}:\n{plan}");
    }
    for namespace in ["kube-system", "kube-public"] {
        assert!(
            plan.contains(&format!(
                "writes into namespace {namespace}, outside the release namespace"
            )),
            "a Role in {namespace} is a finding:\n{plan}"
        );
    }
    assert!(plan.contains("serviceAccountName"), "{plan}");
    // A whole number stays one, as ytt reads it (issue 39).
    assert!(plan.contains("    replicas: 1\n"), "{plan}");
    assert!(pkg.exists("kube-system", &format!("role/{app}-kube-system-pod-read")));
    assert!(pkg.exists(
        "kube-public",
        &format!("role/{app}-cluster-info-lister-watcher")
    ));
    let apiservice = format!("apiservice/v1alpha1.login.concierge.{app}.test");
    assert!(pkg.exists("default", &apiservice));

    // What was installed is `ytt -f config/` with the lock applied by hand.
    let recorded = parse_json(
        pkg.run(["get", "plan", "concierge", "-n", &ns, "-o", "json"])
            .ok(),
    );
    let values_file = pkg.work.path().join("values-0.25.0.yml");
    std::fs::write(&values_file, &values_025).unwrap();
    let content = pkg.work.path().join("content-0.25.0");
    let expected: BTreeMap<String, Value> = ytt_and_kbld_by_hand(&pkg, &content, &values_file)
        .into_iter()
        .map(|object| (identity(&object), object))
        .collect();
    let installed: BTreeMap<String, Value> = recorded["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|object| {
            let manifest = without_ours(object["manifest"].clone());
            (identity(&manifest), manifest)
        })
        .collect();
    assert_eq!(installed.len(), 31, "{:?}", installed.keys());
    // kbld's annotation, as kbld writes it for an image of an ImagesLock.
    let pinned = format!("{IMAGE}@sha256:{:0>64}", "0250");
    assert_eq!(
        installed[&format!("Deployment {app}/{app}")]["metadata"]["annotations"]["kbld.k14s.io/images"],
        format!(
            "- origins:\n  - resolved:\n      tag: latest\n      url: {IMAGE}:latest\n  - preresolved:\n      url: {pinned}\n  url: {pinned}\n"
        )
    );
    assert_eq!(installed, expected);

    // Upgrade from the configured repository, no package named.
    let upgrade = pkg.run([
        "upgrade",
        "concierge",
        "--version",
        "0.26.0",
        "-n",
        &ns,
        "--reuse-values",
        "--yes",
        "--wait=false",
        "--skip-image-check",
    ]);
    let plan = upgrade.ok();
    assert!(plan.contains("0.26.0"), "{plan}");
    assert!(
        plan.contains(&format!("{IMAGE}@sha256:{:0>64}", "0260")),
        "{plan}"
    );
    assert_eq!(pkg.statuses("concierge", &ns), ["superseded", "deployed"]);

    let history = pkg.run(["history", "concierge", "-n", &ns]);
    assert!(history.ok().contains("0.25.0") && history.ok().contains("0.26.0"));
    pkg.run([
        "rollback",
        "concierge",
        "1",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    let deployment = pkg.get_json(Some(&app), "deployment", &app);
    assert_eq!(
        deployment["spec"]["template"]["spec"]["containers"][0]["image"],
        format!("{IMAGE}@sha256:{:0>64}", "0250")
    );

    pkg.run(["uninstall", "concierge", "-n", &ns, "--yes"]).ok();
    assert!(!pkg.exists("kube-system", &format!("role/{app}-kube-system-pod-read")));
    assert!(!pkg.exists(
        "kube-public",
        &format!("role/{app}-cluster-info-lister-watcher")
    ));
    assert!(!pkg.exists("default", &apiservice));
}

/// `Kind namespace/name` of an object.
fn identity(object: &Value) -> String {
    format!(
        "{} {}/{}",
        object["kind"].as_str().unwrap_or_default(),
        object["metadata"]["namespace"].as_str().unwrap_or("-"),
        object["metadata"]["name"].as_str().unwrap_or_default()
    )
}

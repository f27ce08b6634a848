//! Carvel packages end to end: the example PackageRepository
//! (examples/carvel) pushed as imgpkg bundles to the real registry, its
//! packages resolved by constraint, rendered with the real ytt, installed,
//! upgraded, rolled back and uninstalled on the real API server; refusals
//! that write nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kubectl_pkg_e2e::{Pkg, parse_json, repo_root, unique, warnings_of};
use libpkg::package::{Artifact, Files, Limits};
use serde_json::Value;

const REF_NAME: &str = "hello.carvel.example.com";
const VERSIONS: [&str; 3] = ["1.0.0", "1.1.0", "2.0.0"];
/// Where the example Package documents say the content bundles are; a
/// published repository relocates them through its `.imgpkg/images.yml`.
const ORIGIN: &str = "registry.example/carvel/hello";

fn examples() -> PathBuf {
    repo_root().join("examples/carvel")
}

fn bundle_image(files: &Files) -> Artifact {
    libpkg::carvel::bundle_artifact(files)
}

async fn push(artifact: &Artifact, reference: &str) -> String {
    let target = libpkg::reference::OciRef::parse(reference).unwrap();
    let client = libpkg::registry::RegistryClient::new(Default::default()).unwrap();
    client.push(&target, artifact).await.unwrap()
}

fn read(dir: &Path) -> Files {
    libpkg::package::read_directory(dir, &Limits::default()).unwrap()
}

/// Publishes a PackageRepository under `oci://REGISTRY/<path>/`: each
/// version's content bundle (`contents`), then the repository bundle
/// (`repository`, whose Package documents name the content bundles as
/// `ORIGIN@sha256:…`, rewritten to the digests pushed) with an image lock
/// relocating them to where they were pushed, as `imgpkg copy` relocates.
/// Returns the repository bundle's reference (tagged) and digest.
async fn publish(
    registry: &str,
    path: &str,
    mut repository: Files,
    contents: &BTreeMap<&str, Files>,
) -> (String, String) {
    let mut lock =
        String::from("---\napiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages:\n");
    for (version, content) in contents {
        let digest = push(
            &bundle_image(content),
            &format!("{registry}/{path}/hello:{version}"),
        )
        .await;
        let named = format!("{ORIGIN}@{digest}");
        let file = format!("packages/{REF_NAME}/{version}.yml");
        let document = String::from_utf8(repository[&file].to_vec()).unwrap();
        let at = document
            .find(ORIGIN)
            .expect("the Package names its content bundle");
        let end = at + ORIGIN.len() + 1 + 71;
        let rewritten = format!("{}{named}{}", &document[..at], &document[end..]);
        repository.insert(file, rewritten.into_bytes().into());
        lock.push_str(&format!(
            "- image: {registry}/{path}/hello@{digest}\n  annotations:\n    kbld.carvel.dev/id: {named}\n"
        ));
    }
    repository.insert(".imgpkg/images.yml".into(), lock.into_bytes().into());
    let reference = format!("{registry}/{path}/repo:v1");
    let digest = push(&bundle_image(&repository), &reference).await;
    (reference, digest)
}

/// The example content bundles, by version.
fn example_contents() -> BTreeMap<&'static str, Files> {
    VERSIONS
        .iter()
        .map(|v| (*v, read(&examples().join("hello").join(v))))
        .collect()
}

/// The example Package documents name their content bundles by the digests
/// they have when pushed (reproducibly) as imgpkg bundles.
#[test]
fn the_example_packages_name_their_content_bundles_by_digest() {
    let repository = repository_files();
    for (version, content) in example_contents() {
        let named = format!("{ORIGIN}@{}", bundle_image(&content).digest);
        let file = format!("packages/{REF_NAME}/{version}.yml");
        let document = String::from_utf8(repository[&file].to_vec()).unwrap();
        assert!(
            document.contains(&named),
            "examples/carvel/repository/{file} must name its content bundle {named}"
        );
    }
}

fn repository_files() -> Files {
    read(&examples().join("repository"))
}

#[tokio::test]
async fn a_repository_bundle_installs_by_constraint_upgrades_rolls_back_and_uninstalls() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("carvel");
    let path = unique("carvel");
    let registry = pkg.env.registry.clone();
    let (reference, repository_digest) =
        publish(&registry, &path, repository_files(), &example_contents()).await;
    let added = pkg.run(["repo", "add", "tanzu", &format!("oci://{reference}")]);
    added.ok();
    assert!(
        added
            .stderr
            .contains("Carvel PackageRepository bundle listing 1 package(s)"),
        "{}",
        added.stdout
    );

    // completion lists refNames and versions (newest first).
    let (names, _) = crate::completion::complete(&pkg, &["install", "hel"]);
    assert!(names.contains(&REF_NAME.to_string()), "{names:?}");
    let (names, _) = crate::completion::complete(&pkg, &["install", "tanzu/"]);
    assert_eq!(names, [format!("tanzu/{REF_NAME}")]);
    let (versions, _) = crate::completion::complete(
        &pkg,
        &["install", &format!("tanzu/{REF_NAME}"), "--version", ""],
    );
    assert_eq!(versions, ["2.0.0", "1.1.0", "1.0.0"]);

    // show: the metadata and every version, newest first, the picked one marked.
    let shown = pkg.run(["show", REF_NAME, "--version", ">1.0.0 <2.0.0"]);
    let text = shown.ok();
    assert!(text.contains("Version:     1.1.0"), "{text}");
    assert!(
        text.contains("Description: Serves a page that says hello"),
        "{text}"
    );
    let versions = text.split("Versions").nth(1).unwrap_or_default();
    let order: Vec<&str> = VERSIONS
        .iter()
        .rev()
        .map(|v| versions.find(v).map(|_| *v).unwrap())
        .collect();
    assert_eq!(order, ["2.0.0", "1.1.0", "1.0.0"]);
    assert!(versions.contains("* 1.1.0"), "{versions}");
    assert!(
        text.contains("Values (valuesSchema):\n  greeting: string (What the page says)\n  replicas: integer (How many pods serve it)"),
        "{text}"
    );

    // install by constraint: ">0.9.0 <1.1.0" picks 1.0.0, rendered by ytt + kbld.
    let release = "hello";
    let values = pkg.work.path().join("values.yml");
    std::fs::write(&values, "greeting: hi from e2e\nreplicas: 2\n").unwrap();
    let install = pkg.run([
        "install",
        &format!("tanzu/{REF_NAME}"),
        "--name",
        release,
        "-n",
        &ns,
        "--version",
        ">0.9.0 <1.1.0",
        "-f",
        values.to_str().unwrap(),
        "--yes",
        "--wait=false",
    ]);
    install.ok();
    let cm = pkg.get_json(Some(&ns), "configmap", "hello-greeting");
    assert_eq!(cm["data"]["greeting"], "hi from e2e");
    let deployment = pkg.get_json(Some(&ns), "deployment", "hello");
    assert_eq!(deployment["spec"]["replicas"], 2);
    let image = deployment["spec"]["template"]["spec"]["containers"][0]["image"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        image.starts_with("registry.example/hello-web@sha256:"),
        "kbld pinned the image: {image}"
    );
    assert!(!pkg.exists(&ns, "service/hello"), "1.0.0 has no Service");

    // history records the repository digest, version, steps and ytt.
    assert_eq!(pkg.statuses(release, &ns), ["deployed"]);
    let carvel = recorded(&pkg, release, &ns, 1);
    assert_eq!(carvel["repositoryDigest"], repository_digest.as_str());
    assert_eq!(carvel["version"], "1.0.0");
    assert_eq!(carvel["template"], serde_json::json!(["ytt", "kbld"]));
    assert!(
        carvel["ytt"]["version"]
            .as_str()
            .unwrap()
            .starts_with("ytt version"),
        "{carvel}"
    );
    assert!(
        carvel["ytt"]["sha256"]
            .as_str()
            .unwrap()
            .starts_with("sha256:")
    );
    assert!(
        carvel["fetch"][0].as_str().unwrap().starts_with(&format!(
            "imgpkgBundle oci://{registry}/{path}/hello@sha256:"
        )),
        "{carvel}"
    );

    // upgrade to the next (1.1.0 adds a Service); values reused by Helm's rules.
    pkg.run([
        "upgrade",
        release,
        &format!("tanzu/{REF_NAME}"),
        "-n",
        &ns,
        "--version",
        "~1.1",
        "--reuse-values",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert!(pkg.exists(&ns, "service/hello"));
    assert_eq!(recorded(&pkg, release, &ns, 2)["version"], "1.1.0");
    assert_eq!(
        pkg.get_json(Some(&ns), "configmap", "hello-greeting")["data"]["greeting"],
        "hi from e2e"
    );

    // upgrade without naming the package: from the PackageRepository it came
    // from (the configured repository holding it), to the newest version.
    pkg.run([
        "upgrade",
        release,
        "-n",
        &ns,
        "--reuse-values",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(recorded(&pkg, release, &ns, 3)["version"], "2.0.0");
    pkg.run(["rollback", release, "2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(recorded(&pkg, release, &ns, 4)["version"], "1.1.0");

    // rollback to 1.0.0 removes the Service again.
    pkg.run(["rollback", release, "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert!(!pkg.exists(&ns, "service/hello"));

    pkg.run(["uninstall", release, "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert!(!pkg.exists(&ns, "deployment/hello"));
    assert!(!pkg.exists(&ns, "configmap/hello-greeting"));

    // A kapp-controller PackageInstall and its values Secret, read as input:
    // refName, versionSelection, name and namespace, values in order.
    let package_install = pkg.work.path().join("packageinstall.yaml");
    std::fs::write(
        &package_install,
        format!(
            "apiVersion: packaging.carvel.dev/v1alpha1\nkind: PackageInstall\nmetadata:\n  name: hello-pi\n  namespace: {ns}\nspec:\n  serviceAccountName: kapp-sa\n  packageRef:\n    refName: {REF_NAME}\n    versionSelection:\n      constraints: \">=1.0.0 <1.1.0\"\n  values:\n  - secretRef:\n      name: hello-values\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: hello-values\n  namespace: {ns}\nstringData:\n  values.yml: |\n    greeting: from a PackageInstall\n"
        ),
    )
    .unwrap();
    let plan = parse_json(
        pkg.run([
            "install",
            package_install.to_str().unwrap(),
            "--yes",
            "--wait=false",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["release"]["name"], "hello-pi");
    assert_eq!(plan["release"]["namespace"], ns.as_str());
    assert_eq!(plan["package"]["carvel"]["version"], "1.0.0");
    assert!(
        warnings_of(&plan, "source").contains("serviceAccountName kapp-sa is not used"),
        "{}",
        plan["warnings"]
    );
    let cm = pkg.get_json(Some(&ns), "configmap", "hello-greeting");
    assert_eq!(cm["data"]["greeting"], "from a PackageInstall");
    pkg.run(["uninstall", "hello-pi", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    // The values Secret read from the cluster when the file does not hold it.
    let alone = pkg.work.path().join("alone.yaml");
    let text = std::fs::read_to_string(&package_install).unwrap();
    std::fs::write(&alone, text.split("---").next().unwrap()).unwrap();
    pkg.kubectl([
        "create",
        "secret",
        "generic",
        "hello-values",
        "-n",
        &ns,
        "--from-literal=values.yml=greeting: from the cluster",
    ])
    .ok();
    let planned = parse_json(
        pkg.run([
            "install",
            alone.to_str().unwrap(),
            "--name",
            "hello-live",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(
        planned["values"]["greeting"], "from the cluster",
        "{}",
        planned["values"]
    );
    let offline = pkg.run(["install", alone.to_str().unwrap(), "--offline", "--dry-run"]);
    assert!(
        offline
            .fails(1)
            .contains("values Secret hello-values is neither in this file"),
        "{}",
        offline.stderr
    );
    let other = pkg.run([
        "install",
        package_install.to_str().unwrap(),
        "-n",
        "elsewhere",
        "--dry-run",
    ]);
    assert!(
        other
            .fails(1)
            .contains("PackageInstall hello-pi is in namespace"),
        "{}",
        other.stderr
    );
}

/// What revision `revision`'s applied plan records under `package.carvel`.
fn recorded(pkg: &Pkg, release: &str, ns: &str, revision: u32) -> Value {
    let plan = parse_json(
        pkg.run([
            "get",
            "plan",
            release,
            "-n",
            ns,
            "--revision",
            &revision.to_string(),
            "-o",
            "json",
        ])
        .ok(),
    );
    plan["package"]["carvel"].clone()
}

/// kubectl-pkg's rendering equals ytt run by hand on the same content and
/// values, with kbld's rewrite through the bundle's image lock applied by
/// hand, object for object.
#[test]
fn rendering_equals_ytt_and_the_kbld_rewrite_run_by_hand() {
    let pkg = Pkg::new();
    let dir = pkg.work.path().join("repo");
    write_directory_repository(&dir);
    pkg.run(["repo", "add", "local", dir.to_str().unwrap()])
        .ok();
    let values = pkg.work.path().join("values.yml");
    std::fs::write(&values, "greeting: compare me\nreplicas: 3\n").unwrap();
    for version in ["1.0.0", "1.1.0"] {
        let plan = parse_json(
            pkg.run([
                "install",
                &format!("local/{REF_NAME}"),
                "--name",
                "hello",
                "--version",
                version,
                "-n",
                "apps",
                "--offline",
                "--dry-run",
                "-o",
                "json",
                "-f",
                values.to_str().unwrap(),
            ])
            .ok(),
        );
        let content = examples().join("hello").join(version);
        let mut expected: BTreeMap<String, Value> = BTreeMap::new();
        for object in ytt_and_kbld_by_hand(&pkg, &content, &values) {
            let key = format!(
                "{}/{}",
                object["kind"].as_str().unwrap(),
                object["metadata"]["name"].as_str().unwrap()
            );
            expected.insert(key, object);
        }
        let mut planned: BTreeMap<String, Value> = BTreeMap::new();
        for object in plan["objects"].as_array().unwrap() {
            // What kubectl-pkg adds to every object: the release namespace
            // and its ownership labels and annotations.
            let mut manifest = without_ours(object["manifest"].clone());
            manifest["metadata"]
                .as_object_mut()
                .unwrap()
                .remove("namespace");
            let key = format!(
                "{}/{}",
                object["kind"].as_str().unwrap(),
                object["name"].as_str().unwrap()
            );
            planned.insert(key, manifest);
        }
        assert_eq!(planned, expected, "version {version}");
    }

    // Same inputs, byte-identical plan; another ytt binary, a visibly
    // different plan with the same objects.
    let offline = |extra: &[&str]| {
        let mut args = vec![
            "install".to_string(),
            format!("local/{REF_NAME}"),
            "--name".into(),
            "hello".into(),
            "--version".into(),
            "1.0.0".into(),
            "-n".into(),
            "apps".into(),
            "--offline".into(),
            "--dry-run".into(),
            "-o".into(),
            "json".into(),
            "-f".into(),
            values.to_str().unwrap().to_string(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        pkg.run(args).ok().to_string()
    };
    let first = offline(&[]);
    assert_eq!(first, offline(&[]));
    let other = pkg.work.path().join("ytt-other");
    let mut binary = std::fs::read(&pkg.env.ytt).unwrap();
    binary.extend_from_slice(b"\n");
    std::fs::write(&other, binary).unwrap();
    pkg.run_program("chmod", ["+x", other.to_str().unwrap()])
        .ok();
    let (first, second) = (
        parse_json(&first),
        parse_json(&offline(&["--ytt", other.to_str().unwrap()])),
    );
    assert_ne!(first["hash"], second["hash"]);
    assert_ne!(
        first["package"]["carvel"]["ytt"]["sha256"],
        second["package"]["carvel"]["ytt"]["sha256"]
    );
    assert_eq!(first["objects"], second["objects"]);
}

/// An object without the ownership labels and annotations kubectl-pkg
/// adds to each.
pub(crate) fn without_ours(mut manifest: Value) -> Value {
    let metadata = manifest["metadata"].as_object_mut().unwrap();
    for field in ["labels", "annotations"] {
        if let Some(Value::Object(map)) = metadata.get_mut(field) {
            map.retain(|key, _| {
                !key.starts_with("kubectl-pkg.dev/") && key != "app.kubernetes.io/managed-by"
            });
            if map.is_empty() {
                metadata.remove(field);
            }
        }
    }
    manifest
}

/// What kapp-controller would deploy from a content bundle's `config/`:
/// `ytt -f config/ --data-values-file VALUES`, then kbld by hand with the
/// bundle's image lock.
pub(crate) fn ytt_and_kbld_by_hand(pkg: &Pkg, content: &Path, values: &Path) -> Vec<Value> {
    let by_hand = pkg.run_program(
        &pkg.env.ytt,
        [
            "-f",
            content.join("config").to_str().unwrap(),
            "--data-values-file",
            values.to_str().unwrap(),
        ],
    );
    let lock = lock_of(content);
    by_hand
        .ok()
        .split("\n---\n")
        .filter_map(|document| {
            let mut object: Value = serde_saphyr::from_str(document).unwrap();
            if object.is_null() {
                return None;
            }
            rewrite_images(&mut object, &lock);
            Some(object)
        })
        .collect()
}

/// A content bundle's image lock: `kbld.carvel.dev/id` → the image by
/// digest, and the origins kbld recorded for it (empty when none).
pub(crate) fn lock_of(content: &Path) -> BTreeMap<String, (String, String)> {
    let lock: Value = serde_saphyr::from_str(
        &std::fs::read_to_string(content.join(".imgpkg/images.yml")).unwrap(),
    )
    .unwrap();
    // `images:` left empty (a package without images) is null.
    lock["images"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| {
            let annotations = &entry["annotations"];
            (
                annotations["kbld.carvel.dev/id"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                (
                    entry["image"].as_str().unwrap().to_string(),
                    annotations["kbld.carvel.dev/origins"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                ),
            )
        })
        .collect()
}

/// kbld by hand: every `image` the lock names is replaced by its pinned
/// reference, and the object is annotated as kbld annotates it (its
/// `kbld.k14s.io/images`: each image's recorded origins, then the lock as a
/// `preresolved` origin unless they record that one already).
pub(crate) fn rewrite_images(object: &mut Value, lock: &BTreeMap<String, (String, String)>) {
    let mut pinned = BTreeMap::new();
    pin(object, lock, &mut pinned);
    if pinned.is_empty() {
        return;
    }
    let mut annotation = String::new();
    for (url, origins) in pinned {
        annotation.push_str("- origins:\n");
        for line in origins.lines() {
            annotation.push_str(&format!("  {line}\n"));
        }
        if !origins.contains(&format!("- preresolved:\n    url: {url}\n")) {
            annotation.push_str(&format!("  - preresolved:\n      url: {url}\n"));
        }
        annotation.push_str(&format!("  url: {url}\n"));
    }
    object["metadata"]["annotations"]["kbld.k14s.io/images"] = Value::from(annotation);
}

fn pin(
    value: &mut Value,
    lock: &BTreeMap<String, (String, String)>,
    pinned: &mut BTreeMap<String, String>,
) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match child {
                    Value::String(image) if key == "image" => {
                        if let Some((url, origins)) = lock.get(image.as_str()) {
                            pinned.insert(url.clone(), origins.clone());
                            *image = url.clone();
                        } else {
                            assert!(
                                written_as_kbld_writes_it(image),
                                "{image}: by hand, only images kbld leaves as they are"
                            );
                        }
                    }
                    _ => pin(child, lock, pinned),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| pin(item, lock, pinned)),
        _ => {}
    }
}

/// Whether kbld writes an image that no lock names unchanged: one by digest
/// (kbld's `DigestedImage`, go-containerregistry's `Digest.Name()`) whose
/// registry is explicit, not `docker.io`, with no tag. Other images (a tag
/// kbld would resolve over the network, a name kbld completes) are not
/// emulated here.
fn written_as_kbld_writes_it(image: &str) -> bool {
    let Some((name, _digest)) = image.split_once('@') else {
        return false;
    };
    let Some((registry, path)) = name.split_once('/') else {
        return false;
    };
    (registry.contains('.') || registry.contains(':') || registry == "localhost")
        && registry != "docker.io"
        && !path.contains(':')
}

/// The example repository as a directory whose Packages fetch their content
/// inline (a directory repository has no registry to fetch bundles from).
fn write_directory_repository(dir: &Path) {
    let repository = repository_files();
    for (path, data) in &repository {
        let mut text = String::from_utf8(data.to_vec()).unwrap();
        if let Some(version) = VERSIONS
            .iter()
            .find(|v| path == &format!("packages/{REF_NAME}/{v}.yml"))
        {
            let content = read(&examples().join("hello").join(version));
            let mut inline = String::from("      - inline:\n          paths:\n");
            for (file, data) in &content {
                let body = String::from_utf8(data.to_vec()).unwrap();
                inline.push_str(&format!("            {file}: |\n"));
                for line in body.lines() {
                    inline.push_str(&format!("              {line}\n"));
                }
            }
            let start = text.find("      - imgpkgBundle:").unwrap();
            let end = start + text[start..].find("      template:").unwrap();
            text.replace_range(start..end, &inline);
        }
        let full = dir.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }
}

#[tokio::test]
async fn refusals_write_nothing_and_name_the_culprit() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("carvel-no");
    let path = unique("carvelno");
    let registry = pkg.env.registry.clone();
    let (reference, _) = publish(&registry, &path, repository_files(), &example_contents()).await;
    pkg.run(["repo", "add", "tanzu", &format!("oci://{reference}")])
        .ok();
    let package = format!("tanzu/{REF_NAME}");
    let install = |extra: &[&str]| {
        let mut args = vec![
            "install",
            package.as_str(),
            "--name",
            "hello",
            "-n",
            ns.as_str(),
            "--yes",
            "--wait=false",
        ];
        args.extend_from_slice(extra);
        pkg.run(args)
    };
    let nothing_written = || {
        assert!(!pkg.exists(&ns, "deployment/hello"));
        assert_eq!(pkg.run(["history", "hello", "-n", &ns]).code, 1);
    };

    // Values the schema refuses: the value path is named.
    let refused = install(&["--set", "replicas=0", "--version", "1.0.0"]);
    let error = refused.fails(1);
    assert!(
        error.contains("values do not match its valuesSchema"),
        "{error}"
    );
    assert!(error.contains("replicas"), "{error}");
    nothing_written();

    // ytt missing: not at --ytt, and not on PATH.
    let error = install(&["--version", "1.0.0", "--ytt", "/nonexistent/ytt"])
        .fails(1)
        .to_string();
    assert!(
        error.contains("has ytt templates, and ytt was not found at /nonexistent/ytt"),
        "{error}"
    );
    let mut without = pkg.command([
        "install",
        &package,
        "--name",
        "hello",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "--version",
        "1.0.0",
    ]);
    without
        .env_remove("KUBECTL_PKG_YTT")
        .env("PATH", "/nonexistent");
    let output = without.output().unwrap();
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(error.contains("ytt is not on PATH"), "{error}");
    nothing_written();

    // An unsupported template step, named with its package.
    let mut repository = repository_files();
    let file = format!("packages/{REF_NAME}/1.0.0.yml");
    let text = String::from_utf8(repository[&file].to_vec()).unwrap();
    repository.insert(
        file.clone(),
        text.replace("      - kbld:", "      - kustomize: {}\n      - kbld:")
            .into_bytes()
            .into(),
    );
    let (kustomized, _) = publish(
        &registry,
        &format!("{path}k"),
        repository,
        &example_contents(),
    )
    .await;
    pkg.run(["repo", "add", "kust", &format!("oci://{kustomized}")])
        .ok();
    let error = pkg
        .run([
            "install",
            &format!("kust/{REF_NAME}"),
            "--version",
            "1.0.0",
            "--name",
            "hello",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
        ])
        .fails(1)
        .to_string();
    assert!(
        error.contains(&format!(
            "package {REF_NAME}@1.0.0: template step 1 (kustomize) is not supported"
        )),
        "{error}"
    );
    nothing_written();

    // A tampered content blob (a content bundle of this test alone): refused
    // by its digest.
    let mut contents = example_contents();
    let mut content = contents["1.1.0"].clone();
    content.insert("config/marker.txt".into(), path.clone().into_bytes().into());
    contents.insert("1.1.0", content.clone());
    let (tampered, _) = publish(
        &registry,
        &format!("{path}t"),
        repository_files(),
        &contents,
    )
    .await;
    pkg.run(["repo", "add", "tampered", &format!("oci://{tampered}")])
        .ok();
    let layer_digest = {
        let manifest: Value = serde_json::from_slice(&bundle_image(&content).manifest).unwrap();
        manifest["layers"][0]["digest"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let blob = pkg.env.registry_blob(&layer_digest);
    let mut bytes = std::fs::read(&blob).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&blob, &bytes).unwrap();
    let error = pkg
        .run([
            "install",
            &format!("tampered/{REF_NAME}"),
            "--version",
            "1.1.0",
            "--name",
            "hello",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
        ])
        .fails(1)
        .to_string();
    assert!(error.contains(&layer_digest), "{error}");
    nothing_written();
}

/// examples/publish publishes the example PackageRepository as the
/// repository `carvel`: shown by refName, its helmTemplate version (2.0.0)
/// rendered through the Helm engine and kbld.
#[test]
fn the_published_example_repository_shows_and_renders_its_helm_template_version() {
    let pkg = Pkg::new();
    let path = unique("carvelex");
    let script = repo_root().join("examples/publish");
    let run = pkg.run_program(&script, [pkg.env.registry.as_str(), path.as_str()]);
    run.ok();
    assert!(
        run.stderr.contains(&format!(
            "Added repository carvel (oci://{}/{path}/carvel/repo:v1): a Carvel PackageRepository bundle listing 1 package(s)",
            pkg.env.registry
        )),
        "{}",
        run.stderr
    );
    let shown = pkg.run(["show", REF_NAME]);
    assert!(
        shown.ok().contains("Version:     2.0.0"),
        "{}",
        shown.stdout
    );
    let plan = parse_json(
        pkg.run([
            "install",
            &format!("carvel/{REF_NAME}"),
            "-n",
            "apps",
            "--offline",
            "--dry-run",
            "-o",
            "json",
            "--set",
            "greeting=from helm",
        ])
        .ok(),
    );
    assert_eq!(
        plan["release"]["name"], "hello",
        "the release defaults to the refName's first label"
    );
    assert_eq!(
        plan["package"]["carvel"]["template"],
        serde_json::json!(["helmTemplate", "kbld"])
    );
    assert!(
        plan["package"]["carvel"].get("ytt").is_none(),
        "no ytt step, no ytt recorded"
    );
    let objects = plan["objects"].as_array().unwrap();
    let find = |kind: &str| {
        objects
            .iter()
            .find(|o| o["kind"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in {plan}"))["manifest"]
            .clone()
    };
    assert_eq!(find("ConfigMap")["data"]["greeting"], "from helm");
    assert!(
        find("Deployment")["spec"]["template"]["spec"]["containers"][0]["image"]
            .as_str()
            .unwrap()
            .starts_with("registry.example/hello-web@sha256:")
    );
    find("Service");
}

/// A ytt step whose inputs hold no `#@` renders without ytt: no ytt on
/// PATH, none given, and the plan is made and records no ytt.
#[test]
fn a_ytt_step_without_templates_renders_without_ytt() {
    let pkg = Pkg::new();
    let dir = pkg.work.path().join("repo");
    let package = r#"apiVersion: data.packaging.carvel.dev/v1alpha1
kind: Package
metadata:
  name: hello.carvel.example.com.1.0.0
spec:
  refName: hello.carvel.example.com
  version: 1.0.0
  template:
    spec:
      fetch:
      - inline:
          paths:
            config/greeting.yml: |
              # A plain comment; no templating.
              apiVersion: v1
              kind: ConfigMap
              metadata:
                name: hello-greeting
              data:
                greeting: plain
      template:
      - ytt:
          paths: [config/]
      deploy:
      - kapp: {}
"#;
    std::fs::create_dir_all(dir.join("packages")).unwrap();
    std::fs::write(dir.join("packages/hello.yml"), package).unwrap();
    pkg.run(["repo", "add", "local", dir.to_str().unwrap()])
        .ok();
    let mut command = pkg.command([
        "install",
        &format!("local/{REF_NAME}"),
        "--version",
        "1.0.0",
        "-n",
        "apps",
        "--offline",
        "--dry-run",
        "-o",
        "json",
    ]);
    command
        .env_remove("KUBECTL_PKG_YTT")
        .env("PATH", "/nonexistent");
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let plan = parse_json(&String::from_utf8_lossy(&output.stdout));
    assert!(plan["package"]["carvel"].get("ytt").is_none(), "{plan}");
    let configmap = plan["objects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["kind"] == "ConfigMap")
        .unwrap();
    assert_eq!(configmap["manifest"]["data"]["greeting"], "plain");
}

/// `http` (pinned by sha256) and `helmChart` (a classic chart repository,
/// the archive verified against its index) fetch steps; a checksum that does
/// not match is refused naming the URL.
#[test]
fn http_and_helm_chart_fetch_steps_are_pinned_and_verified() {
    use sha2::Digest;
    let pkg = Pkg::new();
    let work = pkg.work.path();
    let web = work.join("web");
    std::fs::create_dir_all(web.join("charts")).unwrap();
    // An http archive of the 1.0.0 content, and a chart repository holding
    // the 2.0.0 chart.
    let content = examples().join("hello/1.0.0");
    let tgz = web.join("content.tgz");
    pkg.run_program(
        "tar",
        [
            "-czf",
            tgz.to_str().unwrap(),
            "-C",
            content.to_str().unwrap(),
            "config",
            ".imgpkg",
        ],
    )
    .ok();
    let chart = work.join("hello");
    pkg.run_program(
        "cp",
        [
            "-r",
            examples().join("hello/2.0.0/chart").to_str().unwrap(),
            chart.to_str().unwrap(),
        ],
    )
    .ok();
    let archive = web.join("charts/hello-2.0.0.tgz");
    pkg.run_program(
        "tar",
        [
            "-czf",
            archive.to_str().unwrap(),
            "-C",
            work.to_str().unwrap(),
            "hello",
        ],
    )
    .ok();
    let hex = |path: &Path| {
        sha2::Sha256::digest(std::fs::read(path).unwrap())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let chart_digest = hex(&archive);
    std::fs::write(
        web.join("index.yaml"),
        format!("apiVersion: v1\nentries:\n  hello:\n  - {{apiVersion: v2, name: hello, version: 2.0.0, urls: [charts/hello-2.0.0.tgz], digest: {chart_digest}}}\n"),
    )
    .unwrap();
    let url = kubectl_pkg_e2e::serve_dir(web);
    let package = |version: &str, fetch: &str, template: &str| {
        format!(
            "apiVersion: data.packaging.carvel.dev/v1alpha1\nkind: Package\nmetadata:\n  name: web.carvel.example.com.{version}\nspec:\n  refName: web.carvel.example.com\n  version: {version}\n  template:\n    spec:\n      fetch:\n{fetch}      template:\n{template}      deploy:\n      - kapp: {{}}\n"
        )
    };
    let repo = work.join("repo");
    std::fs::create_dir_all(repo.join("packages")).unwrap();
    let write = |sha256: &str| {
        let http = package(
            "1.0.0",
            &format!(
                "      - http:\n          url: {url}/content.tgz\n          sha256: \"{sha256}\"\n"
            ),
            "      - ytt:\n          paths: [config/]\n      - kbld:\n          paths: [\"-\", .imgpkg/images.yml]\n",
        );
        // The chart at the top, the image lock of the http content beside it.
        let helm = package(
            "2.0.0",
            &format!(
                "      - helmChart:\n          name: hello\n          version: 2.0.0\n          repository:\n            url: {url}\n        path: chart\n      - http:\n          url: {url}/content.tgz\n          sha256: \"{sha256}\"\n        path: lock\n"
            ),
            "      - helmTemplate:\n          path: chart/\n      - kbld:\n          paths: [\"-\", lock/.imgpkg/images.yml]\n",
        );
        std::fs::write(repo.join("packages/web.yml"), format!("{http}---\n{helm}")).unwrap();
    };
    write(&hex(&tgz));
    pkg.run(["repo", "add", "web", repo.to_str().unwrap()]).ok();
    let plan = |version: &str| {
        pkg.run([
            "install",
            "web/web.carvel.example.com",
            "--version",
            version,
            "-n",
            "apps",
            "--offline",
            "--dry-run",
            "-o",
            "json",
            "--set",
            "greeting=fetched",
        ])
    };
    let first = parse_json(plan("1.0.0").ok());
    assert_eq!(
        first["package"]["carvel"]["fetch"][0],
        format!("http {url}/content.tgz sha256:{}", hex(&tgz)).as_str()
    );
    let greeting = |plan: &Value| {
        plan["objects"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["kind"] == "ConfigMap")
            .unwrap()["manifest"]["data"]["greeting"]
            .clone()
    };
    assert_eq!(greeting(&first), "fetched");
    // 2.0.0: the chart from the chart repository, the lock from `lock/`.
    let second = parse_json(plan("2.0.0").ok());
    let fetch = &second["package"]["carvel"]["fetch"];
    assert_eq!(
        fetch[0],
        format!("helmChart {url}/charts/hello-2.0.0.tgz@sha256:{chart_digest}").as_str(),
        "{second}"
    );
    assert_eq!(greeting(&second), "fetched");
    assert!(
        second["objects"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["kind"] == "Service"),
        "{second}"
    );

    // A checksum that does not match is refused, naming the URL.
    write(&"0".repeat(64));
    let error = plan("1.0.0").fails(1).to_string();
    assert!(
        error.contains(&format!("{url}/content.tgz has sha256 {}", hex(&tgz))),
        "{error}"
    );
}

//! The held-out corpus of real public Carvel packages (tests/carvel/tce: the
//! 29 packages of Tanzu Community Edition's package repository whose
//! bundles it holds, as published) against real ytt. Every bundle is pushed
//! to the loopback registry as `imgpkg push -b` writes it (the imgpkg-push
//! tool), the repository bundle too, with an image lock relocating each
//! published bundle reference to where it was pushed (as `imgpkg copy`
//! writes one); the repository is added and each package is rendered by
//! `kubectl pkg template` with its default values, through the real path.
//!
//! What kapp-controller would deploy is computed from the same bundle by
//! hand: real ytt (`ytt -f config/`, its template step, built from source),
//! then kbld's rewrite. kbld itself cannot be built here (no Go module
//! proxy), so its rewrite is emulated from its source (carvel-dev/kbld:
//! `pkg/kbld/cmd/resolve.go`, `image/factory.go`, `image/digested.go`,
//! `image/preresolved.go`, `cmd/image.go`): see [`crate::carvel::rewrite_images`].
//! kapp's part is the two things it does to its input before deploying:
//! its own `Config` documents are configuration, not objects
//! (`pkg/kapp/config`), and identical duplicates are one object
//! (`unique_resources.go`).
//!
//! Every package ytt renders must render identically, object for object
//! (kubectl-pkg's own labels and annotations, and the release namespace it
//! gives objects that name none, set aside); every package ytt refuses must
//! be refused by kubectl-pkg with ytt's message.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kubectl_pkg_e2e::{Pkg, repo_root, unique};
use serde_json::Value;

use crate::carvel::{lock_of, rewrite_images, without_ours};

/// How many bundles of the corpus push to the very digest their published
/// Package names (tests/carvel/tce/README.md): their bytes are the
/// published ones.
const REPRODUCED: usize = 16;

/// The Package kapp-controller refuses on its own: its `metadata.name`
/// (`prometheus.community.tanzu.vmware.com.2.37.0-1`) is not `refName.version`
/// (kapp-controller's `pkg/apiserver/apis/datapackaging/validation`: "must be
/// <spec.refName> + '.' + <spec.version>"). The others stay installable.
const REFUSED_BY_KAPP_CONTROLLER: &str = "prometheus-2.37.0";

/// One package of the corpus, unpacked.
struct Corpus {
    /// `NAME-VERSION`, its archive's name.
    name: String,
    /// Where `package.yaml`, `metadata.yaml` and `bundle/` are.
    dir: PathBuf,
    /// The Package's `refName`.
    ref_name: String,
    /// The Package's version.
    version: String,
    /// The bundle the Package names, as published.
    published: String,
}

fn unpack(pkg: &Pkg) -> Vec<Corpus> {
    let source = repo_root().join("tests/carvel/tce");
    let mut archives: Vec<PathBuf> = std::fs::read_dir(&source)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "tgz"))
        .collect();
    archives.sort();
    archives
        .into_iter()
        .map(|archive| {
            let name = archive.file_stem().unwrap().to_str().unwrap().to_string();
            let dir = pkg.work.path().join("corpus").join(&name);
            std::fs::create_dir_all(&dir).unwrap();
            pkg.run_program(
                "tar",
                [
                    "-xzf",
                    archive.to_str().unwrap(),
                    "-C",
                    dir.to_str().unwrap(),
                ],
            )
            .ok();
            let package: Value =
                serde_saphyr::from_str(&std::fs::read_to_string(dir.join("package.yaml")).unwrap())
                    .unwrap();
            let text = |pointer: &str| {
                package
                    .pointer(pointer)
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{name}: no {pointer}"))
                    .to_string()
            };
            Corpus {
                ref_name: text("/spec/refName"),
                version: text("/spec/version"),
                published: text("/spec/template/spec/fetch/0/imgpkgBundle/image"),
                name,
                dir,
            }
        })
        .collect()
}

/// `imgpkg push -b REFERENCE -f DIR`; the manifest digest.
fn imgpkg_push(pkg: &Pkg, reference: &str, dir: &Path) -> String {
    pkg.run_program(
        &pkg.env.imgpkg_push,
        ["-b", reference, "-f", dir.to_str().unwrap()],
    )
    .ok()
    .trim()
    .to_string()
}

/// Publishes the corpus: each bundle pushed, then the repository bundle
/// (each Package and PackageMetadata document unchanged, an image lock
/// relocating the published bundles). Returns the repository's reference
/// and how many bundles pushed to their published digest.
fn publish(pkg: &Pkg, corpus: &[Corpus]) -> (String, usize) {
    let registry = &pkg.env.registry;
    let path = unique("tce");
    let repository = pkg.work.path().join("repository");
    let mut lock =
        String::from("---\napiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages:\n");
    let mut reproduced = 0;
    for package in corpus {
        let short = package.name.rsplit_once('-').unwrap().0;
        let digest = imgpkg_push(
            pkg,
            &format!("{registry}/{path}/{short}:{}", package.version),
            &package.dir.join("bundle"),
        );
        if package.published.ends_with(&format!("@{digest}")) {
            reproduced += 1;
        }
        lock.push_str(&format!(
            "- annotations:\n    kbld.carvel.dev/id: {}\n  image: {registry}/{path}/{short}@{digest}\n",
            package.published
        ));
        let packages = repository.join("packages").join(&package.ref_name);
        std::fs::create_dir_all(&packages).unwrap();
        std::fs::copy(
            package.dir.join("metadata.yaml"),
            packages.join("metadata.yml"),
        )
        .unwrap();
        std::fs::copy(
            package.dir.join("package.yaml"),
            packages.join(format!("{}.yml", package.version)),
        )
        .unwrap();
    }
    std::fs::create_dir_all(repository.join(".imgpkg")).unwrap();
    std::fs::write(repository.join(".imgpkg/images.yml"), lock).unwrap();
    let reference = format!("{registry}/{path}/repository:v1");
    imgpkg_push(pkg, &reference, &repository);
    (reference, reproduced)
}

/// What kapp-controller would deploy from a bundle with default values: real
/// ytt over `config/`, kbld's rewrite through the bundle's image lock, then
/// what kapp takes out before deploying. `Err`: ytt's refusal (its stderr).
fn deployed_by_kapp_controller(pkg: &Pkg, bundle: &Path) -> Result<Vec<Value>, String> {
    let ytt = pkg.run_program(
        &pkg.env.ytt,
        ["-f", bundle.join("config").to_str().unwrap()],
    );
    if ytt.code != 0 {
        return Err(ytt.stderr.clone());
    }
    let lock = lock_of(bundle);
    let documents = split_documents(&ytt.stdout);
    let cluster_scoped = cluster_scoped_kinds(&documents);
    let mut objects: Vec<Value> = Vec::new();
    for mut object in documents {
        if is_kapp_config(&object) {
            continue;
        }
        rewrite_images(&mut object, &lock);
        if !objects.contains(&object) {
            objects.push(object);
        }
    }
    Ok(objects
        .into_iter()
        .map(|object| as_stored(object, &cluster_scoped))
        .collect())
}

/// The built-in kinds of no namespace (Kubernetes 1.20's), and those a
/// CustomResourceDefinition among `documents` declares `Cluster`-scoped.
fn cluster_scoped_kinds(documents: &[Value]) -> Vec<String> {
    let mut kinds: Vec<String> = [
        "APIService",
        "CSIDriver",
        "CSINode",
        "CertificateSigningRequest",
        "ClusterRole",
        "ClusterRoleBinding",
        "CustomResourceDefinition",
        "IngressClass",
        "MutatingWebhookConfiguration",
        "Namespace",
        "Node",
        "PersistentVolume",
        "PodSecurityPolicy",
        "PriorityClass",
        "RuntimeClass",
        "StorageClass",
        "ValidatingWebhookConfiguration",
        "VolumeAttachment",
    ]
    .map(String::from)
    .into();
    for crd in documents {
        if crd["kind"] == "CustomResourceDefinition"
            && crd["spec"]["scope"] == "Cluster"
            && let Some(kind) = crd["spec"]["names"]["kind"].as_str()
        {
            kinds.push(kind.to_string());
        }
    }
    kinds
}

/// An object as the API server stores what kapp sends it: a cluster-scoped
/// object's `metadata.namespace` is dropped, and empty `labels` or
/// `annotations` are absent (ObjectMeta omits them).
fn as_stored(mut object: Value, cluster_scoped: &[String]) -> Value {
    let kind = object["kind"].as_str().unwrap_or_default().to_string();
    if let Some(metadata) = object["metadata"].as_object_mut() {
        if cluster_scoped.contains(&kind) {
            metadata.remove("namespace");
        }
        for field in ["labels", "annotations"] {
            if metadata.get(field).is_some_and(|map| {
                map.as_object().is_some_and(|map| map.is_empty()) || map.is_null()
            }) {
                metadata.remove(field);
            }
        }
    }
    object
}

/// kapp's own configuration (`kapp.k14s.io/v1alpha1` `Config`), which it
/// reads and never deploys.
fn is_kapp_config(object: &Value) -> bool {
    object["apiVersion"] == "kapp.k14s.io/v1alpha1" && object["kind"] == "Config"
}

/// The non-empty YAML documents of a stream.
fn split_documents(stream: &str) -> Vec<Value> {
    let mut documents = Vec::new();
    let mut current = String::new();
    for line in stream.lines().chain(std::iter::once("---")) {
        if line == "---" || line.starts_with("--- ") {
            let value: Value = serde_saphyr::from_str(&current)
                .unwrap_or_else(|e| panic!("{e}: a document of\n{current}"));
            if !value.is_null() {
                documents.push(value);
            }
            current.clear();
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    documents
}

/// Objects by `apiVersion kind namespace/name`.
fn by_identity(objects: Vec<Value>) -> BTreeMap<String, Value> {
    objects
        .into_iter()
        .map(|object| {
            let key = format!(
                "{} {} {}/{}",
                object["apiVersion"].as_str().unwrap_or_default(),
                object["kind"].as_str().unwrap_or_default(),
                object["metadata"]["namespace"].as_str().unwrap_or_default(),
                object["metadata"]["name"].as_str().unwrap_or_default()
            );
            (key, object)
        })
        .collect()
}

/// `kubectl pkg template`'s objects with kubectl-pkg's own labels and
/// annotations set aside, and the release namespace it gives the objects
/// that name none (no package names it: it is unique).
fn templated(stdout: &str, namespace: &str) -> Vec<Value> {
    split_documents(stdout)
        .into_iter()
        .map(|object| {
            let mut object = without_ours(object);
            let metadata = object["metadata"].as_object_mut().unwrap();
            if metadata.get("namespace").and_then(Value::as_str) == Some(namespace) {
                metadata.remove("namespace");
            }
            object
        })
        .collect()
}

/// The first difference between two object sets, said briefly.
fn difference(expected: &BTreeMap<String, Value>, got: &BTreeMap<String, Value>) -> String {
    for key in expected.keys() {
        if !got.contains_key(key) {
            return format!("missing from kubectl-pkg: {key}");
        }
    }
    for key in got.keys() {
        if !expected.contains_key(key) {
            return format!("not deployed by kapp-controller: {key}");
        }
    }
    for (key, object) in expected {
        if &got[key] != object {
            return format!(
                "{key} differs:\nkapp-controller: {}\nkubectl-pkg:     {}",
                serde_json::to_string(object).unwrap(),
                serde_json::to_string(&got[key]).unwrap()
            );
        }
    }
    String::new()
}

/// ytt's message: its stderr's lines, without the blank ones.
fn message_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .collect()
}

#[test]
fn the_public_carvel_packages_render_as_kapp_controller_renders_them() {
    let pkg = Pkg::new();
    let corpus = unpack(&pkg);
    assert_eq!(corpus.len(), 29, "tests/carvel/tce holds 29 packages");
    let (repository, reproduced) = publish(&pkg, &corpus);
    assert_eq!(
        reproduced, REPRODUCED,
        "bundles pushed to the digest their Package names"
    );
    let added = pkg.run(["repo", "add", "tce", &format!("oci://{repository}")]);
    added.ok();
    assert!(
        added
            .stderr
            .contains("a Carvel PackageRepository bundle listing 28 package(s)")
            && added.stderr.contains("1 Package(s) skipped")
            && added.stderr.contains(
                "Package \"prometheus.community.tanzu.vmware.com.2.37.0-1\" (packages/prometheus.community.tanzu.vmware.com/2.37.0.yml (document 1)): metadata.name \"prometheus.community.tanzu.vmware.com.2.37.0-1\" must be spec.refName + \".\" + spec.version"
            ),
        "{}",
        added.stderr
    );

    let namespace = unique("corpus");
    let (mut identical, mut refused, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for package in &corpus {
        let template = pkg.run([
            "template",
            &format!("tce/{}", package.ref_name),
            "-n",
            &namespace,
            "--show-secrets",
        ]);
        if package.name == REFUSED_BY_KAPP_CONTROLLER {
            let error = template.fails(1);
            assert!(
                error.contains("must be spec.refName + \".\" + spec.version"),
                "{error}"
            );
            refused.push(format!("{} (by kapp-controller)", package.name));
            continue;
        }
        match deployed_by_kapp_controller(&pkg, &package.dir.join("bundle")) {
            Ok(expected) => {
                if template.code != 0 {
                    failures.push(format!(
                        "{}: ytt renders it, kubectl-pkg refuses it:\n{}",
                        package.name, template.stderr
                    ));
                    continue;
                }
                let expected = by_identity(expected);
                let got = by_identity(templated(&template.stdout, &namespace));
                let differs = difference(&expected, &got);
                if differs.is_empty() {
                    identical.push(format!("{} ({} objects)", package.name, expected.len()));
                } else {
                    failures.push(format!("{}: {differs}", package.name));
                }
            }
            Err(ytt_refusal) => {
                let message = message_lines(&ytt_refusal);
                let said = message_lines(&template.stderr);
                let says_it = said.windows(message.len().max(1)).any(|window| {
                    window
                        .iter()
                        .zip(&message)
                        .all(|(a, b)| a.ends_with(b.trim_start()))
                });
                if template.code != 0 && says_it {
                    refused.push(package.name.clone());
                } else {
                    failures.push(format!(
                        "{}: ytt refuses it with\n{ytt_refusal}\nkubectl-pkg (exit {}):\n{}",
                        package.name, template.code, template.stderr
                    ));
                }
            }
        }
    }
    println!(
        "{} packages: {} render identically, {} refused as ytt refuses them, {} differ",
        corpus.len(),
        identical.len(),
        refused.len(),
        failures.len()
    );
    println!("identical: {}", identical.join(", "));
    println!("refused as ytt refuses them: {}", refused.join(", "));
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!((identical.len(), refused.len()), (20, 9));
}

//! Air-gapped installs (issue 18) with real registries: a connected registry
//! of our own (started here, so that it can be stopped) holds images (one
//! multi-platform) and two signed versions of a package naming them; the
//! bundle is deterministic, verified offline, refused when a byte flips;
//! the import into the authenticated TLS registry keeps every digest and a
//! repeated import resumes; install, upgrade and rollback then run from the
//! internal registry alone, every image rewritten to its copy by digest.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use kubectl_pkg_e2e::fault_proxy::{FaultProxy, Refusal};
use kubectl_pkg_e2e::{Pkg, parse_json, unique, warnings_of};
use sha2::{Digest, Sha256};

/// A `docker-registry` of this test's own on a free loopback port, killed when dropped.
struct Registry {
    address: String,
    child: Child,
    _storage: tempfile::TempDir,
}

impl Registry {
    fn start() -> Registry {
        let storage = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let address = format!("127.0.0.1:{port}");
        let config = storage.path().join("config.yml");
        std::fs::write(
            &config,
            format!(
                "version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: {}\nhttp:\n  addr: {address}\n",
                storage.path().join("data").display()
            ),
        )
        .unwrap();
        let child = Command::new("docker-registry")
            .args(["serve", config.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("docker-registry runs (tests/env/cluster installs it)");
        let registry = Registry {
            address,
            child,
            _storage: storage,
        };
        for _ in 0..100 {
            if curl(&["-fsS", &format!("http://{}/v2/", registry.address)]).is_ok() {
                return registry;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("docker-registry on {} did not answer", registry.address);
    }
}

impl Drop for Registry {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn curl(args: &[&str]) -> Result<String, String> {
    let output = Command::new("curl").args(args).output().expect("curl runs");
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn digest_of(data: &[u8]) -> String {
    format!("sha256:{}", hex(&Sha256::digest(data)))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Uploads a blob (POST, then PUT with the digest).
fn push_blob(registry: &str, repository: &str, data: &[u8], work: &Path) -> (String, usize) {
    let digest = digest_of(data);
    let file = work.join(digest.replace(':', "-"));
    std::fs::write(&file, data).unwrap();
    let headers = curl(&[
        "-fsS",
        "-X",
        "POST",
        "-D",
        "-",
        "-o",
        "/dev/null",
        &format!("http://{registry}/v2/{repository}/blobs/uploads/"),
    ])
    .unwrap();
    let location = headers
        .lines()
        .find_map(|l| {
            l.strip_prefix("Location: ")
                .or_else(|| l.strip_prefix("location: "))
        })
        .expect("an upload location")
        .trim()
        .to_string();
    let location = if location.starts_with('/') {
        format!("http://{registry}{location}")
    } else {
        location
    };
    let separator = if location.contains('?') { '&' } else { '?' };
    curl(&[
        "-fsS",
        "-X",
        "PUT",
        "-H",
        "Content-Type: application/octet-stream",
        "--data-binary",
        &format!("@{}", file.display()),
        &format!("{location}{separator}digest={digest}"),
    ])
    .unwrap();
    (digest, data.len())
}

fn push_manifest(
    registry: &str,
    repository: &str,
    reference: &str,
    manifest: &serde_json::Value,
) -> String {
    let bytes = serde_json::to_vec(manifest).unwrap();
    let media_type = manifest["mediaType"].as_str().unwrap();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), &bytes).unwrap();
    curl(&[
        "-fsS",
        "-X",
        "PUT",
        "-H",
        &format!("Content-Type: {media_type}"),
        "--data-binary",
        &format!("@{}", file.path().display()),
        &format!("http://{registry}/v2/{repository}/manifests/{reference}"),
    ])
    .unwrap();
    digest_of(&bytes)
}

/// A small image of two layers for `arch`; returns its manifest's digest and bytes.
fn push_image(
    registry: &str,
    repository: &str,
    tag: &str,
    arch: &str,
    seed: &str,
    work: &Path,
) -> (String, usize) {
    let config = serde_json::json!({"architecture": arch, "os": "linux", "rootfs": {"type": "layers", "diff_ids": []}});
    let (config_digest, config_size) =
        push_blob(registry, repository, config.to_string().as_bytes(), work);
    let layers: Vec<serde_json::Value> = (0..2)
        .map(|i| {
            let data = format!("layer {i} of {seed} for {arch}: {}", "x".repeat(200 * (i + 1)));
            let (digest, size) = push_blob(registry, repository, data.as_bytes(), work);
            serde_json::json!({"mediaType": "application/vnd.oci.image.layer.v1.tar", "digest": digest, "size": size})
        })
        .collect();
    let manifest = serde_json::json!({
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": config_digest, "size": config_size},
        "layers": layers,
    });
    let size = serde_json::to_vec(&manifest).unwrap().len();
    (push_manifest(registry, repository, tag, &manifest), size)
}

/// A two-platform image index under `tag`; returns the index's digest.
fn push_index(registry: &str, repository: &str, tag: &str, seed: &str, work: &Path) -> String {
    let manifests: Vec<serde_json::Value> = ["amd64", "arm64"]
        .into_iter()
        .map(|arch| {
            let (digest, size) = push_image(registry, repository, &format!("{tag}-{arch}"), arch, seed, work);
            serde_json::json!({"mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": digest, "size": size, "platform": {"architecture": arch, "os": "linux"}})
        })
        .collect();
    let index = serde_json::json!({
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.index.v1+json",
        "manifests": manifests,
    });
    push_manifest(registry, repository, tag, &index)
}

/// A package whose Deployment runs `app` with `multi` as an init container.
fn write_package(
    pkg: &Pkg,
    dir: &str,
    name: &str,
    version: &str,
    app: &str,
    multi: &str,
) -> PathBuf {
    let deployment = format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {name}\nspec:\n  selector:\n    matchLabels: {{app: {name}}}\n  template:\n    metadata:\n      labels: {{app: {name}}}\n    spec:\n      initContainers:\n      - name: init\n        image: {multi}\n      containers:\n      - name: app\n        image: {app}\n        env:\n        - name: VERSION\n          value: \"{version}\"\n"
    );
    pkg.write_package(dir, name, version, &[("deployment.yaml", &deployment)])
}

/// `(reference, digest)` of each entry of `kind` that `bundle list` shows.
fn bundle_entries(pkg: &Pkg, bundle: &str, kind: &str) -> Vec<(String, String)> {
    let listed = parse_json(pkg.run(["bundle", "list", bundle, "-o", "json"]).ok());
    listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == kind)
        .map(|e| {
            (
                e["reference"].as_str().unwrap().to_string(),
                e["digest"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn images_of(pkg: &Pkg, ns: &str, name: &str) -> Vec<String> {
    let deployment = pkg.get_json(Some(ns), "deployment", name);
    let spec = &deployment["spec"]["template"]["spec"];
    ["initContainers", "containers"]
        .iter()
        .map(|kind| spec[kind][0]["image"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn bundle_import_and_install_upgrade_rollback_from_the_internal_registry_alone() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("airgap");
    let (key, public) = pkg.key_pair("release");
    let name = unique("air");
    let connected = Registry::start();
    let work = tempfile::tempdir().unwrap();
    let (app_digest, _) = push_image(
        &connected.address,
        "team/app",
        "1.0",
        "amd64",
        &name,
        work.path(),
    );
    let multi_digest = push_index(&connected.address, "team/multi", "2.0", &name, work.path());
    let app = format!("{}/team/app:1.0", connected.address);
    let multi = format!("{}/team/multi:2.0", connected.address);
    write_package(&pkg, "v1", &name, "1.0.0", &app, &multi);
    write_package(&pkg, "v2", &name, "2.0.0", &app, &multi);
    let packages = format!("oci://{}/pkgs", connected.address);
    for dir in ["v1", "v2"] {
        pkg.run(["push", dir, &packages, "--sign-key", &key]).ok();
    }

    // Two versions in one bundle, twice: the same bytes.
    let package = format!("{packages}/{name}");
    let bundle = |out: &str| {
        pkg.run([
            "bundle",
            &package,
            "--version",
            "1.0.0",
            "--version",
            "2.0.0",
            "--out",
            out,
        ])
        .ok()
        .to_string()
    };
    let said = bundle("first.tar");
    assert!(
        said.contains("2 package(s), 2 image(s), 2 signature(s)"),
        "{said}"
    );
    bundle("second.tar");
    let first = std::fs::read(pkg.work.path().join("first.tar")).unwrap();
    assert_eq!(
        first,
        std::fs::read(pkg.work.path().join("second.tar")).unwrap(),
        "bundling the same inputs twice gives the same bytes"
    );
    assert_eq!(
        bundle_entries(&pkg, "first.tar", "image"),
        [
            (app.clone(), app_digest.clone()),
            (multi.clone(), multi_digest.clone())
        ]
    );
    let verified = pkg.run(["bundle", "verify", "first.tar"]).ok().to_string();
    assert!(
        verified.contains(&format!("package {name} 1.0.0: loads and renders")),
        "{verified}"
    );
    assert!(
        verified.contains(&format!("package {name} 2.0.0: loads and renders")),
        "{verified}"
    );

    // A flipped byte in a layer: found by verify, refused by import with nothing pushed.
    let marker = format!("layer 1 of {name} for arm64");
    let at = first
        .windows(marker.len())
        .position(|w| w == marker.as_bytes())
        .expect("the layer is in the bundle");
    let mut flipped = first.clone();
    flipped[at] ^= 0x20;
    std::fs::write(pkg.work.path().join("flipped.tar"), &flipped).unwrap();
    let error = pkg
        .run(["bundle", "verify", "flipped.tar"])
        .fails(1)
        .to_string();
    assert!(error.contains("does not match its digest"), "{error}");
    let internal = format!("oci://{}/{}", pkg.env.registry_auth, unique("mirror"));
    let error = pkg
        .run([
            "import",
            "flipped.tar",
            "--to",
            &internal,
            "--repo-name",
            "internal",
        ])
        .fails(1)
        .to_string();
    assert!(error.contains("does not match its digest"), "{error}");
    assert!(!pkg.run(["repo", "list"]).ok().contains("internal"));
    // The destination and the repository's name are checked first.
    let tagged = format!("{internal}:1.0");
    let error = pkg
        .run(["import", "flipped.tar", "--to", &tagged])
        .fails(1)
        .to_string();
    assert!(
        error.contains("--to: ")
            && error.contains(":1.0: a registry path, without a tag or digest"),
        "{error}"
    );
    let misnamed = format!(
        "oci://{}/{}/mirror.x",
        pkg.env.registry_auth,
        unique("mirror")
    );
    let error = pkg
        .run(["import", "flipped.tar", "--to", &misnamed])
        .fails(1)
        .to_string();
    assert!(
        error.contains("repository name \"mirror.x\" (the last segment of the destination's path; give --repo-name)"),
        "{error}"
    );

    // An import that fails half way (the registry refuses the index of the
    // multi-platform image, after its blobs) resumes: the second skips what
    // the first sent and completes.
    let proxy = FaultProxy::start(&connected.address);
    proxy.refuse(refuse_index(1000));
    let resume = format!("oci://{}/resume", proxy.addr);
    pkg.run([
        "import",
        "first.tar",
        "--to",
        &resume,
        "--repo-name",
        "resume",
    ])
    .fails(1);
    let tags = |repository: &str| {
        curl(&[
            "-sS",
            &format!("http://{}/v2/{repository}/tags/list", connected.address),
        ])
        .unwrap()
    };
    assert!(
        tags("resume/images/team/app").contains("\"1.0\""),
        "what came before the refusal was pushed"
    );
    assert!(
        !tags("resume/images/team/multi").contains("\"2.0\""),
        "the refused index is not there"
    );
    proxy.refuse(refuse_index(0));
    let resumed = parse_json(
        pkg.run([
            "import",
            "first.tar",
            "--to",
            &resume,
            "--repo-name",
            "resume",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert!(resumed["blobsSkipped"].as_u64().unwrap() > 0, "{resumed}");
    let multi_tags = tags("resume/images/team/multi");
    assert!(multi_tags.contains("\"2.0\""), "{multi_tags} {resumed}");
    drop(proxy);

    // The connected registry is gone from here on.
    drop(connected);
    let imported = parse_json(
        pkg.run([
            "import",
            "first.tar",
            "--to",
            &internal,
            "--repo-name",
            "internal",
            "--verify-key",
            &public,
            "-o",
            "json",
        ])
        .ok(),
    );
    let mirror = internal.strip_prefix("oci://").unwrap();
    let app_copy = format!("{mirror}/images/team/app@{app_digest}");
    let multi_copy = format!("{mirror}/images/team/multi@{multi_digest}");

    let reference = format!("internal/{name}");
    let plan = parse_json(
        pkg.run([
            "install",
            &reference,
            "--version",
            "1.0.0",
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let shown: Vec<(&str, &str)> = plan["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["reference"].as_str().unwrap(),
                i["original"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (app_copy.as_str(), app.as_str()),
            (multi_copy.as_str(), multi.as_str())
        ],
        "{imported}"
    );
    assert_eq!(plan["package"]["signatures"][0]["mode"], "enforce");
    // A package without core objects into a namespace the plan creates.
    let fresh = unique("airgap-new");
    let created = parse_json(
        pkg.run([
            "install",
            &reference,
            "--version",
            "1.0.0",
            "-n",
            &fresh,
            "--create-namespace",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(created["objects"][0]["kind"], "Namespace", "{created}");
    assert!(plan["package"]["signatures"][0]["verified"].is_object());

    pkg.run([
        "install",
        &reference,
        "--version",
        "1.0.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(
        images_of(&pkg, &ns, &name),
        [multi_copy.clone(), app_copy.clone()]
    );
    pkg.run([
        "upgrade",
        &name,
        &reference,
        "--version",
        "2.0.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(
        images_of(&pkg, &ns, &name),
        [multi_copy.clone(), app_copy.clone()]
    );
    pkg.run(["rollback", &name, "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(images_of(&pkg, &ns, &name), [multi_copy, app_copy]);
    let history = pkg.history(&name, &ns);
    assert_eq!(history.len(), 3, "{history:?}");
}

/// Refuses `times` manifest uploads of the multi-platform image.
fn refuse_index(times: usize) -> Refusal {
    Refusal {
        method: "PUT",
        path_contains: "/images/team/multi/manifests/".to_string(),
        unless_query_has: None,
        status: 400,
        reason: "BadRequest",
        retry_after: None,
        times,
    }
}

#[test]
fn images_without_a_copy_are_warnings_or_refused_and_prefix_rules_rewrite() {
    let pkg = Pkg::new();
    let name = unique("mirrored");
    write_package(
        &pkg,
        "v1",
        &name,
        "1.0.0",
        "quay.io/team/app:1.0",
        "busybox:1.36",
    );
    let plan = parse_json(
        pkg.run([
            "install",
            "./v1",
            "--offline",
            "--dry-run",
            "-o",
            "json",
            "--image-registry",
            "docker.io=mirror.internal:5000/hub",
        ])
        .ok(),
    );
    let images: Vec<(&str, Option<&str>)> = plan["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["reference"].as_str().unwrap(), i["original"].as_str()))
        .collect();
    assert_eq!(
        images,
        [
            (
                "mirror.internal:5000/hub/library/busybox:1.36",
                Some("busybox:1.36")
            ),
            ("quay.io/team/app:1.0", None),
        ]
    );
    let warnings = warnings_of(&plan, "mirror");
    assert!(
        warnings.contains("image quay.io/team/app:1.0 has no mirrored copy"),
        "{warnings}"
    );
    let error = pkg
        .run([
            "install",
            "./v1",
            "--offline",
            "--dry-run",
            "--image-registry",
            "docker.io=mirror.internal:5000/hub",
            "--require-mirrored-images",
        ])
        .fails(1)
        .to_string();
    assert!(error.contains("quay.io/team/app:1.0"), "{error}");
    let error = pkg
        .run([
            "install",
            "./v1",
            "--offline",
            "--dry-run",
            "--image-registry",
            "nothing",
        ])
        .fails(1)
        .to_string();
    assert!(error.contains("--image-registry"), "{error}");
}

/// The images of the plan's Deployment, from `install … -o json`.
fn planned_images(plan: &serde_json::Value) -> Vec<(String, Option<String>)> {
    plan["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|image| {
            (
                image["reference"].as_str().unwrap().to_string(),
                image["original"].as_str().map(str::to_string),
            )
        })
        .collect()
}

#[test]
fn images_are_looked_up_before_the_plan_and_mirrored_tags_are_pinned() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("imgcheck");
    let name = unique("imgcheck");
    let registry = Registry::start();
    let work = tempfile::tempdir().unwrap();
    let (app_digest, _) = push_image(
        &registry.address,
        "team/app",
        "1.0",
        "amd64",
        &name,
        work.path(),
    );
    let app = format!("{}/team/app:1.0", registry.address);

    // Two images the registry does not have: both named at once, nothing applied.
    let missing_tag = format!("{}/team/app:9.9", registry.address);
    let missing_repository = format!("{}/team/nothing:1", registry.address);
    write_package(
        &pkg,
        "missing",
        &name,
        "1.0.0",
        &missing_tag,
        &missing_repository,
    );
    let error = pkg
        .run(["install", "./missing", "-n", &ns, "--yes", "--wait=false"])
        .fails(1)
        .to_string();
    assert!(
        error.contains("2 image(s) the plan runs do not exist in their registries")
            && error.contains(&missing_tag)
            && error.contains(&missing_repository)
            && error.contains("--skip-image-check"),
        "{error}"
    );
    let releases = pkg.run(["list", "-n", &ns, "-o", "json"]).ok().to_string();
    assert!(
        !releases.contains(&name),
        "nothing was recorded: {releases}"
    );
    assert!(!pkg.exists(&ns, &format!("deployment/{name}")));
    // Skipping the check is the user's call, and the plan says it was made.
    let plan = parse_json(
        pkg.run([
            "install",
            "./missing",
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
            "--skip-image-check",
        ])
        .ok(),
    );
    // The plan document speaks of the library's option; the plugin's views
    // of its flag.
    let warnings = warnings_of(&plan, "image-not-checked");
    assert!(warnings.contains("`ImageCheck::Skip`"), "{warnings}");

    // A prefix rule's tag is pinned to the digest the mirror has for it.
    write_package(
        &pkg,
        "v1",
        &name,
        "1.0.0",
        "upstream.example/team/app:1.0",
        "upstream.example/team/app:1.0",
    );
    let rule = format!("upstream.example={}", registry.address);
    let installed = parse_json(
        pkg.run([
            "install",
            "./v1",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "--image-registry",
            &rule,
            "-o",
            "json",
        ])
        .ok(),
    );
    let pinned = format!("{}/team/app@{app_digest}", registry.address);
    assert_eq!(
        planned_images(&installed),
        [(
            pinned.clone(),
            Some("upstream.example/team/app:1.0".to_string())
        )]
    );
    assert_eq!(
        images_of(&pkg, &ns, &name),
        [pinned.clone(), pinned.clone()]
    );
    assert!(
        !installed["warnings"].to_string().contains("looked up"),
        "{}",
        installed["warnings"]
    );

    // The same image by its own tag needs no rule and stays as written.
    write_package(&pkg, "v2", &name, "2.0.0", &app, &app);
    pkg.run(["upgrade", &name, "./v2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(images_of(&pkg, &ns, &name), [app.clone(), app.clone()]);

    // A registry that cannot be reached from here is a warning, not a refusal:
    // the cluster may reach what this machine cannot.
    let address = registry.address.clone();
    drop(registry);
    let plan = parse_json(
        pkg.run(["rollback", &name, "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    let warnings = plan["warnings"].to_string();
    assert!(
        warnings.contains(&format!(
            "1 image(s) could not be looked up in {address} (cannot connect"
        )) && warnings.contains("team/app@sha256:"),
        "{warnings}"
    );
}

/// The digest the registry serves for `repository:tag`.
fn served_digest(registry: &str, repository: &str, tag: &str) -> String {
    let headers = curl(&[
        "-fsSI",
        "-H",
        "Accept: application/vnd.oci.image.manifest.v1+json",
        &format!("http://{registry}/v2/{repository}/manifests/{tag}"),
    ])
    .unwrap();
    headers
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("docker-content-digest")
                .then(|| value.trim().to_string())
        })
        .expect("a Docker-Content-Digest header")
}

#[test]
fn a_platform_filter_bundles_that_platforms_image_and_the_plan_runs_it_by_digest() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("platform");
    let name = unique("platform");
    let connected = Registry::start();
    let work = tempfile::tempdir().unwrap();
    let index_digest = push_index(&connected.address, "team/multi", "2.0", &name, work.path());
    let arm64_digest = served_digest(&connected.address, "team/multi", "2.0-arm64");
    let multi = format!("{}/team/multi:2.0", connected.address);
    write_package(&pkg, "v1", &name, "1.0.0", &multi, &multi);
    let packages = format!("oci://{}/pkgs", connected.address);
    pkg.run(["push", "v1", &packages]).ok();
    let package = format!("{packages}/{name}");

    let error = pkg
        .run([
            "bundle",
            &package,
            "--platform",
            "windows/amd64",
            "--out",
            "windows.tar",
        ])
        .fails(1)
        .to_string();
    assert!(
        error.contains(&multi)
            && error.contains("it has no windows/amd64 image (it has linux/amd64, linux/arm64)"),
        "{error}"
    );
    let error = pkg
        .run(["bundle", &package, "--platform", "arm64", "--out", "x.tar"])
        .fails(64)
        .to_string();
    assert!(error.contains("OS/ARCH"), "{error}");

    pkg.run([
        "bundle",
        &package,
        "--platform",
        "linux/arm64",
        "--out",
        "arm64.tar",
    ])
    .ok();
    assert_eq!(
        bundle_entries(&pkg, "arm64.tar", "image"),
        [(multi.clone(), arm64_digest.clone())]
    );
    assert_ne!(arm64_digest, index_digest);
    pkg.run(["bundle", "verify", "arm64.tar"]).ok();

    // Imported, the plan runs the arm64 image by its own digest.
    drop(connected);
    let internal = format!("oci://{}/{}", pkg.env.registry_auth, unique("platform"));
    pkg.run([
        "import",
        "arm64.tar",
        "--to",
        &internal,
        "--repo-name",
        "arm",
    ])
    .ok();
    let plan = parse_json(
        pkg.run([
            "install",
            &format!("arm/{name}"),
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let mirror = internal.strip_prefix("oci://").unwrap();
    assert_eq!(
        planned_images(&plan),
        [(
            format!("{mirror}/images/team/multi@{arm64_digest}"),
            Some(multi.clone())
        )]
    );
}

/// A package signed only in the Sigstore bundle form (an OCI referrer under
/// the fallback tag) keeps its signature through bundle and import: `bundle
/// verify` checks it against the key, and the plan from the internal
/// registry records the bundle form as verified under `enforce`.
#[test]
fn sigstore_bundle_signatures_travel_with_the_bundle_and_verify_after_import() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("airgap-sigstore");
    let (key, public) = pkg.key_pair("release");
    let (_, other) = pkg.key_pair("other");
    let name = unique("sigstore");
    let connected = Registry::start();
    let work = tempfile::tempdir().unwrap();
    push_image(
        &connected.address,
        "team/app",
        "1.0",
        "amd64",
        &name,
        work.path(),
    );
    let app = format!("{}/team/app:1.0", connected.address);
    write_package(&pkg, "v1", &name, "1.0.0", &app, &app);
    let packages = format!("oci://{}/pkgs", connected.address);
    pkg.run([
        "push",
        "v1",
        &packages,
        "--sign-key",
        &key,
        "--signature-format",
        "bundle",
    ])
    .ok();
    pkg.run([
        "repo",
        "add",
        "connected",
        &packages,
        "--verify-key",
        &public,
    ])
    .ok();
    let package = format!("{packages}/{name}");
    let said = pkg
        .run(["bundle", &package, "--out", "signed.tar"])
        .ok()
        .to_string();
    assert!(
        said.contains("1 package(s), 1 image(s), 1 signature(s)"),
        "{said}"
    );
    let signatures = bundle_entries(&pkg, "signed.tar", "signature");
    let [(reference, _)] = signatures.as_slice() else {
        panic!("one signature entry: {signatures:?}");
    };
    let tag = reference.rsplit(':').next().unwrap();
    assert!(
        tag.starts_with("sha256-") && !tag.ends_with(".sig"),
        "{reference}"
    );
    let verified = pkg.run(["bundle", "verify", "signed.tar"]).ok().to_string();
    assert!(verified.contains("verified"), "{verified}");

    // Under a rule trusting another key, the same bundle does not verify.
    pkg.run(["repo", "remove", "connected"]).ok();
    pkg.run([
        "repo",
        "add",
        "connected",
        &packages,
        "--verify-key",
        &other,
    ])
    .ok();
    let refused = pkg
        .run(["bundle", "verify", "signed.tar"])
        .fails(4)
        .to_string();
    assert!(refused.contains("none by a trusted key"), "{refused}");

    drop(connected);
    let internal = format!("oci://{}/{}", pkg.env.registry_auth, unique("sigstore"));
    // Issue 39 (9): import refuses a signature that does not verify with
    // install's exit code, 4, and imports nothing.
    let refused = pkg.run([
        "import",
        "signed.tar",
        "--to",
        &internal,
        "--repo-name",
        "sigstore-mirror",
        "--verify-key",
        &other,
    ]);
    assert!(
        refused.fails(4).contains("none by a trusted key"),
        "{}",
        refused.stderr
    );
    assert!(
        !pkg.run(["repo", "list"]).ok().contains("sigstore-mirror"),
        "nothing recorded"
    );
    pkg.run([
        "import",
        "signed.tar",
        "--to",
        &internal,
        "--repo-name",
        "sigstore-mirror",
        "--verify-key",
        &public,
    ])
    .ok();
    let plan = parse_json(
        pkg.run([
            "install",
            &format!("sigstore-mirror/{name}"),
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let check = &plan["package"]["signatures"][0];
    assert_eq!(check["mode"], "enforce", "{check}");
    assert_eq!(check["verified"]["form"], "bundle", "{check}");
}

/// A chart `name` whose Deployment runs `team/web:2.1`, an image pushed to
/// `connected` first: the image's digest, the chart's directory, and the
/// image's repository.
fn web_chart(pkg: &Pkg, connected: &Registry, name: &str) -> (String, PathBuf, String) {
    let work = tempfile::tempdir().unwrap();
    let (web_digest, _) = push_image(
        &connected.address,
        "team/web",
        "2.1",
        "amd64",
        name,
        work.path(),
    );
    let chart = pkg.write_small_chart(
        name,
        &[(
            "deployment.yaml",
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: \"{{ .Values.image.repository }}:{{ .Values.image.tag }}\"\n",
        )],
    );
    let web = format!("{}/team/web", connected.address);
    std::fs::write(
        chart.join("values.yaml"),
        format!("image:\n  repository: {web}\n  tag: \"2.1\"\n"),
    )
    .unwrap();
    (web_digest, chart, web)
}

/// A Helm chart, pushed to the connected registry as an OCI chart, is
/// bundled with the image its templates render (values as written: the
/// rewrite is on rendered objects), imported, and installed from the
/// internal registry alone, its image running from the mirror by digest.
#[test]
fn a_chart_is_bundled_with_the_images_it_renders_and_installs_from_the_mirror() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("airgap-chart");
    let name = unique("airchart");
    let connected = Registry::start();
    let (web_digest, chart, web) = web_chart(&pkg, &connected, &name);
    let charts = format!("oci://{}/charts", connected.address);
    pkg.run(["push", chart.to_str().unwrap(), &charts]).ok();
    pkg.run(["bundle", &format!("{charts}/{name}"), "--out", "chart.tar"])
        .ok();
    assert_eq!(
        bundle_entries(&pkg, "chart.tar", "image"),
        [(format!("{web}:2.1"), web_digest.clone())]
    );
    pkg.run(["bundle", "verify", "chart.tar"]).ok();

    drop(connected);
    let internal = format!("oci://{}/{}", pkg.env.registry_auth, unique("charts"));
    pkg.run([
        "import",
        "chart.tar",
        "--to",
        &internal,
        "--repo-name",
        "chart-mirror",
    ])
    .ok();
    let installed = parse_json(
        pkg.run([
            "install",
            &format!("chart-mirror/{name}"),
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "-o",
            "json",
        ])
        .ok(),
    );
    let mirror = internal.strip_prefix("oci://").unwrap();
    let copy = format!("{mirror}/images/team/web@{web_digest}");
    assert_eq!(
        planned_images(&installed),
        [(copy.clone(), Some(format!("{web}:2.1")))]
    );
    let deployment = pkg.get_json(Some(&ns), "deployment", &name);
    assert_eq!(
        deployment["spec"]["template"]["spec"]["containers"][0]["image"],
        copy.as_str()
    );
}

#[test]
fn a_registry_that_cannot_be_reached_is_tried_once_for_all_its_images() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("unreachable");
    // A "registry" that accepts connections and closes them at once, counting them.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let accepted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = accepted.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            drop(stream);
        }
    });
    let containers: String = (0..6)
        .map(|i| format!("      - name: c{i}\n        image: {address}/team/app{i}:1.0\n"))
        .collect();
    let deployment = format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: many\nspec:\n  selector:\n    matchLabels: {{app: many}}\n  template:\n    metadata:\n      labels: {{app: many}}\n    spec:\n      containers:\n{containers}"
    );
    pkg.write_package("many", "many", "1.0.0", &[("deployment.yaml", &deployment)]);
    let plan = parse_json(
        pkg.run(["install", "./many", "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    let warnings = warnings_of(&plan, "image-not-checked");
    assert!(
        warnings.contains(&format!("6 image(s) could not be looked up in {address}")),
        "{warnings}"
    );
    let connections = accepted.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        (1..=3).contains(&connections),
        "the registry was tried {connections} times for 6 images"
    );
}

/// The `embed` example of libpkg (libpkg/examples/embed.rs), built beside
/// the binary by `cargo test --workspace`.
pub(crate) fn embed_example() -> PathBuf {
    let example = kubectl_pkg_e2e::binary()
        .parent()
        .expect("target/<profile>")
        .join("examples/embed");
    assert!(
        example.exists(),
        "{} is missing: build it with `cargo build -p libpkg --example embed` (tests/run builds it)",
        example.display()
    );
    example
}

/// Runs the `embed` example with `answer` on its standard input, saving the
/// plan it shows to `plan` (under the work directory); returns its output.
pub(crate) fn run_embed(pkg: &Pkg, args: &[&str], answer: &str, plan: &str) -> String {
    use std::io::Write;
    let mut child = pkg
        .program(embed_example(), args)
        .env("EMBED_SAVE_PLAN", pkg.work.path().join(plan))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the embed example runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(answer.as_bytes())
        .expect("answer");
    let output = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "embed {args:?}: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Runs the `embed` example with nothing on its standard input: it shows
/// its plan (saved to `plan`, under the work directory), then declines at
/// its question, changing nothing.
pub(crate) fn run_embed_declining(pkg: &Pkg, args: &[&str], plan: &str) {
    let declined = pkg
        .program(embed_example(), args)
        .env("EMBED_SAVE_PLAN", pkg.work.path().join(plan))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the embed example runs");
    assert!(!declined.status.success(), "{declined:?}");
    assert!(
        String::from_utf8_lossy(&declined.stderr).contains("declined: nothing was changed"),
        "{declined:?}"
    );
}

/// The hash of a plan saved under the work directory.
pub(crate) fn saved_hash(pkg: &Pkg, plan: &str) -> String {
    let text = std::fs::read_to_string(pkg.work.path().join(plan)).expect("the plan was saved");
    parse_json(&text)["hash"]
        .as_str()
        .expect("a hash")
        .to_string()
}

/// Issue 38: an embedder installs, upgrades and uninstalls a release through
/// libpkg alone, with its own question, and is shown the plans the CLI makes
/// for the same release (`--dry-run --out`), the image copies of an imported
/// repository included.
#[test]
fn an_embedder_plans_and_applies_what_the_cli_plans_through_the_library_alone() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("embed");
    let name = unique("embedded");
    let connected = Registry::start();
    let (web_digest, chart, _) = web_chart(&pkg, &connected, &name);
    let charts = format!("oci://{}/charts", connected.address);
    pkg.run(["push", chart.to_str().unwrap(), &charts]).ok();
    // Version 2.0.0 adds a ConfigMap.
    std::fs::write(
        chart.join("Chart.yaml"),
        format!("apiVersion: v2\nname: {name}\nversion: 2.0.0\n"),
    )
    .unwrap();
    std::fs::write(
        chart.join("templates/settings.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-settings\ndata: {mode: fast}\n",
    )
    .unwrap();
    pkg.run(["push", chart.to_str().unwrap(), &charts]).ok();
    let package = format!("{charts}/{name}");
    pkg.run([
        "bundle",
        &package,
        "--version",
        "1.0.0",
        "--version",
        "2.0.0",
        "--out",
        "chart.tar",
    ])
    .ok();
    drop(connected);
    let internal = format!("oci://{}/{}", pkg.env.registry_auth, unique("charts"));
    pkg.run([
        "import",
        "chart.tar",
        "--to",
        &internal,
        "--repo-name",
        "embed-mirror",
    ])
    .ok();
    let mirrored = format!("embed-mirror/{name}");
    let copy = format!(
        "{}/images/team/web@{web_digest}",
        internal.strip_prefix("oci://").unwrap()
    );
    let release = unique("app");

    // Install: the CLI's dry-run plan is the one the embedder is shown and applies.
    pkg.run([
        "install",
        &mirrored,
        "--version",
        "1.0.0",
        "--name",
        &release,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "cli-install.json",
    ])
    .ok();
    let said = run_embed(
        &pkg,
        &["install", &mirrored, &release, &ns, "1.0.0"],
        "y\n",
        "embed-install.json",
    );
    assert_eq!(
        saved_hash(&pkg, "embed-install.json"),
        saved_hash(&pkg, "cli-install.json")
    );
    assert!(said.contains("revision 1 deployed"), "{said}");
    let live = pkg.get_json(Some(&ns), "deployment", &release);
    assert_eq!(
        live["spec"]["template"]["spec"]["containers"][0]["image"],
        copy.as_str(),
        "the imported repository's image copy runs"
    );

    // Upgrade: declined at the embedder's question, nothing changes; then applied.
    pkg.run([
        "upgrade",
        &release,
        &mirrored,
        "--version",
        "2.0.0",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "cli-upgrade.json",
    ])
    .ok();
    run_embed_declining(
        &pkg,
        &["upgrade", &mirrored, &release, &ns, "2.0.0"],
        "embed-upgrade.json",
    );
    let history = pkg.run(["history", &release, "-n", &ns]).ok().to_string();
    assert!(!history.contains("upgrade"), "{history}");
    let said = run_embed(
        &pkg,
        &["upgrade", &mirrored, &release, &ns, "2.0.0"],
        "y\n",
        "embed-upgrade.json",
    );
    assert_eq!(
        saved_hash(&pkg, "embed-upgrade.json"),
        saved_hash(&pkg, "cli-upgrade.json")
    );
    assert!(said.contains("revision 2 deployed"), "{said}");
    pkg.get_json(Some(&ns), "configmap", &format!("{release}-settings"));

    // Roll back to revision 1: the CLI's plan, byte for byte.
    pkg.run([
        "rollback",
        &release,
        "1",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "cli-rollback.json",
    ])
    .ok();
    let said = run_embed(
        &pkg,
        &["rollback", &release, &ns, "1"],
        "y\n",
        "embed-rollback.json",
    );
    assert_eq!(
        saved_hash(&pkg, "embed-rollback.json"),
        saved_hash(&pkg, "cli-rollback.json")
    );
    assert!(said.contains("revision 3 deployed"), "{said}");

    // Uninstall, and the release lock is free again for the CLI.
    pkg.run([
        "uninstall",
        &release,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "cli-uninstall.json",
    ])
    .ok();
    let said = run_embed(
        &pkg,
        &["uninstall", &release, &ns],
        "y\n",
        "embed-uninstall.json",
    );
    assert_eq!(
        saved_hash(&pkg, "embed-uninstall.json"),
        saved_hash(&pkg, "cli-uninstall.json")
    );
    assert!(said.contains("revision 4 uninstalled"), "{said}");
    let history = pkg.run(["history", &release, "-n", &ns]).ok().to_string();
    assert!(history.contains("uninstalled"), "{history}");
}

/// Issue 39 (7): bundling a package whose image's registry cannot be reached
/// names the image, the package and the object that runs it, not only the
/// registry that failed.
#[test]
fn an_image_that_cannot_be_copied_is_named_with_its_package_and_object() {
    let pkg = Pkg::new();
    let connected = Registry::start();
    let work = tempfile::tempdir().unwrap();
    let name = unique("unreached");
    push_image(
        &connected.address,
        "team/multi",
        "2.0",
        "amd64",
        &name,
        work.path(),
    );
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = format!("127.0.0.1:{closed}/team/app:1.0");
    let multi = format!("{}/team/multi:2.0", connected.address);
    write_package(&pkg, "v1", &name, "1.0.0", &app, &multi);
    let packages = format!("oci://{}/pkgs", connected.address);
    pkg.run(["push", "v1", &packages]).ok();
    let package = format!("{packages}/{name}");

    let run = pkg.run(["bundle", &package, "--out", "unreached.tar"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains(&format!(
            "image {app}, run by Deployment {name} of package {package}:1.0.0"
        )) && stderr.contains("cannot be bundled"),
        "{stderr}"
    );
    assert!(!pkg.work.path().join("unreached.tar").exists());
}

//! Packages and charts from archives over HTTP, pinned by their sha256:
//! refused without a checksum (unless --allow-unverified, which warns), and
//! when the bytes do not match; installed with one, the plan and history
//! record the checksum, and a rollback needs no server; redirects are
//! followed up to the limit; the size cap holds.

use kubectl_pkg_e2e::{Pkg, serve_dir};

/// A chart `web` whose ConfigMap says `.Values.says` (default "hello").
fn write_web_chart(pkg: &Pkg) {
    pkg.write_small_chart(
        "web",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  says: {{ .Values.says | default \"hello\" }}\n",
        )],
    );
}

fn sha256_hex(path: &std::path::Path) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(std::fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Packs chart directory `dir` of the work directory into `web/NAME`.
fn pack(pkg: &Pkg, dir: &str, name: &str) -> std::path::PathBuf {
    let web = pkg.work.path().join("web");
    std::fs::create_dir_all(&web).unwrap();
    let archive = web.join(name);
    pkg.run_program(
        "tar",
        [
            "-czf",
            archive.to_str().unwrap(),
            "-C",
            pkg.work.path().to_str().unwrap(),
            dir,
        ],
    )
    .ok();
    archive
}

#[test]
fn an_archive_over_http_is_installed_only_as_its_checksum_pins_it() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("http");
    write_web_chart(&pkg);
    let archive = pack(&pkg, "web", "web-1.0.0.tgz");
    let sha256 = sha256_hex(&archive);
    let base = serve_dir(pkg.work.path().join("web"));
    let url = format!("{base}/web-1.0.0.tgz");
    let install = |extra: &[&str]| {
        let mut args = vec!["install", url.as_str(), "--name", "web", "-n", &ns];
        args.extend_from_slice(&["--yes", "--wait=false", "--create-namespace"]);
        args.extend_from_slice(extra);
        pkg.run(args)
    };

    // No checksum: refused, naming the flag; a wrong one: refused, naming both.
    let unpinned = install(&[]).fails(1).to_string();
    assert!(
        unpinned.contains(&url) && unpinned.contains("--sha256"),
        "{unpinned}"
    );
    let wrong = "0".repeat(64);
    let mismatch = install(&["--sha256", &wrong]).fails(1).to_string();
    assert!(
        mismatch.contains(&format!("sha256 is {sha256}, not the {wrong}")),
        "{mismatch}"
    );
    let conflicting = pkg
        .run([
            "template",
            &format!("{url}#sha256={sha256}"),
            "--sha256",
            &wrong,
        ])
        .fails(1)
        .to_string();
    assert!(conflicting.contains("disagrees"), "{conflicting}");
    let not_http = pkg
        .run(["template", "./web", "--sha256", &sha256])
        .fails(1)
        .to_string();
    assert!(not_http.contains("--sha256 pins an archive"), "{not_http}");
    assert!(
        !pkg.exists(&ns, "configmap/web"),
        "refusals installed nothing"
    );

    // Pinned: installed, and the plan records the URL with its checksum.
    install(&["--sha256", &format!("sha256:{}", sha256.to_uppercase())]).ok();
    let pinned = format!("{url}#sha256={sha256}");
    let plan = pkg.run(["get", "plan", "web", "-n", &ns]).ok().to_string();
    assert!(plan.contains(&pinned), "{plan}");
    let says = || pkg.get_json(Some(&ns), "configmap", "web")["data"]["says"].clone();
    assert_eq!(says(), "hello");

    // Another archive now at the same URL: the pinned reference refuses it;
    // a rollback reads history, not the server.
    let reviewed = std::fs::read(&archive).unwrap();
    std::fs::write(&archive, b"not the reviewed archive").unwrap();
    let moved = pkg
        .run([
            "upgrade",
            "web",
            &pinned,
            "-n",
            &ns,
            "--yes",
            "--wait=false",
        ])
        .fails(1)
        .to_string();
    assert!(moved.contains("not the"), "{moved}");
    std::fs::write(&archive, &reviewed).unwrap();
    pkg.run([
        "upgrade",
        "web",
        &url,
        "--sha256",
        &sha256,
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "--set",
        "says=again",
    ])
    .ok();
    assert_eq!(says(), "again");
    std::fs::remove_file(&archive).unwrap();
    pkg.run(["rollback", "web", "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(says(), "hello");
    pkg.run(["uninstall", "web", "-n", &ns, "--yes"]).ok();
}

#[test]
fn an_unverified_archive_is_pinned_to_what_was_downloaded_with_a_warning() {
    let pkg = Pkg::new();
    write_web_chart(&pkg);
    let archive = pack(&pkg, "web", "web.tgz");
    let sha256 = sha256_hex(&archive);
    let base = serve_dir(pkg.work.path().join("web"));

    let plan = pkg.run([
        "install",
        &format!("{base}/web.tgz"),
        "--allow-unverified",
        "--offline",
        "--dry-run",
        "-n",
        "apps",
        "-o",
        "json",
    ]);
    let text = plan.ok().to_string();
    assert!(
        text.contains(&format!("{base}/web.tgz#sha256={sha256}")),
        "{text}"
    );
    assert!(
        text.contains("not checked against a checksum given in advance"),
        "{text}"
    );

    // Redirects are followed up to five; a sixth is refused, naming the limit.
    pkg.run([
        "template",
        &format!("{base}/redirect/4/web.tgz"),
        "--sha256",
        &sha256,
    ])
    .ok();
    let too_many = pkg
        .run([
            "template",
            &format!("{base}/redirect/6/web.tgz"),
            "--sha256",
            &sha256,
        ])
        .fails(1)
        .to_string();
    assert!(too_many.contains("more than 5 redirects"), "{too_many}");

    // An archive over the package size cap is refused before it is read whole.
    let capped = pkg
        .run([
            "template",
            &format!("{base}/web.tgz"),
            "--sha256",
            &sha256,
            "--package-limits",
            "total=100",
        ])
        .fails(1)
        .to_string();
    assert!(capped.contains("web.tgz"), "{capped}");

    // Plain HTTP anywhere but loopback is refused before any request.
    let plain = pkg
        .run([
            "template",
            "http://example.com/web.tgz",
            "--sha256",
            &sha256,
        ])
        .fails(1)
        .to_string();
    assert!(plain.contains("use https://"), "{plain}");
}

//! Packages from git repositories (made with the real `git` binary, read
//! through the test environment's git server over HTTP, or `git+file://`): install by tag, by constraint through `repo add`,
//! upgrade to the next tag, roll back; commits in history; a saved plan keeps
//! the reviewed commit after the branch moves; the same digest as the directory.

use std::path::Path;
use std::process::Command;

use kubectl_pkg_e2e::{Pkg, env, parse_json, unique, warnings_of};

fn git(repo: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.invalid"])
        .args(["-c", "init.defaultBranch=main", "-c", "tag.gpgSign=false"])
        .args(args)
        .current_dir(repo)
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn write_version(root: &Path, version: &str, data: &str) {
    let dir = root.join("app/manifests");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        root.join("app/package.yaml"),
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: app\nversion: {version}\n"
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("cm.yaml"),
        format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  says: {data}\n"),
    )
    .unwrap();
}

/// A repository with app/v1.0.0 (annotated tag) and app/v1.1.0 on branch main.
fn repository(pkg: &Pkg) -> (std::path::PathBuf, String, String) {
    let root = pkg.work.path().join("repo");
    std::fs::create_dir_all(&root).unwrap();
    git(&root, &["init", "-q"]);
    write_version(&root, "1.0.0", "one");
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "1.0.0"]);
    git(&root, &["tag", "-a", "-m", "app 1.0.0", "app/v1.0.0"]);
    let first = git(&root, &["rev-parse", "HEAD"]);
    write_version(&root, "1.1.0", "two");
    git(&root, &["commit", "-qam", "1.1.0"]);
    git(&root, &["tag", "app/v1.1.0"]);
    let second = git(&root, &["rev-parse", "HEAD"]);
    (root, first, second)
}

/// Publishes the repository at `root` on the environment's git server as a
/// new bare repository; returns its name there (`PREFIX-….git`).
fn serve(root: &Path, prefix: &str) -> String {
    let name = format!("{}.git", unique(prefix));
    let served = env().git_root.join(&name);
    git(
        root,
        &["clone", "-q", "--bare", ".", served.to_str().unwrap()],
    );
    name
}

fn says(pkg: &Pkg, ns: &str) -> String {
    let cm = pkg.get_json(Some(ns), "configmap", "app-config");
    cm["data"]["says"].as_str().unwrap_or_default().to_string()
}

#[test]
fn install_by_tag_and_by_constraint_upgrade_and_roll_back() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("git");
    let (root, first, second) = repository(&pkg);
    // A chart beside the package, in its own directory with its own tags.
    let chart = root.join("web");
    std::fs::create_dir_all(chart.join("templates")).unwrap();
    std::fs::write(
        chart.join("Chart.yaml"),
        "apiVersion: v2\nname: web\nversion: 0.1.0\n",
    )
    .unwrap();
    std::fs::write(
        chart.join("templates/cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  release: {{ .Release.Name }}\n",
    )
    .unwrap();
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "web chart 0.1.0"]);
    git(&root, &["tag", "web/v0.1.0"]);
    let chart_commit = git(&root, &["rev-parse", "HEAD"]);
    // Served by the environment's git server (git http-backend) over HTTP.
    let name = serve(&root, "packages");
    let url = format!("git+{}/{name}", env().git_http);

    pkg.run([
        "install",
        &format!("{url}//app?ref=app/v1.0.0"),
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(says(&pkg, &ns), "one");
    pkg.run(["uninstall", "app", "-n", &ns, "--yes"]).ok();

    pkg.run(["repo", "add", "platform", &url]).ok();
    pkg.run([
        "install",
        "platform/app",
        "--version",
        "~1.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(says(&pkg, &ns), "one");
    let plan = pkg.run(["get", "plan", "app", "-n", &ns]).ok().to_string();
    assert!(
        plan.contains(&format!("ref=app/v1.0.0&commit={first}")),
        "{plan}"
    );

    // Upgrade with no package named: the newest tag of the same directory.
    pkg.run(["upgrade", "app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(says(&pkg, &ns), "two");
    let plan = pkg.run(["get", "plan", "app", "-n", &ns]).ok().to_string();
    assert!(
        plan.contains(&format!("ref=app/v1.1.0&commit={second}")),
        "{plan}"
    );

    pkg.run(["rollback", "app", "3", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(says(&pkg, &ns), "one");

    // The chart in its directory, by constraint over its tags.
    pkg.run([
        "install",
        "platform/web",
        "--version",
        "^0.1",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    let config = pkg.get_json(Some(&ns), "configmap", "web-config");
    assert_eq!(config["data"]["release"], "web");
    let plan = pkg.run(["get", "plan", "web", "-n", &ns]).ok().to_string();
    assert!(
        plan.contains(&format!("ref=web/v0.1.0&commit={chart_commit}")),
        "{plan}"
    );

    let missing = pkg
        .run(["template", &format!("{url}//app?ref=no-such-tag")])
        .fails(1)
        .to_string();
    assert!(
        missing.contains("no tag or branch \"no-such-tag\""),
        "{missing}"
    );
}

#[test]
fn a_saved_plan_keeps_the_reviewed_commit_after_the_branch_moves() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("git");
    let (root, _, second) = repository(&pkg);
    let reference = format!("git+file://{}//app?ref=main", root.display());
    pkg.run([
        "install",
        &reference,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "plan.json",
    ])
    .ok();
    let plan = parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    let recorded = plan["package"]["reference"].as_str().unwrap().to_string();
    assert!(
        recorded.ends_with(&format!("ref=main&commit={second}")),
        "{recorded}"
    );

    // The branch moves on, and the repository goes away: apply needs neither.
    write_version(&root, "1.2.0", "three");
    git(&root, &["commit", "-qam", "1.2.0"]);
    let third = git(&root, &["rev-parse", "HEAD"]);
    let moved = root.with_file_name("moved");
    std::fs::rename(&root, &moved).unwrap();
    pkg.run(["apply", "plan.json", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(says(&pkg, &ns), "two");

    std::fs::rename(&moved, &root).unwrap();
    let shown = pkg.run(["show", &reference]).ok().to_string();
    assert!(shown.contains(&third), "{shown}");
}

#[test]
fn the_same_directory_from_git_disk_and_registry_has_the_same_digest() {
    let pkg = Pkg::new();
    let (root, _, _) = repository(&pkg);
    let from_git = pkg
        .run([
            "show",
            &format!("git+file://{}//app?ref=app/v1.1.0", root.display()),
        ])
        .ok()
        .to_string();
    let from_disk = pkg.run(["show", "./repo/app"]).ok().to_string();
    let digest = |text: &str| {
        text.lines()
            .find(|line| line.starts_with("Digest:"))
            .map(str::to_string)
            .expect("show prints the digest")
    };
    assert_eq!(digest(&from_git), digest(&from_disk));

    // And from the registry, pushed from the same directory.
    let prefix = format!("oci://{}/{}", env().registry, unique("git"));
    pkg.run(["push", "./repo/app", &prefix]).ok();
    let location = format!("{prefix}/app");
    let from_registry = pkg.run(["show", &location]).ok().to_string();
    assert_eq!(digest(&from_git), digest(&from_registry));
}

#[test]
fn links_are_refused_and_submodules_left_out_with_a_warning() {
    let pkg = Pkg::new();
    let (root, first, _) = repository(&pkg);
    // A submodule (a gitlink entry) in the package directory.
    git(
        &root,
        &[
            "update-index",
            "--add",
            "--cacheinfo",
            &format!("160000,{first},app/manifests/vendored"),
        ],
    );
    git(&root, &["commit", "-qm", "submodule"]);
    git(&root, &["tag", "with-submodule"]);
    let plan = pkg
        .run([
            "install",
            &format!("git+file://{}//app?ref=with-submodule", root.display()),
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok()
        .to_string();
    let plan = parse_json(&plan);
    let warnings = warnings_of(&plan, "source");
    assert!(
        warnings.contains("app/manifests/vendored: a submodule"),
        "{warnings}"
    );

    // A link out of the tree.
    std::os::unix::fs::symlink("/etc/passwd", root.join("app/manifests/passwd.yaml")).unwrap();
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "link"]);
    git(&root, &["tag", "with-link"]);
    let error = pkg
        .run([
            "template",
            &format!("git+file://{}//app?ref=with-link", root.display()),
        ])
        .fails(1)
        .to_string();
    assert!(
        error.contains("app/manifests/passwd.yaml: a symbolic link"),
        "{error}"
    );
}

#[test]
fn a_private_repository_is_read_with_the_users_git_credentials_never_shown() {
    // The environment's git server answers /private/… only to
    // tester:test-git-token (tests/env/git-http-server).
    let pkg = Pkg::new();
    let (root, first, _) = repository(&pkg);
    let name = serve(&root, "private");
    let reference = format!("git+{}/private/{name}//app?ref=app/v1.0.0", env().git_http);
    let home = pkg.work.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let template = |env: &[(&str, &str)]| {
        let mut command = pkg.command(["show", &reference]);
        command
            .env("HOME", &home)
            .env_remove("XDG_CONFIG_HOME")
            .env(
                "KUBECTL_PKG_CACHE_DIR",
                pkg.work.path().join(unique("cache")),
            );
        for (key, value) in env {
            command.env(key, value);
        }
        kubectl_pkg_e2e::Run::from(command.output().unwrap())
    };

    // None: the server's refusal, naming the repository; no prompt.
    let refused = template(&[]);
    let error = refused.fails(1).to_string();
    assert!(
        error.contains(&format!("private/{name}")) && error.contains("none were found"),
        "{error}"
    );
    // A wrong token: refused, and never printed.
    let wrong = template(&[
        ("KUBECTL_PKG_GIT_USERNAME", "tester"),
        ("KUBECTL_PKG_GIT_TOKEN", "wrong-token-value"),
    ]);
    let error = wrong.fails(1).to_string();
    assert!(
        error.contains("refused the credentials") && !error.contains("wrong-token-value"),
        "{error}"
    );
    // A token in the environment.
    let with_token = template(&[
        ("KUBECTL_PKG_GIT_USERNAME", "tester"),
        ("KUBECTL_PKG_GIT_TOKEN", "test-git-token"),
    ]);
    let plan = with_token.ok().to_string();
    assert!(plan.contains(&format!("commit={first}")), "{plan}");
    assert!(
        !plan.contains("test-git-token") && !with_token.stderr.contains("test-git-token"),
        "{plan}"
    );
    // git's credential store file, as `git credential-store` writes it.
    let port = env().git_http.rsplit(':').next().unwrap().to_string();
    std::fs::write(
        home.join(".git-credentials"),
        format!(
            "https://someone:else@example.com\nhttp://tester:test-git%2Dtoken@127.0.0.1:{port}\n"
        ),
    )
    .unwrap();
    let from_store = template(&[]);
    let plan = from_store.ok().to_string();
    assert!(plan.contains(&format!("commit={first}")), "{plan}");
    assert!(!plan.contains("test-git-token"), "{plan}");
}

#[test]
fn a_single_package_repository_is_a_named_repository_too() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("git");
    // The package at the top of the repository, versions as vX.Y.Z tags.
    let root = pkg.work.path().join("single");
    std::fs::create_dir_all(root.join("manifests")).unwrap();
    git(&root, &["init", "-q"]);
    for (version, data) in [("1.0.0", "one"), ("1.1.0", "two")] {
        std::fs::write(
            root.join("package.yaml"),
            format!("apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: app\nversion: {version}\n"),
        )
        .unwrap();
        std::fs::write(
            root.join("manifests/cm.yaml"),
            format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  says: {data}\n"),
        )
        .unwrap();
        git(&root, &["add", "-A"]);
        git(&root, &["commit", "-qm", version]);
        git(&root, &["tag", &format!("v{version}")]);
    }
    let name = serve(&root, "single");
    pkg.run([
        "repo",
        "add",
        "single",
        &format!("git+{}/{name}", env().git_http),
    ])
    .ok();

    pkg.run([
        "install",
        "single/app",
        "--version",
        "~1.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(says(&pkg, &ns), "one");
    pkg.run(["upgrade", "app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(says(&pkg, &ns), "two");
    let plan = pkg.run(["get", "plan", "app", "-n", &ns]).ok().to_string();
    assert!(plan.contains("?ref=v1.1.0&commit="), "{plan}");

    let other = pkg.run(["show", "single/other"]);
    assert!(
        other
            .fails(1)
            .contains("the package its vX.Y.Z tags hold is \"app\", not \"other\""),
        "{}",
        other.stderr
    );
}

/// Pushes a one-ConfigMap package `name` to `oci://REGISTRY/path/name`.
fn push_package(pkg: &Pkg, name: &str, path: &str) {
    let dir = pkg.write_package(
        &format!("oci-{name}"),
        name,
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: oci-config\n",
        )],
    );
    pkg.run([
        "push",
        dir.to_str().unwrap(),
        &format!("oci://{}/{path}", pkg.env.registry),
    ])
    .ok();
}

/// Issue 39 (1): a git repository took part in no bare-name lookup (every
/// one failed with "must start with oci://").
#[test]
fn bare_names_are_looked_up_in_git_repositories_beside_oci_ones() {
    let pkg = Pkg::new();
    // The git repository holds app (tags app/v…) and shared (shared/v1.0.0).
    let (root, _, _) = repository(&pkg);
    let shared = root.join("shared");
    std::fs::create_dir_all(shared.join("manifests")).unwrap();
    std::fs::write(
        shared.join("package.yaml"),
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: shared\nversion: 1.0.0\n",
    )
    .unwrap();
    std::fs::write(
        shared.join("manifests/cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shared-config\n",
    )
    .unwrap();
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "shared"]);
    git(&root, &["tag", "shared/v1.0.0"]);
    let name = serve(&root, "bare");
    // The OCI repository holds shared and db.
    let path = unique("bare");
    push_package(&pkg, "shared", &path);
    push_package(&pkg, "db", &path);
    add_platform_and_stable(&pkg, &name, &path);

    let dry_run = |name: &str| pkg.run(["install", name, "--offline", "--dry-run", "-o", "json"]);
    // Only in git: found there.
    let plan = parse_json(dry_run("app").ok());
    assert_eq!(plan["package"]["version"], "1.1.0", "{plan}");
    assert!(
        plan["package"]["reference"]
            .as_str()
            .unwrap()
            .starts_with("git+"),
        "{plan}"
    );
    // Only in the registry: found there, the git repository searched too.
    let plan = parse_json(dry_run("db").ok());
    assert_eq!(plan["package"]["name"], "db", "{plan}");
    // In both: ambiguous, naming both.
    let both = dry_run("shared");
    let error = both.fails(1);
    assert!(
        error.contains("choose one")
            && error.contains("platform/shared")
            && error.contains("stable/shared"),
        "{error}"
    );
    // A typo: the git repository's close name is suggested.
    let typo = dry_run("apq");
    let error = typo.fails(1);
    assert!(error.contains("did you mean platform/app?"), "{error}");
    assert!(!error.contains("oci://"), "{error}");
}

/// Adds the repositories `platform` (the served git repository `name`) and
/// `stable` (the OCI path `path` of the test registry).
fn add_platform_and_stable(pkg: &Pkg, name: &str, path: &str) {
    let git = format!("git+{}/{name}", env().git_http);
    pkg.run(["repo", "add", "platform", &git]).ok();
    let oci = format!("oci://{}/{path}", pkg.env.registry);
    pkg.run(["repo", "add", "stable", &oci]).ok();
}

/// Issue 39 (11): `search` finds packages by keyword in every kind of
/// repository (git tags, an OCI prefix, a chart index with descriptions and
/// keywords, written by Helm 4), newest version first, and names a
/// repository it cannot read.
#[test]
fn search_finds_packages_in_every_repository_by_keyword() {
    let pkg = Pkg::new();
    let (root, _, _) = repository(&pkg);
    let name = serve(&root, "search");
    let path = unique("search");
    push_package(&pkg, "appdb", &path);
    add_platform_and_stable(&pkg, &name, &path);
    // A chart repository as Helm 4 writes one: three versions of a chart
    // packaged by `helm package`, indexed by `helm repo index`.
    let charts = pkg.work.path().join("charts");
    std::fs::create_dir_all(&charts).unwrap();
    let versions = [
        ("2.0.0", "A key-value DATABASE", "[kv]"),
        ("2.1.0-rc.1", "newer", "[]"),
        ("1.0.0", "old", "[]"),
    ];
    for (version, description, keywords) in versions {
        let dir = pkg.work.path().join(format!("store-{version}"));
        std::fs::create_dir_all(dir.join("templates")).unwrap();
        std::fs::write(
            dir.join("Chart.yaml"),
            format!("apiVersion: v2\nname: store\nversion: {version}\ndescription: {description}\nkeywords: {keywords}\n"),
        )
        .unwrap();
        std::fs::write(
            dir.join("templates/config.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: store\ndata:\n  version: {{ .Chart.Version | quote }}\n",
        )
        .unwrap();
        let packaged = pkg.helm(
            "default",
            &format!(
                "helm.package({:?}, destination={:?})",
                dir.display().to_string(),
                charts.display().to_string()
            ),
        );
        packaged.ok();
    }
    pkg.helm(
        "default",
        &format!(
            "helm.repo_index_generate({:?})",
            charts.display().to_string()
        ),
    )
    .ok();
    let index = std::fs::read_to_string(charts.join("index.yaml")).unwrap();
    assert!(
        index.contains("generated:") && index.contains("digest:"),
        "{index}"
    );
    pkg.run(["repo", "add", "charts", &kubectl_pkg_e2e::serve_dir(charts)])
        .ok();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    pkg.run([
        "repo",
        "add",
        "closed",
        &format!("oci://127.0.0.1:{port}/pkgs"),
        "--no-verify",
    ])
    .ok();

    // By name in git and in the registry; the unreadable repository named.
    let run = pkg.run(["search", "app"]);
    let out = run.ok();
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [vec!["platform/app", "1.1.0"], vec!["stable/appdb", "1.0.0"]],
        "{out}"
    );
    assert!(out.trim_start().starts_with("PACKAGE"), "{out}");
    assert!(
        run.stderr
            .contains("warning: repository closed was not searched: ")
            && run.stderr.contains(&format!("127.0.0.1:{port}")),
        "{}",
        run.stderr
    );
    // By description (any case) or keyword in a chart index; newest stable first.
    for keyword in ["database", "KV"] {
        let out = pkg.run(["search", keyword]).ok().to_string();
        assert!(
            out.contains("charts/store")
                && out.contains("2.0.0")
                && out.contains("A key-value DATABASE"),
            "{out}"
        );
        assert!(!out.contains("platform/app"), "{out}");
    }
    // Every version, as JSON; prereleases with --devel.
    let hits = parse_json(
        pkg.run(["search", "store", "--versions", "--devel", "-o", "json"])
            .ok(),
    );
    assert_eq!(hits[0]["repository"], "charts");
    assert_eq!(
        hits[0]["versions"],
        serde_json::json!(["2.1.0-rc.1", "2.0.0", "1.0.0"])
    );
    // What search finds installs from Helm's index: its newest stable
    // version, the archive checked against the index's digest.
    let rendered = pkg.run(["template", "charts/store"]).ok().to_string();
    assert!(rendered.contains("version: \"2.0.0\""), "{rendered}");
    let all = pkg.run(["search", "app", "--versions"]).ok().to_string();
    assert!(all.contains("1.1.0") && all.contains("1.0.0"), "{all}");
    let none = pkg.run(["search", "nothing-like-it"]).ok().to_string();
    assert!(
        none.contains("No packages matching \"nothing-like-it\""),
        "{none}"
    );
}

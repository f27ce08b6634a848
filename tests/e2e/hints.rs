//! Every command an error or `status` suggests runs as printed (with `--yes`
//! where it would ask): installing what is installed, an install killed
//! half-way (status names the install that takes over), a proposal that is
//! not there, values of a package that is not a chart, and `upgrade
//! --install` with nothing to install. The interrupted upgrade's hint is run
//! in recovery.rs.

use std::process::Stdio;

use kubectl_pkg_e2e::{Pkg, config_maps};

#[test]
fn installing_an_installed_release_suggests_the_upgrade_that_works() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("hint");
    pkg.write_package("app", "app", "1.0.0", &config_maps("one", 1, "1"));
    pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    pkg.write_package("app", "app", "1.1.0", &config_maps("one", 1, "2"));
    let again = pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"]);
    let error = again.fails(1).to_string();
    pkg.run_hint(&error, &["--yes", "--wait=false"]).ok();
    assert_eq!(pkg.statuses("app", &ns), ["superseded", "deployed"]);
}

#[test]
fn an_install_killed_half_way_is_completed_by_the_command_status_suggests() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("hint");
    pkg.write_package("big", "big", "1.0.0", &config_maps("many", 1500, "1"));
    let mut install = pkg
        .command([
            "install",
            "./big",
            "--name",
            "large",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !(pkg.exists(&ns, "configmap/many-0") || pkg.exists(&ns, "configmap/many-1499")) {
        assert!(
            std::time::Instant::now() < deadline,
            "the apply never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    install.kill().unwrap(); // SIGKILL
    install.wait().unwrap();
    assert_eq!(pkg.statuses("large", &ns), ["pending"]);
    let status = pkg.run(["status", "large", "-n", &ns]);
    let shown = status.ok();
    assert!(
        shown.contains(&format!("`kubectl pkg install ./big --name large -n {ns}`")),
        "{shown}"
    );
    pkg.run_hint(shown, &["--yes", "--wait=false"]).ok();
    assert_eq!(pkg.statuses("large", &ns), ["failed", "deployed"]);
    assert_eq!(pkg.release_objects(&ns, "configmaps", "large").len(), 1500);
}

#[test]
fn errors_that_name_a_command_name_one_that_runs() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("hint");
    // A proposal that is not there: the listing it suggests.
    let missing = pkg.run(["apply", "proposal/app.000000000000", "-n", &ns, "--yes"]);
    let error = missing.fails(1).to_string();
    pkg.run_hint(&error, &[]).ok();

    // Values of a plain package: the `show` it suggests.
    pkg.write_package("plain", "plain", "1.0.0", &config_maps("one", 1, "1"));
    let values = pkg.run(["show", "values", "./plain"]);
    let error = values.fails(1).to_string();
    pkg.run_hint(&error, &[]).ok();

    // upgrade --install of a release that is not there, with no package: the
    // command it suggests, with PACKAGE filled in.
    let nothing = pkg.run(["upgrade", "--install", "fresh", "-n", &ns, "--yes"]);
    let error = nothing.fails(1).to_string();
    pkg.run_hint(
        &error.replace("PACKAGE", "./plain"),
        &["--yes", "--wait=false"],
    )
    .ok();
    assert_eq!(pkg.statuses("fresh", &ns), ["deployed"]);
}

#[test]
fn with_no_repository_the_repo_add_suggested_works_once_its_placeholders_are_filled() {
    // The published examples' repository stands in for NAME and oci://HOST/PATH.
    let url = crate::examples::published();
    let fill = |text: &str| {
        text.replace("NAME", "examples")
            .replace("oci://HOST/PATH", url)
    };
    let pkg = Pkg::new();
    // A bare name with nothing configured, REPO/NAME of an unknown one, and
    // `repo list`: each names the same command.
    let bare = pkg.run(["show", "hello-web"]);
    let error = bare.fails(1).to_string();
    assert!(error.contains("none is configured"), "{error}");
    let unknown = pkg.run(["show", "examples/hello-web"]);
    let unknown_error = unknown.fails(1).to_string();
    let listed = pkg.run(["repo", "list"]);
    for text in [&error, &unknown_error, &listed.stderr] {
        assert!(
            text.contains("`kubectl pkg repo add NAME oci://HOST/PATH`"),
            "{text}"
        );
    }
    pkg.run_hint(&fill(&error), &[]).ok();
    // The command the hint led to makes the first one work.
    pkg.run(["show", "hello-web"]).ok();
}

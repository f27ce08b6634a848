//! The environment script itself: a second, isolated environment (own state
//! directory and ports) goes up, reports, and comes down leaving nothing.

use std::process::Command;

use kubectl_pkg_e2e::repo_root;

fn script(state: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(repo_root().join("tests/env/cluster"))
        .args(args)
        .env("PKG_ENV_STATE", state)
        // Below the kernel's ephemeral range (32768 and up), which the other
        // tests' thousands of connections draw their local ports from: a port
        // there can be taken by one of them just when this environment binds it.
        .env("PKG_ENV_PORT_BASE", "27400")
        .output()
        .unwrap()
}

/// Brings the environment at `state` down when dropped, so a failing
/// assertion leaves no process behind (down does nothing once it is down).
struct DownOnDrop<'a>(&'a std::path::Path);

impl Drop for DownOnDrop<'_> {
    fn drop(&mut self) {
        script(self.0, &["down"]);
    }
}

#[test]
fn up_is_idempotent_and_down_leaves_no_process_and_no_state() {
    let parent = tempfile::tempdir().unwrap();
    let state = parent.path().join("env");
    let _down = DownOnDrop(&state);
    let up = script(&state, &["up"]);
    assert!(
        up.status.success(),
        "{}",
        String::from_utf8_lossy(&up.stderr)
    );
    let exports = String::from_utf8_lossy(&up.stdout).to_string();
    assert!(
        exports.contains("export PKG_TEST_REGISTRY=127.0.0.1:27450"),
        "{exports}"
    );
    assert!(
        exports.contains(&format!("export KUBECONFIG={}/kubeconfig", state.display())),
        "{exports}"
    );
    let kubeconfig = std::fs::read_to_string(state.join("kubeconfig")).unwrap();
    assert!(
        kubeconfig.contains("certificate-authority-data:"),
        "TLS is verified: {kubeconfig}"
    );
    assert!(!kubeconfig.contains("insecure-skip-tls-verify"));

    let again = script(&state, &["up"]);
    assert!(again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        exports,
        "a second up changes nothing"
    );
    let status = script(&state, &["status"]);
    assert!(status.status.success());
    assert_eq!(
        String::from_utf8_lossy(&status.stdout)
            .matches("running")
            .count(),
        7,
        "etcd, three API servers (the first cluster, eu and us), two registries and the git server"
    );

    let down = script(&state, &["down"]);
    assert!(
        down.status.success(),
        "{}",
        String::from_utf8_lossy(&down.stderr)
    );
    assert!(!state.exists(), "state removed");
    let leftovers = Command::new("pgrep")
        .args(["-f", &state.display().to_string()])
        .output()
        .unwrap();
    assert!(
        leftovers.stdout.is_empty(),
        "processes left: {}",
        String::from_utf8_lossy(&leftovers.stdout)
    );
    let status = script(&state, &["status"]);
    assert_eq!(status.status.code(), Some(3), "status says it is down");
}

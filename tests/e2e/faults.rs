//! A busy or flaky API server: requests turned away by priority and fairness
//! are retried after the delay the server asks for, and a connection dropped in
//! the middle of an apply leaves a failed revision with the reason that the
//! next command continues from.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kubectl_pkg_e2e::{Pkg, config_maps, parse_json};
use serde_json::json;

fn apply_json(pkg: &Pkg, name: &str, document: &serde_json::Value) {
    let path = pkg.work.path().join(format!("{name}.json"));
    std::fs::write(&path, document.to_string()).unwrap();
    pkg.kubectl(["apply", "-f", path.to_str().unwrap()]).ok();
}

/// Requests the API server rejected for a priority level, from its metrics.
fn rejected(pkg: &Pkg, priority_level: &str) -> u64 {
    let metrics = pkg.kubectl(["get", "--raw", "/metrics"]);
    metrics
        .ok()
        .lines()
        .filter(|l| {
            l.starts_with("apiserver_flowcontrol_rejected_requests_total{")
                && l.contains(&format!("priority_level=\"{priority_level}\""))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64
}

#[test]
fn requests_rejected_by_priority_and_fairness_are_retried_and_the_install_completes() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("throttled");
    // The restricted user may do anything in this namespace…
    apply_json(
        &pkg,
        "role",
        &json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
            "metadata": {"name": "everything", "namespace": ns},
            "rules": [{"apiGroups": ["*"], "resources": ["*"], "verbs": ["*"]}]}),
    );
    apply_json(
        &pkg,
        "binding",
        &json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
            "metadata": {"name": "everything", "namespace": ns},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "everything"},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "restricted"}]}),
    );
    // …through a priority level with the smallest share and no queue: what
    // does not fit at once is answered 429 with Retry-After.
    apply_json(
        &pkg,
        "level",
        &json!({"apiVersion": "flowcontrol.apiserver.k8s.io/v1beta1", "kind": "PriorityLevelConfiguration",
            "metadata": {"name": ns},
            "spec": {"type": "Limited", "limited": {"assuredConcurrencyShares": 1, "limitResponse": {"type": "Reject"}}}}),
    );
    apply_json(
        &pkg,
        "schema",
        &json!({"apiVersion": "flowcontrol.apiserver.k8s.io/v1beta1", "kind": "FlowSchema",
            "metadata": {"name": ns},
            "spec": {"priorityLevelConfiguration": {"name": ns}, "matchingPrecedence": 500,
                "distinguisherMethod": {"type": "ByUser"},
                "rules": [{"subjects": [{"kind": "User", "user": {"name": "restricted"}}],
                    "resourceRules": [{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"], "namespaces": [ns]}]}]}}),
    );
    pkg.write_package("v1", "app", "1.0.0", &config_maps("cm", 100, "1"));
    let before = rejected(&pkg, &ns);

    let install = pkg.run([
        "install",
        "./v1",
        "-n",
        &ns,
        "--context",
        "restricted",
        "--yes",
        "--wait=false",
    ]);
    install.ok();
    let turned_away = rejected(&pkg, &ns) - before;
    assert!(
        turned_away > 0,
        "the API server turned no request away; the test proves nothing"
    );
    assert_eq!(pkg.release_objects(&ns, "configmaps", "app").len(), 100);
    eprintln!("{turned_away} requests were answered 429 and retried");
    pkg.kubectl(["delete", "flowschema,prioritylevelconfiguration", &ns])
        .ok();
}

/// A TCP relay to the API server that can drop the connections it carries at
/// the moment a request is in flight: a network blip in the middle of an apply.
/// Connections opened later are relayed again.
struct Relay {
    port: u16,
    /// Bumped when the blip happens: connections opened before it are reset.
    cuts: Arc<AtomicUsize>,
    /// Set by [`cut`](Self::cut): the next request to arrive is not forwarded,
    /// and every open connection (its own included) is reset.
    armed: Arc<AtomicBool>,
}

impl Relay {
    fn start(upstream: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let relay = Relay {
            port,
            cuts: Arc::default(),
            armed: Arc::default(),
        };
        let (cuts, armed) = (relay.cuts.clone(), relay.armed.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(&upstream) else {
                    continue;
                };
                let epoch = cuts.load(Ordering::SeqCst);
                let directions = [
                    (
                        client.try_clone().unwrap(),
                        server.try_clone().unwrap(),
                        Some(armed.clone()),
                    ),
                    (server, client, None),
                ];
                for (from, to, trigger) in directions {
                    let cuts = cuts.clone();
                    std::thread::spawn(move || {
                        copy_until_cut(from, to, &cuts, epoch, trigger.as_deref())
                    });
                }
            }
        });
        relay
    }

    /// Drops the next request in flight, and with it every open connection.
    /// Cutting only idle connections would prove nothing: the client just
    /// opens new ones.
    fn cut(&self) {
        self.armed.store(true, Ordering::SeqCst);
    }
}

/// Copies `from` to `to` until either end closes or a cut after `epoch`. Bytes
/// read while `trigger` is armed are not forwarded: they make the cut.
fn copy_until_cut(
    mut from: TcpStream,
    mut to: TcpStream,
    cuts: &AtomicUsize,
    epoch: usize,
    trigger: Option<&AtomicBool>,
) {
    from.set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let mut buffer = [0u8; 16384];
    loop {
        if cuts.load(Ordering::SeqCst) != epoch {
            break;
        }
        match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                if trigger.is_some_and(|armed| armed.swap(false, Ordering::SeqCst)) {
                    cuts.fetch_add(1, Ordering::SeqCst);
                    break;
                }
                if to.write_all(&buffer[..n]).is_err() {
                    break;
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    let _ = from.shutdown(Shutdown::Both);
    let _ = to.shutdown(Shutdown::Both);
}

#[test]
fn a_connection_dropped_mid_apply_fails_the_revision_with_the_reason_and_the_next_upgrade_continues()
 {
    let pkg = Pkg::new();
    let ns = pkg.namespace("dropped");
    pkg.write_package("v1", "app", "1.0.0", &config_maps("old", 3, "1"));
    let v2: Vec<(String, String)> = config_maps("old", 3, "2")
        .into_iter()
        .chain(config_maps("new", 1500, "2"))
        .collect();
    pkg.write_package("v2", "app", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    // The same kubeconfig, with the API server behind the relay (its
    // certificate names 127.0.0.1, so TLS still verifies).
    let kubeconfig = std::fs::read_to_string(&pkg.env.kubeconfig).unwrap();
    let server = kubeconfig
        .lines()
        .find_map(|l| l.trim().strip_prefix("server: https://"))
        .expect("a server in the kubeconfig")
        .to_string();
    let relay = Relay::start(server.clone());
    let relayed = pkg.work.path().join("relayed-kubeconfig");
    std::fs::write(
        &relayed,
        kubeconfig.replace(
            &format!("https://{server}"),
            &format!("https://127.0.0.1:{}", relay.port),
        ),
    )
    .unwrap();

    let stderr_path = pkg.work.path().join("upgrade.stderr");
    let mut upgrade = pkg
        .command(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .env("KUBECONFIG", &relayed)
        // Files, not pipes: the plan of 1,500 objects outgrows a pipe's buffer.
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !pkg.exists(&ns, "configmap/new-0") {
        assert!(Instant::now() < deadline, "the apply never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    relay.cut();
    let status = upgrade.wait().unwrap();
    let stderr = std::fs::read_to_string(&stderr_path).unwrap();
    // The plan's 1,500 lines would hide the end, which says what went wrong.
    let last_lines: Vec<&str> = stderr.lines().rev().take(10).collect();
    assert_eq!(status.code(), Some(1), "stderr ends with {last_lines:#?}");
    assert!(
        stderr.contains("cannot reach the API server"),
        "a clear message: {last_lines:#?}"
    );

    let history = parse_json(pkg.run(["history", "app", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history[0]["status"], "deployed", "{history}");
    assert_eq!(history[1]["status"], "failed", "{history}");
    assert!(
        history[1]["message"]
            .as_str()
            .unwrap()
            .contains("cannot reach the API server"),
        "the reason is recorded: {history}"
    );

    pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        pkg.statuses("app", &ns),
        ["superseded", "failed", "deployed"]
    );
    assert_eq!(pkg.release_objects(&ns, "configmaps", "app").len(), 1503);
}

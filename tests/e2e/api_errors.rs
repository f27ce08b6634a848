//! The API server refusing writes in the middle of an apply (issue 8): a 422
//! validation error the dry run could not see, a 409 conflict, a 503 that
//! passes and one that persists. Each is retried (503) or fails the revision
//! with the server's reason, and the next command continues the release.
//!
//! The 422 is the real server's: a custom resource that breaks the schema of
//! the CRD its own package creates (its dry run has to wait for the CRD).
//! Conflicts and outages cannot be provoked on demand, so a small HTTP proxy in
//! front of `kubectl proxy` (which forwards to the real API server as the
//! admin) answers chosen writes with the status the server would send.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kubectl_pkg_e2e::{Pkg, config_maps};
use serde_json::json;

/// A write to answer with an error instead of forwarding.
#[derive(Clone)]
struct Fault {
    /// The object's path segment, such as `configmaps/app-1`.
    object: String,
    status: u16,
    reason: &'static str,
    retry_after: Option<u32>,
    /// How many matching writes get the error; later ones are forwarded.
    times: usize,
}

/// One write the proxy saw.
struct SeenWrite {
    at: Instant,
    path: String,
    refused: bool,
}

/// `kubectl proxy` and an HTTP proxy in front of it that can refuse writes.
struct FaultyApiServer {
    kubeconfig: PathBuf,
    fault: Arc<Mutex<Option<Fault>>>,
    writes: Arc<Mutex<Vec<SeenWrite>>>,
    kubectl_proxy: Child,
}

impl Drop for FaultyApiServer {
    fn drop(&mut self) {
        let _ = self.kubectl_proxy.kill();
        let _ = self.kubectl_proxy.wait();
    }
}

impl FaultyApiServer {
    fn start(pkg: &Pkg) -> FaultyApiServer {
        let mut kubectl_proxy = Command::new("kubectl")
            .args([
                "proxy",
                "--port=0",
                "--address=127.0.0.1",
                "--context=admin",
            ])
            .env("KUBECONFIG", &pkg.env.kubeconfig)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kubectl proxy starts");
        let mut line = String::new();
        BufReader::new(kubectl_proxy.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let upstream = line
            .trim()
            .strip_prefix("Starting to serve on ")
            .unwrap_or_else(|| panic!("kubectl proxy said {line:?}"))
            .to_string();

        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let fault: Arc<Mutex<Option<Fault>>> = Arc::default();
        let writes: Arc<Mutex<Vec<SeenWrite>>> = Arc::default();
        let (shared_fault, shared_writes) = (fault.clone(), writes.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let (upstream, fault, writes) = (
                    upstream.clone(),
                    shared_fault.clone(),
                    shared_writes.clone(),
                );
                std::thread::spawn(move || serve(client, &upstream, &fault, &writes));
            }
        });

        let kubeconfig = pkg.work.path().join("faulty-kubeconfig");
        std::fs::write(
            &kubeconfig,
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {{server: 'http://{address}'}}\nusers:\n- name: u\n  user: {{}}\ncontexts:\n- name: c\n  context: {{cluster: c, user: u}}\ncurrent-context: c\n"
            ),
        )
        .unwrap();
        FaultyApiServer {
            kubeconfig,
            fault,
            writes,
            kubectl_proxy,
        }
    }

    fn refuse(&self, fault: Fault) {
        *self.fault.lock().unwrap() = Some(fault);
    }

    /// When each write of `object` reached the proxy, and whether it was refused.
    fn writes_of(&self, object: &str) -> Vec<(Instant, bool)> {
        let suffix = format!("/{object}");
        self.writes
            .lock()
            .unwrap()
            .iter()
            .filter(|w| w.path.ends_with(&suffix))
            .map(|w| (w.at, w.refused))
            .collect()
    }

    /// kubectl-pkg through this server, with the same arguments.
    fn run(&self, pkg: &Pkg, args: &[&str]) -> kubectl_pkg_e2e::Run {
        kubectl_pkg_e2e::Run::from(
            pkg.command(args)
                .env("KUBECONFIG", &self.kubeconfig)
                .output()
                .unwrap(),
        )
    }
}

/// One request per connection: read it, then refuse it or forward it (with
/// `Connection: close`, so the answer ends where the upstream connection does).
fn serve(
    mut client: TcpStream,
    upstream: &str,
    fault: &Mutex<Option<Fault>>,
    writes: &Mutex<Vec<SeenWrite>>,
) {
    let mut reader = BufReader::new(client.try_clone().unwrap());
    let mut head = Vec::new();
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
        if line == "\r\n" {
            break;
        }
        if !line.to_ascii_lowercase().starts_with("connection:") {
            head.push(line);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();

    let mut request_line = head[0].split(' ');
    let (method, target) = (request_line.next().unwrap(), request_line.next().unwrap());
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let is_write = method == "PATCH" && !query.contains("dryRun");
    let refused = is_write.then(|| {
        let mut fault = fault.lock().unwrap();
        let refuse = fault
            .as_mut()
            .filter(|f| f.times > 0 && path.ends_with(&format!("/{}", f.object)))?;
        refuse.times -= 1;
        Some(refuse.clone())
    });
    if is_write {
        writes.lock().unwrap().push(SeenWrite {
            at: Instant::now(),
            path: path.to_string(),
            refused: matches!(refused, Some(Some(_))),
        });
    }
    if let Some(Some(fault)) = refused {
        let status = json!({
            "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
            "message": format!("injected by the test: {} for {}", fault.reason, fault.object),
            "reason": fault.reason, "code": fault.status,
        })
        .to_string();
        let retry_after = fault
            .retry_after
            .map(|s| format!("Retry-After: {s}\r\n"))
            .unwrap_or_default();
        let _ = write!(
            client,
            "HTTP/1.1 {} Refused\r\nContent-Type: application/json\r\n{retry_after}Content-Length: {}\r\nConnection: close\r\n\r\n{status}",
            fault.status,
            status.len()
        );
        return;
    }
    let Ok(mut server) = TcpStream::connect(upstream) else {
        return;
    };
    let mut request = head.concat().into_bytes();
    request.extend_from_slice(b"Connection: close\r\n\r\n");
    request.extend_from_slice(&body);
    if server.write_all(&request).is_ok() {
        let _ = std::io::copy(&mut server, &mut client);
    }
}

#[test]
fn a_503_with_retry_after_is_waited_out_and_a_409_fails_the_revision_until_the_next_upgrade() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("conflict");
    let api = FaultyApiServer::start(&pkg);
    for (dir, version) in [("v1", "1"), ("v2", "2"), ("v3", "3")] {
        pkg.write_package(
            dir,
            "app",
            &format!("{version}.0.0"),
            &config_maps("cm", 3, version),
        );
    }
    api.run(
        &pkg,
        &["install", "./v1", "-n", &ns, "--yes", "--wait=false"],
    )
    .ok();

    // Busy twice, asking for a second each time: waited out, then applied.
    api.refuse(Fault {
        object: "configmaps/cm-1".into(),
        status: 503,
        reason: "ServiceUnavailable",
        retry_after: Some(1),
        times: 2,
    });
    api.run(
        &pkg,
        &["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"],
    )
    .ok();
    let writes = api.writes_of("configmaps/cm-1");
    let refused: Vec<bool> = writes.iter().map(|(_, r)| *r).collect();
    assert_eq!(
        refused[1..],
        [true, true, false],
        "install, two refusals, one retry that went through"
    );
    for pair in writes[1..].windows(2) {
        assert!(
            pair[1].0 - pair[0].0 >= Duration::from_millis(950),
            "the retry waited for Retry-After"
        );
    }
    assert_eq!(pkg.statuses("app", &ns), ["superseded", "deployed"]);

    // A conflict is not retried: the revision fails with the server's reason.
    api.refuse(Fault {
        object: "configmaps/cm-2".into(),
        status: 409,
        reason: "Conflict",
        retry_after: None,
        times: usize::MAX,
    });
    let run = api.run(
        &pkg,
        &["upgrade", "app", "./v3", "-n", &ns, "--yes", "--wait=false"],
    );
    let stderr = run.fails(1);
    assert!(
        stderr.contains("cm-2") && stderr.contains("Conflict, HTTP 409"),
        "{stderr}"
    );
    let history = pkg.history("app", &ns);
    assert_eq!(history[2]["status"], "failed");
    assert!(
        history[2]["message"]
            .as_str()
            .unwrap()
            .contains("Conflict, HTTP 409"),
        "the reason is recorded: {history:?}"
    );

    // The next command continues from there.
    pkg.run(["upgrade", "app", "./v3", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        pkg.statuses("app", &ns),
        ["superseded", "superseded", "failed", "deployed"]
    );
    let data = pkg
        .kubectl([
            "get",
            "configmap",
            "cm-2",
            "-n",
            &ns,
            "-o",
            "jsonpath={.data.version}",
        ])
        .ok()
        .to_string();
    assert_eq!(data, "3");
}

#[test]
fn a_server_that_stays_unavailable_fails_the_apply_after_bounded_retries() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("unavailable");
    let api = FaultyApiServer::start(&pkg);
    pkg.write_package("v1", "app", "1.0.0", &config_maps("cm", 2, "1"));
    pkg.write_package("v2", "app", "2.0.0", &config_maps("cm", 2, "2"));
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    api.refuse(Fault {
        object: "configmaps/cm-0".into(),
        status: 503,
        reason: "ServiceUnavailable",
        retry_after: None,
        times: usize::MAX,
    });
    let started = Instant::now();
    let run = api.run(
        &pkg,
        &["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"],
    );
    let took = started.elapsed();
    let stderr = run.fails(1);
    assert!(
        stderr.contains("cm-0") && stderr.contains("ServiceUnavailable, HTTP 503"),
        "{stderr}"
    );
    // The first attempt and six retries, backing off, then it gives up.
    assert_eq!(api.writes_of("configmaps/cm-0").len(), 7);
    assert!(took < Duration::from_secs(45), "gave up in {took:?}");
    assert_eq!(pkg.statuses("app", &ns), ["deployed", "failed"]);

    pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        pkg.statuses("app", &ns),
        ["superseded", "failed", "deployed"]
    );
}

/// A CRD whose schema wants a `size` of at most 10, and a custom resource of it.
fn sized_package(pkg: &Pkg, dir: &str, version: &str, group: &str, size: &str) {
    let crd = format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: boxes.{group}}}
spec:
  group: {group}
  scope: Namespaced
  names: {{plural: boxes, singular: box, kind: Box}}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {{type: integer, maximum: 10}}
"
    );
    let custom = format!(
        "apiVersion: {group}/v1\nkind: Box\nmetadata: {{name: small}}\nspec: {{size: {size}}}\n"
    );
    pkg.write_package(
        dir,
        "boxes",
        version,
        &[("crd.yaml", crd), ("box.yaml", custom)],
    );
}

#[test]
fn a_validation_error_only_the_apply_can_see_fails_the_install_and_a_fixed_package_installs() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("invalid");
    let group = format!("{ns}.example.com");
    sized_package(&pkg, "broken", "1.0.0", &group, "100");
    sized_package(&pkg, "fixed", "1.0.1", &group, "3");

    let plan = pkg.run(["install", "./broken", "-n", &ns, "--dry-run"]);
    assert!(
        plan.ok().contains("validated after the CRD"),
        "the dry run cannot validate it yet: {}",
        plan.stdout
    );
    let run = pkg.run(["install", "./broken", "-n", &ns, "--yes", "--wait=false"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains(&format!("Box/{ns}/small")),
        "names the object: {stderr}"
    );
    assert!(
        stderr.contains("Invalid, HTTP 422") && stderr.contains("spec.size"),
        "the server's reason: {stderr}"
    );
    let history = pkg.history("boxes", &ns);
    assert_eq!(history[0]["status"], "failed");
    assert!(
        history[0]["message"]
            .as_str()
            .unwrap()
            .contains("spec.size")
    );

    pkg.run(["install", "./fixed", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses("boxes", &ns), ["failed", "deployed"]);
    let size = pkg
        .kubectl([
            "get",
            &format!("boxes.{group}"),
            "small",
            "-n",
            &ns,
            "-o",
            "jsonpath={.spec.size}",
        ])
        .ok()
        .to_string();
    assert_eq!(size, "3");
    pkg.run(["uninstall", "boxes", "-n", &ns, "--yes"]).ok();
}

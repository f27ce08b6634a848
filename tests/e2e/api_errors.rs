//! The API server refusing writes in the middle of an apply (issue 8): a 422
//! validation error the dry run could not see, a 409 conflict, a 503 that
//! passes and one that persists. Each is retried (503) or fails the revision
//! with the server's reason, and the next command continues the release.
//!
//! The 422 is the real server's: a custom resource that breaks the schema of
//! the CRD its own package creates (its dry run has to wait for the CRD).
//! Conflicts and outages cannot be provoked on demand, so a small HTTP proxy in
//! front of `kubectl proxy` (which forwards to the real API server as the
//! admin) answers chosen writes with the status the server would send; the
//! same proxy counts the requests planning makes.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use kubectl_pkg_e2e::fault_proxy::{FaultProxy, Refusal};
use kubectl_pkg_e2e::{Pkg, Run, config_maps};

/// `kubectl proxy` to the real API server, behind a [`FaultProxy`].
struct FaultyApiServer {
    proxy: FaultProxy,
    kubeconfig: PathBuf,
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
            .unwrap_or_else(|| panic!("kubectl proxy said {line:?}"));
        let proxy = FaultProxy::start(upstream);
        let kubeconfig = pkg.work.path().join("faulty-kubeconfig");
        std::fs::write(
            &kubeconfig,
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {{server: 'http://{}'}}\nusers:\n- name: u\n  user: {{}}\ncontexts:\n- name: c\n  context: {{cluster: c, user: u}}\ncurrent-context: c\n",
                proxy.addr
            ),
        )
        .unwrap();
        FaultyApiServer {
            proxy,
            kubeconfig,
            kubectl_proxy,
        }
    }

    /// Refuses real (not dry-run) applies of `object` (`configmaps/NAME`).
    fn refuse_writes(
        &self,
        object: &str,
        status: u16,
        reason: &'static str,
        retry_after: Option<u32>,
        times: usize,
    ) {
        self.proxy.refuse(Refusal {
            method: "PATCH",
            path_contains: format!("/{object}"),
            unless_query_has: Some("dryRun"),
            status,
            reason,
            retry_after,
            times,
        });
    }

    /// When each real write of `object` arrived, and whether it was refused.
    fn writes_of(&self, object: &str) -> Vec<(Instant, bool)> {
        self.proxy
            .seen("PATCH", &format!("/{object}"))
            .iter()
            .filter(|s| !s.query.contains("dryRun"))
            .map(|s| (s.at, s.refused))
            .collect()
    }

    /// kubectl-pkg through this server, with the same arguments.
    fn run(&self, pkg: &Pkg, args: &[&str]) -> Run {
        Run::from(
            pkg.command(args)
                .env("KUBECONFIG", &self.kubeconfig)
                .output()
                .unwrap(),
        )
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
    api.refuse_writes("configmaps/cm-1", 503, "ServiceUnavailable", Some(1), 2);
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
    api.refuse_writes("configmaps/cm-2", 409, "Conflict", None, usize::MAX);
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

    api.refuse_writes(
        "configmaps/cm-0",
        503,
        "ServiceUnavailable",
        None,
        usize::MAX,
    );
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

/// Issue 49: a custom resource its CRD's schema refuses (here `size` over
/// the maximum), the CRD in the same package, is refused when planned,
/// naming the object and the field, before anything is written (it used to
/// fail halfway through the apply); the fixed package installs.
#[test]
fn a_custom_resource_its_new_crd_refuses_is_refused_at_plan_time_and_a_fixed_package_installs() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("invalid");
    let group = format!("{ns}.example.com");
    sized_package(&pkg, "broken", "1.0.0", &group, "100");
    sized_package(&pkg, "fixed", "1.0.1", &group, "3");

    let plan = pkg.run(["install", "./broken", "-n", &ns, "--dry-run"]);
    let stderr = plan.fails(1).to_string();
    assert!(
        stderr.contains(&format!(
            "Box.{group}/{ns}/small: /spec/size: 100 is greater than the maximum of 10"
        )),
        "names the object and the field: {stderr}"
    );
    let run = pkg.run(["install", "./broken", "-n", &ns, "--yes", "--wait=false"]);
    run.fails(1);
    assert!(
        pkg.run(["history", "boxes", "-n", &ns]).code != 0,
        "a refused plan records nothing"
    );
    let crd = pkg.kubectl(["get", "crd", &format!("boxes.{group}")]);
    assert_ne!(
        crd.code, 0,
        "a refused plan writes nothing, not even the CRD"
    );

    pkg.run(["install", "./fixed", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses("boxes", &ns), ["deployed"]);
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

#[test]
fn one_list_tells_which_of_many_objects_exist_and_an_unowned_one_is_still_a_conflict() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("listed");
    let api = FaultyApiServer::start(&pkg);
    pkg.write_package("v1", "app", "1.0.0", &config_maps("cm", 20, "1"));
    pkg.kubectl(["create", "configmap", "cm-7", "-n", &ns]).ok();

    let run = api.run(&pkg, &["install", "./v1", "-n", &ns, "--dry-run"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains(&format!("ConfigMap/{ns}/cm-7"))
            && stderr.contains("no kubectl-pkg release"),
        "{stderr}"
    );
    let reads = api
        .proxy
        .seen("GET", &format!("/namespaces/{ns}/configmaps"));
    let (lists, gets): (Vec<_>, Vec<_>) =
        reads.iter().partition(|s| s.path.ends_with("/configmaps"));
    assert_eq!(lists.len(), 1, "one list for 20 ConfigMaps: {reads:?}");
    assert!(
        gets.is_empty(),
        "the list returns the live objects: none is read again: {gets:?}"
    );

    pkg.kubectl(["delete", "configmap", "cm-7", "-n", &ns]).ok();
    api.run(
        &pkg,
        &["install", "./v1", "-n", &ns, "--yes", "--wait=false"],
    )
    .ok();
    assert_eq!(pkg.release_objects(&ns, "configmaps", "app").len(), 20);

    // An upgrade diffs, and an uninstall prunes, every object: from lists too.
    let single_reads = || {
        api.proxy
            .seen("GET", &format!("/namespaces/{ns}/configmaps/"))
            .len()
    };
    let before = single_reads();
    pkg.write_package("v2", "app", "1.0.1", &config_maps("cm", 20, "2"));
    api.run(&pkg, &["upgrade", "app", "./v2", "-n", &ns, "--dry-run"])
        .ok();
    api.run(&pkg, &["uninstall", "app", "-n", &ns, "--dry-run"])
        .ok();
    assert_eq!(single_reads(), before, "no object read one by one");
}

/// A kubeconfig whose one context points at `server`.
fn kubeconfig_for(pkg: &Pkg, server: &str) -> PathBuf {
    let path = pkg.work.path().join("unreachable.kubeconfig");
    std::fs::write(
        &path,
        format!(
            "apiVersion: v1\nkind: Config\nclusters: [{{name: c, cluster: {{server: \"{server}\"}}}}]\nusers: [{{name: u, user: {{token: t}}}}]\ncontexts: [{{name: c, context: {{cluster: c, user: u}}}}]\ncurrent-context: c\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn a_missing_context_a_refused_connection_and_a_silent_server_are_named() {
    let pkg = Pkg::new();
    let missing = pkg.run(["list", "--context", "nope"]);
    assert!(
        missing
            .fails(1)
            .contains("context \"nope\" does not exist (the kubeconfig has: admin, restricted, canary, eu, us)"),
        "{}",
        missing.stderr
    );

    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let list_against = |server: String| {
        let config = kubeconfig_for(&pkg, &server);
        Run::from(
            pkg.command(["list"])
                .env("KUBECONFIG", &config)
                .output()
                .unwrap(),
        )
    };
    let refused = list_against(format!("https://127.0.0.1:{port}"));
    assert!(
        refused.fails(1).contains(&format!(
            "the connection to the server 127.0.0.1:{port} was refused"
        )),
        "{}",
        refused.stderr
    );

    // A server that accepts connections and never says a word.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let silent_port = silent.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for connection in silent.incoming().flatten() {
            held.push(connection);
        }
    });
    let started = Instant::now();
    let timed_out = list_against(format!("https://127.0.0.1:{silent_port}"));
    assert!(
        timed_out.fails(1).contains(&format!(
            "the server 127.0.0.1:{silent_port} did not answer in time"
        )),
        "{}",
        timed_out.stderr
    );
    assert!(
        started.elapsed() < Duration::from_secs(40),
        "gave up in time"
    );
}

/// Issue 52: the server's message for an object with 400 invalid labels is
/// over 100 KB on one line; the error shows its start and says `-v` shows
/// the rest, which it does.
#[test]
fn a_long_rejection_is_cut_to_its_start_and_shown_whole_with_verbose() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("longerror");
    let labels: String = (0..400)
        .map(|i| format!("    bad label {i}: x\n"))
        .collect();
    let config_map = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n{labels}data: {{}}\n"
    );
    pkg.write_package("app", "app", "1.0.0", &[("cm.yaml", config_map.as_str())]);
    let install = ["install", "./app", "-n", &ns, "--dry-run"];
    let short = pkg.run(install);
    let stderr = short.fails(1);
    assert!(stderr.len() < 1000, "{} bytes:\n{stderr}", stderr.len());
    assert!(
        stderr.starts_with("error: ConfigMap/") && stderr.contains("is invalid"),
        "{stderr}"
    );
    assert!(
        stderr.contains("more bytes; -v shows the whole message)"),
        "{stderr}"
    );
    let whole = pkg.run([&install[..], &["-v"]].concat());
    let stderr = whole.fails(1);
    assert!(stderr.len() > 100_000, "{} bytes", stderr.len());
    assert!(stderr.contains("\"bad label 399\""), "every label is named");
}

//! The end-to-end test harness: a real API server and real registries from
//! `tests/env/cluster`, the real `kubectl-pkg` binary, and per-test isolation.
//!
//! Every test gets its own config directory (repositories), its own Docker
//! config (credentials) and unique names for namespaces and repository paths,
//! so tests run in parallel and re-run without cleanup. If the environment is
//! not up, the harness brings it up; if that fails, it panics with the
//! script's message. It never skips.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use base64::Engine;

pub mod fault_proxy;

/// What `tests/env/cluster` reports about the running environment.
#[derive(Debug, Clone)]
pub struct TestEnv {
    /// Kubeconfig with contexts `admin` and `restricted`.
    pub kubeconfig: PathBuf,
    /// The plain-HTTP registry, `127.0.0.1:PORT`.
    pub registry: String,
    /// The TLS + basic-auth registry.
    pub registry_auth: String,
    /// The CA that signed the auth registry's certificate.
    pub registry_auth_ca: PathBuf,
    /// User name for the auth registry.
    pub registry_auth_user: String,
    /// Password for the auth registry.
    pub registry_auth_password: String,
    /// Storage directory of the plain registry (for corruption tests).
    pub registry_storage: PathBuf,
    /// The ytt that renders Carvel packages (on PATH, or built and cached by
    /// the script); the binary gets it as `KUBECTL_PKG_YTT`.
    pub ytt: PathBuf,
    /// The stand-in for `imgpkg push -b REF -f DIR` (tests/env/imgpkg-push):
    /// bundles written as imgpkg writes them.
    pub imgpkg_push: PathBuf,
    /// The git server (`git http-backend`), `http://127.0.0.1:PORT`.
    pub git_http: String,
    /// The directory of the bare repositories it serves (`NAME.git`).
    pub git_root: PathBuf,
}

impl TestEnv {
    /// Where the plain registry stores the blob with this `sha256:` digest.
    pub fn registry_blob(&self, digest: &str) -> PathBuf {
        let hex = digest.strip_prefix("sha256:").expect("a sha256 digest");
        self.registry_storage.join(format!(
            "docker/registry/v2/blobs/sha256/{}/{hex}/data",
            &hex[..2]
        ))
    }
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The environment, started on first use.
pub fn env() -> &'static TestEnv {
    static ENV: OnceLock<TestEnv> = OnceLock::new();
    ENV.get_or_init(|| {
        let script = repo_root().join("tests/env/cluster");
        let running = Command::new(&script)
            .arg("env")
            .output()
            .expect("tests/env/cluster runs");
        let output = if running.status.success() {
            running
        } else {
            let up = Command::new(&script)
                .arg("up")
                .output()
                .expect("tests/env/cluster runs");
            assert!(
                up.status.success(),
                "the test environment is not up and `tests/env/cluster up` failed:\n{}",
                String::from_utf8_lossy(&up.stderr)
            );
            up
        };
        let exports: HashMap<String, String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| line.strip_prefix("export "))
            .filter_map(|line| line.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let get = |key: &str| {
            exports
                .get(key)
                .unwrap_or_else(|| panic!("tests/env/cluster did not export {key}"))
                .clone()
        };
        TestEnv {
            kubeconfig: get("KUBECONFIG").into(),
            registry: get("PKG_TEST_REGISTRY"),
            registry_auth: get("PKG_TEST_REGISTRY_AUTH"),
            registry_auth_ca: get("PKG_TEST_REGISTRY_AUTH_CA").into(),
            registry_auth_user: get("PKG_TEST_REGISTRY_AUTH_USER"),
            registry_auth_password: std::fs::read_to_string(get(
                "PKG_TEST_REGISTRY_AUTH_PASSWORD_FILE",
            ))
            .expect("the registry password file is readable")
            .trim()
            .to_string(),
            registry_storage: get("PKG_TEST_REGISTRY_STORAGE").into(),
            ytt: get("PKG_TEST_YTT").into(),
            imgpkg_push: get("PKG_TEST_IMGPKG_PUSH").into(),
            git_http: get("PKG_TEST_GIT_HTTP"),
            git_root: get("PKG_TEST_GIT_ROOT").into(),
        }
    })
}

/// Waits (up to a minute) until `condition` holds, failing the test naming
/// `what` otherwise.
pub fn eventually(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !condition() {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting: {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A name no other test (or earlier run) uses: `prefix-<time><pid><n>`, a DNS label.
pub fn unique(prefix: &str) -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the clock is after 1970")
        .as_secs();
    format!(
        "{prefix}-{}{}{}",
        seconds % 1_000_000,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The `kubectl-pkg` binary built by `cargo test --workspace`.
pub fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>");
    let binary = profile_dir.join("kubectl-pkg");
    assert!(
        binary.exists(),
        "{} is missing: run the tests with `cargo test --workspace`",
        binary.display()
    );
    binary
}

/// One test's view of the tool: its own config and Docker directories.
pub struct Pkg {
    /// The environment.
    pub env: &'static TestEnv,
    config_dir: tempfile::TempDir,
    docker_dir: tempfile::TempDir,
    /// Working directory for fixtures.
    pub work: tempfile::TempDir,
}

/// The outcome of one run of the binary.
#[derive(Debug)]
pub struct Run {
    /// Exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The outcome of a finished process.
    pub fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// Asserts success and returns stdout.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(
            self.code, 0,
            "expected success\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        &self.stdout
    }

    /// Asserts failure with `code` and returns stderr.
    #[track_caller]
    pub fn fails(&self, code: i32) -> &str {
        assert_eq!(
            self.code, code,
            "expected exit {code}\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        &self.stderr
    }
}

/// A command running on a pseudo-terminal: what it showed so far, and a
/// keyboard (bytes typed reach it as from a person; `\x03` is Ctrl-C).
pub struct Terminal {
    child: std::process::Child,
    screen: std::sync::Arc<std::sync::Mutex<String>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

/// The question every mutating command asks before applying.
pub const PROMPT: &str = "anything else cancels:";

impl Terminal {
    /// Everything shown so far (stdout and stderr, as on a screen).
    pub fn screen(&self) -> String {
        self.screen.lock().expect("screen lock").clone()
    }

    /// Waits up to a minute until the screen shows `text`; returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "timed out waiting for {text:?}; the screen:\n{screen}"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Types `keys`.
    pub fn type_keys(&mut self, keys: &[u8]) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().expect("stdin open");
        stdin.write_all(keys).expect("type");
        stdin.flush().expect("type");
    }

    /// Whether the command is still running.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().expect("child status").is_none()
    }

    /// Waits up to a minute for the command to end; its exit code and screen.
    pub fn finish(mut self) -> (Option<i32>, String) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the command did not end; the screen:\n{}", self.screen());
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        if let Some(reader) = self.reader.take() {
            reader.join().expect("reader");
        }
        (status.code(), self.screen())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

impl Default for Pkg {
    fn default() -> Self {
        Self::new()
    }
}

impl Pkg {
    /// A fresh, isolated tool context.
    pub fn new() -> Pkg {
        Pkg {
            env: env(),
            config_dir: tempfile::tempdir().expect("temp dir"),
            docker_dir: tempfile::tempdir().expect("temp dir"),
            work: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// The Docker config directory this context uses.
    pub fn docker_config_dir(&self) -> &Path {
        self.docker_dir.path()
    }

    /// Writes credentials for the authenticated registry into this context's Docker config.
    pub fn login(&self) {
        let env = self.env;
        let auth = base64::engine::general_purpose::STANDARD.encode(format!(
            "{}:{}",
            env.registry_auth_user, env.registry_auth_password
        ));
        let config =
            serde_json::json!({ "auths": { env.registry_auth.clone(): { "auth": auth } } });
        std::fs::write(
            self.docker_dir.path().join("config.json"),
            config.to_string(),
        )
        .expect("write docker config");
    }

    /// A P-256 key pair made with openssl: (private key path, public key path).
    pub fn key_pair(&self, name: &str) -> (String, String) {
        let dir = self.work.path();
        let private = dir.join(format!("{name}.key"));
        let public = dir.join("keys").join(format!("{name}.pub"));
        std::fs::create_dir_all(dir.join("keys")).unwrap();
        let private_text = self
            .run_program(
                "openssl",
                ["ecparam", "-genkey", "-name", "prime256v1", "-noout"],
            )
            .ok()
            .to_string();
        std::fs::write(&private, &private_text).unwrap();
        self.run_program(
            "openssl",
            [
                "ec",
                "-in",
                private.to_str().unwrap(),
                "-pubout",
                "-out",
                public.to_str().unwrap(),
            ],
        )
        .ok();
        (private.display().to_string(), public.display().to_string())
    }

    /// A command for the binary with this context's environment.
    pub fn command<I, S>(&self, args: I) -> Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.program(binary(), args)
    }

    /// Any program (a script of the repository, kubectl) with this context's
    /// environment, and the binary's directory first on `PATH`, so that
    /// `kubectl-pkg` and `kubectl pkg` run the binary under test.
    pub fn program<P, I, S>(&self, program: P, args: I) -> Command
    where
        P: AsRef<std::ffi::OsStr>,
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let bin_dir = binary().parent().expect("a directory").to_path_buf();
        let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )))
        .expect("PATH entries join");
        let mut command = Command::new(program);
        command
            .args(args)
            .env("PATH", path)
            .current_dir(self.work.path())
            .env("KUBECONFIG", &self.env.kubeconfig)
            .env("KUBECTL_PKG_CONFIG_DIR", self.config_dir.path())
            .env(
                "KUBECTL_PKG_CACHE_DIR",
                self.config_dir.path().join("cache"),
            )
            .env("DOCKER_CONFIG", self.docker_dir.path())
            .env("KUBECTL_PKG_REGISTRY_CA_FILE", &self.env.registry_auth_ca)
            .env("NO_COLOR", "1")
            .env("KUBECTL_PKG_YTT", &self.env.ytt)
            .env_remove("KUBECTL_PKG_LOG")
            .env_remove("KUBECTL_PKG_GIT_TOKEN")
            .env_remove("KUBECTL_PKG_GIT_USERNAME");
        command
    }

    /// Runs the binary to completion.
    pub fn run<I, S>(&self, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        Run::from(self.command(args).output().expect("kubectl-pkg runs"))
    }

    /// Runs the first command `text` suggests in backquotes (`` `kubectl pkg
    /// upgrade app ./app -n ns` ``) exactly as printed, with `extra`
    /// arguments after it (`--yes`, which no hint can carry, since a person
    /// reads the plan first); fails the test if there is none.
    pub fn run_hint(&self, text: &str, extra: &[&str]) -> Run {
        let command = text
            .split('`')
            .skip(1)
            .step_by(2)
            .find(|quoted| quoted.starts_with("kubectl pkg "))
            .unwrap_or_else(|| panic!("no `kubectl pkg …` hint in:\n{text}"));
        let words: Vec<&str> = command["kubectl pkg ".len()..].split_whitespace().collect();
        self.run(words.iter().chain(extra))
    }

    /// Starts the binary on a pseudo-terminal (through `script`), so that it
    /// asks before applying; `env` adds variables. `shell_suffix` is appended
    /// to the command line as the shell reads it (`| cat` pipes its stdout).
    pub fn terminal(&self, args: &[&str], env: &[(&str, &str)], shell_suffix: &str) -> Terminal {
        // `exec` when nothing follows: Ctrl-C then reaches the binary alone.
        let exec = if shell_suffix.is_empty() { "exec " } else { "" };
        let command = format!(
            "{exec}{} {} {shell_suffix}",
            binary().display(),
            args.join(" ")
        );
        let mut script = Command::new("script");
        script
            .args(["-qec", &command, "/dev/null"])
            .current_dir(self.work.path());
        for (key, value) in self.command::<[&str; 0], &str>([]).get_envs() {
            if let Some(value) = value {
                script.env(key, value);
            }
        }
        script.envs(env.iter().copied());
        let mut child = script
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            // Not inherited: a session left running by a failed test must not
            // hold the test's output open.
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("script runs");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let screen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let reader = {
            let screen = screen.clone();
            std::thread::spawn(move || {
                use std::io::Read;
                let mut buffer = [0u8; 4096];
                while let Ok(n) = stdout.read(&mut buffer) {
                    if n == 0 {
                        break;
                    }
                    screen
                        .lock()
                        .expect("screen lock")
                        .push_str(&String::from_utf8_lossy(&buffer[..n]));
                }
            })
        };
        Terminal {
            child,
            screen,
            reader: Some(reader),
        }
    }

    /// Runs the binary to completion on a pseudo-terminal `columns` wide (set
    /// with `stty`, `COLUMNS` unset: the width a real terminal reports);
    /// what it showed, lines ending in `\n`. `args` are words without spaces.
    pub fn on_terminal(&self, args: &[&str], columns: u16) -> String {
        let command = format!(
            "stty cols {columns} rows 50; exec {} {}",
            binary().display(),
            args.join(" ")
        );
        let mut script = Command::new("script");
        script
            .args(["-qec", &command, "/dev/null"])
            .current_dir(self.work.path())
            .env_remove("COLUMNS")
            .env_remove("LINES")
            .stdin(std::process::Stdio::null());
        for (key, value) in self.command::<[&str; 0], &str>([]).get_envs() {
            if let Some(value) = value {
                script.env(key, value);
            }
        }
        let output = script.output().expect("script runs");
        assert!(
            output.status.success(),
            "{command} failed:\n{}",
            String::from_utf8_lossy(&output.stdout)
        );
        String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n")
    }

    /// Runs the binary with its output piped (`COLUMNS` unset); its stdout.
    pub fn piped(&self, args: &[&str]) -> String {
        let mut command = self.command(args);
        command.env_remove("COLUMNS");
        Run::from(command.output().expect("kubectl-pkg runs"))
            .ok()
            .to_string()
    }

    /// Runs a program with [`Pkg::program`]'s environment to completion.
    pub fn run_program<P, I, S>(&self, program: P, args: I) -> Run
    where
        P: AsRef<std::ffi::OsStr>,
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let mut command = self.program(program, args);
        let shown = format!("{command:?}");
        Run::from(
            command
                .output()
                .unwrap_or_else(|e| panic!("{shown} does not run: {e}")),
        )
    }

    /// Writes a package directory under the work dir and returns its path.
    pub fn write_package<F: AsRef<str>, T: AsRef<str>>(
        &self,
        dir: &str,
        name: &str,
        version: &str,
        manifests: &[(F, T)],
    ) -> PathBuf {
        let root = self.work.path().join(dir);
        std::fs::create_dir_all(root.join("manifests")).expect("mkdir");
        std::fs::write(
            root.join("package.yaml"),
            format!("apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: {name}\nversion: {version}\ndescription: test package {name}\n"),
        )
        .expect("write package.yaml");
        for (file, text) in manifests {
            std::fs::write(root.join("manifests").join(file.as_ref()), text.as_ref())
                .expect("write manifest");
        }
        root
    }
}

/// `count` small ConfigMaps named `<prefix>-<i>`, whose data says `version`.
pub fn config_maps(prefix: &str, count: usize, version: &str) -> Vec<(String, String)> {
    (0..count)
        .map(|i| {
            (
                format!("{prefix}-{i}.yaml"),
                format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {prefix}-{i}\ndata:\n  version: \"{version}\"\n"),
            )
        })
        .collect()
}

impl Pkg {
    /// `history -o json` of a release.
    pub fn history(&self, release: &str, namespace: &str) -> Vec<serde_json::Value> {
        let shown = parse_json(
            self.run(["history", release, "-n", namespace, "-o", "json"])
                .ok(),
        );
        shown.as_array().expect("history is a list").clone()
    }

    /// The status of each revision of a release, oldest first.
    pub fn statuses(&self, release: &str, namespace: &str) -> Vec<String> {
        self.history(release, namespace)
            .iter()
            .map(|r| r["status"].as_str().expect("a status").to_string())
            .collect()
    }

    /// Names of the objects of `resource` that carry a release's label.
    pub fn release_objects(&self, namespace: &str, resource: &str, release: &str) -> Vec<String> {
        self.labelled(resource, Some(namespace), release)
    }

    /// Names of the objects of `resource` (in `namespace`, or cluster-wide)
    /// that carry a release's label, sorted.
    pub fn labelled(&self, resource: &str, namespace: Option<&str>, release: &str) -> Vec<String> {
        let selector = format!("kubectl-pkg.dev/release={release}");
        let mut args = vec![
            "get",
            resource,
            "-l",
            &selector,
            "-o",
            "jsonpath={.items[*].metadata.name}",
        ];
        if let Some(namespace) = namespace {
            args.extend(["-n", namespace]);
        }
        let mut names: Vec<String> = self
            .kubectl(args)
            .ok()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }
}

/// A small, realistic package body: a ConfigMap, a Secret and a least-privilege Deployment.
pub const BASIC_MANIFESTS: &[(&str, &str)] = &[
    (
        "config.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  mode: production\n",
    ),
    (
        "secret.yaml",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-credentials\ntype: Opaque\nstringData:\n  password: hunter2-very-secret\n",
    ),
    (
        "deployment.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: app}\n  template:\n    metadata:\n      labels: {app: app}\n    spec:\n      automountServiceAccountToken: false\n      securityContext:\n        runAsNonRoot: true\n        seccompProfile: {type: RuntimeDefault}\n      containers:\n      - name: app\n        image: registry.example/app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n        ports:\n        - {containerPort: 8080, protocol: TCP}\n        securityContext:\n          allowPrivilegeEscalation: false\n          capabilities: {drop: [ALL]}\n",
    ),
];

/// The secret value in [`BASIC_MANIFESTS`], which must never be printed.
pub const BASIC_SECRET_VALUE: &str = "hunter2-very-secret";

/// Parses a YAML or JSON document.
pub fn parse_json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// The messages of a JSON plan's warnings of kind `code` (`render`,
/// `source`…), one a line; every warning must carry a code and a message.
pub fn warnings_of(plan: &serde_json::Value, code: &str) -> String {
    let warnings = plan["warnings"]
        .as_array()
        .unwrap_or_else(|| panic!("a plan has a list of warnings:\n{plan}"));
    let mut messages = Vec::new();
    for warning in warnings {
        let (Some(kind), Some(message)) = (warning["code"].as_str(), warning["message"].as_str())
        else {
            panic!("a warning without a code and a message: {warning}");
        };
        if kind == code {
            messages.push(message);
        }
    }
    messages.join("\n")
}

impl Pkg {
    /// Runs kubectl as the admin context (for setting up and checking).
    pub fn kubectl<I, S>(&self, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let output = Command::new("kubectl")
            .args(args)
            .env("KUBECONFIG", &self.env.kubeconfig)
            .arg("--context=admin")
            .output()
            .expect("kubectl runs");
        Run::from(output)
    }

    /// A new namespace for this test.
    pub fn namespace(&self, prefix: &str) -> String {
        let name = unique(prefix);
        self.kubectl(["create", "namespace", &name]).ok();
        name
    }

    /// Whether an object exists (as seen by the admin).
    /// The live object `resource` `name` (in `namespace`, for namespaced
    /// kinds) as JSON, read with kubectl as admin.
    pub fn get_json(
        &self,
        namespace: Option<&str>,
        resource: &str,
        name: &str,
    ) -> serde_json::Value {
        let mut args = vec!["get", resource, name, "-o", "json"];
        if let Some(namespace) = namespace {
            args.extend(["-n", namespace]);
        }
        parse_json(self.kubectl(args).ok())
    }

    /// Whether a release's lock (its Lease) exists.
    pub fn lease_exists(&self, namespace: &str, release: &str) -> bool {
        let lease = libpkg::release::lease_name(release);
        self.kubectl(["get", "lease", &lease, "-n", namespace]).code == 0
    }

    /// Whether `resource` (`kind/name`) exists in `namespace`. Only the API
    /// server's "not found" means no; any other failure of kubectl (a timeout
    /// on a loaded machine) is tried again, then fails the test with its message.
    pub fn exists(&self, namespace: &str, resource: &str) -> bool {
        let mut failure = String::new();
        for attempt in 1..=5 {
            let run = self.kubectl(["get", "-n", namespace, resource, "-o", "name"]);
            if run.code == 0 {
                return true;
            }
            if run.stderr.contains("(NotFound)")
                || run.stderr.contains("doesn't have a resource type")
            {
                return false;
            }
            failure = run.stderr;
            std::thread::sleep(std::time::Duration::from_millis(200 * attempt));
        }
        panic!("kubectl get {resource} -n {namespace} keeps failing: {failure}");
    }
}

/// An operator-style package: its own CRD (group unique to `suffix`), a custom
/// resource, cluster-wide RBAC, a ServiceAccount, a Deployment and two
/// ConfigMaps. Version 2 changes `operator-config` and drops `operator-legacy`.
pub fn operator_manifests(suffix: &str, version: u32) -> Vec<(String, String)> {
    let group = format!("{suffix}.example.com");
    let level = if version == 1 { "info" } else { "debug" };
    let mut files = vec![
        (
            "crd.yaml".to_string(),
            format!(
                "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: gizmos.{group}\nspec:\n  group: {group}\n  scope: Namespaced\n  names: {{kind: Gizmo, plural: gizmos, singular: gizmo, listKind: GizmoList}}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec: {{type: object, x-kubernetes-preserve-unknown-fields: true}}\n"
            ),
        ),
        ("gizmo.yaml".to_string(), format!("apiVersion: {group}/v1\nkind: Gizmo\nmetadata:\n  name: default-gizmo\nspec:\n  size: 3\n")),
        (
            "rbac.yaml".to_string(),
            format!(
                "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: operator\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: {suffix}-operator\nrules:\n- apiGroups: [{group}]\n  resources: [gizmos, gizmos/status]\n  verbs: [get, list, watch, update, patch]\n- apiGroups: ['']\n  resources: [configmaps]\n  verbs: [get, list, watch]\n"
            ),
        ),
        (
            "config.yaml".to_string(),
            format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: operator-config\ndata:\n  level: {level}\n"),
        ),
        (
            "deployment.yaml".to_string(),
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: operator\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: operator}\n  template:\n    metadata:\n      labels: {app: operator}\n    spec:\n      serviceAccountName: operator\n      containers:\n      - name: operator\n        image: registry.example/operator:1.0.0\n        ports:\n        - {containerPort: 8443, protocol: TCP}\n".to_string(),
        ),
    ];
    if version == 1 {
        files.push((
            "legacy.yaml".to_string(),
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: operator-legacy\ndata:\n  migrated: \"false\"\n".to_string(),
        ));
    }
    files
}

impl Pkg {
    /// Writes [`operator_manifests`] as a package directory.
    pub fn write_operator(&self, dir: &str, suffix: &str, version: u32) -> PathBuf {
        let manifests = operator_manifests(suffix, version);
        let borrowed: Vec<(&str, &str)> = manifests
            .iter()
            .map(|(f, t)| (f.as_str(), t.as_str()))
            .collect();
        self.write_package(dir, "operator", &format!("1.{version}.0"), &borrowed)
    }
}

impl Pkg {
    /// Removes a namespace for good. The test API server runs no controllers,
    /// so a deleted namespace would stay `Terminating` forever: its finalizer
    /// is cleared the way the namespace controller would, once it is empty.
    pub fn remove_namespace(&self, name: &str) {
        let get = self.kubectl(["get", "namespace", name, "-o", "json"]);
        if get.code != 0 {
            return;
        }
        let mut namespace = parse_json(&get.stdout);
        namespace["spec"]["finalizers"] = serde_json::json!([]);
        let file = self.work.path().join(format!("finalize-{name}.json"));
        std::fs::write(&file, namespace.to_string()).expect("write namespace");
        self.kubectl(["delete", "namespace", name, "--wait=false"]);
        let path = format!("/api/v1/namespaces/{name}/finalize");
        self.kubectl(["replace", "--raw", &path, "-f", &file.display().to_string()])
            .ok();
    }
}

impl Pkg {
    /// Copies the test chart `tests/charts/NAME` into the work dir as `dir`,
    /// with `SUFFIX` in its files (its CRD's group) replaced by `suffix`, so
    /// that each test has a CRD of its own. Returns its path.
    pub fn write_chart(&self, name: &str, dir: &str, suffix: &str) -> PathBuf {
        fn copy(from: &Path, to: &Path, suffix: &str) {
            std::fs::create_dir_all(to).expect("mkdir");
            for entry in std::fs::read_dir(from).expect("read chart dir") {
                let entry = entry.expect("entry");
                let target = to.join(entry.file_name());
                if entry.file_type().expect("file type").is_dir() {
                    copy(&entry.path(), &target, suffix);
                } else {
                    let text = std::fs::read_to_string(entry.path()).expect("read chart file");
                    std::fs::write(target, text.replace("SUFFIX", suffix)).expect("write");
                }
            }
        }
        let root = self.work.path().join(dir);
        copy(&repo_root().join("tests/charts").join(name), &root, suffix);
        root
    }
}

impl Pkg {
    /// Writes a chart `name` 1.0.0 with `templates` (file name, text) into the
    /// test's work directory; returns its directory.
    pub fn write_small_chart(&self, name: &str, templates: &[(&str, &str)]) -> PathBuf {
        let dir = self.work.path().join(name);
        std::fs::create_dir_all(dir.join("templates")).expect("mkdir");
        std::fs::write(
            dir.join("Chart.yaml"),
            format!("apiVersion: v2\nname: {name}\nversion: 1.0.0\n"),
        )
        .expect("write Chart.yaml");
        for (file, text) in templates {
            std::fs::write(dir.join("templates").join(file), text).expect("write template");
        }
        dir
    }
}

/// Serves the files under `root` over plain HTTP on a loopback port, for as
/// long as the test process runs (a classic Helm chart repository); returns
/// its base URL. GET only; anything missing is a 404. `redirect/N/PATH`
/// answers 302 to `redirect/N-1/PATH`, and `redirect/0/PATH` to `PATH`: a
/// chain of N redirects.
pub fn serve_dir(root: PathBuf) -> String {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let address = listener.local_addr().expect("local address");
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let root = root.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
                let mut request = String::new();
                if reader.read_line(&mut request).is_err() {
                    return;
                }
                // Skip the headers.
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let path = request.split_whitespace().nth(1).unwrap_or("/");
                let path = path
                    .split('?')
                    .next()
                    .unwrap_or("/")
                    .trim_start_matches('/');
                let redirect = path.strip_prefix("redirect/").and_then(|rest| {
                    let (count, rest) = rest.split_once('/')?;
                    Some(match count.parse::<u32>().ok()? {
                        0 => format!("/{rest}"),
                        n => format!("/redirect/{}/{rest}", n - 1),
                    })
                });
                if let Some(location) = redirect {
                    let head = format!(
                        "HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    );
                    let _ = stream.write_all(head.as_bytes());
                    return;
                }
                let file = root.join(path);
                let (status, body) = match std::fs::read(&file) {
                    Ok(body) if !path.contains("..") => ("200 OK", body),
                    _ => ("404 Not Found", b"not found".to_vec()),
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(&body);
            });
        }
    });
    format!("http://{address}")
}

/// Held by a test whose APIService is briefly unavailable (between its
/// creation and the aggregator's first check, kubectl's discovery prints
/// errors on stderr), and by the test that compares kubectl's stderr with the
/// docs; the two never overlap.
pub fn discovery_quiet() -> std::sync::MutexGuard<'static, ()> {
    static QUIET: std::sync::Mutex<()> = std::sync::Mutex::new(());
    QUIET
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held by a test that installs a public chart whose cluster-scoped objects
/// have fixed names (an operator's CRDs, an IngressClass): two such tests
/// at once would each find the other's objects and refuse them. Each
/// uninstalls what it installed before it lets go.
pub fn cluster_wide_charts() -> std::sync::MutexGuard<'static, ()> {
    static CHARTS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    CHARTS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Stands in for an extension API server behind an APIService: HTTPS on a
/// loopback port (a fresh self-signed certificate for `localhost`), answering
/// every request with an empty resource list for `group_version`, so that
/// the API server's aggregator finds the APIService available and discovery
/// of its group succeeds. Serves for as long as the test process runs;
/// returns the port.
pub fn serve_aggregated_api(group_version: &str) -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let key = rcgen::generate_simple_self_signed(vec!["localhost".to_string()])
        .expect("a self-signed certificate");
    let certificate = key.cert.der().clone();
    let private_key = rustls::pki_types::PrivateKeyDer::try_from(key.signing_key.serialize_der())
        .expect("a private key");
    let config = rustls::ServerConfig::builder_with_provider(std::sync::Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("TLS versions")
    .with_no_client_auth()
    .with_single_cert(vec![certificate], private_key)
    .expect("a server certificate");
    let config = std::sync::Arc::new(config);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let port = listener.local_addr().expect("local address").port();
    let body = serde_json::json!({
        "kind": "APIResourceList",
        "apiVersion": "v1",
        "groupVersion": group_version,
        "resources": [],
    })
    .to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (config, body) = (config.clone(), body.clone());
            std::thread::spawn(move || {
                let Ok(connection) = rustls::ServerConnection::new(config) else {
                    return;
                };
                let mut tls = rustls::StreamOwned::new(connection, stream);
                {
                    // The request line and headers; the answer is the same for every path.
                    let mut reader = BufReader::new(&mut tls);
                    let mut line = String::new();
                    while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                        line.clear();
                    }
                }
                let _ = write!(
                    tls,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = tls.flush();
                tls.conn.send_close_notify();
                let _ = tls.flush();
            });
        }
    });
    port
}

/// The Python of Helm 4's SDK (PyPI `helm-python-sdk`), which `tests/run`
/// makes with `tests/helm/build`; a test that drives real Helm fails (never
/// skips) without it.
pub fn helm_python() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .expect("HOME or XDG_CACHE_HOME is set");
    let python = cache.join("kubectl-pkg/helm-venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run tests/helm/build (tests/run does)",
        python.display()
    );
    python
}

impl Pkg {
    /// Runs Python `code` with Helm 4's SDK imported as `helm` and a `config`
    /// for namespace `namespace` against the test cluster (as admin).
    pub fn helm(&self, namespace: &str, code: &str) -> Run {
        let script = format!(
            "import os, helm_python as helm\nconfig = helm.Config(kubeconfig_path=os.environ['KUBECONFIG'], kube_context='admin', namespace={namespace:?})\n{code}\n"
        );
        self.run_program(helm_python(), ["-c", &script])
    }
}

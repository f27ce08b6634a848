//! Hostile input and failing servers (issue 8), through the real binary: a
//! registry on loopback that misbehaves on purpose (hangs, 5xx, redirects to
//! another host, a huge or tampered manifest, a missing blob), the real
//! registries, and a fake API server that proves bad manifests are refused
//! before any request.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use kubectl_pkg_e2e::fault_proxy::{FaultProxy, Refusal};
use kubectl_pkg_e2e::{BASIC_MANIFESTS, Pkg, unique, warnings_of};
use libpkg::package::{Artifact, Limits, Package};

/// What the fake registry does wrong.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fault {
    /// Nothing: a correct registry.
    None,
    /// Reads every request (or TLS handshake) and never answers.
    Hang,
    /// Answers this status to the first `n` manifest requests, then correctly.
    ManifestStatus(u16, usize),
    /// Redirects blob downloads to another server.
    RedirectBlobsTo(SocketAddr),
    /// Streams an endless manifest without a Content-Length.
    HugeManifest,
    /// Serves other bytes than the digest it announces for the manifest.
    TamperedManifest,
    /// Has no layer blob (404), though the manifest lists it.
    MissingLayer,
    /// Lists 1000 tags, the same full page whatever `last` asks for.
    EndlessTagPages,
    /// Wants a Bearer token from its token service at `/token` (which takes
    /// the basic credentials, when set); an endless answer when `endless`.
    BearerToken { endless: bool },
}

/// The token the fake token service hands out.
const TOKEN: &str = "token-from-the-token-service";

/// One request the fake registry saw.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    authorization: Option<String>,
}

/// A registry on loopback serving one package at `fake/app:<version>`.
struct FakeRegistry {
    addr: SocketAddr,
    seen: Arc<Mutex<Vec<Seen>>>,
}

struct Behaviour {
    addr: SocketAddr,
    artifact: Artifact,
    version: String,
    fault: Fault,
    /// `user:password` required as basic auth, when set.
    credentials: Option<String>,
    manifest_requests: Mutex<usize>,
}

impl FakeRegistry {
    fn start(artifact: Artifact, version: &str, fault: Fault, credentials: Option<&str>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let addr = listener.local_addr().unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let behaviour = Arc::new(Behaviour {
            addr,
            artifact,
            version: version.to_string(),
            fault,
            credentials: credentials.map(str::to_string),
            manifest_requests: Mutex::new(0),
        });
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (behaviour, log) = (behaviour.clone(), log.clone());
                std::thread::spawn(move || serve(stream, &behaviour, &log));
            }
        });
        FakeRegistry { addr, seen }
    }

    fn reference(&self) -> String {
        format!("oci://{}/fake/app", self.addr)
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn serve(mut stream: TcpStream, behaviour: &Behaviour, log: &Mutex<Vec<Seen>>) {
    let mut first = [0u8; 1];
    if stream.peek(&mut first).is_err() {
        return;
    }
    if behaviour.fault == Fault::Hang {
        // Hold the connection open, answer nothing.
        let mut sink = Vec::new();
        let _ = stream.read_to_end(&mut sink);
        return;
    }
    if first[0] == 0x16 {
        // A TLS handshake: answer in plain HTTP, as a plain registry does.
        let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
        return;
    }
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let mut authorization = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("authorization")
        {
            authorization = Some(value.trim().to_string());
        }
    }
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_string();
    let path = parts.next().unwrap_or_default().to_string();
    log.lock().unwrap().push(Seen {
        method: method.clone(),
        path: path.clone(),
        authorization: authorization.clone(),
    });
    let response = respond(behaviour, &method, &path, authorization.as_deref());
    let _ = match response {
        Response::Endless => endless(&mut stream),
        Response::Full {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status} X\r\nConnection: close\r\nContent-Length: {}\r\n",
                body.len()
            );
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            head.push_str("\r\n");
            stream.write_all(head.as_bytes()).and_then(|()| {
                if method == "HEAD" {
                    Ok(())
                } else {
                    stream.write_all(&body)
                }
            })
        }
    };
}

enum Response {
    Full {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// A body without Content-Length that never ends (until the client hangs up).
    Endless,
}

fn status(status: u16) -> Response {
    Response::Full {
        status,
        headers: Vec::new(),
        body: Vec::new(),
    }
}

fn respond(
    behaviour: &Behaviour,
    method: &str,
    path: &str,
    authorization: Option<&str>,
) -> Response {
    let basic = behaviour.credentials.as_ref().map(|credentials| {
        format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(credentials)
        )
    });
    if let Fault::BearerToken { endless } = behaviour.fault {
        if path.starts_with("/token?") {
            if basic.is_some() && authorization != basic.as_deref() {
                return status(401);
            }
            if endless {
                return Response::Endless;
            }
            let body = serde_json::json!({ "token": TOKEN }).to_string();
            return Response::Full {
                status: 200,
                headers: vec![("Content-Type".into(), "application/json".into())],
                body: body.into_bytes(),
            };
        }
        if authorization != Some(format!("Bearer {TOKEN}").as_str()) {
            let challenge = format!(
                "Bearer realm=\"http://{}/token\",service=\"fake\"",
                behaviour.addr
            );
            return Response::Full {
                status: 401,
                headers: vec![("WWW-Authenticate".into(), challenge)],
                body: Vec::new(),
            };
        }
    } else if let Some(expected) = &basic
        && authorization != Some(expected.as_str())
    {
        return Response::Full {
            status: 401,
            headers: vec![("WWW-Authenticate".into(), "Basic realm=\"fake\"".into())],
            body: Vec::new(),
        };
    }
    let artifact = &behaviour.artifact;
    let layer_digest = libpkg::package::sha256_digest(&artifact.layer);
    let config_digest = libpkg::package::sha256_digest(&artifact.config);
    let ok = |content_type: &str, body: Vec<u8>, digest: &str| Response::Full {
        status: 200,
        headers: vec![
            ("Content-Type".into(), content_type.into()),
            ("Docker-Content-Digest".into(), digest.into()),
        ],
        body,
    };
    if path == "/v2/" {
        return ok("application/json", b"{}".to_vec(), "");
    }
    if path.starts_with("/v2/fake/app/tags/list") && behaviour.fault == Fault::EndlessTagPages {
        let mut tags: Vec<String> = (1..1000).map(|n| format!("\"0.0.{n}\"")).collect();
        tags.push(format!("\"{}\"", behaviour.version));
        let body = format!(r#"{{"name":"fake/app","tags":[{}]}}"#, tags.join(","));
        return ok("application/json", body.into_bytes(), "");
    }
    if path.starts_with("/v2/fake/app/tags/list") {
        let body = format!(r#"{{"name":"fake/app","tags":["{}"]}}"#, behaviour.version);
        return ok("application/json", body.into_bytes(), "");
    }
    if let Some(reference) = path.strip_prefix("/v2/fake/app/manifests/") {
        let count = {
            let mut count = behaviour.manifest_requests.lock().unwrap();
            *count += 1;
            *count
        };
        if reference != behaviour.version && reference != artifact.digest {
            return status(404);
        }
        let media_type = libpkg::package::MANIFEST_MEDIA_TYPE;
        return match behaviour.fault {
            Fault::ManifestStatus(code, first) if count <= first => status(code),
            Fault::HugeManifest if method == "GET" => Response::Endless,
            Fault::TamperedManifest if method == "GET" => {
                let tampered = String::from_utf8(artifact.manifest.clone())
                    .unwrap()
                    .replacen("\"schemaVersion\":2", "\"schemaVersion\": 2", 1);
                ok(media_type, tampered.into_bytes(), &artifact.digest)
            }
            _ => ok(media_type, artifact.manifest.clone(), &artifact.digest),
        };
    }
    if let Some(digest) = path.strip_prefix("/v2/fake/app/blobs/") {
        if let Fault::RedirectBlobsTo(other) = behaviour.fault {
            return Response::Full {
                status: 307,
                headers: vec![("Location".into(), format!("http://{other}{path}"))],
                body: Vec::new(),
            };
        }
        if digest == layer_digest && behaviour.fault != Fault::MissingLayer {
            return ok("application/octet-stream", artifact.layer.clone(), digest);
        }
        if digest == config_digest {
            return ok("application/octet-stream", artifact.config.clone(), digest);
        }
        return Response::Full {
            status: 404,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: br#"{"errors":[{"code":"BLOB_UNKNOWN","message":"blob unknown to registry"}]}"#
                .to_vec(),
        };
    }
    status(404)
}

fn endless(stream: &mut TcpStream) -> std::io::Result<()> {
    stream.write_all(b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/vnd.oci.image.manifest.v1+json\r\n\r\n")?;
    let chunk = vec![b' '; 1 << 16];
    loop {
        stream.write_all(&chunk)?;
    }
}

/// A small package and its artifact, unique to the test.
fn package(pkg: &Pkg) -> Artifact {
    let dir = pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    std::fs::write(dir.join("README.md"), unique("hostile")).unwrap();
    Package::from_dir(&dir, &Limits::default())
        .unwrap()
        .artifact()
}

fn template(
    pkg: &Pkg,
    registry: &FakeRegistry,
    extra: &[&str],
) -> (kubectl_pkg_e2e::Run, Duration) {
    let reference = registry.reference();
    let mut args = vec!["template", reference.as_str()];
    args.extend_from_slice(extra);
    let started = Instant::now();
    let run = pkg.run(args);
    (run, started.elapsed())
}

#[test]
fn a_registry_that_never_answers_fails_within_the_timeout() {
    let pkg = Pkg::new();
    let registry = FakeRegistry::start(package(&pkg), "1.0.0", Fault::Hang, None);
    // The default timeout: well under a minute.
    let (run, elapsed) = template(&pkg, &registry, &[]);
    let stderr = run.fails(1);
    assert!(stderr.contains("no answer within 20 s"), "{stderr}");
    assert!(stderr.contains(&registry.addr.to_string()), "{stderr}");
    assert!(elapsed < Duration::from_secs(45), "took {elapsed:?}");
    // And a shorter one on request.
    let (run, elapsed) = template(&pkg, &registry, &["--registry-timeout", "2s"]);
    assert!(
        run.fails(1).contains("no answer within 2 s"),
        "{}",
        run.stderr
    );
    assert!(elapsed < Duration::from_secs(10), "took {elapsed:?}");
}

#[test]
fn server_errors_are_retried_a_bounded_number_of_times() {
    let pkg = Pkg::new();
    let artifact = package(&pkg);
    let flaky = FakeRegistry::start(
        artifact.clone(),
        "1.0.0",
        Fault::ManifestStatus(503, 2),
        None,
    );
    let (run, _) = template(&pkg, &flaky, &[]);
    assert!(run.ok().contains("app-config"), "{}", run.stdout);
    let manifest_requests = |registry: &FakeRegistry| -> Vec<String> {
        registry
            .seen()
            .into_iter()
            .filter(|s| s.path.contains("/manifests/"))
            .map(|s| s.method)
            .collect()
    };
    // The tag's digest (503, 503, then 200), then the manifest by digest.
    assert_eq!(manifest_requests(&flaky), ["HEAD", "HEAD", "HEAD", "GET"]);

    let broken = FakeRegistry::start(
        artifact,
        "1.0.0",
        Fault::ManifestStatus(500, usize::MAX),
        None,
    );
    let (run, elapsed) = template(&pkg, &broken, &[]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("answered 500 to all 3 attempts"),
        "{stderr}"
    );
    assert_eq!(manifest_requests(&broken), ["HEAD", "HEAD", "HEAD"]);
    // Backoff between attempts: 250 ms, then 500 ms.
    assert!(elapsed >= Duration::from_millis(750), "took {elapsed:?}");
    assert!(run.stdout.is_empty());
}

#[test]
fn a_registry_that_ignores_pagination_is_not_asked_forever() {
    let pkg = Pkg::new();
    let registry = FakeRegistry::start(package(&pkg), "1.0.0", Fault::EndlessTagPages, None);
    let (run, _) = template(&pkg, &registry, &[]);
    assert!(run.ok().contains("app-config"), "{}", run.stderr);
    let pages = registry
        .seen()
        .iter()
        .filter(|s| s.path.contains("/tags/list"))
        .count();
    assert_eq!(pages, 2, "a full page, then the same page again: stop");
}

#[test]
fn credentials_go_to_their_registry_only_never_through_a_redirect() {
    let pkg = Pkg::new();
    let artifact = package(&pkg);
    let cdn = FakeRegistry::start(artifact.clone(), "1.0.0", Fault::None, None);
    let registry = FakeRegistry::start(
        artifact,
        "1.0.0",
        Fault::RedirectBlobsTo(cdn.addr),
        Some("user-a:secret-a"),
    );
    let auth = |credentials: &str| base64::engine::general_purpose::STANDARD.encode(credentials);
    let config = serde_json::json!({ "auths": {
        registry.addr.to_string(): { "auth": auth("user-a:secret-a") },
        "127.0.0.1:1": { "auth": auth("user-b:secret-b") },
    }});
    std::fs::write(
        pkg.docker_config_dir().join("config.json"),
        config.to_string(),
    )
    .unwrap();

    let (run, _) = template(&pkg, &registry, &[]);
    assert!(run.ok().contains("app-config"), "{}", run.stderr);
    let blobs_served_elsewhere = cdn.seen();
    assert!(
        blobs_served_elsewhere
            .iter()
            .any(|s| s.path.contains("/blobs/")),
        "the redirect was followed: {blobs_served_elsewhere:?}"
    );
    for seen in &blobs_served_elsewhere {
        assert_eq!(seen.authorization, None, "credentials leaked: {seen:?}");
    }
    let expected = format!("Basic {}", auth("user-a:secret-a"));
    for seen in registry.seen().iter().filter(|s| s.path != "/v2/") {
        assert_eq!(
            seen.authorization.as_deref(),
            Some(expected.as_str()),
            "{seen:?}"
        );
    }
    assert!(!run.stderr.contains("secret-a"), "{}", run.stderr);
}

/// Docker's config with `credentials` for `registry` only.
fn log_in(pkg: &Pkg, registry: &FakeRegistry, credentials: &str) {
    let auth = base64::engine::general_purpose::STANDARD.encode(credentials);
    let config = serde_json::json!({ "auths": { registry.addr.to_string(): { "auth": auth } } });
    std::fs::write(
        pkg.docker_config_dir().join("config.json"),
        config.to_string(),
    )
    .unwrap();
}

#[test]
fn the_token_service_gets_the_credentials_and_the_registry_only_its_token() {
    let pkg = Pkg::new();
    let registry = FakeRegistry::start(
        package(&pkg),
        "1.0.0",
        Fault::BearerToken { endless: false },
        Some("user-t:secret-t"),
    );
    log_in(&pkg, &registry, "user-t:secret-t");
    let (run, _) = template(&pkg, &registry, &[]);
    assert!(run.ok().contains("app-config"), "{}", run.stderr);
    let seen = registry.seen();
    let token_requests: Vec<&Seen> = seen
        .iter()
        .filter(|s| s.path.starts_with("/token?"))
        .collect();
    assert_eq!(
        token_requests.len(),
        1,
        "one handshake per repository: {seen:?}"
    );
    assert!(
        token_requests[0]
            .path
            .contains("scope=repository%3Afake%2Fapp%3Apull"),
        "{:?}",
        token_requests[0]
    );
    let bearer = format!("Bearer {TOKEN}");
    for read in seen.iter().filter(|s| s.path.contains("/fake/app/")) {
        assert_eq!(
            read.authorization.as_deref(),
            Some(bearer.as_str()),
            "{read:?}"
        );
    }
    assert!(!run.stderr.contains("secret-t") && !run.stdout.contains(TOKEN));
}

#[test]
fn an_endless_token_service_answer_is_refused_at_the_cap() {
    let pkg = Pkg::new();
    let registry = FakeRegistry::start(
        package(&pkg),
        "1.0.0",
        Fault::BearerToken { endless: true },
        None,
    );
    let (run, elapsed) = template(&pkg, &registry, &[]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("the token service's answer is larger than the limit of 65536 bytes"),
        "{stderr}"
    );
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
}

#[test]
fn a_huge_manifest_is_refused_at_the_cap() {
    let pkg = Pkg::new();
    let registry = FakeRegistry::start(package(&pkg), "1.0.0", Fault::HugeManifest, None);
    let (run, elapsed) = template(&pkg, &registry, &[]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("the manifest is larger than the limit of 4194304 bytes"),
        "{stderr}"
    );
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
}

#[test]
fn a_tampered_manifest_fails_its_digest() {
    let pkg = Pkg::new();
    let artifact = package(&pkg);
    let digest = artifact.digest.clone();
    let registry = FakeRegistry::start(artifact, "1.0.0", Fault::TamperedManifest, None);
    let (run, _) = template(&pkg, &registry, &[]);
    let stderr = run.fails(1);
    assert!(stderr.contains("digest mismatch"), "{stderr}");
    assert!(stderr.contains(&format!("expected {digest}")), "{stderr}");
    assert!(run.stdout.is_empty());
}

#[test]
fn a_manifest_pointing_at_a_missing_blob_names_it() {
    let pkg = Pkg::new();
    let artifact = package(&pkg);
    let layer = libpkg::package::sha256_digest(&artifact.layer);
    let registry = FakeRegistry::start(artifact, "1.0.0", Fault::MissingLayer, None);
    let (run, _) = template(&pkg, &registry, &[]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains(&format!("(layer {layer}): not found in the registry")),
        "{stderr}"
    );
}

#[test]
fn a_blob_missing_from_the_real_registry_names_it() {
    let pkg = Pkg::new();
    let dir = pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    std::fs::write(dir.join("README.md"), unique("missing")).unwrap();
    let path = unique("missing");
    let target = format!("oci://{}/{path}", pkg.env.registry);
    pkg.run(["push", dir.to_str().unwrap(), &target]).ok();
    let artifact = Package::from_dir(&dir, &Limits::default())
        .unwrap()
        .artifact();
    let layer = libpkg::package::sha256_digest(&artifact.layer);
    std::fs::remove_file(pkg.env.registry_blob(&layer)).unwrap();
    let run = pkg.run(["template", &format!("{target}/app")]);
    let stderr = run.fails(1);
    assert!(stderr.contains(&format!("layer {layer}")), "{stderr}");
    assert!(run.stdout.is_empty());
}

/// A kubeconfig for an "API server" that only counts connections.
fn counting_api_server(pkg: &Pkg) -> (std::path::PathBuf, Arc<Mutex<usize>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let connections = Arc::new(Mutex::new(0));
    let counter = connections.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            *counter.lock().unwrap() += 1;
            drop(stream);
        }
    });
    let kubeconfig = pkg.work.path().join("counting-kubeconfig");
    std::fs::write(
        &kubeconfig,
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {{server: 'https://{addr}', insecure-skip-tls-verify: true}}\nusers:\n- name: u\n  user: {{token: not-a-real-token}}\ncontexts:\n- name: c\n  context: {{cluster: c, user: u, namespace: apps}}\ncurrent-context: c\n"
        ),
    )
    .unwrap();
    (kubeconfig, connections)
}

#[test]
fn bad_manifests_are_refused_before_any_request() {
    let pkg = Pkg::new();
    let (kubeconfig, connections) = counting_api_server(&pkg);
    let cases: [(&str, &str, &str); 4] = [
        (
            "bad-name",
            "apiVersion: v1\nkind: Service\nmetadata: {name: 9lives}\nspec: {ports: [{port: 80, protocol: TCP}]}\n",
            "invalid name",
        ),
        (
            "bad-namespace",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: Kube_System}\n",
            "invalid namespace",
        ),
        (
            "bad-crd",
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec: {group: example.com, scope: Namespaced, names: {kind: Gadget, plural: gadgets}}\n",
            "gadgets.example.com",
        ),
        (
            "laughs",
            "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
            "alias",
        ),
    ];
    for (dir, manifest, expected) in cases {
        pkg.write_package(dir, "app", "1.0.0", &[("x.yaml", manifest)]);
        let kubeconfig = kubeconfig.to_str().unwrap();
        let run = pkg.run([
            "install",
            &format!("./{dir}"),
            "--kubeconfig",
            kubeconfig,
            "--yes",
        ]);
        let stderr = run.fails(1);
        assert!(
            stderr.contains("manifests/x.yaml: document 1"),
            "{dir}: {stderr}"
        );
        assert!(stderr.contains(expected), "{dir}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    }
    pkg.write_package("good", "app", "1.0.0", BASIC_MANIFESTS);
    let run = pkg.run([
        "install",
        "./good",
        "--kubeconfig",
        kubeconfig.to_str().unwrap(),
        "-n",
        "Not_A_Namespace",
        "--yes",
    ]);
    assert!(
        run.fails(1).contains("invalid --namespace"),
        "{}",
        run.stderr
    );
    assert_eq!(
        *connections.lock().unwrap(),
        0,
        "the API server was contacted"
    );
}

#[test]
fn bad_release_names_are_refused_before_any_request_saying_where_they_came_from() {
    let pkg = Pkg::new();
    let (kubeconfig, connections) = counting_api_server(&pkg);
    let kubeconfig = kubeconfig.to_str().unwrap();
    pkg.write_package("good", "app", "1.0.0", BASIC_MANIFESTS);
    let long_package = "a".repeat(54);
    pkg.write_package("long", &long_package, "1.0.0", BASIC_MANIFESTS);
    let too_long = "r".repeat(54);
    // Not even a DNS label: no release was ever named so (a 54-character
    // name installed before the 53 rule is still known to other commands).
    let no_label = "r".repeat(64);
    let cases: [(Vec<&str>, String); 7] = [
        (
            vec!["install", "./good", "--name", "Not_A_Name", "--yes"],
            "invalid --name \"Not_A_Name\": must start and end".to_string(),
        ),
        (
            vec!["install", "web.v2", "./good", "--yes"],
            "invalid release name \"web.v2\": may contain only".to_string(),
        ),
        (
            vec!["install", "./good", "--name", &too_long, "--yes"],
            format!("invalid --name \"{too_long}\": longer than 53 characters (54)"),
        ),
        (
            vec!["install", "./long", "--yes"],
            format!(
                "invalid release name \"{long_package}\" (the package's name; give one with --name)"
            ),
        ),
        (
            vec!["status", "Not_A_Name"],
            "invalid release name \"Not_A_Name\"".to_string(),
        ),
        (
            vec!["uninstall", &no_label, "--yes"],
            format!("invalid release name \"{no_label}\": longer than 63 characters (64)"),
        ),
        (
            vec!["rollback", "Web", "--yes"],
            "invalid release name \"Web\"".to_string(),
        ),
    ];
    for (args, expected) in cases {
        let run = pkg.run(args.iter().copied().chain(["--kubeconfig", kubeconfig]));
        let stderr = run.fails(1);
        assert!(stderr.contains(&expected), "{args:?}: {stderr}");
    }
    assert_eq!(
        *connections.lock().unwrap(),
        0,
        "the API server was contacted"
    );
    // Offline too: a plan is never made for a name Helm would refuse.
    let run = pkg.run(["template", "./good", "--name", &too_long]);
    assert!(
        run.fails(1).contains("longer than 53 characters"),
        "{}",
        run.stderr
    );
}

#[test]
fn objects_stay_in_the_release_namespace_unless_the_package_lists_others() {
    let pkg = Pkg::new();
    let binding = "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: auth-reader, namespace: kube-system}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: extension-apiserver-authentication-reader}\nsubjects: [{kind: ServiceAccount, name: app, namespace: apps}]\n";
    let dir = pkg.write_package("spans", "app", "1.0.0", &[("x.yaml", binding)]);
    let plan = [
        "install",
        "./spans",
        "-n",
        "apps",
        "--offline",
        "--dry-run",
        "-o",
        "json",
    ];
    let stderr = pkg.run(plan).fails(1).to_string();
    assert!(
        stderr.contains("RoleBinding \"auth-reader\" sets metadata.namespace \"kube-system\", but the release namespace is \"apps\""),
        "{stderr}"
    );
    let metadata = std::fs::read_to_string(dir.join("package.yaml")).unwrap();
    std::fs::write(
        dir.join("package.yaml"),
        format!("{metadata}namespaces: [kube-system]\n"),
    )
    .unwrap();
    let plan = kubectl_pkg_e2e::parse_json(pkg.run(plan).ok());
    assert_eq!(plan["objects"][0]["namespace"], "kube-system");

    pkg.write_package(
        "scoped",
        "app",
        "1.0.0",
        &[("x.yaml", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: r, namespace: apps}\nrules: []\n")],
    );
    // A cluster-scoped object's namespace is not a namespace it writes to:
    // the field is dropped (the API server ignores it), and the plan says so.
    let plan = kubectl_pkg_e2e::parse_json(
        pkg.run([
            "install",
            "./scoped",
            "-n",
            "apps",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert!(plan["objects"][0]["namespace"].is_null(), "{plan}");
    assert!(
        warnings_of(&plan, "render").contains("is cluster-scoped; its metadata.namespace"),
        "{}",
        plan["warnings"]
    );
}

#[test]
fn hostile_archives_are_refused_with_the_limit_they_break() {
    let pkg = Pkg::new();
    let mut files = libpkg::package::Files::new();
    files.insert(
        "package.yaml".into(),
        b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: app\nversion: 1.0.0\n"
            .to_vec()
            .into(),
    );
    let big = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: big}}\ndata: {{x: {}}}\n",
        "a".repeat(3 << 19)
    );
    files.insert("manifests/big.yaml".into(), big.into_bytes().into());
    let archive = pkg.work.path().join("big.tgz");
    std::fs::write(&archive, libpkg::package::archive::pack(&files)).unwrap();
    let run = pkg.run([
        "template",
        archive.to_str().unwrap(),
        "--package-limits",
        "file=1Mi",
    ]);
    let stderr = run.fails(1);
    assert!(stderr.contains("big.tgz"), "{stderr}");
    assert!(stderr.contains("1048576 bytes per file"), "{stderr}");
    // The default limits take the same package, and the environment variable overrides them.
    assert!(
        pkg.run(["template", archive.to_str().unwrap()])
            .ok()
            .contains("name: big")
    );
    let run = pkg
        .command(["template", archive.to_str().unwrap()])
        .env("KUBECTL_PKG_PACKAGE_LIMITS", "total=1Mi")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("1048576 bytes in all"),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let run = pkg.run([
        "template",
        archive.to_str().unwrap(),
        "--package-limits",
        "files=3",
    ]);
    assert!(
        run.fails(64).contains("unknown limit \"files\""),
        "{}",
        run.stderr
    );
}

/// The document cap (10,000 by default) is a package limit like the others:
/// a package with more objects is refused with the limit named, and planned
/// once `--package-limits documents=N` allows them.
#[test]
fn the_document_cap_is_a_package_limit() {
    let pkg = Pkg::new();
    let manifests: Vec<(String, String)> = (0..3)
        .map(|file| {
            let documents: Vec<String> = (0..5)
                .map(|n| {
                    format!("apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c-{file}-{n}}}\n")
                })
                .collect();
            (format!("{file}.yaml"), documents.join("---\n"))
        })
        .collect();
    pkg.write_package("many", "many", "1.0.0", &manifests);
    let run = pkg.run(["template", "./many", "--package-limits", "documents=14"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("more than 14 YAML documents in the package (the limit)"),
        "{stderr}"
    );
    let rendered = pkg
        .run(["template", "./many", "--package-limits", "documents=15"])
        .ok()
        .to_string();
    assert_eq!(rendered.matches("kind: ConfigMap").count(), 15);
    let run = pkg.run(["template", "./many", "--package-limits", "documents=0"]);
    assert!(run.fails(64).contains("documents=\"0\""), "{}", run.stderr);
}

#[test]
fn tls_is_verified_unless_explicitly_and_loudly_disabled() {
    let pkg = Pkg::new();
    pkg.login();
    let dir = pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    let repository = format!("oci://{}/{}", pkg.env.registry_auth, unique("tls"));
    pkg.run(["push", dir.to_str().unwrap(), &repository]).ok();
    let reference = format!("{repository}/app");
    let without_ca = |extra: &[&str]| {
        let mut command = pkg.command(["template", reference.as_str()]);
        command
            .args(extra)
            .env_remove("KUBECTL_PKG_REGISTRY_CA_FILE");
        kubectl_pkg_e2e::Run::from(command.output().unwrap())
    };
    let untrusted = without_ca(&[]);
    let stderr = untrusted.fails(1);
    assert!(stderr.contains("certificate"), "{stderr}");
    assert!(untrusted.stdout.is_empty());

    let insecure = without_ca(&["--registry-insecure-skip-tls-verify"]);
    assert!(insecure.ok().contains("app-config"));
    assert!(
        insecure.stderr.contains(
            "WARNING: --registry-insecure-skip-tls-verify: registry certificates are NOT verified"
        ),
        "{}",
        insecure.stderr
    );

    let ca = pkg.env.registry_auth_ca.to_str().unwrap();
    let trusted = without_ca(&["--registry-ca-file", ca]);
    assert!(trusted.ok().contains("app-config"));
    assert!(!trusted.stderr.contains("WARNING"), "{}", trusted.stderr);

    let not_pem = pkg.work.path().join("not-a-ca.pem");
    std::fs::write(&not_pem, "hello").unwrap();
    let bad = without_ca(&["--registry-ca-file", not_pem.to_str().unwrap()]);
    let stderr = bad.fails(1);
    assert!(
        stderr.contains("not-a-ca.pem") && stderr.contains("no PEM certificate"),
        "{stderr}"
    );
}

#[test]
fn a_push_retries_a_busy_registry_and_gives_up_on_one_that_stays_busy() {
    let pkg = Pkg::new();
    let proxy = FaultProxy::start(&pkg.env.registry);
    let repository = format!("oci://{}/{}", proxy.addr, unique("push"));
    let v1 = pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let v2 = pkg.write_package("v2", "app", "2.0.0", BASIC_MANIFESTS);

    // Busy twice when a blob upload starts: retried, and the push lands.
    proxy.refuse(Refusal {
        method: "POST",
        path_contains: "/blobs/uploads/".into(),
        unless_query_has: None,
        status: 503,
        reason: "ServiceUnavailable",
        retry_after: None,
        times: 2,
    });
    pkg.run(["push", v1.to_str().unwrap(), &repository]).ok();
    let uploads = proxy.seen("POST", "/blobs/uploads/");
    assert_eq!(uploads.iter().filter(|s| s.refused).count(), 2);
    let shown = pkg.run([
        "template",
        &format!("{repository}/app"),
        "--version",
        "1.0.0",
    ]);
    assert!(shown.ok().contains("app-config"), "{}", shown.stderr);

    // A registry that keeps refusing the manifest: three attempts, then the error.
    proxy.refuse(Refusal {
        method: "PUT",
        path_contains: "/manifests/".into(),
        unless_query_has: None,
        status: 503,
        reason: "ServiceUnavailable",
        retry_after: None,
        times: usize::MAX,
    });
    let run = pkg.run(["push", v2.to_str().unwrap(), &repository]);
    let stderr = run.fails(1);
    assert!(stderr.contains("503"), "{stderr}");
    let refused = proxy.seen("PUT", "/manifests/2.0.0");
    assert_eq!(refused.len(), 3, "{refused:?}");
}

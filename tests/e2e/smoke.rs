//! The environment itself: the API server with RBAC, both registries, and the
//! library's clients against them.

use kubectl_pkg_e2e::{Pkg, env, parse_json, unique};
use libpkg::cluster::{Cluster, ClusterError, ClusterOptions};
use libpkg::package::{Files, Package};
use libpkg::reference::OciRef;
use libpkg::registry::{RegistryClient, RegistryError, RegistryOptions};

fn cluster(context: &str) -> ClusterOptions {
    ClusterOptions {
        kubeconfig: Some(env().kubeconfig.clone()),
        context: Some(context.to_string()),
        namespace: None,
        ..ClusterOptions::default()
    }
}

#[tokio::test]
async fn admin_lists_namespaces_and_restricted_is_forbidden_by_rbac() {
    let admin = Cluster::connect(&cluster("admin")).await.unwrap();
    assert_eq!(admin.namespace, "default");
    assert_eq!(admin.info.context.as_deref(), Some("admin"));
    assert!(
        admin
            .info
            .server
            .as_deref()
            .unwrap()
            .starts_with("https://127.0.0.1:")
    );
    let namespaces = admin.list_namespaces().await.unwrap();
    assert!(
        namespaces.contains(&"default".to_string()),
        "{namespaces:?}"
    );
    assert!(admin.server_version().await.unwrap().starts_with("v1.20"));

    let restricted = Cluster::connect(&cluster("restricted")).await.unwrap();
    match restricted.list_namespaces().await.unwrap_err() {
        ClusterError::Forbidden { message } => {
            assert!(
                message.contains("User \"restricted\" cannot list resource \"namespaces\""),
                "{message}"
            );
        }
        other => panic!("expected Forbidden, got {other:?}"),
    }
}

#[tokio::test]
async fn unknown_context_is_a_clear_error() {
    let error = Cluster::connect(&cluster("no-such-context"))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("no-such-context"), "{error}");
}

fn small_package(name: &str) -> Package {
    let mut files = Files::new();
    files.insert(
        "package.yaml".into(),
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: {name}\nversion: 1.0.0\n"
        )
        .into_bytes()
        .into(),
    );
    files.insert(
        "manifests/cm.yaml".into(),
        b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: smoke}\n"
            .to_vec()
            .into(),
    );
    Package::from_files(files, name, None).unwrap()
}

async fn push_and_pull(client: &RegistryClient, registry: &str) {
    let name = unique("smoke");
    let package = small_package(&name);
    let artifact = package.artifact();
    let target = OciRef::parse(&format!("{registry}/{}/{name}:1.0.0", unique("path"))).unwrap();
    let digest = client.push(&target, &artifact).await.unwrap();
    assert_eq!(digest, artifact.digest);
    assert_eq!(client.resolve_digest(&target).await.unwrap(), digest);
    assert_eq!(client.list_tags(&target).await.unwrap(), ["1.0.0"]);
    let pulled = client.pull(&target, &digest, 1 << 20).await.unwrap();
    assert_eq!(pulled.layers, [artifact.layer]);
    assert_eq!(pulled.config, artifact.config);
}

#[tokio::test]
async fn plain_registry_push_and_pull() {
    let client = RegistryClient::new(RegistryOptions::default()).unwrap();
    push_and_pull(&client, &env().registry).await;
}

#[tokio::test]
async fn authenticated_registry_needs_credentials_and_its_ca() {
    let pkg = Pkg::new();
    pkg.login();
    let with_credentials = RegistryClient::new(RegistryOptions {
        ca_files: vec![env().registry_auth_ca.clone()],
        docker_config_dir: Some(pkg.docker_config_dir().to_path_buf()),
        ..RegistryOptions::default()
    })
    .unwrap();
    push_and_pull(&with_credentials, &env().registry_auth).await;

    let anonymous_dir = tempfile::tempdir().unwrap();
    let without_credentials = RegistryClient::new(RegistryOptions {
        ca_files: vec![env().registry_auth_ca.clone()],
        docker_config_dir: Some(anonymous_dir.path().to_path_buf()),
        ..RegistryOptions::default()
    })
    .unwrap();
    let target = OciRef::parse(&format!("{}/anything/pkg", env().registry_auth)).unwrap();
    let error = without_credentials.list_tags(&target).await.unwrap_err();
    assert!(
        matches!(error, RegistryError::Unauthorized { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("docker login"), "{error}");

    // Without the CA the certificate is not trusted, and there is no silent fallback to HTTP.
    let untrusted = RegistryClient::new(RegistryOptions {
        docker_config_dir: Some(pkg.docker_config_dir().to_path_buf()),
        ..RegistryOptions::default()
    })
    .unwrap();
    let error = untrusted.list_tags(&target).await.unwrap_err();
    assert!(
        !matches!(error, RegistryError::NotFound { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().to_lowercase().contains("certificate"),
        "{error}"
    );
}

/// Planning keeps many requests in flight; over HTTP/1.1 each would need a
/// connection and a TLS handshake of its own. The API server offers HTTP/2,
/// and every answer must come over it (the request log says which).
#[test]
fn the_api_server_is_spoken_to_in_http2() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("http2");
    pkg.write_package(
        "v1",
        "app",
        "1.0.0",
        &kubectl_pkg_e2e::config_maps("c", 40, "1"),
    );
    let output = pkg
        .command(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .env("KUBECTL_PKG_LOG", "libpkg::cluster::transport=debug")
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    let answered_in = |version: &str| log.matches(&format!("http.version={version}")).count();
    assert!(answered_in("HTTP/2.0") > 40, "{log}");
    assert_eq!(answered_in("HTTP/1.1"), 0, "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "no colours in a log that is not a terminal: {log}"
    );
}

#[test]
fn version_command_text_and_json() {
    let pkg = Pkg::new();
    let text = pkg.run(["version"]);
    assert_eq!(
        text.ok(),
        format!("kubectl-pkg {}\n", env!("CARGO_PKG_VERSION"))
    );
    let json = parse_json(pkg.run(["version", "-o", "json"]).ok());
    assert_eq!(json["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn kubectl_finds_the_plugin_on_path() {
    let Ok(kubectl) = which("kubectl") else {
        panic!("kubectl is not installed; .ci/run installs it")
    };
    let bin_dir = kubectl_pkg_e2e::binary().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = std::process::Command::new(kubectl)
        .args(["pkg", "version"])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("kubectl-pkg "));
}

fn which(program: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|p| p.join(program))
                .find(|p| p.is_file())
        })
        .ok_or(())
}

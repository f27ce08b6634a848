//! An error of libpkg keeps the error it wraps as its `source()` and does
//! not repeat it (issue 51): an embedder walks the chain to the cause, and
//! the user reads each cause once (`remedy::with_causes`). One error of
//! each module that wraps a parser's or a library's error, made the way the
//! library makes it where the input allows (`layers.rs` checks the whole
//! source for errors that copy their cause's text instead).

use std::error::Error;

use libpkg::archive::{Files, Limits};
use libpkg::carvel::{CarvelError, ImagesLock};
use libpkg::helm::chart::{Chart, ChartError};
use libpkg::package::{Package, PackageError};
use libpkg::reference::PackageRef;
use libpkg::registry::RegistryError;
use libpkg::remedy::with_causes;

/// `error` has a source, says what failed without repeating it, and reads
/// whole with its causes.
fn keeps_its_source(error: &(dyn Error + 'static)) {
    let source = error
        .source()
        .expect("the error keeps its cause as its source");
    let (message, cause) = (error.to_string(), source.to_string());
    assert!(!cause.is_empty(), "{message}: an empty cause");
    assert!(
        !message.contains(&cause),
        "{message:?} repeats its source {cause:?}"
    );
    assert_eq!(
        with_causes(error),
        format!("{message}: {}", with_causes(source))
    );
}

fn files(pairs: &[(&str, &str)]) -> Files {
    (pairs.iter())
        .map(|(path, text)| (path.to_string(), text.as_bytes().to_vec().into()))
        .collect()
}

#[test]
fn a_reference_keeps_why_it_does_not_parse() {
    let error = PackageRef::parse("oci://registry.example/app:bad+tag").unwrap_err();
    keeps_its_source(&error);
    assert!(with_causes(&error).contains("not a valid OCI tag"));
}

#[test]
fn a_registry_answer_keeps_the_parsers_reason() {
    let parse = serde_json::from_slice::<serde_json::Value>(b"<html>").unwrap_err();
    let error = RegistryError::malformed("registry.example/app", "not a referrers index", parse);
    keeps_its_source(&error);
    assert!(with_causes(&error).starts_with("registry.example/app: not a referrers index: "));
    // Nothing more to say than where: no empty clause.
    let digest = libpkg::reference::validate_digest("sha256:xyz").unwrap_err();
    let error = RegistryError::malformed("registry.example/app", "", digest);
    assert_eq!(error.to_string(), "registry.example/app");
    keeps_its_source(&error);
}

#[test]
fn a_chart_keeps_why_its_chart_yaml_is_refused() {
    let chart = files(&[("Chart.yaml", "name: [unclosed")]);
    let error = Chart::from_files(chart, "charts/web", &Limits::default()).unwrap_err();
    assert!(matches!(error, ChartError::Unreadable { .. }), "{error:?}");
    assert_eq!(error.to_string(), "charts/web/Chart.yaml");
    keeps_its_source(&error);
}

#[test]
fn a_package_keeps_why_its_metadata_is_refused() {
    let package = files(&[
        ("package.yaml", "apiVersion: [unclosed"),
        ("manifests/a.yaml", "{}"),
    ]);
    let error = Package::from_files(package, "pkgs/web", None).unwrap_err();
    assert!(
        matches!(error, PackageError::MetadataUnreadable { .. }),
        "{error:?}"
    );
    keeps_its_source(&error);
}

#[test]
fn a_carvel_document_keeps_the_parsers_reason() {
    let error = ImagesLock::parse("kind: [unclosed", "bundle", ".imgpkg/images.yml").unwrap_err();
    assert!(matches!(error, CarvelError::Unreadable { .. }), "{error:?}");
    keeps_its_source(&error);
    let error = ImagesLock::parse("kind: Secret", "bundle", ".imgpkg/images.yml").unwrap_err();
    keeps_its_source(&error);
}

#[test]
fn a_bundle_keeps_why_its_manifest_cannot_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let layout = libpkg::airgap::Layout::create(dir.path()).unwrap();
    let missing = format!("sha256:{}", "0".repeat(64));
    let error = layout
        .manifest(&missing, "application/vnd.oci.image.manifest.v1+json")
        .unwrap_err();
    keeps_its_source(&error);
    let error = layout.broken(error);
    keeps_its_source(&error);
    assert_eq!(error.to_string(), dir.path().display().to_string());
}

#[test]
fn a_git_remote_keeps_gits_error() {
    let cache = tempfile::tempdir().unwrap();
    let missing = cache.path().join("no-such-repository.git");
    let url = format!("file://{}", missing.display());
    let error = libpkg::source::git::list_refs(&url, &[], cache.path()).unwrap_err();
    assert_eq!(error.to_string(), url);
    keeps_its_source(&error);
}

#[test]
fn a_repository_url_keeps_why_it_does_not_parse() {
    let dir = tempfile::tempdir().unwrap();
    let mut repositories =
        libpkg::repositories::Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
    let error = repositories
        .add("apps", "git+https://git.example/apps.git?ref=a..b")
        .unwrap_err();
    keeps_its_source(&error);
    assert!(with_causes(&error).ends_with("ref=\"a..b\" is not a valid git ref name"));
}

#[test]
fn a_trust_rule_keeps_why_its_key_is_refused() {
    use libpkg::signature::VerifyMode;
    use libpkg::signature::policy::{TrustPolicy, TrustRule};
    let rule = TrustRule {
        mode: VerifyMode::Enforce,
        keys: vec!["not a PEM key".to_string()],
        identities: Vec::new(),
        trusted_root: None,
    };
    let error = TrustPolicy::default()
        .add("repository apps", "oci://registry.example/apps", &rule)
        .unwrap_err();
    assert_eq!(error.to_string(), "repository apps");
    keeps_its_source(&error);
    assert!(with_causes(&error).starts_with("repository apps: key 1: "));
}

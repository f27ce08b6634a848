use super::*;

pub(crate) fn package_doc(version: &str, template: &str) -> String {
    format!(
        "apiVersion: data.packaging.carvel.dev/v1alpha1
kind: Package
metadata:
  name: hello.carvel.example.com.{version}
spec:
  refName: hello.carvel.example.com
  version: {version}
  valuesSchema:
    openAPIv3:
      type: object
      additionalProperties: false
      properties:
        greeting: {{type: string}}
        replicas: {{type: integer, minimum: 1}}
  template:
    spec:
      fetch:
      - imgpkgBundle:
          image: registry.example/hello@sha256:{}
      template:
{template}
      deploy:
      - kapp:
          intoNs: elsewhere
          rawOptions: [\"--wait-timeout=5m\"]
",
        "1".repeat(64)
    )
}

pub(crate) const YTT_KBLD: &str = "      - ytt:\n          paths: [config/]\n      - kbld:\n          paths: [\"-\", .imgpkg/images.yml]\n";

fn repository_files() -> Files {
    let mut files = Files::new();
    files.insert(
        "packages/hello.carvel.example.com/metadata.yml".into(),
        b"apiVersion: data.packaging.carvel.dev/v1alpha1\nkind: PackageMetadata\nmetadata:\n  name: hello.carvel.example.com\nspec:\n  displayName: Hello\n  shortDescription: Says hello\n".to_vec().into(),
    );
    for version in ["0.25.0", "0.26.0", "0.27.0-rc.1"] {
        files.insert(
            format!("packages/hello.carvel.example.com/{version}.yml"),
            package_doc(version, YTT_KBLD).into_bytes().into(),
        );
    }
    files
}

#[test]
fn a_repository_lists_its_packages_and_resolves_constraints_like_version_selection() {
    let repository = Repository::from_files(&repository_files(), "repo").unwrap();
    assert_eq!(repository.names(), ["hello.carvel.example.com"]);
    assert_eq!(
        repository.metadata["hello.carvel.example.com"].short_description,
        "Says hello"
    );
    let pick = |constraint: Option<&str>, devel: bool| {
        let constraint = constraint.map(|c| Constraint::parse(c).unwrap());
        repository
            .resolve(
                "hello.carvel.example.com",
                constraint.as_ref(),
                devel,
                "repo",
            )
            .map(|(p, _)| p.version.to_string())
    };
    assert_eq!(pick(None, false).unwrap(), "0.26.0");
    assert_eq!(pick(Some("0.25.0"), false).unwrap(), "0.25.0");
    assert_eq!(pick(Some(">0.25.0"), false).unwrap(), "0.26.0");
    assert_eq!(pick(Some(">0.25.0"), true).unwrap(), "0.27.0-rc.1");
    assert_eq!(pick(Some(">=0.27.0-rc.0"), false).unwrap(), "0.27.0-rc.1");
    let error = pick(Some(">1.0.0"), false).unwrap_err().to_string();
    assert!(error.contains("no version matches"), "{error}");
    let missing = repository
        .resolve("nope.example.com", None, false, "repo")
        .unwrap_err()
        .to_string();
    assert!(missing.contains("hello.carvel.example.com"), "{missing}");
}

#[test]
fn malformed_repository_documents_are_named() {
    let mut files = repository_files();
    files.insert(
        "packages/other.yml".into(),
        b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"
            .to_vec()
            .into(),
    );
    let error = Repository::from_files(&files, "repo")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("repo: packages/other.yml (document 1): apiVersion \"v1\""),
        "{error}"
    );

    let mut files = repository_files();
    files.insert(
        "packages/hello.carvel.example.com/0.25.0.yml".into(),
        package_doc("0.25.0", YTT_KBLD)
            .replace("name: hello.carvel.example.com.0.25.0", "name: wrong")
            .into_bytes()
            .into(),
    );
    let error = Repository::from_files(&files, "repo")
        .unwrap_err()
        .to_string();
    assert!(error.contains("metadata.name \"wrong\" must be"), "{error}");

    let mut files = repository_files();
    files.insert(
        "packages/copy.yml".into(),
        package_doc("0.25.0", YTT_KBLD).into_bytes().into(),
    );
    let error = Repository::from_files(&files, "repo")
        .unwrap_err()
        .to_string();
    assert!(error.contains("is defined twice"), "{error}");
}

#[test]
fn unsupported_steps_and_cluster_value_sources_are_known() {
    let mut files = Files::new();
    files.insert(
        "packages/p.yml".into(),
        package_doc("1.0.0", "      - kustomize: {}\n")
            .into_bytes()
            .into(),
    );
    let repository = Repository::from_files(&files, "repo").unwrap();
    let package = &repository.packages["hello.carvel.example.com"][0];
    assert_eq!(package.template[0].kind(), "kustomize");

    files.insert(
        "packages/p.yml".into(),
        package_doc(
            "1.0.0",
            "      - ytt:\n          valuesFrom:\n          - secretRef: {name: s}\n",
        )
        .into_bytes()
        .into(),
    );
    // Read, and refused only when this version is chosen, naming why.
    let repository = Repository::from_files(&files, "repo").unwrap();
    match &repository.packages["hello.carvel.example.com"][0].template[0] {
        TemplateStep::Unsupported { step, why } => {
            assert_eq!(step, "ytt");
            assert!(
                why.contains("valuesFrom[0]: only path is supported"),
                "{why}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn metadata_keys_left_empty_read_as_empty() {
    let mut files = repository_files();
    files.insert(
        "packages/hello.carvel.example.com/metadata.yml".into(),
        b"apiVersion: data.packaging.carvel.dev/v1alpha1\nkind: PackageMetadata\nmetadata:\n  name: hello.carvel.example.com\n  labels:\nspec:\n  displayName:\n  shortDescription: ~\n"
            .to_vec()
            .into(),
    );
    let repository = Repository::from_files(&files, "repo").unwrap();
    let metadata = &repository.metadata["hello.carvel.example.com"];
    assert_eq!(metadata.display_name, "");
    assert_eq!(metadata.short_description, "");
}

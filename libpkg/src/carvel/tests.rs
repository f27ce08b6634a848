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

/// A repository where one Package's `metadata.name` is not
/// `refName.version` (as a hand-edited repository had one: the name of the
/// version before it): kapp-controller refuses that Package alone, and so
/// does kubectl-pkg, naming it and why; every other one stays usable.
#[test]
fn a_misnamed_package_is_skipped_and_the_others_stay_usable() {
    let mut files = repository_files();
    files.insert(
        "packages/hello.carvel.example.com/0.28.0.yml".into(),
        package_doc("0.28.0", YTT_KBLD)
            .replace(
                "name: hello.carvel.example.com.0.28.0",
                "name: hello.carvel.example.com.0.27.0",
            )
            .into_bytes()
            .into(),
    );
    files.insert(
        "packages/other.example.com/1.0.0.yml".into(),
        package_doc("1.0.0", YTT_KBLD)
            .replace("hello.carvel.example.com", "other.example.com")
            .replace("name: other.example.com.1.0.0", "name: other-1.0.0")
            .into_bytes()
            .into(),
    );
    let repository = Repository::from_files(&files, "repo").unwrap();
    assert_eq!(repository.names(), ["hello.carvel.example.com"]);
    let skipped: Vec<String> = repository.skipped.iter().map(ToString::to_string).collect();
    assert_eq!(
        skipped,
        [
            "Package \"hello.carvel.example.com.0.27.0\" (packages/hello.carvel.example.com/0.28.0.yml (document 1)): metadata.name \"hello.carvel.example.com.0.27.0\" must be spec.refName + \".\" + spec.version (\"hello.carvel.example.com.0.28.0\")",
            "Package \"other-1.0.0\" (packages/other.example.com/1.0.0.yml (document 1)): metadata.name \"other-1.0.0\" must be spec.refName + \".\" + spec.version (\"other.example.com.1.0.0\")",
        ]
    );
    // The newest usable version is chosen; the skipped one, asked for, is
    // refused naming why.
    let (chosen, _) = repository
        .resolve("hello.carvel.example.com", None, false, "repo")
        .unwrap();
    assert_eq!(chosen.version.to_string(), "0.26.0");
    let exact = Constraint::parse("0.28.0").unwrap();
    let error = repository
        .resolve("hello.carvel.example.com", Some(&exact), false, "repo")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("repo: hello.carvel.example.com: ") && error.contains("skipped when the repository was read (kapp-controller refuses them too):\n- Package \"hello.carvel.example.com.0.27.0\" (packages/hello.carvel.example.com/0.28.0.yml (document 1)): metadata.name"),
        "{error}"
    );
    let error = repository
        .resolve("other.example.com", None, false, "repo")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("repo: other.example.com: no usable Package with that refName; skipped when the repository was read (kapp-controller refuses them too):\n- Package \"other-1.0.0\""),
        "{error}"
    );
}

use super::*;
use crate::formats::{ClusterFacts, Configuration, RenderRequest};
use crate::helm::render::Capabilities;
use crate::helm::values::Values;
use crate::package::{Content, Package, ParsedOnce};

fn package_doc(version: &str, template: &str) -> String {
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
          rawOptions: [\"--wait-timeout=5m\"]
",
        "1".repeat(64)
    )
}

const YTT_KBLD: &str = "      - ytt:\n          paths: [config/]\n      - kbld:\n          paths: [\"-\", .imgpkg/images.yml]\n";

fn repository_files() -> Files {
    let mut files = Files::new();
    files.insert(
        "packages/hello.carvel.example.com/metadata.yml".into(),
        b"apiVersion: data.packaging.carvel.dev/v1alpha1\nkind: PackageMetadata\nmetadata:\n  name: hello.carvel.example.com\nspec:\n  displayName: Hello\n  shortDescription: Says hello\n".to_vec(),
    );
    for version in ["0.25.0", "0.26.0", "0.27.0-rc.1"] {
        files.insert(
            format!("packages/hello.carvel.example.com/{version}.yml"),
            package_doc(version, YTT_KBLD).into_bytes(),
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
        b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n".to_vec(),
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
            .into_bytes(),
    );
    let error = Repository::from_files(&files, "repo")
        .unwrap_err()
        .to_string();
    assert!(error.contains("metadata.name \"wrong\" must be"), "{error}");

    let mut files = repository_files();
    files.insert(
        "packages/copy.yml".into(),
        package_doc("0.25.0", YTT_KBLD).into_bytes(),
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
        package_doc("1.0.0", "      - kustomize: {}\n").into_bytes(),
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
        .into_bytes(),
    );
    let error = Repository::from_files(&files, "repo")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("valuesFrom[0]: only path is supported"),
        "{error}"
    );
}

/// A package whose content is `files`, with the steps of `template`.
fn carvel_package(template: &str, files: Files) -> Package {
    let mut repo = Files::new();
    repo.insert(
        "packages/p.yml".into(),
        package_doc("1.0.0", template).into_bytes(),
    );
    let repository = Repository::from_files(&repo, "repo").unwrap();
    let chosen = repository.packages["hello.carvel.example.com"][0].clone();
    Package {
        metadata: crate::package::PackageMetadata::synthesized("hello.carvel.example.com", "1.0.0"),
        version: chosen.version.clone(),
        files,
        content: Content::Carvel(Box::new(CarvelPackage {
            package: chosen,
            metadata: None,
            repository: "repo".into(),
            repository_digest: None,
            fetched: vec!["inline".into()],
            ytt: None,
        })),
        parsed: ParsedOnce::default(),
    }
}

fn render(package: &Package, values: &Values) -> Result<crate::formats::Rendered, String> {
    let config = BTreeMap::new();
    let request = RenderRequest {
        release: "hello",
        namespace: "apps",
        upgrade: None,
        configuration: Configuration {
            config: &config,
            values,
            reuse_values: Default::default(),
        },
    };
    let capabilities = Capabilities::offline();
    let served = Default::default();
    crate::formats::render(
        package,
        &request,
        ClusterFacts {
            capabilities: &capabilities,
            served_kinds: &served,
            lookup: None,
        },
    )
    .map_err(|e| e.to_string())
}

const PINNED: &str =
    "registry.example/web@sha256:2222222222222222222222222222222222222222222222222222222222222222";

fn content() -> Files {
    let mut files = Files::new();
    files.insert(
        "config/b-deployment.yml".into(),
        b"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: web:1.0\n".to_vec(),
    );
    files.insert(
        "config/a-config.yaml".into(),
        b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata: {greeting: hi}\n".to_vec(),
    );
    files.insert("config/notes.txt".into(), b"not output".to_vec());
    files.insert(
        ".imgpkg/images.yml".into(),
        format!("apiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages:\n- image: {PINNED}\n  annotations:\n    kbld.carvel.dev/id: web:1.0\n").into_bytes(),
    );
    files
}

#[test]
fn a_ytt_step_without_templating_renders_without_ytt_and_kbld_pins_images() {
    let package = carvel_package(YTT_KBLD, content());
    let mut values = Values::new();
    values.insert("greeting".into(), "hello".into());
    let rendered = render(&package, &values).unwrap();
    let objects: Vec<String> = rendered
        .documents
        .iter()
        .map(|(_, d)| {
            format!(
                "{}/{}",
                d["kind"].as_str().unwrap(),
                d["metadata"]["name"].as_str().unwrap()
            )
        })
        .collect();
    // ytt's order: files sorted by path; only YAML files are output.
    assert_eq!(objects, ["ConfigMap/web", "Deployment/web"]);
    assert_eq!(
        rendered.documents[1]
            .1
            .pointer("/spec/template/spec/containers/0/image"),
        Some(&Value::from(PINNED))
    );
    assert_eq!(rendered.values.unwrap()["greeting"], "hello");
    assert!(
        rendered.warnings.iter().any(|w| w.contains("rawOptions")),
        "{:?}",
        rendered.warnings
    );
    let info = match &package.content {
        Content::Carvel(carvel) => carvel.info(),
        _ => unreachable!(),
    };
    assert_eq!(info.template, ["ytt", "kbld"]);
    assert_eq!(info.ytt, None);
}

#[test]
fn values_are_validated_against_the_schema_naming_the_path() {
    let package = carvel_package(YTT_KBLD, content());
    let mut values = Values::new();
    values.insert("replicas".into(), 0.into());
    values.insert("colour".into(), "red".into());
    let error = render(&package, &values).unwrap_err();
    assert!(
        error.contains("values do not match its valuesSchema"),
        "{error}"
    );
    assert!(
        error.contains("- replicas: 0 is less than the minimum of 1"),
        "{error}"
    );
    assert!(
        error.contains("- (root): Additional properties are not allowed ('colour'"),
        "{error}"
    );
}

#[test]
fn templates_that_need_ytt_are_refused_when_ytt_was_not_found() {
    let mut files = content();
    files.insert(
        "config/c.yml".into(),
        b"#@ load(\"@ytt:data\", \"data\")\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n".to_vec(),
    );
    let package = carvel_package(YTT_KBLD, files);
    let error = render(&package, &Values::new()).unwrap_err();
    assert!(
        error.contains("template step 0 (ytt): ytt is needed"),
        "{error}"
    );
}

#[test]
fn an_image_missing_from_the_lock_is_refused_naming_it() {
    let mut files = content();
    files.remove(".imgpkg/images.yml");
    files.insert(
        ".imgpkg/images.yml".into(),
        b"apiVersion: imgpkg.carvel.dev/v1alpha1\nkind: ImagesLock\nimages: []\n".to_vec(),
    );
    let package = carvel_package(YTT_KBLD, files);
    let error = render(&package, &Values::new()).unwrap_err();
    assert!(
        error.contains("template step 1 (kbld): Deployment/web: image \"web:1.0\""),
        "{error}"
    );
}

#[test]
fn a_helm_template_step_renders_through_the_helm_engine_with_the_values() {
    let mut files = Files::new();
    files.insert(
        "chart/Chart.yaml".into(),
        b"apiVersion: v2\nname: web\nversion: 1.0.0\n".to_vec(),
    );
    files.insert("chart/values.yaml".into(), b"greeting: hi\n".to_vec());
    files.insert(
        "chart/templates/cm.yaml".into(),
        b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-cm\ndata:\n  greeting: {{ .Values.greeting | quote }}\n".to_vec(),
    );
    let package = carvel_package(
        "      - helmTemplate:\n          path: chart/\n      - kbld: {}\n",
        files,
    );
    let mut values = Values::new();
    values.insert("greeting".into(), "hello".into());
    let rendered = render(&package, &values).unwrap();
    assert_eq!(rendered.documents.len(), 1);
    let cm = &rendered.documents[0].1;
    assert_eq!(cm["metadata"]["name"], "hello-cm");
    assert_eq!(cm["data"]["greeting"], "hello");
}

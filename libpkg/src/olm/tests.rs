//! Conversion tests over the example bundle examples/tinyop/1.0.0. The
//! expected RBAC names were computed independently of this crate (SHA-224 of
//! the Go JSON encoding written out by hand, base 36, cut to 63), from the
//! algorithm operator-controller documents and implements.

use serde_json::Value;

use super::*;
use crate::package::Files;

fn fixture(name: &str) -> Files {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    let mut files = Files::new();
    for sub in ["manifests", "metadata"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let entry = entry.unwrap();
            let path = format!("{sub}/{}", entry.file_name().to_string_lossy());
            files.insert(path, std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

fn tinyop() -> Bundle {
    Bundle::from_files(&fixture("tinyop/1.0.0"), "tinyop").unwrap()
}

fn convert(bundle: &Bundle, watch: Option<&str>) -> Result<Converted, OlmError> {
    bundle.convert(&ConvertOptions {
        install_namespace: "ops",
        watch_namespace: watch,
        cert_manager: false,
    })
}

fn find<'a>(converted: &'a Converted, kind: &str) -> Vec<&'a Value> {
    converted
        .objects
        .iter()
        .map(|(_, o)| o)
        .filter(|o| o["kind"] == kind)
        .collect()
}

fn names(objects: &[&Value]) -> Vec<String> {
    let mut names: Vec<String> = objects
        .iter()
        .map(|o| o["metadata"]["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

const OWN_CONTROLLER: &str = "tinyop.v1.0.0-tiny-26o840f1oom1o0vdj6lj4f7m05jd8cjt95c6cu1bcart";
const OWN_REPORTER: &str = "tinyop.v1.0.0-tiny-2hojcf3fpmd5rxze8ijvfkq0namx2g6oktsfl77kbcc9";
const CLUSTER_CONTROLLER: &str = "tinyop.v1.0.0-tiny-22niicex5vgt2d2fcqncevj4src28usjaulopi7fxc6m";
// A 43-character hash: the base keeps 19 characters.
const ALL_CONTROLLER: &str = "tinyop.v1.0.0-tinyo-xx3umls4s1mdw1vnwvh5o949r0ox8jrx29r3vpglln5";
const ALL_REPORTER: &str = "tinyop.v1.0.0-tiny-1iv6n3hs07g1neovzcbd2oddblg2573ivmhz8if2f2j7";

#[test]
fn the_bundle_is_read_with_its_metadata() {
    let bundle = tinyop();
    assert_eq!(bundle.package_name, "tinyop");
    assert_eq!(bundle.channels, ["stable", "fast"]);
    assert_eq!(bundle.default_channel.as_deref(), Some("stable"));
    assert_eq!(bundle.csv.name, "tinyop.v1.0.0");
    assert_eq!(bundle.csv.version.to_string(), "1.0.0");
    assert_eq!(bundle.crds.len(), 1);
    assert_eq!(bundle.others.len(), 1);
    assert_eq!(
        bundle.images(),
        [
            "registry.example/tinyop/controller@sha256:1111111111111111111111111111111111111111111111111111111111111111",
            "registry.example/tinyop/reporter:1.0.0",
        ]
    );
}

#[test]
fn own_namespace_mode_gives_roles_in_the_install_namespace() {
    let converted = convert(&tinyop(), Some("ops")).unwrap();
    assert_eq!(converted.install_mode, InstallModeType::OwnNamespace);
    assert_eq!(converted.target_namespaces, ["ops"]);
    assert_eq!(
        names(&find(&converted, "ServiceAccount")),
        ["tinyop-controller", "tinyop-reporter"]
    );
    let roles = find(&converted, "Role");
    assert_eq!(names(&roles), [OWN_CONTROLLER, OWN_REPORTER]);
    assert!(roles.iter().all(|r| r["metadata"]["namespace"] == "ops"));
    let bindings = find(&converted, "RoleBinding");
    assert_eq!(names(&bindings), [OWN_CONTROLLER, OWN_REPORTER]);
    let reporter = bindings
        .iter()
        .find(|b| b["metadata"]["name"] == OWN_REPORTER)
        .unwrap();
    assert_eq!(
        reporter["subjects"],
        serde_json::json!([{"kind": "ServiceAccount", "namespace": "ops", "name": "tinyop-reporter"}])
    );
    assert_eq!(reporter["roleRef"]["kind"], "Role");
    assert_eq!(reporter["roleRef"]["name"], OWN_REPORTER);
    assert_eq!(
        names(&find(&converted, "ClusterRole")),
        [CLUSTER_CONTROLLER]
    );
    assert_eq!(
        names(&find(&converted, "ClusterRoleBinding")),
        [CLUSTER_CONTROLLER]
    );
    let deployment = find(&converted, "Deployment")[0];
    let annotations = &deployment["spec"]["template"]["metadata"]["annotations"];
    assert_eq!(annotations["olm.targetNamespaces"], "ops");
    assert_eq!(annotations["olm.operatorNamespace"], "ops");
    assert_eq!(annotations["capabilities"], "Basic Install");
    assert_eq!(
        annotations["kubectl.kubernetes.io/default-container"],
        "manager"
    );
    assert_eq!(deployment["spec"]["revisionHistoryLimit"], 1);
    assert_eq!(deployment["metadata"]["namespace"], "ops");
    assert_eq!(
        deployment["metadata"]["labels"]["app.kubernetes.io/name"],
        "tinyop"
    );
}

#[test]
fn all_namespaces_mode_promotes_permissions_with_the_namespaces_rule() {
    let converted = convert(&tinyop(), None).unwrap();
    assert_eq!(converted.install_mode, InstallModeType::AllNamespaces);
    assert_eq!(converted.target_namespaces, [""]);
    assert!(find(&converted, "Role").is_empty());
    assert!(find(&converted, "RoleBinding").is_empty());
    let cluster_roles = find(&converted, "ClusterRole");
    assert_eq!(
        names(&cluster_roles),
        [ALL_REPORTER, CLUSTER_CONTROLLER, ALL_CONTROLLER]
    );
    assert_eq!(ALL_CONTROLLER.len(), 63);
    let promoted = cluster_roles
        .iter()
        .find(|r| r["metadata"]["name"] == ALL_REPORTER)
        .unwrap();
    assert_eq!(
        promoted["rules"],
        serde_json::json!([
            {"verbs": ["create", "patch"], "apiGroups": [""], "resources": ["events"]},
            {"verbs": ["get", "list", "watch"], "apiGroups": [""], "resources": ["namespaces"]},
        ])
    );
    let deployment = find(&converted, "Deployment")[0];
    assert_eq!(
        deployment["spec"]["template"]["metadata"]["annotations"]["olm.targetNamespaces"],
        ""
    );
}

#[test]
fn crds_are_unchanged_and_other_objects_move_to_the_install_namespace() {
    let bundle = tinyop();
    let converted = convert(&bundle, None).unwrap();
    assert_eq!(
        find(&converted, "CustomResourceDefinition")[0],
        &bundle.crds[0].1
    );
    let service = find(&converted, "Service")[0];
    assert_eq!(service["metadata"]["namespace"], "ops");
}

#[test]
fn install_modes_are_checked_against_the_watch_namespace() {
    let error = convert(&tinyop(), Some("elsewhere"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("supported install modes [AllNamespaces OwnNamespace] do not support target namespaces [elsewhere]"),
        "{error}"
    );
    let mut own_only = tinyop();
    own_only
        .csv
        .spec
        .install_modes
        .retain(|m| m.mode != "AllNamespaces");
    let error = convert(&own_only, None).unwrap_err().to_string();
    assert!(
        error.contains("do not support targeting all namespaces"),
        "{error}"
    );
    assert!(error.contains("--config watchNamespace="), "{error}");
    let mut all_only = tinyop();
    all_only
        .csv
        .spec
        .install_modes
        .retain(|m| m.mode != "OwnNamespace");
    let error = convert(&all_only, Some("ops")).unwrap_err().to_string();
    assert!(
        error.contains("do not support targeting own namespace"),
        "{error}"
    );
}

#[test]
fn unsupported_bundles_say_why() {
    let mut files = fixture("tinyop/1.0.0");
    files.remove("manifests/tiny.example.com_widgets.yaml");
    files.insert(
        "manifests/apiservice.yaml".into(),
        b"apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1.tiny.example.com}\n"
            .to_vec(),
    );
    let mut bundle = Bundle::from_files(&files, "broken").unwrap();
    bundle
        .csv
        .spec
        .api_service_definitions
        .owned
        .push(ApiDescription {
            name: "tiny.example.com".into(),
            version: "v1".into(),
            kind: "Gadget".into(),
        });
    bundle.csv.spec.webhook_definitions.push(WebhookDefinition {
        kind: "ValidatingAdmissionWebhook".into(),
        generate_name: "vwidget.tiny.example.com".into(),
        deployment_name: "tinyop-controller".into(),
        conversion_crds: Vec::new(),
    });
    let OlmError::Unsupported { csv, problems } = convert(&bundle, None).unwrap_err() else {
        panic!("expected Unsupported");
    };
    assert_eq!(csv, "tinyop.v1.0.0");
    let all = problems.join("\n");
    assert!(
        all.contains(
            "owned custom resource definition 'widgets.tiny.example.com' not found in bundle"
        ),
        "{all}"
    );
    assert!(
        all.contains("apiServiceDefinitions are not supported"),
        "{all}"
    );
    assert!(
        all.contains("need a certificate provider: install cert-manager"),
        "{all}"
    );
    assert!(
        all.contains("unsupported resource: Name: v1.tiny.example.com, Kind: APIService"),
        "{all}"
    );
    // With cert-manager the webhook message changes; the other problems remain.
    let with = bundle
        .convert(&ConvertOptions {
            install_namespace: "ops",
            watch_namespace: None,
            cert_manager: true,
        })
        .unwrap_err()
        .to_string();
    assert!(
        with.contains("not supported by this version of kubectl-pkg"),
        "{with}"
    );
}

#[test]
fn bundle_files_are_checked() {
    let mut files = fixture("tinyop/1.0.0");
    files.insert("manifests/sub/x.yaml".into(), b"a: b".to_vec());
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(
        error.contains("manifests/sub/x.yaml: subdirectories are not allowed"),
        "{error}"
    );

    let mut files = fixture("tinyop/1.0.0");
    files.insert(
        ANNOTATIONS_FILE.into(),
        b"annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: plain+v0\n".to_vec(),
    );
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(
        error
            .contains("metadata/annotations.yaml: bundle media type \"plain+v0\" is not supported"),
        "{error}"
    );

    let mut files = fixture("tinyop/1.0.0");
    files.remove("manifests/tinyop.clusterserviceversion.yaml");
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(error.contains("no ClusterServiceVersion"), "{error}");
}

#[test]
fn a_short_base_is_not_cut() {
    let permission = Permission {
        service_account_name: "a".into(),
        rules: Some(vec![PolicyRule {
            verbs: Some(vec!["get".into()]),
            api_groups: Some(vec![String::new()]),
            resources: Some(vec!["pods".into()]),
            resource_names: None,
            non_resource_urls: None,
        }]),
    };
    assert_eq!(
        naming::generated_name("m.v1", &permission),
        "m.v1-a-qioy038t12yn7dofkbdotd4f9p5s5lz51exbnuhm8uu"
    );
}

#[test]
fn conversion_is_deterministic() {
    let a = convert(&tinyop(), Some("ops")).unwrap();
    let b = convert(&tinyop(), Some("ops")).unwrap();
    assert_eq!(a, b);
}

//! Conversion tests over the example bundle examples/tinyop/1.0.0. The
//! expected RBAC names were computed independently of this crate (SHA-224 of
//! the Go JSON encoding written out by hand, base 36, cut to 63), from the
//! algorithm operator-controller documents and implements.

use serde_json::Value;

use super::*;
use crate::archive::Files;

fn fixture(name: &str) -> Files {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    let mut files = Files::new();
    for sub in ["manifests", "metadata"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let entry = entry.unwrap();
            let path = format!("{sub}/{}", entry.file_name().to_string_lossy());
            files.insert(path, std::fs::read(entry.path()).unwrap().into());
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
    assert!(error.contains("`config` watchNamespace="), "{error}");
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
            .to_vec().into(),
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
        ..WebhookDefinition::default()
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
    // With cert-manager the webhook is no problem; the others remain.
    let with = bundle
        .convert(&ConvertOptions {
            install_namespace: "ops",
            watch_namespace: None,
            cert_manager: true,
        })
        .unwrap_err()
        .to_string();
    assert!(!with.contains("certificate provider"), "{with}");
    assert!(
        with.contains("apiServiceDefinitions are not supported"),
        "{with}"
    );
}

#[test]
fn bundle_files_are_checked() {
    let mut files = fixture("tinyop/1.0.0");
    files.insert("manifests/sub/x.yaml".into(), b"a: b".to_vec().into());
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(
        error.contains("manifests/sub/x.yaml: subdirectories are not allowed"),
        "{error}"
    );

    let mut files = fixture("tinyop/1.0.0");
    files.insert(
        ANNOTATIONS_FILE.into(),
        b"annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: plain+v0\n"
            .to_vec()
            .into(),
    );
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(
        error
            .contains("metadata/annotations.yaml: bundle media type \"plain+v0\" is not supported"),
        "{error}"
    );

    // `annotations:` left empty is an empty map (as Kubernetes' YAML
    // reading has it), so the error says what is missing, not a YAML type.
    let mut files = fixture("tinyop/1.0.0");
    files.insert(ANNOTATIONS_FILE.into(), b"annotations:\n".to_vec().into());
    let error = Bundle::from_files(&files, "b").unwrap_err().to_string();
    assert!(
        error.contains("metadata/annotations.yaml: bundle media type \"\" is not supported"),
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

/// The example bundle with a validating and a conversion webhook served by
/// its controller, and only AllNamespaces supported (as conversion webhooks need).
fn with_webhooks() -> Bundle {
    let mut bundle = tinyop();
    bundle
        .csv
        .spec
        .install_modes
        .retain(|m| m.mode == "AllNamespaces");
    let webhook = |kind: &str, name: &str| WebhookDefinition {
        kind: kind.into(),
        generate_name: name.into(),
        deployment_name: "tinyop-controller".into(),
        container_port: 443,
        target_port: Some(Value::from(9443)),
        admission_review_versions: vec!["v1".into()],
        side_effects: Some(Value::from("None")),
        ..WebhookDefinition::default()
    };
    let mut validating = webhook("ValidatingAdmissionWebhook", "vwidget.tiny.example.com");
    validating.webhook_path = Some("/validate".into());
    validating.rules = Some(
        serde_json::json!([{"apiGroups": ["tiny.example.com"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["widgets"]}]),
    );
    let mut conversion = webhook("ConversionWebhook", "cwidget.tiny.example.com");
    conversion.conversion_crds = vec!["widgets.tiny.example.com".into()];
    bundle.csv.spec.webhook_definitions = vec![validating, conversion];
    bundle
}

fn with_cert_manager(bundle: &Bundle) -> Result<Converted, OlmError> {
    bundle.convert(&ConvertOptions {
        install_namespace: "ops",
        watch_namespace: None,
        cert_manager: true,
    })
}

#[test]
fn webhooks_get_a_service_a_certificate_and_ca_injection_with_cert_manager() {
    let bundle = with_webhooks();
    let error = convert(&bundle, None).unwrap_err().to_string();
    assert!(
        error.contains("need a certificate provider: install cert-manager"),
        "{error}"
    );

    let converted = with_cert_manager(&bundle).unwrap();
    let names = webhooks::cert_names("tinyop-controller");
    assert_eq!(names.service, "tinyop-controller-service");
    assert_eq!(names.certificate, "tinyop-controller-service-cert");
    assert_eq!(
        names.issuer,
        "tinyop-controller-service-cert-selfsigned-issuer"
    );
    let injected = "ops/tinyop-controller-service-cert";

    let configuration = find(&converted, "ValidatingWebhookConfiguration")[0];
    assert_eq!(
        configuration["metadata"]["name"],
        "vwidget.tiny.example.com"
    );
    assert_eq!(
        configuration["metadata"]["annotations"]["cert-manager.io/inject-ca-from"],
        injected
    );
    let webhook = &configuration["webhooks"][0];
    assert_eq!(
        webhook["clientConfig"]["service"],
        serde_json::json!({"namespace": "ops", "name": "tinyop-controller-service", "path": "/validate", "port": 443})
    );
    assert!(
        webhook.get("namespaceSelector").is_none(),
        "all namespaces: no selector"
    );

    let crd = find(&converted, "CustomResourceDefinition")[0];
    assert_eq!(crd["spec"]["conversion"]["strategy"], "Webhook");
    assert_eq!(
        crd["spec"]["conversion"]["webhook"]["clientConfig"]["service"]["path"],
        "/"
    );
    assert_eq!(
        crd["metadata"]["annotations"]["cert-manager.io/inject-ca-from"],
        injected
    );

    let services = find(&converted, "Service");
    let service = services
        .iter()
        .find(|s| s["metadata"]["name"] == "tinyop-controller-service")
        .unwrap();
    assert_eq!(
        service["spec"]["ports"],
        serde_json::json!([{"name": "443", "port": 443, "targetPort": 9443, "protocol": "TCP"}])
    );
    assert_eq!(
        service["spec"]["selector"]["app.kubernetes.io/name"],
        "tinyop"
    );
    let certificate = find(&converted, "Certificate")[0];
    assert_eq!(
        certificate["spec"]["dnsNames"],
        serde_json::json!(["tinyop-controller-service.ops.svc"])
    );
    assert_eq!(
        certificate["spec"]["issuerRef"]["name"],
        names.issuer.as_str()
    );
    assert_eq!(
        find(&converted, "Issuer")[0]["spec"],
        serde_json::json!({"selfSigned": {}})
    );

    let deployment = find(&converted, "Deployment")[0];
    let pod = &deployment["spec"]["template"]["spec"];
    let volumes: Vec<&str> = pod["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(volumes, ["webhook-cert", "apiservice-cert"]);
    assert_eq!(
        pod["volumes"][0]["secret"]["secretName"],
        names.certificate.as_str()
    );
    assert_eq!(
        pod["containers"][0]["volumeMounts"][0]["mountPath"],
        "/tmp/k8s-webhook-server/serving-certs"
    );
}

#[test]
fn webhook_validators_say_why() {
    let mut bundle = with_webhooks();
    bundle.csv.spec.install_modes.push(InstallMode {
        mode: "OwnNamespace".into(),
        supported: true,
    });
    bundle.csv.spec.webhook_definitions[0].deployment_name = "ghost".into();
    bundle.csv.spec.webhook_definitions[0].rules =
        Some(serde_json::json!([{"apiGroups": ["*"], "resources": ["pods"]}]));
    bundle.csv.spec.webhook_definitions[1]
        .conversion_crds
        .push("gadgets.tiny.example.com".into());
    let all = with_cert_manager(&bundle).unwrap_err().to_string();
    for expected in [
        "bundle contains conversion webhook \"cwidget.tiny.example.com\" and supports install modes [AllNamespaces OwnNamespace]",
        "webhook of type 'ValidatingAdmissionWebhook' with name 'vwidget.tiny.example.com' references non-existent deployment 'ghost'",
        "conversion webhook 'cwidget.tiny.example.com' references custom resource definition 'gadgets.tiny.example.com' not owned bundle",
        "webhook \"vwidget.tiny.example.com\" contains forbidden rule: admission webhook rules cannot reference API group \"*\"",
    ] {
        assert!(all.contains(expected), "{expected}\nin: {all}");
    }
}

#[test]
fn own_namespace_webhooks_select_the_watched_namespace() {
    let mut bundle = with_webhooks();
    bundle
        .csv
        .spec
        .webhook_definitions
        .retain(|w| w.kind != "ConversionWebhook");
    bundle.csv.spec.install_modes.push(InstallMode {
        mode: "OwnNamespace".into(),
        supported: true,
    });
    let converted = bundle
        .convert(&ConvertOptions {
            install_namespace: "ops",
            watch_namespace: Some("ops"),
            cert_manager: true,
        })
        .unwrap();
    let configuration = find(&converted, "ValidatingWebhookConfiguration")[0];
    assert_eq!(
        configuration["webhooks"][0]["namespaceSelector"],
        serde_json::json!({"matchExpressions": [{"key": "kubernetes.io/metadata.name", "operator": "In", "values": ["ops"]}]})
    );
}

/// OLM v1's own regression data names the ClusterRole of webhook-operator
/// v0.0.5's promoted `permissions` (AllNamespaces mode)
/// `webhook-operator.v-1zfvwth88plw3th2midra1jqduroo1q7omiagjujsiu3`: the
/// same entry, written out here, gives the same name.
#[test]
fn names_equal_operator_controllers_regression_output() {
    let rule = |verbs: &[&str], group: &str, resource: &str| PolicyRule {
        verbs: Some(verbs.iter().map(|v| v.to_string()).collect()),
        api_groups: Some(vec![group.to_string()]),
        resources: Some(vec![resource.to_string()]),
        resource_names: None,
        non_resource_urls: None,
    };
    let all = [
        "get", "list", "watch", "create", "update", "patch", "delete",
    ];
    let permission = Permission {
        service_account_name: "webhook-operator-controller-manager".into(),
        rules: Some(vec![
            rule(&all, "", "configmaps"),
            rule(&all, "coordination.k8s.io", "leases"),
            rule(&["create", "patch"], "", "events"),
            rule(&["get", "list", "watch"], "", "namespaces"),
        ]),
    };
    assert_eq!(
        naming::generated_name("webhook-operator.v0.0.5", &permission),
        "webhook-operator.v-1zfvwth88plw3th2midra1jqduroo1q7omiagjujsiu3"
    );
}

#[test]
fn single_namespace_mode_puts_roles_in_the_watched_namespace() {
    let mut bundle = tinyop();
    for mode in &mut bundle.csv.spec.install_modes {
        mode.supported = mode.mode == "SingleNamespace";
    }
    let converted = convert(&bundle, Some("team-a")).unwrap();
    assert_eq!(converted.install_mode, InstallModeType::SingleNamespace);
    let roles = find(&converted, "Role");
    assert_eq!(names(&roles), [OWN_CONTROLLER, OWN_REPORTER]);
    assert!(roles.iter().all(|r| r["metadata"]["namespace"] == "team-a"));
    let binding = find(&converted, "RoleBinding")[0];
    assert_eq!(binding["metadata"]["namespace"], "team-a");
    assert_eq!(
        binding["subjects"][0]["namespace"], "ops",
        "the account lives in the install namespace"
    );
    let deployment = find(&converted, "Deployment")[0];
    assert_eq!(
        deployment["spec"]["template"]["metadata"]["annotations"]["olm.targetNamespaces"],
        "team-a"
    );
    assert_eq!(deployment["metadata"]["namespace"], "ops");
    let error = convert(&bundle, Some("ops")).unwrap_err().to_string();
    assert!(
        error.contains("do not support targeting own namespace"),
        "{error}"
    );
}

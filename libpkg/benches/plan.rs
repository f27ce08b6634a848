//! `cargo bench -p libpkg`: the pure parts of planning on generated packages
//! of 500 and 5,000 objects (rendering, apply ordering, permission analysis,
//! the plan hash, the whole offline plan, and the live-versus-planned diff of
//! every object), plus the diff of one large CustomResourceDefinition (about
//! 1 MB of schema) with a one-line change.
//!
//! The packages mix kinds the way applications do: per "app" two ConfigMaps, a
//! Secret, a ServiceAccount, a Role and RoleBinding, a Service and a
//! Deployment; plus three CRDs, custom resources and cluster RBAC. The
//! end-to-end comparison with kubectl against a real API server is
//! `tests/bench/run`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use libpkg::action::{Source, plan_offline};
use libpkg::diff::compare;
use libpkg::object::Object;
use libpkg::package::{Files, Package};
use libpkg::permissions;
use libpkg::plan::ReleaseId;
use libpkg::render::{self, OfflineScopes, RenderTarget};
use serde_json::{Value, json};

const SIZES: [usize; 2] = [500, 5000];
const KINDS: [&str; 8] = [
    "ConfigMap",
    "ConfigMap",
    "Secret",
    "ServiceAccount",
    "Role",
    "RoleBinding",
    "Service",
    "Deployment",
];

fn crd(kind: &str, properties: usize) -> String {
    let mut fields = String::new();
    for index in 0..properties {
        fields.push_str(&format!(
            "                field{index}:\n                  type: string\n                  description: Setting number {index} of the {kind}, with enough words to look like generated API documentation.\n"
        ));
    }
    let plural = format!("{}s", kind.to_lowercase());
    format!(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: {plural}.bench.example.com\nspec:\n  group: bench.example.com\n  scope: Namespaced\n  names: {{kind: {kind}, plural: {plural}, singular: {}, listKind: {kind}List}}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n{fields}",
        kind.to_lowercase()
    )
}

fn app_object(kind: &str, app: usize, slot: usize) -> String {
    let name = format!("app-{app}");
    let labels = format!("  labels: {{app.kubernetes.io/name: {name}}}\n");
    match kind {
        "ConfigMap" => {
            let properties: String = (0..24)
                .map(|k| format!("    {name}.setting.{k}=value-{k}\n"))
                .collect();
            format!(
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}-config-{slot}\n{labels}data:\n  log-level: info\n  application.properties: |\n{properties}"
            )
        }
        "Secret" => format!(
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {name}-credentials\n{labels}type: Opaque\nstringData:\n  username: user-{app}\n  password: initial-password-{app}\n"
        ),
        "ServiceAccount" => {
            format!("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {name}\n{labels}")
        }
        "Role" => format!(
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: {name}\n{labels}rules:\n- apiGroups: ['']\n  resources: [configmaps]\n  resourceNames: [{name}-config-0, {name}-config-1]\n  verbs: [get, watch]\n- apiGroups: ['']\n  resources: [secrets]\n  resourceNames: [{name}-credentials]\n  verbs: [get]\n"
        ),
        "RoleBinding" => format!(
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: {name}\n{labels}roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: Role, name: {name}}}\nsubjects:\n- {{kind: ServiceAccount, name: {name}}}\n"
        ),
        "Service" => format!(
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: {name}\n{labels}spec:\n  selector: {{app.kubernetes.io/name: {name}}}\n  ports:\n  - {{name: http, port: 80, targetPort: 8080, protocol: TCP}}\n  - {{name: metrics, port: 9090, targetPort: 9090, protocol: TCP}}\n"
        ),
        _ => format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {name}\n{labels}spec:\n  replicas: 2\n  selector:\n    matchLabels: {{app.kubernetes.io/name: {name}}}\n  template:\n    metadata:\n      labels: {{app.kubernetes.io/name: {name}}}\n    spec:\n      serviceAccountName: {name}\n      securityContext: {{runAsNonRoot: true, seccompProfile: {{type: RuntimeDefault}}}}\n      containers:\n      - name: app\n        image: registry.example/bench/{name}:1.0.0@sha256:{app:064x}\n        ports:\n        - {{name: http, containerPort: 8080, protocol: TCP}}\n        envFrom:\n        - configMapRef: {{name: {name}-config-1}}\n        resources:\n          requests: {{cpu: 100m, memory: 128Mi}}\n          limits: {{cpu: '1', memory: 256Mi}}\n        securityContext:\n          allowPrivilegeEscalation: false\n          capabilities: {{drop: [ALL]}}\n"
        ),
    }
}

/// A package of `count` objects.
fn package(count: usize) -> Package {
    let mut files = Files::new();
    files.insert(
        "package.yaml".into(),
        b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: bench\nversion: 1.0.0\n"
            .to_vec()
            .into(),
    );
    let kinds = ["Widget", "Gadget", "Gizmo"];
    let mut documents: Vec<(String, String)> = kinds
        .iter()
        .map(|kind| ("crds".to_string(), crd(kind, 8)))
        .collect();
    documents.push(("cluster".to_string(), "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: bench-node-reader}\nrules:\n- {apiGroups: [''], resources: [nodes], verbs: [get, list, watch]}\n".to_string()));
    documents.push(("cluster".to_string(), "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: bench-node-reader}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: bench-node-reader}\nsubjects:\n- {kind: ServiceAccount, name: app-0, namespace: bench}\n".to_string()));
    let custom = count / 20;
    for index in 0..custom {
        let kind = kinds[index % kinds.len()];
        documents.push((
            "custom".to_string(),
            format!(
                "apiVersion: bench.example.com/v1\nkind: {kind}\nmetadata:\n  name: {}-{index}\nspec:\n  field0: blue\n  field1: '{index}'\n",
                kind.to_lowercase()
            ),
        ));
    }
    let apps = (count - documents.len()) / KINDS.len();
    for app in 0..apps {
        for (slot, kind) in KINDS.iter().enumerate() {
            documents.push((format!("app-{:03}", app / 50), app_object(kind, app, slot)));
        }
    }
    let mut extra = 0;
    while documents.len() < count {
        documents.push((
            "extra".to_string(),
            format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra-{extra}\ndata:\n  key: value\n"),
        ));
        extra += 1;
    }
    let mut by_file: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (file, text) in documents {
        by_file.entry(file).or_default().push(text);
    }
    for (file, texts) in by_file {
        files.insert(
            format!("manifests/{file}.yaml"),
            texts.join("---\n").into_bytes().into(),
        );
    }
    Package::from_files(files, "bench", None).expect("the generated package is valid")
}

fn rendered(package: &Package) -> Vec<Object> {
    let documents = render::parse_documents(package).expect("parses");
    let mut scopes = OfflineScopes::default();
    scopes.learn_crds(documents.iter().map(|(_, v)| v));
    let target = RenderTarget {
        release: "bench",
        namespace: "bench",
        other_namespaces: &package.metadata.namespaces,
        any_namespace: false,
        placement: &Default::default(),
    };
    render::render(documents, &target, &scopes)
        .expect("renders")
        .objects
}

/// What the API server returns for an object: the manifest plus server fields.
fn as_live(manifest: &Value, index: usize) -> Value {
    let mut live = manifest.clone();
    let metadata = live["metadata"].as_object_mut().expect("metadata");
    metadata.insert(
        "uid".into(),
        json!(format!("00000000-0000-0000-0000-{index:012}")),
    );
    metadata.insert("resourceVersion".into(), json!(index.to_string()));
    metadata.insert("creationTimestamp".into(), json!("2026-01-01T00:00:00Z"));
    metadata.insert(
        "managedFields".into(),
        json!([{"manager": "kubectl-pkg", "operation": "Apply", "fieldsType": "FieldsV1",
                "fieldsV1": {"f:metadata": {"f:labels": {}}}}]),
    );
    live
}

/// Changes one leaf string deep in the object (or adds a label).
fn changed(manifest: &Value) -> Value {
    let mut desired = manifest.clone();
    desired["metadata"]["labels"]["bench.example.com/changed"] = json!("true");
    desired
}

fn benches(c: &mut Criterion) {
    for size in SIZES {
        let package = package(size);
        let objects = rendered(&package);
        assert_eq!(objects.len(), size);
        let source = Source::local("./bench");

        c.bench_function(&format!("render/{size}"), |b| {
            b.iter(|| rendered(black_box(&package)))
        });
        c.bench_function(&format!("order/{size}"), |b| {
            b.iter_batched(
                || objects.iter().rev().cloned().collect::<Vec<_>>(),
                |mut objects| render::sort_for_apply(&mut objects),
                BatchSize::LargeInput,
            )
        });
        c.bench_function(&format!("permissions/{size}"), |b| {
            b.iter(|| {
                (
                    permissions::analyze(black_box(&objects), &[]),
                    permissions::images(black_box(&objects)),
                )
            })
        });
        let release = ReleaseId::new("bench".parse().unwrap(), "bench".parse().unwrap());
        let plan = plan_offline(&package, &source, &release).expect("plans");
        c.bench_function(&format!("hash/{size}"), |b| {
            b.iter(|| black_box(&plan).compute_hash())
        });
        c.bench_function(&format!("plan_offline/{size}"), |b| {
            b.iter(|| plan_offline(black_box(&package), &source, &release))
        });
        // Every object compared with its live state; every tenth one changed.
        let pairs: Vec<(Value, Value)> = objects
            .iter()
            .enumerate()
            .map(|(index, object)| {
                let manifest = object.manifest.to_value();
                let desired = if index % 10 == 9 {
                    changed(&manifest)
                } else {
                    manifest.clone()
                };
                (as_live(&manifest, index), as_live(&desired, index))
            })
            .collect();
        c.bench_function(&format!("diff/{size}"), |b| {
            b.iter(|| {
                pairs
                    .iter()
                    .map(|(live, desired)| compare(Some(live), desired))
                    .collect::<Vec<_>>()
            })
        });
    }

    let large = crd("Colossus", 7000);
    let large: Value = libpkg::yaml::from_str(&large).expect("the CRD parses");
    let size = serde_json::to_string(&large).expect("serializes").len();
    assert!(size > 900_000, "the CRD has {size} bytes");
    let mut desired = large.clone();
    desired["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
        ["field3000"]["description"] = json!("Changed.");
    let (live, desired) = (as_live(&large, 1), as_live(&desired, 1));
    c.bench_function("diff/crd-1MB", |b| {
        b.iter(|| compare(Some(black_box(&live)), black_box(&desired)))
    });
}

criterion_group! {
    name = plan;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(plan);

//! Issue 49: no partial applies. Objects the API server cannot dry-run (in a
//! namespace the plan creates) are checked against the cluster's OpenAPI
//! schema before anything is written, and the check agrees with the
//! server's own dry run of the same objects; the plan records how each
//! object was validated. Also: `status` of a failed apply claims only what
//! was written, and an upgrade that changes only values is recorded.

use kubectl_pkg_e2e::{Pkg, parse_json, unique, warnings_of};

/// A Deployment `d` whose container is `container` (YAML flow mapping
/// entries after `image`), with `replicas`.
fn deployment(replicas: &str, container: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata: {{name: d}}
spec:
  replicas: {replicas}
  selector: {{matchLabels: {{app: d}}}}
  template:
    metadata: {{labels: {{app: d}}}}
    spec:
      containers:
      - {{{container}}}
"
    )
}

/// A Service `web` whose spec is `spec` (YAML, indented under `spec:`).
fn service(spec: &str) -> String {
    format!("apiVersion: v1\nkind: Service\nmetadata: {{name: web}}\nspec:\n  {spec}\n")
}

/// A CRD `blobs.<group>`: `size` an integer, `free` keeping unknown fields.
fn blob_crd(group: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: blobs.{group}}}
spec:
  group: {group}
  scope: Namespaced
  names: {{kind: Blob, plural: blobs, singular: blob, listKind: BlobList}}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {{type: integer}}
              free: {{type: object, x-kubernetes-preserve-unknown-fields: true}}
"
    )
}

/// The objects' `validation` in a JSON plan, by `Kind/name`.
fn validations(plan: &serde_json::Value) -> Vec<String> {
    plan["objects"]
        .as_array()
        .expect("objects")
        .iter()
        .map(|o| {
            format!(
                "{}/{}={}",
                o["kind"].as_str().unwrap(),
                o["name"].as_str().unwrap(),
                o["validation"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

/// Each case planned twice on the real API server: dry-run by the server
/// (in a namespace that exists), and checked against the cluster's OpenAPI
/// schema (in a namespace the plan creates, which the server cannot
/// dry-run in). Both must accept or refuse it, and the plan's refusal names
/// the object and the field.
#[test]
fn objects_in_a_new_namespace_are_checked_as_the_server_checks_them() {
    let pkg = Pkg::new();
    let existing = pkg.namespace("schema-server");
    let group = format!("{}.example.com", unique("blobs"));
    pkg.write_package(
        "crd",
        "blob-crd",
        "1.0.0",
        &[("crd.yaml", blob_crd(&group))],
    );
    pkg.run(["install", "./crd", "-n", &existing, "--yes"]).ok();
    let blob = |spec: &str| {
        format!("apiVersion: {group}/v1\nkind: Blob\nmetadata: {{name: b}}\nspec: {spec}\n")
    };
    let valid_container = "name: c, image: nginx, env: [{name: A, value: '1'}], resources: {limits: {cpu: 500m, memory: 64Mi}}";
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        (
            "valid",
            format!(
                "{}---\n{}",
                service("selector: {app: d}\n  ports: [{name: http, port: 80, targetPort: http}]"),
                deployment("1", valid_container)
            ),
            None,
        ),
        (
            "unknown field (1.20 has no internalTrafficPolicy)",
            service("internalTrafficPolicy: Local\n  ports: [{port: 80}]"),
            Some("Service/{ns}/web: /spec/internalTrafficPolicy: field not declared in schema"),
        ),
        (
            "unknown nested field",
            service("ports: [{port: 80, nodePortt: 30080}]"),
            Some("Service/{ns}/web: /spec/ports/0/nodePortt: field not declared in schema"),
        ),
        (
            "wrong type",
            deployment("three", valid_container),
            Some("Deployment.apps/{ns}/d: /spec/replicas: "),
        ),
        (
            "int-or-string as an integer",
            service("ports: [{port: 80, targetPort: 8080}]"),
            None,
        ),
        (
            "int-or-string as neither",
            service("ports: [{port: 80, targetPort: [8080]}]"),
            Some("Service/{ns}/web: /spec/ports/0/targetPort: "),
        ),
        (
            "a map of strings given a number",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: 1}\n".to_string(),
            Some("ConfigMap/{ns}/c: /data/a: "),
        ),
        (
            "nested arrays of objects",
            deployment("1", "name: c, image: nginx, env: [{name: A}, {nmae: B}]"),
            Some(
                "Deployment.apps/{ns}/d: /spec/template/spec/containers/0/env/1/nmae: field not declared in schema",
            ),
        ),
        (
            "required",
            deployment("1", "image: nginx"),
            Some(
                "Deployment.apps/{ns}/d: /spec/template/spec/containers/0: \"name\" is a required property",
            ),
        ),
        (
            // Kubernetes 1.20's server-side apply refuses a number for a
            // Quantity ("expected string"); 1.21 takes it.
            "a Quantity as a number",
            deployment("1", "name: c, image: nginx, resources: {limits: {cpu: 1}}"),
            Some("Deployment.apps/{ns}/d: /spec/template/spec/containers/0/resources/limits/cpu: "),
        ),
        (
            "served CRD: preserved fields",
            blob("{size: 1, free: {any: [1, x]}}"),
            None,
        ),
        (
            "served CRD: unknown field",
            blob("{size: 1, extra: 2}"),
            Some("Blob.{group}/{ns}/b: /spec/extra: field not declared in schema"),
        ),
        (
            "served CRD: wrong type",
            blob("{size: big}"),
            Some("Blob.{group}/{ns}/b: /spec/size: "),
        ),
    ];
    for (index, (case, manifests, refused)) in cases.into_iter().enumerate() {
        let dir = format!("case-{index}");
        pkg.write_package(&dir, "case", "1.0.0", &[("objects.yaml", &manifests)]);
        let package = format!("./{dir}");
        let server = pkg.run([
            "install",
            &package,
            "-n",
            &existing,
            "--dry-run",
            "-o",
            "json",
        ]);
        let new = unique("schema-new");
        let planned = pkg.run([
            "install",
            &package,
            "-n",
            &new,
            "--create-namespace",
            "--dry-run",
            "-o",
            "json",
        ]);
        assert_eq!(
            server.code == 0,
            planned.code == 0,
            "{case}: the server said {:?}, the plan {:?}",
            server.stderr,
            planned.stderr
        );
        match refused {
            None => {
                let by_server = validations(&parse_json(&server.stdout));
                assert!(
                    by_server.iter().all(|v| v.ends_with("=dryRun")),
                    "{case}: {by_server:?}"
                );
                let by_schema = validations(&parse_json(&planned.stdout));
                assert_eq!(by_schema[0], format!("Namespace/{new}=dryRun"), "{case}");
                assert!(
                    by_schema[1..].iter().all(|v| v.ends_with("=openAPI")),
                    "{case}: {by_schema:?}"
                );
            }
            Some(expected) => {
                let expected = expected.replace("{ns}", &new).replace("{group}", &group);
                assert_eq!(planned.code, 1, "{case}: {}", planned.stderr);
                assert!(
                    planned.stderr.contains("break the cluster's OpenAPI schema in objects the API server could not dry-run, nothing was written")
                        && planned.stderr.contains(&expected),
                    "{case}: expected {expected:?} in:\n{}",
                    planned.stderr
                );
            }
        }
        assert!(
            !pkg.exists("default", &format!("namespace/{new}")),
            "{case}: {new} was created"
        );
    }
    // The unknown field of a custom resource whose CRD the plan creates:
    // its CRD's schema refuses it as the served CRD's did.
    let planned = format!("{}.example.com", unique("planned-blobs"));
    let blob = format!(
        "apiVersion: {planned}/v1\nkind: Blob\nmetadata: {{name: b}}\nspec: {{size: 1, extra: 2}}\n"
    );
    pkg.write_package(
        "planned",
        "blob",
        "1.0.0",
        &[("crd.yaml", blob_crd(&planned)), ("blob.yaml", blob)],
    );
    let refused = pkg.run(["install", "./planned", "-n", &existing, "--dry-run"]);
    let stderr = refused.fails(1);
    assert!(
        stderr.contains(&format!(
            "Blob.{planned}/{existing}/b: /spec/extra: field not declared in schema"
        )),
        "{stderr}"
    );
}

/// The acceptance of issue 49: a package whose Service has a field the
/// server's schema does not declare, installed with --create-namespace into
/// a namespace that does not exist, is refused at plan time naming the
/// field, and nothing is written, not even the namespace; a valid one
/// installs, its plan saying it was validated by schema, not the server.
/// With --validate=false it is planned (and says so), then the server
/// refuses it halfway, and `status` claims only what was written.
#[test]
fn a_service_field_the_server_does_not_know_is_refused_before_the_namespace_is_written() {
    let pkg = Pkg::new();
    let bad = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: b}\n---\n"
        .to_string()
        + &service(
            "internalTrafficPolicy: Local\n  selector: {app: web}\n  ports: [{name: http, port: 80}]",
        );
    let good = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: b}\n---\n"
        .to_string()
        + &service("selector: {app: web}\n  ports: [{name: http, port: 80}]");
    pkg.write_package("bad", "web", "1.0.0", &[("web.yaml", &bad)]);
    pkg.write_package("good", "web", "1.0.0", &[("web.yaml", &good)]);

    let namespace = unique("schema-accept");
    let refused = pkg.run([
        "install",
        "./bad",
        "-n",
        &namespace,
        "--create-namespace",
        "--yes",
    ]);
    let stderr = refused.fails(1);
    assert!(
        stderr.contains(&format!(
            "Service/{namespace}/web: /spec/internalTrafficPolicy: field not declared in schema"
        )) && stderr.contains("nothing was written"),
        "{stderr}"
    );
    assert!(
        !pkg.exists("default", &format!("namespace/{namespace}")),
        "the namespace was written"
    );

    // The valid package: the plan says where validation was by schema.
    let text = pkg.run([
        "install",
        "./good",
        "-n",
        &namespace,
        "--create-namespace",
        "--dry-run",
    ]);
    assert!(
        text.ok().contains(
            "Validation before the first write:\n  1 by the API server's dry run (Namespace)\n  2 by schema, not by the API server: the cluster's OpenAPI schema (ConfigMap, Service)\n"
        ),
        "{}",
        text.stdout
    );
    let markdown = pkg.run([
        "install",
        "./good",
        "-n",
        &namespace,
        "--create-namespace",
        "--dry-run",
        "-o",
        "markdown",
    ]);
    assert!(
        markdown.ok().contains(
            "2 by schema, not by the API server: the cluster's OpenAPI schema (ConfigMap, Service)"
        ),
        "{}",
        markdown.stdout
    );
    pkg.run([
        "install",
        "./good",
        "-n",
        &namespace,
        "--create-namespace",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert!(pkg.exists(&namespace, "service/web"));
    assert_eq!(pkg.statuses("web", &namespace), ["deployed"]);

    // --validate=false: planned, recorded, and refused by the server halfway.
    let other = unique("schema-off");
    let plan = pkg.run([
        "install",
        "./bad",
        "-n",
        &other,
        "--create-namespace",
        "--dry-run",
        "--validate=false",
        "-o",
        "json",
    ]);
    let plan = parse_json(plan.ok());
    assert_eq!(
        validations(&plan),
        [
            format!("Namespace/{other}=dryRun"),
            "ConfigMap/cfg=none".to_string(),
            "Service/web=none".to_string()
        ]
    );
    assert!(
        // The plan is the library's document: it names the library's option.
        warnings_of(&plan, "not-validated").contains("`validate: false`"),
        "{plan}"
    );
    let failed = pkg.run([
        "install",
        "./bad",
        "-n",
        &other,
        "--create-namespace",
        "--validate=false",
        "--yes",
        "--wait=false",
    ]);
    assert!(
        failed.fails(1).contains("field not declared in schema"),
        "{}",
        failed.stderr
    );
    let status = pkg.run(["status", "web", "-n", &other, "--show-resources"]);
    let status = status.ok();
    assert!(
        status.contains("Objects:   2 created, 0 updated, 0 unchanged, 0 deleted (1 of the plan's 3 changes not made)"),
        "{status}"
    );
    let service_line = status
        .lines()
        .find(|line| line.starts_with("Service "))
        .unwrap_or_else(|| panic!("no Service line:\n{status}"));
    assert!(service_line.ends_with("not created"), "{status}");
    assert!(!pkg.exists(&other, "service/web"));
}

/// Issue 49: an upgrade that only changes values records a revision, as
/// Helm does, whether or not the rendered objects change; `get values`
/// then says what was set.
#[test]
fn an_upgrade_that_changes_only_values_records_a_revision() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("values-only");
    let chart = pkg.write_small_chart(
        "vals",
        &[("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: vals}\ndata: {greeting: {{ .Values.greeting | default \"hi\" | quote }}}\n")],
    );
    let chart = chart.to_str().unwrap();
    pkg.run(["install", chart, "-n", &namespace, "--yes", "--wait=false"])
        .ok();
    // The objects render the same: only the values differ.
    pkg.run([
        "upgrade",
        "vals",
        chart,
        "-n",
        &namespace,
        "--set",
        "unused=b",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(pkg.statuses("vals", &namespace), ["superseded", "deployed"]);
    let values = parse_json(
        pkg.run(["get", "values", "vals", "-n", &namespace, "-o", "json"])
            .ok(),
    );
    assert_eq!(values, serde_json::json!({"unused": "b"}));
    // The objects change too.
    pkg.run([
        "upgrade",
        "vals",
        chart,
        "-n",
        &namespace,
        "--set",
        "greeting=yo",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(
        pkg.statuses("vals", &namespace),
        ["superseded", "superseded", "deployed"]
    );
    let live = pkg.get_json(Some(&namespace), "configmap", "vals");
    assert_eq!(live["data"]["greeting"], "yo");
}

//! Objects checked against the cluster's OpenAPI schema (`/openapi/v2`),
//! before anything is written, where the API server cannot dry-run them:
//! above all the objects of a namespace the plan itself creates. Without
//! this, a field the server does not know (a Service's
//! `internalTrafficPolicy` on Kubernetes 1.20) is found halfway through the
//! apply, after other objects were written.
//!
//! The document is read as the API server reads it for a server-side apply
//! (its structured-merge-diff schema), with the checks of kubectl's
//! client-side validation:
//! - built-in kinds (definitions `io.k8s.api.*`, `io.k8s.apimachinery.*`,
//!   `io.k8s.apiextensions-apiserver.*`, `io.k8s.kube-aggregator.*`): a field
//!   the schema does not declare is refused ("field not declared in
//!   schema"), unless `x-kubernetes-preserve-unknown-fields` or
//!   `additionalProperties` (a map) admits it;
//! - custom resources of served CRDs (every other definition): the same,
//!   except where the kind's schema has an `x-kubernetes-int-or-string`
//!   field: the server then takes (and prunes) any field, as for a CRD of
//!   the plan ([`crate::crd_schema`]);
//! - types hold (`integer`, `number`, `boolean`, `string`, arrays, objects);
//!   `format: int-or-string` and `x-kubernetes-int-or-string` take an
//!   integer or a string; a `Quantity` a string, and from Kubernetes 1.21
//!   on a number too (1.20's server-side apply refuses `cpu: 1`:
//!   "expected string"); `required` holds;
//! - a field set to `null` is left out first, as the server does.
//!
//! What only the server knows (enumerated values it checks in code, names,
//! admission) is checked when the object is written. The I/O (fetching the
//! document once per cluster) is the cluster layer's; this module is pure.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::crd_schema::{self, Violation};

/// Definition name prefixes of the kinds the API server itself serves:
/// fields they do not declare are refused.
const BUILT_IN_PREFIXES: &[&str] = &[
    "io.k8s.api.",
    "io.k8s.apimachinery.",
    "io.k8s.apiextensions-apiserver.",
    "io.k8s.kube-aggregator.",
];

/// A Quantity (`cpu: 1`, `memory: 1Gi`): a string, or from Kubernetes 1.21
/// on a number too.
const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";

/// Whether the server-side apply of an API server of `version`
/// (`v1.20.2`) takes a number for a Quantity (1.21 and later; a version it
/// cannot read is taken as recent).
pub fn quantities_take_numbers(version: &str) -> bool {
    let mut parts = version.trim_start_matches('v').split('.');
    let number = |part: Option<&str>| {
        part.map(|p| {
            p.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .and_then(|digits| digits.parse::<u32>().ok())
    };
    match (number(parts.next()), number(parts.next())) {
        (Some(major), Some(minor)) => (major, minor) >= (1, 21),
        _ => true,
    }
}

/// The definitions of a cluster's OpenAPI v2 document, by the kind each
/// describes.
#[derive(Debug, Default)]
pub struct OpenApiSchemas {
    definitions: Map<String, Value>,
    /// (apiVersion, kind) → definition name.
    by_kind: BTreeMap<(String, String), String>,
}

/// The document is not an OpenAPI v2 document.
#[derive(Debug, thiserror::Error)]
#[error("the cluster's OpenAPI document (/openapi/v2) has no definitions")]
pub struct NotOpenApi;

impl OpenApiSchemas {
    /// Reads an OpenAPI v2 document (`/openapi/v2`, as JSON).
    pub fn from_document(mut document: Value) -> Result<OpenApiSchemas, NotOpenApi> {
        let Some(Value::Object(mut definitions)) = document.get_mut("definitions").map(Value::take)
        else {
            return Err(NotOpenApi);
        };
        let mut by_kind = BTreeMap::new();
        for (name, definition) in definitions.iter_mut() {
            // Descriptions are most of the document, and unused.
            strip_descriptions(definition);
            let kinds = definition
                .get("x-kubernetes-group-version-kind")
                .and_then(Value::as_array)
                .into_iter()
                .flatten();
            for gvk in kinds {
                let text = |key: &str| gvk.get(key).and_then(Value::as_str).unwrap_or_default();
                let api_version = match text("group") {
                    "" => text("version").to_string(),
                    group => format!("{group}/{}", text("version")),
                };
                by_kind
                    .entry((api_version, text("kind").to_string()))
                    .or_insert_with(|| name.clone());
            }
        }
        Ok(OpenApiSchemas {
            definitions,
            by_kind,
        })
    }

    /// The schema `api_version`'s `kind` is admitted by, as JSON Schema,
    /// if the document defines it; a Quantity takes a number if
    /// `numeric_quantities` ([`quantities_take_numbers`]).
    pub fn schema_for(
        &self,
        api_version: &str,
        kind: &str,
        numeric_quantities: bool,
    ) -> Option<Value> {
        let root = self
            .by_kind
            .get(&(api_version.to_string(), kind.to_string()))?;
        let mut wanted = vec![root.clone()];
        let mut closure = BTreeSet::new();
        while let Some(name) = wanted.pop() {
            if let Some(definition) = self.definitions.get(&name)
                && closure.insert(name)
            {
                references(definition, &mut wanted);
            }
        }
        // A custom resource's schema with an int-or-string field: the
        // server takes fields it does not declare (see crd_schema).
        let untyped_apply = closure
            .iter()
            .any(|name| crd_schema::has_int_or_string(&self.definitions[name]));
        let mut definitions = Map::new();
        for name in closure {
            let definition = &self.definitions[&name];
            let converted = if name == QUANTITY && numeric_quantities {
                serde_json::json!({"type": ["string", "number"]})
            } else if name == QUANTITY {
                serde_json::json!({"type": "string"})
            } else {
                let built_in = BUILT_IN_PREFIXES.iter().any(|p| name.starts_with(p));
                crd_schema::as_json_schema(convert(definition, built_in || !untyped_apply))
            };
            definitions.insert(name, converted);
        }
        Some(serde_json::json!({
            "$ref": format!("#/definitions/{root}"),
            "definitions": definitions,
        }))
    }
}

/// Checks objects against a cluster's OpenAPI schemas, each kind's schema
/// compiled once.
pub struct SchemaValidator<'a> {
    schemas: &'a OpenApiSchemas,
    numeric_quantities: bool,
    compiled: BTreeMap<(String, String), Option<Result<jsonschema::Validator, String>>>,
}

impl<'a> SchemaValidator<'a> {
    /// A validator of objects against `schemas` of an API server of
    /// `version` (`v1.20.2`; `None`: a recent one).
    pub fn new(schemas: &'a OpenApiSchemas, version: Option<&str>) -> SchemaValidator<'a> {
        SchemaValidator {
            schemas,
            numeric_quantities: version.is_none_or(quantities_take_numbers),
            compiled: BTreeMap::new(),
        }
    }

    /// Checks `manifest` (of the object shown as `object`), of
    /// `api_version`'s `kind`: `None` when the document has no schema for
    /// the kind, else every violation, by path, sorted.
    pub fn check(
        &mut self,
        object: &str,
        api_version: &str,
        kind: &str,
        manifest: &Value,
    ) -> Option<Vec<Violation>> {
        let (schemas, numeric_quantities) = (self.schemas, self.numeric_quantities);
        let compiled = self
            .compiled
            .entry((api_version.to_string(), kind.to_string()))
            .or_insert_with(|| {
                let schema = schemas.schema_for(api_version, kind, numeric_quantities)?;
                Some(crd_schema::compile(&schema))
            })
            .as_ref()?;
        let mut manifest = manifest.clone();
        drop_nulls(&mut manifest);
        Some(match compiled {
            Ok(validator) => crd_schema::violations(validator, object, &manifest),
            Err(error) => vec![Violation {
                object: object.to_string(),
                path: String::new(),
                message: format!("the cluster's OpenAPI schema of {kind} cannot be used: {error}"),
            }],
        })
    }
}

/// Removes every `description` of a definition, recursively.
fn strip_descriptions(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("description");
            map.values_mut().for_each(strip_descriptions);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_descriptions),
        _ => {}
    }
}

/// The definitions `schema` refers to (`#/definitions/NAME`), pushed on `out`.
fn references(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/definitions/"))
            {
                out.push(name.to_string());
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// An OpenAPI v2 schema as the API server applies it: `int-or-string` as
/// Kubernetes' extension; with `strict` (a built-in kind), an object with
/// declared properties takes no other field unless a map or preserving.
fn convert(schema: &Value, strict: bool) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut out = Map::new();
    for (key, value) in map {
        let value = match key.as_str() {
            "properties" => match value {
                Value::Object(children) => Value::Object(
                    children
                        .iter()
                        .map(|(name, child)| (name.clone(), convert(child, strict)))
                        .collect(),
                ),
                other => other.clone(),
            },
            "items" | "additionalProperties" => convert(value, strict),
            "allOf" | "anyOf" | "oneOf" => match value {
                Value::Array(items) => items.iter().map(|v| convert(v, strict)).collect(),
                other => other.clone(),
            },
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    if out.get("format").and_then(Value::as_str) == Some("int-or-string") {
        out.remove("format");
        out.insert("x-kubernetes-int-or-string".into(), Value::Bool(true));
    }
    let preserves = out.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
    if strict
        && out.contains_key("properties")
        && !out.contains_key("additionalProperties")
        && !preserves
    {
        out.insert("additionalProperties".into(), Value::Bool(false));
    }
    Value::Object(out)
}

/// Leaves out every field set to `null`: the API server reads it as unset.
fn drop_nulls(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.values_mut().for_each(drop_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A small OpenAPI v2 document with the shapes Kubernetes 1.20 serves:
    /// a built-in Service (refs, int-or-string, a map, required), a
    /// Deployment with nested arrays of objects and Quantities, and a
    /// served CRD's kind.
    fn document() -> Value {
        json!({"swagger": "2.0", "definitions": {
            "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": {"type": "object", "properties": {
                "name": {"type": "string"}, "namespace": {"type": "string"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "creationTimestamp": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Time"}}},
            "io.k8s.apimachinery.pkg.apis.meta.v1.Time": {"type": "string", "format": "date-time"},
            "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"type": "string", "format": "int-or-string"},
            "io.k8s.apimachinery.pkg.api.resource.Quantity": {"description": "a quantity", "type": "string"},
            "io.k8s.api.core.v1.Service": {
                "description": "Service is a named abstraction",
                "type": "object",
                "properties": {
                    "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                    "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                    "spec": {"$ref": "#/definitions/io.k8s.api.core.v1.ServiceSpec"}},
                "x-kubernetes-group-version-kind": [{"group": "", "kind": "Service", "version": "v1"}]},
            "io.k8s.api.core.v1.ServiceSpec": {"type": "object", "properties": {
                "type": {"type": "string"},
                "selector": {"type": "object", "additionalProperties": {"type": "string"}},
                "ports": {"type": "array", "items": {"$ref": "#/definitions/io.k8s.api.core.v1.ServicePort"}}}},
            "io.k8s.api.core.v1.ServicePort": {"type": "object", "required": ["port"], "properties": {
                "name": {"type": "string"}, "port": {"type": "integer", "format": "int32"},
                "targetPort": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}}},
            "io.k8s.api.core.v1.Container": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"},
                "resources": {"type": "object", "properties": {"limits": {"type": "object",
                    "additionalProperties": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity"}}}},
                "env": {"type": "array", "items": {"type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string"}, "value": {"type": "string"}}}}}},
            "io.k8s.api.apps.v1.Deployment": {"type": "object", "properties": {
                "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                "spec": {"type": "object", "properties": {
                    "replicas": {"type": "integer"},
                    "template": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
                        "containers": {"type": "array", "items": {"$ref": "#/definitions/io.k8s.api.core.v1.Container"}}}}}}}}},
                "x-kubernetes-group-version-kind": [{"group": "apps", "kind": "Deployment", "version": "v1"}]},
            "com.example.v1.Widget": {"type": "object", "properties": {
                "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                "spec": {"type": "object", "properties": {"size": {"type": "integer"},
                    "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}}}},
                "x-kubernetes-group-version-kind": [{"group": "example.com", "kind": "Widget", "version": "v1"}]},
        }})
    }

    fn check(api_version: &str, kind: &str, object: Value) -> Option<Vec<String>> {
        check_on("v1.31.0", api_version, kind, object)
    }

    fn check_on(
        version: &str,
        api_version: &str,
        kind: &str,
        object: Value,
    ) -> Option<Vec<String>> {
        let schemas = OpenApiSchemas::from_document(document()).expect("a document");
        let mut validator = SchemaValidator::new(&schemas, Some(version));
        let mut manifest = object;
        manifest["apiVersion"] = api_version.into();
        manifest["kind"] = kind.into();
        manifest["metadata"] =
            json!({"name": "x", "creationTimestamp": null, "labels": {"a": "b"}});
        let found = validator.check("the object", api_version, kind, &manifest)?;
        Some(
            found
                .iter()
                .map(|v| format!("{}: {}", v.path, v.message))
                .collect(),
        )
    }

    fn service(spec: Value) -> Vec<String> {
        check("v1", "Service", json!({"spec": spec})).expect("Service has a schema")
    }

    #[test]
    fn an_unknown_field_of_a_built_in_kind_is_named_as_the_server_names_it() {
        assert_eq!(
            service(json!({"type": "ClusterIP", "internalTrafficPolicy": "Local"})),
            ["/spec/internalTrafficPolicy: field not declared in schema"]
        );
        assert_eq!(
            service(json!({"ports": [{"port": 80, "nodePortt": 1}]})),
            ["/spec/ports/0/nodePortt: field not declared in schema"]
        );
    }

    #[test]
    fn types_int_or_string_maps_and_required() {
        assert!(
            service(json!({"selector": {"app": "x"}, "ports": [
                {"name": "http", "port": 80, "targetPort": "http"}, {"port": 81, "targetPort": 8081}]}))
            .is_empty()
        );
        let wrong = service(json!({"ports": [{"port": "eighty"}], "selector": {"app": 1}}));
        let paths: Vec<&str> = wrong
            .iter()
            .map(|w| w.split(": ").next().unwrap())
            .collect();
        assert_eq!(
            paths,
            ["/spec/ports/0/port", "/spec/selector/app"],
            "{wrong:?}"
        );
        let either = service(json!({"ports": [{"port": 80, "targetPort": true}]}));
        assert_eq!(either.len(), 1, "{either:?}");
        assert!(
            either[0].starts_with("/spec/ports/0/targetPort: "),
            "{either:?}"
        );
        let missing = service(json!({"ports": [{"name": "http"}]}));
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert!(
            missing[0].starts_with("/spec/ports/0: \"port\""),
            "{missing:?}"
        );
    }

    #[test]
    fn nested_arrays_of_objects_quantities_and_nulls() {
        let deployment = |containers: Value| {
            check(
                "apps/v1",
                "Deployment",
                json!({"spec": {"replicas": null, "template": {"spec": {"containers": containers}}}}),
            )
            .expect("Deployment has a schema")
        };
        assert!(
            deployment(
                json!([{"name": "a", "resources": {"limits": {"cpu": 1, "memory": "1Gi"}},
                "env": [{"name": "X", "value": "1"}, {"name": "Y", "value": null}]}])
            )
            .is_empty()
        );
        let refused =
            deployment(json!([{"name": "a", "env": [{"name": "X"}, {"value": "2", "from": 1}]}]));
        assert_eq!(
            refused.len(),
            2,
            "a missing name and an unknown field: {refused:?}"
        );
        assert!(
            refused.contains(
                &"/spec/template/spec/containers/0/env/1/from: field not declared in schema"
                    .to_string()
            ),
            "{refused:?}"
        );
    }

    #[test]
    fn a_quantity_takes_a_number_from_kubernetes_1_21_on() {
        let limits = |version: &str| {
            check_on(
                version,
                "apps/v1",
                "Deployment",
                json!({"spec": {"template": {"spec": {"containers": [
                    {"name": "a", "resources": {"limits": {"cpu": 1, "memory": "1Gi"}}}]}}}}),
            )
            .unwrap()
        };
        assert!(limits("v1.21.0").is_empty());
        let refused = limits("v1.20.2");
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(
            refused[0].starts_with("/spec/template/spec/containers/0/resources/limits/cpu: "),
            "{refused:?}"
        );
        assert!(quantities_take_numbers("v1.30.1+k3s1"));
        assert!(!quantities_take_numbers("1.20"));
        assert!(quantities_take_numbers("unknown"));
    }

    #[test]
    fn a_served_crd_refuses_unknown_fields_and_preserves_what_it_says() {
        let widget =
            |spec: Value| check("example.com/v1", "Widget", json!({"spec": spec})).unwrap();
        assert!(widget(json!({"size": 1, "free": {"any": [1]}})).is_empty());
        assert_eq!(
            widget(json!({"size": 1, "extra": 2})),
            ["/spec/extra: field not declared in schema"]
        );
        assert_eq!(widget(json!({"size": "big"})).len(), 1);
    }

    #[test]
    fn a_kind_the_document_does_not_define_has_no_schema() {
        assert!(check("v1", "ConfigMap", json!({})).is_none());
        assert!(OpenApiSchemas::from_document(json!({"paths": {}})).is_err());
    }
}

//! Custom resources checked against the schema of a CustomResourceDefinition
//! the plan itself creates, before anything is written. The API server
//! cannot dry-run them (it does not serve their kind yet), so without this a
//! field of the wrong type is found halfway through the apply, after other
//! objects were written.
//!
//! The CRD version's `openAPIV3Schema` is read as the API server applies a
//! structural schema: types, `required`, `enum`, bounds and patterns hold;
//! `nullable: true` admits null; `x-kubernetes-int-or-string` admits an
//! integer or a string; `format` is not checked (the server checks only a
//! few, and leniently). A field the schema does not declare is refused as
//! the server-side apply of Kubernetes 1.20 refuses it ("field not declared
//! in schema"), unless `x-kubernetes-preserve-unknown-fields` keeps it, or
//! the schema has an `x-kubernetes-int-or-string` field anywhere: the API
//! server then cannot type the apply by the schema and takes any field
//! (pruning it), which the e2e table test shows on the real server. What the
//! server alone knows (CEL rules, admission webhooks) is checked when the
//! object is written.

use serde_json::{Map, Value};

use crate::manifest::Manifest;

/// A custom resource that its CRD's schema refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The object, as the plan shows it (`Widget.example.com/ns/name`).
    pub object: String,
    /// The field at fault, as a JSON pointer into the object (`/spec/size`).
    pub path: String,
    /// What the schema says.
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "(the object)"
        } else {
            &self.path
        };
        write!(f, "{}: {path}: {}", self.object, self.message)
    }
}

/// The schema of `api_version`'s `kind` among `crds`, as JSON Schema, if a
/// CRD defines it with one.
pub fn schema_for<'a>(
    crds: impl IntoIterator<Item = &'a Manifest>,
    api_version: &str,
    kind: &str,
) -> Option<Value> {
    let (group, version) = api_version.split_once('/')?;
    crds.into_iter()
        .filter(|crd| {
            crd.get("kind").and_then(Manifest::as_str) == Some("CustomResourceDefinition")
        })
        .filter(|crd| crd.pointer("/spec/group").and_then(Manifest::as_str) == Some(group))
        .filter(|crd| crd.pointer("/spec/names/kind").and_then(Manifest::as_str) == Some(kind))
        .find_map(|crd| {
            let versions = crd.pointer("/spec/versions").and_then(Manifest::as_array)?;
            let served = versions
                .iter()
                .find(|v| v.get("name").and_then(Manifest::as_str) == Some(version))?;
            let schema = served
                .pointer("/schema/openAPIV3Schema")
                .or_else(|| crd.pointer("/spec/validation/openAPIV3Schema"))?;
            let mut schema = serde_json::to_value(schema).ok()?;
            if !has_int_or_string(&schema) {
                // Every object has these, whatever its schema says.
                if let Some(Value::Object(properties)) = schema.get_mut("properties") {
                    for field in ["apiVersion", "kind", "metadata"] {
                        properties
                            .entry(field)
                            .or_insert_with(|| serde_json::json!({}));
                    }
                }
                refuse_undeclared(&mut schema);
            }
            Some(as_json_schema(schema))
        })
}

/// Checks `object` (its manifest as JSON) against `schema` (from
/// [`schema_for`]); every violation, by path, sorted.
pub fn validate(object: &str, manifest: &Value, schema: &Value) -> Vec<Violation> {
    match compile(schema) {
        Ok(validator) => violations(&validator, object, manifest),
        Err(error) => vec![Violation {
            object: object.to_string(),
            path: String::new(),
            message: format!("its CustomResourceDefinition's schema cannot be used: {error}"),
        }],
    }
}

/// A JSON Schema made ready to check many objects against, formats not
/// checked (the API server checks only a few, and leniently).
pub(crate) fn compile(schema: &Value) -> Result<jsonschema::Validator, String> {
    jsonschema::options()
        .should_validate_formats(false)
        .build(schema)
        .map_err(|error| error.to_string())
}

/// Every violation of `validator` by `manifest` (the object `object`), by
/// path, sorted. A field no schema declares (`additionalProperties: false`)
/// is named by its own path, as the API server names it.
pub(crate) fn violations(
    validator: &jsonschema::Validator,
    object: &str,
    manifest: &Value,
) -> Vec<Violation> {
    let mut violations: Vec<Violation> = Vec::new();
    for error in validator.iter_errors(manifest) {
        let path = error.instance_path().as_str().to_string();
        match error.kind() {
            jsonschema::error::ValidationErrorKind::AdditionalProperties { unexpected } => {
                violations.extend(unexpected.iter().map(|field| Violation {
                    object: object.to_string(),
                    path: format!("{path}/{}", field.replace('~', "~0").replace('/', "~1")),
                    message: "field not declared in schema".to_string(),
                }));
            }
            _ => violations.push(Violation {
                object: object.to_string(),
                path,
                message: error.to_string(),
            }),
        }
    }
    violations.sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
    violations.dedup();
    violations
}

/// Whether `schema` has an `x-kubernetes-int-or-string` field anywhere: the
/// server-side apply of Kubernetes 1.20 then takes fields its schema does
/// not declare.
pub(crate) fn has_int_or_string(schema: &Value) -> bool {
    match schema {
        Value::Object(map) => {
            map.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true))
                || map.values().any(has_int_or_string)
        }
        Value::Array(items) => items.iter().any(has_int_or_string),
        _ => false,
    }
}

/// Makes every object of `schema` that declares its fields refuse others
/// (`additionalProperties: false`), but a map (`additionalProperties`) and
/// one keeping unknown fields (`x-kubernetes-preserve-unknown-fields`).
pub(crate) fn refuse_undeclared(schema: &mut Value) {
    let Value::Object(map) = schema else {
        return;
    };
    for (key, value) in map.iter_mut() {
        match key.as_str() {
            "properties" => {
                if let Value::Object(children) = value {
                    children.values_mut().for_each(refuse_undeclared);
                }
            }
            "items" | "additionalProperties" | "not" => refuse_undeclared(value),
            "allOf" | "anyOf" | "oneOf" => {
                if let Value::Array(items) = value {
                    items.iter_mut().for_each(refuse_undeclared);
                }
            }
            _ => {}
        }
    }
    let preserves = map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
    if map.contains_key("properties") && !map.contains_key("additionalProperties") && !preserves {
        map.insert("additionalProperties".into(), Value::Bool(false));
    }
}

/// An OpenAPI v3 structural schema as JSON Schema: Kubernetes' extensions
/// written as the keywords that mean the same.
pub(crate) fn as_json_schema(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    for (key, value) in map.iter_mut() {
        match key.as_str() {
            "properties" | "patternProperties" | "definitions" => {
                if let Value::Object(children) = value {
                    for child in children.values_mut() {
                        *child = as_json_schema(child.take());
                    }
                }
            }
            "items" | "additionalProperties" | "not" if value.is_object() => {
                *value = as_json_schema(value.take());
            }
            "allOf" | "anyOf" | "oneOf" => {
                if let Value::Array(items) = value {
                    for item in items {
                        *item = as_json_schema(item.take());
                    }
                }
            }
            _ => {}
        }
    }
    if map.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        map.remove("type");
        let either = [
            Value::Object(Map::from_iter([("type".into(), "integer".into())])),
            Value::Object(Map::from_iter([("type".into(), "string".into())])),
        ];
        let existing = map.remove("anyOf");
        let either = Value::Object(Map::from_iter([("anyOf".into(), either.into())]));
        // Its own anyOf (usually the same two) must hold too.
        match existing {
            Some(existing) => {
                let both = vec![
                    either,
                    Value::Object(Map::from_iter([("anyOf".into(), existing)])),
                ];
                map.insert("allOf".into(), both.into());
            }
            None => {
                map.insert("allOf".into(), vec![either].into());
            }
        }
    }
    if map.get("nullable") == Some(&Value::Bool(true))
        && let Some(Value::String(kind)) = map.get("type").cloned()
    {
        map.insert("type".into(), vec![Value::from(kind), "null".into()].into());
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn crd(schema: Value) -> Manifest {
        Manifest::from(json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com"},
            "spec": {
                "group": "example.com",
                "names": {"kind": "Widget", "plural": "widgets"},
                "scope": "Namespaced",
                "versions": [
                    {"name": "v1", "served": true, "storage": true,
                     "schema": {"openAPIV3Schema": schema}},
                ],
            },
        }))
    }

    fn check(schema: Value, spec: Value) -> Vec<String> {
        let crds = [crd(schema)];
        let schema = schema_for(&crds, "example.com/v1", "Widget").expect("a schema");
        let object = json!({"apiVersion": "example.com/v1", "kind": "Widget",
            "metadata": {"name": "w"}, "spec": spec});
        validate("Widget.example.com/ns/w", &object, &schema)
            .iter()
            .map(|v| format!("{}: {}", v.path, v.message))
            .collect()
    }

    fn spec_schema(properties: Value) -> Value {
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": properties}}})
    }

    #[test]
    fn a_wrong_type_is_named_by_its_path() {
        let schema = spec_schema(json!({"size": {"type": "integer"}}));
        assert!(check(schema.clone(), json!({"size": 3})).is_empty());
        let refused = check(schema, json!({"size": "three"}));
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].starts_with("/spec/size: "), "{refused:?}");
        assert!(refused[0].contains("integer"), "{refused:?}");
    }

    #[test]
    fn int_or_string_takes_either_and_nothing_else() {
        let schema = spec_schema(json!({"port": {"x-kubernetes-int-or-string": true}}));
        assert!(check(schema.clone(), json!({"port": 80})).is_empty());
        assert!(check(schema.clone(), json!({"port": "http"})).is_empty());
        assert_eq!(check(schema, json!({"port": true})).len(), 1);
        // As controller-gen writes it: its own anyOf beside the extension.
        let generated = spec_schema(json!({"port": {
            "anyOf": [{"type": "integer"}, {"type": "string"}],
            "x-kubernetes-int-or-string": true}}));
        assert!(check(generated.clone(), json!({"port": "8080"})).is_empty());
        assert!(!check(generated, json!({"port": 1.5})).is_empty());
    }

    #[test]
    fn unknown_fields_are_refused_unless_kept_or_the_schema_has_int_or_string() {
        let schema = spec_schema(json!({"size": {"type": "integer"}}));
        assert_eq!(
            check(schema, json!({"size": 1, "extra": {"a": 1}})),
            ["/spec/extra: field not declared in schema"]
        );
        let preserved = json!({"type": "object", "properties": {"spec": {
            "type": "object", "x-kubernetes-preserve-unknown-fields": true}}});
        assert!(check(preserved, json!({"anything": [1, "x"]})).is_empty());
        // The server cannot type such a schema's apply: it prunes instead.
        let untyped = spec_schema(json!({"size": {"type": "integer"},
            "port": {"x-kubernetes-int-or-string": true}}));
        assert!(check(untyped, json!({"size": 1, "extra": {"a": 1}})).is_empty());
    }

    #[test]
    fn required_enums_nullable_and_nested_arrays_of_objects() {
        let schema = spec_schema(json!({
            "mode": {"type": "string", "enum": ["a", "b"]},
            "note": {"type": "string", "nullable": true},
            "rules": {"type": "array", "items": {"type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "weight": {"type": "integer"}}}},
        }));
        assert!(
            check(
                schema.clone(),
                json!({"mode": "a", "note": null, "rules": [{"name": "x"}]})
            )
            .is_empty()
        );
        let refused = check(
            schema,
            json!({"mode": "c", "rules": [{"name": "x"}, {"weight": "9"}]}),
        );
        let paths: Vec<&str> = refused
            .iter()
            .map(|r| r.split(": ").next().unwrap())
            .collect();
        assert_eq!(
            paths,
            ["/spec/mode", "/spec/rules/1", "/spec/rules/1/weight"],
            "{refused:?}"
        );
    }

    #[test]
    fn a_version_without_a_schema_or_another_kind_has_none() {
        let crds = [crd(json!({"type": "object"}))];
        assert!(schema_for(&crds, "example.com/v2", "Widget").is_none());
        assert!(schema_for(&crds, "example.com/v1", "Gadget").is_none());
        assert!(schema_for(&crds, "v1", "Widget").is_none());
    }
}

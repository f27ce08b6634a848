//! `values.schema.json`: the coalesced values of a chart and of each of its
//! enabled subcharts are validated against that chart's schema, as Helm's
//! `ValidateAgainstSchema` does; every violation names its chart and the value
//! path (`image.tag`, `containers[0].name`, `(root)` for the top).
//!
//! Schemas are compiled with the `jsonschema` crate, built without its HTTP
//! and file resolvers: a `$ref` resolves within the schema itself (`#/$defs/…`)
//! or to a JSON Schema meta-schema bundled with the crate; any other remote
//! or file `$ref` is an error naming the chart, never a network request.
//! A number read from a values file (a float, see [the values docs](super::values))
//! is an integer for `"type": "integer"` when it has no fractional part, in
//! every draft, as it is for Helm.

use serde_json::Value;

use super::chart::Chart;
use super::values::{Values, integral_numbers};

/// One schema violation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The chart path whose schema was violated (`app`, `app.db`).
    pub chart: String,
    /// The value path (`image.tag`, `ports[0]`, `(root)`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// Why values were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// A chart's schema is not a valid schema or has an unresolvable `$ref`.
    #[error("{chart}/values.schema.json: {message}")]
    InvalidSchema {
        /// The chart path.
        chart: String,
        /// What is wrong.
        message: String,
    },
    /// The values break one or more schemas.
    #[error("values don't meet the specifications of the schema(s) in the following chart(s):\n{}", render(.0))]
    Violations(Vec<Violation>),
}

fn render(violations: &[Violation]) -> String {
    let mut out = String::new();
    let mut current = None;
    for violation in violations {
        if current != Some(&violation.chart) {
            out.push_str(&format!("{}:\n", violation.chart));
            current = Some(&violation.chart);
        }
        out.push_str(&format!("- {}: {}\n", violation.path, violation.message));
    }
    out
}

/// Validates `values` (the chart's coalesced values) against the chart's
/// schema and each subchart's values against its own, recursively.
pub fn validate_values(chart: &Chart, values: &Values) -> Result<(), SchemaError> {
    let mut violations = Vec::new();
    collect(chart, values, chart.name(), &mut violations)?;
    if violations.is_empty() {
        Ok(())
    } else {
        Err(SchemaError::Violations(violations))
    }
}

fn collect(
    chart: &Chart,
    values: &Values,
    chart_path: &str,
    out: &mut Vec<Violation>,
) -> Result<(), SchemaError> {
    if let Some(schema) = &chart.schema {
        let validator =
            jsonschema::validator_for(schema).map_err(|e| SchemaError::InvalidSchema {
                chart: chart_path.to_string(),
                message: e.to_string(),
            })?;
        let instance = integral_numbers(Value::Object(values.clone()));
        let mut found: Vec<Violation> = validator
            .iter_errors(&instance)
            .map(|error| Violation {
                chart: chart_path.to_string(),
                path: value_path(&instance, error.instance_path().as_str()),
                message: error.to_string(),
            })
            .collect();
        found.sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
        found.dedup();
        out.extend(found);
    }
    for sub in &chart.dependencies {
        let empty = Values::new();
        let sub_values = match values.get(sub.name()) {
            Some(Value::Object(map)) => map,
            _ => &empty,
        };
        collect(
            sub,
            sub_values,
            &format!("{chart_path}.{}", sub.name()),
            out,
        )?;
    }
    Ok(())
}

/// A JSON pointer (`/ports/0/name`) as a value path (`ports[0].name`).
fn value_path(instance: &Value, pointer: &str) -> String {
    if pointer.is_empty() {
        return "(root)".to_string();
    }
    let mut out = String::new();
    let mut current = Some(instance);
    for raw in pointer.trim_start_matches('/').split('/') {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        match current {
            Some(Value::Array(items)) => {
                out.push_str(&format!("[{segment}]"));
                current = segment.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            other => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&segment);
                current = other.and_then(|v| v.get(&segment));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helm::chart::tests::load;
    use crate::helm::values::coalesce_values;
    use serde_json::json;

    const SCHEMA: &str = r##"{
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["replicas"],
        "properties": {
            "replicas": {"type": "integer", "minimum": 1},
            "ports": {"type": "array", "items": {"$ref": "#/$defs/port"}},
            "image": {"type": "object", "properties": {"tag": {"type": "string"}}}
        },
        "$defs": {"port": {"type": "object", "required": ["name"]}}
    }"##;

    fn chart() -> Chart {
        load(&[
            ("Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"),
            ("values.yaml", "replicas: 3\nimage: {tag: '1.0'}\n"),
            ("values.schema.json", SCHEMA),
            (
                "charts/db/Chart.yaml",
                "apiVersion: v2\nname: db\nversion: 1.0.0\n",
            ),
            ("charts/db/values.yaml", "size: 10Gi\n"),
            (
                "charts/db/values.schema.json",
                r#"{"properties": {"size": {"type": "string", "pattern": "^[0-9]+Gi$"}}}"#,
            ),
        ])
    }

    fn check(user: Value) -> Result<(), SchemaError> {
        let chart = chart();
        let (values, _) = coalesce_values(&chart, user.as_object().unwrap()).unwrap();
        validate_values(&chart, &values)
    }

    #[test]
    fn valid_values_pass_and_file_floats_are_integers() {
        check(json!({})).unwrap();
        check(json!({"replicas": 2})).unwrap();
    }

    #[test]
    fn violations_name_chart_and_value_path() {
        let error = check(json!({
            "replicas": 0,
            "image": {"tag": 5},
            "ports": [{"name": "http"}, {"port": 80}],
            "db": {"size": "ten"},
        }))
        .unwrap_err();
        let SchemaError::Violations(violations) = &error else {
            panic!("{error}");
        };
        let paths: Vec<(&str, &str)> = violations
            .iter()
            .map(|v| (v.chart.as_str(), v.path.as_str()))
            .collect();
        assert_eq!(
            paths,
            [
                ("app", "image.tag"),
                ("app", "ports[1]"),
                ("app", "replicas"),
                ("app.db", "size")
            ]
        );
        let text = error.to_string();
        assert!(
            text.starts_with("values don't meet the specifications"),
            "{text}"
        );
        assert!(text.contains("app:\n- image.tag: "), "{text}");
        assert!(text.contains("app.db:\n- size: "), "{text}");

        let error = check(json!({"replicas": null})).unwrap_err().to_string();
        assert!(error.contains("- (root): "), "{error}");
    }

    #[test]
    fn older_drafts_and_their_meta_schemas_need_no_network() {
        for draft in [
            "http://json-schema.org/draft-04/schema#",
            "http://json-schema.org/draft-06/schema#",
            "http://json-schema.org/draft-07/schema#",
            "https://json-schema.org/draft/2019-09/schema",
        ] {
            let schema = format!(
                r##"{{"$schema": "{draft}", "definitions": {{"port": {{"type": "integer", "maximum": 65535}}}},
                    "properties": {{"port": {{"$ref": "#/definitions/port"}},
                                    "meta": {{"$ref": "{draft}"}}}}}}"##
            );
            let chart = load(&[
                ("Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"),
                ("values.yaml", "port: 80\nmeta: {type: object}\n"),
                ("values.schema.json", &schema),
            ]);
            let (values, _) = coalesce_values(&chart, &Values::new()).unwrap();
            validate_values(&chart, &values).unwrap_or_else(|e| panic!("{draft}: {e}"));
            let (values, _) =
                coalesce_values(&chart, json!({"port": 70000}).as_object().unwrap()).unwrap();
            let error = validate_values(&chart, &values).unwrap_err().to_string();
            assert!(error.contains("- port: "), "{draft}: {error}");
        }
    }

    /// Schemas are checked against their draft's meta-schema (validators
    /// jsonschema generates at build time, not compiled at each rendering).
    #[test]
    fn a_schema_its_meta_schema_refuses_is_refused_for_every_draft() {
        for draft in [
            "http://json-schema.org/draft-04/schema#",
            "http://json-schema.org/draft-06/schema#",
            "http://json-schema.org/draft-07/schema#",
            "https://json-schema.org/draft/2019-09/schema",
            "https://json-schema.org/draft/2020-12/schema",
            "http://json-schema.org/schema#",
        ] {
            let schema = format!(
                r#"{{"$schema": "{draft}", "properties": {{"port": {{"minimum": "ten"}}}}}}"#
            );
            let chart = load(&[
                ("Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"),
                ("values.schema.json", &schema),
            ]);
            let error = validate_values(&chart, &Values::new()).unwrap_err();
            match &error {
                SchemaError::InvalidSchema { chart, message } => {
                    assert_eq!(chart, "app", "{draft}");
                    assert!(message.contains("\"ten\""), "{draft}: {message}");
                }
                other => panic!("{draft}: {other}"),
            }
        }
    }

    #[test]
    fn remote_refs_are_refused_without_network() {
        let chart = load(&[
            ("Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"),
            (
                "values.schema.json",
                r#"{"properties": {"a": {"$ref": "https://example.invalid/schema.json"}}}"#,
            ),
        ]);
        let error = validate_values(&chart, &Values::new()).unwrap_err();
        assert!(
            matches!(&error, SchemaError::InvalidSchema { chart, .. } if chart == "app"),
            "{error}"
        );
    }
}

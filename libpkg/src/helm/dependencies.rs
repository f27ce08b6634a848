//! Subchart processing before rendering (Helm's `ProcessDependenciesWithMerge`):
//! which subcharts are enabled, what they are called, and which of their values
//! their parent imports.
//!
//! - **alias**: a `Chart.yaml` dependency whose name and version constraint
//!   match a chart in `charts/` gets a copy of it named after the alias (one
//!   chart may be used under several aliases); charts in `charts/` that no
//!   dependency names are kept as they are.
//! - **tags**: `tags.NAME` booleans in the values; a dependency is disabled
//!   when one of its tags is false and none is true.
//! - **condition**: comma-separated value paths (relative to the top chart);
//!   the first that holds a boolean decides, and overrides tags. Paths that
//!   are missing or hold something else are skipped (the latter with a warning).
//! - **import-values**: `exports.NAME` of a subchart merged at the parent's top
//!   (string form), or `{child: path, parent: path}` copying a table of the
//!   subchart's values to a path in the parent's. The parent's own values win
//!   over imported ones. Children are processed before their parents.

use serde_json::{Map, Value};

use super::chart::Chart;
use super::semver::is_compatible_range;
use super::values::{
    Values, ValuesError, coalesce_values, merge_tables, merge_values, path_value, table,
};

/// Dependencies named in `Chart.yaml` but missing from `charts/` (Helm's
/// `CheckDependencies`), as an error message, or `None` when all are there.
pub fn missing_dependencies(chart: &Chart) -> Option<String> {
    let missing: Vec<&str> = chart
        .metadata
        .dependencies
        .iter()
        .filter(|d| !chart.dependencies.iter().any(|c| c.name() == d.name))
        .map(|d| d.name.as_str())
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "found in Chart.yaml, but missing in charts/ directory: {}",
            missing.join(", ")
        )
    })
}

/// Enables, disables and renames the subcharts of `chart` for the user's
/// `values`, then imports values from children into parents. Returns Helm's
/// warnings (non-boolean conditions and tags, missing import tables).
pub fn process_dependencies(
    chart: &mut Chart,
    values: &Values,
) -> Result<Vec<String>, ValuesError> {
    let mut warnings = Vec::new();
    process_enabled(chart, values, "", &mut warnings)?;
    process_import_values(chart, &mut warnings)?;
    Ok(warnings)
}

fn process_enabled(
    chart: &mut Chart,
    values: &Values,
    path: &str,
    warnings: &mut Vec<String>,
) -> Result<(), ValuesError> {
    if chart.metadata.dependencies.is_empty() {
        return Ok(());
    }
    let loaded = std::mem::take(&mut chart.dependencies);
    // Charts in charts/ that no dependency names stay as they are.
    let mut kept: Vec<Chart> = loaded
        .iter()
        .filter(|existing| {
            !chart.metadata.dependencies.iter().any(|req| {
                req.name == existing.name()
                    && is_compatible_range(&req.version, &existing.metadata.version)
            })
        })
        .cloned()
        .collect();
    for req in &mut chart.metadata.dependencies {
        if let Some(found) = loaded.iter().find(|c| {
            c.name() == req.name && is_compatible_range(&req.version, &c.metadata.version)
        }) {
            let mut copy = found.clone();
            if !req.alias.is_empty() {
                copy.metadata.name = req.alias.clone();
            }
            kept.push(copy);
        }
        if !req.alias.is_empty() {
            req.name = req.alias.clone();
        }
        req.enabled = true;
    }
    chart.dependencies = kept;

    let (coalesced, _) = coalesce_values(chart, values)?;
    apply_tags(chart, &coalesced, warnings);
    apply_conditions(chart, &coalesced, path, warnings);

    let disabled: Vec<String> = chart
        .metadata
        .dependencies
        .iter()
        .filter(|d| !d.enabled)
        .map(|d| d.name.clone())
        .collect();
    chart
        .dependencies
        .retain(|c| !disabled.iter().any(|name| name == c.name()));
    chart
        .metadata
        .dependencies
        .retain(|d| !disabled.contains(&d.name));
    for sub in &mut chart.dependencies {
        let sub_path = format!("{path}{}.", sub.name());
        process_enabled(sub, &coalesced, &sub_path, warnings)?;
    }
    Ok(())
}

fn apply_tags(chart: &mut Chart, values: &Values, warnings: &mut Vec<String>) {
    let Some(tags) = table(values, "tags") else {
        return;
    };
    for req in &mut chart.metadata.dependencies {
        let (mut has_true, mut has_false) = (false, false);
        for tag in &req.tags {
            match tags.get(tag) {
                Some(Value::Bool(true)) => has_true = true,
                Some(Value::Bool(false)) => has_false = true,
                Some(_) => warnings.push(format!(
                    "Tag '{tag}' for chart {} returned non-bool value",
                    req.name
                )),
                None => {}
            }
        }
        req.enabled = has_true || !has_false;
    }
}

fn apply_conditions(chart: &mut Chart, values: &Values, path: &str, warnings: &mut Vec<String>) {
    for req in &mut chart.metadata.dependencies {
        for condition in req.condition.trim().split(',') {
            if condition.is_empty() {
                continue;
            }
            match path_value(values, &format!("{path}{condition}")) {
                Some(Value::Bool(enabled)) => {
                    req.enabled = *enabled;
                    break;
                }
                Some(_) => warnings.push(format!(
                    "Condition path '{condition}' for chart {} returned non-bool value",
                    req.name
                )),
                None => {}
            }
        }
    }
}

fn process_import_values(chart: &mut Chart, warnings: &mut Vec<String>) -> Result<(), ValuesError> {
    for sub in &mut chart.dependencies {
        process_import_values(sub, warnings)?;
    }
    if chart.metadata.dependencies.is_empty() {
        return Ok(());
    }
    let (merged, _) = merge_values(chart, &Values::new())?;
    let mut imported = Values::new();
    for req in &mut chart.metadata.dependencies {
        let mut normalized = Vec::new();
        for spec in &req.import_values {
            let (child, parent) = match spec {
                Value::String(name) => (format!("exports.{name}"), ".".to_string()),
                Value::Object(map) => {
                    let field =
                        |key: &str| map.get(key).and_then(Value::as_str).map(str::to_string);
                    match (field("child"), field("parent")) {
                        (Some(child), Some(parent)) => (child, parent),
                        _ => {
                            warnings.push(format!(
                                "ImportValues of chart {}: {spec} needs string 'child' and 'parent' keys",
                                req.name
                            ));
                            continue;
                        }
                    }
                }
                other => {
                    warnings.push(format!(
                        "ImportValues of chart {}: {other} is neither a string nor a map",
                        req.name
                    ));
                    continue;
                }
            };
            let mut entry = Map::new();
            entry.insert("child".into(), Value::String(child.clone()));
            entry.insert("parent".into(), Value::String(parent.clone()));
            normalized.push(Value::Object(entry));
            let Some(found) = table(&merged, &format!("{}.{child}", req.name)) else {
                warnings.push(format!(
                    "ImportValues missing table from chart {}: {child}",
                    req.name
                ));
                continue;
            };
            imported = merge_tables(imported, path_to_map(&parent, found.clone()));
        }
        req.import_values = normalized;
    }
    chart.values = merge_tables(merged, imported);
    Ok(())
}

/// `a.b` and a table → `{a: {b: table}}`; `.` → the table itself.
fn path_to_map(path: &str, data: Values) -> Values {
    if path == "." {
        return data;
    }
    path.split('.').rev().fold(data, |inner, key| {
        let mut outer = Map::new();
        outer.insert(key.to_string(), Value::Object(inner));
        outer
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helm::chart::tests::load;
    use serde_json::json;

    fn map(value: Value) -> Values {
        value.as_object().cloned().unwrap()
    }

    fn chart() -> Chart {
        load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n\
                 - {name: db, version: ~1.2.0, condition: db.enabled, tags: [storage]}\n\
                 - {name: db, version: 1.x, alias: replica, condition: 'replica.enabled,global.replicas'}\n\
                 - {name: cache, version: '*', tags: [fast, storage]}\n\
                 - {name: lib, version: '>=0.1.0', import-values: [defaults, {child: shared.labels, parent: labels.fromLib}]}\n",
            ),
            (
                "values.yaml",
                "db: {enabled: true}\nlabels: {own: app, fromLib: {team: parent}}\n",
            ),
            (
                "charts/db/Chart.yaml",
                "apiVersion: v2\nname: db\nversion: 1.2.3\n",
            ),
            ("charts/db/values.yaml", "port: 5432\n"),
            (
                "charts/cache/Chart.yaml",
                "apiVersion: v2\nname: cache\nversion: 2.0.0\n",
            ),
            (
                "charts/extra/Chart.yaml",
                "apiVersion: v2\nname: extra\nversion: 0.1.0\n",
            ),
            (
                "charts/lib/Chart.yaml",
                "apiVersion: v2\nname: lib\nversion: 0.2.0\n",
            ),
            (
                "charts/lib/values.yaml",
                "exports: {defaults: {image: {registry: docker.io}}}\nshared: {labels: {team: lib, tier: base}}\n",
            ),
        ])
    }

    fn names(chart: &Chart) -> Vec<&str> {
        let mut names: Vec<&str> = chart.dependencies.iter().map(Chart::name).collect();
        names.sort();
        names
    }

    #[test]
    fn aliases_conditions_and_tags_decide_the_subcharts() {
        let mut c = chart();
        process_dependencies(&mut c, &Values::new()).unwrap();
        // The aliased copy has its own name; replica has no boolean condition: enabled.
        assert_eq!(names(&c), ["cache", "db", "extra", "lib", "replica"]);

        let mut c = chart();
        let user = map(
            json!({"db": {"enabled": false}, "replica": {"enabled": "yes"}, "global": {"replicas": false}}),
        );
        let warnings = process_dependencies(&mut c, &user).unwrap();
        assert_eq!(names(&c), ["cache", "extra", "lib"]);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("Condition path 'replica.enabled'")),
            "{warnings:?}"
        );

        // A false tag disables unless another tag is true; a condition overrides tags.
        let mut c = chart();
        process_dependencies(&mut c, &map(json!({"tags": {"storage": false}}))).unwrap();
        assert_eq!(names(&c), ["db", "extra", "lib", "replica"]);
        let mut c = chart();
        process_dependencies(
            &mut c,
            &map(json!({"tags": {"storage": false, "fast": true}})),
        )
        .unwrap();
        assert_eq!(names(&c), ["cache", "db", "extra", "lib", "replica"]);
    }

    #[test]
    fn versions_must_match_for_a_dependency_to_take_the_chart() {
        let mut c = load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies: [{name: db, version: ^2.0.0, alias: other, condition: db.enabled}]\n",
            ),
            (
                "charts/db/Chart.yaml",
                "apiVersion: v2\nname: db\nversion: 1.2.3\n",
            ),
        ]);
        process_dependencies(&mut c, &map(json!({"db": {"enabled": false}}))).unwrap();
        // The dependency does not match 1.2.3, so the chart stays under its own name.
        assert_eq!(names(&c), ["db"]);
    }

    #[test]
    fn import_values_in_both_forms() {
        let mut c = chart();
        let warnings = process_dependencies(&mut c, &Values::new()).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(c.values["image"], json!({"registry": "docker.io"}));
        // The parent's own value wins over the imported one.
        assert_eq!(
            c.values["labels"],
            json!({"own": "app", "fromLib": {"team": "parent", "tier": "base"}})
        );
        let lib = c
            .metadata
            .dependencies
            .iter()
            .find(|d| d.name == "lib")
            .unwrap();
        assert_eq!(
            lib.import_values,
            vec![
                json!({"child": "exports.defaults", "parent": "."}),
                json!({"child": "shared.labels", "parent": "labels.fromLib"}),
            ]
        );
        // Subchart defaults are now part of the parent's values.
        assert_eq!(c.values["db"]["port"], json!(5432.0));
    }

    /// The chart of Helm's `testdata/subpop` as far as enabling goes.
    fn subpop() -> Chart {
        let chart = |name: &str| format!("apiVersion: v2\nname: {name}\nversion: 0.1.0\n");
        let parent = format!(
            "{}dependencies:\n\
             - {{name: subchart1, version: 0.1.0, condition: subchart1.enabled, tags: [front-end, subchart1]}}\n\
             - {{name: subchart2, version: 0.1.0, condition: subchart2.enabled, tags: [back-end, subchart2]}}\n",
            chart("parentchart")
        );
        let sub1 = format!(
            "{}dependencies:\n\
             - {{name: subcharta, version: 0.1.0, condition: 'subcharta.enabled,subchart1.subcharta.enabled', tags: [front-end, subcharta]}}\n\
             - {{name: subchartb, version: 0.1.0, condition: subchartb.enabled, tags: [front-end, subchartb]}}\n",
            chart("subchart1")
        );
        let sub2 = format!(
            "{}dependencies:\n\
             - {{name: subchartb, version: 0.1.0, condition: 'subchartb.enabled,subchart2.subchartb.enabled', tags: [back-end, subchartb]}}\n\
             - {{name: subchartc, version: 0.1.0, condition: subchartc.enabled, tags: [back-end, subchartc]}}\n",
            chart("subchart2")
        );
        let (a, b, c) = (chart("subcharta"), chart("subchartb"), chart("subchartc"));
        load(&[
            ("Chart.yaml", &parent),
            (
                "values.yaml",
                "tags:\n  front-end: true\n  back-end: false\n",
            ),
            ("charts/subchart1/Chart.yaml", &sub1),
            ("charts/subchart1/charts/subchartA/Chart.yaml", &a),
            ("charts/subchart1/charts/subchartB/Chart.yaml", &b),
            ("charts/subchart2/Chart.yaml", &sub2),
            ("charts/subchart2/charts/subchartB/Chart.yaml", &b),
            ("charts/subchart2/charts/subchartC/Chart.yaml", &c),
        ])
    }

    fn chart_paths(chart: &Chart, prefix: &str, out: &mut Vec<String>) {
        let path = if prefix.is_empty() {
            chart.name().to_string()
        } else {
            format!("{prefix}.{}", chart.name())
        };
        for sub in &chart.dependencies {
            chart_paths(sub, &path, out);
        }
        out.push(path);
    }

    /// Helm's TestDependencyEnabled cases (all but the alias one, whose
    /// chart is not reproduced here).
    #[test]
    fn helms_dependency_enabled_cases() {
        let cases: &[(&str, Value, &[&str])] = &[
            (
                "tags with no effect",
                json!({"tags": {"nothinguseful": false}}),
                &[
                    "parentchart",
                    "parentchart.subchart1",
                    "parentchart.subchart1.subcharta",
                    "parentchart.subchart1.subchartb",
                ],
            ),
            (
                "tags disabling a group",
                json!({"tags": {"front-end": false}}),
                &["parentchart"],
            ),
            (
                "tags disabling a group and enabling a different group",
                json!({"tags": {"front-end": false, "back-end": true}}),
                &[
                    "parentchart",
                    "parentchart.subchart2",
                    "parentchart.subchart2.subchartb",
                    "parentchart.subchart2.subchartc",
                ],
            ),
            (
                "tags disabling only children, children still enabled since tag front-end=true in values.yaml",
                json!({"tags": {"subcharta": false, "subchartb": false}}),
                &[
                    "parentchart",
                    "parentchart.subchart1",
                    "parentchart.subchart1.subcharta",
                    "parentchart.subchart1.subchartb",
                ],
            ),
            (
                "tags disabling all parents/children with additional tag re-enabling a parent",
                json!({"tags": {"front-end": false, "subchart1": true, "back-end": false}}),
                &["parentchart", "parentchart.subchart1"],
            ),
            (
                "conditions enabling the parent charts, but back-end (b, c) is still disabled via values.yaml",
                json!({"subchart1": {"enabled": true}, "subchart2": {"enabled": true}}),
                &[
                    "parentchart",
                    "parentchart.subchart1",
                    "parentchart.subchart1.subcharta",
                    "parentchart.subchart1.subchartb",
                    "parentchart.subchart2",
                ],
            ),
            (
                "conditions disabling the parent charts, effectively disabling children",
                json!({"subchart1": {"enabled": false}, "subchart2": {"enabled": false}}),
                &["parentchart"],
            ),
            (
                "conditions a child using the second condition path of child's condition",
                json!({"subchart1": {"subcharta": {"enabled": false}}}),
                &[
                    "parentchart",
                    "parentchart.subchart1",
                    "parentchart.subchart1.subchartb",
                ],
            ),
            (
                "tags enabling a parent/child group with condition disabling one child",
                json!({"subchart2": {"subchartc": {"enabled": false}}, "tags": {"back-end": true}}),
                &[
                    "parentchart",
                    "parentchart.subchart1",
                    "parentchart.subchart1.subcharta",
                    "parentchart.subchart1.subchartb",
                    "parentchart.subchart2",
                    "parentchart.subchart2.subchartb",
                ],
            ),
            (
                "tags will not enable a child if parent is explicitly disabled with condition",
                json!({"subchart1": {"enabled": false}, "tags": {"front-end": true}}),
                &["parentchart"],
            ),
        ];
        for (name, values, expect) in cases {
            let mut chart = subpop();
            process_dependencies(&mut chart, values.as_object().unwrap()).unwrap();
            let mut got = Vec::new();
            chart_paths(&chart, "", &mut got);
            got.sort();
            assert_eq!(got, *expect, "{name}");
        }
    }

    #[test]
    fn missing_dependencies_are_named() {
        let c = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies: [{name: a}, {name: b}]\n",
        )]);
        assert_eq!(
            missing_dependencies(&c).unwrap(),
            "found in Chart.yaml, but missing in charts/ directory: a, b"
        );
        assert_eq!(missing_dependencies(&chart()), None);
    }
}

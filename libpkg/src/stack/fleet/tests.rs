//! The fleet's rules in the stack file, one test per refusal; the fleet
//! plan's hash and file; what differs between clusters.

use super::differ::differences;
use super::plan::{ClusterPlan, FleetPlan, FleetPlanError, Unreachable};
use super::*;
use crate::plan::{Action, Operation};
use crate::stack::parse;
use crate::stack::plan::{ReleasePlan, StackPlan, StackTarget};

fn stack_with(fleets: &str) -> String {
    format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: shop\nreleases:\n- {{name: web, namespace: shop, package: ./web}}\nenvironments:\n  prod: {{}}\nfleets:\n{fleets}"
    )
}

fn refused(fleets: &str) -> String {
    parse("conf/stack.yaml", &stack_with(fleets), None)
        .expect_err("the fleet should be refused")
        .to_string()
}

#[test]
fn a_fleet_without_waves_is_one_wave_of_every_cluster() {
    let stack = parse(
        "stack.yaml",
        &stack_with("  prod: {environment: prod, clusters: [canary, eu, us]}\n"),
        None,
    )
    .unwrap();
    let fleet = &stack.fleets["prod"];
    assert_eq!(fleet.environment.as_deref(), Some("prod"));
    assert_eq!(fleet.waves, vec![vec!["canary", "eu", "us"]]);
}

#[test]
fn waves_keep_their_order_and_give_the_rollout_order() {
    let stack = parse(
        "stack.yaml",
        &stack_with("  prod:\n    clusters: [us, eu, canary]\n    waves: [[canary], [eu, us]]\n"),
        None,
    )
    .unwrap();
    let order: Vec<&String> = stack.fleets["prod"].rollout_order().collect();
    assert_eq!(order, ["canary", "eu", "us"]);
}

#[test]
fn a_cluster_in_two_waves_is_refused_naming_the_key() {
    assert_eq!(
        refused("  prod:\n    clusters: [canary, eu]\n    waves: [[canary, eu], [eu]]\n"),
        "conf/stack.yaml: fleets.prod.waves[1][0]: cluster \"eu\" is in wave 0 already: a cluster is applied in one wave"
    );
}

#[test]
fn a_wave_naming_a_cluster_the_fleet_does_not_list_is_refused() {
    assert_eq!(
        refused("  prod:\n    clusters: [canary, eu]\n    waves: [[canary], [eu, us]]\n"),
        "conf/stack.yaml: fleets.prod.waves[1][1]: cluster \"us\" is not one of the fleet's clusters (canary, eu)"
    );
}

#[test]
fn a_cluster_in_no_wave_an_empty_wave_and_a_cluster_listed_twice_are_refused() {
    assert_eq!(
        refused("  prod:\n    clusters: [canary, eu]\n    waves: [[canary]]\n"),
        "conf/stack.yaml: fleets.prod.waves: cluster \"eu\" is in no wave: every cluster of the fleet is in one"
    );
    assert_eq!(
        refused("  prod:\n    clusters: [canary]\n    waves: [[canary], []]\n"),
        "conf/stack.yaml: fleets.prod.waves[1]: an empty wave"
    );
    assert_eq!(
        refused("  prod:\n    clusters: [canary, canary]\n"),
        "conf/stack.yaml: fleets.prod.clusters[1]: cluster \"canary\" is listed twice"
    );
    assert_eq!(
        refused("  prod: {clusters: []}\n"),
        "conf/stack.yaml: fleets.prod.clusters: a fleet lists at least one cluster (a kubeconfig context)"
    );
}

#[test]
fn an_unknown_environment_and_an_unknown_key_are_refused() {
    assert_eq!(
        refused("  prod: {environment: production, clusters: [eu]}\n"),
        "conf/stack.yaml: fleets.prod.environment: no environment \"production\" in the stack (it has prod)"
    );
    assert!(refused("  prod: {clusters: [eu], wave: [[eu]]}\n").contains("unknown field `wave`"));
}

#[test]
fn loading_an_undeclared_fleet_lists_the_declared_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stack.yaml");
    std::fs::write(&path, stack_with("  prod: {clusters: [eu]}\n")).unwrap();
    let error = load(&path, "staging").unwrap_err().to_string();
    assert!(
        error.ends_with("no fleet \"staging\": it declares prod"),
        "{error}"
    );
    let (fleet, stack) = load(&path, "prod").unwrap();
    assert_eq!((fleet.name.as_str(), stack.releases.len()), ("prod", 1));
}

#[test]
fn a_release_naming_its_own_context_cannot_be_in_a_fleet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stack.yaml");
    let text = stack_with("  prod: {clusters: [eu]}\n")
        .replace("package: ./web}", "package: ./web, context: admin}");
    std::fs::write(&path, text).unwrap();
    let error = load(&path, "prod").unwrap_err().to_string();
    assert!(
        error.contains("fleets.prod.clusters: release \"web\" names context \"admin\""),
        "{error}"
    );
}

/// A stack plan of release `web` whose plan does `action` to a ConfigMap
/// (with `diff`), at `version`.
fn stack_plan(action: Action, version: &str, diff: Option<&str>) -> StackPlan {
    let mut plan = crate::plan::tests::sample();
    plan.release.name = "web".parse().unwrap();
    plan.operation = Operation::Upgrade;
    plan.package.version = version.into();
    plan.objects[0].action = action;
    plan.objects[0].diff = diff.map(str::to_string);
    let release = ReleasePlan {
        name: "web".into(),
        needs: Vec::new(),
        context: None,
        plan: plan.seal(),
    };
    let target = StackTarget {
        name: "shop".into(),
        environment: None,
        namespace: "default".into(),
        only: Vec::new(),
        prune: false,
    };
    StackPlan::new(target, vec![vec!["web".into()]], vec![release], Vec::new())
}

fn fleet_plan(plans: Vec<(&str, StackPlan)>) -> FleetPlan {
    let clusters: Vec<String> = plans.iter().map(|(c, _)| c.to_string()).collect();
    let fleet = Fleet {
        name: "prod".into(),
        environment: None,
        clusters: clusters.clone(),
        waves: vec![clusters],
    };
    let clusters = (plans.into_iter())
        .map(|(cluster, plan)| ClusterPlan {
            cluster: cluster.into(),
            plan,
        })
        .collect();
    FleetPlan::new("shop".into(), fleet, clusters, Vec::new())
}

#[test]
fn the_fleet_hash_covers_every_clusters_plan_and_the_waves() {
    let plan = fleet_plan(vec![
        ("canary", stack_plan(Action::Unchanged, "1.0.0", None)),
        ("eu", stack_plan(Action::Unchanged, "1.0.0", None)),
    ]);
    plan.verify_hash().unwrap();
    let read = FleetPlan::from_json(&plan.to_json_pretty()).unwrap();
    assert_eq!(read, plan);

    let mut rewaved = plan.clone();
    rewaved.fleet.waves = vec![vec!["eu".into()], vec!["canary".into()]];
    assert!(matches!(
        rewaved.verify_hash(),
        Err(FleetPlanError::Edited(_))
    ));

    let mut swapped = plan.clone();
    swapped.clusters[1].plan = stack_plan(Action::Update, "1.0.0", Some("-a\n+b\n"));
    assert!(matches!(
        swapped.verify_hash(),
        Err(FleetPlanError::Edited(_))
    ));

    let mut edited = plan.clone();
    edited.clusters[0].plan.releases[0].plan.package.version = "9.9.9".into();
    let error = crate::remedy::with_causes(&edited.verify_hash().unwrap_err());
    assert!(
        error.starts_with("cluster canary: the plan of release web was edited"),
        "{error}"
    );
}

#[test]
fn a_plan_file_must_account_for_every_cluster_of_its_waves() {
    let plan = fleet_plan(vec![(
        "canary",
        stack_plan(Action::Unchanged, "1.0.0", None),
    )]);
    let mut value: serde_json::Value = serde_json::from_str(&plan.to_json_pretty()).unwrap();
    value["fleet"]["waves"] = serde_json::json!([["canary"], ["eu"]]);
    let error = FleetPlan::from_json(&value.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("its clusters are not exactly its fleet's waves' clusters"),
        "{error}"
    );
    // An unreachable cluster accounts for its place.
    let mut skipped = plan.clone();
    skipped.fleet.waves = vec![vec!["canary".into()], vec!["eu".into()]];
    skipped.unreachable = vec![Unreachable {
        cluster: "eu".into(),
        reason: "connection refused".into(),
    }];
    let skipped = skipped.seal();
    FleetPlan::from_json(&skipped.to_json_pretty()).unwrap();
    assert_ne!(skipped.hash, plan.hash);
}

#[test]
fn a_drifted_cluster_is_named_against_what_the_others_do() {
    let plan = fleet_plan(vec![
        ("canary", stack_plan(Action::Unchanged, "1.0.0", None)),
        (
            "eu",
            stack_plan(Action::Update, "1.0.0", Some("-a: 1\n+a: 2\n")),
        ),
        ("us", stack_plan(Action::Unchanged, "1.0.0", None)),
    ]);
    let found = differences(&plan);
    assert_eq!(found.len(), 1, "{found:?}");
    let difference = &found[0];
    assert_eq!(difference.release, "web");
    assert_eq!(difference.clusters, ["eu"]);
    assert_eq!(
        difference.there,
        "upgrade to 1.0.0: update Secret/apps/creds"
    );
    assert_eq!(difference.others, ["canary", "us"]);
    assert_eq!(difference.elsewhere, "no change (1.0.0)");
}

#[test]
fn the_same_plan_everywhere_differs_nowhere_and_a_tie_keeps_the_first_cluster() {
    let same = fleet_plan(vec![
        ("canary", stack_plan(Action::Update, "1.0.0", Some("x"))),
        ("eu", stack_plan(Action::Update, "1.0.0", Some("x"))),
    ]);
    assert!(differences(&same).is_empty());
    let tie = fleet_plan(vec![
        ("canary", stack_plan(Action::Update, "1.0.0", Some("x"))),
        ("eu", stack_plan(Action::Update, "1.0.0", Some("y"))),
    ]);
    let found = differences(&tie);
    assert_eq!(found[0].clusters, ["eu"]);
    assert_eq!(
        found[0].there,
        "upgrade to 1.0.0: update Secret/apps/creds (the same objects, changed differently)"
    );
    let versions = fleet_plan(vec![
        ("canary", stack_plan(Action::Update, "1.1.0", Some("x"))),
        ("eu", stack_plan(Action::Update, "1.0.0", Some("x"))),
    ]);
    assert_eq!(
        differences(&versions)[0].there,
        "upgrade to 1.0.0: update Secret/apps/creds"
    );
}

use super::*;
use serde_json::json;

fn release(name: &str, package: &str, version: &str, planned: bool) -> ObservedRelease {
    ObservedRelease {
        release: ReleaseRef {
            name: name.into(),
            namespace: "ops".into(),
            manager: "kubectl-pkg".into(),
        },
        package: package.into(),
        version: version.into(),
        planned,
    }
}

fn api(api_version: &str, kind: &str, provider: Provider) -> ObservedApi {
    ObservedApi {
        api_version: api_version.into(),
        kind: kind.into(),
        resource: format!("{}s", kind.to_lowercase()),
        provider,
    }
}

fn package_need(name: &str, version: &str) -> Requirement {
    Requirement::new(
        Need::Package {
            name: name.into(),
            version: Some(version.into()),
        },
        "package.yaml requires.packages[0]",
    )
}

fn api_need(api_version: &str, kind: &str) -> Requirement {
    Requirement::new(
        Need::Api {
            api_version: api_version.into(),
            kind: kind.into(),
        },
        "package.yaml requires.apis[0]",
    )
}

#[test]
fn a_package_is_met_by_a_release_at_an_allowed_version_and_names_it() {
    let observations = Observations {
        releases: vec![release("backup", "backup-operator", "1.2.0", false)],
        ..Default::default()
    };
    let [status] = check(&[package_need("backup-operator", ">=1.0")], &observations)
        .try_into()
        .unwrap();
    assert_eq!(status.state, State::Met);
    assert!(
        status.detail.contains("release backup in namespace ops"),
        "{}",
        status.detail
    );
    assert!(matches!(status.satisfied_by, Some(Provider::Release(r)) if r.name == "backup"));
}

#[test]
fn unmet_packages_say_why_and_what_satisfies_them() {
    let none = check(
        &[package_need("cert-manager", ">=1.12")],
        &Observations::default(),
    );
    assert_eq!(none[0].state, State::Unmet);
    assert_eq!(
        none[0].fix,
        Some(Remedy::Install {
            package: "cert-manager".into(),
            version: Some(">=1.12".into())
        })
    );
    let old = Observations {
        releases: vec![release("cm", "cert-manager", "1.11.0", false)],
        ..Default::default()
    };
    let too_old = check(&[package_need("cert-manager", ">=1.12")], &old);
    assert_eq!(too_old[0].state, State::Unmet);
    assert!(too_old[0].detail.contains("1.11.0, which is not >=1.12"));
    assert_eq!(
        too_old[0].fix,
        Some(Remedy::Upgrade {
            name: "cm".into(),
            namespace: "ops".into(),
            package: None,
            version: Some(">=1.12".into())
        })
    );
}

#[test]
fn a_planned_release_satisfies_as_planned_after_installed_ones() {
    let observations = Observations {
        releases: vec![
            release("next", "db", "2.0.0", true),
            release("now", "db", "2.1.0", false),
        ],
        ..Default::default()
    };
    let status = &check(&[package_need("db", ">=2")], &observations)[0];
    assert!(matches!(&status.satisfied_by, Some(Provider::Release(r)) if r.name == "now"));
    let only_planned = Observations {
        releases: vec![release("next", "db", "2.0.0", true)],
        ..Default::default()
    };
    let status = &check(&[package_need("db", ">=2")], &only_planned)[0];
    assert_eq!(status.state, State::Met);
    assert!(matches!(&status.satisfied_by, Some(Provider::Planned(r)) if r.name == "next"));
}

#[test]
fn apis_are_met_by_the_cluster_a_release_or_this_plan() {
    let owner = ReleaseRef {
        name: "prometheus".into(),
        namespace: "monitoring".into(),
        manager: "helm".into(),
    };
    let observations = Observations {
        apis: vec![
            api("apps/v1", "Deployment", Provider::Cluster),
            api(
                "monitoring.coreos.com/v1",
                "ServiceMonitor",
                Provider::Release(owner),
            ),
            api("example.com/v1", "Widget", Provider::ThisPlan),
        ],
        ..Default::default()
    };
    let statuses = check(
        &[
            api_need("apps/v1", "Deployment"),
            api_need("monitoring.coreos.com/v1", "ServiceMonitor"),
            api_need("example.com/v1", "Widget"),
            api_need("monitoring.coreos.com/v1", "PodMonitor"),
        ],
        &observations,
    );
    let states: Vec<State> = statuses.iter().map(|s| s.state).collect();
    assert_eq!(states, [State::Met, State::Met, State::Met, State::Unmet]);
    assert!(
        statuses[1]
            .detail
            .contains("helm release prometheus in namespace monitoring")
    );
    assert!(statuses[2].detail.contains("of this plan"));
    assert!(
        statuses[3]
            .detail
            .contains("does not serve kind PodMonitor")
    );
}

#[test]
fn kubernetes_versions_are_checked_as_helm_does_and_offline_not_at_all() {
    let need = Requirement::new(
        Need::Kubernetes {
            version: ">=1.25".into(),
        },
        "Chart.yaml kubeVersion",
    );
    let old = Observations {
        server_version: Some("v1.20.2".into()),
        ..Default::default()
    };
    let status = &check(std::slice::from_ref(&need), &old)[0];
    assert_eq!(status.state, State::Unmet);
    assert!(status.detail.contains("v1.20.2"), "{}", status.detail);
    let new = Observations {
        server_version: Some("v1.30.1-eks-1".into()),
        ..Default::default()
    };
    assert_eq!(
        check(std::slice::from_ref(&need), &new)[0].state,
        State::Met
    );
    let unknown = &check(std::slice::from_ref(&need), &Observations::default())[0];
    assert_eq!(unknown.state, State::NotChecked);
    let offline = Requirements::offline(vec![need], false);
    assert!(!offline.checked);
    assert_eq!(offline.entries[0].state, State::NotChecked);
}

#[test]
fn what_is_not_evaluated_is_reported_not_judged() {
    let need = Need::Other {
        description: "olm.constraint: needs etcd".into(),
    };
    let status = &check(&[Requirement::new(need, "x")], &Observations::default())[0];
    assert_eq!(status.state, State::NotChecked);
    assert!(status.need.to_string().contains("needs etcd"));
}

#[test]
fn written_kinds_are_required_once_and_crds_of_the_plan_define_theirs() {
    let crd = json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "spec": {"group": "example.com", "names": {"kind": "Widget", "plural": "widgets"},
                 "versions": [{"name": "v1"}]}});
    let objects = [
        crd,
        json!({"apiVersion": "example.com/v1", "kind": "Widget"}),
        json!({"apiVersion": "v1", "kind": "ConfigMap"}),
        json!({"apiVersion": "v1", "kind": "ConfigMap"}),
        json!({"apiVersion": "monitoring.coreos.com/v1", "kind": "ServiceMonitor"}),
    ]
    .map(crate::manifest::Manifest::from);
    let declared = [api_need("monitoring.coreos.com/v1", "ServiceMonitor")];
    let located = objects
        .iter()
        .enumerate()
        .map(|(index, object)| (format!("o{index}.yaml"), object));
    let (written, defined) = written_kinds(located, &declared);
    let needs: Vec<String> = written.iter().map(|r| r.need.to_string()).collect();
    assert_eq!(
        needs,
        [
            "CustomResourceDefinition apiextensions.k8s.io/v1",
            "Widget example.com/v1",
            "ConfigMap v1"
        ]
    );
    assert_eq!(written[1].from, "objects: o1.yaml");
    assert_eq!(
        written[2].from,
        "objects: 2 of this kind, the first o2.yaml"
    );
    let observations = Observations {
        apis: defined,
        ..Default::default()
    };
    assert_eq!(check(&written[1..2], &observations)[0].state, State::Met);
}

#[test]
fn crd_owners_are_read_from_kubectl_pkg_helm_and_olm_marks() {
    let ours = json!({"metadata": {"labels": {"app.kubernetes.io/instance": "x"}}});
    assert_eq!(crd_owner(&ours), None);
    let helm = json!({"metadata": {"annotations": {
        "meta.helm.sh/release-name": "prom", "meta.helm.sh/release-namespace": "mon"}}});
    assert_eq!(
        crd_owner(&helm).unwrap().to_string(),
        "helm release prom in namespace mon"
    );
    let olm = json!({"metadata": {"labels": {"operators.coreos.com/etcd.operators": ""}}});
    let owner = crd_owner(&olm).unwrap();
    assert_eq!(
        (owner.name.as_str(), owner.namespace.as_str()),
        ("etcd", "operators")
    );
}

#[test]
fn the_section_round_trips_and_unmet_ones_are_described_on_one_line() {
    let statuses = check(
        &[
            package_need("backup-operator", ">=1.0"),
            api_need("monitoring.coreos.com/v1", "ServiceMonitor"),
        ],
        &Observations::default(),
    );
    let section = Requirements {
        checked: true,
        skipped: false,
        entries: statuses.clone(),
    };
    let text = serde_json::to_string(&section).unwrap();
    assert_eq!(
        serde_json::from_str::<Requirements>(&text).unwrap(),
        section
    );
    let line = describe_unmet(&statuses);
    assert!(!line.contains('\n'));
    assert!(
        line.contains("(an install of package backup-operator at a version in '>=1.0')"),
        "{line}"
    );
    assert!(
        line.contains("ServiceMonitor monitoring.coreos.com/v1 (package.yaml requires.apis[0])")
    );
}

#[test]
fn requires_in_package_yaml_is_validated() {
    let bad: Requires = crate::yaml::from_str("packages: [{name: Bad_Name}]\napis: []\n").unwrap();
    assert!(matches!(
        bad.validate().unwrap_err(),
        RequiresError::PackageName { index: 0, .. }
    ));
    let bad: Requires = crate::yaml::from_str("kubernetes: '>=banana'\n").unwrap();
    let error = bad.validate().unwrap_err().to_string();
    assert!(
        error.starts_with("requires.kubernetes \">=banana\": "),
        "{error}"
    );
    assert!(crate::yaml::from_str::<Requires>("surprise: 1\n").is_err());
}

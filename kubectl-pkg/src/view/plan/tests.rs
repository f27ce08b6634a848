//! The plan view's text, over plans built here: whole at 80 and 200 columns
//! and piped (snapshots), and the properties that must hold at every width.

use std::fmt::Write as _;

use libpkg::permissions::{
    CloudIdentity, DeclaredPermission, Grant, Image, InstallerCheck, MissingPermission,
    PermissionChanges, PermissionDelta, Permissions, PodSecurityLevel, Risk, Severity, Workload,
};
use libpkg::plan::{
    Action, ClusterInfo, DeferredHook, ImportedRevision, Operation, PackageInfo, Plan,
    PlannedObject, ReleaseTarget,
};
use libpkg::review::approval::Approval;
use libpkg::review::policy::PolicyRecord;
use libpkg::signature::VerifyMode;
use libpkg::signature::policy::SignatureCheck;
use serde_json::json;

use super::*;
use crate::view::Indented;

const HASH: &str = "sha256:5e0f1d2c3b4a5968778695a4b3c2d1e0f5e0f1d2c3b4a5968778695a4b3c2d1e";

/// An object of kind `kind` named `name` in `namespace`, planned as `action`.
fn object(kind: &str, namespace: Option<&str>, name: &str, action: Action) -> PlannedObject {
    let api_version = match kind {
        "Deployment" => "apps/v1",
        "Role" | "RoleBinding" => "rbac.authorization.k8s.io/v1",
        "Job" => "batch/v1",
        _ => "v1",
    };
    PlannedObject {
        api_version: api_version.to_string(),
        kind: kind.to_string(),
        namespace: namespace.map(str::to_string),
        name: name.to_string(),
        action,
        manifest: json!({"apiVersion": api_version, "kind": kind, "metadata": {"name": name}})
            .into(),
        live_resource_version: None,
        diff: None,
        validation: None,
    }
}

/// A plan with nothing but a ConfigMap to create, offline: the least a plan holds.
pub(crate) fn bare_plan() -> Plan {
    Plan {
        api_version: libpkg::plan::PLAN_API_VERSION.to_string(),
        kind: libpkg::plan::PLAN_KIND.to_string(),
        operation: Operation::Install,
        release: ReleaseTarget {
            name: "redis".parse().unwrap(),
            namespace: "default".parse().unwrap(),
            revision: 1,
        },
        cluster: ClusterInfo::default(),
        package: PackageInfo {
            name: "redis".to_string(),
            version: "7.0.12".to_string(),
            constraint: None,
            candidates: Vec::new(),
            reference: "./redis".to_string(),
            digest: "sha256:0a1b".into(),
            format: libpkg::plan::PackageFormat::Plain,
            bundle: None,
            catalog: None,
            carvel: None,
            signatures: Vec::new(),
        },
        requirements: Default::default(),
        values: None,
        notes: None,
        objects: vec![object(
            "ConfigMap",
            Some("default"),
            "redis",
            Action::Create,
        )],
        deferred_hooks: Vec::new(),
        permissions: Permissions::default(),
        permission_changes: None,
        policy: None,
        images: Vec::new(),
        warnings: Vec::new(),
        imported_history: Vec::new(),
        rollback_to: None,
        hash: HASH.into(),
        approvals: Vec::new(),
    }
}

/// A risk of `severity` from `rule` on `object`.
fn risk(severity: Severity, rule: &str, object: &str, message: &str) -> Risk {
    Risk {
        severity,
        rule: rule.to_string(),
        object: object.to_string(),
        message: message.to_string(),
    }
}

/// A grant of `verbs` on `resources` to the shop's service account.
fn grant(scope: &str, verbs: &[&str], resources: &[&str]) -> Grant {
    let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect();
    Grant {
        subject: "ServiceAccount/apps/shop-controller".to_string(),
        scope: scope.to_string(),
        api_groups: vec![String::new(), "apps".to_string()],
        resources: strings(resources),
        resource_names: Vec::new(),
        verbs: strings(verbs),
        non_resource_urls: Vec::new(),
        via: vec!["Role/apps/shop".to_string()],
    }
}

/// The permission preview of [`rich_plan`]: something in every part.
fn rich_permissions() -> Permissions {
    Permissions {
        grants: vec![grant(
            "namespace apps",
            &["get", "list", "watch", "create", "update", "patch"],
            &["configmaps", "secrets", "deployments", "statefulsets"],
        )],
        risks: vec![
            risk(
                Severity::High,
                "rbac-write-secrets",
                "Role.rbac.authorization.k8s.io/apps/shop",
                "ServiceAccount/apps/shop-controller can create/update/patch secrets in namespace apps",
            ),
            risk(
                Severity::Medium,
                "pod-token-mounted",
                "Deployment.apps/apps/shop",
                "the pod mounts its service account token",
            ),
        ],
        workloads: vec![Workload {
            object: "Deployment.apps/apps/shop".to_string(),
            service_account: "ServiceAccount/apps/shop-controller".to_string(),
            mounts_token: true,
            pod_security: PodSecurityLevel::Baseline,
            reasons: vec![
                "container \"shop\": allowPrivilegeEscalation not false".to_string(),
                "container \"shop\": runAsNonRoot not true".to_string(),
            ],
        }],
        cloud: vec![CloudIdentity {
            service_account: "ServiceAccount/apps/shop-controller".to_string(),
            provider: "aws".to_string(),
            identity: "arn:aws:iam::123456789012:role/shop".to_string(),
        }],
        declared: vec![DeclaredPermission {
            provider: "aws".to_string(),
            description: "reads the orders queue".to_string(),
            actions: vec![
                "sqs:ReceiveMessage".to_string(),
                "sqs:DeleteMessage".to_string(),
            ],
        }],
        installer: InstallerCheck {
            checked: true,
            missing: vec![MissingPermission {
                verb: "create".to_string(),
                group: "rbac.authorization.k8s.io".to_string(),
                resource: "roles".to_string(),
                namespace: Some("apps".to_string()),
            }],
        },
    }
}

/// What [`rich_plan`]'s upgrade changes: a new grant and risk, a dropped image.
fn rich_changes() -> PermissionChanges {
    PermissionChanges {
        compared_with: 2,
        added: PermissionDelta {
            grants: vec![grant(
                "namespace apps",
                &["create", "update", "patch"],
                &["secrets"],
            )],
            risks: vec![risk(
                Severity::High,
                "rbac-write-secrets",
                "Role.rbac.authorization.k8s.io/apps/shop",
                "ServiceAccount/apps/shop-controller can create/update/patch secrets in namespace apps",
            )],
            pod_security: Vec::new(),
            cloud: Vec::new(),
            declared: Vec::new(),
            unpinned_images: Vec::new(),
        },
        removed: PermissionDelta {
            unpinned_images: vec!["registry.example.com/shop/worker:1.0".to_string()],
            ..PermissionDelta::default()
        },
    }
}

/// The objects of [`rich_plan`]: one of every action, a hook, one elsewhere.
fn rich_objects() -> Vec<PlannedObject> {
    let mut hook = object("Job", Some("apps"), "shop-migrate", Action::Create);
    hook.manifest["metadata"]["annotations"] =
        json!({"kubectl-pkg.dev/hook": "pre-upgrade"}).into();
    let mut deployment = object("Deployment", Some("apps"), "shop", Action::Update);
    deployment.diff =
        Some("--- live\n+++ planned\n@@ -1,1 +1,1 @@\n-  replicas: 1\n+  replicas: 2".to_string());
    vec![
        hook,
        object("ConfigMap", Some("apps"), "shop-settings", Action::Create),
        deployment,
        object("Service", Some("apps"), "shop", Action::Unchanged),
        object("Role", Some("reports"), "shop-reader", Action::Delete),
    ]
}

/// An upgrade plan with something in every section of the text view.
pub(crate) fn rich_plan() -> Plan {
    let mut plan = bare_plan();
    plan.requirements = unmet_requirements();
    plan.operation = Operation::Upgrade;
    plan.release = ReleaseTarget {
        name: "shop".parse().unwrap(),
        namespace: "apps".parse().unwrap(),
        revision: 3,
    };
    plan.cluster = ClusterInfo {
        server: Some("https://10.0.0.1:6443".to_string()),
        context: Some("prod".to_string()),
        version: Some("v1.31.0".to_string()),
    };
    plan.package.name = "shop".to_string();
    plan.package.version = "2.1.0".to_string();
    plan.package.constraint = Some("^2".to_string());
    plan.package.reference = format!("oci://registry.example.com/charts/shop@{HASH}");
    plan.package.digest = HASH.into();
    plan.package.format = libpkg::formats::helm::NAME;
    plan.package.signatures = vec![SignatureCheck {
        reference: plan.package.reference.clone(),
        policy: "trust.yaml".to_string(),
        mode: VerifyMode::Warn,
        overridden: None,
        verified: None,
        failure: Some("no signature found".to_string()),
    }];
    plan.values = Some(json!({"replicas": 2, "ingress": {"host": "shop.example.com"}}));
    plan.objects = rich_objects();
    // Validated as an upgrade whose objects the server could dry-run, but
    // for one it could not (checked against the cluster's OpenAPI schema).
    let applied = plan
        .objects
        .iter_mut()
        .filter(|o| o.action != Action::Delete);
    for (index, object) in applied.enumerate() {
        object.validation = Some(if index == 0 {
            libpkg::plan::Validation::OpenApi
        } else {
            libpkg::plan::Validation::DryRun
        });
    }
    let mut hook = object("Job", Some("apps"), "shop-cleanup", Action::Create);
    hook.manifest["metadata"]["annotations"] =
        json!({"kubectl-pkg.dev/hook": "pre-delete,post-rollback"}).into();
    plan.deferred_hooks = vec![DeferredHook::from(hook.to_object())];
    plan.imported_history = vec![ImportedRevision {
        revision: 1,
        reference: libpkg::plan::HelmRevision {
            namespace: "apps".to_string(),
            name: "shop".to_string(),
            revision: 4,
        },
        digest: HASH.to_string(),
        status: "superseded".to_string(),
        package: "shop".to_string(),
        version: "1.9.0".to_string(),
    }];
    plan.permissions = rich_permissions();
    plan.permission_changes = Some(rich_changes());
    plan.policy = Some(PolicyRecord {
        max_risk: Some(Severity::Medium),
        deny: vec!["pod-privileged".to_string()],
        accepted: vec![plan.permissions.risks[0].clone()],
    });
    let mut mirrored = Image::new(&format!("mirror.example.com/shop/web@{HASH}"));
    mirrored.original = Some("docker.io/shop/web:2.1.0".to_string());
    let unpinned = Image::new("docker.io/shop/worker:2.1");
    plan.warnings = vec![
        Warning::new(
            WarningCode::UnpinnedImage,
            unpinned.warning().expect("a tag is not a pin"),
        ),
        Warning::new(
            WarningCode::Render,
            "the chart's NOTES.txt refers to a value that is not set (.Values.ingress.tls), so the notes shown after the upgrade may be incomplete",
        ),
    ];
    plan.images = vec![mirrored, unpinned];
    plan.approvals = vec![
        approval("alice@example.com", ""),
        approval("ops-team", "ship it"),
    ];
    plan
}

/// A package requirement not met, and skipped.
fn unmet_requirements() -> libpkg::requirements::Requirements {
    libpkg::requirements::Requirements {
        checked: true,
        skipped: true,
        entries: vec![libpkg::requirements::RequirementStatus {
            need: libpkg::requirements::Need::Package {
                name: "backup-operator".to_string(),
                version: Some(">=1.0".to_string()),
            },
            from: "package.yaml".to_string(),
            state: libpkg::requirements::State::Unmet,
            detail: "none installed".to_string(),
            satisfied_by: None,
            fix: Some(libpkg::remedy::Remedy::Install {
                package: "backup-operator".into(),
                version: Some(">=1.0".into()),
            }),
        }],
    }
}

/// An approval of [`HASH`] by `approver` saying `comment`.
fn approval(approver: &str, comment: &str) -> Approval {
    Approval {
        plan_hash: HASH.into(),
        approver: approver.to_string(),
        comment: comment.to_string(),
        key_id: "sha256:4b1d".to_string(),
        signature: "MEUCIQ==".to_string(),
    }
}

/// The view options: tables `width` columns wide (`None`: piped).
fn fitted(width: Option<u16>) -> Options {
    Options {
        layout: Layout { width },
        show_unchanged: false,
    }
}

/// The lines of the view that are not tables, written whole at any width
/// (a reference, a hash, an image: words a reader copies).
const WHOLE_LINES: &[&str] = &[
    "Reference:",
    "Digest:",
    "Cloud identity:",
    "Declared (",
    "pinned ",
    "UNPINNED ",
    "Risk policy:",
];

/// Whether every line of `text` fits `width` columns, but for [`WHOLE_LINES`].
fn fits(text: &str, width: usize) -> bool {
    text.lines().all(|line| {
        line.chars().count() <= width
            || WHOLE_LINES
                .iter()
                .any(|start| line.trim_start().starts_with(start))
    })
}

#[test]
fn the_plan_text_at_80_columns() {
    let shown = render(&rich_plan(), &fitted(Some(80)));
    assert!(fits(&shown, 80), "{shown}");
    insta::assert_snapshot!("plan_text_80_columns", shown);
}

#[test]
fn the_plan_text_at_200_columns() {
    let shown = render(&rich_plan(), &fitted(Some(200)));
    // Wide enough for every table: each row is one line.
    assert!(
        shown.contains("\nupdate  Deployment  apps       shop\n"),
        "{shown}"
    );
    insta::assert_snapshot!("plan_text_200_columns", shown);
}

#[test]
fn the_plan_text_piped() {
    let plan = rich_plan();
    let shown = render(&plan, &fitted(None));
    // Nothing wraps: every warning and risk message is whole on its line.
    for text in plan
        .warnings
        .iter()
        .skip(1)
        .map(|w| &w.message)
        .chain(plan.permissions.risks.iter().map(|r| &r.message))
    {
        assert!(
            shown.lines().any(|line| line.ends_with(text.as_str())),
            "{text}\n{shown}"
        );
    }
    insta::assert_snapshot!("plan_text_piped", shown);
}

/// Every section shows something of the rich plan (so the snapshots above
/// hold each of them), and in the order of [`SECTIONS`].
#[test]
fn every_section_has_its_part_of_the_rich_plan() {
    let plan = rich_plan();
    let options = fitted(None);
    let whole = render(&plan, &options);
    let mut at = 0;
    for (index, section) in SECTIONS.iter().enumerate() {
        let mut part = String::new();
        section(&mut part, &plan, &options).unwrap();
        assert!(!part.is_empty(), "section {index} wrote nothing");
        assert_eq!(whole[at..].find(&part), Some(0), "section {index}:\n{part}");
        at += part.len();
    }
    assert_eq!(at, whole.len());
}

/// A view nesting the plan (a stack's, one plan per release) indents every
/// line and fits the tables to what is left of the terminal.
#[test]
fn a_nested_plan_is_indented_and_fits_what_is_left_of_the_width() {
    let plan = rich_plan();
    let mut nested = String::new();
    let options = Options {
        layout: Layout { width: Some(80) }.narrower(4),
        show_unchanged: true,
    };
    write(&mut Indented::new(&mut nested, 4), &plan, &options).unwrap();
    for line in nested.lines() {
        assert!(line.is_empty() || line.starts_with("    "), "{line:?}");
    }
    assert!(fits(&nested, 80), "{nested}");
    assert_eq!(
        nested.lines().map(str::trim_start).collect::<Vec<_>>(),
        render(&plan, &options)
            .lines()
            .map(str::trim_start)
            .collect::<Vec<_>>()
    );
}

/// `status` names an approval as the plan view does.
#[test]
fn an_approver_with_and_without_a_comment() {
    let mut line = String::new();
    write!(line, "{}", Approver::from(&approval("ops-team", "ship it"))).unwrap();
    assert_eq!(line, "ops-team (key sha256:4b1d): ship it");
    assert_eq!(
        Approver::from(&approval("alice", "")).to_string(),
        "alice (key sha256:4b1d)"
    );
}

/// Issue 39 (10): warnings are indented as every other list, by two.
#[test]
fn warnings_are_a_list_indented_by_two() {
    let mut plan = bare_plan();
    plan.warnings = vec![
        Warning::new(WarningCode::Render, "first"),
        Warning::new(WarningCode::Other, "other"),
    ];
    let shown = render(&plan, &fitted(Some(80)));
    assert!(
        shown.contains("\nWarnings:\n  - first\n  - other\n"),
        "{shown}"
    );
}

/// Issue 39 (10): a plan that changes nothing lists no objects, and
/// prints no table header over no rows.
#[test]
fn an_all_unchanged_plan_prints_no_empty_table_header() {
    let mut plan = bare_plan();
    for object in &mut plan.objects {
        object.action = Action::Unchanged;
    }
    let shown = render(&plan, &fitted(None));
    assert!(shown.contains("1 unchanged not listed"), "{shown}");
    assert!(!shown.contains("ACTION"), "{shown}");
    let all = Options {
        show_unchanged: true,
        ..fitted(None)
    };
    let listed = render(&plan, &all);
    assert!(
        listed.contains("ACTION") && listed.contains("unchanged"),
        "{listed}"
    );
}

/// Issue 39 (10): why the version is what it is depends on the
/// operation: a rollback resolved no constraint.
#[test]
fn a_rollback_says_it_resolved_nothing() {
    let mut plan = bare_plan();
    plan.package.constraint = Some("7.0.12".to_string());
    let shown = |plan: &Plan| render(plan, &fitted(None));
    assert!(shown(&plan).contains("redis 7.0.12 (highest version matching \"7.0.12\")"));
    plan.operation = Operation::Rollback;
    let text = shown(&plan);
    assert!(!text.contains("highest version matching"), "{text}");
    assert!(
        text.contains("redis 7.0.12 (rollback: the version an earlier revision deployed)"),
        "{text}"
    );
    plan.operation = Operation::Uninstall;
    assert!(!shown(&plan).contains("highest version matching"));
}

/// Issue 39 (10): an uninstall deleting a Role does not say the package
/// "grants no RBAC permissions": it says what it removes.
#[test]
fn an_uninstall_says_which_rbac_objects_it_removes() {
    let mut plan = bare_plan();
    plan.operation = Operation::Uninstall;
    plan.objects = vec![
        object("ConfigMap", Some("default"), "redis", Action::Delete),
        object("Role", Some("default"), "reader", Action::Delete),
        object("RoleBinding", Some("default"), "reader", Action::Delete),
    ];
    let shown = render(&plan, &fitted(None));
    assert!(!shown.contains("grants no RBAC permissions"), "{shown}");
    assert!(
        shown.contains(
            "  The uninstall removes 2 RBAC object(s) and the permissions they grant:\n    Role default/reader\n    RoleBinding default/reader\n"
        ),
        "{shown}"
    );
    plan.objects.retain(|o| o.kind == "ConfigMap");
    assert!(render(&plan, &fitted(None)).contains("The uninstall removes no RBAC objects."));
}

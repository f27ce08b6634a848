//! The review document of a plan, built from it section by section: the
//! same facts the text view shows, ordered for a reviewer who reads a
//! comment from the top and may stop at any point.

use std::collections::{BTreeMap, BTreeSet};

use libpkg::permissions::{Grant, PermissionDelta, Risk, Severity};
use libpkg::plan::{Action, Operation, Plan, PlannedObject, Validation, WarningCode};
use libpkg::stack::fleet::plan::FleetPlan;
use libpkg::stack::plan::StackPlan;

use super::{Block, Change, Footer, Item, Review, Row, Section, Source, Table, Tone, Verdict};
use crate::view::stack::ReleaseChange;
use crate::view::{self, label};

/// The review document of `plan` (masked by the caller: Secret values are
/// placeholders in its manifests and diffs already).
pub fn from_plan(plan: &Plan, source: &Source) -> Review {
    let sections = [
        permissions(plan),
        risks(plan),
        deletions(plan),
        counts(plan),
        images(plan),
        trust(plan),
        validation(plan),
        warnings(plan),
    ];
    Review {
        hash: plan.hash.to_string(),
        subject: format!("{}/{}", plan.release.namespace, plan.release.name),
        title: title(plan),
        verdict: verdict(plan),
        facts: facts(plan),
        sections: sections.into_iter().flatten().collect(),
        changes: changes(plan, None),
        footer: footer(plan, source),
    }
}

/// The review document of a stack plan: the stack's order and verdict, then
/// each release's sections under its name, and every release's changes in
/// one list, most important first across the stack.
pub fn from_stack(plan: &StackPlan, source: &Source) -> Review {
    let order: Vec<String> = plan.order.iter().map(|level| level.join(", ")).collect();
    let mut facts = vec![
        ("Stack".to_string(), stack_name(plan)),
        ("Order".to_string(), order.join(" → ")),
        ("Stack plan hash".to_string(), plan.hash.to_string()),
    ];
    if plan.stack.prune {
        facts.push((
            "Prune".to_string(),
            "releases the file no longer declares are uninstalled last".to_string(),
        ));
    }
    for member in &plan.not_declared {
        facts.push((
            format!("Not in the file: {}", member.name),
            format!(
                "namespace {}: the stack holds it, the file no longer declares it; left alone (--prune uninstalls it)",
                member.namespace
            ),
        ));
    }
    for shared in &plan.shared {
        facts.push((
            format!("Shared: {}", shared.name),
            crate::view::stack::shared_text(shared),
        ));
    }
    let reviews: Vec<Review> = (plan.releases.iter())
        .map(|release| from_plan(&release.plan, &Source::Unsaved))
        .collect();
    let mut sections = vec![release_table(plan, &reviews)];
    let mut changes = Vec::new();
    let mut reasons = Vec::new();
    let mut tone = Tone::Good;
    for (release, review) in plan.releases.iter().zip(reviews) {
        facts.push((format!("Release {}", release.name), review.title.clone()));
        tone = tone.max(review.verdict.tone);
        reasons.extend(
            review
                .verdict
                .reasons
                .iter()
                .map(|reason| format!("{}: {reason}", release.name)),
        );
        for mut section in review.sections {
            section.id = format!("{}-{}", release.name, section.id);
            section.title = format!("{}: {}", release.name, section.title);
            sections.push(section);
        }
        changes.extend(changes_of(&release.plan, Some(&release.name)));
    }
    changes.sort_by_key(|(rank, _)| *rank);
    let command = saved_apply_command(source, &plan.hash);
    Review {
        hash: plan.hash.to_string(),
        subject: format!("stack {}", plan.stack.name),
        title: format!("Stack plan: {}", stack_name(plan)),
        verdict: verdict_of(tone, reasons, plan.has_changes()),
        facts,
        sections,
        changes: changes.into_iter().map(|(_, change)| change).collect(),
        footer: Footer {
            note: apply_note(source, command.is_some()),
            command,
        },
    }
}

/// A fleet plan's review: the clusters × releases table and what differs
/// between the clusters first, then every cluster's stack review, its
/// sections and changes named by cluster; the verdict the worst of them.
pub fn from_fleet(plan: &FleetPlan, source: &Source) -> Review {
    let waves: Vec<String> = plan
        .fleet
        .waves
        .iter()
        .map(|wave| wave.join(", "))
        .collect();
    let mut facts = vec![
        ("Fleet".to_string(), fleet_name(plan)),
        ("Waves".to_string(), waves.join(" → ")),
        ("Fleet plan hash".to_string(), plan.hash.to_string()),
    ];
    for left_out in &plan.unreachable {
        facts.push((
            format!("Left out: {}", left_out.cluster),
            format!("unreachable when planned: {}", left_out.reason),
        ));
    }
    let releases = crate::view::fleet::release_names(plan);
    let mut header = vec!["Cluster".to_string(), "Wave".to_string()];
    header.extend(releases.iter().cloned());
    let mut rows = Vec::new();
    let mut sections = Vec::new();
    let mut changes = Vec::new();
    let mut reasons = Vec::new();
    let mut tone = Tone::Good;
    let mut details = Vec::new();
    for (wave, clusters) in plan.waves().iter().enumerate() {
        for cluster in clusters {
            let name = &cluster.cluster;
            let review = from_stack(&cluster.plan, &Source::Unsaved);
            let mut cells = vec![name.clone(), (wave + 1).to_string()];
            cells.extend(
                releases
                    .iter()
                    .map(|r| crate::view::fleet::cell(&cluster.plan, r)),
            );
            rows.push(Row {
                tone: review.verdict.tone,
                cells,
            });
            tone = tone.max(review.verdict.tone);
            reasons.extend(
                review
                    .verdict
                    .reasons
                    .iter()
                    .map(|r| format!("{name}: {r}")),
            );
            facts.push((format!("Cluster {name}"), review.title.clone()));
            for mut section in review.sections {
                section.id = format!("{name}-{}", section.id);
                section.title = format!("{name}: {}", section.title);
                details.push(section);
            }
            changes.extend(review.changes.into_iter().map(|mut change| {
                change.release = Some(match change.release {
                    Some(release) => format!("{name}/{release}"),
                    None => name.clone(),
                });
                change
            }));
        }
    }
    sections.push(section(
        "clusters",
        &format!("Clusters ({})", plan.clusters.len()),
        vec![Block::Table(Table { header, rows })],
    ));
    sections.push(fleet_differences(plan));
    sections.extend(details);
    let command = saved_apply_command(source, &plan.hash);
    Review {
        hash: plan.hash.to_string(),
        subject: format!("fleet {}", plan.fleet.name),
        title: format!("Fleet plan: {}", fleet_name(plan)),
        verdict: verdict_of(tone, reasons, plan.has_changes()),
        facts,
        sections,
        changes,
        footer: Footer {
            note: apply_note(source, command.is_some()),
            command,
        },
    }
}

/// What differs between a fleet's clusters, before any cluster's detail.
fn fleet_differences(plan: &FleetPlan) -> Section {
    let differences = libpkg::stack::fleet::differ::differences(plan);
    let blocks = if differences.is_empty() {
        vec![Block::Text(
            "Nothing: each cluster's plan does the same.".to_string(),
        )]
    } else {
        vec![Block::Items(
            (differences.iter())
                .map(|d| Item {
                    tone: Tone::Warning,
                    text: format!(
                        "{}: release {}: {} (in {}: {})",
                        d.clusters.join(", "),
                        d.release,
                        d.there,
                        d.others.join(", "),
                        d.elsewhere
                    ),
                })
                .collect(),
        )]
    };
    section("differs", "What differs between clusters", blocks)
}

/// The command that applies a saved stack or fleet plan, only as reviewed.
fn saved_apply_command(source: &Source, hash: &str) -> Option<String> {
    match source {
        Source::Saved(file) => Some(format!(
            "kubectl pkg apply {} --plan-hash {hash}",
            shell_word(file)
        )),
        _ => None,
    }
}

/// The fleet, its stack and environment.
fn fleet_name(plan: &FleetPlan) -> String {
    match &plan.fleet.environment {
        Some(environment) => format!(
            "{} (stack {}, environment {environment})",
            plan.fleet.name, plan.stack
        ),
        None => format!("{} (stack {})", plan.fleet.name, plan.stack),
    }
}

/// The stack's first section: one row per release with what it does, so
/// the release that changes something is seen before any release's detail.
/// Each row has the tone of its release's verdict.
fn release_table(plan: &StackPlan, reviews: &[Review]) -> Section {
    let header = [
        "Release",
        "Namespace",
        "Operation",
        "Create",
        "Update",
        "Delete",
        "New rights",
        "Risks",
    ];
    let rows = (plan.releases.iter().zip(reviews))
        .map(|(release, review)| {
            let change = ReleaseChange::of(&release.plan);
            Row {
                tone: review.verdict.tone,
                cells: vec![
                    release.name.clone(),
                    release.plan.release.namespace.to_string(),
                    release.plan.operation.to_string(),
                    change.create.to_string(),
                    change.update.to_string(),
                    change.delete.to_string(),
                    change.new_rights,
                    change.risks,
                ],
            }
        })
        .collect();
    section(
        "releases",
        &format!("Releases ({})", plan.releases.len()),
        vec![Block::Table(Table {
            header: header.map(String::from).to_vec(),
            rows,
        })],
    )
}

/// The stack's name, and its environment if one was chosen.
fn stack_name(plan: &StackPlan) -> String {
    match &plan.stack.environment {
        Some(environment) => format!("{} (environment {environment})", plan.stack.name),
        None => plan.stack.name.clone(),
    }
}

/// What is planned, for which release.
fn title(plan: &Plan) -> String {
    format!(
        "Plan: {} {} {} as release {} in namespace {} (revision {})",
        plan.operation,
        plan.package.name,
        plan.package.version,
        plan.release.name,
        plan.release.namespace,
        plan.release.revision
    )
}

/// Package, version, digest, the target cluster and the full plan hash.
fn facts(plan: &Plan) -> Vec<(String, String)> {
    let package = &plan.package;
    let cluster = match &plan.cluster.server {
        Some(server) => format!(
            "{server} (context {}, {})",
            plan.cluster.context.as_deref().unwrap_or("-"),
            plan.cluster.version.as_deref().unwrap_or("version unknown")
        ),
        None => "none (planned offline)".to_string(),
    };
    [
        ("Package", package.name.clone()),
        (
            "Version",
            format!(
                "{} ({})",
                package.version,
                view::plan::why_this_version(plan)
            ),
        ),
        ("Reference", package.reference.clone()),
        ("Digest", package.digest.to_string()),
        ("Cluster", cluster),
        (
            "Release",
            format!(
                "{} in namespace {}, revision {}",
                plan.release.name, plan.release.namespace, plan.release.revision
            ),
        ),
        ("Plan hash", plan.hash.to_string()),
    ]
    .into_iter()
    .map(|(label, value)| (label.to_string(), value))
    .collect()
}

/// The verdict: blocked when the plan cannot be applied as it is, review
/// needed when it grants, deletes or newly risks something (an upgrade's
/// risks unchanged since the deployed revision are named, not a concern),
/// else ready.
fn verdict(plan: &Plan) -> Verdict {
    let mut blockers: Vec<String> = plan.blockers().iter().map(ToString::to_string).collect();
    let mut concerns = Vec::new();
    let new_grants = match &plan.permission_changes {
        Some(changes) => changes.added.grants.len(),
        None if plan.operation == Operation::Uninstall => 0,
        None => plan.permissions.grants.len(),
    };
    let count = |what: &str, n: usize| (n > 0).then(|| format!("{n} {what}"));
    // An upgrade or rollback is judged by the risks it adds: those the
    // deployed revision has already were reviewed when it was applied.
    let new_risks = match &plan.permission_changes {
        Some(changes) => &changes.added.risks,
        None => &plan.permissions.risks,
    };
    let severe = |risks: &[Risk], severity: Severity| {
        risks.iter().filter(|r| r.severity == severity).count()
    };
    let deletions = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Delete)
        .count();
    let unverified = plan
        .package
        .signatures
        .iter()
        .filter(|check| check.verified.is_none())
        .count();
    concerns.extend(count("new RBAC grant(s)", new_grants));
    concerns.extend(count(
        "critical risk(s)",
        severe(new_risks, Severity::Critical),
    ));
    concerns.extend(count("high risk(s)", severe(new_risks, Severity::High)));
    concerns.extend(count("deletion(s)", deletions));
    concerns.extend(count(
        "image(s) not pinned by digest",
        plan.images.iter().filter(|i| !i.pinned).count(),
    ));
    concerns.extend(count("signature(s) not verified", unverified));
    let tone = if !blockers.is_empty() {
        Tone::Danger
    } else if !concerns.is_empty() {
        Tone::Warning
    } else {
        Tone::Good
    };
    blockers.extend(concerns);
    if let Some(changes) = &plan.permission_changes {
        let kept = |severity: Severity| {
            severe(&plan.permissions.risks, severity).saturating_sub(severe(new_risks, severity))
        };
        let since = changes.compared_with;
        blockers.extend(count(
            &format!("critical risk(s) unchanged since revision {since}"),
            kept(Severity::Critical),
        ));
        blockers.extend(count(
            &format!("high risk(s) unchanged since revision {since}"),
            kept(Severity::High),
        ));
    }
    verdict_of(tone, blockers, plan.has_changes())
}

/// The verdict of `tone` with its `reasons`; a plan that changes nothing
/// says so.
fn verdict_of(tone: Tone, reasons: Vec<String>, changes: bool) -> Verdict {
    let headline = match tone {
        Tone::Danger => "Blocked: this plan cannot be applied as it is",
        Tone::Warning => "Review needed",
        _ if !changes => "No changes",
        _ => "Ready to apply: no new permissions, new severe risks or deletions",
    };
    Verdict {
        tone,
        headline: headline.to_string(),
        reasons,
    }
}

/// New and dropped permissions (an upgrade or rollback), everything granted
/// (an install), or the RBAC an uninstall removes; then what the installer lacks.
fn permissions(plan: &Plan) -> Option<Section> {
    let mut blocks = Vec::new();
    match (&plan.permission_changes, plan.operation) {
        (Some(changes), _) if changes.is_empty() => blocks.push(Block::Text(format!(
            "No permission changes since revision {}.",
            changes.compared_with
        ))),
        (Some(changes), _) => {
            for (title, delta, tone) in [
                ("New permissions", &changes.added, Tone::Warning),
                ("Dropped permissions", &changes.removed, Tone::Good),
            ] {
                if !delta.is_empty() {
                    blocks.push(Block::Subtitle(format!(
                        "{title} (since revision {})",
                        changes.compared_with
                    )));
                    blocks.extend(delta_blocks(delta, tone));
                }
            }
        }
        (None, Operation::Uninstall) => blocks.push(removed_rbac(plan)),
        (None, _) if plan.permissions.grants.is_empty() => blocks.push(Block::Text(
            "The package grants no RBAC permissions.".into(),
        )),
        (None, _) => {
            blocks.push(Block::Subtitle(
                "New permissions (all of them: a new release)".into(),
            ));
            blocks.push(grant_table(&plan.permissions.grants, Tone::Warning));
        }
    }
    blocks.extend(outside_rbac(plan));
    blocks.extend(access(plan));
    Some(section("permissions", "Permissions", blocks))
}

/// One side of the permission changes: grants, then the rest as bullets.
fn delta_blocks(delta: &PermissionDelta, tone: Tone) -> Vec<Block> {
    let mut blocks = Vec::new();
    if !delta.grants.is_empty() {
        blocks.push(grant_table(&delta.grants, tone));
    }
    let mut items: Vec<Item> = delta
        .risks
        .iter()
        .map(|risk| item(tone, risk_line(risk)))
        .collect();
    let level = |level: Option<libpkg::permissions::PodSecurityLevel>| {
        level.map_or("(none)".to_string(), |level| label(&level))
    };
    items.extend(delta.pod_security.iter().map(|change| {
        item(
            tone,
            format!(
                "Pod security of {}: {} → {} {}",
                change.object,
                level(change.from),
                level(change.to),
                change.reasons.join("; ")
            ),
        )
    }));
    items.extend(delta.cloud.iter().map(|identity| {
        item(
            tone,
            format!(
                "Cloud identity: {} → {} {}",
                identity.service_account, identity.provider, identity.identity
            ),
        )
    }));
    items.extend(delta.declared.iter().map(|declared| {
        item(
            tone,
            format!(
                "Declared ({}): {} [{}]",
                declared.provider,
                declared.description,
                declared.actions.join(", ")
            ),
        )
    }));
    items.extend(
        delta
            .unpinned_images
            .iter()
            .map(|image| item(tone, format!("Image not pinned by digest: {image}"))),
    );
    if !items.is_empty() {
        blocks.push(Block::Items(items));
    }
    blocks
}

/// RBAC grants as a table: subject, scope, verbs, resources, and through what.
fn grant_table(grants: &[Grant], tone: Tone) -> Block {
    Block::Table(Table {
        header: ["Subject", "Scope", "Verbs", "Resources", "Via"]
            .map(String::from)
            .to_vec(),
        rows: grants
            .iter()
            .map(|grant| Row {
                tone,
                cells: vec![
                    grant.subject.clone(),
                    grant.scope.clone(),
                    grant.verbs.join(", "),
                    view::plan::grant_resources(grant),
                    grant.via.join(", "),
                ],
            })
            .collect(),
    })
}

/// The RBAC objects an uninstall deletes, and so the permissions it removes.
fn removed_rbac(plan: &Plan) -> Block {
    let removed: Vec<Item> = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Delete)
        .filter(|o| o.api_version.starts_with("rbac.authorization.k8s.io/"))
        .map(|o| item(Tone::Good, object_label(o)))
        .collect();
    if removed.is_empty() {
        Block::Text("The uninstall removes no RBAC objects.".into())
    } else {
        Block::Items(removed)
    }
}

/// Cloud identities and permissions declared outside RBAC, for a plan
/// without a comparison (an upgrade lists only the new ones, above).
fn outside_rbac(plan: &Plan) -> Vec<Block> {
    if plan.permission_changes.is_some() {
        return Vec::new();
    }
    let permissions = &plan.permissions;
    let mut items: Vec<Item> = permissions
        .cloud
        .iter()
        .map(|identity| {
            item(
                Tone::Warning,
                format!(
                    "Cloud identity: {} → {} {}",
                    identity.service_account, identity.provider, identity.identity
                ),
            )
        })
        .collect();
    items.extend(permissions.declared.iter().map(|declared| {
        item(
            Tone::Warning,
            format!(
                "Declared ({}): {} [{}]",
                declared.provider,
                declared.description,
                declared.actions.join(", ")
            ),
        )
    }));
    if items.is_empty() {
        Vec::new()
    } else {
        vec![Block::Subtitle("Outside RBAC".into()), Block::Items(items)]
    }
}

/// Whether the installer may perform the plan: what they lack, if anything.
fn access(plan: &Plan) -> Vec<Block> {
    let installer = &plan.permissions.installer;
    if !installer.checked {
        return vec![Block::Text(
            "Access check: not performed (planned offline).".into(),
        )];
    }
    if installer.missing.is_empty() {
        return vec![Block::Text(
            "Access check: the installer may perform every action in this plan.".into(),
        )];
    }
    let items = installer
        .missing
        .iter()
        .map(|missing| {
            let group = if missing.group.is_empty() {
                "core"
            } else {
                &missing.group
            };
            let namespace = missing.namespace.as_deref().unwrap_or("(cluster-wide)");
            item(
                Tone::Danger,
                format!(
                    "{} {}.{group} in {namespace}",
                    missing.verb, missing.resource
                ),
            )
        })
        .collect();
    vec![
        Block::Text(format!(
            "Access check: the installer lacks {} permission(s); nothing would be applied:",
            installer.missing.len()
        )),
        Block::Items(items),
    ]
}

/// Every risk finding, most severe first, and the policy's accepted ones.
fn risks(plan: &Plan) -> Option<Section> {
    let mut risks: Vec<&Risk> = plan.permissions.risks.iter().collect();
    risks.sort_by_key(|risk| risk.severity);
    let mut blocks = vec![Block::Text(format!(
        "Risk findings: {}.",
        view::risk_counts(&plan.permissions)
    ))];
    if !risks.is_empty() {
        blocks.push(Block::Table(Table {
            header: ["Severity", "Rule", "Object", "Finding"]
                .map(String::from)
                .to_vec(),
            rows: risks
                .iter()
                .map(|risk| Row {
                    tone: severity_tone(risk.severity),
                    cells: vec![
                        label(&risk.severity).to_uppercase(),
                        risk.rule.clone(),
                        risk.object.clone(),
                        risk.message.clone(),
                    ],
                })
                .collect(),
        }));
    }
    if let Some(policy) = &plan.policy {
        let level = policy.max_risk.map_or("any".to_string(), |l| l.to_string());
        let accepted: Vec<String> = policy
            .accepted
            .iter()
            .map(|risk| format!("{}@{}", risk.rule, risk.object))
            .collect();
        blocks.push(Block::Text(format!(
            "Risk policy: findings up to {level} pass; accepted over the line: {}.",
            if accepted.is_empty() {
                "none".to_string()
            } else {
                accepted.join(", ")
            }
        )));
    }
    Some(section("risks", "Risk findings", blocks))
}

/// The colour of a finding's severity.
fn severity_tone(severity: Severity) -> Tone {
    match severity {
        Severity::Critical => Tone::Danger,
        Severity::High => Tone::Warning,
        Severity::Medium | Severity::Info => Tone::Plain,
    }
}

/// `SEVERITY rule on object: message`.
fn risk_line(risk: &Risk) -> String {
    format!(
        "{} {} on {}: {}",
        label(&risk.severity).to_uppercase(),
        risk.rule,
        risk.object,
        risk.message
    )
}

/// Every deletion, whatever the size cap, with what it takes along.
fn deletions(plan: &Plan) -> Option<Section> {
    let deleted: Vec<Item> = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Delete)
        .map(|o| {
            let along = match o.kind.as_str() {
                "Namespace" => " (and every object in it)",
                "CustomResourceDefinition" => " (and every object of that kind, cluster-wide)",
                "PersistentVolumeClaim" => " (and its data, unless the volume is retained)",
                _ => "",
            };
            item(Tone::Danger, format!("{}{along}", object_label(o)))
        })
        .collect();
    let blocks = if deleted.is_empty() {
        vec![Block::Text("Nothing is deleted.".into())]
    } else {
        vec![
            Block::Text(format!("{} object(s) are deleted:", deleted.len())),
            Block::Items(deleted),
        ]
    };
    Some(section("deletions", "Deletions", blocks))
}

/// How many objects of each kind are created, updated, deleted, unchanged.
fn counts(plan: &Plan) -> Option<Section> {
    let actions = [
        Action::Create,
        Action::Update,
        Action::Delete,
        Action::Unchanged,
    ];
    let mut by_kind: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    for object in &plan.objects {
        let column = actions
            .iter()
            .position(|a| *a == object.action)
            .unwrap_or(3);
        by_kind.entry(object.kind.as_str()).or_default()[column] += 1;
    }
    let mut totals = [0; 4];
    let mut rows: Vec<Row> = by_kind
        .iter()
        .map(|(kind, counts)| {
            counts.iter().enumerate().for_each(|(i, n)| totals[i] += n);
            Row {
                tone: Tone::Plain,
                cells: std::iter::once(kind.to_string())
                    .chain(counts.iter().map(usize::to_string))
                    .collect(),
            }
        })
        .collect();
    rows.push(Row {
        tone: Tone::Plain,
        cells: std::iter::once("Total".to_string())
            .chain(totals.iter().map(usize::to_string))
            .collect(),
    });
    let header = std::iter::once("Kind".to_string())
        .chain(
            actions
                .iter()
                .map(|a| format!("{} {a}", super::action_symbol(*a))),
        )
        .collect();
    Some(section(
        "counts",
        &format!("Objects ({})", plan.objects.len()),
        vec![Block::Table(Table { header, rows })],
    ))
}

/// Every image, pinned by digest or not, and the registries the release
/// did not pull from before.
fn images(plan: &Plan) -> Option<Section> {
    if plan.images.is_empty() {
        return None;
    }
    let known = previous_registries(plan);
    let rows = plan
        .images
        .iter()
        .map(|image| {
            let registry = registry_of(&image.reference);
            let new = known.as_ref().is_none_or(|known| !known.contains(registry));
            Row {
                tone: if image.pinned {
                    Tone::Good
                } else {
                    Tone::Warning
                },
                cells: vec![
                    image.reference.clone(),
                    if image.pinned { "yes" } else { "NO" }.to_string(),
                    format!("{registry}{}", if new { " (new)" } else { "" }),
                ],
            }
        })
        .collect();
    let registries: BTreeSet<&str> = plan
        .images
        .iter()
        .map(|i| registry_of(&i.reference))
        .filter(|r| known.as_ref().is_none_or(|known| !known.contains(*r)))
        .collect();
    let new = match (&known, registries.is_empty()) {
        (None, _) => "every registry is new: this is a new release".to_string(),
        (Some(_), true) => "none".to_string(),
        (Some(_), false) => registries.into_iter().collect::<Vec<_>>().join(", "),
    };
    let blocks = vec![
        Block::Table(Table {
            header: ["Image", "Pinned by digest", "Registry"]
                .map(String::from)
                .to_vec(),
            rows,
        }),
        Block::Text(format!("Registries new to the release: {new}.")),
    ];
    Some(section(
        "images",
        &format!("Images ({})", plan.images.len()),
        blocks,
    ))
}

/// The registries the release's current revision pulls from, as far as the
/// plan tells: its unchanged and deleted objects' images, and an updated
/// object's images less those its diff adds plus those it removes. `None`
/// for a plan with no earlier revision (an install, an import).
fn previous_registries(plan: &Plan) -> Option<BTreeSet<String>> {
    if !matches!(
        plan.operation,
        Operation::Upgrade | Operation::Rollback | Operation::Uninstall
    ) {
        return None;
    }
    let mut registries = BTreeSet::new();
    for object in &plan.objects {
        let mut references: BTreeSet<String> = match object.action {
            Action::Create => continue,
            _ => libpkg::permissions::images(&[object.to_object()])
                .into_iter()
                .map(|image| image.reference)
                .collect(),
        };
        if let Some(diff) = &object.diff {
            for (sign, reference) in diff.lines().filter_map(diff_image) {
                if sign == '+' {
                    references.remove(&reference);
                } else {
                    references.insert(reference);
                }
            }
        }
        registries.extend(references.iter().map(|r| registry_of(r).to_string()));
    }
    Some(registries)
}

/// The image a diff line sets (`+      image: x`) or removes, with its sign.
fn diff_image(line: &str) -> Option<(char, String)> {
    let sign = line.chars().next().filter(|c| *c == '+' || *c == '-')?;
    if line.starts_with("+++") || line.starts_with("---") {
        return None;
    }
    let body = line[1..].trim_start();
    let body = body.strip_prefix("- ").unwrap_or(body).trim_start();
    let value = body.strip_prefix("image:")?.trim();
    let value = value.trim_matches(|c| c == '"' || c == '\'');
    (!value.is_empty()).then(|| (sign, value.to_string()))
}

/// The registry an image reference pulls from (Docker Hub when it names none).
pub(crate) fn registry_of(reference: &str) -> &str {
    match reference.split_once('/') {
        Some((first, _)) if first.contains(['.', ':']) || first == "localhost" => first,
        _ => "docker.io",
    }
}

/// Signatures, approvals and requirements: whether this plan may be trusted
/// and applied as it is.
fn trust(plan: &Plan) -> Option<Section> {
    let mut items: Vec<Item> = plan
        .package
        .signatures
        .iter()
        .map(|check| {
            let tone = if check.verified.is_some() {
                Tone::Good
            } else {
                Tone::Warning
            };
            item(
                tone,
                format!(
                    "Signature: {}",
                    view::plan::describe_signature(check, &plan.package)
                ),
            )
        })
        .collect();
    if plan.package.signatures.is_empty() {
        items.push(item(
            Tone::Plain,
            "Signature: no signature rule applies to this package".into(),
        ));
    }
    if plan.approvals.is_empty() {
        items.push(item(
            Tone::Plain,
            "Approvals: none yet (kubectl pkg approve signs this plan's hash)".into(),
        ));
    }
    items.extend(plan.approvals.iter().map(|approval| {
        item(
            Tone::Good,
            format!(
                "Approved by {} (checked against trusted keys when applied)",
                view::plan::Approver::from(approval)
            ),
        )
    }));
    items.extend(requirement_items(plan));
    Some(section(
        "trust",
        "Signature and approvals",
        vec![Block::Items(items)],
    ))
}

/// The requirements not met, or not checked offline.
fn requirement_items(plan: &Plan) -> Vec<Item> {
    use libpkg::requirements::State;
    plan.requirements
        .entries
        .iter()
        .filter_map(|entry| {
            let (tone, state) = match entry.state {
                State::Met => return None,
                State::Unmet => (Tone::Danger, "UNMET"),
                State::NotChecked if entry.from_objects() => return None,
                State::NotChecked => (Tone::Plain, "not checked (offline)"),
            };
            let fix = entry.fix.as_ref().map_or(String::new(), |fix| {
                format!(
                    "; to satisfy it: {}",
                    crate::view::remedy::command_line(fix)
                )
            });
            Some(item(
                tone,
                format!("Requirement {state}: {} ({}){fix}", entry.need, entry.from),
            ))
        })
        .collect()
}

/// Where objects were validated by schema, not by the API server's dry run
/// (the text view's lines).
fn validation(plan: &Plan) -> Option<Section> {
    let items: Vec<Item> = crate::view::plan::validation_summary(plan)
        .into_iter()
        .map(|(way, line)| {
            let tone = match way {
                Validation::NotValidated => Tone::Warning,
                _ => Tone::Plain,
            };
            item(tone, line)
        })
        .collect();
    (!items.is_empty()).then(|| {
        section(
            "validation",
            "Validation before the first write",
            vec![Block::Items(items)],
        )
    })
}

/// The plan's warnings but unpinned images (the images section has those).
fn warnings(plan: &Plan) -> Option<Section> {
    let items: Vec<Item> = plan
        .warnings
        .iter()
        .filter(|w| w.code != WarningCode::UnpinnedImage)
        .map(|w| {
            let message = crate::view::remedy::in_cli_words(&w.message, &[]);
            item(Tone::Warning, message)
        })
        .collect();
    (!items.is_empty()).then(|| section("warnings", "Warnings", vec![Block::Items(items)]))
}

/// Every object that changes, most important first.
fn changes(plan: &Plan, release: Option<&str>) -> Vec<Change> {
    let mut changes = changes_of(plan, release);
    changes.sort_by_key(|(rank, _)| *rank);
    changes.into_iter().map(|(_, change)| change).collect()
}

/// Every object that changes with its rank: deletions first, then objects
/// that bear permissions (RBAC, and those a risk finding names), then
/// updates, then creations; in plan order within a rank.
fn changes_of(plan: &Plan, release: Option<&str>) -> Vec<((u8, usize), Change)> {
    let risky: BTreeSet<&str> = plan
        .permissions
        .risks
        .iter()
        .map(|r| r.object.as_str())
        .collect();
    plan.objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.action != Action::Unchanged)
        .map(|(index, object)| {
            let bears_permissions = object.api_version.starts_with("rbac.authorization.k8s.io/")
                || risky.iter().any(|r| names_object(r, object));
            let rank = match object.action {
                Action::Delete => 0,
                _ if bears_permissions => 1,
                Action::Update => 2,
                _ => 3,
            };
            let change = Change {
                action: object.action,
                kind: object.kind.clone(),
                namespace: object.namespace.clone(),
                name: object.name.clone(),
                release: release.map(str::to_string),
                diff: diff_of(object),
            };
            ((rank, index), change)
        })
        .collect()
}

/// Whether a risk's object (`Kind.group/namespace/name`) is `object`.
fn names_object(risk_object: &str, object: &PlannedObject) -> bool {
    let tail = match &object.namespace {
        Some(namespace) => format!("/{namespace}/{}", object.name),
        None => format!("/{}", object.name),
    };
    risk_object.ends_with(&tail)
        && risk_object
            .split(['.', '/'])
            .next()
            .is_some_and(|kind| kind == object.kind)
}

/// An object's diff: the plan's for an update; the whole (masked, normalized)
/// manifest added for a create, removed for a delete.
fn diff_of(object: &PlannedObject) -> String {
    let whole = |sign: char, header: &str| {
        let yaml = libpkg::yaml::to_string(&libpkg::diff::normalized(object.manifest.to_value()));
        let mut text = format!("{header}\n");
        for line in yaml.lines() {
            text.push(sign);
            text.push_str(line);
            text.push('\n');
        }
        text
    };
    match (object.action, &object.diff) {
        (Action::Create, _) => whole('+', "--- (absent)\n+++ planned"),
        (Action::Delete, _) => whole('-', "--- live\n+++ (deleted)"),
        (_, Some(diff)) => diff.clone(),
        (_, None) => "(no diff recorded)\n".to_string(),
    }
}

/// The footer: the command that applies exactly this plan, by its hash.
fn footer(plan: &Plan, source: &Source) -> Footer {
    let command = match source {
        Source::Saved(file) => {
            let context = plan
                .cluster
                .context
                .as_deref()
                .map_or(String::new(), |c| format!(" --context {}", shell_word(c)));
            Some(format!(
                "kubectl pkg apply {} -n {}{context} --plan-hash {}",
                shell_word(file),
                shell_word(&plan.release.namespace),
                plan.hash
            ))
        }
        _ => None,
    };
    Footer {
        note: apply_note(source, command.is_some()),
        command,
    }
}

/// What the footer says about applying.
fn apply_note(source: &Source, command: bool) -> String {
    match source {
        Source::Saved(_) if command => "Apply exactly this plan: apply refuses any other hash, \
             and any change in the cluster since it was planned."
            .to_string(),
        Source::Recorded => "This plan is a release's record: it was applied already.".to_string(),
        _ => "This plan was printed, not saved: plan again with --out FILE (or propose it) \
              to get a file that kubectl pkg apply FILE --plan-hash HASH applies exactly."
            .to_string(),
    }
}

/// `word` quoted for a POSIX shell when it holds anything but safe characters.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `Kind namespace/name`, or `Kind name` when cluster-scoped.
fn object_label(object: &PlannedObject) -> String {
    match &object.namespace {
        Some(namespace) => format!("{} {namespace}/{}", object.kind, object.name),
        None => format!("{} {}", object.kind, object.name),
    }
}

/// A bullet of `tone`.
fn item(tone: Tone, text: String) -> Item {
    Item { tone, text }
}

/// A section.
fn section(id: &str, title: &str, blocks: Vec<Block>) -> Section {
    Section {
        id: id.to_string(),
        title: title.to_string(),
        blocks,
    }
}

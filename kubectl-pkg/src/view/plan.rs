//! The text view of a plan: header, objects, permissions, images, warnings, hash.
//! JSON and YAML views are the plan document itself, with Secret values masked.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use anyhow::Result;
use libpkg::plan::Plan;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view::{self, label};

/// Prints a plan in the chosen format; Secret values are always masked.
/// `show_unchanged`: list objects that stay as they are (otherwise counted only).
pub fn print(global: &GlobalArgs, plan: &Plan, show_unchanged: bool) -> Result<()> {
    match global.output {
        // The text view prints no Secret data and masks the values itself:
        // no masked copy of the whole plan (for 10,000 objects, a sixth of
        // an install's peak memory).
        OutputFormat::Text => show(global, plan, show_unchanged),
        _ => show(global, &plan.masked(), show_unchanged),
    }
}

/// [`print()`] of a plan the command is done with, as the last thing it does:
/// masked in place rather than copied first, and never freed (a 50,000-object
/// plan is hundreds of megabytes of values: freeing them took longer than
/// printing them, and the process exits next, which frees them at once).
pub fn print_owned(global: &GlobalArgs, plan: Plan, show_unchanged: bool) -> Result<()> {
    let masked = plan.into_masked();
    let shown = show(global, &masked, show_unchanged);
    std::mem::forget(masked);
    shown
}

/// Prints `plan`: its text view, or (masked by the caller) its document.
fn show(global: &GlobalArgs, plan: &Plan, show_unchanged: bool) -> Result<()> {
    match global.output {
        OutputFormat::Text => {
            let text = render(plan, show_unchanged);
            if view::use_color(global) {
                view::out!("{}", color_diff_lines(&text))?;
            } else {
                view::out!("{text}")?;
            }
            Ok(())
        }
        format => view::print_document(format, plan),
    }
}

/// Renders the text view; unchanged objects are counted, and listed only
/// when `show_unchanged`.
/// The plan's requirements that need a reader's eye, before its objects:
/// every unmet one (planned with `--skip-requirements`), and those the
/// package declares that were not checked (offline). Met ones are in
/// `-o json`; every plan has those of the kinds its objects write.
fn requirements_section(plan: &Plan, out: &mut String) {
    use libpkg::requirements::State;
    let requirements = &plan.requirements;
    let shown: Vec<_> = requirements
        .entries
        .iter()
        .filter(|e| match e.state {
            State::Met => false,
            State::Unmet => true,
            State::NotChecked => !e.from_objects(),
        })
        .collect();
    if shown.is_empty() {
        return;
    }
    let unmet = requirements.unmet().count();
    let summary = match (unmet, requirements.skipped, requirements.checked) {
        (_, _, false) => "not checked: planned offline".to_string(),
        (n, true, true) if n > 0 => format!("{n} unmet, planned anyway: --skip-requirements"),
        (n, _, true) => format!("{n} unmet"),
    };
    let _ = writeln!(out, "\nRequirements ({summary}):");
    for entry in shown {
        let state = match entry.state {
            State::Met => "met",
            State::Unmet => "UNMET",
            State::NotChecked => "not checked",
        };
        let detail = if requirements.checked {
            format!(": {}", entry.detail)
        } else {
            String::new()
        };
        let _ = writeln!(out, "  {state}: {} ({}){detail}", entry.need, entry.from);
        if let Some(fix) = &entry.fix {
            let _ = writeln!(out, "    to satisfy it: {fix}");
        }
    }
}

pub fn render(plan: &Plan, show_unchanged: bool) -> String {
    let mut out = String::new();
    let package = &plan.package;
    let why = why_this_version(plan);
    let _ = writeln!(
        out,
        "Plan: {} {} as release {} in namespace {} (revision {})",
        label(&plan.operation),
        package.name,
        plan.release.name,
        plan.release.namespace,
        plan.release.revision
    );
    let _ = writeln!(
        out,
        "  Package:   {} {} ({why})",
        package.name, package.version
    );
    let _ = writeln!(out, "  Reference: {}", package.reference);
    let _ = writeln!(out, "  Digest:    {}", package.digest);
    let elsewhere: BTreeSet<&str> = plan
        .objects
        .iter()
        .filter_map(|object| object.namespace.as_deref())
        .filter(|namespace| *namespace != plan.release.namespace)
        .collect();
    if !elsewhere.is_empty() {
        let list: Vec<&str> = elsewhere.into_iter().collect();
        let _ = writeln!(out, "  Also in:   namespaces {}", list.join(", "));
    }
    if let Some(bundle) = &package.bundle {
        let watching = match bundle.target_namespaces.as_slice() {
            [all] if all.is_empty() => "all namespaces".to_string(),
            namespaces => namespaces.join(", "),
        };
        let _ = writeln!(
            out,
            "  Bundle:    {} ({}), {} mode, watching {watching}",
            bundle.csv_name, package.format, bundle.install_mode
        );
    }
    if let Some(catalog) = &package.catalog {
        let edge = catalog
            .upgrade_edge
            .as_ref()
            .map(|edge| format!("; upgrade from {} via {}", edge.from, edge.via))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  Catalog:   {} {} (channel {}{edge})",
            catalog.repository, catalog.reference, catalog.channel
        );
    }
    for check in &package.signatures {
        let _ = writeln!(out, "  Signature: {}", describe_signature(check, package));
    }
    match (&plan.cluster.server, &plan.cluster.context) {
        (Some(server), context) => {
            let _ = writeln!(
                out,
                "  Cluster:   {server} (context {}, {})",
                context.as_deref().unwrap_or("-"),
                plan.cluster.version.as_deref().unwrap_or("version unknown")
            );
        }
        _ => {
            let _ = writeln!(out, "  Cluster:   none (offline)");
        }
    }

    if package.format == libpkg::formats::helm::NAME {
        let _ = writeln!(out, "  Format:    {}", package.format);
    }
    if let Some(values) = plan
        .masked_values()
        .filter(|v| v.as_object().is_some_and(|m| !m.is_empty()))
    {
        let _ = writeln!(out, "  Values:");
        for line in libpkg::yaml::to_string(&values).lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    requirements_section(plan, &mut out);

    let unchanged = plan
        .objects
        .iter()
        .filter(|o| o.action == libpkg::plan::Action::Unchanged)
        .count();
    if unchanged == 0 || show_unchanged {
        let _ = writeln!(out, "\nObjects ({}):", plan.objects.len());
    } else {
        let _ = writeln!(
            out,
            "\nObjects ({}, {unchanged} unchanged not listed; --show-unchanged lists them):",
            plan.objects.len()
        );
    }
    let mut table = view::table();
    table.set_header(["ACTION", "KIND", "NAMESPACE", "NAME"]);
    let listed: Vec<_> = plan
        .objects
        .iter()
        .filter(|o| show_unchanged || o.action != libpkg::plan::Action::Unchanged)
        .collect();
    for object in &listed {
        table.add_row([
            label(&object.action),
            object.kind.clone(),
            object.namespace.clone().unwrap_or_else(|| "-".into()),
            match libpkg::kinds::hook_of(&object.manifest) {
                Some(event) => format!("{} ({event} hook)", object.name),
                None => object.name.clone(),
            },
        ]);
    }
    // No header over no rows (a plan that changes nothing).
    if !listed.is_empty() {
        let _ = writeln!(out, "{}", super::text(table));
    }
    if !plan.deferred_hooks.is_empty() {
        let _ = writeln!(
            out,
            "\nHooks kept for uninstall and rollback ({}, not applied now):",
            plan.deferred_hooks.len()
        );
        let mut table = view::table();
        table.set_header(["EVENTS", "KIND", "NAMESPACE", "NAME"]);
        for hook in &plan.deferred_hooks {
            table.add_row([
                hook.events().collect::<Vec<_>>().join(","),
                hook.kind.clone(),
                hook.namespace.clone().unwrap_or_else(|| "-".into()),
                hook.name.clone(),
            ]);
        }
        let _ = writeln!(out, "{}", super::text(table));
    }
    if !plan.imported_history.is_empty() {
        let _ = writeln!(
            out,
            "\nHistory copied from Helm ({} revisions, recorded before revision {}):",
            plan.imported_history.len(),
            plan.release.revision,
        );
        let mut table = view::table();
        table.set_header([
            "REVISION",
            "HELM",
            "HELM STATUS",
            "PACKAGE",
            "RECORD DIGEST",
        ]);
        for copy in &plan.imported_history {
            let helm_revision = copy.reference.rsplit_once('.').map_or("", |(_, v)| v);
            let digest = copy.digest.strip_prefix("sha256:").unwrap_or(&copy.digest);
            table.add_row([
                copy.revision.to_string(),
                helm_revision.to_string(),
                copy.status.clone(),
                format!("{} {}", copy.package, copy.version),
                digest.chars().take(12).collect(),
            ]);
        }
        let _ = writeln!(out, "{}", super::text(table));
    }
    for object in plan.objects.iter().filter(|o| o.diff.is_some()) {
        let _ = writeln!(
            out,
            "\n{} {}:\n{}",
            object.kind,
            object.name,
            object.diff.as_deref().unwrap_or_default()
        );
    }

    render_permission_changes(plan, &mut out);
    render_permissions(plan, &mut out);

    // An unpinned image is said once, with why, in the images list; the
    // plan's warnings repeat it for JSON readers, so the text leaves it out there.
    let image_warnings: Vec<String> = plan.images.iter().filter_map(|i| i.warning()).collect();
    if !plan.images.is_empty() {
        let _ = writeln!(
            out,
            "\nImages ({}, {} not pinned by digest):",
            plan.images.len(),
            image_warnings.len()
        );
        for image in &plan.images {
            match image.warning() {
                None => {
                    let _ = writeln!(out, "  pinned   {}", image.reference);
                }
                Some(why) => {
                    let _ = writeln!(out, "  UNPINNED {why}");
                }
            }
            if let Some(original) = &image.original {
                let _ = writeln!(out, "           (mirrored copy of {original})");
            }
        }
    }
    let warnings: Vec<&String> = plan
        .warnings
        .iter()
        .filter(|w| !image_warnings.contains(w))
        .collect();
    if !warnings.is_empty() {
        let _ = writeln!(out, "\nWarnings:");
        let mut table = view::table();
        for warning in warnings {
            table.add_row(["-", warning.as_str()]);
        }
        // Indented as every other list of the plan, `  - ` then the item
        // (not a cell's padding on both sides of the dash).
        if let Some(dash) = table.column_mut(0) {
            dash.set_padding((2, 0));
        }
        let _ = writeln!(out, "{}", super::text(table));
    }
    if let Some(policy) = &plan.policy {
        let level = policy
            .max_risk
            .map_or("any".to_string(), |level| level.to_string());
        let denied = if policy.deny.is_empty() {
            String::new()
        } else {
            format!("; rules refused: {}", policy.deny.join(", "))
        };
        let accepted = match policy.accepted.len() {
            0 => "none over the line to accept.".to_string(),
            count => format!("{count} accepted over the line:"),
        };
        let _ = writeln!(
            out,
            "\nRisk policy: findings up to {level} pass{denied}; {accepted}"
        );
        for risk in &policy.accepted {
            let _ = writeln!(
                out,
                "  accepted {} {}@{}",
                label(&risk.severity).to_uppercase(),
                risk.rule,
                risk.object
            );
        }
    }
    let _ = writeln!(out, "\nPlan hash: {}", plan.hash);
    if !plan.approvals.is_empty() {
        let _ = writeln!(
            out,
            "Approvals of this hash ({}, checked when applied against trusted keys):",
            plan.approvals.len()
        );
        for approval in &plan.approvals {
            let comment = if approval.comment.is_empty() {
                String::new()
            } else {
                format!(": {}", approval.comment)
            };
            let _ = writeln!(
                out,
                "  {} (key {}){comment}",
                approval.approver, approval.key_id
            );
        }
    }
    out
}

/// The grants as a table: subject, scope, verbs and resources.
fn grant_table(grants: &[libpkg::permissions::Grant]) -> String {
    let mut table = view::table();
    table.set_header(["SUBJECT", "SCOPE", "VERBS", "RESOURCES"]);
    for grant in grants {
        let resources = if grant.resources.is_empty() {
            grant.non_resource_urls.join(",")
        } else {
            grant
                .resources
                .iter()
                .map(|r| {
                    let groups: Vec<&str> = grant
                        .api_groups
                        .iter()
                        .map(|g| if g.is_empty() { "core" } else { g.as_str() })
                        .collect();
                    let named = if grant.resource_names.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", grant.resource_names.join(","))
                    };
                    format!("{r}.{}{named}", groups.join("|"))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        table.add_row([
            grant.subject.clone(),
            grant.scope.clone(),
            grant.verbs.join(","),
            resources,
        ]);
    }
    super::text(table)
}

/// Risks grouped by object, most severe first within each, so long object
/// names are printed once; every line starts with `indent`.
fn write_risks(risks: &[libpkg::permissions::Risk], indent: &str, out: &mut String) {
    let mut by_object: std::collections::BTreeMap<&str, Vec<&libpkg::permissions::Risk>> =
        Default::default();
    for risk in risks {
        by_object
            .entry(risk.object.as_str())
            .or_default()
            .push(risk);
    }
    for (object, risks) in by_object {
        let _ = writeln!(out, "{indent}{object}");
        let mut table = view::table();
        for risk in risks {
            table.add_row([
                format!("{indent} "),
                label(&risk.severity).to_uppercase(),
                risk.rule.clone(),
                risk.message.clone(),
            ]);
        }
        let _ = writeln!(out, "{}", super::text(table));
    }
}

/// Cloud identities and declared permissions, one line each.
fn write_outside_rbac(
    cloud: &[libpkg::permissions::CloudIdentity],
    declared: &[libpkg::permissions::DeclaredPermission],
    indent: &str,
    out: &mut String,
) {
    for identity in cloud {
        let _ = writeln!(
            out,
            "{indent}Cloud identity: {} -> {} {}",
            identity.service_account, identity.provider, identity.identity
        );
    }
    for permission in declared {
        let _ = writeln!(
            out,
            "{indent}Declared ({}): {} [{}]",
            permission.provider,
            permission.description,
            permission.actions.join(", ")
        );
    }
}

/// What an upgrade or rollback newly allows and what it drops, before the
/// full preview: what a reviewer of an upgrade needs first.
fn render_permission_changes(plan: &Plan, out: &mut String) {
    let Some(changes) = &plan.permission_changes else {
        return;
    };
    if changes.is_empty() {
        let _ = writeln!(
            out,
            "\nPermission changes since revision {}: none.",
            changes.compared_with
        );
        return;
    }
    let _ = writeln!(
        out,
        "\nPermission changes since revision {}:",
        changes.compared_with
    );
    for (title, delta) in [
        ("New permissions", &changes.added),
        ("Dropped permissions", &changes.removed),
    ] {
        if delta.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {title}:");
        if !delta.grants.is_empty() {
            for line in grant_table(&delta.grants).lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
        write_risks(&delta.risks, "    ", out);
        for change in &delta.pod_security {
            let level = |level: Option<libpkg::permissions::PodSecurityLevel>| {
                level.map_or("(none)".to_string(), |level| label(&level))
            };
            let why = if change.reasons.is_empty() {
                String::new()
            } else {
                format!(": {}", change.reasons.join("; "))
            };
            let _ = writeln!(
                out,
                "    Pod security: {} {} -> {}{why}",
                change.object,
                level(change.from),
                level(change.to)
            );
        }
        write_outside_rbac(&delta.cloud, &delta.declared, "    ", out);
        for image in &delta.unpinned_images {
            let _ = writeln!(out, "    Image not pinned by digest: {image}");
        }
    }
}

/// Why the plan's package is at its version, as the operation chose it: an
/// install or upgrade resolved it; a rollback re-applies what an earlier
/// revision deployed, an uninstall removes what is deployed (neither resolves
/// anything, whatever constraint the package was once resolved with).
fn why_this_version(plan: &Plan) -> String {
    use libpkg::plan::Operation;
    let package = &plan.package;
    match plan.operation {
        Operation::Rollback => "rollback: the version an earlier revision deployed".to_string(),
        Operation::Uninstall => "the version deployed now, being removed".to_string(),
        Operation::Import => "as the imported revision recorded it".to_string(),
        Operation::Install | Operation::Upgrade => {
            match (&package.constraint, package.candidates.is_empty()) {
                (Some(constraint), _) => format!("highest version matching {constraint:?}"),
                (None, false) => "newest stable version".to_string(),
                (None, true) => "as referenced".to_string(),
            }
        }
    }
}

/// What an uninstall does to RBAC: it grants nothing, and removes the
/// Roles, ClusterRoles and bindings it deletes.
fn render_rbac_removed(plan: &Plan, out: &mut String) {
    let removed: Vec<String> = plan
        .objects
        .iter()
        .filter(|o| o.action == libpkg::plan::Action::Delete)
        .filter(|o| o.api_version.starts_with("rbac.authorization.k8s.io/"))
        .map(|o| match &o.namespace {
            Some(namespace) => format!("{} {namespace}/{}", o.kind, o.name),
            None => format!("{} {}", o.kind, o.name),
        })
        .collect();
    if removed.is_empty() {
        let _ = writeln!(out, "  The uninstall removes no RBAC objects.");
    } else {
        let _ = writeln!(
            out,
            "  The uninstall removes {} RBAC object(s) and the permissions they grant:",
            removed.len()
        );
        for object in removed {
            let _ = writeln!(out, "    {object}");
        }
    }
}

fn render_permissions(plan: &Plan, out: &mut String) {
    let permissions = &plan.permissions;
    let _ = writeln!(out, "\nPermissions:");
    if plan.operation == libpkg::plan::Operation::Uninstall {
        render_rbac_removed(plan, out);
    } else if permissions.grants.is_empty() {
        let _ = writeln!(out, "  The package grants no RBAC permissions.");
    } else {
        let _ = writeln!(out, "{}", grant_table(&permissions.grants));
    }
    let _ = writeln!(
        out,
        "
Risks: {}",
        view::risk_counts(permissions)
    );
    write_risks(&permissions.risks, "  ", out);
    if !permissions.workloads.is_empty() {
        let _ = writeln!(out, "\nPod security:");
        let mut table = view::table();
        table.set_header(["WORKLOAD", "SERVICE ACCOUNT", "TOKEN", "LEVEL", "WHY"]);
        for workload in &permissions.workloads {
            table.add_row([
                workload.object.clone(),
                workload.service_account.clone(),
                if workload.mounts_token {
                    "mounted"
                } else {
                    "no"
                }
                .to_string(),
                label(&workload.pod_security),
                workload.reasons.join("; "),
            ]);
        }
        let _ = writeln!(out, "{}", super::text(table));
    }
    write_outside_rbac(&permissions.cloud, &permissions.declared, "  ", out);
    if permissions.installer.checked {
        if permissions.installer.missing.is_empty() {
            let _ = writeln!(
                out,
                "\nAccess check: you may perform every action in this plan."
            );
        } else {
            let missing = &permissions.installer.missing;
            let _ = writeln!(
                out,
                "\nAccess check: you are missing {} permission(s); nothing will be applied:",
                missing.len()
            );
            let mut table = view::table();
            table.set_header(["VERB", "API GROUP", "RESOURCE", "NAMESPACE"]);
            for permission in missing {
                let group = if permission.group.is_empty() {
                    "(core)"
                } else {
                    permission.group.as_str()
                };
                let namespace = permission.namespace.as_deref().unwrap_or("(cluster-wide)");
                table.add_row([
                    permission.verb.as_str(),
                    group,
                    permission.resource.as_str(),
                    namespace,
                ]);
            }
            let _ = writeln!(out, "{}", super::text(table));
        }
    } else {
        let _ = writeln!(out, "\nAccess check: not performed (offline).");
    }
}

/// Colors unified-diff lines: removals red, additions green, hunk headers cyan.
fn color_diff_lines(text: &str) -> String {
    use anstyle::{AnsiColor, Style};
    let style = |color: AnsiColor| Style::new().fg_color(Some(color.into()));
    text.lines()
        .map(|line| {
            let style = if line.starts_with("+++") || line.starts_with("---") {
                Style::new().bold()
            } else if line.starts_with('+') {
                style(AnsiColor::Green)
            } else if line.starts_with('-') {
                style(AnsiColor::Red)
            } else if line.starts_with("@@") {
                style(AnsiColor::Cyan)
            } else {
                return format!("{line}\n");
            };
            format!("{style}{line}{style:#}\n")
        })
        .collect()
}

/// How many of the most severe risks the summary names.
const NAMED_RISKS: usize = 3;

/// One signature check in a line: what verified it, or that nothing did; the
/// artifact is named when it is not the package itself.
fn describe_signature(
    check: &libpkg::signature::policy::SignatureCheck,
    package: &libpkg::plan::PackageInfo,
) -> String {
    let artifact = if check.reference == package.reference {
        String::new()
    } else {
        format!("{} ", check.reference)
    };
    let mode = match check.overridden {
        Some(rule) => format!(
            "{}, lowered from {} by --verify-mode",
            check.mode.as_str(),
            rule.as_str()
        ),
        None => check.mode.as_str().to_string(),
    };
    match &check.verified {
        Some(verified) => format!(
            "{artifact}verified, {} ({} signature; {}, {mode})",
            verified.signer(),
            verified.form.as_str(),
            check.policy
        ),
        None if check.failure.is_some() => {
            format!(
                "{artifact}NOT verified ({}, {mode}; see warnings)",
                check.policy
            )
        }
        None => format!("{artifact}not checked ({}, {mode})", check.policy),
    }
}

/// The few lines shown right before the question: what the plan does, its
/// worst risks, whether you may do all of it, and which plan this is.
/// Critical and high risks carry a `!` marker, and are red when `color`.
pub fn summary(plan: &Plan, color: bool) -> String {
    use libpkg::permissions::Severity;
    use libpkg::plan::Action;
    let count = |action: Action| plan.objects.iter().filter(|o| o.action == action).count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nSummary: {} {} {} as release {} in namespace {} (revision {})",
        label(&plan.operation),
        plan.package.name,
        plan.package.version,
        plan.release.name,
        plan.release.namespace,
        plan.release.revision
    );
    let _ = writeln!(
        out,
        "  Objects: {} to create, {} to update, {} to delete, {} unchanged",
        count(Action::Create),
        count(Action::Update),
        count(Action::Delete),
        count(Action::Unchanged)
    );
    let mut severe: Vec<&libpkg::permissions::Risk> = plan
        .permissions
        .risks
        .iter()
        .filter(|r| matches!(r.severity, Severity::Critical | Severity::High))
        .collect();
    severe.sort_by_key(|r| r.severity);
    let highlight = |text: String| {
        if color {
            let style = anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Red.into()));
            format!("{style}{text}{style:#}")
        } else {
            text
        }
    };
    let marker = if severe.is_empty() { " " } else { "!" };
    let _ = writeln!(
        out,
        "{marker} Risks:   {}",
        view::risk_counts(&plan.permissions)
    );
    for risk in severe.iter().take(NAMED_RISKS) {
        let _ = writeln!(
            out,
            "{}",
            highlight(format!(
                "!   {} {}: {}",
                label(&risk.severity).to_uppercase(),
                risk.object,
                risk.message
            ))
        );
    }
    if severe.len() > NAMED_RISKS {
        let _ = writeln!(
            out,
            "    and {} more critical or high (listed above)",
            severe.len() - NAMED_RISKS
        );
    }
    if let Some(changes) = &plan.permission_changes {
        let added = &changes.added;
        let counts = [
            (added.grants.len(), "RBAC grant"),
            (added.risks.len(), "risk"),
            (added.pod_security.len(), "pod security change"),
            (added.cloud.len(), "cloud identity"),
            (added.declared.len(), "declared permission"),
            (added.unpinned_images.len(), "unpinned image"),
        ];
        let listed: Vec<String> = counts
            .iter()
            .filter(|(count, _)| *count > 0)
            .map(|(count, what)| match (count, *what) {
                (1, what) => format!("1 {what}"),
                (count, "cloud identity") => format!("{count} cloud identities"),
                (count, what) => format!("{count} {what}s"),
            })
            .collect();
        let (marker, text) = if listed.is_empty() {
            (" ", "none".to_string())
        } else {
            ("!", format!("{} (listed above)", listed.join(", ")))
        };
        let _ = writeln!(
            out,
            "{marker} New since revision {}: {text}",
            changes.compared_with
        );
    }
    for check in &plan.package.signatures {
        let marker = if check.verified.is_some() { " " } else { "!" };
        let _ = writeln!(
            out,
            "{marker} Signed:  {}",
            describe_signature(check, &plan.package)
        );
    }
    let installer = &plan.permissions.installer;
    let access = match (installer.checked, installer.missing.len()) {
        (false, _) => "not checked (offline)".to_string(),
        (true, 0) => "you may perform every action in this plan".to_string(),
        (true, missing) => format!("you are missing {missing} permission(s) (listed above)"),
    };
    let _ = writeln!(out, "  Access:  {access}");
    let _ = writeln!(out, "  Plan:    {}", plan.hash);
    out
}

#[cfg(test)]
mod tests {
    use libpkg::action::{Source, plan_offline};
    use libpkg::package::{Files, Package};
    use libpkg::plan::{Action, Operation};

    use super::*;

    /// The offline install plan of package redis 7.0.12 holding `manifests`.
    fn plan_of(manifests: &str) -> Plan {
        let mut files = Files::new();
        files.insert(
            "package.yaml".into(),
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: redis\nversion: 7.0.12\n"
                .into(),
        );
        files.insert(
            "manifests/all.yaml".into(),
            manifests.as_bytes().to_vec().into(),
        );
        let package = Package::from_files(files, "redis", None).unwrap();
        plan_offline(&package, &Source::local("./redis"), "redis", "default").unwrap()
    }

    const CONFIG_MAP: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: redis}\n";
    const ROLE: &str = "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: reader}\nrules: [{apiGroups: [''], resources: [pods], verbs: [get]}]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: reader}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}\nsubjects: [{kind: ServiceAccount, name: redis, namespace: default}]\n";

    /// Issue 39 (10): warnings are indented as every other list, by two.
    #[test]
    fn warnings_are_a_list_indented_by_two() {
        let mut plan = plan_of(CONFIG_MAP);
        plan.warnings = vec!["first".to_string(), "other".to_string()];
        let shown = render(&plan, false);
        assert!(
            shown.contains("\nWarnings:\n  - first\n  - other\n"),
            "{shown}"
        );
    }

    /// Issue 39 (10): a plan that changes nothing lists no objects, and
    /// prints no table header over no rows.
    #[test]
    fn an_all_unchanged_plan_prints_no_empty_table_header() {
        let mut plan = plan_of(CONFIG_MAP);
        for object in &mut plan.objects {
            object.action = Action::Unchanged;
        }
        let shown = render(&plan, false);
        assert!(shown.contains("1 unchanged not listed"), "{shown}");
        assert!(!shown.contains("ACTION"), "{shown}");
        let listed = render(&plan, true);
        assert!(
            listed.contains("ACTION") && listed.contains("unchanged"),
            "{listed}"
        );
    }

    /// Issue 39 (10): why the version is what it is depends on the
    /// operation: a rollback resolved no constraint.
    #[test]
    fn a_rollback_says_it_resolved_nothing() {
        let mut plan = plan_of(CONFIG_MAP);
        plan.package.constraint = Some("7.0.12".to_string());
        assert!(
            render(&plan, false).contains("redis 7.0.12 (highest version matching \"7.0.12\")")
        );
        plan.operation = Operation::Rollback;
        let shown = render(&plan, false);
        assert!(!shown.contains("highest version matching"), "{shown}");
        assert!(
            shown.contains("redis 7.0.12 (rollback: the version an earlier revision deployed)"),
            "{shown}"
        );
        plan.operation = Operation::Uninstall;
        assert!(!render(&plan, false).contains("highest version matching"));
    }

    /// Issue 39 (10): an uninstall deleting a Role does not say the package
    /// "grants no RBAC permissions": it says what it removes.
    #[test]
    fn an_uninstall_says_which_rbac_objects_it_removes() {
        let mut plan = plan_of(&format!("{CONFIG_MAP}---\n{ROLE}"));
        plan.operation = Operation::Uninstall;
        for object in &mut plan.objects {
            object.action = Action::Delete;
        }
        plan.permissions.grants.clear();
        let shown = render(&plan, false);
        assert!(!shown.contains("grants no RBAC permissions"), "{shown}");
        assert!(
            shown.contains(
                "  The uninstall removes 2 RBAC object(s) and the permissions they grant:\n    Role default/reader\n    RoleBinding default/reader\n"
            ),
            "{shown}"
        );
        plan.objects.retain(|o| o.kind == "ConfigMap");
        assert!(render(&plan, false).contains("The uninstall removes no RBAC objects."));
    }
}

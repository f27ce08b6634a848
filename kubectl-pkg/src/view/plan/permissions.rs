//! The permission sections of the plan view: what the plan grants, the
//! risks found in it, pod security, identities outside RBAC, whether the
//! installer may do it all, and what an upgrade changes of those.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use libpkg::permissions::{
    CloudIdentity, DeclaredPermission, Grant, PermissionDelta, PodSecurityLevel, Risk,
};
use libpkg::plan::{Action, Operation, Plan};

use super::Options;
use crate::view::{self, Indented, Layout, label};

/// What an upgrade or rollback newly allows and what it drops, before the
/// full preview: what a reviewer of an upgrade needs first.
pub fn permission_changes(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    let Some(changes) = &plan.permission_changes else {
        return Ok(());
    };
    if changes.is_empty() {
        return writeln!(
            out,
            "\nPermission changes since revision {}: none.",
            changes.compared_with
        );
    }
    writeln!(
        out,
        "\nPermission changes since revision {}:",
        changes.compared_with
    )?;
    for (title, delta) in [
        ("New permissions", &changes.added),
        ("Dropped permissions", &changes.removed),
    ] {
        if !delta.is_empty() {
            writeln!(out, "  {title}:")?;
            write_delta(out, delta, options.layout)?;
        }
    }
    Ok(())
}

/// One side of the permission changes, four columns in.
fn write_delta(out: &mut dyn fmt::Write, delta: &PermissionDelta, layout: Layout) -> fmt::Result {
    if !delta.grants.is_empty() {
        // The table's own first column starts one space in: two more make three.
        let mut indented = Indented::new(out, 2);
        writeln!(
            indented,
            "{}",
            grant_table(&delta.grants, layout.narrower(2))
        )?;
    }
    write_risks(out, &delta.risks, "    ", layout)?;
    for change in &delta.pod_security {
        let level = |level: Option<PodSecurityLevel>| {
            level.map_or("(none)".to_string(), |level| label(&level))
        };
        let why = if change.reasons.is_empty() {
            String::new()
        } else {
            format!(": {}", change.reasons.join("; "))
        };
        writeln!(
            out,
            "    Pod security: {} {} -> {}{why}",
            change.object,
            level(change.from),
            level(change.to)
        )?;
    }
    write_outside_rbac(out, &delta.cloud, &delta.declared, "    ")?;
    for image in &delta.unpinned_images {
        writeln!(out, "    Image not pinned by digest: {image}")?;
    }
    Ok(())
}

/// The permission preview: the RBAC the plan grants (or, uninstalling,
/// removes), its risks, pod security, identities outside RBAC, and whether
/// the installer may perform the plan.
pub fn permissions(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    let permissions = &plan.permissions;
    writeln!(out, "\nPermissions:")?;
    if plan.operation == Operation::Uninstall {
        rbac_removed(out, plan)?;
    } else if permissions.grants.is_empty() {
        writeln!(out, "  The package grants no RBAC permissions.")?;
    } else {
        writeln!(out, "{}", grant_table(&permissions.grants, options.layout))?;
    }
    writeln!(out, "\nRisks: {}", view::risk_counts(permissions))?;
    write_risks(out, &permissions.risks, "  ", options.layout)?;
    pod_security(out, plan, options.layout)?;
    write_outside_rbac(out, &permissions.cloud, &permissions.declared, "  ")?;
    access_check(out, plan, options.layout)
}

/// What an uninstall does to RBAC: it grants nothing, and removes the
/// Roles, ClusterRoles and bindings it deletes.
fn rbac_removed(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let removed: Vec<String> = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Delete)
        .filter(|o| o.api_version.starts_with("rbac.authorization.k8s.io/"))
        .map(|o| match &o.namespace {
            Some(namespace) => format!("{} {namespace}/{}", o.kind, o.name),
            None => format!("{} {}", o.kind, o.name),
        })
        .collect();
    if removed.is_empty() {
        return writeln!(out, "  The uninstall removes no RBAC objects.");
    }
    writeln!(
        out,
        "  The uninstall removes {} RBAC object(s) and the permissions they grant:",
        removed.len()
    )?;
    for object in removed {
        writeln!(out, "    {object}")?;
    }
    Ok(())
}

/// The grants as a table: subject, scope, verbs and resources.
fn grant_table(grants: &[Grant], layout: Layout) -> String {
    let mut table = layout.table();
    table.set_header(["SUBJECT", "SCOPE", "VERBS", "RESOURCES"]);
    for grant in grants {
        table.add_row([
            grant.subject.clone(),
            grant.scope.clone(),
            grant.verbs.join(","),
            resources(grant),
        ]);
    }
    view::text(table)
}

/// What a grant applies to: `resource.group (names)`, or its URLs.
pub(crate) fn resources(grant: &Grant) -> String {
    if grant.resources.is_empty() {
        return grant.non_resource_urls.join(",");
    }
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
    grant
        .resources
        .iter()
        .map(|r| format!("{r}.{}{named}", groups.join("|")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Risks grouped by object, most severe first within each, so long object
/// names are printed once; every line starts with `indent`.
fn write_risks(
    out: &mut dyn fmt::Write,
    risks: &[Risk],
    indent: &str,
    layout: Layout,
) -> fmt::Result {
    let mut by_object: BTreeMap<&str, Vec<&Risk>> = BTreeMap::new();
    for risk in risks {
        by_object
            .entry(risk.object.as_str())
            .or_default()
            .push(risk);
    }
    for (object, risks) in by_object {
        writeln!(out, "{indent}{object}")?;
        let mut table = layout.table();
        for risk in risks {
            table.add_row([
                format!("{indent} "),
                label(&risk.severity).to_uppercase(),
                risk.rule.clone(),
                risk.message.clone(),
            ]);
        }
        writeln!(out, "{}", view::text(table))?;
    }
    Ok(())
}

/// Every workload's service account, token and Pod Security level, and why.
fn pod_security(out: &mut dyn fmt::Write, plan: &Plan, layout: Layout) -> fmt::Result {
    let workloads = &plan.permissions.workloads;
    if workloads.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nPod security:")?;
    let mut table = layout.table();
    table.set_header(["WORKLOAD", "SERVICE ACCOUNT", "TOKEN", "LEVEL", "WHY"]);
    for workload in workloads {
        let token = if workload.mounts_token {
            "mounted"
        } else {
            "no"
        };
        table.add_row([
            workload.object.clone(),
            workload.service_account.clone(),
            token.to_string(),
            label(&workload.pod_security),
            workload.reasons.join("; "),
        ]);
    }
    writeln!(out, "{}", view::text(table))
}

/// Cloud identities and declared permissions, one line each.
fn write_outside_rbac(
    out: &mut dyn fmt::Write,
    cloud: &[CloudIdentity],
    declared: &[DeclaredPermission],
    indent: &str,
) -> fmt::Result {
    for identity in cloud {
        writeln!(
            out,
            "{indent}Cloud identity: {} -> {} {}",
            identity.service_account, identity.provider, identity.identity
        )?;
    }
    for permission in declared {
        writeln!(
            out,
            "{indent}Declared ({}): {} [{}]",
            permission.provider,
            permission.description,
            permission.actions.join(", ")
        )?;
    }
    Ok(())
}

/// Whether the installer may perform every action of the plan, and if not
/// what they lack; not checked offline.
fn access_check(out: &mut dyn fmt::Write, plan: &Plan, layout: Layout) -> fmt::Result {
    let installer = &plan.permissions.installer;
    if !installer.checked {
        return writeln!(out, "\nAccess check: not performed (offline).");
    }
    if installer.missing.is_empty() {
        return writeln!(
            out,
            "\nAccess check: you may perform every action in this plan."
        );
    }
    let missing = &installer.missing;
    writeln!(
        out,
        "\nAccess check: you are missing {} permission(s); nothing will be applied:",
        missing.len()
    )?;
    let mut table = layout.table();
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
    writeln!(out, "{}", view::text(table))
}

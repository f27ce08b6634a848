//! The text view of a plan: header, objects, permissions, images, warnings, hash.
//! JSON and YAML views are the plan document itself, with Secret values masked.
//!
//! The text is a sequence of sections ([`SECTIONS`]), each a function that
//! writes one part of the plan to any `fmt::Write` for a given [`Layout`],
//! so other views (`status`, a stack's plans) show a part of a plan exactly
//! as the plan view does.

mod permissions;
mod summary;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use anyhow::Result;
use libpkg::plan::{Action, Plan, Validation, Warning, WarningCode};

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view::{self, Layout, label};

pub(crate) use permissions::resources as grant_resources;
pub use permissions::{permission_changes, permissions};
pub use summary::summary;

/// Prints a plan in the chosen format; Secret values are always masked.
/// `show_unchanged`: list objects that stay as they are (otherwise counted
/// only); `source`: where the plan can be applied from (a review document's
/// footer names it).
pub fn print(
    global: &GlobalArgs,
    plan: &Plan,
    show_unchanged: bool,
    source: &view::review::Source,
) -> Result<()> {
    match global.output {
        // The text view prints no Secret data and masks the values itself:
        // no masked copy of the whole plan (for 10,000 objects, a sixth of
        // an install's peak memory).
        OutputFormat::Text => show(global, plan, show_unchanged, source),
        _ => show(global, &plan.masked(), show_unchanged, source),
    }
}

/// [`print()`] of a plan the command is done with, as the last thing it does:
/// masked in place rather than copied first, and never freed (a 50,000-object
/// plan is hundreds of megabytes of values: freeing them took longer than
/// printing them, and the process exits next, which frees them at once).
pub fn print_owned(
    global: &GlobalArgs,
    plan: Plan,
    show_unchanged: bool,
    source: &view::review::Source,
) -> Result<()> {
    let masked = plan.into_masked();
    let shown = show(global, &masked, show_unchanged, source);
    std::mem::forget(masked);
    shown
}

/// Prints `plan`: its text view, or (masked by the caller) its document or
/// review document.
fn show(
    global: &GlobalArgs,
    plan: &Plan,
    show_unchanged: bool,
    source: &view::review::Source,
) -> Result<()> {
    match global.output {
        OutputFormat::Text => {
            let options = Options {
                layout: Layout::stdout(),
                show_unchanged,
            };
            let text = render(plan, &options);
            if view::use_color(global) {
                view::out!("{}", color_diff_lines(&text))
            } else {
                view::out!("{text}")
            }
        }
        OutputFormat::Markdown | OutputFormat::Html => view::review::print(global, plan, source),
        format => view::print_document(format, plan),
    }
}

/// How the text view of a plan is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The width tables are fitted to.
    pub layout: Layout,
    /// List the objects that stay as they are (otherwise only counted).
    pub show_unchanged: bool,
}

/// One part of the text view: writes its lines (none when the plan has
/// nothing of that kind), each part but the header after a blank line.
pub type Section = fn(&mut dyn fmt::Write, &Plan, &Options) -> fmt::Result;

/// The sections of the text view, in order.
pub const SECTIONS: &[Section] = &[
    header,
    requirements,
    objects,
    validation,
    hooks,
    history,
    diffs,
    permission_changes,
    permissions,
    images,
    warnings,
    policy,
    hash,
    approvals,
];

/// Writes the whole text view of `plan`, section after section.
pub fn write(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    SECTIONS
        .iter()
        .try_for_each(|section| section(out, plan, options))
}

/// The whole text view of `plan` as a string.
pub fn render(plan: &Plan, options: &Options) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail: every `fmt::Error` comes from the writer.
    write(&mut out, plan, options).expect("a String takes every write");
    out
}

/// What is planned, for which package, from where, on which cluster, with
/// which values.
pub fn header(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
    let package = &plan.package;
    writeln!(
        out,
        "Plan: {} {} as release {} in namespace {} (revision {})",
        plan.operation,
        package.name,
        plan.release.name,
        plan.release.namespace,
        plan.release.revision
    )?;
    let why = why_this_version(plan);
    writeln!(
        out,
        "  Package:   {} {} ({why})",
        package.name, package.version
    )?;
    writeln!(out, "  Reference: {}", package.reference)?;
    writeln!(out, "  Digest:    {}", package.digest)?;
    other_namespaces(out, plan)?;
    origin(out, plan)?;
    cluster(out, plan)?;
    values(out, plan)
}

/// The namespaces other than the release's that the plan touches.
fn other_namespaces(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let elsewhere: BTreeSet<&str> = plan
        .objects
        .iter()
        .filter_map(|object| object.namespace.as_deref())
        .filter(|namespace| *namespace != plan.release.namespace)
        .collect();
    if elsewhere.is_empty() {
        return Ok(());
    }
    let list: Vec<&str> = elsewhere.into_iter().collect();
    writeln!(out, "  Also in:   namespaces {}", list.join(", "))
}

/// The OLM bundle and catalog the package came from, and its signatures.
fn origin(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let package = &plan.package;
    if let Some(bundle) = &package.bundle {
        let watching = match bundle.target_namespaces.as_slice() {
            [all] if all.is_empty() => "all namespaces".to_string(),
            namespaces => namespaces.join(", "),
        };
        writeln!(
            out,
            "  Bundle:    {} ({}), {} mode, watching {watching}",
            bundle.csv_name, package.format, bundle.install_mode
        )?;
    }
    if let Some(catalog) = &package.catalog {
        let edge = catalog
            .upgrade_edge
            .as_ref()
            .map(|edge| {
                let via = view::remedy::in_cli_words(&edge.via, &[]);
                format!("; upgrade from {} via {via}", edge.from)
            })
            .unwrap_or_default();
        writeln!(
            out,
            "  Catalog:   {} {} (channel {}{edge})",
            catalog.repository, catalog.reference, catalog.channel
        )?;
    }
    for check in &package.signatures {
        writeln!(out, "  Signature: {}", describe_signature(check, package))?;
    }
    Ok(())
}

/// The cluster planned against, and the package format when it is Helm's.
fn cluster(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    match (&plan.cluster.server, &plan.cluster.context) {
        (Some(server), context) => writeln!(
            out,
            "  Cluster:   {server} (context {}, {})",
            context.as_deref().unwrap_or("-"),
            plan.cluster.version.as_deref().unwrap_or("version unknown")
        )?,
        _ => writeln!(out, "  Cluster:   none (offline)")?,
    }
    if plan.package.format == libpkg::formats::helm::NAME {
        writeln!(out, "  Format:    {}", plan.package.format)?;
    }
    Ok(())
}

/// The values given, Secret ones masked, as YAML.
fn values(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let Some(values) = plan
        .masked_values()
        .filter(|v| v.as_object().is_some_and(|m| !m.is_empty()))
    else {
        return Ok(());
    };
    writeln!(out, "  Values:")?;
    for line in libpkg::yaml::to_string(&values).lines() {
        writeln!(out, "    {line}")?;
    }
    Ok(())
}

/// The requirements a reviewer must see before the objects: unmet ones,
/// and (offline) declared ones that could not be checked; met ones are in
/// the document only.
pub fn requirements(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
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
        return Ok(());
    }
    let unmet = requirements.unmet().count();
    let summary = match (unmet, requirements.skipped, requirements.checked) {
        (_, _, false) => "not checked: planned offline".to_string(),
        (n, true, true) if n > 0 => format!("{n} unmet, planned anyway: --skip-requirements"),
        (n, _, true) => format!("{n} unmet"),
    };
    writeln!(out, "\nRequirements ({summary}):")?;
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
        writeln!(out, "  {state}: {} ({}){detail}", entry.need, entry.from)?;
        if let Some(fix) = &entry.fix {
            let fix = crate::view::remedy::command_line(fix);
            writeln!(out, "    to satisfy it: {fix}")?;
        }
    }
    Ok(())
}

/// The objects and what happens to each; unchanged ones only counted unless
/// `show_unchanged`.
pub fn objects(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    let unchanged = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Unchanged)
        .count();
    if unchanged == 0 || options.show_unchanged {
        writeln!(out, "\nObjects ({}):", plan.objects.len())?;
    } else {
        writeln!(
            out,
            "\nObjects ({}, {unchanged} unchanged not listed; --show-unchanged lists them):",
            plan.objects.len()
        )?;
    }
    let listed: Vec<_> = plan
        .objects
        .iter()
        .filter(|o| options.show_unchanged || o.action != Action::Unchanged)
        .collect();
    // No header over no rows (a plan that changes nothing).
    if listed.is_empty() {
        return Ok(());
    }
    let header = ["ACTION", "KIND", "NAMESPACE", "NAME"];
    let rows: Vec<[String; 4]> = listed
        .into_iter()
        .map(|object| {
            [
                object.action.to_string(),
                object.kind.clone(),
                object.namespace.clone().unwrap_or_else(|| "-".into()),
                match libpkg::kinds::hook_of(&object.manifest) {
                    Some(event) => format!("{} ({event} hook)", object.name),
                    None => object.name.clone(),
                },
            ]
        })
        .collect();
    if options.layout.width.is_none()
        && let Some(text) = view::plain_table(header, &rows)
    {
        return writeln!(out, "{text}");
    }
    let mut table = options.layout.table();
    table.set_header(header);
    for row in rows {
        table.add_row(row);
    }
    writeln!(out, "{}", view::text(table))
}

/// How the objects were validated, said where it was not by the API
/// server's dry run: one line per way, with how many objects of which kinds.
/// Nothing when every object was dry-run (or the plan was made offline).
pub(crate) fn validation_summary(plan: &Plan) -> Vec<(Validation, String)> {
    let mut by_way: BTreeMap<&str, (Validation, usize, BTreeSet<&str>)> = BTreeMap::new();
    for object in &plan.objects {
        let Some(way) = object.validation else {
            continue;
        };
        let entry = by_way
            .entry(way.as_str())
            .or_insert((way, 0, BTreeSet::new()));
        entry.1 += 1;
        entry.2.insert(object.kind.as_str());
    }
    if by_way.keys().all(|way| *way == Validation::DryRun.as_str()) {
        return Vec::new();
    }
    let order = [
        Validation::DryRun,
        Validation::OpenApi,
        Validation::CrdSchema,
        Validation::NotValidated,
    ];
    order
        .into_iter()
        .filter_map(|way| {
            let (_, count, kinds) = by_way.get(way.as_str())?;
            let kinds = kinds.iter().copied().collect::<Vec<_>>().join(", ");
            let how = match way {
                Validation::DryRun => "by the API server's dry run",
                Validation::OpenApi => {
                    "by schema, not by the API server: the cluster's OpenAPI schema"
                }
                Validation::CrdSchema => {
                    "by schema, not by the API server: their CustomResourceDefinition's schema"
                }
                Validation::NotValidated => {
                    "not validated before they are written (--validate=false, or no schema of their kind)"
                }
            };
            Some((way, format!("{count} {how} ({kinds})")))
        })
        .collect()
}

/// Where validation was by schema, not by the API server: see
/// [`validation_summary`].
pub fn validation(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    let lines = validation_summary(plan);
    if lines.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nValidation before the first write:")?;
    // Fitted to the terminal, wrapped between words, as the warnings are.
    const INDENT: usize = 4;
    for (_, line) in lines {
        let wrapped = match options.layout.width {
            Some(width) => view::wrap(&line, usize::from(width).saturating_sub(INDENT)),
            None => vec![line],
        };
        for (index, part) in wrapped.iter().enumerate() {
            let lead = if index == 0 { "  " } else { "    " };
            writeln!(out, "{lead}{part}")?;
        }
    }
    Ok(())
}

/// The hooks kept for a later uninstall or rollback.
pub fn hooks(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    if plan.deferred_hooks.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nHooks kept for uninstall, rollback and test ({}, not applied now):",
        plan.deferred_hooks.len()
    )?;
    let mut table = options.layout.table();
    table.set_header(["EVENTS", "KIND", "NAMESPACE", "NAME"]);
    for hook in &plan.deferred_hooks {
        table.add_row([
            hook.events().collect::<Vec<_>>().join(","),
            hook.kind.clone(),
            hook.namespace.clone().unwrap_or_else(|| "-".into()),
            hook.name.clone(),
        ]);
    }
    writeln!(out, "{}", view::text(table))
}

/// The revisions copied from Helm's records as the plan is applied.
pub fn history(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    if plan.imported_history.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nHistory copied from Helm ({} revisions, recorded before revision {}):",
        plan.imported_history.len(),
        plan.release.revision,
    )?;
    let mut table = options.layout.table();
    table.set_header([
        "REVISION",
        "HELM",
        "HELM STATUS",
        "PACKAGE",
        "RECORD DIGEST",
    ]);
    for copy in &plan.imported_history {
        let digest = copy.digest.strip_prefix("sha256:").unwrap_or(&copy.digest);
        table.add_row([
            copy.revision.to_string(),
            format!("v{}", copy.reference.revision),
            copy.status.clone(),
            format!("{} {}", copy.package, copy.version),
            digest.chars().take(12).collect(),
        ]);
    }
    writeln!(out, "{}", view::text(table))
}

/// The diff of each object that changes, from live to planned.
pub fn diffs(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
    for object in &plan.objects {
        if let Some(diff) = &object.diff {
            writeln!(out, "\n{} {}:\n{diff}", object.kind, object.name)?;
        }
    }
    Ok(())
}

/// The container images, pinned by digest or not (and why not).
pub fn images(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
    if plan.images.is_empty() {
        return Ok(());
    }
    let unpinned = plan.images.iter().filter(|i| i.warning().is_some()).count();
    writeln!(
        out,
        "\nImages ({}, {unpinned} not pinned by digest):",
        plan.images.len(),
    )?;
    for image in &plan.images {
        match image.warning() {
            None => writeln!(out, "  pinned   {}", image.reference)?,
            Some(why) => writeln!(out, "  UNPINNED {why}")?,
        }
        if let Some(original) = &image.original {
            writeln!(out, "           (mirrored copy of {original})")?;
        }
    }
    Ok(())
}

/// The plan's warnings, but for unpinned images: the images section says
/// those once, with why (the plan repeats them for JSON readers).
pub fn warnings(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    let warnings: Vec<&Warning> = plan
        .warnings
        .iter()
        .filter(|w| w.code != WarningCode::UnpinnedImage)
        .collect();
    if warnings.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nWarnings:")?;
    // Indented as every other list of the plan, `  - ` then the item, its
    // lines below four in; fitted to the terminal, wrapped between words.
    const INDENT: usize = 4;
    for warning in warnings {
        let message = view::remedy::in_cli_words(&warning.message, &[]);
        let lines = match options.layout.width {
            Some(width) => view::wrap(&message, usize::from(width).saturating_sub(INDENT)),
            None => message.lines().map(str::to_string).collect(),
        };
        for (index, line) in lines.iter().enumerate() {
            let lead = if index == 0 { "  - " } else { "    " };
            writeln!(out, "{lead}{line}")?;
        }
    }
    Ok(())
}

/// The risk policy the plan was checked against, and the findings over its
/// line that were accepted.
pub fn policy(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
    let Some(policy) = &plan.policy else {
        return Ok(());
    };
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
    writeln!(
        out,
        "\nRisk policy: findings up to {level} pass{denied}; {accepted}"
    )?;
    for risk in &policy.accepted {
        writeln!(
            out,
            "  accepted {} {}@{}",
            label(&risk.severity).to_uppercase(),
            risk.rule,
            risk.object
        )?;
    }
    Ok(())
}

/// The plan's hash: what an approval signs and `apply` checks. Always whole
/// (it is compared with the saved plan's): on a terminal too narrow for the
/// line, on a line of its own under the label.
pub fn hash(out: &mut dyn fmt::Write, plan: &Plan, options: &Options) -> fmt::Result {
    writeln!(out)?;
    view::whole_hash_line(out, "Plan hash:", &plan.hash, options.layout)
}

/// The approvals the plan carries, right below the hash they sign.
pub fn approvals(out: &mut dyn fmt::Write, plan: &Plan, _: &Options) -> fmt::Result {
    if plan.approvals.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "Approvals of this hash ({}, checked when applied against trusted keys):",
        plan.approvals.len()
    )?;
    for approval in &plan.approvals {
        writeln!(out, "  {}", Approver::from(approval))?;
    }
    Ok(())
}

/// Who approved, with which key and what they said: `alice (key sha256:…):
/// comment`, as the plan view and `status` name an approval.
#[derive(Debug, Clone, Copy)]
pub struct Approver<'a> {
    approver: &'a str,
    key_id: &'a str,
    comment: &'a str,
}

impl<'a> From<&'a libpkg::review::approval::Approval> for Approver<'a> {
    fn from(approval: &'a libpkg::review::approval::Approval) -> Approver<'a> {
        Approver {
            approver: &approval.approver,
            key_id: &approval.key_id,
            comment: &approval.comment,
        }
    }
}

impl<'a> From<&'a libpkg::review::approval::VerifiedApproval> for Approver<'a> {
    fn from(approval: &'a libpkg::review::approval::VerifiedApproval) -> Approver<'a> {
        Approver {
            approver: &approval.approver,
            key_id: &approval.key_id,
            comment: &approval.comment,
        }
    }
}

impl fmt::Display for Approver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (key {})", self.approver, self.key_id)?;
        if !self.comment.is_empty() {
            write!(f, ": {}", self.comment)?;
        }
        Ok(())
    }
}

/// Why the plan's package is at its version, as the operation chose it: an
/// install or upgrade resolved it; a rollback re-applies what an earlier
/// revision deployed, an uninstall removes what is deployed (neither resolves
/// anything, whatever constraint the package was once resolved with).
pub(crate) fn why_this_version(plan: &Plan) -> String {
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

/// One signature check in a line: what verified it, or that nothing did; the
/// artifact is named when it is not the package itself.
pub(crate) fn describe_signature(
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

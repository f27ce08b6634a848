//! The views of `status`: the newest revision of a release in a few lines,
//! or as a document (`-o json|yaml`).

use std::collections::BTreeSet;
use std::fmt;

use anyhow::Result;
use libpkg::action::{LiveReadiness, Progress};
use libpkg::plan::Action;
use libpkg::release::{Record, Summary};
use serde::Serialize;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view::{self, plan::Approver};

/// What `status` found of a release's newest revision.
pub struct ReleaseStatus<'a> {
    /// The revision as `list` and `history` show it.
    pub summary: &'a Summary,
    /// Its record: the plan applied and how it went.
    pub record: &'a Record,
    /// What to do next; empty when nothing is needed.
    pub next: String,
    /// How far an interrupted revision got.
    pub progress: Option<Progress>,
    /// Whether what the revision runs is ready now.
    pub readiness: Vec<LiveReadiness>,
}

/// The document of `status -o json|yaml`: its keys are what scripts read.
#[derive(Serialize)]
struct StatusDocument<'a> {
    summary: &'a Summary,
    next: &'a str,
    progress: Option<&'a Progress>,
    readiness: &'a [LiveReadiness],
    objects: Vec<ObjectEntry<'a>>,
}

/// One object of the revision and what its plan did to it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ObjectEntry<'a> {
    api_version: &'a str,
    kind: &'a str,
    namespace: Option<&'a str>,
    name: &'a str,
    action: Action,
    /// Of a revision whose apply did not finish (interrupted or failed),
    /// whether its change was made; absent when the apply finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<bool>,
}

/// Prints `status` in the chosen format; in text, with `resources`, the
/// revision's objects below (documents always hold them).
pub fn print(global: &GlobalArgs, status: &ReleaseStatus<'_>, resources: bool) -> Result<()> {
    match global.output {
        OutputFormat::Text => {
            let mut out = String::new();
            // Writing to a String cannot fail: every `fmt::Error` comes from the writer.
            write(&mut out, status, view::Layout::stdout(), global.wide)
                .expect("a String takes every write");
            if resources {
                out.push_str("\nResources:\n");
                out.push_str(&resources_table(
                    status,
                    view::Layout::stdout(),
                    global.wide,
                ));
                out.push('\n');
            }
            view::out!("{out}")
        }
        format => view::print_document(format, &document(status)),
    }
}

/// The document of `status`.
fn document<'a>(status: &'a ReleaseStatus<'_>) -> StatusDocument<'a> {
    let not_done = not_done(status);
    let objects = status.record.plan.objects.iter().map(|o| ObjectEntry {
        api_version: &o.api_version,
        kind: &o.kind,
        namespace: o.namespace.as_deref(),
        name: &o.name,
        action: o.action,
        done: status
            .progress
            .as_ref()
            .filter(|_| o.action != Action::Unchanged)
            .map(|_| !not_done.contains(o.key().to_string().as_str())),
    });
    StatusDocument {
        summary: status.summary,
        next: &status.next,
        progress: status.progress.as_ref(),
        readiness: &status.readiness,
        objects: objects.collect(),
    }
}

/// The objects the revision keeps (not those it deleted), a line each, as
/// `list` shows releases: narrowed on a terminal, whole with `-o wide`. Of
/// a revision whose apply did not finish, a change it did not make says so
/// (never `created` for an object that was not written).
fn resources_table(status: &ReleaseStatus<'_>, layout: view::Layout, wide: bool) -> String {
    let not_done = not_done(status);
    let columns = [
        view::Column::kept("KIND"),
        view::Column::dropped("NAMESPACE", 2),
        view::Column::kept("NAME"),
        view::Column::dropped("ACTION", 1),
    ];
    let rows: Vec<Vec<String>> = status
        .record
        .plan
        .objects
        .iter()
        .filter(|o| o.action != Action::Delete)
        .map(|o| {
            let made =
                o.action == Action::Unchanged || !not_done.contains(o.key().to_string().as_str());
            vec![
                o.kind.clone(),
                o.namespace.clone().unwrap_or_else(|| "-".to_string()),
                o.name.clone(),
                if made {
                    crate::flow::done(o.action).to_string()
                } else {
                    format!("not {}", crate::flow::done(o.action))
                },
            ]
        })
        .collect();
    view::records_table(layout, wide, &columns, &rows)
}

/// The text view of `status`, section after section, fitted to `layout`
/// unless `wide`.
fn write(
    out: &mut dyn fmt::Write,
    status: &ReleaseStatus<'_>,
    layout: view::Layout,
    wide: bool,
) -> fmt::Result {
    revision(out, status, layout, wide)?;
    review(out, status.record)?;
    objects(out, status)?;
    readiness(out, &status.readiness)?;
    if let Some(message) = &status.record.message {
        let message = crate::view::remedy::in_cli_words(message, &[]);
        writeln!(out, "Message:   {message}")?;
    }
    if !status.next.is_empty() {
        writeln!(out, "Next:      {}", status.next)?;
    }
    Ok(())
}

/// Which release, revision, package and plan (its hash shortened on a
/// terminal too narrow for it).
fn revision(
    out: &mut dyn fmt::Write,
    status: &ReleaseStatus<'_>,
    layout: view::Layout,
    wide: bool,
) -> fmt::Result {
    let plan = &status.record.plan;
    writeln!(
        out,
        "Release:   {} (namespace {})",
        plan.release.name, plan.release.namespace
    )?;
    writeln!(
        out,
        "Revision:  {} ({}, {})",
        plan.release.revision,
        status.record.status.as_str(),
        plan.operation
    )?;
    if let Some(created) = &status.summary.created {
        writeln!(out, "Updated:   {created}")?;
    }
    writeln!(
        out,
        "Package:   {} {}",
        plan.package.name, plan.package.version
    )?;
    writeln!(out, "Reference: {}", plan.package.reference)?;
    writeln!(
        out,
        "{}",
        view::hash_line("Plan hash: ", &plan.hash, layout, wide)
    )
}

/// Who approved the plan applied (as the plan view names them), and the
/// risks over the policy's line that were accepted.
fn review(out: &mut dyn fmt::Write, record: &Record) -> fmt::Result {
    for approval in &record.review.approvals {
        writeln!(out, "Approved:  by {}", Approver::from(approval))?;
    }
    let accepted = record
        .plan
        .policy
        .iter()
        .flat_map(|policy| &policy.accepted)
        .chain(&record.review.accepted_risks);
    for risk in accepted {
        writeln!(
            out,
            "Accepted:  {}@{} ({})",
            risk.rule, risk.object, risk.severity
        )?;
    }
    Ok(())
}

/// The keys of the changes a revision that did not finish left unmade.
fn not_done<'a>(status: &'a ReleaseStatus<'_>) -> BTreeSet<&'a str> {
    status
        .progress
        .iter()
        .flat_map(|p| &p.remaining)
        .map(String::as_str)
        .collect()
}

/// How many unmade changes are named one by one.
const NOT_DONE_SHOWN: usize = 10;

/// The objects counted by what the revision did to them: of a revision
/// whose apply did not finish, only the changes made (as the cluster shows
/// them), then those not made.
fn objects(out: &mut dyn fmt::Write, status: &ReleaseStatus<'_>) -> fmt::Result {
    let objects = &status.record.plan.objects;
    let not_done = not_done(status);
    let count = |action: Action| {
        objects
            .iter()
            .filter(|o| o.action == action)
            .filter(|o| {
                action == Action::Unchanged || !not_done.contains(o.key().to_string().as_str())
            })
            .count()
    };
    write!(
        out,
        "Objects:   {} created, {} updated, {} unchanged, {} deleted",
        count(Action::Create),
        count(Action::Update),
        count(Action::Unchanged),
        count(Action::Delete)
    )?;
    let Some(progress) = status.progress.as_ref().filter(|p| !p.remaining.is_empty()) else {
        return writeln!(out);
    };
    writeln!(
        out,
        " ({} of the plan's {} changes not made)",
        progress.remaining.len(),
        progress.writes + progress.deletes
    )?;
    for key in progress.remaining.iter().take(NOT_DONE_SHOWN) {
        writeln!(out, "  not made   {key}")?;
    }
    if progress.remaining.len() > NOT_DONE_SHOWN {
        writeln!(
            out,
            "  and {} more (status -o json lists every object)",
            progress.remaining.len() - NOT_DONE_SHOWN
        )?;
    }
    Ok(())
}

/// Whether what the revision runs is ready now, and if not why.
fn readiness(out: &mut dyn fmt::Write, workloads: &[LiveReadiness]) -> fmt::Result {
    if workloads.is_empty() {
        return Ok(());
    }
    let ready = workloads.iter().filter(|w| w.ready).count();
    writeln!(
        out,
        "Ready:     {ready} of {}, as --wait judges them",
        workloads.len()
    )?;
    for workload in workloads {
        if workload.ready {
            writeln!(out, "  ready      {}", workload.object)?;
        } else {
            writeln!(out, "  not ready  {}: {}", workload.object, workload.reason)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use libpkg::action::{LiveReadiness, Progress};
    use libpkg::permissions::{Risk, Severity};
    use libpkg::plan::Operation;
    use libpkg::release::{Record, Status, Summary};
    use libpkg::review::Review;
    use libpkg::review::approval::VerifiedApproval;

    use super::*;
    use crate::view::plan::tests::bare_plan;

    /// An interrupted install of redis, approved, one risk accepted, with a
    /// workload not ready.
    fn interrupted() -> (Summary, Record) {
        let record = Record {
            plan: bare_plan(),
            status: Status::Pending,
            message: Some("applying".to_string()),
            review: Review {
                approvals: vec![VerifiedApproval {
                    approver: "ops-team".to_string(),
                    comment: "ship it".to_string(),
                    key_id: "sha256:4b1d".to_string(),
                }],
                accepted_risks: vec![Risk {
                    severity: Severity::High,
                    rule: "rbac-write-secrets".to_string(),
                    object: "Role.rbac.authorization.k8s.io/default/redis".to_string(),
                    message: "can write secrets".to_string(),
                }],
            },
        };
        let summary = Summary {
            name: "redis".to_string(),
            namespace: "default".to_string(),
            revision: 1,
            status: Status::Pending,
            operation: Operation::Install,
            package: "redis".to_string(),
            version: "7.0.12".to_string(),
            digest: record.plan.package.digest.clone(),
            plan_hash: record.plan.hash.clone(),
            message: None,
            approved_by: vec!["ops-team".to_string()],
            rolled_back_to: None,
            created: Some("2026-11-27T11:38:25Z".to_string()),
        };
        (summary, record)
    }

    /// The status of [`interrupted`], with `next` advice.
    fn status<'a>(summary: &'a Summary, record: &'a Record) -> ReleaseStatus<'a> {
        ReleaseStatus {
            summary,
            record,
            next: "run it again".to_string(),
            progress: Some(Progress {
                written: 0,
                writes: 1,
                deleted: 0,
                deletes: 0,
                remaining: vec!["ConfigMap/default/redis".to_string()],
            }),
            readiness: vec![LiveReadiness {
                object: "Deployment/redis".to_string(),
                ready: false,
                reason: "0 of 1 replicas available".to_string(),
            }],
        }
    }

    #[test]
    fn the_status_text_names_approvers_as_the_plan_view_does() {
        let (summary, record) = interrupted();
        let mut text = String::new();
        write(
            &mut text,
            &status(&summary, &record),
            view::Layout { width: None },
            false,
        )
        .unwrap();
        assert_eq!(
            text,
            format!(
                "Release:   redis (namespace default)
Revision:  1 (pending, install)
Updated:   2026-11-27T11:38:25Z
Package:   redis 7.0.12
Reference: ./redis
Plan hash: {}
Approved:  by ops-team (key sha256:4b1d): ship it
Accepted:  rbac-write-secrets@Role.rbac.authorization.k8s.io/default/redis (high)
Objects:   0 created, 0 updated, 0 unchanged, 0 deleted (1 of the plan's 1 changes not made)
  not made   ConfigMap/default/redis
Ready:     0 of 1, as --wait judges them
  not ready  Deployment/redis: 0 of 1 replicas available
Message:   applying
Next:      run it again
",
                record.plan.hash
            )
        );
    }

    /// Issue 52: at 80 columns the plan hash line fits (its hash
    /// shortened); piped and with `-o wide` it is whole.
    #[test]
    fn the_plan_hash_line_fits_80_columns_and_is_whole_piped() {
        let (summary, record) = interrupted();
        let text = |width: Option<u16>, wide: bool| {
            let mut text = String::new();
            write(
                &mut text,
                &status(&summary, &record),
                view::Layout { width },
                wide,
            )
            .unwrap();
            text
        };
        let narrow = text(Some(80), false);
        let hash_line = narrow.lines().find(|l| l.starts_with("Plan hash: "));
        assert!(
            hash_line.is_some_and(|line| line.chars().count() <= 80),
            "{narrow}"
        );
        let short = record.plan.hash.short();
        assert!(
            narrow.contains(&format!("\nPlan hash: {short}…\n")),
            "{narrow}"
        );
        for whole in [
            text(None, false),
            text(Some(80), true),
            text(Some(200), false),
        ] {
            assert!(
                whole.contains(&format!("\nPlan hash: {}\n", record.plan.hash)),
                "{whole}"
            );
        }
    }

    /// The document's keys, in order, are what scripts read.
    #[test]
    fn the_status_document_keeps_its_keys() {
        let (summary, record) = interrupted();
        let status = status(&summary, &record);
        let json = serde_json::to_value(document(&status)).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["summary", "next", "progress", "readiness", "objects"]
        );
        assert_eq!(json["summary"], serde_json::to_value(&summary).unwrap());
        assert_eq!(json["progress"]["remaining"][0], "ConfigMap/default/redis");
        assert_eq!(json["readiness"][0]["ready"], false);
        assert_eq!(
            json["objects"],
            serde_json::json!([{"apiVersion": "v1", "kind": "ConfigMap", "namespace": "default", "name": "redis", "action": "create", "done": false}])
        );
    }

    /// Issue 49: a failed apply that wrote some of its objects is shown as
    /// what it wrote (the rest named), never as what its plan meant to.
    #[test]
    fn a_revision_that_did_not_finish_counts_only_what_it_wrote() {
        let (summary, mut record) = interrupted();
        record.status = Status::Failed;
        let planned = record.plan.objects[0].clone();
        record.plan.objects = (0..14)
            .map(|i| {
                let mut object = planned.clone();
                object.name = format!("part-{i:02}");
                object
            })
            .collect();
        let remaining: Vec<String> = (3..14)
            .map(|i| format!("ConfigMap/default/part-{i:02}"))
            .collect();
        let failed = ReleaseStatus {
            progress: Some(Progress {
                written: 3,
                writes: 14,
                deleted: 0,
                deletes: 0,
                remaining,
            }),
            ..status(&summary, &record)
        };
        let mut text = String::new();
        objects(&mut text, &failed).unwrap();
        let expected: String = (3..13)
            .map(|i| format!("  not made   ConfigMap/default/part-{i:02}\n"))
            .collect();
        assert_eq!(
            text,
            format!(
                "Objects:   3 created, 0 updated, 0 unchanged, 0 deleted (11 of the plan's 14 changes not made)\n{expected}  and 1 more (status -o json lists every object)\n"
            )
        );
        let json = serde_json::to_value(document(&failed)).unwrap();
        assert_eq!(json["objects"][2]["done"], true);
        assert_eq!(json["objects"][3]["done"], false);
        // A revision that finished: the plan's counts, no `done`.
        let finished = ReleaseStatus {
            progress: None,
            ..status(&summary, &record)
        };
        let mut text = String::new();
        objects(&mut text, &finished).unwrap();
        assert_eq!(
            text,
            "Objects:   14 created, 0 updated, 0 unchanged, 0 deleted\n"
        );
        let json = serde_json::to_value(document(&finished)).unwrap();
        assert!(json["objects"][0].get("done").is_none(), "{json}");
    }

    /// Issue 49: `status --show-resources` of a failed apply never says
    /// `created` of an object it did not write.
    #[test]
    fn the_resources_of_a_revision_that_did_not_finish_are_what_it_wrote() {
        let (summary, mut record) = interrupted();
        record.status = Status::Failed;
        let planned = record.plan.objects[0].clone();
        record.plan.objects = ["written", "refused"]
            .iter()
            .map(|name| {
                let mut object = planned.clone();
                object.name = name.to_string();
                object
            })
            .collect();
        let failed = ReleaseStatus {
            progress: Some(Progress {
                written: 1,
                writes: 2,
                deleted: 0,
                deletes: 0,
                remaining: vec!["ConfigMap/default/refused".to_string()],
            }),
            ..status(&summary, &record)
        };
        let table = resources_table(&failed, view::Layout { width: None }, false);
        let lines: Vec<Vec<&str>> = table
            .lines()
            .map(|line| line.split_whitespace().collect())
            .collect();
        assert_eq!(
            lines[1..],
            [
                vec!["ConfigMap", "default", "written", "created"],
                vec!["ConfigMap", "default", "refused", "not", "created"],
            ],
            "{table}"
        );
    }
}

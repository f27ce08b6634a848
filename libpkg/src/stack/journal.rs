//! A stack's journal: what the stack holds and how its last apply went, as
//! kept in the cluster (a ConfigMap where the stack keeps its record; the
//! I/O is `release::stack_record`'s).
//!
//! It answers three questions no single release's history can: which
//! releases belong to the stack (so one removed from the file is found, and
//! uninstalled only with `--prune`), how far the last apply got (`stack
//! status`), and which releases a rerun of the same saved plan may skip (an
//! interrupted apply resumes, and only under the same stack hash: any other
//! plan starts afresh and its plan, made against the cluster as it is,
//! shows applied releases as unchanged).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::Stack;
use super::plan::{ReleasePlan, StackPlan};
use crate::names::{Namespace, ReleaseName};
use crate::plan::Operation;

/// The name of a stack's record (its journal, and the lock's suffix):
/// `<stack>` or `<stack>.<environment>`, so environments side by side keep
/// records of their own.
pub fn record_name(stack: &str, environment: Option<&str>) -> String {
    match environment {
        Some(environment) => format!("{stack}.{environment}"),
        None => stack.to_string(),
    }
}

/// A stack's journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StackJournal {
    /// The stack's name.
    pub stack: String,
    /// Its environment, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    /// The releases this stack applied and has not uninstalled, by name.
    #[serde(default)]
    pub members: Vec<Member>,
    /// The last apply (or the one under way), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_apply: Option<ApplyJournal>,
}

/// A release the stack holds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Member {
    /// The release name (also its name in the stack).
    pub name: ReleaseName,
    /// Its namespace.
    pub namespace: Namespace,
    /// Its kubeconfig context, if not the current one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
}

/// One apply of a stack plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplyJournal {
    /// The stack plan's hash.
    pub plan_hash: crate::digest::PlanHash,
    /// Whether every release was tried (false: under way, or interrupted).
    pub finished: bool,
    /// Each release of the plan, in its order.
    pub releases: Vec<JournaledRelease>,
}

/// How far one release of an apply got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JournaledRelease {
    /// The release.
    pub name: String,
    /// Where it ended.
    pub state: ReleaseState,
    /// Why it failed or was skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// Where a release of an apply is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReleaseState {
    /// Not tried yet (or interrupted while it was being applied).
    Pending,
    /// Its plan was applied and it is deployed.
    Applied,
    /// Its plan changed nothing.
    Unchanged,
    /// Its plan, an uninstall, was applied.
    Uninstalled,
    /// Its apply failed.
    Failed,
    /// Not tried: a release it needs did not succeed.
    Skipped,
}

impl ReleaseState {
    /// Whether a resumed apply of the same plan may skip the release.
    pub fn is_done(self) -> bool {
        matches!(
            self,
            ReleaseState::Applied | ReleaseState::Unchanged | ReleaseState::Uninstalled
        )
    }

    /// The state's name, as written.
    pub fn as_str(self) -> &'static str {
        match self {
            ReleaseState::Pending => "pending",
            ReleaseState::Applied => "applied",
            ReleaseState::Unchanged => "unchanged",
            ReleaseState::Uninstalled => "uninstalled",
            ReleaseState::Failed => "failed",
            ReleaseState::Skipped => "skipped",
        }
    }
}

impl StackJournal {
    /// The empty journal of a stack that was never applied.
    pub fn new(stack: &str, environment: Option<&str>) -> StackJournal {
        StackJournal {
            stack: stack.to_string(),
            environment: environment.map(str::to_string),
            members: Vec::new(),
            last_apply: None,
        }
    }

    /// The releases the journal holds that `stack` no longer declares (left
    /// out with `enabled: false` counts as declared): what `--prune` uninstalls.
    pub fn not_declared(&self, stack: &Stack) -> Vec<Member> {
        let declared: BTreeSet<&str> = (stack.releases.iter().map(|r| r.name.as_str()))
            .chain(stack.disabled.iter().map(String::as_str))
            .collect();
        (self.members.iter())
            .filter(|member| !declared.contains(member.name.as_str()))
            .cloned()
            .collect()
    }

    /// Whether the last apply was of the plan of `plan_hash` and did every
    /// release of it: that plan is applied whole (a fleet's rollout resumed
    /// passes over its cluster).
    pub fn applied_whole(&self, plan_hash: &str) -> bool {
        self.last_apply.as_ref().is_some_and(|last| {
            last.plan_hash == plan_hash
                && last.finished
                && last.releases.iter().all(|r| r.state.is_done())
        })
    }

    /// Starts applying `plan`: resumes the last apply if it was of the same
    /// plan and did not finish or left a release not done (failed, skipped),
    /// returning the releases it already did (a resumed apply skips them);
    /// else starts afresh and returns `None`.
    pub fn begin(&mut self, plan: &StackPlan) -> Option<BTreeSet<String>> {
        if let Some(last) = &self.last_apply
            && last.plan_hash == plan.hash
            && (!last.finished || last.releases.iter().any(|r| !r.state.is_done()))
        {
            let done = (last.releases.iter())
                .filter(|r| r.state.is_done())
                .map(|r| r.name.clone())
                .collect();
            return Some(done);
        }
        self.last_apply = Some(ApplyJournal {
            plan_hash: plan.hash.clone(),
            finished: false,
            releases: (plan.order.iter().flatten())
                .map(|name| JournaledRelease {
                    name: name.clone(),
                    state: ReleaseState::Pending,
                    message: None,
                })
                .collect(),
        });
        None
    }

    /// Records how `release` ended, and what the stack holds after it.
    pub fn record(&mut self, release: &ReleasePlan, state: ReleaseState, message: Option<String>) {
        if let Some(entry) = (self.last_apply.iter_mut())
            .flat_map(|apply| &mut apply.releases)
            .find(|r| r.name == release.name)
        {
            entry.state = state;
            entry.message = message;
        }
        let member = Member {
            name: release.plan.release.name.clone(),
            namespace: release.plan.release.namespace.clone(),
            context: release.context.clone(),
        };
        self.members.retain(|m| m.name != member.name);
        // A release stays the stack's until it is uninstalled: one that
        // failed (or was skipped) may have been installed before, or left
        // objects behind.
        let uninstalled = release.plan.operation == Operation::Uninstall && state.is_done();
        if !uninstalled {
            self.members.push(member);
            self.members.sort();
        }
    }

    /// The stack no longer holds `release`: another environment that
    /// shares it keeps it installed.
    pub fn let_go(&mut self, release: &str) {
        self.members.retain(|member| member.name != release);
    }

    /// Marks the apply finished: every release was tried.
    pub fn finish(&mut self) {
        if let Some(apply) = &mut self.last_apply {
            apply.finished = true;
        }
    }

    /// The state `release` reached in the last apply, if it was in it.
    pub fn state_of(&self, release: &str) -> Option<&JournaledRelease> {
        (self.last_apply.iter())
            .flat_map(|apply| &apply.releases)
            .find(|r| r.name == release)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::tests::sample;
    use crate::stack::plan::StackTarget;

    fn release(name: &str, operation: Operation) -> ReleasePlan {
        let mut plan = sample();
        plan.release.name = name.parse().unwrap();
        plan.operation = operation;
        ReleasePlan {
            name: name.to_string(),
            needs: Vec::new(),
            context: None,
            plan: plan.seal(),
        }
    }

    fn stack_plan(releases: Vec<ReleasePlan>) -> StackPlan {
        let target = StackTarget {
            name: "s".to_string(),
            environment: None,
            namespace: "default".to_string(),
            only: Vec::new(),
            prune: false,
        };
        let order = vec![releases.iter().map(|r| r.name.clone()).collect()];
        StackPlan::new(target, order, releases, Vec::new())
    }

    #[test]
    fn an_unfinished_apply_resumes_only_under_the_same_hash() {
        let a = release("a", Operation::Install);
        let b = release("b", Operation::Install);
        let plan = stack_plan(vec![a.clone(), b.clone()]);
        let mut journal = StackJournal::new("s", None);
        assert_eq!(journal.begin(&plan), None);
        journal.record(&a, ReleaseState::Applied, None);
        // Interrupted (not finished): the same plan resumes, a is done.
        assert_eq!(
            journal.begin(&plan),
            Some(BTreeSet::from(["a".to_string()]))
        );
        // Another plan starts afresh.
        let other = stack_plan(vec![b.clone()]);
        assert_eq!(journal.begin(&other), None);
        assert_eq!(journal.state_of("b").unwrap().state, ReleaseState::Pending);
        // A finished apply that left a release failed resumes with the rest.
        journal.begin(&plan);
        journal.record(&a, ReleaseState::Applied, None);
        journal.record(&b, ReleaseState::Failed, Some("locked".to_string()));
        journal.finish();
        assert_eq!(
            journal.begin(&plan),
            Some(BTreeSet::from(["a".to_string()]))
        );
        // One that did every release is not resumed, even of the same plan.
        journal.record(&b, ReleaseState::Applied, None);
        journal.finish();
        assert_eq!(journal.begin(&plan), None);
    }

    #[test]
    fn members_are_kept_until_uninstalled_and_not_declared_ones_found() {
        let a = release("a", Operation::Install);
        let b = release("b", Operation::Upgrade);
        let mut journal = StackJournal::new("s", None);
        journal.begin(&stack_plan(vec![a.clone(), b.clone()]));
        journal.record(&a, ReleaseState::Applied, None);
        journal.record(&b, ReleaseState::Failed, Some("timed out".to_string()));
        let names = |j: &StackJournal| j.members.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(&journal),
            ["a", "b"],
            "a failed release stays the stack's"
        );
        let stack = crate::stack::parse(
            "stack.yaml",
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: s\nreleases:\n- {name: a, namespace: apps, package: ./a}\n",
            None,
        )
        .unwrap();
        let gone: Vec<String> = journal
            .not_declared(&stack)
            .into_iter()
            .map(|m| m.name.to_string())
            .collect();
        assert_eq!(gone, ["b"]);
        let uninstall = release("b", Operation::Uninstall);
        journal.record(&uninstall, ReleaseState::Failed, None);
        assert_eq!(names(&journal), ["a", "b"], "not uninstalled yet");
        journal.record(&uninstall, ReleaseState::Uninstalled, None);
        assert_eq!(names(&journal), ["a"]);
        assert!(journal.not_declared(&stack).is_empty());
    }
}

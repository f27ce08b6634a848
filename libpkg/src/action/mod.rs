//! Orchestration: one module per operation (install, upgrade, rollback,
//! uninstall, adopt), each with its options and a `plan_*` function that
//! gathers its inputs through the I/O layer (registry, cluster, release
//! store) and hands them to the planner; [`apply()`] carries out a plan
//! exactly as it was reviewed.
//!
//! Every operation is plan first, apply second, so a caller can show the plan,
//! ask, save it, or stop (`--dry-run`) in between.

mod adopt_helm;
pub mod airgap;
pub mod apply;
pub mod decide;
mod drift;
mod errors;
mod facts;
mod failure;
pub mod gates;
mod history;
mod images;
mod install;
mod offline;
mod online;
mod prepare;
mod progress;
mod release_test;
mod remedies;
mod requirements;
mod rollback;
mod run;
mod session;
pub mod stack;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;
mod uninstall;
mod upgrade;

use crate::object::Object;

pub use crate::formats::olm::CONFIG_KEYS as REGISTRY_V1_CONFIG_KEYS;
pub use crate::source::Source;
pub use adopt_helm::{AdoptHelmOptions, plan_adopt_helm};
pub use apply::{ApplyOptions, Event, Reporter, Silent, apply, create_release_namespace};
pub use drift::{DriftError, verify_unchanged, verify_unchanged_after};
pub use errors::{ApplyError, PlanError};
pub use failure::{FailureKind, failure_kind};
pub use history::{changes_anything, deployed, deployed_plan, kept_objects};
pub use images::{ImageCheck, RegistryLookups};
pub use install::{InstallOptions, plan_install};
pub use offline::{plan_offline, plan_offline_for, template_offline};
pub use online::Desired;
pub use progress::{LiveReadiness, Progress, live_readiness, progress};
pub use release_test::{
    ContainerLog, TestError, TestFilter, TestFilterError, TestOptions, TestPhase, TestReport,
    TestResult, test_release,
};
pub use remedies::remedies;
pub use rollback::{RollbackOptions, plan_rollback};
pub use run::{
    AfterApply, AfterApplyError, Approved, Outcome, Reviewer, RunError, RunOptions, Stage, run,
    with_lock,
};
pub use session::{ClusterAccess, HeldLock, ReleaseStorage, Session, Sessions};
pub use uninstall::{PurgeError, UninstallOptions, plan_uninstall, purge_uninstalled};
pub use upgrade::{UpgradeFrom, UpgradeOptions, UpgradeStart, plan_upgrade, upgrade_source};

/// Whether a plan runs its operation's chart hooks. Skipping them is the way
/// out when a hook cannot succeed (a pre-delete Job whose image is gone would
/// otherwise keep a release from ever being uninstalled); hooks kept for
/// later operations are still kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Hooks {
    /// Run them (the default).
    #[default]
    Run,
    /// Leave them out of the plan, with a warning that says so (`--no-hooks`).
    Skip,
}

impl Hooks {
    /// Leaves hooks out of `objects` when skipping them; says so in `warnings`.
    fn apply(self, objects: &mut Vec<Object>, warnings: &mut Vec<crate::plan::Warning>) {
        if self == Hooks::Run {
            return;
        }
        let before = objects.len();
        objects.retain(|o| crate::kinds::hook_of(&o.manifest).is_none());
        let skipped = before - objects.len();
        if skipped > 0 {
            warnings.push(crate::plan::Warning::new(
                crate::plan::WarningCode::SkippedHooks,
                format!(
                    "{skipped} hook(s) of this operation are left out and not run ({})",
                    crate::remedy::Setting::NoHooks
                ),
            ));
        }
    }
}

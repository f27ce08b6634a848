//! Stacks: many releases planned as one [`StackPlan`], level after level in
//! the order their needs give (the releases of a level concurrently), each
//! planned as install or upgrade exactly as on its own, with the kinds that
//! earlier releases' CustomResourceDefinitions create counted as served;
//! then applied in that order, every release through the same sequence as
//! any operation ([`run`](super::run)): its lock, exactly its plan, unlock.

use std::collections::BTreeMap;
use std::future::Future;
use std::time::Duration;

use futures::FutureExt;
use serde_json::Value;

use super::{
    ApplyOptions, Approved, ImageCheck, InstallOptions, Outcome, PlanError, Reporter, Reviewer,
    RunError, RunOptions, UninstallOptions, UpgradeOptions, plan_install, plan_uninstall,
    plan_upgrade, verify_unchanged,
};
use crate::cluster::Cluster;
use crate::plan::{Action, Plan, ReleaseId};
use crate::release::ReleaseStore;
use crate::requirements::{Observations, ObservedApi, ObservedRelease, Provider, ReleaseRef};
use crate::source::Fetched;
use crate::stack::plan::{ReleasePlan, StackPlan, StackPlanError, StackTarget};
use crate::stack::{LockedRelease, Stack, StackRelease};

/// The clusters a stack's releases are planned and applied against, by
/// kubeconfig context (`None`: the current one).
pub type Clusters = BTreeMap<Option<String>, Cluster>;

/// Why a stack could not be planned or applied; each names the release.
#[derive(Debug, thiserror::Error)]
pub enum StackActionError<E> {
    /// No cluster was connected for a release's context.
    #[error("release {release}: no cluster for context {context:?}")]
    NoCluster {
        /// The release.
        release: String,
        /// Its context.
        context: Option<String>,
    },
    /// The stack file refuses the request (`--only` naming no release of it).
    #[error(transparent)]
    Stack(crate::stack::StackError),
    /// A release's package could not be fetched.
    #[error("release {release}: {source}")]
    Fetch {
        /// The release.
        release: String,
        /// Why.
        source: E,
    },
    /// A release could not be planned.
    #[error("release {release}: {source}")]
    Plan {
        /// The release.
        release: String,
        /// Why.
        source: Box<PlanError>,
    },
    /// A package requirement met by another release of the stack closes a
    /// cycle with the stack's needs.
    #[error(
        "release {release}: its package requires the package of release {needs}, which needs it in turn (directly or through others); break the cycle in the stack's needs"
    )]
    RequirementCycle {
        /// The release.
        release: String,
        /// The release it would need.
        needs: String,
    },
    /// The stack plan was edited after it was made.
    #[error(transparent)]
    Edited(#[from] StackPlanError),
    /// A release's part of the cluster changed since it was planned:
    /// nothing was applied in any release.
    #[error("release {release}: {source}; nothing was applied in any release of the stack")]
    Drifted {
        /// The release.
        release: String,
        /// What changed.
        source: super::DriftError,
    },
}

/// How to plan a stack's releases.
#[derive(Debug, Clone, Default)]
pub struct StackOptions {
    /// Whether images are looked up in their registries first.
    pub images: ImageCheck,
    /// Only these releases and what they need (`--only`); empty: all.
    pub only: Vec<String>,
}

/// Plans every release of `stack`, level by level; `fetch` resolves and
/// pins a release's package with its values, as the caller's settings say.
pub async fn plan_stack<E>(
    stack: &Stack,
    clusters: &Clusters,
    fetch: impl AsyncFn(&StackRelease) -> Result<Fetched, E>,
    options: &StackOptions,
) -> Result<StackPlan, StackActionError<E>> {
    let subset;
    let stack = if options.only.is_empty() {
        stack
    } else {
        let taken = stack
            .closure(&options.only)
            .map_err(StackActionError::Stack)?
            .into_iter()
            .cloned()
            .collect();
        subset = Stack {
            releases: taken,
            ..stack.clone()
        };
        &subset
    };
    let fetches = futures::future::join_all(stack.releases.iter().map(|release| async {
        let fetched = fetch(release).await;
        (release.name.clone(), fetched)
    }));
    let mut fetched: BTreeMap<String, Fetched> = BTreeMap::new();
    for (release, result) in fetches.await {
        let result = result.map_err(|source| StackActionError::Fetch {
            release: release.clone(),
            source,
        })?;
        fetched.insert(release, result);
    }
    let stack = &with_required_releases(stack, &fetched)?;
    let levels = stack.levels();
    let mut planned: Vec<ReleasePlan> = Vec::with_capacity(stack.releases.len());
    for level in &levels {
        let seed = crds_of(planned.iter().map(|r| &r.plan));
        let earlier = planned_observations(&planned);
        let plans = futures::future::join_all(level.iter().map(|release| {
            let mut fetched = fetched[&release.name].clone();
            // What earlier levels install meets this release's requirements.
            fetched.source.requirements.planned = earlier.clone();
            let seed = &seed;
            async move {
                let cluster = cluster_for(clusters, release)?;
                let plan = plan_release(cluster, release, &fetched, seed, options)
                    .await
                    .map_err(|source| StackActionError::Plan {
                        release: release.name.clone(),
                        source: Box::new(source),
                    })?;
                Ok::<_, StackActionError<E>>(ReleasePlan {
                    name: release.name.clone(),
                    needs: release.needs.clone(),
                    context: release.context.clone(),
                    plan,
                })
            }
        }))
        .await;
        for plan in plans {
            planned.push(plan?);
        }
    }
    let order = levels
        .iter()
        .map(|level| level.iter().map(|r| r.name.clone()).collect())
        .collect();
    let target = StackTarget {
        name: stack.name.clone(),
        environment: stack.environment.clone(),
        only: options.only.clone(),
    };
    Ok(StackPlan::new(target, order, planned))
}

/// Plans uninstalling every installed release of `stack`, dependents
/// first: the releases by level from the last, each one's plan as
/// `uninstall` makes it; a release with no deployed revision (or no
/// record) is left out. A release's `needs` in the plan are the releases
/// that need it, so one whose dependent fails to uninstall stays.
pub async fn plan_stack_uninstall(
    stack: &Stack,
    clusters: &Clusters,
) -> Result<StackPlan, StackActionError<std::convert::Infallible>> {
    let mut order: Vec<Vec<String>> = Vec::new();
    let mut planned: Vec<ReleasePlan> = Vec::new();
    for level in stack.levels().into_iter().rev() {
        let plans = futures::future::join_all(level.iter().map(|release| async move {
            let cluster = cluster_for(clusters, release)?;
            let store = ReleaseStore::new(cluster.clone());
            let options = UninstallOptions {
                release: ReleaseId::new(&release.namespace, &release.name),
                hooks: Default::default(),
            };
            match plan_uninstall(cluster, &store, &options).await {
                Ok(plan) => Ok(Some((release, plan))),
                Err(PlanError::NotInstalled { .. }) => Ok(None),
                Err(source) => Err(StackActionError::Plan {
                    release: release.name.clone(),
                    source: Box::new(source),
                }),
            }
        }))
        .await;
        let mut names = Vec::new();
        for plan in plans {
            let Some((release, plan)) = plan? else {
                continue;
            };
            let dependents = stack
                .releases
                .iter()
                .filter(|other| other.needs.contains(&release.name))
                .filter(|other| planned.iter().any(|p| p.name == other.name))
                .map(|other| other.name.clone())
                .collect();
            names.push(release.name.clone());
            planned.push(ReleasePlan {
                name: release.name.clone(),
                needs: dependents,
                context: release.context.clone(),
                plan,
            });
        }
        if !names.is_empty() {
            order.push(names);
        }
    }
    let target = StackTarget {
        name: stack.name.clone(),
        environment: stack.environment.clone(),
        only: Vec::new(),
    };
    Ok(StackPlan::new(target, order, planned))
}

/// `stack` with an ordering edge for every package requirement another of
/// its releases meets: a release whose package requires package P needs
/// the release of the stack that installs P (as if `needs:` said so), so
/// it is planned and applied after it. Edges that would close a cycle are
/// refused, naming it.
fn with_required_releases<E>(
    stack: &Stack,
    fetched: &BTreeMap<String, Fetched>,
) -> Result<Stack, StackActionError<E>> {
    let mut stack = stack.clone();
    let installs: BTreeMap<&str, &str> = fetched
        .iter()
        .map(|(release, f)| (f.package.metadata.name.as_str(), release.as_str()))
        .collect();
    for release in &mut stack.releases {
        let package = &fetched[&release.name].package;
        for requirement in crate::formats::requirements::declared(package) {
            let crate::requirements::Need::Package { name, .. } = &requirement.need else {
                continue;
            };
            if let Some(provider) = installs.get(name.as_str())
                && *provider != release.name
                && !release.needs.iter().any(|need| need == provider)
            {
                release.needs.push(provider.to_string());
            }
        }
    }
    let level_of: BTreeMap<String, usize> = stack
        .levels()
        .iter()
        .enumerate()
        .flat_map(|(level, releases)| releases.iter().map(move |r| (r.name.clone(), level)))
        .collect();
    for release in &stack.releases {
        for need in &release.needs {
            if level_of[need] >= level_of[&release.name] {
                return Err(StackActionError::RequirementCycle {
                    release: release.name.clone(),
                    needs: need.clone(),
                });
            }
        }
    }
    Ok(stack)
}

/// What a release's fetched package resolved to, as a stack's lock file
/// records it: its version, its reference (as the plan records it) and its
/// digest (the artifact's, for a local package).
pub fn resolved(fetched: &Fetched) -> LockedRelease {
    LockedRelease {
        version: fetched.package.version.to_string(),
        reference: fetched.source.reference.clone(),
        digest: fetched
            .source
            .digest
            .clone()
            .unwrap_or_else(|| fetched.package.artifact().digest),
    }
}

/// The cluster of a release's context.
fn cluster_for<'a, E>(
    clusters: &'a Clusters,
    release: &StackRelease,
) -> Result<&'a Cluster, StackActionError<E>> {
    clusters
        .get(&release.context)
        .ok_or_else(|| StackActionError::NoCluster {
            release: release.name.clone(),
            context: release.context.clone(),
        })
}

/// The CustomResourceDefinitions `plans` create or keep: their kinds are
/// served by the time later releases are applied.
fn crds_of<'a>(plans: impl Iterator<Item = &'a Plan>) -> Vec<Value> {
    plans
        .flat_map(|plan| &plan.objects)
        .filter(|o| o.kind == "CustomResourceDefinition" && o.action != Action::Delete)
        .map(|o| o.manifest.clone())
        .collect()
}

/// The releases and kinds earlier levels of the stack will have installed,
/// as requirements see them: each met one names its release as planned.
fn planned_observations(planned: &[ReleasePlan]) -> Observations {
    let mut observations = Observations::default();
    for release in planned {
        let plan = &release.plan;
        let reference = ReleaseRef {
            name: plan.release.name.clone(),
            namespace: plan.release.namespace.clone(),
            manager: "kubectl-pkg".to_string(),
        };
        observations.releases.push(ObservedRelease {
            release: reference.clone(),
            package: plan.package.name.clone(),
            version: plan.package.version.clone(),
            planned: true,
        });
        for crd in crds_of(std::iter::once(plan)) {
            let text = |pointer: &str| {
                crd.pointer(pointer)
                    .and_then(Value::as_str)
                    .map(str::to_string)
            };
            let (Some(group), Some(kind), Some(plural)) = (
                text("/spec/group"),
                text("/spec/names/kind"),
                text("/spec/names/plural"),
            ) else {
                continue;
            };
            let versions = crd.pointer("/spec/versions").and_then(Value::as_array);
            for version in versions.into_iter().flatten() {
                if let Some(version) = version.get("name").and_then(Value::as_str) {
                    observations.apis.push(ObservedApi {
                        api_version: format!("{group}/{version}"),
                        kind: kind.clone(),
                        resource: plural.clone(),
                        provider: Provider::Planned(reference.clone()),
                    });
                }
            }
        }
    }
    observations
}

/// One release's plan: an upgrade if it is installed, else an install (its
/// namespace created if need be: a stack says where its releases go).
async fn plan_release(
    cluster: &Cluster,
    release: &StackRelease,
    fetched: &Fetched,
    seed: &[Value],
    options: &StackOptions,
) -> Result<Plan, PlanError> {
    let store = ReleaseStore::new(cluster.clone());
    let id = ReleaseId::new(&release.namespace, &release.name);
    let upgrade = UpgradeOptions {
        images: options.images.clone(),
        seed_crds: seed.to_vec(),
        ..UpgradeOptions::new(id.clone())
    };
    // An upgrade reads the deployed revision first: not installed, it is an install.
    match plan_upgrade(cluster, &store, fetched, &upgrade).await {
        Err(PlanError::NotInstalled { .. }) => {
            let install = InstallOptions {
                create_namespace: true,
                images: options.images.clone(),
                seed_crds: seed.to_vec(),
                ..InstallOptions::new(id)
            };
            plan_install(cluster, &store, fetched, &install).await
        }
        planned => planned,
    }
}

/// How one release of a stack ended.
#[derive(Debug)]
pub enum ReleaseOutcome {
    /// Applied; its record's status.
    Applied(crate::release::Status),
    /// Its plan changes nothing.
    Unchanged,
    /// It failed; why.
    Failed(String),
    /// Not applied: a release it needs did not succeed.
    Skipped {
        /// The release that did not.
        needs: String,
    },
}

/// How to apply a stack plan.
#[derive(Debug, Clone)]
pub struct StackApplyOptions {
    /// How each release is applied (readiness is awaited by default, so a
    /// release's dependents start once it is ready).
    pub apply: ApplyOptions,
    /// How long a release's lock lasts without renewal.
    pub lock_duration: Duration,
}

/// Applies a stack plan exactly: every hash checked and every release's
/// part of the cluster checked for drift first (nothing is written in any
/// release if one drifted), then the releases level by level, a level's
/// concurrently, each under its own lock. A release whose needs did not
/// succeed is skipped; the others go on. `reporter` gives each release's
/// progress its reporter; `interrupted` stops every release.
pub async fn apply_stack<R: Reporter>(
    plan: &StackPlan,
    clusters: &Clusters,
    options: &StackApplyOptions,
    reporter: impl Fn(&ReleaseId) -> R,
    interrupted: impl Future<Output = ()>,
) -> Result<Vec<(String, ReleaseOutcome)>, StackActionError<std::convert::Infallible>> {
    plan.verify_hash()?;
    for release in &plan.releases {
        let cluster =
            clusters
                .get(&release.context)
                .ok_or_else(|| StackActionError::NoCluster {
                    release: release.name.clone(),
                    context: release.context.clone(),
                })?;
        let store = ReleaseStore::new(cluster.clone());
        verify_unchanged(cluster, &store, &release.plan)
            .await
            .map_err(|source| StackActionError::Drifted {
                release: release.name.clone(),
                source,
            })?;
    }
    let interrupted = interrupted.boxed_local().shared();
    let by_name: BTreeMap<&str, &ReleasePlan> =
        plan.releases.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut outcomes: BTreeMap<String, ReleaseOutcome> = BTreeMap::new();
    for level in &plan.order {
        let runs = level.iter().map(|name| {
            let release = by_name[name.as_str()];
            let failed_need = release.needs.iter().find(|need| {
                !matches!(
                    outcomes.get(need.as_str()),
                    Some(ReleaseOutcome::Applied(_) | ReleaseOutcome::Unchanged)
                )
            });
            let interrupted = interrupted.clone();
            let reporter = reporter(&release.plan.release.id());
            async move {
                if let Some(need) = failed_need {
                    return (
                        name.clone(),
                        ReleaseOutcome::Skipped {
                            needs: need.clone(),
                        },
                    );
                }
                let cluster = &clusters[&release.context];
                let outcome =
                    apply_release(cluster, release, options, &reporter, interrupted).await;
                (name.clone(), outcome)
            }
        });
        outcomes.extend(futures::future::join_all(runs).await);
    }
    Ok(plan
        .order
        .iter()
        .flatten()
        .map(|name| {
            let outcome = outcomes.remove(name).expect("every release has an outcome");
            (name.clone(), outcome)
        })
        .collect())
}

/// Applies one release's plan through [`run`](super::run), its review done.
async fn apply_release(
    cluster: &Cluster,
    release: &ReleasePlan,
    options: &StackApplyOptions,
    reporter: &dyn Reporter,
    interrupted: impl Future<Output = ()>,
) -> ReleaseOutcome {
    let run = RunOptions {
        release: release.plan.release.id(),
        operation: "stack".to_string(),
        lock_duration: options.lock_duration,
        dry_run: false,
    };
    let mut reviewed = Reviewed(options.apply.clone());
    let plan = async || Ok::<_, PlanError>(release.plan.clone());
    match super::run(cluster, &run, plan, &mut reviewed, reporter, interrupted).await {
        Ok(Outcome::Applied(record)) => ReleaseOutcome::Applied(record.status),
        Ok(Outcome::Unchanged(_) | Outcome::Stopped) => ReleaseOutcome::Unchanged,
        Err(RunError::Interrupted { .. }) => ReleaseOutcome::Failed("interrupted".to_string()),
        Err(error) => ReleaseOutcome::Failed(error.to_string()),
    }
}

/// The review a stack's release plans had already, as one stack plan.
struct Reviewed(ApplyOptions);

impl Reviewer for Reviewed {
    type Error = PlanError;

    async fn review(&mut self, plan: Plan) -> Result<Option<Approved>, PlanError> {
        Ok(Some(Approved {
            plan,
            options: self.0.clone(),
        }))
    }

    async fn confirm(&mut self, _: &Plan) -> Result<(), PlanError> {
        Ok(())
    }
}

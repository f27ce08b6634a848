//! Fleets: one stack planned for many clusters and applied in waves. Each
//! cluster is planned and applied by the stack layer exactly as a stack on
//! its own ([`plan_stack`], [`apply_stack`]); this layer only runs them
//! side by side: the clusters' plans concurrently (bounded), the applies
//! wave after wave, a wave's clusters concurrently, a wave started only
//! once every cluster of the one before succeeded. Nothing runs between
//! the clusters but their API servers.
//!
//! [`plan_stack`]: super::plan_stack
//! [`apply_stack`]: super::apply_stack

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;

use futures::{FutureExt, StreamExt};

use super::apply::preflight;
use super::{
    StackActionError, StackApplyOptions, StackOptions, StackOutcome, apply_stack, plan_stack,
    plan_stack_uninstall, records,
};
use crate::action::gates::ReviewedFleet;
use crate::action::{Reporter, Sessions, UpgradeFrom};
use crate::cluster::ClusterError;
use crate::once::OnceEach;
use crate::plan::ReleaseId;
use crate::source::Fetched;
use crate::stack::fleet::Fleet;
use crate::stack::fleet::plan::{ClusterPlan, FleetPlan, FleetPlanError, Unreachable};
use crate::stack::plan::StackPlan;
use crate::stack::{Stack, StackRelease};

/// Each cluster of a fleet, by name (its kubeconfig context), as the
/// stack layer takes clusters: its one session as the stack's current one.
pub type FleetSessions = BTreeMap<String, Sessions>;

/// How many clusters are planned, or applied within a wave, at once: each
/// keeps its own requests in flight.
pub const CLUSTERS_AT_ONCE: usize = 4;

/// How to plan a fleet.
#[derive(Debug, Clone, Default)]
pub struct FleetOptions {
    /// How each cluster's stack is planned.
    pub stack: StackOptions,
    /// Plan the clusters that answer and record the others as left out
    /// (default: a cluster that cannot be reached refuses the fleet plan).
    pub skip_unreachable: bool,
}

/// Why a fleet could not be planned or applied; each names the cluster.
#[derive(Debug, thiserror::Error)]
pub enum FleetError<E> {
    /// A cluster's stack could not be planned or applied.
    #[error("cluster {cluster}")]
    Cluster {
        /// The cluster.
        cluster: String,
        /// Why.
        source: Box<StackActionError<E>>,
    },
    /// No connection was made for a cluster of the fleet.
    #[error("cluster {cluster}: not connected")]
    NotConnected {
        /// The cluster.
        cluster: String,
    },
    /// Clusters could not be reached: nothing was planned.
    #[error(
        "{} of the fleet's clusters could not be reached ({}): nothing was planned",
        clusters.len(),
        clusters.iter().map(|u| format!("{}: {}", u.cluster, u.reason)).collect::<Vec<_>>().join("; ")
    )]
    Unreachable {
        /// The clusters and why.
        clusters: Vec<Unreachable>,
    },
    /// Every cluster was left out as unreachable.
    #[error("no cluster of fleet {fleet} could be reached: there is nothing to plan")]
    NoneReachable {
        /// The fleet.
        fleet: String,
    },
    /// A cluster the plan left out as unreachable answers now: what it
    /// holds was never planned.
    #[error(
        "cluster {cluster} could not be reached when the fleet was planned and answers now: its state was never reviewed; plan the fleet again"
    )]
    Returned {
        /// The cluster.
        cluster: String,
    },
    /// The fleet plan was edited after it was made.
    #[error(transparent)]
    Edited(#[from] FleetPlanError),
    /// A cluster's part changed since it was planned: nothing was applied
    /// in any cluster.
    // The source's text inside the message, not after it: what follows it
    // ("nothing was applied…") is said of the whole fleet.
    #[error("cluster {cluster}: {source}; nothing was applied in any cluster of the fleet")]
    Drifted {
        /// The cluster.
        cluster: String,
        /// What changed, or could not be checked.
        source: Box<StackActionError<std::convert::Infallible>>,
    },
}

impl<E> FleetError<E> {
    /// This error, or a cluster's stack error apart (`Err((cluster,
    /// error))`): the caller's fetch error kept whole in it, every other
    /// error typed.
    pub fn split(
        self,
    ) -> Result<FleetError<std::convert::Infallible>, (String, StackActionError<E>)> {
        use FleetError as F;
        Ok(match self {
            F::Cluster { cluster, source } => return Err((cluster, *source)),
            F::NotConnected { cluster } => F::NotConnected { cluster },
            F::Unreachable { clusters } => F::Unreachable { clusters },
            F::NoneReachable { fleet } => F::NoneReachable { fleet },
            F::Returned { cluster } => F::Returned { cluster },
            F::Edited(error) => F::Edited(error),
            F::Drifted { cluster, source } => F::Drifted { cluster, source },
        })
    }
}

/// Plans `stack` for every cluster of `fleet`, concurrently (at most
/// [`CLUSTERS_AT_ONCE`]), each exactly as [`plan_stack`] plans a stack;
/// `fetch` as there, called once per release and starting point
/// ([`UpgradeFrom`]) for the whole fleet: clusters where a release starts
/// from the same place plan the same fetched package. A cluster that
/// cannot be reached refuses the plan, naming it, unless
/// `skip_unreachable`, which records it as left out.
pub async fn plan_fleet<E>(
    stack: &Stack,
    fleet: &Fleet,
    clusters: &FleetSessions,
    fetch: impl AsyncFn(&StackRelease, &UpgradeFrom) -> Result<Fetched, E>,
    options: &FleetOptions,
) -> Result<FleetPlan, FleetError<E>> {
    let fetched: OnceEach<(String, UpgradeFrom), Fetched> = OnceEach::default();
    let fetch_once = async |release: &StackRelease, from: &UpgradeFrom| {
        let key = (release.name.clone(), from.clone());
        fetched.try_get(&key, || fetch(release, from)).await
    };
    let plan_one =
        async |clusters: &Sessions| plan_stack(stack, clusters, &fetch_once, &options.stack).await;
    plan_each(stack, fleet, clusters, options.skip_unreachable, plan_one).await
}

/// Plans uninstalling every installed release of `stack` in every cluster
/// of `fleet`, each as [`plan_stack_uninstall`] plans it.
pub async fn plan_fleet_uninstall(
    stack: &Stack,
    fleet: &Fleet,
    clusters: &FleetSessions,
    skip_unreachable: bool,
) -> Result<FleetPlan, FleetError<std::convert::Infallible>> {
    let plan_one = async |clusters: &Sessions| plan_stack_uninstall(stack, clusters).await;
    plan_each(stack, fleet, clusters, skip_unreachable, plan_one).await
}

/// Probes every cluster, then plans each reachable one with `plan_one`,
/// in rollout order.
async fn plan_each<E>(
    stack: &Stack,
    fleet: &Fleet,
    clusters: &FleetSessions,
    skip_unreachable: bool,
    plan_one: impl AsyncFn(&Sessions) -> Result<StackPlan, StackActionError<E>>,
) -> Result<FleetPlan, FleetError<E>> {
    let connected = |name: &String| {
        clusters.get(name).ok_or_else(|| FleetError::NotConnected {
            cluster: name.clone(),
        })
    };
    let order: Vec<&String> = fleet.rollout_order().collect();
    for name in &order {
        connected(name)?;
    }
    let unreachable = unreachable(order.iter().map(|name| (*name, &clusters[*name]))).await;
    if !unreachable.is_empty() && !skip_unreachable {
        return Err(FleetError::Unreachable {
            clusters: unreachable,
        });
    }
    let left_out: BTreeSet<&str> = unreachable.iter().map(|u| u.cluster.as_str()).collect();
    let reachable: Vec<&String> = (order.into_iter())
        .filter(|name| !left_out.contains(name.as_str()))
        .collect();
    if reachable.is_empty() {
        return Err(FleetError::NoneReachable {
            fleet: fleet.name.clone(),
        });
    }
    let plans = futures::stream::iter(reachable.into_iter().map(|name| {
        let plan_one = &plan_one;
        async move {
            match plan_one(&clusters[name]).await {
                Ok(plan) => Ok(ClusterPlan {
                    cluster: name.clone(),
                    plan,
                }),
                Err(source) => Err(FleetError::Cluster {
                    cluster: name.clone(),
                    source: Box::new(source),
                }),
            }
        }
    }))
    .buffered(CLUSTERS_AT_ONCE)
    .collect::<Vec<_>>()
    .await
    .into_iter()
    .collect::<Result<Vec<_>, _>>()?;
    Ok(FleetPlan::new(
        stack.name.clone(),
        fleet.clone(),
        plans,
        unreachable,
    ))
}

/// The clusters that cannot be reached (a connection that fails, not a
/// refusal: a cluster that answers 401 or 403 is reachable, and its
/// refusal is met where it matters), in the order given.
async fn unreachable<'a>(
    clusters: impl Iterator<Item = (&'a String, &'a Sessions)>,
) -> Vec<Unreachable> {
    let probes = clusters.map(|(name, clusters)| async move {
        let session = clusters.get(&None)?;
        match session.cluster().server_version().await {
            Err(ClusterError::Connection(reason)) => Some(Unreachable {
                cluster: name.clone(),
                reason,
            }),
            _ => None,
        }
    });
    futures::future::join_all(probes)
        .await
        .into_iter()
        .flatten()
        .collect()
}

/// How one cluster of a fleet's apply ended.
#[derive(Debug)]
pub enum ClusterOutcome {
    /// Its stack plan was applied: how each release ended.
    Applied(StackOutcome),
    /// An earlier apply of this same fleet plan applied its plan whole.
    AlreadyApplied,
    /// Its stack's apply could not start (its lock held, say).
    Refused(StackActionError<std::convert::Infallible>),
    /// Not applied: a cluster of an earlier wave did not succeed.
    Halted {
        /// The first cluster that did not.
        by: String,
    },
}

impl ClusterOutcome {
    /// Whether the cluster is where its plan puts it.
    pub fn succeeded(&self) -> bool {
        match self {
            ClusterOutcome::Applied(outcome) => outcome
                .releases
                .iter()
                .all(|(_, release)| release.succeeded()),
            ClusterOutcome::AlreadyApplied => true,
            ClusterOutcome::Refused(_) | ClusterOutcome::Halted { .. } => false,
        }
    }

    /// Whether the apply's interruption stopped a release of it.
    pub fn interrupted(&self) -> bool {
        matches!(self, ClusterOutcome::Applied(outcome)
            if outcome.releases.iter().any(|(_, release)| release.interrupted()))
    }
}

/// How a fleet's apply ended: each cluster, in rollout order, with its wave
/// (counted from 1).
#[derive(Debug)]
pub struct FleetOutcome {
    /// (cluster, wave, outcome).
    pub clusters: Vec<(String, usize, ClusterOutcome)>,
}

impl FleetOutcome {
    /// The first cluster that did not succeed, which halted the rollout.
    pub fn halted_at(&self) -> Option<&str> {
        (self.clusters.iter())
            .find(|(_, _, outcome)| {
                !outcome.succeeded() && !matches!(outcome, ClusterOutcome::Halted { .. })
            })
            .map(|(cluster, _, _)| cluster.as_str())
    }
}

/// Applies a reviewed fleet plan exactly. Every hash checked; a cluster the
/// plan left out as unreachable that answers now refuses it; every
/// cluster's releases checked for drift (as [`apply_stack`] checks a
/// stack's) before the first write in any cluster: one drifted cluster
/// refuses the whole plan. Then wave by wave: a wave's clusters
/// concurrently, each by [`apply_stack`] (its lock, journal, readiness); a
/// wave starts only once every cluster of the one before succeeded (every
/// release ready), and a failure halts the rollout, later waves untouched.
/// The same plan applied again resumes: a cluster this plan was applied to
/// whole is passed over, the others resume as their stack's apply does.
/// `reporter` gives each release's reporter, by cluster.
pub async fn apply_fleet<R: Reporter + 'static>(
    reviewed: &ReviewedFleet,
    clusters: &FleetSessions,
    options: &StackApplyOptions,
    reporter: impl Fn(&str, &ReleaseId) -> R,
    interrupted: impl Future<Output = ()>,
) -> Result<FleetOutcome, FleetError<std::convert::Infallible>> {
    let plan = reviewed.plan();
    plan.verify_hash()?;
    let connected = |name: &String| {
        clusters.get(name).ok_or_else(|| FleetError::NotConnected {
            cluster: name.clone(),
        })
    };
    let mut left_out = Vec::new();
    for skipped in &plan.unreachable {
        left_out.push((&skipped.cluster, connected(&skipped.cluster)?));
    }
    let still_out = unreachable(left_out.iter().copied()).await;
    if let Some((name, _)) =
        (left_out.iter()).find(|(name, _)| !still_out.iter().any(|u| &u.cluster == *name))
    {
        return Err(FleetError::Returned {
            cluster: name.to_string(),
        });
    }
    let checks = (plan.clusters.iter()).map(|cluster| async move {
        let whole = applied_whole(&cluster.plan, connected(&cluster.cluster)?).await;
        whole.map_err(|source| FleetError::Drifted {
            cluster: cluster.cluster.clone(),
            source: Box::new(source),
        })
    });
    let whole = futures::stream::iter(checks)
        .buffered(CLUSTERS_AT_ONCE)
        .collect::<Vec<_>>()
        .await;
    let mut done = BTreeSet::new();
    for (cluster, whole) in plan.clusters.iter().zip(whole) {
        if whole? {
            done.insert(cluster.cluster.as_str());
        }
    }
    let interrupted = interrupted.boxed_local().shared();
    let mut outcomes = Vec::new();
    let mut halted_by: Option<String> = None;
    for (index, wave) in plan.waves().into_iter().enumerate() {
        let number = index + 1;
        if let Some(by) = &halted_by {
            outcomes.extend(wave.iter().map(|cluster| {
                let halted = ClusterOutcome::Halted { by: by.clone() };
                (cluster.cluster.clone(), number, halted)
            }));
            continue;
        }
        let runs =
            wave.iter().map(|cluster| {
                let interrupted = interrupted.clone();
                let reporter = &reporter;
                let done = &done;
                async move {
                    let name = &cluster.cluster;
                    if done.contains(name.as_str()) {
                        return (name.clone(), number, ClusterOutcome::AlreadyApplied);
                    }
                    let stack = reviewed.stack(name).expect("the plan's own cluster");
                    let reporter = |release: &ReleaseId| reporter(name, release);
                    let outcome =
                        match apply_stack(&stack, &clusters[name], options, reporter, interrupted)
                            .await
                        {
                            Ok(outcome) => ClusterOutcome::Applied(outcome),
                            Err(error) => ClusterOutcome::Refused(error),
                        };
                    (name.clone(), number, outcome)
                }
            });
        let ended: Vec<_> = futures::stream::iter(runs)
            .buffered(CLUSTERS_AT_ONCE)
            .collect()
            .await;
        halted_by = (ended.iter())
            .find(|(_, _, outcome)| !outcome.succeeded())
            .map(|(cluster, _, _)| cluster.clone());
        outcomes.extend(ended);
    }
    Ok(FleetOutcome { clusters: outcomes })
}

/// Whether this stack plan was applied whole to its cluster already (its
/// journal says so), else checks it for drift as its apply will: an error
/// if a release drifted.
async fn applied_whole(
    plan: &StackPlan,
    clusters: &Sessions,
) -> Result<bool, StackActionError<std::convert::Infallible>> {
    let records = records(clusters, &plan.stack.namespace)?;
    let mut journal = (records.read(&plan.stack.name, plan.stack.environment.as_deref()))
        .await?
        .journal;
    if journal.applied_whole(&plan.hash) {
        return Ok(true);
    }
    preflight(plan, clusters, &mut journal).await?;
    Ok(false)
}

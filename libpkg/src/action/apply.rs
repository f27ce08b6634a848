//! Applying a plan: exactly the reviewed objects, nothing re-resolved or
//! re-rendered.
//!
//! The caller holds the release's lock, the plan's hash is verified and its
//! access check must have passed. The revision is recorded as `pending` before
//! the first write (an earlier revision left `pending` by a process that died is
//! marked failed: this one takes over). Objects are server-side applied phase
//! by phase (several at a time within a phase), CRDs are waited on before their
//! custom resources, deletions follow in reverse order, then readiness is
//! awaited if asked. The revision ends `deployed` (and the previous one
//! `superseded`) or `failed` with the reason; with `atomic`, a failure first
//! puts the previous revision's objects back.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use futures::{StreamExt, TryStreamExt};
use serde_json::Value;

use super::session::{ClusterAccess, HeldLock, ReleaseStorage};
use super::{ApplyError, Session, kept_objects};
use crate::cluster::{Discovery, Resource};
use crate::kinds::{Phase, phase_of_object};
use crate::manifest::Manifest;
use crate::object::{Object, ObjectKey, group_of};
use crate::plan::{Action, Operation, Plan, PlannedObject};
use crate::readiness::{Readiness, readiness};
use crate::release::{Record, Status, Summary};

/// How to apply.
#[derive(Debug, Clone)]
pub struct ApplyOptions {
    /// Wait for workloads, claims and CRDs to become ready.
    pub wait: bool,
    /// How long to wait for readiness (and for CRDs to be established).
    pub timeout: Duration,
    /// On failure, put the previous revision's objects back and delete the
    /// objects this attempt created.
    pub atomic: bool,
    /// What the review established (verified approvals, acknowledged
    /// findings), kept in the release record.
    pub review: crate::review::Review,
}

impl Default for ApplyOptions {
    fn default() -> Self {
        ApplyOptions {
            wait: true,
            timeout: Duration::from_secs(300),
            atomic: false,
            review: Default::default(),
        }
    }
}

/// What applying reports as it goes; the CLI shows it as progress.
pub trait Reporter: Send + Sync {
    /// Something happened.
    fn event(&self, event: Event);
}

/// A progress event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The revision was recorded as pending.
    Recorded {
        /// The revision.
        revision: u32,
    },
    /// An earlier revision had been interrupted; it is now recorded as failed.
    TookOver {
        /// The interrupted revision.
        revision: u32,
    },
    /// Applying failed; with `atomic`, the previous revision is being put back.
    Restoring {
        /// The revision put back, `None` when there was none (a failed install).
        revision: Option<u32>,
    },
    /// An object was applied.
    Applied {
        /// `Kind/namespace/name`.
        object: String,
        /// What was done.
        action: Action,
    },
    /// An object was deleted.
    Deleted {
        /// `Kind/namespace/name`.
        object: String,
    },
    /// Still waiting for an object.
    Waiting {
        /// `Kind/namespace/name`.
        object: String,
        /// What is awaited.
        reason: String,
    },
    /// An object became ready.
    Ready {
        /// `Kind/namespace/name`.
        object: String,
    },
    /// A release's lock was taken over from an operation that had stopped
    /// renewing it ([`run`](super::run)).
    LockTakenOver {
        /// The release.
        release: crate::plan::ReleaseId,
        /// Who held it, and since when.
        holder: String,
        /// Whether its holder's process had exited (else the lock had expired).
        holder_gone: bool,
    },
    /// A release's history was deleted once its uninstall was applied
    /// ([`AfterApply::PurgeHistory`](super::AfterApply::PurgeHistory)).
    HistoryPurged {
        /// The release.
        release: crate::plan::ReleaseId,
    },
    /// Helm's records of a release were deleted once it was adopted
    /// ([`AfterApply::RemoveHelmRecords`](super::AfterApply::RemoveHelmRecords)).
    HelmRecordsRemoved {
        /// The release.
        release: crate::plan::ReleaseId,
        /// How many records there were.
        removed: usize,
    },
    /// A release's lock could not be released; it expires on its own.
    LockNotReleased {
        /// The release.
        release: crate::plan::ReleaseId,
        /// Why.
        reason: String,
    },
}

/// A reporter that ignores everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct Silent;

impl Reporter for Silent {
    fn event(&self, _: Event) {}
}

/// One object to write: borrowed from a plan or from a stored revision.
#[derive(Debug, Clone, Copy)]
struct Target<'a> {
    api_version: &'a str,
    kind: &'a str,
    namespace: Option<&'a str>,
    name: &'a str,
    manifest: &'a Manifest,
    /// How the write is reported.
    action: Action,
}

impl<'a> From<&'a PlannedObject> for Target<'a> {
    fn from(o: &'a PlannedObject) -> Self {
        Target {
            api_version: &o.api_version,
            kind: &o.kind,
            namespace: o.namespace.as_deref(),
            name: &o.name,
            manifest: &o.manifest,
            action: o.action,
        }
    }
}

/// A stored object, put back by `--atomic`.
impl<'a> From<&'a Object> for Target<'a> {
    fn from(o: &'a Object) -> Self {
        Target {
            api_version: &o.api_version,
            kind: &o.kind,
            namespace: o.namespace.as_deref(),
            name: &o.name,
            manifest: &o.manifest,
            action: Action::Update,
        }
    }
}

impl Target<'_> {
    /// The object as users see it: its key.
    fn shown(&self) -> String {
        ObjectKey::new(self.api_version, self.kind, self.namespace, self.name).to_string()
    }

    fn phase(&self) -> Phase {
        phase_of_object(group_of(self.api_version), self.kind, self.manifest)
    }

    fn resource<'d>(&self, discovery: &'d Discovery) -> Result<&'d Resource, ApplyError> {
        discovery
            .resolve(self.api_version, self.kind)
            .ok_or_else(|| ApplyError::UnknownKind {
                object: self.shown(),
            })
    }

    fn failed(&self, source: crate::cluster::ClusterError) -> ApplyError {
        ApplyError::Object {
            object: self.shown(),
            source,
        }
    }
}

/// Applies `plan`, recording the revision in the session's release storage,
/// while holding `lock` (the release's lock). Returns the final record.
pub async fn apply<C: ClusterAccess, S: ReleaseStorage>(
    session: &Session<C, S>,
    lock: &C::Lock,
    plan: &Plan,
    options: &ApplyOptions,
) -> Result<Record, ApplyError> {
    let (cluster, store, reporter) = (session.cluster(), session.releases(), session.reporter());
    plan.verify_hash()?;
    if plan.is_masked() {
        return Err(ApplyError::Masked);
    }
    if !plan.permissions.installer.missing.is_empty() {
        return Err(ApplyError::AccessDenied {
            missing: plan.permissions.installer.missing.len(),
        });
    }
    let release = plan.release.id();
    if (lock.namespace(), lock.name()) != (release.namespace.as_str(), release.name.as_str()) {
        return Err(ApplyError::WrongLock {
            held: format!("{}/{}", lock.namespace(), lock.name()),
            release: release.to_string(),
        });
    }
    lock.ensure_held()?;
    let groups =
        crate::apiserver::discovery::groups_of(plan.objects.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(plan.objects.iter().map(|o| &o.manifest));

    let history = store.history(&release).await?;
    let mut record = Record {
        plan: plan.clone(),
        status: Status::Pending,
        message: None,
        review: options.review.clone(),
    };
    create_release_namespace(session, plan).await?;
    super::adopt_helm::write_imported(cluster, store, plan, &history).await?;
    store.create(&record).await?;
    reporter.event(Event::Recorded {
        revision: plan.release.revision,
    });
    // We hold the lock, so a revision still pending was interrupted.
    for interrupted in history.iter().filter(|s| s.status == Status::Pending) {
        let message = format!(
            "interrupted before it finished; revision {} took over",
            plan.release.revision
        );
        store
            .set_outcome(interrupted, Status::Failed, Some(message))
            .await?;
        reporter.event(Event::TookOver {
            revision: interrupted.revision,
        });
    }

    let outcome = match run(cluster, &discovery, lock, plan, options, reporter).await {
        Err(error) if options.atomic => {
            let previous = history.iter().rev().find(|s| s.status == Status::Deployed);
            let restored =
                restore(cluster, &discovery, store, lock, plan, previous, reporter).await;
            Err(ApplyError::Atomic {
                source: Box::new(error),
                restored,
            })
        }
        other => other,
    };
    forget_crd_groups(cluster, plan).await;
    match outcome {
        Ok(()) => {
            record.status = if plan.operation == Operation::Uninstall {
                Status::Uninstalled
            } else {
                Status::Deployed
            };
            store.update(&record).await?;
            for previous in history.iter().filter(|s| s.status == Status::Deployed) {
                store
                    .set_outcome(previous, Status::Superseded, previous.message.clone())
                    .await?;
            }
            Ok(record)
        }
        Err(error) => {
            record.status = Status::Failed;
            record.message = Some(crate::remedy::with_causes(&error));
            // The failure is what the user needs to see; a failure to record it is secondary.
            if let Err(store_error) = store.update(&record).await {
                tracing::warn!("could not record the failed revision: {store_error}");
            }
            Err(error)
        }
    }
}

/// Forgets the discovery of the groups the plan's CRDs define: what is
/// applied next (a stack's later release) must see the kinds they define,
/// not the discovery made before they existed.
async fn forget_crd_groups(cluster: &impl ClusterAccess, plan: &Plan) {
    let crd_groups: BTreeSet<String> = (plan.crds())
        .filter_map(|o| o.manifest.pointer("/spec/group").and_then(Manifest::as_str))
        .map(str::to_string)
        .collect();
    if !crd_groups.is_empty() {
        cluster.forget_discovery(&crd_groups).await;
    }
}

/// Creates the release namespace if the plan creates it: the lock and the
/// record live there, so it comes before them. Returns whether it did.
pub async fn create_release_namespace<C: ClusterAccess, S>(
    session: &Session<C, S>,
    plan: &Plan,
) -> Result<bool, ApplyError> {
    let cluster = session.cluster();
    let release = &plan.release;
    let Some(namespace) = plan.objects.iter().find(|o| {
        o.kind == "Namespace"
            && o.api_version == "v1"
            && o.name == release.namespace
            && o.action == Action::Create
    }) else {
        return Ok(false);
    };
    let discovery = cluster.discover(&BTreeSet::from([String::new()])).await?;
    write(cluster, &discovery, namespace.into()).await?;
    Ok(true)
}

async fn run(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    lock: &impl HeldLock,
    plan: &Plan,
    options: &ApplyOptions,
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    let deadline = Instant::now() + options.timeout;
    let writes: Vec<Target> = plan
        .objects
        .iter()
        .filter(|o| matches!(o.action, Action::Create | Action::Update))
        .map(Target::from)
        .collect();
    // Post-hooks run once everything else is applied, pruned and (with --wait) ready.
    let (post_hooks, writes): (Vec<Target>, Vec<Target>) = writes
        .into_iter()
        .partition(|o| o.phase() == Phase::PostHooks);
    write_phases(cluster, discovery, lock, &writes, deadline, reporter).await?;
    lock.ensure_held()?;
    let deletes: Vec<Target> = plan
        .objects
        .iter()
        .filter(|o| o.action == Action::Delete)
        .map(Target::from)
        .collect();
    delete_all(cluster, discovery, &deletes, reporter).await?;
    if options.wait {
        let objects: Vec<Target> = writes
            .into_iter()
            .filter(|o| o.phase() != Phase::PreHooks)
            .collect();
        wait_ready(cluster, discovery, &objects, deadline, reporter, false).await?;
    }
    run_hooks(cluster, discovery, &post_hooks, deadline, reporter).await
}

/// Runs hooks as Helm does: by weight (they come sorted), each weight's hooks
/// deleted if they exist from an earlier run, created, and waited on (a Job
/// until it completes) before the next weight; then deleted if their
/// `helm.sh/hook-delete-policy` says `hook-succeeded`, or on failure
/// `hook-failed`.
async fn run_hooks(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    hooks: &[Target<'_>],
    deadline: Instant,
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    let weight = |o: &Target| crate::kinds::hook_weight(o.manifest);
    for group in hooks.chunk_by(|a, b| weight(a) == weight(b)) {
        for hook in group {
            let resource = hook.resource(discovery)?;
            let existing = cluster
                .get(resource, hook.namespace, hook.name)
                .await
                .map_err(|source| hook.failed(source))?;
            if existing.is_some() {
                cluster
                    .delete(resource, hook.namespace, hook.name)
                    .await
                    .map_err(|source| hook.failed(source))?;
                wait_gone(cluster, resource, hook, deadline).await?;
            }
            write(cluster, discovery, *hook).await?;
            reporter.event(Event::Applied {
                object: hook.shown(),
                action: Action::Create,
            });
        }
        let outcome = wait_ready(cluster, discovery, group, deadline, reporter, true).await;
        let policy = if outcome.is_ok() {
            "hook-succeeded"
        } else {
            "hook-failed"
        };
        for hook in group
            .iter()
            .filter(|h| has_delete_policy(h.manifest, policy))
        {
            let resource = hook.resource(discovery)?;
            cluster
                .delete(resource, hook.namespace, hook.name)
                .await
                .map_err(|source| hook.failed(source))?;
            reporter.event(Event::Deleted {
                object: hook.shown(),
            });
        }
        outcome?;
    }
    Ok(())
}

fn has_delete_policy(manifest: &Manifest, policy: &str) -> bool {
    manifest
        .pointer("/metadata/annotations")
        .and_then(|a| a.get(crate::helm::hooks::HOOK_DELETE_POLICY_ANNOTATION))
        .and_then(Manifest::as_str)
        .is_some_and(|list| {
            list.split(',')
                .any(|p| p.trim().eq_ignore_ascii_case(policy))
        })
}

/// Why a hook has failed for good: a Job with a `Failed` condition, a Pod
/// in phase `Failed`.
fn hook_failure(live: &Value) -> Option<String> {
    let kind = live.get("kind").and_then(Value::as_str)?;
    match kind {
        "Job" => live
            .pointer("/status/conditions")
            .and_then(Value::as_array)?
            .iter()
            .find(|c| c["type"] == "Failed" && c["status"] == "True")
            .map(|c| {
                let reason = c["reason"].as_str().unwrap_or("failed");
                match c["message"].as_str() {
                    Some(message) => format!("{reason}: {message}"),
                    None => reason.to_string(),
                }
            }),
        "Pod" if live.pointer("/status/phase").and_then(Value::as_str) == Some("Failed") => {
            Some("the pod failed".to_string())
        }
        _ => None,
    }
}

/// Polls until a deleted object is gone.
async fn wait_gone(
    cluster: &impl ClusterAccess,
    resource: &Resource,
    object: &Target<'_>,
    deadline: Instant,
) -> Result<(), ApplyError> {
    let mut pause = Duration::from_millis(50);
    while cluster
        .get(resource, object.namespace, object.name)
        .await
        .map_err(|source| object.failed(source))?
        .is_some()
    {
        if Instant::now() >= deadline {
            return Err(ApplyError::Timeout {
                waiting: format!("{} to be deleted before it runs again", object.shown()),
            });
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(1));
    }
    Ok(())
}

/// Writes objects phase by phase, several at a time within a phase. CRDs are
/// awaited (until Established) before the first phase with an object of their
/// groups; phases before that are written while the API server establishes
/// them.
async fn write_phases(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    lock: &impl HeldLock,
    objects: &[Target<'_>],
    deadline: Instant,
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    let mut phases: BTreeMap<Phase, Vec<Target>> = BTreeMap::new();
    for object in objects {
        phases.entry(object.phase()).or_default().push(*object);
    }
    let definitions = phases.get(&Phase::Definitions).cloned().unwrap_or_default();
    let defined_groups: BTreeSet<&str> = definitions
        .iter()
        .filter_map(|crd| {
            crd.manifest
                .pointer("/spec/group")
                .and_then(Manifest::as_str)
        })
        .collect();
    let mut established = None;
    for (phase, objects) in &phases {
        lock.ensure_held()?;
        let uses_definitions = objects
            .iter()
            .any(|o| defined_groups.contains(group_of(o.api_version)));
        if uses_definitions && let Some(waiting) = established.take() {
            outcome(waiting).await?;
        }
        let written = async {
            if matches!(phase, Phase::PreHooks | Phase::PostHooks) {
                return run_hooks(cluster, discovery, objects, deadline, reporter).await;
            }
            futures::stream::iter(objects.iter().copied())
                .map(|object| async move {
                    write(cluster, discovery, object).await?;
                    reporter.event(Event::Applied {
                        object: object.shown(),
                        action: object.action,
                    });
                    Ok::<_, ApplyError>(())
                })
                .buffer_unordered(cluster.concurrency())
                .try_collect::<Vec<()>>()
                .await
                .map(drop)
        };
        match established.as_mut() {
            Some(waiting) => {
                while_driving(written, waiting).await?;
                // CRDs that failed to be established stop the apply here.
                if let futures::future::MaybeDone::Done(Err(_)) = waiting {
                    outcome(established.take().expect("just matched")).await?;
                }
            }
            None => written.await?,
        }
        if *phase == Phase::Definitions {
            // Custom resources need their CRDs established, whatever --wait says.
            established = Some(futures::future::maybe_done(Box::pin(wait_ready(
                cluster,
                discovery,
                &definitions,
                deadline,
                reporter,
                false,
            ))));
        }
    }
    match established {
        Some(waiting) => outcome(waiting).await,
        None => Ok(()),
    }
}

/// The result of a future driven by [`while_driving`], finishing it if needed.
async fn outcome<F: Future + Unpin>(mut future: futures::future::MaybeDone<F>) -> F::Output {
    (&mut future).await;
    std::pin::Pin::new(&mut future)
        .take_output()
        .expect("a finished future keeps its output until taken")
}

/// Runs `work` to completion while also driving `background` along (which may
/// finish first, keeping its result, or later).
async fn while_driving<T, B: Future + Unpin>(
    work: impl Future<Output = T>,
    background: &mut futures::future::MaybeDone<B>,
) -> T {
    let mut work = std::pin::pin!(work);
    std::future::poll_fn(|cx| {
        let _ = std::pin::Pin::new(&mut *background).poll(cx);
        work.as_mut().poll(cx)
    })
    .await
}

async fn write(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    object: Target<'_>,
) -> Result<(), ApplyError> {
    let resource = object.resource(discovery)?;
    cluster
        .apply(resource, object.namespace, object.name, object.manifest)
        .await
        .map_err(|source| object.failed(source))?;
    Ok(())
}

/// Deletes objects in the order given, several at a time within each run of
/// objects of one phase.
async fn delete_all(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    objects: &[Target<'_>],
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    for run in objects.chunk_by(|a, b| a.phase() == b.phase()) {
        futures::stream::iter(run.iter().copied())
            .map(|object| async move {
                let resource = object.resource(discovery)?;
                cluster
                    .delete(resource, object.namespace, object.name)
                    .await
                    .map_err(|source| object.failed(source))?;
                reporter.event(Event::Deleted {
                    object: object.shown(),
                });
                Ok::<_, ApplyError>(())
            })
            .buffer_unordered(cluster.concurrency())
            .try_collect::<Vec<()>>()
            .await?;
    }
    Ok(())
}

/// `--atomic`: puts the previous revision's objects back as they were applied
/// (server-side apply with the same field manager drops what the failed
/// attempt added, and recreates what it pruned), then deletes the objects the
/// failed attempt created that the previous revision did not have. Returns
/// what restoring did, for the error.
async fn restore(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    store: &impl ReleaseStorage,
    lock: &impl HeldLock,
    plan: &Plan,
    previous: Option<&Summary>,
    reporter: &dyn Reporter,
) -> String {
    reporter.event(Event::Restoring {
        revision: previous.map(|s| s.revision),
    });
    let outcome = async {
        let objects: Vec<Object> = match previous {
            Some(summary) => {
                let record = store.load(&plan.release.id(), summary.revision).await?;
                kept_objects(&record.plan)
            }
            None => Vec::new(),
        };
        let kept: BTreeSet<ObjectKey> = objects.iter().map(Object::key).collect();
        let restored: Vec<Target> = objects.iter().map(Target::from).collect();
        // The CRDs it puts back get as long as an apply's own wait.
        let deadline = Instant::now() + ApplyOptions::default().timeout;
        write_phases(cluster, discovery, lock, &restored, deadline, reporter).await?;
        let created: Vec<Target> = plan
            .objects
            .iter()
            .rev()
            .filter(|o| o.action == Action::Create && !kept.contains(&o.key()))
            .map(Target::from)
            .collect();
        delete_all(cluster, discovery, &created, reporter).await
    }
    .await;
    match (previous, outcome) {
        (Some(summary), Ok(())) => format!("restored revision {}", summary.revision),
        (None, Ok(())) => "deleted the objects this attempt created".to_string(),
        (_, Err(restore_error)) => format!("restoring failed too: {restore_error}"),
    }
}

/// Polls until every object is ready (or readiness does not apply to it).
async fn wait_ready(
    cluster: &impl ClusterAccess,
    discovery: &Discovery,
    objects: &[Target<'_>],
    deadline: Instant,
    reporter: &dyn Reporter,
    hooks: bool,
) -> Result<(), ApplyError> {
    let mut pending: Vec<Target> = objects.to_vec();
    let mut last_reason: BTreeMap<String, String> = BTreeMap::new();
    // CRDs are established within a fraction of a second: poll soon, then back off.
    let mut pause = Duration::from_millis(50);
    loop {
        let mut still = Vec::new();
        let lives: Vec<Option<serde_json::Value>> = futures::stream::iter(pending.iter().copied())
            .map(|object| async move {
                let resource = object.resource(discovery)?;
                Ok::<_, ApplyError>(cluster.get(resource, object.namespace, object.name).await?)
            })
            .buffered(cluster.concurrency())
            .try_collect()
            .await?;
        for (object, live) in pending.into_iter().zip(lives) {
            match live.as_ref().map(readiness) {
                Some(Readiness::Ready) => reporter.event(Event::Ready {
                    object: object.shown(),
                }),
                Some(Readiness::NotApplicable) => {}
                Some(Readiness::NotReady(reason)) => {
                    // A hook that failed (a Job, a Pod) will not recover: say so now.
                    if hooks && let Some(failure) = live.as_ref().and_then(hook_failure) {
                        return Err(ApplyError::HookFailed {
                            object: object.shown(),
                            reason: failure,
                        });
                    }
                    if last_reason.get(&object.shown()) != Some(&reason) {
                        reporter.event(Event::Waiting {
                            object: object.shown(),
                            reason: reason.clone(),
                        });
                        last_reason.insert(object.shown(), reason);
                    }
                    still.push(object);
                }
                None => {
                    last_reason.insert(object.shown(), "it does not exist".to_string());
                    still.push(object);
                }
            }
        }
        if still.is_empty() {
            return Ok(());
        }
        if Instant::now() >= deadline {
            let waiting = still
                .iter()
                .map(|o| {
                    format!(
                        "{} ({})",
                        o.shown(),
                        last_reason
                            .get(&o.shown())
                            .map_or("not ready", String::as_str)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(ApplyError::Timeout { waiting });
        }
        pending = still;
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(500));
    }
}

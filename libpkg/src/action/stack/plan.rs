//! Planning a stack: every release fetched, then planned level by level;
//! releases the stack's journal holds but its file no longer declares are
//! named, or with `--prune` planned for uninstalling.

use std::collections::{BTreeMap, BTreeSet};

use super::{StackActionError, records, resolved, session_for};
use crate::action::{
    ImageCheck, InstallOptions, PlanError, Session, Sessions, UninstallOptions, UpgradeFrom,
    UpgradeOptions, plan_install, plan_uninstall, plan_upgrade,
};
use crate::manifest::Manifest;
use crate::object::ObjectKey;
use crate::plan::{Action, Plan, ReleaseId};
use crate::requirements::{Observations, ObservedApi, ObservedRelease, Provider, ReleaseRef};
use crate::source::Fetched;
use crate::stack::journal::Member;
use crate::stack::plan::{BASE_RELEASES, ReleasePlan, SharedRelease, StackPlan, StackTarget};
use crate::stack::{Stack, StackError, StackLock, StackRelease};

/// How to plan a stack's releases.
#[derive(Debug, Clone, Default)]
pub struct StackOptions {
    /// Whether images are looked up in their registries first.
    pub images: ImageCheck,
    /// Only these releases and what they need (`--only`); empty: all.
    pub only: Vec<String>,
    /// Uninstall the releases the stack holds that its file no longer
    /// declares (`--prune`), after every other release.
    pub prune: bool,
    /// The stack's lock, when every release must resolve as it records
    /// (`--locked`): otherwise nothing is planned, and every release that
    /// differs is named.
    pub lock: Option<StackLock>,
}

/// Plans every release of `stack`, level by level; `fetch` resolves and
/// pins a release's package with its values, as the caller's settings say,
/// for an installed release from what its upgrade starts from (an
/// operator's installed bundle and channel: [`UpgradeFrom`]), as `upgrade`
/// does.
/// The stack's journal says which releases it holds that the file no
/// longer declares: the plan names them, or uninstalls them with `prune`.
pub async fn plan_stack<E>(
    stack: &Stack,
    sessions: &Sessions,
    fetch: impl AsyncFn(&StackRelease, &UpgradeFrom) -> Result<Fetched, E>,
    options: &StackOptions,
) -> Result<StackPlan, StackActionError<E>> {
    if options.prune && !options.only.is_empty() {
        return Err(StackActionError::PruneWithOnly);
    }
    let sessions = &sharing_access_answers(sessions);
    let subset;
    let stack = if options.only.is_empty() {
        stack
    } else {
        let taken = (stack
            .closure(&options.only)
            .map_err(|e| StackActionError::Stack(Box::new(e)))?)
        .into_iter()
        .cloned()
        .collect();
        subset = Stack {
            releases: taken,
            ..stack.clone()
        };
        &subset
    };
    let journal = records(sessions, &stack.namespace)?
        .read(&stack.name, stack.environment.as_deref())
        .await?
        .journal;
    let not_declared = match options.only.is_empty() {
        true => journal.not_declared(stack),
        false => Vec::new(),
    };
    let shared = shared_releases(stack, sessions, "change").await?;
    let fetched = fetch_all(stack, sessions, fetch, options.lock.as_ref()).await?;
    let stack = &with_required_releases(stack, &fetched)?;
    let creators = namespace_creators(stack, sessions).await?;
    let stack = &with_namespace_creators(stack, &creators);
    let levels = stack.levels();
    let mut planned: Vec<ReleasePlan> = Vec::with_capacity(stack.releases.len());
    for level in &levels {
        let plans = plan_level(level, &planned, &fetched, sessions, &creators, options).await?;
        planned.extend(plans);
    }
    refuse_shared_objects(&planned)?;
    let mut order: Vec<Vec<String>> = (levels.iter())
        .map(|level| level.iter().map(|r| r.name.clone()).collect())
        .collect();
    let not_declared = if options.prune {
        let pruned = plan_uninstalls(&not_declared, sessions, &BTreeSet::new()).await?;
        if !pruned.is_empty() {
            order.push(pruned.iter().map(|r| r.name.clone()).collect());
        }
        planned.extend(pruned);
        Vec::new()
    } else {
        not_declared
    };
    let target = StackTarget {
        name: stack.name.clone(),
        environment: stack.environment.clone(),
        namespace: stack.namespace.clone(),
        only: options.only.clone(),
        prune: options.prune,
    };
    Ok(StackPlan::new(target, order, planned, not_declared).sharing(shared))
}

/// The releases of `stack` that other environments' journals hold too
/// (the base releases count as one): refused unless the file marks them
/// `shared: true`, which the plan then records. `verb` says what the plan
/// would do to them.
async fn shared_releases<E>(
    stack: &Stack,
    sessions: &Sessions,
    verb: &'static str,
) -> Result<Vec<SharedRelease>, StackActionError<E>> {
    let records = records(sessions, &stack.namespace)?;
    let others = std::iter::once(None)
        .chain(stack.environments.iter().map(|e| Some(e.as_str())))
        .filter(|scope| *scope != stack.environment.as_deref());
    let mut held: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for scope in others {
        let journal = records.read(&stack.name, scope).await?.journal;
        for release in &stack.releases {
            if journal.members.contains(&member(release)) {
                let by = scope.unwrap_or(BASE_RELEASES).to_string();
                held.entry(release.name.as_str()).or_default().push(by);
            }
        }
    }
    let mut shared = Vec::new();
    for release in &stack.releases {
        let Some(held_by) = held.remove(release.name.as_str()) else {
            continue;
        };
        if !release.shared {
            return Err(StackActionError::HeldElsewhere {
                release: release.name.clone(),
                namespace: release.namespace.clone(),
                held_by,
                verb,
            });
        }
        shared.push(SharedRelease {
            name: release.name.clone(),
            held_by,
            kept: false,
        });
    }
    Ok(shared)
}

/// The sessions, each a clone whose access answers the releases planned
/// with it share: releases in one namespace ask the same questions, and all
/// ask about the cluster-wide kinds they have in common.
fn sharing_access_answers(sessions: &Sessions) -> Sessions {
    (sessions.iter())
        .map(|(context, session)| (context.clone(), session.sharing_access_answers()))
        .collect()
}

/// Refuses two releases of the stack that would both write one object:
/// each release plans against the cluster as it is, so neither sees the
/// other's object, and the later apply would take it over.
fn refuse_shared_objects<E>(planned: &[ReleasePlan]) -> Result<(), StackActionError<E>> {
    let mut writers: BTreeMap<(&Option<String>, String), &str> = BTreeMap::new();
    for release in planned {
        let written = (release.plan.objects.iter()).filter(|o| o.action != Action::Delete);
        for object in written {
            let key = (&release.context, object.key().to_string());
            if let Some(first) = writers.insert(key.clone(), &release.name) {
                return Err(StackActionError::SharedObject {
                    object: key.1,
                    first: first.to_string(),
                    second: release.name.clone(),
                });
            }
        }
    }
    Ok(())
}

/// Every release's package, fetched concurrently, by release name.
async fn fetch_all<E>(
    stack: &Stack,
    sessions: &Sessions,
    fetch: impl AsyncFn(&StackRelease, &UpgradeFrom) -> Result<Fetched, E>,
    lock: Option<&StackLock>,
) -> Result<BTreeMap<String, Fetched>, StackActionError<E>> {
    let fetches = futures::future::join_all(stack.releases.iter().map(|release| async {
        let session = session_for(sessions, &release.name, &release.context)?;
        let id = release.id();
        let from = (UpgradeFrom::read(session.releases(), &id).await)
            .map_err(|source| StackActionError::Plan {
                release: release.name.clone(),
                source: Box::new(source),
            })?
            .unwrap_or_default();
        fetch(release, &from)
            .await
            .map_err(|source| StackActionError::Fetch {
                release: release.name.clone(),
                source,
            })
            .map(|fetched| (release.name.clone(), fetched))
    }));
    let fetched: Vec<_> = fetches.await;
    if let Some(lock) = lock {
        let environment = stack.environment.as_deref();
        let differing: Vec<StackError> = (fetched.iter().flatten())
            .filter_map(|(name, fetched)| lock.check(environment, name, &resolved(fetched)).err())
            .collect();
        if !differing.is_empty() {
            return Err(StackActionError::Unlocked {
                lock: lock.file.clone(),
                differing,
            });
        }
    }
    fetched.into_iter().collect()
}

/// Plans one level's releases concurrently, with what earlier levels
/// (`planned`) install counted: their CRDs' kinds served, their releases
/// meeting requirements.
async fn plan_level<E>(
    level: &[&StackRelease],
    planned: &[ReleasePlan],
    fetched: &BTreeMap<String, Fetched>,
    sessions: &Sessions,
    creators: &BTreeMap<String, String>,
    options: &StackOptions,
) -> Result<Vec<ReleasePlan>, StackActionError<E>> {
    let seed = crds_of(planned.iter().map(|r| &r.plan));
    let earlier = planned_observations(planned);
    let plans = futures::future::join_all(level.iter().map(|release| {
        let mut fetched = fetched[&release.name].clone();
        fetched.source.requirements.planned = earlier.clone();
        if release.skip_requirements {
            fetched.source.requirements.skip = true;
        }
        let seed = &seed;
        async move {
            let session = session_for(sessions, &release.name, &release.context)?;
            let creator = creators.get(&release.name).cloned();
            let plan = plan_release(session, release, &fetched, seed, creator, options)
                .await
                .map_err(|source| {
                    let release = release.name.clone();
                    let source = Box::new(source);
                    match *source {
                        PlanError::RequirementsUnmet { .. } => {
                            StackActionError::RequirementsUnmet { release, source }
                        }
                        _ => StackActionError::Plan { release, source },
                    }
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
    plans.into_iter().collect()
}

/// Plans uninstalling every installed release of `stack`, dependents
/// first: the releases by level from the last, each one's plan as
/// `uninstall` makes it; a release with no deployed revision (or no
/// record) is left out. A release's `needs` in the plan are the releases
/// that need it, so one whose dependent fails to uninstall stays.
pub async fn plan_stack_uninstall(
    stack: &Stack,
    sessions: &Sessions,
) -> Result<StackPlan, StackActionError<std::convert::Infallible>> {
    let sessions = &sharing_access_answers(sessions);
    let mut shared = shared_releases(stack, sessions, "uninstall").await?;
    for release in &mut shared {
        release.kept = true;
    }
    let kept = |release: &StackRelease| shared.iter().any(|s| s.name == release.name);
    let mut order: Vec<Vec<String>> = Vec::new();
    let mut planned: Vec<ReleasePlan> = Vec::new();
    // What the levels planned so far delete, before the next level's
    // uninstall runs: its CRDs are not kept for their custom resources.
    let mut deleted = BTreeSet::new();
    for level in stack.levels().into_iter().rev() {
        let members: Vec<Member> = (level.iter())
            .filter(|r| !kept(r))
            .map(|r| member(r))
            .collect();
        let mut names = Vec::new();
        for mut release in plan_uninstalls(&members, sessions, &deleted).await? {
            release.needs = (stack.releases.iter())
                .filter(|other| other.needs.contains(&release.name))
                .filter(|other| planned.iter().any(|p| p.name == other.name))
                .map(|other| other.name.clone())
                .collect();
            names.push(release.name.clone());
            deleted.extend(
                (release.plan.objects.iter())
                    .filter(|o| o.action == Action::Delete)
                    .map(|o| o.key()),
            );
            planned.push(release);
        }
        if !names.is_empty() {
            order.push(names);
        }
    }
    let target = StackTarget {
        name: stack.name.clone(),
        environment: stack.environment.clone(),
        namespace: stack.namespace.clone(),
        only: Vec::new(),
        prune: false,
    };
    Ok(StackPlan::new(target, order, planned, Vec::new()).sharing(shared))
}

/// A stack release as its journal would hold it.
fn member(release: &StackRelease) -> Member {
    let ReleaseId { namespace, name } = release.id();
    Member {
        name,
        namespace,
        context: release.context.clone(),
    }
}

/// Uninstall plans of `releases`, concurrently; those not installed (no
/// deployed revision, or no record) are left out.
async fn plan_uninstalls<E>(
    releases: &[Member],
    sessions: &Sessions,
    deleted_first: &BTreeSet<ObjectKey>,
) -> Result<Vec<ReleasePlan>, StackActionError<E>> {
    let plans = futures::future::join_all(releases.iter().map(|release| async move {
        let session = session_for(sessions, &release.name, &release.context)?;
        let options = UninstallOptions {
            release: ReleaseId::new(release.namespace.clone(), release.name.clone()),
            hooks: Default::default(),
            deleted_first: deleted_first.clone(),
        };
        match plan_uninstall(session, &options).await {
            Ok(plan) => Ok(Some(ReleasePlan {
                name: release.name.to_string(),
                needs: Vec::new(),
                context: release.context.clone(),
                plan,
            })),
            Err(PlanError::NotInstalled { .. }) => Ok(None),
            Err(source) => Err(StackActionError::Plan {
                release: release.name.to_string(),
                source: Box::new(source),
            }),
        }
    }))
    .await;
    let plans: Result<Vec<Option<ReleasePlan>>, _> = plans.into_iter().collect();
    Ok(plans?.into_iter().flatten().collect())
}

/// For releases that share a namespace the cluster does not have yet, the
/// release that creates it (the first in the stack's order), by each
/// other release's name: one Namespace create in the whole plan, not one
/// per release.
async fn namespace_creators<E>(
    stack: &Stack,
    sessions: &Sessions,
) -> Result<BTreeMap<String, String>, StackActionError<E>> {
    let mut by_namespace: BTreeMap<(&Option<String>, &str), Vec<&StackRelease>> = BTreeMap::new();
    for release in stack.levels().into_iter().flatten() {
        let key = (&release.context, release.namespace.as_str());
        by_namespace.entry(key).or_default().push(release);
    }
    let mut creators = BTreeMap::new();
    for ((context, namespace), releases) in by_namespace {
        let [creator, others @ ..] = releases.as_slice() else {
            continue;
        };
        if others.is_empty() {
            continue;
        }
        let session = session_for(sessions, &creator.name, context)?;
        // A user who may not read namespaces: each release's plan tells.
        if session
            .cluster()
            .namespace_exists(namespace)
            .await
            .unwrap_or(true)
        {
            continue;
        }
        for other in others {
            creators.insert(other.name.clone(), creator.name.clone());
        }
    }
    Ok(creators)
}

/// `stack` with each release whose namespace another creates needing that
/// release (the creator comes first in the order, so no cycle is made).
fn with_namespace_creators(stack: &Stack, creators: &BTreeMap<String, String>) -> Stack {
    let mut stack = stack.clone();
    for release in &mut stack.releases {
        if let Some(creator) = creators.get(&release.name)
            && !release.needs.contains(creator)
        {
            release.needs.push(creator.clone());
        }
    }
    stack
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

/// The CustomResourceDefinitions `plans` create or keep: their kinds are
/// served by the time later releases are applied.
fn crds_of<'a>(plans: impl Iterator<Item = &'a Plan>) -> Vec<Manifest> {
    plans
        .flat_map(Plan::crds)
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
            name: plan.release.name.to_string(),
            namespace: plan.release.namespace.to_string(),
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
                    .and_then(Manifest::as_str)
                    .map(str::to_string)
            };
            let (Some(group), Some(kind), Some(plural)) = (
                text("/spec/group"),
                text("/spec/names/kind"),
                text("/spec/names/plural"),
            ) else {
                continue;
            };
            let versions = crd.pointer("/spec/versions").and_then(Manifest::as_array);
            for version in versions.into_iter().flatten() {
                if let Some(version) = version.get("name").and_then(Manifest::as_str) {
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
    session: &Session,
    release: &StackRelease,
    fetched: &Fetched,
    seed: &[Manifest],
    namespace_created_by: Option<String>,
    options: &StackOptions,
) -> Result<Plan, PlanError> {
    let id = release.id();
    let upgrade = UpgradeOptions {
        images: options.images.clone(),
        seed_crds: seed.to_vec(),
        ..UpgradeOptions::new(id.clone())
    };
    // An upgrade reads the deployed revision first: not installed, it is an install.
    match plan_upgrade(session, fetched, &upgrade).await {
        Err(PlanError::NotInstalled { .. }) => {
            let install = InstallOptions {
                create_namespace: true,
                images: options.images.clone(),
                seed_crds: seed.to_vec(),
                namespace_created_by,
                ..InstallOptions::new(id)
            };
            plan_install(session, fetched, &install).await
        }
        planned => planned,
    }
}

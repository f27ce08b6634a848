//! One operation at a time on a release: a Lease named
//! `kubectl-pkg.lock.<release>` in the release namespace; and one apply at a
//! time of a stack: a Lease named `kubectl-pkg.stack-lock.<stack>[.<env>]`
//! where the stack keeps its record.
//!
//! Taking the lock creates the Lease; a second operation finds it and fails at
//! once, naming the holder and since when. The holder renews the Lease every
//! third of its duration while it works (reviewing a plan at the prompt
//! included), so a lock only goes stale when its holder is gone. A stale lock is
//! taken over, with a compare-and-swap on the Lease so that two contenders
//! cannot both win, when either
//! - it was not renewed for its duration ([`DEFAULT_DURATION`] unless the
//!   holder asked for another), or
//! - its holder ran on this machine (same boot, same PID namespace) and that
//!   process no longer exists: a command interrupted with Ctrl-C or killed does
//!   not block the next one on the same machine.
//!
//! Expiry compares the Lease's renew time with this machine's clock, so clocks
//! skewed by more than the duration can take a live lock over; keep clocks
//! synchronized, as Kubernetes itself requires.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use k8s_openapi::api::coordination::v1::{Lease, LeaseSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::MicroTime;
use k8s_openapi::jiff::{SignedDuration, Timestamp};
use kube::api::{Api, DeleteParams, ObjectMeta, PostParams, Preconditions};

use crate::cluster::{Cluster, ClusterError};
use crate::plan::ReleaseId;

/// How long a lock lasts without renewal.
pub const DEFAULT_DURATION: Duration = Duration::from_secs(60);
const ANNOTATION_OPERATION: &str = "kubectl-pkg.dev/lock-operation";
const ANNOTATION_PROCESS: &str = "kubectl-pkg.dev/lock-process";

/// The Lease name of a release's lock.
pub fn lease_name(release: &str) -> String {
    format!("kubectl-pkg.lock.{release}")
}

/// What a lock is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LockSubject {
    /// One release (its name).
    #[default]
    Release,
    /// A stack's apply, for one environment (`<stack>[.<env>]`).
    Stack,
}

impl LockSubject {
    fn lease_name(self, name: &str) -> String {
        match self {
            LockSubject::Release => lease_name(name),
            LockSubject::Stack => format!("kubectl-pkg.stack-lock.{name}"),
        }
    }

    fn label(self) -> &'static str {
        match self {
            LockSubject::Release => "kubectl-pkg.dev/release-name",
            LockSubject::Stack => "kubectl-pkg.dev/stack",
        }
    }
}

impl std::fmt::Display for LockSubject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LockSubject::Release => "release",
            LockSubject::Stack => "stack",
        })
    }
}

/// Who holds (or held) a release's lock, as recorded in its Lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockInfo {
    /// `user@host (pid N)`.
    pub holder: String,
    /// The operation it runs (`upgrade`, `apply`, …).
    pub operation: String,
    /// When it took the lock.
    pub since: Timestamp,
    /// When it last renewed the lock.
    pub renewed: Timestamp,
    /// How long the lock lasts without renewal.
    pub duration: Duration,
    /// Whether the lock may be taken over, and why.
    pub stale: Option<Staleness>,
}

impl LockInfo {
    /// When the lock expires unless renewed.
    pub fn expires(&self) -> Timestamp {
        self.renewed
            .saturating_add(SignedDuration::try_from(self.duration).unwrap_or(SignedDuration::MAX))
            .unwrap_or(Timestamp::MAX)
    }
}

/// Why a lock may be taken over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Staleness {
    /// Not renewed for its duration.
    Expired,
    /// Its holder ran on this machine and has exited.
    HolderGone,
}

impl std::fmt::Display for LockInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} by {} since {}",
            self.operation,
            self.holder,
            self.since.strftime("%Y-%m-%dT%H:%M:%SZ")
        )
    }
}

/// Why the lock could not be taken or kept.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another operation holds the lock.
    #[error(
        "{subject} {name:?} in namespace {namespace:?} is locked: {holder}; try again when it has finished (if that process died, the lock expires at {} and is then taken over)",
        holder.expires().strftime("%Y-%m-%dT%H:%M:%SZ")
    )]
    Held {
        /// What is locked.
        subject: LockSubject,
        /// Release (or stack) name.
        name: String,
        /// Release namespace.
        namespace: String,
        /// The holder.
        holder: Box<LockInfo>,
    },
    /// Another operation took the lock over while this one held it (this one
    /// could not renew it in time).
    #[error(
        "lost the lock of {subject} {name:?} in namespace {namespace:?} to another operation; stopped before the next step"
    )]
    Lost {
        /// What was locked.
        subject: LockSubject,
        /// Release (or stack) name.
        name: String,
        /// Release namespace.
        namespace: String,
    },
    /// The API server failed.
    #[error("locking release")]
    Cluster(#[from] ClusterError),
}

/// A held lock, renewed in the background until [`release`](Self::release)d.
#[derive(Debug)]
pub struct ReleaseLock {
    api: Api<Lease>,
    subject: LockSubject,
    namespace: String,
    name: String,
    lease: Arc<Mutex<Lease>>,
    held: Arc<std::sync::atomic::AtomicBool>,
    renewer: tokio::task::JoinHandle<()>,
    taken_over: Option<LockInfo>,
}

/// Who is taking a lock and for what.
#[derive(Debug, Clone)]
pub struct LockRequest<'a> {
    /// Release namespace.
    pub namespace: &'a str,
    /// Release name (for a stack: `<stack>[.<env>]`).
    pub name: &'a str,
    /// What is locked: a release unless said otherwise.
    pub subject: LockSubject,
    /// The operation, shown to whoever finds the lock taken.
    pub operation: &'a str,
    /// How long the lock lasts without renewal.
    pub duration: Duration,
}

impl ReleaseLock {
    /// Takes the lock of a release, or fails at once with [`LockError::Held`].
    pub async fn acquire(
        cluster: &Cluster,
        request: &LockRequest<'_>,
    ) -> Result<ReleaseLock, LockError> {
        let api: Api<Lease> = Api::namespaced(cluster.client().clone(), request.namespace);
        let lease_name = request.subject.lease_name(request.name);
        let held_by = |holder: LockInfo| LockError::Held {
            subject: request.subject,
            name: request.name.to_string(),
            namespace: request.namespace.to_string(),
            holder: Box::new(holder),
        };
        // Three rounds cover a lock released or taken over between our reads.
        for _ in 0..3 {
            let mine = new_lease(&lease_name, request, None);
            match api.create(&PostParams::default(), &mine).await {
                Ok(lease) => return Ok(Self::start(api, request, lease, None)),
                Err(error) if status_code(&error) == Some(409) => {}
                Err(error) => return Err(ClusterError::from(error).into()),
            }
            let Some(theirs) = api.get_opt(&lease_name).await.map_err(ClusterError::from)? else {
                continue;
            };
            let info = lock_info(&theirs);
            if info.stale.is_none() {
                return Err(held_by(info));
            }
            let takeover = new_lease(&lease_name, request, Some(&theirs));
            match api
                .replace(&lease_name, &PostParams::default(), &takeover)
                .await
            {
                Ok(lease) => return Ok(Self::start(api, request, lease, Some(info))),
                Err(error) if matches!(status_code(&error), Some(409 | 404)) => {}
                Err(error) => return Err(ClusterError::from(error).into()),
            }
        }
        match api.get_opt(&lease_name).await.map_err(ClusterError::from)? {
            Some(theirs) => Err(held_by(lock_info(&theirs))),
            None => Err(LockError::Cluster(ClusterError::Api {
                code: 409,
                reason: "Conflict".to_string(),
                message: format!("the lock {lease_name} keeps changing; try again"),
            })),
        }
    }

    /// Who holds the lock of a release now, if anyone.
    pub async fn inspect(
        cluster: &Cluster,
        release: &ReleaseId,
    ) -> Result<Option<LockInfo>, ClusterError> {
        Self::inspect_subject(
            cluster,
            LockSubject::Release,
            &release.namespace,
            &release.name,
        )
        .await
    }

    /// Who holds a release's or a stack's lock now, if anyone.
    pub async fn inspect_subject(
        cluster: &Cluster,
        subject: LockSubject,
        namespace: &str,
        name: &str,
    ) -> Result<Option<LockInfo>, ClusterError> {
        let api: Api<Lease> = Api::namespaced(cluster.client().clone(), namespace);
        let lease = api.get_opt(&subject.lease_name(name)).await?;
        Ok(lease.map(|l| lock_info(&l)))
    }

    fn start(
        api: Api<Lease>,
        request: &LockRequest<'_>,
        lease: Lease,
        taken_over: Option<LockInfo>,
    ) -> ReleaseLock {
        let lease = Arc::new(Mutex::new(lease));
        let held = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let renewer = tokio::spawn(renew(
            api.clone(),
            lease.clone(),
            held.clone(),
            request.duration,
        ));
        ReleaseLock {
            api,
            subject: request.subject,
            namespace: request.namespace.to_string(),
            name: request.name.to_string(),
            lease,
            held,
            renewer,
            taken_over,
        }
    }

    /// The release namespace.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The release name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The stale lock this one replaced, if it took one over.
    pub fn taken_over(&self) -> Option<&LockInfo> {
        self.taken_over.as_ref()
    }

    /// Fails if the lock was lost: someone took it over because it was not renewed.
    pub fn ensure_held(&self) -> Result<(), LockError> {
        if self.held.load(std::sync::atomic::Ordering::SeqCst) {
            Ok(())
        } else {
            Err(LockError::Lost {
                subject: self.subject,
                name: self.name.clone(),
                namespace: self.namespace.clone(),
            })
        }
    }

    /// Releases the lock: deletes the Lease if it is still ours.
    pub async fn release(mut self) -> Result<(), LockError> {
        self.renewer.abort();
        // Wait for the renewer to stop, so the resourceVersion below is final.
        let _ = (&mut self.renewer).await;
        if !self.held.load(std::sync::atomic::Ordering::SeqCst) {
            return Ok(());
        }
        let (lease_name, version) = {
            let lease = self.lease.lock().expect("lock state");
            (
                lease.metadata.name.clone().unwrap_or_default(),
                lease.metadata.resource_version.clone(),
            )
        };
        let params = DeleteParams {
            preconditions: Some(Preconditions {
                resource_version: version,
                uid: None,
            }),
            ..DeleteParams::default()
        };
        match self.api.delete(&lease_name, &params).await {
            Ok(_) => Ok(()),
            // Gone, or changed hands after all: not ours to delete.
            Err(error) if matches!(status_code(&error), Some(404 | 409)) => Ok(()),
            Err(error) => Err(ClusterError::from(error).into()),
        }
    }
}

impl Drop for ReleaseLock {
    /// A lock dropped without [`release`](Self::release) stops being renewed and expires.
    fn drop(&mut self) {
        self.renewer.abort();
    }
}

/// Renews the Lease every third of its duration; gives up (and marks the lock
/// lost) when someone else replaced it or the duration passed without a renewal.
async fn renew(
    api: Api<Lease>,
    lease: Arc<Mutex<Lease>>,
    held: Arc<std::sync::atomic::AtomicBool>,
    duration: Duration,
) {
    let mut last_renewal = tokio::time::Instant::now();
    loop {
        tokio::time::sleep(duration / 3).await;
        let mut renewed = lease.lock().expect("lock state").clone();
        let spec = renewed.spec.get_or_insert_with(LeaseSpec::default);
        spec.renew_time = Some(MicroTime(Timestamp::now()));
        let name = renewed.metadata.name.clone().unwrap_or_default();
        match api.replace(&name, &PostParams::default(), &renewed).await {
            Ok(now) => {
                *lease.lock().expect("lock state") = now;
                last_renewal = tokio::time::Instant::now();
            }
            Err(error) if matches!(status_code(&error), Some(409 | 404)) => {
                held.store(false, std::sync::atomic::Ordering::SeqCst);
                return;
            }
            Err(error) => {
                tracing::warn!("could not renew the release lock {name}: {error}");
                if last_renewal.elapsed() >= duration {
                    held.store(false, std::sync::atomic::Ordering::SeqCst);
                    return;
                }
            }
        }
    }
}

fn status_code(error: &kube::Error) -> Option<u16> {
    match error {
        kube::Error::Api(status) => Some(status.code),
        _ => None,
    }
}

/// Our Lease; replacing `previous` (a stale lock) keeps its resourceVersion for the swap.
fn new_lease(name: &str, request: &LockRequest<'_>, previous: Option<&Lease>) -> Lease {
    let now = MicroTime(Timestamp::now());
    let transitions = previous
        .and_then(|p| p.spec.as_ref())
        .and_then(|s| s.lease_transitions)
        .map_or(0, |t| t + 1);
    Lease {
        metadata: ObjectMeta {
            name: Some(name.to_string()),
            namespace: Some(request.namespace.to_string()),
            resource_version: previous.and_then(|p| p.metadata.resource_version.clone()),
            labels: Some(BTreeMap::from([
                ("owner".to_string(), "kubectl-pkg".to_string()),
                (
                    request.subject.label().to_string(),
                    request.name.to_string(),
                ),
            ])),
            annotations: Some(
                [(ANNOTATION_OPERATION, Some(request.operation.to_string()))]
                    .into_iter()
                    .chain([(ANNOTATION_PROCESS, this_process::id())])
                    .filter_map(|(k, v)| Some((k.to_string(), v?)))
                    .collect(),
            ),
            ..ObjectMeta::default()
        },
        spec: Some(LeaseSpec {
            holder_identity: Some(this_process::holder()),
            lease_duration_seconds: Some(
                i32::try_from(request.duration.as_secs().max(1)).unwrap_or(i32::MAX),
            ),
            acquire_time: Some(now.clone()),
            renew_time: Some(now),
            lease_transitions: Some(transitions),
            ..LeaseSpec::default()
        }),
    }
}

fn lock_info(lease: &Lease) -> LockInfo {
    let spec = lease.spec.clone().unwrap_or_default();
    let annotation = |key: &str| {
        lease
            .metadata
            .annotations
            .as_ref()
            .and_then(|a| a.get(key))
            .cloned()
    };
    let since = spec.acquire_time.map_or(Timestamp::UNIX_EPOCH, |t| t.0);
    let renewed = spec.renew_time.map_or(since, |t| t.0);
    let duration = Duration::from_secs(
        spec.lease_duration_seconds
            .and_then(|s| u64::try_from(s).ok())
            .unwrap_or(DEFAULT_DURATION.as_secs()),
    );
    let mut info = LockInfo {
        holder: spec
            .holder_identity
            .unwrap_or_else(|| "unknown".to_string()),
        operation: annotation(ANNOTATION_OPERATION).unwrap_or_else(|| "an operation".to_string()),
        since,
        renewed,
        duration,
        stale: None,
    };
    info.stale = if info.expires() <= Timestamp::now() {
        Some(Staleness::Expired)
    } else if annotation(ANNOTATION_PROCESS).is_some_and(|p| this_process::is_gone(&p)) {
        Some(Staleness::HolderGone)
    } else {
        None
    };
    info
}

/// This process, as recorded in a lock, and whether a recorded process is gone.
mod this_process {
    /// `user@host (pid N)`, for people.
    pub fn holder() -> String {
        let user = std::env::var("USER")
            .or_else(|_| std::env::var("USERNAME"))
            .unwrap_or_else(|_| "unknown".to_string());
        format!("{user}@{} (pid {})", host(), std::process::id())
    }

    fn host() -> String {
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .or_else(|| std::env::var("COMPUTERNAME").ok())
            .unwrap_or_else(|| "unknown-host".to_string())
    }

    /// `<boot id>/<pid namespace>/<pid>/<start time>`: a process no other
    /// machine, container or later process can share. Linux only.
    pub fn id() -> Option<String> {
        let pid = std::process::id();
        Some(format!("{}/{pid}/{}", machine()?, start_time(pid)?))
    }

    /// The boot and PID namespace whose processes `/proc` shows.
    fn machine() -> Option<String> {
        let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
        let namespace = std::fs::read_link("/proc/self/ns/pid").ok()?;
        Some(format!("{}/{}", boot.trim(), namespace.display()))
    }

    /// The process's start time in clock ticks since boot (field 22 of `stat`).
    fn start_time(pid: u32) -> Option<String> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name (field 2) may contain spaces; it ends at the last ')'.
        let after_name = &stat[stat.rfind(')')? + 1..];
        after_name.split_whitespace().nth(19).map(str::to_string)
    }

    /// Whether `recorded` names a process of this machine that no longer runs.
    pub fn is_gone(recorded: &str) -> bool {
        let Some((machine_part, rest)) = recorded.rsplit_once('/').and_then(|(head, start)| {
            let (machine_part, pid) = head.rsplit_once('/')?;
            Some((machine_part, (pid, start)))
        }) else {
            return false;
        };
        if machine().as_deref() != Some(machine_part) {
            return false;
        }
        let (pid, start) = rest;
        match pid.parse::<u32>() {
            Ok(pid) => start_time(pid).as_deref() != Some(start),
            Err(_) => false,
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn this_process_is_not_gone_and_a_dead_one_is() {
            let Some(me) = super::id() else {
                return; // not Linux: liveness is not checked, only expiry
            };
            assert!(!super::is_gone(&me), "{me}");
            let (head, _start) = me.rsplit_once('/').unwrap();
            assert!(super::is_gone(&format!("{head}/1")), "another start time");
            let (machine, _pid) = head.rsplit_once('/').unwrap();
            assert!(
                super::is_gone(&format!("{machine}/4194304/1")),
                "no such pid"
            );
            assert!(!super::is_gone("another-boot/pid:[1]/1/1"), "other machine");
            assert!(!super::is_gone("garbage"));
        }
    }
}

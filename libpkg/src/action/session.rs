//! What every operation works with, as one value: access to one cluster,
//! the release storage in it, and the reporter that hears what happens.
//! Helm's `action.Configuration` in spirit: built once, passed to every
//! `plan_*`, to [`run`](super::run), [`apply`](super::apply()) and (one per
//! kubeconfig context, [`Sessions`]) to the stack operations, so no
//! operation is handed a cluster and a store that disagree.
//!
//! What the orchestration ([`run`](super::run), [`apply`](super::apply()),
//! the drift check, the stack apply with its journal and lock) needs of the
//! cluster and of the release storage is a trait each, [`ClusterAccess`] and
//! [`ReleaseStorage`], implemented by [`Cluster`] and [`ReleaseStore`] and,
//! for tests without a cluster, by the in-memory fakes of
//! `action::testing` (cargo feature `test-support`). Planning against a
//! cluster (`plan_install` and the others) reads far more of it (discovery,
//! OpenAPI, access reviews, dry runs) and takes the real [`Session`].

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::sync::Arc;

use serde_json::Value;

use super::{Reporter, Silent};
use crate::cluster::{Cluster, ClusterError, Discovery, Resource};
use crate::helm::release::HelmRelease;
use crate::manifest::Manifest;
use crate::names::Namespace;
use crate::plan::{Plan, ReleaseId};
use crate::release::helm::{HelmRecords, HelmRecordsError};
use crate::release::proposal::{ProposalError, ProposalStore};
use crate::release::stack_record::{JournalEntry, StackRecordError, StackRecords};
use crate::release::{
    LockError, LockInfo, LockRequest, Record, ReleaseError, ReleaseLock, ReleaseStore, Status,
    Summary,
};

/// What operations do to a cluster's objects and locks.
pub trait ClusterAccess: Send + Sync {
    /// A lock this cluster holds for an operation.
    type Lock: HeldLock;

    /// The API server's address, as plans record it (`None`: unknown).
    fn server(&self) -> Option<&str>;

    /// How many requests to keep in flight at once.
    fn concurrency(&self) -> usize;

    /// What the server serves of `groups` (`""` is core).
    fn discover(
        &self,
        groups: &BTreeSet<String>,
    ) -> impl Future<Output = Result<Discovery, ClusterError>> + Send;

    /// Forgets what was discovered of `groups` (CRDs of theirs were written).
    fn forget_discovery(&self, groups: &BTreeSet<String>) -> impl Future<Output = ()> + Send;

    /// The live object, `None` when it does not exist.
    fn get(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> impl Future<Output = Result<Option<Value>, ClusterError>> + Send;

    /// Server-side applies `manifest`, taking its fields over.
    fn apply(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        manifest: &Manifest,
    ) -> impl Future<Output = Result<(), ClusterError>> + Send;

    /// Deletes an object; one already gone is fine.
    fn delete(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> impl Future<Output = Result<(), ClusterError>> + Send;

    /// Takes a release's (or a stack's) lock, or fails at once with
    /// [`LockError::Held`].
    fn lock(
        &self,
        request: &LockRequest<'_>,
    ) -> impl Future<Output = Result<Self::Lock, LockError>> + Send;
}

/// A lock held on a release or a stack, until [`release`](Self::release)d.
pub trait HeldLock: Send + Sync {
    /// The namespace of what is locked.
    fn namespace(&self) -> &str;

    /// The name of what is locked.
    fn name(&self) -> &str;

    /// The stale lock this one replaced, if it took one over.
    fn taken_over(&self) -> Option<&LockInfo>;

    /// Fails if another operation took the lock over meanwhile.
    fn ensure_held(&self) -> Result<(), LockError>;

    /// Gives the lock up.
    fn release(self) -> impl Future<Output = Result<(), LockError>> + Send;
}

/// Where release records (and the records around them: Helm's, proposals,
/// stack journals) are kept.
pub trait ReleaseStorage: Send + Sync {
    /// Every revision of a release, oldest first.
    fn history(
        &self,
        release: &ReleaseId,
    ) -> impl Future<Output = Result<Vec<Summary>, ReleaseError>> + Send;

    /// A whole revision.
    fn load(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> impl Future<Output = Result<Record, ReleaseError>> + Send;

    /// A revision's plan without its objects.
    fn load_plan_alone(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> impl Future<Output = Result<Plan, ReleaseError>> + Send;

    /// Records a new revision; [`ReleaseError::Conflict`] if it exists.
    fn create(&self, record: &Record) -> impl Future<Output = Result<(), ReleaseError>> + Send;

    /// Rewrites a revision's status and message.
    fn update(&self, record: &Record) -> impl Future<Output = Result<(), ReleaseError>> + Send;

    /// Gives a revision a new status and message.
    fn set_outcome(
        &self,
        revision: &Summary,
        status: Status,
        message: Option<String>,
    ) -> impl Future<Output = Result<(), ReleaseError>> + Send;

    /// Deletes every revision of a release.
    fn purge(&self, release: &ReleaseId) -> impl Future<Output = Result<(), ReleaseError>> + Send;

    /// Helm's revisions of a release, oldest first (an adoption copies them).
    fn helm_revisions(
        &self,
        release: &ReleaseId,
    ) -> impl Future<Output = Result<Vec<HelmRelease>, HelmRecordsError>> + Send;

    /// Deletes Helm's records of a release; how many there were.
    fn remove_helm_records(
        &self,
        release: &ReleaseId,
    ) -> impl Future<Output = Result<usize, HelmRecordsError>> + Send;

    /// Marks proposal `proposal` of `namespace` applied: it is never
    /// applied again.
    fn mark_proposal_applied(
        &self,
        namespace: &Namespace,
        proposal: &str,
    ) -> impl Future<Output = Result<(), ProposalError>> + Send;

    /// A stack's journal, kept in `namespace`; an empty one if it has none.
    fn read_journal(
        &self,
        namespace: &str,
        stack: &str,
        environment: Option<&str>,
    ) -> impl Future<Output = Result<JournalEntry, StackRecordError>> + Send;

    /// Writes a stack's journal, unless someone else wrote it since it was
    /// read ([`StackRecordError::Conflict`]).
    fn write_journal(
        &self,
        namespace: &str,
        entry: &mut JournalEntry,
    ) -> impl Future<Output = Result<(), StackRecordError>> + Send;
}

impl ClusterAccess for Cluster {
    type Lock = ReleaseLock;

    fn server(&self) -> Option<&str> {
        self.info.server.as_deref()
    }

    fn concurrency(&self) -> usize {
        Cluster::concurrency(self)
    }

    async fn discover(&self, groups: &BTreeSet<String>) -> Result<Discovery, ClusterError> {
        Cluster::discover(self, groups).await
    }

    async fn forget_discovery(&self, groups: &BTreeSet<String>) {
        Cluster::forget_discovery(self, groups).await
    }

    async fn get(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Value>, ClusterError> {
        Cluster::get(self, resource, namespace, name).await
    }

    async fn apply(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        manifest: &Manifest,
    ) -> Result<(), ClusterError> {
        Cluster::apply(self, resource, namespace, name, manifest, false)
            .await
            .map(drop)
    }

    async fn delete(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<(), ClusterError> {
        Cluster::delete(self, resource, namespace, name).await
    }

    async fn lock(&self, request: &LockRequest<'_>) -> Result<ReleaseLock, LockError> {
        ReleaseLock::acquire(self, request).await
    }
}

impl HeldLock for ReleaseLock {
    fn namespace(&self) -> &str {
        ReleaseLock::namespace(self)
    }

    fn name(&self) -> &str {
        ReleaseLock::name(self)
    }

    fn taken_over(&self) -> Option<&LockInfo> {
        ReleaseLock::taken_over(self)
    }

    fn ensure_held(&self) -> Result<(), LockError> {
        ReleaseLock::ensure_held(self)
    }

    async fn release(self) -> Result<(), LockError> {
        ReleaseLock::release(self).await
    }
}

impl ReleaseStorage for ReleaseStore {
    async fn history(&self, release: &ReleaseId) -> Result<Vec<Summary>, ReleaseError> {
        ReleaseStore::history(self, release).await
    }

    async fn load(&self, release: &ReleaseId, revision: u32) -> Result<Record, ReleaseError> {
        ReleaseStore::load(self, release, revision).await
    }

    async fn load_plan_alone(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> Result<Plan, ReleaseError> {
        ReleaseStore::load_plan_alone(self, release, revision).await
    }

    async fn create(&self, record: &Record) -> Result<(), ReleaseError> {
        ReleaseStore::create(self, record).await
    }

    async fn update(&self, record: &Record) -> Result<(), ReleaseError> {
        ReleaseStore::update(self, record).await
    }

    async fn set_outcome(
        &self,
        revision: &Summary,
        status: Status,
        message: Option<String>,
    ) -> Result<(), ReleaseError> {
        ReleaseStore::set_outcome(self, revision, status, message).await
    }

    async fn purge(&self, release: &ReleaseId) -> Result<(), ReleaseError> {
        ReleaseStore::purge(self, release).await
    }

    async fn helm_revisions(
        &self,
        release: &ReleaseId,
    ) -> Result<Vec<HelmRelease>, HelmRecordsError> {
        HelmRecords::new(self.cluster().clone())
            .revisions(release)
            .await
    }

    async fn remove_helm_records(&self, release: &ReleaseId) -> Result<usize, HelmRecordsError> {
        HelmRecords::new(self.cluster().clone())
            .remove(release)
            .await
    }

    async fn mark_proposal_applied(
        &self,
        namespace: &Namespace,
        proposal: &str,
    ) -> Result<(), ProposalError> {
        ProposalStore::new(self.cluster().clone())
            .mark_applied(namespace, proposal)
            .await
    }

    async fn read_journal(
        &self,
        namespace: &str,
        stack: &str,
        environment: Option<&str>,
    ) -> Result<JournalEntry, StackRecordError> {
        StackRecords::new(self.cluster(), namespace)
            .read(stack, environment)
            .await
    }

    async fn write_journal(
        &self,
        namespace: &str,
        entry: &mut JournalEntry,
    ) -> Result<(), StackRecordError> {
        StackRecords::new(self.cluster(), namespace)
            .write(entry)
            .await
    }
}

/// Access to one cluster, its release storage and a reporter.
///
/// Cloning is cheap: clones share the connection, its caches and the
/// reporter.
#[derive(Clone)]
pub struct Session<C = Cluster, S = ReleaseStore> {
    cluster: C,
    releases: S,
    reporter: Arc<dyn Reporter>,
}

/// The sessions a stack's releases are planned and applied with, by
/// kubeconfig context (`None`: the current one, which also keeps the
/// stack's record).
pub type Sessions<C = Cluster, S = ReleaseStore> = BTreeMap<Option<String>, Session<C, S>>;

impl Session {
    /// A session with `cluster`, its releases stored in it (as Secrets), its
    /// events unheard until [`with_reporter`](Self::with_reporter).
    pub fn new(cluster: Cluster) -> Session {
        let releases = ReleaseStore::new(cluster.clone());
        Session::from_parts(cluster, releases)
    }

    /// This session, the access checks of its plans sharing their answers
    /// with every other plan made with the session returned (a stack's
    /// releases ask the same questions).
    pub fn sharing_access_answers(&self) -> Session {
        Session {
            cluster: self.cluster.sharing_access_answers(),
            releases: self.releases.clone(),
            reporter: self.reporter.clone(),
        }
    }
}

impl<C, S> Session<C, S> {
    /// A session of given parts (an embedder's or a test's own cluster
    /// access and release storage), its events unheard.
    pub fn from_parts(cluster: C, releases: S) -> Session<C, S> {
        Session {
            cluster,
            releases,
            reporter: Arc::new(Silent),
        }
    }

    /// This session reporting to `reporter`.
    pub fn with_reporter(self, reporter: Arc<dyn Reporter>) -> Session<C, S> {
        Session { reporter, ..self }
    }

    /// The cluster.
    pub fn cluster(&self) -> &C {
        &self.cluster
    }

    /// Where release records are kept.
    pub fn releases(&self) -> &S {
        &self.releases
    }

    /// Who hears what happens.
    pub fn reporter(&self) -> &dyn Reporter {
        &*self.reporter
    }
}

impl<C: std::fmt::Debug, S> std::fmt::Debug for Session<C, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("cluster", &self.cluster)
            .finish_non_exhaustive()
    }
}

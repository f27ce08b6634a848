//! In-memory fakes of [`ClusterAccess`] and [`ReleaseStorage`], so that
//! the orchestration ([`run`](super::run), [`apply`](super::apply()), the
//! drift check, [`apply_stack`](super::stack::apply_stack)) can be tested
//! without a cluster, by libpkg and by tools that embed it (cargo feature
//! `test-support`).
//!
//! [`session`] gives a [`Session`] of a [`FakeCluster`] and [`FakeReleases`]
//! that write what they do to one [`Log`] (`lock apps/web`, `apply
//! ConfigMap apps/web`, `record web v1 pending`, `journal web=applied`…), so
//! a test can check the order of the steps, not only their end. Faults are
//! asked for by object name: a write that fails ([`FakeCluster::fail_writes_to`])
//! or never finishes ([`FakeCluster::hang_writes_to`], for interruptions).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use k8s_openapi::jiff::Timestamp;
use kube::discovery::ApiResource;
use serde_json::Value;

use super::session::{ClusterAccess, HeldLock, ReleaseStorage, Session};
use crate::cluster::{ClusterError, Discovery, Resource};
use crate::helm::release::HelmRelease;
use crate::manifest::Manifest;
use crate::names::Namespace;
use crate::plan::{Plan, ReleaseId};
use crate::release::helm::HelmRecordsError;
use crate::release::proposal::ProposalError;
use crate::release::stack_record::{JournalEntry, StackRecordError, config_map_name};
use crate::release::{
    LockError, LockInfo, LockRequest, LockSubject, Record, ReleaseError, Status, Summary,
};
use crate::stack::journal::StackJournal;

/// The API server address a [`FakeCluster`] says it is.
pub const FAKE_SERVER: &str = "https://fake.cluster.test";

/// What the fakes did, in order, one line a step.
#[derive(Debug, Clone, Default)]
pub struct Log(Arc<Mutex<Vec<String>>>);

impl Log {
    fn push(&self, line: String) {
        lock(&self.0).push(line);
    }

    /// Every line so far.
    pub fn lines(&self) -> Vec<String> {
        lock(&self.0).clone()
    }

    /// The lines that start with `prefix`.
    pub fn starting_with(&self, prefix: &str) -> Vec<String> {
        (self.lines().into_iter())
            .filter(|line| line.starts_with(prefix))
            .collect()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A session of a fresh [`FakeCluster`] and [`FakeReleases`] sharing one [`Log`].
pub fn session() -> Session<FakeCluster, FakeReleases> {
    let log = Log::default();
    Session::from_parts(FakeCluster::new(log.clone()), FakeReleases::new(log))
}

/// A fault asked for on writes to an object.
#[derive(Debug, Clone)]
enum Fault {
    /// The server refuses it with this message.
    Fail(String),
    /// The request never returns.
    Hang,
}

/// An object's place: apiVersion, kind, namespace, name.
type Place = (String, String, Option<String>, String);

#[derive(Debug, Default)]
struct ClusterState {
    served: Discovery,
    objects: BTreeMap<Place, Value>,
    /// The last resourceVersion given out.
    version: u64,
    /// Locks held: (subject, namespace, name) → operation.
    locks: BTreeMap<(String, String, String), String>,
    faults: BTreeMap<String, Fault>,
}

/// A cluster in memory: it serves the core kinds, `apps/v1` Deployments
/// and CRDs (and the kinds of every CRD written to it), keeps objects with
/// a resourceVersion, and keeps locks. Clones share it.
#[derive(Debug, Clone)]
pub struct FakeCluster {
    state: Arc<Mutex<ClusterState>>,
    log: Log,
}

impl FakeCluster {
    /// An empty cluster (no namespace exists), writing what it does to `log`.
    pub fn new(log: Log) -> FakeCluster {
        let mut served = Discovery::default();
        let kinds = [
            ("v1", "Namespace", "namespaces", false),
            ("v1", "ConfigMap", "configmaps", true),
            ("v1", "Secret", "secrets", true),
            ("v1", "ServiceAccount", "serviceaccounts", true),
            ("v1", "Service", "services", true),
            ("apps/v1", "Deployment", "deployments", true),
            (
                "apiextensions.k8s.io/v1",
                "CustomResourceDefinition",
                "customresourcedefinitions",
                false,
            ),
        ];
        for (api_version, kind, plural, namespaced) in kinds {
            served.serve(resource(api_version, kind, plural, namespaced));
        }
        FakeCluster {
            state: Arc::new(Mutex::new(ClusterState {
                served,
                ..ClusterState::default()
            })),
            log,
        }
    }

    /// Where it writes what it does.
    pub fn log(&self) -> &Log {
        &self.log
    }

    fn state(&self) -> MutexGuard<'_, ClusterState> {
        lock(&self.state)
    }

    /// Creates a namespace (a release's records and locks live in one).
    pub fn with_namespace(self, name: &str) -> FakeCluster {
        let namespace = serde_json::json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}});
        self.put(namespace);
        self
    }

    /// Stores an object as someone else wrote it, with a new resourceVersion.
    pub fn put(&self, mut object: Value) {
        let place = place_of(&object);
        let mut state = self.state();
        state.version += 1;
        object["metadata"]["resourceVersion"] = Value::String(state.version.to_string());
        state.objects.insert(place, object);
    }

    /// The object, if it exists.
    pub fn object(
        &self,
        api_version: &str,
        kind: &str,
        namespace: Option<&str>,
        name: &str,
    ) -> Option<Value> {
        let place = (
            api_version.to_string(),
            kind.to_string(),
            namespace.map(str::to_string),
            name.to_string(),
        );
        self.state().objects.get(&place).cloned()
    }

    /// Writes to objects named `name` fail with `message`.
    pub fn fail_writes_to(&self, name: &str, message: &str) {
        (self.state().faults).insert(name.to_string(), Fault::Fail(message.to_string()));
    }

    /// Writes to objects named `name` never finish.
    pub fn hang_writes_to(&self, name: &str) {
        (self.state().faults).insert(name.to_string(), Fault::Hang);
    }

    /// Writes succeed again.
    pub fn clear_faults(&self) {
        self.state().faults.clear();
    }

    /// Another operation holds the lock of `release`.
    pub fn lock_held_elsewhere(&self, release: &ReleaseId) {
        let key = (
            LockSubject::Release.to_string(),
            release.namespace.to_string(),
            release.name.to_string(),
        );
        self.state().locks.insert(key, "upgrade".to_string());
    }

    /// Whether any lock is held.
    pub fn holds_locks(&self) -> bool {
        !self.state().locks.is_empty()
    }

    fn namespace_exists(&self, name: &str) -> bool {
        let place = (
            "v1".to_string(),
            "Namespace".to_string(),
            None,
            name.to_string(),
        );
        self.state().objects.contains_key(&place)
    }

    fn fault(&self, name: &str) -> Option<Fault> {
        self.state().faults.get(name).cloned()
    }
}

fn resource(api_version: &str, kind: &str, plural: &str, namespaced: bool) -> Resource {
    let (group, version) = api_version.split_once('/').unwrap_or(("", api_version));
    Resource {
        api: ApiResource {
            group: group.to_string(),
            version: version.to_string(),
            api_version: api_version.to_string(),
            kind: kind.to_string(),
            plural: plural.to_string(),
        },
        namespaced,
        pending_crd: false,
    }
}

fn place_of(object: &Value) -> Place {
    let text = |pointer: &str| object.pointer(pointer).and_then(Value::as_str);
    (
        text("/apiVersion").unwrap_or_default().to_string(),
        text("/kind").unwrap_or_default().to_string(),
        text("/metadata/namespace").map(str::to_string),
        text("/metadata/name").unwrap_or_default().to_string(),
    )
}

fn shown(resource: &Resource, namespace: Option<&str>, name: &str) -> String {
    match namespace.filter(|_| resource.namespaced) {
        Some(namespace) => format!("{} {namespace}/{name}", resource.api.kind),
        None => format!("{} {name}", resource.api.kind),
    }
}

impl ClusterAccess for FakeCluster {
    type Lock = FakeLock;

    fn server(&self) -> Option<&str> {
        Some(FAKE_SERVER)
    }

    fn concurrency(&self) -> usize {
        4
    }

    async fn discover(&self, _: &BTreeSet<String>) -> Result<Discovery, ClusterError> {
        Ok(self.state().served.clone())
    }

    async fn forget_discovery(&self, _: &BTreeSet<String>) {}

    async fn get(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Value>, ClusterError> {
        let namespace = namespace.filter(|_| resource.namespaced);
        Ok(self.object(
            &resource.api.api_version,
            &resource.api.kind,
            namespace,
            name,
        ))
    }

    async fn apply(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        manifest: &Manifest,
    ) -> Result<(), ClusterError> {
        match self.fault(name) {
            Some(Fault::Fail(message)) => {
                return Err(ClusterError::Api {
                    code: 500,
                    reason: "InternalError".to_string(),
                    message,
                });
            }
            Some(Fault::Hang) => std::future::pending().await,
            None => {}
        }
        self.log
            .push(format!("apply {}", shown(resource, namespace, name)));
        let mut object = manifest.to_value();
        if let Some(namespace) = namespace.filter(|_| resource.namespaced) {
            object["metadata"]["namespace"] = Value::String(namespace.to_string());
        }
        if resource.api.kind == "CustomResourceDefinition" {
            let mut defined = Discovery::default();
            defined.learn_crds([manifest]);
            let mut state = self.state();
            for resource in defined.resources() {
                let served = Resource {
                    pending_crd: false,
                    ..resource.clone()
                };
                state.served.serve(served);
            }
        }
        self.put(object);
        Ok(())
    }

    async fn delete(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<(), ClusterError> {
        self.log
            .push(format!("delete {}", shown(resource, namespace, name)));
        let place = (
            resource.api.api_version.clone(),
            resource.api.kind.clone(),
            namespace
                .filter(|_| resource.namespaced)
                .map(str::to_string),
            name.to_string(),
        );
        self.state().objects.remove(&place);
        Ok(())
    }

    async fn lock(&self, request: &LockRequest<'_>) -> Result<FakeLock, LockError> {
        if !self.namespace_exists(request.namespace) {
            return Err(LockError::Cluster(ClusterError::Api {
                code: 404,
                reason: "NotFound".to_string(),
                message: format!("namespaces {:?} not found", request.namespace),
            }));
        }
        let key = (
            request.subject.to_string(),
            request.namespace.to_string(),
            request.name.to_string(),
        );
        let mut state = self.state();
        if let Some(operation) = state.locks.get(&key) {
            return Err(LockError::Held {
                subject: request.subject,
                name: request.name.to_string(),
                namespace: request.namespace.to_string(),
                holder: Box::new(LockInfo {
                    holder: "someone@elsewhere (pid 1)".to_string(),
                    operation: operation.clone(),
                    since: Timestamp::UNIX_EPOCH,
                    renewed: Timestamp::UNIX_EPOCH,
                    duration: request.duration,
                    stale: None,
                }),
            });
        }
        state
            .locks
            .insert(key.clone(), request.operation.to_string());
        drop(state);
        self.log.push(format!(
            "lock {} {}/{}",
            request.subject, request.namespace, request.name
        ));
        Ok(FakeLock {
            cluster: self.clone(),
            key,
            held: Arc::new(AtomicBool::new(true)),
        })
    }
}

/// A lock a [`FakeCluster`] holds.
#[derive(Debug)]
pub struct FakeLock {
    cluster: FakeCluster,
    /// (subject, namespace, name).
    key: (String, String, String),
    held: Arc<AtomicBool>,
}

impl HeldLock for FakeLock {
    fn namespace(&self) -> &str {
        &self.key.1
    }

    fn name(&self) -> &str {
        &self.key.2
    }

    fn taken_over(&self) -> Option<&LockInfo> {
        None
    }

    fn ensure_held(&self) -> Result<(), LockError> {
        match self.held.load(Ordering::SeqCst) {
            true => Ok(()),
            false => Err(LockError::Lost {
                subject: LockSubject::Release,
                name: self.key.2.clone(),
                namespace: self.key.1.clone(),
            }),
        }
    }

    async fn release(self) -> Result<(), LockError> {
        self.cluster.state().locks.remove(&self.key);
        let (subject, namespace, name) = &self.key;
        self.cluster
            .log
            .push(format!("unlock {subject} {namespace}/{name}"));
        Ok(())
    }
}

#[derive(Debug, Default)]
struct ReleasesState {
    records: BTreeMap<(String, String, u32), Record>,
    /// Journals by (namespace, ConfigMap name): the journal and its version.
    journals: BTreeMap<(String, String), (StackJournal, u64)>,
    proposals_applied: BTreeSet<(String, String)>,
}

/// Release records (and stack journals, proposals) in memory. Clones share them.
#[derive(Debug, Clone)]
pub struct FakeReleases {
    state: Arc<Mutex<ReleasesState>>,
    log: Log,
}

impl FakeReleases {
    /// No records, writing what it does to `log`.
    pub fn new(log: Log) -> FakeReleases {
        FakeReleases {
            state: Default::default(),
            log,
        }
    }

    /// Where it writes what it does.
    pub fn log(&self) -> &Log {
        &self.log
    }

    fn state(&self) -> MutexGuard<'_, ReleasesState> {
        lock(&self.state)
    }

    /// Stores a record as an earlier operation left it.
    pub fn put(&self, record: Record) {
        let release = &record.plan.release;
        let key = (
            release.namespace.to_string(),
            release.name.to_string(),
            release.revision,
        );
        self.state().records.insert(key, record);
    }

    /// Every record of a release, oldest first.
    pub fn records(&self, release: &ReleaseId) -> Vec<Record> {
        (self.state().records.iter())
            .filter(|((ns, n, _), _)| *ns == release.namespace && *n == release.name)
            .map(|(_, record)| record.clone())
            .collect()
    }

    /// A stack's journal as last written.
    pub fn journal(
        &self,
        namespace: &str,
        stack: &str,
        environment: Option<&str>,
    ) -> Option<StackJournal> {
        let key = (namespace.to_string(), config_map_name(stack, environment));
        self.state().journals.get(&key).map(|(j, _)| j.clone())
    }

    /// Whether proposal `proposal` of `namespace` was marked applied.
    pub fn proposal_applied(&self, namespace: &Namespace, proposal: &str) -> bool {
        let key = (namespace.to_string(), proposal.to_string());
        self.state().proposals_applied.contains(&key)
    }
}

impl ReleaseStorage for FakeReleases {
    async fn history(&self, release: &ReleaseId) -> Result<Vec<Summary>, ReleaseError> {
        Ok(self.records(release).iter().map(Summary::of).collect())
    }

    async fn load(&self, release: &ReleaseId, revision: u32) -> Result<Record, ReleaseError> {
        let key = (
            release.namespace.to_string(),
            release.name.to_string(),
            revision,
        );
        (self.state().records.get(&key).cloned()).ok_or_else(|| ReleaseError::NoRevision {
            name: release.name.to_string(),
            revision,
        })
    }

    async fn load_plan_alone(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> Result<Plan, ReleaseError> {
        let mut plan = self.load(release, revision).await?.plan;
        plan.objects.clear();
        Ok(plan)
    }

    async fn create(&self, record: &Record) -> Result<(), ReleaseError> {
        let release = &record.plan.release;
        let key = (
            release.namespace.to_string(),
            release.name.to_string(),
            release.revision,
        );
        let mut state = self.state();
        if state.records.contains_key(&key) {
            return Err(ReleaseError::Conflict {
                name: release.name.to_string(),
                revision: release.revision,
            });
        }
        state.records.insert(key, record.clone());
        drop(state);
        self.log.push(format!(
            "record {} v{} {}",
            release.name,
            release.revision,
            record.status.as_str()
        ));
        Ok(())
    }

    async fn update(&self, record: &Record) -> Result<(), ReleaseError> {
        let release = &record.plan.release;
        self.log.push(format!(
            "record {} v{} {}",
            release.name,
            release.revision,
            record.status.as_str()
        ));
        self.put(record.clone());
        Ok(())
    }

    async fn set_outcome(
        &self,
        revision: &Summary,
        status: Status,
        message: Option<String>,
    ) -> Result<(), ReleaseError> {
        let key = (
            revision.namespace.clone(),
            revision.name.clone(),
            revision.revision,
        );
        if let Some(record) = self.state().records.get_mut(&key) {
            record.status = status;
            record.message = message;
        }
        self.log.push(format!(
            "record {} v{} {}",
            revision.name,
            revision.revision,
            status.as_str()
        ));
        Ok(())
    }

    async fn purge(&self, release: &ReleaseId) -> Result<(), ReleaseError> {
        (self.state().records)
            .retain(|(ns, n, _), _| !(*ns == release.namespace && *n == release.name));
        self.log.push(format!("purge {release}"));
        Ok(())
    }

    async fn helm_revisions(&self, _: &ReleaseId) -> Result<Vec<HelmRelease>, HelmRecordsError> {
        Ok(Vec::new())
    }

    async fn remove_helm_records(&self, release: &ReleaseId) -> Result<usize, HelmRecordsError> {
        self.log.push(format!("remove helm records {release}"));
        Ok(0)
    }

    async fn mark_proposal_applied(
        &self,
        namespace: &Namespace,
        proposal: &str,
    ) -> Result<(), ProposalError> {
        let key = (namespace.to_string(), proposal.to_string());
        self.state().proposals_applied.insert(key);
        self.log
            .push(format!("proposal {namespace}/{proposal} applied"));
        Ok(())
    }

    async fn read_journal(
        &self,
        namespace: &str,
        stack: &str,
        environment: Option<&str>,
    ) -> Result<JournalEntry, StackRecordError> {
        let key = (namespace.to_string(), config_map_name(stack, environment));
        Ok(match self.state().journals.get(&key) {
            Some((journal, version)) => JournalEntry {
                journal: journal.clone(),
                resource_version: Some(version.to_string()),
            },
            None => JournalEntry {
                journal: StackJournal::new(stack, environment),
                resource_version: None,
            },
        })
    }

    async fn write_journal(
        &self,
        namespace: &str,
        entry: &mut JournalEntry,
    ) -> Result<(), StackRecordError> {
        let journal = &entry.journal;
        let name = config_map_name(&journal.stack, journal.environment.as_deref());
        let key = (namespace.to_string(), name.clone());
        let mut state = self.state();
        let stored = state.journals.get(&key).map(|(_, v)| v.to_string());
        if stored != entry.resource_version {
            return Err(StackRecordError::Conflict {
                namespace: namespace.to_string(),
                name,
            });
        }
        let version = stored.map_or(1, |v| v.parse::<u64>().unwrap_or(0) + 1);
        state.journals.insert(key, (journal.clone(), version));
        drop(state);
        entry.resource_version = Some(version.to_string());
        let states: Vec<String> = (journal.last_apply.iter())
            .flat_map(|apply| &apply.releases)
            .map(|r| format!("{}={}", r.name, r.state.as_str()))
            .collect();
        self.log.push(
            format!("journal {}", states.join(" "))
                .trim_end()
                .to_string(),
        );
        Ok(())
    }
}

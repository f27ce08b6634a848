//! What every operation works with, as one value: access to one cluster,
//! the release storage in it, and the reporter that hears what happens.
//! Helm's `action.Configuration` in spirit: built once, passed to every
//! `plan_*`, to [`run`](super::run), [`apply`](super::apply()) and (one per
//! kubeconfig context, [`Sessions`]) to the stack operations, so no
//! operation is handed a cluster and a store that disagree.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{Reporter, Silent};
use crate::cluster::Cluster;
use crate::release::ReleaseStore;

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

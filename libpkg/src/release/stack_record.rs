//! Where a stack's journal ([`StackJournal`]) is kept: a ConfigMap named
//! `kubectl-pkg.stack.<stack>[.<env>]` in the stack's record namespace, in
//! the current context's cluster. Writes are compare-and-swap on its
//! resourceVersion: the stack's lock makes one writer the rule, and a
//! second one is refused, never silently overwritten.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, ObjectMeta, PostParams};

use crate::cluster::{Cluster, ClusterError};
use crate::stack::journal::{StackJournal, record_name};

const JOURNAL_KEY: &str = "journal.json";

/// The ConfigMap name of a stack's journal.
pub fn config_map_name(stack: &str, environment: Option<&str>) -> String {
    format!("kubectl-pkg.stack.{}", record_name(stack, environment))
}

/// Why a stack's journal could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StackRecordError {
    /// The API server failed.
    #[error("stack record")]
    Cluster(#[from] ClusterError),
    /// The ConfigMap holds no journal this version can read.
    #[error("stack record {namespace}/{name}: {reason}")]
    Corrupt {
        /// Its namespace.
        namespace: String,
        /// The ConfigMap's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// Someone else wrote the journal since it was read.
    #[error(
        "stack record {namespace}/{name} was changed by another operation in the meantime; plan again"
    )]
    Conflict {
        /// Its namespace.
        namespace: String,
        /// The ConfigMap's name.
        name: String,
    },
}

/// A stack's journal as read, with what its next write must replace.
#[derive(Debug, Clone)]
pub struct JournalEntry {
    /// The journal (empty if the stack was never applied).
    pub journal: StackJournal,
    /// The version of the stored journal its next write replaces (`None`:
    /// none is stored yet); what makes a concurrent write a conflict.
    pub resource_version: Option<String>,
}

/// The journals of stacks in one namespace of one cluster.
#[derive(Debug, Clone)]
pub struct StackRecords {
    api: Api<ConfigMap>,
    namespace: String,
}

impl StackRecords {
    /// The records kept in `namespace`.
    pub fn new(cluster: &Cluster, namespace: &str) -> StackRecords {
        StackRecords {
            api: Api::namespaced(cluster.client().clone(), namespace),
            namespace: namespace.to_string(),
        }
    }

    /// The namespace the records are kept in.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// A stack's journal; an empty one if it has none yet.
    pub async fn read(
        &self,
        stack: &str,
        environment: Option<&str>,
    ) -> Result<JournalEntry, StackRecordError> {
        let name = config_map_name(stack, environment);
        let Some(map) = self.api.get_opt(&name).await.map_err(ClusterError::from)? else {
            return Ok(JournalEntry {
                journal: StackJournal::new(stack, environment),
                resource_version: None,
            });
        };
        let corrupt = |reason: String| StackRecordError::Corrupt {
            namespace: self.namespace.clone(),
            name: name.clone(),
            reason,
        };
        let text = (map.data.as_ref())
            .and_then(|data| data.get(JOURNAL_KEY))
            .ok_or_else(|| corrupt(format!("no {JOURNAL_KEY}")))?;
        let journal = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        Ok(JournalEntry {
            journal,
            resource_version: map.metadata.resource_version,
        })
    }

    /// Writes `entry`'s journal, if no one else wrote it since it was read.
    pub async fn write(&self, entry: &mut JournalEntry) -> Result<(), StackRecordError> {
        let journal = &entry.journal;
        let name = config_map_name(&journal.stack, journal.environment.as_deref());
        let mut labels = BTreeMap::from([
            ("owner".to_string(), "kubectl-pkg".to_string()),
            ("kubectl-pkg.dev/stack".to_string(), journal.stack.clone()),
        ]);
        if let Some(environment) = &journal.environment {
            labels.insert(
                "kubectl-pkg.dev/stack-environment".to_string(),
                environment.clone(),
            );
        }
        let mut text = serde_json::to_string_pretty(journal).expect("a journal serializes");
        text.push('\n');
        let map = ConfigMap {
            metadata: ObjectMeta {
                name: Some(name.clone()),
                namespace: Some(self.namespace.clone()),
                labels: Some(labels),
                resource_version: entry.resource_version.clone(),
                ..ObjectMeta::default()
            },
            data: Some(BTreeMap::from([(JOURNAL_KEY.to_string(), text)])),
            ..ConfigMap::default()
        };
        let params = PostParams::default();
        let written = match &entry.resource_version {
            None => self.api.create(&params, &map).await,
            Some(_) => self.api.replace(&name, &params, &map).await,
        };
        match written {
            Ok(map) => {
                entry.resource_version = map.metadata.resource_version;
                Ok(())
            }
            Err(kube::Error::Api(status)) if status.code == 409 => {
                Err(StackRecordError::Conflict {
                    namespace: self.namespace.clone(),
                    name,
                })
            }
            Err(error) => Err(ClusterError::from(error).into()),
        }
    }
}

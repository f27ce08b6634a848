//! The Kubernetes API client, configured as kubectl users expect.
//!
//! `--kubeconfig`, `--context` and `-n/--namespace` map onto kube's
//! [`KubeConfigOptions`]; without `--kubeconfig`, `KUBECONFIG` (several files
//! joined by `:`) or `~/.kube/config` is read, as kubectl does.
//!
//! Objects are handled as JSON values through dynamic APIs resolved by
//! [`discovery`](crate::apiserver::discovery), since a package may hold any
//! kind. Every write goes through server-side apply with
//! [`crate::FIELD_MANAGER`].
//!
//! Requests go over HTTP/2 when the API server offers it (one connection for
//! all of them, as kubectl's client does; kube's own stack speaks HTTP/1.1
//! only), at most [`CONCURRENCY`] (or `--concurrency`) at once.

mod access;
mod discovery;
pub mod retry;
mod transport;
pub mod unreachable;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use k8s_openapi::api::core::v1::Namespace;
use kube::api::{
    Api, DeleteParams, DynamicObject, ListParams, Patch, PatchParams, PropagationPolicy,
};
use kube::config::{KubeConfigOptions, Kubeconfig};
use serde_json::Value;

pub use crate::apiserver::discovery::{Discovery, Resource, ServedApis, groups_of};
pub use crate::apiserver::{AccessCheck, ClusterError, known_bugs};
pub use access::AccessResult;

/// How many requests planning and applying keep in flight at once by default
/// ([`ClusterOptions::concurrency`]): enough to hide the latency of a control
/// plane a few milliseconds away and to hold the client's share of a busy
/// server (16 left an install of 500 objects a quarter slower while the API
/// server rebuilt its OpenAPI document for new CRDs), few enough for a shared
/// API server (whose priority and fairness gives one client a share, not the
/// whole server).
/// Requests the server turns away (429, with `Retry-After`, or 503/504) are
/// retried a bounded number of times after the delay the server asks for (see
/// [`retry`]), while no more than this many are ever outstanding.
pub const CONCURRENCY: usize = 32;

use crate::manifest::Manifest;
use crate::object::ValueText;
use crate::openapi_schema::OpenApiSchemas;

use crate::plan::ClusterInfo;

/// How to reach the cluster (kubectl's global flags).
#[derive(Debug, Clone, Default)]
pub struct ClusterOptions {
    /// `--kubeconfig`.
    pub kubeconfig: Option<PathBuf>,
    /// `--context`.
    pub context: Option<String>,
    /// `-n/--namespace`; the context's namespace (or `default`) otherwise.
    pub namespace: Option<crate::names::Namespace>,
    /// At most this many requests in flight at once (`--concurrency`);
    /// [`CONCURRENCY`] when `None`, and at least 1.
    pub concurrency: Option<usize>,
}

impl From<kube::Error> for ClusterError {
    fn from(error: kube::Error) -> Self {
        match error {
            kube::Error::Api(status) => match status.code {
                403 => ClusterError::Forbidden {
                    message: status.message,
                },
                401 => ClusterError::Unauthorized {
                    message: status.message,
                },
                code => ClusterError::Api {
                    code,
                    reason: status.reason,
                    message: status.message,
                },
            },
            kube::Error::Service(inner) if inner.is::<unreachable::Unreachable>() => {
                ClusterError::Connection(inner.to_string())
            }
            other => ClusterError::Connection(error_chain(&other)),
        }
    }
}

fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// A connected cluster: the client, the namespace to use and what the plan records.
/// Clones share one connection and one discovery cache.
#[derive(Clone)]
pub struct Cluster {
    client: kube::Client,
    discovered: std::sync::Arc<tokio::sync::Mutex<(BTreeSet<String>, Discovery)>>,
    /// The cluster's OpenAPI schemas, fetched at most once ([`Cluster::openapi`]).
    openapi: std::sync::Arc<tokio::sync::OnceCell<std::sync::Arc<OpenApiSchemas>>>,
    /// One permit per request in flight, shared by all clones.
    in_flight: std::sync::Arc<tokio::sync::Semaphore>,
    concurrency: usize,
    /// Access answers shared with other clones, when asked for
    /// ([`Cluster::sharing_access_answers`]).
    access_answers: Option<std::sync::Arc<access::AccessAnswers>>,
    /// The namespace from `-n`, or the context's default.
    pub namespace: crate::names::Namespace,
    /// Server URL and context; the version is filled in by [`Cluster::server_version`].
    pub info: ClusterInfo,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("namespace", &self.namespace)
            .field("info", &self.info)
            .finish()
    }
}

impl Cluster {
    /// Reads the kubeconfig and builds a client. No request is made yet.
    pub async fn connect(options: &ClusterOptions) -> Result<Cluster, ClusterError> {
        crate::install_crypto_provider();
        let kubeconfig = match &options.kubeconfig {
            Some(path) => Kubeconfig::read_from(path),
            None => Kubeconfig::read(),
        }
        .map_err(|e| ClusterError::Config(error_chain(&e)))?;
        let context = options
            .context
            .clone()
            .or_else(|| kubeconfig.current_context.clone());
        let known: Vec<&str> = kubeconfig
            .contexts
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        match &context {
            Some(name) if !known.contains(&name.as_str()) => {
                return Err(ClusterError::Config(format!(
                    "context {name:?} does not exist (the kubeconfig has: {})",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
            None => {
                return Err(ClusterError::Config(format!(
                    "no context chosen: the kubeconfig has no current-context; pass {} (it has: {})",
                    crate::remedy::Setting::Context,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
            Some(_) => {}
        }
        let kube_options = KubeConfigOptions {
            context: context.clone(),
            ..KubeConfigOptions::default()
        };
        let config = kube::Config::from_custom_kubeconfig(kubeconfig, &kube_options)
            .await
            .map_err(|e| ClusterError::Config(error_chain(&e)))?;
        let namespace = match &options.namespace {
            Some(namespace) => namespace.clone(),
            None => crate::names::Namespace::new(config.default_namespace.as_str()).map_err(
                |source| ClusterError::ContextNamespace {
                    namespace: config.default_namespace.clone(),
                    source,
                },
            )?,
        };
        let info = ClusterInfo {
            server: Some(
                config
                    .cluster_url
                    .to_string()
                    .trim_end_matches('/')
                    .to_string(),
            ),
            context,
            version: None,
        };
        let mut config = config;
        config.connect_timeout = Some(unreachable::CONNECT_TIMEOUT);
        config.read_timeout = Some(unreachable::READ_TIMEOUT);
        config.reset_reader_on_write = true;
        let authority = config
            .cluster_url
            .authority()
            .map_or_else(|| config.cluster_url.to_string(), ToString::to_string);
        let client = transport::client(&config, authority)?;
        let concurrency = options.concurrency.unwrap_or(CONCURRENCY).max(1);
        Ok(Cluster {
            client,
            discovered: Default::default(),
            openapi: Default::default(),
            in_flight: std::sync::Arc::new(tokio::sync::Semaphore::new(concurrency)),
            concurrency,
            access_answers: None,
            namespace,
            info,
        })
    }

    /// How many requests this cluster keeps in flight at once, at most.
    pub fn concurrency(&self) -> usize {
        self.concurrency
    }

    /// Waits for a request slot; the request holds it until it is answered.
    async fn slot(&self) -> tokio::sync::SemaphorePermit<'_> {
        self.in_flight
            .acquire()
            .await
            .expect("the request semaphore is never closed")
    }

    /// The underlying kube client, for callers that need more.
    pub fn client(&self) -> &kube::Client {
        &self.client
    }

    /// Asks the server for its version (`v1.20.2`).
    pub async fn server_version(&self) -> Result<String, ClusterError> {
        Ok(self.client.apiserver_version().await?.git_version)
    }

    /// Discovery of the given API groups (`""` is core). Each group is asked for
    /// once per `Cluster` value: planning, the drift check and applying share it.
    /// (A long-running embedder that expects new CRDs from elsewhere connects anew.)
    pub async fn discover(&self, groups: &BTreeSet<String>) -> Result<Discovery, ClusterError> {
        let mut cache = self.discovered.lock().await;
        let (known, discovery) = &mut *cache;
        let missing: BTreeSet<String> = groups.difference(known).cloned().collect();
        if !missing.is_empty() {
            discovery.merge(discovery::discover(&self.client, &missing).await?);
            known.extend(missing);
        }
        Ok(discovery.clone())
    }

    /// The cluster's OpenAPI schemas (`/openapi/v2`, several megabytes),
    /// fetched the first time they are asked for and shared by every clone
    /// and every plan made with this `Cluster` after that, as discovery is.
    pub async fn openapi(&self) -> Result<std::sync::Arc<OpenApiSchemas>, ClusterError> {
        self.openapi
            .get_or_try_init(|| async {
                let request = http::Request::get("/openapi/v2")
                    .header(http::header::ACCEPT, "application/json")
                    .body(Vec::new())
                    .expect("a valid request");
                let text = {
                    let _slot = self.slot().await;
                    self.client.request_text(request).await?
                };
                // Parsing megabytes is CPU work: off the runtime's threads.
                let schemas = tokio::task::spawn_blocking(move || {
                    let document: Value = serde_json::from_str(&text).map_err(|e| {
                        ClusterError::Connection(format!("/openapi/v2 is not JSON: {e}"))
                    })?;
                    OpenApiSchemas::from_document(document)
                        .map_err(|e| ClusterError::Connection(e.to_string()))
                })
                .await
                .expect("parsing the OpenAPI document does not panic")?;
                Ok(std::sync::Arc::new(schemas))
            })
            .await
            .cloned()
    }

    /// Forgets what discovery found of `groups`: the next [`Cluster::discover`]
    /// asks the server again. Called once CustomResourceDefinitions of these
    /// groups were written, so that what is applied next (a stack's later
    /// release) sees the kinds they define.
    pub async fn forget_discovery(&self, groups: &BTreeSet<String>) {
        let mut cache = self.discovered.lock().await;
        let (known, discovery) = &mut *cache;
        known.retain(|group| !groups.contains(group));
        discovery.forget(groups);
    }

    /// Every `group/version` the server serves and every `group/version/Kind`
    /// (core as `v1`, `v1/Pod`), sorted: a chart's `.Capabilities.APIVersions`.
    /// A full discovery, made only for charts; group versions the server
    /// cannot describe are reported, not fatal.
    pub async fn api_versions(&self) -> Result<ServedApis, ClusterError> {
        discovery::api_versions(&self.client).await
    }

    /// Whether a namespace exists.
    pub async fn namespace_exists(&self, name: &str) -> Result<bool, ClusterError> {
        let api: Api<Namespace> = Api::all(self.client.clone());
        Ok(api.get_opt(name).await?.is_some())
    }

    /// A Secret as JSON (`data` base64, as the API serves it), or `None`
    /// when it does not exist.
    pub async fn secret(
        &self,
        namespace: &str,
        name: &str,
    ) -> Result<Option<serde_json::Value>, ClusterError> {
        let api: Api<k8s_openapi::api::core::v1::Secret> =
            Api::namespaced(self.client.clone(), namespace);
        Ok(api
            .get_opt(name)
            .await?
            .map(|secret| serde_json::to_value(secret).expect("a Secret serializes")))
    }

    fn dynamic(&self, resource: &Resource, namespace: Option<&str>) -> Api<DynamicObject> {
        match (resource.namespaced, namespace) {
            (true, Some(namespace)) => {
                Api::namespaced_with(self.client.clone(), namespace, &resource.api)
            }
            _ => Api::all_with(self.client.clone(), &resource.api),
        }
    }

    /// The live object, or `None` when it does not exist.
    pub async fn get(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Value>, ClusterError> {
        let _slot = self.slot().await;
        let object = self.dynamic(resource, namespace).get_opt(name).await?;
        Ok(object.map(|o| serde_json::to_value(o).expect("objects serialize")))
    }

    /// Server-side apply (forcing field ownership, as a package manager owns its
    /// objects); with `dry_run`, nothing is persisted and the result is what the
    /// server would store.
    pub async fn apply(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        manifest: &Manifest,
        dry_run: bool,
    ) -> Result<Value, ClusterError> {
        let mut params = PatchParams::apply(crate::FIELD_MANAGER).force();
        params.dry_run = dry_run;
        let _slot = self.slot().await;
        let applied = self
            .dynamic(resource, namespace)
            .patch(name, &params, &Patch::Apply(manifest))
            .await?;
        Ok(serde_json::to_value(applied).expect("objects serialize"))
    }

    /// The objects of a resource in one namespace (all of a cluster-scoped
    /// one) by name, a page at a time: one request reads what would take
    /// one GET per object. Items get the `apiVersion` and `kind` that list
    /// responses leave out, so each is what a GET would return, without its
    /// managed fields (often half of an object, read by no plan).
    ///
    /// Each is kept as its JSON text ([`ValueText`]) until it is used: a
    /// plan holds the lists of thousands of objects while it plans them
    /// one at a time, and a parsed object is about five times its text.
    pub async fn objects(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
    ) -> Result<BTreeMap<String, ValueText>, ClusterError> {
        let api = self.dynamic(resource, namespace);
        let mut objects = BTreeMap::new();
        let mut token: Option<String> = None;
        loop {
            let mut params = ListParams::default().limit(500);
            if let Some(token) = &token {
                params = params.continue_token(token);
            }
            let page = {
                let _slot = self.slot().await;
                api.list(&params).await?
            };
            for item in page.items {
                let Some(name) = item.metadata.name.clone() else {
                    continue;
                };
                let mut value = serde_json::to_value(item).expect("objects serialize");
                if let Value::Object(map) = &mut value {
                    map.insert(
                        "apiVersion".to_string(),
                        Value::String(resource.api.api_version.clone()),
                    );
                    map.insert("kind".to_string(), Value::String(resource.api.kind.clone()));
                    if let Some(Value::Object(metadata)) = map.get_mut("metadata") {
                        metadata.remove("managedFields");
                    }
                }
                objects.insert(name, ValueText::of(&value));
            }
            token = page.metadata.continue_.filter(|t| !t.is_empty());
            if token.is_none() {
                return Ok(objects);
            }
        }
    }

    /// Every object of a resource, in all namespaces (a kind that is not served yet has none).
    pub async fn list(&self, resource: &Resource) -> Result<Vec<Value>, ClusterError> {
        let api: Api<DynamicObject> = Api::all_with(self.client.clone(), &resource.api);
        let _slot = self.slot().await;
        match api.list(&ListParams::default()).await {
            Ok(list) => Ok(list
                .items
                .into_iter()
                .map(|o| serde_json::to_value(o).expect("objects serialize"))
                .collect()),
            Err(kube::Error::Api(status)) if status.code == 404 => Ok(Vec::new()),
            Err(other) => Err(other.into()),
        }
    }

    /// Deletes an object (background propagation); an object already gone is fine.
    pub async fn delete(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Result<(), ClusterError> {
        let params = DeleteParams {
            propagation_policy: Some(PropagationPolicy::Background),
            ..DeleteParams::default()
        };
        let _slot = self.slot().await;
        match self
            .dynamic(resource, namespace)
            .delete(name, &params)
            .await
        {
            Ok(_) => Ok(()),
            Err(kube::Error::Api(status)) if status.code == 404 => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// The log of one container of a Pod (`kubectl logs POD -c CONTAINER`),
    /// for a chart's test Pod.
    pub async fn pod_logs(
        &self,
        namespace: &str,
        name: &str,
        container: &str,
    ) -> Result<String, ClusterError> {
        let api: Api<k8s_openapi::api::core::v1::Pod> =
            Api::namespaced(self.client.clone(), namespace);
        let params = kube::api::LogParams {
            container: Some(container.to_string()),
            ..kube::api::LogParams::default()
        };
        let _slot = self.slot().await;
        Ok(api.logs(name, &params).await?)
    }

    /// Names of all namespaces (sorted), which needs cluster-wide list rights.
    pub async fn list_namespaces(&self) -> Result<Vec<String>, ClusterError> {
        let api: Api<Namespace> = Api::all(self.client.clone());
        let list = api.list(&ListParams::default()).await?;
        let mut names: Vec<String> = list
            .items
            .into_iter()
            .filter_map(|ns| ns.metadata.name)
            .collect();
        names.sort();
        Ok(names)
    }
}

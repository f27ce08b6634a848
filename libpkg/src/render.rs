//! Rendering: from a package's manifest files to the ordered objects of a plan.
//!
//! Every document is parsed and checked (apiVersion, kind, metadata.name, valid
//! names), `List` documents are expanded, duplicates are refused, namespaced
//! objects without a namespace get the release's, every object is labelled with
//! its release, and the result is sorted into apply order (see [`crate::kinds`]).
//! Errors name the file, the document index and its line.

use std::collections::BTreeMap;

use compact_str::CompactString;

use crate::kinds::{self, Scope};
use crate::manifest::{Manifest, Map};
use crate::names::{validate_dns_label, validate_dns_subdomain};
use crate::object::{Object, group_of};
use crate::yaml::YamlLimits;

/// Label on every object: who manages it.
pub const LABEL_MANAGED_BY: &str = "app.kubernetes.io/managed-by";
/// Manifest of [`LABEL_MANAGED_BY`].
pub const MANAGED_BY: &str = "kubectl-pkg";
/// Label on every object: the release it belongs to.
pub const LABEL_RELEASE: &str = "kubectl-pkg.dev/release";
/// Annotation on every object: the release's namespace (a cluster-scoped object has none of its own).
pub const ANNOTATION_RELEASE_NAMESPACE: &str = "kubectl-pkg.dev/release-namespace";

/// What [`parse_documents`] reads: manifest files by path, in the order they
/// are read (a `plain` package's `manifests/`, lexical). Implemented by
/// [`Package`](crate::package::Package); rendering knows no more of packages.
pub trait Manifests {
    /// The manifest files, in reading order.
    fn manifests(&self) -> Vec<(&str, &[u8])>;
}

/// Answers "is this kind namespaced?"; offline from the built-in table and the
/// package's CRDs, online from discovery.
pub trait ScopeResolver: Sync {
    /// The scope of `kind` in `api_version`, or `None` when the kind is unknown.
    fn scope(&self, api_version: &str, kind: &str) -> Option<Scope>;
}

/// Scope from the built-in kind table plus the CRDs of the package itself.
#[derive(Debug, Default, Clone)]
pub struct OfflineScopes {
    /// By group, then kind: looked up with borrowed names, once per object.
    custom: BTreeMap<String, BTreeMap<String, Scope>>,
    assume_unknown: bool,
}

impl ScopeResolver for OfflineScopes {
    fn scope(&self, api_version: &str, kind: &str) -> Option<Scope> {
        self.known_scope(api_version, kind)
            .or_else(|| self.assume_unknown.then(|| assumed_scope(kind)))
    }
}

/// The scope assumed offline for a kind nothing defines: cluster-wide for
/// `Cluster…` kinds (ClusterIssuer, ClusterPolicy, ClusterSecretStore, as
/// custom resource authors name them), namespaced otherwise.
pub fn assumed_scope(kind: &str) -> Scope {
    if kind.starts_with("Cluster") {
        Scope::Cluster
    } else {
        Scope::Namespaced
    }
}

impl OfflineScopes {
    /// The scope of a built-in kind or of one a learned CRD defines.
    pub fn known_scope(&self, api_version: &str, kind: &str) -> Option<Scope> {
        let group = group_of(api_version);
        kinds::builtin_scope(group, kind).or_else(|| {
            self.custom
                .get(group)
                .and_then(|kinds| kinds.get(kind))
                .copied()
        })
    }

    /// Gives kinds that nothing defines an [`assumed_scope`] instead of
    /// refusing them: for charts and Carvel packages offline, whose custom resources often need
    /// a CRD another chart or an operator installs (a ServiceMonitor, a
    /// Certificate), which Helm renders all the same. The caller warns of
    /// each (see [`OfflineScopes::known_scope`]).
    pub fn assuming_unknown_kinds(mut self) -> OfflineScopes {
        self.assume_unknown = true;
        self
    }

    /// Learns the kinds that CustomResourceDefinitions among `documents` define.
    pub fn learn_crds<'a>(&mut self, documents: impl IntoIterator<Item = &'a Manifest>) {
        for document in documents {
            let is_crd = document.get("kind").and_then(Manifest::as_str)
                == Some("CustomResourceDefinition")
                && document
                    .get("apiVersion")
                    .and_then(Manifest::as_str)
                    .is_some_and(|v| group_of(v) == "apiextensions.k8s.io");
            if !is_crd {
                continue;
            }
            let spec = document.get("spec");
            let group = spec.and_then(|s| s.get("group")).and_then(Manifest::as_str);
            let kind = spec
                .and_then(|s| s.pointer("/names/kind"))
                .and_then(Manifest::as_str);
            let scope = match spec.and_then(|s| s.get("scope")).and_then(Manifest::as_str) {
                Some("Cluster") => Scope::Cluster,
                _ => Scope::Namespaced,
            };
            if let (Some(group), Some(kind)) = (group, kind) {
                self.custom
                    .entry(group.to_string())
                    .or_default()
                    .insert(kind.to_string(), scope);
            }
        }
    }
}

/// The release an object is rendered for.
#[derive(Debug, Clone)]
pub struct RenderTarget<'a> {
    /// Release name.
    pub release: &'a str,
    /// Release namespace, the default for namespaced objects.
    pub namespace: &'a str,
    /// The other namespaces objects may name: the package's `namespaces:` list.
    pub other_namespaces: &'a [String],
    /// Whether objects may name other namespaces too (charts, as Helm
    /// allows): each such object is a risk finding rather than an error.
    pub any_namespace: bool,
    /// Where namespaced objects are moved after the release namespace is
    /// defaulted (a Carvel package's `deploy.kapp.intoNs` / `mapNs`).
    pub placement: &'a NamespacePlacement,
}

/// kapp's `--into-ns` and `--map-ns`, as kapp applies them to namespaced
/// objects once their namespace is defaulted: `into` replaces every
/// namespace, then `map` renames each one and must name all of them.
/// Cluster-scoped objects, and namespaces written inside objects (a
/// RoleBinding's subjects), are left alone, as kapp leaves them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NamespacePlacement {
    /// `intoNs`: the namespace of every namespaced object.
    pub into: Option<String>,
    /// `mapNs` (`src=dst` entries): source namespace → destination.
    pub map: BTreeMap<String, String>,
}

impl NamespacePlacement {
    /// Where an object that names (or was defaulted to) `namespace` goes.
    fn place(&self, namespace: String) -> Result<String, String> {
        let namespace = self.into.clone().unwrap_or(namespace);
        if self.map.is_empty() {
            return Ok(namespace);
        }
        self.map.get(&namespace).cloned().ok_or_else(|| {
            format!(
                "its namespace {namespace:?} is not mapped by mapNs (kapp requires every namespace to be: {})",
                self.map
                    .iter()
                    .map(|(from, to)| format!("{from}={to}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
    }
}

/// Where a document came from, for error messages: `manifests/db.yaml` document 2 (line 14).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// File path inside the package.
    pub file: String,
    /// Zero-based document index in the file.
    pub document: usize,
    /// One-based line where the document starts.
    pub line: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: document {} (line {})",
            self.file,
            self.document + 1,
            self.line
        )
    }
}

/// Why a package did not render.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RenderError {
    /// A manifest file is not UTF-8.
    #[error("{file}: not UTF-8 text")]
    NotText {
        /// The file.
        file: String,
    },
    /// A document is not valid YAML.
    #[error("{location}: invalid YAML: {message}")]
    Yaml {
        /// Where.
        location: Location,
        /// The parser's message.
        message: String,
    },
    /// A document is not a valid Kubernetes object.
    #[error("{location}: {reason}")]
    InvalidObject {
        /// Where.
        location: Location,
        /// What is wrong.
        reason: String,
    },
    /// The same object twice.
    #[error("{key} is defined twice: in {first} and in {second}")]
    Duplicate {
        /// The object.
        key: String,
        /// Its first definition.
        first: Location,
        /// Its second definition.
        second: Location,
    },
    /// A kind that is neither built in nor defined by the package's CRDs (offline), or
    /// unknown to the cluster's discovery (online).
    #[error("{location}: unknown kind {kind} in {api_version}: {hint}")]
    UnknownKind {
        /// Where.
        location: Location,
        /// The apiVersion.
        api_version: String,
        /// The kind.
        kind: String,
        /// What to do about it.
        hint: String,
    },
    /// The package (not a chart: a chart may render no objects) holds no
    /// objects at all.
    #[error("the package has no objects (no documents under manifests/)")]
    Empty,
    /// The release namespace itself is not a valid namespace name.
    #[error("invalid release namespace {namespace:?}: {reason}")]
    ReleaseNamespace {
        /// The namespace.
        namespace: String,
        /// Why it is invalid.
        reason: crate::names::NameError,
    },
}

/// Parses every manifest document of a package, in file order, expanding `List`s,
/// within the default [`YamlLimits`] for the whole package, and checks each
/// object's identity (apiVersion, kind, valid name and namespace) so that a bad
/// one is reported before any request.
pub fn parse_documents<M: Manifests + ?Sized>(
    package: &M,
) -> Result<Vec<(Location, Manifest)>, RenderError> {
    parse_documents_within(package, YamlLimits::default())
}

/// [`parse_documents`] with other limits.
pub fn parse_documents_within<M: Manifests + ?Sized>(
    package: &M,
    limits: YamlLimits,
) -> Result<Vec<(Location, Manifest)>, RenderError> {
    let mut texts = Vec::new();
    for (file, bytes) in package.manifests() {
        let is_manifest = [".yaml", ".yml", ".json"]
            .iter()
            .any(|ext| file.ends_with(ext));
        if !is_manifest {
            continue;
        }
        let text = std::str::from_utf8(bytes).map_err(|_| RenderError::NotText {
            file: file.to_string(),
        })?;
        texts.push((file, text));
    }
    parse_texts(texts, limits)
}

/// Parses YAML streams named by their file (a package's manifests, or the
/// output of a chart's templates, named by template) as [`parse_documents`]
/// does: empty documents dropped, `List`s expanded, identities checked.
pub fn parse_texts<'a>(
    texts: impl IntoIterator<Item = (&'a str, &'a str)>,
    limits: YamlLimits,
) -> Result<Vec<(Location, Manifest)>, RenderError> {
    let documents = read_texts(texts, limits)?;
    check_identities(&documents)?;
    Ok(documents)
}

/// [`parse_texts`] without the identity checks: for a format that takes
/// documents out first that are not objects (kapp's own `Config`), then
/// calls [`check_identities`].
pub fn read_texts<'a>(
    texts: impl IntoIterator<Item = (&'a str, &'a str)>,
    limits: YamlLimits,
) -> Result<Vec<(Location, Manifest)>, RenderError> {
    let (files, texts): (Vec<&str>, Vec<&str>) = texts.into_iter().unzip();
    let parsed = crate::yaml::documents_in_files(&texts, limits).map_err(
        |(file, document, line, error)| RenderError::Yaml {
            location: Location {
                file: files[file].to_string(),
                document,
                line,
            },
            message: error.message,
        },
    )?;
    let mut documents = Vec::new();
    for (file, parsed) in files.iter().zip(parsed) {
        for document in parsed {
            let location = Location {
                file: file.to_string(),
                document: document.index,
                line: document.line,
            };
            match document.value {
                Manifest::Null => {}
                Manifest::Object(map) if is_list(&map) => {
                    let items = match map.get("items") {
                        Some(Manifest::Array(items)) => items.to_vec(),
                        _ => Vec::new(),
                    };
                    documents.extend(items.into_iter().map(|item| (location.clone(), item)));
                }
                value => documents.push((location, value)),
            }
        }
    }
    Ok(documents)
}

/// Checks each document's identity (apiVersion, kind, a valid name and
/// namespace), naming the first that has none.
pub fn check_identities(documents: &[(Location, Manifest)]) -> Result<(), RenderError> {
    for (location, value) in documents {
        identity(value).map_err(|reason| RenderError::InvalidObject {
            location: location.clone(),
            reason,
        })?;
    }
    Ok(())
}

fn is_list(map: &Map) -> bool {
    map.get("kind")
        .and_then(Manifest::as_str)
        .is_some_and(|kind| kind == "List" || kind.ends_with("List"))
        && map.get("items").is_some_and(Manifest::is_array)
}

/// Objects rendered for a plan, and what the plan should note about them.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// The labelled objects, in apply order.
    pub objects: Vec<Object>,
    /// Notes for the plan's warnings (a field dropped, and why).
    pub warnings: Vec<String>,
}

/// Renders parsed documents into labelled objects in apply order. No
/// documents give no objects (a chart may render none, as Helm allows; a
/// package's emptiness is refused where it is read, [`RenderError::Empty`]).
pub fn render(
    documents: Vec<(Location, Manifest)>,
    target: &RenderTarget<'_>,
    scopes: &dyn ScopeResolver,
) -> Result<Rendered, RenderError> {
    validate_dns_label(target.namespace).map_err(|reason| RenderError::ReleaseNamespace {
        namespace: target.namespace.to_string(),
        reason,
    })?;
    let mut objects = Vec::with_capacity(documents.len());
    let mut locations = Vec::with_capacity(documents.len());
    let mut warnings = Vec::new();
    let mut failed = None;
    for (location, converted) in to_objects(documents, target, scopes) {
        match converted {
            Ok((object, object_warnings)) => {
                warnings.extend(object_warnings);
                objects.push(object);
                locations.push(location);
            }
            Err(error) => {
                failed = Some(error);
                break;
            }
        }
    }
    // In document order, a duplicate before the first document that failed
    // is the error.
    if let Some((first, second)) = first_duplicate(&objects) {
        return Err(RenderError::Duplicate {
            key: objects[second].key().to_string(),
            first: locations[first].clone(),
            second: locations[second].clone(),
        });
    }
    if let Some(error) = failed {
        return Err(error);
    }
    sort_for_apply(&mut objects);
    Ok(Rendered { objects, warnings })
}

/// The positions of an object and of the first one after it with the same
/// identity (group, kind, namespace and name). Only asked whether a key came
/// before, so hashed (a sorted map's string comparisons were a tenth of a
/// 50,000-object offline plan), and the keys are borrowed from the objects
/// (copied, they were five strings per object).
fn first_duplicate(objects: &[Object]) -> Option<(usize, usize)> {
    let mut seen = std::collections::HashMap::with_capacity(objects.len());
    for (index, object) in objects.iter().enumerate() {
        let key = (
            object.group(),
            object.kind.as_str(),
            object.namespace.as_deref(),
            object.name.as_str(),
        );
        if let Some(&first) = seen.get(&key) {
            return Some((first, index));
        }
        seen.insert(key, index);
    }
    None
}

/// A document's location, and the object made of it with its warnings, or why not.
type Converted = (Location, Result<(Object, Vec<String>), RenderError>);

/// Each document as an object, with its warnings. The documents are
/// independent, so a large package's are converted on up to four threads
/// (labels, checks and scopes for each of 50,000 objects took a sixth of an
/// offline plan); the results are in document order, as one thread gives them.
fn to_objects(
    documents: Vec<(Location, Manifest)>,
    target: &RenderTarget<'_>,
    scopes: &dyn ScopeResolver,
) -> Vec<Converted> {
    let convert = |(location, value): (Location, Manifest)| {
        let mut warnings = Vec::new();
        let object = to_object(value, &location, target, scopes, &mut warnings);
        (location, object.map(|object| (object, warnings)))
    };
    crate::parallel::in_shares(documents, PARALLEL_RENDER_MIN, |share| {
        share.into_iter().map(convert).collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// Fewer documents than this are converted on the calling thread: starting
/// threads would cost more than it saves.
pub(crate) const PARALLEL_RENDER_MIN: usize = 512;

/// Sorts objects into apply order: by phase, then kind, namespace and name.
/// Stable; the phase (a table lookup) is found once per object, not per
/// comparison, and the names are compared where they are (copying them
/// into sort keys was a twentieth of a 50,000-object offline plan).
pub fn sort_for_apply(objects: &mut [Object]) {
    sort_for_apply_by(objects, |object| object);
}

/// [`sort_for_apply`] of items that each hold an object (`object` finds
/// it), moved in place: planned deletions carry their objects without a
/// copy being made to sort them.
pub fn sort_for_apply_by<T>(items: &mut [T], object: impl Fn(&T) -> &Object) {
    let ranks: Vec<_> = items
        .iter()
        .map(|item| {
            let o = object(item);
            let phase = kinds::phase_of_object(o.group(), &o.kind, &o.manifest);
            // Hooks run by weight, then in kind order (as Helm runs them).
            let weight = match phase {
                kinds::Phase::PreHooks | kinds::Phase::PostHooks => kinds::hook_weight(&o.manifest),
                _ => 0,
            };
            (phase, weight, kinds::phase_of(o.group(), &o.kind))
        })
        .collect();
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (object(&items[a]), object(&items[b]));
        ranks[a]
            .cmp(&ranks[b])
            .then_with(|| x.kind.cmp(&y.kind))
            .then_with(|| x.namespace.cmp(&y.namespace))
            .then_with(|| x.name.cmp(&y.name))
    });
    permute(items, order);
}

/// Puts `items` in `order` (the index of the item that goes first, then
/// the next…) in place, by swaps along each cycle of the permutation.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        // Each position is filled from `order[position]`; a position done
        // points to itself.
        let mut position = start;
        while order[position] != start {
            let from = order[position];
            items.swap(position, from);
            order[position] = position;
            position = from;
        }
        order[position] = position;
    }
}

fn to_object(
    value: Manifest,
    location: &Location,
    target: &RenderTarget<'_>,
    scopes: &dyn ScopeResolver,
    warnings: &mut Vec<String>,
) -> Result<Object, RenderError> {
    let invalid = |reason: String| RenderError::InvalidObject {
        location: location.clone(),
        reason,
    };
    let (api_version, kind, name) = identity(&value)
        .map(|(api_version, kind, name)| {
            (api_version.to_string(), kind.to_string(), name.to_string())
        })
        .map_err(invalid)?;
    // identity() has checked the shape; these errors cannot happen, but no input may panic.
    let Manifest::Object(mut map) = value else {
        return Err(invalid("a manifest document must be a mapping".to_string()));
    };
    let Some(Manifest::Object(metadata)) = map.get_mut("metadata") else {
        return Err(invalid(format!("{kind}: metadata must be a mapping")));
    };

    let scope = scopes.scope(&api_version, &kind).ok_or_else(|| RenderError::UnknownKind {
        location: location.clone(),
        api_version: api_version.clone(),
        kind: kind.clone(),
        hint: "it is not a built-in kind and no CustomResourceDefinition in the package defines it".to_string(),
    })?;
    let namespace = match (scope, str_field(metadata, "namespace").map(str::to_string)) {
        (Scope::Cluster, Some(namespace)) => {
            // The API server ignores it, and so Helm does: drop it, and say so.
            metadata.remove("namespace");
            warnings.push(format!(
                "{location}: {kind} {name:?} is cluster-scoped; its metadata.namespace {namespace:?} was dropped (the API server ignores it)"
            ));
            None
        }
        (Scope::Cluster, None) => None,
        (Scope::Namespaced, named) => {
            let namespace = target
                .placement
                .place(named.unwrap_or_else(|| target.namespace.to_string()))
                .map_err(|why| invalid(format!("{kind} {name:?}: {why}")))?;
            if namespace != target.namespace
                && !target.other_namespaces.contains(&namespace)
                && !target.any_namespace
            {
                return Err(invalid(format!(
                    "{kind} {name:?} sets metadata.namespace {namespace:?}, but the release namespace is {:?}; \
                     a package that spans namespaces lists the others under `namespaces:` in package.yaml \
                     (a chart: in the `kubectl-pkg.dev/namespaces` annotation of Chart.yaml)",
                    target.namespace
                )));
            }
            metadata.insert("namespace", Manifest::from(namespace.as_str()));
            Some(namespace)
        }
    };
    // A `managed-by` the package sets (a chart's `Helm`) is kept, as every
    // other label of the package is: ownership is the release label's.
    let labels = [(LABEL_RELEASE, target.release)];
    insert_strings(
        metadata,
        "labels",
        &[(LABEL_MANAGED_BY, MANAGED_BY)],
        &labels,
    )
    .map_err(invalid)?;
    let annotations = [(ANNOTATION_RELEASE_NAMESPACE, target.namespace)];
    insert_strings(metadata, "annotations", &[], &annotations).map_err(invalid)?;
    Ok(Object {
        api_version,
        kind,
        namespace,
        name,
        manifest: Manifest::Object(map),
    })
}

/// The identity of a manifest document, checked before any request: a mapping
/// with apiVersion, kind and a metadata.name valid for its kind (a CRD's is
/// `plural.group`), and a valid metadata.namespace if it names one. Returns
/// (apiVersion, kind, name).
fn identity(value: &Manifest) -> Result<(&str, &str, &str), String> {
    let Manifest::Object(map) = value else {
        return Err("a manifest document must be a mapping (an object)".to_string());
    };
    let api_version = str_field(map, "apiVersion").ok_or("missing apiVersion")?;
    let kind = str_field(map, "kind").ok_or("missing kind")?;
    let metadata = match map.get("metadata") {
        Some(Manifest::Object(metadata)) => metadata,
        None => return Err(format!("{kind}: missing metadata.name")),
        Some(_) => return Err(format!("{kind}: metadata must be a mapping")),
    };
    let name =
        str_field(metadata, "name").ok_or_else(|| format!("{kind}: missing metadata.name"))?;
    validate_name(api_version, kind, name)
        .map_err(|why| format!("{kind} {name:?}: invalid name: {why}"))?;
    if let Some(namespace) = str_field(metadata, "namespace") {
        validate_dns_label(namespace)
            .map_err(|why| format!("{kind} {name:?}: invalid namespace {namespace:?}: {why}"))?;
    }
    if kind == "CustomResourceDefinition" && group_of(api_version) == "apiextensions.k8s.io" {
        let spec = map.get("spec");
        let field = |pointer: &str| {
            spec.and_then(|s| s.pointer(pointer))
                .and_then(Manifest::as_str)
        };
        if let (Some(plural), Some(group)) = (field("/names/plural"), field("/group"))
            && name != format!("{plural}.{group}")
        {
            return Err(format!(
                "{kind} {name:?}: the name must be spec.names.plural.spec.group ({plural}.{group})"
            ));
        }
    }
    Ok((api_version, kind, name))
}

/// The name rules the API server applies, per kind: most objects need DNS
/// subdomains; Namespaces DNS labels; Services DNS-1035 labels (they become DNS
/// names, so they start with a letter); CronJobs at most 52 characters (their
/// Jobs add a suffix); RBAC objects only need to be valid path segments
/// (`system:auth-delegator` is a fine ClusterRole name).
fn validate_name(api_version: &str, kind: &str, name: &str) -> Result<(), String> {
    let group = group_of(api_version);
    match (group, kind) {
        ("rbac.authorization.k8s.io", _) => match name {
            "" => Err("empty".to_string()),
            "." | ".." => Err("may not be '.' or '..'".to_string()),
            _ if name.contains(['/', '%']) => Err("may not contain '/' or '%'".to_string()),
            _ => Ok(()),
        },
        ("", "Namespace") => validate_dns_label(name).map_err(|why| why.to_string()),
        ("", "Service") => {
            validate_dns_label(name).map_err(|why| why.to_string())?;
            if name.starts_with(|c: char| c.is_ascii_digit()) {
                return Err("a Service name must start with a letter".to_string());
            }
            Ok(())
        }
        ("batch", "CronJob") if name.len() > 52 => Err(format!(
            "longer than 52 characters ({}), the most a CronJob may have",
            name.len()
        )),
        _ => validate_dns_subdomain(name).map_err(|why| why.to_string()),
    }
}

/// A string field that is not empty.
fn str_field<'a>(map: &'a Map, key: &str) -> Option<&'a str> {
    map.get(key)
        .and_then(Manifest::as_str)
        .filter(|s| !s.is_empty())
}

/// Sets `defaults` where the mapping `section` of `metadata` (created if
/// absent or null) has no such string, then `entries` over whatever it has.
/// The keys are this crate's own labels and annotations, held by
/// reference: two of them are longer than a key held inline, and every
/// object gets them.
fn insert_strings(
    metadata: &mut Map,
    section: &'static str,
    defaults: &[(&'static str, &str)],
    entries: &[(&'static str, &str)],
) -> Result<(), String> {
    let map = match metadata.get_mut(section) {
        Some(Manifest::Object(map)) => map,
        Some(Manifest::Null) | None => {
            // In place of a null, where it was.
            metadata.insert(
                CompactString::const_new(section),
                Manifest::Object(Map::new()),
            );
            match metadata.get_mut(section) {
                Some(Manifest::Object(map)) => map,
                _ => unreachable!("a mapping was just inserted"),
            }
        }
        Some(_) => return Err(format!("metadata.{section} must be a mapping")),
    };
    // Which defaults the mapping already has, as bits: every entry is then
    // set in one pass (each pass copies the mapping's entries).
    debug_assert!(defaults.len() <= 64);
    let present = defaults
        .iter()
        .enumerate()
        .filter(|(_, (key, _))| map.get(key).and_then(Manifest::as_str).is_some())
        .fold(0u64, |bits, (index, _)| bits | 1 << index);
    let wanted = defaults
        .iter()
        .enumerate()
        .filter(|(index, _)| present & (1 << index) == 0)
        .map(|(_, entry)| entry);
    map.extend(
        wanted
            .chain(entries)
            .map(|&(key, value)| (CompactString::const_new(key), Manifest::from(value))),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An object of `kind` named `name`, in `namespace` unless cluster-scoped,
    /// with the hook annotations given.
    fn object(api_version: &str, kind: &str, name: &str, hook: Option<(&str, &str)>) -> Object {
        let namespace = (kind != "Namespace").then(|| "ns".to_string());
        let mut manifest = serde_json::json!({"metadata": {"name": name}});
        if let Some((event, weight)) = hook {
            manifest["metadata"]["annotations"] = serde_json::json!({
                kinds::HOOK_ANNOTATION: event,
                kinds::HOOK_WEIGHT_ANNOTATION: weight,
            });
        }
        Object {
            api_version: api_version.to_string(),
            kind: kind.to_string(),
            namespace,
            name: name.to_string(),
            manifest: manifest.into(),
        }
    }

    #[test]
    fn objects_sort_into_apply_order_as_by_their_whole_keys() {
        let mut objects = Vec::new();
        for i in 0..40 {
            let name = format!("n{}", (i * 7) % 13);
            let hook = match i % 5 {
                0 => Some(("pre-install", "5")),
                1 => Some(("post-install", "-1")),
                _ => None,
            };
            let kind = ["ConfigMap", "Deployment", "Namespace", "Widget"][i % 4];
            // The same kind and name in two groups: their order is kept.
            let api_version = if i % 3 == 0 {
                "a.example/v1"
            } else {
                "b.example/v1"
            };
            objects.push(object(api_version, kind, &name, hook));
        }
        let mut expected = objects.clone();
        // The reference: every object's whole key, copied.
        expected.sort_by_cached_key(|o| {
            let phase = kinds::phase_of_object(o.group(), &o.kind, &o.manifest);
            let weight = match phase {
                kinds::Phase::PreHooks | kinds::Phase::PostHooks => kinds::hook_weight(&o.manifest),
                _ => 0,
            };
            let rank = kinds::phase_of(o.group(), &o.kind);
            (
                phase,
                weight,
                rank,
                o.kind.clone(),
                o.namespace.clone(),
                o.name.clone(),
            )
        });
        sort_for_apply(&mut objects);
        assert_eq!(objects, expected);
    }

    #[test]
    fn a_permutation_puts_each_item_where_it_goes() {
        for order in [
            vec![],
            vec![0],
            vec![2, 0, 1],
            vec![1, 0, 3, 2, 4],
            vec![4, 3, 2, 1, 0],
        ] {
            let mut items: Vec<usize> = (0..order.len()).map(|i| i * 10).collect();
            let expected: Vec<usize> = order.iter().map(|&i| i * 10).collect();
            permute(&mut items, order);
            assert_eq!(items, expected);
        }
    }
}

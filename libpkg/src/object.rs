//! One Kubernetes object as a package renders it: its identity plus the full manifest.
//!
//! Planning works on plain data, so an object is a JSON value with its identity
//! (apiVersion, kind, namespace, name) lifted out once, instead of typed
//! k8s-openapi structs: a package may hold any kind, including custom resources.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::manifest::Manifest;

/// A rendered object: identity plus the manifest that will be applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Object {
    /// `apiVersion`, such as `apps/v1` or `v1`.
    pub api_version: String,
    /// `kind`, such as `Deployment`.
    pub kind: String,
    /// `metadata.namespace`; `None` for cluster-scoped objects.
    pub namespace: Option<String>,
    /// `metadata.name`.
    pub name: String,
    /// The whole object as it will be sent to the API server.
    pub manifest: Manifest,
}

impl Object {
    /// The API group: the part of `apiVersion` before `/`, empty for the core group.
    pub fn group(&self) -> &str {
        group_of(&self.api_version)
    }

    /// The identity used to detect duplicates and to match objects across revisions.
    pub fn key(&self) -> ObjectKey {
        ObjectKey::new(
            &self.api_version,
            &self.kind,
            self.namespace.as_deref(),
            &self.name,
        )
    }

    /// A field of the manifest by JSON pointer (`/spec/template`), if present.
    pub fn pointer(&self, pointer: &str) -> Option<&Manifest> {
        self.manifest.pointer(pointer)
    }
}

/// A JSON value held as its text, parsed again when it is used: a large
/// release's objects (its listed live objects, the objects its deployed
/// revision may have left) are held while each of them is planned, and a
/// parsed object takes about five times the memory of its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueText(Box<str>);

impl ValueText {
    /// `value`'s text.
    pub fn of(value: &impl Serialize) -> ValueText {
        ValueText(
            serde_json::to_string(value)
                .expect("values serialize")
                .into_boxed_str(),
        )
    }

    /// The value again, the same as the one it was made of (keys in the
    /// same order, numbers the same).
    pub fn value(&self) -> Value {
        self.parsed()
    }

    /// The value again as a [`Manifest`].
    pub fn manifest(&self) -> Manifest {
        self.parsed()
    }

    fn parsed<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.0).expect("made of a value or of JSON serde_json read")
    }
}

/// An [`Object`] whose manifest is held as text ([`ValueText`]) until it
/// is needed: the objects a release's deployed revision may have left are
/// held while the new ones are rendered and planned, and only the few no
/// longer desired (pruned) need their manifests.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredObject {
    /// `apiVersion`.
    pub api_version: String,
    /// `kind`.
    pub kind: String,
    /// `metadata.namespace`; `None` for cluster-scoped objects.
    pub namespace: Option<String>,
    /// `metadata.name`.
    pub name: String,
    manifest: ValueText,
}

impl StoredObject {
    /// The identity, as [`Object::key`].
    pub fn key(&self) -> ObjectKey {
        ObjectKey::new(
            &self.api_version,
            &self.kind,
            self.namespace.as_deref(),
            &self.name,
        )
    }

    /// An object whose manifest is `manifest`'s text (valid JSON, as
    /// serde_json read it), kept as it is.
    pub fn from_json(
        api_version: String,
        kind: String,
        namespace: Option<String>,
        name: String,
        manifest: &RawValue,
    ) -> StoredObject {
        StoredObject {
            api_version,
            kind,
            namespace,
            name,
            manifest: ValueText(manifest.get().into()),
        }
    }

    /// The manifest, parsed.
    pub fn manifest(&self) -> Manifest {
        self.manifest.manifest()
    }

    /// The object, its manifest parsed.
    pub fn into_object(self) -> Object {
        Object {
            manifest: self.manifest.manifest(),
            api_version: self.api_version,
            kind: self.kind,
            namespace: self.namespace,
            name: self.name,
        }
    }
}

impl From<Object> for StoredObject {
    fn from(object: Object) -> StoredObject {
        StoredObject {
            manifest: ValueText::of(&object.manifest),
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
        }
    }
}

/// The API group of an `apiVersion` string (`apps/v1` → `apps`, `v1` → ``).
pub fn group_of(api_version: &str) -> &str {
    api_version.split_once('/').map_or("", |(group, _)| group)
}

/// What makes two objects "the same object": group, kind, namespace and name
/// (the version is not part of it, as for the API server).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ObjectKey {
    /// API group, empty for the core group.
    pub group: String,
    /// Kind.
    pub kind: String,
    /// Namespace, `None` when cluster-scoped.
    pub namespace: Option<String>,
    /// Name.
    pub name: String,
}

impl ObjectKey {
    /// The key of the object a plan entry, a hook or an object being applied
    /// names by `apiVersion`, kind, namespace and name: every form an object
    /// takes has this one identity, shown one way.
    pub fn new(api_version: &str, kind: &str, namespace: Option<&str>, name: &str) -> ObjectKey {
        ObjectKey {
            group: group_of(api_version).to_string(),
            kind: kind.to_string(),
            namespace: namespace.map(str::to_string),
            name: name.to_string(),
        }
    }
}

impl fmt::Display for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.key().fmt(f)
    }
}

impl fmt::Display for ObjectKey {
    /// `Kind/name` or `Kind/namespace/name`, with the group when it is not core
    /// (`Deployment.apps/db/mongodb`), as kubectl names resources.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if !self.group.is_empty() {
            write!(f, ".{}", self.group)?;
        }
        match &self.namespace {
            Some(namespace) => write!(f, "/{namespace}/{}", self.name),
            None => write!(f, "/{}", self.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_gives_back_the_same_value_in_the_same_order() {
        // Keys out of order, a float that needs its exact digits, large
        // integers, escapes: a listed object parsed again is the one listed.
        let value: Value = serde_json::from_str(
            r#"{"z": 1, "a": {"y": [1.1000000000000001, -0.0, 1e300], "b": null},
                "n": 18446744073709551615, "i": -9223372036854775808, "s": "é\n\"x\""}"#,
        )
        .unwrap();
        let again = ValueText::of(&value).value();
        assert_eq!(again, value);
        assert_eq!(
            serde_json::to_string(&again).unwrap(),
            serde_json::to_string(&value).unwrap()
        );
        let keys: Vec<&String> = again.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["z", "a", "n", "i", "s"]);
    }

    #[test]
    fn a_stored_object_is_the_object_again() {
        let object = Object {
            api_version: "v1".into(),
            kind: "ConfigMap".into(),
            namespace: Some("db".into()),
            name: "settings".into(),
            manifest: serde_json::json!({"kind": "ConfigMap", "apiVersion": "v1", "data": {"b": "1", "a": "2"}}).into(),
        };
        let stored = StoredObject::from(object.clone());
        assert_eq!(stored.key(), object.key());
        let again = stored.into_object();
        assert_eq!(again, object);
        // Maps compare without their order: the text says it is kept.
        assert_eq!(
            serde_json::to_string(&again.manifest).unwrap(),
            serde_json::to_string(&object.manifest).unwrap()
        );
    }

    #[test]
    fn groups_and_display() {
        let object = Object {
            api_version: "apps/v1".into(),
            kind: "Deployment".into(),
            namespace: Some("db".into()),
            name: "mongodb".into(),
            manifest: Manifest::Null,
        };
        assert_eq!(object.group(), "apps");
        assert_eq!(object.to_string(), "Deployment.apps/db/mongodb");
        assert_eq!(group_of("v1"), "");
        let cluster_role = ObjectKey {
            group: "rbac.authorization.k8s.io".into(),
            kind: "ClusterRole".into(),
            namespace: None,
            name: "reader".into(),
        };
        assert_eq!(
            cluster_role.to_string(),
            "ClusterRole.rbac.authorization.k8s.io/reader"
        );
    }
}

//! Compares a live Kubernetes object with the object a server-side-apply dry
//! run says it would become, so a plan can show what would change before
//! anything is changed. Both sides are first normalized to drop what differs
//! between any two reads without being the user's intent (managed fields,
//! resource versions, status and so on), then rendered as YAML with keys
//! sorted so the diff is deterministic. Secret values are masked before
//! rendering so they never reach a terminal or a log.

use serde_json::{Map, Value};

/// Placeholder shown for a Secret value that the plan leaves as it is.
pub const MASKED_UNCHANGED: &str = "<masked>";

/// Placeholder shown for a Secret value that the plan adds or changes.
pub const MASKED_CHANGED: &str = "<masked, changed>";

/// Annotation written by client-side `kubectl apply`; it holds a full copy of
/// the object (including Secret values) and is not part of the user's intent.
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// Metadata fields that the server sets and that change between reads.
const VOLATILE_METADATA: [&str; 6] = [
    "managedFields",
    "resourceVersion",
    "uid",
    "creationTimestamp",
    "generation",
    "selfLink",
];

/// The outcome of comparing a live object with its planned state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// The object does not exist yet and would be created.
    Create,
    /// The object exists and applying would not change it.
    Unchanged,
    /// The object exists and would change as shown by `diff`.
    Update {
        /// Unified diff (`--- live` / `+++ planned`) of the YAML renderings,
        /// with Secret values masked.
        diff: String,
    },
}

/// Returns a copy of `object` without the fields that differ between any two
/// reads and are not the user's intent: volatile metadata, `status`, the
/// last-applied annotation and empty `annotations`/`labels` maps. A Secret's
/// `stringData` is folded into `data` as base64, as the API server does.
/// Key order is otherwise preserved.
pub fn normalize(object: &Value) -> Value {
    normalized(object.clone())
}

/// [`normalize`] of an object the caller no longer needs, changed in place.
pub fn normalized(mut object: Value) -> Value {
    let secret = is_secret(&object);
    let Some(fields) = object.as_object_mut() else {
        return object;
    };
    fields.remove("status");
    if let Some(Value::Object(metadata)) = fields.get_mut("metadata") {
        for key in VOLATILE_METADATA {
            metadata.remove(key);
        }
        if let Some(Value::Object(annotations)) = metadata.get_mut("annotations") {
            annotations.remove(LAST_APPLIED);
        }
        for key in ["annotations", "labels"] {
            if is_empty_map(metadata.get(key)) {
                metadata.remove(key);
            }
        }
    }
    if secret {
        fold_string_data(fields);
    }
    object
}

/// Compares `live` (absent when the object does not exist) with `desired`
/// (the server-side-apply dry-run result) after normalizing both.
pub fn compare(live: Option<&Value>, desired: &Value) -> Comparison {
    let Some(live) = live else {
        return Comparison::Create;
    };
    let mut live = sort_keys(&normalize(live));
    let mut desired = sort_keys(&normalize(desired));
    if live == desired {
        return Comparison::Unchanged;
    }
    if is_secret(&live) || is_secret(&desired) {
        mask_secret(&mut live, &mut desired);
    }
    let diff = unified(&live, &desired, ("live", "planned"));
    Comparison::Update { diff }
}

/// Two objects (normalized, Secret values masked) as a unified diff, or
/// `None` when they are the same: what two environments of a stack would
/// each have.
pub fn between(old: &Value, new: &Value, labels: (&str, &str)) -> Option<String> {
    let mut old = sort_keys(&normalize(old));
    let mut new = sort_keys(&normalize(new));
    if old == new {
        return None;
    }
    if is_secret(&old) || is_secret(&new) {
        mask_secret(&mut old, &mut new);
    }
    Some(unified(&old, &new, labels))
}

/// Two documents (not objects: nothing is normalized) as a unified diff of
/// their YAML with keys sorted, or `None` when they are the same.
pub fn between_documents(old: &Value, new: &Value, labels: (&str, &str)) -> Option<String> {
    let (old, new) = (sort_keys(old), sort_keys(new));
    (old != new).then(|| unified(&old, &new, labels))
}

/// The unified diff of two values' YAML renderings.
fn unified(old: &Value, new: &Value, (old_label, new_label): (&str, &str)) -> String {
    let (old, new) = (render(old), render(new));
    similar::TextDiff::from_lines(&old, &new)
        .unified_diff()
        .context_radius(3)
        .header(old_label, new_label)
        .to_string()
}

/// Whether `object` is a core `v1` Secret.
fn is_secret(object: &Value) -> bool {
    object.get("apiVersion").and_then(Value::as_str) == Some("v1")
        && object.get("kind").and_then(Value::as_str) == Some("Secret")
}

/// Whether `value` is an empty JSON object or null.
fn is_empty_map(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Object(map)) => map.is_empty(),
        Some(Value::Null) => true,
        _ => false,
    }
}

/// Moves the string values of a Secret's `stringData` into `data` as base64;
/// `stringData` wins over `data` for the same key, as on the API server.
/// Non-string entries (invalid for the server) stay in `stringData`.
fn fold_string_data(secret: &mut Map<String, Value>) {
    let Some(Value::Object(string_data)) = secret.remove("stringData") else {
        return;
    };
    let mut leftover = Map::new();
    let mut folded = Vec::new();
    for (key, value) in string_data {
        match value {
            Value::String(plain) => folded.push((key, base64_encode(plain.as_bytes()))),
            other => {
                leftover.insert(key, other);
            }
        }
    }
    if !folded.is_empty() {
        let data = secret
            .entry("data")
            .or_insert_with(|| Value::Object(Map::new()));
        if !data.is_object() {
            *data = Value::Object(Map::new());
        }
        if let Value::Object(data) = data {
            for (key, encoded) in folded {
                data.insert(key, Value::String(encoded));
            }
        }
    }
    if !leftover.is_empty() {
        secret.insert("stringData".to_owned(), Value::Object(leftover));
    }
}

/// Replaces every Secret value on both sides with a placeholder: on the live
/// side always [`MASKED_UNCHANGED`], on the desired side
/// [`MASKED_UNCHANGED`] only when the live side holds the same key with the
/// same value, else [`MASKED_CHANGED`].
fn mask_secret(live: &mut Value, desired: &mut Value) {
    for field in ["data", "stringData"] {
        let live_values = live.get(field).cloned();
        if let Some(values) = desired.get_mut(field) {
            mask_values(values, |key, value| {
                let same = live_values
                    .as_ref()
                    .and_then(|values| values.get(key))
                    .is_some_and(|old| old == value);
                if same {
                    MASKED_UNCHANGED
                } else {
                    MASKED_CHANGED
                }
            });
        }
        if let Some(values) = live.get_mut(field) {
            mask_values(values, |_, _| MASKED_UNCHANGED);
        }
    }
    for object in [live, desired] {
        if let Some(Value::Object(annotations)) = object.pointer_mut("/metadata/annotations")
            && let Some(value) = annotations.get_mut(LAST_APPLIED)
        {
            *value = Value::String(MASKED_UNCHANGED.to_owned());
        }
    }
}

/// Replaces each value of the map `values` with the placeholder `mask`
/// chooses for it; anything other than a map or null is masked whole.
fn mask_values(values: &mut Value, mask: impl Fn(&str, &Value) -> &'static str) {
    match values {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                *value = Value::String(mask(key, value).to_owned());
            }
        }
        Value::Null => {}
        other => *other = Value::String(MASKED_CHANGED.to_owned()),
    }
}

/// Returns a copy of `value` with the keys of every object sorted.
fn sort_keys(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by_key(|(key, _)| *key);
            Value::Object(
                entries
                    .into_iter()
                    .map(|(key, value)| (key.clone(), sort_keys(value)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sort_keys).collect()),
        other => other.clone(),
    }
}

/// Renders `value` as YAML, falling back to pretty JSON should YAML fail.
fn render(value: &Value) -> String {
    serde_saphyr::to_string(value).unwrap_or_else(|_| {
        let mut json = serde_json::to_string_pretty(value).unwrap_or_default();
        json.push('\n');
        json
    })
}

/// Standard base64 (RFC 4648, with padding), as the API server uses for
/// Secret `data`.
fn base64_encode(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deployment(replicas: u64) -> Value {
        json!({
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
            "spec": {
                "replicas": replicas,
                "selector": {"matchLabels": {"app": "web"}},
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {"containers": [{"name": "web", "image": "nginx:1.27"}]}
                }
            }
        })
    }

    fn secret(data: Value) -> Value {
        json!({
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "db", "namespace": "default"},
            "type": "Opaque",
            "data": data
        })
    }

    fn diff_of(comparison: Comparison) -> String {
        match comparison {
            Comparison::Update { diff } => diff,
            other => panic!("expected an update, got {other:?}"),
        }
    }

    #[test]
    fn base64_matches_rfc4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64_encode(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn missing_live_object_is_a_create() {
        assert_eq!(compare(None, &deployment(1)), Comparison::Create);
    }

    #[test]
    fn server_bookkeeping_does_not_count_as_a_change() {
        let mut live = deployment(2);
        live["metadata"]["resourceVersion"] = json!("12345");
        live["metadata"]["uid"] = json!("0b5c-live");
        live["metadata"]["generation"] = json!(4);
        live["metadata"]["creationTimestamp"] = json!("2024-01-01T00:00:00Z");
        live["metadata"]["selfLink"] = json!("/apis/apps/v1/namespaces/default/deployments/web");
        live["metadata"]["managedFields"] = json!([{"manager": "kubectl", "operation": "Apply"}]);
        live["metadata"]["annotations"] = json!({LAST_APPLIED: "{\"kind\":\"Deployment\"}"});
        live["status"] = json!({"replicas": 2, "availableReplicas": 2});
        let mut desired = deployment(2);
        desired["metadata"]["resourceVersion"] = json!("12346");
        desired["metadata"]["generation"] = json!(5);
        desired["metadata"]["managedFields"] = json!([{"manager": "kubectl-pkg"}]);
        desired["metadata"]["annotations"] = json!({});
        desired["status"] = json!({});
        assert_eq!(compare(Some(&live), &desired), Comparison::Unchanged);
    }

    #[test]
    fn normalize_keeps_intent_and_deletion_timestamp() {
        let mut object = deployment(1);
        object["metadata"]["deletionTimestamp"] = json!("2024-01-01T00:00:00Z");
        object["metadata"]["labels"] = json!({});
        object["metadata"]["annotations"] = json!({LAST_APPLIED: "{}", "team": "web"});
        object["status"] = json!({"replicas": 1});
        let normalized = normalize(&object);
        assert_eq!(
            normalized["metadata"],
            json!({
                "name": "web",
                "namespace": "default",
                "annotations": {"team": "web"},
                "deletionTimestamp": "2024-01-01T00:00:00Z"
            })
        );
        assert!(normalized.get("status").is_none());
        assert_eq!(normalized["spec"], object["spec"]);
        let keys: Vec<_> = normalized.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["apiVersion", "kind", "metadata", "spec"]);
    }

    #[test]
    fn replica_change_shows_as_a_unified_diff() {
        let diff = diff_of(compare(Some(&deployment(1)), &deployment(3)));
        assert!(diff.starts_with("--- live\n+++ planned\n@@ "), "{diff}");
        assert!(diff.contains("\n-  replicas: 1\n"), "{diff}");
        assert!(diff.contains("\n+  replicas: 3\n"), "{diff}");
        assert_eq!(diff.lines().filter(|l| l.starts_with('-')).count(), 2);
        assert_eq!(diff.lines().filter(|l| l.starts_with('+')).count(), 2);
    }

    #[test]
    fn secret_value_change_is_masked() {
        // "hunter2" -> "aHVudGVyMg==", "correct horse" -> "Y29ycmVjdCBob3JzZQ=="
        let live = secret(json!({"password": "aHVudGVyMg==", "user": "YWRtaW4="}));
        let desired = secret(json!({"password": "Y29ycmVjdCBob3JzZQ==", "user": "YWRtaW4="}));
        let diff = diff_of(compare(Some(&live), &desired));
        assert!(diff.contains("password"), "{diff}");
        assert!(diff.contains(MASKED_CHANGED), "{diff}");
        let removed = diff.lines().find(|l| l.starts_with("-  password")).unwrap();
        let added = diff.lines().find(|l| l.starts_with("+  password")).unwrap();
        assert!(removed.contains(MASKED_UNCHANGED) && !removed.contains(MASKED_CHANGED));
        assert!(added.contains(MASKED_CHANGED));
        assert!(
            !diff
                .lines()
                .any(|l| l.starts_with(['-', '+']) && l.contains("user"))
        );
        for secret in [
            "hunter2",
            "aHVudGVyMg==",
            "correct horse",
            "Y29ycmVjdCBob3JzZQ==",
            "admin",
            "YWRtaW4=",
        ] {
            assert!(!diff.contains(secret), "{secret} leaked into:\n{diff}");
        }
    }

    #[test]
    fn secret_string_data_change_is_masked() {
        let live = secret(json!({"password": "aHVudGVyMg=="}));
        let mut desired = secret(json!({}));
        desired["stringData"] = json!({"password": "correct horse"});
        let diff = diff_of(compare(Some(&live), &desired));
        assert!(
            diff.contains("password") && diff.contains(MASKED_CHANGED),
            "{diff}"
        );
        for secret in [
            "hunter2",
            "aHVudGVyMg==",
            "correct horse",
            "Y29ycmVjdCBob3JzZQ==",
        ] {
            assert!(!diff.contains(secret), "{secret} leaked into:\n{diff}");
        }
    }

    #[test]
    fn unchanged_secret_is_unchanged() {
        let mut live = secret(json!({"password": "aHVudGVyMg=="}));
        live["metadata"]["resourceVersion"] = json!("7");
        let desired = secret(json!({"password": "aHVudGVyMg=="}));
        assert_eq!(compare(Some(&live), &desired), Comparison::Unchanged);
    }

    #[test]
    fn string_data_equal_to_live_data_is_unchanged() {
        let live = secret(json!({"password": "aHVudGVyMg==", "user": "YWRtaW4="}));
        let mut desired = secret(json!({"user": "YWRtaW4="}));
        desired["stringData"] = json!({"password": "hunter2"});
        assert_eq!(compare(Some(&live), &desired), Comparison::Unchanged);
    }

    #[test]
    fn secret_key_added_and_removed_are_masked() {
        let live = secret(json!({"user": "YWRtaW4=", "old": "b2xk"}));
        let desired = secret(json!({"user": "YWRtaW4=", "token": "czNjcjN0"}));
        let diff = diff_of(compare(Some(&live), &desired));
        let added = diff.lines().find(|l| l.starts_with("+  token")).unwrap();
        assert!(added.contains(MASKED_CHANGED), "{diff}");
        let removed = diff.lines().find(|l| l.starts_with("-  old")).unwrap();
        assert!(removed.contains(MASKED_UNCHANGED), "{diff}");
        assert!(
            !diff
                .lines()
                .any(|l| l.starts_with(['-', '+']) && l.contains("user"))
        );
        for secret in ["czNjcjN0", "s3cr3t", "b2xk", "YWRtaW4="] {
            assert!(!diff.contains(secret), "{secret} leaked into:\n{diff}");
        }
    }

    #[test]
    fn secret_without_data_change_still_masks_context() {
        let live = secret(json!({"password": "aHVudGVyMg=="}));
        let mut desired = live.clone();
        desired["metadata"]["labels"] = json!({"tier": "db"});
        let diff = diff_of(compare(Some(&live), &desired));
        assert!(diff.contains("+    tier: db"), "{diff}");
        assert!(!diff.contains("aHVudGVyMg=="), "{diff}");
        assert!(!diff.contains(MASKED_CHANGED), "{diff}");
    }

    #[test]
    fn diff_is_deterministic_and_ignores_key_order() {
        let live = deployment(1);
        let desired = deployment(3);
        let first = compare(Some(&live), &desired);
        assert_eq!(first, compare(Some(&live), &desired));

        // The same objects with every map's keys inserted in reverse order.
        fn reversed(value: &Value) -> Value {
            match value {
                Value::Object(map) => Value::Object(
                    map.iter()
                        .rev()
                        .map(|(k, v)| (k.clone(), reversed(v)))
                        .collect(),
                ),
                Value::Array(items) => Value::Array(items.iter().map(reversed).collect()),
                other => other.clone(),
            }
        }
        let live_rev = reversed(&live);
        assert_ne!(
            serde_json::to_string(&live_rev).unwrap(),
            serde_json::to_string(&live).unwrap()
        );
        assert_eq!(first, compare(Some(&live_rev), &reversed(&desired)));
        assert_eq!(
            compare(Some(&live_rev), &live),
            Comparison::Unchanged,
            "key order alone is not a change"
        );
    }
}

//! Helm hooks as data: what the `helm.sh/hook`, `helm.sh/hook-weight` and
//! `helm.sh/hook-delete-policy` annotations of a rendered object say, read the
//! way Helm's `releaseutil.SortManifests` reads them. Mapping hooks onto plan
//! phases is the planner's business; this module only describes them.
//!
//! - Events are comma-separated, trimmed and lower-cased; `test-success` is
//!   the old name of `test`. An object naming any unknown event (`crd-install`
//!   from Helm 2) is skipped by Helm altogether: neither hook nor manifest
//!   ([`HookClass::Skipped`]).
//! - The weight is Go's `strconv.Atoi` of the annotation (`-5`, `+3`); anything
//!   else counts as 0. Helm runs the hooks of one event by weight, then by
//!   kind in its install order, then by name.
//! - Delete policies are kept as written (lower-cased); with none, Helm
//!   applies `before-hook-creation`.
//! - Test hooks (`test`) only run on `helm test` (`kubectl pkg test`): plans
//!   keep them with the revision, never running them themselves.

use std::collections::BTreeMap;

use crate::manifest::Manifest;

/// The annotation naming a hook's events.
pub const HOOK_ANNOTATION: &str = "helm.sh/hook";
/// The annotation giving a hook's weight.
pub use crate::kinds::HOOK_WEIGHT_ANNOTATION;
/// The annotation listing a hook's delete policies.
pub const HOOK_DELETE_POLICY_ANNOTATION: &str = "helm.sh/hook-delete-policy";
/// The annotation that keeps an object when its release is uninstalled (`keep`).
pub const RESOURCE_POLICY_ANNOTATION: &str = "helm.sh/resource-policy";

/// When a hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HookEvent {
    /// Before an install's objects are created.
    PreInstall,
    /// After an install's objects are created (and ready, with `--wait`).
    PostInstall,
    /// Before an uninstall deletes anything.
    PreDelete,
    /// After an uninstall.
    PostDelete,
    /// Before an upgrade's objects are applied.
    PreUpgrade,
    /// After an upgrade.
    PostUpgrade,
    /// Before a rollback.
    PreRollback,
    /// After a rollback.
    PostRollback,
    /// `helm test` only.
    Test,
}

impl HookEvent {
    /// Parses an event name as Helm does (after trimming and lower-casing).
    pub fn parse(name: &str) -> Option<HookEvent> {
        Some(match name {
            "pre-install" => HookEvent::PreInstall,
            "post-install" => HookEvent::PostInstall,
            "pre-delete" => HookEvent::PreDelete,
            "post-delete" => HookEvent::PostDelete,
            "pre-upgrade" => HookEvent::PreUpgrade,
            "post-upgrade" => HookEvent::PostUpgrade,
            "pre-rollback" => HookEvent::PreRollback,
            "post-rollback" => HookEvent::PostRollback,
            "test" | "test-success" => HookEvent::Test,
            _ => return None,
        })
    }

    /// The event's name in the annotation.
    pub fn as_str(self) -> &'static str {
        match self {
            HookEvent::PreInstall => "pre-install",
            HookEvent::PostInstall => "post-install",
            HookEvent::PreDelete => "pre-delete",
            HookEvent::PostDelete => "post-delete",
            HookEvent::PreUpgrade => "pre-upgrade",
            HookEvent::PostUpgrade => "post-upgrade",
            HookEvent::PreRollback => "pre-rollback",
            HookEvent::PostRollback => "post-rollback",
            HookEvent::Test => "test",
        }
    }
}

/// When a hook's object is deleted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DeletePolicy {
    /// Delete the previous copy before creating the hook again (the default).
    BeforeHookCreation,
    /// Delete it once it succeeded.
    HookSucceeded,
    /// Delete it if it failed.
    HookFailed,
    /// A policy Helm does not know; Helm keeps it and it has no effect.
    Other(String),
}

impl DeletePolicy {
    fn parse(name: &str) -> DeletePolicy {
        match name {
            "before-hook-creation" => DeletePolicy::BeforeHookCreation,
            "hook-succeeded" => DeletePolicy::HookSucceeded,
            "hook-failed" => DeletePolicy::HookFailed,
            other => DeletePolicy::Other(other.to_string()),
        }
    }
}

/// A hook: the events it runs on, its weight and its delete policies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hook {
    /// Events, in the order the annotation lists them.
    pub events: Vec<HookEvent>,
    /// Lower runs first.
    pub weight: i64,
    /// As written; see [`Hook::effective_delete_policies`].
    pub delete_policies: Vec<DeletePolicy>,
}

impl Hook {
    /// Whether it runs on `event`.
    pub fn runs_on(&self, event: HookEvent) -> bool {
        self.events.contains(&event)
    }

    /// Whether it is a test hook (run only by `helm test`).
    pub fn is_test(&self) -> bool {
        self.runs_on(HookEvent::Test)
    }

    /// The delete policies Helm applies: `before-hook-creation` when none are given.
    pub fn effective_delete_policies(&self) -> Vec<DeletePolicy> {
        if self.delete_policies.is_empty() {
            vec![DeletePolicy::BeforeHookCreation]
        } else {
            self.delete_policies.clone()
        }
    }
}

/// What an object is, judged by its annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookClass {
    /// An ordinary object of the release.
    Manifest,
    /// A hook.
    Hook(Hook),
    /// A hook naming an event Helm does not know: Helm drops the object.
    Skipped {
        /// The annotation's value.
        events: String,
    },
}

/// Classifies an object by its annotations.
pub fn classify(annotations: &BTreeMap<String, String>) -> HookClass {
    let Some(events) = annotations.get(HOOK_ANNOTATION) else {
        return HookClass::Manifest;
    };
    let mut parsed = Vec::new();
    for name in events.split(',') {
        match HookEvent::parse(&name.trim().to_lowercase()) {
            Some(event) => parsed.push(event),
            None => {
                return HookClass::Skipped {
                    events: events.clone(),
                };
            }
        }
    }
    let weight = annotations
        .get(HOOK_WEIGHT_ANNOTATION)
        .and_then(|w| crate::kinds::go_atoi(w))
        .unwrap_or(0);
    let delete_policies = annotations
        .get(HOOK_DELETE_POLICY_ANNOTATION)
        .map(|list| {
            list.split(',')
                .map(|p| DeletePolicy::parse(&p.trim().to_lowercase()))
                .collect()
        })
        .unwrap_or_default();
    HookClass::Hook(Hook {
        events: parsed,
        weight,
        delete_policies,
    })
}

/// Classifies a rendered object (its `metadata.annotations`; values that are
/// not strings are ignored, as they are invalid in Kubernetes anyway).
pub fn classify_object(object: &Manifest) -> HookClass {
    let annotations: BTreeMap<String, String> = object
        .pointer("/metadata/annotations")
        .and_then(Manifest::as_object)
        .map(|map| {
            map.iter()
                .filter_map(|(k, v)| v.as_str().map(|v| (k.to_string(), v.to_string())))
                .collect()
        })
        .unwrap_or_default();
    classify(&annotations)
}

pub use crate::kinds::hook_weight as weight_of;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn annotations(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn hooks_are_read_as_helm_reads_them() {
        assert_eq!(classify(&BTreeMap::new()), HookClass::Manifest);
        let HookClass::Hook(hook) = classify(&annotations(&[
            (HOOK_ANNOTATION, " Pre-Install , post-upgrade"),
            (HOOK_WEIGHT_ANNOTATION, "-5"),
            (
                HOOK_DELETE_POLICY_ANNOTATION,
                "hook-succeeded, Before-Hook-Creation,whatever",
            ),
        ])) else {
            panic!("not a hook");
        };
        assert_eq!(hook.events, [HookEvent::PreInstall, HookEvent::PostUpgrade]);
        assert_eq!(hook.weight, -5);
        assert_eq!(
            hook.delete_policies,
            [
                DeletePolicy::HookSucceeded,
                DeletePolicy::BeforeHookCreation,
                DeletePolicy::Other("whatever".into())
            ]
        );
        assert!(hook.runs_on(HookEvent::PostUpgrade) && !hook.is_test());
    }

    #[test]
    fn weights_defaults_and_unknown_events() {
        for (weight, expect) in [
            ("+3", 3),
            ("7", 7),
            (" 7", 0),
            ("1.5", 0),
            ("x", 0),
            ("", 0),
        ] {
            let HookClass::Hook(hook) = classify(&annotations(&[
                (HOOK_ANNOTATION, "pre-delete"),
                (HOOK_WEIGHT_ANNOTATION, weight),
            ])) else {
                panic!("not a hook");
            };
            assert_eq!(hook.weight, expect, "{weight:?}");
            assert_eq!(
                hook.effective_delete_policies(),
                [DeletePolicy::BeforeHookCreation]
            );
        }
        assert_eq!(
            classify(&annotations(&[(
                HOOK_ANNOTATION,
                "pre-install,crd-install"
            )])),
            HookClass::Skipped {
                events: "pre-install,crd-install".into()
            }
        );
        let object = crate::manifest::Manifest::from(
            json!({"metadata": {"name": "t", "annotations": {"helm.sh/hook": "test-success"}}}),
        );
        let HookClass::Hook(hook) = classify_object(&object) else {
            panic!("not a hook");
        };
        assert!(hook.is_test());
        assert_eq!(
            classify_object(&(json!({"metadata": {"annotations": {"helm.sh/hook": 5}}}).into())),
            HookClass::Manifest
        );
        for event in [
            HookEvent::PreInstall,
            HookEvent::PostInstall,
            HookEvent::PreDelete,
            HookEvent::PostDelete,
            HookEvent::PreUpgrade,
            HookEvent::PostUpgrade,
            HookEvent::PreRollback,
            HookEvent::PostRollback,
            HookEvent::Test,
        ] {
            assert_eq!(HookEvent::parse(event.as_str()), Some(event));
        }
    }
}

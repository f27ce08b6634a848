//! A plan's warnings, each with a code that says what kind of warning it is,
//! so that readers (JSON consumers, the text view, tests) tell kinds apart
//! without comparing text, and duplicates are found by code and message.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One thing the reviewer should know; shown as its message.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Warning {
    /// What kind of warning it is.
    pub code: WarningCode,
    /// What the reviewer reads.
    pub message: String,
}

/// The kinds of plan warnings, serialized kebab-case (`unpinned-image`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarningCode {
    /// What the package's source says (a git submodule left out, a
    /// repository skipped while looking a name up, a Carvel install's values).
    Source,
    /// A signature not verified under `warn`, or a mode lowered by `--verify-mode`.
    Signature,
    /// What the package's format says while rendering it (a chart's values,
    /// dependencies, hooks, nondeterministic templates, namespaces dropped
    /// from cluster-scoped objects, the cluster's API discovery).
    Render,
    /// A planned object whose scope was assumed offline, or a plan made offline.
    Offline,
    /// Hooks left out and not run (`--no-hooks`); objects a chart's format
    /// leaves out are `Render`.
    SkippedHooks,
    /// Images not looked up in their registries.
    ImageNotChecked,
    /// An image not pinned by digest (the images section says it too).
    UnpinnedImage,
    /// An image without a mirrored copy, or a mirrored copy run by tag.
    Mirror,
    /// A catalog package, channel or bundle marked deprecated.
    CatalogDeprecation,
    /// An object of the release that is kept although the package no longer has it.
    KeptObject,
    /// Permissions the package grants that the installer does not hold.
    PermissionEscalation,
    /// A note on one planned object (taken over, not read, not dry-run).
    Object,
    /// Objects created without a server-side dry run (their namespace is new).
    NotDryRun,
    /// Objects not validated before they are written (`--validate=false`,
    /// or no schema of their kind is known).
    NotValidated,
    /// A release taken over from Helm, or a revision copied from Helm's records.
    HelmTakeover,
    /// An uninstall of a release that was never deployed.
    NeverDeployed,
    /// A warning of a plan saved before warnings had codes: kept as the plain
    /// string it was, so the plan's hash still verifies.
    Other,
}

impl Warning {
    /// A warning of kind `code`.
    pub fn new(code: WarningCode, message: impl Into<String>) -> Warning {
        Warning {
            code,
            message: message.into(),
        }
    }

    /// Each of `messages` as a warning of kind `code`.
    pub fn all<I>(code: WarningCode, messages: I) -> impl Iterator<Item = Warning>
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        messages.into_iter().map(move |m| Warning::new(code, m))
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The serialized form: `{"code": …, "message": …}`, or for code `other`
/// (read from a plan saved before codes) the plain string it was read from,
/// so that such a plan serializes, and hashes, as it was saved.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Form<'a> {
    Coded {
        code: WarningCode,
        message: std::borrow::Cow<'a, str>,
    },
    Text(std::borrow::Cow<'a, str>),
}

impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let message = std::borrow::Cow::Borrowed(self.message.as_str());
        match self.code {
            WarningCode::Other => Form::Text(message),
            code => Form::Coded { code, message },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Warning {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Warning, D::Error> {
        Ok(match Form::deserialize(deserializer)? {
            Form::Coded { code, message } => Warning::new(code, message),
            Form::Text(message) => Warning::new(WarningCode::Other, message),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn coded_warnings_serialize_as_code_and_message() {
        let warning = Warning::new(WarningCode::UnpinnedImage, "image nginx:1 is not pinned");
        let value = serde_json::to_value(&warning).unwrap();
        assert_eq!(
            value,
            json!({"code": "unpinned-image", "message": "image nginx:1 is not pinned"})
        );
        assert_eq!(serde_json::from_value::<Warning>(value).unwrap(), warning);
        assert_eq!(warning.to_string(), "image nginx:1 is not pinned");
    }

    #[test]
    fn plain_strings_are_read_as_other_and_written_back_as_strings() {
        let warning: Warning = serde_json::from_value(json!("an old warning")).unwrap();
        assert_eq!(warning, Warning::new(WarningCode::Other, "an old warning"));
        assert_eq!(
            serde_json::to_value(&warning).unwrap(),
            json!("an old warning")
        );
    }

    #[test]
    fn an_unknown_code_is_refused() {
        assert!(
            serde_json::from_value::<Warning>(json!({"code": "nope", "message": "m"})).is_err()
        );
    }
}

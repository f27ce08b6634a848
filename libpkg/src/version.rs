//! Version constraints and resolution: from a list of registry tags and a
//! constraint to one chosen version, with every tag accounted for.
//!
//! Syntax (docs/concepts.md#versions): a bare version (`7.0.12`, `v7.0.12`) means
//! exactly that version, as in Helm; anything else is a list of comparators joined
//! by `,` or spaces (`>=7.0, <8`, `^7.0`, `~7.0.3`, `7.0.*`, `*`), and `||`
//! separates alternatives (`^6.0 || ^7.0`). Prereleases are considered only with
//! `--devel` or when a comparator itself names a prerelease (`>=8.0.0-rc.1`).
//! Tags may carry a leading `v`, and `_` in a tag stands for `+` (OCI tags cannot
//! hold `+`). Tags that are not semver are listed as ignored, never silently.

use std::fmt;

use semver::{Version, VersionReq};
use serde::{Deserialize, Serialize};

/// Parses a version as a tag or `package.yaml` may write it (`v1.2.3`, `1.2.3_build`).
pub fn parse_version(text: &str) -> Result<Version, semver::Error> {
    let text = text.strip_prefix('v').unwrap_or(text);
    Version::parse(&text.replace('_', "+"))
}

/// The OCI tag for a version: `+` is not allowed in tags, so it becomes `_`.
pub fn tag_for(version: &Version) -> String {
    version.to_string().replace('+', "_")
}

/// Why a version constraint could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConstraintError {
    /// Nothing but spaces.
    #[error("the constraint is empty")]
    Empty,
    /// `a || || b`.
    #[error("an alternative around '||' is empty")]
    EmptyAlternative,
    /// `1.0 - 2.0`: npm's hyphen ranges, which read differently elsewhere.
    #[error("{alternative:?}: hyphen ranges are not supported, write \">=A, <=B\"")]
    HyphenRange {
        /// The alternative holding it.
        alternative: String,
    },
    /// An operator at the end, with no version after it.
    #[error("{alternative:?}: {operator:?} has no version after it")]
    DanglingOperator {
        /// The alternative holding it.
        alternative: String,
        /// The operator.
        operator: String,
    },
    /// A comparator the `semver` crate refuses.
    #[error("{alternative:?}: {reason}")]
    Invalid {
        /// The alternative holding it.
        alternative: String,
        /// The `semver` crate's reason: part of the message, not a separate
        /// cause (a `{:#}` chain would print it twice).
        reason: semver::Error,
    },
}

/// A text that is not a Kubernetes version.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a Kubernetes version (MAJOR.MINOR[.PATCH], such as 1.30 or v1.30.2)")]
pub struct KubeVersionError {
    /// What was read.
    pub text: String,
}

/// A parsed version constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    text: String,
    alternatives: Vec<VersionReq>,
    names_prerelease: bool,
}

impl Constraint {
    /// Parses the constraint syntax described in the module docs.
    pub fn parse(text: &str) -> Result<Self, ConstraintError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ConstraintError::Empty);
        }
        let mut alternatives = Vec::new();
        for alternative in trimmed.split("||") {
            let alternative = alternative.trim();
            if alternative.is_empty() {
                return Err(ConstraintError::EmptyAlternative);
            }
            let normalized = normalize_comparators(alternative)?;
            let req =
                VersionReq::parse(&normalized).map_err(|reason| ConstraintError::Invalid {
                    alternative: alternative.to_string(),
                    reason,
                })?;
            alternatives.push(req);
        }
        let names_prerelease = alternatives
            .iter()
            .flat_map(|req| &req.comparators)
            .any(|comparator| !comparator.pre.is_empty());
        Ok(Constraint {
            text: trimmed.to_string(),
            alternatives,
            names_prerelease,
        })
    }

    /// Whether the constraint names a prerelease, which admits prereleases.
    pub fn names_prerelease(&self) -> bool {
        self.names_prerelease
    }

    /// Whether `version` satisfies the constraint. With `devel`, a prerelease
    /// matches when its release version would (`8.0.0-rc.1` matches `>=7`).
    pub fn matches(&self, version: &Version, devel: bool) -> bool {
        self.alternatives.iter().any(|req| {
            req.matches(version)
                || (devel && !version.pre.is_empty() && {
                    let mut release = version.clone();
                    release.pre = semver::Prerelease::EMPTY;
                    req.matches(&release)
                })
        })
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Turns `>= 1.2 <2`, `v1.2.3` and `=1.2.3` into the comma-separated syntax of
/// the `semver` crate, and a bare full version into an exact match.
fn normalize_comparators(alternative: &str) -> Result<String, ConstraintError> {
    if alternative.contains(" - ") {
        return Err(ConstraintError::HyphenRange {
            alternative: alternative.to_string(),
        });
    }
    let mut comparators: Vec<String> = Vec::new();
    let mut pending_operator = String::new();
    for token in alternative.split([',', ' ']).filter(|t| !t.is_empty()) {
        if token.chars().all(|c| "<>=~^".contains(c)) {
            pending_operator.push_str(token);
            continue;
        }
        let token = format!("{}{}", std::mem::take(&mut pending_operator), token);
        let (operator, version) = split_operator(&token);
        let version = version.strip_prefix('v').unwrap_or(version);
        let bare_full_version = operator.is_empty() && Version::parse(version).is_ok();
        let operator = if bare_full_version { "=" } else { operator };
        comparators.push(format!("{operator}{version}"));
    }
    if !pending_operator.is_empty() {
        return Err(ConstraintError::DanglingOperator {
            alternative: alternative.to_string(),
            operator: pending_operator,
        });
    }
    Ok(comparators.join(", "))
}

fn split_operator(token: &str) -> (&str, &str) {
    let at = token
        .find(|c: char| !"<>=~^".contains(c))
        .unwrap_or(token.len());
    token.split_at(at)
}

/// One tag the resolver looked at, and what it made of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Candidate {
    /// The tag as the registry lists it.
    pub tag: String,
    /// The semver version it stands for, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Why it was not chosen, when that is not just "an older match".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The outcome of resolving a constraint against a list of tags.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    /// The chosen tag.
    pub tag: String,
    /// The chosen version.
    pub version: Version,
    /// Every tag considered, newest version first, non-semver tags last.
    pub candidates: Vec<Candidate>,
}

/// Why no version could be chosen.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ResolveError {
    /// The repository has no tags at all.
    #[error("the repository has no tags")]
    NoTags,
    /// Nothing satisfies the constraint; carries the newest versions for the message.
    #[error("no version matches {constraint}{}", available_hint(.available, *.prereleases_only))]
    NoMatch {
        /// The constraint, or `newest stable` when none was given.
        constraint: String,
        /// Up to five of the newest versions there are.
        available: Vec<String>,
        /// Whether only prereleases exist (so `--devel` would help).
        prereleases_only: bool,
    },
}

fn available_hint(available: &[String], prereleases_only: bool) -> String {
    match (available.is_empty(), prereleases_only) {
        (true, _) => " (no tag is a semver version)".to_string(),
        (false, true) => format!(
            " (only prereleases exist: {}; pass {} to consider them)",
            available.join(", "),
            crate::remedy::Setting::Devel
        ),
        (false, false) => format!(" (newest versions: {})", available.join(", ")),
    }
}

/// Chooses the highest version among `tags` that satisfies `constraint`
/// (newest stable when `None`), considering prereleases only when `devel` is
/// set or the constraint names one.
pub fn resolve(
    tags: &[String],
    constraint: Option<&Constraint>,
    devel: bool,
) -> Result<Resolution, ResolveError> {
    if tags.is_empty() {
        return Err(ResolveError::NoTags);
    }
    let allow_prerelease = devel || constraint.is_some_and(Constraint::names_prerelease);
    let mut versioned: Vec<(Version, &String)> = Vec::new();
    let mut ignored: Vec<Candidate> = Vec::new();
    for tag in tags {
        match parse_version(tag) {
            Ok(version) => versioned.push((version, tag)),
            Err(_) => ignored.push(Candidate {
                tag: tag.clone(),
                version: None,
                note: Some("ignored: not a semver version".to_string()),
            }),
        }
    }
    // Highest first; equal versions (v1.0.0 and 1.0.0) by tag, for a stable order.
    versioned.sort_by(|(a, tag_a), (b, tag_b)| b.cmp(a).then_with(|| tag_a.cmp(tag_b)));
    ignored.sort_by(|a, b| a.tag.cmp(&b.tag));

    let mut chosen: Option<(Version, String)> = None;
    let mut candidates = Vec::with_capacity(tags.len());
    for (version, tag) in &versioned {
        let note = if !version.pre.is_empty() && !allow_prerelease {
            Some(format!(
                "skipped: prerelease (use {})",
                crate::remedy::Setting::Devel
            ))
        } else if constraint.is_some_and(|c| !c.matches(version, devel)) {
            Some("skipped: does not match the constraint".to_string())
        } else if chosen.is_none() {
            chosen = Some((version.clone(), (*tag).clone()));
            Some("chosen".to_string())
        } else {
            None
        };
        candidates.push(Candidate {
            tag: (*tag).clone(),
            version: Some(version.to_string()),
            note,
        });
    }
    candidates.extend(ignored);
    match chosen {
        Some((version, tag)) => Ok(Resolution {
            tag,
            version,
            candidates,
        }),
        None => Err(ResolveError::NoMatch {
            constraint: constraint
                .map_or_else(|| "newest stable".to_string(), |c| format!("{:?}", c.text)),
            available: versioned
                .iter()
                .take(5)
                .map(|(v, _)| v.to_string())
                .collect(),
            prereleases_only: !versioned.is_empty()
                && versioned.iter().all(|(v, _)| !v.pre.is_empty()),
        }),
    }
}

/// A Kubernetes server version, as charts see it (`.Capabilities.KubeVersion`)
/// and requirements check it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KubeVersion {
    /// The full version as the server reports it (`v1.29.3-eks-adc7111`):
    /// `.Version` and `.GitVersion`.
    pub version: String,
    /// Its numeric part (`v1.29.3`): what `{{ .Capabilities.KubeVersion }}`
    /// prints and a chart's `kubeVersion` is checked against, as in Helm 4.
    pub normalized: String,
    /// Major, as reported (`1`).
    pub major: String,
    /// Minor, as reported (`29`, or `29+` on some managed clusters).
    pub minor: String,
}

impl KubeVersion {
    /// Parses a version as Helm 4's `--kube-version` does (Kubernetes'
    /// "generic" versions): an optional `v`, two or more dot-separated
    /// numbers (the first without a leading zero), then anything, which
    /// `.Version` keeps and the normalized form drops: `1.30` gives
    /// `v1.30`, `1.30.2+k3s1` gives `v1.30.2+k3s1` and `v1.30.2`.
    pub fn parse(text: &str) -> Result<KubeVersion, KubeVersionError> {
        let invalid = || KubeVersionError {
            text: text.to_string(),
        };
        let trimmed = text.trim();
        let bare = trimmed.strip_prefix('v').unwrap_or(trimmed);
        let numeric_end = bare
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(bare.len());
        let numeric = &bare[..numeric_end];
        // A trailing dot belongs to what follows the numbers (`1.30.x`).
        let numeric = match numeric.strip_suffix('.') {
            Some(shorter) if numeric_end < bare.len() => shorter,
            _ => numeric,
        };
        let components: Vec<&str> = numeric.split('.').collect();
        let well_formed = components.len() >= 2
            && components
                .iter()
                .all(|c| !c.is_empty() && c.parse::<u64>().is_ok())
            && !(components[0].len() > 1 && components[0].starts_with('0'));
        if !well_formed {
            return Err(invalid());
        }
        let number = |c: &str| {
            c.parse::<u64>()
                .map(|n| n.to_string())
                .map_err(|_| invalid())
        };
        let normalized: Vec<String> = components
            .iter()
            .map(|c| number(c))
            .collect::<Result<_, _>>()?;
        Ok(KubeVersion {
            version: if text.starts_with('v') {
                text.to_string()
            } else {
                format!("v{text}")
            },
            normalized: format!("v{}", normalized.join(".")),
            major: normalized[0].clone(),
            minor: normalized[1].clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error and its causes, as `{:#}` (anyhow) prints them.
    fn chain(error: &dyn std::error::Error) -> String {
        let mut parts = vec![error.to_string()];
        let mut cause = error.source();
        while let Some(next) = cause {
            parts.push(next.to_string());
            cause = next.source();
        }
        parts.join(": ")
    }

    #[test]
    fn a_chain_prints_the_semver_reason_once() {
        let error = Constraint::parse(">=1.2.3.4").unwrap_err();
        let reason = match &error {
            ConstraintError::Invalid { reason, .. } => reason.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(chain(&error).matches(&reason).count(), 1, "{error}");
        assert_eq!(chain(&error), error.to_string());
    }

    fn tags(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn pick(list: &[&str], constraint: Option<&str>, devel: bool) -> Result<String, ResolveError> {
        let constraint = constraint.map(|c| Constraint::parse(c).unwrap());
        resolve(&tags(list), constraint.as_ref(), devel).map(|r| r.version.to_string())
    }

    #[test]
    fn newest_stable_by_default() {
        let list = ["6.0.1", "7.0.12", "v7.1.0", "8.0.0-rc.1", "latest"];
        assert_eq!(pick(&list, None, false).unwrap(), "7.1.0");
        assert_eq!(pick(&list, None, true).unwrap(), "8.0.0-rc.1");
    }

    #[test]
    fn bare_version_is_exact_and_operators_work() {
        let list = ["7.0.12", "7.1.0", "6.0.1"];
        assert_eq!(pick(&list, Some("7.0.12"), false).unwrap(), "7.0.12");
        assert_eq!(pick(&list, Some("v7.0.12"), false).unwrap(), "7.0.12");
        assert_eq!(pick(&list, Some("^7.0"), false).unwrap(), "7.1.0");
        assert_eq!(pick(&list, Some("~7.0"), false).unwrap(), "7.0.12");
        assert_eq!(pick(&list, Some(">= 6, < 7"), false).unwrap(), "6.0.1");
        assert_eq!(pick(&list, Some(">=6 <7"), false).unwrap(), "6.0.1");
        assert_eq!(pick(&list, Some("^5 || ^6"), false).unwrap(), "6.0.1");
        assert_eq!(pick(&list, Some("7.*"), false).unwrap(), "7.1.0");
    }

    #[test]
    fn prereleases_need_devel_or_a_constraint_naming_one() {
        let list = ["7.0.0", "8.0.0-rc.1"];
        assert_eq!(pick(&list, Some(">=7"), false).unwrap(), "7.0.0");
        assert_eq!(pick(&list, Some(">=7"), true).unwrap(), "8.0.0-rc.1");
        assert_eq!(
            pick(&list, Some(">=8.0.0-rc.1"), false).unwrap(),
            "8.0.0-rc.1"
        );
        let only_pre = pick(&["1.0.0-alpha"], None, false).unwrap_err();
        assert!(only_pre.to_string().contains("`devel: true`"), "{only_pre}");
    }

    #[test]
    fn underscore_means_plus_and_non_semver_tags_are_noted() {
        let resolution = resolve(
            &tags(&["1.0.0_build.5", "stable", "sha256-abc.sig"]),
            None,
            false,
        )
        .unwrap();
        assert_eq!(resolution.version.to_string(), "1.0.0+build.5");
        assert_eq!(resolution.tag, "1.0.0_build.5");
        let ignored: Vec<_> = resolution
            .candidates
            .iter()
            .filter(|c| c.version.is_none())
            .collect();
        assert_eq!(ignored.len(), 2);
        assert!(
            ignored
                .iter()
                .all(|c| c.note.as_deref().unwrap().contains("not a semver"))
        );
        assert_eq!(tag_for(&resolution.version), "1.0.0_build.5");
    }

    #[test]
    fn bad_constraints_say_why() {
        for bad in ["", ">=", "1.2 - 1.4", "||", "^x.y", ">=1 ||"] {
            let error = Constraint::parse(bad).unwrap_err();
            assert!(!error.to_string().is_empty(), "{bad}");
        }
        assert!(
            Constraint::parse(">=1 banana")
                .unwrap_err()
                .to_string()
                .contains("banana")
        );
    }

    #[test]
    fn no_match_lists_what_exists() {
        let error = pick(&["1.0.0", "1.1.0"], Some("^2"), false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no version matches \"^2\" (newest versions: 1.1.0, 1.0.0)"
        );
        assert_eq!(pick(&[], None, false).unwrap_err(), ResolveError::NoTags);
    }
}

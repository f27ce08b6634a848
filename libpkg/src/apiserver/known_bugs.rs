//! API server bugs that make a valid server-side apply fail: an error that
//! matches one names the bug and the versions that fix it, instead of leaving
//! the user with "cannot reach the API server" or a schema complaint.

use super::ClusterError;
use crate::manifest::Manifest;

/// A known bug of some API server versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownBug {
    /// The upstream issue.
    pub issue: &'static str,
    /// What fails, in a few words.
    pub what: &'static str,
    /// The releases that carry the fix.
    pub fixed_in: &'static str,
    /// What to do until the cluster is upgraded, if anything.
    pub workaround: Option<&'static str>,
}

impl std::fmt::Display for KnownBug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}, fixed in {}",
            self.issue, self.what, self.fixed_in
        )?;
        if let Some(workaround) = self.workaround {
            write!(f, "; {workaround}")?;
        }
        Ok(())
    }
}

/// Server-side apply of an APIService panics in the API server, which drops
/// the connection (or answers 500).
pub const APISERVICE_APPLY: KnownBug = KnownBug {
    issue: "kubernetes#89264",
    what: "this API server cannot server-side apply an APIService (the request crashes its handler)",
    fixed_in: "Kubernetes 1.18.18, 1.20.6 and 1.21",
    workaround: Some("upgrade the cluster; no change to the package helps"),
};

/// Ports without `protocol` are refused: the TCP default is not declared to
/// server-side apply, and `protocol` is part of the ports' list key.
pub const PORT_PROTOCOL_DEFAULT: KnownBug = KnownBug {
    issue: "kubernetes#99014",
    what: "this API server's server-side apply refuses ports without `protocol`",
    fixed_in: "Kubernetes 1.20.6 and 1.21",
    workaround: Some(
        "set `protocol: TCP` on every Service and container port, or upgrade the cluster",
    ),
};

/// The known bug that explains why applying `manifest` failed with `error` on
/// a server of `server_version` (a `gitVersion` such as `v1.20.2-eks-1`).
pub fn explain(
    server_version: &str,
    manifest: &Manifest,
    error: &ClusterError,
) -> Option<&'static KnownBug> {
    let (major, minor, patch) = parse_version(server_version)?;
    let before = |fixed_minor: u32, fixed_patch: u32| {
        major == 1 && (minor < fixed_minor || (minor == fixed_minor && patch < fixed_patch))
    };
    let kind = manifest.get("kind").and_then(Manifest::as_str);
    let api_version = manifest
        .get("apiVersion")
        .and_then(Manifest::as_str)
        .unwrap_or_default();
    let crashed = matches!(
        error,
        ClusterError::Connection(_) | ClusterError::Api { code: 500, .. }
    );
    if kind == Some("APIService")
        && api_version.starts_with("apiregistration.k8s.io/")
        && crashed
        && before(20, 6)
        && !(minor == 18 && patch >= 18)
    {
        return Some(&APISERVICE_APPLY);
    }
    let omits_protocol = error.to_string().contains("omits key field \"protocol\"");
    if omits_protocol && before(20, 6) {
        return Some(&PORT_PROTOCOL_DEFAULT);
    }
    None
}

/// `v1.20.2-eks-1` → (1, 20, 2); `v1.21+` → (1, 21, 0).
fn parse_version(version: &str) -> Option<(u32, u32, u32)> {
    let mut parts = version.trim_start_matches('v').splitn(3, '.');
    let number = |part: Option<&str>| -> Option<u32> {
        let digits: String = part?.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let major = number(parts.next())?;
    let minor = number(parts.next())?;
    let patch = number(parts.next()).unwrap_or(0);
    Some((major, minor, patch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn apiservice() -> Manifest {
        json!({"apiVersion": "apiregistration.k8s.io/v1", "kind": "APIService", "metadata": {"name": "v1.x.example.com"}}).into()
    }

    fn dropped() -> ClusterError {
        ClusterError::Connection(
            "error sending request: connection closed before message completed".into(),
        )
    }

    fn omits_protocol() -> ClusterError {
        ClusterError::Api {
            code: 500,
            reason: String::new(),
            message: "failed to create typed patch object: .spec.ports: element 0: associative list with keys has an element that omits key field \"protocol\"".into(),
        }
    }

    #[test]
    fn a_dropped_apiservice_apply_on_an_affected_server_names_the_bug() {
        for version in ["v1.20.2", "v1.20.5-eks-1", "v1.19.9", "v1.18.17", "v1.16.0"] {
            assert_eq!(
                explain(version, &apiservice(), &dropped()),
                Some(&APISERVICE_APPLY),
                "{version}"
            );
        }
        let text = APISERVICE_APPLY.to_string();
        assert!(
            text.contains("kubernetes#89264") && text.contains("1.20.6"),
            "{text}"
        );
    }

    #[test]
    fn fixed_servers_other_kinds_and_other_errors_are_not_blamed_on_it() {
        for version in ["v1.20.6", "v1.21.0", "v1.30.1+k3s1", "v1.18.18", "2.0.0"] {
            assert_eq!(
                explain(version, &apiservice(), &dropped()),
                None,
                "{version}"
            );
        }
        let config_map = json!({"apiVersion": "v1", "kind": "ConfigMap"}).into();
        assert_eq!(explain("v1.20.2", &config_map, &dropped()), None);
        let forbidden = ClusterError::Forbidden {
            message: "no".into(),
        };
        assert_eq!(explain("v1.20.2", &apiservice(), &forbidden), None);
        assert_eq!(explain("not a version", &apiservice(), &dropped()), None);
    }

    #[test]
    fn a_port_without_protocol_on_an_affected_server_names_the_bug_and_the_workaround() {
        let service = json!({"apiVersion": "v1", "kind": "Service"}).into();
        assert_eq!(
            explain("v1.20.2", &service, &omits_protocol()),
            Some(&PORT_PROTOCOL_DEFAULT)
        );
        assert!(
            PORT_PROTOCOL_DEFAULT
                .to_string()
                .contains("set `protocol: TCP`")
        );
        assert_eq!(explain("v1.22.0", &service, &omits_protocol()), None);
    }
}

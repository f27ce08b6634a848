//! Commands suggested in errors and status, runnable as printed: each names
//! the release, its namespace and the package as it was referenced.

/// `kubectl pkg upgrade NAME [PACKAGE] -n NAMESPACE`: a registry package
/// upgrades from the repository it came from (so the pinned reference is left
/// out); a directory or archive is named again.
pub fn upgrade(name: &str, namespace: &str, reference: &str) -> String {
    if crate::reference::OciRef::is_url(reference) {
        format!("kubectl pkg upgrade {name} -n {namespace}")
    } else {
        format!("kubectl pkg upgrade {name} {reference} -n {namespace}")
    }
}

/// `kubectl pkg install PACKAGE --name NAME -n NAMESPACE`.
pub fn install(name: &str, namespace: &str, reference: &str) -> String {
    format!("kubectl pkg install {reference} --name {name} -n {namespace}")
}

/// `kubectl pkg upgrade --install NAME PACKAGE -n NAMESPACE`: installs a
/// release that has no deployed revision, over what its failed attempts left,
/// as the next revision (the failed ones stay in its history).
pub fn upgrade_install(name: &str, namespace: &str, reference: &str) -> String {
    format!("kubectl pkg upgrade --install {name} {reference} -n {namespace}")
}

/// What `status` advises after a revision failed: with a deployed revision
/// to return to, upgrade again or roll back to it; without one (every
/// revision since the release was last uninstalled failed), install again,
/// or uninstall what the attempts left. Each command runs as printed.
pub fn after_failure(name: &str, namespace: &str, reference: &str, deployed: bool) -> String {
    if deployed {
        format!(
            "the last operation failed; fix the cause and upgrade again (`{}`), or roll back (`kubectl pkg rollback {name} -n {namespace}`)",
            upgrade(name, namespace, reference)
        )
    } else {
        format!(
            "no revision was deployed; fix the cause and install again (`{}`), or remove what the attempt created (`kubectl pkg uninstall {name} -n {namespace}`)",
            upgrade_install(name, namespace, reference)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_name_the_release_its_namespace_and_the_package() {
        assert_eq!(
            upgrade("db", "data", "oci://r.example/pkgs/mongodb@sha256:ab"),
            "kubectl pkg upgrade db -n data"
        );
        assert_eq!(
            upgrade("db", "data", "./mongodb"),
            "kubectl pkg upgrade db ./mongodb -n data"
        );
        assert_eq!(
            install("db", "data", "./mongodb-1.0.0.tgz"),
            "kubectl pkg install ./mongodb-1.0.0.tgz --name db -n data"
        );
    }

    #[test]
    fn after_a_failure_the_advice_depends_on_a_deployed_revision() {
        // Issue 39: "upgrade again, or roll back" for a release whose only
        // revision failed named two commands that both refuse.
        let never = after_failure("db", "data", "./mongodb", false);
        assert!(
            never.contains("`kubectl pkg upgrade --install db ./mongodb -n data`")
                && never.contains("`kubectl pkg uninstall db -n data`")
                && !never.contains("rollback"),
            "{never}"
        );
        let deployed = after_failure("db", "data", "oci://r.example/pkgs/mongodb@sha256:ab", true);
        assert!(
            deployed.contains("`kubectl pkg upgrade db -n data`")
                && deployed.contains("`kubectl pkg rollback db -n data`"),
            "{deployed}"
        );
    }
}

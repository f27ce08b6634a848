//! Commands suggested in errors and status, runnable as printed: each names
//! the release, its namespace and the package as it was referenced.

/// `kubectl pkg upgrade NAME [PACKAGE] -n NAMESPACE`: a registry package
/// upgrades from the repository it came from (so the pinned reference is left
/// out); a directory or archive is named again.
pub fn upgrade(name: &str, namespace: &str, reference: &str) -> String {
    if reference.starts_with("oci://") {
        format!("kubectl pkg upgrade {name} -n {namespace}")
    } else {
        format!("kubectl pkg upgrade {name} {reference} -n {namespace}")
    }
}

/// `kubectl pkg install PACKAGE --name NAME -n NAMESPACE`.
pub fn install(name: &str, namespace: &str, reference: &str) -> String {
    format!("kubectl pkg install {reference} --name {name} -n {namespace}")
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
}

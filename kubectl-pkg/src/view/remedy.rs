//! The plugin's words for what the user can do: libpkg's remedies
//! (`libpkg::remedy`) as the commands and flags of `kubectl pkg`, and the
//! commands `status` suggests. The library's messages name its options and
//! operations; every message the plugin shows of it passes through
//! [`in_cli_words`], so the user reads the flag to pass and the command to
//! run, each runnable as printed.

use libpkg::remedy::{Remedy, Setting};

/// The flag (or flags) that set `setting`.
pub fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Adopt => "--adopt",
        Setting::AcceptRisk => "--accept-risk",
        Setting::AllowUnverified => "--allow-unverified",
        Setting::Atomic => "--atomic",
        Setting::Channel => "--channel",
        Setting::Config => "--config",
        Setting::Context => "--context",
        Setting::CreateNamespace => "--create-namespace",
        Setting::Devel => "--devel",
        Setting::EnableDns => "--enable-dns",
        Setting::ForceUpgrade => "--force-upgrade",
        Setting::ImageRegistry => "--image-registry",
        Setting::NoHooks => "--no-hooks",
        Setting::RemoveHelmRecords => "--remove-helm-records",
        Setting::Only => "--only",
        Setting::Prune => "--prune",
        Setting::RegistryCaFile => "--registry-ca-file",
        Setting::RequireMirroredImages => "--require-mirrored-images",
        Setting::SaveToFile => "--out",
        Setting::Sha256 => "--sha256",
        Setting::SkipImageCheck => "--skip-image-check",
        Setting::SkipRequirements => "--skip-requirements",
        Setting::TrustPolicy => "--trust-policy",
        Setting::NoValidation => "--validate=false",
        Setting::Values => {
            "-f/--values, --set, --set-string, --set-file, --set-json, --set-literal"
        }
        Setting::VerifyKey => "--verify-key",
        Setting::VerifyMode => "--verify-mode",
        Setting::Version => "--version",
        Setting::Ytt => "--ytt",
    }
}

/// `remedy` as the plugin says it in a message: a command in backquotes,
/// runnable as printed, or a flag.
pub fn words(remedy: &Remedy) -> String {
    match remedy {
        Remedy::Set(setting) => flag(*setting).to_string(),
        Remedy::TrustCa => command_line(remedy),
        command => format!("`{}`", command_line(command)),
    }
}

/// `remedy` as a command line (a flag, for [`Remedy::Set`]).
pub fn command_line(remedy: &Remedy) -> String {
    match remedy {
        Remedy::AddRepository => "kubectl pkg repo add NAME oci://HOST/PATH".to_string(),
        Remedy::AddVerifyKey => "kubectl pkg repo add … --verify-key FILE".to_string(),
        Remedy::RemoveRepository => "kubectl pkg repo remove NAME".to_string(),
        Remedy::Push => "kubectl pkg push".to_string(),
        Remedy::TrustCa => "--registry-ca-file FILE (or KUBECTL_PKG_REGISTRY_CA_FILE)".to_string(),
        Remedy::Install { package, version } => {
            format!("kubectl pkg install {package}{}", version_flag(version))
        }
        Remedy::Upgrade {
            name,
            namespace,
            package,
            version,
        } => {
            let package = package
                .as_ref()
                .map(|p| format!(" {p}"))
                .unwrap_or_default();
            format!(
                "kubectl pkg upgrade {name}{package} -n {namespace}{}",
                version_flag(version)
            )
        }
        Remedy::InstallOver { name, namespace } => upgrade_install(name, namespace, "PACKAGE"),
        Remedy::History { name, namespace } => {
            format!("kubectl pkg history {name} -n {namespace}")
        }
        Remedy::ListProposals { namespace } => format!("kubectl pkg proposals -n {namespace}"),
        Remedy::Set(setting) => flag(*setting).to_string(),
    }
}

/// ` --version 'RANGE'`, or nothing.
fn version_flag(version: &Option<String>) -> String {
    version
        .as_ref()
        .map(|range| format!(" --version '{range}'"))
        .unwrap_or_default()
}

/// `text`, a message of libpkg's, with each of `remedies`, every remedy
/// without data and every setting in the plugin's words (the longest of
/// the library's words first: one may hold another).
pub fn in_cli_words(text: &str, remedies: &[Remedy]) -> String {
    let mut replacements: Vec<(String, String)> = (remedies.iter().chain(Remedy::FIXED))
        .map(|remedy| (remedy.to_string(), words(remedy)))
        .chain((Setting::ALL.iter()).map(|&s| (s.to_string(), flag(s).to_string())))
        .collect();
    replacements.sort_by_key(|(library, _)| std::cmp::Reverse(library.len()));
    let mut text = text.to_string();
    for (library, plugin) in replacements {
        text = text.replace(&library, &plugin);
    }
    text
}

/// The remedies every cause of `error` holds.
pub fn in_chain(error: &anyhow::Error) -> Vec<Remedy> {
    error.chain().flat_map(libpkg::action::remedies).collect()
}

/// `error` and its causes on one line (`message: cause: cause`), their
/// remedies in the plugin's words.
pub fn error_text(error: &(dyn std::error::Error + 'static)) -> String {
    let causes = std::iter::successors(Some(error), |cause| cause.source());
    let remedies: Vec<Remedy> = causes.flat_map(libpkg::action::remedies).collect();
    in_cli_words(&libpkg::remedy::with_causes(error), &remedies)
}

/// `kubectl pkg upgrade NAME [PACKAGE] -n NAMESPACE`: a registry package
/// upgrades from the repository it came from (so the pinned reference is left
/// out); a directory or archive is named again.
pub fn upgrade(name: &str, namespace: &str, reference: &str) -> String {
    if libpkg::reference::OciRef::is_url(reference) {
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

    #[test]
    fn every_setting_has_a_flag_and_the_library_words_become_it() {
        for &setting in Setting::ALL {
            let text = format!("pass {setting} to go on");
            let shown = in_cli_words(&text, &[]);
            assert_eq!(shown, format!("pass {} to go on", flag(setting)));
        }
        for remedy in Remedy::FIXED {
            let text = format!("do {remedy} to go on");
            assert_eq!(
                in_cli_words(&text, &[]),
                format!("do {} to go on", words(remedy))
            );
        }
    }

    #[test]
    fn a_remedy_in_a_library_message_becomes_the_command_to_run() {
        let unmet = Remedy::Install {
            package: "cert-manager".into(),
            version: Some(">=1.12".into()),
        };
        let too_old = Remedy::Upgrade {
            name: "cm".into(),
            namespace: "ops".into(),
            package: None,
            version: Some(">=1.12".into()),
        };
        let text = format!("1 requirement(s) not met: a ({unmet}); b ({too_old})");
        assert_eq!(
            in_cli_words(&text, &[unmet, too_old]),
            "1 requirement(s) not met: a (`kubectl pkg install cert-manager --version '>=1.12'`); \
             b (`kubectl pkg upgrade cm -n ops --version '>=1.12'`)"
        );
        let local = Remedy::Upgrade {
            name: "db".into(),
            namespace: "data".into(),
            package: Some("./v2".into()),
            version: None,
        };
        assert_eq!(words(&local), "`kubectl pkg upgrade db ./v2 -n data`");
    }
}

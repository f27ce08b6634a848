//! The second stage of flag handling: command-line values plus environment
//! become library options, validated, with errors that name the flag.

use anyhow::{Context, Result, bail};
use libpkg::action::ImageCheck;
use libpkg::names::{Namespace, ReleaseName};
use libpkg::package::Limits;
use libpkg::plan::ReleaseId;
use libpkg::reference::PackageRef;
use libpkg::registry::{RegistryClient, RegistryOptions};
use libpkg::repositories::Repositories;
use libpkg::signature::VerifyMode;
use libpkg::signature::policy::TrustPolicy;
use libpkg::source::FetchRequest;
use libpkg::version::Constraint;

use crate::cli::{ConfigArgs, GlobalArgs, ImageArgs, ImageCheckArgs, PackageArgs, ValuesArgs};

/// A registry client from the global flags. Skipping TLS verification is
/// announced on stderr every time, whatever the output format.
pub fn registry(global: &GlobalArgs) -> Result<RegistryClient> {
    static ANNOUNCED: std::sync::Once = std::sync::Once::new();
    let flags = &global.registry;
    if flags.registry_insecure_skip_tls_verify {
        ANNOUNCED.call_once(|| {
            crate::view::errln!(
                "WARNING: --registry-insecure-skip-tls-verify: registry certificates are NOT verified; \
                 anyone on the network path can serve a different package and read your registry credentials"
            );
        });
    }
    anyhow::ensure!(
        !flags.registry_timeout.is_zero(),
        "--registry-timeout must be more than zero"
    );
    Ok(RegistryClient::new(RegistryOptions {
        plain_http: flags.plain_http,
        ca_files: flags.registry_ca_files.clone(),
        insecure_skip_tls_verify: flags.registry_insecure_skip_tls_verify,
        docker_config_dir: None,
        timeout: flags.registry_timeout,
        ..RegistryOptions::default()
    })?)
}

/// How the plan's images are looked up before it is shown: through a
/// registry client made from the registry flags, unless `--skip-image-check`.
pub fn image_check(global: &GlobalArgs, args: &ImageCheckArgs) -> Result<ImageCheck> {
    Ok(if args.skip_image_check {
        ImageCheck::Skip
    } else {
        ImageCheck::registry(std::sync::Arc::new(registry(global)?))
    })
}

/// The environment variable holding the password of an encrypted cosign key,
/// as cosign reads it.
pub const KEY_PASSWORD_ENV: &str = "COSIGN_PASSWORD";

/// Reads the private key file a flag names: PEM, or cosign's encrypted form
/// opened with `COSIGN_PASSWORD`.
pub fn private_key(path: &std::path::Path, flag: &str) -> Result<libpkg::keys::PrivateKey> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{flag} {}: cannot read it", path.display()))?;
    let password = std::env::var(KEY_PASSWORD_ENV).ok();
    Ok(libpkg::keys::PrivateKey::from_pem_with_password(
        &path.display().to_string(),
        &text,
        password.as_deref(),
    )?)
}

/// The package limits: `--package-limits` (or its environment variable), else the defaults.
pub fn limits(global: &GlobalArgs) -> Limits {
    global.package_limits.unwrap_or_default()
}

/// The user's configured repositories.
pub fn repositories() -> Result<Repositories> {
    Ok(Repositories::load_default()?)
}

/// A parsed package reference (the positional PACKAGE argument).
pub fn package_ref(text: &str) -> Result<PackageRef> {
    Ok(PackageRef::parse(text)?)
}

/// The PACKAGE argument with `--sha256`, which pins an HTTP archive (as
/// `#sha256=HEX` on its URL does); given for any other reference, or
/// disagreeing with the URL's, it is a usage error.
pub fn package_ref_pinned(text: &str, sha256: Option<&str>) -> Result<PackageRef> {
    let reference = package_ref(text)?;
    let Some(flag) = sha256 else {
        return Ok(reference);
    };
    let flag = libpkg::reference::normalize_sha256(flag).context("invalid --sha256")?;
    match reference {
        PackageRef::Http(http) => match &http.sha256 {
            Some(pinned) if pinned != &flag => {
                bail!("--sha256 {flag} disagrees with the checksum in the URL ({pinned}); give one")
            }
            _ => Ok(PackageRef::Http(http.pinned(&flag))),
        },
        other => bail!("--sha256 pins an archive read over HTTP (https://…); {other} is not one"),
    }
}

/// The `--version` constraint, parsed.
pub fn constraint(args: &PackageArgs) -> Result<Option<Constraint>> {
    args.version
        .as_deref()
        .map(|text| Constraint::parse(text).with_context(|| format!("invalid --version {text:?}")))
        .transpose()
}

/// Fetches the package a command names, resolving its version.
pub async fn fetch(global: &GlobalArgs, args: &PackageArgs) -> Result<libpkg::source::Fetched> {
    fetch_upgrade(global, args, None, false).await
}

/// [`fetch`] for an upgrade: from a catalog, only successors of `installed`
/// are candidates, unless `force_upgrade`.
pub async fn fetch_upgrade(
    global: &GlobalArgs,
    args: &PackageArgs,
    installed: Option<&libpkg::olm::catalog::Installed>,
    force_upgrade: bool,
) -> Result<libpkg::source::Fetched> {
    let repositories = repositories()?;
    let trust = trust_policy(global, &repositories, args.verify_mode)?;
    fetch_as(
        global,
        args,
        installed,
        force_upgrade,
        &repositories,
        &trust,
    )
    .await
}

/// [`fetch`] with signature rules of the caller's making.
pub async fn fetch_trusting(
    global: &GlobalArgs,
    args: &PackageArgs,
    trust: &TrustPolicy,
) -> Result<libpkg::source::Fetched> {
    fetch_as(global, args, None, false, &repositories()?, trust).await
}

async fn fetch_as(
    global: &GlobalArgs,
    args: &PackageArgs,
    installed: Option<&libpkg::olm::catalog::Installed>,
    force_upgrade: bool,
    repositories: &Repositories,
    trust: &TrustPolicy,
) -> Result<libpkg::source::Fetched> {
    let reference = package_ref_pinned(&args.package, args.sha256.as_deref())?;
    let constraint = constraint(args)?;
    let request = FetchRequest {
        reference: &reference,
        constraint: constraint.as_ref(),
        devel: args.devel,
        limits: limits(global),
        channel: args.channel.as_deref(),
        installed,
        force_upgrade,
        trust,
        allow_unverified: args.allow_unverified,
    };
    Ok(libpkg::source::fetch(&request, repositories, &registry(global)?).await?)
}

/// Adds `--image-registry` rules and `--require-mirrored-images` to the
/// image copies the package's repository records.
pub fn apply_images(fetched: &mut libpkg::source::Fetched, args: &ImageArgs) -> Result<()> {
    for rule in &args.image_registry {
        fetched
            .source
            .images
            .add_prefix(rule)
            .with_context(|| format!("invalid --image-registry {rule:?}"))?;
    }
    fetched.source.images.require_mirrored = args.require_mirrored_images;
    Ok(())
}

/// The signature rules in force: the repositories' own, then `--trust-policy`'s
/// (which win on the same prefix), with `--verify-mode` over all of them.
pub fn trust_policy(
    global: &GlobalArgs,
    repositories: &Repositories,
    verify_mode: Option<VerifyMode>,
) -> Result<TrustPolicy> {
    let mut policy = repositories.trust_policy()?;
    if let Some(path) = &global.trust_policy {
        libpkg::repositories::load_trust_policy(&mut policy, path)
            .context("invalid --trust-policy")?;
    }
    policy.override_mode = verify_mode;
    Ok(policy)
}

/// The `--config KEY=VALUE` pairs, each key at most once.
pub fn config(args: &ConfigArgs) -> Result<std::collections::BTreeMap<String, String>> {
    let mut config = std::collections::BTreeMap::new();
    for pair in &args.config {
        let (key, value) = pair
            .split_once('=')
            .filter(|(key, _)| !key.is_empty())
            .with_context(|| format!("invalid --config {pair:?}: expected KEY=VALUE"))?;
        anyhow::ensure!(
            config.insert(key.to_string(), value.to_string()).is_none(),
            "--config {key} is given twice"
        );
    }
    Ok(config)
}

/// The namespace `--namespace` names, if given; an invalid one is refused
/// before any request.
pub fn namespace(global: &GlobalArgs) -> Result<Option<Namespace>> {
    let parse = |namespace: &String| {
        (namespace.parse()).with_context(|| format!("invalid --namespace {namespace:?}"))
    };
    global.namespace.as_ref().map(parse).transpose()
}

/// Release `name` (a command's RELEASE argument) in `namespace`; an invalid
/// name is refused before any request.
pub fn release(namespace: &Namespace, name: &str) -> Result<ReleaseId> {
    let name = (name.parse()).with_context(|| format!("invalid release name {name:?}"))?;
    Ok(ReleaseId::new(namespace.clone(), name))
}

/// Connects to the cluster the global flags (and kubeconfig) name; an invalid
/// `--namespace` is refused before any request.
pub async fn cluster(global: &GlobalArgs) -> Result<libpkg::cluster::Cluster> {
    let options = libpkg::cluster::ClusterOptions {
        kubeconfig: global.kubeconfig.clone(),
        context: global.context.clone(),
        namespace: namespace(global)?,
        concurrency: Some(global.concurrency),
    };
    Ok(libpkg::cluster::Cluster::connect(&options).await?)
}

/// The offline plan of a fetched package, as release `release` in `--namespace`.
pub fn offline_plan(
    global: &GlobalArgs,
    fetched: &libpkg::source::Fetched,
    release: &ReleaseName,
    kube_version: Option<&str>,
) -> Result<libpkg::plan::Plan> {
    offline_with(
        libpkg::action::plan_offline_for,
        global,
        fetched,
        release,
        kube_version,
    )
}

/// What `template` prints from: [`offline_plan`]'s objects, values and
/// warnings, without its package digest and hash (not shown, and on a large
/// local chart a third of the work): see [`libpkg::action::template_offline`].
pub fn template_plan(
    global: &GlobalArgs,
    fetched: &libpkg::source::Fetched,
    release: &ReleaseName,
    kube_version: Option<&str>,
) -> Result<libpkg::plan::Plan> {
    offline_with(
        libpkg::action::template_offline,
        global,
        fetched,
        release,
        kube_version,
    )
}

/// The signature of [`libpkg::action::plan_offline_for`].
type OfflinePlanner = fn(
    &libpkg::package::Package,
    &libpkg::source::Source,
    &ReleaseId,
    &libpkg::helm::render::Capabilities,
) -> Result<libpkg::plan::Plan, libpkg::action::PlanError>;

/// Runs `planner` with the `--kube-version` capabilities and `--namespace`.
fn offline_with(
    planner: OfflinePlanner,
    global: &GlobalArgs,
    fetched: &libpkg::source::Fetched,
    release: &ReleaseName,
    kube_version: Option<&str>,
) -> Result<libpkg::plan::Plan> {
    let capabilities = match kube_version {
        Some(version) => libpkg::helm::render::Capabilities::offline_for(version)
            .context("invalid --kube-version")?,
        None => libpkg::helm::render::Capabilities::offline(),
    };
    let namespace = match namespace(global)? {
        Some(namespace) => namespace,
        None => "default".parse().expect("a namespace"),
    };
    let release = ReleaseId::new(namespace, release.clone());
    Ok(planner(
        &fetched.package,
        &fetched.source,
        &release,
        &capabilities,
    )?)
}

/// Merges the values flags into the fetched package's source (Helm's order:
/// `-f` files, `--set-json`, `--set`, `--set-string`, `--set-file`,
/// `--set-literal`); `-` reads stdin. The library refuses values for a
/// package that is not a chart.
pub fn apply_values(fetched: &mut libpkg::source::Fetched, args: &ValuesArgs) -> Result<()> {
    apply_values_after(fetched, &[], args)
}

/// [`apply_values`] with values documents read elsewhere (a PackageInstall's
/// Secrets, by origin) before the `-f` files.
pub fn apply_values_after(
    fetched: &mut libpkg::source::Fetched,
    documents: &[(String, Vec<u8>)],
    args: &ValuesArgs,
) -> Result<()> {
    let options = libpkg::helm::values::ValueOptions {
        value_files: documents
            .iter()
            .map(|(origin, _)| origin.clone())
            .chain(args.values.iter().cloned())
            .collect(),
        json_values: args.set_json.clone(),
        values: args.set.clone(),
        string_values: args.set_string.clone(),
        file_values: args.set_file.clone(),
        literal_values: args.set_literal.clone(),
    };
    let read = |path: &str| -> Result<Vec<u8>, libpkg::helm::strvals::ReadFileError> {
        if let Some((_, bytes)) = documents.iter().find(|(origin, _)| origin == path) {
            Ok(bytes.clone())
        } else if path == "-" {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
            Ok(bytes)
        } else {
            Ok(std::fs::read(path)?)
        }
    };
    fetched.source.values = options.merge(&read)?;
    fetched.source.enable_dns = args.enable_dns;
    Ok(())
}

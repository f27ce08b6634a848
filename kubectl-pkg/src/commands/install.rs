//! `kubectl pkg install [NAME] PKG`: plan a new release, show it, ask, apply exactly it.

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::{InstallOptions, Session, plan_install};
use libpkg::carvel::install::{PackageInstall, read_package_install};
use libpkg::plan::{Operation, ReleaseId};

use crate::cli::{
    ConfigArgs, GlobalArgs, HookArgs, ImageArgs, ImageCheckArgs, PackageArgs, ReleaseNameArgs,
    ValuesArgs,
};
use crate::flow::{self, DryRun, MutatingArgs};
use crate::{settings, view};

// PACKAGE may be left out when a `-f` file is a kapp-controller
// PackageInstall (`kubectl pkg install -f packageinstall.yaml`).
#[derive(Debug, Clone, Args)]
#[command(
    override_usage = "kubectl pkg install [OPTIONS] [NAME] PACKAGE",
    mut_arg("package", |package| package
        .index(1)
        .required(false)
        .default_value("")
        .hide_default_value(true))
)]
pub struct InstallArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    #[command(flatten)]
    pub naming: ReleaseNameArgs,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Take over objects that exist but belong to no release or to another one.
    #[arg(long)]
    pub adopt: bool,
    /// Create the release namespace if it does not exist (uninstall leaves it in place).
    #[arg(long)]
    pub create_namespace: bool,
    /// Plan without a cluster: no diff, no access check (needs --dry-run).
    #[arg(long)]
    pub offline: bool,
    /// Offline: the Kubernetes version charts see (`.Capabilities.KubeVersion`),
    /// as Helm's --kube-version: 1.30 or v1.30.2 (default: v1.32.0). Online,
    /// the cluster's own version is used.
    #[arg(long, value_name = "VERSION")]
    pub kube_version: Option<String>,
    #[command(flatten)]
    pub values: ValuesArgs,
    #[command(flatten)]
    pub images: ImageArgs,
    #[command(flatten)]
    pub requirements: crate::cli::RequirementArgs,
    #[command(flatten)]
    pub image_check: ImageCheckArgs,
    #[command(flatten)]
    pub validation: crate::cli::ValidateArgs,
    #[command(flatten)]
    pub hooks: HookArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &InstallArgs) -> Result<()> {
    let args = &settled(args)?;
    if args.offline && !args.mutating.is_dry_run() {
        bail!("--offline can only plan: add --dry-run");
    }
    let offline = args.offline || args.mutating.dry_run == Some(DryRun::Client);
    if args.kube_version.is_some() && !offline {
        bail!(
            "--kube-version applies to offline plans (--offline --dry-run, or template); against a cluster, its own version is used"
        );
    }
    let package_install = match args.package.package.as_str() {
        "" => Some(package_install_among_values(args)?),
        package => package_install(package)?,
    };
    let (global, args) = &match &package_install {
        Some(install) => as_arguments(global, args, install)?,
        None => (global.clone(), args.clone()),
    };
    let mut fetched = settings::fetch(global, &args.package)
        .await?
        .with_config(settings::config(&args.config)?);
    match &package_install {
        Some(install) => {
            let mut live = Vec::new();
            if !install.missing_secrets().is_empty() && !offline {
                let session = Session::new(settings::cluster(global).await?);
                let cluster = session.cluster();
                for name in install.missing_secrets() {
                    live.extend(cluster.secret(&cluster.namespace, name).await?);
                }
            }
            settings::apply_values_after(&mut fetched, &install.values(&live)?, &args.values)?;
            fetched
                .source
                .warnings
                .extend(install.warnings.iter().cloned());
        }
        None => settings::apply_values(&mut fetched, &args.values)?,
    }
    settings::apply_images(&mut fetched, &args.images)?;
    args.requirements.apply(&mut fetched);
    if offline {
        let name = args.naming.release_name_now(&fetched.package)?;
        let plan = settings::offline_plan(global, &fetched, &name, args.kube_version.as_deref())?;
        // The package's files (a large package's text) are not shown.
        drop(fetched);
        if let Some(path) = &args.mutating.out {
            view::save_plan(path, &plan)?;
        }
        let source = args.mutating.source(&plan);
        return view::plan::print_owned(global, plan, args.mutating.show_unchanged, &source);
    }
    let name = args.naming.release_name_now(&fetched.package)?;
    let session = Session::new(settings::cluster(global).await?);
    let cluster = session.cluster();
    let options = InstallOptions {
        adopt: args.adopt,
        create_namespace: args.create_namespace,
        hooks: args.hooks.hooks(),
        images: settings::image_check(global, &args.image_check)?,
        validate: args.validation.validate,
        ..InstallOptions::new(ReleaseId::new(cluster.namespace.clone(), name))
    };
    let step = flow::Step {
        release: options.release.clone(),
        operation: Operation::Install,
        origin: crate::review::Origin::Fresh,
        after: Default::default(),
    };
    flow::run(global, &args.mutating, &session, step, async || {
        Ok(plan_install(&session, &fetched, &options).await?)
    })
    .await
}

/// The arguments with Helm's `install NAME PACKAGE` put in place.
fn settled(args: &InstallArgs) -> Result<InstallArgs> {
    let mut args = args.clone();
    args.naming
        .settle(&mut args.package)
        .map_err(|message| crate::cli::usage_error("install", message))?;
    Ok(args)
}

/// The PackageInstall in `package`, when it names a YAML file holding one
/// (`kubectl pkg install packageinstall.yaml`).
fn package_install(package: &str) -> Result<Option<PackageInstall>> {
    let path = std::path::Path::new(package);
    let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    if !yaml || !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {package}"))?;
    Ok(read_package_install(package, &text)?)
}

/// The PackageInstall that one `-f` file holds, when no PACKAGE is given
/// (`kubectl pkg install -f packageinstall.yaml`, as kubectl takes a file).
fn package_install_among_values(args: &InstallArgs) -> Result<PackageInstall> {
    for file in &args.values.values {
        if let Some(install) = package_install(file)? {
            return Ok(install);
        }
    }
    Err(crate::cli::usage_error(
        "install",
        "the following required argument was not provided: <PACKAGE> (or -f FILE holding a kapp-controller PackageInstall)",
    ))
}

/// Install's arguments as the PackageInstall gives them: its refName and
/// version constraints, its name as the release's (unless --name), its
/// namespace (unless -n names another: an error).
fn as_arguments(
    global: &GlobalArgs,
    args: &InstallArgs,
    install: &PackageInstall,
) -> Result<(GlobalArgs, InstallArgs)> {
    let mut global = global.clone();
    match (&global.namespace, &install.namespace) {
        (Some(flag), Some(recorded)) if flag != recorded => bail!(
            "-n {flag} but PackageInstall {} is in namespace {recorded}; give one or the same",
            install.name
        ),
        (None, Some(recorded)) => global.namespace = Some(recorded.clone()),
        _ => {}
    }
    if args.package.version.is_some() {
        bail!(
            "--version: PackageInstall {} chooses versions in spec.packageRef.versionSelection",
            install.name
        );
    }
    let mut args = args.clone();
    // Its file is the install's input, not a values file.
    args.values.values.retain(|file| *file != install.file);
    args.package.package = install.ref_name.clone();
    args.package.version = install.constraints.clone();
    args.package.devel |= install.prereleases;
    if !args.naming.generate_name {
        args.naming.name.get_or_insert_with(|| install.name.clone());
    }
    Ok((global, args))
}

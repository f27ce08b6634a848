//! `kubectl pkg upgrade NAME [PKG]`: plan a release's next revision from a package
//! (by default the repository it was installed from), show, ask, apply.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{
    InstallOptions, PlanError, Session, UpgradeOptions, UpgradeStart, plan_install, plan_upgrade,
};
use libpkg::helm::values::ReuseValues;
use libpkg::plan::{Operation, Plan, ReleaseId};

use crate::cli::{
    ConfigArgs, GlobalArgs, HookArgs, ImageArgs, ImageCheckArgs, PackageArgs, ValuesArgs,
};
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Clone, Args)]
pub struct UpgradeArgs {
    /// The release.
    pub release: String,
    /// The package (default: the registry repository or OLM catalog the release came from).
    pub package: Option<String>,
    /// A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable.
    #[arg(long, value_name = "CONSTRAINT")]
    pub version: Option<String>,
    /// Consider prereleases too.
    #[arg(long)]
    pub devel: bool,
    /// For an operator from an OLM catalog: the channel (default: the one it was installed from).
    #[arg(long, value_name = "CHANNEL")]
    pub channel: Option<String>,
    /// Check signatures as MODE for this run instead of as the rules say
    /// (enforce, warn, off); the plan records it and warns when lowered.
    #[arg(long, value_name = "MODE")]
    pub verify_mode: Option<libpkg::signature::VerifyMode>,
    /// The sha256 of an archive read over HTTP (https://…): it is refused
    /// unless its bytes have this checksum. Same as URL#sha256=HEX.
    #[arg(long, value_name = "HEX")]
    pub sha256: Option<String>,
    /// Read an archive over HTTP that no checksum pins: the plan pins what
    /// was downloaded and warns that nobody vouched for it beforehand.
    #[arg(long)]
    pub allow_unverified: bool,
    /// For an operator from an OLM catalog: any version, not only successors
    /// of the installed one in the catalog's upgrade graph.
    #[arg(long)]
    pub force_upgrade: bool,
    /// Take over objects that exist but belong to no release or to another one.
    #[arg(long)]
    pub adopt: bool,
    /// Install the release if it has no deployed revision (as `helm upgrade --install`).
    #[arg(short = 'i', long)]
    pub install: bool,
    /// With --install: create the release namespace if it does not exist.
    #[arg(long, requires = "install")]
    pub create_namespace: bool,
    #[command(flatten)]
    pub config: ConfigArgs,
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
    /// Charts: the deployed revision's values with the new ones over them.
    #[arg(long, conflicts_with_all = ["reset_values", "reset_then_reuse_values"])]
    pub reuse_values: bool,
    /// Charts: only the new values (without any, the deployed revision's are kept).
    #[arg(long, conflicts_with = "reset_then_reuse_values")]
    pub reset_values: bool,
    /// Charts: the chart's new defaults, the deployed revision's values, then the new ones.
    #[arg(long)]
    pub reset_then_reuse_values: bool,
    #[command(flatten)]
    pub hooks: HookArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &UpgradeArgs) -> Result<()> {
    let session = Session::new(settings::cluster(global).await?);
    let release = settings::release(&session.cluster().namespace, &args.release)?;
    let step = flow::Step {
        release: release.clone(),
        operation: Operation::Upgrade,
        origin: crate::review::Origin::Fresh,
        after: Default::default(),
    };
    flow::run(global, &args.mutating, &session, step, async || {
        plan(global, args, &session, &release).await
    })
    .await
}

/// Plans the upgrade, or with `--install` the install of a release that has
/// no deployed revision.
async fn plan(
    global: &GlobalArgs,
    args: &UpgradeArgs,
    session: &Session,
    release: &ReleaseId,
) -> Result<Plan> {
    let repositories = settings::repositories()?;
    let package = args.package.as_deref();
    let start = match UpgradeStart::read(session.releases(), release, package, &repositories).await
    {
        Ok(start) => start,
        Err(PlanError::NotInstalled { .. }) if args.install => {
            return plan_install_instead(global, args, session, release).await;
        }
        Err(error) => return Err(error.into()),
    };
    let from = start.from;
    let package = PackageArgs {
        package: start.package,
        version: args.version.clone(),
        devel: args.devel,
        channel: args.channel.clone().or(from.channel),
        verify_mode: args.verify_mode,
        sha256: args.sha256.clone(),
        allow_unverified: args.allow_unverified,
    };
    let mut fetched = settings::fetch_upgrade(
        global,
        &package,
        from.installed.as_ref(),
        args.force_upgrade,
    )
    .await?
    .with_config(settings::config(&args.config)?);
    settings::apply_values(&mut fetched, &args.values)?;
    settings::apply_images(&mut fetched, &args.images)?;
    args.requirements.apply(&mut fetched);
    fetched.source.reuse_values = args.reuse_values();
    let options = UpgradeOptions {
        adopt: args.adopt,
        hooks: args.hooks.hooks(),
        images: settings::image_check(global, &args.image_check)?,
        validate: args.validation.validate,
        ..UpgradeOptions::new(release.clone())
    };
    Ok(plan_upgrade(session, &fetched, &options).await?)
}

impl UpgradeArgs {
    /// How a chart's values are carried over (`--reuse-values` and kin).
    fn reuse_values(&self) -> ReuseValues {
        if self.reuse_values {
            ReuseValues::Reuse
        } else if self.reset_values {
            ReuseValues::Reset
        } else if self.reset_then_reuse_values {
            ReuseValues::ResetThenReuse
        } else {
            ReuseValues::Default
        }
    }
}

/// `upgrade --install` of a release with no deployed revision: an install of
/// the named package as that release.
async fn plan_install_instead(
    global: &GlobalArgs,
    args: &UpgradeArgs,
    session: &Session,
    release: &ReleaseId,
) -> Result<Plan> {
    let Some(package) = &args.package else {
        bail!(
            "release {:?} is not installed in namespace {:?}; name the package to install: `kubectl pkg upgrade --install {} PACKAGE -n {}`",
            release.name,
            release.namespace,
            release.name,
            release.namespace
        );
    };
    let package = PackageArgs {
        package: package.clone(),
        version: args.version.clone(),
        devel: args.devel,
        channel: args.channel.clone(),
        verify_mode: args.verify_mode,
        sha256: args.sha256.clone(),
        allow_unverified: args.allow_unverified,
    };
    let mut fetched = settings::fetch(global, &package)
        .await?
        .with_config(settings::config(&args.config)?);
    settings::apply_values(&mut fetched, &args.values)?;
    settings::apply_images(&mut fetched, &args.images)?;
    args.requirements.apply(&mut fetched);
    let options = InstallOptions {
        adopt: args.adopt,
        create_namespace: args.create_namespace,
        hooks: args.hooks.hooks(),
        images: settings::image_check(global, &args.image_check)?,
        validate: args.validation.validate,
        ..InstallOptions::new(release.clone())
    };
    Ok(plan_install(session, &fetched, &options).await?)
}

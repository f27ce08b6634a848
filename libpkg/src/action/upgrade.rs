//! Upgrading a release to a fetched package.

use super::history::{Deployed, next_revision_in, no_longer_desired, read_deployed};
use super::prepare::{Change, Preparation, Prepared};
use super::{Hooks, ImageCheck, PlanError, Session, facts, online};
use crate::olm::catalog::Installed;
use crate::plan::CarvelInfo;
use crate::plan::{Operation, PackageInfo, Plan, ReleaseId};
use crate::reference::{OciRef, PackageRef};
use crate::release::ReleaseStore;
use crate::repositories::{CatalogLocation, Repositories};
use crate::source::Fetched;

/// How to upgrade.
#[derive(Debug, Clone)]
pub struct UpgradeOptions {
    /// The release to upgrade.
    pub release: ReleaseId,
    /// Take over objects that exist but belong to no release or another one.
    pub adopt: bool,
    /// Whether the chart's upgrade hooks run.
    pub hooks: Hooks,
    /// Whether the images are looked up in their registries first.
    pub images: ImageCheck,
    /// CustomResourceDefinitions that other releases create before this one
    /// is applied (a stack's): their kinds count as served.
    pub seed_crds: Vec<crate::manifest::Manifest>,
    /// Check the objects the API server cannot dry-run against the schema
    /// it admits them by (kubectl's `--validate`; on by default).
    pub validate: bool,
}

impl UpgradeOptions {
    /// Upgrading `release`, everything else as the CLI's defaults.
    pub fn new(release: ReleaseId) -> UpgradeOptions {
        UpgradeOptions {
            release,
            adopt: false,
            hooks: Hooks::default(),
            images: ImageCheck::default(),
            seed_crds: Vec::new(),
            validate: true,
        }
    }
}

/// Plans upgrading a release to a fetched package: changed objects updated,
/// dropped ones pruned. Without a configuration of its own (`--config`), the
/// upgrade keeps the one the deployed revision was planned with.
pub async fn plan_upgrade(
    session: &Session,
    fetched: &Fetched,
    options: &UpgradeOptions,
) -> Result<Plan, PlanError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let release = &options.release;
    let Deployed {
        history,
        plan: current,
        previous,
    } = read_deployed(store, release).await?;
    let revision = next_revision_in(&history);
    // Without a configuration of its own, the format says which: a bundle
    // keeps the deployed one (a chart's values follow Helm's rules instead).
    let config = if fetched.source.config.is_empty() {
        fetched
            .package
            .content
            .format()
            .upgrade_config(current.values.as_ref())
    } else {
        fetched.source.config.clone()
    };
    let preparation = Preparation {
        target: facts::Target {
            release: &release.name,
            namespace: &release.namespace,
            upgrade: Some((revision, current.values.as_ref())),
        },
        config: &config,
        previous_api_versions: previous.iter().map(|o| o.api_version.as_str()).collect(),
        hooks: options.hooks,
        images: &options.images,
        seed: &options.seed_crds,
        validate: options.validate,
    };
    let prepared = Prepared::new(cluster, fetched, preparation).await?;
    let previous = no_longer_desired(previous, &prepared.objects);
    let (desired, discovery) = prepared.into_desired(Change {
        operation: Operation::Upgrade,
        release: release.revision(revision),
        previous,
        adopt: options.adopt,
        deployed: Some(current),
        namespace_created_by: None,
    });
    online::plan(cluster, &discovery, desired).await
}

/// What the fetch of an upgrade takes from the release's deployed
/// revision, so that the command line, a stack and an embedder resolve the
/// same version: the OLM bundle installed (a catalog's candidates are its
/// successors in the upgrade graph) and the channel it came from (the
/// upgrade's default channel).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UpgradeFrom {
    /// The installed OLM bundle, for a release of an operator.
    pub installed: Option<Installed>,
    /// The OLM channel it was installed from.
    pub channel: Option<String>,
}

impl UpgradeFrom {
    /// What an upgrade of a release whose deployed revision recorded
    /// `package` starts from.
    pub fn of(package: &PackageInfo) -> UpgradeFrom {
        UpgradeFrom {
            installed: package.bundle.as_ref().and_then(|bundle| {
                Some(Installed {
                    name: bundle.csv_name.clone(),
                    version: crate::version::parse_version(&bundle.csv_version).ok()?,
                })
            }),
            channel: package.catalog.as_ref().map(|c| c.channel.clone()),
        }
    }

    /// What an upgrade of `release` starts from: its deployed revision's
    /// package (only the package is read of it, not its objects); `None`
    /// when the release has no deployed revision (an install).
    pub async fn read(
        store: &ReleaseStore,
        release: &ReleaseId,
    ) -> Result<Option<UpgradeFrom>, PlanError> {
        match super::deployed_plan(store, release).await {
            Ok(deployed) => Ok(Some(UpgradeFrom::of(&deployed.package))),
            Err(PlanError::NotInstalled { .. }) => Ok(None),
            Err(error) => Err(error),
        }
    }
}

/// What an upgrade of a release fetches, and from where it starts: the
/// package (the one named, or where the deployed revision came from:
/// [`upgrade_source`]) and its [`UpgradeFrom`]. The command line and
/// embedders start an upgrade through [`UpgradeStart::read`], so an
/// operator's release upgrades along its catalog's graph whoever asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpgradeStart {
    /// The package to fetch.
    pub package: String,
    /// What the fetch starts from (installed bundle, channel).
    pub from: UpgradeFrom,
}

impl UpgradeStart {
    /// Reads `release`'s deployed revision (its package only, not its
    /// objects): [`PlanError::NotInstalled`] when it has none, which a
    /// caller may answer with an install instead. `package` is the one
    /// the caller names, if any.
    pub async fn read(
        store: &ReleaseStore,
        release: &ReleaseId,
        package: Option<&str>,
        repositories: &Repositories,
    ) -> Result<UpgradeStart, PlanError> {
        let deployed = super::deployed_plan(store, release).await?.package;
        let package = match package {
            Some(package) => package.to_string(),
            None => upgrade_source(release, &deployed, repositories)?,
        };
        Ok(UpgradeStart {
            package,
            from: UpgradeFrom::of(&deployed),
        })
    }
}

/// The package an upgrade fetches when none is named: where the deployed
/// revision came from, without its version or pin: its catalog
/// (`REPO/NAME`), its Carvel PackageRepository as a configured repository
/// (`REPO/REFNAME`), its OCI repository or its git repository.
pub fn upgrade_source(
    release: &ReleaseId,
    installed: &PackageInfo,
    repositories: &Repositories,
) -> Result<String, PlanError> {
    if let Some(catalog) = &installed.catalog {
        return Ok(format!("{}/{}", catalog.repository, installed.name));
    }
    if let Some(carvel) = &installed.carvel {
        return carvel_source(release, carvel, repositories);
    }
    match PackageRef::parse(&installed.reference) {
        Ok(PackageRef::Oci(oci)) => Ok(format!("oci://{}", oci.path())),
        Ok(PackageRef::Git(git)) => Ok(git.unpinned().to_string()),
        _ => Err(PlanError::NoUpgradeSource {
            name: release.name.to_string(),
            reason: format!(
                "release {:?} was installed from {}; name the package to upgrade to",
                release.name, installed.reference
            ),
        }),
    }
}

/// `REPO/REFNAME` for a Carvel release: the configured repository whose
/// PackageRepository (bundle image, any tag or digest, or directory) the
/// release was installed from.
fn carvel_source(
    release: &ReleaseId,
    carvel: &CarvelInfo,
    repositories: &Repositories,
) -> Result<String, PlanError> {
    let same_place = |location: &CatalogLocation| match location {
        CatalogLocation::Image(image) => OciRef::from_url(&carvel.repository)
            .and_then(Result::ok)
            .is_some_and(|r| r.path() == image.path()),
        CatalogLocation::Directory(dir) => {
            dir.as_path() == std::path::Path::new(&carvel.repository)
        }
    };
    let repository = repositories
        .list()
        .iter()
        .find(|repository| repository.catalog().as_ref().is_some_and(same_place))
        .ok_or_else(|| PlanError::NoUpgradeSource {
            name: release.name.to_string(),
            reason: format!(
                "release {}'s PackageRepository {} is not a configured repository; add it ({}) or name the package to upgrade to",
                release.name, carvel.repository, crate::remedy::Remedy::AddRepository
            ),
        })?;
    Ok(format!("{}/{}", repository.name, carvel.ref_name))
}

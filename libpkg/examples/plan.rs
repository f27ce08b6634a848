//! Embedding libpkg: fetch a package from any reference (a directory, an
//! archive, `oci://…`, or a name in the repositories configured with `kubectl
//! pkg repo add`), plan installing it without a cluster, and print a summary of
//! the plan: the pinned package, the objects in apply order, the permissions
//! and their risks, the images, and the plan hash.
//!
//! ```sh
//! cargo run -p libpkg --example plan -- ./examples/redis/7.2.5
//! cargo run -p libpkg --example plan -- mongodb '^7.0'
//! ```

use std::error::Error;

use libpkg::action::plan_offline;
use libpkg::names::ReleaseName;
use libpkg::package::Limits;
use libpkg::plan::ReleaseId;
use libpkg::reference::PackageRef;
use libpkg::registry::{RegistryClient, RegistryOptions};
use libpkg::repositories::Repositories;
use libpkg::source::{FetchRequest, fetch};
use libpkg::version::Constraint;

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let reference = args.next().ok_or("usage: plan PACKAGE [CONSTRAINT]")?;
    let reference = PackageRef::parse(&reference)?;
    let constraint = args
        .next()
        .map(|text| Constraint::parse(&text))
        .transpose()?;

    // Resolve the version and pin the package by digest; the repositories'
    // signature rules are checked before anything is rendered.
    let registry = RegistryClient::new(RegistryOptions::default())?;
    let repositories = Repositories::load_default()?;
    let trust = repositories.trust_policy()?;
    let request = FetchRequest {
        reference: &reference,
        constraint: constraint.as_ref(),
        devel: false,
        limits: Limits::default(),
        channel: None,
        installed: None,
        force_upgrade: false,
        trust: &trust,
        allow_unverified: false,
    };
    let fetched = fetch(&request, &repositories, &registry).await?;

    // Plan an install as release NAME in namespace `default`: a pure function.
    let name: ReleaseName = fetched.package.metadata.name.parse()?;
    let release = ReleaseId::new("default".parse()?, name);
    let plan = plan_offline(&fetched.package, &fetched.source, &release)?;

    println!(
        "{} {} ({})",
        plan.package.name, plan.package.version, plan.package.digest
    );
    println!("from {}", plan.package.reference);
    println!("{} objects, in apply order:", plan.objects.len());
    for object in &plan.objects {
        let action = format!("{:?}", object.action).to_lowercase();
        let namespace = object.namespace.as_ref().map(|ns| format!("{ns}/"));
        let (kind, name) = (&object.kind, &object.name);
        println!(
            "  {action:9} {kind} {}{name}",
            namespace.unwrap_or_default()
        );
    }
    println!("{} RBAC grants", plan.permissions.grants.len());
    for risk in &plan.permissions.risks {
        println!("  {} {} on {}", risk.severity, risk.rule, risk.object);
    }
    for image in &plan.images {
        let pinned = if image.pinned { "pinned" } else { "NOT pinned" };
        println!("image {} ({pinned})", image.reference);
    }
    println!("plan hash {}", plan.hash);
    Ok(())
}

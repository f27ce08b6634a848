//! `kubectl pkg push DIR oci://HOST/PATH`: publish a package as HOST/PATH/NAME:VERSION,
//! signed with `--sign-key` as cosign signs, in cosign's classic form, as a
//! Sigstore bundle referrer (`--signature-format`), or both.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::keys::PrivateKey;
use libpkg::package::Package;
use libpkg::reference::OciRef;
use libpkg::registry::RegistryClient;
use libpkg::version::tag_for;
use serde_json::json;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct PushArgs {
    /// The package directory (or an imgpkg bundle directory, with .imgpkg/).
    pub dir: PathBuf,
    /// The repository prefix: oci://HOST/PATH (the package goes to
    /// HOST/PATH/NAME:VERSION); for an imgpkg bundle, oci://HOST/PATH:TAG.
    pub destination: String,
    /// Sign what is pushed with this private key (PEM), as `cosign sign
    /// --key` does: a signature under the tag `sha256-<hex>.sig`.
    #[arg(long, value_name = "FILE")]
    pub sign_key: Option<PathBuf>,
    /// How to store the signature: `classic` (the `sha256-<hex>.sig` tag
    /// cosign 2 writes), `bundle` (a Sigstore bundle attached as an OCI
    /// referrer, as cosign 3 writes by default) or `both`.
    #[arg(
        long,
        value_name = "FORMAT",
        value_enum,
        default_value_t = SignatureFormat::Classic,
        requires = "sign_key"
    )]
    pub signature_format: SignatureFormat,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

/// `--signature-format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SignatureFormat {
    /// The `sha256-<hex>.sig` tag.
    Classic,
    /// A Sigstore bundle referrer.
    Bundle,
    /// Both.
    Both,
}

/// A signing key and the forms to write.
struct Signing {
    key: PrivateKey,
    format: SignatureFormat,
}

pub async fn run(global: &GlobalArgs, args: &PushArgs) -> Result<()> {
    let Some(prefix) = OciRef::url_path(&args.destination) else {
        bail!("destination {:?} must start with oci://", args.destination);
    };
    // A key that cannot be read is refused before anything is pushed.
    let key = args
        .sign_key
        .as_deref()
        .map(signing_key)
        .transpose()?
        .map(|key| Signing {
            key,
            format: args.signature_format,
        });
    if libpkg::carvel::is_bundle_dir(&args.dir) {
        return push_bundle(global, args, prefix, key.as_ref()).await;
    }
    let package = Package::from_dir(&args.dir, &settings::limits(global))?;
    // A package whose manifests do not parse is refused here, not by its users.
    libpkg::render::parse_documents(&package)?;
    let artifact = package.artifact();
    let target = OciRef::parse(&format!(
        "{}/{}:{}",
        prefix.trim_end_matches('/'),
        package.metadata.name,
        tag_for(&package.version)
    ))
    .with_context(|| format!("invalid destination {:?}", args.destination))?;
    let registry = settings::registry(global)?;
    let digest = registry.push(&target, &artifact).await?;
    crate::view::errln!("Pushed {target}");
    report(global, &registry, &target, &digest, key.as_ref()).await
}

/// An imgpkg bundle (a directory with `.imgpkg/`: a Carvel package's content
/// or a PackageRepository) goes to the destination as given, `HOST/PATH:TAG`,
/// as `imgpkg push -b` pushes it.
async fn push_bundle(
    global: &GlobalArgs,
    args: &PushArgs,
    reference: &str,
    key: Option<&Signing>,
) -> Result<()> {
    let target = OciRef::parse(reference)
        .with_context(|| format!("invalid destination {:?}", args.destination))?;
    if target.tag.is_none() || target.digest.is_some() {
        bail!(
            "{} is an imgpkg bundle (it has .imgpkg/): give its destination with a tag, oci://HOST/PATH:TAG",
            args.dir.display()
        );
    }
    let files = libpkg::package::read_directory(&args.dir, &settings::limits(global))?;
    if libpkg::carvel::is_repository(&files) {
        // A PackageRepository whose documents do not parse is refused here.
        libpkg::carvel::Repository::from_files(&files, &args.dir.display().to_string())?;
    }
    let artifact = libpkg::carvel::bundle_artifact(&files);
    let registry = settings::registry(global)?;
    let digest = registry.push(&target, &artifact).await?;
    crate::view::errln!("Pushed imgpkg bundle {target}");
    report(global, &registry, &target, &digest, key).await
}

/// Reads a signing key.
fn signing_key(path: &Path) -> Result<PrivateKey> {
    settings::private_key(path, "--sign-key")
}

/// Signs what was pushed, when asked to, and prints its digest (and the
/// signature's reference).
async fn report(
    global: &GlobalArgs,
    registry: &RegistryClient,
    target: &OciRef,
    digest: &str,
    signing: Option<&Signing>,
) -> Result<()> {
    let pinned = target.with_digest(digest);
    let mut signature = None;
    if let Some(Signing { key, format }) = signing {
        let mut document = json!({ "keyId": key.id() });
        if matches!(format, SignatureFormat::Classic | SignatureFormat::Both) {
            let signed = libpkg::source::signatures::sign(registry, key, target, digest).await?;
            crate::view::errln!("Signed {pinned} with key {}: {signed}", key.id());
            document["reference"] = json!(signed.to_string());
        }
        if matches!(format, SignatureFormat::Bundle | SignatureFormat::Both) {
            let signed =
                libpkg::source::signatures::sign_bundle(registry, key, target, digest).await?;
            crate::view::errln!(
                "Signed {pinned} with key {} (Sigstore bundle): {signed}",
                key.id()
            );
            document["bundle"] = json!(signed.to_string());
        }
        signature = Some(document);
    }
    match global.output {
        OutputFormat::Text => view::outln!("{digest}")?,
        format => {
            let mut document = json!({ "reference": pinned.to_string(), "digest": digest });
            if let Some(signature) = signature {
                document["signature"] = signature;
            }
            view::print_document(format, &document)?
        }
    }
    Ok(())
}

//! The command line, as clap types only: what the user typed, nothing resolved.
//! [`crate::settings`] turns these into library options.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A package manager for Kubernetes that shows the whole plan, permissions
/// included, before it changes anything.
#[derive(Debug, Parser)]
#[command(name = "kubectl-pkg", bin_name = "kubectl pkg", version)]
#[command(
    after_help = "Examples:\n  kubectl pkg install mongodb --dry-run\n  kubectl pkg show stable/mongodb\n  kubectl pkg push ./mongodb oci://registry.example/pkgs"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Flags every command takes.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config).
    #[arg(long, global = true, value_name = "FILE")]
    pub kubeconfig: Option<PathBuf>,
    /// The kubeconfig context to use.
    #[arg(long, global = true, value_name = "NAME")]
    pub context: Option<String>,
    /// The release namespace (default: the context's namespace).
    #[arg(short = 'n', long, global = true, value_name = "NAME")]
    pub namespace: Option<String>,
    /// Output format.
    #[arg(short = 'o', long, global = true, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// With -o markdown or -o html: the most the document may hold, in bytes:
    /// github (a comment, 65536), github-summary (a job summary, 1 MiB),
    /// gitlab (a note, 1000000) or a number. The summary sections always
    /// fit; per-object diffs fill the rest, most important first, and those
    /// left out are named.
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_max_size)]
    pub max_size: Option<MaxSize>,
    /// Disable colors (also: the NO_COLOR environment variable).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Show errors whole: a server's long message (a rejected object quoted
    /// back, say) is otherwise cut after its first lines.
    #[arg(short = 'v', long, global = true)]
    pub verbose: bool,
    /// `-o wide`: text, the tables of records with every column. `output`
    /// is then [`OutputFormat::Text`] (set in `main`), so that every text
    /// view is the wide one's.
    #[arg(skip)]
    pub wide: bool,
    /// Registry options, from the command's own flags: only commands that
    /// read a registry take them (see [`RegistryArgs`]); defaults elsewhere.
    #[arg(skip)]
    pub registry: RegistryArgs,
    /// At most N API requests in flight at once (dry runs, reads, applies, access reviews).
    #[arg(
        long,
        global = true,
        value_name = "N",
        env = "KUBECTL_PKG_CONCURRENCY",
        default_value_t = libpkg::cluster::CONCURRENCY,
        value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u16).range(1..), usize::from)
    )]
    pub concurrency: usize,
    /// Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N,
    /// documents=N (sizes in bytes or with Ki/Mi/Gi; default
    /// total=64Mi,file=16Mi,entries=10000,documents=10000).
    #[arg(
        long,
        global = true,
        value_name = "LIMITS",
        env = "KUBECTL_PKG_PACKAGE_LIMITS",
        value_parser = parse_limits
    )]
    pub package_limits: Option<libpkg::package::Limits>,
    /// The ytt binary that renders Carvel packages' ytt templates (default: ytt on PATH).
    #[arg(long, global = true, value_name = "PATH", env = "KUBECTL_PKG_YTT")]
    pub ytt: Option<PathBuf>,
    /// Signature rules to add to the repositories' own: a TrustPolicy file.
    #[arg(
        long,
        global = true,
        value_name = "FILE",
        env = "KUBECTL_PKG_TRUST_POLICY"
    )]
    pub trust_policy: Option<PathBuf>,
}

// How registries are reached; taken by the commands that read one (install,
// upgrade, template, show, search, verify, push, bundle, import, repo add) and
// copied into [`GlobalArgs::registry`] before the command runs.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Registry options")]
pub struct RegistryArgs {
    /// Use plain HTTP for registries (allowed automatically for loopback registries only).
    #[arg(long)]
    pub plain_http: bool,
    /// A PEM file of CA certificates to trust for registries (repeatable).
    #[arg(
        long = "registry-ca-file",
        value_name = "FILE",
        env = "KUBECTL_PKG_REGISTRY_CA_FILE"
    )]
    pub registry_ca_files: Vec<PathBuf>,
    /// Do not verify registry TLS certificates. Dangerous: anyone on the network
    /// path can then serve a different package and read your registry credentials.
    #[arg(long)]
    pub registry_insecure_skip_tls_verify: bool,
    /// Give up on a registry that does not connect, or stops sending data, for this long.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = crate::duration::parse)]
    pub registry_timeout: std::time::Duration,
}

impl Default for RegistryArgs {
    /// The flags' defaults: TLS verified, the 20 s timeout.
    fn default() -> Self {
        RegistryArgs {
            plain_http: false,
            registry_ca_files: Vec::new(),
            registry_insecure_skip_tls_verify: false,
            registry_timeout: std::time::Duration::from_secs(20),
        }
    }
}

impl Command {
    /// The registry flags the command was given, for those that read a registry.
    pub fn registry(&self) -> Option<&RegistryArgs> {
        use crate::commands::{propose::ProposeCommand, repo::RepoCommand, show::ShowPart};
        match self {
            Command::Install(args) => Some(&args.registry),
            Command::Upgrade(args) => Some(&args.registry),
            Command::Template(args) => Some(&args.registry),
            Command::Show(args) => match &args.part {
                Some(ShowPart::Values { registry, .. }) => Some(registry),
                None => Some(&args.registry),
            },
            Command::Verify(args) => Some(&args.registry),
            Command::Search(args) => Some(&args.registry),
            Command::Push(args) => Some(&args.registry),
            Command::Bundle(args) => Some(&args.registry),
            Command::Import(args) => Some(&args.registry),
            Command::Rollback(args) => Some(&args.registry),
            Command::Repo(
                RepoCommand::Add { registry, .. } | RepoCommand::Update { registry, .. },
            ) => Some(registry),
            Command::Stack(
                crate::commands::stack::StackCommand::Plan(crate::commands::stack::StackPlanArgs {
                    stack,
                    ..
                })
                | crate::commands::stack::StackCommand::Apply(
                    crate::commands::stack::StackApplyArgs { stack, .. },
                ),
            ) => Some(&stack.registry),
            Command::Stack(crate::commands::stack::StackCommand::Lock(args)) => {
                Some(&args.registry)
            }
            Command::Propose(args) => match &args.command {
                ProposeCommand::Install(args) => Some(&args.registry),
                ProposeCommand::Upgrade(args) => Some(&args.registry),
                ProposeCommand::Rollback(args) => Some(&args.registry),
                _ => None,
            },
            _ => None,
        }
    }
}

fn parse_limits(text: &str) -> Result<libpkg::package::Limits, String> {
    text.parse()
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable tables.
    Text,
    /// Text with every column of the tables of records (list, history,
    /// stack status), none left out to fit the terminal.
    Wide,
    /// JSON (Secret values masked).
    Json,
    /// YAML (Secret values masked).
    Yaml,
    /// A plan as GitHub-flavoured markdown for a pull-request comment or a
    /// job summary (plans only; Secret values masked).
    Markdown,
    /// A plan as one self-contained HTML page (plans only; Secret values masked).
    Html,
}

impl OutputFormat {
    /// The name `-o` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            OutputFormat::Text => "text",
            OutputFormat::Wide => "wide",
            OutputFormat::Json => "json",
            OutputFormat::Yaml => "yaml",
            OutputFormat::Markdown => "markdown",
            OutputFormat::Html => "html",
        }
    }
}

/// The most a review document (`-o markdown`, `-o html`) may hold, in bytes
/// (a byte count is never below the character count, so a byte cap is also
/// a character cap): a preset for where it is posted, or a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxSize(pub usize);

impl MaxSize {
    /// The presets `--max-size` takes, with their sizes: a GitHub comment
    /// (65,536 characters), a GitHub Actions job summary (1 MiB), a GitLab
    /// note (1,000,000 characters).
    pub const PRESETS: &[(&str, usize)] = &[
        ("github", 65_536),
        ("github-summary", 1024 * 1024),
        ("gitlab", 1_000_000),
    ];
}

fn parse_max_size(text: &str) -> Result<MaxSize, String> {
    if let Some((_, size)) = MaxSize::PRESETS.iter().find(|(name, _)| *name == text) {
        return Ok(MaxSize(*size));
    }
    match text.parse::<usize>() {
        Ok(size) if size > 0 => Ok(MaxSize(size)),
        _ => Err(format!(
            "expected a size in bytes or one of {}",
            MaxSize::PRESETS
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Each command's arguments are built only when that command runs or its
/// help is shown (`defer`): building all of them took a tenth of a small
/// chart's `template`. Deferred, a flattened struct's doc comment would
/// replace the command's description, so the argument structs have plain
/// comments; and the global options are listed before a command's flattened
/// groups (Registry options), which clap adds after them.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Plan installing a package as a new release, show the plan, and apply it.
    #[command(
        after_help = "Examples:\n  kubectl pkg install mongodb\n  kubectl pkg install -f packageinstall.yaml   (a kapp-controller PackageInstall and its values Secret)\n  kubectl pkg install mongodb --offline --dry-run\n  kubectl pkg install ./mongodb --name db -n databases --offline --dry-run -o json\n  kubectl pkg install stable/mongodb --version '^7.0' --offline --dry-run --out plan.json"
    )]
    Install(crate::commands::install::InstallArgs),
    /// Plan a release's next revision from a (newer) package, show it, and apply it.
    #[command(
        after_help = "Examples:\n  kubectl pkg upgrade mongodb\n  kubectl pkg upgrade mongodb --version '~7.0' --dry-run\n  kubectl pkg upgrade db ./mongodb --yes"
    )]
    Upgrade(crate::commands::upgrade::UpgradeArgs),
    /// Plan re-applying an earlier revision's objects, show it, and apply it.
    #[command(
        after_help = "Examples:\n  kubectl pkg rollback mongodb\n  kubectl pkg rollback mongodb 1 --yes"
    )]
    Rollback(crate::commands::rollback::RollbackArgs),
    /// Plan deleting a release's objects (or what a failed install left), show it, and delete them.
    #[command(
        visible_aliases = ["delete", "un"],
        after_help = "Examples:\n  kubectl pkg uninstall mongodb\n  kubectl pkg uninstall mongodb --purge --yes"
    )]
    Uninstall(crate::commands::uninstall::UninstallArgs),
    /// Apply a plan saved with --out, exactly as saved, if the cluster has not changed since.
    #[command(
        after_help = "Example:\n  kubectl pkg upgrade mongodb --dry-run --out plan.json\n  kubectl pkg apply plan.json --yes"
    )]
    Apply(crate::commands::apply::ApplyArgs),
    /// Sign a saved plan's (or a proposal's) hash with your key, attaching the approval.
    #[command(
        after_help = "Example:\n  kubectl pkg upgrade mongodb --dry-run --out plan.json\n  kubectl pkg approve plan.json --key alice.key --approver alice@example.com --comment \"reviewed in PR 42\"\n  kubectl pkg apply plan.json --require-approvals 1 --trusted-keys keys/ --yes"
    )]
    Approve(crate::commands::approve::ApproveArgs),
    /// Plan as install, upgrade, rollback or uninstall would; store the plan for review.
    #[command(
        after_help = "Example:\n  kubectl pkg propose --note 'bump to 7.0.14' upgrade mongodb --version 7.0.14\n  kubectl pkg approve proposal/mongodb.0123456789ab --key alice.key --approver alice@example.com\n  kubectl pkg apply proposal/mongodb.0123456789ab --require-approvals 1 --trusted-keys keys/"
    )]
    Propose(crate::commands::propose::ProposeArgs),
    /// List the plans proposed in a namespace: hash, note, approvals, state.
    #[command(after_help = "Example:\n  kubectl pkg proposals -n databases")]
    Proposals(crate::commands::proposals::ProposalsArgs),
    /// Take over a release Helm installed: same objects, new owner, nothing recreated; Helm's history copied in.
    #[command(
        name = "adopt-helm",
        after_help = "Examples:\n  kubectl pkg adopt-helm mongodb -n databases --dry-run\n  kubectl pkg adopt-helm mongodb -n databases --remove-helm-records"
    )]
    AdoptHelm(crate::commands::adopt_helm::AdoptHelmArgs),
    /// What a release's record holds: its values, manifest, notes or whole plan.
    #[command(
        subcommand,
        after_help = "Examples:\n  kubectl pkg get values mongodb\n  kubectl pkg get manifest mongodb --revision 1\n  kubectl pkg get plan mongodb -o json"
    )]
    Get(crate::commands::get::GetCommand),
    /// List releases and their current revision.
    #[command(
        visible_alias = "ls",
        after_help = "Examples:\n  kubectl pkg list\n  kubectl pkg list -A -o json"
    )]
    List(crate::commands::list::ListArgs),
    /// Show a release's newest revision and what to do next.
    #[command(after_help = "Example:\n  kubectl pkg status mongodb")]
    Status(crate::commands::status::StatusArgs),
    /// Show every revision of a release with its digest and plan hash.
    #[command(after_help = "Example:\n  kubectl pkg history mongodb")]
    History(crate::commands::history::HistoryArgs),
    /// Run a release's chart tests (its `helm.sh/hook: test` objects) and report each.
    #[command(
        after_help = "Examples:\n  kubectl pkg test web\n  kubectl pkg test web --filter name=web-test-connection --logs --timeout 2m"
    )]
    Test(crate::commands::test::TestArgs),
    /// Print a package's objects as YAML, rendered and in apply order.
    #[command(
        after_help = "Example:\n  kubectl pkg template mongodb --version 7.0.12 > mongodb.yaml"
    )]
    Template(crate::commands::template::TemplateArgs),
    /// Show a package's metadata, its versions and its permission summary.
    #[command(after_help = "Example:\n  kubectl pkg show stable/mongodb")]
    Show(crate::commands::show::ShowArgs),
    /// Find packages in the configured repositories by a keyword in their name, description or keywords.
    #[command(
        after_help = "Examples:\n  kubectl pkg search mongo\n  kubectl pkg search database --versions -o json"
    )]
    Search(crate::commands::search::SearchArgs),
    /// Publish a package directory (or an imgpkg bundle) to an OCI registry.
    #[command(
        after_help = "Examples:\n  kubectl pkg push ./mongodb oci://registry.example/pkgs\n  kubectl pkg push ./repository oci://registry.example/carvel/repo:v1"
    )]
    Push(crate::commands::push::PushArgs),
    /// Check a package's signatures: what verifies, and against which key.
    #[command(
        after_help = "Examples:\n  kubectl pkg verify stable/mongodb --version 7.0.12\n  kubectl pkg verify oci://registry.example/pkgs/mongodb:7.0.12 --key release.pub"
    )]
    Verify(crate::commands::verify::VerifyArgs),
    /// Bundle packages, the images they run and their signatures into one
    /// archive for an air-gapped cluster; verify or list a bundle.
    #[command(
        after_help = "Examples:\n  kubectl pkg bundle mongodb --version '^7' --out mongodb-7.tar\n  kubectl pkg bundle verify mongodb-7.tar"
    )]
    Bundle(crate::commands::bundle::BundleArgs),
    /// Push a bundle into a registry byte for byte and add a repository
    /// whose packages run the copied images.
    #[command(
        after_help = "Example:\n  kubectl pkg import mongodb-7.tar --to oci://registry.internal:5000/mirror"
    )]
    Import(crate::commands::import::ImportArgs),
    /// Manage named package repositories.
    #[command(
        subcommand,
        after_help = "Examples:\n  kubectl pkg repo add stable oci://registry.example/pkgs\n  kubectl pkg repo list\n  kubectl pkg repo update"
    )]
    Repo(crate::commands::repo::RepoCommand),
    /// Plan and apply many releases as one plan, in dependency order (a stack file).
    #[command(
        subcommand,
        after_help = "Examples:\n  kubectl pkg stack plan -f stack.yaml -e staging\n  kubectl pkg stack apply -f stack.yaml -e prod"
    )]
    Stack(crate::commands::stack::StackCommand),
    /// Print the version of kubectl-pkg.
    #[command(after_help = "Example:\n  kubectl pkg version -o json")]
    Version,
    /// Print a shell completion script.
    #[command(
        after_help = "Example:\n  kubectl pkg completion bash > /etc/bash_completion.d/kubectl-pkg\n\nFor `kubectl pkg <TAB>` (kubectl 1.26 and later), put an executable named\nkubectl_complete-pkg on PATH: completions/kubectl_complete-pkg, or a link\nto kubectl-pkg of that name."
    )]
    Completion(crate::commands::completion::CompletionArgs),
}

// Which package and which version; shared by every command that fetches one.
#[derive(Debug, Clone, Args)]
pub struct PackageArgs {
    #[arg(
        value_name = "PACKAGE",
        help = "The package: NAME, REPO/NAME, oci://HOST/PATH/NAME[:TAG|@DIGEST], ./DIR, FILE.tgz, https://HOST/FILE.tgz or git+https://HOST/REPO.git//DIR?ref=REF"
    )]
    pub package: String,
    /// A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable.
    #[arg(long, value_name = "CONSTRAINT")]
    pub version: Option<String>,
    /// Consider prereleases too.
    #[arg(long)]
    pub devel: bool,
    /// For a package from an OLM catalog: the channel (default: the package's default channel).
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
}

// Configuration for packages that take it; shared by install, upgrade and template.
#[derive(Debug, Clone, Default, Args)]
pub struct ConfigArgs {
    /// Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles
    /// take watchNamespace (default: all namespaces, if the bundle supports it).
    /// An upgrade without --config keeps the deployed revision's configuration.
    #[arg(long = "config", value_name = "KEY=VALUE")]
    pub config: Vec<String>,
}

// `--no-hooks`; shared by install, upgrade, rollback and uninstall.
#[derive(Debug, Clone, Default, Args)]
pub struct HookArgs {
    /// Leave this operation's chart hooks out of the plan (they are not run).
    #[arg(long)]
    pub no_hooks: bool,
}

impl HookArgs {
    /// The library's hook choice.
    pub fn hooks(&self) -> libpkg::action::Hooks {
        if self.no_hooks {
            libpkg::action::Hooks::Skip
        } else {
            libpkg::action::Hooks::Run
        }
    }
}

// `--skip-requirements`; shared by install, upgrade and template.
#[derive(Debug, Clone, Default, Args)]
pub struct RequirementArgs {
    /// Plan even when requirements of the package are not met (another
    /// package installed, a kind served, a Kubernetes version): the plan
    /// shows the unmet ones and that they were skipped.
    #[arg(long)]
    pub skip_requirements: bool,
}

impl RequirementArgs {
    /// Records the choice on the package's source, where planning reads it.
    pub fn apply(&self, fetched: &mut libpkg::source::Fetched) {
        fetched.source.requirements.skip = self.skip_requirements;
    }
}

// `--validate`, kubectl's spelling; shared by install, upgrade and rollback.
#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Check objects the API server cannot dry-run (in a namespace the plan
    /// creates, custom resources of a CRD it creates) against the cluster's
    /// OpenAPI schema or their CRD's schema before anything is written
    /// (--validate=false to skip; the plan records it).
    #[arg(long, value_name = "BOOL", default_value_t = true, num_args = 0..=1, default_missing_value = "true", require_equals = true, action = clap::ArgAction::Set)]
    pub validate: bool,
}

// The preflight image check; shared by install, upgrade and rollback.
#[derive(Debug, Clone, Default, Args)]
pub struct ImageCheckArgs {
    /// Do not look the plan's images up in their registries before showing it
    /// (for a cluster that pulls from registries this machine cannot reach);
    /// the plan says they were not checked.
    #[arg(long)]
    pub skip_image_check: bool,
}

// Image mirrors; shared by install, upgrade and template.
#[derive(Debug, Clone, Default, Args)]
pub struct ImageArgs {
    /// Run every image under FROM (a registry, or a path in one) from the same
    /// path under TO, such as docker.io=mirror.internal:5000/hub (repeatable);
    /// the plan shows each rewritten reference beside its original.
    #[arg(long = "image-registry", value_name = "FROM=TO")]
    pub image_registry: Vec<String>,
    /// Refuse to plan when an image has no mirrored copy (from `import` or
    /// --image-registry) instead of warning.
    #[arg(long)]
    pub require_mirrored_images: bool,
}

// Values for a Helm chart, as Helm takes them; shared by install, upgrade and template.
#[derive(Debug, Clone, Default, Args)]
pub struct ValuesArgs {
    /// A YAML file of values (repeatable; `-` reads stdin); charts only.
    #[arg(short = 'f', long = "values", value_name = "FILE")]
    pub values: Vec<String>,
    /// Set values: `a.b=1,c[0]=x` (repeatable); charts only.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Set values as strings (repeatable); charts only.
    #[arg(long, value_name = "KEY=VALUE")]
    pub set_string: Vec<String>,
    /// Set values from files' contents: `key=path` (repeatable); charts only.
    #[arg(long, value_name = "KEY=PATH")]
    pub set_file: Vec<String>,
    /// Set JSON values: `a.b={"x":1}` (repeatable); charts only.
    #[arg(long, value_name = "KEY=JSON")]
    pub set_json: Vec<String>,
    /// Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only.
    #[arg(long, value_name = "KEY=VALUE")]
    pub set_literal: Vec<String>,
    /// Let a chart's `getHostByName` resolve names (as Helm's --enable-dns);
    /// without it, it returns "" (the plan says which).
    #[arg(long)]
    pub enable_dns: bool,
}

// The release's name as Helm's `install [NAME] CHART` takes it; shared by
// install and template. Declared after [`PackageArgs`], so that with two
// arguments the first (PACKAGE's place) is the name and this one the package.
#[derive(Debug, Clone, Default, Args)]
pub struct ReleaseNameArgs {
    /// With two arguments, as Helm takes them (`install NAME PACKAGE`): the
    /// package, the first argument being the release name.
    #[arg(value_name = "PACKAGE", id = "package_after_name", index = 2)]
    pub package_after_name: Option<String>,
    /// The release name (default: the package name).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Name the release after the package and the time, NAME-SECONDS (Unix time),
    /// as Helm's --generate-name (the plan records the name chosen).
    #[arg(short = 'g', long, conflicts_with = "name")]
    pub generate_name: bool,
    /// `name` was the first of two arguments, not `--name` ([`Self::settle`]).
    #[arg(skip)]
    pub name_is_argument: bool,
}

/// A usage error of `subcommand`, as clap's own (printed with its usage, exit 64).
pub fn usage_error(subcommand: &str, message: impl std::fmt::Display) -> anyhow::Error {
    let mut cli = <Cli as clap::CommandFactory>::command();
    cli.build();
    let command = cli
        .find_subcommand_mut(subcommand)
        .expect("a subcommand of kubectl-pkg");
    command
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .into()
}

impl ReleaseNameArgs {
    /// Puts `NAME PACKAGE` in place: the package argument becomes the second
    /// word and the name the first. A usage error when the name is given twice.
    pub fn settle(&mut self, package: &mut PackageArgs) -> Result<(), String> {
        let Some(reference) = self.package_after_name.take() else {
            return Ok(());
        };
        let name = std::mem::replace(&mut package.package, reference);
        if self.generate_name {
            return Err(format!(
                "release name {name} given as an argument and --generate-name: give one"
            ));
        }
        if let Some(flag) = &self.name {
            return Err(format!(
                "release name given twice: {name} as an argument and --name {flag}"
            ));
        }
        self.name = Some(name);
        self.name_is_argument = true;
        Ok(())
    }

    /// The release name: the one given, one generated at `now` (Unix
    /// seconds), or the package's default; an invalid one is refused,
    /// saying where it came from.
    pub fn release_name(
        &self,
        package: &libpkg::package::Package,
        now: u64,
    ) -> anyhow::Result<libpkg::names::ReleaseName> {
        let (name, what, origin) = match (&self.name, self.generate_name) {
            (Some(name), _) if self.name_is_argument => (name.clone(), "release name", ""),
            (Some(name), _) => (name.clone(), "--name", ""),
            (None, true) => (
                format!("{}-{now}", package.default_release_name()),
                "release name",
                " (--generate-name's: the package's name and the time)",
            ),
            (None, false) => (
                package.default_release_name(),
                "release name",
                " (the package's name; give one with --name)",
            ),
        };
        let invalid = |reason| anyhow::anyhow!("invalid {what} {name:?}{origin}: {reason}");
        libpkg::names::ReleaseName::new_release(name.as_str()).map_err(invalid)
    }

    /// [`Self::release_name`] now: the one place a clock is read, to choose a
    /// name before planning (the plan holds the name, not the clock).
    pub fn release_name_now(
        &self,
        package: &libpkg::package::Package,
    ) -> anyhow::Result<libpkg::names::ReleaseName> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        self.release_name(package, now)
    }
}

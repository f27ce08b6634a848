# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kubectl_pkg_global_optspecs
    string join \n kubeconfig= context= n/namespace= o/output= max-size= no-color concurrency= package-limits= ytt= trust-policy= h/help V/version
end

function __fish_kubectl_pkg_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_kubectl_pkg_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_kubectl_pkg_using_subcommand
    set -l cmd (__fish_kubectl_pkg_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -s V -l version -d 'Print version'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "install" -d 'Plan installing a package as a new release, show the plan, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "upgrade" -d 'Plan a release\'s next revision from a (newer) package, show it, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "rollback" -d 'Plan re-applying an earlier revision\'s objects, show it, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "uninstall" -d 'Plan deleting a release\'s objects (or what a failed install left), show it, and delete them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "delete" -d 'Plan deleting a release\'s objects (or what a failed install left), show it, and delete them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "un" -d 'Plan deleting a release\'s objects (or what a failed install left), show it, and delete them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "apply" -d 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "approve" -d 'Sign a saved plan\'s (or a proposal\'s) hash with your key, attaching the approval'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "propose" -d 'Plan as install, upgrade, rollback or uninstall would; store the plan for review'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "proposals" -d 'List the plans proposed in a namespace: hash, note, approvals, state'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "adopt-helm" -d 'Take over a release Helm installed: same objects, new owner, nothing recreated; Helm\'s history copied in'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "get" -d 'What a release\'s record holds: its values, manifest, notes or whole plan'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "list" -d 'List releases and their current revision'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "ls" -d 'List releases and their current revision'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "status" -d 'Show a release\'s newest revision and what to do next'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "history" -d 'Show every revision of a release with its digest and plan hash'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "test" -d 'Run a release\'s chart tests (its `helm.sh/hook: test` objects) and report each'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "template" -d 'Print a package\'s objects as YAML, rendered and in apply order'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "show" -d 'Show a package\'s metadata, its versions and its permission summary'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "search" -d 'Find packages in the configured repositories by a keyword in their name, description or keywords'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "push" -d 'Publish a package directory (or an imgpkg bundle) to an OCI registry'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "verify" -d 'Check a package\'s signatures: what verifies, and against which key'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "bundle" -d 'Bundle packages, the images they run and their signatures into one archive for an air-gapped cluster; verify or list a bundle'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "import" -d 'Push a bundle into a registry byte for byte and add a repository whose packages run the copied images'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "repo" -d 'Manage named package repositories'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "stack" -d 'Plan and apply many releases as one plan, in dependency order (a stack file)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "version" -d 'Print the version of kubectl-pkg'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "completion" -d 'Print a shell completion script'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l config -d 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision\'s configuration' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l name -d 'The release name (default: the package name)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l kube-version -d 'Offline: the Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm\'s --kube-version: 1.30 or v1.30.2 (default: v1.32.0). Online, the cluster\'s own version is used' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l image-registry -d 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l adopt -d 'Take over objects that exist but belong to no release or to another one'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l create-namespace -d 'Create the release namespace if it does not exist (uninstall leaves it in place)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l offline -d 'Plan without a cluster: no diff, no access check (needs --dry-run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l require-mirrored-images -d 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l skip-requirements -d 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l channel -d 'For an operator from an OLM catalog: the channel (default: the one it was installed from)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l config -d 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision\'s configuration' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l image-registry -d 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l force-upgrade -d 'For an operator from an OLM catalog: any version, not only successors of the installed one in the catalog\'s upgrade graph'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l adopt -d 'Take over objects that exist but belong to no release or to another one'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s i -l install -d 'Install the release if it has no deployed revision (as `helm upgrade --install`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l create-namespace -d 'With --install: create the release namespace if it does not exist'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l require-mirrored-images -d 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l skip-requirements -d 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l reuse-values -d 'Charts: the deployed revision\'s values with the new ones over them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l reset-values -d 'Charts: only the new values (without any, the deployed revision\'s are kept)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l reset-then-reuse-values -d 'Charts: the chart\'s new defaults, the deployed revision\'s values, then the new ones'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand upgrade" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand rollback" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l purge -d 'Also delete the release history'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l purge -d 'Also delete the release history'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l purge -d 'Also delete the release history'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand un" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l plan-hash -d 'Apply only if the plan\'s hash is HASH: the plan that was reviewed (a review document\'s footer gives it), not another one saved since' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l key -d 'Your private key (P-256, PEM: PKCS#8 or SEC1, unencrypted)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l approver -d 'Who approves, as the release history will name you' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l comment -d 'What you say about it (signed with the approval)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand approve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l note -d 'What the proposal is for, shown to reviewers by `kubectl pkg proposals`' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -f -a "install" -d 'Propose installing a package'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -f -a "upgrade" -d 'Propose upgrading a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -f -a "rollback" -d 'Propose rolling a release back'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -f -a "uninstall" -d 'Propose uninstalling a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and not __fish_seen_subcommand_from install upgrade rollback uninstall help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l config -d 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision\'s configuration' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l name -d 'The release name (default: the package name)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l kube-version -d 'Offline: the Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm\'s --kube-version: 1.30 or v1.30.2 (default: v1.32.0). Online, the cluster\'s own version is used' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l image-registry -d 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l adopt -d 'Take over objects that exist but belong to no release or to another one'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l create-namespace -d 'Create the release namespace if it does not exist (uninstall leaves it in place)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l offline -d 'Plan without a cluster: no diff, no access check (needs --dry-run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l require-mirrored-images -d 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l skip-requirements -d 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l channel -d 'For an operator from an OLM catalog: the channel (default: the one it was installed from)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l config -d 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision\'s configuration' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l image-registry -d 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l force-upgrade -d 'For an operator from an OLM catalog: any version, not only successors of the installed one in the catalog\'s upgrade graph'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l adopt -d 'Take over objects that exist but belong to no release or to another one'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s i -l install -d 'Install the release if it has no deployed revision (as `helm upgrade --install`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l create-namespace -d 'With --install: create the release namespace if it does not exist'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l require-mirrored-images -d 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l skip-requirements -d 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l reuse-values -d 'Charts: the deployed revision\'s values with the new ones over them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l reset-values -d 'Charts: only the new values (without any, the deployed revision\'s are kept)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l reset-then-reuse-values -d 'Charts: the chart\'s new defaults, the deployed revision\'s values, then the new ones'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from upgrade" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from rollback" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l purge -d 'Also delete the release history'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l no-hooks -d 'Leave this operation\'s chart hooks out of the plan (they are not run)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from help" -f -a "install" -d 'Propose installing a package'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from help" -f -a "upgrade" -d 'Propose upgrading a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from help" -f -a "rollback" -d 'Propose rolling a release back'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from help" -f -a "uninstall" -d 'Propose uninstalling a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand propose; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand proposals" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l dry-run -d 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server' -r -f -a "client\t'Without a cluster (install only)'
server\t'Against the cluster, each object dry-run on the server'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l out -d 'Save the complete plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l wait -d 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l timeout -d 'How long to wait, in Go\'s syntax: 90s, 5m, 1h30m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l remove-helm-records -d 'Once taken over, delete Helm\'s records of the release (its sh.helm.release.v1.* Secrets), so `helm` no longer lists it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l detailed-exitcode -d 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l show-unchanged -d 'List the objects the plan leaves unchanged too (by default they are counted)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l atomic -d 'If applying or waiting fails, put the previous revision\'s objects back and delete the objects this attempt created'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand adopt-helm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "values" -d 'The values the release was configured with (charts: the user-supplied values)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "manifest" -d 'The objects applied, as YAML documents in apply order'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "notes" -d 'The chart\'s rendered NOTES.txt'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "plan" -d 'The whole plan that was applied, a proposal\'s, or a saved plan file\'s (text, -o json, -o yaml, -o markdown or -o html)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "all" -d 'Everything the revision\'s record holds, as Helm\'s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and not __fish_seen_subcommand_from values manifest notes plan all help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l revision -d 'The revision (default: the newest)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from values" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l revision -d 'The revision (default: the newest)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from manifest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l revision -d 'The revision (default: the newest)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from notes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -s f -l file -d 'A plan (or stack plan) file saved with --out, instead of a release' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l revision -d 'The revision (default: the newest)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from plan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l revision -d 'The revision (default: the newest)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from all" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "values" -d 'The values the release was configured with (charts: the user-supplied values)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "manifest" -d 'The objects applied, as YAML documents in apply order'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "notes" -d 'The chart\'s rendered NOTES.txt'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "plan" -d 'The whole plan that was applied, a proposal\'s, or a saved plan file\'s (text, -o json, -o yaml, -o markdown or -o html)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "all" -d 'Everything the revision\'s record holds, as Helm\'s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand get; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -s A -l all-namespaces -d 'Releases in every namespace'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -s a -l all -d 'Uninstalled releases too (kept with their history until `uninstall --purge`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -s A -l all-namespaces -d 'Releases in every namespace'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -s a -l all -d 'Uninstalled releases too (kept with their history until `uninstall --purge`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand ls" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l timeout -d 'How long each test may run' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l filter -d 'Run only the tests named (name=NAME) or not these (!name=NAME); repeatable, or comma-separated' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l logs -d 'Print the logs of the test Pods once they finished'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand test" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l name -d 'The release name (default: the package name)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l config -d 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision\'s configuration' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l image-registry -d 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l kube-version -d 'The Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm\'s --kube-version: 1.30 or v1.30.2 (default: v1.32.0)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l show-secrets -d 'Print Secret values instead of masking them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l require-mirrored-images -d 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l skip-requirements -d 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand template" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -s f -l values -d 'A YAML file of values (repeatable; `-` reads stdin); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l set -d 'Set values: `a.b=1,c[0]=x` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l set-string -d 'Set values as strings (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l set-file -d 'Set values from files\' contents: `key=path` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l set-json -d 'Set JSON values: `a.b={"x":1}` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l set-literal -d 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -a "values" -d 'A chart\'s default values: its values.yaml as written, comments included'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and not __fish_seen_subcommand_from values help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from values" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from help" -f -a "values" -d 'A chart\'s default values: its values.yaml as written, comments included'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand show; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l versions -d 'One row per version, not only the newest'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l devel -d 'Count prereleases as versions'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand search" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l sign-key -d 'Sign what is pushed with this private key (PEM), as `cosign sign --key` does: a signature under the tag `sha256-<hex>.sig`' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l signature-format -d 'How to store the signature: `classic` (the `sha256-<hex>.sig` tag cosign 2 writes), `bundle` (a Sigstore bundle attached as an OCI referrer, as cosign 3 writes by default) or `both`' -r -f -a "classic\t'The `sha256-<hex>.sig` tag'
bundle\t'A Sigstore bundle referrer'
both\t'Both'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand push" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l version -d 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l channel -d 'For a package from an OLM catalog: the channel (default: the package\'s default channel)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l verify-mode -d 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l sha256 -d 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l key -d 'Verify against this public key (PEM; repeatable) instead of the rules for the package\'s location' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l identity -d 'Verify keyless signatures by this identity (ISSUER=SUBJECT, exact; repeatable) instead of the rules; needs --trusted-root' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l identity-regexp -d 'As --identity, both sides regular expressions (matched anywhere unless anchored, as cosign\'s)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l trusted-root -d 'The Sigstore trusted_root.json keyless signatures are checked against' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l allow-unverified -d 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l version -d 'A semver constraint; repeat it to bundle several versions of each package (an offline upgrade or rollback needs both); default: newest stable' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l platform -d 'Only this platform of multi-platform images, OS/ARCH[/VARIANT] such as linux/amd64 (repeatable): one platform bundles that platform\'s own image (the plan then runs it by its digest), several a smaller index of theirs. Default: every platform' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l out -d 'The archive to write (a tar of an OCI image layout)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l devel -d 'Consider prereleases too'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -a "verify" -d 'Check a bundle offline: every blob\'s digest, every manifest complete, signatures against the trust policy, every package renders'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -a "list" -d 'List a bundle\'s packages, images and signatures without unpacking it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and not __fish_seen_subcommand_from verify list help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from help" -f -a "verify" -d 'Check a bundle offline: every blob\'s digest, every manifest complete, signatures against the trust policy, every package renders'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a bundle\'s packages, images and signatures without unpacking it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand bundle; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l to -d 'Where to push: oci://HOST/PATH (packages go to PATH/packages/NAME, images to PATH/images/THEIR-PATH)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l repo-name -d 'The repository to record (default: the last segment of --to\'s path)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l verify-key -d 'Require the bundle\'s packages to be signed by this public key (PEM; repeatable), checked before anything is pushed and kept as the new repository\'s rule' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l verify-mode -d 'How strictly: enforce (refuse unsigned), warn, off. Default: enforce when a key is given' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -f -a "add" -d 'Add a repository: NAME and oci://HOST/PATH'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -f -a "update" -d 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -f -a "list" -d 'List the repositories'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -f -a "remove" -d 'Remove a repository (packages in it are not touched)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and not __fish_seen_subcommand_from add update list remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l verify-key -d 'Require its packages to be signed by this public key (PEM, as `cosign generate-key-pair` writes; repeatable: any one will do)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l verify-identity -d 'Require its packages to be signed keyless (Fulcio certificate, Rekor entry) by this identity: ISSUER=SUBJECT, the OIDC issuer and the certificate\'s e-mail or URI, exactly (repeatable: any one will do). Needs --trusted-root' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l verify-identity-regexp -d 'As --verify-identity, both sides regular expressions (matched as cosign\'s --certificate-identity-regexp: anywhere unless anchored with ^…$)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l trusted-root -d 'The Sigstore trusted root (trusted_root.json: Fulcio CAs, Rekor keys) keyless signatures are checked against, offline. Its text is stored with the repository' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l verify-mode -d 'How strictly: enforce (refuse unsigned), warn, off. Default: enforce when a key or identity is given' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l no-verify -d 'Add it without contacting it (by default it must answer as what its URL says it is: a registry, a catalog, a chart repository)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a repository: NAME and oci://HOST/PATH'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from help" -f -a "update" -d 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the repositories'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove a repository (packages in it are not touched)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand repo; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "plan" -d 'Plan every release of a stack, in dependency order, as one plan; nothing changes'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "apply" -d 'Plan a stack, show the plan, ask, and apply exactly it, release after release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "lock" -d 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "status" -d 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "compare" -d 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "uninstall" -d 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release\'s history is kept'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and not __fish_seen_subcommand_from plan apply lock status compare uninstall help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -s e -l environment -d 'The environment of the stack file (default: its base releases)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l only -d 'Only this release and the releases it needs (repeatable); the plan records which were asked for' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l out -d 'Save the complete stack plan (Secret values included, so owner-only) to FILE' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l locked -d 'Refuse any release that resolves to another version, reference or digest than stack.lock records (`kubectl pkg stack lock`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l prune -d 'Uninstall the releases the stack holds (its record in the cluster says) that the file no longer declares; without it they are named and left alone'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from plan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s e -l environment -d 'The environment of the stack file (default: its base releases)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l only -d 'Only this release and the releases it needs (repeatable); the plan records which were asked for' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l max-risk -d 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l accept-risk -d 'Accept a finding over the policy\'s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l policy -d 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l require-approvals -d 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l trusted-keys -d 'A directory of trusted public keys (*.pub, PEM) whose approvals count' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l wait -d 'Wait for each release\'s workloads to become ready before its dependents start (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l timeout -d 'How long to wait for each release, in Go\'s syntax: 90s, 5m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l locked -d 'Refuse any release that resolves to another version, reference or digest than stack.lock records (`kubectl pkg stack lock`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l prune -d 'Uninstall the releases the stack holds (its record in the cluster says) that the file no longer declares; without it they are named and left alone'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l fail-fast -d 'Stop at the first release that fails: no later level is applied (default: only what needs it is skipped, the others go on)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -s e -l environment -d 'The environment of the stack file (default: its base releases)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l update -d 'Replace entries that resolve differently now (otherwise such a difference is refused, and the lock left as it was)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from lock" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -s e -l environment -d 'The environment of the stack file (default: its base releases)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l registry-ca-file -d 'A PEM file of CA certificates to trust for registries (repeatable)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l registry-timeout -d 'Give up on a registry that does not connect, or stops sending data, for this long' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l locked -d 'Plan each environment with what stack.lock records (see `stack plan --locked`)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l skip-image-check -d 'Do not look the plan\'s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l plain-http -d 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l registry-insecure-skip-tls-verify -d 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from compare" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s f -l file -d 'The stack file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s e -l environment -d 'The environment of the stack file (default: its base releases)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l wait -d 'Wait for each release\'s workloads to become ready before its dependents start (--wait=false to skip)' -r -f -a "true\t''
false\t''"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l timeout -d 'How long to wait for each release, in Go\'s syntax: 90s, 5m' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s y -l yes -d 'Apply without asking'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l fail-fast -d 'Stop at the first release that fails: no later level is applied (default: only what needs it is skipped, the others go on)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "plan" -d 'Plan every release of a stack, in dependency order, as one plan; nothing changes'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Plan a stack, show the plan, ask, and apply exactly it, release after release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "lock" -d 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "status" -d 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "compare" -d 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "uninstall" -d 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release\'s history is kept'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand stack; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand version" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l kubeconfig -d 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -s n -l namespace -d 'The release namespace (default: the context\'s namespace)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -s o -l output -d 'Output format' -r -f -a "text\t'Human-readable tables'
json\t'JSON (Secret values masked)'
yaml\t'YAML (Secret values masked)'
markdown\t'A plan as GitHub-flavoured markdown for a pull-request comment or a job summary (plans only; Secret values masked)'
html\t'A plan as one self-contained HTML page (plans only; Secret values masked)'"
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l max-size -d 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l concurrency -d 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l package-limits -d 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)' -r
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l ytt -d 'The ytt binary that renders Carvel packages\' ytt templates (default: ytt on PATH)' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l trust-policy -d 'Signature rules to add to the repositories\' own: a TrustPolicy file' -r -F
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -l no-color -d 'Disable colors (also: the NO_COLOR environment variable)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand completion" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "install" -d 'Plan installing a package as a new release, show the plan, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "upgrade" -d 'Plan a release\'s next revision from a (newer) package, show it, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "rollback" -d 'Plan re-applying an earlier revision\'s objects, show it, and apply it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "uninstall" -d 'Plan deleting a release\'s objects (or what a failed install left), show it, and delete them'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "apply" -d 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "approve" -d 'Sign a saved plan\'s (or a proposal\'s) hash with your key, attaching the approval'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "propose" -d 'Plan as install, upgrade, rollback or uninstall would; store the plan for review'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "proposals" -d 'List the plans proposed in a namespace: hash, note, approvals, state'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "adopt-helm" -d 'Take over a release Helm installed: same objects, new owner, nothing recreated; Helm\'s history copied in'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "get" -d 'What a release\'s record holds: its values, manifest, notes or whole plan'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "list" -d 'List releases and their current revision'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "status" -d 'Show a release\'s newest revision and what to do next'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "history" -d 'Show every revision of a release with its digest and plan hash'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "test" -d 'Run a release\'s chart tests (its `helm.sh/hook: test` objects) and report each'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "template" -d 'Print a package\'s objects as YAML, rendered and in apply order'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "show" -d 'Show a package\'s metadata, its versions and its permission summary'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "search" -d 'Find packages in the configured repositories by a keyword in their name, description or keywords'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "push" -d 'Publish a package directory (or an imgpkg bundle) to an OCI registry'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "verify" -d 'Check a package\'s signatures: what verifies, and against which key'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "bundle" -d 'Bundle packages, the images they run and their signatures into one archive for an air-gapped cluster; verify or list a bundle'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "import" -d 'Push a bundle into a registry byte for byte and add a repository whose packages run the copied images'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "repo" -d 'Manage named package repositories'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "stack" -d 'Plan and apply many releases as one plan, in dependency order (a stack file)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "version" -d 'Print the version of kubectl-pkg'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "completion" -d 'Print a shell completion script'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and not __fish_seen_subcommand_from install upgrade rollback uninstall apply approve propose proposals adopt-helm get list status history test template show search push verify bundle import repo stack version completion help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from propose" -f -a "install" -d 'Propose installing a package'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from propose" -f -a "upgrade" -d 'Propose upgrading a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from propose" -f -a "rollback" -d 'Propose rolling a release back'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from propose" -f -a "uninstall" -d 'Propose uninstalling a release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from get" -f -a "values" -d 'The values the release was configured with (charts: the user-supplied values)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from get" -f -a "manifest" -d 'The objects applied, as YAML documents in apply order'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from get" -f -a "notes" -d 'The chart\'s rendered NOTES.txt'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from get" -f -a "plan" -d 'The whole plan that was applied, a proposal\'s, or a saved plan file\'s (text, -o json, -o yaml, -o markdown or -o html)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from get" -f -a "all" -d 'Everything the revision\'s record holds, as Helm\'s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from show" -f -a "values" -d 'A chart\'s default values: its values.yaml as written, comments included'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from bundle" -f -a "verify" -d 'Check a bundle offline: every blob\'s digest, every manifest complete, signatures against the trust policy, every package renders'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from bundle" -f -a "list" -d 'List a bundle\'s packages, images and signatures without unpacking it'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from repo" -f -a "add" -d 'Add a repository: NAME and oci://HOST/PATH'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from repo" -f -a "update" -d 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from repo" -f -a "list" -d 'List the repositories'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from repo" -f -a "remove" -d 'Remove a repository (packages in it are not touched)'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "plan" -d 'Plan every release of a stack, in dependency order, as one plan; nothing changes'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "apply" -d 'Plan a stack, show the plan, ask, and apply exactly it, release after release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "lock" -d 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "status" -d 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "compare" -d 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release'
complete -c kubectl-pkg -n "__fish_kubectl_pkg_using_subcommand help; and __fish_seen_subcommand_from stack" -f -a "uninstall" -d 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release\'s history is kept'

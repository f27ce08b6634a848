
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'kubectl-pkg' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'kubectl-pkg'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'kubectl-pkg' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Plan installing a package as a new release, show the plan, and apply it')
            [CompletionResult]::new('upgrade', 'upgrade', [CompletionResultType]::ParameterValue, 'Plan a release''s next revision from a (newer) package, show it, and apply it')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Plan re-applying an earlier revision''s objects, show it, and apply it')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Plan deleting a release''s objects (or what a failed install left), show it, and delete them')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Plan deleting a release''s objects (or what a failed install left), show it, and delete them')
            [CompletionResult]::new('un', 'un', [CompletionResultType]::ParameterValue, 'Plan deleting a release''s objects (or what a failed install left), show it, and delete them')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Sign a saved plan''s (or a proposal''s) hash with your key, attaching the approval')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Plan as install, upgrade, rollback or uninstall would; store the plan for review')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the plans proposed in a namespace: hash, note, approvals, state')
            [CompletionResult]::new('adopt-helm', 'adopt-helm', [CompletionResultType]::ParameterValue, 'Take over a release Helm installed: same objects, new owner, nothing recreated; Helm''s history copied in')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'What a release''s record holds: its values, manifest, notes or whole plan')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List releases and their current revision')
            [CompletionResult]::new('ls', 'ls', [CompletionResultType]::ParameterValue, 'List releases and their current revision')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show a release''s newest revision and what to do next')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Show every revision of a release with its digest and plan hash')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run a release''s chart tests (its `helm.sh/hook: test` objects) and report each')
            [CompletionResult]::new('template', 'template', [CompletionResultType]::ParameterValue, 'Print a package''s objects as YAML, rendered and in apply order')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a package''s metadata, its versions and its permission summary')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Find packages in the configured repositories by a keyword in their name, description or keywords')
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Publish a package directory (or an imgpkg bundle) to an OCI registry')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a package''s signatures: what verifies, and against which key')
            [CompletionResult]::new('bundle', 'bundle', [CompletionResultType]::ParameterValue, 'Bundle packages, the images they run and their signatures into one archive for an air-gapped cluster; verify or list a bundle')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Push a bundle into a registry byte for byte and add a repository whose packages run the copied images')
            [CompletionResult]::new('repo', 'repo', [CompletionResultType]::ParameterValue, 'Manage named package repositories')
            [CompletionResult]::new('stack', 'stack', [CompletionResultType]::ParameterValue, 'Plan and apply many releases as one plan, in dependency order (a stack file)')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version of kubectl-pkg')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;install' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The release name (default: the package name)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'Offline: the Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm''s --kube-version: 1.30 or v1.30.2 (default: v1.32.0). Online, the cluster''s own version is used')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--image-registry', '--image-registry', [CompletionResultType]::ParameterName, 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original')
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--generate-name', '--generate-name', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Take over objects that exist but belong to no release or to another one')
            [CompletionResult]::new('--create-namespace', '--create-namespace', [CompletionResultType]::ParameterName, 'Create the release namespace if it does not exist (uninstall leaves it in place)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Plan without a cluster: no diff, no access check (needs --dry-run)')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--require-mirrored-images', '--require-mirrored-images', [CompletionResultType]::ParameterName, 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;upgrade' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For an operator from an OLM catalog: the channel (default: the one it was installed from)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--image-registry', '--image-registry', [CompletionResultType]::ParameterName, 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original')
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('--force-upgrade', '--force-upgrade', [CompletionResultType]::ParameterName, 'For an operator from an OLM catalog: any version, not only successors of the installed one in the catalog''s upgrade graph')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Take over objects that exist but belong to no release or to another one')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Install the release if it has no deployed revision (as `helm upgrade --install`)')
            [CompletionResult]::new('--install', '--install', [CompletionResultType]::ParameterName, 'Install the release if it has no deployed revision (as `helm upgrade --install`)')
            [CompletionResult]::new('--create-namespace', '--create-namespace', [CompletionResultType]::ParameterName, 'With --install: create the release namespace if it does not exist')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--require-mirrored-images', '--require-mirrored-images', [CompletionResultType]::ParameterName, 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--reuse-values', '--reuse-values', [CompletionResultType]::ParameterName, 'Charts: the deployed revision''s values with the new ones over them')
            [CompletionResult]::new('--reset-values', '--reset-values', [CompletionResultType]::ParameterName, 'Charts: only the new values (without any, the deployed revision''s are kept)')
            [CompletionResult]::new('--reset-then-reuse-values', '--reset-then-reuse-values', [CompletionResultType]::ParameterName, 'Charts: the chart''s new defaults, the deployed revision''s values, then the new ones')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;rollback' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;uninstall' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long the chart hooks the uninstall runs may take, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--purge', '--purge', [CompletionResultType]::ParameterName, 'Also delete the release history')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;delete' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long the chart hooks the uninstall runs may take, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--purge', '--purge', [CompletionResultType]::ParameterName, 'Also delete the release history')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;un' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long the chart hooks the uninstall runs may take, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--purge', '--purge', [CompletionResultType]::ParameterName, 'Also delete the release history')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;apply' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--plan-hash', '--plan-hash', [CompletionResultType]::ParameterName, 'Apply only if the plan''s hash is HASH: the plan that was reviewed (a review document''s footer gives it), not another one saved since')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;approve' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'Your private key (P-256, PEM: PKCS#8 or SEC1, unencrypted)')
            [CompletionResult]::new('--approver', '--approver', [CompletionResultType]::ParameterName, 'Who approves, as the release history will name you')
            [CompletionResult]::new('--comment', '--comment', [CompletionResultType]::ParameterName, 'What you say about it (signed with the approval)')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;propose' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'What the proposal is for, shown to reviewers by `kubectl pkg proposals`')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Propose installing a package')
            [CompletionResult]::new('upgrade', 'upgrade', [CompletionResultType]::ParameterValue, 'Propose upgrading a release')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Propose rolling a release back')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Propose uninstalling a release')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;propose;install' {
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The release name (default: the package name)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'Offline: the Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm''s --kube-version: 1.30 or v1.30.2 (default: v1.32.0). Online, the cluster''s own version is used')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--image-registry', '--image-registry', [CompletionResultType]::ParameterName, 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original')
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--generate-name', '--generate-name', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Take over objects that exist but belong to no release or to another one')
            [CompletionResult]::new('--create-namespace', '--create-namespace', [CompletionResultType]::ParameterName, 'Create the release namespace if it does not exist (uninstall leaves it in place)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Plan without a cluster: no diff, no access check (needs --dry-run)')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--require-mirrored-images', '--require-mirrored-images', [CompletionResultType]::ParameterName, 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;propose;upgrade' {
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For an operator from an OLM catalog: the channel (default: the one it was installed from)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--image-registry', '--image-registry', [CompletionResultType]::ParameterName, 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original')
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('--force-upgrade', '--force-upgrade', [CompletionResultType]::ParameterName, 'For an operator from an OLM catalog: any version, not only successors of the installed one in the catalog''s upgrade graph')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Take over objects that exist but belong to no release or to another one')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Install the release if it has no deployed revision (as `helm upgrade --install`)')
            [CompletionResult]::new('--install', '--install', [CompletionResultType]::ParameterName, 'Install the release if it has no deployed revision (as `helm upgrade --install`)')
            [CompletionResult]::new('--create-namespace', '--create-namespace', [CompletionResultType]::ParameterName, 'With --install: create the release namespace if it does not exist')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--require-mirrored-images', '--require-mirrored-images', [CompletionResultType]::ParameterName, 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--reuse-values', '--reuse-values', [CompletionResultType]::ParameterName, 'Charts: the deployed revision''s values with the new ones over them')
            [CompletionResult]::new('--reset-values', '--reset-values', [CompletionResultType]::ParameterName, 'Charts: only the new values (without any, the deployed revision''s are kept)')
            [CompletionResult]::new('--reset-then-reuse-values', '--reset-then-reuse-values', [CompletionResultType]::ParameterName, 'Charts: the chart''s new defaults, the deployed revision''s values, then the new ones')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;propose;rollback' {
            [CompletionResult]::new('--validate', '--validate', [CompletionResultType]::ParameterName, 'Check objects the API server cannot dry-run (in a namespace the plan creates, custom resources of a CRD it creates) against the cluster''s OpenAPI schema or their CRD''s schema before anything is written (--validate=false to skip; the plan records it)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;propose;uninstall' {
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long the chart hooks the uninstall runs may take, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--purge', '--purge', [CompletionResultType]::ParameterName, 'Also delete the release history')
            [CompletionResult]::new('--no-hooks', '--no-hooks', [CompletionResultType]::ParameterName, 'Leave this operation''s chart hooks out of the plan (they are not run)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;propose;help' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Propose installing a package')
            [CompletionResult]::new('upgrade', 'upgrade', [CompletionResultType]::ParameterValue, 'Propose upgrading a release')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Propose rolling a release back')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Propose uninstalling a release')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;propose;help;install' {
            break
        }
        'kubectl-pkg;propose;help;upgrade' {
            break
        }
        'kubectl-pkg;propose;help;rollback' {
            break
        }
        'kubectl-pkg;propose;help;uninstall' {
            break
        }
        'kubectl-pkg;propose;help;help' {
            break
        }
        'kubectl-pkg;proposals' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;adopt-helm' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan and stop; nothing is changed. `--dry-run=client` (install only, as Helm spells it) plans without a cluster, like --offline; `--dry-run=server`, the default, dry-runs every object on the server')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait, in Go''s syntax: 90s, 5m, 1h30m')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--remove-helm-records', '--remove-helm-records', [CompletionResultType]::ParameterName, 'Once taken over, delete Helm''s records of the release (its sh.helm.release.v1.* Secrets), so `helm` no longer lists it')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing')
            [CompletionResult]::new('--show-unchanged', '--show-unchanged', [CompletionResultType]::ParameterName, 'List the objects the plan leaves unchanged too (by default they are counted)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--atomic', '--atomic', [CompletionResultType]::ParameterName, 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('values', 'values', [CompletionResultType]::ParameterValue, 'The values the release was configured with (charts: the user-supplied values; with --all, the chart''s defaults merged with them)')
            [CompletionResult]::new('manifest', 'manifest', [CompletionResultType]::ParameterValue, 'The objects applied, as YAML documents in apply order')
            [CompletionResult]::new('notes', 'notes', [CompletionResultType]::ParameterValue, 'The chart''s rendered NOTES.txt')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'The whole plan that was applied, a proposal''s, or a saved plan file''s (text, -o json, -o yaml, -o markdown or -o html)')
            [CompletionResult]::new('all', 'all', [CompletionResultType]::ParameterValue, 'Everything the revision''s record holds, as Helm''s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;get;values' {
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The revision (default: the newest)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'All the values the chart was rendered with, as Helm''s --all: its defaults with the release''s values merged over them (the chart is read again from where the release''s plan says it came from)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'All the values the chart was rendered with, as Helm''s --all: its defaults with the release''s values merged over them (the chart is read again from where the release''s plan says it came from)')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get;manifest' {
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The revision (default: the newest)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get;notes' {
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The revision (default: the newest)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get;plan' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A plan (or stack plan) file saved with --out, instead of a release')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'A plan (or stack plan) file saved with --out, instead of a release')
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The revision (default: the newest)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get;all' {
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The revision (default: the newest)')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;get;help' {
            [CompletionResult]::new('values', 'values', [CompletionResultType]::ParameterValue, 'The values the release was configured with (charts: the user-supplied values; with --all, the chart''s defaults merged with them)')
            [CompletionResult]::new('manifest', 'manifest', [CompletionResultType]::ParameterValue, 'The objects applied, as YAML documents in apply order')
            [CompletionResult]::new('notes', 'notes', [CompletionResultType]::ParameterValue, 'The chart''s rendered NOTES.txt')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'The whole plan that was applied, a proposal''s, or a saved plan file''s (text, -o json, -o yaml, -o markdown or -o html)')
            [CompletionResult]::new('all', 'all', [CompletionResultType]::ParameterValue, 'Everything the revision''s record holds, as Helm''s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;get;help;values' {
            break
        }
        'kubectl-pkg;get;help;manifest' {
            break
        }
        'kubectl-pkg;get;help;notes' {
            break
        }
        'kubectl-pkg;get;help;plan' {
            break
        }
        'kubectl-pkg;get;help;all' {
            break
        }
        'kubectl-pkg;get;help;help' {
            break
        }
        'kubectl-pkg;list' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Releases in every namespace')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Releases in every namespace')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Uninstalled releases too (kept with their history until `uninstall --purge`)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Uninstalled releases too (kept with their history until `uninstall --purge`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;ls' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-A', '-A ', [CompletionResultType]::ParameterName, 'Releases in every namespace')
            [CompletionResult]::new('--all-namespaces', '--all-namespaces', [CompletionResultType]::ParameterName, 'Releases in every namespace')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Uninstalled releases too (kept with their history until `uninstall --purge`)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Uninstalled releases too (kept with their history until `uninstall --purge`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;status' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--show-resources', '--show-resources', [CompletionResultType]::ParameterName, 'List the objects of the revision too, as Helm''s --show-resources (what its plan did to each: created, updated, unchanged)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;history' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--max', '--max', [CompletionResultType]::ParameterName, 'Show at most the newest N revisions, as Helm''s --max')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;test' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long each test may run')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Run only the tests named (name=NAME) or not these (!name=NAME); repeatable, or comma-separated')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--logs', '--logs', [CompletionResultType]::ParameterName, 'Print the logs of the test Pods once they finished')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;template' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The release name (default: the package name)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--image-registry', '--image-registry', [CompletionResultType]::ParameterName, 'Run every image under FROM (a registry, or a path in one) from the same path under TO, such as docker.io=mirror.internal:5000/hub (repeatable); the plan shows each rewritten reference beside its original')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version charts see (`.Capabilities.KubeVersion`), as Helm''s --kube-version: 1.30 or v1.30.2 (default: v1.32.0)')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--generate-name', '--generate-name', [CompletionResultType]::ParameterName, 'Name the release after the package and the time, NAME-SECONDS (Unix time), as Helm''s --generate-name (the plan records the name chosen)')
            [CompletionResult]::new('--show-secrets', '--show-secrets', [CompletionResultType]::ParameterName, 'Print Secret values instead of masking them')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--require-mirrored-images', '--require-mirrored-images', [CompletionResultType]::ParameterName, 'Refuse to plan when an image has no mirrored copy (from `import` or --image-registry) instead of warning')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;show' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--values', '--values', [CompletionResultType]::ParameterName, 'A YAML file of values (repeatable; `-` reads stdin); charts only')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set values: `a.b=1,c[0]=x` (repeatable); charts only')
            [CompletionResult]::new('--set-string', '--set-string', [CompletionResultType]::ParameterName, 'Set values as strings (repeatable); charts only')
            [CompletionResult]::new('--set-file', '--set-file', [CompletionResultType]::ParameterName, 'Set values from files'' contents: `key=path` (repeatable); charts only')
            [CompletionResult]::new('--set-json', '--set-json', [CompletionResultType]::ParameterName, 'Set JSON values: `a.b={"x":1}` (repeatable); charts only')
            [CompletionResult]::new('--set-literal', '--set-literal', [CompletionResultType]::ParameterName, 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('--enable-dns', '--enable-dns', [CompletionResultType]::ParameterName, 'Let a chart''s `getHostByName` resolve names (as Helm''s --enable-dns); without it, it returns "" (the plan says which)')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('values', 'values', [CompletionResultType]::ParameterValue, 'A chart''s default values: its values.yaml as written, comments included')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;show;values' {
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;show;help' {
            [CompletionResult]::new('values', 'values', [CompletionResultType]::ParameterValue, 'A chart''s default values: its values.yaml as written, comments included')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;show;help;values' {
            break
        }
        'kubectl-pkg;show;help;help' {
            break
        }
        'kubectl-pkg;search' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--versions', '--versions', [CompletionResultType]::ParameterName, 'One row per version, not only the newest')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Count prereleases as versions')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;push' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--sign-key', '--sign-key', [CompletionResultType]::ParameterName, 'Sign what is pushed with this private key (PEM), as `cosign sign --key` does: a signature under the tag `sha256-<hex>.sig`')
            [CompletionResult]::new('--signature-format', '--signature-format', [CompletionResultType]::ParameterName, 'How to store the signature: `classic` (the `sha256-<hex>.sig` tag cosign 2 writes), `bundle` (a Sigstore bundle attached as an OCI referrer, as cosign 3 writes by default) or `both`')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;verify' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'For a package from an OLM catalog: the channel (default: the package''s default channel)')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'Check signatures as MODE for this run instead of as the rules say (enforce, warn, off); the plan records it and warns when lowered')
            [CompletionResult]::new('--sha256', '--sha256', [CompletionResultType]::ParameterName, 'The sha256 of an archive read over HTTP (https://…): it is refused unless its bytes have this checksum. Same as URL#sha256=HEX')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'Verify against this public key (PEM; repeatable) instead of the rules for the package''s location')
            [CompletionResult]::new('--identity', '--identity', [CompletionResultType]::ParameterName, 'Verify keyless signatures by this identity (ISSUER=SUBJECT, exact; repeatable) instead of the rules; needs --trusted-root')
            [CompletionResult]::new('--identity-regexp', '--identity-regexp', [CompletionResultType]::ParameterName, 'As --identity, both sides regular expressions (matched anywhere unless anchored, as cosign''s)')
            [CompletionResult]::new('--trusted-root', '--trusted-root', [CompletionResultType]::ParameterName, 'The Sigstore trusted_root.json keyless signatures are checked against')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--allow-unverified', '--allow-unverified', [CompletionResultType]::ParameterName, 'Read an archive over HTTP that no checksum pins: the plan pins what was downloaded and warns that nobody vouched for it beforehand')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;bundle' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'A semver constraint; repeat it to bundle several versions of each package (an offline upgrade or rollback needs both); default: newest stable')
            [CompletionResult]::new('--platform', '--platform', [CompletionResultType]::ParameterName, 'Only this platform of multi-platform images, OS/ARCH[/VARIANT] such as linux/amd64 (repeatable): one platform bundles that platform''s own image (the plan then runs it by its digest), several a smaller index of theirs. Default: every platform')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The archive to write (a tar of an OCI image layout)')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--devel', '--devel', [CompletionResultType]::ParameterName, 'Consider prereleases too')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a bundle offline: every blob''s digest, every manifest complete, signatures against the trust policy, every package renders')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a bundle''s packages, images and signatures without unpacking it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;bundle;verify' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;bundle;list' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;bundle;help' {
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a bundle offline: every blob''s digest, every manifest complete, signatures against the trust policy, every package renders')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a bundle''s packages, images and signatures without unpacking it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;bundle;help;verify' {
            break
        }
        'kubectl-pkg;bundle;help;list' {
            break
        }
        'kubectl-pkg;bundle;help;help' {
            break
        }
        'kubectl-pkg;import' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Where to push: oci://HOST/PATH (packages go to PATH/packages/NAME, images to PATH/images/THEIR-PATH)')
            [CompletionResult]::new('--repo-name', '--repo-name', [CompletionResultType]::ParameterName, 'The repository to record (default: the last segment of --to''s path)')
            [CompletionResult]::new('--verify-key', '--verify-key', [CompletionResultType]::ParameterName, 'Require the bundle''s packages to be signed by this public key (PEM; repeatable), checked before anything is pushed and kept as the new repository''s rule')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'How strictly: enforce (refuse unsigned), warn, off. Default: enforce when a key is given')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;repo' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a repository: NAME and oci://HOST/PATH')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the repositories')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a repository (packages in it are not touched)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;repo;add' {
            [CompletionResult]::new('--verify-key', '--verify-key', [CompletionResultType]::ParameterName, 'Require its packages to be signed by this public key (PEM, as `cosign generate-key-pair` writes; repeatable: any one will do)')
            [CompletionResult]::new('--verify-identity', '--verify-identity', [CompletionResultType]::ParameterName, 'Require its packages to be signed keyless (Fulcio certificate, Rekor entry) by this identity: ISSUER=SUBJECT, the OIDC issuer and the certificate''s e-mail or URI, exactly (repeatable: any one will do). Needs --trusted-root')
            [CompletionResult]::new('--verify-identity-regexp', '--verify-identity-regexp', [CompletionResultType]::ParameterName, 'As --verify-identity, both sides regular expressions (matched as cosign''s --certificate-identity-regexp: anywhere unless anchored with ^…$)')
            [CompletionResult]::new('--trusted-root', '--trusted-root', [CompletionResultType]::ParameterName, 'The Sigstore trusted root (trusted_root.json: Fulcio CAs, Rekor keys) keyless signatures are checked against, offline. Its text is stored with the repository')
            [CompletionResult]::new('--verify-mode', '--verify-mode', [CompletionResultType]::ParameterName, 'How strictly: enforce (refuse unsigned), warn, off. Default: enforce when a key or identity is given')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Add it without contacting it (by default it must answer as what its URL says it is: a registry, a catalog, a chart repository)')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;repo;update' {
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;repo;list' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;repo;remove' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;repo;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a repository: NAME and oci://HOST/PATH')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the repositories')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a repository (packages in it are not touched)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;repo;help;add' {
            break
        }
        'kubectl-pkg;repo;help;update' {
            break
        }
        'kubectl-pkg;repo;help;list' {
            break
        }
        'kubectl-pkg;repo;help;remove' {
            break
        }
        'kubectl-pkg;repo;help;help' {
            break
        }
        'kubectl-pkg;stack' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan every release of a stack, in dependency order, as one plan; nothing changes')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Plan a stack, show the plan, ask, and apply exactly it, release after release')
            [CompletionResult]::new('lock', 'lock', [CompletionResultType]::ParameterValue, 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs')
            [CompletionResult]::new('compare', 'compare', [CompletionResultType]::ParameterValue, 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release''s history is kept')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;stack;plan' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--only', '--only', [CompletionResultType]::ParameterName, 'Only this release and the releases it needs (repeatable); the plan records which were asked for')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--fleet', '--fleet', [CompletionResultType]::ParameterName, 'Plan the stack for every cluster of this fleet of the stack file (`fleets:`), as one fleet plan applied in the fleet''s waves')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the complete stack plan (Secret values included, so owner-only) to FILE')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Refuse any release that resolves to another version, reference or digest than stack.lock records (`kubectl pkg stack lock`)')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Uninstall the releases the stack holds (its record in the cluster says) that the file no longer declares; without it they are named and left alone')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--skip-unreachable', '--skip-unreachable', [CompletionResultType]::ParameterName, 'With --fleet: plan the clusters that answer and record the others as left out (applying refuses the plan if one of them answers then)')
            [CompletionResult]::new('--detailed-exitcode', '--detailed-exitcode', [CompletionResultType]::ParameterName, 'Exit 2 when the stack plan changes something, 0 when it changes nothing (a pipeline''s gate, as Terraform''s)')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;apply' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--only', '--only', [CompletionResultType]::ParameterName, 'Only this release and the releases it needs (repeatable); the plan records which were asked for')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--max-risk', '--max-risk', [CompletionResultType]::ParameterName, 'Refuse the plan if a finding is more severe than LEVEL (critical, high, medium, info) and not accepted with --accept-risk')
            [CompletionResult]::new('--accept-risk', '--accept-risk', [CompletionResultType]::ParameterName, 'Accept a finding over the policy''s line: a rule id for every object, or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan')
            [CompletionResult]::new('--policy', '--policy', [CompletionResultType]::ParameterName, 'A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals')
            [CompletionResult]::new('--require-approvals', '--require-approvals', [CompletionResultType]::ParameterName, 'Refuse to apply a plan unless N distinct trusted keys approved its hash (`kubectl pkg approve`); only a saved plan carries approvals')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A directory of trusted public keys (*.pub, PEM) whose approvals count')
            [CompletionResult]::new('--fleet', '--fleet', [CompletionResultType]::ParameterName, 'Plan the stack for every cluster of this fleet of the stack file (`fleets:`), as one fleet plan applied in the fleet''s waves')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for each release''s workloads to become ready before its dependents start (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait for each release, in Go''s syntax: 90s, 5m')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Refuse any release that resolves to another version, reference or digest than stack.lock records (`kubectl pkg stack lock`)')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Uninstall the releases the stack holds (its record in the cluster says) that the file no longer declares; without it they are named and left alone')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--skip-requirements', '--skip-requirements', [CompletionResultType]::ParameterName, 'Plan even when requirements of the package are not met (another package installed, a kind served, a Kubernetes version): the plan shows the unmet ones and that they were skipped')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--skip-unreachable', '--skip-unreachable', [CompletionResultType]::ParameterName, 'With --fleet: plan the clusters that answer and record the others as left out (applying refuses the plan if one of them answers then)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--fail-fast', '--fail-fast', [CompletionResultType]::ParameterName, 'Stop at the first release that fails: no later level is applied (default: only what needs it is skipped, the others go on)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Plan, review and show the stack plan; apply nothing (as `stack plan`)')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;lock' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Replace entries that resolve differently now (otherwise such a difference is refused, and the lock left as it was)')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;status' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--fleet', '--fleet', [CompletionResultType]::ParameterName, 'Every cluster of this fleet of the stack file: each one''s releases, and where the fleet''s rollout stands')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;compare' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--registry-ca-file', '--registry-ca-file', [CompletionResultType]::ParameterName, 'A PEM file of CA certificates to trust for registries (repeatable)')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'Give up on a registry that does not connect, or stops sending data, for this long')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Plan each environment with what stack.lock records (see `stack plan --locked`)')
            [CompletionResult]::new('--skip-image-check', '--skip-image-check', [CompletionResultType]::ParameterName, 'Do not look the plan''s images up in their registries before showing it (for a cluster that pulls from registries this machine cannot reach); the plan says they were not checked')
            [CompletionResult]::new('--plain-http', '--plain-http', [CompletionResultType]::ParameterName, 'Use plain HTTP for registries (allowed automatically for loopback registries only)')
            [CompletionResult]::new('--registry-insecure-skip-tls-verify', '--registry-insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;uninstall' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The stack file')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'The environment of the stack file (default: its base releases)')
            [CompletionResult]::new('--fleet', '--fleet', [CompletionResultType]::ParameterName, 'Plan the stack for every cluster of this fleet of the stack file (`fleets:`), as one fleet plan applied in the fleet''s waves')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'n')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'namespace')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait for each release''s workloads to become ready before its dependents start (--wait=false to skip)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait for each release, in Go''s syntax: 90s, 5m')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--skip-unreachable', '--skip-unreachable', [CompletionResultType]::ParameterName, 'With --fleet: plan the clusters that answer and record the others as left out (applying refuses the plan if one of them answers then)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply without asking')
            [CompletionResult]::new('--fail-fast', '--fail-fast', [CompletionResultType]::ParameterName, 'Stop at the first release that fails: no later level is applied (default: only what needs it is skipped, the others go on)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Plan and show the uninstall; apply nothing')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;stack;help' {
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan every release of a stack, in dependency order, as one plan; nothing changes')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Plan a stack, show the plan, ask, and apply exactly it, release after release')
            [CompletionResult]::new('lock', 'lock', [CompletionResultType]::ParameterValue, 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs')
            [CompletionResult]::new('compare', 'compare', [CompletionResultType]::ParameterValue, 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release''s history is kept')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;stack;help;plan' {
            break
        }
        'kubectl-pkg;stack;help;apply' {
            break
        }
        'kubectl-pkg;stack;help;lock' {
            break
        }
        'kubectl-pkg;stack;help;status' {
            break
        }
        'kubectl-pkg;stack;help;compare' {
            break
        }
        'kubectl-pkg;stack;help;uninstall' {
            break
        }
        'kubectl-pkg;stack;help;help' {
            break
        }
        'kubectl-pkg;version' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;completion' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The release namespace (default: the context''s namespace)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'With -o markdown or -o html: the most the document may hold, in bytes: github (a comment, 65536), github-summary (a job summary, 1 MiB), gitlab (a note, 1000000) or a number. The summary sections always fit; per-object diffs fill the rest, most important first, and those left out are named')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)')
            [CompletionResult]::new('--package-limits', '--package-limits', [CompletionResultType]::ParameterName, 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N, documents=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000,documents=10000)')
            [CompletionResult]::new('--ytt', '--ytt', [CompletionResultType]::ParameterName, 'The ytt binary that renders Carvel packages'' ytt templates (default: ytt on PATH)')
            [CompletionResult]::new('--trust-policy', '--trust-policy', [CompletionResultType]::ParameterName, 'Signature rules to add to the repositories'' own: a TrustPolicy file')
            [CompletionResult]::new('--no-color', '--no-color', [CompletionResultType]::ParameterName, 'Disable colors (also: the NO_COLOR environment variable)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show errors whole: a server''s long message (a rejected object quoted back, say) is otherwise cut after its first lines')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'kubectl-pkg;help' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Plan installing a package as a new release, show the plan, and apply it')
            [CompletionResult]::new('upgrade', 'upgrade', [CompletionResultType]::ParameterValue, 'Plan a release''s next revision from a (newer) package, show it, and apply it')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Plan re-applying an earlier revision''s objects, show it, and apply it')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Plan deleting a release''s objects (or what a failed install left), show it, and delete them')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Sign a saved plan''s (or a proposal''s) hash with your key, attaching the approval')
            [CompletionResult]::new('propose', 'propose', [CompletionResultType]::ParameterValue, 'Plan as install, upgrade, rollback or uninstall would; store the plan for review')
            [CompletionResult]::new('proposals', 'proposals', [CompletionResultType]::ParameterValue, 'List the plans proposed in a namespace: hash, note, approvals, state')
            [CompletionResult]::new('adopt-helm', 'adopt-helm', [CompletionResultType]::ParameterValue, 'Take over a release Helm installed: same objects, new owner, nothing recreated; Helm''s history copied in')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'What a release''s record holds: its values, manifest, notes or whole plan')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List releases and their current revision')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show a release''s newest revision and what to do next')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Show every revision of a release with its digest and plan hash')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run a release''s chart tests (its `helm.sh/hook: test` objects) and report each')
            [CompletionResult]::new('template', 'template', [CompletionResultType]::ParameterValue, 'Print a package''s objects as YAML, rendered and in apply order')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a package''s metadata, its versions and its permission summary')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Find packages in the configured repositories by a keyword in their name, description or keywords')
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Publish a package directory (or an imgpkg bundle) to an OCI registry')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a package''s signatures: what verifies, and against which key')
            [CompletionResult]::new('bundle', 'bundle', [CompletionResultType]::ParameterValue, 'Bundle packages, the images they run and their signatures into one archive for an air-gapped cluster; verify or list a bundle')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Push a bundle into a registry byte for byte and add a repository whose packages run the copied images')
            [CompletionResult]::new('repo', 'repo', [CompletionResultType]::ParameterValue, 'Manage named package repositories')
            [CompletionResult]::new('stack', 'stack', [CompletionResultType]::ParameterValue, 'Plan and apply many releases as one plan, in dependency order (a stack file)')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version of kubectl-pkg')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-pkg;help;install' {
            break
        }
        'kubectl-pkg;help;upgrade' {
            break
        }
        'kubectl-pkg;help;rollback' {
            break
        }
        'kubectl-pkg;help;uninstall' {
            break
        }
        'kubectl-pkg;help;apply' {
            break
        }
        'kubectl-pkg;help;approve' {
            break
        }
        'kubectl-pkg;help;propose' {
            break
        }
        'kubectl-pkg;help;proposals' {
            break
        }
        'kubectl-pkg;help;adopt-helm' {
            break
        }
        'kubectl-pkg;help;get' {
            [CompletionResult]::new('values', 'values', [CompletionResultType]::ParameterValue, 'The values the release was configured with (charts: the user-supplied values; with --all, the chart''s defaults merged with them)')
            [CompletionResult]::new('manifest', 'manifest', [CompletionResultType]::ParameterValue, 'The objects applied, as YAML documents in apply order')
            [CompletionResult]::new('notes', 'notes', [CompletionResultType]::ParameterValue, 'The chart''s rendered NOTES.txt')
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'The whole plan that was applied, a proposal''s, or a saved plan file''s (text, -o json, -o yaml, -o markdown or -o html)')
            [CompletionResult]::new('all', 'all', [CompletionResultType]::ParameterValue, 'Everything the revision''s record holds, as Helm''s `get all`: its status, values, hooks kept for later, manifest and notes (-o json or -o yaml: the record itself)')
            break
        }
        'kubectl-pkg;help;get;values' {
            break
        }
        'kubectl-pkg;help;get;manifest' {
            break
        }
        'kubectl-pkg;help;get;notes' {
            break
        }
        'kubectl-pkg;help;get;plan' {
            break
        }
        'kubectl-pkg;help;get;all' {
            break
        }
        'kubectl-pkg;help;list' {
            break
        }
        'kubectl-pkg;help;status' {
            break
        }
        'kubectl-pkg;help;history' {
            break
        }
        'kubectl-pkg;help;test' {
            break
        }
        'kubectl-pkg;help;template' {
            break
        }
        'kubectl-pkg;help;show' {
            break
        }
        'kubectl-pkg;help;search' {
            break
        }
        'kubectl-pkg;help;push' {
            break
        }
        'kubectl-pkg;help;verify' {
            break
        }
        'kubectl-pkg;help;bundle' {
            break
        }
        'kubectl-pkg;help;import' {
            break
        }
        'kubectl-pkg;help;repo' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a repository: NAME and oci://HOST/PATH')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Check that repositories answer, and say what each holds now. There is no index to download first: every command reads repositories afresh (tags, chart indexes, catalogs, git tags)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the repositories')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a repository (packages in it are not touched)')
            break
        }
        'kubectl-pkg;help;repo;add' {
            break
        }
        'kubectl-pkg;help;repo;update' {
            break
        }
        'kubectl-pkg;help;repo;list' {
            break
        }
        'kubectl-pkg;help;repo;remove' {
            break
        }
        'kubectl-pkg;help;stack' {
            [CompletionResult]::new('plan', 'plan', [CompletionResultType]::ParameterValue, 'Plan every release of a stack, in dependency order, as one plan; nothing changes')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Plan a stack, show the plan, ask, and apply exactly it, release after release')
            [CompletionResult]::new('lock', 'lock', [CompletionResultType]::ParameterValue, 'Record what each release resolves to (version, reference, digest) in stack.lock beside the stack file, for `--locked`; no cluster is needed')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Each release of a stack (for an environment): its latest revision and status, the package version it runs, what it needs')
            [CompletionResult]::new('compare', 'compare', [CompletionResultType]::ParameterValue, 'What promoting one environment to another would change: both planned (or read from saved stack plans) and compared release by release')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Uninstall every installed release of a stack, dependents first, as one reviewed plan; each release''s history is kept')
            break
        }
        'kubectl-pkg;help;stack;plan' {
            break
        }
        'kubectl-pkg;help;stack;apply' {
            break
        }
        'kubectl-pkg;help;stack;lock' {
            break
        }
        'kubectl-pkg;help;stack;status' {
            break
        }
        'kubectl-pkg;help;stack;compare' {
            break
        }
        'kubectl-pkg;help;stack;uninstall' {
            break
        }
        'kubectl-pkg;help;version' {
            break
        }
        'kubectl-pkg;help;completion' {
            break
        }
        'kubectl-pkg;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}

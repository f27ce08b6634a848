
use builtin;
use str;

set edit:completion:arg-completer[kubectl-pkg] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'kubectl-pkg'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'kubectl-pkg'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand install 'Plan installing a package as a new release, show the plan, and apply it'
            cand upgrade 'Plan a release''s next revision from a (newer) package, show it, and apply it'
            cand rollback 'Plan re-applying an earlier revision''s objects, show it, and apply it'
            cand uninstall 'Plan deleting a release''s objects, show it, and delete them'
            cand apply 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since'
            cand list 'List releases and their current revision'
            cand status 'Show a release''s newest revision and what to do next'
            cand history 'Show every revision of a release with its digest and plan hash'
            cand template 'Print a package''s objects as YAML, rendered and in apply order'
            cand show 'Show a package''s metadata, its versions and its permission summary'
            cand push 'Publish a package directory to an OCI registry as NAME:VERSION'
            cand repo 'Manage named package repositories'
            cand version 'Print the version of kubectl-pkg'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kubectl-pkg;install'= {
            cand --version 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable'
            cand --channel 'For a package from an OLM catalog: the channel (default: the package''s default channel)'
            cand --config 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration'
            cand --name 'The release name (default: the package name)'
            cand -f 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --values 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --set 'Set values: `a.b=1,c[0]=x` (repeatable); charts only'
            cand --set-string 'Set values as strings (repeatable); charts only'
            cand --set-file 'Set values from files'' contents: `key=path` (repeatable); charts only'
            cand --set-json 'Set JSON values: `a.b={"x":1}` (repeatable); charts only'
            cand --set-literal 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only'
            cand --out 'Save the complete plan (Secret values included, so owner-only) to FILE'
            cand --wait 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)'
            cand --timeout 'How long to wait, e.g. 90s, 5m'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --devel 'Consider prereleases too'
            cand --adopt 'Take over objects that exist but belong to no release or to another one'
            cand --create-namespace 'Create the release namespace if it does not exist (uninstall leaves it in place)'
            cand --offline 'Plan without a cluster: no diff, no access check (needs --dry-run)'
            cand --no-hooks 'Leave this operation''s chart hooks out of the plan (they are not run)'
            cand --dry-run 'Show the plan and stop; nothing is changed'
            cand --detailed-exitcode 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
            cand -y 'Apply without asking'
            cand --yes 'Apply without asking'
            cand --atomic 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;upgrade'= {
            cand --version 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable'
            cand --channel 'For an operator from an OLM catalog: the channel (default: the one it was installed from)'
            cand --config 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration'
            cand -f 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --values 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --set 'Set values: `a.b=1,c[0]=x` (repeatable); charts only'
            cand --set-string 'Set values as strings (repeatable); charts only'
            cand --set-file 'Set values from files'' contents: `key=path` (repeatable); charts only'
            cand --set-json 'Set JSON values: `a.b={"x":1}` (repeatable); charts only'
            cand --set-literal 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only'
            cand --out 'Save the complete plan (Secret values included, so owner-only) to FILE'
            cand --wait 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)'
            cand --timeout 'How long to wait, e.g. 90s, 5m'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --devel 'Consider prereleases too'
            cand --force-upgrade 'For an operator from an OLM catalog: any version, not only successors of the installed one in the catalog''s upgrade graph'
            cand --adopt 'Take over objects that exist but belong to no release or to another one'
            cand --reuse-values 'Charts: the deployed revision''s values with the new ones over them'
            cand --reset-values 'Charts: only the new values (without any, the deployed revision''s are kept)'
            cand --reset-then-reuse-values 'Charts: the chart''s new defaults, the deployed revision''s values, then the new ones'
            cand --no-hooks 'Leave this operation''s chart hooks out of the plan (they are not run)'
            cand --dry-run 'Show the plan and stop; nothing is changed'
            cand --detailed-exitcode 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
            cand -y 'Apply without asking'
            cand --yes 'Apply without asking'
            cand --atomic 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;rollback'= {
            cand --out 'Save the complete plan (Secret values included, so owner-only) to FILE'
            cand --wait 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)'
            cand --timeout 'How long to wait, e.g. 90s, 5m'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-hooks 'Leave this operation''s chart hooks out of the plan (they are not run)'
            cand --dry-run 'Show the plan and stop; nothing is changed'
            cand --detailed-exitcode 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
            cand -y 'Apply without asking'
            cand --yes 'Apply without asking'
            cand --atomic 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;uninstall'= {
            cand --out 'Save the complete plan (Secret values included, so owner-only) to FILE'
            cand --wait 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)'
            cand --timeout 'How long to wait, e.g. 90s, 5m'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --purge 'Also delete the release history'
            cand --no-hooks 'Leave this operation''s chart hooks out of the plan (they are not run)'
            cand --dry-run 'Show the plan and stop; nothing is changed'
            cand --detailed-exitcode 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
            cand -y 'Apply without asking'
            cand --yes 'Apply without asking'
            cand --atomic 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;apply'= {
            cand --out 'Save the complete plan (Secret values included, so owner-only) to FILE'
            cand --wait 'Wait for workloads, claims and CRDs to become ready (--wait=false to skip)'
            cand --timeout 'How long to wait, e.g. 90s, 5m'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --dry-run 'Show the plan and stop; nothing is changed'
            cand --detailed-exitcode 'With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing'
            cand -y 'Apply without asking'
            cand --yes 'Apply without asking'
            cand --atomic 'If applying or waiting fails, put the previous revision''s objects back and delete the objects this attempt created'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;list'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand -A 'Releases in every namespace'
            cand --all-namespaces 'Releases in every namespace'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;status'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;history'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;template'= {
            cand --name 'The release name (default: the package name)'
            cand --version 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable'
            cand --channel 'For a package from an OLM catalog: the channel (default: the package''s default channel)'
            cand --config 'Configure the package, KEY=VALUE (repeatable). OLM registry+v1 bundles take watchNamespace (default: all namespaces, if the bundle supports it). An upgrade without --config keeps the deployed revision''s configuration'
            cand -f 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --values 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --set 'Set values: `a.b=1,c[0]=x` (repeatable); charts only'
            cand --set-string 'Set values as strings (repeatable); charts only'
            cand --set-file 'Set values from files'' contents: `key=path` (repeatable); charts only'
            cand --set-json 'Set JSON values: `a.b={"x":1}` (repeatable); charts only'
            cand --set-literal 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --devel 'Consider prereleases too'
            cand --show-secrets 'Print Secret values instead of masking them'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;show'= {
            cand --version 'A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`, `^6 || ^7`); default: newest stable'
            cand --channel 'For a package from an OLM catalog: the channel (default: the package''s default channel)'
            cand -f 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --values 'A YAML file of values (repeatable; `-` reads stdin); charts only'
            cand --set 'Set values: `a.b=1,c[0]=x` (repeatable); charts only'
            cand --set-string 'Set values as strings (repeatable); charts only'
            cand --set-file 'Set values from files'' contents: `key=path` (repeatable); charts only'
            cand --set-json 'Set JSON values: `a.b={"x":1}` (repeatable); charts only'
            cand --set-literal 'Set one value verbatim, no escaping or lists: `key=a,b` (repeatable); charts only'
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --devel 'Consider prereleases too'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;push'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;repo'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand add 'Add a repository: NAME and oci://HOST/PATH'
            cand list 'List the repositories'
            cand remove 'Remove a repository (packages in it are not touched)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kubectl-pkg;repo;add'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;repo;list'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;repo;remove'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;repo;help'= {
            cand add 'Add a repository: NAME and oci://HOST/PATH'
            cand list 'List the repositories'
            cand remove 'Remove a repository (packages in it are not touched)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kubectl-pkg;repo;help;add'= {
        }
        &'kubectl-pkg;repo;help;list'= {
        }
        &'kubectl-pkg;repo;help;remove'= {
        }
        &'kubectl-pkg;repo;help;help'= {
        }
        &'kubectl-pkg;version'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;completion'= {
            cand --kubeconfig 'Path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)'
            cand --context 'The kubeconfig context to use'
            cand -n 'The release namespace (default: the context''s namespace)'
            cand --namespace 'The release namespace (default: the context''s namespace)'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --registry-ca-file 'A PEM file of CA certificates to trust for registries (repeatable)'
            cand --concurrency 'At most N API requests in flight at once (dry runs, reads, applies, access reviews)'
            cand --registry-timeout 'Give up on a registry that does not connect, or stops sending data, for this long'
            cand --package-limits 'Caps on what a package may unpack to: total=SIZE,file=SIZE,entries=N (sizes in bytes or with Ki/Mi/Gi; default total=64Mi,file=16Mi,entries=10000)'
            cand --no-color 'Disable colors (also: the NO_COLOR environment variable)'
            cand --plain-http 'Use plain HTTP for registries (allowed automatically for loopback registries only)'
            cand --registry-insecure-skip-tls-verify 'Do not verify registry TLS certificates. Dangerous: anyone on the network path can then serve a different package and read your registry credentials'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'kubectl-pkg;help'= {
            cand install 'Plan installing a package as a new release, show the plan, and apply it'
            cand upgrade 'Plan a release''s next revision from a (newer) package, show it, and apply it'
            cand rollback 'Plan re-applying an earlier revision''s objects, show it, and apply it'
            cand uninstall 'Plan deleting a release''s objects, show it, and delete them'
            cand apply 'Apply a plan saved with --out, exactly as saved, if the cluster has not changed since'
            cand list 'List releases and their current revision'
            cand status 'Show a release''s newest revision and what to do next'
            cand history 'Show every revision of a release with its digest and plan hash'
            cand template 'Print a package''s objects as YAML, rendered and in apply order'
            cand show 'Show a package''s metadata, its versions and its permission summary'
            cand push 'Publish a package directory to an OCI registry as NAME:VERSION'
            cand repo 'Manage named package repositories'
            cand version 'Print the version of kubectl-pkg'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kubectl-pkg;help;install'= {
        }
        &'kubectl-pkg;help;upgrade'= {
        }
        &'kubectl-pkg;help;rollback'= {
        }
        &'kubectl-pkg;help;uninstall'= {
        }
        &'kubectl-pkg;help;apply'= {
        }
        &'kubectl-pkg;help;list'= {
        }
        &'kubectl-pkg;help;status'= {
        }
        &'kubectl-pkg;help;history'= {
        }
        &'kubectl-pkg;help;template'= {
        }
        &'kubectl-pkg;help;show'= {
        }
        &'kubectl-pkg;help;push'= {
        }
        &'kubectl-pkg;help;repo'= {
            cand add 'Add a repository: NAME and oci://HOST/PATH'
            cand list 'List the repositories'
            cand remove 'Remove a repository (packages in it are not touched)'
        }
        &'kubectl-pkg;help;repo;add'= {
        }
        &'kubectl-pkg;help;repo;list'= {
        }
        &'kubectl-pkg;help;repo;remove'= {
        }
        &'kubectl-pkg;help;version'= {
        }
        &'kubectl-pkg;help;completion'= {
        }
        &'kubectl-pkg;help;help'= {
        }
    ]
    $completions[$command]
}

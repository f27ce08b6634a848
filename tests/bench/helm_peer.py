"""One Helm 4 operation through the Helm SDK (PyPI `helm-python-sdk`), as the
benchmark's peer: `python helm_peer.py install|upgrade|rollback|uninstall
RELEASE NAMESPACE [CHART]`, `template RELEASE NAMESPACE CHART [VALUES.yaml]`
(what `helm template` does: load the chart, an offline client-only dry-run
install; no cluster; the seconds are those of load + render alone), or `list - -` (every release in every
namespace), or `populate COUNT NAMESPACES CHART` (releases h0…h{COUNT-1}
spread over the comma-separated namespaces, to list), against $KUBECONFIG. Prints the seconds the call alone
took, as JSON; the benchmark also times the whole process."""

import json
import os
import sys
import time

import helm_python as helm

# `helm template` needs no cluster: a kubeconfig naming none.
EMPTY_KUBECONFIG = "apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n"


def main():
    if sys.argv[1] == "populate":
        count, namespaces, chart = int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4]
        for index in range(count):
            namespace = namespaces[index % len(namespaces)]
            config = helm.Config(kubeconfig_path=os.environ["KUBECONFIG"], namespace=namespace)
            config.install(chart, f"h{index}", namespace=namespace)
        print(json.dumps({"seconds": 0}))
        return
    operation, release, namespace = sys.argv[1:4]
    chart = sys.argv[4] if len(sys.argv) > 4 else None
    if operation == "template":
        config = helm.Config(kubeconfig_content=EMPTY_KUBECONFIG, namespace=namespace)
        values = helm.values_from_yaml(open(sys.argv[5]).read()) if len(sys.argv) > 5 else None
        start = time.perf_counter()
        rendered = config.install(helm.Chart.load(chart), release, values=values, namespace=namespace,
                                  dry_run="client")
        print(json.dumps({"seconds": time.perf_counter() - start,
                          "documents": rendered["manifest"].count("\n---\n") + 1}))
        return
    config = helm.Config(kubeconfig_path=os.environ["KUBECONFIG"],
                         namespace=None if namespace == "-" else namespace)
    start = time.perf_counter()
    if operation == "install":
        config.install(chart, release, namespace=namespace)
    elif operation == "upgrade":
        config.upgrade(chart, release, namespace=namespace)
    elif operation == "rollback":
        config.rollback(release, version=1)
    elif operation == "uninstall":
        config.uninstall(release)
    elif operation == "list":
        config.list(all_namespaces=True)
    else:
        raise SystemExit(f"unknown operation {operation}")
    print(json.dumps({"seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()

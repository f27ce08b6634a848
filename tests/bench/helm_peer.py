"""One Helm 4 operation through the Helm SDK (PyPI `helm-python-sdk`), as the
benchmark's peer: `python helm_peer.py install|upgrade|uninstall RELEASE
NAMESPACE [CHART]`, against $KUBECONFIG. Prints the seconds the call alone
took, as JSON; the benchmark also times the whole process."""

import json
import os
import sys
import time

import helm_python as helm


def main():
    operation, release, namespace = sys.argv[1:4]
    chart = sys.argv[4] if len(sys.argv) > 4 else None
    config = helm.Config(kubeconfig_path=os.environ["KUBECONFIG"], namespace=namespace)
    start = time.perf_counter()
    if operation == "install":
        config.install(chart, release, namespace=namespace)
    elif operation == "upgrade":
        config.upgrade(chart, release, namespace=namespace)
    elif operation == "uninstall":
        config.uninstall(release)
    else:
        raise SystemExit(f"unknown operation {operation}")
    print(json.dumps({"seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()

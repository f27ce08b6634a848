"""Renders charts with real Helm 4 (PyPI `helm-python-sdk`, Helm 4.2.3 as a C
library) and with `kubectl-pkg template`, and compares them object by object.

Run with the SDK's Python (`tests/helm/build` prints its path):

    $(tests/helm/build) tests/charts/corpus/compare.py [--binary PATH] [CHART_DIR ...]

With no CHART_DIR, every chart directory under tests/charts/corpus is compared.
Each chart is rendered with its default values (with --ci-values, also once
with each of its `ci/*.yaml` values files, given to both sides), as release `corpus` in
namespace `corpus-ns` (revision 1, an install), offline on both sides.

What each side gives
- Helm: an offline dry-run install (`dry_run="client"`, what `helm install
  --dry-run=client` and `helm template` do), whose release manifest is exactly
  what Helm would apply, plus the chart's `crds/` files (applied first by an
  install, not part of the manifest) and its hooks (kept beside the manifest:
  taken from an offline render of the same chart, split as Helm splits).
- kubectl-pkg: `kubectl-pkg template CHART --show-secrets` (offline), the plan's
  objects (CRDs and the install's hooks included).

The Kubernetes version: both sides render for the same version. When
`kubectl-pkg template` has a `--kube-version` flag, the version given here
(`--kube-version`, default v1.32.0) is passed to both; otherwise kubectl-pkg's
offline version is read from a probe chart and given to Helm as `kube_version`
(the SDK's offline default is v1.36.0). The offline API versions are not
normalised: each side's set is printed in the report's header when they
differ, and a chart that asks `.Capabilities.APIVersions.Has` for an entry one
side lacks differs (see docs/charts.md).

Normalisations (each is a documented difference of kubectl-pkg, not of rendering):
1. kubectl-pkg's own metadata: labels and annotations under `kubectl-pkg.dev/`
   are removed, and the label `app.kubernetes.io/managed-by` (kubectl-pkg
   sets it to `kubectl-pkg` on every object whose chart does not set it, and
   keeps a chart's `Helm`) is compared as Helm rendered it. A `labels`/`annotations` map left
   empty by this is as Helm's object has it: absent, or null (a chart's
   `annotations:` with nothing under it, where kubectl-pkg added its own).
2. Namespace defaulting: kubectl-pkg writes the release namespace into every
   namespaced object that has none (Helm applies such objects in the release
   namespace without writing it down); Helm's namespaced objects without a
   namespace get the release namespace here too. A cluster-scoped object
   (built-in kinds, and kinds of the chart's own cluster-scoped CRDs) keeps no
   `metadata.namespace` on either side: the API server ignores the field,
   and kubectl-pkg drops it (with a warning in its plan).
3. Ordering: objects are matched by apiVersion, kind, namespace and name, and
   compared regardless of document order (kubectl-pkg sorts into its apply
   order by phase; Helm sorts by kind).
4. `List` documents are expanded into their items on Helm's side, as Helm's
   Kubernetes client does before applying; kubectl-pkg expands them when it
   renders.
5. Hooks: the hooks of an install (`pre-install`, `post-install`) are compared
   (kubectl-pkg's plan for an install runs those); hooks of other events
   (`test`, delete, rollback, upgrade-only) are not part of an install and
   are left out on both sides.
6. Non-deterministic values: Helm renders each chart twice; a value that
   differs between its two renderings (`randAlphaNum`, `genCA`, `uuidv4`,
   `now`, and checksums of them) is replaced by `<non-deterministic>` on both
   sides, at the same path.
NOTES.txt is not an object and is not compared.

The report: one line per chart, a short unified diff of each differing
object's YAML, then `N charts: X identical, Y differ, Z fail in kubectl-pkg,
W fail in Helm`. The exit status is 1 when a chart that Helm renders is not
identical (or fails in kubectl-pkg) and is not listed in
known-differences.txt (`CHART-NAME  reason`, each explained in docs/charts.md).
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

# Both sides in UTC: Go's `date`, `toDate` and `now` use the local time
# zone, which the Go runtime reads from TZ when it loads (before the import).
os.environ["TZ"] = "UTC"

import helm_python as helm  # noqa: E402
from helm_python import _native  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
RELEASE = "corpus"
NAMESPACE = "corpus-ns"
NONDETERMINISTIC = "<non-deterministic>"
OWN_PREFIX = "kubectl-pkg.dev/"
MANAGED_BY = "app.kubernetes.io/managed-by"
INSTALL_HOOKS = {"pre-install", "post-install"}
# Helm's hook events (helm.sh/hook); any other value makes Helm skip the document.
HOOK_EVENTS = {
    "pre-install", "post-install", "pre-delete", "post-delete", "pre-upgrade",
    "post-upgrade", "pre-rollback", "post-rollback", "test", "test-success",
}
CLUSTER_SCOPED = {
    ("", "Namespace"), ("", "Node"), ("", "PersistentVolume"), ("", "ComponentStatus"),
    ("rbac.authorization.k8s.io", "ClusterRole"),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding"),
    ("apiextensions.k8s.io", "CustomResourceDefinition"),
    ("apiregistration.k8s.io", "APIService"),
    ("admissionregistration.k8s.io", "MutatingWebhookConfiguration"),
    ("admissionregistration.k8s.io", "ValidatingWebhookConfiguration"),
    ("admissionregistration.k8s.io", "ValidatingAdmissionPolicy"),
    ("admissionregistration.k8s.io", "ValidatingAdmissionPolicyBinding"),
    ("admissionregistration.k8s.io", "MutatingAdmissionPolicy"),
    ("admissionregistration.k8s.io", "MutatingAdmissionPolicyBinding"),
    ("storage.k8s.io", "StorageClass"), ("storage.k8s.io", "CSIDriver"),
    ("storage.k8s.io", "CSINode"), ("storage.k8s.io", "VolumeAttachment"),
    ("storage.k8s.io", "VolumeAttributesClass"),
    ("scheduling.k8s.io", "PriorityClass"), ("node.k8s.io", "RuntimeClass"),
    ("networking.k8s.io", "IngressClass"), ("networking.k8s.io", "IPAddress"),
    ("networking.k8s.io", "ServiceCIDR"),
    ("certificates.k8s.io", "CertificateSigningRequest"),
    ("certificates.k8s.io", "ClusterTrustBundle"),
    ("flowcontrol.apiserver.k8s.io", "FlowSchema"),
    ("flowcontrol.apiserver.k8s.io", "PriorityLevelConfiguration"),
    ("policy", "PodSecurityPolicy"), ("resource.k8s.io", "DeviceClass"),
    ("resource.k8s.io", "ResourceSlice"),
}
EMPTY_KUBECONFIG = "apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n"


# --- parsing -----------------------------------------------------------------

def parse_document(text):
    """One YAML document to an object (a dict), with Helm's own YAML reader
    (sigs.k8s.io/yaml, through the SDK), so both sides are read alike. None
    for an empty document (nothing but blanks and comments)."""
    if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
        return None
    value = helm.values_from_yaml(text)
    return value or None


# Go's regexp `(?:^|\s*\n)---\s*`, with Go's \s (ASCII white space only).
SEPARATOR = re.compile(r"(?:^|[\t\n\f\r ]*\n)---[\t\n\f\r ]*")


# unicode.IsSpace for the text Helm trims.
GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200b))) + "\u2028\u2029\u202f\u205f\u3000"


def split_manifests(text):
    """Helm's releaseutil.SplitManifests: documents of one template's output,
    leading blanks trimmed, in order."""
    docs = []
    for doc in SEPARATOR.split(text.lstrip(GO_SPACE)):
        if doc == "":
            continue
        docs.append(doc.lstrip(GO_SPACE))
    return docs


def group_of(api_version):
    return api_version.split("/")[0] if "/" in api_version else ""


def hook_events(obj):
    annotations = ((obj.get("metadata") or {}).get("annotations")) or {}
    if "helm.sh/hook" not in annotations:
        return None
    return [e.strip().lower() for e in str(annotations["helm.sh/hook"]).split(",")]


def expand_lists(objects):
    out = []
    for obj in objects:
        if str(obj.get("kind", "")).endswith("List") and isinstance(obj.get("items"), list):
            out.extend(item for item in obj["items"] if isinstance(item, dict))
        else:
            out.append(obj)
    return out


# --- Helm --------------------------------------------------------------------

def helm_objects(chart_dir, kube_version, values_file=None):
    """What an offline Helm 4 install of the chart applies: (objects, error)."""
    try:
        chart = helm.Chart.load(chart_dir)
    except helm.HelmError as error:
        return None, str(error).strip()
    try:
        config = helm.Config(kubeconfig_content=EMPTY_KUBECONFIG, namespace=NAMESPACE)
        options = {"namespace": NAMESPACE, "dry_run": "client", "kube_version": kube_version}
        values = None
        if values_file:
            with open(values_file) as f:
                values = json.dumps(helm.values_from_yaml(f.read()))
        release = json.loads(_native.call_string(
            "helm_install", config._raw(), _native.HANDLE(0), chart._raw(), None,
            RELEASE, values, json.dumps(options)))
        objects = []
        # The release manifest: "---\n# Source: PATH\n" before each document,
        # a newline after it (kept: a `|+` block at the end of a document
        # keeps it, as Helm 4 applies it).
        for piece in re.split(r"(?m)^---\n(?=# Source: )", release.get("manifest") or ""):
            obj = parse_document(piece)
            if obj is not None:
                objects.append(obj)
        # The install processed the chart's dependencies in place (the SDK's
        # chart is Helm's): its CRDs are now those of the chart and of the
        # subcharts that conditions and tags enable, which an install applies.
        crds = chart.crds
        # A fresh chart for the render: the install processed this one.
        chart.close()
        chart = helm.Chart.load(chart_dir)
        rendered = json.loads(_native.call_string(
            "helm_render", chart._raw(), values,
            json.dumps({"name": RELEASE, "namespace": NAMESPACE, "revision": 1,
                        "is_install": True, "is_upgrade": False,
                        "kube_version": kube_version})))
        for path in sorted(rendered):
            if path.endswith("NOTES.txt"):
                continue
            for doc in split_manifests(rendered[path]):
                obj = parse_document(doc)
                events = obj and hook_events(obj)
                if not events or any(e not in HOOK_EVENTS for e in events):
                    continue
                if set(events) & INSTALL_HOOKS:
                    objects.append(obj)
        for crd in crds:
            for doc in split_manifests(crd["data"]):
                obj = parse_document(doc)
                if obj is not None:
                    objects.append(obj)
        return expand_lists(objects), None
    except helm.HelmError as error:
        return None, str(error).strip()
    finally:
        chart.close()


# --- kubectl-pkg -------------------------------------------------------------

def ours_command(binary, chart_dir, kube_version, has_kube_version, values_file=None):
    command = [binary, "template", chart_dir, "--show-secrets",
               "--name", RELEASE, "-n", NAMESPACE]
    if values_file:
        command += ["-f", values_file]
    if has_kube_version:
        command += ["--kube-version", kube_version]
    return command


def run_ours(binary, chart_dir, kube_version, has_kube_version, values_file=None):
    """(documents' text, error) of `kubectl-pkg template`."""
    started = time.monotonic()
    proc = subprocess.run(ours_command(binary, chart_dir, kube_version, has_kube_version, values_file),
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        return None, (proc.stderr.strip() or f"exit {proc.returncode}"), time.monotonic() - started
    return proc.stdout, None, time.monotonic() - started


def ours_objects(stdout):
    objects = []
    for doc in re.split(r"(?m)^---\n", stdout):
        obj = parse_document(doc)
        if obj is not None:
            objects.append(obj)
    return objects


def probe_ours(binary, has_kube_version, kube_version):
    """kubectl-pkg's offline Kubernetes version and API versions, read from
    a chart that prints them."""
    with tempfile.TemporaryDirectory() as tmp:
        chart = os.path.join(tmp, "probe")
        os.makedirs(os.path.join(chart, "templates"))
        with open(os.path.join(chart, "Chart.yaml"), "w") as f:
            f.write("apiVersion: v2\nname: probe\nversion: 0.1.0\n")
        with open(os.path.join(chart, "templates", "probe.yaml"), "w") as f:
            f.write("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: probe\ndata:\n"
                    "  version: {{ .Capabilities.KubeVersion.Version | quote }}\n"
                    "  helm: {{ .Capabilities.HelmVersion.Version | quote }}\n"
                    "  apis: {{ .Capabilities.APIVersions | toJson | quote }}\n")
        stdout, error, _ = run_ours(binary, chart, kube_version, has_kube_version)
        if error:
            raise SystemExit(f"kubectl-pkg cannot render a probe chart: {error}")
        data = ours_objects(stdout)[0]["data"]
        chart_h = helm.Chart.load(chart)
        try:
            rendered = chart_h.render(name=RELEASE, namespace=NAMESPACE)
        finally:
            chart_h.close()
        helm_data = parse_document(rendered["probe/templates/probe.yaml"])["data"]
        return data, helm_data


# --- normalisation and comparison ---------------------------------------------

def strip_own(obj, helm_obj):
    """Normalisation 1 on a kubectl-pkg object."""
    meta = obj.get("metadata") or {}
    helm_meta = (helm_obj or {}).get("metadata") or {}
    for field in ("labels", "annotations"):
        entries = meta.get(field)
        if not isinstance(entries, dict):
            continue
        for key in [k for k in entries if k.startswith(OWN_PREFIX)]:
            del entries[key]
        if field == "labels" and MANAGED_BY in entries:
            helm_labels = helm_meta.get("labels") or {}
            if MANAGED_BY in helm_labels:
                entries[MANAGED_BY] = helm_labels[MANAGED_BY]
            else:
                del entries[MANAGED_BY]
        if not entries and not helm_meta.get(field):
            # Left empty by the removal: as Helm rendered it (absent, or
            # `labels:` with nothing, which is null).
            if field in helm_meta:
                meta[field] = helm_meta[field]
            else:
                del meta[field]


def cluster_scoped_kinds(objects):
    kinds = set(CLUSTER_SCOPED)
    for obj in objects:
        if obj.get("kind") == "CustomResourceDefinition":
            spec = obj.get("spec") or {}
            if spec.get("scope") == "Cluster":
                kinds.add((spec.get("group", ""), (spec.get("names") or {}).get("kind")))
    return kinds


def normalise_namespace(obj, cluster_kinds):
    """Normalisation 2."""
    meta = obj.setdefault("metadata", {})
    if (group_of(str(obj.get("apiVersion", ""))), obj.get("kind")) in cluster_kinds:
        meta.pop("namespace", None)
    elif not meta.get("namespace"):
        meta["namespace"] = NAMESPACE


def key_of(obj):
    meta = obj.get("metadata") or {}
    return (str(obj.get("apiVersion", "")), str(obj.get("kind", "")),
            str(meta.get("namespace") or ""), str(meta.get("name") or meta.get("generateName") or ""))


def differing_paths(a, b, path=()):
    """Paths at which two renderings differ (the deepest common shape)."""
    if isinstance(a, dict) and isinstance(b, dict) and set(a) == set(b):
        out = []
        for k in a:
            out += differing_paths(a[k], b[k], path + (k,))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += differing_paths(x, y, path + (i,))
        return out
    return [] if a == b else [path]


def mask(obj, path):
    if not path:
        return NONDETERMINISTIC
    target = obj
    for step in path[:-1]:
        try:
            target = target[step]
        except (KeyError, IndexError, TypeError):
            return obj
    try:
        target[path[-1]]
        target[path[-1]] = NONDETERMINISTIC
    except (KeyError, IndexError, TypeError):
        pass
    return obj


def index(objects):
    indexed = {}
    for obj in objects:
        indexed.setdefault(key_of(obj), obj)
    return indexed


def to_yaml(value, indent=0):
    """A small YAML writer for the diffs (sorted keys, JSON-quoted strings
    where plain ones would be read differently)."""
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return [pad + "{}"]
        lines = []
        for k in sorted(value, key=str):
            v = value[k]
            if isinstance(v, (dict, list)) and v:
                lines.append(f"{pad}{scalar(k)}:")
                lines += to_yaml(v, indent + (1 if isinstance(v, dict) else 0))
            else:
                lines.append(f"{pad}{scalar(k)}: {to_yaml(v)[0].strip()}")
        return lines
    if isinstance(value, list):
        if not value:
            return [pad + "[]"]
        lines = []
        for v in value:
            inner = to_yaml(v, indent + 1)
            lines.append(f"{pad}- {inner[0].strip()}")
            lines += inner[1:]
        return lines
    return [pad + scalar(value)]


def scalar(value):
    if isinstance(value, str):
        if re.fullmatch(r"[A-Za-z0-9_./@-][A-Za-z0-9_ ./@:-]*", value) and value.strip() == value \
                and not re.fullmatch(r"(?i)(true|false|yes|no|on|off|y|n|null|~|[-+0-9.e]+)", value):
            return value
        return json.dumps(value)
    return json.dumps(value)


def describe(key):
    api_version, kind, namespace, name = key
    return f"{api_version} {kind} {namespace + '/' if namespace else ''}{name}"


def compare_chart(chart_dir, ours_stdout, helm_objs, helm_again, diff_lines):
    ours = ours_objects(ours_stdout)
    cluster_kinds = cluster_scoped_kinds(helm_objs + ours)
    for obj in helm_objs + helm_again + ours:
        normalise_namespace(obj, cluster_kinds)
    helm_index, again_index, ours_index = index(helm_objs), index(helm_again), index(ours)
    for key, obj in ours_index.items():
        strip_own(obj, helm_index.get(key))
    # Normalisation 6: paths that differ between Helm's two renderings.
    for key, obj in helm_index.items():
        if key in again_index:
            for path in differing_paths(obj, again_index[key]):
                helm_index[key] = mask(helm_index[key], path)
                if key in ours_index:
                    ours_index[key] = mask(ours_index[key], path)
    differences = []
    for key in sorted(set(helm_index) | set(ours_index)):
        h, o = helm_index.get(key), ours_index.get(key)
        if h == o:
            continue
        before = to_yaml(h) if h is not None else []
        after = to_yaml(o) if o is not None else []
        diff = list(difflib.unified_diff(
            before, after,
            "helm: " + describe(key) + ("" if h is not None else " (absent)"),
            "kubectl-pkg: " + describe(key) + ("" if o is not None else " (absent)"),
            n=2, lineterm=""))
        if len(diff) > diff_lines:
            diff = diff[:diff_lines] + [f"... ({len(diff) - diff_lines} more lines)"]
        differences.append(diff)
    return len(helm_index), differences


# --- main --------------------------------------------------------------------

def read_known(path):
    known = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
                if line:
                    name, _, reason = line.partition(" ")
                    known[name] = reason.strip()
    return known


def chart_cases(args):
    """(name, chart directory, values file or None) to compare: each chart
    with its defaults, and with --ci-values also with each of its
    `ci/*.yaml` files (what charts' own CI installs them with)."""
    if args.charts:
        dirs = [os.path.abspath(c) for c in args.charts]
    else:
        dirs = sorted(os.path.join(HERE, d) for d in os.listdir(HERE)
                      if os.path.isfile(os.path.join(HERE, d, "Chart.yaml")))
    cases = []
    for d in dirs:
        name = os.path.basename(d.rstrip("/"))
        cases.append((name, d, None))
        ci = os.path.join(d, "ci")
        if args.ci_values and os.path.isdir(ci):
            for f in sorted(os.listdir(ci)):
                if f.endswith((".yaml", ".yml")):
                    cases.append((f"{name}@ci/{f}", d, os.path.join(ci, f)))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("charts", nargs="*", help="chart directories (default: the corpus)")
    parser.add_argument("--binary", default=os.environ.get(
        "KUBECTL_PKG", os.path.join(REPO, "target", "debug", "kubectl-pkg")))
    parser.add_argument("--kube-version", default="v1.32.0",
                        help="given to both sides when kubectl-pkg has --kube-version")
    parser.add_argument("--known", default=os.path.join(HERE, "known-differences.txt"))
    parser.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    parser.add_argument("--diff-lines", type=int, default=30, help="lines of diff per object")
    parser.add_argument("--max-objects", type=int, default=5, help="differing objects shown per chart")
    parser.add_argument("--json", help="also write the results as JSON to this file")
    parser.add_argument("--ci-values", action="store_true",
                        help="also compare each chart with each of its ci/*.yaml values files")
    args = parser.parse_args()
    started = time.monotonic()

    help_text = subprocess.run([args.binary, "template", "--help"],
                               capture_output=True, text=True).stdout
    has_kube_version = "--kube-version" in help_text
    ours_caps, helm_default_caps = probe_ours(args.binary, has_kube_version, args.kube_version)
    kube_version = args.kube_version if has_kube_version else ours_caps["version"]
    ours_apis = set(json.loads(ours_caps["apis"]))
    helm_apis = set(json.loads(helm_default_caps["apis"]))
    print(f"kubectl-pkg: {args.binary}")
    print(f"Kubernetes {kube_version} on both sides "
          + ("(--kube-version)" if has_kube_version else
             f"(kubectl-pkg's offline version; Helm's offline default is {helm_default_caps['version']})"))
    print(f"Helm version templates see: Helm {helm_default_caps['helm']}, kubectl-pkg {ours_caps['helm']}")
    if ours_apis != helm_apis:
        only_helm, only_ours = sorted(helm_apis - ours_apis), sorted(ours_apis - helm_apis)
        print(f"Offline API versions differ: {len(only_helm)} only in Helm's set "
              f"({', '.join(only_helm[:8])}{', …' if len(only_helm) > 8 else ''}), "
              f"{len(only_ours)} only in kubectl-pkg's "
              f"({', '.join(only_ours[:8])}{', …' if len(only_ours) > 8 else ''})")
    known = read_known(args.known)
    cases = chart_cases(args)

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    futures = {case: pool.submit(run_ours, args.binary, case[1], kube_version, has_kube_version, case[2])
               for case in cases}
    results = []
    counts = {"identical": 0, "differ": 0, "fail-ours": 0, "fail-helm": 0}
    unexpected = []
    for case in cases:
        name, chart, values_file = case
        helm_objs, helm_error = helm_objects(chart, kube_version, values_file)
        helm_again = helm_objects(chart, kube_version, values_file)[0] if helm_error is None else None
        stdout, ours_error, seconds = futures[case].result()
        result = {"chart": name, "path": chart, "ours_seconds": round(seconds, 3)}
        if helm_error is not None:
            status = "fail-helm"
            result["helm_error"] = helm_error
            result["ours_error"] = ours_error
            line = f"  HELM FAILS  {name}: {first_line(helm_error)}" + (
                "  (kubectl-pkg fails too)" if ours_error else "  (kubectl-pkg renders it)")
            details = []
        elif ours_error is not None:
            status = "fail-ours"
            result["ours_error"] = ours_error
            line = f"  FAILS       {name}: {first_line(ours_error)}"
            details = []
        else:
            total, differences = compare_chart(chart, stdout, helm_objs, helm_again or [], args.diff_lines)
            result["objects"] = total
            result["differences"] = differences
            if differences:
                status = "differ"
                line = f"  DIFFERS     {name}: {len(differences)} of {total} object(s)"
                details = differences
            else:
                status = "identical"
                line = f"  identical   {name} ({total} objects)"
                details = []
        result["status"] = status
        counts[status] += 1
        if status in ("differ", "fail-ours"):
            if name in known:
                line += f"  [known: {known[name]}]"
            else:
                unexpected.append(name)
        elif status == "identical" and name in known:
            line += "  [listed in known-differences.txt but identical now]"
        print(line)
        for diff in details[:args.max_objects]:
            for text in diff:
                print("      " + text)
        if len(details) > args.max_objects:
            print(f"      ... and {len(details) - args.max_objects} more differing object(s)")
        results.append(result)
    pool.shutdown()
    print(f"{len(cases)} charts: {counts['identical']} identical, {counts['differ']} differ, "
          f"{counts['fail-ours']} fail in kubectl-pkg, {counts['fail-helm']} fail in Helm "
          f"({time.monotonic() - started:.1f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"counts": counts, "charts": results}, f, indent=1)
    if unexpected:
        print("not identical to Helm and not in known-differences.txt: " + ", ".join(unexpected))
        return 1
    return 0


def first_line(text):
    lines = [l for l in str(text).splitlines() if l.strip()]
    return (lines[0] if lines else "")[:300]


if __name__ == "__main__":
    sys.exit(main())

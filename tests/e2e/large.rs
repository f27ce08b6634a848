//! A release whose record is larger than one Secret: split into parts, read back whole.

use base64::Engine;
use kubectl_pkg_e2e::{Pkg, parse_json};

/// `count` ConfigMaps of ~700 KB of incompressible text each (a seeded xorshift).
fn large_manifests(count: usize, seed: u64) -> Vec<(String, String)> {
    let mut state = seed | 1;
    (0..count)
        .map(|index| {
            let bytes: Vec<u8> = (0..520_000)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            let blob = base64::engine::general_purpose::STANDARD.encode(bytes);
            (
                format!("blob-{index}.yaml"),
                format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: blob-{index}\ndata:\n  blob: {blob}\n"),
            )
        })
        .collect()
}

fn blob_prefix(pkg: &Pkg, ns: &str, index: usize) -> String {
    let run = pkg.kubectl([
        "get",
        "configmap",
        &format!("blob-{index}"),
        "-n",
        ns,
        "-o",
        "jsonpath={.data.blob}",
    ]);
    run.ok()[..32].to_string()
}

#[test]
fn a_release_of_more_than_3_mib_round_trips_through_install_upgrade_rollback_and_history() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("large");
    let v1 = large_manifests(5, 1);
    let mut v2 = v1.clone();
    v2[0] = large_manifests(1, 2).remove(0);
    let total: usize = v1.iter().map(|(_, t)| t.len()).sum();
    assert!(total > 3 << 20, "{total} bytes of manifests");
    for (dir, version, manifests) in [("v1", "1.0.0", &v1), ("v2", "1.1.0", &v2)] {
        pkg.write_package(dir, "large", version, manifests);
    }
    let original = {
        pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
            .ok();
        blob_prefix(&pkg, &ns, 0)
    };
    let parts = pkg.kubectl([
        "get",
        "secrets",
        "-n",
        &ns,
        "--field-selector",
        "type=kubectl-pkg.dev/release-part.v1",
        "-o",
        "name",
    ]);
    assert!(
        parts.ok().lines().count() >= 2,
        "the record is split: {}",
        parts.stdout
    );

    pkg.run([
        "upgrade",
        "large",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_ne!(blob_prefix(&pkg, &ns, 0), original);
    pkg.run(["rollback", "large", "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        blob_prefix(&pkg, &ns, 0),
        original,
        "revision 1's content is back"
    );

    let history = parse_json(pkg.run(["history", "large", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history.as_array().unwrap().len(), 3);
    assert_eq!(history[2]["status"], "deployed");
    assert!(
        pkg.run(["status", "large", "-n", &ns])
            .ok()
            .contains("rollback")
    );

    pkg.run(["uninstall", "large", "-n", &ns, "--purge", "--yes"])
        .ok();
    let left = pkg.kubectl(["get", "secrets", "-n", &ns, "-o", "name"]);
    assert!(
        !left.ok().contains("kubectl-pkg.release"),
        "purge removes every part: {}",
        left.stdout
    );
}

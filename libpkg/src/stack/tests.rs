//! The stack file's rules, one test per refusal, the environment overlay, the
//! graph's order, and the lock file; the example stack (examples/stack) read
//! for each of its environments.

use super::*;
use serde_json::json;

/// A stack with `releases` (YAML lines, indented as list items) and
/// `environments` (YAML lines under `environments:`).
fn stack_text(releases: &str, environments: &str) -> String {
    let mut text = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: platform\nreleases:\n{releases}"
    );
    if !environments.is_empty() {
        text.push_str(&format!("environments:\n{environments}"));
    }
    text
}

const DIAMOND: &str = "\
- {name: d, namespace: apps, package: ./d, needs: [b, c]}
- {name: c, namespace: apps, package: ./c, needs: [a]}
- {name: b, namespace: apps, package: ./b, needs: [a]}
- {name: a, namespace: apps, package: ./a}
";

fn refused(releases: &str, environments: &str, env: Option<&str>) -> StackError {
    parse("conf/stack.yaml", &stack_text(releases, environments), env)
        .expect_err("the stack should be refused")
}

fn names(releases: &[&StackRelease]) -> Vec<String> {
    releases.iter().map(|r| r.name.clone()).collect()
}

#[test]
fn a_diamond_is_applied_in_three_levels_sorted_by_name() {
    let stack = parse("stack.yaml", &stack_text(DIAMOND, ""), None).unwrap();
    let levels: Vec<Vec<String>> = stack.levels().iter().map(|l| names(l)).collect();
    assert_eq!(levels, [vec!["a"], vec!["b", "c"], vec!["d"]]);
    // The file's order is kept in `releases`.
    assert_eq!(
        names(&stack.releases.iter().collect::<Vec<_>>()),
        ["d", "c", "b", "a"]
    );
}

#[test]
fn the_closure_of_a_subset_takes_what_it_needs_in_order() {
    let stack = parse("stack.yaml", &stack_text(DIAMOND, ""), None).unwrap();
    let closure = |only: &[&str]| {
        let only: Vec<String> = only.iter().map(|s| s.to_string()).collect();
        stack.closure(&only).map(|r| names(&r))
    };
    assert_eq!(closure(&["b"]).unwrap(), ["a", "b"]);
    assert_eq!(closure(&["d"]).unwrap(), ["a", "b", "c", "d"]);
    assert_eq!(closure(&["c", "b"]).unwrap(), ["a", "b", "c"]);
    assert_eq!(closure(&["a"]).unwrap(), ["a"]);
    let error = closure(&["e"]).unwrap_err();
    assert!(matches!(&error, StackError::UnknownRelease { release, .. } if release == "e"));
    assert_eq!(
        error.to_string(),
        "stack.yaml: no release \"e\" in the stack (it has d, c, b, a)"
    );
}

#[test]
fn an_unknown_key_is_refused_with_its_place() {
    for (releases, environments, key) in [
        (
            "- {name: a, namespace: x, package: ./a, value: {}}\n",
            "",
            "value",
        ),
        (
            "- {name: a, namespace: x, package: ./a}\n",
            "  prod:\n    releases:\n      a: {replicas: 2}\n",
            "replicas",
        ),
        (
            "- {name: a, namespace: x, package: ./a}\n",
            "  prod:\n    release: {}\n",
            "release",
        ),
    ] {
        let error = refused(releases, environments, None);
        let StackError::Malformed { file, reason } = &error else {
            panic!("{error:?}");
        };
        assert_eq!(file, "conf/stack.yaml");
        assert!(reason.contains(key) && reason.contains("line"), "{reason}");
    }
    let error = parse(
        "s.yaml",
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: p\nreleases: []\nextra: 1\n",
        None,
    )
    .unwrap_err();
    assert!(error.to_string().starts_with("s.yaml: ") && error.to_string().contains("extra"));
}

#[test]
fn another_kind_of_document_is_refused() {
    let error = parse(
        "s.yaml",
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: p\n",
        None,
    )
    .unwrap_err();
    assert!(
        matches!(&error, StackError::WrongKind { kind, expected: "Stack", .. } if kind == "Package"),
        "{error:?}"
    );
}

#[test]
fn a_release_named_twice_is_refused() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a}\n- {name: b, namespace: x, package: ./b}\n- {name: a, namespace: y, package: ./c}\n",
        "",
        None,
    );
    assert_eq!(
        error,
        StackError::DuplicateRelease {
            file: "conf/stack.yaml".into(),
            release: "a".into(),
            first: 1,
            second: 3
        }
    );
}

#[test]
fn a_need_of_nothing_is_refused_naming_the_release() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a, needs: [dbs]}\n",
        "",
        None,
    );
    assert!(
        matches!(&error, StackError::UnknownNeed { release, need, environment: None, .. } if release == "a" && need == "dbs"),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("conf/stack.yaml: release \"a\": needs \"dbs\"")
    );
    // A fault of the base releases is the base's, whichever environment is read.
    let in_prod = refused(
        "- {name: a, namespace: x, package: ./a, needs: [dbs]}\n",
        "  prod: {}\n",
        Some("prod"),
    );
    assert_eq!(in_prod, error);
}

#[test]
fn a_cycle_is_refused_and_named_whole() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a, needs: [c]}\n- {name: b, namespace: x, package: ./b, needs: [a]}\n- {name: c, namespace: x, package: ./c, needs: [b]}\n",
        "",
        None,
    );
    assert_eq!(
        error.to_string(),
        "conf/stack.yaml: dependency cycle: a -> c -> b -> a"
    );
    let error = refused(
        "- {name: a, namespace: x, package: ./a, needs: [a]}\n",
        "",
        None,
    );
    assert!(
        error.to_string().ends_with("dependency cycle: a -> a"),
        "{error}"
    );
}

#[test]
fn a_cycle_made_by_an_environment_is_refused_naming_it() {
    // The base is fine; prod's override closes the cycle.
    let releases = "- {name: a, namespace: x, package: ./a}\n- {name: b, namespace: x, package: ./b, needs: [a]}\n";
    let environments = "  prod:\n    releases:\n      a: {needs: [b]}\n";
    let error = refused(releases, environments, Some("prod"));
    assert_eq!(
        error.to_string(),
        "conf/stack.yaml in environment \"prod\": dependency cycle: a -> b -> a"
    );
    // The file is checked whole: asking for the base finds prod's cycle too.
    let base = refused(releases, environments, None);
    assert!(
        matches!(&base, StackError::Cycle { environment: Some(env), .. } if env == "prod"),
        "{base:?}"
    );
}

#[test]
fn an_unknown_environment_is_refused_listing_the_declared_ones() {
    let releases = "- {name: a, namespace: x, package: ./a}\n";
    let error = refused(releases, "  staging: {}\n  dev: {}\n", Some("prod"));
    assert_eq!(
        error.to_string(),
        "conf/stack.yaml: no environment \"prod\": the file declares dev, staging"
    );
    let error = refused(releases, "", Some("prod"));
    assert_eq!(
        error.to_string(),
        "conf/stack.yaml: no environment \"prod\": the file declares no environments"
    );
}

#[test]
fn an_override_of_an_undeclared_release_is_refused() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a}\n",
        "  prod:\n    releases:\n      extra: {namespace: y}\n",
        None,
    );
    assert!(
        matches!(&error, StackError::UnknownOverride { environment, release, .. } if environment == "prod" && release == "extra"),
        "{error:?}"
    );
}

#[test]
fn invalid_names_namespaces_versions_and_entries_are_refused_naming_the_key() {
    for (release, key) in [
        ("{name: Web, namespace: x, package: ./a}", "name"),
        // 54 characters: a DNS label, but longer than Helm's release names.
        (
            "{name: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, namespace: x, package: ./a}",
            "name",
        ),
        ("{name: web, namespace: x_y, package: ./a}", "namespace"),
        (
            "{name: web, namespace: x, package: ./a, version: '>>1'}",
            "version",
        ),
        (
            "{name: web, namespace: x, package: ./a, version: ''}",
            "version",
        ),
        ("{name: web, namespace: x, package: 'a/b/c'}", "package"),
        (
            "{name: web, namespace: x, package: ./a, set: ['a[x]=1']}",
            "set",
        ),
        (
            "{name: web, namespace: x, package: ./a, context: ''}",
            "context",
        ),
        (
            "{name: web, namespace: x, package: ./a, valuesFiles: ['']}",
            "valuesFiles",
        ),
        (
            "{name: web, namespace: x, package: ./a, needs: [b, b]}",
            "needs",
        ),
        (
            "{name: web, namespace: x, package: 'oci://r.example/web:1.0.0', version: '1.0.0'}",
            "version",
        ),
        (
            "{name: web, namespace: x, package: 'oci://r.example/web@sha256:0000000000000000000000000000000000000000000000000000000000000000', version: '^1'}",
            "version",
        ),
    ] {
        let releases = format!("- {release}\n- {{name: b, namespace: x, package: ./b}}\n");
        let error = refused(&releases, "", None);
        assert!(
            matches!(&error, StackError::InvalidRelease { key: k, environment: None, .. } if *k == key),
            "{release}: {error:?}"
        );
        assert!(
            error.to_string().starts_with("conf/stack.yaml: release \""),
            "{error}"
        );
    }
}

#[test]
fn an_environments_invalid_value_is_refused_naming_the_environment() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a}\n",
        "  prod:\n    releases:\n      a: {namespace: Data}\n",
        None,
    );
    assert_eq!(
        error,
        StackError::InvalidRelease {
            file: "conf/stack.yaml".into(),
            environment: Some("prod".into()),
            release: "a".into(),
            key: "namespace",
            reason: "must start and end with a lowercase letter or digit".into(),
        }
    );
    let error = refused(
        "- {name: a, namespace: x, package: ./a}\n",
        "  Prod: {}\n",
        None,
    );
    assert!(matches!(
        error,
        StackError::InvalidName {
            what: "environment",
            ..
        }
    ));
    let error = refused("", "", None);
    assert!(matches!(error, StackError::Empty { .. }), "{error:?}");
}

const OVERLAY: &str = "\
- name: db
  namespace: data
  package: ../charts/db
  version: '>=1.0'
  values:
    replicas: 1
    auth: {enabled: true, user: app}
    tags: [a, b]
    resources: {cpu: 1}
  valuesFiles: [db.yaml]
  set: [a=1]
  context: staging-eu
- {name: web, namespace: web, package: oci://registry.example/web, needs: [db]}
- {name: backup, namespace: backup, package: backup.tgz, enabled: false}
";

const OVERLAY_ENVIRONMENTS: &str = "  prod:
    releases:
      db:
        namespace: data-prod
        version: 1.2.0
        values:
          replicas: 3
          auth: {user: prod}
          tags: [c]
          resources: null
        valuesFiles: [/etc/db-prod.yaml]
        set: []
        context: null
      backup: {enabled: true}
      web: {needs: [db, backup]}
  staging: {}
";

#[test]
fn an_environment_overrides_keys_and_deep_merges_values() {
    let text = stack_text(OVERLAY, OVERLAY_ENVIRONMENTS);
    let prod = parse("conf/stack.yaml", &text, Some("prod")).unwrap();
    assert_eq!(prod.environment.as_deref(), Some("prod"));
    assert_eq!(prod.environments(), ["prod", "staging"]);
    let db = prod.release("db").unwrap();
    assert_eq!(db.namespace, "data-prod");
    assert_eq!(db.version.as_deref(), Some("1.2.0"));
    // Maps merge, lists and scalars replace, a null is kept (it deletes the
    // chart's default, as in Helm's -f files).
    assert_eq!(
        Value::Object(db.values.clone()),
        json!({"replicas": 3, "auth": {"enabled": true, "user": "prod"}, "tags": ["c"], "resources": null})
    );
    assert_eq!(db.values_files, [PathBuf::from("/etc/db-prod.yaml")]);
    assert!(db.set.is_empty());
    assert_eq!(db.context, None, "context: null removes the base's");
    // The release left out of the base is enabled in prod, and needed there.
    assert!(prod.disabled.is_empty());
    let levels: Vec<Vec<String>> = prod.levels().iter().map(|l| names(l)).collect();
    assert_eq!(levels, [vec!["backup", "db"], vec!["web"]]);
}

#[test]
fn the_base_and_an_environment_without_overrides_are_the_file_as_written() {
    let text = stack_text(OVERLAY, OVERLAY_ENVIRONMENTS);
    let staging = parse("conf/stack.yaml", &text, Some("staging")).unwrap();
    let base = parse("conf/stack.yaml", &text, None).unwrap();
    assert_eq!(staging.releases, base.releases);
    assert_eq!(base.environment, None);
    assert_eq!(base.disabled, ["backup"]);
    assert!(base.release("backup").is_none());
    let db = base.release("db").unwrap();
    assert_eq!(db.version.as_deref(), Some(">=1.0"));
    assert_eq!(db.context.as_deref(), Some("staging-eu"));
    assert_eq!(db.set, ["a=1"]);
    assert_eq!(
        Value::Object(db.values.clone()),
        json!({"replicas": 1, "auth": {"enabled": true, "user": "app"}, "tags": ["a", "b"], "resources": {"cpu": 1}})
    );
}

#[test]
fn relative_packages_and_values_files_are_relative_to_the_stack_file() {
    let text = stack_text(OVERLAY, OVERLAY_ENVIRONMENTS);
    let base = parse("conf/stack.yaml", &text, None).unwrap();
    let db = base.release("db").unwrap();
    assert_eq!(db.package, "./charts/db");
    assert_eq!(db.declared_package, "../charts/db");
    assert_eq!(db.values_files, [PathBuf::from("conf/db.yaml")]);
    assert_eq!(
        base.release("web").unwrap().package,
        "oci://registry.example/web"
    );
    let prod = parse("/srv/stacks/stack.yaml", &text, Some("prod")).unwrap();
    assert_eq!(
        prod.release("backup").unwrap().package,
        "/srv/stacks/backup.tgz"
    );
    assert_eq!(prod.release("db").unwrap().package, "/srv/charts/db");
    // From the current directory, a path stays one: `../x` and `./x`.
    let here = parse("stack.yaml", &text, Some("prod")).unwrap();
    assert_eq!(here.release("db").unwrap().package, "../charts/db");
    assert_eq!(here.release("backup").unwrap().package, "./backup.tgz");
}

#[test]
fn load_resolves_paths_against_the_files_absolute_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("conf")).unwrap();
    let path = dir.path().join("conf/stack.yaml");
    std::fs::write(&path, stack_text(OVERLAY, OVERLAY_ENVIRONMENTS)).unwrap();
    let stack = load(&path, Some("prod")).unwrap();
    assert_eq!(stack.file, path);
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let db = stack.release("db").unwrap();
    assert_eq!(db.package, root.join("charts/db").display().to_string());
    let error = load(&dir.path().join("missing.yaml"), None).unwrap_err();
    assert!(matches!(error, StackError::Io { .. }), "{error:?}");
}

#[test]
fn a_release_others_need_cannot_be_left_out() {
    let error = refused(
        "- {name: a, namespace: x, package: ./a}\n- {name: b, namespace: x, package: ./b, needs: [a]}\n",
        "  prod:\n    releases:\n      a: {enabled: false}\n",
        Some("prod"),
    );
    assert_eq!(
        error,
        StackError::NeedsDisabled {
            file: "conf/stack.yaml".into(),
            environment: Some("prod".into()),
            release: "b".into(),
            need: "a".into(),
        }
    );
    // Left out together with what needs it, it is fine.
    let stack = parse(
        "s.yaml",
        &stack_text(
            "- {name: a, namespace: x, package: ./a}\n- {name: b, namespace: x, package: ./b, needs: [a]}\n",
            "  prod:\n    releases:\n      a: {enabled: false}\n      b: {enabled: false}\n  dev: {}\n",
        ),
        Some("prod"),
    )
    .unwrap();
    assert!(stack.releases.is_empty());
    assert_eq!(stack.disabled, ["a", "b"]);
}

#[test]
fn the_example_stack_loads_for_each_environment() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/stack/stack.yaml");
    let base = load(&path, None).unwrap();
    assert_eq!(base.environments(), ["prod", "staging"]);
    for env in ["staging", "prod"] {
        let stack = load(&path, Some(env)).unwrap();
        assert!(stack.levels().len() >= 2, "{env}: the example shows needs");
        for release in &stack.releases {
            if let Ok(PackageRef::Directory(dir)) = PackageRef::parse(&release.package) {
                assert!(
                    dir.join("package.yaml").is_file() || dir.join("Chart.yaml").is_file(),
                    "{env}: {} names {}, which is no package",
                    release.name,
                    dir.display()
                );
            }
            for file in &release.values_files {
                assert!(
                    file.is_file(),
                    "{env}: {} reads {}",
                    release.name,
                    file.display()
                );
            }
        }
    }
    let staging = load(&path, Some("staging")).unwrap();
    let prod = load(&path, Some("prod")).unwrap();
    assert_ne!(staging.releases, prod.releases, "the environments differ");
}

fn locked(version: &str, digit: char) -> LockedRelease {
    LockedRelease {
        version: version.to_string(),
        reference: format!("oci://registry.example/examples/web:{version}"),
        digest: format!("sha256:{}", digit.to_string().repeat(64)).into(),
    }
}

#[test]
fn a_lock_round_trips_with_the_same_bytes_whatever_the_order_of_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(lock::LOCK_FILE);
    let mut lock = StackLock::new(&path);
    lock.set(Some("staging"), "web", locked("1.1.0", 'b'));
    lock.set(None, "web", locked("1.10.0", 'c'));
    lock.set(Some("prod"), "web", locked("1.0.0", 'a'));
    lock.set(Some("prod"), "db", locked("7.0.12", 'd'));
    lock.write(&path).unwrap();
    let bytes = std::fs::read_to_string(&path).unwrap();
    let read = StackLock::read(&path).unwrap();
    assert_eq!(read, lock);
    let mut other = StackLock::new(&path);
    for ((env, release), entry) in lock.entries.iter().rev() {
        other.set(env.as_deref(), release, entry.clone());
    }
    assert_eq!(other.to_yaml(), bytes);
    // Base first, then environments and releases sorted.
    let order: Vec<&str> = bytes
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("version: "))
        .map(|v| v.trim_matches('"'))
        .collect();
    assert_eq!(order, ["1.10.0", "7.0.12", "1.0.0", "1.1.0"], "{bytes}");
    assert!(bytes.contains("kind: StackLock"), "{bytes}");
    assert!(
        bytes.contains("\n- environment: prod\n  release: db\n"),
        "{bytes}"
    );
}

#[test]
fn a_lock_check_names_what_differs() {
    let mut lock = StackLock::new(Path::new("conf/stack.lock"));
    lock.set(Some("prod"), "web", locked("1.0.0", 'a'));
    assert_eq!(
        lock.check(Some("prod"), "web", &locked("1.0.0", 'a')),
        Ok(())
    );
    let error = lock
        .check(Some("prod"), "web", &locked("1.1.0", 'a'))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "conf/stack.lock: release \"web\" in environment \"prod\" resolves differently from its lock: \
             version locked 1.0.0, resolved 1.1.0; reference locked oci://registry.example/examples/web:1.0.0, \
             resolved oci://registry.example/examples/web:1.1.0"
        )
    );
    let mut digest_only = locked("1.0.0", 'a');
    digest_only.digest = format!("sha256:{}", "f".repeat(64)).into();
    let StackError::LockMismatch { differences, .. } =
        lock.check(Some("prod"), "web", &digest_only).unwrap_err()
    else {
        panic!("a mismatch");
    };
    assert_eq!(differences.len(), 1);
    assert!(differences[0].starts_with("digest locked sha256:aaaa"));
    assert!(matches!(
        lock.check(Some("staging"), "web", &locked("1.0.0", 'a')),
        Err(StackError::NotLocked { .. })
    ));
    assert!(matches!(
        lock.check(None, "web", &locked("1.0.0", 'a')),
        Err(StackError::NotLocked {
            environment: None,
            ..
        })
    ));
}

#[test]
fn a_malformed_lock_is_refused() {
    let path = Path::new("stack.lock");
    let header = "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: StackLock\n";
    let entry = |extra: &str, digest: &str| {
        format!(
            "- {{release: web, version: 1.0.0, reference: oci://r/web, digest: '{digest}'{extra}}}\n"
        )
    };
    let good = format!("sha256:{}", "a".repeat(64));
    assert!(StackLock::parse(path, &format!("{header}releases:\n{}", entry("", &good))).is_ok());
    for (text, needle) in [
        (
            format!("{header}releases:\n{}", entry(", size: 1", &good)),
            "size",
        ),
        (
            format!("{header}releases:\n{}", entry("", "sha256:abc")),
            "digest",
        ),
        (
            format!(
                "{header}releases:\n{}{}",
                entry("", &good),
                entry("", &good)
            ),
            "locked twice",
        ),
        (
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\n".to_string(),
            "StackLock",
        ),
    ] {
        let error = StackLock::parse(path, &text).unwrap_err().to_string();
        assert!(
            error.starts_with("stack.lock: ") && error.contains(needle),
            "{error}"
        );
    }
}

#[test]
fn forgetting_drops_releases_and_environments_the_stack_no_longer_has() {
    let text = stack_text(OVERLAY, OVERLAY_ENVIRONMENTS);
    let base = parse("conf/stack.yaml", &text, None).unwrap();
    let mut lock = StackLock::new(Path::new("conf/stack.lock"));
    lock.set(None, "db", locked("1.0.0", 'a'));
    lock.set(None, "backup", locked("1.0.0", 'a'));
    lock.set(Some("prod"), "backup", locked("1.0.0", 'a'));
    lock.set(Some("gone"), "db", locked("1.0.0", 'a'));
    lock.forget_missing(&base);
    let kept: Vec<_> = lock.entries.keys().cloned().collect();
    assert_eq!(
        kept,
        [
            (None, "db".to_string()),
            (Some("prod".to_string()), "backup".to_string())
        ]
    );
}

#[test]
fn an_unquoted_version_keeps_its_text() {
    // YAML would read `1.0` as a number; a constraint is its text as written.
    for version in ["1.0", "7", "1.0.0", "^1.0"] {
        let text = stack_text(
            &format!("- {{name: a, namespace: x, package: ./a, version: {version}}}\n"),
            "",
        );
        let stack = parse("s.yaml", &text, None).unwrap();
        assert_eq!(stack.releases[0].version.as_deref(), Some(version));
    }
}

/// docs/stacks.md shows what a broken example says: each line is what one
/// change to examples/stack/stack.yaml makes `parse` say, read for prod.
#[test]
fn the_refusals_the_docs_show_are_the_real_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let example = std::fs::read_to_string(root.join("examples/stack/stack.yaml")).unwrap();
    let docs = std::fs::read_to_string(root.join("docs/stacks.md")).unwrap();
    let shown: Vec<&str> = docs
        .split("## What is refused")
        .nth(1)
        .and_then(|section| section.split("```text\n").nth(1))
        .and_then(|block| block.split("```").next())
        .expect("a text block under \"What is refused\"")
        .lines()
        .collect();
    let mut real = Vec::new();
    for (from, to) in [
        (
            "cache: {needs: [backup-operator]}",
            "cache: {needs: [backup-operator], replicas: 2}",
        ),
        ("needs: [db, cache]", "needs: [db, caches]"),
        (
            "cache: {needs: [backup-operator]}",
            "cache: {needs: [backup-operator, web]}",
        ),
        (
            "backup-operator: {enabled: true}",
            "backup-operator: {enabled: false}",
        ),
        ("version: \">=1.0\"", "version: \"=>1.0\""),
    ] {
        let text = example.replace(from, to);
        assert_ne!(text, example, "{from:?} is no longer in the example");
        real.push(
            parse("stack.yaml", &text, Some("prod"))
                .unwrap_err()
                .to_string(),
        );
    }
    real.push(
        parse("stack.yaml", &example, Some("dev"))
            .unwrap_err()
            .to_string(),
    );
    assert_eq!(shown, real);
}

#[test]
fn an_environment_or_override_left_empty_changes_nothing() {
    let text = stack_text(
        "- {name: a, namespace: x, package: ./a}\n",
        "  staging:\n  prod:\n    releases:\n      a:\n",
    );
    let base = parse("s.yaml", &text, None).unwrap();
    for env in ["staging", "prod"] {
        assert_eq!(
            parse("s.yaml", &text, Some(env)).unwrap().releases,
            base.releases
        );
    }
}

#[test]
fn an_environment_or_override_given_twice_is_refused() {
    for environments in [
        "  prod: {}\n  prod: {}\n",
        "  prod:\n    releases:\n      a: {namespace: y}\n      a: {namespace: z}\n",
    ] {
        let error = refused(
            "- {name: a, namespace: x, package: ./a}\n",
            environments,
            None,
        );
        assert!(
            matches!(&error, StackError::Malformed { reason, .. } if reason.contains("line")),
            "{error:?}"
        );
    }
}

/// Issue 48: two environments declaring one release alike (same context,
/// namespace and name) are refused, naming both, whichever is asked for;
/// another namespace or context, or `shared: true` in both, is accepted.
/// Releases in "the current context" are left to the check against the
/// other environments' journals when planned (two environments planned in
/// the current context are often two clusters).
#[test]
fn a_release_two_environments_would_share_is_refused_unless_marked_shared() {
    let releases = "- {name: db, namespace: data, package: ./db, context: east}\n- {name: web, namespace: web, package: ./web, context: east}\n";
    let same = "  prod: {releases: {web: {namespace: web-prod}}}\n  staging: {releases: {web: {namespace: web-staging}}}\n";
    for env in [None, Some("prod"), Some("staging")] {
        let error = refused(releases, same, env);
        assert!(
            matches!(&error, StackError::SharedRelease { release, environments, .. }
                if release == "db" && **environments == ("prod".to_string(), "staging".to_string())),
            "{error:?}"
        );
        let text = error.to_string();
        assert!(
            text.starts_with("conf/stack.yaml: release \"db\" in namespace \"data\" (context \"east\") is the same release in environments \"prod\" and \"staging\""),
            "{text}"
        );
    }
    // Another namespace or another context: two releases.
    let apart = "  prod: {releases: {web: {namespace: web-prod}}}\n  staging: {releases: {db: {namespace: data-staging}}}\n";
    parse("s.yaml", &stack_text(releases, apart), None).unwrap();
    let contexts = "  prod: {releases: {db: {context: prod}, web: {context: prod}}}\n  staging: {releases: {db: {context: staging}, web: {context: staging}}}\n";
    parse("s.yaml", &stack_text(releases, contexts), Some("prod")).unwrap();
    // The current context in both: left to the journals' check.
    let current = "  prod: {releases: {db: {context: null}, web: {context: null}}}\n  staging: {releases: {db: {context: null}, web: {context: null}}}\n";
    parse("s.yaml", &stack_text(releases, current), Some("prod")).unwrap();
    // Marked shared in one environment only: still refused.
    let one = "  prod: {releases: {db: {shared: true}, web: {namespace: web-prod}}}\n  staging: {releases: {web: {namespace: web-staging}}}\n";
    refused(releases, one, Some("prod"));
    // Marked shared in both (here in the base release): accepted, and said.
    let shared = releases.replacen("context: east}", "context: east, shared: true}", 1);
    let stack = parse("s.yaml", &stack_text(&shared, same), Some("prod")).unwrap();
    assert!(stack.releases.iter().any(|r| r.name == "db" && r.shared));
    assert!(stack.releases.iter().any(|r| r.name == "web" && !r.shared));
}

//! Review documents over plans built here: what comes first, that markdown
//! is well-formed at every cut (checked by a GFM parser), that a
//! 2,000-object plan fits a GitHub comment, that package content cannot
//! change a document's shape, and that Secret values never appear.

use libpkg::permissions::{Grant, PermissionChanges, PermissionDelta};
use libpkg::plan::{Action, Operation, Plan, PlannedObject};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use serde_json::json;

use super::fit::Render;
use super::html::Html;
use super::markdown::Markdown;
use super::{Review, Source, fit, from_plan};
use crate::view::plan::tests::{bare_plan, rich_plan};

/// GitHub's comment limit, `--max-size github`.
const GITHUB: usize = 65_536;

/// What the GFM parser saw in a markdown review document.
#[derive(Debug, Default)]
struct Shape {
    /// `<details>` opened (outside code).
    details: usize,
    /// Fenced `diff` code blocks.
    diffs: usize,
    /// Whether the footer's closing `</sub>` was read as HTML, outside any
    /// code block: nothing before it swallowed the end of the document.
    footer_outside_code: bool,
    /// Every piece of raw HTML the parser passes through (outside code).
    html: String,
}

/// Parses `markdown` with a GFM parser and checks it is well-formed: every
/// `<details>` closed, never more closed than opened, one `diff` fence per
/// `<details>`, and the footer read outside any code block (an unclosed
/// fence would swallow it).
fn well_formed(markdown: &str) -> Shape {
    let mut shape = Shape::default();
    let (mut open, mut in_code) = (0i64, false);
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                if matches!(&kind, CodeBlockKind::Fenced(lang) if lang.as_ref() == "diff") {
                    shape.diffs += 1;
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Html(html) | Event::InlineHtml(html) if !in_code => {
                shape.html.push_str(&html);
                let opened = html.matches("<details").count();
                shape.details += opened;
                open += opened as i64;
                open -= html.matches("</details>").count() as i64;
                assert!(open >= 0, "a </details> closes nothing:\n{markdown}");
                if html.contains("</sub>") {
                    shape.footer_outside_code = true;
                }
            }
            _ => {}
        }
    }
    assert!(!in_code, "a code block is left open");
    assert_eq!(open, 0, "a <details> is left open");
    assert_eq!(shape.diffs, shape.details, "one diff fence per <details>");
    assert!(
        shape.footer_outside_code,
        "the footer is not read as HTML: something before it is left open"
    );
    shape
}

/// An object of `kind` planned as `action`, with a diff for an update and
/// a manifest of `size` bytes of data.
fn object(kind: &str, namespace: &str, name: &str, action: Action, size: usize) -> PlannedObject {
    let api_version = match kind {
        "Role" | "RoleBinding" => "rbac.authorization.k8s.io/v1",
        _ => "v1",
    };
    let manifest = json!({
        "apiVersion": api_version,
        "kind": kind,
        "metadata": {"name": name, "namespace": namespace},
        "data": {"payload": "x".repeat(size)},
    });
    let diff = (action == Action::Update).then(|| {
        format!(
            "--- live\n+++ planned\n@@ -1,3 +1,3 @@\n data:\n-  payload: {}\n+  payload: {}\n",
            "o".repeat(size),
            "x".repeat(size)
        )
    });
    PlannedObject {
        api_version: api_version.to_string(),
        kind: kind.to_string(),
        namespace: Some(namespace.to_string()),
        name: name.to_string(),
        action,
        manifest: manifest.into(),
        live_resource_version: None,
        diff,
        validation: None,
    }
}

/// An upgrade of 2,000 objects: 40 deleted, 20 Roles created, 400 updated,
/// the rest created; with new grants to show whole.
fn large_plan() -> Plan {
    let mut plan = rich_plan();
    plan.operation = Operation::Upgrade;
    let mut objects = Vec::new();
    for i in 0..2000 {
        let (kind, action) = match i {
            0..40 => ("ConfigMap", Action::Delete),
            40..60 => ("Role", Action::Create),
            60..460 => ("ConfigMap", Action::Update),
            _ => ("ConfigMap", Action::Create),
        };
        objects.push(object(kind, "bench", &format!("obj-{i:04}"), action, 200));
    }
    plan.objects = objects;
    let grants: Vec<Grant> = (40..60)
        .map(|i| Grant {
            subject: format!("ServiceAccount/bench/worker-{i}"),
            scope: "namespace bench".to_string(),
            api_groups: vec![String::new()],
            resources: vec!["secrets".to_string()],
            resource_names: Vec::new(),
            verbs: vec!["get".to_string(), "list".to_string()],
            non_resource_urls: Vec::new(),
            via: vec![format!("Role/bench/obj-{i:04}")],
        })
        .collect();
    plan.permission_changes = Some(PermissionChanges {
        compared_with: 7,
        added: PermissionDelta {
            grants: grants.clone(),
            ..PermissionDelta::default()
        },
        removed: PermissionDelta::default(),
    });
    plan.permissions.grants = grants;
    plan
}

/// The document `fit` decides on, as written.
fn fitted(review: &Review, render: &dyn Render, limit: Option<usize>) -> anyhow::Result<String> {
    let mut out = Vec::new();
    fit(review, render, limit)?.write(review, render, &mut out)?;
    Ok(String::from_utf8(out)?)
}

#[test]
fn a_2000_object_plan_fits_one_github_comment_with_permissions_and_deletions_whole() {
    let plan = large_plan();
    let review = from_plan(&plan, &Source::Unsaved);
    let markdown = fitted(&review, &Markdown, Some(GITHUB)).expect("the summary fits");
    assert!(markdown.len() <= GITHUB, "{} bytes", markdown.len());
    assert!(markdown.chars().count() <= GITHUB);
    let shape = well_formed(&markdown);
    assert!(shape.details > 0, "some diffs fit");
    assert!(shape.details < 1960, "not every diff fits in 64 KiB");
    let first_diff = markdown.find("<details").expect("a diff");
    // Every new grant, in the permissions section, before any diff.
    for i in 40..60 {
        let row = markdown
            .find(&format!("ServiceAccount/bench/worker-{i} |"))
            .unwrap_or_else(|| panic!("grant {i} is listed"));
        assert!(row < first_diff, "grant {i} comes before the diffs");
    }
    // Every deletion is listed before the diffs, and deletions' diffs come first.
    let deletions = markdown.find("### Deletions").expect("deletions section");
    for i in 0..40 {
        let line = format!("ConfigMap bench/obj-{i:04}");
        let at = markdown[deletions..].find(&line).map(|at| at + deletions);
        assert!(
            at.is_some_and(|at| at < first_diff),
            "deletion {i} is listed"
        );
    }
    assert!(markdown[first_diff..].starts_with("<details><summary>- delete"));
    // Each object changed is either shown or named as left out.
    let omitted = &markdown[markdown
        .find("### Diffs not shown")
        .expect("a list of omitted")..];
    for (i, object) in plan.objects.iter().enumerate() {
        let shown = markdown.contains(&format!("bench/obj-{i:04}</summary>"));
        let named = omitted.contains(&format!("obj-{i:04}"));
        assert!(
            shown != named,
            "{} is shown ({shown}) or named ({named}), once",
            object.name
        );
    }
}

#[test]
fn markdown_is_well_formed_at_every_cut() {
    let plan = large_plan();
    let review = from_plan(&plan, &Source::Saved("plan.json".into()));
    let whole = fitted(&review, &Markdown, None).expect("no limit");
    well_formed(&whole);
    let least = (1..)
        .map(|k| k * 2000)
        .find(|limit| fitted(&review, &Markdown, Some(*limit)).is_ok())
        .expect("fits somewhere");
    for limit in (least..least + 30_000).step_by(2_999) {
        let text = fitted(&review, &Markdown, Some(limit)).expect("fits");
        assert!(text.len() <= limit);
        well_formed(&text);
    }
    let too_small = fitted(&review, &Markdown, Some(1000))
        .unwrap_err()
        .to_string();
    assert!(too_small.contains("never cut"), "{too_small}");
}

/// A plan whose names and diffs try to break out of their places.
fn hostile_plan() -> Plan {
    let mut plan = bare_plan();
    let name = "x</summary></details>```<script>alert(1)</script>|*[a](http://e.invalid)";
    let mut update = object("ConfigMap", "default", name, Action::Update, 1);
    update.diff = Some(
        "--- live\n+++ planned\n@@ -1 +1 @@\n-a: 1\n+a: \"```\"\n+</details>\n+````\n+<!-- -->\n"
            .to_string(),
    );
    plan.objects = vec![
        update,
        object("ConfigMap", "default", "after", Action::Create, 1),
    ];
    plan.package.name = "<img src=x onerror=alert(1)>".to_string();
    plan.hash = "sha256:--><script>".into();
    plan
}

#[test]
fn package_content_cannot_change_the_shape_of_a_document() {
    let review = from_plan(&hostile_plan(), &Source::Saved("it's here.json".into()));
    let markdown = fitted(&review, &Markdown, None).expect("no limit");
    let shape = well_formed(&markdown);
    assert_eq!(shape.details, 2, "both objects keep their own <details>");
    assert!(
        !shape.html.contains("<script") && !shape.html.contains("<img"),
        "{}",
        shape.html
    );
    assert_eq!(
        markdown.lines().next(),
        Some("<!-- kubectl-pkg plan sha256:-___script_ -->")
    );
    let html = fitted(&review, &Html, None).expect("no limit");
    assert!(
        !html.contains("<script") && !html.contains("<img"),
        "{html}"
    );
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_eq!(html.matches("<details").count(), 2);
    assert_eq!(html.matches("</details>").count(), 2);
    assert!(
        html.contains("&#39;it&#39;\\&#39;&#39;s here.json&#39;"),
        "{html}"
    );
}

#[test]
fn new_permissions_and_risks_come_before_any_diff_in_both_formats() {
    let plan = rich_plan();
    let review = from_plan(&plan.masked(), &Source::Saved("plan.json".into()));
    let markdown = fitted(&review, &Markdown, None).expect("no limit");
    let html = fitted(&review, &Html, None).expect("no limit");
    for (text, new, risks, deletions) in [
        (
            &markdown,
            "#### New permissions",
            "### Risk findings",
            "### Deletions",
        ),
        (
            &html,
            "<h3>New permissions",
            "<section id=\"risks\">",
            "<section id=\"deletions\">",
        ),
    ] {
        let first_diff = text.find("<details").expect("a diff");
        let order: Vec<usize> = [new, risks, deletions]
            .iter()
            .map(|heading| text.find(heading).expect(heading))
            .collect();
        assert!(
            order.is_sorted() && order[2] < first_diff,
            "{order:?} {first_diff}"
        );
    }
    assert!(markdown.contains(&format!(
        "kubectl pkg apply plan.json -n apps --context prod --plan-hash {}",
        plan.hash
    )));
    assert!(html.contains("Content-Security-Policy") && !html.contains("<script"));
    insta::assert_snapshot!("review_markdown_rich", markdown);
}

#[test]
fn secret_values_never_appear_in_a_review_document() {
    let planted = "planted-secret-value-6f1e";
    let mut plan = bare_plan();
    let mut secret = object("Secret", "default", "creds", Action::Create, 1);
    secret.manifest["data"] = json!({"password": planted}).into();
    secret.manifest["stringData"] = json!({"token": planted}).into();
    let mut changed = object("Secret", "default", "old-creds", Action::Delete, 1);
    changed.manifest["data"] = json!({"key": planted}).into();
    plan.objects.extend([secret, changed]);
    plan.values = Some(json!({"db": {"password": planted}}));
    let masked = plan.masked();
    let review = from_plan(&masked, &Source::Unsaved);
    for text in [
        fitted(&review, &Markdown, None).expect("markdown"),
        fitted(&review, &Html, None).expect("html"),
    ] {
        assert!(!text.contains(planted), "{text}");
        assert!(
            text.contains("password") && text.contains("token"),
            "key names stay"
        );
    }
}

#[test]
fn a_stack_plan_reviews_every_release_under_its_name_in_one_document() {
    use libpkg::stack::plan::{ReleasePlan, StackPlan, StackTarget};
    let release = |name: &str, plan: Plan| ReleasePlan {
        name: name.to_string(),
        needs: Vec::new(),
        context: None,
        plan,
    };
    let stack = StackPlan::new(
        StackTarget {
            name: "shop".to_string(),
            environment: Some("prod".to_string()),
            namespace: "default".to_string(),
            only: Vec::new(),
            prune: false,
        },
        vec![vec!["cache".to_string()], vec!["web".to_string()]],
        vec![release("cache", bare_plan()), release("web", rich_plan())],
        Vec::new(),
    )
    .seal();
    let review = super::from_stack(&stack.masked(), &Source::Saved("stack.json".into()));
    let markdown = fitted(&review, &Markdown, Some(GITHUB)).expect("fits");
    let shape = well_formed(&markdown);
    assert_eq!(shape.details, 5, "every release's changes");
    assert!(markdown.starts_with(&format!("<!-- kubectl-pkg plan {} -->", stack.hash)));
    let first_diff = markdown.find("<details").expect("a diff");
    let permissions = markdown
        .find("### web: Permissions")
        .expect("web's permissions");
    assert!(markdown.find("### cache: Permissions").is_some() && permissions < first_diff);
    assert!(markdown[first_diff..].starts_with("<details><summary>- delete web: Role"));
    assert!(markdown.contains(&format!(
        "kubectl pkg apply stack.json --plan-hash {}",
        stack.hash
    )));
    let html = fitted(&review, &Html, None).expect("no limit");
    assert!(html.contains("<section id=\"web-permissions\">"));
}

/// A stack of three: `cache` installs one ConfigMap, `db` is an upgrade
/// that changes nothing, `web` is [`rich_plan`]'s upgrade (2 creates, 1
/// update, 1 delete, new rights, a high risk).
fn three_release_stack() -> libpkg::stack::plan::StackPlan {
    use libpkg::stack::plan::{ReleasePlan, StackPlan, StackTarget};
    let release = |name: &str, plan: Plan| ReleasePlan {
        name: name.to_string(),
        needs: Vec::new(),
        context: None,
        plan,
    };
    let mut db = bare_plan();
    db.operation = Operation::Upgrade;
    db.release.namespace = "data".parse().unwrap();
    db.objects[0].action = Action::Unchanged;
    db.permission_changes = Some(PermissionChanges {
        compared_with: 4,
        added: PermissionDelta::default(),
        removed: PermissionDelta::default(),
    });
    StackPlan::new(
        StackTarget {
            name: "shop".to_string(),
            environment: None,
            namespace: "default".to_string(),
            only: Vec::new(),
            prune: false,
        },
        vec![
            vec!["cache".to_string(), "db".to_string()],
            vec!["web".to_string()],
        ],
        vec![
            release("cache", bare_plan()),
            release("db", db),
            release("web", rich_plan()),
        ],
        Vec::new(),
    )
    .seal()
}

#[test]
fn a_stack_review_opens_with_one_row_per_release_before_any_release_detail() {
    let stack = three_release_stack();
    let review = super::from_stack(&stack.masked(), &Source::Unsaved);
    let first = &review.sections[0];
    assert_eq!(first.id, "releases");
    let [super::Block::Table(table)] = first.blocks.as_slice() else {
        panic!("the releases section is one table: {first:?}")
    };
    assert_eq!(
        table.header,
        [
            "Release",
            "Namespace",
            "Operation",
            "Create",
            "Update",
            "Delete",
            "New rights",
            "Risks"
        ]
    );
    let rows: Vec<(super::Tone, Vec<&str>)> = (table.rows.iter())
        .map(|row| (row.tone, row.cells.iter().map(String::as_str).collect()))
        .collect();
    use super::Tone::{Danger, Good};
    assert_eq!(
        rows,
        [
            (
                Good,
                vec!["cache", "default", "install", "1", "0", "0", "-", "-"]
            ),
            (
                Good,
                vec!["db", "data", "upgrade", "0", "0", "0", "no", "-"]
            ),
            (
                Danger,
                vec![
                    "web",
                    "apps",
                    "upgrade",
                    "2",
                    "1",
                    "1",
                    "yes",
                    "1 high, 1 medium"
                ]
            ),
        ]
    );

    let markdown = fitted(&review, &Markdown, None).expect("no limit");
    well_formed(&markdown);
    let releases = markdown.find("### Releases (3)").expect("the table");
    let first_detail = markdown.find("### cache: ").expect("cache's sections");
    assert!(releases < first_detail, "{markdown}");
    assert_eq!(
        markdown[..releases].matches("\n### ").count(),
        0,
        "no section before the table"
    );
    let table_text = &markdown[releases..first_detail];
    for row in [
        "| ✅ | cache | default | install | 1 | 0 | 0 | - | - |",
        "| ✅ | db | data | upgrade | 0 | 0 | 0 | no | - |",
        "| ⛔ | web | apps | upgrade | 2 | 1 | 1 | yes | 1 high, 1 medium |",
    ] {
        assert!(table_text.contains(row), "{row} in\n{table_text}");
    }

    let html = fitted(&review, &Html, None).expect("no limit");
    let releases = html.find("<section id=\"releases\">").expect("the table");
    let first_detail = html.find("<section id=\"cache-").expect("cache's sections");
    assert!(releases < first_detail);
    assert_eq!(html[..releases].matches("<section").count(), 0);
    assert!(
        html[releases..first_detail].contains(
            "<td>web</td><td>apps</td><td>upgrade</td><td>2</td><td>1</td><td>1</td><td>yes</td><td>1 high, 1 medium</td>"
        ),
        "{}",
        &html[releases..first_detail]
    );
}

/// A plan that upgrades a release with `unchanged` high risks the deployed
/// revision (4) has already and `added` it brings, and nothing else to
/// look at twice.
fn upgrade_with_risks(unchanged: usize, added: usize) -> Plan {
    use libpkg::permissions::{Risk, Severity};
    let risk = |i: usize| Risk {
        severity: Severity::High,
        rule: "rbac-write-secrets".to_string(),
        object: format!("Role.rbac.authorization.k8s.io/default/writer-{i}"),
        message: "can write secrets".to_string(),
    };
    let mut plan = bare_plan();
    plan.operation = Operation::Upgrade;
    plan.objects[0].action = Action::Update;
    plan.permissions.risks = (0..unchanged + added).map(risk).collect();
    plan.permission_changes = Some(PermissionChanges {
        compared_with: 4,
        added: PermissionDelta {
            risks: (unchanged..unchanged + added).map(risk).collect(),
            ..PermissionDelta::default()
        },
        removed: PermissionDelta::default(),
    });
    plan
}

#[test]
fn an_upgrade_is_not_held_for_review_by_risks_its_deployed_revision_has_already() {
    use super::Tone;
    let verdict = from_plan(&upgrade_with_risks(2, 0), &Source::Unsaved).verdict;
    assert_eq!(verdict.tone, Tone::Good, "{verdict:?}");
    assert!(
        verdict.headline.starts_with("Ready to apply"),
        "{verdict:?}"
    );
    assert_eq!(
        verdict.reasons,
        ["2 high risk(s) unchanged since revision 4"],
        "still named"
    );

    let verdict = from_plan(&upgrade_with_risks(2, 1), &Source::Unsaved).verdict;
    assert_eq!(verdict.tone, Tone::Warning, "{verdict:?}");
    assert_eq!(verdict.headline, "Review needed");
    assert_eq!(
        verdict.reasons,
        [
            "1 high risk(s)",
            "2 high risk(s) unchanged since revision 4"
        ]
    );

    // An install has no deployed revision: every risk is new.
    let mut install = upgrade_with_risks(2, 0);
    install.operation = Operation::Install;
    install.permission_changes = None;
    let verdict = from_plan(&install, &Source::Unsaved).verdict;
    assert_eq!(verdict.headline, "Review needed");
    assert_eq!(verdict.reasons, ["2 high risk(s)"]);

    // A stack of such upgrades is ready as a whole.
    use libpkg::stack::plan::{ReleasePlan, StackPlan, StackTarget};
    let stack = StackPlan::new(
        StackTarget {
            name: "shop".to_string(),
            environment: None,
            namespace: "default".to_string(),
            only: Vec::new(),
            prune: false,
        },
        vec![vec!["redis".to_string()]],
        vec![ReleasePlan {
            name: "redis".to_string(),
            needs: Vec::new(),
            context: None,
            plan: upgrade_with_risks(1, 0),
        }],
        Vec::new(),
    )
    .seal();
    let verdict = super::from_stack(&stack, &Source::Unsaved).verdict;
    assert_eq!(verdict.tone, Tone::Good, "{verdict:?}");
    assert_eq!(
        verdict.reasons,
        ["redis: 1 high risk(s) unchanged since revision 4"]
    );
}

#[test]
fn package_text_notifies_no_one() {
    let inline = super::markdown::inline;
    assert_eq!(inline("cc @platform-team"), "cc @\u{2060}platform-team");
    assert_eq!(inline("@admins"), "@\u{2060}admins");
    // Not mentions: a pinned reference and a mail address stay copyable.
    assert_eq!(inline("web@sha256:00"), "web@sha256:00");
    assert_eq!(inline("alice@example.com"), "alice@example.com");
}

/// Issue 52: a stack plan's hash is whole on a terminal of 80 columns, on
/// a line of its own under its label (as a release plan's); piped, one line.
#[test]
fn the_stack_plan_hash_is_whole_within_80_columns() {
    let stack = three_release_stack();
    let hash = stack.hash.to_string();
    let narrow = crate::view::stack::render(&stack, crate::view::Layout { width: Some(80) });
    let lines: Vec<&str> = narrow.lines().collect();
    let at = (lines.iter())
        .position(|line| *line == "Stack plan hash:")
        .unwrap_or_else(|| panic!("the label on its own line:\n{narrow}"));
    assert_eq!(lines[at + 1], format!("  {hash}"));
    assert!(lines[at + 1].chars().count() <= 80);
    let piped = crate::view::stack::render(&stack, crate::view::Layout { width: None });
    assert!(
        piped
            .lines()
            .any(|line| line == format!("Stack plan hash: {hash}")),
        "{piped}"
    );
}

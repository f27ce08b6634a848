//! The question before applying, on a real pseudo-terminal: only `yes` and
//! Enter, typed after the question appeared, applies a plan.

use std::time::Duration;

use kubectl_pkg_e2e::{BASIC_MANIFESTS, PROMPT, Pkg, config_maps};

#[test]
fn type_ahead_a_lone_y_and_maybe_never_apply_a_plan() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("prompt");
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    let install = ["install", "./app", "-n", &ns, "--wait=false"];

    // `yes` typed while the plan is being made is thrown away; a `y` without
    // Enter is no answer; `y` and Enter is not `yes`.
    let mut terminal = pkg.terminal(&install, &[], "");
    terminal.type_keys(b"yes\n");
    let screen = terminal.wait_for(PROMPT);
    for shown in [
        "Objects: 3 to create, 0 to update, 0 to delete, 0 unchanged",
        "Access:  you may perform every action in this plan",
        "Plan:    sha256:",
        "Apply plan sha256:",
    ] {
        assert!(
            screen.contains(shown),
            "{shown:?} before the question:\n{screen}"
        );
    }
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        terminal.running(),
        "type-ahead answered:\n{}",
        terminal.screen()
    );
    terminal.type_keys(b"y");
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        terminal.running(),
        "a key without Enter answered:\n{}",
        terminal.screen()
    );
    assert!(!pkg.exists(&ns, "configmap/app-config"));
    terminal.type_keys(b"\n");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(3), "`y` is not `yes`:\n{screen}");
    assert!(screen.contains("declined: nothing was changed"), "{screen}");
    assert!(!pkg.exists(&ns, "configmap/app-config"));

    let mut terminal = pkg.terminal(&install, &[], "");
    terminal.wait_for(PROMPT);
    terminal.type_keys(b"maybe\n");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(3), "{screen}");
    assert!(!pkg.exists(&ns, "configmap/app-config"));
    assert!(!pkg.lease_exists(&ns, "app"), "declining releases the lock");

    // `yes` and Enter applies.
    let mut terminal = pkg.terminal(&install, &[], "");
    terminal.wait_for(PROMPT);
    terminal.type_keys(b"yes\n");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(0), "{screen}");
    assert!(pkg.exists(&ns, "configmap/app-config"));
}

#[test]
fn output_piped_to_another_program_is_never_asked() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("piped");
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    // As `install | less`: the pager owns the keyboard, so nothing is asked.
    let mut terminal = pkg.terminal(
        &["install", "./app", "-n", &ns, "--wait=false"],
        &[],
        "| cat",
    );
    terminal.type_keys(b"yes\n");
    let (_, screen) = terminal.finish();
    assert!(!screen.contains(PROMPT), "{screen}");
    assert!(
        screen.contains(
            "refusing to apply without confirmation: standard output is piped or redirected (the plan is not shown on the terminal)"
        ),
        "{screen}"
    );
    // Only standard output is piped: the keyboard is not blamed, and the
    // message says how to answer.
    assert!(!screen.contains("standard input"), "{screen}");
    assert!(screen.contains("pass --yes to apply the plan as shown, or run without the pipe or redirection to be asked"), "{screen}");
    assert!(
        screen.contains("Plan hash: sha256:"),
        "the plan is shown:\n{screen}"
    );
    assert!(!pkg.exists(&ns, "configmap/app-config"));
}

#[test]
fn ctrl_c_at_the_question_changes_nothing_and_leaves_no_lock() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("ctrlc");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let v2: Vec<(&str, String)> = BASIC_MANIFESTS
        .iter()
        .map(|(f, t)| (*f, t.replace("production", "staging")))
        .collect();
    pkg.write_package("v2", "app", "1.1.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let mut terminal = pkg.terminal(
        &["upgrade", "app", "./v2", "-n", &ns, "--wait=false"],
        &[],
        "",
    );
    terminal.wait_for(PROMPT);
    assert!(
        pkg.lease_exists(&ns, "app"),
        "the lock is held while asking"
    );
    terminal.type_keys(b"\x03");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(130), "{screen}");
    assert!(
        screen.contains("Interrupted at the question: nothing was changed."),
        "{screen}"
    );
    assert!(!pkg.lease_exists(&ns, "app"), "Ctrl-C releases the lock");
    assert_eq!(pkg.statuses("app", &ns), ["deployed"]);
    let config = pkg.get_json(Some(&ns), "configmap", "app-config");
    assert!(!config.to_string().contains("staging"), "{config}");
}

#[test]
fn ctrl_c_during_an_apply_releases_the_lock_says_how_far_it_got_and_the_next_upgrade_continues() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("ctrlcapply");
    pkg.write_package("v1", "big", "1.0.0", &config_maps("old", 3, "1"));
    let v2: Vec<(String, String)> = config_maps("old", 3, "2")
        .into_iter()
        .chain(config_maps("new", 1500, "2"))
        .collect();
    pkg.write_package("v2", "big", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let mut terminal = pkg.terminal(
        &["upgrade", "big", "./v2", "-n", &ns, "--wait=false"],
        &[],
        "",
    );
    terminal.wait_for(PROMPT);
    terminal.type_keys(b"yes\n");
    terminal.wait_for("  created   ConfigMap");
    terminal.type_keys(b"\x03");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(130), "{screen}");
    let prefix = "Interrupted while applying revision 2 of release big: ";
    let told = screen
        .split_once(prefix)
        .and_then(|(_, rest)| rest.lines().next())
        .unwrap_or_else(|| panic!("no word of the interruption:\n{screen}"));
    let done: usize = told
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{told}"));
    assert!(done > 0 && done < 1503, "{told}");
    assert!(
        told.contains(&format!("`kubectl pkg status big -n {ns}`")),
        "{told}"
    );
    assert!(!pkg.lease_exists(&ns, "big"), "Ctrl-C releases the lock");
    assert_eq!(pkg.statuses("big", &ns), ["deployed", "pending"]);

    // What it said runs, and the next upgrade takes over.
    let status = pkg.run(["status", "big", "-n", &ns]);
    assert!(status.ok().contains("interrupted"), "{}", status.stdout);
    let next = pkg.run(["upgrade", "big", "./v2", "-n", &ns, "--yes", "--wait=false"]);
    next.ok();
    assert!(
        next.stderr
            .contains("Revision 2 had been interrupted: recorded it as failed"),
        "{}",
        next.stderr
    );
    assert_eq!(
        pkg.statuses("big", &ns),
        ["superseded", "failed", "deployed"]
    );
}

/// Runs the binary with `args` in a tmux session 80 columns wide (tmux is a
/// real terminal: it draws what the program writes, escape sequences and
/// all) and returns the screen as tmux shows it once the program exited,
/// with its exit code on a last line `EXIT=N`.
fn tmux_screen(pkg: &Pkg, args: &[&str]) -> String {
    let socket = kubectl_pkg_e2e::unique("tmux");
    let command = format!(
        "{} {}; echo EXIT=$?; sleep 600",
        kubectl_pkg_e2e::binary().display(),
        args.join(" ")
    );
    let tmux = |extra: &[&str]| {
        let mut all = vec!["-L", &socket, "-f", "/dev/null"];
        all.extend(extra);
        pkg.run_program("tmux", all)
    };
    tmux(&[
        "new-session",
        "-d",
        "-x",
        "80",
        "-y",
        "50",
        "sh",
        "-c",
        &command,
    ])
    .ok();
    let mut screen = String::new();
    for _ in 0..600 {
        screen = tmux(&["capture-pane", "-p", "-S", "-"]).ok().to_string();
        if screen.contains("EXIT=") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux(&["kill-server"]);
    assert!(screen.contains("EXIT="), "did not finish:\n{screen}");
    screen
}

/// Issue 52: a leftover spinner frame (`⠁`) on a line of its own after an apply.
#[test]
fn an_apply_leaves_no_spinner_frame_on_the_screen() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("spinner");
    // Objects ready at once: the apply waits (--wait) and the spinner runs.
    pkg.write_package("app", "app", "1.0.0", &config_maps("settings", 3, "1"));
    let screen = tmux_screen(&pkg, &["install", "./app", "-n", &ns, "--yes"]);
    assert!(screen.contains("EXIT=0"), "{screen}");
    assert!(
        screen.contains("revision 1 deployed"),
        "the outcome is reported:\n{screen}"
    );
    // Braille patterns are the spinner's frames.
    let frames: Vec<&str> = screen
        .lines()
        .filter(|line| line.chars().any(|c| ('\u{2800}'..='\u{28FF}').contains(&c)))
        .collect();
    assert!(
        frames.is_empty(),
        "spinner frames left: {frames:?}\n{screen}"
    );
}

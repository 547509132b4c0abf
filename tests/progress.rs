//! The progress line, through the binary under a pseudo-terminal (`script`):
//! drawn only on a terminal and only after about half a second, one line
//! that fits the terminal's width, rewritten in place (`\r` and clear to
//! the end of the line), erased before the answer, and naming directories
//! as the user gave them.

mod common;

use std::path::Path;
use std::process::Command;

use common::{minimod, write_file};

/// OLD_DIR and NEW_DIR under `at`: `n` counted objects renamed, enough
/// work for the refactor to run past the delay.
fn big_rename(at: &Path, n: usize) {
    for (side, name) in [("old", "before"), ("new", "after")] {
        write_file(
            &at.join(side).join("main.tf"),
            &format!(
                "resource \"terraform_data\" \"{name}\" {{\n  count = {n}\n  input = \"object-${{count.index}}\"\n}}\n"
            ),
        );
    }
}

/// `minimod ARGS` in `cwd` under a pseudo-terminal `cols` wide: all it
/// wrote to the terminal (stdout and stderr), and its exit code.
fn on_terminal(cwd: &Path, cols: u16, args: &str) -> (Option<i32>, String) {
    let bin = env!("CARGO_BIN_EXE_minimod");
    let inner = format!("stty cols {cols} rows 24; exec {bin} {args}");
    let out = Command::new("script")
        .current_dir(cwd)
        .args(["-qec", &inner, "/dev/null"])
        .env_remove("MINIMOD_TIMINGS")
        .env_remove("GITHUB_ACTIONS")
        .env_remove("NO_COLOR")
        .output()
        .expect("running script");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The progress lines drawn: each text after `\r` + clear to end of line,
/// but the last, which erases the line for the answer.
fn drawn(terminal: &str) -> Vec<String> {
    let parts: Vec<&str> = terminal.split("\r\x1b[K").skip(1).collect();
    parts[..parts.len().saturating_sub(1)]
        .iter()
        .map(|s| s.split(['\r', '\n']).next().unwrap_or_default().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn a_long_refactor_shows_one_fitting_line_and_erases_it() {
    let tmp = tempfile::tempdir().unwrap();
    // Large enough that a debug build runs well past the delay on a quiet
    // machine, so the steps after it are drawn.
    big_rename(tmp.path(), 60000);
    // Narrow enough that every step drawn is cut, whichever steps outlast
    // the delay on a busy machine ("proving 1 block" is the last long one).
    let (code, terminal) = on_terminal(tmp.path(), 14, "refactor old new");
    assert_eq!(code, Some(0), "{terminal}");
    let lines = drawn(&terminal);
    assert!(!lines.is_empty(), "no progress drawn:\n{terminal:?}");
    for l in &lines {
        assert!(l.chars().count() < 14, "wider than the terminal: {l:?}");
        assert!(!l.contains("/tmp") && !l.contains(".tmp"), "{l:?}");
        assert!(!l.contains('\x1b'), "{l:?}");
    }
    // Cut, not wrapped: a long step ends in an ellipsis.
    assert!(lines.iter().any(|l| l.ends_with('…')), "{lines:?}");
    // Erased before the answer: the blocks start on a clean line.
    let blocks = terminal.find("# new/moved.tf").expect("the blocks");
    assert!(terminal[..blocks].ends_with("\r\x1b[K"), "{terminal:?}");
    // Nothing drawn after the report.
    assert!(terminal.ends_with("0 to destroy.\r\n"), "{terminal:?}");
}

#[test]
fn a_quick_command_shows_no_progress() {
    let fixture = common::repo_root().join("fixtures/refactors/extract-database-module");
    let (code, terminal) = on_terminal(&fixture, 80, "refactor old new");
    assert_eq!(code, Some(0), "{terminal}");
    assert!(!terminal.contains("\x1b[K"), "{terminal:?}");
}

#[test]
fn no_progress_without_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    big_rename(tmp.path(), 15000);
    let out = minimod(tmp.path())
        .args(["refactor", "old", "new"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
}

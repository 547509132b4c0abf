//! `minimod check` on a pull request that touches many roots: the comment
//! stays within GitHub's limit on a comment, the whole report goes to the
//! job summary, and the annotations within the 10 GitHub shows for a step.

mod common;

#[path = "../benches/shapes.rs"]
#[allow(dead_code)]
mod shapes;

use std::path::Path;

/// Roots whose module call is renamed on `nomoves` without the `moved`
/// block, and the module's resources too: every root fails with blocks to
/// add to two files, about 400 characters of comment each.
fn failing_roots(dir: &Path, roots: usize) {
    shapes::many_roots(dir, roots, 1, 1);
    let git = |args: &[&str]| {
        let out = common::git(dir, args);
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            common::stderr(&out)
        );
    };
    git(&["checkout", "-q", "-b", "nomoves"]);
    for r in 0..roots {
        let root = dir.join(format!("roots/r{r:03}"));
        std::fs::remove_file(root.join("moved.tf")).unwrap();
        let module = std::fs::read_to_string(root.join("mod/main.tf")).unwrap();
        let changed = module
            .replace(
                r#""terraform_data" "server""#,
                r#""terraform_data" "backend""#,
            )
            .replace("terraform_data.server", "terraform_data.backend")
            .replace(r#""terraform_data" "lb""#, r#""terraform_data" "balancer""#);
        assert_ne!(module, changed);
        std::fs::write(root.join("mod/main.tf"), changed).unwrap();
    }
    git(&["add", "-A"]);
    git(&[
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-q",
        "-m",
        "no moves",
    ]);
}

#[test]
fn two_hundred_failing_roots_fit_one_comment_and_ten_annotations() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    failing_roots(&repo, 200);
    let summary = tmp.path().join("summary.md");
    let out = common::minimod(&repo)
        .args([
            "check", "--base", "base", "--head", "nomoves", "--format", "markdown", ".",
        ])
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    let (md, err) = (common::stdout(&out), common::stderr(&out));
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        md.chars().count() <= 65_535,
        "{} characters",
        md.chars().count()
    );
    assert!(md.len() <= 65_535, "{} bytes", md.len());
    // The table comes first and lists every root before any details.
    let table_end = md.find("<details>").expect("details");
    for r in 0..200 {
        let at = md.find(&format!("roots/r{r:03}`")).expect("a row per root");
        assert!(at < table_end, "r{r:03}'s row follows the details");
    }
    let details = md.matches("<details>").count();
    assert_eq!(
        md.matches("</details>").count(),
        details,
        "every details block is closed"
    );
    assert!(details > 0 && details < 200, "{details} roots with details");
    let left_out = format!(
        "**{} of 200 root modules are left out of this report",
        200 - details
    );
    assert!(md.contains(&left_out), "{}", &md[md.len() - 400..]);
    assert!(
        md.trim_end()
            .ends_with("The whole report is in this run's job summary."),
        "{}",
        &md[md.len() - 400..]
    );

    // The job summary has every root's details.
    let whole = std::fs::read_to_string(&summary).unwrap();
    assert!(whole.len() <= 1 << 20);
    assert_eq!(whole.matches("<details>").count(), 200);
    assert!(!whole.contains("left out"));
    assert_eq!(whole.matches("from = module.svc").count(), 200);
    assert_eq!(whole.matches("from = terraform_data.server").count(), 200);

    // GitHub shows 10 annotations of a step: 9 roots and one for the rest.
    let annotations: Vec<&str> = err.lines().filter(|l| l.starts_with("::error")).collect();
    assert_eq!(annotations.len(), 10, "{err}");
    assert!(
        annotations[9].contains(
            "191 more root modules or directories failed the check (roots/r009, roots/r010,"
        ),
        "{}",
        annotations[9]
    );
}

#[test]
fn a_check_that_cannot_run_still_comments_what_is_wrong() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    failing_roots(&repo, 1);
    let summary = tmp.path().join("summary.md");
    let out = common::minimod(&repo)
        .args([
            "check",
            "--base",
            "no-such-rev",
            "--format",
            "markdown",
            ".",
        ])
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    let (md, err) = (common::stdout(&out), common::stderr(&out));
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(md.starts_with("### minimod check could not run\n"), "{md}");
    assert!(md.contains("no-such-rev"), "{md}");
    assert_eq!(std::fs::read_to_string(&summary).unwrap(), md);
    let annotations: Vec<&str> = err.lines().filter(|l| l.starts_with("::error")).collect();
    assert_eq!(annotations.len(), 1, "{err}");
    assert!(
        annotations[0].contains("the check could not run: "),
        "{err}"
    );
    // The log still has the diagnostics, as terraform prints them.
    assert!(err.contains("Error: "), "{err}");

    let out = common::minimod(&repo)
        .args(["check", "--base", "no-such-rev", "--format", "json", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["format_version"], "1.0");
    assert_eq!(doc["diagnostics"][0]["severity"], "error", "{doc}");
}

/// Every command's `--json` writes a document on an error too: its
/// `format_version` and terraform's `-json` diagnostics.
#[test]
fn json_commands_write_their_diagnostics_on_error() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing");
    let missing = missing.to_str().unwrap();
    let runs: [&[&str]; 4] = [
        &["refactor", missing, missing, "--json"],
        &["plan", missing, "--json"],
        &["discover", missing, "--json"],
        &["outputs", missing, "--json"],
    ];
    for args in runs {
        let out = common::run(tmp.path(), args);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", common::stdout(&out)));
        assert_eq!(doc["format_version"], "1.0", "{args:?}");
        let first = &doc["diagnostics"][0];
        assert_eq!(first["severity"], "error", "{args:?}: {doc}");
        assert!(first["summary"].is_string(), "{args:?}: {doc}");
        // The log still says it, as terraform prints it.
        assert!(common::stderr(&out).contains("Error: "), "{args:?}");
    }
}

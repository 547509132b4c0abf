//! The refactor's report on stderr, through plain pipes: the verdict, the
//! counts and the next step come first and the details after; `-q` prints
//! the verdict alone, `-v` adds each pair with why it paired and where the
//! prior objects came from.

mod common;

use common::{outcome, repo_root, write_file};

#[test]
fn the_verdict_and_counts_lead() {
    let fixture = repo_root().join("fixtures/refactors/extract-database-module");
    let (code, out, err) = outcome(&fixture, ["refactor", "old", "new"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("# new/moved.tf\n"), "{out}");
    assert_eq!(
        err,
        "Proven: nothing that was only moved is destroyed.\n\
         minimod: 3 objects paired, 3 moved blocks.\n\
         With these blocks: Plan: 0 to add, 0 to change, 0 to destroy.\n"
    );
}

#[test]
fn an_unproven_refactor_says_what_to_do_before_the_details() {
    let tmp = tempfile::tempdir().unwrap();
    write_file(
        &tmp.path().join("old/main.tf"),
        "resource \"terraform_data\" \"a\" {\n  input = 1\n}\n",
    );
    write_file(
        &tmp.path().join("new/main.tf"),
        "resource \"null_resource\" \"b\" {}\n",
    );
    let (code, _, err) = outcome(tmp.path(), ["refactor", "old", "new"]);
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0], "Not proven: the plan still destroys objects.",
        "{err}"
    );
    assert!(lines[1].starts_with("minimod: 0 objects paired"), "{err}");
    assert!(
        lines[2].starts_with("With these blocks: Plan: 1 to add"),
        "{err}"
    );
    assert!(lines[3].starts_with("Next: "), "{err}");
    let details = err.find("Not matched:").expect("the details");
    assert!(details > err.find("Next: ").unwrap(), "{err}");
}

#[test]
fn quiet_prints_the_verdict_and_the_blocks() {
    let fixture = repo_root().join("fixtures/refactors/extract-database-module");
    let (_, loud, _) = outcome(&fixture, ["refactor", "old", "new"]);
    for flag in ["-q", "--quiet", "-quiet"] {
        let (code, out, err) = outcome(&fixture, ["refactor", "old", "new", flag]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out, loud, "{flag}");
        assert_eq!(
            err, "Proven: nothing that was only moved is destroyed.\n",
            "{flag}"
        );
    }
}

#[test]
fn verbose_adds_each_pair_and_the_prior_objects() {
    let fixture = repo_root().join("fixtures/refactors/extract-database-module");
    let (code, _, err) = outcome(&fixture, ["refactor", "old", "new", "-v"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.starts_with("Proven: nothing that was only moved is destroyed.\n"),
        "{err}"
    );
    assert!(
        err.contains("\nPaired (before -> after, and why):\n  - terraform_data.db -> module.db.terraform_data.main: same type, equal values\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "Prior objects: none given (no --state): old's configuration stands for them.\n"
        ),
        "{err}"
    );
    let (_, _, err) = outcome(
        &fixture,
        [
            "refactor",
            "old",
            "new",
            "--verbose",
            "--state",
            "expected/prior.tfstate",
        ],
    );
    assert!(
        err.contains("Prior objects: the state expected/prior.tfstate.\n"),
        "{err}"
    );
}

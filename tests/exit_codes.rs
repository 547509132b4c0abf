//! The exit-code rule, as the README states it, for every command: 0
//! success; 1 the answer is "no" (not proven, check failed); 2 the input or
//! the environment is wrong. `plan` and `apply` keep terraform's own
//! convention: 1 for any error, 2 for changes with `--detailed-exitcode`.

mod common;

use std::path::{Path, PathBuf};

use common::{outcome, repo_root, write_file};

/// (command line, exit code, what stderr says). Words are split at spaces;
/// `{name}` stands for a path of [`places`].
const CASES: &[(&str, i32, &str)] = &[
    ("addresses {empty}", 2, "No configuration files"),
    ("addresses {broken}", 2, "Missing name for resource"),
    ("outputs {empty}", 2, "No configuration files"),
    // As `terraform console`, which works in an empty directory.
    ("eval 1 {empty}", 0, ""),
    ("eval nosuch( {empty}", 1, "Error: "),
    ("plan {empty}", 1, "No configuration files"),
    ("plan {broken}", 1, "Missing name for resource"),
    ("plan --detailed-exitcode {a}", 2, ""),
    // Output values alone are changes too, as for terraform.
    (
        "plan --detailed-exitcode {outputs} --state {outputs_prior}",
        2,
        "",
    ),
    ("apply {empty}", 1, "No configuration files"),
    ("refactor {empty} {new}", 2, "No configuration files"),
    ("refactor {old} {empty}", 2, "No configuration files"),
    ("refactor {broken} {a}", 2, "Missing name for resource"),
    (
        "refactor {old} {new} -var nosuch=1",
        2,
        "Value for undeclared variable",
    ),
    (
        "refactor {old} {new} -var noequals",
        2,
        "Invalid -var option",
    ),
    (
        "refactor {old} {new} --state {show}",
        2,
        "terraform state pull",
    ),
    (
        "refactor {old} {new} --state {zoo}",
        2,
        "State does not match the configuration",
    ),
    (
        "refactor {old} {new} --state {prior} --verify-with minimod-no-such-binary",
        2,
        "Cannot run the verifier",
    ),
    ("refactor {a} {b}", 1, ""),
    ("refactor {old} {new} --state {prior}", 0, ""),
    ("discover {nonexistent}", 2, "No such directory"),
    ("check --base no-such-revision {empty}", 2, ""),
    ("no-such-command", 2, ""),
];

/// The inputs the cases name: scratch directories under `t` (empty, one
/// that does not load, two that differ) and committed fixtures.
fn places(t: &Path) -> Vec<(&'static str, PathBuf)> {
    let empty = t.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    write_file(
        &t.join("broken/main.tf"),
        "resource \"terraform_data\" {}\n",
    );
    write_file(
        &t.join("a/main.tf"),
        "resource \"terraform_data\" \"a\" {}\n",
    );
    write_file(
        &t.join("b/main.tf"),
        "resource \"terraform_data\" \"b\" {\n  input = 1\n}\n",
    );
    let fixture = repo_root().join("fixtures/refactors/rename-module-call-for-each");
    let zoo = repo_root().join("tests/data/state/zoo");
    let outputs = repo_root().join("tests/corpus/plans/outputs-only-change");
    vec![
        ("empty", empty),
        ("broken", t.join("broken")),
        ("a", t.join("a")),
        ("b", t.join("b")),
        ("nonexistent", t.join("nonexistent")),
        ("old", fixture.join("old")),
        ("new", fixture.join("new")),
        ("prior", fixture.join("expected/prior.tfstate")),
        ("zoo", zoo.join("terraform.tfstate")),
        ("show", zoo.join("show.json")),
        ("outputs", outputs.join("new")),
        ("outputs_prior", outputs.join("expected/prior.tfstate")),
    ]
}

#[test]
fn every_command_answers_bad_input_with_its_code() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let places = places(t);
    let mut failures = Vec::new();
    for (line, want, says) in CASES {
        let args: Vec<String> = line
            .split(' ')
            .map(
                |word| match places.iter().find(|(n, _)| format!("{{{n}}}") == word) {
                    Some((_, path)) => path.to_str().unwrap().to_owned(),
                    None => word.to_owned(),
                },
            )
            .collect();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, stderr) = outcome(t, &argv);
        if code != Some(*want) || !stderr.contains(says) {
            failures.push(format!(
                "minimod {}: exit {code:?}, want {want} saying {says:?}\n{stderr}",
                args.join(" ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// OpenTofu warns about a `removed` block that does not say whether to
/// destroy (its default differs from terraform's); terraform does not.
#[test]
fn tofu_warns_about_a_removed_block_without_lifecycle() {
    let dir = repo_root().join("tests/data/moves/removed_in_child/new");
    let state = dir.parent().unwrap().join("expected/prior.tfstate");
    let plan = |engine: &str| {
        let mut args = vec!["plan", "--engine", engine];
        if state.exists() {
            args.extend(["--state", state.to_str().unwrap()]);
        }
        args.push(dir.to_str().unwrap());
        let out = common::run(&repo_root(), &args);
        common::stdout(&out) + &common::stderr(&out)
    };
    assert!(
        plan("tofu").contains("Warning: Missing lifecycle from the removed block"),
        "{}",
        plan("tofu")
    );
    assert!(!plan("terraform").contains("Missing lifecycle"));
}

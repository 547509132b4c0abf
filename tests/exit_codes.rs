//! The exit-code rule, as the README states it, for every command: 0
//! success; 1 the answer is "no" (not proven, check failed); 2 the input or
//! the environment is wrong. `plan` and `apply` keep terraform's own
//! convention: 1 for any error, 2 for changes with `--detailed-exitcode`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs minimod and returns (exit code, stderr).
fn minimod(args: &[&str], cwd: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minimod"))
        .args(args)
        .current_dir(cwd)
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(name), text).unwrap();
}

#[test]
fn every_command_answers_bad_input_with_its_code() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let empty = t.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    write(
        &t.join("broken"),
        "main.tf",
        "resource \"terraform_data\" {}\n",
    );
    write(
        &t.join("a"),
        "main.tf",
        "resource \"terraform_data\" \"a\" {}\n",
    );
    write(
        &t.join("b"),
        "main.tf",
        "resource \"terraform_data\" \"b\" {\n  input = 1\n}\n",
    );
    let fixture = repo().join("fixtures/refactors/rename-module-call-for-each");
    let old = fixture.join("old");
    let new = fixture.join("new");
    let prior = fixture.join("expected/prior.tfstate");
    let zoo_state = repo().join("tests/data/state/zoo/terraform.tfstate");
    let show_json = repo().join("tests/data/state/zoo/show.json");
    let s = |p: &Path| p.to_str().unwrap().to_owned();
    let (empty_s, broken_s, a_s, b_s) = (
        s(&empty),
        s(&t.join("broken")),
        s(&t.join("a")),
        s(&t.join("b")),
    );
    let (old_s, new_s) = (s(&old), s(&new));
    let cases: Vec<(Vec<String>, i32, &str)> = vec![
        (
            vec!["addresses".into(), empty_s.clone()],
            2,
            "No configuration files",
        ),
        (
            vec!["addresses".into(), broken_s.clone()],
            2,
            "Missing name for resource",
        ),
        (
            vec!["outputs".into(), empty_s.clone()],
            2,
            "No configuration files",
        ),
        // As `terraform console`, which works in an empty directory.
        (vec!["eval".into(), "1".into(), empty_s.clone()], 0, ""),
        (
            vec!["eval".into(), "nosuch(".into(), empty_s.clone()],
            1,
            "Error: ",
        ),
        (
            vec!["plan".into(), empty_s.clone()],
            1,
            "No configuration files",
        ),
        (
            vec!["plan".into(), broken_s.clone()],
            1,
            "Missing name for resource",
        ),
        (
            vec!["plan".into(), "--detailed-exitcode".into(), a_s.clone()],
            2,
            "",
        ),
        (
            vec!["apply".into(), empty_s.clone()],
            1,
            "No configuration files",
        ),
        (
            vec!["refactor".into(), empty_s.clone(), new_s.clone()],
            2,
            "No configuration files",
        ),
        (
            vec!["refactor".into(), old_s.clone(), empty_s.clone()],
            2,
            "No configuration files",
        ),
        (
            vec!["refactor".into(), broken_s.clone(), a_s.clone()],
            2,
            "Missing name for resource",
        ),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "-var".into(),
                "nosuch=1".into(),
            ],
            2,
            "Value for undeclared variable",
        ),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "-var".into(),
                "noequals".into(),
            ],
            2,
            "Invalid -var option",
        ),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "--state".into(),
                s(&show_json),
            ],
            2,
            "terraform state pull",
        ),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "--state".into(),
                s(&zoo_state),
            ],
            2,
            "State does not match the configuration",
        ),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "--state".into(),
                s(&prior),
                "--verify-with".into(),
                "minimod-no-such-binary".into(),
            ],
            2,
            "Cannot run the verifier",
        ),
        (vec!["refactor".into(), a_s.clone(), b_s.clone()], 1, ""),
        (
            vec![
                "refactor".into(),
                old_s.clone(),
                new_s.clone(),
                "--state".into(),
                s(&prior),
            ],
            0,
            "",
        ),
        (
            vec!["discover".into(), s(&t.join("nonexistent"))],
            2,
            "No such directory",
        ),
        (
            vec![
                "check".into(),
                "--base".into(),
                "no-such-revision".into(),
                empty_s.clone(),
            ],
            2,
            "",
        ),
        (vec!["no-such-command".into()], 2, ""),
    ];
    let mut failures = Vec::new();
    for (args, want, says) in &cases {
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stderr) = minimod(&argv, t);
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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/moves/removed_in_child/after");
    let state = dir.parent().unwrap().join("before.tfstate");
    let plan = |engine: &str| {
        let mut args = vec!["plan", "--engine", engine];
        if state.exists() {
            args.extend(["--state", state.to_str().unwrap()]);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_minimod"))
            .args(&args)
            .arg(&dir)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    assert!(
        plan("tofu").contains("Warning: Missing lifecycle from the removed block"),
        "{}",
        plan("tofu")
    );
    assert!(!plan("terraform").contains("Missing lifecycle"));
}

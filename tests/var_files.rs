//! `-var-file` in a refactor, as the README's example runs it from the
//! refactored checkout: `minimod refactor ../before/envs/prod envs/prod
//! -var-file=prod.tfvars`. A relative file is read from each side's own
//! directory when it is there (else from the current directory); with
//! `--old-var-file`, OLD_DIR reads that file instead and NEW_DIR
//! `-var-file`.

mod common;

use std::path::Path;

use common::{outcome, write_file};

/// A checkout holding `envs/prod` with one resource named `name` whose
/// input is the variable `var`, and `files` beside it.
fn checkout(at: &Path, name: &str, var: &str, files: &[(&str, &str)]) {
    let root = at.join("envs/prod");
    write_file(
        &root.join("main.tf"),
        &format!(
            "variable \"{var}\" {{\n  type = string\n}}\n\nresource \"terraform_data\" \"{name}\" {{\n  input = var.{var}\n}}\n"
        ),
    );
    for (file, text) in files {
        write_file(&root.join(file), text);
    }
}

#[test]
fn the_readme_example_reads_each_sides_var_file() {
    let tmp = tempfile::tempdir().unwrap();
    checkout(
        &tmp.path().join("before"),
        "web",
        "region",
        &[("prod.tfvars", "region = \"eu-west-1\"\n")],
    );
    // The variable was renamed with the resource: one file could not
    // serve both sides.
    checkout(
        &tmp.path().join("after"),
        "frontend",
        "aws_region",
        &[("prod.tfvars", "aws_region = \"eu-west-1\"\n")],
    );
    let cwd = tmp.path().join("after");
    let (code, out, err) = outcome(
        &cwd,
        [
            "refactor",
            "../before/envs/prod",
            "envs/prod",
            "-var-file=prod.tfvars",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("from = terraform_data.web\n  to   = terraform_data.frontend"),
        "{out}"
    );
    assert!(!err.contains("Warning"), "{err}");
}

#[test]
fn a_var_file_of_the_current_directory_is_read_by_both_sides() {
    let tmp = tempfile::tempdir().unwrap();
    checkout(&tmp.path().join("before"), "web", "region", &[]);
    checkout(&tmp.path().join("after"), "frontend", "region", &[]);
    let cwd = tmp.path().join("after");
    write_file(&cwd.join("shared.tfvars"), "region = \"eu-west-1\"\n");
    let (code, out, err) = outcome(
        &cwd,
        [
            "refactor",
            "../before/envs/prod",
            "envs/prod",
            "-var-file",
            "shared.tfvars",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("to   = terraform_data.frontend"), "{out}");
}

#[test]
fn old_var_file_gives_old_dir_its_own_values() {
    let tmp = tempfile::tempdir().unwrap();
    checkout(&tmp.path().join("before"), "web", "region", &[]);
    checkout(&tmp.path().join("after"), "frontend", "aws_region", &[]);
    let cwd = tmp.path().join("after");
    write_file(&cwd.join("old.tfvars"), "region = \"eu-west-1\"\n");
    write_file(&cwd.join("new.tfvars"), "aws_region = \"eu-west-1\"\n");
    let (code, out, err) = outcome(
        &cwd,
        [
            "refactor",
            "../before/envs/prod",
            "envs/prod",
            "-var-file=new.tfvars",
            "-old-var-file=old.tfvars",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("to   = terraform_data.frontend"), "{out}");
    assert!(!err.contains("Warning"), "{err}");

    // The values decide: another region on the old side pairs nothing.
    write_file(&cwd.join("old.tfvars"), "region = \"us-east-1\"\n");
    let (code, out, err) = outcome(
        &cwd,
        [
            "refactor",
            "../before/envs/prod",
            "envs/prod",
            "--var-file",
            "new.tfvars",
            "--old-var-file",
            "old.tfvars",
        ],
    );
    assert_eq!(code, Some(1), "{out}{err}");
}

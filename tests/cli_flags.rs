//! terraform's flags and environment, through the binary: single-dash long
//! options, `-no-color`/`NO_COLOR`, `-chdir`, the no-op flags scripts pass
//! to terraform, `-compact-warnings`, `TF_CLI_ARGS*` and the version.
//! Where the behaviour is terraform's, the expectation names the terraform
//! 1.11 command that gave it; under MINIMOD_LIVE=1 the cheap ones are
//! asked of terraform again.

mod common;

use std::path::{Path, PathBuf};

use common::{live, minimod, outcome, repo_root, stderr, stdout, terraform_command, write_file};

/// A refactor fixture: old/ and new/ beside each other.
fn fixture() -> PathBuf {
    repo_root().join("fixtures/refactors/extract-database-module")
}

/// `minimod ARGS` in `cwd` with `env` set on top of the clean environment.
fn with_env(cwd: &Path, env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String, String) {
    let out = minimod(cwd)
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("running minimod");
    (out.status.code(), stdout(&out), stderr(&out))
}

/// A root module with one variable `x` and an output of it.
fn var_root() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    write_file(
        &tmp.path().join("main.tf"),
        "variable \"x\" {\n  default = \"\"\n}\noutput \"x\" {\n  value = var.x\n}\n",
    );
    tmp
}

/// The long options `minimod <command> --help` lists.
fn long_options(command: &[&str]) -> Vec<String> {
    let mut args = command.to_vec();
    args.push("--help");
    let (code, out, err) = outcome(&repo_root(), &args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out.lines()
        .filter_map(|l| l.trim_start().strip_prefix("--"))
        .filter_map(|l| l.split([' ', '[', '=', ',']).next())
        .filter(|n| !n.is_empty())
        .map(String::from)
        .collect()
}

/// The commands `minimod --help` (or a command's help) lists.
fn commands(under: &[&str]) -> Vec<Vec<String>> {
    let mut args = under.to_vec();
    args.push("--help");
    let (_, out, _) = outcome(&repo_root(), &args);
    let listed: Vec<String> = out
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(String::from)
        .collect();
    let mut all = Vec::new();
    for name in listed {
        let mut path: Vec<String> = under.iter().map(|s| s.to_string()).collect();
        path.push(name);
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        let nested = commands(&refs);
        match nested.is_empty() {
            true => all.push(path),
            false => all.extend(nested),
        }
    }
    all
}

#[test]
fn every_long_option_of_every_command_works_with_one_dash() {
    let tmp = tempfile::tempdir().unwrap();
    let all = commands(&[]);
    assert!(all.len() >= 9, "{all:?}");
    let mut failures = Vec::new();
    let mut seen = 0;
    for path in &all {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        for name in long_options(&path) {
            seen += 1;
            // Without its value, a value option is clap's "a value is
            // required"; either way, never an unknown argument.
            let mut args = path.clone();
            let flag = format!("-{name}");
            args.push(&flag);
            let (_, _, err) = outcome(tmp.path(), &args);
            if err.contains("unexpected argument") {
                failures.push(format!("minimod {}: {err}", args.join(" ")));
            }
        }
    }
    assert!(seen > 40, "only {seen} long options found in the help");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn one_dash_takes_equals_and_separate_values() {
    let f = fixture();
    let want = outcome(&f, ["refactor", "old", "new", "--output", "commands"]);
    assert_eq!(want.0, Some(0));
    assert!(want.1.contains("state mv"), "{}", want.1);
    for args in [
        &["refactor", "old", "new", "-output=commands"][..],
        &["refactor", "old", "new", "-output", "commands"],
    ] {
        assert_eq!(outcome(&f, args), want, "{args:?}");
    }
    // Each single-dash form does what its double-dash form does.
    let pairs: &[(&[&str], &[&str])] = &[
        (
            &[
                "refactor",
                "old",
                "new",
                "-ignore",
                "everything:terraform_data:input",
            ],
            &[
                "refactor",
                "old",
                "new",
                "--ignore",
                "everything:terraform_data:input",
            ],
        ),
        (
            &["refactor", "old", "new", "-ignore=nokind"],
            &["refactor", "old", "new", "--ignore=nokind"],
        ),
        (
            &["refactor", "old", "new", "-plan=nosuch.json"],
            &["refactor", "old", "new", "--plan", "nosuch.json"],
        ),
        (
            &["check", "--base", "HEAD", "-shard=0/2"],
            &["check", "--base", "HEAD", "--shard", "0/2"],
        ),
        (
            &["check", "-base=HEAD", "-tf-var-env", "-shard", "1/2"],
            &["check", "--base=HEAD", "--tf-var-env", "--shard=1/2"],
        ),
    ];
    for (single, double) in pairs {
        let (a, b) = (outcome(&f, *single), outcome(&f, *double));
        assert_eq!(a, b, "{single:?} against {double:?}");
        assert!(!a.2.contains("unexpected argument"), "{single:?}: {}", a.2);
    }
}

#[test]
fn an_unknown_single_dash_word_is_clap_error_and_short_flags_stay() {
    let f = fixture();
    let (code, _, err) = outcome(&f, ["plan", "-nosuch", "new"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unexpected argument '-n'"), "{err}");
    let (code, out, _) = outcome(&f, ["plan", "-h"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage: minimod plan"), "{out}");
    // -chdir is global only: after the command it is no option of it.
    let (code, _, err) = outcome(&f, ["addresses", "-chdir=new"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unexpected argument"), "{err}");
}

#[test]
fn no_color_flag_and_environment_are_accepted() {
    let f = fixture();
    let (code, plain, _) = outcome(&f, ["plan", "new"]);
    assert_eq!(code, Some(0));
    for (env, args) in [
        (&[][..], &["plan", "new", "-no-color"][..]),
        (&[], &["plan", "new", "--no-color"]),
        (&[], &["-no-color", "plan", "new"]),
        (&[("NO_COLOR", "1")], &["plan", "new"]),
    ] {
        let (code, out, err) = with_env(&f, env, args);
        assert_eq!(code, Some(0), "{env:?} {args:?}: {err}");
        assert_eq!(out, plain, "{env:?} {args:?}");
        assert!(!out.contains('\x1b'));
    }
}

#[test]
fn chdir_runs_from_the_directory() {
    let f = fixture();
    let (_, want, _) = outcome(&f, ["addresses", "new"]);
    let (code, out, err) = outcome(&f, ["-chdir=new", "addresses"]);
    assert_eq!((code, out), (Some(0), want), "{err}");
    // Relative paths (a var file) are from DIR.
    let root = var_root();
    write_file(&root.path().join("env/prod.tfvars"), "x = \"prod\"\n");
    let parent = root.path().parent().unwrap();
    let name = root.path().file_name().unwrap().to_str().unwrap();
    let chdir = format!("-chdir={name}");
    let (code, out, err) = outcome(
        parent,
        [&chdir, "eval", "var.x", "-var-file=env/prod.tfvars"],
    );
    assert_eq!((code, out.as_str()), (Some(0), "\"prod\"\n"), "{err}");
}

// `terraform -chdir=nope version` (1.11) printed
// "Error handling -chdir option: chdir nope: no such file or directory";
// `terraform -chdir=main.tf version`: "... chdir main.tf: not a directory";
// `terraform -chdir plan`: "Invalid -chdir option: must include an equals
// sign followed by a directory path, like -chdir=example".
const CHDIR_CASES: &[(&str, &str, &str)] = &[
    (
        "-chdir=nope",
        "Error handling -chdir option",
        "chdir nope: no such file or directory",
    ),
    (
        "-chdir=main.tf",
        "Error handling -chdir option",
        "chdir main.tf: not a directory",
    ),
    (
        "-chdir",
        "Invalid -chdir option",
        "must include an equals sign followed by a directory path, like -chdir=example",
    ),
];

#[test]
fn chdir_errors_say_what_terraform_says() {
    let root = var_root();
    for (flag, summary, detail) in CHDIR_CASES {
        let (code, out, err) = outcome(root.path(), [flag, "addresses"]);
        assert_eq!(code, Some(2), "{flag}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("Error: {summary}\n\n{detail}")),
            "{flag}: {err}"
        );
        if live() {
            let tf = terraform_command(root.path())
                .args([flag, "version"])
                .output()
                .expect("running terraform");
            let tf_err = stderr(&tf);
            assert!(
                tf_err.contains(&format!("{summary}: {detail}")),
                "terraform {flag} version: {tf_err}"
            );
        }
    }
    // The error says where a relative DIR was looked for.
    let (_, _, err) = outcome(root.path(), ["-chdir=nope", "addresses"]);
    let base = root.path().canonicalize().unwrap();
    assert!(err.contains(&base.display().to_string()), "{err}");
}

#[test]
fn no_op_terraform_flags_are_accepted_by_plan_and_apply() {
    let f = fixture();
    let (_, plain, _) = outcome(&f, ["plan", "new"]);
    let flags = [
        "-input=false",
        "-lock=false",
        "-lock-timeout=5m",
        "-refresh=false",
        "-compact-warnings",
        "-parallelism=4",
    ];
    let mut args = vec!["plan", "new"];
    args.extend(flags);
    let (code, out, err) = outcome(&f, &args);
    assert_eq!((code, out), (Some(0), plain), "{err}");
    // Go's forms: a bare bool flag, -refresh=true, a separate duration.
    let (code, _, err) = outcome(
        &f,
        [
            "plan",
            "new",
            "-input",
            "-refresh=true",
            "-lock=0",
            "-lock-timeout",
            "1h30m",
            "-parallelism=0",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    // apply writes its state into the root: a fresh copy for each run.
    let apply = |extra: &[&str]| {
        let tmp = tempfile::tempdir().unwrap();
        common::copy_tree(&f.join("new"), tmp.path());
        let mut args = vec!["apply"];
        args.extend(extra);
        outcome(tmp.path(), &args)
    };
    let (code, out, err) = apply(&flags);
    assert_eq!((code, out), (Some(0), apply(&[]).1), "{err}");
    // Bad values are refused as terraform refuses them (`terraform plan
    // -lock-timeout=xyz`: invalid value; `-parallelism=-1`: not positive).
    for bad in [
        "-lock-timeout=xyz",
        "-parallelism=-1",
        "-input=maybe",
        "-lock-timeout=5",
    ] {
        let (code, _, err) = outcome(&f, ["plan", "new", bad]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(err.contains("invalid value"), "{bad}: {err}");
    }
    // Where terraform takes none of them (`terraform output`), neither does
    // minimod.
    let (code, _, _) = outcome(&f, ["outputs", "new", "-lock=false"]);
    assert_eq!(code, Some(2));
}

#[test]
fn compact_warnings_print_only_summaries() {
    let root = var_root();
    write_file(&root.path().join("x.tfvars"), "nosuch = 1\nother = 2\n");
    let (code, _, full) = outcome(root.path(), ["addresses", "-var-file=x.tfvars"]);
    assert_eq!(code, Some(0));
    assert!(full.contains("To silence these warnings"), "{full}");
    // terraform's form (`terraform plan -compact-warnings -var-file=x.tfvars`
    // printed "Warnings:", "- Value for undeclared variable" once per
    // warning, and "To see the full warning notes, run Terraform without
    // -compact-warnings."); minimod's warning has a place, so the two are
    // one entry, as terraform consolidates warnings with a place.
    let (code, _, compact) = outcome(
        root.path(),
        ["addresses", "-var-file=x.tfvars", "-compact-warnings"],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        compact,
        "\nWarnings:\n\n- Value for undeclared variable\n  on x.tfvars line 1 (and 1 more)\n\nTo see the full warning notes, run minimod without -compact-warnings.\n"
    );
    // With an error, warnings stay whole (terraform: they are context).
    let (code, _, err) = outcome(
        root.path(),
        [
            "addresses",
            "-var-file=x.tfvars",
            "-var-file=missing.tfvars",
            "-compact-warnings",
        ],
    );
    assert_ne!(code, Some(0));
    assert!(!err.contains("Warnings:"), "{err}");
}

#[test]
fn tf_cli_args_are_read_as_terraform_reads_them() {
    let root = var_root();
    let r = root.path();
    let eval = |env: &[(&str, &str)], extra: &[&str]| {
        let mut args = vec!["eval", "var.x"];
        args.extend(extra);
        with_env(r, env, &args)
    };
    // Split as `TF_CLI_ARGS_console="-var 'x=a b'" terraform console` split
    // it (the value then printed: "a b").
    let (code, out, err) = eval(&[("TF_CLI_ARGS_eval", "-var 'x=a b'")], &[]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "\"a b\"\n", "")
    );
    let (_, out, _) = eval(&[("TF_CLI_ARGS", r#"-var=x=a\ b\"c"#)], &[]);
    assert_eq!(out, "\"a b\\\"c\"\n");
    // Order, as `TF_CLI_ARGS=-var=x=general TF_CLI_ARGS_console=-var=x=specific
    // terraform console` printed "general", and with -var=x=cli, "cli".
    let both = [
        ("TF_CLI_ARGS", "-var=x=general"),
        ("TF_CLI_ARGS_eval", "-var=x=specific"),
    ];
    assert_eq!(eval(&both, &[]).1, "\"general\"\n");
    assert_eq!(eval(&both, &["-var=x=cli"]).1, "\"cli\"\n");
    // A flag the command does not take: a warning, and the rest is used
    // (terraform fails: "flag provided but not defined: -out").
    let (code, out, err) = eval(&[("TF_CLI_ARGS_eval", "-out=tfplan -var=x=kept")], &[]);
    assert_eq!((code, out.as_str()), (Some(0), "\"kept\"\n"), "{err}");
    assert!(
        err.starts_with("\nWarning: Arguments in TF_CLI_ARGS_eval ignored\n\n"),
        "{err}"
    );
    assert!(err.contains("\n  -out=tfplan\n"), "{err}");
    // A line that does not split is an error (`TF_CLI_ARGS_console="-var=x='"
    // terraform console`: "Error parsing extra CLI args from
    // TF_CLI_ARGS_console: invalid command line string").
    let (code, out, err) = eval(&[("TF_CLI_ARGS", "-var=x='")], &[]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(
        err.contains(
            "Error: Error parsing extra CLI args from TF_CLI_ARGS\n\ninvalid command line string"
        ),
        "{err}"
    );
    // Shared flags reach plan: -no-color and a no-op.
    let (code, _, err) = with_env(
        r,
        &[(
            "TF_CLI_ARGS_plan",
            "-no-color -lock-timeout 3s -input=false",
        )],
        &["plan"],
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn tf_cli_args_split_live() {
    if !live() {
        return;
    }
    // The splitting cases above, asked of terraform console again.
    let root = var_root();
    for (line, want) in [
        ("-var 'x=a b'", "\"a b\""),
        (r#"-var=x=a\ b\"c"#, r#""a b\"c""#),
        ("-var=x=a;b", "\"a\""),
    ] {
        let mut cmd = terraform_command(root.path());
        cmd.arg("console").env("TF_CLI_ARGS_console", line);
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("running terraform console");
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"var.x\n").unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(stdout(&out).trim(), want, "terraform: {line}");
        let (_, mine, _) = with_env(
            root.path(),
            &[("TF_CLI_ARGS_eval", line)],
            &["eval", "var.x"],
        );
        assert_eq!(mine.trim(), want, "minimod: {line}");
    }
}

#[test]
fn check_reads_no_tf_cli_args() {
    let repo = common::repo_of(&[("README", "x\n")], &[]);
    let (code, want, want_err) = outcome(repo.path(), ["check", "--base", "HEAD"]);
    let (code2, out, err) = with_env(
        repo.path(),
        &[
            ("TF_CLI_ARGS", "-nosuch -format=json"),
            ("TF_CLI_ARGS_check", "-format=json -allow-add"),
        ],
        &["check", "--base", "HEAD"],
    );
    assert_eq!((code2, out, err), (code, want, want_err));
}

#[test]
fn version_prints_the_version_and_the_commit() {
    let f = fixture();
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(repo_root())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let want = format!("minimod v{} ({commit})\n", env!("CARGO_PKG_VERSION"));
    // As terraform: `terraform -v`, `-version`, `--version`, `version`,
    // and `terraform plan -version` all print the version.
    for args in [
        &["version"][..],
        &["-version"],
        &["--version"],
        &["-v"],
        &["-V"],
        &["plan", "-version"],
        &["-chdir=new", "-v"],
    ] {
        // TF_CLI_ARGS is written for other commands: no warning here.
        let (code, out, err) = with_env(&f, &[("TF_CLI_ARGS", "-out=x")], args);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (Some(0), want.as_str(), ""),
            "{args:?}"
        );
    }
}

/// A command line clap refuses, with `--json` (or `check --format json`):
/// stderr says what it says without, the exit code is the same, and
/// stdout is the error document (schemas/error.json) in terraform's
/// words, "Failed to parse command-line flags", with clap's message as
/// the detail, plain. Without `--json`, stdout stays empty.
#[test]
fn refused_command_lines_with_json_are_error_documents() {
    let dir = fixture();
    // (with JSON, the same without, what clap says)
    let cases: &[(&[&str], &[&str], &str)] = &[
        (
            &["plan", "--json", "--bogus"],
            &["plan", "--bogus"],
            "unexpected argument '--bogus' found",
        ),
        (
            &["plan", "-json", "-bogus"],
            &["plan", "-bogus"],
            "unexpected argument '-b' found",
        ),
        (
            &["refactor", "old", "--json"],
            &["refactor", "old"],
            "the following required arguments were not provided",
        ),
        (
            &["refactor", "old", "new", "--json", "--place", "nowhere"],
            &["refactor", "old", "new", "--place", "nowhere"],
            "invalid value 'nowhere' for '--place <PLACE>'",
        ),
        (
            &["discover", "--json", "a", "b"],
            &["discover", "a", "b"],
            "unexpected argument 'b' found",
        ),
        (
            &["outputs", "--json", "--state"],
            &["outputs", "--state"],
            "a value is required for '--state <FILE>'",
        ),
        (
            &["check", "--format", "json", "--shard", "x"],
            &["check", "--shard", "x"],
            "invalid value 'x' for '--shard <K/N>'",
        ),
    ];
    for (args, plain, message) in cases {
        let (code, out, err) = outcome(&dir, *args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        let doc: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"));
        common::schemas::assert_valid(&common::schemas::ours("error"), &doc, &format!("{args:?}"));
        let d = &doc["diagnostics"][0];
        assert_eq!(doc["diagnostics"].as_array().unwrap().len(), 1, "{doc}");
        assert_eq!(d["severity"], "error");
        assert_eq!(d["summary"], "Failed to parse command-line flags");
        let detail = d["detail"].as_str().unwrap();
        assert!(detail.starts_with(message), "{args:?}: {detail}");
        assert!(!detail.contains('\u{1b}'), "{args:?}: {detail:?}");
        // The detail is what stderr says, without clap's "error: ".
        assert_eq!(err.trim().strip_prefix("error: "), Some(detail), "{args:?}");
        let (plain_code, plain_out, plain_err) = outcome(&dir, *plain);
        assert_eq!(plain_code, Some(2), "{plain:?}");
        assert_eq!(plain_out, "", "{plain:?}");
        assert!(plain_err.starts_with("error: "), "{plain:?}: {plain_err}");
    }
    // Refused before clap reads it: -chdir, the environment's arguments.
    let (code, out, err) = outcome(&dir, ["-chdir=no-such-dir", "plan", "-json"]);
    assert_eq!(code, Some(2), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    common::schemas::assert_valid(&common::schemas::ours("error"), &doc, "-chdir");
    assert!(
        err.contains(doc["diagnostics"][0]["summary"].as_str().unwrap()),
        "{err}"
    );
    let (code, out, err) = with_env(
        &dir,
        &[("TF_CLI_ARGS_plan", "'unclosed")],
        &["plan", "--json"],
    );
    assert_eq!(code, Some(2), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    common::schemas::assert_valid(&common::schemas::ours("error"), &doc, "TF_CLI_ARGS");
    assert_eq!(
        doc["diagnostics"][0]["summary"],
        "Error parsing extra CLI args from TF_CLI_ARGS_plan"
    );
    let (_, out, _) = with_env(&dir, &[("TF_CLI_ARGS_plan", "'unclosed")], &["plan"]);
    assert_eq!(out, "");
    // Help and the version are no errors: no document.
    let (code, out, _) = outcome(&dir, ["plan", "--json", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("Show what"), "{out}");
}

//! minimod on a terminal: run under a pseudo-terminal (`script`), a plan
//! and a diagnostic are terraform's bytes, colours and the diagnostic box
//! included (tests/data/terminal, re-recorded live under MINIMOD_LIVE=1);
//! `-no-color`, `NO_COLOR`, `TF_IN_AUTOMATION` and a pipe give the plain
//! bytes; completion scripts parse; the man page renders; help wraps to
//! the terminal.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{live, minimod, repo_root, terraform_command};

const COLUMNS: u32 = 80;

fn case(name: &str) -> PathBuf {
    repo_root().join("tests/data/terminal").join(name)
}

/// Whether `script` (util-linux) is here to make a pseudo-terminal; a test
/// that needs it says so when it is not.
fn have_script() -> bool {
    let ok = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    // Live, the comparison with terraform's bytes was asked for: it fails
    // rather than passing by skipping.
    assert!(
        ok || std::env::var_os("MINIMOD_LIVE").is_none(),
        "MINIMOD_LIVE is set but there is no `script` command to run under a pseudo-terminal"
    );
    if !ok {
        eprintln!("skipped: no `script` command to run under a pseudo-terminal");
    }
    ok
}

/// Single quotes for sh.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// `program ARGS` in `command`'s directory and environment, on a
/// pseudo-terminal `COLUMNS` wide; `redirect` (sh) picks the stream the
/// terminal records, the other going to /dev/null. Its bytes as written.
fn on_terminal(mut command: Command, program: &str, args: &[&str], redirect: &str) -> Vec<u8> {
    let line: Vec<String> = std::iter::once(program.to_string())
        .chain(args.iter().map(|a| quoted(a)))
        .collect();
    let inner = format!("stty cols {COLUMNS} rows 40; {} {redirect}", line.join(" "));
    let out = command
        .env_clear_compat()
        .args(["-qc", &inner, "/dev/null"])
        .output()
        .expect("running script");
    out.stdout
}

/// The environment a terminal user has: none of the variables that ask
/// for plain output.
trait Plainless {
    fn env_clear_compat(&mut self) -> &mut Self;
}

impl Plainless for Command {
    fn env_clear_compat(&mut self) -> &mut Self {
        self.env_remove("NO_COLOR").env_remove("TF_IN_AUTOMATION")
    }
}

/// `script` in the directory `cwd`, with minimod's clean environment.
fn script_in(cwd: &Path) -> Command {
    let c = minimod(cwd);
    // The same environment minimod() sets up, for `script` instead.
    let envs: Vec<_> = c
        .get_envs()
        .map(|(k, v)| (k.to_owned(), v.map(|v| v.to_owned())))
        .collect();
    let mut s = Command::new("script");
    s.current_dir(cwd);
    for (k, v) in envs {
        match v {
            Some(v) => s.env(k, v),
            None => s.env_remove(k),
        };
    }
    s
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_minimod")
}

fn shown(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace('\x1b', "\\e")
}

/// The case copied into a temporary directory (terraform init writes).
fn copy_of(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_tree_except(&case(name), tmp.path(), &["expected.tty"]);
    tmp
}

/// terraform's bytes for the case, recorded now (live).
fn terraform_bytes(name: &str, args: &[&str], redirect: &str) -> Vec<u8> {
    let dir = copy_of(name);
    common::terraform(dir.path(), ["init", "-input=false"]).expect("terraform init");
    let probe = terraform_command(dir.path());
    let mut s = Command::new("script");
    s.current_dir(dir.path());
    for (k, v) in probe.get_envs() {
        match v {
            Some(v) => s.env(k, v),
            None => s.env_remove(k),
        };
    }
    // Recorded as the README says: terraform colours in automation too.
    s.env("TF_IN_AUTOMATION", "1");
    let line: Vec<String> = std::iter::once("terraform".to_string())
        .chain(args.iter().map(|a| quoted(a)))
        .collect();
    let inner = format!("stty cols {COLUMNS} rows 40; {} {redirect}", line.join(" "));
    s.args(["-qc", &inner, "/dev/null"])
        .output()
        .unwrap()
        .stdout
}

fn check_against_terraform(name: &str, minimod_args: &[&str], tf_args: &[&str], redirect: &str) {
    let expected_path = case(name).join("expected.tty");
    let expected = std::fs::read(&expected_path).unwrap();
    if live() {
        let now = terraform_bytes(name, tf_args, redirect);
        assert!(
            now == expected,
            "terraform now writes other bytes than {}:\n{}\n---\n{}",
            expected_path.display(),
            shown(&now),
            shown(&expected)
        );
    }
    if !have_script() {
        return;
    }
    let got = on_terminal(script_in(&case(name)), bin(), minimod_args, redirect);
    assert!(
        got == expected,
        "minimod on a terminal differs from terraform ({}):\n{}",
        expected_path.display(),
        common::unified_diff(&shown(&expected), &shown(&got), ("terraform", "minimod"))
    );
}

#[test]
fn plan_on_a_terminal_is_terraforms() {
    check_against_terraform(
        "plan",
        &["plan", "--engine", "terraform"],
        &["plan", "-refresh=false"],
        "2>/dev/null",
    );
}

#[test]
fn diagnostic_on_a_terminal_is_terraforms() {
    check_against_terraform(
        "diagnostic",
        &["plan"],
        &["plan", "-refresh=false"],
        "2>&1 >/dev/null",
    );
}

/// A subject over several lines inside a context over more: every line
/// quoted, the underline running across lines (and, as terraform counts,
/// one byte further for the blank line it leaves out).
#[test]
fn multi_line_diagnostic_on_a_terminal_is_terraforms() {
    check_against_terraform(
        "diagnostic-multi-line",
        &["plan"],
        &["plan", "-refresh=false"],
        "2>&1 >/dev/null",
    );
}

/// On a terminal, each way of asking for plain output gives the bytes a
/// pipe gets (the terminal's `\r\n` aside).
#[test]
fn plain_when_asked_or_piped() {
    for (name, redirect, piped_stream) in [
        ("plan", "2>/dev/null", 1),
        ("diagnostic", "2>&1 >/dev/null", 2),
    ] {
        let args = ["plan", "--engine", "terraform"];
        let piped = common::run(&case(name), args);
        let piped = match piped_stream {
            1 => piped.stdout,
            _ => piped.stderr,
        };
        assert!(
            !piped.is_empty() && !piped.contains(&0x1b),
            "{name}: {}",
            shown(&piped)
        );
        if !have_script() {
            return;
        }
        let with_flag: Vec<&str> = ["-no-color"].iter().chain(&args).copied().collect();
        // What the case is, the command line, an environment variable set.
        type ColorCase<'a> = (&'a str, &'a [&'a str], Option<(&'a str, &'a str)>);
        let cases: [ColorCase; 4] = [
            ("-no-color", &with_flag, None),
            (
                "--no-color after the command",
                &["plan", "--engine", "terraform", "--no-color"],
                None,
            ),
            ("NO_COLOR", &args, Some(("NO_COLOR", "1"))),
            ("TF_IN_AUTOMATION", &args, Some(("TF_IN_AUTOMATION", "1"))),
        ];
        for (what, args, env) in cases {
            let mut command = script_in(&case(name));
            command.env_clear_compat();
            let line: Vec<String> = std::iter::once(bin().to_string())
                .chain(args.iter().map(|a| quoted(a)))
                .collect();
            let inner = format!("stty cols {COLUMNS} rows 40; {} {redirect}", line.join(" "));
            if let Some((k, v)) = env {
                command.env(k, v);
            }
            let got = command
                .args(["-qc", &inner, "/dev/null"])
                .output()
                .unwrap()
                .stdout;
            let got = String::from_utf8_lossy(&got).replace("\r\n", "\n");
            assert_eq!(got, String::from_utf8_lossy(&piped), "{name} with {what}");
        }
    }
}

fn completion(shell: &str) -> String {
    let out = common::run(&repo_root(), ["completions", shell]);
    assert!(out.status.success(), "{shell}: {}", common::stderr(&out));
    let text = common::stdout(&out);
    assert!(
        text.contains("minimod") && text.contains("refactor"),
        "{shell}: {text}"
    );
    text
}

/// A shell's syntax check of the script, where the shell is installed.
fn parses_with(shell: &str, args: &[&str], script: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("completion");
    std::fs::write(&file, script).unwrap();
    match Command::new(shell).args(args).arg(&file).output() {
        Ok(out) => assert!(
            out.status.success(),
            "{shell} rejects the script: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(_) => eprintln!("skipped: no {shell} to parse its completion script"),
    }
}

#[test]
fn completions_parse_in_each_shell() {
    parses_with("bash", &["-n"], &completion("bash"));
    parses_with("zsh", &["-n"], &completion("zsh"));
    parses_with("fish", &["--no-execute"], &completion("fish"));
    let ps = completion("powershell");
    assert!(ps.contains("Register-ArgumentCompleter"), "{ps}");
    parses_with(
        "pwsh",
        &[
            "-NoProfile",
            "-Command",
            "$null = [scriptblock]::Create((Get-Content -Raw $args[0]))",
        ],
        &ps,
    );
    // An unknown shell is a usage error.
    let out = common::run(&repo_root(), ["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_page_renders_with_the_commands() {
    let out = common::run(&repo_root(), ["man"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let page = common::stdout(&out);
    assert!(
        page.starts_with(".ie") || page.contains(".TH minimod"),
        "{page}"
    );
    for command in ["refactor", "plan", "check", "completions", "man"] {
        assert!(
            page.contains(command),
            "the man page names {command}: {page}"
        );
    }
}

/// Help wraps to a narrow terminal and keeps its lines on a pipe.
#[test]
fn help_wraps_to_the_terminal() {
    let piped = common::stdout(&common::run(&repo_root(), ["refactor", "--help"]));
    assert!(
        piped.lines().any(|l| l.chars().count() > 60),
        "some help line is long"
    );
    if !have_script() {
        return;
    }
    let mut command = script_in(&repo_root());
    let inner = format!("stty cols 60 rows 40; {} refactor --help", quoted(bin()));
    let got = command
        .args(["-qc", &inner, "/dev/null"])
        .output()
        .unwrap()
        .stdout;
    let got = String::from_utf8_lossy(&got);
    // clap styles help on a terminal: its escapes take no columns.
    let unstyled = regex::Regex::new("\x1b\\[[0-9;]*m")
        .unwrap()
        .replace_all(&got, "");
    for line in unstyled.lines() {
        let width = line.trim_end_matches('\r').chars().count();
        assert!(width <= 60, "{width} columns: {line:?}");
    }
}

//! The command line before clap sees it, as terraform treats its own:
//! `-chdir=DIR`, `TF_CLI_ARGS` and `TF_CLI_ARGS_<command>`, `-version`
//! anywhere, and single-dash long flags. Every flag name comes from clap's
//! definitions, so a new option needs nothing here.

use std::collections::BTreeSet;
use std::ffi::OsString;

use clap::CommandFactory;

use crate::diagnostics::{Diagnostic, Diagnostics};

use super::Cli;

/// The built clap command (help and propagated global flags included).
pub(super) fn command() -> clap::Command {
    let mut cmd = Cli::command();
    cmd.build();
    cmd
}

/// Every long name (and visible alias) in `cmd` and its subcommands.
fn long_names(cmd: &clap::Command, out: &mut BTreeSet<String>) {
    for arg in cmd.get_arguments() {
        for name in arg.get_long_and_visible_aliases().into_iter().flatten() {
            out.insert(name.to_string());
        }
    }
    for sub in cmd.get_subcommands() {
        long_names(sub, out);
    }
}

/// Terraform's flags are single-dash (`-var`, `-var-file=x`, `-json`):
/// a single-dash word naming a long option of any command is rewritten to
/// clap's double-dash form. Short flags (one letter) and unknown words are
/// left for clap to parse or to report; nothing after `--` is touched.
pub(super) fn double_dash(cmd: &clap::Command, args: Vec<OsString>) -> Vec<OsString> {
    let mut names = BTreeSet::new();
    long_names(cmd, &mut names);
    let mut rest = false;
    args.into_iter()
        .map(|a| {
            if rest {
                return a;
            }
            let Some(s) = a.to_str() else { return a };
            if s == "--" {
                rest = true;
                return a;
            }
            if let Some(word) = s.strip_prefix('-').filter(|r| !r.starts_with('-')) {
                let name = word.split('=').next().unwrap_or(word);
                if name.chars().count() > 1 && names.contains(name) {
                    return OsString::from(format!("-{s}"));
                }
            }
            a
        })
        .collect()
}

/// terraform's `-chdir=DIR`: among the options before the subcommand (the
/// last one wins), removed from `args`. `Err` in terraform's words when it
/// has no value.
pub(super) fn take_chdir(args: &mut Vec<OsString>) -> Result<Option<OsString>, Box<Diagnostic>> {
    let mut found = None;
    for (i, a) in args.iter().enumerate() {
        let s = a.to_string_lossy();
        if !s.starts_with('-') {
            break;
        }
        let Some(value) = s
            .strip_prefix("-chdir")
            .or_else(|| s.strip_prefix("--chdir"))
        else {
            continue;
        };
        if value.is_empty() || value == "=" {
            return Err(Diagnostic::error(
                "Invalid -chdir option",
                "must include an equals sign followed by a directory path, like -chdir=example",
            )
            .into());
        }
        // `-chdirx` is another word, for clap to report.
        if value.starts_with('=') {
            found = Some(i);
        }
    }
    Ok(found.map(|i| {
        let arg = args.remove(i);
        let bytes = arg.as_encoded_bytes();
        let len = bytes.len() - bytes.iter().position(|&b| b == b'=').map_or(0, |p| p + 1);
        // The directory as given, bytes kept where it is not UTF-8.
        os_suffix(&arg, len).unwrap_or_else(|| {
            let s = arg.to_string_lossy();
            OsString::from(s.split_once('=').map_or("", |(_, d)| d))
        })
    }))
}

/// The last `len` bytes of `arg`, on Unix where an argument is bytes.
fn os_suffix(arg: &OsString, len: usize) -> Option<OsString> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::{OsStrExt, OsStringExt};
        let bytes = arg.as_bytes();
        Some(OsString::from_vec(
            bytes[bytes.len().checked_sub(len)?..].to_vec(),
        ))
    }
    #[cfg(not(unix))]
    {
        let _ = (arg, len);
        None
    }
}

/// Changes the process's working directory, as terraform does before
/// anything else, so every relative path is from `dir`. The error names
/// the directory as given and where it was looked for.
pub(super) fn chdir(dir: &OsString) -> Result<(), Box<Diagnostic>> {
    std::env::set_current_dir(dir).map_err(|e| {
        let shown = dir.to_string_lossy();
        let from = std::env::current_dir()
            .map(|d| {
                format!(
                    "\n\nThe directory was looked for from {}, where minimod was started.",
                    d.display()
                )
            })
            .unwrap_or_default();
        Diagnostic::error(
            "Error handling -chdir option",
            format!("chdir {shown}: {}{from}", go_error_text(&e)),
        )
        .into()
    })
}

/// An OS error as Go's `syscall.Errno` words it (terraform's message).
fn go_error_text(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match e.kind() {
        NotFound => "no such file or directory".into(),
        NotADirectory => "not a directory".into(),
        PermissionDenied => "permission denied".into(),
        _ => {
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// The subcommand path the arguments name (`["plan"]`, `["modules",
/// "get"]`) and the index of its last word, as terraform finds the
/// command its `TF_CLI_ARGS_<command>` is for.
pub(super) fn subcommand(cmd: &clap::Command, args: &[OsString]) -> Option<(Vec<String>, usize)> {
    let mut path = Vec::new();
    let mut at = None;
    let mut level = cmd;
    for (i, a) in args.iter().enumerate() {
        let s = a.to_str()?;
        if s == "--" {
            break;
        }
        if s.starts_with('-') {
            continue;
        }
        match level.find_subcommand(s) {
            Some(sub) => {
                path.push(sub.get_name().to_string());
                at = Some(i);
                level = sub;
                if !sub.has_subcommands() {
                    break;
                }
            }
            None => break,
        }
    }
    Some((path, at?))
}

/// The clap command `path` names.
fn find<'a>(cmd: &'a clap::Command, path: &[String]) -> Option<&'a clap::Command> {
    path.iter().try_fold(cmd, |c, name| c.find_subcommand(name))
}

/// terraform's shortcut: `-v`, `-version` or `--version` anywhere (before
/// `--`) means `version`. `-v` after a subcommand that has a `-v` of its
/// own is that command's.
pub(super) fn asks_version(cmd: &clap::Command, args: &[OsString]) -> bool {
    let sub = subcommand(cmd, args);
    let own_v = sub
        .as_ref()
        .and_then(|(path, _)| find(cmd, path))
        .is_some_and(|c| c.get_arguments().any(|a| a.get_short() == Some('v')));
    let after = sub.map_or(usize::MAX, |(_, at)| at);
    args.iter()
        .enumerate()
        .take_while(|(_, a)| *a != "--")
        .any(|(i, a)| match a.to_str() {
            Some("-version" | "--version") => true,
            Some("-v") => i < after || !own_v,
            _ => false,
        })
}

/// Whether a command line asks for a JSON document: `--json` after a
/// command that has that flag, or `check --format json` (`refactor
/// --format json` is a block syntax), before `--`. A command line clap
/// refuses is then answered with the error document too.
pub(super) fn asks_json(cmd: &clap::Command, args: &[OsString]) -> bool {
    let Some((path, at)) = subcommand(cmd, args) else {
        return false;
    };
    let Some(sub) = find(cmd, &path) else {
        return false;
    };
    let words: Vec<&str> = (args.iter().skip(at + 1))
        .map(|a| a.to_str().unwrap_or(""))
        .take_while(|a| *a != "--")
        .collect();
    let has_json = sub.get_arguments().any(|a| a.get_long() == Some("json"));
    match path.as_slice() {
        [c] if c == "check" => {
            words.contains(&"--format=json") || words.windows(2).any(|w| w == ["--format", "json"])
        }
        _ => has_json && words.contains(&"--json"),
    }
}

/// What reading `TF_CLI_ARGS` and `TF_CLI_ARGS_<command>` gave.
pub(super) struct EnvArgs {
    pub args: Vec<OsString>,
    pub warnings: Diagnostics,
}

/// Inserts the words of `TF_CLI_ARGS_<command>` and `TF_CLI_ARGS` right
/// after the subcommand, as terraform's `mergeEnvArgs` does (the
/// command's own first, then the general ones, then the command line, so
/// a later word wins). Only flags the command knows are taken; any other
/// word gets a warning and is dropped, since these variables are written
/// for terraform's commands. `check` reads neither: see the README
/// ("Running on untrusted pull requests").
pub(super) fn merge_env(
    cmd: &clap::Command,
    args: Vec<OsString>,
    getenv: impl Fn(&str) -> Option<String>,
) -> Result<EnvArgs, Box<Diagnostic>> {
    let mut warnings = Diagnostics::default();
    let Some((path, at)) = subcommand(cmd, &args) else {
        return Ok(EnvArgs { args, warnings });
    };
    // `version` takes nothing the variables could give.
    if path.first().is_some_and(|p| p == "check" || p == "version") {
        return Ok(EnvArgs { args, warnings });
    }
    let Some(sub) = find(cmd, &path) else {
        return Ok(EnvArgs { args, warnings });
    };
    let mut args = args;
    for name in [
        "TF_CLI_ARGS".to_string(),
        format!("TF_CLI_ARGS_{}", path.join("_")),
    ] {
        let Some(value) = getenv(&name).filter(|v| !v.is_empty()) else {
            continue;
        };
        let words = shell_words(&value).map_err(|e| {
            Diagnostic::error(format!("Error parsing extra CLI args from {name}"), e)
        })?;
        let (kept, dropped) = known_flags(sub, words);
        if !dropped.is_empty() {
            let list = dropped
                .iter()
                .map(|w| format!("  {w}"))
                .collect::<Vec<_>>()
                .join("\n");
            warnings.push(Diagnostic::warning(
                format!("Arguments in {name} ignored"),
                format!(
                    "minimod {} does not take these arguments, so it leaves them out:\n{list}\n\nThe other arguments in {name} are used.",
                    path.join(" ")
                ),
            ));
        }
        args.splice(at + 1..at + 1, kept.into_iter().map(OsString::from));
    }
    Ok(EnvArgs { args, warnings })
}

/// The words that are flags of `sub` (with the value of one that takes a
/// separate value), and the others.
fn known_flags(sub: &clap::Command, words: Vec<String>) -> (Vec<String>, Vec<String>) {
    let (mut kept, mut dropped) = (Vec::new(), Vec::new());
    let mut it = words.into_iter();
    while let Some(w) = it.next() {
        let name = w.trim_start_matches('-');
        let (name, inline) = match name.split_once('=') {
            Some((n, _)) => (n, true),
            None => (name, false),
        };
        let arg = (w.starts_with('-') && !name.is_empty())
            .then(|| {
                sub.get_arguments().find(|a| {
                    a.get_long_and_visible_aliases()
                        .into_iter()
                        .flatten()
                        .any(|l| l == name)
                        || (name.chars().count() == 1
                            && a.get_short().is_some_and(|s| name.starts_with(s)))
                })
            })
            .flatten();
        match arg {
            Some(a) => {
                let separate = !inline
                    && a.get_action().takes_values()
                    && !a.is_require_equals_set()
                    && a.get_num_args().is_none_or(|n| n.min_values() > 0);
                kept.push(w);
                if separate && let Some(v) = it.next() {
                    kept.push(v);
                }
            }
            None => dropped.push(w),
        }
    }
    (kept, dropped)
}

/// Splits a line into words as terraform splits `TF_CLI_ARGS`
/// (go-shellwords without environment or backtick expansion): blanks
/// separate words; single and double quotes group, and an empty pair is
/// an empty word; a backslash takes the next character as it is (outside
/// single quotes); backticks and `$(...)` are kept as text; an unquoted
/// `;`, `&`, `|`, `<` or `>` ends the line; an unclosed quote, a trailing
/// backslash or a stray parenthesis is an error.
pub(super) fn shell_words(line: &str) -> Result<Vec<String>, String> {
    const INVALID: &str = "invalid command line string";
    let mut args = Vec::new();
    let mut buf = String::new();
    let (mut escaped, mut dq, mut sq, mut bq, mut dollar) = (false, false, false, false, false);
    // Whether a word has begun (an empty quoted word counts).
    let mut got = false;
    for r in line.chars() {
        if escaped {
            escaped = false;
            if bq || dollar {
                buf.push('\\');
            }
            buf.push(r);
            got = true;
            continue;
        }
        if r == '\\' {
            match sq {
                true => buf.push(r),
                false => escaped = true,
            }
            continue;
        }
        if matches!(r, ' ' | '\t' | '\r' | '\n') {
            if sq || dq || bq || dollar {
                buf.push(r);
            } else if got {
                args.push(std::mem::take(&mut buf));
                got = false;
            }
            continue;
        }
        let bare = !(sq || dq || bq || dollar);
        match r {
            '`' if !sq && !dq && !dollar => bq = !bq,
            ')' if !sq && !dq && !bq => {
                if !dollar {
                    return Err(INVALID.into());
                }
                dollar = false;
            }
            '(' if !sq && !dq && !bq => {
                if dollar || !buf.ends_with('$') || buf.ends_with("\\$") {
                    return Err(INVALID.into());
                }
                dollar = true;
            }
            '"' if !sq && !dollar && !bq => {
                if dq {
                    got = true;
                }
                dq = !dq;
                continue;
            }
            '\'' if !dq && !dollar && !bq => {
                if sq {
                    got = true;
                }
                sq = !sq;
                continue;
            }
            ';' | '&' | '|' | '<' | '>' if bare => {
                // `2>`: the descriptor number is no word either.
                if r == '>' && !buf.is_empty() && buf.chars().all(|c| c.is_ascii_digit()) {
                    got = false;
                }
                break;
            }
            _ => {}
        }
        got = true;
        buf.push(r);
    }
    if escaped || sq || dq || bq || dollar {
        return Err(INVALID.into());
    }
    if got {
        args.push(buf);
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::{asks_json, shell_words};

    #[test]
    fn json_is_asked_by_the_commands_that_write_it() {
        let cmd = super::command();
        let asks = |line: &str| {
            let args: Vec<OsString> = line.split(' ').map(OsString::from).collect();
            asks_json(&cmd, &args)
        };
        assert!(asks("plan --json --bogus"));
        assert!(asks("--no-color refactor old new --json"));
        assert!(asks("check --base main --format json"));
        assert!(asks("check --format=json --bogus"));
        assert!(!asks("refactor old new --format json"));
        assert!(!asks("plan --bogus"));
        assert!(!asks("plan -- --json"));
        assert!(!asks("addresses --json"));
        assert!(!asks("--json"));
    }

    #[test]
    fn splits_as_terraform() {
        // Each as terraform 1.11 split TF_CLI_ARGS_console (the values of
        // -var it then printed).
        let ok = |line: &str| shell_words(line).unwrap();
        assert_eq!(ok(r"-var=x=a\tb"), ["-var=x=atb"]);
        assert_eq!(
            ok(r#"-var 'x=a b' -var="y=c d""#),
            ["-var", "x=a b", "-var=y=c d"]
        );
        assert_eq!(ok(r#"-var=x=a\ b -var=y="""#), ["-var=x=a b", "-var=y="]);
        assert_eq!(ok("-var=x=a;b -var=y=c"), ["-var=x=a"]);
        assert_eq!(ok("-var=x='' -var=y=`a b`"), ["-var=x=", "-var=y=`a b`"]);
        assert_eq!(ok("-var=x=$(a b)"), ["-var=x=$(a b)"]);
        assert_eq!(
            ok(r#"-var=x=a\\b -var=y="q\"r""#),
            [r"-var=x=a\b", r#"-var=y=q"r"#]
        );
        assert_eq!(ok(r"-var=x='a\b'"), [r"-var=x=a\b"]);
        assert_eq!(ok("  ''  "), [""]);
        assert!(ok(" \t\n").is_empty());
        for bad in ["-var=x=a(b", "-var=x='unclosed", "-var=x=a\\", "a)", "\"x"] {
            assert!(shell_words(bad).is_err(), "{bad}");
        }
    }
}

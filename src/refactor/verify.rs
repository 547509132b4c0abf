//! `--verify-with`: prove the blocks with the real binary too. The new
//! configuration (and every local module it reaches) is copied into a
//! temporary directory with the edited moved files (the very texts the
//! proof planned and `--write` writes), the prior state beside
//! it, and `init`, `plan -refresh=false -lock=false`, `show -json` run
//! there. Nothing in the user's directories is touched.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::instances::VarSource;
use crate::state::State;

use super::write::Edit;

/// What the binary planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Verified {
    pub tool: String,
    /// Objects imported (`change.importing`): a move across root modules
    /// arrives by an `import` block.
    pub import: usize,
    pub add: usize,
    pub change: usize,
    pub destroy: usize,
    /// Objects forgotten (`removed` with `destroy = false`): a move across
    /// root modules leaves its source state so.
    pub forget: usize,
    pub moves: BTreeSet<(String, String)>,
    /// Objects it replaces: an update minimod accepted may be one the
    /// provider can only make by replacing.
    pub replaced: Vec<Replaced>,
}

/// One replacement in the binary's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Replaced {
    pub address: String,
    /// `action_reason` (`replace_because_cannot_update`, `replace_by_triggers`, ...).
    pub reason: String,
    /// The attributes whose change forces it (`replace_paths`, as `a.b[0]`).
    pub paths: Vec<String>,
}

impl Replaced {
    /// Why, in a sentence's words.
    pub(crate) fn why(&self) -> String {
        match (self.reason.as_str(), self.paths.as_slice()) {
            ("replace_by_triggers", _) => {
                "its lifecycle replace_triggered_by names an object this plan changes".into()
            }
            ("replace_because_tainted", _) => "it is tainted".into(),
            ("replace_by_request", _) => "its replacement was requested".into(),
            (_, []) => "the provider cannot change it in place".into(),
            (_, paths) => format!("changing {} forces replacement", paths.join(", ")),
        }
    }
}

/// Why verification gave no answer: the binary (or a temporary copy for
/// it) could not be had, which is the environment being wrong; or it ran
/// and failed, which is its answer "no".
#[derive(Debug)]
pub(crate) enum VerifyError {
    CannotRun(Diagnostics),
    Failed(Diagnostics),
}

fn fail(summary: &str, detail: impl Into<String>) -> Diagnostics {
    Diagnostic::error(summary, detail).into()
}

fn cannot(summary: &str, detail: impl Into<String>) -> VerifyError {
    VerifyError::CannotRun(fail(summary, detail))
}

/// The moved objects (new addresses) the binary replaces, each as the
/// sentence the report prints: `updated` were accepted as moved and
/// updated in place, `moved` only moved.
pub(crate) fn replaced_moves<'a>(
    v: &Verified,
    updated: &BTreeSet<&'a crate::addrs::AbsResourceInstance>,
    moved: impl IntoIterator<Item = &'a crate::addrs::AbsResourceInstance>,
) -> Vec<String> {
    moved
        .into_iter()
        .filter_map(|new| {
            let text = new.to_string();
            let r = v.replaced.iter().find(|r| r.address == text)?;
            let instead = match updated.contains(new) {
                true => "not update it in place",
                false => "although it was only moved",
            };
            Some(format!(
                "{} would replace {text}, {instead}: {}.",
                v.tool,
                r.why()
            ))
        })
        .collect()
}

/// Plans `new_dir` with `edits` against `prior` using `tool` (a name on
/// PATH or a path). `module_dirs` are the directories of every module the
/// configuration loads, so the copy keeps relative sources working.
pub(crate) fn verify(
    tool: &str,
    new_dir: &Path,
    module_dirs: &[PathBuf],
    edits: &[Edit],
    prior: &State,
    vars: &[VarSource],
) -> Result<Verified, VerifyError> {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let new_dir = canon(new_dir);
    let mut base = new_dir.clone();
    for d in module_dirs.iter().map(|d| canon(d)) {
        while !d.starts_with(&base) {
            if !base.pop() {
                break;
            }
        }
    }
    let tmp = tempfile::tempdir()
        .map_err(|e| cannot("Failed to create a temporary directory", e.to_string()))?;
    copy_tree(&base, tmp.path())
        .map_err(|e| cannot("Failed to copy the configuration", e.to_string()))?;
    let rebase = |p: &Path| {
        tmp.path()
            .join(canon(p).strip_prefix(&base).unwrap_or(Path::new("")))
    };
    let work = rebase(&new_dir);
    for e in edits {
        // The directory exists; the file may not yet.
        let dir = e.path.parent().unwrap_or(Path::new("."));
        let file = rebase(dir).join(e.path.file_name().unwrap_or_default());
        // Our private copy: a copied read-only file is simply replaced.
        let _ = std::fs::remove_file(&file);
        crate::atomic::write_atomic(&file, e.after.as_bytes())
            .map_err(|err| cannot("Failed to write file", err.to_string()))?;
    }
    // A local backend, whatever the configuration says, reading our copy.
    crate::atomic::write_atomic(
        &work.join("minimod_verify_override.tf"),
        b"terraform {\n  backend \"local\" {}\n}\n",
    )
    .map_err(|e| cannot("Failed to write file", e.to_string()))?;
    prior
        .write_atomic(&work.join("terraform.tfstate"))
        .map_err(|d| VerifyError::CannotRun(d.into()))?;

    let mut args: Vec<String> = Vec::new();
    for v in vars {
        match v {
            VarSource::Var(a) => args.push(format!("-var={a}")),
            VarSource::File(f) => args.push(format!("-var-file={}", canon(Path::new(f)).display())),
        }
    }
    run(tool, &work, &["init", "-input=false", "-no-color"])?;
    let mut plan = vec![
        "plan",
        "-refresh=false",
        "-lock=false",
        "-input=false",
        "-no-color",
        "-out=minimod.plan",
    ];
    plan.extend(args.iter().map(String::as_str));
    run(tool, &work, &plan)?;
    let shown = run(tool, &work, &["show", "-json", "minimod.plan"])?;
    parse_plan(tool, &shown).map_err(VerifyError::Failed)
}

fn run(tool: &str, dir: &Path, args: &[&str]) -> Result<String, VerifyError> {
    let out = Command::new(tool)
        .args(args)
        .current_dir(dir)
        .env("TF_IN_AUTOMATION", "1")
        .env("TF_INPUT", "0")
        .output()
        .map_err(|e| {
            cannot(
                "Cannot run the verifier",
                format!("Running \"{tool}\" failed: {e}."),
            )
        })?;
    if !out.status.success() {
        return Err(VerifyError::Failed(fail(
            "The verifier failed",
            format!(
                "\"{tool} {}\" failed:\n{}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Counts and moves from `show -json`'s `resource_changes`.
pub(crate) fn parse_plan(tool: &str, text: &str) -> Result<Verified, Diagnostics> {
    let doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| fail("Unreadable plan", e.to_string()))?;
    let mut v = Verified {
        tool: tool.to_string(),
        import: 0,
        add: 0,
        change: 0,
        destroy: 0,
        forget: 0,
        moves: BTreeSet::new(),
        replaced: Vec::new(),
    };
    for rc in doc["resource_changes"].as_array().into_iter().flatten() {
        if rc["mode"] != "managed" {
            continue;
        }
        let actions: Vec<&str> = rc["change"]["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str())
            .collect();
        v.add += actions.contains(&"create") as usize;
        v.destroy += actions.contains(&"delete") as usize;
        v.change += (actions == ["update"]) as usize;
        v.forget += (actions == ["forget"]) as usize;
        v.import += !rc["change"]["importing"].is_null() as usize;
        if actions.contains(&"delete") && actions.contains(&"create") {
            let paths = rc["change"]["replace_paths"]
                .as_array()
                .or(rc["replace_paths"].as_array())
                .into_iter()
                .flatten()
                .map(path_text)
                .collect();
            v.replaced.push(Replaced {
                address: rc["address"].as_str().unwrap_or_default().to_string(),
                reason: rc["action_reason"].as_str().unwrap_or_default().to_string(),
                paths,
            });
        }
        if let (Some(prev), Some(addr)) = (rc["previous_address"].as_str(), rc["address"].as_str())
        {
            v.moves.insert((prev.to_string(), addr.to_string()));
        }
    }
    Ok(v)
}

/// A `replace_paths` entry (`["rule", 0, "id"]`) as a path: `rule[0].id`
/// (without a schema a map key reads as an attribute).
fn path_text(p: &serde_json::Value) -> String {
    let mut out = String::new();
    for step in p.as_array().into_iter().flatten() {
        match step {
            serde_json::Value::String(s) if out.is_empty() => out.push_str(s),
            serde_json::Value::String(s) => out.push_str(&format!(".{s}")),
            other => out.push_str(&format!("[{other}]")),
        }
    }
    out
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        let n = name.to_string_lossy();
        if n == ".terraform"
            || n == ".git"
            || n.ends_with(".tfstate")
            || n.ends_with(".tfstate.backup")
        {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded(file: &str) -> Verified {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/verify-replace/expected")
            .join(file);
        parse_plan("terraform", &std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// terraform 1.11's own plans (tests/data/verify-replace/record.sh).
    #[test]
    fn replacements_are_read_with_their_reason() {
        let forced = recorded("replace-paths.json");
        assert_eq!(
            forced.replaced,
            [Replaced {
                address: "terraform_data.a".into(),
                reason: "replace_because_cannot_update".into(),
                paths: vec!["triggers_replace".into()],
            }]
        );
        assert_eq!(
            forced.replaced[0].why(),
            "changing triggers_replace forces replacement"
        );
        let triggered = recorded("plan.json");
        assert_eq!(
            (triggered.add, triggered.change, triggered.destroy),
            (1, 1, 1)
        );
        assert_eq!(triggered.replaced[0].reason, "replace_by_triggers");

        let addr = |s: &str| crate::addrs::AbsResourceInstance::parse(s).unwrap();
        let (version, server) = (
            addr("module.app.terraform_data.version"),
            addr("module.app.terraform_data.server"),
        );
        let said = replaced_moves(&triggered, &BTreeSet::from([&server]), [&version, &server]);
        assert_eq!(
            said,
            [
                "terraform would replace module.app.terraform_data.server, not update it in place: its lifecycle replace_triggered_by names an object this plan changes."
            ]
        );
        let said = replaced_moves(&triggered, &BTreeSet::new(), [&server]);
        assert!(
            said[0].contains("server, although it was only moved: "),
            "{said:?}"
        );
    }
}

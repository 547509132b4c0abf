//! The prior states a trusted job gives a check: `--state-for
//! ROOT[:WORKSPACE]=FILE` and `--states DIR`. They are the one thing a
//! check reads from the runner's disk besides git, and only at the paths
//! its command line names (the base workflow's, never the pull
//! request's). With a root's state, its refactor pairs against the
//! recorded objects, as `refactor --state` does.
//!
//! `--states DIR` holds each root's state where terraform's local backend
//! keeps it, under the root's path: `DIR/envs/prod/terraform.tfstate`, and
//! for a workspace `DIR/envs/app/terraform.tfstate.d/prod/terraform.tfstate`
//! (the default workspace's is `terraform.tfstate`). A CI job writes it
//! with `terraform state pull > DIR/ROOT/terraform.tfstate` in each root.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::state::State;

use super::roots::Unit;

/// What the command line names.
#[derive(Clone, Debug, Default)]
pub struct StateSources {
    /// `--state-for` values as given: `ROOT=FILE` or `ROOT:WORKSPACE=FILE`.
    pub state_for: Vec<String>,
    /// `--states DIR`.
    pub dir: Option<PathBuf>,
    /// Where relative paths are read from: where the check was started.
    pub from: PathBuf,
}

/// One root's prior state.
pub(super) struct Prior {
    pub state: State,
    /// The file as the command line names it.
    pub file: String,
    /// Of the file's bytes: shards of one check are given the same states.
    pub sha256: String,
}

/// The states, by root name (`Unit::name`), and warnings for those given
/// for no root of the check. Every root's, whichever shard plans it, so
/// each shard reports the same set.
pub(super) struct Given {
    pub by_root: BTreeMap<String, Prior>,
    pub warnings: Diagnostics,
}

const FILE_NAME: &str = "terraform.tfstate";
const WORKSPACES_DIR: &str = "terraform.tfstate.d";

pub(super) fn read(sources: &StateSources, units: &[Unit]) -> Result<Given, Diagnostics> {
    let mut given = Given {
        by_root: BTreeMap::new(),
        warnings: Diagnostics::default(),
    };
    let mut errors = Diagnostics::default();
    // (root name, file shown, path, which option gave it)
    let mut named: Vec<(String, String, PathBuf, String)> = Vec::new();
    for spec in &sources.state_for {
        match state_for(spec, units) {
            Ok((Some(name), file)) => named.push((
                name,
                file.to_string(),
                sources.from.join(file),
                format!("--state-for {spec}"),
            )),
            Ok((None, _)) => given.warnings.push(unknown_root(
                &format!("--state-for {spec}"),
                spec.split_once('=').map_or(spec.as_str(), |(r, _)| r),
                units,
            )),
            Err(d) => errors.push(*d),
        }
    }
    if let Some(dir) = &sources.dir {
        let top = sources.from.join(dir);
        let mut files = Vec::new();
        if let Err(e) = walk(&top, "", &mut files) {
            errors.push(Diagnostic::error(
                "Failed to read the states directory",
                format!("--states {}: {e}", dir.display()),
            ));
        }
        for rel in files {
            let shown = dir.join(&rel).display().to_string();
            let Some((root, workspace)) = root_of_file(&rel) else {
                given.warnings.push(Diagnostic::warning(
                    "File not read as a state",
                    format!(
                        "{shown}: --states reads each root's state at ROOT/{FILE_NAME}, and a workspace's at ROOT/{WORKSPACES_DIR}/WORKSPACE/{FILE_NAME}, as terraform's local backend keeps them."
                    ),
                ));
                continue;
            };
            let option = format!("--states {}", dir.display());
            let unit = (units.iter()).find(|u| names(u, &root, workspace.as_deref()));
            match unit {
                Some(u) => named.push((u.name(), shown, top.join(&rel), option)),
                None => {
                    let name = match &workspace {
                        Some(w) => format!("{root}:{w}"),
                        None => root,
                    };
                    given
                        .warnings
                        .push(unknown_root(&format!("{option} ({shown})"), &name, units))
                }
            }
        }
    }
    for (name, file, path, option) in named {
        if let Some(first) = given.by_root.get(&name) {
            errors.push(Diagnostic::error(
                "State given twice",
                format!(
                    "The state of {name} is given as {} and again as {file} ({option}). Give each root's state once.",
                    first.file
                ),
            ));
            continue;
        }
        match read_state(&path) {
            Ok((state, sha256)) => {
                given.by_root.insert(
                    name,
                    Prior {
                        state,
                        file,
                        sha256,
                    },
                );
            }
            Err(mut d) => {
                d.detail = format!(
                    "{}\n\nThe file is {file}, the state of {name} ({option}).",
                    d.detail
                );
                errors.push(*d);
            }
        }
    }
    match errors.has_errors() {
        true => Err(errors),
        false => Ok(given),
    }
}

/// The root a `--state-for` value names, if any, and its file. A name may
/// hold `=` or `:` (a workspace name may hold both), so the first split
/// that names a root of the check decides.
fn state_for<'s>(
    spec: &'s str,
    units: &[Unit],
) -> Result<(Option<String>, &'s str), Box<Diagnostic>> {
    let splits: Vec<(&str, &str)> = (spec.match_indices('='))
        .map(|(i, _)| (&spec[..i], &spec[i + 1..]))
        .filter(|(root, file)| !root.is_empty() && !file.is_empty())
        .collect();
    let Some(first) = splits.first() else {
        return Err(Diagnostic::error(
            "Invalid --state-for option",
            format!(
                "The given --state-for option {spec:?} is not correctly specified. It must be a root's directory (with :WORKSPACE for a root checked per workspace) and a state file separated by an equals sign, like --state-for=\"envs/prod=prod.tfstate\" or --state-for=\"envs/app:prod=app-prod.tfstate\"."
            ),
        ).into());
    };
    for (root, file) in &splits {
        let root = crate::syntax::source::clean_path(Path::new(root));
        let found = units.iter().find(|u| {
            let workspace = match root.strip_prefix(u.dir) {
                Some("") => None,
                Some(rest) => match rest.strip_prefix(':') {
                    Some(w) => Some(w),
                    None => return false,
                },
                None => return false,
            };
            names(u, u.dir, workspace)
        });
        if let Some(u) = found {
            return Ok((Some(u.name()), file));
        }
    }
    Ok((None, first.1))
}

/// Whether `dir` in `workspace` (None: the default one) is this root.
fn names(unit: &Unit, dir: &str, workspace: Option<&str>) -> bool {
    let own = unit.workspace.map_or("default", |w| w.name.as_str());
    unit.dir == dir && workspace.unwrap_or("default") == own
}

fn unknown_root(option: &str, name: &str, units: &[Unit]) -> Diagnostic {
    let dir = name.rsplit_once(':').map_or(name, |(d, _)| d);
    let workspaces: Vec<String> = (units.iter())
        .filter(|u| u.dir == dir || u.dir == name)
        .filter_map(|u| u.workspace.map(|w| format!("{}:{}", u.dir, w.name)))
        .collect();
    let hint = match workspaces.is_empty() {
        true => "Name a root as discover and the check's report name it, with :WORKSPACE for a root declared with workspaces.".to_string(),
        false => format!(
            "{dir} is checked per workspace: name one of {}.",
            workspaces.join(", ")
        ),
    };
    Diagnostic::warning(
        "State for a root the check does not check",
        format!("{option}: {name} is not a root of this check, so its state is not read. {hint}"),
    )
}

/// `envs/app/terraform.tfstate.d/prod/terraform.tfstate` is root `envs/app`
/// in workspace `prod`; `envs/prod/terraform.tfstate` root `envs/prod`
/// (`terraform.tfstate` alone: the repository's root, `.`).
fn root_of_file(rel: &str) -> Option<(String, Option<String>)> {
    let dir = rel.strip_suffix(FILE_NAME)?;
    let dir = match dir {
        "" => return Some((".".into(), None)),
        d => d.strip_suffix('/')?,
    };
    let root = |d: &str| match d {
        "" => ".".to_string(),
        d => d.to_string(),
    };
    match dir.rsplit_once('/') {
        Some((rest, ws))
            if rest == WORKSPACES_DIR || rest.ends_with(&format!("/{WORKSPACES_DIR}")) =>
        {
            let r = rest.strip_suffix(WORKSPACES_DIR).unwrap_or("");
            Some((root(r.strip_suffix('/').unwrap_or(r)), Some(ws.to_string())))
        }
        _ => Some((root(dir), None)),
    }
}

/// Every file under `dir`, as `/`-separated paths below it, in name
/// order. Links to directories are not followed (no cycle can hold it).
fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = match rel {
            "" => name,
            r => format!("{r}/{name}"),
        };
        let kind = e.file_type()?;
        if kind.is_dir() {
            walk(&e.path(), &path, out)?;
        } else if kind.is_file() || (kind.is_symlink() && e.path().is_file()) {
            out.push(path);
        }
    }
    Ok(())
}

fn read_state(path: &Path) -> Result<(State, String), Box<Diagnostic>> {
    use sha2::Digest;
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::error(
            "Failed to read state file",
            format!("The state file could not be read: {e}"),
        )
    })?;
    let digest = sha2::Sha256::digest(text.as_bytes());
    let sha256 = digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok((State::from_json(&text)?, sha256))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_name_roots_as_the_local_backend_lays_them_out() {
        let cases = [
            ("terraform.tfstate", Some((".", None))),
            ("envs/prod/terraform.tfstate", Some(("envs/prod", None))),
            (
                "envs/app/terraform.tfstate.d/prod/terraform.tfstate",
                Some(("envs/app", Some("prod"))),
            ),
            (
                "terraform.tfstate.d/dev/terraform.tfstate",
                Some((".", Some("dev"))),
            ),
            ("envs/prod.tfstate", None),
            ("envs/prod/terraform.tfstate.backup", None),
            ("envs/prod/xterraform.tfstate", None),
        ];
        for (rel, want) in cases {
            let got = root_of_file(rel);
            let want =
                want.map(|(r, w): (&str, Option<&str>)| (r.to_string(), w.map(String::from)));
            assert_eq!(got, want, "{rel}");
        }
    }
}

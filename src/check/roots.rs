//! The roots a check compares: each directory either side's discovery
//! makes a root (or that must not go unchecked), in each workspace its
//! declaration names, and for each the refactor request that compares
//! its base configuration with its head's.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::discover::{self, Found};
use crate::files::Files;
use crate::instances::VarSource;
use crate::refactor::{self, Request};

use super::CheckRequest;
use super::report::root_name;
use super::revisions::Revisions;

/// One root the check plans: a directory, in one of the workspaces its
/// declaration names (or the default one).
pub(super) struct Unit<'a> {
    pub(super) dir: &'a str,
    pub(super) workspace: Option<&'a discover::Workspace>,
}

impl Unit<'_> {
    pub(super) fn name(&self) -> String {
        root_name(self.dir, self.workspace.map(|w| w.name.as_str()))
    }
}

/// A root as one side's discovery gives it, with how it came to be checked
/// when discovery alone would not have made it one.
pub(super) type Checked = (Found, Option<String>);

/// The roots either side's discovery gives, as the check takes them, and
/// every directory they are in.
pub(super) struct Discovered {
    at_head: Vec<Checked>,
    at_base: Vec<Checked>,
    pub(super) dirs: BTreeSet<String>,
}

impl Discovered {
    pub(super) fn new(
        head: &discover::Discovery,
        base: &discover::Discovery,
        revs: &Revisions,
    ) -> Discovered {
        let at_head = checked(head, base);
        let at_base = checked(base, head);
        // A directory whose names cannot be read as text is refused as a root
        // (discovery cannot list it either): never left unchecked.
        let dirs: BTreeSet<String> = at_head
            .iter()
            .chain(&at_base)
            .map(|(f, _)| f.dir.clone())
            .chain(revs.unrepresentable.keys().cloned())
            .collect();
        Discovered {
            at_head,
            at_base,
            dirs,
        }
    }

    /// The root in `dir` at head and at base.
    pub(super) fn sides(&self, dir: &str) -> (Option<&Checked>, Option<&Checked>) {
        (
            self.at_head.iter().find(|(f, _)| f.dir == dir),
            self.at_base.iter().find(|(f, _)| f.dir == dir),
        )
    }

    /// Each workspace the declaration names is a root of its own.
    pub(super) fn units(&self, revs: &Revisions) -> Vec<Unit<'_>> {
        (self.dirs.iter())
            .flat_map(|dir| {
                let (head_root, base_root) = self.sides(dir);
                let decl = Root::of(dir, head_root, base_root, revs).decl;
                match decl.map(|f| f.workspaces.as_slice()).unwrap_or_default() {
                    [] => vec![Unit {
                        dir,
                        workspace: None,
                    }],
                    all => (all.iter())
                        .map(|w| Unit {
                            dir,
                            workspace: Some(w),
                        })
                        .collect(),
                }
            })
            .collect()
    }
}

/// The roots of one side's discovery the check compares. The check is
/// about safety, not deployment: a directory that is a root in every way
/// but naming its tool is checked with the default engine, and a root
/// whose files stop loading is checked (and fails saying why) rather than
/// taken for deleted.
fn checked(d: &discover::Discovery, other: &discover::Discovery) -> Vec<Checked> {
    let mut out: Vec<Checked> = d.roots.iter().map(|f| (f.clone(), None)).collect();
    for l in &d.left_out {
        // Checked on the other side, as a root or as one naming no tool.
        let was_root = other.roots.iter().any(|f| f.dir == l.dir)
            || other
                .left_out
                .iter()
                .any(|o| o.dir == l.dir && o.reason == discover::Reason::NoTool);
        let note = match l.reason {
            discover::Reason::NoTool => {
                "checked with the default engine: no file says which tool runs it"
            }
            discover::Reason::Unreadable if was_root => "its files do not load",
            _ => continue,
        };
        out.push((
            Found {
                dir: l.dir.clone(),
                outcome: discover::RootOutcome::Found,
                evidence: l.evidence.clone(),
                tool: l.tool,
                var_files: Vec::new(),
                variables: Default::default(),
                workspaces: Vec::new(),
            },
            Some(note.to_string()),
        ));
    }
    out
}

/// One root as the check compares it: on which sides its directory holds
/// a configuration, and whose declaration gives its inputs.
pub(super) struct Root<'a> {
    pub(super) dir: &'a str,
    pub(super) in_head: bool,
    pub(super) in_base: bool,
    /// The declaration that names its variables files and variables: the
    /// base's, which is policy, or the head's for a directory the base
    /// does not have. A directory the base has but does not declare gets
    /// none: a pull request cannot give its own check inputs.
    pub(super) decl: Option<&'a Found>,
    pub(super) tool: Option<discover::Tool>,
    /// One of the declaration's workspaces: its var files and variables
    /// after the root's own, and `terraform.workspace` its name.
    pub(super) workspace: Option<&'a discover::Workspace>,
    /// The prior state the trusted job gave for it: pairing then compares
    /// the recorded objects, as `refactor --state` does.
    pub(super) state: Option<&'a crate::state::State>,
}

impl<'a> Root<'a> {
    pub(super) fn of(
        dir: &'a str,
        head_root: Option<&'a (Found, Option<String>)>,
        base_root: Option<&'a (Found, Option<String>)>,
        revs: &Revisions,
    ) -> Root<'a> {
        // A directory with configuration files is compared on that side
        // whether or not discovery calls it a root there: declaring a root
        // (or adding a backend) in the pull request does not make what
        // the base configures new.
        let holds = |top: &Path| has_configuration(&revs.files, &top.join(dir));
        let in_base = base_root.is_some() || holds(&revs.base_dir);
        let in_head = head_root.is_some() || holds(&revs.head_dir);
        let decl = match (base_root, in_base) {
            (Some((f, _)), _) => Some(f),
            (None, true) => None,
            (None, false) => head_root.map(|(f, _)| f),
        };
        Root {
            dir,
            in_head,
            in_base,
            decl,
            tool: head_root.or(base_root).and_then(|(f, _)| f.tool),
            workspace: None,
            state: None,
        }
    }
}

/// Whether `dir` holds a file terraform loads as configuration.
fn has_configuration(files: &Files, dir: &Path) -> bool {
    first_configuration_file(files, dir).is_some()
}

/// The first configuration file of a directory, by name.
pub(super) fn first_configuration_file(files: &Files, dir: &Path) -> Option<String> {
    let entries = files.read_dir(dir).ok()?;
    entries
        .into_iter()
        .find(|e| {
            e.kind == Some(crate::files::Kind::File)
                && [".tf", ".tf.json", ".tofu", ".tofu.json"]
                    .iter()
                    .any(|ext| e.name.ends_with(ext))
        })
        .map(|e| e.name)
}

/// The refactor request for one root, without state: the base's copy (or
/// an empty directory, for a root new in the head) against the head's (or
/// an empty one, for a root the head deletes), each side's files confined
/// to its revision and its variables files read from it; `Err` with the
/// rendered reason when the root is not checkable as configured.
pub(super) fn root_request(
    root: &Root,
    revs: &Revisions,
    req: &CheckRequest,
    schemas: Option<std::sync::Arc<crate::providers::schema::Schemas>>,
) -> Result<Request, String> {
    let dir = root.dir;
    fn side<'t>(
        top: &'t Path,
        dir: &str,
        present: bool,
        empty: &Path,
    ) -> (PathBuf, Option<&'t Path>) {
        match present {
            true => (top.join(dir), Some(top)),
            false => (empty.to_path_buf(), None),
        }
    }
    let (old_dir, old_top) = side(&revs.base_dir, dir, root.in_base, &revs.empty_dir);
    let (new_dir, new_top) = side(&revs.head_dir, dir, root.in_head, &revs.empty_dir);
    let vars_of = |top: Option<&Path>, root_dir: &Path| -> Result<Vec<VarSource>, String> {
        // An empty side declares no variables: nothing to give it.
        let Some(top) = top else {
            return Ok(Vec::new());
        };
        let mut vars = Vec::new();
        for v in &req.vars {
            vars.push(match v {
                // A path inside the repository (`check` made it one): each
                // revision's own file.
                VarSource::File(rel) => VarSource::File(top.join(rel).to_string_lossy().into()),
                v => v.clone(),
            });
        }
        let own = root
            .decl
            .map(|f| f.var_files.as_slice())
            .unwrap_or_default();
        let workspace = root
            .workspace
            .map(|w| w.var_files.as_slice())
            .unwrap_or_default();
        for file in own.iter().chain(workspace) {
            match inside(&revs.files, top, &root_dir.join(file)) {
                Some(path) => vars.push(VarSource::File(path.to_string_lossy().into_owned())),
                None => {
                    return Err(format!(
                        "Error: Variables file outside the repository\n\nThe var_files entry {file:?} for root \"{dir}\" in .minimod.hcl leads outside the repository; a check reads only the repository's own files."
                    ));
                }
            }
        }
        Ok(vars)
    };
    // A workspace's own variables win over the root's.
    let mut variables: indexmap::IndexMap<String, crate::lang::value::Value> =
        root.decl.map(|f| f.variables.clone()).unwrap_or_default();
    if let Some(w) = root.workspace {
        variables.extend(w.variables.clone());
    }
    let variables: Vec<(String, crate::lang::value::Value)> = variables.into_iter().collect();
    let old_inputs = refactor::SideInputs {
        vars: vars_of(old_top, &old_dir)?,
        variables: variables.clone(),
    };
    Ok(Request {
        vars: vars_of(new_top, &new_dir)?,
        old_inputs: Some(old_inputs),
        old_dir,
        new_dir,
        state: root.state.cloned(),
        engine: req.engine.or(root.tool.map(|t| t.engine())),
        place_root: false,
        variables,
        unset_variables_unknown: true,
        // The check says a root is not checkable, naming the variable.
        defer_unknown_keys: false,
        tf_var_env: req.tf_var_env.clone(),
        // A confined run does not take the runner's workspace: only the
        // one its declaration names.
        workspace: root.workspace.map_or("default".into(), |w| w.name.clone()),
        // Terraform runs in the root's directory: `path.cwd` and `abspath`
        // are the checkout's, on both sides.
        cwd: crate::files::normal(&req.cwd.join(dir)),
        // Nor its home directory.
        home: None,
        file_roots: Some((revs.base_dir.clone(), revs.head_dir.clone())),
        files: revs.files.clone(),
        format: refactor::write::Format::Hcl,
        schemas,
        allow_update: req.allow_update,
        ignore: req.ignore.clone(),
        plan: None,
        // The roots run side by side already.
        threads: false,
    })
}

/// `path`, if it stays inside `root` once every link is resolved. For a
/// file that is not there, its nearest existing directory decides (reading
/// it then reports it missing).
fn inside(files: &Files, root: &Path, path: &Path) -> Option<PathBuf> {
    let root = files.canonicalize(root).ok()?;
    let mut tail = Vec::new();
    let mut at = path;
    loop {
        if let Ok(real) = files.canonicalize(at) {
            let mut full = real;
            for part in tail.iter().rev() {
                match part {
                    std::path::Component::Normal(n) => full.push(n),
                    std::path::Component::CurDir => {}
                    _ => return None,
                }
            }
            return full.starts_with(&root).then_some(full);
        }
        let (Some(parent), Some(last)) = (at.parent(), at.components().next_back()) else {
            return None;
        };
        tail.push(last);
        at = parent;
    }
}

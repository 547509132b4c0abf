//! What a check finds: the report of each root module it compares
//! (`RootReport`, with its `Outcome`) and of the whole check
//! (`CheckReport`), which the renderers and `--merge` read.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::diagnostics::Diagnostics;
use crate::refactor;
use crate::refactor::blocks::Block;
use crate::refactor::pairing::Unmatched;

use super::cross_root::{Candidate, CrossRootMove};
use super::fetch::FetchedCall;
use super::shards::Shard;
use super::unreached::Unreached;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing planned: base and head configure the same objects.
    Unchanged,
    /// Changes, and moves the head already declares, all proven.
    Proven,
    /// Moves the head needs but does not declare: the blocks to add.
    MissingBlocks,
    /// Objects destroyed or created that no move explains.
    Unmatched,
    /// A new root: everything in it is created.
    NewRoot,
    /// A root the head deletes: everything in it would be destroyed.
    DeletedRoot,
    /// The root could not be evaluated (the reason is in `error`).
    NotCheckable,
    /// Objects that leave this root for another (or arrive from one),
    /// not declared as terraform supports it: the blocks to add.
    CrossRootMoves,
    /// Objects the pull request moves (by its own blocks or the missing
    /// ones) and also updates in place, which nobody accepted: only the
    /// provider knows whether such an update replaces the object.
    MovedAndUpdated,
}

impl Outcome {
    pub fn id(&self) -> &'static str {
        match self {
            Outcome::Unchanged => "unchanged",
            Outcome::Proven => "proven",
            Outcome::MissingBlocks => "moved-blocks-missing",
            Outcome::Unmatched => "unmatched",
            Outcome::NewRoot => "new-root",
            Outcome::DeletedRoot => "deleted-root",
            Outcome::NotCheckable => "not-checkable",
            Outcome::CrossRootMoves => "moved-across-roots",
            Outcome::MovedAndUpdated => "moved-and-updated",
        }
    }
}

pub struct RootReport {
    pub dir: String,
    /// The workspace, for a root declared with `workspaces`: each is
    /// checked as a root of its own, named `dir (workspace)`.
    pub workspace: Option<String>,
    pub outcome: Outcome,
    pub passed: bool,
    /// The blocks to add, with directories inside the head tree.
    pub blocks: Vec<Block>,
    /// The moved files with those blocks, as the proof planned them.
    pub edits: Vec<refactor::write::Edit>,
    pub unmatched: Vec<Unmatched>,
    /// Pairs moved and updated in place (`allow_update`), and without it
    /// the ones it would accept.
    pub updates: Vec<refactor::pairing::Update>,
    pub update_hint: Vec<refactor::pairing::Update>,
    /// The plan of the head as it stands, and with the missing blocks.
    pub before: Option<(usize, usize, usize)>,
    pub after: Option<(usize, usize, usize)>,
    /// Why the root is not checkable, rendered.
    pub error: Option<String>,
    /// How the root came to be checked, when discovery alone would not
    /// have made it one.
    pub note: Option<String>,
    /// A line the pull request holds that the failure is about (the module
    /// call or resource an object moved to, or a new one): file inside the
    /// repository, line and column.
    pub anchor: Option<(String, usize, usize)>,
    /// Where a failing root's findings are shown when `anchor` has no line
    /// for them (file, line, column): its backend block, else the first
    /// line of its first file.
    pub root_block: Option<(String, usize, usize)>,
    /// Pairs only ignore rules made: (from, to, rules, what the proof
    /// plans for the object: update, replace or no-op).
    pub paired_by_rules: Vec<(String, String, Vec<String>, &'static str)>,
    /// Objects destroyed here and created, equal, in another root (or the
    /// other way): moves across states, which no `moved` block can make.
    pub cross_root: Vec<CrossRootMove>,
    /// Objects the head's `removed` blocks forget (`destroy = false`) and
    /// its `import` blocks take over.
    pub forgotten: Vec<String>,
    pub imported: Vec<String>,
    /// What may pair with another shard's roots.
    pub candidates: Vec<Candidate>,
    /// The directories (inside the repository) of the modules the head's
    /// plan has instances of, when it was planned: what the root really
    /// reaches.
    pub reached: Option<Vec<String>>,
    /// The prior state it was planned against: (the file as the command
    /// line names it, the SHA-256 of its bytes).
    pub state: Option<(String, String)>,
    /// The remote calls fetched for it, as the base's policy allows.
    pub fetched: Vec<FetchedCall>,
}

#[non_exhaustive]
pub struct CheckReport {
    pub base: String,
    pub head: String,
    /// Where the head's files are mounted (a path nothing on disk holds).
    pub head_dir: PathBuf,
    pub roots: Vec<RootReport>,
    /// Changed directories that no checked root reaches.
    pub unreached: Vec<Unreached>,
    /// `.minimod.hcl` makes those a warning.
    pub unreached_warn: bool,
    pub off: Option<String>,
    pub warnings: Diagnostics,
    /// What base and head hold, as names equal for equal files
    /// (`tree::Extracted::identity`): shards of one check agree on them.
    pub revisions: (String, String),
    /// With `--shard`: the shard, and every root all shards check (so
    /// `--merge` can tell which shard holds each).
    pub shard: Option<(Shard, Vec<String>)>,
    /// The states given, for every root of the check (not only this
    /// shard's), by root name: (file, SHA-256).
    pub states: BTreeMap<String, (String, String)>,
}

impl CheckReport {
    /// No root was checked, by this run or (with `--shard`) by any shard.
    pub fn nothing_checked(&self) -> bool {
        self.roots.is_empty() && self.shard.as_ref().is_none_or(|(_, all)| all.is_empty())
    }

    /// Every root passed, at least one was checked, and nothing the change
    /// touches went unchecked: a check never passes on what it did not check.
    pub fn passed(&self) -> bool {
        !self.nothing_checked()
            && self.roots.iter().all(|r| r.passed)
            && (self.unreached.is_empty() || self.unreached_warn)
    }
}

impl RootReport {
    /// A root before it is checked: unchanged, passing.
    pub(super) fn new(dir: &str) -> RootReport {
        RootReport {
            dir: dir.to_string(),
            workspace: None,
            outcome: Outcome::Unchanged,
            passed: true,
            blocks: Vec::new(),
            edits: Vec::new(),
            unmatched: Vec::new(),
            updates: Vec::new(),
            update_hint: Vec::new(),
            before: None,
            after: None,
            error: None,
            note: None,
            anchor: None,
            root_block: None,
            paired_by_rules: Vec::new(),
            cross_root: Vec::new(),
            forgotten: Vec::new(),
            imported: Vec::new(),
            candidates: Vec::new(),
            reached: None,
            state: None,
            fetched: Vec::new(),
        }
    }

    /// How reports and `--state-for` name the root: its directory, and
    /// its workspace in parentheses (`envs/app (prod)`).
    pub fn name(&self) -> String {
        root_name(&self.dir, self.workspace.as_deref())
    }

    /// A root the pull request does not touch (see [`untouched`](super::untouched::untouched)).
    pub(super) fn unchanged(dir: &str, note: Option<String>) -> RootReport {
        RootReport {
            before: Some((0, 0, 0)),
            after: Some((0, 0, 0)),
            note,
            ..RootReport::new(dir)
        }
    }
}

/// `dir`, or `dir (workspace)`.
pub(crate) fn root_name(dir: &str, workspace: Option<&str>) -> String {
    match workspace {
        Some(w) => format!("{dir} ({w})"),
        None => dir.to_string(),
    }
}

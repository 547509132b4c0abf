//! A root's verdict: what its plan does, whether that passes and why
//! (`Outcome`), and where in the head a failure is shown.

use std::collections::BTreeSet;
use std::path::Path;

use crate::diagnostics::SourceMap;
use crate::plan::diff::{Action, Plan};
use crate::refactor::pairing::Side;
use crate::refactor::{self, Request};

use super::CheckRequest;
use super::report::{Outcome, RootReport};

/// A root's outcome from its refactor: what its plan does, and whether
/// that passes. `at` says whether the root is in the head and the base.
pub(super) fn judge(
    report: &mut RootReport,
    outcome: &refactor::Outcome,
    at: (bool, bool),
    req: &CheckRequest,
) {
    let (in_head, in_base) = at;
    let allow_add = req.allow_add;
    let counts = |p: &Plan| p.counts();
    report.before = Some(counts(&outcome.before));
    report.after = Some(counts(&outcome.proof));
    report.blocks = outcome.blocks.clone();
    report.edits = outcome.edits.clone();
    report.unmatched = outcome.pairing.unmatched.clone();
    report.updates = outcome.pairing.updates.clone();
    report.update_hint = outcome.update_hint.clone();
    report.paired_by_rules = outcome
        .decided_by_rules
        .iter()
        .map(|d| {
            let planned = d.planned(&outcome.proof);
            (
                d.prior.to_string(),
                d.new.to_string(),
                d.rules.clone(),
                planned,
            )
        })
        .collect();
    report.forgotten = (outcome.before.changes.iter())
        .filter(|c| c.action == Action::Forget)
        .map(|c| c.addr.to_string())
        .collect();
    report.imported = (outcome.before.imports.iter())
        .map(|(a, _)| a.to_string())
        .collect();
    let destroys = report.unmatched.iter().any(|u| u.side == Side::Destroy);
    let creates = report.unmatched.iter().any(|u| u.side == Side::Create);
    let (b_add, b_change, b_destroy) = counts(&outcome.before);
    let untouched = b_add + b_change + b_destroy == 0
        && outcome.before.moves().is_empty()
        && report.forgotten.is_empty()
        && report.imported.is_empty();
    report.outcome = if !in_head {
        Outcome::DeletedRoot
    } else if !in_base {
        Outcome::NewRoot
    } else if destroys || (creates && !allow_add) {
        Outcome::Unmatched
    } else if !report.blocks.is_empty() {
        Outcome::MissingBlocks
    } else if untouched {
        Outcome::Unchanged
    } else {
        Outcome::Proven
    };
    report.passed = match report.outcome {
        Outcome::NewRoot => b_destroy == 0,
        Outcome::Unchanged | Outcome::Proven => outcome.proven(allow_add),
        _ => false,
    };
    // What the pull request's own blocks move and its configuration
    // updates asks the same consent as a generated move with an update.
    let generated: BTreeSet<&crate::addrs::AbsResourceInstance> =
        (outcome.pairing.pairs.iter()).map(|(_, new)| new).collect();
    let declared: Vec<refactor::pairing::Update> = (outcome.proof.changes.iter())
        .filter(|c| c.action == Action::Update && !generated.contains(&c.addr))
        .filter_map(|c| {
            Some(refactor::pairing::Update {
                prior: c.previous.clone()?,
                new: c.addr.clone(),
                diffs: (c.changed.iter())
                    .map(|name| refactor::pairing::AttrDiff {
                        name: name.clone(),
                        prior: None,
                        new: None,
                    })
                    .collect(),
            })
        })
        .collect();
    if req.allow_update {
        report.updates.extend(declared);
    } else if !declared.is_empty() {
        report.update_hint.extend(declared);
        if report.passed {
            report.outcome = Outcome::MovedAndUpdated;
            report.passed = false;
        }
    }
}

/// A file of the head tree (relative to it), a line and a column.
pub(super) type Place = (String, usize, usize);

/// Where in the head a failing root's findings are: the declaration the
/// first missing block moves to, else the first unexplained new object
/// (the annotation's line); and the root's backend block, what makes the
/// directory a root, for findings with no line of their own (SARIF
/// gives every result a line).
pub(super) fn anchor(
    request: &Request,
    report: &RootReport,
    head_dir: &Path,
) -> (Option<Place>, Option<Place>) {
    let engine = request.engine.unwrap_or_default();
    let Ok(config) = crate::config::load(
        &request.new_dir,
        &request.load_options(&request.new_dir, engine),
        &mut SourceMap::default(),
    ) else {
        return (None, None);
    };
    let place = |range: &crate::diagnostics::SourceRange| {
        let file = Path::new(&*range.file);
        let file = file.strip_prefix(head_dir).unwrap_or(file);
        (
            crate::syntax::source::clean_path(file),
            range.start.line,
            range.start.column,
        )
    };
    let declared = || -> Option<crate::diagnostics::SourceRange> {
        match (
            report.blocks.first(),
            report.unmatched.iter().find(|u| u.side == Side::Create),
        ) {
            (Some(b), _) => {
                let module = config.descendant(&b.module)?;
                declaration(module, &b.to)
            }
            (None, Some(u)) => {
                let path: Vec<String> = u
                    .addr
                    .module
                    .steps()
                    .iter()
                    .map(|s| s.name.clone())
                    .collect();
                let module = config.descendant(&path)?;
                let r = &module
                    .module
                    .resources
                    .get(&u.addr.resource.resource.to_string())?;
                Some(r.decl_range.clone())
            }
            _ => None,
        }
    };
    let backend = config.module.backend.as_ref().map(|(_, r)| place(r));
    (declared().as_ref().map(place), backend)
}

/// The declaration a move target names first: its module call, or its
/// resource.
fn declaration(
    config: &crate::config::Config,
    to: &str,
) -> Option<crate::diagnostics::SourceRange> {
    if let Some(rest) = to.strip_prefix("module.") {
        let name = rest.split(['.', '[']).next()?;
        return Some(config.module.module_calls.get(name)?.decl_range.clone());
    }
    let mut parts = to.split('[').next()?.splitn(3, '.');
    let key = match (parts.next()?, parts.next()?) {
        ("data", t) => format!("data.{t}.{}", parts.next()?),
        (t, n) => format!("{t}.{n}"),
    };
    Some(config.module.resources.get(&key)?.decl_range.clone())
}

//! The changed directories that no checked root reaches: a check never
//! passes on what it did not check.

use std::collections::BTreeSet;

use crate::discover;

use super::report::RootReport;
use super::tree;

/// A changed directory that no checked root reaches, with why discovery
/// left it out.
pub struct Unreached {
    pub dir: String,
    /// The first changed configuration file in it (what SARIF, which
    /// places every result on a line of a file, points at).
    pub file: Option<String>,
    pub why: String,
    /// What `.minimod.hcl` needs to check it, when discovery left out a
    /// root for what a declaration settles.
    pub declaration: Option<discover::Declaration>,
}

/// The changed directories no checked root loads, itself or through local
/// module calls, with discovery's reason for each. A root this run planned
/// reaches the modules its head's plan has instances of (a call with
/// `count = 0` reaches nothing); any other root (untouched, not
/// checkable, or another shard's) reaches what its calls name, at head or
/// at base.
pub(super) fn unreached(
    changed_files: &BTreeSet<String>,
    roots: &BTreeSet<String>,
    planned: &[RootReport],
    head: &discover::Discovery,
    base: &discover::Discovery,
) -> Vec<Unreached> {
    let mut reached: BTreeSet<String> = roots.clone();
    let mut from_calls: BTreeSet<String> = roots.clone();
    for r in planned {
        if let Some(dirs) = &r.reached {
            from_calls.remove(&r.dir);
            reached.extend(dirs.iter().cloned());
        }
    }
    let changed = tree::config_dirs(changed_files);
    let calls: Vec<&(String, String)> = head.calls.iter().chain(&base.calls).collect();
    let mut grew = true;
    while grew {
        grew = false;
        for (from, to) in &calls {
            if from_calls.contains(from) && from_calls.insert(to.clone()) {
                grew = true;
            }
        }
    }
    reached.extend(from_calls);
    changed
        .iter()
        .filter(|d| !reached.contains(*d))
        .map(|d| {
            let left = head
                .left_out
                .iter()
                .chain(&base.left_out)
                .find(|l| &l.dir == d);
            let why = match left {
                Some(l) if l.evidence.is_empty() => l.reason.describe().to_string(),
                Some(l) => format!("{} ({})", l.reason.describe(), l.evidence.join("; ")),
                None => "no configuration files".to_string(),
            };
            let file = (changed_files.iter())
                .find(|n| tree::config_dir(n).as_ref() == Some(d))
                .cloned();
            Unreached {
                dir: d.clone(),
                file,
                why,
                declaration: left.and_then(|l| l.declaration.clone()),
            }
        })
        .collect()
}

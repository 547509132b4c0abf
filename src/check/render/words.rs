//! What the reports say of a root, the same in every format: an outcome's
//! words, each finding's line, the blocks to add; from the report itself
//! or from its JSON form (what merged shards are).

use std::path::Path;

use crate::refactor::blocks::{Block, distinct};
use crate::refactor::pairing::{Reason, Side, Unmatched, Update};
use crate::refactor::write;

use super::escape::plain;
use crate::check::report::{Outcome, RootReport};

pub(super) fn describe(r: &RootReport) -> String {
    match r.outcome {
        Outcome::Unchanged => "unchanged".into(),
        Outcome::Proven => proven_word(
            r.before.is_none_or(|c| c == (0, 0, 0)),
            r.forgotten.len(),
            r.imported.len(),
        ),
        Outcome::MissingBlocks => format!("moved blocks missing ({})", distinct(&r.blocks).len()),
        Outcome::Unmatched => "objects destroyed or created that no move explains".into(),
        Outcome::NewRoot => "new root module".into(),
        Outcome::DeletedRoot => "root module deleted: every object in it would be destroyed".into(),
        Outcome::NotCheckable => "not checkable".into(),
        Outcome::CrossRootMoves => CROSS_ROOT.into(),
        Outcome::MovedAndUpdated => MOVED_AND_UPDATED.into(),
    }
}

/// A proven root: what its plan does beside moves, with what it forgets
/// and imports (terraform's words for a forget).
fn proven_word(nothing_planned: bool, forgotten: usize, imported: usize) -> String {
    let mut parts = Vec::new();
    if forgotten > 0 {
        parts.push(format!(
            "{forgotten} forgotten: no longer managed by terraform, but not destroyed"
        ));
    }
    if imported > 0 {
        parts.push(format!("{imported} imported"));
    }
    let lead = match nothing_planned && !parts.is_empty() {
        true => "nothing created, changed or destroyed",
        false => "changes proven: nothing that moved is destroyed",
    };
    parts.insert(0, lead.to_string());
    parts.join("; ")
}

/// The lines that name what a root forgets and imports.
pub(super) fn declared_lines<'a>(
    forgotten: impl Iterator<Item = &'a str>,
    imported: impl Iterator<Item = &'a str>,
) -> Vec<String> {
    forgotten
        .map(|a| format!("forget {a}: will no longer be managed by terraform, but will not be destroyed (destroy = false is set in the configuration)"))
        .chain(imported.map(|a| format!("import {a}: an import block takes over an existing object")))
        .collect()
}

pub(super) fn reason_word(u: &Unmatched) -> String {
    if let Some(lines) =
        crate::refactor::report::remote_reason(u, crate::refactor::remote::CHECK_CONTENT_NEEDED)
    {
        return lines.join(" ");
    }
    match &u.reason {
        Reason::NoCounterpart => "nothing of its type on the other side".into(),
        Reason::Differs(near) => match near.first() {
            Some(n) => format!(
                "differs from {} in {}",
                n.addr,
                n.diffs
                    .iter()
                    .map(|d| d.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => "differs".into(),
        },
        Reason::Ambiguous(c, e) if !e.said.is_empty() => format!(
            "{} identical candidates; what refers to them does not decide it: {}",
            c.len(),
            evidence_word(e)
        ),
        Reason::Ambiguous(c, _) => format!("{} identical candidates", c.len()),
        Reason::Blocked(w) => {
            format!("its declared move to {w} is blocked: {w} already holds an object")
        }
        Reason::BesideRemote(instances) => format!(
            "nothing of its type on the other side; it may be inside {}, whose content is not read: {}",
            crate::refactor::remote::listed(instances),
            crate::refactor::remote::CHECK_CONTENT_NEEDED
        ),
        // Said by `remote_reason`.
        Reason::RemoteGone { .. } | Reason::RemoteChanged(_) | Reason::RemoteReadThere => {
            String::new()
        }
    }
}

/// The dependents' evidence on one line: who said what, and why it did
/// not decide.
fn evidence_word(e: &crate::refactor::pairing::Evidence) -> String {
    let mut parts: Vec<String> = e
        .said
        .iter()
        .map(|s| format!("{} says {} -> {}", s.dependent, s.prior, s.new))
        .collect();
    if !e.conflicts.is_empty() {
        parts.push("they conflict".into());
    }
    if !e.uncovered.is_empty() {
        let m: Vec<String> = e.uncovered.iter().map(|(_, a)| a.to_string()).collect();
        parts.push(format!("no dependent refers to {}", m.join(", ")));
    }
    parts.join("; ")
}

/// An update as one line: the move and the names of what changes (the
/// values stay in `refactor`'s report).
fn update_word(u: &Update) -> String {
    let names: Vec<&str> = u.diffs.iter().map(|d| d.name.as_str()).collect();
    format!(
        "{} -> {}, updated in place: {}",
        u.prior,
        u.new,
        names.join(", ")
    )
}

/// The accepted updates, then what `--allow-update` would accept.
pub(super) fn update_lines(r: &RootReport) -> Vec<String> {
    r.updates
        .iter()
        .map(|u| format!("moved, will be updated in place: {}", update_word(u)))
        .chain(
            r.update_hint
                .iter()
                .map(|u| format!("did you mean: --allow-update? {}", update_word(u))),
        )
        .collect()
}

/// A pair only ignore rules made, as one line: the rules, then what the
/// plan does to the object (the ignored difference is still planned).
pub(super) fn rules_line(from: &str, to: &str, rules: &[&str], planned: &str) -> String {
    let what = match planned {
        "update" => "the ignored difference stays: the plan updates it in place",
        "replace" => {
            "the ignored difference stays, and the plan REPLACES it: the attribute forces replacement"
        }
        _ => "the plan leaves it unchanged",
    };
    format!(
        "paired by ignore rules: {from} -> {to}: {}; {what}",
        rules.join(", ")
    )
}

/// `rules_line` for each of a root's pairs, from its JSON form (the text
/// and the markdown say the same).
pub(super) fn rules_lines_doc(r: &serde_json::Value) -> Vec<String> {
    r["paired_by_rules"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let rules: Vec<&str> = p["rules"]
                        .as_array()
                        .map(|r| r.iter().map(str_of).collect())
                        .unwrap_or_default();
                    rules_line(
                        str_of(&p["from"]),
                        str_of(&p["to"]),
                        &rules,
                        str_of(&p["planned"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// `update_lines` from a root's JSON form.
pub(super) fn update_lines_doc(r: &serde_json::Value) -> Vec<String> {
    let line = |u: &serde_json::Value| {
        let names: Vec<&str> = u["attributes"]
            .as_array()
            .map(|a| a.iter().map(str_of).collect())
            .unwrap_or_default();
        format!(
            "{} -> {}, updated in place: {}",
            str_of(&u["from"]),
            str_of(&u["to"]),
            names.join(", ")
        )
    };
    let of = |key: &str, lead: &str| -> Vec<String> {
        r[key]
            .as_array()
            .map(|a| a.iter().map(|u| format!("{lead}{}", line(u))).collect())
            .unwrap_or_default()
    };
    let mut out = of("updates_accepted", "moved, will be updated in place: ");
    out.extend(of(
        "updates_with_allow_update",
        "did you mean: --allow-update? ",
    ));
    out
}

pub(super) fn side(u: &Unmatched) -> &'static str {
    side_word(u.side)
}

pub(super) fn side_word(side: Side) -> &'static str {
    match side {
        Side::Destroy => "destroy",
        Side::Create => "create",
    }
}

/// Where a block goes, relative to the head tree.
pub(super) fn block_file(head: &Path, b: &Block) -> String {
    let path = b.dir.join(write::Format::Hcl.file_name());
    let rel = path.strip_prefix(head).unwrap_or(&path);
    crate::syntax::source::clean_path(rel)
}

pub(super) fn blocks_text(head: &Path, blocks: &[Block]) -> Vec<(String, String)> {
    write::by_dir(blocks)
        .into_iter()
        .map(|(dir, pairs)| {
            let file = block_file(
                head,
                &Block {
                    module: Vec::new(),
                    dir,
                    from: String::new(),
                    to: String::new(),
                },
            );
            (file, write::hcl(&pairs))
        })
        .collect()
}

/// What a root's outcome says, from its JSON form.
pub(super) fn describe_doc(r: &serde_json::Value) -> String {
    let moves = r["moves"].as_array().map_or(0, Vec::len);
    match r["outcome"].as_str().unwrap_or("") {
        "unchanged" => "unchanged".into(),
        "proven" => {
            let count = |k: &str| r["plan"][k].as_u64().unwrap_or(0);
            let len = |k: &str| r[k].as_array().map_or(0, Vec::len);
            proven_word(
                count("add") + count("change") + count("destroy") == 0,
                len("forgotten"),
                len("imported"),
            )
        }
        "moved-blocks-missing" => format!("moved blocks missing ({moves})"),
        "unmatched" => "objects destroyed or created that no move explains".into(),
        "moved-and-updated" => MOVED_AND_UPDATED.into(),
        "new-root" => "new root module".into(),
        "deleted-root" => "root module deleted: every object in it would be destroyed".into(),
        "moved-across-roots" => CROSS_ROOT.into(),
        _ => "not checkable".into(),
    }
}

pub(super) fn str_of(v: &serde_json::Value) -> &str {
    v.as_str().unwrap_or("")
}

/// A root's name in its JSON form (`envs/app (prod)`): what tells two
/// workspaces of one directory apart.
pub(in crate::check) fn name_of(r: &serde_json::Value) -> &str {
    r["root"].as_str().unwrap_or_else(|| str_of(&r["dir"]))
}

/// An unreached directory's declaration from its JSON form, as
/// `Declaration::text` gives it: the notes as comments, then the block.
pub(super) fn declaration_doc(u: &serde_json::Value) -> Option<String> {
    let d = &u["declaration"];
    let block = d["block"].as_str()?;
    let mut text = String::new();
    for n in d["notes"].as_array().into_iter().flatten() {
        text.push_str(&format!("# {}\n", plain(str_of(n))));
    }
    text.push_str(block);
    Some(text)
}

pub(super) const UNREACHED: &str = "changed, but no checked root reaches it";

const MOVED_AND_UPDATED: &str = "moved and updated in place: only the provider knows whether an update replaces the object; accept it with --allow-update, or allow_update = true in the base's .minimod.hcl check block";

const CROSS_ROOT: &str =
    "objects move to or from another root module, which no moved block can do: declare it";

/// What a root says of a move across roots, from its JSON form: a line,
/// then each (file, block) to add, then notes (the import's id, a deleted
/// source root).
pub(super) fn cross_root_doc(m: &serde_json::Value) -> (String, Vec<(String, String)>, String) {
    let (from_root, from) = (str_of(&m["from_root"]), str_of(&m["from"]));
    let (to_root, to) = (str_of(&m["to_root"]), str_of(&m["to"]));
    let declared = |k: &str| m[k]["declared"].as_bool() == Some(true);
    let verb = match m["possible"].as_bool() {
        Some(true) => "may have moved across roots",
        _ => "moved across roots",
    };
    let mut line = format!("{verb}: {from_root}: {from} -> {to_root}: {to}");
    match (declared("removed"), declared("import")) {
        (true, true) => line.push_str(&format!(
            ", declared: {from_root} forgets it (removed, destroy = false) and {to_root} imports it"
        )),
        (true, false) => line.push_str(&format!(
            "; {from_root} forgets it with a removed block (destroy = false), but {to_root} has no import block for {to}: terraform would leave the object unmanaged and create a second one"
        )),
        (false, true) => line.push_str(&format!(
            "; {to_root} imports it, but {from_root} has no removed block with destroy = false for it: terraform would destroy the object {to_root} imports"
        )),
        (false, false) => {}
    }
    if let Some(why) = m["blocked"].as_str() {
        return (format!("{line} ({why})"), Vec::new(), String::new());
    }
    let blocks: Vec<(String, String)> = ["removed", "import"]
        .iter()
        .filter(|k| m[**k]["file"].is_string())
        .map(|k| {
            (
                str_of(&m[*k]["file"]).to_string(),
                str_of(&m[*k]["block"]).to_string(),
            )
        })
        .collect();
    let mut notes = Vec::new();
    if m["import"]["file"].is_string() {
        notes.push(format!(
            "a check has no state, so the import's id is a placeholder: replace it with the id {from_root} records for {from}"
        ));
    }
    if m["from_root_deleted"].as_bool() == Some(true) && m["removed"]["file"].is_string() {
        notes.push(format!(
            "this change deletes {from_root}: keep it, with its backend and the removed block, until the removed block is applied; delete it after"
        ));
    }
    (line, blocks, notes.join("; "))
}

/// How to make discovery check a directory it left out.
pub(super) fn declare_hint(dir: &str) -> String {
    format!(
        "If it is a root module, declare it in .minimod.hcl: root \"{}\" {{}}; if it is a module, declare the roots that call it.",
        plain(dir)
    )
}

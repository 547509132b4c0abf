//! The check's outputs: text for a terminal, markdown for a pull-request
//! comment, JSON for machines, and GitHub annotations in Actions.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde_json::json;

use crate::refactor::blocks::{Block, distinct};
use crate::refactor::pairing::{Reason, Side, Unmatched, Update};
use crate::refactor::report::Detail;
use crate::refactor::write;

use super::CheckReport;
use super::cross_root::{Candidate, CrossRootMove};
use super::report::{Outcome, RootReport};

fn describe(r: &RootReport) -> String {
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
fn declared_lines<'a>(
    forgotten: impl Iterator<Item = &'a str>,
    imported: impl Iterator<Item = &'a str>,
) -> Vec<String> {
    forgotten
        .map(|a| format!("forget {a}: will no longer be managed by terraform, but will not be destroyed (destroy = false is set in the configuration)"))
        .chain(imported.map(|a| format!("import {a}: an import block takes over an existing object")))
        .collect()
}

fn reason_word(u: &Unmatched) -> String {
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
fn update_lines(r: &RootReport) -> Vec<String> {
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
fn rules_line(from: &str, to: &str, rules: &[&str], planned: &str) -> String {
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
fn rules_lines_doc(r: &serde_json::Value) -> Vec<String> {
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
fn update_lines_doc(r: &serde_json::Value) -> Vec<String> {
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

fn updates_json(updates: &[Update]) -> serde_json::Value {
    json!(
        updates
            .iter()
            .map(|u| json!({
                "from": u.prior.to_string(),
                "to": u.new.to_string(),
                "attributes": u.diffs.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
            }))
            .collect::<Vec<_>>()
    )
}

fn side(u: &Unmatched) -> &'static str {
    side_word(u.side)
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Destroy => "destroy",
        Side::Create => "create",
    }
}

/// Where a block goes, relative to the head tree.
fn block_file(head: &Path, b: &Block) -> String {
    let path = b.dir.join(write::Format::Hcl.file_name());
    let rel = path.strip_prefix(head).unwrap_or(&path);
    crate::syntax::source::clean_path(rel)
}

fn blocks_text(head: &Path, blocks: &[Block]) -> Vec<(String, String)> {
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

pub(crate) fn text(report: &CheckReport, detail: Detail) -> String {
    let doc = json(report);
    let mut out = lead(&doc, detail);
    if detail == Detail::Quiet {
        return out;
    }
    if let Some(off) = &report.off {
        let _ = writeln!(
            out,
            "Discovery is off ({off}); only declared roots are checked."
        );
    }
    let empty = Vec::new();
    let docs = doc["roots"].as_array().unwrap_or(&empty);
    for (i, r) in report.roots.iter().enumerate() {
        let _ = writeln!(out, "\n{}: {}", plain(&r.name()), describe(r));
        if detail == Detail::Verbose
            && let Some(d) = docs.get(i)
        {
            push_plans(&mut out, d);
        }
        if let Some(note) = &r.note {
            let _ = writeln!(out, "  ({note})");
        }
        if let Some((file, sha256)) = &r.state {
            match detail {
                Detail::Verbose => {
                    let _ = writeln!(out, "  (prior state: {}, SHA-256 {sha256})", plain(file));
                }
                _ => {
                    let _ = writeln!(out, "  (prior state: {})", plain(file));
                }
            }
        }
        if !r.fetched.is_empty() {
            let _ = writeln!(out, "  fetched, as the base's .minimod.hcl allows:");
            for f in &r.fetched {
                let _ = writeln!(out, "    {}", plain(&fetched_line(f)));
            }
        }
        for (file, text) in blocks_text(&report.head_dir, &r.blocks) {
            let _ = writeln!(out, "  add to {}:", plain(&file));
            for line in text.lines() {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "    {line}");
                }
            }
        }
        for line in update_lines(r) {
            let _ = writeln!(out, "  {}", plain(&line));
        }
        for m in &r.cross_root {
            let (line, blocks, note) = cross_root_doc(&cross_root_json(m));
            let _ = writeln!(out, "  {}", plain(&line));
            for (file, block) in &blocks {
                let _ = writeln!(out, "  add to {}:", plain(file));
                for l in block.lines() {
                    match l.is_empty() {
                        true => out.push('\n'),
                        false => {
                            let _ = writeln!(out, "    {}", plain(l));
                        }
                    }
                }
            }
            if !note.is_empty() {
                let _ = writeln!(out, "  ({})", plain(&note));
            }
        }
        let (forgotten, imported) = (r.forgotten.iter(), r.imported.iter());
        for line in declared_lines(forgotten.map(String::as_str), imported.map(String::as_str)) {
            let _ = writeln!(out, "  {}", plain(&line));
        }
        for (from, to, rules, planned) in &r.paired_by_rules {
            let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
            let _ = writeln!(out, "  {}", plain(&rules_line(from, to, &rules, planned)));
        }
        for u in &r.unmatched {
            let _ = writeln!(
                out,
                "  {} {}: {}",
                side(u),
                crate::refactor::report::shown_addr(&u.addr),
                plain(&reason_word(u))
            );
        }
        if let Some(e) = &r.error {
            for line in e.lines() {
                let _ = writeln!(out, "  {}", plain(line));
            }
        }
    }
    for u in &report.unreached {
        let _ = writeln!(out, "\n{}: {}", plain(&u.dir), UNREACHED);
        let _ = writeln!(out, "  discovery left it out: {}", plain(&u.why));
        match &u.declaration {
            Some(d) => push_declaration(&mut out, &d.text()),
            None => {
                let _ = writeln!(out, "  {}", declare_hint(&u.dir));
            }
        }
    }
    out
}

/// `-v`: a root's plans as its JSON form counts them, without and with
/// the missing blocks.
fn push_plans(out: &mut String, r: &serde_json::Value) {
    let plan = |p: &serde_json::Value| {
        let n = |k: &str| p[k].as_u64().unwrap_or(0);
        format!(
            "{} to add, {} to change, {} to destroy",
            n("add"),
            n("change"),
            n("destroy")
        )
    };
    if r["plan"].is_object() {
        let _ = writeln!(out, "  plan: {}", plan(&r["plan"]));
    }
    if r["plan_with_blocks"].is_object() && !r["moves"].as_array().is_none_or(Vec::is_empty) {
        let _ = writeln!(
            out,
            "  plan with the missing blocks: {}",
            plan(&r["plan_with_blocks"])
        );
    }
}

/// Outcomes in the order the counts name them, with the word for a root
/// that has it.
const OUTCOME_WORDS: [(&str, &str); 9] = [
    ("unchanged", "unchanged"),
    ("proven", "proven"),
    ("new-root", "new"),
    ("moved-blocks-missing", "with moved blocks missing"),
    ("unmatched", "with objects no move explains"),
    ("moved-and-updated", "moved and updated in place"),
    ("moved-across-roots", "moving objects across roots"),
    ("deleted-root", "deleted"),
    ("not-checkable", "not checkable"),
];

/// "1 root module" or "2 root modules".
fn roots_word(n: usize) -> String {
    match n {
        1 => "1 root module".into(),
        n => format!("{n} root modules"),
    }
}

/// The report's first lines, from its JSON form (one run's or merged
/// shards'): the verdict, then (unless `-q`) the counts and a next step
/// for each kind of failure, so that a long list of roots never hides
/// what to do. The markdown report leads with the same verdict.
fn lead(doc: &serde_json::Value, detail: Detail) -> String {
    let empty = Vec::new();
    let roots = doc["roots"].as_array().unwrap_or(&empty);
    let unreached = doc["unreached"].as_array().unwrap_or(&empty).len();
    let warn = doc["unreached_warn"].as_bool() == Some(true);
    let shard = &doc["shard"];
    let in_all = shard["roots_in_all"].as_u64().unwrap_or(roots.len() as u64);
    let failing: Vec<&serde_json::Value> = roots
        .iter()
        .filter(|r| r["passed"].as_bool() != Some(true))
        .collect();
    let dirs = |n: usize| match n {
        1 => "1 changed directory".to_string(),
        n => format!("{n} changed directories"),
    };
    let verdict = if in_all == 0 {
        "Failed: no root module was checked, so nothing is proven.".to_string()
    } else if !failing.is_empty() {
        let also = match unreached > 0 && !warn {
            true => format!(", and {} that no checked root reaches", dirs(unreached)),
            false => String::new(),
        };
        format!(
            "Failed: {} of {} root modules{also}.",
            failing.len(),
            roots.len()
        )
    } else if unreached > 0 {
        let verdict = match warn {
            true => "Passed, with a warning",
            false => "Failed",
        };
        format!(
            "{verdict}: {} {} not reached by any checked root.",
            dirs(unreached),
            if unreached == 1 { "is" } else { "are" }
        )
    } else {
        "Passed: no root destroys what was only moved.".to_string()
    };
    let mut out = format!("{verdict}\n");
    if detail == Detail::Quiet {
        return out;
    }
    let shard_note = match (shard["index"].as_u64(), shard["count"].as_u64()) {
        (Some(k), Some(n)) => format!(" (shard {k}/{n} of {in_all} in all)"),
        _ => String::new(),
    };
    let kinds: Vec<String> = OUTCOME_WORDS
        .iter()
        .filter_map(|(id, word)| {
            let n = roots.iter().filter(|r| r["outcome"] == *id).count();
            (n > 0).then(|| format!("{n} {word}"))
        })
        .collect();
    let kinds = match kinds.is_empty() {
        true => String::new(),
        false => format!(": {}", kinds.join(", ")),
    };
    let unreached_note = match unreached {
        0 => String::new(),
        n => format!("; {} that no checked root reaches", dirs(n)),
    };
    let _ = writeln!(
        out,
        "minimod check: base {}, head {}; {}{shard_note}{kinds}{unreached_note}.",
        plain(str_of(&doc["base"])),
        plain(str_of(&doc["head"])),
        roots_word(roots.len()),
    );
    if detail == Detail::Verbose {
        let _ = writeln!(
            out,
            "Revisions compared: base {}, head {}.",
            plain(str_of(&doc["revisions"]["base"])),
            plain(str_of(&doc["revisions"]["head"]))
        );
        if let Some(states) = doc["states"].as_object().filter(|s| !s.is_empty()) {
            for (name, s) in states {
                let _ = writeln!(
                    out,
                    "Prior state of {}: {}, SHA-256 {}.",
                    plain(name),
                    plain(str_of(&s["file"])),
                    plain(str_of(&s["sha256"]))
                );
            }
        }
    }
    for line in next_steps(doc, &failing, in_all, unreached, warn) {
        let _ = writeln!(out, "Next: {line}");
    }
    out
}

/// What to do about each kind of failure, in the order the counts name
/// them.
fn next_steps(
    doc: &serde_json::Value,
    failing: &[&serde_json::Value],
    in_all: u64,
    unreached: usize,
    warn: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if in_all == 0 {
        out.push(
            "declare the root modules in .minimod.hcl (root \"DIR\" {}): discovery found none."
                .to_string(),
        );
    }
    let base = plain(str_of(&doc["base"]));
    // `check` without --head reads the index, and only then can --fix
    // write into the working tree.
    let of_index = doc["head"] == "index";
    for (id, _) in OUTCOME_WORDS {
        let n = failing.iter().filter(|r| r["outcome"] == id).count();
        if n == 0 {
            continue;
        }
        let roots = roots_word(n);
        let it = if n == 1 { "it" } else { "them" };
        let line = match id {
            "moved-blocks-missing" if of_index => format!(
                "{roots} would destroy objects that were only moved: run `minimod check --base {base} --fix` to write the missing moved blocks (listed below), then stage them and commit."
            ),
            "moved-blocks-missing" => format!(
                "{roots} would destroy objects that were only moved: add the moved blocks listed below (or, without --head, `minimod check --base {base} --fix` writes them into the working tree)."
            ),
            "unmatched" => format!(
                "{roots} would destroy or create objects that no move explains: each one below says why it did not pair; a destroy that is meant gets a `removed` block, and new infrastructure passes with --allow-add."
            ),
            "moved-and-updated" => format!(
                "{roots} move objects and update them in place: if the updates are meant, run again with --allow-update (or set allow_update = true in the base's .minimod.hcl check block)."
            ),
            "moved-across-roots" => format!(
                "{roots} move objects to or from another root module, which no moved block can do: add the removed and import blocks listed below."
            ),
            "deleted-root" => format!(
                "{roots} would be deleted with the objects in {it}: destroy the objects with terraform before this change merges, or move them to another root first (removed and import blocks)."
            ),
            "not-checkable" => {
                format!("{roots} could not be checked: the error under each says what it needs.")
            }
            _ => format!("{roots} failed: see below."),
        };
        out.push(line);
    }
    if unreached > 0 && !warn {
        out.push(
            "declare the changed directories that no checked root reaches in .minimod.hcl (what to add is under each, below)."
                .to_string(),
        );
    }
    out
}

/// What a root's outcome says, from its JSON form.
fn describe_doc(r: &serde_json::Value) -> String {
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

fn str_of(v: &serde_json::Value) -> &str {
    v.as_str().unwrap_or("")
}

/// A root's name in its JSON form (`envs/app (prod)`): what tells two
/// workspaces of one directory apart.
pub(super) fn name_of(r: &serde_json::Value) -> &str {
    r["root"].as_str().unwrap_or_else(|| str_of(&r["dir"]))
}

/// The version of the JSON documents minimod writes (`schemas/`): its
/// major number changes only when a reader's assumption would break.
pub(crate) const FORMAT_VERSION: &str = "1.0";

/// GitHub's limit on a pull-request comment's body, in characters.
pub(crate) const COMMENT_LIMIT: usize = 65_535;

/// GitHub's limit on a step's job summary (`$GITHUB_STEP_SUMMARY`): 1 MiB.
pub(crate) const SUMMARY_LIMIT: usize = 1 << 20;

/// The pull-request comment: `markdown_doc` within `limit` bytes (a byte
/// count bounds GitHub's character count). The summary table comes first,
/// then each root's details while they fit; a root whose row or details do
/// not fit is counted in a closing line that says where the whole report
/// is (`whole`, a markdown phrase).
pub(crate) fn markdown_within(doc: &serde_json::Value, limit: usize, whole: &str) -> String {
    let parts = markdown_parts(doc);
    let full: usize = parts.head.len()
        + parts.rows.iter().map(String::len).sum::<usize>()
        + parts.middle.len()
        + parts.details.iter().map(|(_, d)| d.len()).sum::<usize>();
    if full <= limit {
        return parts.concat();
    }
    let left_out_line = |n: usize| {
        format!(
            "\n**{n} of {} root modules are left out of this report to keep it within {limit} characters.** The whole report is {whole}.\n",
            parts.rows.len()
        )
    };
    // The closing line's longest form, kept free from the start.
    let budget = limit.saturating_sub(left_out_line(parts.rows.len()).len());
    let mut out = parts.head.clone();
    let mut shown = vec![false; parts.rows.len()];
    for (i, row) in parts.rows.iter().enumerate() {
        if out.len() + row.len() + parts.middle.len() > budget {
            break;
        }
        out.push_str(row);
        shown[i] = true;
    }
    out.push_str(&parts.middle);
    let mut detailed = vec![false; parts.rows.len()];
    for (i, details) in &parts.details {
        if shown[*i] && out.len() + details.len() <= budget {
            out.push_str(details);
            detailed[*i] = true;
        }
    }
    // A root is left out when its row is, or when it has details that are.
    let has_details: Vec<bool> = (0..parts.rows.len())
        .map(|i| parts.details.iter().any(|(j, _)| *j == i))
        .collect();
    let left_out = (0..parts.rows.len())
        .filter(|&i| !shown[i] || (has_details[i] && !detailed[i]))
        .count();
    if out.len() > budget {
        // Only unreached directories' declarations can still overflow: cut
        // at a line, which may leave a block unclosed but keeps the limit.
        let mut cut = budget;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        let cut = out[..cut].rfind('\n').map_or(0, |n| n + 1);
        out.truncate(cut);
    }
    out.push_str(&left_out_line(left_out));
    out
}

/// The markdown report in pieces `markdown_within` can cut between: the
/// heading, one table row per root (unreached directories' rows stay in
/// `middle`, after the table's roots), what follows the table, and each
/// root's details with the index of its row.
struct MarkdownParts {
    head: String,
    rows: Vec<String>,
    middle: String,
    details: Vec<(usize, String)>,
}

impl MarkdownParts {
    fn concat(&self) -> String {
        let mut out = self.head.clone();
        self.rows.iter().for_each(|r| out.push_str(r));
        out.push_str(&self.middle);
        self.details.iter().for_each(|(_, d)| out.push_str(d));
        out
    }
}

fn markdown_parts(doc: &serde_json::Value) -> MarkdownParts {
    let empty = Vec::new();
    let list = |v: &serde_json::Value| v.as_array().unwrap_or(&empty).clone();
    let roots = list(&doc["roots"]);
    let unreached = list(&doc["unreached"]);
    let warn = doc["unreached_warn"].as_bool().unwrap_or(false);
    let mut out = String::new();
    let verdict = if doc["passed"].as_bool().unwrap_or(false) {
        "passed"
    } else {
        "failed"
    };
    let _ = writeln!(out, "### minimod check {verdict}\n");
    let shard = &doc["shard"];
    let shard_note = match (shard["index"].as_u64(), shard["count"].as_u64()) {
        (Some(k), Some(n)) => format!(" (shard {k}/{n} of {} in all)", shard["roots_in_all"]),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "Base {}, head {}{shard_note}.\n",
        md_code(str_of(&doc["base"])),
        md_code(str_of(&doc["head"])),
    );
    if let Some(states) = doc["states"].as_object().filter(|s| !s.is_empty()) {
        let names: Vec<String> = states.keys().map(|n| md_code(n)).collect();
        let _ = writeln!(
            out,
            "Planned against the prior states of {}.\n",
            names.join(", ")
        );
    }
    let _ = writeln!(out, "| Root module | Outcome | Add | Change | Destroy |");
    let _ = writeln!(out, "|---|---|---:|---:|---:|");
    let head = std::mem::take(&mut out);
    let mut rows = Vec::new();
    for r in &roots {
        let mut out = String::new();
        let count = |k: &str| r["plan"][k].as_u64().unwrap_or(0);
        let mark = if r["passed"].as_bool().unwrap_or(false) {
            "✅"
        } else {
            "❌"
        };
        let _ = writeln!(
            out,
            "| {} | {mark} {} | {} | {} | {} |",
            md_code(name_of(r)).replace('|', "\\|"),
            describe_doc(r),
            count("add"),
            count("change"),
            count("destroy"),
        );
        rows.push(out);
    }
    for u in &unreached {
        let mark = if warn { "⚠️" } else { "❌" };
        let _ = writeln!(
            out,
            "| {} | {mark} {UNREACHED}: {} | | | |",
            md_code(str_of(&u["dir"])).replace('|', "\\|"),
            md_text(str_of(&u["reason"]))
        );
    }
    let in_all = shard["roots_in_all"].as_u64().unwrap_or(roots.len() as u64);
    if in_all == 0 {
        let _ = writeln!(
            out,
            "\nNo root module was checked, so nothing is proven. Declare roots in `.minimod.hcl`."
        );
    }
    if !unreached.is_empty() {
        let _ = writeln!(
            out,
            "\nChanged directories that no checked root reaches are not checked. {}",
            md_text(&declare_hint("DIR"))
        );
    }
    for u in &unreached {
        out.push_str(&declaration_markdown(u));
    }
    let middle = std::mem::take(&mut out);
    let mut details = Vec::new();
    for (i, r) in roots.iter().enumerate() {
        let mut out = String::new();
        let moves = list(&r["moves"]);
        let unmatched = list(&r["unmatched"]);
        let mut updates = update_lines_doc(r);
        updates.extend(rules_lines_doc(r));
        let strs = |k: &str| {
            list(&r[k])
                .iter()
                .map(|v| str_of(v).to_string())
                .collect::<Vec<_>>()
        };
        let (forgotten, imported) = (strs("forgotten"), strs("imported"));
        updates.extend(declared_lines(
            forgotten.iter().map(String::as_str),
            imported.iter().map(String::as_str),
        ));
        let across = list(&r["cross_root_moves"]);
        if moves.is_empty()
            && unmatched.is_empty()
            && updates.is_empty()
            && across.is_empty()
            && r["error"].is_null()
        {
            continue;
        }
        let _ = writeln!(
            out,
            "\n<details><summary><code>{}</code>: {}</summary>\n",
            html(name_of(r)),
            describe_doc(r)
        );
        // Grouped by the file's directory, as `--fix` writes them.
        let mut files: BTreeMap<PathBuf, (String, Vec<(String, String)>)> = BTreeMap::new();
        for m in &moves {
            let file = str_of(&m["file"]);
            let dir = Path::new(file)
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default();
            let pairs = &mut files
                .entry(dir)
                .or_insert_with(|| (file.to_string(), Vec::new()))
                .1;
            pairs.push((str_of(&m["from"]).to_string(), str_of(&m["to"]).to_string()));
        }
        for (file, pairs) in files.values() {
            let text = write::hcl(pairs);
            let fence = md_fence(&text);
            let _ = writeln!(
                out,
                "Add to {}:\n\n{fence}hcl\n{text}{fence}\n",
                md_code(file)
            );
        }
        for m in &across {
            out.push_str(&cross_root_markdown(m));
        }
        for line in &updates {
            let _ = writeln!(out, "- {}", md_text(line));
        }
        for u in &unmatched {
            let _ = writeln!(
                out,
                "- {} {}: {}",
                str_of(&u["action"]),
                md_code(str_of(&u["address"])),
                md_text(str_of(&u["reason"]))
            );
        }
        if let Some(e) = r["error"].as_str() {
            let fence = md_fence(e);
            let _ = writeln!(out, "{fence}\n{e}\n{fence}");
        }
        let _ = writeln!(out, "\n</details>");
        details.push((i, out));
    }
    MarkdownParts {
        head,
        rows,
        middle,
        details,
    }
}

/// The declaration that checks a changed directory discovery left out, as
/// a pull-request comment's details, from its JSON form; nothing when it
/// has none.
fn declaration_markdown(u: &serde_json::Value) -> String {
    let Some(text) = declaration_doc(u) else {
        return String::new();
    };
    let fence = md_fence(&text);
    format!(
        "\n<details><summary><code>{}</code>: {UNREACHED}</summary>\n\nTo check it, add to `.minimod.hcl`:\n\n{fence}hcl\n{text}{fence}\n\n</details>\n",
        html(str_of(&u["dir"])),
    )
}

/// A declaration in the text report, under its directory's line.
fn push_declaration(out: &mut String, text: &str) {
    let _ = writeln!(out, "  to check it, add to .minimod.hcl:");
    for line in text.lines() {
        let _ = writeln!(out, "    {}", plain(line));
    }
}

/// An unreached directory's declaration from its JSON form, as
/// `Declaration::text` gives it: the notes as comments, then the block.
fn declaration_doc(u: &serde_json::Value) -> Option<String> {
    let d = &u["declaration"];
    let block = d["block"].as_str()?;
    let mut text = String::new();
    for n in d["notes"].as_array().into_iter().flatten() {
        text.push_str(&format!("# {}\n", plain(str_of(n))));
    }
    text.push_str(block);
    Some(text)
}

/// A move across roots in a pull-request comment: its line, the blocks
/// to add, the notes.
fn cross_root_markdown(m: &serde_json::Value) -> String {
    let mut out = String::new();
    let (line, blocks, note) = cross_root_doc(m);
    let _ = writeln!(out, "- {}\n", md_text(&line));
    for (file, block) in &blocks {
        let fence = md_fence(block);
        let _ = writeln!(
            out,
            "Add to {}:\n\n{fence}hcl\n{block}{fence}\n",
            md_code(file)
        );
    }
    if !note.is_empty() {
        let _ = writeln!(out, "{}\n", md_text(&note));
    }
    out
}

pub(crate) fn json(report: &CheckReport) -> serde_json::Value {
    let counts = |c: Option<(usize, usize, usize)>| {
        c.map(|(a, ch, d)| json!({ "add": a, "change": ch, "destroy": d }))
    };
    let mut doc = json!({
        "format_version": FORMAT_VERSION,
        "base": report.base,
        "head": report.head,
        "passed": report.passed(),
        "unreached_warn": report.unreached_warn,
        "revisions": { "base": report.revisions.0, "head": report.revisions.1 },
        "roots": report.roots.iter().map(|r| json!({
            "root": r.name(),
            "dir": r.dir,
            "workspace": r.workspace,
            "outcome": r.outcome.id(),
            "passed": r.passed,
            "plan": counts(r.before),
            "plan_with_blocks": counts(r.after),
            "moves": distinct(&r.blocks).into_iter().map(|b| json!({
                "from": b.from, "to": b.to, "file": block_file(&report.head_dir, b),
            })).collect::<Vec<_>>(),
            "unmatched": r.unmatched.iter().map(|u| json!({
                "address": u.addr.to_string(), "action": side(u), "reason": reason_word(u),
            })).collect::<Vec<_>>(),
            "updates_accepted": updates_json(&r.updates),
            "updates_with_allow_update": updates_json(&r.update_hint),
            "error": r.error,
            "note": r.note,
            "anchor": r.anchor.as_ref().or(r.root_block.as_ref()).map(|(file, line, column)| json!({
                "file": file, "line": line, "column": column,
            })),
            "cross_root_moves": r.cross_root.iter().map(cross_root_json).collect::<Vec<_>>(),
            "forgotten": r.forgotten,
            "imported": r.imported,
            "paired_by_rules": r.paired_by_rules.iter().map(|(from, to, rules, planned)| json!({
                "from": from, "to": to, "rules": rules, "planned": planned,
            })).collect::<Vec<_>>(),
            "state": r.state.as_ref().map(state_json),
            "fetched": r.fetched.iter().map(|f| json!({
                "side": f.side, "module": module_of(&f.key), "source": f.source, "version": f.version,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "states": (report.states.iter())
            .map(|(name, s)| (name.clone(), state_json(s)))
            .collect::<serde_json::Map<_, _>>(),
        "unreached": report.unreached.iter().map(|u| json!({
            "dir": u.dir, "file": u.file, "reason": u.why,
            "declaration": u.declaration.as_ref().map(|d| d.to_json()),
        })).collect::<Vec<_>>(),
    });
    if let Some((s, all)) = &report.shard {
        doc["shard"] = json!({
            "index": s.index, "count": s.count, "roots_in_all": all.len(), "roots": all,
        });
        // What `--merge` needs to see moves across shards.
        for (r, d) in report
            .roots
            .iter()
            .zip(doc["roots"].as_array_mut().into_iter().flatten())
        {
            d[CANDIDATES] = json!(r.candidates.iter().map(candidate_json).collect::<Vec<_>>());
        }
    }
    doc
}

/// A module call's address from its key in `modules.json` (`vpc.net`).
fn module_of(key: &str) -> String {
    (key.split('.').map(|k| format!("module.{k}")))
        .collect::<Vec<_>>()
        .join(".")
}

/// A fetched call as the text report says it: `base module.vpc:
/// registry.terraform.io/terraform-aws-modules/vpc/aws 5.1.2`.
fn fetched_line(f: &super::FetchedCall) -> String {
    let version = f
        .version
        .as_deref()
        .map(|v| format!(" {v}"))
        .unwrap_or_default();
    format!("{} {}: {}{version}", f.side, module_of(&f.key), f.source)
}

/// A prior state as a report records it: `{"file", "sha256"}`.
fn state_json((file, sha256): &(String, String)) -> serde_json::Value {
    json!({ "file": file, "sha256": sha256 })
}

fn candidate_json(c: &Candidate) -> serde_json::Value {
    let mut doc = json!({
        "address": c.address, "type": c.type_name, "action": side_word(c.side),
        "declared": c.declared, "fingerprint": c.fingerprint, "paired": c.paired,
    });
    if let Some(from) = &c.from {
        doc["from"] = json!(from);
        doc["alone"] = json!(c.alone);
        doc["from_root_deleted"] = json!(c.deleted_root);
    }
    match &c.removed {
        Some(Ok((file, block))) => doc["removed"] = json!({ "file": file, "block": block }),
        Some(Err(why)) => doc["blocked"] = json!(why),
        None => {}
    }
    doc
}

/// The key of a shard's report that lists, per root, what may pair with
/// another shard's roots (`CheckReport::candidates`); merged away.
const CANDIDATES: &str = "cross_root_candidates";

/// The moves across roots in different shards, which no shard saw both
/// sides of. Where an unsharded run's pairing is certain to pair them, the
/// move is as it would report it: the only object leaving a root and the
/// only one arriving in another with its type and fingerprint, neither
/// paired by its shard, the leaving one alone of its resource. Objects
/// that may otherwise be one object moved (the same type, fingerprints
/// equal or unknown, not both declared) are given as a possible move,
/// `blocked` with why, which fails both roots.
/// An exact move comes with the address its source root's plan destroys
/// (before the root's own moves apply, its `from` is the state's).
type Exact = (serde_json::Value, String);

fn cross_shard_moves(docs: &[(String, serde_json::Value)]) -> (Vec<Exact>, Vec<serde_json::Value>) {
    // (shard, root name, directory, candidate)
    type At<'a> = (usize, &'a str, &'a str, &'a serde_json::Value);
    let mut leaving: Vec<At> = Vec::new();
    let mut arriving: Vec<At> = Vec::new();
    for (shard, (_, doc)) in docs.iter().enumerate() {
        for r in doc["roots"].as_array().into_iter().flatten() {
            for c in r[CANDIDATES].as_array().into_iter().flatten() {
                let at = (shard, name_of(r), str_of(&r["dir"]), c);
                match str_of(&c["action"]) {
                    "destroy" => leaving.push(at),
                    _ => arriving.push(at),
                }
            }
        }
    }
    let fp = |v: &serde_json::Value| v["fingerprint"].as_str().map(str::to_string);
    let class = |v: &serde_json::Value| (v["type"].to_string(), fp(v));
    let count = |side: &[At], v: &serde_json::Value| {
        (side.iter())
            .filter(|(_, _, _, c)| fp(c).is_some() && class(c) == class(v))
            .count()
    };
    let mut exact = Vec::new();
    let mut possible = Vec::new();
    for (k, from_root, from_dir, d) in &leaving {
        for (j, to_root, to_dir, c) in &arriving {
            // Two workspaces of one directory are no move (`pair_across_roots`).
            let could = k != j
                && from_dir != to_dir
                && d["type"] == c["type"]
                && (fp(d).is_none() || fp(c).is_none() || fp(d) == fp(c));
            if !could {
                continue;
            }
            let certain = fp(d).is_some()
                && count(&leaving, d) == 1
                && count(&arriving, c) == 1
                && d["paired"] != true
                && c["paired"] != true
                && (d["alone"] == true || d["declared"] == true);
            if certain {
                let address = str_of(&d["address"]).to_string();
                exact.push((exact_move(from_root, d, (to_root, to_dir), c), address));
                continue;
            }
            if d["declared"] == true && c["declared"] == true {
                continue;
            }
            let mut m = json!({
                "from_root": from_root, "from": d["from"],
                "to_root": to_root, "to": c["address"], "possible": true,
                "blocked": format!(
                    "{from_root} and {to_root} are checked by different shards, so no shard could tell whether this is one object moved between them: run the check unsharded"
                ),
            });
            for (key, side) in [("removed", d), ("import", c)] {
                if side["declared"] == true {
                    m[key] = json!({ "declared": true });
                }
            }
            possible.push(m);
        }
    }
    (exact, possible)
}

/// A move across shards as one run reports it (`cross_root_json`).
fn exact_move(
    from_root: &str,
    d: &serde_json::Value,
    (to_root, to_dir): (&str, &str),
    c: &serde_json::Value,
) -> serde_json::Value {
    let (from, to) = (str_of(&d["from"]), str_of(&c["address"]));
    let mut m = json!({ "from_root": from_root, "from": from, "to_root": to_root, "to": to });
    if d["from_root_deleted"] == true {
        m["from_root_deleted"] = json!(true);
    }
    if let Some(why) = d["blocked"].as_str() {
        m["blocked"] = json!(why);
        return m;
    }
    m["removed"] = match d["declared"] == true {
        true => json!({ "declared": true }),
        false => d["removed"].clone(),
    };
    m["import"] = match c["declared"] == true {
        true => json!({ "declared": true }),
        false => {
            let (file, block) = super::cross_root::import_block(from_root, from, to_dir, to);
            json!({ "file": file, "block": block })
        }
    };
    m
}

/// The merged roots with the moves across shards: the objects an exact
/// move explains leave `unmatched`, and a root with a move not declared
/// fails, as in one run (`pair_across_roots`); a possible move fails both
/// roots.
fn settle_across_shards(docs: &[(String, serde_json::Value)], roots: &mut [serde_json::Value]) {
    let (exact, possible) = cross_shard_moves(docs);
    let ends = |m: &serde_json::Value, dir: &str| m["from_root"] == dir || m["to_root"] == dir;
    let declared =
        |m: &serde_json::Value| m["removed"]["declared"] == true && m["import"]["declared"] == true;
    for r in roots.iter_mut() {
        let dir = name_of(r).to_string();
        let here = |m: &&serde_json::Value| ends(m, &dir);
        for (m, leaving) in exact.iter().filter(|(m, _)| ends(m, &dir)) {
            let explained = |u: &serde_json::Value| {
                let at = |end: &str, action: &str, address: &serde_json::Value| {
                    m[end] == dir.as_str() && u["action"] == action && &u["address"] == address
                };
                at("from_root", "destroy", &json!(leaving)) || at("to_root", "create", &m["to"])
            };
            if let Some(list) = r["unmatched"].as_array_mut() {
                list.retain(|u| !explained(u));
            }
            if let Some(list) = r["cross_root_moves"].as_array_mut() {
                list.push(m.clone());
            }
        }
        let moves = r["cross_root_moves"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if exact.iter().any(|(m, _)| ends(m, &dir)) && !moves.iter().all(declared) {
            r["passed"] = json!(false);
            if r["unmatched"].as_array().is_none_or(Vec::is_empty) {
                r["outcome"] = json!(Outcome::CrossRootMoves.id());
            }
        }
        let mine: Vec<&serde_json::Value> = possible.iter().filter(here).collect();
        if !mine.is_empty() {
            // A root that failed already keeps its outcome; one that passed
            // fails for the move.
            let unmatched = r["unmatched"].as_array().is_none_or(Vec::is_empty);
            if r["passed"] == true || unmatched {
                r["outcome"] = json!(Outcome::CrossRootMoves.id());
            }
            r["passed"] = json!(false);
            if let Some(list) = r["cross_root_moves"].as_array_mut() {
                list.extend(mine.into_iter().cloned());
            }
        }
        if let Some(r) = r.as_object_mut() {
            r.remove(CANDIDATES);
        }
    }
}

/// The JSON reports of `--shard K/N` runs merged into the report of one
/// run over every root: the roots and unreached directories of all
/// shards, in the order one run reports them, and one verdict. Reports that
/// are not one complete set of shards of one check are refused, since a
/// merged report must never pass on a shard that did not run.
pub(crate) fn merge(docs: &[(String, serde_json::Value)]) -> Result<serde_json::Value, String> {
    super::shards::verify(docs)?;
    let Some((_, first)) = docs.first() else {
        return Err("no report to merge".into());
    };
    let mut roots = Vec::new();
    let mut unreached = Vec::new();
    for (_, doc) in docs {
        roots.extend(doc["roots"].as_array().cloned().unwrap_or_default());
        unreached.extend(doc["unreached"].as_array().cloned().unwrap_or_default());
    }
    settle_across_shards(docs, &mut roots);
    let dir = |v: &serde_json::Value| str_of(&v["dir"]).to_string();
    roots.sort_by_key(|r| name_of(r).to_string());
    unreached.sort_by_key(dir);
    let warn = first["unreached_warn"].as_bool().unwrap_or(false);
    let passed = !roots.is_empty()
        && roots.iter().all(|r| r["passed"].as_bool() == Some(true))
        && (unreached.is_empty() || warn);
    Ok(json!({
        "format_version": FORMAT_VERSION,
        "base": first["base"],
        "head": first["head"],
        "passed": passed,
        "unreached_warn": warn,
        "revisions": first["revisions"],
        "states": first["states"],
        "roots": roots,
        "unreached": unreached,
    }))
}

/// The text report of a merged set of shards: the verdict, the counts
/// and the next steps, then each root's outcome (the full text of a root
/// is in its shard's log).
pub(crate) fn text_doc(doc: &serde_json::Value, detail: Detail) -> String {
    let empty = Vec::new();
    let roots = doc["roots"].as_array().unwrap_or(&empty);
    let mut out = lead(doc, detail);
    if detail == Detail::Quiet {
        return out;
    }
    if !roots.is_empty() || !doc["unreached"].as_array().is_none_or(Vec::is_empty) {
        out.push('\n');
    }
    for r in roots {
        let _ = writeln!(out, "{}: {}", plain(name_of(r)), describe_doc(r));
        if detail == Detail::Verbose {
            push_plans(&mut out, r);
        }
    }
    for u in doc["unreached"].as_array().unwrap_or(&empty) {
        let _ = writeln!(
            out,
            "{}: {} ({})",
            plain(str_of(&u["dir"])),
            UNREACHED,
            plain(str_of(&u["reason"]))
        );
        if let Some(text) = declaration_doc(u) {
            push_declaration(&mut out, &text);
        }
    }
    out
}

/// A GitHub workflow command minimod prints (`::error file=F,line=N,title=T::message`).
/// Its properties and message are kept as given and escaped when it is
/// written, so that a command is the only line minimod prints that starts
/// with `::`, and nothing in it can end it or start another.
pub(crate) struct WorkflowCommand {
    command: &'static str,
    properties: Vec<(&'static str, String)>,
    message: String,
}

impl std::fmt::Display for WorkflowCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "::{}", self.command)?;
        for (i, (name, value)) in self.properties.iter().enumerate() {
            let sep = if i == 0 { ' ' } else { ',' };
            write!(f, "{sep}{name}={}", workflow_property(value))?;
        }
        write!(f, "::{}", workflow_data(&self.message))
    }
}

/// `::error` workflow commands, one per failing root, naming the file the
/// missing blocks belong in.
pub(crate) fn github_annotations(report: &CheckReport) -> Vec<WorkflowCommand> {
    let title = || ("title", "minimod check".to_string());
    let mut out = Vec::new();
    if !report.unreached_warn {
        for u in &report.unreached {
            let mut message = format!("{}: {UNREACHED} ({})", u.dir, u.why);
            if let Some(d) = &u.declaration {
                message.push_str(&format!(
                    "\nTo check it, add to .minimod.hcl:\n{}",
                    d.text()
                ));
            }
            out.push(WorkflowCommand {
                command: "error",
                properties: vec![title()],
                message,
            });
        }
    }
    for r in report.roots.iter().filter(|r| !r.passed) {
        // On a line the pull request holds, when there is one.
        let mut properties = match &r.anchor {
            Some((file, line, _)) => vec![("file", file.clone()), ("line", line.to_string())],
            None => Vec::new(),
        };
        properties.push(title());
        let mut lines = vec![format!("{}: {}", r.name(), describe(r))];
        for u in &r.unmatched {
            lines.push(format!(
                "{} {}: {}",
                side(u),
                crate::refactor::report::shown_addr(&u.addr),
                reason_word(u)
            ));
        }
        for m in &r.cross_root {
            lines.push(cross_root_doc(&cross_root_json(m)).0);
        }
        out.push(WorkflowCommand {
            command: "error",
            properties,
            message: lines.join("\n"),
        });
    }
    within_annotation_limit(out)
}

/// GitHub shows at most 10 error annotations of a step.
const ANNOTATION_LIMIT: usize = 10;

/// At most `ANNOTATION_LIMIT` annotations: past it, the last one kept
/// says how many more failures there are and where they are reported.
fn within_annotation_limit(mut out: Vec<WorkflowCommand>) -> Vec<WorkflowCommand> {
    if out.len() <= ANNOTATION_LIMIT {
        return out;
    }
    let rest = out.split_off(ANNOTATION_LIMIT - 1);
    let names: Vec<&str> = rest
        .iter()
        .filter_map(|c| c.message.split(':').next())
        .take(20)
        .collect();
    let more = match rest.len() > names.len() {
        true => ", ...",
        false => "",
    };
    out.push(WorkflowCommand {
        command: "error",
        properties: vec![("title", "minimod check".to_string())],
        message: format!(
            "{} more root modules or directories failed the check ({}{more}); the job summary and the check's report have each of them",
            rest.len(),
            names.join(", ")
        ),
    });
    out
}

/// The annotation of a check that could not run (exit 2): its errors'
/// summaries.
pub(crate) fn error_annotation(summaries: &[String]) -> WorkflowCommand {
    WorkflowCommand {
        command: "error",
        properties: vec![("title", "minimod check".to_string())],
        message: format!("the check could not run: {}", summaries.join("; ")),
    }
}

/// The pull-request comment of a check that could not run (exit 2): what
/// is wrong, as the log prints it (`rendered`, terraform's plain form).
pub(crate) fn markdown_error(rendered: &str) -> String {
    let text = plain_lines(rendered.trim_matches('\n'));
    let fence = md_fence(&text);
    format!(
        "### minimod check could not run\n\nNothing is proven: fix the error below and push again.\n\n{fence}\n{text}\n{fence}\n"
    )
}

/// `plain` for each line of a multi-line text.
fn plain_lines(s: &str) -> String {
    s.lines().map(plain).collect::<Vec<_>>().join("\n")
}

const UNREACHED: &str = "changed, but no checked root reaches it";

const MOVED_AND_UPDATED: &str = "moved and updated in place: only the provider knows whether an update replaces the object; accept it with --allow-update, or allow_update = true in the base's .minimod.hcl check block";

const CROSS_ROOT: &str =
    "objects move to or from another root module, which no moved block can do: declare it";

/// A move across roots as `--format json` carries it: each block the
/// pull request declares (`{"declared": true}`) or still needs (its file
/// and text), or why none can be written (`blocked`).
fn cross_root_json(m: &CrossRootMove) -> serde_json::Value {
    let mut doc = json!({
        "from_root": m.from_root, "from": m.from, "to_root": m.to_root, "to": m.to,
    });
    if m.source_deleted {
        doc["from_root_deleted"] = json!(true);
    }
    match &m.blocks {
        Ok(blocks) => {
            let mut blocks = blocks.iter();
            for (key, declared) in [
                ("removed", m.removed_declared),
                ("import", m.import_declared),
            ] {
                doc[key] = match declared {
                    true => json!({ "declared": true }),
                    false => match blocks.next() {
                        Some((file, block)) => json!({ "file": file, "block": block }),
                        None => continue,
                    },
                };
            }
        }
        Err(why) => doc["blocked"] = json!(why),
    }
    doc
}

/// What a root says of a move across roots, from its JSON form: a line,
/// then each (file, block) to add, then notes (the import's id, a deleted
/// source root).
fn cross_root_doc(m: &serde_json::Value) -> (String, Vec<(String, String)>, String) {
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
fn declare_hint(dir: &str) -> String {
    format!(
        "If it is a root module, declare it in .minimod.hcl: root \"{}\" {{}}; if it is a module, declare the roots that call it.",
        plain(dir)
    )
}

/// Text for a terminal: control characters (a newline or an escape
/// sequence in a directory name) are shown escaped, never acted on.
fn plain(s: &str) -> String {
    s.chars()
        .flat_map(|c| match c {
            '\n' => "\\n".chars().collect::<Vec<_>>(),
            '\r' => "\\r".chars().collect(),
            '\t' => "\\t".chars().collect(),
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32).chars().collect(),
            c => vec![c],
        })
        .collect()
}

/// A markdown code span holding `s` verbatim: delimited by more backticks
/// than any run inside it, on one line.
fn md_code(s: &str) -> String {
    let s = plain(s);
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

/// A fence that no line of `s` can close.
fn md_fence(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// Markdown text with its inline syntax characters escaped, on one line
/// (it never starts a line, so block syntax cannot apply).
fn md_text(s: &str) -> String {
    let mut out = String::new();
    for c in plain(s).chars() {
        if "\\`*_[]|<>&~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text inside an HTML element.
fn html(s: &str) -> String {
    plain(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The message of a GitHub workflow command: `%`, CR and LF escaped, so
/// nothing in it can end the command or start another, and made inert
/// (`text::inert`: on one line, that breaks only `##[`).
fn workflow_data(s: &str) -> String {
    let one_line = s
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    crate::text::inert(&one_line).into_owned()
}

/// A property of a workflow command (`file=...`): also `:` and `,`.
fn workflow_property(s: &str) -> String {
    workflow_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_are_escaped_for_each_format() {
        let name = "envs/x\n::warning::pwned|`tick`<b>";
        assert_eq!(plain(name), "envs/x\\n::warning::pwned|`tick`<b>");
        assert_eq!(md_code(name), "``envs/x\\n::warning::pwned|`tick`<b>``");
        assert_eq!(html(name), "envs/x\\n::warning::pwned|`tick`&lt;b&gt;");
        assert_eq!(workflow_data(name), "envs/x%0A::warning::pwned|`tick`<b>");
        assert_eq!(workflow_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(md_fence("x ``` y"), "````");
        assert_eq!(md_text("a|b*c"), "a\\|b\\*c");
    }
}

//! The text report, for a terminal: the verdict, the counts and what to
//! do next, then each root's findings; and the text of merged shards.

use std::fmt::Write;
use std::path::Path;

use crate::refactor::report::Detail;

use super::escape::plain;
use super::json::{cross_root_json, json, module_of};
use super::words::{
    UNREACHED, blocks_text, cross_root_doc, declaration_doc, declare_hint, declared_lines,
    describe, describe_doc, name_of, reason_word, rules_line, side, str_of, update_lines,
};
use crate::check::CheckReport;
use crate::check::fetch::FetchedCall;
use crate::check::report::RootReport;

/// The text report of one run: the lead, then each root with its
/// findings, then each changed directory no checked root reaches.
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
        push_root(&mut out, r, &report.head_dir, detail);
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

/// What the text report says under a root's line: its notes, the blocks
/// to add, and each finding.
fn push_root(out: &mut String, r: &RootReport, head_dir: &Path, detail: Detail) {
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
    for (file, text) in blocks_text(head_dir, &r.blocks) {
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

/// A declaration in the text report, under its directory's line.
fn push_declaration(out: &mut String, text: &str) {
    let _ = writeln!(out, "  to check it, add to .minimod.hcl:");
    for line in text.lines() {
        let _ = writeln!(out, "    {}", plain(line));
    }
}

/// A fetched call as the text report says it: `base module.vpc:
/// registry.terraform.io/terraform-aws-modules/vpc/aws 5.1.2`.
fn fetched_line(f: &FetchedCall) -> String {
    let version = f
        .version
        .as_deref()
        .map(|v| format!(" {v}"))
        .unwrap_or_default();
    format!("{} {}: {}{version}", f.side, module_of(&f.key), f.source)
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

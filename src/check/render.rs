//! The check's outputs: text for a terminal, markdown for a pull-request
//! comment, JSON for machines, and GitHub annotations in Actions.

use std::fmt::Write;
use std::path::Path;

use serde_json::json;

use crate::refactor::blocks::{Block, distinct};
use crate::refactor::pairing::{Reason, Side, Unmatched};
use crate::refactor::write;

use super::{CheckReport, Outcome, RootReport};

fn describe(r: &RootReport) -> String {
    match r.outcome {
        Outcome::Unchanged => "unchanged".into(),
        Outcome::Proven => "changes proven: nothing that moved is destroyed".into(),
        Outcome::MissingBlocks => format!("moved blocks missing ({})", distinct(&r.blocks).len()),
        Outcome::Unmatched => "objects destroyed or created that no move explains".into(),
        Outcome::NewRoot => "new root module".into(),
        Outcome::DeletedRoot => "root module deleted: every object in it would be destroyed".into(),
        Outcome::NotCheckable => "not checkable".into(),
    }
}

fn reason_word(u: &Unmatched) -> String {
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
        Reason::Ambiguous(c) => format!("{} identical candidates", c.len()),
        Reason::Blocked(w) => {
            format!("its declared move to {w} is blocked: {w} already holds an object")
        }
    }
}

fn side(u: &Unmatched) -> &'static str {
    match u.side {
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

pub fn text(report: &CheckReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "minimod check: base {}, head {}; {} root modules.",
        report.base,
        report.head,
        report.roots.len()
    );
    if let Some(off) = &report.off {
        let _ = writeln!(
            out,
            "Discovery is off ({off}); only declared roots are checked."
        );
    }
    for r in &report.roots {
        let _ = writeln!(out, "\n{}: {}", r.dir, describe(r));
        for (file, text) in blocks_text(&report.head_dir, &r.blocks) {
            let _ = writeln!(out, "  add to {file}:");
            for line in text.lines() {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "    {line}");
                }
            }
        }
        for u in &r.unmatched {
            let _ = writeln!(out, "  {} {}: {}", side(u), u.addr, reason_word(u));
        }
        if let Some(e) = &r.error {
            for line in e.lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    let failed = report.roots.iter().filter(|r| !r.passed).count();
    if failed == 0 {
        let _ = writeln!(out, "\nPassed: no root destroys what was only moved.");
    } else {
        let missing = report
            .roots
            .iter()
            .any(|r| r.outcome == Outcome::MissingBlocks);
        let hint = if missing {
            " Run with --fix to write the missing moved blocks."
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "\nFailed: {failed} of {} root modules.{hint}",
            report.roots.len()
        );
    }
    out
}

pub fn markdown(report: &CheckReport) -> String {
    let mut out = String::new();
    let verdict = if report.passed() { "passed" } else { "failed" };
    let _ = writeln!(out, "### minimod check {verdict}\n");
    let _ = writeln!(out, "Base `{}`, head `{}`.\n", report.base, report.head);
    let _ = writeln!(out, "| Root module | Outcome | Add | Change | Destroy |");
    let _ = writeln!(out, "|---|---|---:|---:|---:|");
    for r in &report.roots {
        let (a, c, d) = r.before.unwrap_or((0, 0, 0));
        let mark = if r.passed { "✅" } else { "❌" };
        let _ = writeln!(
            out,
            "| `{}` | {mark} {} | {a} | {c} | {d} |",
            r.dir,
            describe(r)
        );
    }
    for r in report
        .roots
        .iter()
        .filter(|r| !r.blocks.is_empty() || !r.unmatched.is_empty() || r.error.is_some())
    {
        let _ = writeln!(
            out,
            "\n<details><summary><code>{}</code>: {}</summary>\n",
            r.dir,
            describe(r)
        );
        for (file, text) in blocks_text(&report.head_dir, &r.blocks) {
            let _ = writeln!(out, "Add to `{file}`:\n\n```hcl\n{}```\n", text);
        }
        for u in &r.unmatched {
            let _ = writeln!(out, "- {} `{}`: {}", side(u), u.addr, reason_word(u));
        }
        if let Some(e) = &r.error {
            let _ = writeln!(out, "```\n{e}\n```");
        }
        let _ = writeln!(out, "\n</details>");
    }
    out
}

pub fn json(report: &CheckReport) -> serde_json::Value {
    let counts = |c: Option<(usize, usize, usize)>| {
        c.map(|(a, ch, d)| json!({ "add": a, "change": ch, "destroy": d }))
    };
    json!({
        "base": report.base,
        "head": report.head,
        "passed": report.passed(),
        "roots": report.roots.iter().map(|r| json!({
            "dir": r.dir,
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
            "error": r.error,
        })).collect::<Vec<_>>(),
    })
}

/// `::error` workflow commands, one per failing root, naming the file the
/// missing blocks belong in.
pub fn github_annotations(report: &CheckReport) -> String {
    let mut out = String::new();
    for r in report.roots.iter().filter(|r| !r.passed) {
        let file = r
            .blocks
            .first()
            .map(|b| block_file(&report.head_dir, b))
            .unwrap_or_else(|| r.dir.clone());
        let mut message = format!("{}: {}", r.dir, describe(r));
        for u in &r.unmatched {
            message.push_str(&format!("%0A{} {}: {}", side(u), u.addr, reason_word(u)));
        }
        let _ = writeln!(out, "::error file={file},title=minimod check::{message}");
    }
    out
}

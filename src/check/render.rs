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
        plain(&report.base),
        plain(&report.head),
        report.roots.len()
    );
    if let Some(off) = &report.off {
        let _ = writeln!(
            out,
            "Discovery is off ({off}); only declared roots are checked."
        );
    }
    for r in &report.roots {
        let _ = writeln!(out, "\n{}: {}", plain(&r.dir), describe(r));
        if let Some(note) = &r.note {
            let _ = writeln!(out, "  ({note})");
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
        for u in &r.unmatched {
            let _ = writeln!(out, "  {} {}: {}", side(u), u.addr, plain(&reason_word(u)));
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
        let _ = writeln!(out, "  {}", declare_hint(&u.dir));
    }
    let failed = report.roots.iter().filter(|r| !r.passed).count();
    if report.roots.is_empty() {
        let _ = writeln!(
            out,
            "\nFailed: no root module was checked, so nothing is proven. Declare roots in .minimod.hcl."
        );
    } else if !report.unreached.is_empty() && failed == 0 {
        let verdict = match report.unreached_warn {
            true => "Passed, with a warning",
            false => "Failed",
        };
        let _ = writeln!(
            out,
            "\n{verdict}: {} changed directories are not reached by any checked root.",
            report.unreached.len()
        );
    } else if failed == 0 {
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
    let _ = writeln!(
        out,
        "Base {}, head {}.\n",
        md_code(&report.base),
        md_code(&report.head)
    );
    let _ = writeln!(out, "| Root module | Outcome | Add | Change | Destroy |");
    let _ = writeln!(out, "|---|---|---:|---:|---:|");
    for r in &report.roots {
        let (a, c, d) = r.before.unwrap_or((0, 0, 0));
        let mark = if r.passed { "✅" } else { "❌" };
        let _ = writeln!(
            out,
            "| {} | {mark} {} | {a} | {c} | {d} |",
            md_code(&r.dir).replace('|', "\\|"),
            describe(r)
        );
    }
    for u in &report.unreached {
        let mark = if report.unreached_warn {
            "⚠️"
        } else {
            "❌"
        };
        let _ = writeln!(
            out,
            "| {} | {mark} {UNREACHED}: {} | | | |",
            md_code(&u.dir).replace('|', "\\|"),
            md_text(&u.why)
        );
    }
    if report.roots.is_empty() {
        let _ = writeln!(
            out,
            "\nNo root module was checked, so nothing is proven. Declare roots in `.minimod.hcl`."
        );
    }
    if !report.unreached.is_empty() {
        let _ = writeln!(
            out,
            "\nChanged directories that no checked root reaches are not checked. {}",
            md_text(&declare_hint("DIR"))
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
            html(&r.dir),
            describe(r)
        );
        for (file, text) in blocks_text(&report.head_dir, &r.blocks) {
            let fence = md_fence(&text);
            let _ = writeln!(
                out,
                "Add to {}:\n\n{fence}hcl\n{text}{fence}\n",
                md_code(&file)
            );
        }
        for u in &r.unmatched {
            let _ = writeln!(
                out,
                "- {} {}: {}",
                side(u),
                md_code(&u.addr.to_string()),
                md_text(&reason_word(u))
            );
        }
        if let Some(e) = &r.error {
            let fence = md_fence(e);
            let _ = writeln!(out, "{fence}\n{e}\n{fence}");
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
            "note": r.note,
            "paired_by_rules": r.paired_by_rules.iter().map(|(from, to, rules, planned)| json!({
                "from": from, "to": to, "rules": rules, "planned": planned,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "unreached": report.unreached.iter().map(|u| json!({
            "dir": u.dir, "reason": u.why,
        })).collect::<Vec<_>>(),
    })
}

/// `::error` workflow commands, one per failing root, naming the file the
/// missing blocks belong in.
pub fn github_annotations(report: &CheckReport) -> String {
    let mut out = String::new();
    if !report.unreached_warn {
        for u in &report.unreached {
            let _ = writeln!(
                out,
                "::error title=minimod check::{}",
                workflow_data(&format!("{}: {UNREACHED} ({})", u.dir, u.why))
            );
        }
    }
    for r in report.roots.iter().filter(|r| !r.passed) {
        // On a line the pull request holds, when there is one.
        let place = match &r.anchor {
            Some((file, line)) => format!("file={},line={line},", workflow_property(file)),
            None => String::new(),
        };
        let mut lines = vec![format!("{}: {}", r.dir, describe(r))];
        for u in &r.unmatched {
            lines.push(format!("{} {}: {}", side(u), u.addr, reason_word(u)));
        }
        let message: Vec<String> = lines.iter().map(|l| workflow_data(l)).collect();
        let _ = writeln!(
            out,
            "::error {place}title=minimod check::{}",
            message.join("%0A")
        );
    }
    out
}

const UNREACHED: &str = "changed, but no checked root reaches it";

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
/// nothing in it can end the command or start another.
fn workflow_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
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

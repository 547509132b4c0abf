//! The markdown report, for a pull-request comment or a job summary: a
//! table of the roots, then each root's details, within GitHub's limits.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::refactor::write;

use super::escape::{html, md_code, md_fence, md_text, plain_lines};
use super::words::{
    UNREACHED, cross_root_doc, declaration_doc, declare_hint, declared_lines, describe_doc,
    name_of, rules_lines_doc, str_of, update_lines_doc,
};

/// GitHub's limit on a pull-request comment's body, in characters.
pub(crate) const COMMENT_LIMIT: usize = 65_535;

/// GitHub's limit on a step's job summary (`$GITHUB_STEP_SUMMARY`): 1 MiB.
pub(crate) const SUMMARY_LIMIT: usize = 1 << 20;

/// The pull-request comment: the markdown report of `doc` (a check's JSON
/// document) within `limit` bytes (a byte count bounds GitHub's character
/// count). The summary table comes first,
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
    let roots = doc["roots"].as_array().unwrap_or(&empty);
    MarkdownParts {
        head: markdown_head(doc),
        rows: roots.iter().map(markdown_row).collect(),
        middle: markdown_middle(doc),
        details: (roots.iter().enumerate())
            .filter_map(|(i, r)| Some((i, markdown_details(r)?)))
            .collect(),
    }
}

/// The heading: the verdict, the revisions, the states, and the table's
/// header.
fn markdown_head(doc: &serde_json::Value) -> String {
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
    out
}

/// A root's row of the table.
fn markdown_row(r: &serde_json::Value) -> String {
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
    out
}

/// What follows the roots' rows: the unreached directories' rows, what
/// the table leaves unchecked, and the unreached directories' declarations.
fn markdown_middle(doc: &serde_json::Value) -> String {
    let empty = Vec::new();
    let roots = doc["roots"].as_array().unwrap_or(&empty);
    let unreached = doc["unreached"].as_array().unwrap_or(&empty);
    let warn = doc["unreached_warn"].as_bool().unwrap_or(false);
    let mut out = String::new();
    for u in unreached {
        let mark = if warn { "⚠️" } else { "❌" };
        let _ = writeln!(
            out,
            "| {} | {mark} {UNREACHED}: {} | | | |",
            md_code(str_of(&u["dir"])).replace('|', "\\|"),
            md_text(str_of(&u["reason"]))
        );
    }
    let shard = &doc["shard"];
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
    for u in unreached {
        out.push_str(&declaration_markdown(u));
    }
    out
}

/// A root's details: the blocks to add, the moves across roots, and each
/// finding; None for a root with nothing to say beyond its row.
fn markdown_details(r: &serde_json::Value) -> Option<String> {
    let empty = Vec::new();
    let list = |v: &serde_json::Value| v.as_array().unwrap_or(&empty).clone();
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
        return None;
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
    Some(out)
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

/// The pull-request comment of a check that could not run (exit 2): what
/// is wrong, as the log prints it (`rendered`, terraform's plain form).
pub(crate) fn markdown_error(rendered: &str) -> String {
    let text = plain_lines(rendered.trim_matches('\n'));
    let fence = md_fence(&text);
    format!(
        "### minimod check could not run\n\nNothing is proven: fix the error below and push again.\n\n{fence}\n{text}\n{fence}\n"
    )
}

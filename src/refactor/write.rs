//! Writing `moved` blocks: HCL as `terraform fmt` lays it out, or
//! Terraform's JSON syntax, and `--write` into each declaring module's
//! `moved.tf` (or `moved.tf.json`), merged with what an earlier run wrote,
//! atomically, touching no other file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::syntax::body::Body;
use crate::syntax::source::SourceFile;
use crate::syntax::{json, native};

use super::blocks::Block;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Hcl,
    Json,
}

impl Format {
    pub fn file_name(self) -> &'static str {
        match self {
            Format::Hcl => "moved.tf",
            Format::Json => "moved.tf.json",
        }
    }
}

/// `moved { from = A to = B }` blocks, `=` aligned, a blank line between.
pub fn hcl(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(from, to)| format!("moved {{\n  from = {from}\n  to   = {to}\n}}\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `{"moved": [{"from": A, "to": B}]}`: JSON syntax takes the addresses as
/// bare traversal strings, not `${...}` templates.
pub fn json_doc(pairs: &[(String, String)]) -> String {
    let moved: Vec<serde_json::Value> = pairs
        .iter()
        .map(|(f, t)| serde_json::json!({ "from": f, "to": t }))
        .collect();
    let mut s =
        serde_json::to_string_pretty(&serde_json::json!({ "moved": moved })).unwrap_or_default();
    s.push('\n');
    s
}

pub fn render(pairs: &[(String, String)], format: Format) -> String {
    match format {
        Format::Hcl => hcl(pairs),
        Format::Json => json_doc(pairs),
    }
}

/// The blocks grouped by the directory they belong in.
pub fn by_dir(blocks: &[Block]) -> BTreeMap<PathBuf, Vec<(String, String)>> {
    let mut out: BTreeMap<PathBuf, Vec<(String, String)>> = BTreeMap::new();
    for b in blocks {
        let pairs = out.entry(b.dir.clone()).or_default();
        let pair = (b.from.clone(), b.to.clone());
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    out
}

/// Writes each directory's blocks into its moved file, keeping the blocks
/// an earlier run wrote there and adding only new ones. Returns the files
/// written.
pub fn write(blocks: &[Block], format: Format) -> Result<Vec<PathBuf>, Diagnostics> {
    let mut written = Vec::new();
    for (dir, pairs) in by_dir(blocks) {
        let path = dir.join(format.file_name());
        let mut all = existing(&path)?;
        for p in pairs {
            if !all.contains(&p) {
                all.push(p);
            }
        }
        write_atomic(&path, &render(&all, format))?;
        written.push(path);
    }
    Ok(written)
}

/// The (from, to) pairs of the moved blocks already in `path`.
fn existing(path: &Path) -> Result<Vec<(String, String)>, Diagnostics> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(Vec::new());
    };
    let file = std::sync::Arc::new(SourceFile::new(&path.to_string_lossy(), &text));
    let body: Body = if path.extension().is_some_and(|e| e == "json") {
        json::parse_file(&file)?
    } else {
        native::parse_file(&file)?
    };
    let content = body.content(&[("moved", 0)])?;
    let mut out = Vec::new();
    for b in content.blocks_of("moved") {
        let c = b.body.content(&[])?;
        let text_of = |name: &str| -> Result<String, Diagnostics> {
            let a = c.attr(name).ok_or_else(|| {
                Diagnostics::from(
                    Diagnostic::error(
                        "Missing required argument",
                        format!("The argument \"{name}\" is required."),
                    )
                    .at(&b.def_range),
                )
            })?;
            Ok(match a.json.as_ref().map(|j| &j.kind) {
                Some(json::JsonKind::String(s)) => s.clone(),
                _ => file.text[a.expr.range.start.byte..a.expr.range.end.byte].to_string(),
            })
        };
        out.push((text_of("from")?, text_of("to")?));
    }
    Ok(out)
}

fn write_atomic(path: &Path, text: &str) -> Result<(), Diagnostics> {
    let fail = |e: std::io::Error| {
        Diagnostics::from(Diagnostic::error(
            "Failed to write file",
            format!("Could not write {}: {e}.", path.display()),
        ))
    };
    let tmp = path.with_extension(format!(
        "{}.minimod-tmp",
        path.extension().and_then(|e| e.to_str()).unwrap_or("tf")
    ));
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hcl_is_laid_out_as_terraform_fmt_does() {
        let pairs = vec![
            ("module.web".to_string(), "module.site".to_string()),
            (
                "local_file.index".to_string(),
                "local_file.home".to_string(),
            ),
        ];
        assert_eq!(
            hcl(&pairs),
            "moved {\n  from = module.web\n  to   = module.site\n}\n\nmoved {\n  from = local_file.index\n  to   = local_file.home\n}\n"
        );
        assert_eq!(
            json_doc(&pairs[..1]),
            "{\n  \"moved\": [\n    {\n      \"from\": \"module.web\",\n      \"to\": \"module.site\"\n    }\n  ]\n}\n"
        );
    }

    #[test]
    fn writing_merges_with_an_earlier_file_without_duplicates() {
        let dir = tempfile::tempdir().unwrap();
        let block = |f: &str, t: &str| Block {
            module: vec![],
            dir: dir.path().to_path_buf(),
            from: f.into(),
            to: t.into(),
        };
        write(&[block("a.x", "a.y")], Format::Hcl).unwrap();
        write(
            &[
                block("a.x", "a.y"),
                block("module.m[\"k\"]", "module.n[\"k\"]"),
            ],
            Format::Hcl,
        )
        .unwrap();
        let text = std::fs::read_to_string(dir.path().join("moved.tf")).unwrap();
        assert_eq!(text.matches("moved {").count(), 2, "{text}");
        assert!(text.contains("from = module.m[\"k\"]"));
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp file left"
        );
    }
}

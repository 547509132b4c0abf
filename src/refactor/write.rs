//! Writing `moved` blocks: HCL as `terraform fmt` lays it out, or
//! Terraform's JSON syntax, and `--write` into each declaring module's
//! `moved.tf` (or `moved.tf.json`), merged with what an earlier run wrote,
//! atomically, touching no other file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::files::{Files, Kind};
use crate::syntax::body::Body;
use crate::syntax::source::SourceFile;
use crate::syntax::{json, native};

use super::blocks::Block;
use crate::config::Engine;

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

    /// The moved file of `dir`. Under OpenTofu an existing `moved.tofu`
    /// (`moved.tofu.json`) replaces `moved.tf`, which is then never read:
    /// the blocks go into it.
    pub fn file_in(self, dir: &Path, engine: Engine) -> PathBuf {
        let tofu = match self {
            Format::Hcl => "moved.tofu",
            Format::Json => "moved.tofu.json",
        };
        if engine == Engine::Tofu && dir.join(tofu).is_file() {
            return dir.join(tofu);
        }
        dir.join(self.file_name())
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

/// One file's blocks for stdout, saying which file they belong in: an HCL
/// comment line, or in JSON a `"//"` property (terraform's JSON comment),
/// so each group is still a document terraform reads as it is.
pub fn render_group(file: &str, pairs: &[(String, String)], format: Format) -> String {
    match format {
        Format::Hcl => format!("# {file}\n{}", hcl(pairs)),
        Format::Json => {
            let moved: Vec<serde_json::Value> = pairs
                .iter()
                .map(|(f, t)| serde_json::json!({ "from": f, "to": t }))
                .collect();
            let doc = serde_json::json!({ "//": file, "moved": moved });
            serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
        }
    }
}

/// The blocks grouped by the directory they belong in.
pub fn by_dir(blocks: &[Block]) -> BTreeMap<PathBuf, Vec<(String, String)>> {
    let mut out: BTreeMap<PathBuf, Vec<(String, String)>> = BTreeMap::new();
    // Each pair once, in the blocks' order: a refactor may derive tens of
    // thousands, so the repeats are found by hash, not by a scan.
    let mut seen: std::collections::HashSet<(&Path, &str, &str)> = Default::default();
    for b in blocks {
        if seen.insert((&b.dir, &b.from, &b.to)) {
            out.entry(b.dir.clone())
                .or_default()
                .push((b.from.clone(), b.to.clone()));
        }
    }
    out
}

/// One file as it will be after `--write`: the text it has (None: it does
/// not exist yet) and the text with the new blocks inserted. Every byte of
/// the old text is kept; blocks already declared there are not repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The file as the loader names it: the module directory joined with
    /// the file name.
    pub path: PathBuf,
    pub before: Option<String>,
    pub after: String,
    /// The (from, to) pairs inserted.
    pub added: Vec<(String, String)>,
}

/// The edits that declare `blocks`: per directory, its `moved.tf` (or
/// `moved.tf.json`) with the blocks it does not already declare inserted.
/// Nothing is written; [`write_edits`] writes exactly these texts.
pub fn edits(blocks: &[Block], format: Format, engine: Engine) -> Result<Vec<Edit>, Diagnostics> {
    edits_in(&Files::disk(), blocks, format, engine)
}

/// `edits`, with the files there now read from `files` (a check's
/// revision is in memory).
pub(crate) fn edits_in(
    files: &Files,
    blocks: &[Block],
    format: Format,
    engine: Engine,
) -> Result<Vec<Edit>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    for (dir, pairs) in by_dir(blocks) {
        let path = format.file_in(&dir, engine);
        let before = if files.is_mounted(&path) {
            mounted_text(files, &path)
        } else {
            text_on_disk(&path)
        };
        match before.and_then(|before| edit_one(&path, before, &pairs, format)) {
            Ok(Some(e)) => out.push(e),
            Ok(None) => {}
            Err(d) => diags.extend(d),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(out)
}

/// The files' new contents, for loading the configuration as it will be.
pub fn overlay(edits: &[Edit]) -> crate::config::Overlay {
    overlay_in(&Files::disk(), edits)
}

/// `overlay`, with paths resolved in `files`.
pub(crate) fn overlay_in(files: &Files, edits: &[Edit]) -> crate::config::Overlay {
    let mut out = crate::config::Overlay::new();
    for e in edits {
        // A linked file is read through its link elsewhere too, and a new
        // file under any spelling of its directory.
        let real = files.canonicalize(&e.path).ok().or_else(|| {
            Some(
                files
                    .canonicalize(e.path.parent()?)
                    .ok()?
                    .join(e.path.file_name()?),
            )
        });
        if let Some(real) = real {
            out.insert(real, e.after.clone());
        }
        out.insert(e.path.clone(), e.after.clone());
    }
    out
}

/// The text of the file at `path` on disk, if there is one. Anything but
/// a regular file is refused before it is read: a FIFO would never end.
fn text_on_disk(path: &Path) -> Result<Option<String>, Diagnostics> {
    // Only a link: a file another writer renames into place between the
    // two calls is not dangling.
    let dangling = std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound);
    if dangling && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(not_writable(
            path,
            "it is a symbolic link to a file that does not exist",
        ));
    }
    match crate::atomic::read_regular(path) {
        Ok(None) => Ok(None),
        Ok(Some(bytes)) => utf8(path, bytes).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
            Err(not_writable(path, &e.to_string()))
        }
        Err(e) => Err(not_writable(path, &format!("it cannot be read: {e}"))),
    }
}

/// The text of the file at `path` in a tree in memory, if there is one.
fn mounted_text(files: &Files, path: &Path) -> Result<Option<String>, Diagnostics> {
    match files.kind(path) {
        Err(_) => Ok(None),
        Ok(Kind::Dir) => Err(not_writable(path, "it is a directory, not a regular file")),
        Ok(_) => match files.read(path) {
            Ok(bytes) => utf8(path, bytes).map(Some),
            Err(e) => Err(not_writable(path, &format!("it cannot be read: {e}"))),
        },
    }
}

fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, Diagnostics> {
    String::from_utf8(bytes).map_err(|_| not_writable(path, "it is not UTF-8 text"))
}

fn edit_one(
    path: &Path,
    before: Option<String>,
    pairs: &[(String, String)],
    format: Format,
) -> Result<Option<Edit>, Diagnostics> {
    let have = match &before {
        Some(text) => existing(path, text)?,
        None => Vec::new(),
    };
    // Sets: a refactor of 100 000 instances writes tens of thousands.
    let mut seen: std::collections::HashSet<(String, String)> = have
        .iter()
        .map(|(f, t)| (canonical(f), canonical(t)))
        .collect();
    let added: Vec<(String, String)> = pairs
        .iter()
        .filter(|(f, t)| seen.insert((canonical(f), canonical(t))))
        .cloned()
        .collect();
    if added.is_empty() {
        return Ok(None);
    }
    let after = match (&before, format) {
        (None, _) => render(&added, format),
        (Some(text), Format::Hcl) => insert_hcl(text, &added),
        (Some(text), Format::Json) => insert_json(path, text, &added)?,
    };
    Ok(Some(Edit {
        path: path.to_path_buf(),
        before,
        after,
        added,
    }))
}

/// An address as minimod prints it, so `module.a["k"]` written by hand
/// with other spacing is the same block.
fn canonical(addr: &str) -> String {
    match crate::addrs::MoveEndpoint::parse(addr) {
        Ok(e) => e.to_string(),
        Err(_) => addr.split_whitespace().collect(),
    }
}

/// The file's line ending: CRLF when it already uses it.
fn newline(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// The blocks appended after everything the file holds, a blank line
/// between, in the file's line ending.
fn insert_hcl(text: &str, pairs: &[(String, String)]) -> String {
    let nl = newline(text);
    let mut out = text.to_string();
    if !out.is_empty() {
        if !out.ends_with('\n') {
            out.push_str(nl);
        }
        if !out.ends_with(&format!("{nl}{nl}")) && out.trim() != "" {
            out.push_str(nl);
        }
    }
    out.push_str(&hcl(pairs).replace('\n', nl));
    out
}

/// The blocks inserted into a `.tf.json` document without re-serializing
/// it: into the top-level `"moved"` array when there is one, else as a new
/// `"moved"` property at the end of the root object.
fn insert_json(path: &Path, text: &str, pairs: &[(String, String)]) -> Result<String, Diagnostics> {
    // The parser's offsets count from after a byte order mark; the mark
    // stays where it is.
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        return Ok(format!("\u{feff}{}", insert_json(path, rest, pairs)?));
    }
    let file = std::sync::Arc::new(SourceFile::new(&path.to_string_lossy(), text));
    let root = json::parse(&file)?;
    let json::JsonKind::Object(props) = &root.kind else {
        return Err(not_writable(path, "its root is not a JSON object"));
    };
    let nl = newline(text);
    let indent_at = |byte: usize| -> Option<String> {
        let line_start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
        let lead = &text[line_start..byte];
        lead.chars()
            .all(|c| c == ' ' || c == '\t')
            .then(|| lead.to_string())
    };
    let element = |pair: &(String, String), indent: &str| {
        let v = serde_json::json!({ "from": pair.0, "to": pair.1 });
        serde_json::to_string_pretty(&v)
            .unwrap_or_default()
            .replace('\n', &format!("{nl}{indent}"))
    };
    let array = props.iter().rev().find_map(|(k, krange, v)| match &v.kind {
        json::JsonKind::Array(items) if k == "moved" => Some((krange, v, items)),
        _ => None,
    });
    let mut out = String::with_capacity(text.len() + 100 * pairs.len());
    match array {
        Some((_, _, items)) if !items.is_empty() => {
            let last = &items[items.len() - 1];
            let at = last.range.end.byte;
            let indent = indent_at(items[0].range.start.byte).unwrap_or_else(|| "    ".into());
            out.push_str(&text[..at]);
            for p in pairs {
                out.push_str(&format!(",{nl}{indent}{}", element(p, &indent)));
            }
            out.push_str(&text[at..]);
        }
        Some((krange, arr, _)) => {
            let outer = indent_at(krange.start.byte).unwrap_or_else(|| "  ".into());
            let indent = format!("{outer}  ");
            let at = arr.range.start.byte + 1;
            out.push_str(&text[..at]);
            let items: Vec<String> = pairs.iter().map(|p| element(p, &indent)).collect();
            out.push_str(&format!(
                "{nl}{indent}{}{nl}{outer}",
                items.join(&format!(",{nl}{indent}"))
            ));
            // Whatever stood between the brackets (blank space) is kept.
            out.push_str(&text[at..]);
        }
        None => {
            let (at, outer, lead) = match props.last() {
                Some((_, _, v)) => {
                    let first = &props[0].1;
                    let outer = indent_at(first.start.byte).unwrap_or_else(|| "  ".into());
                    (v.range.end.byte, outer, ",")
                }
                None => (root.range.start.byte + 1, "  ".to_string(), ""),
            };
            let indent = format!("{outer}  ");
            let items: Vec<String> = pairs.iter().map(|p| element(p, &indent)).collect();
            out.push_str(&text[..at]);
            out.push_str(&format!(
                "{lead}{nl}{outer}\"moved\": [{nl}{indent}{}{nl}{outer}]",
                items.join(&format!(",{nl}{indent}"))
            ));
            if props.is_empty() {
                out.push_str(nl);
            }
            out.push_str(&text[at..]);
        }
    }
    Ok(out)
}

pub(crate) fn not_writable(path: &Path, why: &str) -> Diagnostics {
    Diagnostic::error(
        "Cannot write moved blocks",
        format!(
            "The moved blocks for this module belong in {}, but {why}. Nothing was written: make it a regular file that may be replaced, or add the blocks by hand.",
            crate::syntax::source::clean_path(path)
        ),
    )
    .into()
}

/// Where edits may write.
#[derive(Clone, Debug, Default)]
pub struct Confinement {
    /// A symbolic link is followed only to a regular file inside this
    /// directory (NEW_DIR); None: a link is never followed.
    pub links_within: Option<PathBuf>,
    /// Every file written must be inside this directory (a repository's
    /// working tree); None: anywhere the configuration's modules are.
    pub within: Option<PathBuf>,
}

/// How long a write waits for another minimod run writing into the same
/// directories.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Writes exactly the edits' texts as one: every target is checked, and
/// every new text prepared beside its file, before any file is replaced;
/// when one cannot be written (a directory, a link leading elsewhere, a
/// read-only file or directory, a file changed since it was read), none
/// is. Returns the files written.
pub fn write_edits(edits: &[Edit], confine: &Confinement) -> Result<Vec<PathBuf>, Diagnostics> {
    write_edits_if(edits, confine, &|_| Ok(()))
}

/// `write_edits`, with one more condition on each file that passed the
/// others (`check --fix`: no uncommitted changes).
pub fn write_edits_if(
    edits: &[Edit],
    confine: &Confinement,
    allowed: &dyn Fn(&Edit) -> Result<(), Diagnostics>,
) -> Result<Vec<PathBuf>, Diagnostics> {
    let all: Vec<(&Edit, &Confinement)> = edits.iter().map(|e| (e, confine)).collect();
    write_all(&all, allowed)
}

/// Several roots' edits (each with its own confinement) written as one:
/// all of them, or none.
pub fn write_all(
    edits: &[(&Edit, &Confinement)],
    allowed: &dyn Fn(&Edit) -> Result<(), Diagnostics>,
) -> Result<Vec<PathBuf>, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut jobs: Vec<(&Edit, PathBuf)> = Vec::new();
    for (e, confine) in edits {
        match resolve(e, confine) {
            Ok(real) => match jobs
                .iter()
                .find(|(_, r)| same_file_key(r) == same_file_key(&real))
            {
                // Two roots sharing a module that add the same blocks.
                Some((other, _)) if other.after == e.after => {}
                Some(_) => diags.extend(not_writable(
                    &e.path,
                    "two roots add different blocks to it (a module they share)",
                )),
                None => jobs.push((e, real)),
            },
            Err(d) => diags.extend(d),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    // Held from reading each file again to replacing them all: a second
    // run into the same directories waits, then finds its files changed.
    let dirs: Vec<PathBuf> = jobs
        .iter()
        .flat_map(|(e, real)| [crate::atomic::dir_of(&e.path), crate::atomic::dir_of(real)])
        .map(Path::to_path_buf)
        .collect();
    let _locks = crate::atomic::DirLocks::take(&dirs, LOCK_WAIT).map_err(|err| {
        let path = jobs
            .first()
            .map_or(Path::new("."), |(e, _)| e.path.as_path());
        not_writable(path, &format!("it could not be locked for writing: {err}"))
    })?;
    for (e, real) in &jobs {
        if let Some(why) = crate::atomic::unwritable(real) {
            diags.extend(not_writable(&e.path, &why));
        } else if let Err(d) = allowed(e) {
            diags.extend(d);
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    let mut batch = crate::atomic::Batch::default();
    for (e, real) in &jobs {
        // Dropping the batch removes what was prepared.
        batch.stage(real, e.after.as_bytes()).map_err(|err| {
            not_writable(
                &e.path,
                &format!("preparing its new text beside it failed: {err}"),
            )
        })?;
    }
    // What each file holds now, read under the lock: what minimod read,
    // or someone wrote it meanwhile and these edits would drop that.
    for ((e, _), (_, now)) in jobs.iter().zip(batch.originals()) {
        if now != e.before.as_deref().map(str::as_bytes) {
            diags.extend(changed(&e.path));
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    let shown_of = |real: &Path| -> String {
        let path = jobs
            .iter()
            .find(|(_, r)| r == real)
            .map_or(real, |(e, _)| e.path.as_path());
        crate::syntax::source::clean_path(path)
    };
    batch
        .commit()
        .map_err(|stopped| replace_failed(&stopped, &shown_of))?;
    Ok(jobs.into_iter().map(|(e, _)| e.path.clone()).collect())
}

fn changed(path: &Path) -> Diagnostics {
    Diagnostic::error(
        "Cannot write moved blocks",
        format!(
            "The moved blocks for this module belong in {}, but it changed since minimod read it (another run or an editor wrote it meanwhile). Nothing was written: run minimod again, which reads it as it is now.",
            crate::syntax::source::clean_path(path)
        ),
    )
    .into()
}

/// What a commit that stopped midway left: each file named, as it is now.
fn replace_failed(
    stopped: &crate::atomic::Stopped,
    shown: &dyn Fn(&Path) -> String,
) -> Diagnostics {
    let list = |paths: &mut dyn Iterator<Item = &PathBuf>| {
        paths.map(|p| shown(p)).collect::<Vec<_>>().join(", ")
    };
    let mut detail = format!(
        "Replacing {} with its new text failed: {}.",
        shown(&stopped.failed),
        stopped.error
    );
    if !stopped.restored.is_empty() {
        detail.push_str(&format!(
            " The files already replaced were put back as they were: {}.",
            list(&mut stopped.restored.iter())
        ));
    }
    if stopped.not_restored.is_empty() {
        detail.push_str(" Nothing was changed.");
    } else {
        for (p, err) in &stopped.not_restored {
            detail.push_str(&format!(
                " {} could not be put back ({err}): it holds the new blocks.",
                shown(p)
            ));
        }
        detail.push_str(" Every other file is as it was.");
    }
    Diagnostic::error("Cannot write moved blocks", detail).into()
}

/// The real file an edit writes: a link followed only as the
/// confinement allows, inside the directory it must stay in.
fn resolve(e: &Edit, confine: &Confinement) -> Result<PathBuf, Diagnostics> {
    let path = &e.path;
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let real = if is_link {
        let Some(within) = &confine.links_within else {
            return Err(not_writable(path, "it is a symbolic link"));
        };
        let resolved = crate::atomic::resolve_links(path)
            .map_err(|err| not_writable(path, &format!("its link cannot be followed: {err}")))?;
        let real_dir = resolved.parent().map(canon).unwrap_or_default();
        if !real_dir.starts_with(canon(within)) {
            return Err(not_writable(
                path,
                &format!(
                    "it is a symbolic link leading outside {}",
                    crate::syntax::source::clean_path(within)
                ),
            ));
        }
        real_dir.join(resolved.file_name().unwrap_or_default())
    } else {
        path.clone()
    };
    if let Some(within) = &confine.within {
        let dir = real.parent().map(canon).unwrap_or_default();
        if !dir.starts_with(canon(within)) {
            return Err(not_writable(
                path,
                &format!(
                    "it is outside {}",
                    crate::syntax::source::clean_path(within)
                ),
            ));
        }
    }
    Ok(real)
}

/// One name for a file however its directory is spelled.
fn same_file_key(real: &Path) -> PathBuf {
    match (crate::atomic::dir_of(real).canonicalize(), real.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => real.to_path_buf(),
    }
}

/// Plans and writes the blocks in one step, for callers that prove them
/// elsewhere (a temporary copy).
pub fn write(blocks: &[Block], format: Format) -> Result<Vec<PathBuf>, Diagnostics> {
    write_edits(
        &edits(blocks, format, Engine::Tofu)?,
        &Confinement::default(),
    )
}

/// The (from, to) pairs of the moved blocks already in the file `text`.
fn existing(path: &Path, text: &str) -> Result<Vec<(String, String)>, Diagnostics> {
    let file = std::sync::Arc::new(SourceFile::new(&path.to_string_lossy(), text));
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

    fn pair(f: &str, t: &str) -> (String, String) {
        (f.to_string(), t.to_string())
    }

    #[test]
    fn hcl_insertion_keeps_line_endings_and_a_missing_final_newline() {
        let p = [pair("a.x", "a.y")];
        assert_eq!(
            insert_hcl("locals {\r\n  x = 1\r\n}", &p),
            "locals {\r\n  x = 1\r\n}\r\n\r\nmoved {\r\n  from = a.x\r\n  to   = a.y\r\n}\r\n"
        );
        assert_eq!(insert_hcl("", &p), hcl(&p));
        assert_eq!(insert_hcl("# c\n\n", &p), format!("# c\n\n{}", hcl(&p)));
    }

    #[test]
    fn json_insertion_adds_to_the_moved_array_or_a_new_property() {
        let p = [pair("a.x", "a.y")];
        let path = Path::new("moved.tf.json");
        let text = "{\n  \"moved\": [\n    {\"from\": \"a.b\", \"to\": \"a.c\"}\n  ]\n}\n";
        assert_eq!(
            insert_json(path, text, &p).unwrap(),
            "{\n  \"moved\": [\n    {\"from\": \"a.b\", \"to\": \"a.c\"},\n    {\n      \"from\": \"a.x\",\n      \"to\": \"a.y\"\n    }\n  ]\n}\n"
        );
        // The single-block object form stays; a second "moved" property
        // (HCL's JSON syntax merges repeated block properties) follows.
        let text = "{\"moved\": {\"from\": \"a.b\", \"to\": \"a.c\"}}";
        let out = insert_json(path, text, &p).unwrap();
        assert!(
            out.starts_with("{\"moved\": {\"from\": \"a.b\", \"to\": \"a.c\"},\n"),
            "{out}"
        );
        let file = std::sync::Arc::new(SourceFile::new("moved.tf.json", &out));
        assert!(json::parse(&file).is_ok());
        assert_eq!(
            existing(path, &out).unwrap(),
            [pair("a.b", "a.c"), pair("a.x", "a.y")]
        );
        assert!(insert_json(path, "[]", &p).is_err());
    }

    #[test]
    fn a_block_already_declared_with_other_spacing_is_not_repeated() {
        let dir = tempfile::tempdir().unwrap();
        let text = "moved {\n  from = module.a[ \"k\" ]\n  to = module.b[\"k\"]\n}\n";
        std::fs::write(dir.path().join("moved.tf"), text).unwrap();
        let block = Block {
            module: vec![],
            dir: dir.path().to_path_buf(),
            from: "module.a[\"k\"]".into(),
            to: "module.b[\"k\"]".into(),
        };
        assert_eq!(edits(&[block], Format::Hcl, Engine::Tofu).unwrap(), []);
    }
}

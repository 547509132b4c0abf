//! The `.minimod.hcl` declaration that makes a left-out directory a root:
//! printed by `discover` and by `check` for a changed directory no root
//! reaches, in the syntax `config::parse` reads back into exactly it.
//!
//! Only directories that chose where their state lives (a backend or
//! cloud block) and were left out for what a declaration settles get one:
//! the var files they choose, the workspaces they run in, the tool their
//! files do not name. A module (called, under `modules/`, no backend) gets
//! none: declaring it a root would check it without its callers' inputs.

use crate::addrs::hcl_quoted_string;

use super::config::Workspace;
use super::{Reason, Tool};

/// What the declaration says, and what it could not know.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Declaration {
    pub dir: String,
    pub tool: Option<Tool>,
    /// Relative to `dir`.
    pub var_files: Vec<String>,
    /// One per var file when several are chosen, or when the code reads
    /// its workspace: named after the file.
    pub workspaces: Vec<Workspace>,
    /// What the repository must still say, as sentences.
    pub notes: Vec<String>,
}

/// The declaration for a directory left out for `reason`, with the var
/// and backend files it chooses (relative to it): None when a declaration
/// is not what it lacks.
pub(super) fn for_left_out(
    dir: &str,
    reason: Reason,
    tool: Option<Tool>,
    chosen: &[String],
) -> Option<Declaration> {
    if !matches!(
        reason,
        Reason::ChoosesFiles | Reason::Workspaces | Reason::NoTool | Reason::BothTools
    ) {
        return None;
    }
    // Backend files configure `init`, which a check never runs.
    let var_files: Vec<&String> = (chosen.iter())
        .filter(|f| f.ends_with(".tfvars") || f.ends_with(".tfvars.json"))
        .collect();
    let mut d = Declaration {
        dir: dir.to_string(),
        tool,
        var_files: Vec::new(),
        workspaces: Vec::new(),
        notes: Vec::new(),
    };
    let per_workspace = var_files.len() > 1 || reason == Reason::Workspaces;
    match &var_files[..] {
        [] => {}
        [one] if !per_workspace => d.var_files.push(one.to_string()),
        files => match by_stem(files) {
            Some(workspaces) => {
                d.workspaces = workspaces;
                d.notes.push(match reason {
                    Reason::Workspaces => "one workspace per var file, named after it: it runs in workspaces, so name them as those (terraform workspace list)".into(),
                    _ => "one workspace per var file, named after it, so that each is checked as a root of its own".into(),
                });
            }
            None => d.notes.push(
                "its var files' names are no workspace names: give each workspace it runs in with its var files, as workspaces = { NAME = { var_files = [...] } }".into(),
            ),
        },
    }
    if reason == Reason::Workspaces && var_files.is_empty() {
        d.notes.push("it runs in workspaces its files do not name: name each one (terraform workspace list) as workspaces = { NAME = {} }; as it is, it is checked in the default workspace only".into());
    }
    if tool.is_none() {
        let which = match reason {
            Reason::BothTools => "its files name both tools",
            _ => "no file says which tool runs it",
        };
        d.notes.push(format!(
            "{which}: add tool = \"opentofu\" or tool = \"terraform\" (without one, the check uses the default engine)"
        ));
    }
    Some(d)
}

/// One workspace per distinct file stem (`env/prod.tfvars` is `prod`),
/// files of one stem together; None when a stem is no workspace name.
fn by_stem(files: &[&String]) -> Option<Vec<Workspace>> {
    let mut out: Vec<Workspace> = Vec::new();
    for f in files {
        let name = f.rsplit('/').next().unwrap_or(f);
        let stem = (name.strip_suffix(".tfvars.json"))
            .or_else(|| name.strip_suffix(".tfvars"))
            .unwrap_or(name);
        if !super::config::valid_workspace_name(stem) {
            return None;
        }
        match out.iter_mut().find(|w| w.name == stem) {
            Some(w) => w.var_files.push(f.to_string()),
            None => out.push(Workspace {
                name: stem.to_string(),
                var_files: vec![f.to_string()],
                variables: Default::default(),
            }),
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Some(out)
}

impl Declaration {
    /// The `root` block, formatted as `terraform fmt` aligns it.
    pub fn block(&self) -> String {
        let list = |files: &[String]| {
            let quoted: Vec<String> = files.iter().map(|f| hcl_quoted_string(f)).collect();
            format!("[{}]", quoted.join(", "))
        };
        let mut attrs: Vec<(&str, String)> = Vec::new();
        if let Some(t) = self.tool {
            attrs.push(("tool", hcl_quoted_string(t.id())));
        }
        if !self.var_files.is_empty() {
            attrs.push(("var_files", list(&self.var_files)));
        }
        if !self.workspaces.is_empty() {
            let keys: Vec<String> = self.workspaces.iter().map(|w| key(&w.name)).collect();
            let width = keys.iter().map(String::len).max().unwrap_or(0);
            let mut object = "{\n".to_string();
            for (k, w) in keys.iter().zip(&self.workspaces) {
                let value = match w.var_files.is_empty() {
                    true => "{}".to_string(),
                    false => format!("{{ var_files = {} }}", list(&w.var_files)),
                };
                object.push_str(&format!("    {k:width$} = {value}\n"));
            }
            object.push_str("  }");
            attrs.push(("workspaces", object));
        }
        let label = hcl_quoted_string(&self.dir);
        if attrs.is_empty() {
            return format!("root {label} {{}}\n");
        }
        // As `terraform fmt`: a value spanning lines breaks the run of
        // aligned `=` (and it always comes last here).
        let width = (attrs.iter())
            .filter(|(_, v)| !v.contains('\n'))
            .map(|(n, _)| n.len())
            .max()
            .unwrap_or(0);
        let mut out = format!("root {label} {{\n");
        for (name, value) in attrs {
            match value.contains('\n') {
                true => out.push_str(&format!("  {name} = {value}\n")),
                false => out.push_str(&format!("  {name:width$} = {value}\n")),
            }
        }
        out.push_str("}\n");
        out
    }

    /// `{"block", "notes"}`: the block as `.minimod.hcl` takes it, and
    /// what the repository must still decide (the text's comments).
    pub(crate) fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "block": self.block(), "notes": self.notes })
    }

    /// The block with its notes above it as comments: ready to paste.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for n in &self.notes {
            out.push_str(&format!("# {n}\n"));
        }
        out.push_str(&self.block());
        out
    }
}

/// An object key as HCL reads it: bare when it is an identifier.
fn key(name: &str) -> String {
    let mut chars = name.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    match ident {
        true => name.to_string(),
        false => hcl_quoted_string(name),
    }
}

#[cfg(test)]
mod tests {
    use super::super::config;
    use super::*;
    use crate::syntax::source::SourceFile;

    fn parse_back(text: &str) -> config::DeclaredRoot {
        let c = config::parse(&SourceFile::new(".minimod.hcl", text))
            .unwrap_or_else(|d| panic!("{text}: {d:?}"));
        assert_eq!(c.roots.len(), 1, "{text}");
        c.roots.into_iter().next().unwrap()
    }

    /// What is printed is what `.minimod.hcl` reads: the same directory,
    /// tool, var files and workspaces, whatever the names hold.
    #[test]
    fn every_declaration_parses_back_into_itself() {
        let chosen = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let cases = [
            (
                "envs/prod",
                Reason::ChoosesFiles,
                Some(Tool::Terraform),
                chosen(&["prod.tfvars"]),
            ),
            (
                "layout",
                Reason::ChoosesFiles,
                Some(Tool::OpenTofu),
                chosen(&[
                    "env/dev.s3.tfbackend",
                    "env/dev.tfvars",
                    "env/prod.tfvars.json",
                ]),
            ),
            (
                "by-name",
                Reason::Workspaces,
                Some(Tool::OpenTofu),
                chosen(&[]),
            ),
            ("neither", Reason::NoTool, None, chosen(&[])),
            (
                "envs/\"odd\" ${x} %{y}\n\\dir",
                Reason::ChoosesFiles,
                None,
                chosen(&["a \"b\" ${c}.tfvars"]),
            ),
            (
                "ws",
                Reason::ChoosesFiles,
                Some(Tool::Terraform),
                chosen(&["w:1.tfvars", "w:1.tfvars.json", "dev.tfvars"]),
            ),
        ];
        for (dir, reason, tool, files) in cases {
            let d = for_left_out(dir, reason, tool, &files).unwrap();
            let root = parse_back(&d.text());
            assert_eq!(root.dir, dir);
            assert_eq!(root.tool, d.tool);
            assert_eq!(root.var_files, d.var_files);
            assert_eq!(root.workspaces, d.workspaces, "{}", d.text());
        }
    }

    #[test]
    fn blocks_as_written() {
        let one = for_left_out(
            "envs/prod",
            Reason::ChoosesFiles,
            Some(Tool::Terraform),
            &["prod.tfvars".into()],
        )
        .unwrap();
        assert_eq!(
            one.text(),
            "root \"envs/prod\" {\n  tool      = \"terraform\"\n  var_files = [\"prod.tfvars\"]\n}\n"
        );
        let two = for_left_out(
            "own",
            Reason::ChoosesFiles,
            Some(Tool::OpenTofu),
            &[
                "dev.tfvars".into(),
                "prod.tfvars.json".into(),
                "prod.tfbackend".into(),
            ],
        )
        .unwrap();
        assert_eq!(
            two.text(),
            "# one workspace per var file, named after it, so that each is checked as a root of its own\n\
             root \"own\" {\n  tool = \"opentofu\"\n  workspaces = {\n    dev  = { var_files = [\"dev.tfvars\"] }\n    prod = { var_files = [\"prod.tfvars.json\"] }\n  }\n}\n"
        );
        let odd = for_left_out(
            "x",
            Reason::ChoosesFiles,
            Some(Tool::Terraform),
            &["a.tfvars".into(), "w:1.tfvars".into()],
        )
        .unwrap();
        assert!(odd.block().contains("    a     = { var_files = [\"a.tfvars\"] }\n    \"w:1\" = { var_files = [\"w:1.tfvars\"] }\n"), "{}", odd.block());
        let bare = for_left_out("neither", Reason::NoTool, None, &[]).unwrap();
        assert_eq!(bare.block(), "root \"neither\" {}\n");
        assert_eq!(for_left_out("m", Reason::Called, None, &[]), None);
        assert_eq!(
            for_left_out("m", Reason::NoBackend, Some(Tool::Terraform), &[]),
            None
        );
        // A file whose name is no workspace name gets no made-up one.
        let spaced = for_left_out(
            "s",
            Reason::ChoosesFiles,
            Some(Tool::Terraform),
            &["a b.tfvars".into(), "c.tfvars".into()],
        )
        .unwrap();
        assert!(spaced.workspaces.is_empty() && spaced.var_files.is_empty());
        assert_eq!(spaced.notes.len(), 1);
    }
}

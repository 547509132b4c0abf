//! `.terraform/modules/modules.json`, as terraform writes it: one
//! compact JSON object `{"Modules":[...]}` whose records (`Key`, `Source`,
//! `Version` when a registry chose one, `Dir`) are sorted by key, with
//! Go's HTML-safe string escapes, so a file we write is byte for byte the
//! one `terraform init` would.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// Where the manifest and the installed packages live, from the root.
pub(crate) const MODULES_DIR: &str = ".terraform/modules";
pub(crate) const MANIFEST_FILE: &str = "modules.json";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    #[serde(rename = "Key")]
    pub key: String,
    #[serde(rename = "Source")]
    pub source: String,
    #[serde(rename = "Version", default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Slash-separated, relative to the root (`.terraform/modules/vpc`).
    #[serde(rename = "Dir")]
    pub dir: String,
}

#[derive(Serialize, Deserialize)]
struct File {
    #[serde(rename = "Modules", default)]
    modules: Vec<Record>,
}

/// The records of an existing manifest in a modules directory; none when
/// it is missing or not one (the install then starts afresh, as
/// terraform treats a missing file).
pub(crate) fn read_from(modules_dir: &Path) -> Vec<Record> {
    let path = modules_dir.join(MANIFEST_FILE);
    std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice::<File>(&b).ok())
        .map(|f| f.modules)
        .unwrap_or_default()
}

/// The manifest's text for these records.
pub(crate) fn render(records: &[Record]) -> String {
    let mut modules = records.to_vec();
    modules.sort_by(|a, b| a.key.cmp(&b.key));
    let json = serde_json::to_string(&File { modules }).unwrap_or_default();
    go_escapes(&json)
}

/// Go's `json.Marshal` escapes `<`, `>`, `&`, U+2028 and U+2029 inside
/// strings; outside strings JSON has none of them.
fn go_escapes(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_terraforms() {
        let records = vec![
            Record {
                key: "vpc".into(),
                source: "registry.terraform.io/terraform-aws-modules/vpc/aws".into(),
                version: Some("5.1.2".into()),
                dir: ".terraform/modules/vpc".into(),
            },
            Record {
                key: "".into(),
                source: "".into(),
                version: None,
                dir: ".".into(),
            },
            Record {
                key: "app".into(),
                source: "git::https://example.com/r.git?ref=v1&depth=1".into(),
                version: None,
                dir: ".terraform/modules/app".into(),
            },
        ];
        assert_eq!(
            render(&records),
            r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"app","Source":"git::https://example.com/r.git?ref=v1\u0026depth=1","Dir":".terraform/modules/app"},{"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.1.2","Dir":".terraform/modules/vpc"}]}"#
        );
    }
}

//! Validating a document minimod wrote against the JSON Schema of its
//! kind: `schemas/NAME.json` for minimod's own documents, or a vendored
//! standard's (the SARIF 2.1.0 schema under tests/data/sarif). Each
//! schema is compiled once per test binary.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use super::{read_json, repo_root};

/// The SARIF 2.1.0 schema, as OASIS publishes it.
pub const SARIF: &str = "tests/data/sarif/sarif-schema-2.1.0.json";

/// `schemas/NAME.json`, the schema of one of minimod's documents.
pub fn ours(name: &str) -> String {
    format!("schemas/{name}.json")
}

fn validator(schema: &str) -> Arc<jsonschema::Validator> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap();
    let entry = cache.entry(schema.to_string()).or_insert_with(|| {
        let doc = read_json(&repo_root().join(schema));
        let compiled = jsonschema::options()
            .should_validate_formats(true)
            .build(&doc)
            .unwrap_or_else(|e| panic!("{schema} is no valid schema: {e}"));
        Arc::new(compiled)
    });
    entry.clone()
}

/// Whether `doc` is valid against the schema file `schema` (relative to
/// the repository): `Err` lists each place it is not.
pub fn validate(schema: &str, doc: &Value) -> Result<(), String> {
    let v = validator(schema);
    let errors: Vec<String> = v
        .iter_errors(doc)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect();
    match errors.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "not valid against {schema}:\n  {}",
            errors.join("\n  ")
        )),
    }
}

/// `validate`, as an assertion naming what wrote the document.
pub fn assert_valid(schema: &str, doc: &Value, what: &str) {
    if let Err(e) = validate(schema, doc) {
        panic!(
            "{what}: {e}\n{}",
            serde_json::to_string_pretty(doc).unwrap()
        );
    }
}

/// The schema of a command's JSON on stdout: `schemas/KIND.json`, or the
/// error document's when it could not run (it has `diagnostics`).
pub fn schema_of(kind: &str, doc: &Value) -> String {
    match doc.get("diagnostics") {
        Some(_) => ours("error"),
        None => ours(kind),
    }
}

/// Every schema file of minimod's own documents, by name (`check`).
pub fn our_schema_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo_root().join("schemas"))
        .expect("schemas/ is readable")
        .map(|e| e.expect("a schemas/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| stem(&p))
        .collect();
    names.sort();
    names
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

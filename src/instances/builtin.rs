//! What the built-in `terraform` provider knows during plan without any
//! plugin: `data "terraform_remote_state"` with the local backend reads
//! another state's outputs, so its values are known and may decide
//! `for_each`, as in terraform.

use std::path::Path;

use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::Value;
use crate::state::State;

/// The `outputs` attribute of a `terraform_remote_state` data source, from
/// its evaluated `backend`, `config` and `defaults` arguments. `None` when
/// it cannot be known during plan (another backend).
pub(super) fn remote_state_outputs(
    root_dir: &Path,
    backend: &Value,
    config: &Value,
    defaults: &Value,
    at: &SourceRange,
) -> Option<Result<Value, Diagnostics>> {
    if backend.as_str() != Some("local") {
        return None;
    }
    let path = config
        .as_mapping()
        .and_then(|c| c.get("path"))
        .and_then(|p| p.as_str().map(str::to_string))
        .unwrap_or_else(|| "terraform.tfstate".to_string());
    // Terraform resolves the path from the directory it runs in: the root.
    let file = root_dir.join(&path);
    let mut outputs: SortedMap<String, Value> = defaults.as_mapping().cloned().unwrap_or_default();
    if file.is_file() {
        let state = match State::read(&file) {
            Ok(s) => s,
            Err(d) => {
                let d = Diagnostic::error(
                    "Error loading state error",
                    format!("error loading the remote state: {}", d.detail),
                )
                .at(at);
                return Some(Err(d.into()));
            }
        };
        outputs.extend(
            state
                .outputs
                .keys()
                .filter_map(|name| Some((name.clone(), state.output_value(name)?))),
        );
    }
    Some(Ok(Value::Object(outputs.into())))
}

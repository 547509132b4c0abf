//! `removed` blocks: which resources or modules the configuration says
//! are gone (`statement`), and what that does to the objects of a prior
//! state (`targets`).

mod statement;
mod targets;

pub(crate) use statement::{find_remove_statements, removed_warnings};
pub(crate) use targets::removed_addresses;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;
    use crate::config::Engine;
    use crate::plan::moves::testing::{data_dir, load_dir, shown_prefix, subject_at as at};
    use crate::plan::moves::{apply_moves, find_move_statements, implied_move_statements};
    use crate::state::State;

    /// Cases `removed_*` recorded by record.sh: errors must match
    /// terraform's; otherwise every object terraform deletes or forgets
    /// must be ours with the same `destroy`.
    #[test]
    fn recorded_terraform_removed_plans() {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(data_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("removed_")
                    && p.join("expected/diags.json").exists()
            })
            .collect();
        cases.sort();
        assert!(cases.len() >= 10);
        let mut failures = Vec::new();
        for case in &cases {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            let dir = case.join("new");
            let prefix = shown_prefix(&dir);
            let json: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(case.join("expected/diags.json")).unwrap(),
            )
            .unwrap();
            let want_errors: Vec<(String, String, Option<String>)> = json
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["severity"] == "error")
                .map(|d| {
                    (
                        d["summary"].as_str().unwrap().to_string(),
                        d["detail"].as_str().unwrap().to_string(),
                        d["at"].as_str().map(String::from),
                    )
                })
                .collect();
            let config = load_dir(&dir, Engine::Terraform);
            let stmts = match find_remove_statements(&config, Engine::Terraform) {
                Ok(s) => s,
                Err(diags) => {
                    let got: Vec<_> = diags
                        .iter()
                        .map(|d| (d.summary.clone(), d.detail.clone(), at(d, &prefix)))
                        .collect();
                    if got != want_errors {
                        failures.push(format!("{name}:\n  got:  {got:?}\n  want: {want_errors:?}"));
                    }
                    continue;
                }
            };
            if !want_errors.is_empty() {
                failures.push(format!("{name}: no errors, want {want_errors:?}"));
                continue;
            }
            let mut state = State::read(&case.join("expected/prior.tfstate")).unwrap();
            let mut moves = find_move_statements(&config).unwrap();
            moves.extend(implied_move_statements(
                &config,
                &state,
                &moves,
                Engine::Terraform,
            ));
            apply_moves(&moves, &mut state);
            let got: BTreeMap<String, bool> = removed_addresses(&stmts, &state, Engine::Terraform)
                .into_iter()
                .map(|(a, d)| (a.to_string(), d))
                .collect();
            let want: BTreeMap<String, bool> =
                std::fs::read_to_string(case.join("expected/changes.txt"))
                    .unwrap()
                    .lines()
                    .filter_map(|l| {
                        let f: Vec<&str> = l.split('\t').collect();
                        match f[2] {
                            "delete" => Some((f[0].to_string(), true)),
                            "forget" => Some((f[0].to_string(), false)),
                            _ => None,
                        }
                    })
                    .collect();
            if got != want {
                failures.push(format!("{name}:\n  got:  {got:?}\n  want: {want:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

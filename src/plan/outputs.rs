//! What a plan does to the root module's output values: terraform's
//! "Changes to Outputs:" and `show -json`'s `output_changes`.

use crate::diagnostics::Diagnostics;
use crate::instances::Run;
use crate::lang::value::Value;
use crate::state::State;

use super::diff::Action;

/// One root output: its recorded value and the one the configuration
/// gives it (null where there is none), marked where either is sensitive.
#[derive(Clone, Debug)]
pub struct OutputChange {
    pub name: String,
    /// Create, Update, Delete or NoOp.
    pub action: Action,
    pub before: Value,
    pub after: Value,
}

/// Every root output the configuration declares or the state records, in
/// name order, with terraform's action for it (`nodeOutput`'s plan): a
/// null value is no value (a recorded one becomes a delete); an output
/// stays unchanged only when its value is known, equal to the recorded
/// one and as sensitive as it was recorded.
pub(crate) fn output_changes(run: &Run, prior: &State) -> Result<Vec<OutputChange>, Diagnostics> {
    let mut changes: Vec<OutputChange> = run
        .root_outputs()?
        .into_iter()
        .map(|(name, sensitive, value)| {
            let before = prior.output_value(&name).unwrap_or_else(Value::null);
            let was_sensitive = before.is_marked();
            let (plain_before, _) = before.clone().unmark_deep();
            let (plain_after, _) = value.clone().unmark_deep();
            let action = match (plain_after.is_null(), plain_before.is_null()) {
                (true, true) => Action::NoOp,
                (true, false) => Action::Delete,
                (false, true) => Action::Create,
                _ if plain_after.is_wholly_known()
                    && plain_after == plain_before
                    && sensitive == was_sensitive =>
                {
                    Action::NoOp
                }
                _ => Action::Update,
            };
            OutputChange {
                name,
                action,
                before,
                after: value.mark_if(sensitive),
            }
        })
        .collect();
    let configured: std::collections::BTreeSet<String> =
        changes.iter().map(|c| c.name.clone()).collect();
    for name in prior.outputs.keys() {
        if configured.contains(name) {
            continue;
        }
        changes.push(OutputChange {
            name: name.clone(),
            action: Action::Delete,
            before: prior.output_value(name).unwrap_or_else(Value::null),
            after: Value::null(),
        });
    }
    changes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(changes)
}

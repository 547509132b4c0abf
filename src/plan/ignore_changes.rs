//! `lifecycle { ignore_changes }` in the plan: once an object exists, the
//! prior value stands for each ignored attribute (OpenTofu's
//! `processIgnoreChanges`), so a difference there plans nothing.

use crate::config::IgnoreChanges;
use crate::lang::value::Value;
use crate::syntax::ast::{Literal, TraversalStep};

/// The configured object `config` with the ignored parts of `prior`.
pub(crate) fn keep_prior(config: Value, prior: &Value, ignore: &IgnoreChanges) -> Value {
    match ignore {
        IgnoreChanges::All => prior.clone(),
        IgnoreChanges::Paths(paths) => paths
            .iter()
            .fold(config, |config, path| replace(config, Some(prior), path)),
    }
}

/// `config` with the value at `path` taken from `prior`. Where `prior` has
/// no value there, an object's attribute stays as configured (terraform
/// then plans it), and a map's key is left out, as OpenTofu does.
fn replace(config: Value, prior: Option<&Value>, path: &[TraversalStep]) -> Value {
    let Some((step, rest)) = path.split_first() else {
        return prior.cloned().unwrap_or(config);
    };
    let prior = prior.map(|p| p.unmark().0);
    match config {
        Value::Sensitive(inner) => Value::Sensitive(Box::new(replace(*inner, prior, path))),
        Value::Object(mut attrs) => {
            let Some(key) = key_of(step) else {
                return Value::Object(attrs);
            };
            if let Some(child) = attrs.get(key).cloned() {
                let kept = replace(child, child_at(prior, key), rest);
                attrs.insert(key.to_string(), kept);
            }
            Value::Object(attrs)
        }
        Value::Map(ty, mut entries) => {
            let Some(key) = key_of(step) else {
                return Value::Map(ty, entries);
            };
            match (entries.get(key).cloned(), child_at(prior, key)) {
                (Some(_), None) if rest.is_empty() => {
                    entries.remove(key);
                }
                (Some(child), from) => {
                    let kept = replace(child, from, rest);
                    entries.insert(key.to_string(), kept);
                }
                (None, _) => {}
            }
            Value::Map(ty, entries)
        }
        Value::List(ty, mut items) => {
            replace_element(&mut items, prior, step, rest);
            Value::List(ty, items)
        }
        Value::Tuple(mut items) => {
            replace_element(&mut items, prior, step, rest);
            Value::Tuple(items)
        }
        other => other,
    }
}

fn replace_element(
    items: &mut [Value],
    prior: Option<&Value>,
    step: &TraversalStep,
    rest: &[TraversalStep],
) {
    let TraversalStep::Index(Literal::Number(n)) = step else {
        return;
    };
    let Some(i) = n.as_i64().and_then(|i| usize::try_from(i).ok()) else {
        return;
    };
    let from = match prior {
        Some(Value::List(_, p) | Value::Tuple(p)) => p.get(i),
        _ => None,
    };
    if let Some(item) = items.get_mut(i) {
        *item = replace(item.clone(), from, rest);
    }
}

fn key_of(step: &TraversalStep) -> Option<&str> {
    match step {
        TraversalStep::Attr(name) | TraversalStep::Index(Literal::String(name)) => Some(name),
        TraversalStep::Index(_) => None,
    }
}

fn child_at<'v>(prior: Option<&'v Value>, key: &str) -> Option<&'v Value> {
    match prior? {
        Value::Object(attrs) | Value::Map(_, attrs) => attrs.get(key),
        _ => None,
    }
}

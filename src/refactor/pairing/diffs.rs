//! What differs between a prior and a new object, argument by argument.

use std::collections::BTreeSet;

use crate::lang::value::Value;

use super::canonical::canonical;
use super::{Canon, Mapping, Object};

#[derive(Clone, Debug, PartialEq)]
pub struct AttrDiff {
    pub name: String,
    /// The prior object's value, None when its configuration does not set it.
    pub prior: Option<Value>,
    /// The new configuration's value, None when it does not set it.
    pub new: Option<Value>,
}

/// The arguments on which a prior and a new object differ.
pub(crate) fn attr_diffs(
    prior: &Object,
    new: &Object,
    mapping: &Mapping,
    canon: &Canon,
) -> Vec<AttrDiff> {
    let names: BTreeSet<&String> = prior.set_names().chain(new.set_names()).collect();
    let mut out = Vec::new();
    for name in names {
        let p = prior
            .is_set(name)
            .then(|| prior.values.get(name).cloned().unwrap_or_else(Value::null));
        let n = new
            .is_set(name)
            .then(|| canon(new.values.get(name).unwrap_or(&Value::null()), mapping));
        let equal = match (&p, &n) {
            (Some(a), Some(b)) => canonical(a) == canonical(b),
            _ => false,
        };
        if !equal {
            out.push(AttrDiff {
                name: name.clone(),
                prior: p,
                new: n,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::Reason;
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn an_argument_dropped_from_the_new_code_is_a_difference() {
        let p = run(
            &[obj(
                "aws_db_instance.main",
                &[("engine", s("pg")), ("multi_az", Value::Bool(true))],
            )],
            &[obj(
                "module.db.aws_db_instance.main",
                &[("engine", s("pg"))],
            )],
        );
        assert!(p.pairs.is_empty());
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!()
        };
        assert_eq!(
            near[0].diffs,
            [AttrDiff {
                name: "multi_az".into(),
                prior: Some(Value::Bool(true)),
                new: None
            }]
        );
    }
}

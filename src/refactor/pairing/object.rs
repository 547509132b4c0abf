//! One side's object as pairing compares it: its address, the values
//! compared and which of them its configuration sets; and its kind, what
//! must be equal for two objects to pair.

use crate::addrs::{AbsResourceInstance, Resource};
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::Value;
use crate::providers::schema::SetMask;

/// One side's object: its address, the values compared, and which of
/// those its configuration sets.
#[derive(Clone, Debug)]
pub struct Object {
    pub addr: AbsResourceInstance,
    pub values: SortedMap<String, Value>,
    /// Which of `values` the configuration sets, by position: an edit of
    /// `values` that keeps its keys keeps it right; dropping a key goes
    /// through [`Object::remove`].
    pub set: SetMask,
}

impl Object {
    /// An object whose configuration sets every value.
    pub fn all_set(addr: AbsResourceInstance, values: SortedMap<String, Value>) -> Object {
        let set = SetMask::all(values.len());
        Object { addr, values, set }
    }

    /// The names the configuration sets, in order.
    pub fn set_names(&self) -> impl Iterator<Item = &String> + '_ {
        self.values
            .keys()
            .enumerate()
            .filter(|(i, _)| self.set.contains(*i))
            .map(|(_, name)| name)
    }

    /// Whether the configuration sets `name`.
    pub fn is_set(&self, name: &str) -> bool {
        self.position(name).is_some_and(|i| self.set.contains(i))
    }

    /// `name` counted as not set (the value stays compared).
    pub fn unset(&mut self, name: &str) {
        if let Some(i) = self.position(name) {
            self.set.clear(i);
        }
    }

    /// `name` no longer compared at all.
    pub fn remove(&mut self, name: &str) {
        if let Some(i) = self.position(name) {
            self.values.remove(name);
            self.set.remove_position(i);
        }
    }

    fn position(&self, name: &str) -> Option<usize> {
        // Objects compare a handful of names: a scan, not a search.
        self.values.keys().position(|k| k == name)
    }

    /// An object as the comparison rule sees it (`providers::schema::
    /// compared_view`, the rule `plan` follows): `configured` (its side's
    /// configuration) decides which arguments are compared, `source` (that
    /// configuration, or the recorded object) gives their values.
    pub fn compared(
        addr: AbsResourceInstance,
        schema: &crate::providers::schema::Block,
        configured: &Value,
        source: &Value,
    ) -> Object {
        // Compared but configured null is "not set" in a report; null
        // and unset are one thing to the rule.
        let (values, set) =
            crate::providers::schema::compared_view_and_set(schema, configured, source);
        Object { addr, set, values }
    }
}

/// Mode and type: what must be equal for two objects to pair (the name
/// may differ: that is the rename).
pub(super) type Kind<'a> = (crate::addrs::ResourceMode, &'a str);

pub(super) fn kind(r: &Resource) -> Kind<'_> {
    (r.mode, &r.type_name)
}

#[cfg(test)]
mod tests {
    use super::super::Reason;
    use super::super::test_support::*;
    use super::*;

    /// An object by the comparison rule, without a schema unless given.
    fn compared(addr: &str, schema: Option<&str>, configured: Value, source: Value) -> Object {
        use crate::providers::schema::{Block, Schemas};
        let schema = schema
            .and_then(|t| Schemas::resource(None, t))
            .map(|b| (*b).clone())
            .unwrap_or(Block {
                inferred: true,
                ..Block::default()
            });
        Object::compared(
            AbsResourceInstance::parse(addr).unwrap(),
            &schema,
            &configured,
            &source,
        )
    }

    #[test]
    fn arguments_left_null_are_the_providers_on_both_sides() {
        // `ipv6_cidr_block = var.x` (null) on both sides; the provider
        // recorded "" and an id.
        let configured = object(&[("cidr", s("10.0.0.0/16")), ("ipv6", Value::null())]);
        let recorded = object(&[("cidr", s("10.0.0.0/16")), ("ipv6", s("")), ("id", s("v"))]);
        let p = run(
            &[compared("aws_vpc.this", None, configured.clone(), recorded)],
            &[compared(
                "module.network.aws_vpc.this",
                None,
                configured.clone(),
                configured,
            )],
        );
        assert_eq!(pairs(&p).len(), 1, "{:?}", p.unmatched);
    }

    #[test]
    fn terraform_data_without_its_triggers_is_a_difference() {
        let old = object(&[("input", s("x")), ("triggers_replace", s("t"))]);
        let recorded = object(&[
            ("id", s("u")),
            ("input", s("x")),
            ("output", s("x")),
            ("triggers_replace", s("t")),
        ]);
        let new = object(&[("input", s("x"))]);
        let p = run(
            &[compared(
                "terraform_data.a",
                Some("terraform_data"),
                old,
                recorded,
            )],
            &[compared(
                "terraform_data.b",
                Some("terraform_data"),
                new.clone(),
                new,
            )],
        );
        assert!(p.pairs.is_empty());
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        assert_eq!(near[0].diffs[0].name, "triggers_replace");
        assert_eq!(near[0].diffs[0].new, None, "reported as not set");
    }

    /// What an object sets stays with its names when a value is dropped
    /// before, between or after them, with few names and with many.
    #[test]
    fn an_object_sets_the_same_names_once_values_are_dropped() {
        for count in [5, 100] {
            let names: Vec<String> = (0..count).map(|i| format!("a{i:03}")).collect();
            let values = names.iter().map(|n| (n.clone(), s(n))).collect();
            let mut o = Object::all_set(AbsResourceInstance::parse("t.a").unwrap(), values);
            let mut want: Vec<&String> = names.iter().collect();
            for (i, name) in names.iter().enumerate().rev().step_by(2) {
                o.unset(name);
                want.retain(|n| *n != name);
                if i % 3 == 0 {
                    o.remove(&names[i / 2]);
                    want.retain(|n| **n != names[i / 2]);
                }
                assert!(o.set_names().eq(want.iter().copied()));
                assert!(want.iter().all(|n| o.is_set(n)));
                assert!(!o.is_set(name));
            }
            // Removing a name not there, or one left unset, moves nothing.
            o.remove("zzz");
            o.remove(&names[count - 1]);
            assert!(o.set_names().eq(want.iter().copied()));
            assert!(o.values.keys().all(|k| *k != names[count - 1]));
        }
    }
}

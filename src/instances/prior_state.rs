//! The prior state as a run's vertices reach it, and whether the vertex
//! being computed read it. Another run of the same module tree against
//! another prior state (the refactor's proof, planning again with its
//! moved blocks) takes every cached answer that read none of it (see
//! `run::Reusable`): so every way to the recorded objects goes through
//! this module, and each marks the vertex it serves. The index itself is
//! private here, so that code elsewhere cannot read it unmarked.

use std::cell::Cell;

use crate::addrs::{AbsResource, AbsResourceInstance};
use crate::lang::value::Value;
use crate::state::{InstanceIndex, StateInstance};

/// Recorded objects of the prior state (after moves), by address, and
/// whether the vertex being computed read them (or met anything else
/// another run would not repeat from a cache: a cycle, a deferred
/// expansion, a cached answer that was not reusable).
#[derive(Default)]
pub(super) struct PriorState {
    index: InstanceIndex,
    /// Each vertex starts clear ([`PriorState::enter`]) and hands its
    /// flag to the vertex that asked for it ([`PriorState::leave`]).
    read: Cell<bool>,
}

/// The flag of the vertex that asked for the one being computed, kept
/// while it computes (only [`PriorState::leave`] takes it back).
#[must_use]
pub(super) struct Outer(bool);

impl PriorState {
    pub(super) fn new(index: InstanceIndex) -> PriorState {
        PriorState {
            index,
            read: Cell::new(false),
        }
    }

    /// The one place that marks a read: every accessor below calls it.
    fn mark_read(&self) {
        self.read.set(true);
    }

    /// The recorded object at `addr`, if any; whether there is one is a
    /// read too.
    pub(super) fn object(&self, addr: &AbsResourceInstance) -> PriorObject<'_> {
        self.mark_read();
        let object = self.index.get(addr);
        PriorObject {
            recorded: object.map(StateInstance::value_ref),
            tainted: object.is_some_and(StateInstance::is_tainted),
            state: self,
        }
    }

    /// The recorded objects of a resource, one per key, in no particular
    /// order.
    pub(super) fn objects_of(&self, res: &AbsResource) -> Vec<&StateInstance> {
        self.mark_read();
        self.index.objects_of(res)
    }

    /// Marks the vertex being computed as not reusable without reading
    /// the state: it took a cached answer that was not, met a cycle, or
    /// did something a cached answer would not do again.
    pub(super) fn mark_unrepeatable(&self) {
        self.read.set(true);
    }

    /// A vertex begins: its flag starts clear.
    pub(super) fn enter(&self) -> Outer {
        Outer(self.read.replace(false))
    }

    /// The vertex `enter` began is done: whether it read the prior state
    /// (directly or through the vertices it read), which its asker has
    /// then read too.
    pub(super) fn leave(&self, outer: Outer) -> bool {
        let read = self.read.get();
        self.read.set(outer.0 || read);
        read
    }
}

/// One recorded object (or its absence) as [`PriorState::object`] found
/// it. Each read marks the vertex being computed again: a lookup made for
/// one vertex and read while another computes marks that one too.
pub(super) struct PriorObject<'r> {
    recorded: Option<&'r Value>,
    tainted: bool,
    state: &'r PriorState,
}

impl<'r> PriorObject<'r> {
    /// The recorded value (its attributes), if the state records one.
    pub(super) fn recorded(&self) -> Option<&'r Value> {
        self.state.mark_read();
        self.recorded
    }

    /// Whether the state records the object.
    pub(super) fn has_record(&self) -> bool {
        self.recorded().is_some()
    }

    /// Recorded `tainted`: the plan replaces it whatever it configures.
    pub(super) fn is_tainted(&self) -> bool {
        self.state.mark_read();
        self.tainted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reading marks the vertex being computed; `leave` gives the
    /// vertex's own flag and hands it on to the asker, whose flag stays
    /// as it was otherwise.
    #[test]
    fn a_read_marks_the_vertex_and_its_asker() {
        let prior = PriorState::default();
        let addr = AbsResourceInstance::parse("terraform_data.a").unwrap();
        let outer = prior.enter();
        let inner = prior.enter();
        assert!(!prior.leave(inner));
        let inner = prior.enter();
        assert!(!prior.object(&addr).has_record());
        assert!(prior.leave(inner));
        assert!(prior.leave(outer));
        // A lookup carried into another vertex marks that one when read.
        let outer = prior.enter();
        let object = prior.object(&addr);
        assert!(prior.leave(outer));
        let other = prior.enter();
        assert!(object.recorded().is_none());
        assert!(prior.leave(other));
        let clear = prior.enter();
        assert!(!prior.leave(clear));
    }
}

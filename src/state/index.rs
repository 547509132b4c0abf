//! Indexed views of a state, so that looking up or moving one object costs
//! about the same in a state of a hundred thousand objects as in one of ten.
//!
//! [`InstanceIndex`] answers [`State::instance`], or what a plan reads as
//! its prior state, by resource and then by key. [`MovingState`] takes a
//! state's resources apart for a long run of moves and puts them back in
//! exactly the order [`State::move_resource`] and
//! [`State::move_resource_instance`] would have left them: removed
//! resources and objects become holes that are dropped at the end, new
//! ones are appended.

use std::collections::BTreeSet;
use std::collections::hash_map::Entry;

use foldhash::{HashMap, HashMapExt};

use crate::addrs::{AbsResource, AbsResourceInstance, InstanceKey, Module, ModuleInstance};

use super::{Instances, State, StateInstance, StateResource};

/// Which object an address names where a broken state records it twice
/// (two objects with one key, or one resource listed twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wins {
    /// The first, and only the first listing of a resource: what
    /// [`State::instance`] finds.
    First,
    /// The last in file order: what a plan reads as its prior state.
    Last,
}

/// The current (not deposed) objects of a state by address, found in two
/// steps: the resource by its interned parts, then the object by key. A
/// counted resource's objects are recorded at their index, so most
/// resources need no map of keys: building the index is a step per
/// resource, not per object, and the lookups of one resource's objects
/// stay in its memory (a map of a hundred thousand addresses missed the
/// cache on every probe). It holds the state's objects shared, not a
/// borrow of the state.
#[derive(Default)]
pub struct InstanceIndex {
    /// By [`ModuleInstance::id`] and [`crate::addrs::Resource::id`].
    resources: HashMap<(usize, usize), Objects>,
}

enum Objects {
    /// Keys `0..n` in order (or one object without a key), none deposed:
    /// the object for key `i` is the `i`-th.
    InOrder(Instances),
    /// Where each key's object is: which listing, and where in it.
    ByKey {
        listings: Vec<Instances>,
        at: HashMap<InstanceKey, (usize, usize)>,
    },
}

impl Objects {
    fn of(instances: &Instances, wins: Wins) -> Objects {
        let in_order = instances.iter().enumerate().all(|(i, o)| {
            o.deposed.is_none()
                && match o.key {
                    InstanceKey::Int(k) => usize::try_from(k) == Ok(i),
                    InstanceKey::NoKey => instances.len() == 1,
                    InstanceKey::Str(_) => false,
                }
        });
        if in_order {
            return Objects::InOrder(instances.clone());
        }
        let mut by_key = Objects::ByKey {
            listings: Vec::new(),
            at: HashMap::new(),
        };
        by_key.add(instances, wins);
        by_key
    }

    /// Another listing of the same resource, later in the file.
    fn add(&mut self, instances: &Instances, wins: Wins) {
        let (listings, at) = match self {
            Objects::ByKey { listings, at } => (listings, at),
            Objects::InOrder(first) => {
                let first = std::mem::take(first);
                *self = Objects::ByKey {
                    listings: Vec::new(),
                    at: HashMap::with_capacity(first.len() + instances.len()),
                };
                self.add(&first, wins);
                return self.add(instances, wins);
            }
        };
        let listing = listings.len();
        for (i, o) in instances.iter().enumerate() {
            if o.deposed.is_some() {
                continue;
            }
            match wins {
                Wins::First => {
                    at.entry(o.key.clone()).or_insert((listing, i));
                }
                Wins::Last => {
                    at.insert(o.key.clone(), (listing, i));
                }
            }
        }
        listings.push(instances.clone());
    }

    fn get(&self, key: &InstanceKey) -> Option<&StateInstance> {
        match self {
            Objects::InOrder(objects) => {
                let i = match key {
                    InstanceKey::Int(k) => usize::try_from(*k).ok()?,
                    InstanceKey::NoKey => 0,
                    InstanceKey::Str(_) => return None,
                };
                objects.get(i).filter(|o| o.key == *key)
            }
            Objects::ByKey { listings, at } => {
                let &(listing, i) = at.get(key)?;
                Some(&listings[listing][i])
            }
        }
    }

    /// Each key's object, in no particular order.
    fn all(&self) -> Vec<&StateInstance> {
        match self {
            Objects::InOrder(objects) => objects.iter().collect(),
            Objects::ByKey { listings, at } => at.values().map(|&(l, i)| &listings[l][i]).collect(),
        }
    }
}

fn resource_id(module: &ModuleInstance, resource: &crate::addrs::Resource) -> (usize, usize) {
    (module.id(), resource.id())
}

impl InstanceIndex {
    pub fn new(state: &State, wins: Wins) -> InstanceIndex {
        let mut resources: HashMap<(usize, usize), Objects> =
            HashMap::with_capacity(state.resources.len());
        for r in &state.resources {
            match resources.entry(resource_id(&r.addr.module, &r.addr.resource)) {
                Entry::Vacant(e) => {
                    e.insert(Objects::of(&r.instances, wins));
                }
                // `State::resource` finds the first listing only.
                Entry::Occupied(_) if wins == Wins::First => {}
                Entry::Occupied(mut e) => e.get_mut().add(&r.instances, wins),
            }
        }
        InstanceIndex { resources }
    }

    /// The current object at `addr`; with [`Wins::First`], the same
    /// answer as [`State::instance`].
    pub fn get(&self, addr: &AbsResourceInstance) -> Option<&StateInstance> {
        let id = resource_id(&addr.module, &addr.resource.resource);
        self.resources.get(&id)?.get(&addr.resource.key)
    }

    /// The current objects of a resource, one per key, in no particular
    /// order.
    pub fn objects_of(&self, res: &AbsResource) -> Vec<&StateInstance> {
        let id = resource_id(&res.module, &res.resource);
        self.resources
            .get(&id)
            .map(Objects::all)
            .unwrap_or_default()
    }
}

/// One resource while moves run. Its objects stay shared with the state
/// it came from until a statement asks for one of them by key (`keyed`):
/// a module or resource moves without touching its objects.
struct Slot {
    res: StateResource,
    /// Once asked for by key: the objects taken out of `res`.
    keyed: Option<Keyed>,
}

/// A resource's objects with holes where some moved away, and where each
/// key's objects sit.
struct Keyed {
    objects: Vec<Option<StateInstance>>,
    by_key: HashMap<InstanceKey, Vec<usize>>,
    /// How many objects are left.
    live: usize,
}

impl Slot {
    fn new(res: StateResource) -> Slot {
        Slot { res, keyed: None }
    }

    /// The objects by key, taken out of the resource the first time.
    fn keyed(&mut self) -> &mut Keyed {
        let res = &mut self.res;
        self.keyed.get_or_insert_with(|| {
            let objects = std::mem::take(&mut res.instances).into_vec();
            let mut by_key: HashMap<InstanceKey, Vec<usize>> =
                HashMap::with_capacity(objects.len());
            for (i, o) in objects.iter().enumerate() {
                by_key.entry(o.key.clone()).or_default().push(i);
            }
            Keyed {
                live: objects.len(),
                objects: objects.into_iter().map(Some).collect(),
                by_key,
            }
        })
    }

    /// The resource with its objects put back, holes dropped.
    fn finish(self) -> StateResource {
        let Some(keyed) = self.keyed else {
            return self.res;
        };
        // Exact capacity: collecting through `flatten` grows by doubling.
        let mut instances = Vec::with_capacity(keyed.live);
        instances.extend(keyed.objects.into_iter().flatten());
        StateResource {
            instances: instances.into(),
            ..self.res
        }
    }
}

/// A state's resources, indexed for [`crate::plan::moves::apply_moves`].
/// Build it with [`MovingState::new`], move, then [`MovingState::finish`].
pub(crate) struct MovingState<'s> {
    state: &'s mut State,
    slots: Vec<Option<Slot>>,
    /// The slots of each resource address; the first is the one
    /// [`State::resource`] finds (a broken state may record one twice).
    by_addr: HashMap<AbsResource, BTreeSet<usize>>,
    /// The slots holding each module instance's resources, in state order.
    by_module: HashMap<ModuleInstance, BTreeSet<usize>>,
    /// The module instances holding resources, by static module path.
    by_path: HashMap<Module, BTreeSet<ModuleInstance>>,
}

impl<'s> MovingState<'s> {
    pub(crate) fn new(state: &'s mut State) -> MovingState<'s> {
        let resources = std::mem::take(&mut state.resources);
        let mut ms = MovingState {
            state,
            slots: Vec::with_capacity(resources.len()),
            by_addr: HashMap::new(),
            by_module: HashMap::new(),
            by_path: HashMap::new(),
        };
        for res in resources {
            ms.push(Slot::new(res));
        }
        ms
    }

    /// Puts the resources back into the state, holes dropped.
    pub(crate) fn finish(self) {
        // Exact capacity: collecting through `flatten` grows by doubling,
        // up to twice the state's size.
        let mut resources = Vec::with_capacity(self.slots.iter().flatten().count());
        resources.extend(self.slots.into_iter().flatten().map(Slot::finish));
        self.state.resources = resources;
    }

    fn push(&mut self, slot: Slot) -> usize {
        let at = self.slots.len();
        self.index(&slot.res.addr, at);
        self.slots.push(Some(slot));
        at
    }

    fn index(&mut self, addr: &AbsResource, at: usize) {
        self.by_addr.entry(addr.clone()).or_default().insert(at);
        let slots = self.by_module.entry(addr.module.clone()).or_default();
        if slots.is_empty() {
            self.by_path
                .entry(addr.module.module())
                .or_default()
                .insert(addr.module.clone());
        }
        slots.insert(at);
    }

    fn unindex(&mut self, addr: &AbsResource, at: usize) {
        if let Some(slots) = self.by_addr.get_mut(addr) {
            slots.remove(&at);
            if slots.is_empty() {
                self.by_addr.remove(addr);
            }
        }
        if let Some(slots) = self.by_module.get_mut(&addr.module) {
            slots.remove(&at);
            if slots.is_empty() {
                self.by_module.remove(&addr.module);
                let path = addr.module.module();
                if let Some(set) = self.by_path.get_mut(&path) {
                    set.remove(&addr.module);
                    if set.is_empty() {
                        self.by_path.remove(&path);
                    }
                }
            }
        }
    }

    fn first(&self, addr: &AbsResource) -> Option<usize> {
        self.by_addr.get(addr)?.first().copied()
    }

    fn keyed(&mut self, addr: &AbsResource) -> Option<&mut Keyed> {
        let at = self.first(addr)?;
        Some(self.slots[at].as_mut()?.keyed())
    }

    /// The module instances holding resources whose static path is
    /// `path`, sorted.
    pub(crate) fn modules_at(&self, path: &Module) -> Vec<ModuleInstance> {
        self.by_path
            .get(path)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// The module instances holding resources whose static path starts
    /// with `prefix`, sorted: what [`State::modules`] lists, narrowed.
    pub(crate) fn modules_under(&self, prefix: &[String]) -> Vec<ModuleInstance> {
        let mut out: Vec<ModuleInstance> = self
            .by_path
            .iter()
            .filter(|(p, _)| p.0.starts_with(prefix))
            .flat_map(|(_, s)| s.iter().cloned())
            .collect();
        out.sort();
        out
    }

    /// Whether any resource is recorded in the module instance.
    pub(crate) fn module_holds_resources(&self, m: &ModuleInstance) -> bool {
        self.by_module.contains_key(m)
    }

    /// Whether the resource is recorded ([`State::resource`] is some).
    pub(crate) fn has_resource(&self, addr: &AbsResource) -> bool {
        self.by_addr.contains_key(addr)
    }

    /// Whether the resource has any object (current or deposed) with `key`.
    pub(crate) fn has_key(&mut self, addr: &AbsResource, key: &InstanceKey) -> bool {
        self.keyed(addr)
            .and_then(|k| k.by_key.get(key))
            .is_some_and(|v| !v.is_empty())
    }

    /// The keys recorded for a resource (current or deposed), sorted.
    pub(crate) fn keys(&self, addr: &AbsResource) -> Vec<InstanceKey> {
        let Some(slot) = self.first(addr).and_then(|at| self.slots[at].as_ref()) else {
            return Vec::new();
        };
        let mut keys: Vec<InstanceKey> = match &slot.keyed {
            Some(k) => (k.by_key.iter())
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, _)| k.clone())
                .collect(),
            None => slot.res.instances.iter().map(|i| i.key.clone()).collect(),
        };
        keys.sort();
        // A key's deposed objects share it.
        keys.dedup();
        keys
    }

    /// Whether the instance has a current object ([`State::instance`]).
    fn has_current(&mut self, addr: &AbsResourceInstance) -> bool {
        let Some(k) = self.keyed(&addr.containing_resource()) else {
            return false;
        };
        k.by_key.get(&addr.resource.key).is_some_and(|v| {
            v.iter()
                .any(|&i| k.objects[i].as_ref().is_some_and(|o| o.deposed.is_none()))
        })
    }

    /// Moves every resource of module instance `from` to `to`, in state
    /// order, and returns their old addresses. The caller checks that
    /// nothing is recorded at `to`.
    pub(crate) fn move_module(
        &mut self,
        from: &ModuleInstance,
        to: &ModuleInstance,
    ) -> Vec<AbsResource> {
        let at: Vec<usize> = self
            .by_module
            .get(from)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default();
        let mut moved = Vec::with_capacity(at.len());
        for i in at {
            let old = self.slots[i]
                .as_ref()
                .expect("indexed slot")
                .res
                .addr
                .clone();
            self.unindex(&old, i);
            let new = old.resource.clone().absolute(to.clone());
            self.slots[i].as_mut().expect("indexed slot").res.addr = new.clone();
            self.index(&new, i);
            moved.push(old);
        }
        moved
    }

    /// [`State::move_resource`], by index.
    pub(crate) fn move_resource(&mut self, from: &AbsResource, to: &AbsResource) -> bool {
        if self.has_resource(to) {
            return false;
        }
        let Some(at) = self.first(from) else {
            return false;
        };
        self.unindex(from, at);
        self.slots[at].as_mut().expect("indexed slot").res.addr = to.clone();
        self.index(to, at);
        true
    }

    /// [`State::move_resource_instance`], by index.
    pub(crate) fn move_resource_instance(
        &mut self,
        from: &AbsResourceInstance,
        to: &AbsResourceInstance,
    ) -> bool {
        if self.has_current(to) {
            return false;
        }
        let from_res = from.containing_resource();
        let Some(src) = self.first(&from_res) else {
            return false;
        };
        let slot = self.slots[src].as_mut().expect("indexed slot");
        let keyed = slot.keyed();
        let positions = keyed.by_key.remove(&from.resource.key).unwrap_or_default();
        if positions.is_empty() {
            return false;
        }
        let moving: Vec<StateInstance> = positions
            .iter()
            .filter_map(|&i| keyed.objects[i].take())
            .collect();
        keyed.live -= moving.len();
        let emptied = keyed.live == 0;
        let template = StateResource {
            instances: Default::default(),
            ..slot.res.clone()
        };
        if emptied {
            self.unindex(&from_res, src);
            self.slots[src] = None;
        }
        let to_res = to.containing_resource();
        let dst = match self.first(&to_res) {
            Some(i) => i,
            None => self.push(Slot::new(StateResource {
                addr: to_res,
                ..template
            })),
        };
        let keyed = self.slots[dst].as_mut().expect("indexed slot").keyed();
        let key = to.resource.key.clone();
        for o in moving {
            let i = keyed.objects.len();
            keyed.objects.push(Some(StateInstance {
                key: key.clone(),
                ..o
            }));
            keyed.by_key.entry(key.clone()).or_default().push(i);
            keyed.live += 1;
        }
        true
    }
}

//! A part of an address that every equal address shares: each address
//! type keeps a table of the values built so far and hands out the one
//! already there, so equality and hashing are a pointer's (every address
//! in every hash table of a 100,000-object plan holds one, and comparing
//! or hashing names and keys missed the cache). Entries live for the
//! process: they are few (one per module instance path, one per resource
//! block) and small.

use std::sync::Arc;

/// The one shared allocation of an interned value. Only an interning
/// table makes one ([`Interned::from_table`]); the order of the types
/// that hold it is their content's.
pub(super) struct Interned<T: ?Sized>(Arc<T>);

impl<T: ?Sized> Interned<T> {
    /// The value its table holds: no other allocation may be equal to it.
    pub(super) fn from_table(shared: &Arc<T>) -> Interned<T> {
        Interned(shared.clone())
    }

    /// What equality compares: the allocation's address. Tables keep
    /// their entries for the process, so it names this value for good.
    pub(super) fn id(&self) -> usize {
        Arc::as_ptr(&self.0).cast::<()>() as usize
    }
}

impl<T: ?Sized> Clone for Interned<T> {
    fn clone(&self) -> Self {
        Interned(self.0.clone())
    }
}

impl<T: ?Sized> std::ops::Deref for Interned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> PartialEq for Interned<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Eq for Interned<T> {}

impl<T: ?Sized> std::hash::Hash for Interned<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Consistent with `eq`: equal values are one allocation.
        std::ptr::hash(Arc::as_ptr(&self.0).cast::<()>(), state)
    }
}

#[cfg(test)]
mod tests {
    use crate::addrs::{ModuleInstance, Resource, ResourceMode};

    fn hash(v: &impl std::hash::Hash) -> u64 {
        use std::hash::BuildHasher;
        foldhash::fast::FixedState::with_seed(1).hash_one(v)
    }

    /// Addresses built apart from equal parts are one: equal, hashed
    /// alike; different parts are not, and order by content.
    #[test]
    fn equal_addresses_built_apart_are_one() {
        let a = ModuleInstance::parse(r#"module.a["x"].module.b[0]"#).unwrap();
        let again = ModuleInstance::parse(r#"module.a["x"].module.b[0]"#).unwrap();
        let other = ModuleInstance::parse(r#"module.a["y"].module.b[0]"#).unwrap();
        assert_eq!(a, again);
        assert_eq!(hash(&a), hash(&again));
        assert_ne!(a, other);
        assert!(a < other && other > again);
        let r = Resource::new(ResourceMode::Managed, "t", "n");
        assert_eq!(
            r,
            Resource::new(ResourceMode::Managed, String::from("t"), "n")
        );
        assert_eq!(
            hash(&r),
            hash(&Resource::new(ResourceMode::Managed, "t", "n"))
        );
        let data = Resource::new(ResourceMode::Data, "t", "n");
        assert_ne!(r, data);
        assert!(Resource::new(ResourceMode::Managed, "t", "m") < r);
    }
}

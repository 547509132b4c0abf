//! A map kept as one vector sorted by key: the attributes of an object or
//! the entries of a map value.
//!
//! Objects have a handful of attributes, and a `BTreeMap` spends a node of
//! eleven slots (and its own allocation) on each: at 10,000 instances most
//! of the memory of the values was such half-empty nodes. A
//! sorted vector is one exact allocation, found by binary search, and
//! iterates in the same byte order of keys, so every answer that walks a
//! map (plans, JSON, `keys()`) is unchanged.
//!
//! The API is `BTreeMap`'s, as far as callers use it, with its meaning:
//! `collect` and `extend` keep the last of repeated keys, `insert`
//! replaces. `insert` shifts the entries after it, so a large map is built
//! by `collect` (sorting once), never by a loop of inserts.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Index;

#[derive(Clone, PartialEq, Eq)]
pub struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap {
            entries: Vec::new(),
        }
    }
}

pub(crate) type Iter<'a, K, V> =
    std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;
pub(crate) type IterMut<'a, K, V> =
    std::iter::Map<std::slice::IterMut<'a, (K, V)>, fn(&'a mut (K, V)) -> (&'a K, &'a mut V)>;

impl<K, V> SortedMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub fn into_keys(self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        self.entries.into_iter().map(|(k, _)| k)
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = V> + ExactSizeIterator {
        self.entries.into_iter().map(|(_, v)| v)
    }

    pub fn first_key_value(&self) -> Option<(&K, &V)> {
        self.entries.first().map(|(k, v)| (k, v))
    }

    pub fn last_key_value(&self) -> Option<(&K, &V)> {
        self.entries.last().map(|(k, v)| (k, v))
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.entries.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_key_value<Q: Ord + ?Sized>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| {
            let (k, v) = &self.entries[i];
            (k, v)
        })
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`, returning the value it replaces (the key
    /// already there is kept, as `BTreeMap` keeps it).
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        // Maps built in key order (a conversion walking another map) only
        // ever append.
        if self.entries.last().is_none_or(|(last, _)| *last < key) {
            self.entries.push((key, value));
            return None;
        }
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    pub fn entry(&mut self, key: K) -> Entry<'_, K, V> {
        match self.find(&key) {
            Ok(i) => Entry::Occupied(&mut self.entries[i].1),
            Err(i) => Entry::Vacant(self, i, key),
        }
    }

    /// Sorts the entries by key and keeps the last of repeated keys: what
    /// inserting them one after the other into a `BTreeMap` leaves.
    fn from_unsorted(mut entries: Vec<(K, V)>) -> Self {
        if !entries.windows(2).all(|w| w[0].0 < w[1].0) {
            // Stable: repeated keys stay in the order they came.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let len = entries.len();
            entries.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    std::mem::swap(&mut later.1, &mut kept.1);
                }
                same
            });
            if entries.len() < len {
                entries.shrink_to_fit();
            }
        }
        SortedMap { entries }
    }
}

/// A place in a map, as `BTreeMap::entry` gives it.
pub enum Entry<'a, K, V> {
    Occupied(&'a mut V),
    Vacant(&'a mut SortedMap<K, V>, usize, K),
}

impl<'a, K, V> Entry<'a, K, V> {
    pub fn or_insert_with(self, value: impl FnOnce() -> V) -> &'a mut V {
        match self {
            Entry::Occupied(v) => v,
            Entry::Vacant(map, i, key) => {
                map.entries.insert(i, (key, value()));
                &mut map.entries[i].1
            }
        }
    }

    pub fn or_insert(self, value: V) -> &'a mut V {
        self.or_insert_with(|| value)
    }

    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Self::from_unsorted(iter.into_iter().collect())
    }
}

impl<K: Ord, V> Extend<(K, V)> for SortedMap<K, V> {
    /// The new entries after the old ones, so that a repeated key takes
    /// its new value; one sort for the lot.
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let mut entries = std::mem::take(&mut self.entries);
        entries.extend(iter);
        *self = Self::from_unsorted(entries);
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for SortedMap<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<K, V> IntoIterator for SortedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut SortedMap<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<K: Ord + Borrow<Q>, Q: Ord + ?Sized, V> Index<&Q> for SortedMap<K, V> {
    type Output = V;
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("no entry found for key")
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for SortedMap<K, V> {
    /// As `BTreeMap` prints: `set_order` compares debug forms.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn repeated_keys_keep_the_last_value_as_a_btree_map_does() {
        let pairs = [("b", 1), ("a", 2), ("b", 3), ("c", 4), ("a", 5), ("b", 6)];
        let m: SortedMap<&str, i32> = pairs.into_iter().collect();
        let b: BTreeMap<&str, i32> = pairs.into_iter().collect();
        assert_eq!(m.iter().collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
        assert_eq!(
            m.iter().collect::<Vec<_>>(),
            [(&"a", &5), (&"b", &6), (&"c", &4)]
        );

        let mut e = m.clone();
        e.extend([("c", 7), ("0", 8), ("c", 9)]);
        assert_eq!(e.keys().copied().collect::<Vec<_>>(), ["0", "a", "b", "c"]);
        assert_eq!(e.get("c"), Some(&9));
    }

    #[test]
    fn keys_iterate_in_byte_order() {
        let m: SortedMap<String, ()> = ["b", "B", "a", "é", "_", "10", "9", ""]
            .into_iter()
            .map(|k| (k.to_string(), ()))
            .collect();
        let keys: Vec<&str> = m.keys().map(String::as_str).collect();
        assert_eq!(keys, ["", "10", "9", "B", "_", "a", "b", "é"]);
        assert_eq!(
            format!("{m:?}"),
            format!("{:?}", m.iter().collect::<BTreeMap<_, _>>())
        );
    }

    #[test]
    fn get_insert_remove_and_entry_read_as_a_btree_map() {
        let mut m: SortedMap<String, i32> = SortedMap::new();
        assert!(m.is_empty());
        assert_eq!(m.insert("m".into(), 1), None);
        assert_eq!(m.insert("a".into(), 2), None);
        assert_eq!(m.insert("z".into(), 3), None);
        assert_eq!(m.insert("m".into(), 4), Some(1));
        assert_eq!(m.get("m"), Some(&4));
        assert_eq!(m.get("q"), None);
        assert!(m.contains_key("a"));
        assert_eq!(m["z"], 3);
        *m.entry("a".into()).or_insert(0) += 10;
        *m.entry("b".into()).or_default() += 1;
        assert_eq!(m.remove("z"), Some(3));
        assert_eq!(m.remove("z"), None);
        *m.get_mut("m").unwrap() += 1;
        let all: Vec<(String, i32)> = m.clone().into_iter().collect();
        assert_eq!(all, [("a".into(), 12), ("b".into(), 1), ("m".into(), 5)]);
        m.retain(|k, _| k != "b");
        assert_eq!(m.len(), 2);
        assert_eq!(m.first_key_value(), Some((&"a".to_string(), &12)));
    }

    #[test]
    fn a_large_unsorted_collect_sorts_once() {
        // A `for_each` over 100,000 keys arrives in any order: a sort, not
        // 100,000 shifting inserts (this would take minutes if quadratic).
        let n = 200_000u64;
        let scrambled = (0..n).map(|i| (i * 7919) % n).map(|i| (format!("k{i}"), i));
        let m: SortedMap<String, u64> = scrambled.clone().chain(scrambled.take(10)).collect();
        assert_eq!(m.len(), n as usize);
        assert!(m.keys().zip(m.keys().skip(1)).all(|(a, b)| a < b));
        assert_eq!(m.get("k12345"), Some(&12345));
    }
}

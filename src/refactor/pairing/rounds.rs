//! Rounds of pairing until nothing more is decided: each round finds the
//! candidates of every unpaired object by kind and signature, references
//! followed through the pairs decided so far, and takes the pairs unique
//! both ways; failing those, the pairs structure decides; failing those
//! (with `--allow-update`), updates.

use std::collections::BTreeMap;

use crate::addrs::AbsResourceInstance;

use super::object::{Kind, kind};
use super::signatures::{Signatures, Signed, write_create_signature};
use super::structure::structural_choices;
use super::updates::{Update, update_choices};
use super::{Canon, Mapping, Normalise, Object, Options};

/// Rounds of pairing until nothing more is decided: pairs unique both
/// ways, then structure among identical candidates, then (with
/// `allow_update`) objects structure places although values differ. The
/// identical candidates left, keyed by create index, or by `usize::MAX - i`
/// for destroy `i`.
pub(super) fn decide(
    destroys: &[Object],
    creates: &[Object],
    canon: &Canon,
    normalise: &Normalise,
    opts: Options,
    st: &mut Decided,
) -> BTreeMap<usize, Vec<usize>> {
    let own;
    let signed = match opts.signed {
        Some(s) if s.fits(destroys, creates) => s,
        _ => {
            own = Signed::new(destroys, creates, canon, normalise, opts.threads);
            &own
        }
    };
    let (destroy_sigs, create_sigs) = (&signed.destroys, &signed.creates);
    let index = signature_index(destroys, destroy_sigs);
    // Where each object is, numbered: only rounds with identical
    // candidates need it.
    let places = std::cell::OnceCell::new();
    loop {
        // Only a create with references is signed through the mapping.
        if (st.done.iter().enumerate()).any(|(j, &done)| !done && !create_sigs.is_signed(j)) {
            st.sync(destroys, creates);
        }
        let cands = candidates(creates, &index, create_sigs, canon, normalise, st);
        let mut decided = Vec::new();
        for (j, ds) in cands.of_create.iter().enumerate() {
            if let [i] = ds.as_slice()
                && cands.of_destroy[*i].as_slice() == [j]
            {
                decided.push((*i, j));
            }
        }
        if decided.is_empty() {
            decided = structural_choices(destroys, creates, &cands, st, &places);
        }
        // Equal values first; only when they decide nothing more, objects
        // structure places although values differ.
        if decided.is_empty() && opts.allow_update {
            st.sync(destroys, creates);
            let choices =
                update_choices(destroys, creates, &st.taken, &st.done, &st.mapping, canon);
            for (i, j, diffs) in choices {
                decided.push((i, j));
                st.updates.push(Update {
                    prior: destroys[i].addr.clone(),
                    new: creates[j].addr.clone(),
                    diffs,
                });
            }
        }
        if decided.is_empty() {
            let mut found: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for (j, ds) in cands.of_create.into_iter().enumerate() {
                if ds.len() > 1 {
                    found.insert(j, ds);
                }
            }
            for (i, cs) in cands.of_destroy.into_iter().enumerate() {
                if cs.len() > 1 {
                    found.entry(usize::MAX - i).or_insert(cs);
                }
            }
            return found;
        }
        for (i, j) in decided {
            st.take(i, j);
        }
    }
}

/// What the rounds have decided so far: which destroys (`taken`) and
/// creates (`done`) are paired, the pairs as indices, the updates
/// accepted, and the mapping (new → prior) of the pairs up to `synced`:
/// only references read it, so it is brought up to date (`sync`) only
/// where a value with references is compared.
#[derive(Default)]
pub(super) struct Decided {
    pub(super) mapping: Mapping,
    synced: usize,
    pub(super) taken: Vec<bool>,
    pub(super) done: Vec<bool>,
    /// (destroy, create), in the order decided.
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) updates: Vec<Update>,
}

impl Decided {
    /// The pairs decided before any values are compared (`Options::pinned`).
    pub(super) fn pinned(
        destroys: &[Object],
        creates: &[Object],
        pinned: &[(AbsResourceInstance, AbsResourceInstance)],
    ) -> Decided {
        let mut st = Decided {
            taken: vec![false; destroys.len()],
            done: vec![false; creates.len()],
            ..Decided::default()
        };
        if pinned.is_empty() {
            return st;
        }
        // The first object at each address, as a scan from the start finds.
        fn at(objs: &[Object]) -> foldhash::HashMap<&AbsResourceInstance, usize> {
            let mut at: foldhash::HashMap<&AbsResourceInstance, usize> = Default::default();
            for (k, o) in objs.iter().enumerate() {
                at.entry(&o.addr).or_insert(k);
            }
            at
        }
        let (destroy_at, create_at) = (at(destroys), at(creates));
        for (p, n) in pinned {
            if let (Some(&i), Some(&j)) = (destroy_at.get(p), create_at.get(n))
                && !st.taken[i]
                && !st.done[j]
            {
                st.take(i, j);
            }
        }
        st
    }

    fn take(&mut self, i: usize, j: usize) {
        self.taken[i] = true;
        self.done[j] = true;
        self.pairs.push((i, j));
    }

    /// Brings the mapping up to date with the pairs decided.
    pub(super) fn sync(&mut self, destroys: &[Object], creates: &[Object]) {
        // Sized once rather than grown (and rehashed) by doubling.
        self.mapping.reserve(self.pairs.len() - self.synced);
        for &(i, j) in &self.pairs[self.synced..] {
            self.mapping
                .insert(creates[j].addr.clone(), destroys[i].addr.clone());
        }
        self.synced = self.pairs.len();
    }

    /// Whether every object of both sides is paired.
    pub(super) fn all_paired(&self) -> bool {
        self.taken.iter().all(|&t| t) && self.done.iter().all(|&d| d)
    }
}

/// Candidates each way among objects not yet paired: for each create the
/// destroys with its kind and signature once its references are followed
/// (`of_create`, by create index), and for each destroy those creates
/// (`of_destroy`); empty where there are none. Both in index order.
pub(super) struct Candidates {
    pub(super) of_create: Vec<Vec<usize>>,
    pub(super) of_destroy: Vec<Vec<usize>>,
}

/// The destroys by kind and signature, in index order: built once per
/// pairing, the paired ones skipped when read.
type SignatureIndex<'s> = foldhash::HashMap<(Kind<'s>, &'s str), Vec<usize>>;

fn signature_index<'s>(destroys: &'s [Object], destroy_sigs: &'s Signatures) -> SignatureIndex<'s> {
    // Signatures are long (a list of ids is one): a fast hash.
    let mut index: SignatureIndex = Default::default();
    for (i, d) in destroys.iter().enumerate() {
        index
            .entry((
                kind(&d.addr.resource.resource),
                // Every destroy is signed.
                destroy_sigs.get(i).unwrap_or(""),
            ))
            .or_default()
            .push(i);
    }
    index
}

fn candidates(
    creates: &[Object],
    index: &SignatureIndex,
    create_sigs: &Signatures,
    canon: &Canon,
    normalise: &Normalise,
    st: &Decided,
) -> Candidates {
    let mut of_create: Vec<Vec<usize>> = vec![Vec::new(); creates.len()];
    let mut of_destroy: Vec<Vec<usize>> = vec![Vec::new(); st.taken.len()];
    // One buffer for the creates signed through the mapping.
    let mut fresh = String::new();
    for (j, c) in creates.iter().enumerate() {
        if st.done[j] {
            continue;
        }
        let sig = match create_sigs.get(j) {
            Some(sig) => sig,
            None => {
                fresh.clear();
                write_create_signature(c, canon, normalise, &st.mapping, &mut fresh);
                fresh.as_str()
            }
        };
        let Some(all) = index.get(&(kind(&c.addr.resource.resource), sig)) else {
            continue;
        };
        let list: Vec<usize> = all.iter().copied().filter(|&i| !st.taken[i]).collect();
        for &i in &list {
            of_destroy[i].push(j);
        }
        of_create[j] = list;
    }
    Candidates {
        of_create,
        of_destroy,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::{Options, pair_with};
    use super::*;

    #[test]
    fn references_follow_pinned_pairs_and_pairs_of_earlier_rounds() {
        // The mapping is brought up to date only when a value with
        // references is signed: pinned pairs are seen from the first
        // round, pairs of one round from the next.
        let destroys = [
            obj("alias.one", &[("target", key_id("key.old_a"))]),
            obj("alias.two", &[("target", key_id("twin.p"))]),
            obj("key.old_a", &[("description", s("x"))]),
            obj("key.old_b", &[("description", s("y"))]),
            obj("twin.p", &[("description", s("same"))]),
            obj("twin.q", &[("description", s("same"))]),
        ];
        let creates = [
            obj("alias.dos", &[("target", key_id("twin.r"))]),
            obj("alias.uno", &[("target", key_id("key.new_a"))]),
            obj("key.new_a", &[("description", s("x"))]),
            obj("key.new_b", &[("description", s("y"))]),
            obj("twin.r", &[("description", s("same"))]),
            obj("twin.s", &[("description", s("same"))]),
        ];
        let canon = follow_pairs;
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        let pinned = [(a("twin.p"), a("twin.r"))];
        let p = pair_with(
            &destroys,
            &creates,
            &canon,
            &|_, _, v| v,
            Options {
                pinned: &pinned,
                ..Options::default()
            },
        );
        assert!(p.unmatched.is_empty(), "{:?}", p.unmatched);
        let pairs: Vec<(String, String)> = (p.pairs.iter())
            .map(|(o, n)| (o.to_string(), n.to_string()))
            .collect();
        let want = [
            ("alias.one", "alias.uno"),
            ("alias.two", "alias.dos"),
            ("key.old_a", "key.new_a"),
            ("key.old_b", "key.new_b"),
            ("twin.p", "twin.r"),
            ("twin.q", "twin.s"),
        ];
        let want: Vec<(String, String)> = (want.iter())
            .map(|(o, n)| (o.to_string(), n.to_string()))
            .collect();
        assert_eq!(pairs, want);
    }
}

//! Pairing what a new configuration would destroy with what it would
//! create. Two objects pair when they have the same mode and type, the
//! same set of configured arguments, and equal values for all of them —
//! after references are followed through the pairs already decided. A pair
//! is decided only when it is unique both ways; identical candidates are
//! told apart only by structural evidence (equal keys, the same resource
//! name inside module instances already known to pair), never by guessing.
//!
//! Cost: objects are indexed by a signature of their compared values, so
//! each round is linear in the number of objects; rounds repeat while
//! references resolve through new pairs.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::addrs::{AbsResourceInstance, ModuleInstance, Resource};
use crate::lang::sorted_map::SortedMap;
use crate::lang::value::Value;
use crate::providers::schema::SetMask;

use crate::lang::unknown::{Origin, Source};

/// A mapping from the new configuration's addresses to the prior objects
/// they were paired with.
/// Hashed: references look their object up in it, round after round.
pub(crate) type Mapping = foldhash::HashMap<AbsResourceInstance, AbsResourceInstance>;

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

#[derive(Clone, Debug, PartialEq)]
pub struct AttrDiff {
    pub name: String,
    /// The prior object's value, None when its configuration does not set it.
    pub prior: Option<Value>,
    /// The new configuration's value, None when it does not set it.
    pub new: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Near {
    pub addr: AbsResourceInstance,
    pub diffs: Vec<AttrDiff>,
    /// When every difference is a reference to an object that did not
    /// pair: (the object whose value holds it, the object it names).
    pub unpaired_refs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
}

/// A pair structure decided although configured values differ, taken with
/// `--allow-update`: the object moves and is then updated in place.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    pub prior: AbsResourceInstance,
    pub new: AbsResourceInstance,
    pub diffs: Vec<AttrDiff>,
}

/// What the pairing may accept beyond equal values.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Options<'a> {
    /// Pair objects that structure decides even when some configured
    /// values differ (`--allow-update`): only the provider knows whether a
    /// difference forces a replacement, so it takes the user's consent.
    pub allow_update: bool,
    /// (prior, new) pairs decided before any values are compared: what
    /// their dependents' references said (`dependents_evidence`).
    pub pinned: &'a [(AbsResourceInstance, AbsResourceInstance)],
    /// Sign the destroys on a second thread (`Request::threads`).
    pub threads: bool,
    /// The objects' signatures, when the caller pairs the same objects
    /// more than once (`Signed::new`).
    pub signed: Option<&'a Signed>,
}

/// Every destroy's signature, and every create's that no mapping changes
/// (`fixed_signatures`): the same in every pairing of the same objects
/// with the same rules, so a caller that pairs them again (with pins, with
/// updates allowed, once twins are known) signs them once.
#[derive(Debug)]
pub(crate) struct Signed {
    destroys: Signatures,
    creates: Signatures,
}

/// One signature (or none) per object, end to end in strings of about
/// `CHUNK` bytes: a string of its own per object cost an allocation, those
/// its growth dropped, and its spare capacity; one string for
/// all, grown by doubling, left its earlier copies' memory behind.
#[derive(Debug, Default)]
struct Signatures {
    chunks: Vec<String>,
    /// Each object's signature: its chunk, start and end there; None
    /// when unsigned.
    spans: Vec<Option<(u32, u32, u32)>>,
}

impl Signatures {
    const CHUNK: usize = 64 * 1024;

    /// Objects' signatures as `sign` writes them (to an empty string),
    /// None for those it declines.
    fn of<'o>(
        objects: impl IntoIterator<Item = &'o Object>,
        mut sign: impl FnMut(&Object, &mut String) -> bool,
    ) -> Signatures {
        let mut out = Signatures::default();
        let mut scratch = String::new();
        for o in objects {
            scratch.clear();
            let span = sign(o, &mut scratch).then(|| out.push(&scratch));
            out.spans.push(span);
        }
        out
    }

    fn push(&mut self, sig: &str) -> (u32, u32, u32) {
        let fits = |c: &String| c.capacity() - c.len() >= sig.len();
        if !self.chunks.last().is_some_and(fits) {
            let capacity = sig.len().max(Self::CHUNK);
            self.chunks.push(String::with_capacity(capacity));
        }
        let at = self.chunks.len() - 1;
        let chunk = &mut self.chunks[at];
        let start = chunk.len();
        chunk.push_str(sig);
        let index = |i: usize| u32::try_from(i).expect("under 4 GiB of signatures in a chunk");
        (index(at), index(start), index(chunk.len()))
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn get(&self, i: usize) -> Option<&str> {
        let (chunk, start, end) = self.spans[i]?;
        Some(&self.chunks[chunk as usize][start as usize..end as usize])
    }

    fn is_signed(&self, i: usize) -> bool {
        self.spans[i].is_some()
    }
}

impl Signed {
    pub(crate) fn new(
        destroys: &[Object],
        creates: &[Object],
        canon: &Canon,
        normalise: &Normalise,
        threads: bool,
    ) -> Signed {
        let (destroys, creates) = crate::parallel::side_by_side(
            threads,
            || {
                Signatures::of(destroys, |d, out| {
                    write_signature(d, out);
                    true
                })
            },
            || fixed_signatures(creates, canon, normalise),
        );
        Signed { destroys, creates }
    }

    /// Whether these are the signatures of objects this many.
    fn fits(&self, destroys: &[Object], creates: &[Object]) -> bool {
        self.destroys.len() == destroys.len() && self.creates.len() == creates.len()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Nothing of the same mode and type on the other side.
    NoCounterpart,
    /// Objects of the type exist on the other side, but differ; the
    /// closest ones with what differs.
    Differs(Vec<Near>),
    /// Several identical candidates, and nothing structural tells which;
    /// with what their dependents' references said, when any did.
    Ambiguous(Vec<AbsResourceInstance>, Evidence),
    /// A move the configuration already declares could not happen: the
    /// destination already holds an object.
    Blocked(AbsResourceInstance),
    /// A remote module instance whose content is not read, with no call
    /// on the other side: it goes with everything in it (`objects`: what
    /// the state records under it).
    RemoteGone { objects: usize },
    /// A remote module instance whose content is not read, where the
    /// other side reads the content of a call at the same address
    /// (installed there, for another source or version).
    RemoteReadThere,
    /// A remote module instance's call changes where it is (source,
    /// version or arguments): only its content would tell what that does.
    RemoteChanged(Vec<AttrDiff>),
    /// Nothing of its type on the other side, which has remote module
    /// instances whose content is not read: it may have moved into (or
    /// out of) one of them.
    BesideRemote(Vec<ModuleInstance>),
}

/// What one dependent's reference said about identical objects: at
/// `path` in its configuration it refers to `prior` in the old code and to
/// `new` in the new.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Said {
    /// The dependent, by its new address.
    pub dependent: AbsResourceInstance,
    /// Its old address, when it moved.
    pub was: Option<AbsResourceInstance>,
    /// Where the reference is: `input.of`.
    pub path: String,
    pub prior: AbsResourceInstance,
    pub new: AbsResourceInstance,
}

/// The dependents' evidence about a class of identical objects that it
/// did not decide, and why: only a one-to-one answer for every member
/// decides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    pub said: Vec<Said>,
    /// Members said to be more than one object (one prior object said to
    /// become two, or two said to become one): the evidence conflicts.
    pub conflicts: Vec<(Side, AbsResourceInstance)>,
    /// Members no dependent speaks of: the evidence covers only part of
    /// the class.
    pub uncovered: Vec<(Side, AbsResourceInstance)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Destroy,
    Create,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Unmatched {
    pub addr: AbsResourceInstance,
    pub side: Side,
    pub reason: Reason,
}

#[derive(Clone, Debug, Default)]
pub struct Pairing {
    /// (prior address, new address), in prior address order.
    pub pairs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    pub unmatched: Vec<Unmatched>,
    /// The pairs among `pairs` whose values differ (`Options::allow_update`),
    /// in prior address order.
    pub updates: Vec<Update>,
}

/// Rewrites a new-side value under the current mapping (new → prior):
/// unknowns from paired objects follow them to the prior object's
/// attribute or recorded value. A value with no unknown in it is its own
/// rewrite (pairing signs such objects once).
pub(crate) type Canon<'a> = dyn Fn(&Value, &Mapping) -> Value + 'a;

/// How many of the closest candidates a "differs" reason lists.
const NEAREST: usize = 3;

/// A create's value of one argument once `Canon` has followed its
/// references: ignore rules normalise what a reference resolved to as they
/// normalised the configured value (`ignore::Rules::normalise`).
pub(crate) type Normalise<'a> = dyn Fn(&AbsResourceInstance, &str, Value) -> Value + 'a;

pub(crate) fn pair(destroys: &[Object], creates: &[Object], canon: &Canon) -> Pairing {
    pair_with(destroys, creates, canon, &|_, _, v| v, Options::default())
}

/// `pair`, with each create's followed values passed through `normalise`
/// before they are compared (the ignore rules' one hook), and `opts`.
pub(crate) fn pair_with(
    destroys: &[Object],
    creates: &[Object],
    canon: &Canon,
    normalise: &Normalise,
    opts: Options,
) -> Pairing {
    let mut st = Decided::pinned(destroys, creates, opts.pinned);
    let ambiguous = decide(destroys, creates, canon, normalise, opts, &mut st);
    let mut pairs: Vec<(AbsResourceInstance, AbsResourceInstance)> = (st.pairs.iter())
        .map(|&(i, j)| (destroys[i].addr.clone(), creates[j].addr.clone()))
        .collect();
    pairs.sort();
    // What is left unpaired is explained with references followed.
    if !st.all_paired() {
        st.sync(destroys, creates);
    }
    st.updates.sort_by(|a, b| a.prior.cmp(&b.prior));
    let mut unmatched = unmatched_of(destroys, creates, &st, &ambiguous, canon);
    note_unpaired_refs(&mut unmatched);
    Pairing {
        pairs,
        unmatched,
        updates: st.updates,
    }
}

/// What the rounds have decided so far: which destroys (`taken`) and
/// creates (`done`) are paired, the pairs as indices, the updates
/// accepted, and the mapping (new → prior) of the pairs up to `synced`:
/// only references read it, so it is brought up to date (`sync`) only
/// where a value with references is compared.
#[derive(Default)]
struct Decided {
    mapping: Mapping,
    synced: usize,
    taken: Vec<bool>,
    done: Vec<bool>,
    /// (destroy, create), in the order decided.
    pairs: Vec<(usize, usize)>,
    updates: Vec<Update>,
}

impl Decided {
    /// The pairs decided before any values are compared (`Options::pinned`).
    fn pinned(
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
    fn sync(&mut self, destroys: &[Object], creates: &[Object]) {
        // Sized once rather than grown (and rehashed) by doubling.
        self.mapping.reserve(self.pairs.len() - self.synced);
        for &(i, j) in &self.pairs[self.synced..] {
            self.mapping
                .insert(creates[j].addr.clone(), destroys[i].addr.clone());
        }
        self.synced = self.pairs.len();
    }

    /// Whether every object of both sides is paired.
    fn all_paired(&self) -> bool {
        self.taken.iter().all(|&t| t) && self.done.iter().all(|&d| d)
    }
}

/// Candidates each way among objects not yet paired: for each create the
/// destroys with its kind and signature once its references are followed
/// (`of_create`, by create index), and for each destroy those creates
/// (`of_destroy`); empty where there are none. Both in index order.
struct Candidates {
    of_create: Vec<Vec<usize>>,
    of_destroy: Vec<Vec<usize>>,
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

/// A create's signature once its references are followed through
/// `mapping` and its values normalised, appended to `out`.
fn write_create_signature(
    c: &Object,
    canon: &Canon,
    normalise: &Normalise,
    mapping: &Mapping,
    out: &mut String,
) {
    write_signature_with(c, out, |name, v, out| {
        write_canonical(&normalise(&c.addr, name, canon(v, mapping)), out)
    })
}

/// The signatures of the creates that no mapping changes, computed once:
/// a value with no unknown in it follows no reference, and every `Canon`
/// leaves it as it is. The others are signed again each round.
fn fixed_signatures(creates: &[Object], canon: &Canon, normalise: &Normalise) -> Signatures {
    let empty = Mapping::default();
    Signatures::of(creates, |c, out| {
        let fixed = c.values.values().all(Value::is_wholly_known);
        if fixed {
            write_create_signature(c, canon, normalise, &empty, out);
        }
        fixed
    })
}

/// Rounds of pairing until nothing more is decided: pairs unique both
/// ways, then structure among identical candidates, then (with
/// `allow_update`) objects structure places although values differ. The
/// identical candidates left, keyed by create index, or by `usize::MAX - i`
/// for destroy `i`.
fn decide(
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

/// Every object left unpaired, with its reason: its identical candidates
/// (`ambiguous`, as `decide` keys them), or the closest that differ.
fn unmatched_of(
    destroys: &[Object],
    creates: &[Object],
    st: &Decided,
    ambiguous: &BTreeMap<usize, Vec<usize>>,
    canon: &Canon,
) -> Vec<Unmatched> {
    if st.all_paired() {
        return Vec::new();
    }
    let module_pairs = module_pairs_of(&st.mapping);
    let mut unmatched = Vec::new();
    // The unpaired objects of each kind, in order, gathered once: looking
    // them up per unmatched object would scan the other side each time.
    let unpaired_creates = unpaired(creates, &st.done);
    let unpaired_destroys = unpaired(destroys, &st.taken);
    let sides = [
        (
            destroys,
            creates,
            &st.taken,
            &unpaired_creates,
            Side::Destroy,
        ),
        (
            creates,
            destroys,
            &st.done,
            &unpaired_destroys,
            Side::Create,
        ),
    ];
    for (objs, others, paired, open, side) in sides {
        for (k, o) in objs.iter().enumerate() {
            if paired[k] {
                continue;
            }
            let key = match side {
                Side::Destroy => usize::MAX - k,
                Side::Create => k,
            };
            let reason = match ambiguous.get(&key) {
                Some(cs) => Reason::Ambiguous(
                    cs.iter().map(|&c| others[c].addr.clone()).collect(),
                    Evidence::default(),
                ),
                None => differs(
                    o,
                    others,
                    same_kind_unpaired(open, o),
                    side == Side::Destroy,
                    &st.mapping,
                    &module_pairs,
                    canon,
                ),
            };
            unmatched.push(Unmatched {
                addr: o.addr.clone(),
                side,
                reason,
            });
        }
    }
    unmatched
}

/// Mode and type: what must be equal for two objects to pair (the name
/// may differ: that is the rename).
type Kind<'a> = (crate::addrs::ResourceMode, &'a str);

fn kind(r: &Resource) -> Kind<'_> {
    (r.mode, &r.type_name)
}

/// When identical candidates tie, structure may still decide: a pair
/// scores for equal instance keys, for the same resource name, for
/// module instances that already pair through decided siblings, and for
/// being each other's only candidate inside such a pair. A pair
/// is taken only when it is the single best for both objects and has at
/// least two kinds of evidence.
fn structural_choices<'o>(
    destroys: &'o [Object],
    creates: &'o [Object],
    cands: &Candidates,
    st: &Decided,
    places: &std::cell::OnceCell<Places<'o>>,
) -> Vec<(usize, usize)> {
    // Only identical candidates are chosen among: without any, nothing
    // below is needed.
    if cands.of_create.iter().all(|ds| ds.len() < 2) {
        return Vec::new();
    }
    let places = places.get_or_init(|| Places::new(destroys, creates));
    let (d_module, c_module) = (&places.destroy_module, &places.create_module);
    let module_pairs: foldhash::HashSet<(usize, usize)> = st
        .pairs
        .iter()
        .map(|&(i, j)| (d_module[i], c_module[j]))
        .collect();
    let siblings = Siblings::new(&module_pairs, &places.modules);
    let whole = WholeResources::new(places, cands);
    let placed = |i: usize, j: usize| {
        let (d, c) = (&destroys[i].addr, &creates[j].addr);
        module_pairs.contains(&(d_module[i], c_module[j]))
            || siblings.follow(d_module[i], c_module[j], d, c)
            || same_relative_place(d, c)
            || within_kept_instance(d, c)
            || wrapped_in_place(d, c)
    };
    // Inside module instances that pair (through decided siblings, or at
    // the same place), each is the other's only candidate: a call renamed
    // or wrapped with its keys kept, whose twins are renamed and re-keyed
    // in every instance (differential seeds 500371, 500568).
    let only_inside = |i: usize, j: usize| {
        let in_new = cands.of_destroy[i]
            .iter()
            .filter(|&&k| c_module[k] == c_module[j])
            .count();
        let in_old = cands.of_create[j]
            .iter()
            .filter(|&&k| d_module[k] == d_module[i])
            .count();
        in_new == 1 && in_old == 1
    };
    let score = |i: usize, j: usize| -> u32 {
        let (d, c) = (&destroys[i].addr, &creates[j].addr);
        let mut s = 0;
        if d.resource.key == c.resource.key {
            s += 1;
        }
        if d.resource.resource.name == c.resource.resource.name {
            s += 1;
        }
        let place = placed(i, j);
        if place {
            s += 1;
        }
        if whole.correspond(i, j) {
            s += 1;
        }
        if place && only_inside(i, j) {
            s += 1;
        }
        // The object stays in the very module instance it was in (the root
        // too: a rename keeping keys): every other candidate would have to
        // leave an instance that still exists.
        if d_module[i] == c_module[j] {
            s += 1;
        }
        s
    };
    let dist =
        |i: usize, j: usize| module_distance(&destroys[i].addr.module, &creates[j].addr.module);
    let mut out = Vec::new();
    let mut chosen = vec![false; destroys.len()];
    for (j, ds) in cands.of_create.iter().enumerate() {
        if ds.len() < 2 {
            continue;
        }
        let Some(i) = best(ds, |i| score(i, j), |i| dist(i, j)) else {
            continue;
        };
        let back = best(&cands.of_destroy[i], |k| score(i, k), |k| dist(i, k));
        if back == Some(j) && !chosen[i] {
            chosen[i] = true;
            out.push((i, j));
        }
    }
    out
}

/// The single best of `cands` by `score` (at least 2), and among equally
/// scored ones the one whose module path is nearest (`dist`, computed
/// only for those): twins in the instances of one module directory called
/// from two places (`module.app`, `module.core.module.app`) each stay in
/// their own instance rather than cross to the other.
fn best(
    cands: &[usize],
    score: impl Fn(usize) -> u32,
    dist: impl Fn(usize) -> usize,
) -> Option<usize> {
    let scores: Vec<(usize, u32)> = cands.iter().map(|&k| (k, score(k))).collect();
    let max = scores.iter().map(|(_, s)| *s).max()?;
    if max < 2 {
        return None;
    }
    let top: Vec<usize> = scores
        .iter()
        .filter(|(_, s)| *s == max)
        .map(|(k, _)| *k)
        .collect();
    if let [only] = top.as_slice() {
        return Some(*only);
    }
    let dists: Vec<(usize, usize)> = top.iter().map(|&k| (k, dist(k))).collect();
    let near = dists.iter().map(|(_, d)| *d).min()?;
    let mut nearest = dists.iter().filter(|(_, d)| *d == near);
    match (nearest.next(), nearest.next()) {
        (Some((k, _)), None) => Some(*k),
        _ => None,
    }
}

/// Where each object is, numbered once per pairing so that structural
/// evidence compares integers: its module instance, and its module
/// instance with its resource, numbered alike on both sides.
struct Places<'o> {
    modules: Vec<&'o ModuleInstance>,
    destroy_module: Vec<usize>,
    create_module: Vec<usize>,
    destroy_group: Vec<usize>,
    create_group: Vec<usize>,
}

impl<'o> Places<'o> {
    fn new(destroys: &'o [Object], creates: &'o [Object]) -> Places<'o> {
        let mut module_ids: foldhash::HashMap<&'o ModuleInstance, usize> = Default::default();
        let mut group_ids: foldhash::HashMap<(usize, &'o Resource), usize> = Default::default();
        let mut modules = Vec::new();
        let mut number = |objs: &'o [Object]| -> (Vec<usize>, Vec<usize>) {
            objs.iter()
                .map(|o| {
                    let next = modules.len();
                    let m = *module_ids.entry(&o.addr.module).or_insert(next);
                    if m == next {
                        modules.push(&o.addr.module);
                    }
                    let next = group_ids.len();
                    let g = *group_ids
                        .entry((m, &o.addr.resource.resource))
                        .or_insert(next);
                    (m, g)
                })
                .unzip()
        };
        let (destroy_module, destroy_group) = number(destroys);
        let (create_module, create_group) = number(creates);
        Places {
            modules,
            destroy_module,
            create_module,
            destroy_group,
            create_group,
        }
    }
}

/// Resources whose unpaired instances could move as a whole: every
/// instance of one is a candidate of every instance of the other, and they
/// have as many. That is the shape of one `moved` block between two
/// resources (renamed, moved into or out of a module, keys changed or not),
/// so it counts as evidence; with equal keys or a kept module instance it
/// decides which twin went where.
struct WholeResources<'p> {
    destroy_group: &'p [usize],
    create_group: &'p [usize],
    /// (old group, new group), numbered as `Places` numbers them.
    corresponding: foldhash::HashSet<(usize, usize)>,
}

impl<'p> WholeResources<'p> {
    fn new(places: &'p Places, cands: &Candidates) -> Self {
        let (destroy_group, create_group) = (&places.destroy_group, &places.create_group);
        // The members with candidates of each group, in index order.
        let mut old_members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (i, cs) in cands.of_destroy.iter().enumerate() {
            if !cs.is_empty() {
                old_members.entry(destroy_group[i]).or_default().push(i);
            }
        }
        let mut new_members: foldhash::HashMap<usize, Vec<usize>> = Default::default();
        for (j, ds) in cands.of_create.iter().enumerate() {
            if !ds.is_empty() {
                new_members.entry(create_group[j]).or_default().push(j);
            }
        }
        let mut corresponding = foldhash::HashSet::default();
        for (&old, is) in &old_members {
            // A group that corresponds holds candidates of every member:
            // those of the first are the only groups to try.
            let mut tried = foldhash::HashSet::default();
            for &j in &cands.of_destroy[is[0]] {
                let new = create_group[j];
                if !tried.insert(new) {
                    continue;
                }
                let js = &new_members[&new];
                let all = is.iter().all(|&i| {
                    let cs = &cands.of_destroy[i];
                    js.iter().all(|j| cs.binary_search(j).is_ok())
                });
                if is.len() == js.len() && all {
                    corresponding.insert((old, new));
                }
            }
        }
        WholeResources {
            destroy_group,
            create_group,
            corresponding,
        }
    }

    fn correspond(&self, i: usize, j: usize) -> bool {
        self.corresponding
            .contains(&(self.destroy_group[i], self.create_group[j]))
    }
}

/// The module instances decided pairs moved elsewhere, by old and by new
/// instance (numbered as `Places` numbers them).
struct Siblings<'p> {
    modules: &'p [&'p ModuleInstance],
    by_old: foldhash::HashMap<usize, Vec<usize>>,
    by_new: foldhash::HashMap<usize, Vec<usize>>,
}

impl<'p> Siblings<'p> {
    fn new(
        module_pairs: &foldhash::HashSet<(usize, usize)>,
        modules: &'p [&'p ModuleInstance],
    ) -> Self {
        let mut s = Siblings {
            modules,
            by_old: Default::default(),
            by_new: Default::default(),
        };
        for &(old, new) in module_pairs {
            if old != new {
                s.by_old.entry(old).or_default().push(new);
                s.by_new.entry(new).or_default().push(old);
            }
        }
        s
    }

    /// Whether one object moves as its decided siblings did, into or out
    /// of a child on the way: the siblings in `module.core["a"]` went to
    /// `module.iam["a"]`, and this one to `module.iam["a"].module.x`
    /// (`dm`, `cm`: the numbers of `d`'s and `c`'s module instances).
    /// Siblings that stayed where they were say nothing here (every object
    /// of the root would follow root siblings); `within_kept_instance`
    /// covers it.
    fn follow(
        &self,
        dm: usize,
        cm: usize,
        d: &AbsResourceInstance,
        c: &AbsResourceInstance,
    ) -> bool {
        let under = |a: &ModuleInstance, m: usize| a.steps().starts_with(self.modules[m].steps());
        self.by_old
            .get(&dm)
            .is_some_and(|news| news.iter().any(|&n| under(&c.module, n)))
            || self
                .by_new
                .get(&cm)
                .is_some_and(|olds| olds.iter().any(|&o| under(&d.module, o)))
    }
}

/// How far apart two module paths are: the fewest steps inserted, removed
/// or changed (a step's name and its key count one each) to turn one into
/// the other. A wrap or an extraction is one step away; moving into another
/// call's instance is at least two.
fn module_distance(a: &ModuleInstance, b: &ModuleInstance) -> usize {
    let (a, b) = (&a.steps(), &b.steps());
    // One row of the edit-distance table at a time: paths are short.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (x, sa) in a.iter().enumerate() {
        let mut row = vec![x + 1];
        for (y, sb) in b.iter().enumerate() {
            let change = usize::from(sa.name != sb.name) + usize::from(sa.key != sb.key);
            row.push((prev[y] + change).min(prev[y + 1] + 1).min(row[y] + 1));
        }
        prev = row;
    }
    prev[b.len()]
}

/// Whether the two addresses sit at the same place under their module
/// paths: the same instance keys on the steps both paths have, counted
/// from the resource up (`module.web["a"].x` and `module.site["a"].x`, or a
/// call wrapped in a new module: `module.svc["a"].x` and
/// `module.wrap.module.svc["a"].x`).
fn same_relative_place(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.steps(), &c.module.steps());
    let n = dm.len().min(cm.len());
    n > 0
        && dm[dm.len() - n..]
            .iter()
            .zip(&cm[cm.len() - n..])
            .all(|(a, b)| a.key == b.key)
}

/// Whether one module path is the other with one step inserted in the
/// middle, every other step keeping its key: a nested call wrapped in a
/// new module inside its parent's instance (`module.data[0].module.core["a"]`
/// and `module.data[0].module.wrap.module.core["a"]`, differential seed
/// 503046). A step inserted first or last is `same_relative_place` or
/// `within_kept_instance`.
fn wrapped_in_place(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.steps(), &c.module.steps());
    let (short, long) = match dm.len() < cm.len() {
        true => (dm, cm),
        false => (cm, dm),
    };
    let keys_equal = |a: &[crate::addrs::ModuleInstanceStep],
                      b: &[crate::addrs::ModuleInstanceStep]| {
        a.iter().zip(b).all(|(x, y)| x.key == y.key)
    };
    long.len() == short.len() + 1
        && (1..short.len())
            .any(|p| keys_equal(&short[..p], &long[..p]) && keys_equal(&short[p..], &long[p + 1..]))
}

/// Whether one object is in a module instance the other's path goes
/// through (extracted into a child, or out to the parent, inside a module
/// instance that is kept): `module.data["blue"].x` and
/// `module.data["blue"].module.svc.x`.
fn within_kept_instance(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.steps(), &c.module.steps());
    let n = dm.len().min(cm.len());
    n > 0 && dm.len() != cm.len() && dm[..n] == cm[..n]
}

/// Why an object found no partner although the other side has objects of
/// its type: the closest candidates and what differs.
/// The unpaired objects of each kind, in order.
fn unpaired<'o>(objs: &'o [Object], paired: &[bool]) -> HashMap<Kind<'o>, Vec<usize>> {
    let mut by_kind: HashMap<Kind<'o>, Vec<usize>> = HashMap::new();
    for (k, o) in objs.iter().enumerate() {
        if !paired[k] {
            by_kind
                .entry(kind(&o.addr.resource.resource))
                .or_default()
                .push(k);
        }
    }
    by_kind
}

/// The unpaired objects of the other side with `obj`'s kind.
fn same_kind_unpaired<'a, 'k>(
    by_kind: &'a HashMap<Kind<'k>, Vec<usize>>,
    obj: &'k Object,
) -> &'a [usize] {
    by_kind
        .get(&kind(&obj.addr.resource.resource))
        .map_or(&[], Vec::as_slice)
}

/// `same`: the unpaired objects of `others` with `obj`'s kind, in order.
/// The closest candidate differs in the fewest values (counted down to
/// the leaves of objects and lists), then has the most structure in
/// common (see `evidence`), then the most similar name.
fn differs(
    obj: &Object,
    others: &[Object],
    same: &[usize],
    obj_is_prior: bool,
    mapping: &Mapping,
    module_pairs: &ModulePairs,
    canon: &Canon,
) -> Reason {
    let same: Vec<(usize, &Object)> = same.iter().map(|&k| (k, &others[k])).collect();
    if same.is_empty() {
        return Reason::NoCounterpart;
    }
    // Fewest differences, then most structure in common, then nearest name.
    type Closeness = (usize, std::cmp::Reverse<u32>, f64);
    let mut near: Vec<(Closeness, Near)> = same
        .into_iter()
        .take(500)
        .map(|(_, o)| {
            let (prior, new) = if obj_is_prior { (obj, o) } else { (o, obj) };
            let diffs = attr_diffs(prior, new, mapping, canon);
            let distance = diffs.iter().map(value_distance).sum();
            let structure = evidence(&prior.addr, &new.addr, module_pairs);
            let name_distance =
                1.0 - strsim::jaro_winkler(&obj.addr.to_string(), &o.addr.to_string());
            (
                (distance, std::cmp::Reverse(structure), name_distance),
                Near {
                    addr: o.addr.clone(),
                    diffs,
                    unpaired_refs: Vec::new(),
                },
            )
        })
        .collect::<Vec<_>>();
    near.sort_by(|a, b| {
        (a.0.0, a.0.1)
            .cmp(&(b.0.0, b.0.1))
            .then(a.0.2.total_cmp(&b.0.2))
            .then(a.1.addr.cmp(&b.1.addr))
    });
    Reason::Differs(near.into_iter().take(NEAREST).map(|(_, n)| n).collect())
}

/// (old module instance, new module instance) pairs that decided pairs
/// already show, borrowed from the mapping.
type ModulePairs<'m> = foldhash::HashSet<(&'m ModuleInstance, &'m ModuleInstance)>;

fn module_pairs_of(mapping: &Mapping) -> ModulePairs<'_> {
    mapping
        .iter()
        .map(|(new, old)| (&old.module, &new.module))
        .collect()
}

/// Whether the prior object `d` and the new `c` sit at the same place:
/// in module instances that pair, at the same relative place under their
/// module paths, inside a kept instance, or in the very same non-root
/// module instance.
fn same_place(
    d: &AbsResourceInstance,
    c: &AbsResourceInstance,
    module_pairs: &ModulePairs,
) -> bool {
    module_pairs.contains(&(&d.module, &c.module))
        || same_relative_place(d, c)
        || within_kept_instance(d, c)
        || (d.module == c.module && !d.module.is_root())
}

/// How much structure two objects share: the same place (`same_place`),
/// the same instance key, the same resource name.
fn evidence(d: &AbsResourceInstance, c: &AbsResourceInstance, module_pairs: &ModulePairs) -> u32 {
    u32::from(same_place(d, c, module_pairs))
        + u32::from(d.resource.key == c.resource.key)
        + u32::from(d.resource.resource.name == c.resource.resource.name)
}

/// Beyond this many (prior, new) comparisons of one type, name and key,
/// no update is decided among them: structure would not single one out.
const UPDATE_BUCKET_LIMIT: usize = 1 << 20;

/// Pairs that structure decides although configured values differ, for
/// `--allow-update`: the only unpaired objects of their type on both
/// sides, objects of the same name and key at the same place
/// (`same_place`), unique both ways, or objects whose key became their
/// module call's key (`lifted_keys`). Left out: data sources (never
/// moved), differences in arguments that force a replacement for the
/// types minimod knows (`triggers_replace`), and differences that are only
/// references to objects not paired yet (those may still pair, and then
/// the reference is equal).
fn update_choices(
    destroys: &[Object],
    creates: &[Object],
    taken: &[bool],
    done: &[bool],
    mapping: &Mapping,
    canon: &Canon,
) -> Vec<(usize, usize, Vec<AttrDiff>)> {
    let module_pairs = module_pairs_of(mapping);
    let open_d = unpaired(destroys, taken);
    let open_c = unpaired(creates, done);
    let unpaired_addrs: BTreeSet<&AbsResourceInstance> = open_d
        .values()
        .flatten()
        .map(|&i| &destroys[i].addr)
        .chain(open_c.values().flatten().map(|&j| &creates[j].addr))
        .collect();
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    for (kind, cs) in &open_c {
        if kind.0 == crate::addrs::ResourceMode::Data {
            continue;
        }
        let Some(ds) = open_d.get(kind) else {
            continue;
        };
        if let ([j], [i]) = (cs.as_slice(), ds.as_slice()) {
            chosen.push((*i, *j));
            continue;
        }
        // Same name and key, then the place decides.
        // The destroys and the creates of one name and key.
        type Bucket = (Vec<usize>, Vec<usize>);
        let mut buckets: HashMap<(&str, &crate::addrs::InstanceKey), Bucket> = HashMap::new();
        for &i in ds {
            let r = &destroys[i].addr.resource;
            buckets
                .entry((&*r.resource.name, &r.key))
                .or_default()
                .0
                .push(i);
        }
        for &j in cs {
            let r = &creates[j].addr.resource;
            if let Some(b) = buckets.get_mut(&(&*r.resource.name, &r.key)) {
                b.1.push(j);
            }
        }
        for (bd, bc) in buckets.values() {
            if bd.is_empty() || bc.is_empty() || bd.len() * bc.len() > UPDATE_BUCKET_LIMIT {
                continue;
            }
            let placed =
                |i: usize, j: usize| same_place(&destroys[i].addr, &creates[j].addr, &module_pairs);
            for &j in bc {
                let [i] = bd
                    .iter()
                    .copied()
                    .filter(|&i| placed(i, j))
                    .collect::<Vec<_>>()[..]
                else {
                    continue;
                };
                if bc.iter().filter(|&&k| placed(i, k)).count() == 1 {
                    chosen.push((i, j));
                }
            }
        }
        chosen.extend(lifted_keys(destroys, creates, ds, cs, &chosen));
    }
    // Each choice with the unpaired objects its differences refer to.
    let mut found = Vec::new();
    for (i, j) in chosen {
        let diffs = attr_diffs(&destroys[i], &creates[j], mapping, canon);
        // Equal values that stayed unpaired are identical candidates:
        // ambiguity is not for this rule to settle.
        if diffs.is_empty() {
            continue;
        }
        let names: Vec<String> = diffs.iter().map(|d| d.name.clone()).collect();
        let type_name = &creates[j].addr.resource.resource.type_name;
        if !crate::providers::schema::replace_paths(type_name, &names).is_empty() {
            continue;
        }
        let pending: BTreeSet<AbsResourceInstance> = diffs
            .iter()
            .flat_map(|d| d.prior.iter().chain(&d.new))
            .flat_map(referenced_objects)
            .filter(|r| unpaired_addrs.contains(r))
            .collect();
        found.push((i, j, diffs, pending));
    }
    // A difference that is only a reference to an object not paired yet
    // may vanish once that object pairs: decide the others first, and
    // those waiting on one of this round's choices never in this round.
    let clean: Vec<_> = found.iter().filter(|f| f.3.is_empty()).cloned().collect();
    let chosen_now: Vec<_> = match clean.is_empty() {
        false => clean,
        true => {
            let choices: BTreeSet<&AbsResourceInstance> = found
                .iter()
                .flat_map(|(i, j, _, _)| [&destroys[*i].addr, &creates[*j].addr])
                .collect();
            found
                .iter()
                .filter(|f| !f.3.iter().any(|r| choices.contains(r)))
                .cloned()
                .collect()
        }
    };
    chosen_now
        .into_iter()
        .map(|(i, j, diffs, _)| (i, j, diffs))
        .collect()
}

/// Pairs whose instance key became their module call's key, one level
/// down: `r.a["K"]` to `module.m["K"].r.b` in the same module instance, as
/// when a `for_each` resource moves into a `for_each` call holding one
/// resource of its type. Each key must single out one object on both
/// sides; objects `chosen` already are left out.
fn lifted_keys(
    destroys: &[Object],
    creates: &[Object],
    ds: &[usize],
    cs: &[usize],
    chosen: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    use crate::addrs::InstanceKey;
    type Place = (ModuleInstance, InstanceKey);
    let mut buckets: HashMap<Place, (Vec<usize>, Vec<usize>)> = HashMap::new();
    for &i in ds {
        let a = &destroys[i].addr;
        if a.resource.key != InstanceKey::NoKey && !chosen.iter().any(|c| c.0 == i) {
            let place = (a.module.clone(), a.resource.key.clone());
            buckets.entry(place).or_default().0.push(i);
        }
    }
    for &j in cs {
        let a = &creates[j].addr;
        let (Some(step), Some(parent)) = (a.module.steps().last(), a.module.parent()) else {
            continue;
        };
        if a.resource.key == InstanceKey::NoKey
            && step.key != InstanceKey::NoKey
            && !chosen.iter().any(|c| c.1 == j)
            && let Some(b) = buckets.get_mut(&(parent, step.key.clone()))
        {
            b.1.push(j);
        }
    }
    let mut out: Vec<(usize, usize)> = buckets
        .into_values()
        .filter_map(|b| match (&b.0[..], &b.1[..]) {
            ([i], [j]) => Some((*i, *j)),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

/// The objects a value's unknowns come from (`aws_kms_key.this[0]` for
/// `aws_kms_key.this[0].key_id`, through templates and function calls).
fn referenced_objects(v: &Value) -> Vec<AbsResourceInstance> {
    let mut out: Vec<AbsResourceInstance> = Vec::new();
    for (a, _) in referenced_attrs(v) {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// The references of a value's unknowns: (object, attribute), through
/// templates and function calls.
fn referenced_attrs(v: &Value) -> Vec<(AbsResourceInstance, String)> {
    fn walk(v: &Value, out: &mut Vec<(AbsResourceInstance, String)>) {
        match v.unmark().0 {
            Value::Unknown(_, Some(o)) => match o.source() {
                Source::Attr { object, attr } => {
                    if let Ok(a) = AbsResourceInstance::parse(object) {
                        let r = (a, attr.clone());
                        if !out.contains(&r) {
                            out.push(r);
                        }
                    }
                }
                Source::Derived { args, .. } => args.iter().for_each(|a| walk(a, out)),
            },
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().for_each(|i| walk(i, out))
            }
            Value::Map(_, m) | Value::Object(m) => m.values().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, &mut out);
    out
}

/// An object that is the same object on both sides (same address, or
/// paired), as its configuration evaluates in the old code and in the new.
#[derive(Clone, Debug)]
pub(crate) struct Dependent {
    /// Its address in the old configuration.
    pub old_addr: AbsResourceInstance,
    pub new_addr: AbsResourceInstance,
    pub old: Value,
    pub new: Value,
}

/// What the dependents decided: the pairs to pin, and for every class of
/// identical objects they spoke of but did not decide, their evidence.
#[derive(Clone, Debug, Default)]
pub(crate) struct Dependents {
    pub pins: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    undecided: Vec<(BTreeSet<(Side, AbsResourceInstance)>, Evidence)>,
}

impl Dependents {
    /// Names the evidence in the reason of every object left ambiguous
    /// that belongs to a class the dependents spoke of.
    pub(crate) fn name_evidence(&self, unmatched: &mut [Unmatched]) {
        for u in unmatched {
            let key = (u.side, u.addr.clone());
            if let Reason::Ambiguous(_, evidence) = &mut u.reason
                && let Some((_, e)) = self.undecided.iter().find(|(c, _)| c.contains(&key))
            {
                *evidence = e.clone();
            }
        }
    }
}

/// What a dependent's references say about identical objects that stayed
/// ambiguous (tfautomv's dependency analysis). `dependents` are objects
/// that are the same object on both sides: their configured value in the
/// old configuration (unknowns named by old configuration addresses,
/// `old_to_prior` takes them to prior addresses) and in the new. Where one
/// refers, at the same attribute path, to the attribute of exactly one
/// ambiguous prior object X and the other to the same attribute of exactly
/// one ambiguous new object Y that is X's candidate, that is evidence
/// X -> Y. Only decisive evidence decides: a class of identical objects
/// gets its pairs only when the evidence is a bijection over the whole
/// class (no conflict, no member left out); otherwise the evidence is kept
/// to be named in the class's reasons.
pub(crate) fn dependents_evidence(
    unmatched: &[Unmatched],
    dependents: &[Dependent],
    old_to_prior: &dyn Fn(&AbsResourceInstance) -> AbsResourceInstance,
) -> Dependents {
    let cands = ambiguous_candidates(unmatched);
    if cands.is_empty() {
        return Dependents::default();
    }
    let said = statements(&cands, dependents, old_to_prior);
    let mut out = Dependents::default();
    for class in classes(&cands) {
        let in_class: Vec<&Said> = said
            .iter()
            .filter(|s| class.contains(&(Side::Destroy, s.prior.clone())))
            .collect();
        if in_class.is_empty() {
            continue;
        }
        // Each member's distinct partners: exactly one each decides.
        let mut partners: BTreeMap<&(Side, AbsResourceInstance), BTreeSet<&AbsResourceInstance>> =
            class.iter().map(|m| (m, BTreeSet::new())).collect();
        for s in &in_class {
            if let Some(p) = partners.get_mut(&(Side::Destroy, s.prior.clone())) {
                p.insert(&s.new);
            }
            if let Some(p) = partners.get_mut(&(Side::Create, s.new.clone())) {
                p.insert(&s.prior);
            }
        }
        let with = |pred: &dyn Fn(usize) -> bool| -> Vec<(Side, AbsResourceInstance)> {
            partners
                .iter()
                .filter(|(_, p)| pred(p.len()))
                .map(|(m, _)| (*m).clone())
                .collect()
        };
        let evidence = Evidence {
            said: in_class.iter().map(|s| (*s).clone()).collect(),
            conflicts: with(&|n| n > 1),
            uncovered: with(&|n| n == 0),
        };
        if evidence.conflicts.is_empty() && evidence.uncovered.is_empty() {
            let decided: BTreeSet<(AbsResourceInstance, AbsResourceInstance)> = in_class
                .iter()
                .map(|s| (s.prior.clone(), s.new.clone()))
                .collect();
            out.pins.extend(decided);
        } else {
            out.undecided.push((class, evidence));
        }
    }
    out.pins.sort();
    out
}

/// (prior, new) candidate pairs among the objects left ambiguous, from
/// their reasons.
fn ambiguous_candidates(
    unmatched: &[Unmatched],
) -> BTreeSet<(AbsResourceInstance, AbsResourceInstance)> {
    let mut cands = BTreeSet::new();
    for u in unmatched {
        if let Reason::Ambiguous(others, _) = &u.reason {
            for o in others {
                cands.insert(match u.side {
                    Side::Destroy => (u.addr.clone(), o.clone()),
                    Side::Create => (o.clone(), u.addr.clone()),
                });
            }
        }
    }
    cands
}

/// Every object left ambiguous, as (side, address), with the number of its
/// class of identical objects: what a reference to a twin is compared as
/// while the twins are undecided (`pairs_modulo_twins`).
pub(crate) fn twin_classes(
    unmatched: &[Unmatched],
) -> BTreeMap<(Side, AbsResourceInstance), usize> {
    classes(&ambiguous_candidates(unmatched))
        .into_iter()
        .enumerate()
        .flat_map(|(k, class)| class.into_iter().map(move |m| (m, k)))
        .collect()
}

/// Pairs of a prior and a new object, each the other's only candidate,
/// when every reference to an identical object left ambiguous counts as
/// its class (the values already rewritten so: `twin_classes`). A
/// dependent renamed along with the twins it refers to pairs with nothing
/// while they are undecided; so compared, it has one candidate, and its
/// references then say which twin became which. Evidence only: the pair
/// itself is decided later, by the pairing, once the twins are.
pub(crate) fn pairs_modulo_twins(priors: &[Object], news: &[Object]) -> Vec<(usize, usize)> {
    fn sig(o: &Object) -> (Kind<'_>, String) {
        (kind(&o.addr.resource.resource), signature(o))
    }
    let mut by_sig: HashMap<(Kind, String), (Vec<usize>, Vec<usize>)> = HashMap::new();
    for (i, o) in priors.iter().enumerate() {
        by_sig.entry(sig(o)).or_default().0.push(i);
    }
    for (j, o) in news.iter().enumerate() {
        if let Some(e) = by_sig.get_mut(&sig(o)) {
            e.1.push(j);
        }
    }
    let mut out: Vec<(usize, usize)> = by_sig
        .into_values()
        .filter_map(|(is, js)| match (is.as_slice(), js.as_slice()) {
            ([i], [j]) => Some((*i, *j)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Every (dependent, path, prior, new) the dependents' references say,
/// between candidates of `cands`, in order.
fn statements(
    cands: &BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
    dependents: &[Dependent],
    old_to_prior: &dyn Fn(&AbsResourceInstance) -> AbsResourceInstance,
) -> Vec<Said> {
    let priors: BTreeSet<&AbsResourceInstance> = cands.iter().map(|(p, _)| p).collect();
    let news: BTreeSet<&AbsResourceInstance> = cands.iter().map(|(_, n)| n).collect();
    fn walk(old: &Value, new: &Value, path: &str, seen: &mut dyn FnMut(&str, &Value, &Value)) {
        let at = |step: &str| match path.is_empty() {
            true => step.to_string(),
            false => format!("{path}.{step}"),
        };
        match (old.unmark().0, new.unmark().0) {
            (Value::Object(a), Value::Object(b)) | (Value::Map(_, a), Value::Map(_, b)) => {
                for (k, v) in a {
                    if let Some(w) = b.get(k) {
                        walk(v, w, &at(k), seen);
                    }
                }
            }
            (Value::List(_, a), Value::List(_, b)) | (Value::Tuple(a), Value::Tuple(b)) => a
                .iter()
                .zip(b)
                .enumerate()
                .for_each(|(i, (v, w))| walk(v, w, &format!("{path}[{i}]"), seen)),
            (Value::Unknown(..), Value::Unknown(..)) => seen(path, old, new),
            _ => {}
        }
    }
    let mut said: BTreeSet<Said> = BTreeSet::new();
    for d in dependents {
        walk(&d.old, &d.new, "", &mut |path, o, n| {
            let from: Vec<(AbsResourceInstance, String)> = referenced_attrs(o)
                .into_iter()
                .map(|(a, attr)| (old_to_prior(&a), attr))
                .filter(|(a, _)| priors.contains(a))
                .collect();
            let to: Vec<(AbsResourceInstance, String)> = referenced_attrs(n)
                .into_iter()
                .filter(|(a, _)| news.contains(a))
                .collect();
            if let ([(x, xa)], [(y, ya)]) = (from.as_slice(), to.as_slice())
                && xa == ya
                && cands.contains(&(x.clone(), y.clone()))
            {
                said.insert(Said {
                    dependent: d.new_addr.clone(),
                    was: (d.old_addr != d.new_addr).then(|| d.old_addr.clone()),
                    path: path.to_string(),
                    prior: x.clone(),
                    new: y.clone(),
                });
            }
        });
    }
    said.into_iter().collect()
}

/// Classes of identical objects: the members connected through their
/// candidates, each as (side, address).
fn classes(
    cands: &BTreeSet<(AbsResourceInstance, AbsResourceInstance)>,
) -> Vec<BTreeSet<(Side, AbsResourceInstance)>> {
    let mut class: BTreeMap<(Side, &AbsResourceInstance), usize> = BTreeMap::new();
    for (n, (p, c)) in cands.iter().enumerate() {
        let (a, b) = (
            class.get(&(Side::Destroy, p)).copied(),
            class.get(&(Side::Create, c)).copied(),
        );
        let id = a.or(b).unwrap_or(n);
        if let (Some(a), Some(b)) = (a, b)
            && a != b
        {
            class.values_mut().filter(|v| **v == b).for_each(|v| *v = a);
        }
        class.insert((Side::Destroy, p), id);
        class.insert((Side::Create, c), id);
    }
    let mut by_id: BTreeMap<usize, BTreeSet<(Side, AbsResourceInstance)>> = BTreeMap::new();
    for ((side, addr), id) in class {
        by_id.entry(id).or_default().insert((side, addr.clone()));
    }
    by_id.into_values().collect()
}

/// Marks the closest candidate of each unmatched object whose every
/// difference is a reference to an object that did not pair: it is left
/// unmatched only because of that object.
fn note_unpaired_refs(unmatched: &mut [Unmatched]) {
    // (is a prior object, address)
    let open: BTreeSet<(bool, AbsResourceInstance)> = unmatched
        .iter()
        .map(|u| (u.side == Side::Destroy, u.addr.clone()))
        .collect();
    for u in unmatched.iter_mut() {
        let holder_of_prior_value;
        let holder_of_new_value;
        let Reason::Differs(near) = &mut u.reason else {
            continue;
        };
        let Some(first) = near.first_mut() else {
            continue;
        };
        match u.side {
            Side::Destroy => {
                holder_of_prior_value = u.addr.clone();
                holder_of_new_value = first.addr.clone();
            }
            Side::Create => {
                holder_of_prior_value = first.addr.clone();
                holder_of_new_value = u.addr.clone();
            }
        }
        let mut refs = Vec::new();
        let mut all = !first.diffs.is_empty();
        for d in &first.diffs {
            let mut found = false;
            let sides = [
                (&d.prior, Side::Destroy, &holder_of_prior_value),
                (&d.new, Side::Create, &holder_of_new_value),
            ];
            for (value, side, holder) in sides {
                for r in value.iter().flat_map(referenced_objects) {
                    if open.contains(&(side == Side::Destroy, r.clone())) {
                        found = true;
                        let entry = (holder.clone(), r);
                        if !refs.contains(&entry) {
                            refs.push(entry);
                        }
                    }
                }
            }
            all &= found;
        }
        if all {
            first.unpaired_refs = refs;
        }
    }
}

/// How many values differ, counted down to the leaves of objects, maps
/// and lists of equal length: `{size = 10, engine = "pg"}` against
/// `{size = 20, engine = "pg"}` is 1, against `{size = 1, engine = "my"}` 2.
fn value_distance(d: &AttrDiff) -> usize {
    match (&d.prior, &d.new) {
        (Some(a), Some(b)) => leaf_distance(a, b),
        (Some(v), None) | (None, Some(v)) => leaves(v).max(1),
        (None, None) => 0,
    }
}

fn leaf_distance(a: &Value, b: &Value) -> usize {
    if canonical(a) == canonical(b) {
        return 0;
    }
    let (a, b) = (a.unmark().0, b.unmark().0);
    match (a, b) {
        (Value::Map(_, x) | Value::Object(x), Value::Map(_, y) | Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            let d: usize = keys
                .into_iter()
                .map(|k| match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => leaf_distance(p, q),
                    (Some(v), None) | (None, Some(v)) => leaves(v),
                    (None, None) => 0,
                })
                .sum();
            d.max(1)
        }
        (Value::List(_, x) | Value::Tuple(x), Value::List(_, y) | Value::Tuple(y))
            if x.len() == y.len() =>
        {
            x.iter()
                .zip(y)
                .map(|(p, q)| leaf_distance(p, q))
                .sum::<usize>()
                .max(1)
        }
        _ => leaves(a).max(leaves(b)).max(1),
    }
}

/// The primitive values (and unknowns) a value holds.
fn leaves(v: &Value) -> usize {
    match v.unmark().0 {
        Value::Null(_) => 0,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().map(leaves).sum()
        }
        Value::Map(_, m) | Value::Object(m) => m.values().map(leaves).sum(),
        _ => 1,
    }
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

/// The compared values as one string: equal strings mean the objects
/// pair. Names are part of it, so an argument set on one side only is a
/// difference.
fn signature(o: &Object) -> String {
    let mut out = String::new();
    write_signature(o, &mut out);
    out
}

/// [`signature`], appended to `out`.
fn write_signature(o: &Object, out: &mut String) {
    write_signature_with(o, out, |_, v, out| write_canonical(v, out))
}

/// [`write_signature`], each set name's value written by `write`.
fn write_signature_with(
    o: &Object,
    out: &mut String,
    mut write: impl FnMut(&str, &Value, &mut String),
) {
    for (i, (name, v)) in o.values.iter().enumerate() {
        if o.set.contains(i) {
            out.push_str(name);
            out.push('=');
            write(name, v, out);
            out.push('\u{1f}');
        }
    }
}

/// A loose canonical text of a value, matching what a provider would store:
/// lists and tuples alike, maps and objects alike, a number and its decimal
/// string alike, null and an empty collection alike, set order ignored,
/// null (or empty) entries of a map dropped, as unset attributes of a
/// block. Sensitive values compare by value.
pub(crate) fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out);
    out
}

/// [`canonical`], appended to `out`: one buffer for a whole object rather
/// than a string per value.
fn write_canonical(v: &Value, out: &mut String) {
    use std::fmt::Write;
    let (v, _) = v.unmark();
    // Writing to a String cannot fail.
    match v {
        Value::Null(_) => out.push_str("null"),
        // An unknown compares by where it comes from: the same attribute of
        // the same (paired) object, or the same operation over such.
        Value::Unknown(_, Some(o)) => {
            out.push('?');
            write_origin(o, out);
        }
        Value::Unknown(_, None) => out.push('?'),
        Value::Bool(b) => out.push_str(if *b { "ptrue" } else { "pfalse" }),
        Value::Number(n) => {
            let _ = write!(out, "p{n}");
        }
        Value::String(s) => {
            out.push('p');
            out.push_str(s);
        }
        Value::List(_, items) | Value::Tuple(items) if items.is_empty() => out.push_str("null"),
        Value::Set(_, items) if items.is_empty() => out.push_str("null"),
        Value::Map(_, m) | Value::Object(m) if m.values().all(Value::is_null) => {
            out.push_str("null")
        }
        Value::List(_, items) | Value::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Set(_, items) => {
            let mut parts: Vec<String> = items.iter().map(canonical).collect();
            parts.sort();
            let _ = write!(out, "[{}]", parts.join(","));
        }
        Value::Map(_, m) | Value::Object(m) => {
            let start = out.len();
            out.push('{');
            let mut any = false;
            for (k, v) in m.iter() {
                let entry = out.len();
                if any {
                    out.push(',');
                }
                write_key(k, out);
                let value = out.len();
                write_canonical(v, out);
                // Null (or empty) entries are dropped.
                if &out[value..] == "null" {
                    out.truncate(entry);
                } else {
                    any = true;
                }
            }
            if any {
                out.push('}');
            } else {
                out.truncate(start);
                out.push_str("null");
            }
        }
        Value::Sensitive(inner) => write_canonical(inner, out),
    }
}

/// A key as `{k:?}:` writes it. Debug-quoting changes no printable ASCII
/// character but a quote or a backslash: such a key (nearly every one) is
/// copied whole rather than formatted character by character.
fn write_key(k: &str, out: &mut String) {
    let plain = |b: u8| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\';
    if k.bytes().all(plain) {
        out.push('"');
        out.push_str(k);
        out.push_str("\":");
    } else {
        use std::fmt::Write;
        let _ = write!(out, "{k:?}:");
    }
}

fn write_origin(o: &Origin, out: &mut String) {
    use std::fmt::Write;
    match o.source() {
        Source::Attr { object, attr } => {
            let _ = write!(out, "{object}.{attr}");
        }
        Source::Derived { op, args } => {
            let _ = write!(out, "{op:?}(");
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(a, out);
            }
            out.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(addr: &str, attrs: &[(&str, Value)]) -> Object {
        Object::all_set(
            AbsResourceInstance::parse(addr).unwrap(),
            (attrs.iter())
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn run(destroys: &[Object], creates: &[Object]) -> Pairing {
        pair(destroys, creates, &|v, _| v.clone())
    }

    fn pairs(p: &Pairing) -> Vec<(String, String)> {
        p.pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

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

    fn object(attrs: &[(&str, Value)]) -> Value {
        Value::Object(
            attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
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

    #[test]
    fn unique_equal_objects_pair_and_a_changed_one_does_not() {
        let p = run(
            &[
                obj("aws_s3_bucket.a", &[("bucket", s("logs"))]),
                obj("aws_s3_bucket.b", &[("bucket", s("data"))]),
            ],
            &[
                obj("module.s3.aws_s3_bucket.this", &[("bucket", s("logs"))]),
                obj("aws_s3_bucket.c", &[("bucket", s("data2"))]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [(
                "aws_s3_bucket.a".into(),
                "module.s3.aws_s3_bucket.this".into()
            )]
        );
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        assert_eq!(near[0].diffs[0].name, "bucket");
    }

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

    #[test]
    fn identical_candidates_stay_ambiguous_without_structure() {
        let p = run(
            &[
                obj("null_resource.a[0]", &[]),
                obj("null_resource.a[1]", &[]),
            ],
            &[
                obj("null_resource.b[\"x\"]", &[]),
                obj("null_resource.b[\"y\"]", &[]),
            ],
        );
        assert!(p.pairs.is_empty());
        assert!(
            p.unmatched
                .iter()
                .all(|u| matches!(u.reason, Reason::Ambiguous(..)))
        );
    }

    fn twins() -> (Vec<Object>, Vec<Object>) {
        (
            vec![
                obj("null_resource.a[0]", &[]),
                obj("null_resource.a[1]", &[]),
            ],
            vec![
                obj("null_resource.b[\"x\"]", &[]),
                obj("null_resource.b[\"y\"]", &[]),
            ],
        )
    }

    /// A dependent's configured value: `{ of = OBJECT.id }` at `attr`.
    fn refers(attr: &str, object: &str) -> Value {
        use crate::lang::value::Type;
        let id = Value::Unknown(Type::Dynamic, Some(Origin::attr(object, "id")));
        object_of(&[(attr, object_of(&[("of", id)]))])
    }

    fn object_of(attrs: &[(&str, Value)]) -> Value {
        object(attrs)
    }

    /// The dependents' verdict on the twins: `null_resource.dep[N]` is
    /// the Nth (old, new) value, at the same address on both sides.
    fn verdict(dependents: &[(Value, Value)]) -> (Pairing, Dependents) {
        let (d, c) = twins();
        let p = run(&d, &c);
        let deps: Vec<Dependent> = dependents
            .iter()
            .enumerate()
            .map(|(n, (old, new))| {
                let addr = AbsResourceInstance::parse(&format!("null_resource.dep[{n}]")).unwrap();
                Dependent {
                    old_addr: addr.clone(),
                    new_addr: addr,
                    old: old.clone(),
                    new: new.clone(),
                }
            })
            .collect();
        let found = dependents_evidence(&p.unmatched, &deps, &|a| a.clone());
        (p, found)
    }

    fn evidence(dependents: &[(Value, Value)]) -> Vec<(String, String)> {
        verdict(dependents)
            .1
            .pins
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    /// The evidence named in the reason of `addr`: (statements as
    /// "dependent path: prior -> new", conflicting members, uncovered
    /// members).
    fn named(dependents: &[(Value, Value)], addr: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
        let (mut p, found) = verdict(dependents);
        found.name_evidence(&mut p.unmatched);
        let u = p
            .unmatched
            .iter()
            .find(|u| u.addr.to_string() == addr)
            .unwrap();
        let Reason::Ambiguous(_, e) = &u.reason else {
            panic!("{u:?}")
        };
        let members =
            |m: &[(Side, AbsResourceInstance)]| m.iter().map(|(_, a)| a.to_string()).collect();
        (
            e.said
                .iter()
                .map(|s| format!("{} {}: {} -> {}", s.dependent, s.path, s.prior, s.new))
                .collect(),
            members(&e.conflicts),
            members(&e.uncovered),
        )
    }

    /// Undecided evidence is named in every reason of its class: who said
    /// what, and whether it conflicts or covers only part of the class.
    #[test]
    fn undecided_evidence_is_named_in_the_reasons() {
        let conflict = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        let (said, conflicts, uncovered) = named(&conflict, "null_resource.a[1]");
        assert_eq!(
            said,
            [
                "null_resource.dep[0] input.of: null_resource.a[0] -> null_resource.b[\"x\"]",
                "null_resource.dep[1] input.of: null_resource.a[1] -> null_resource.b[\"x\"]",
            ]
        );
        assert_eq!(conflicts, ["null_resource.b[\"x\"]"]);
        assert_eq!(uncovered, ["null_resource.b[\"y\"]"]);
        let partial = [(
            refers("input", "null_resource.a[0]"),
            refers("input", "null_resource.b[\"x\"]"),
        )];
        let (said, conflicts, uncovered) = named(&partial, "null_resource.b[\"y\"]");
        assert_eq!(said.len(), 1);
        assert!(conflicts.is_empty());
        assert_eq!(uncovered, ["null_resource.a[1]", "null_resource.b[\"y\"]"]);
        // Nothing refers to them: no evidence to name.
        let (said, _, _) = named(&[], "null_resource.a[0]");
        assert!(said.is_empty());
    }

    /// tfautomv's dependency analysis: dependents that are the same object
    /// on both sides say which identical object became which, and the
    /// pinned pairs then pair.
    #[test]
    fn identical_candidates_told_apart_by_their_dependents() {
        let deps = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"y\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        let want = vec![
            (
                "null_resource.a[0]".to_string(),
                "null_resource.b[\"y\"]".to_string(),
            ),
            (
                "null_resource.a[1]".to_string(),
                "null_resource.b[\"x\"]".to_string(),
            ),
        ];
        assert_eq!(evidence(&deps), want);
        let (d, c) = twins();
        let pinned: Vec<_> = want
            .iter()
            .map(|(a, b)| {
                (
                    AbsResourceInstance::parse(a).unwrap(),
                    AbsResourceInstance::parse(b).unwrap(),
                )
            })
            .collect();
        let opts = Options {
            allow_update: false,
            pinned: &pinned,
            threads: true,
            signed: None,
        };
        let p = pair_with(&d, &c, &|v, _| v.clone(), &|_, _, v| v, opts);
        assert_eq!(pairs(&p), want);
        assert!(p.unmatched.is_empty());
    }

    /// A reference to a twin counts as its class: `{ of = <class 0>.id }`.
    fn refers_to_class(sep: &str, class: usize) -> Value {
        use crate::lang::value::Type;
        let id = Value::Unknown(
            Type::Dynamic,
            Some(Origin::attr(format!("twins#{class}"), "id")),
        );
        object_of(&[("separator", s(sep)), ("of", id)])
    }

    /// Renamed dependents of twins: modulo which twin they refer to, each
    /// has one candidate; two alike on one side give no pair; another type
    /// never pairs.
    #[test]
    fn renamed_dependents_pair_modulo_twins_only_when_unique() {
        let pet = |addr: &str, sep: &str| obj(addr, &[("input", refers_to_class(sep, 0))]);
        let priors = [
            pet("null_resource.pet_first", "-"),
            pet("null_resource.pet_second", "+"),
            pet("null_resource.dup_a", "="),
            pet("null_resource.dup_b", "="),
            pet("null_resource.lone", "~"),
        ];
        let news = [
            pet("null_resource.pet_two", "+"),
            pet("null_resource.pet_one", "-"),
            pet("null_resource.dup", "="),
            pet("terraform_data.lone", "~"),
        ];
        let found: Vec<(String, String)> = pairs_modulo_twins(&priors, &news)
            .into_iter()
            .map(|(i, j)| (priors[i].addr.to_string(), news[j].addr.to_string()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "null_resource.pet_first".into(),
                    "null_resource.pet_one".into()
                ),
                (
                    "null_resource.pet_second".into(),
                    "null_resource.pet_two".into()
                ),
            ]
        );
    }

    /// Every member of a class of identical objects, on both sides, gets
    /// the class's number; objects that are not twins get none.
    #[test]
    fn twin_classes_number_both_sides_of_each_class() {
        let (mut d, mut c) = twins();
        d.extend([obj("null_resource.u[0]", &[("v", s("1"))])]);
        d.extend([obj("null_resource.u[1]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.w[\"p\"]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.w[\"q\"]", &[("v", s("1"))])]);
        c.extend([obj("null_resource.other", &[("v", s("2"))])]);
        let classes = twin_classes(&run(&d, &c).unmatched);
        let of = |side: Side, a: &str| classes.get(&(side, AbsResourceInstance::parse(a).unwrap()));
        assert_eq!(classes.len(), 8, "{classes:?}");
        assert_eq!(
            of(Side::Destroy, "null_resource.a[0]"),
            of(Side::Create, "null_resource.b[\"y\"]")
        );
        assert_eq!(
            of(Side::Destroy, "null_resource.u[1]"),
            of(Side::Create, "null_resource.w[\"p\"]")
        );
        assert_ne!(
            of(Side::Destroy, "null_resource.a[0]"),
            of(Side::Destroy, "null_resource.u[0]")
        );
        assert_eq!(of(Side::Create, "null_resource.other"), None);
    }

    /// Only decisive evidence decides: one object said to become two, a
    /// class only partly covered, or references at different attribute
    /// paths leave the twins ambiguous.
    #[test]
    fn conflicting_or_partial_dependents_decide_nothing() {
        let conflict = [
            (
                refers("input", "null_resource.a[0]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("input", "null_resource.b[\"x\"]"),
            ),
        ];
        assert!(evidence(&conflict).is_empty());
        let partial = [(
            refers("input", "null_resource.a[0]"),
            refers("input", "null_resource.b[\"x\"]"),
        )];
        assert!(evidence(&partial).is_empty());
        let elsewhere = [
            (
                refers("input", "null_resource.a[0]"),
                refers("other", "null_resource.b[\"x\"]"),
            ),
            (
                refers("input", "null_resource.a[1]"),
                refers("other", "null_resource.b[\"y\"]"),
            ),
        ];
        assert!(evidence(&elsewhere).is_empty());
    }

    /// Identical objects in several instances of a renamed call, extracted
    /// into a child there with a new key: each follows its siblings
    /// (differential seed 300237).
    #[test]
    fn identical_candidates_follow_their_siblings_into_a_child() {
        let p = run(
            &[
                obj("module.core[\"a\"].x.log", &[("input", s("log"))]),
                obj("module.core[\"b\"].x.log", &[("input", s("log2"))]),
                obj("module.core[\"a\"].x.lb[0]", &[]),
                obj("module.core[\"b\"].x.lb[0]", &[]),
            ],
            &[
                obj("module.iam[\"a\"].x.log", &[("input", s("log"))]),
                obj("module.iam[\"b\"].x.log", &[("input", s("log2"))]),
                obj("module.iam[\"b\"].module.c.x.lb[1]", &[]),
                obj("module.iam[\"a\"].module.c.x.lb[1]", &[]),
            ],
        );
        assert!(
            pairs(&p).contains(&(
                "module.core[\"a\"].x.lb[0]".into(),
                "module.iam[\"a\"].module.c.x.lb[1]".into()
            )),
            "{:?}",
            p.unmatched
        );
        assert_eq!(pairs(&p).len(), 4, "{:?}", p.unmatched);
    }

    /// A call renamed with its keys kept, its twins renamed and re-keyed
    /// in every instance: siblings pair the instances, and inside each
    /// pair every twin has one candidate (differential seed 500371).
    #[test]
    fn identical_candidates_pair_as_the_only_one_inside_an_instance_pair() {
        let p = run(
            &[
                obj("module.svc[0].x.lb", &[]),
                obj("module.svc[1].x.lb", &[]),
                obj("module.svc[0].x.key[\"d\"]", &[("input", s("d"))]),
                obj("module.svc[1].x.key[\"d\"]", &[("input", s("d"))]),
            ],
            &[
                obj("module.iam[0].x.lb", &[]),
                obj("module.iam[1].x.lb", &[]),
                obj("module.iam[1].x.job[0]", &[("input", s("d"))]),
                obj("module.iam[0].x.job[0]", &[("input", s("d"))]),
            ],
        );
        assert_eq!(pairs(&p).len(), 4, "{:?}", p.unmatched);
        assert!(pairs(&p).contains(&(
            "module.svc[1].x.key[\"d\"]".into(),
            "module.iam[1].x.job[0]".into()
        )));
        // Two twins inside each instance pair: still nothing decides.
        let p = run(
            &[
                obj("module.svc[0].x.key[\"d\"]", &[]),
                obj("module.svc[0].x.key[\"e\"]", &[]),
                obj("module.svc[0].x.lb", &[("input", s("lb"))]),
            ],
            &[
                obj("module.iam[0].x.job[0]", &[]),
                obj("module.iam[0].x.job[1]", &[]),
                obj("module.iam[0].x.lb", &[("input", s("lb"))]),
            ],
        );
        assert_eq!(pairs(&p).len(), 1, "{:?}", p.pairs);
    }

    /// A nested call wrapped inside its parent's instance, keys kept: each
    /// twin stays in the instance it was in (differential seed 503046).
    #[test]
    fn identical_candidates_stay_in_a_call_wrapped_inside_an_instance() {
        let p = run(
            &[
                obj("module.data[0].module.core[\"a\"].x.vol[\"a\"]", &[]),
                obj("module.data[0].module.core[\"b\"].x.vol[\"a\"]", &[]),
                obj("module.data[1].module.core[\"a\"].x.vol[\"a\"]", &[]),
            ],
            &[
                obj(
                    "module.data[1].module.w.module.core[\"a\"].x.key[\"a\"]",
                    &[],
                ),
                obj(
                    "module.data[0].module.w.module.core[\"b\"].x.key[\"a\"]",
                    &[],
                ),
                obj(
                    "module.data[0].module.w.module.core[\"a\"].x.key[\"a\"]",
                    &[],
                ),
            ],
        );
        assert_eq!(pairs(&p).len(), 3, "{:?}", p.unmatched);
        assert!(pairs(&p).contains(&(
            "module.data[0].module.core[\"b\"].x.vol[\"a\"]".into(),
            "module.data[0].module.w.module.core[\"b\"].x.key[\"a\"]".into()
        )));
    }

    /// A counted resource of identical objects renamed in the root: each
    /// keeps its key (differential seeds 81, 165, 201).
    #[test]
    fn identical_candidates_pair_by_keys_of_a_root_rename() {
        let p = run(
            &[
                obj("null_resource.lb[0]", &[]),
                obj("null_resource.lb[1]", &[]),
            ],
            &[
                obj("null_resource.db[0]", &[]),
                obj("null_resource.db[1]", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                ("null_resource.lb[0]".into(), "null_resource.db[0]".into()),
                ("null_resource.lb[1]".into(), "null_resource.db[1]".into()),
            ],
            "{:?}",
            p.unmatched
        );
    }

    #[test]
    fn identical_candidates_pair_by_keys_inside_renamed_modules() {
        let p = run(
            &[
                obj("module.web[\"a\"].x.page[0]", &[]),
                obj("module.web[\"b\"].x.page[0]", &[]),
            ],
            &[
                obj("module.site[\"a\"].x.page[0]", &[]),
                obj("module.site[\"b\"].x.page[0]", &[]),
            ],
        );
        assert_eq!(pairs(&p).len(), 2, "{:?}", p.unmatched);
        assert_eq!(
            pairs(&p)[0],
            (
                "module.web[\"a\"].x.page[0]".into(),
                "module.site[\"a\"].x.page[0]".into()
            )
        );
    }

    /// Twins in every instance of a for_each call that is wrapped in a new
    /// module: the keys kept under the wrapper decide.
    #[test]
    fn identical_candidates_pair_by_keys_of_a_wrapped_call() {
        let p = run(
            &[
                obj("module.svc[\"a\"].x.job", &[]),
                obj("module.svc[\"b\"].x.job", &[]),
            ],
            &[
                obj("module.wrap.module.svc[\"a\"].x.job", &[]),
                obj("module.wrap.module.svc[\"b\"].x.job", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.svc[\"a\"].x.job".into(),
                    "module.wrap.module.svc[\"a\"].x.job".into()
                ),
                (
                    "module.svc[\"b\"].x.job".into(),
                    "module.wrap.module.svc[\"b\"].x.job".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// A rename inside a module called twice with identical objects: each
    /// object stays in the module instance it was in.
    #[test]
    fn identical_candidates_stay_in_their_module_instance() {
        let p = run(
            &[
                obj("module.edge.module.data[\"b\"].x.key", &[]),
                obj("module.edge3.module.data[\"b\"].x.key", &[]),
            ],
            &[
                obj("module.edge.module.data[\"b\"].x.job", &[]),
                obj("module.edge3.module.data[\"b\"].x.job", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.edge.module.data[\"b\"].x.key".into(),
                    "module.edge.module.data[\"b\"].x.job".into()
                ),
                (
                    "module.edge3.module.data[\"b\"].x.key".into(),
                    "module.edge3.module.data[\"b\"].x.job".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// Extracted into a child module inside each instance of a for_each
    /// module: the instance the new child sits in decides.
    #[test]
    fn identical_candidates_extracted_inside_their_module_instance() {
        let p = run(
            &[
                obj("module.data[\"blue\"].x.job[0]", &[]),
                obj("module.data[\"green\"].x.job[0]", &[]),
            ],
            &[
                obj("module.data[\"blue\"].module.svc.x.job[0]", &[]),
                obj("module.data[\"green\"].module.svc.x.job[0]", &[]),
            ],
        );
        assert_eq!(pairs(&p).len(), 2, "{:?}", p.unmatched);
        assert_eq!(
            pairs(&p)[0],
            (
                "module.data[\"blue\"].x.job[0]".into(),
                "module.data[\"blue\"].module.svc.x.job[0]".into()
            )
        );
    }

    /// A counted resource of identical objects moved out of a child module
    /// and renamed as a whole: each keeps its key, as one `moved` block
    /// between the two resources says (differential seeds 400008, 400570,
    /// 401230: out of a child, into a child, extracted).
    #[test]
    fn identical_candidates_moved_as_a_whole_resource_keep_their_keys() {
        let p = run(
            &[
                obj("module.svc.null_resource.log[0]", &[]),
                obj("module.svc.null_resource.log[1]", &[]),
            ],
            &[
                obj("null_resource.log_moved[0]", &[]),
                obj("null_resource.log_moved[1]", &[]),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.svc.null_resource.log[0]".into(),
                    "null_resource.log_moved[0]".into()
                ),
                (
                    "module.svc.null_resource.log[1]".into(),
                    "null_resource.log_moved[1]".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// Twins in two instances of a module, each re-keyed (count to
    /// for_each), renamed and extracted into a child: the whole resource
    /// and the module instance it stays inside decide (seed 400198).
    #[test]
    fn identical_candidates_rekeyed_and_extracted_stay_in_their_module_instance() {
        let p = run(
            &[
                obj("module.app[\"api\"].null_resource.lb[0]", &[]),
                obj("module.app[\"prod\"].null_resource.lb[0]", &[]),
            ],
            &[
                obj(
                    "module.app[\"api\"].module.data.null_resource.web[\"b\"]",
                    &[],
                ),
                obj(
                    "module.app[\"prod\"].module.data.null_resource.web[\"b\"]",
                    &[],
                ),
            ],
        );
        assert_eq!(
            pairs(&p),
            [
                (
                    "module.app[\"api\"].null_resource.lb[0]".into(),
                    "module.app[\"api\"].module.data.null_resource.web[\"b\"]".into()
                ),
                (
                    "module.app[\"prod\"].null_resource.lb[0]".into(),
                    "module.app[\"prod\"].module.data.null_resource.web[\"b\"]".into()
                ),
            ],
            "{:?}",
            p.unmatched
        );
    }

    /// Two identical counted resources renamed together: each whole
    /// resource could have become either new one, so nothing decides.
    #[test]
    fn two_whole_resources_of_twins_renamed_stay_ambiguous() {
        let p = run(
            &[
                obj("module.a.null_resource.x[0]", &[]),
                obj("module.b.null_resource.y[0]", &[]),
            ],
            &[
                obj("null_resource.p[0]", &[]),
                obj("null_resource.q[0]", &[]),
            ],
        );
        assert!(pairs(&p).is_empty(), "{:?}", pairs(&p));
    }

    fn allowing(destroys: &[Object], creates: &[Object]) -> Pairing {
        pair_with(
            destroys,
            creates,
            &|v, _| v.clone(),
            &|_, _, v| v,
            Options {
                allow_update: true,
                ..Options::default()
            },
        )
    }

    fn web(key: &str, res: &str, input: &str) -> Object {
        obj(&format!("module.web[{key}].{res}"), &[("input", s(input))])
    }

    /// count -> for_each on a module call while a value inside changes:
    /// the pages pair by value, which pairs the module instances, and the
    /// records then pair by place, name and key (only with consent).
    #[test]
    fn a_changed_object_pairs_by_place_only_with_allow_update() {
        let destroys = [
            web("0", "t.page", "page a"),
            web("1", "t.page", "page b"),
            web("0", "t.record[0]", "a.example.com"),
            web("1", "t.record[0]", "b.example.com"),
        ];
        let creates = [
            web("\"a\"", "t.page", "page a"),
            web("\"b\"", "t.page", "page b"),
            web("\"a\"", "t.record[0]", "a.internal.example.com"),
            web("\"b\"", "t.record[0]", "b.internal.example.com"),
        ];
        let strict = run(&destroys, &creates);
        assert_eq!(strict.pairs.len(), 2);
        assert!(strict.updates.is_empty());
        let p = allowing(&destroys, &creates);
        assert_eq!(p.pairs.len(), 4, "{:?}", p.unmatched);
        assert!(p.unmatched.is_empty());
        let updates: Vec<(String, String, String)> = p
            .updates
            .iter()
            .map(|u| {
                (
                    u.prior.to_string(),
                    u.new.to_string(),
                    u.diffs[0].name.clone(),
                )
            })
            .collect();
        assert_eq!(
            updates,
            [
                (
                    "module.web[0].t.record[0]".into(),
                    "module.web[\"a\"].t.record[0]".into(),
                    "input".into()
                ),
                (
                    "module.web[1].t.record[0]".into(),
                    "module.web[\"b\"].t.record[0]".into(),
                    "input".into()
                ),
            ]
        );
    }

    /// `for_each` resources moved into `for_each` calls of one resource
    /// each while a value changes: each resource key became its call's
    /// key, which pairs them (only with consent); a key two resources
    /// share decides nothing.
    #[test]
    fn a_key_that_became_a_module_key_pairs_with_allow_update() {
        let destroys = [
            obj("t.storages[\"a\"]", &[("input", s("share v1"))]),
            obj("t.components[\"b\"]", &[("input", s("dapr v1"))]),
        ];
        let creates = [
            obj("module.storage[\"a\"].t.this", &[("input", s("share v2"))]),
            obj("module.component[\"b\"].t.this", &[("input", s("dapr v2"))]),
        ];
        assert!(run(&destroys, &creates).pairs.is_empty());
        let p = allowing(&destroys, &creates);
        assert_eq!(
            pairs(&p),
            [
                (
                    "t.components[\"b\"]".to_string(),
                    "module.component[\"b\"].t.this".to_string()
                ),
                (
                    "t.storages[\"a\"]".to_string(),
                    "module.storage[\"a\"].t.this".to_string()
                ),
            ]
        );
        assert_eq!(p.updates.len(), 2);
        let shared = allowing(
            &[
                obj("t.storages[\"a\"]", &[("input", s("share v1"))]),
                obj("t.components[\"a\"]", &[("input", s("dapr v1"))]),
            ],
            &[
                obj("module.storage[\"a\"].t.this", &[("input", s("share v2"))]),
                obj("module.component[\"a\"].t.this", &[("input", s("dapr v2"))]),
            ],
        );
        assert!(shared.pairs.is_empty(), "{:?}", shared.pairs);
    }

    /// Nothing structural: two candidates each way in the root, different
    /// names. No update is guessed.
    #[test]
    fn changed_objects_without_structure_stay_unmatched() {
        let p = allowing(
            &[
                obj("t.a", &[("input", s("1"))]),
                obj("t.b", &[("input", s("2"))]),
            ],
            &[
                obj("t.c", &[("input", s("3"))]),
                obj("t.d", &[("input", s("4"))]),
            ],
        );
        assert!(p.pairs.is_empty());
        assert!(p.updates.is_empty());
    }

    /// The only object of its type on both sides pairs, unless what
    /// differs forces a replacement (terraform_data's triggers_replace).
    #[test]
    fn the_only_object_of_its_type_pairs_unless_the_change_replaces() {
        let p = allowing(
            &[obj("terraform_data.config", &[("input", s("v1"))])],
            &[obj(
                "module.cfg.terraform_data.settings",
                &[("input", s("v2"))],
            )],
        );
        assert_eq!(pairs(&p).len(), 1);
        assert_eq!(p.updates.len(), 1);
        let p = allowing(
            &[obj(
                "terraform_data.config",
                &[("triggers_replace", s("v1"))],
            )],
            &[obj(
                "terraform_data.settings",
                &[("triggers_replace", s("v2"))],
            )],
        );
        assert!(p.pairs.is_empty());
    }

    /// A reference to `object`'s `key_id`, unknown until apply.
    fn key_id(object: &str) -> Value {
        Value::Unknown(
            crate::lang::value::Type::String,
            Some(Origin::attr(object, "key_id")),
        )
    }

    /// The alias differs only by its reference to the key, which pairs as
    /// an update: the alias then pairs as an exact pair, not an update.
    #[test]
    fn a_dependent_follows_an_accepted_update() {
        let destroys = [
            obj("module.kms.k.this[0]", &[("description", s("old"))]),
            obj(
                "module.kms.a.this",
                &[("target", key_id("module.kms.k.this[0]"))],
            ),
        ];
        let creates = [
            obj("module.key.k.this[0]", &[("description", s("new"))]),
            obj(
                "module.key.a.this",
                &[("target", key_id("module.key.k.this[0]"))],
            ),
        ];
        // Follows a new-side reference to the prior object it paired with.
        let canon = |v: &Value, m: &Mapping| {
            crate::lang::unknown::resolve(v, &|object, attr| {
                let at = m.get(&AbsResourceInstance::parse(object).ok()?)?;
                Some(Value::Unknown(
                    crate::lang::value::Type::String,
                    Some(Origin::attr(at.to_string(), attr)),
                ))
            })
        };
        let strict = pair(&destroys, &creates, &canon);
        let alias = strict
            .unmatched
            .iter()
            .find(|u| u.addr.to_string() == "module.key.a.this")
            .unwrap();
        let Reason::Differs(near) = &alias.reason else {
            panic!("{alias:?}")
        };
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        // Each side's alias refers to its side's key, neither of which paired.
        assert_eq!(
            near[0].unpaired_refs,
            [
                (a("module.kms.a.this"), a("module.kms.k.this[0]")),
                (a("module.key.a.this"), a("module.key.k.this[0]")),
            ],
        );
        let p = pair_with(
            &destroys,
            &creates,
            &canon,
            &|_, _, v| v,
            Options {
                allow_update: true,
                ..Options::default()
            },
        );
        assert_eq!(p.pairs.len(), 2, "{:?}", p.unmatched);
        let updated: Vec<String> = p.updates.iter().map(|u| u.new.to_string()).collect();
        assert_eq!(updated, ["module.key.k.this[0]"]);
    }

    /// The closest candidate differs in the fewest values, counted inside
    /// objects: `primary` (size only) before `backup` (everything), though
    /// each differs in the one argument `input`.
    #[test]
    fn the_closest_candidate_differs_in_the_fewest_values() {
        let db = |engine: &str, size: i64, name: &str| {
            object(&[
                ("engine", s(engine)),
                ("size", Value::int(size)),
                ("name", s(name)),
            ])
        };
        let p = run(
            &[obj(
                "terraform_data.db",
                &[("input", db("pg", 20, "orders"))],
            )],
            &[
                obj(
                    "module.database.terraform_data.backup",
                    &[("input", db("s3", 500, "orders-backup"))],
                ),
                obj(
                    "module.database.terraform_data.primary",
                    &[("input", db("pg", 50, "orders"))],
                ),
            ],
        );
        let Reason::Differs(near) = &p.unmatched[0].reason else {
            panic!("{:?}", p.unmatched)
        };
        let order: Vec<String> = near.iter().map(|n| n.addr.to_string()).collect();
        assert_eq!(
            order,
            [
                "module.database.terraform_data.primary",
                "module.database.terraform_data.backup"
            ]
        );
    }

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
        let canon = |v: &Value, m: &Mapping| {
            crate::lang::unknown::resolve(v, &|object, attr| {
                let at = m.get(&AbsResourceInstance::parse(object).ok()?)?;
                Some(Value::Unknown(
                    crate::lang::value::Type::String,
                    Some(Origin::attr(at.to_string(), attr)),
                ))
            })
        };
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

    #[test]
    fn keys_are_written_as_debug_quoting_writes_them() {
        // Canonical texts are fingerprints `check` prints: they must not
        // change with the fast path.
        for k in [
            "name",
            "with space",
            "a\"q",
            "back\\slash",
            "tab\t",
            "nl\n",
            "é",
            "日本",
            "\u{301}x",
            "\u{7f}",
            "",
            "'",
        ] {
            let mut out = String::new();
            write_key(k, &mut out);
            assert_eq!(out, format!("{k:?}:"), "{k}");
        }
    }

    #[test]
    fn signatures_computed_once_pair_as_those_of_each_pairing() {
        let destroys = [
            obj("t.a", &[("input", s("x"))]),
            obj("t.b", &[("input", s("same"))]),
            obj("t.c", &[("input", s("same"))]),
            obj("t.gone", &[("input", s("old"))]),
        ];
        let creates = [
            obj("t.d", &[("input", s("x"))]),
            obj("t.e", &[("input", s("same"))]),
            obj("t.f", &[("input", s("same"))]),
            obj("t.new", &[("input", s("new"))]),
        ];
        let canon = |v: &Value, _: &Mapping| v.clone();
        let keep = |_: &AbsResourceInstance, _: &str, v: Value| v;
        let signed = Signed::new(&destroys, &creates, &canon, &keep, false);
        let a = |s: &str| AbsResourceInstance::parse(s).unwrap();
        let pinned = [(a("t.b"), a("t.f"))];
        for (allow_update, pinned) in [(false, &[][..]), (true, &pinned[..])] {
            let opts = |signed| Options {
                allow_update,
                pinned,
                signed,
                ..Options::default()
            };
            let fresh = pair_with(&destroys, &creates, &canon, &keep, opts(None));
            let reused = pair_with(&destroys, &creates, &canon, &keep, opts(Some(&signed)));
            assert_eq!(fresh.pairs, reused.pairs);
            assert_eq!(fresh.unmatched, reused.unmatched);
            assert_eq!(fresh.updates, reused.updates);
        }
        // Signatures of other objects are not used.
        let other = Signed::new(&destroys[..1], &creates[..1], &canon, &keep, false);
        let opts = Options {
            signed: Some(&other),
            ..Options::default()
        };
        let p = pair_with(&destroys, &creates, &canon, &keep, opts);
        assert_eq!(p.pairs, pair(&destroys, &creates, &canon).pairs);
        assert_eq!(p.pairs.len(), 1, "{:?}", p.unmatched);
    }

    #[test]
    fn different_types_never_pair() {
        let p = run(&[obj("aws_instance.a", &[])], &[obj("aws_eip.a", &[])]);
        assert!(p.pairs.is_empty());
        assert!(
            p.unmatched
                .iter()
                .all(|u| u.reason == Reason::NoCounterpart)
        );
    }

    #[test]
    fn canonical_forms_ignore_collection_kind_and_set_order() {
        use crate::lang::value::Type;
        assert_eq!(
            canonical(&Value::Tuple(vec![s("a")].into())),
            canonical(&Value::List(Type::String, vec![s("a")].into()))
        );
        assert_eq!(canonical(&Value::int(80)), canonical(&s("80")));
        assert_eq!(
            canonical(&Value::set(Type::String, vec![s("b"), s("a")])),
            canonical(&Value::Tuple(vec![s("a"), s("b")].into()))
        );
        assert_ne!(canonical(&s("a")), canonical(&s("b")));
    }

    /// Signatures read back as written, across chunks, with objects left
    /// unsigned, empty signatures, and one longer than a chunk; a chunk
    /// is never reallocated (what chunks are for).
    #[test]
    fn signatures_read_back_as_written() {
        let o = obj("t.a", &[]);
        let want: Vec<Option<String>> = (0..5000usize)
            .map(|i| match i {
                _ if i % 7 == 3 => None,
                _ if i % 11 == 0 => Some(String::new()),
                2500 => Some("y".repeat(Signatures::CHUNK + 10)),
                _ => Some(format!("{i}{}", "x".repeat(i * 37 % 200))),
            })
            .collect();
        let mut next = want.iter();
        let sigs = Signatures::of(std::iter::repeat_n(&o, want.len()), |_, out| {
            let sig = next.next().unwrap();
            out.push_str(sig.as_deref().unwrap_or("declined"));
            sig.is_some()
        });
        assert_eq!(sigs.len(), want.len());
        for (i, w) in want.iter().enumerate() {
            assert_eq!(sigs.get(i), w.as_deref(), "{i}");
            assert_eq!(sigs.is_signed(i), w.is_some());
        }
        assert!(sigs.chunks.len() > 2);
        for c in &sigs.chunks {
            assert_eq!(c.capacity(), c.len().max(Signatures::CHUNK));
        }
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

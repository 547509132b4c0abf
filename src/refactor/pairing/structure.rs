//! Structure among identical candidates: when several objects have equal
//! values, equal keys, the same name and where they sit may still say
//! which became which (`structural_choices`); never a guess.

use std::collections::BTreeMap;

use crate::addrs::{AbsResourceInstance, ModuleInstance, Resource};

use super::Object;
use super::place::{module_distance, same_relative_place, within_kept_instance, wrapped_in_place};
use super::rounds::{Candidates, Decided};

/// When identical candidates tie, structure may still decide: a pair
/// scores for equal instance keys, for the same resource name, for
/// module instances that already pair through decided siblings, and for
/// being each other's only candidate inside such a pair. A pair
/// is taken only when it is the single best for both objects and has at
/// least two kinds of evidence.
pub(super) fn structural_choices<'o>(
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
pub(super) struct Places<'o> {
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

#[cfg(test)]
mod tests {
    use super::super::Reason;
    use super::super::test_support::*;

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
}

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
//!
//! One request, top down (`pair_with`): the pinned pairs are taken, the
//! rounds run (`rounds`: candidates by `signatures` of `canonical` values,
//! ties broken by `structure` and `place`, `updates` with
//! `--allow-update`), and what is left is explained (`unmatched`, with
//! `diffs`). Around a request, `dependents` and `twins` gather the
//! evidence a caller pins for the next one.

mod canonical;
mod dependents;
mod diffs;
mod object;
mod place;
mod references;
mod rounds;
mod signatures;
mod structure;
#[cfg(test)]
mod test_support;
mod twins;
mod unmatched;
mod updates;

use crate::addrs::{AbsResourceInstance, ModuleInstance};
use crate::lang::value::Value;

pub(crate) use canonical::canonical;
pub(crate) use dependents::{Dependent, Dependents, Evidence, dependents_evidence};
pub(crate) use diffs::{AttrDiff, attr_diffs};
pub(crate) use object::Object;
pub(crate) use signatures::Signed;
pub(crate) use twins::{pairs_modulo_twins, twin_classes};
pub(crate) use unmatched::Near;
pub(crate) use updates::Update;

use rounds::{Decided, decide};
use unmatched::{note_unpaired_refs, unmatched_of};

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

#[derive(Clone, Debug, Default)]
pub struct Pairing {
    /// (prior address, new address), in prior address order.
    pub pairs: Vec<(AbsResourceInstance, AbsResourceInstance)>,
    pub unmatched: Vec<Unmatched>,
    /// The pairs among `pairs` whose values differ (`Options::allow_update`),
    /// in prior address order.
    pub updates: Vec<Update>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Unmatched {
    pub addr: AbsResourceInstance,
    pub side: Side,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Destroy,
    Create,
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

/// A mapping from the new configuration's addresses to the prior objects
/// they were paired with.
/// Hashed: references look their object up in it, round after round.
pub(crate) type Mapping = foldhash::HashMap<AbsResourceInstance, AbsResourceInstance>;

/// Rewrites a new-side value under the current mapping (new → prior):
/// unknowns from paired objects follow them to the prior object's
/// attribute or recorded value. A value with no unknown in it is its own
/// rewrite (pairing signs such objects once).
pub(crate) type Canon<'a> = dyn Fn(&Value, &Mapping) -> Value + 'a;

/// A create's value of one argument once `Canon` has followed its
/// references: ignore rules normalise what a reference resolved to as they
/// normalised the configured value (`ignore::Rules::normalise`).
pub(crate) type Normalise<'a> = dyn Fn(&AbsResourceInstance, &str, Value) -> Value + 'a;

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

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

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
    fn different_types_never_pair() {
        let p = run(&[obj("aws_instance.a", &[])], &[obj("aws_eip.a", &[])]);
        assert!(p.pairs.is_empty());
        assert!(
            p.unmatched
                .iter()
                .all(|u| u.reason == Reason::NoCounterpart)
        );
    }
}

//! Signatures: an object's compared values as one string, equal strings
//! meaning the objects pair; and the store that signs a pairing's objects
//! once for every pairing of the same objects.

use crate::lang::value::Value;

use super::canonical::write_canonical;
use super::{Canon, Mapping, Normalise, Object};

/// Every destroy's signature, and every create's that no mapping changes
/// (`fixed_signatures`): the same in every pairing of the same objects
/// with the same rules, so a caller that pairs them again (with pins, with
/// updates allowed, once twins are known) signs them once.
#[derive(Debug)]
pub(crate) struct Signed {
    pub(super) destroys: Signatures,
    pub(super) creates: Signatures,
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
    pub(super) fn fits(&self, destroys: &[Object], creates: &[Object]) -> bool {
        self.destroys.len() == destroys.len() && self.creates.len() == creates.len()
    }
}

/// One signature (or none) per object, end to end in strings of about
/// `CHUNK` bytes: a string of its own per object cost an allocation, those
/// its growth dropped, and its spare capacity; one string for
/// all, grown by doubling, left its earlier copies' memory behind.
#[derive(Debug, Default)]
pub(super) struct Signatures {
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

    pub(super) fn get(&self, i: usize) -> Option<&str> {
        let (chunk, start, end) = self.spans[i]?;
        Some(&self.chunks[chunk as usize][start as usize..end as usize])
    }

    pub(super) fn is_signed(&self, i: usize) -> bool {
        self.spans[i].is_some()
    }
}

/// The compared values as one string: equal strings mean the objects
/// pair. Names are part of it, so an argument set on one side only is a
/// difference.
pub(super) fn signature(o: &Object) -> String {
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

/// A create's signature once its references are followed through
/// `mapping` and its values normalised, appended to `out`.
pub(super) fn write_create_signature(
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

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::{Options, pair, pair_with};
    use super::*;
    use crate::addrs::AbsResourceInstance;

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
}

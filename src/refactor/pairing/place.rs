//! Where two objects sit relative to each other: module instances that
//! pair, instance keys kept under a rename, a wrap or an extraction, and
//! how many module steps apart they are. Evidence for telling identical
//! candidates apart, for updates, and for ranking the closest candidates.

use crate::addrs::{AbsResourceInstance, ModuleInstance};

use super::Mapping;

/// How far apart two module paths are: the fewest steps inserted, removed
/// or changed (a step's name and its key count one each) to turn one into
/// the other. A wrap or an extraction is one step away; moving into another
/// call's instance is at least two.
pub(super) fn module_distance(a: &ModuleInstance, b: &ModuleInstance) -> usize {
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
pub(super) fn same_relative_place(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
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
pub(super) fn wrapped_in_place(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
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
pub(super) fn within_kept_instance(d: &AbsResourceInstance, c: &AbsResourceInstance) -> bool {
    let (dm, cm) = (&d.module.steps(), &c.module.steps());
    let n = dm.len().min(cm.len());
    n > 0 && dm.len() != cm.len() && dm[..n] == cm[..n]
}

/// (old module instance, new module instance) pairs that decided pairs
/// already show, borrowed from the mapping.
pub(super) type ModulePairs<'m> = foldhash::HashSet<(&'m ModuleInstance, &'m ModuleInstance)>;

pub(super) fn module_pairs_of(mapping: &Mapping) -> ModulePairs<'_> {
    mapping
        .iter()
        .map(|(new, old)| (&old.module, &new.module))
        .collect()
}

/// Whether the prior object `d` and the new `c` sit at the same place:
/// in module instances that pair, at the same relative place under their
/// module paths, inside a kept instance, or in the very same non-root
/// module instance.
pub(super) fn same_place(
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
pub(super) fn evidence(
    d: &AbsResourceInstance,
    c: &AbsResourceInstance,
    module_pairs: &ModulePairs,
) -> u32 {
    u32::from(same_place(d, c, module_pairs))
        + u32::from(d.resource.key == c.resource.key)
        + u32::from(d.resource.resource.name == c.resource.resource.name)
}

//! `--shard K/N`: which roots a run checks (`Shard`), and which JSON
//! reports `check --merge` takes as one check: one report for
//! each shard K of N, all of the same revisions and the same roots, each
//! holding exactly the roots its spec assigns it. Each shard's report
//! states its spec and every root of the check, so the assignment is
//! recomputed here (`Shard::holding`): a shard cannot drop a root it
//! holds, report another shard's root in its place, or report a root
//! twice, and a report of other revisions cannot stand in for a shard.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// `--shard K/N`: this run checks a stable 1/N of the roots, chosen by
/// their directory alone, so N runs (a CI matrix) check every root once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not K/N with 1 <= K <= N (for example 2/4)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this shard checks the root in `dir`.
    pub fn holds(&self, dir: &str) -> bool {
        Shard::holding(dir, self.count) == *self
    }

    /// The shard of `count` that checks the root in `dir`: FNV-1a of the
    /// path, a hash that is the same on every machine and toolchain.
    pub fn holding(dir: &str, count: u32) -> Shard {
        let hash = dir.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let count = count.max(1);
        // Below `count`, so it fits.
        let index = (hash % u64::from(count)) as u32 + 1;
        Shard { index, count }
    }
}

/// What one shard's report says of the check it is part of.
struct Claim<'a> {
    name: &'a str,
    shard: Shard,
    /// Every root of the check, as the shard discovered them.
    all: BTreeSet<&'a str>,
    doc: &'a Value,
}

impl std::fmt::Display for Claim<'_> {
    /// "shard K/N (FILE)": how a refusal names a report.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Shard { index, count } = self.shard;
        write!(f, "shard {index}/{count} ({})", self.name)
    }
}

/// Refuses, saying why, a set of reports that is not every shard of one
/// check, each with its own roots.
pub(super) fn verify(docs: &[(String, Value)]) -> Result<(), String> {
    let claims = docs
        .iter()
        .map(|(name, doc)| claim(name, doc))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = claims.first() else {
        return Err("no report to merge".into());
    };
    for c in &claims[1..] {
        same_check(first, c)?;
    }
    let count = first.shard.count;
    let mut given: BTreeMap<u32, &Claim> = BTreeMap::new();
    for c in &claims {
        if let Some(other) = given.insert(c.shard.index, c) {
            return Err(format!(
                "{} and {} are both shard {}/{count}",
                other.name, c.name, c.shard.index
            ));
        }
    }
    if let Some(k) = (1..=count).find(|k| !given.contains_key(k)) {
        // Reports are given for at most as many shards as there are files,
        // so the first missing one is found quickly whatever N says.
        return Err(format!(
            "shard {k}/{count} is missing: no report of it was given"
        ));
    }
    let mut reported: BTreeMap<&str, &Claim> = BTreeMap::new();
    for c in &claims {
        for dir in dirs(c, "roots")? {
            if let Some(other) = reported.insert(dir, c) {
                return Err(match other.shard == c.shard {
                    true => format!("{dir} is reported twice by {c}"),
                    false => format!("{dir} is reported by both {other} and {c}"),
                });
            }
            if !c.all.contains(dir) {
                return Err(format!(
                    "{c} reports {dir}, which is not among the roots of the check it lists"
                ));
            }
            held_by_claimant(c, dir, "reports")?;
        }
        planned_with_its_state(c)?;
    }
    for dir in &first.all {
        if !reported.contains_key(dir) {
            let holder = given[&Shard::holding(dir, count).index];
            return Err(format!(
                "{dir} is a root of the check, but {holder}, which holds it, does not report it"
            ));
        }
    }
    // Each shard reports the unreached directories it holds (its roots'
    // own list does not say which those are, so only where each is
    // reported can be checked).
    let mut unreached = BTreeSet::new();
    for c in &claims {
        for dir in dirs(c, "unreached")? {
            if !unreached.insert(dir) {
                return Err(format!("{dir} is reported unreached twice ({c})"));
            }
            held_by_claimant(c, dir, "reports as unreached")?;
        }
    }
    Ok(())
}

/// A report's shard spec and list of roots, or why it has none.
fn claim<'a>(name: &'a str, doc: &'a Value) -> Result<Claim<'a>, String> {
    let spec = &doc["shard"];
    let number = |k: &str| spec[k].as_u64().and_then(|n| u32::try_from(n).ok());
    let shard = match (number("index"), number("count")) {
        (Some(index), Some(count)) if index >= 1 && index <= count => Shard { index, count },
        _ => {
            return Err(format!(
                "{name} is not the JSON report of a `check --shard K/N` run: it states no shard K/N"
            ));
        }
    };
    let Shard { index, count } = shard;
    let listed: Option<Vec<&str>> = (spec["roots"].as_array())
        .and_then(|a| a.iter().map(Value::as_str).collect::<Option<Vec<_>>>());
    let Some(listed) = listed else {
        return Err(format!(
            "{name} (shard {index}/{count}) does not list the roots of the check, so which of them it holds cannot be told: run every shard with this minimod"
        ));
    };
    let all: BTreeSet<&str> = listed.iter().copied().collect();
    if all.len() != listed.len() || spec["roots_in_all"].as_u64() != Some(listed.len() as u64) {
        return Err(format!(
            "{name} (shard {index}/{count}) lists the roots of the check inconsistently (a root twice, or another number of them in all)"
        ));
    }
    let revisions = &doc["revisions"];
    if !revisions["base"].is_string() || !revisions["head"].is_string() {
        return Err(format!(
            "{name} (shard {index}/{count}) does not say which revisions it checked: run every shard with this minimod"
        ));
    }
    Ok(Claim {
        name,
        shard,
        all,
        doc,
    })
}

/// Two shards of one check: the same N, revisions, roots and policy.
fn same_check(first: &Claim, c: &Claim) -> Result<(), String> {
    if c.shard.count != first.shard.count {
        return Err(format!(
            "{c} and {first} split the roots into other numbers of shards"
        ));
    }
    let revisions = |d: &Value| {
        let (base, head) = (&d["revisions"]["base"], &d["revisions"]["head"]);
        format!(
            "base {} ({}), head {} ({})",
            d["base"],
            str_of(base),
            d["head"],
            str_of(head)
        )
    };
    if revisions(c.doc) != revisions(first.doc) {
        return Err(format!(
            "{c} checked {} but {first} checked {}: the shards of one check check the same revisions",
            revisions(c.doc),
            revisions(first.doc)
        ));
    }
    if let Some(dir) = c.all.symmetric_difference(&first.all).next() {
        let (has, lacks) = match c.all.contains(dir) {
            true => (c, first),
            false => (first, c),
        };
        return Err(format!(
            "{has} lists {dir} as a root of the check, but {lacks} does not: the shards found other roots"
        ));
    }
    if c.doc["unreached_warn"] != first.doc["unreached_warn"] {
        return Err(format!(
            "{c} and {first} read another policy for unreached directories"
        ));
    }
    // States are compared by their bytes' digest: where each job put its
    // files does not matter.
    let digests = |d: &Value| -> BTreeMap<String, Value> {
        (d["states"].as_object().into_iter().flatten())
            .map(|(name, s)| (name.clone(), s["sha256"].clone()))
            .collect()
    };
    if digests(c.doc) != digests(first.doc) {
        return Err(format!(
            "{c} and {first} were given other prior states (--state-for, --states): the shards of one check plan against the same states"
        ));
    }
    Ok(())
}

/// The names of a report's `roots` (a directory, with its workspace) or
/// the directories of its `unreached` entries.
fn dirs<'a>(c: &Claim<'a>, key: &str) -> Result<Vec<&'a str>, String> {
    let entries = c.doc[key].as_array().map(Vec::as_slice).unwrap_or_default();
    (entries.iter())
        .map(|e| match e["dir"].is_string() {
            true => Ok(super::render::name_of(e)),
            false => Err(format!("{c} holds an entry of {key:?} without a directory")),
        })
        .collect()
}

/// Each root `c` reports was planned against the state the check lists
/// for it, or against none when it lists none.
fn planned_with_its_state(c: &Claim) -> Result<(), String> {
    for r in c.doc["roots"].as_array().into_iter().flatten() {
        let name = super::render::name_of(r);
        let listed = &c.doc["states"][name]["sha256"];
        if &r["state"]["sha256"] != listed {
            return Err(format!(
                "{c} reports {name} planned against another state than the one it lists for it"
            ));
        }
    }
    Ok(())
}

/// `dir`, which `c` reports (`what`), is one that `c`'s spec holds.
fn held_by_claimant(c: &Claim, dir: &str, what: &str) -> Result<(), String> {
    let holder = Shard::holding(dir, c.shard.count);
    if holder != c.shard {
        return Err(format!(
            "{c} {what} {dir}, but shard {}/{} holds it",
            holder.index, holder.count
        ));
    }
    Ok(())
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

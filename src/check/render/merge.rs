//! `check --merge`: the JSON reports of `--shard K/N` runs as the report
//! of one run, with the moves across roots that no single shard saw.

use serde_json::json;

use super::json::{CANDIDATES, FORMAT_VERSION};
use super::words::{name_of, str_of};
use crate::check::report::Outcome;

/// The moves across roots in different shards, which no shard saw both
/// sides of. Where an unsharded run's pairing is certain to pair them, the
/// move is as it would report it: the only object leaving a root and the
/// only one arriving in another with its type and fingerprint, neither
/// paired by its shard, the leaving one alone of its resource. Objects
/// that may otherwise be one object moved (the same type, fingerprints
/// equal or unknown, not both declared) are given as a possible move,
/// `blocked` with why, which fails both roots.
/// An exact move comes with the address its source root's plan destroys
/// (before the root's own moves apply, its `from` is the state's).
type Exact = (serde_json::Value, String);

fn cross_shard_moves(docs: &[(String, serde_json::Value)]) -> (Vec<Exact>, Vec<serde_json::Value>) {
    // (shard, root name, directory, candidate)
    type At<'a> = (usize, &'a str, &'a str, &'a serde_json::Value);
    let mut leaving: Vec<At> = Vec::new();
    let mut arriving: Vec<At> = Vec::new();
    for (shard, (_, doc)) in docs.iter().enumerate() {
        for r in doc["roots"].as_array().into_iter().flatten() {
            for c in r[CANDIDATES].as_array().into_iter().flatten() {
                let at = (shard, name_of(r), str_of(&r["dir"]), c);
                match str_of(&c["action"]) {
                    "destroy" => leaving.push(at),
                    _ => arriving.push(at),
                }
            }
        }
    }
    let fp = |v: &serde_json::Value| v["fingerprint"].as_str().map(str::to_string);
    let class = |v: &serde_json::Value| (v["type"].to_string(), fp(v));
    let count = |side: &[At], v: &serde_json::Value| {
        (side.iter())
            .filter(|(_, _, _, c)| fp(c).is_some() && class(c) == class(v))
            .count()
    };
    let mut exact = Vec::new();
    let mut possible = Vec::new();
    for (k, from_root, from_dir, d) in &leaving {
        for (j, to_root, to_dir, c) in &arriving {
            // Two workspaces of one directory are no move (`pair_across_roots`).
            let could = k != j
                && from_dir != to_dir
                && d["type"] == c["type"]
                && (fp(d).is_none() || fp(c).is_none() || fp(d) == fp(c));
            if !could {
                continue;
            }
            let certain = fp(d).is_some()
                && count(&leaving, d) == 1
                && count(&arriving, c) == 1
                && d["paired"] != true
                && c["paired"] != true
                && (d["alone"] == true || d["declared"] == true);
            if certain {
                let address = str_of(&d["address"]).to_string();
                exact.push((exact_move(from_root, d, (to_root, to_dir), c), address));
                continue;
            }
            if d["declared"] == true && c["declared"] == true {
                continue;
            }
            let mut m = json!({
                "from_root": from_root, "from": d["from"],
                "to_root": to_root, "to": c["address"], "possible": true,
                "blocked": format!(
                    "{from_root} and {to_root} are checked by different shards, so no shard could tell whether this is one object moved between them: run the check unsharded"
                ),
            });
            for (key, side) in [("removed", d), ("import", c)] {
                if side["declared"] == true {
                    m[key] = json!({ "declared": true });
                }
            }
            possible.push(m);
        }
    }
    (exact, possible)
}

/// A move across shards as one run reports it (`cross_root_json`).
fn exact_move(
    from_root: &str,
    d: &serde_json::Value,
    (to_root, to_dir): (&str, &str),
    c: &serde_json::Value,
) -> serde_json::Value {
    let (from, to) = (str_of(&d["from"]), str_of(&c["address"]));
    let mut m = json!({ "from_root": from_root, "from": from, "to_root": to_root, "to": to });
    if d["from_root_deleted"] == true {
        m["from_root_deleted"] = json!(true);
    }
    if let Some(why) = d["blocked"].as_str() {
        m["blocked"] = json!(why);
        return m;
    }
    m["removed"] = match d["declared"] == true {
        true => json!({ "declared": true }),
        false => d["removed"].clone(),
    };
    m["import"] = match c["declared"] == true {
        true => json!({ "declared": true }),
        false => {
            let (file, block) = crate::check::cross_root::import_block(from_root, from, to_dir, to);
            json!({ "file": file, "block": block })
        }
    };
    m
}

/// The merged roots with the moves across shards: the objects an exact
/// move explains leave `unmatched`, and a root with a move not declared
/// fails, as in one run (`pair_across_roots`); a possible move fails both
/// roots.
fn settle_across_shards(docs: &[(String, serde_json::Value)], roots: &mut [serde_json::Value]) {
    let (exact, possible) = cross_shard_moves(docs);
    let ends = |m: &serde_json::Value, dir: &str| m["from_root"] == dir || m["to_root"] == dir;
    let declared =
        |m: &serde_json::Value| m["removed"]["declared"] == true && m["import"]["declared"] == true;
    for r in roots.iter_mut() {
        let dir = name_of(r).to_string();
        let here = |m: &&serde_json::Value| ends(m, &dir);
        for (m, leaving) in exact.iter().filter(|(m, _)| ends(m, &dir)) {
            let explained = |u: &serde_json::Value| {
                let at = |end: &str, action: &str, address: &serde_json::Value| {
                    m[end] == dir.as_str() && u["action"] == action && &u["address"] == address
                };
                at("from_root", "destroy", &json!(leaving)) || at("to_root", "create", &m["to"])
            };
            if let Some(list) = r["unmatched"].as_array_mut() {
                list.retain(|u| !explained(u));
            }
            if let Some(list) = r["cross_root_moves"].as_array_mut() {
                list.push(m.clone());
            }
        }
        let moves = r["cross_root_moves"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if exact.iter().any(|(m, _)| ends(m, &dir)) && !moves.iter().all(declared) {
            r["passed"] = json!(false);
            if r["unmatched"].as_array().is_none_or(Vec::is_empty) {
                r["outcome"] = json!(Outcome::CrossRootMoves.id());
            }
        }
        let mine: Vec<&serde_json::Value> = possible.iter().filter(here).collect();
        if !mine.is_empty() {
            // A root that failed already keeps its outcome; one that passed
            // fails for the move.
            let unmatched = r["unmatched"].as_array().is_none_or(Vec::is_empty);
            if r["passed"] == true || unmatched {
                r["outcome"] = json!(Outcome::CrossRootMoves.id());
            }
            r["passed"] = json!(false);
            if let Some(list) = r["cross_root_moves"].as_array_mut() {
                list.extend(mine.into_iter().cloned());
            }
        }
        if let Some(r) = r.as_object_mut() {
            r.remove(CANDIDATES);
        }
    }
}

/// The JSON reports of `--shard K/N` runs merged into the report of one
/// run over every root: the roots and unreached directories of all
/// shards, in the order one run reports them, and one verdict. Reports that
/// are not one complete set of shards of one check are refused, since a
/// merged report must never pass on a shard that did not run.
pub(crate) fn merge(docs: &[(String, serde_json::Value)]) -> Result<serde_json::Value, String> {
    crate::check::shards::verify(docs)?;
    let Some((_, first)) = docs.first() else {
        return Err("no report to merge".into());
    };
    let mut roots = Vec::new();
    let mut unreached = Vec::new();
    for (_, doc) in docs {
        roots.extend(doc["roots"].as_array().cloned().unwrap_or_default());
        unreached.extend(doc["unreached"].as_array().cloned().unwrap_or_default());
    }
    settle_across_shards(docs, &mut roots);
    let dir = |v: &serde_json::Value| str_of(&v["dir"]).to_string();
    roots.sort_by_key(|r| name_of(r).to_string());
    unreached.sort_by_key(dir);
    let warn = first["unreached_warn"].as_bool().unwrap_or(false);
    let passed = !roots.is_empty()
        && roots.iter().all(|r| r["passed"].as_bool() == Some(true))
        && (unreached.is_empty() || warn);
    Ok(json!({
        "format_version": FORMAT_VERSION,
        "base": first["base"],
        "head": first["head"],
        "passed": passed,
        "unreached_warn": warn,
        "revisions": first["revisions"],
        "states": first["states"],
        "roots": roots,
        "unreached": unreached,
    }))
}

//! The check's report as SARIF 2.1.0, for GitHub code scanning: one run,
//! a rule per kind of finding, and a result for each thing that fails a
//! root (or, in a root that passes, is only noted). It is rendered from
//! the JSON report, so the log of merged shards (`--merge`) is the log of
//! one run.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// A kind of finding: its id (the report's outcome or category), a name,
/// what it means, and what to do about it.
struct Rule {
    id: &'static str,
    name: &'static str,
    short: &'static str,
    help: &'static str,
}

const RULES: &[Rule] = &[
    Rule {
        id: "moved-blocks-missing",
        name: "MovedBlockMissing",
        short: "An object moves, and no moved block says so: terraform would destroy and re-create it",
        help: "Add the moved block the message names (minimod check --fix writes it).",
    },
    Rule {
        id: "unmatched-destroy",
        name: "UnexplainedDestroy",
        short: "An object is destroyed, and no move explains it",
        help: "Declare what happens to it: a moved block to where it went, or a removed block if destroying it is intended.",
    },
    Rule {
        id: "unmatched-create",
        name: "UnexplainedCreate",
        short: "An object is created, and no move explains it",
        help: "If it is an object that moved, declare the move; if it is new, accept it with --allow-add.",
    },
    Rule {
        id: "moved-and-updated",
        name: "MovedAndUpdated",
        short: "An object moves and is also updated in place: only the provider knows whether the update replaces it",
        help: "Leave the update out of this change, or accept it with --allow-update (or allow_update = true in the base's .minimod.hcl check block).",
    },
    Rule {
        id: "moved-across-roots",
        name: "MovedAcrossRoots",
        short: "An object moves to or from another root module, which no moved block can do",
        help: "Declare it as terraform supports it: a removed block with destroy = false in the source root and an import block in the destination.",
    },
    Rule {
        id: "new-root",
        name: "NewRootDestroys",
        short: "A new root module's plan destroys objects",
        help: "See the check's report for what the new root's plan destroys.",
    },
    Rule {
        id: "deleted-root",
        name: "DeletedRoot",
        short: "A root module is deleted: every object in it would be destroyed",
        help: "Move its objects to another root (removed and import blocks), or declare their removal.",
    },
    Rule {
        id: "not-checkable",
        name: "NotCheckable",
        short: "A root module could not be evaluated, so nothing in it is proven",
        help: "Fix the error the message gives (a variable the check needs can be given with -var or in .minimod.hcl).",
    },
    Rule {
        id: "unreached",
        name: "Unreached",
        short: "A directory changed, and no checked root module reaches it",
        help: "If it is a root module, declare it in .minimod.hcl; if it is a module, declare the roots that call it.",
    },
];

/// The project's page, where the tool's rules are explained.
const INFORMATION_URI: &str = "https://github.com/minimod/minimod";

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF log of a check's JSON report (`render::json`, or merged
/// shards).
pub(crate) fn log(doc: &Value) -> Value {
    let mut results = Vec::new();
    for r in doc["roots"].as_array().into_iter().flatten() {
        root_results(r, &mut results);
    }
    let warn = doc["unreached_warn"].as_bool() == Some(true);
    for u in doc["unreached"].as_array().into_iter().flatten() {
        let dir = text(&u["dir"]);
        results.push(result(
            "unreached",
            match warn {
                true => "warning",
                false => "error",
            },
            format!(
                "{dir}: changed, but no checked root reaches it ({})",
                text(&u["reason"])
            ),
            match u["file"].as_str() {
                Some(file) => line_one(file),
                None => directory(dir),
            },
            &[dir],
        ));
    }
    sarif_log(results, json!({ "executionSuccessful": true }))
}

/// The log of a check that could not run: no results, and the errors as
/// the invocation's notifications, so that no reader takes it for a clean
/// run.
pub(crate) fn error_log(diagnostics: &Value) -> Value {
    let notifications: Vec<Value> = (diagnostics.as_array().into_iter().flatten())
        .map(|d| {
            let summary = text(&d["summary"]);
            let detail = text(&d["detail"]);
            let message = match detail.is_empty() {
                true => summary.to_string(),
                false => format!("{summary}: {detail}"),
            };
            json!({
                "level": match text(&d["severity"]) {
                    "warning" => "warning",
                    _ => "error",
                },
                "message": { "text": message },
            })
        })
        .collect();
    sarif_log(
        Vec::new(),
        json!({
            "executionSuccessful": false,
            "exitCode": 2,
            "toolExecutionNotifications": notifications,
        }),
    )
}

fn sarif_log(results: Vec<Value>, invocation: Value) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.name,
                "shortDescription": { "text": r.short },
                "fullDescription": { "text": format!("{}.", r.short) },
                "help": { "text": r.help },
                "defaultConfiguration": { "level": "error" },
            })
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "minimod",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

/// A root's findings: each missing block, unexplained object, update that
/// needs consent and move across roots; a failing root with none of them
/// (not checkable, or deleted) is one finding of its outcome. In a root
/// that passes, what it reports (objects created with `--allow-add`) is a
/// note.
fn root_results(r: &Value, out: &mut Vec<Value>) {
    let name = r["root"].as_str().unwrap_or_else(|| text(&r["dir"]));
    let passed = r["passed"].as_bool() == Some(true);
    let level = match passed {
        true => "note",
        false => "error",
    };
    let place = match r["anchor"]["file"].as_str() {
        Some(file) => json!({
            "artifactLocation": artifact(file),
            "region": {
                "startLine": r["anchor"]["line"].as_u64().unwrap_or(1).max(1),
                "startColumn": r["anchor"]["column"].as_u64().unwrap_or(1).max(1),
            },
        }),
        None => directory(text(&r["dir"])),
    };
    let before = out.len();
    for m in r["moves"].as_array().into_iter().flatten() {
        let (from, to, file) = (text(&m["from"]), text(&m["to"]), text(&m["file"]));
        out.push(result(
            "moved-blocks-missing",
            level,
            format!("{name}: {from} -> {to} needs a moved block in {file}"),
            place.clone(),
            &[name, from, to],
        ));
    }
    for u in r["unmatched"].as_array().into_iter().flatten() {
        let (action, address) = (text(&u["action"]), text(&u["address"]));
        let rule = match action {
            "destroy" => "unmatched-destroy",
            _ => "unmatched-create",
        };
        out.push(result(
            rule,
            level,
            format!("{name}: {action} {address}: {}", text(&u["reason"])),
            place.clone(),
            &[name, address],
        ));
    }
    for u in r["updates_with_allow_update"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let (from, to) = (text(&u["from"]), text(&u["to"]));
        let attributes: Vec<&str> = (u["attributes"].as_array().into_iter().flatten())
            .map(text)
            .collect();
        out.push(result(
            "moved-and-updated",
            level,
            format!(
                "{name}: {from} -> {to} is moved and updated in place: {}",
                attributes.join(", ")
            ),
            place.clone(),
            &[name, from, to],
        ));
    }
    for m in r["cross_root_moves"].as_array().into_iter().flatten() {
        let declared = |k: &str| m[k]["declared"].as_bool() == Some(true);
        if declared("removed") && declared("import") {
            continue;
        }
        let (from_root, from) = (text(&m["from_root"]), text(&m["from"]));
        let (to_root, to) = (text(&m["to_root"]), text(&m["to"]));
        let mut message = format!("{from_root}: {from} -> {to_root}: {to} moves across roots");
        if let Some(why) = m["blocked"].as_str() {
            message.push_str(&format!(" ({why})"));
        }
        out.push(result(
            "moved-across-roots",
            level,
            format!("{name}: {message}"),
            place.clone(),
            &[name, from_root, from, to_root, to],
        ));
    }
    if passed || out.len() > before {
        return;
    }
    let outcome = text(&r["outcome"]);
    let rule = match RULES.iter().any(|rule| rule.id == outcome) {
        true => outcome,
        false => "not-checkable",
    };
    let message = match r["error"].as_str() {
        Some(e) => format!("{name}: {e}"),
        None => format!(
            "{name}: {}",
            RULES.iter().find(|x| x.id == rule).map_or("", |x| x.short)
        ),
    };
    out.push(result(rule, "error", message, place, &[name]));
}

/// One result. Its fingerprint is of what it is about (the rule, the root
/// and the addresses), not where it is shown, so a finding keeps its
/// identity across runs and pushes that move lines.
fn result(rule: &str, level: &str, message: String, location: Value, about: &[&str]) -> Value {
    let index = RULES.iter().position(|r| r.id == rule).unwrap_or(0);
    let mut hash = Sha256::new();
    hash.update(rule.as_bytes());
    for part in about {
        hash.update([0]);
        hash.update(part.as_bytes());
    }
    let fingerprint: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    json!({
        "ruleId": rule,
        "ruleIndex": index,
        "level": level,
        "message": { "text": message },
        "locations": [{ "physicalLocation": location }],
        "partialFingerprints": { "minimodFinding/v1": fingerprint },
    })
}

/// The first line of a file: where a finding about a whole directory is
/// shown (GitHub's code scanning needs a line for every result).
fn line_one(file: &str) -> Value {
    json!({ "artifactLocation": artifact(file), "region": { "startLine": 1 } })
}

/// A directory of the repository as a location, no region: a directory no
/// root reaches whose changed files were all deleted.
fn directory(dir: &str) -> Value {
    let dir = dir.trim_end_matches('/');
    let uri = match dir {
        "" | "." => String::from("./"),
        d => format!("{d}/"),
    };
    json!({ "artifactLocation": artifact(&uri) })
}

/// A path relative to the repository's top level as a relative URI
/// reference (`%SRCROOT%`, the checkout): each byte outside RFC 3986's
/// unreserved characters and `/` percent-encoded.
fn artifact(path: &str) -> Value {
    let mut uri = String::new();
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(b as char)
            }
            b => uri.push_str(&format!("%{b:02X}")),
        }
    }
    json!({ "uri": uri, "uriBaseId": "%SRCROOT%" })
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_uri_references() {
        assert_eq!(
            artifact("envs/my app/main.tf")["uri"],
            "envs/my%20app/main.tf"
        );
        assert_eq!(artifact("a%b#c?d")["uri"], "a%25b%23c%3Fd");
        assert_eq!(directory(".")["artifactLocation"]["uri"], "./");
        assert_eq!(
            directory("envs/prod")["artifactLocation"]["uri"],
            "envs/prod/"
        );
    }

    #[test]
    fn a_fingerprint_is_of_the_finding_not_its_place() {
        let at = |line: u64| json!({ "artifactLocation": artifact("a.tf"), "region": { "startLine": line } });
        let one = result(
            "unmatched-destroy",
            "error",
            "m".into(),
            at(1),
            &["app", "x.y"],
        );
        let moved = result(
            "unmatched-destroy",
            "error",
            "n".into(),
            at(9),
            &["app", "x.y"],
        );
        let other = result(
            "unmatched-destroy",
            "error",
            "m".into(),
            at(1),
            &["app", "x.z"],
        );
        let fp = |r: &Value| r["partialFingerprints"]["minimodFinding/v1"].clone();
        assert_eq!(fp(&one), fp(&moved));
        assert_ne!(fp(&one), fp(&other));
        // Parts are separated: ("ab", "c") is not ("a", "bc").
        let ab = result("unreached", "error", "m".into(), at(1), &["ab", "c"]);
        let a = result("unreached", "error", "m".into(), at(1), &["a", "bc"]);
        assert_ne!(fp(&ab), fp(&a));
    }

    #[test]
    fn every_rule_has_a_unique_id() {
        let mut ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), RULES.len());
    }
}

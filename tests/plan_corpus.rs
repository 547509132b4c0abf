//! The plan corpus: `minimod plan` must plan every refactor in
//! tests/corpus/plans as terraform 1.11 did (see its README.md).
//!
//! Each case holds old/ (applied to make expected/prior.tfstate) and new/
//! (planned against it). minimod is run as
//! `minimod plan <abs new/> --state <abs prior.tfstate> [--json] ARGS` with
//! new/ as the working directory, so relative `-var-file` paths resolve as
//! they did for terraform.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::{Case, PrintedError, diagnostics, files_under, read, read_json, repo_root};
use serde::Deserialize;
use serde_json::Value;

/// The corpus must keep covering at least this many refactors.
const MIN_CASES: usize = 25;

fn corpus_root() -> PathBuf {
    repo_root().join("tests/corpus/plans")
}

impl Case {
    fn is_error(&self) -> bool {
        self.expected().join("exit").exists()
    }
}

/// Every case directory (one with old/), in name order.
fn cases() -> Vec<Case> {
    common::cases(&corpus_root())
}

/// One entry of `resource_changes`, reduced to what the corpus compares.
#[derive(Debug, Clone, PartialEq)]
struct Change {
    address: String,
    previous_address: Option<String>,
    actions: Vec<String>,
    action_reason: Option<String>,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:?}", self.address, self.actions)?;
        if let Some(p) = &self.previous_address {
            write!(f, " from {p}")?;
        }
        if let Some(r) = &self.action_reason {
            write!(f, " ({r})")?;
        }
        Ok(())
    }
}

/// The `resource_changes` array of a `show -json` shaped document (or the
/// bare array, as plan.json stores it).
fn changes_of(doc: &Value) -> Result<Vec<Change>, String> {
    let list = match doc {
        Value::Array(a) => a,
        Value::Object(o) => match o.get("resource_changes") {
            Some(Value::Array(a)) => a,
            _ => return Err("no resource_changes array".into()),
        },
        _ => return Err("neither an object nor an array".into()),
    };
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(String::from);
    list.iter()
        .enumerate()
        .map(|(i, rc)| {
            let address = text(rc.get("address")).ok_or(format!("entry {i}: no address"))?;
            let actions = rc
                .pointer("/change/actions")
                .and_then(Value::as_array)
                .ok_or(format!("{address}: no change.actions"))?
                .iter()
                .map(|a| a.as_str().unwrap_or_default().to_string())
                .collect();
            Ok(Change {
                previous_address: text(rc.get("previous_address")),
                action_reason: text(rc.get("action_reason")),
                actions,
                address,
            })
        })
        .collect()
}

#[derive(Debug, Deserialize, PartialEq)]
struct Move {
    from: String,
    to: String,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Summary {
    add: usize,
    change: usize,
    destroy: usize,
    forget: usize,
    moves: Vec<Move>,
}

/// Counts as terraform's Plan line counts them: a replacement is one add
/// and one destroy.
fn summarize(changes: &[Change]) -> Summary {
    let count = |action: &str| {
        changes
            .iter()
            .filter(|c| c.actions.iter().any(|a| a == action))
            .count()
    };
    Summary {
        add: count("create"),
        change: count("update"),
        destroy: count("delete"),
        forget: count("forget"),
        moves: changes
            .iter()
            .filter_map(|c| {
                c.previous_address.as_ref().map(|p| Move {
                    from: p.clone(),
                    to: c.address.clone(),
                })
            })
            .collect(),
    }
}

/// The lines of terraform's human plan that minimod must print, trimmed:
/// every resource comment at the left margin ("# X has moved to Y", "# X
/// will be created", "# (moved from W)", "# (because ...)" and the rest;
/// attribute comments inside a resource body are indented further and left
/// out), every "Warning: ..." summary, and the "Plan: ..." line (or "No
/// changes. ..." when there is nothing to do, moves included).
fn human_lines(plan_txt: &str) -> Vec<String> {
    plan_txt
        .lines()
        .filter(|l| {
            let indent = l.len() - l.trim_start().len();
            let t = l.trim_start();
            (indent <= 2 && t.starts_with("# "))
                || l.starts_with("Plan: ")
                || l.starts_with("No changes.")
                || l.starts_with("Warning: ")
        })
        .map(|l| l.trim().to_string())
        .collect()
}

/// Each `Error: <summary>` line, allowing for the box-drawing prefix
/// terraform uses on a terminal.
fn error_lines(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .map(|l| l.trim_start_matches(['│', '╷', '╵', ' ']).trim_end())
        .filter(|l| l.starts_with("Error: "))
        .map(String::from)
        .collect()
}

/// The lines of `want` missing from `got` when looked for in order (each
/// after the previous one found), compared trimmed.
fn missing_in_order(want: &[String], got: &str) -> Vec<String> {
    let got: Vec<&str> = got.lines().map(str::trim).collect();
    let mut at = 0;
    let mut missing = Vec::new();
    for w in want {
        match got[at..].iter().position(|g| g == w) {
            Some(i) => at += i + 1,
            None => missing.push(w.clone()),
        }
    }
    missing
}

fn run_plan(case: &Case, json: bool) -> Output {
    let mut cmd = common::minimod(&case.new_dir());
    // The records are terraform's: plan with terraform's rules.
    cmd.arg("plan")
        .arg("--engine")
        .arg("terraform")
        .arg(case.new_dir())
        .arg("--state")
        .arg(case.prior());
    if json {
        cmd.arg("--json");
    }
    // A case recorded with the stub provider comes with its schemas.
    let schemas = case.expected().join("schemas.json");
    if schemas.exists() {
        cmd.arg("--schemas").arg(schemas);
    }
    cmd.args(&case.args);
    cmd.envs(case.env.iter().map(|(k, v)| (k, v)));
    cmd.output().expect("running minimod")
}

/// What minimod got wrong on one successful case, if anything.
fn check_plan_case(case: &Case, failures: &mut Vec<String>) {
    let exp = case.expected();
    let want = changes_of(&read_json(&exp.join("plan.json"))).unwrap();
    let summary: Summary = serde_json::from_str(&read(&exp.join("summary.json"))).unwrap();
    let name = &case.name;

    let out = run_plan(case, true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        failures.push(format!(
            "{name}: plan --json exited {:?}: {stderr}",
            out.status.code()
        ));
    } else {
        match serde_json::from_slice::<Value>(&out.stdout)
            .map_err(|e| e.to_string())
            .and_then(|doc| changes_of(&doc))
        {
            Err(e) => failures.push(format!("{name}: plan --json output: {e}")),
            Ok(got) => {
                if got != want {
                    let show = |v: &[Change]| {
                        v.iter()
                            .map(|c| format!("      {c}"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    };
                    failures.push(format!(
                        "{name}: resource_changes differ\n    want:\n{}\n    got:\n{}",
                        show(&want),
                        show(&got)
                    ));
                }
                let counts = summarize(&got);
                if counts != summary {
                    failures.push(format!(
                        "{name}: summary differs\n    want: {summary:?}\n    got:  {counts:?}"
                    ));
                }
            }
        }
    }

    let out = run_plan(case, false);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        failures.push(format!(
            "{name}: plan exited {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
        return;
    }
    let want = human_lines(&read(&exp.join("plan.txt")));
    let missing = missing_in_order(&want, &stdout);
    if !missing.is_empty() {
        failures.push(format!(
            "{name}: human plan lacks (in order):\n      {}\n    got:\n{stdout}",
            missing.join("\n      ")
        ));
    }
}

/// What minimod got wrong on one failing case, if anything.
fn check_error_case(case: &Case, failures: &mut Vec<String>) {
    let exp = case.expected();
    let name = &case.name;
    let out = run_plan(case, false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(1) {
        failures.push(format!(
            "{name}: exit {:?}, want 1 (terraform exited {})",
            out.status.code(),
            read(&exp.join("exit")).trim()
        ));
    }
    let got = diagnostics(&stderr);
    let wanted = diagnostics(&read(&exp.join("stderr.txt")));
    for want in &wanted {
        if !got.contains(want) {
            failures.push(format!("{name}: stderr lacks {want:?}; stderr:\n{stderr}"));
        }
    }
    // The errors come in terraform's order (the first one is what a user
    // reads first, and what the differential test compares).
    let order: Vec<_> = got.iter().filter(|d| wanted.contains(d)).collect();
    if order.len() == wanted.len() && order.iter().zip(&wanted).any(|(g, w)| *g != w) {
        failures.push(format!(
            "{name}: errors in another order than terraform's; stderr:\n{stderr}"
        ));
    }
}

#[test]
fn minimod_plan_matches_terraform() {
    let mut failures = Vec::new();
    let all = cases();
    for case in &all {
        if case.is_error() {
            check_error_case(case, &mut failures);
        } else {
            check_plan_case(case, &mut failures);
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatch(es) over {} cases:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// The moves the human plan shows: "# A has moved to B", and "# (moved
/// from A)" under the "# B ..." header of a move that also changes.
fn human_moves(plan_txt: &str) -> Vec<(String, String)> {
    let mut moves = Vec::new();
    let mut current: Option<String> = None;
    for line in human_lines(plan_txt) {
        let Some(rest) = line.strip_prefix("# ") else {
            continue;
        };
        if let Some(from) = rest
            .strip_prefix("(moved from ")
            .and_then(|r| r.strip_suffix(')'))
        {
            let to = current.clone().expect("(moved from) under a header");
            moves.push((from.to_string(), to));
        } else if let Some((from, to)) = rest.split_once(" has moved to ") {
            moves.push((from.to_string(), to.to_string()));
        } else if !rest.starts_with('(') {
            current = rest.split(' ').next().map(String::from);
        }
    }
    moves.sort();
    moves
}

#[test]
fn records_are_complete_and_consistent() {
    let all = cases();
    assert!(
        all.len() >= MIN_CASES,
        "{} cases, want at least {MIN_CASES}",
        all.len()
    );
    let mut failures = Vec::new();
    for case in &all {
        let name = &case.name;
        let exp = case.expected();
        if !case.new_dir().is_dir() {
            failures.push(format!("{name}: no new/"));
        }
        let prior = read_json(&case.prior());
        if prior["version"] != 4 {
            failures.push(format!("{name}: prior.tfstate is not version 4"));
        }
        if case.is_error() {
            let exit = read(&exp.join("exit"));
            if exit.trim() == "0" {
                failures.push(format!("{name}: error case with exit 0"));
            }
            if error_lines(&read(&exp.join("stderr.txt"))).is_empty() {
                failures.push(format!("{name}: stderr.txt has no Error: line"));
            }
            continue;
        }
        let changes = changes_of(&read_json(&exp.join("plan.json"))).unwrap();
        let summary: Summary = serde_json::from_str(&read(&exp.join("summary.json"))).unwrap();
        let derived = summarize(&changes);
        if derived != summary {
            failures.push(format!(
                "{name}: summary.json {summary:?} but plan.json gives {derived:?}"
            ));
        }
        let text = read(&exp.join("plan.txt"));
        // Terraform 1.11 leaves forgotten objects out of the Plan line.
        let plan_line = format!(
            "Plan: {} to add, {} to change, {} to destroy.",
            summary.add, summary.change, summary.destroy
        );
        let nothing = derived.add + derived.change + derived.destroy + derived.forget == 0
            && derived.moves.is_empty();
        // Output changes alone are a plan too (plan.json keeps resources).
        let outputs_only = nothing && text.lines().any(|l| l == "Changes to Outputs:");
        let no_changes = text.lines().any(|l| l.starts_with("No changes."));
        if (nothing && !outputs_only) != no_changes {
            failures.push(format!(
                "{name}: plan.txt says \"No changes.\": {no_changes}, plan.json: {nothing}"
            ));
        }
        // Imports come first on the line: "Plan: N to import, 0 to add, ...".
        let counts = &plan_line["Plan: ".len()..];
        let is_plan_line = |l: &str| {
            l == plan_line
                || l.strip_prefix("Plan: ")
                    .and_then(|r| r.split_once(" to import, "))
                    .is_some_and(|(n, rest)| n.parse::<usize>().is_ok() && rest == counts)
        };
        if !nothing && !text.lines().any(is_plan_line) {
            failures.push(format!("{name}: plan.txt lacks `{plan_line}`"));
        }
        let mut json_moves: Vec<(String, String)> = summary
            .moves
            .iter()
            .map(|m| (m.from.clone(), m.to.clone()))
            .collect();
        json_moves.sort();
        let text_moves = human_moves(&text);
        if json_moves != text_moves {
            failures.push(format!(
                "{name}: moves in plan.json {json_moves:?}, in plan.txt {text_moves:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every file under `root` except its expected/ directory, by relative path.
/// The lesson fixture's recorded plans (`lesson-renamed/lesson`, `tests/record
/// lesson`): with its moved blocks the lesson recorder's plan is this case's
/// (the same record, ids scrubbed); without them minimod must plan what
/// terraform did (five to add, five to destroy).
#[test]
fn lesson_fixture_plans_match_their_records() {
    let recorded = corpus_root().join("lesson-renamed/lesson/expected/renamed");
    let case = cases()
        .into_iter()
        .find(|c| c.name == "lesson-renamed")
        .expect("lesson-renamed case");
    let uuid =
        regex::Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").unwrap();
    assert_eq!(
        uuid.replace_all(&read(&case.expected().join("plan.txt")), "<uuid>"),
        read(&recorded.join("plan-prod.txt")),
        "lesson-renamed/lesson/expected/renamed/plan-prod.txt is not lesson-renamed's plan"
    );

    let scratch = tempfile::tempdir().unwrap();
    common::copy_tree(&case.new_dir(), scratch.path());
    let main = scratch.path().join("main.tf.json");
    let mut doc = read_json(&main);
    doc.as_object_mut().unwrap().remove("moved");
    fs::write(&main, doc.to_string()).unwrap();
    let out = common::minimod(scratch.path())
        .args(["plan", "--engine", "terraform", "."])
        .arg("--state")
        .arg(case.prior())
        .args(&case.args)
        .output()
        .expect("running minimod");
    let want = human_lines(&read(&recorded.join("plan-prod-without-moved.txt")));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let missing = missing_in_order(&want, &stdout);
    assert!(
        missing.is_empty(),
        "the plan without moved blocks lacks {missing:?}:\n{stdout}"
    );
}

/// Record text with what legitimately varies between applies made equal:
/// terraform_data ids and the state lineage are random UUIDs (the stub
/// provider's ids random `stub-` hex); in a state,
/// the serial depends on how many snapshots apply happened to persist on
/// the way (1 or 3 for the same configuration) and check_results come in
/// Go map order, so the serial is dropped and the checks sorted.
/// terraform prints the progress lines before a plan (`X: Refreshing
/// state...`, `X: Preparing import...`) as its walk reaches each object,
/// in no fixed order: their order is not part of the answer.
fn progress_sorted(text: &str) -> String {
    let (head, rest) = text.split_once("\n\n").unwrap_or((text, ""));
    let progress = |l: &str| {
        [
            ": Refreshing state...",
            ": Preparing import...",
            ": Reading...",
        ]
        .iter()
        .any(|p| l.contains(p))
    };
    if head.is_empty() || !head.lines().all(progress) {
        return text.to_string();
    }
    let mut lines: Vec<&str> = head.lines().collect();
    lines.sort();
    format!("{}\n\n{rest}", lines.join("\n"))
}

/// diags.json with each run of ` - ADDRESS` lines in a detail sorted:
/// terraform lists the objects of a warning in Go map order, which varies
/// from run to run (the plan corpus's recorder sorts them in its texts).
fn bullets_sorted_in_details(text: &str) -> String {
    let Ok(mut diags) = serde_json::from_str::<Value>(text) else {
        return text.to_owned();
    };
    for diag in diags.as_array_mut().into_iter().flatten() {
        if let Some(Value::String(detail)) = diag.get_mut("detail") {
            let mut lines: Vec<&str> = Vec::new();
            let mut run: Vec<&str> = Vec::new();
            for line in detail.split('\n') {
                if line.starts_with(" - ") {
                    run.push(line);
                    continue;
                }
                run.sort_unstable();
                lines.append(&mut run);
                lines.push(line);
            }
            run.sort_unstable();
            lines.append(&mut run);
            *detail = lines.join("\n");
        }
    }
    // Terraform reports move validation errors walking a map, so two
    // runs list the same diagnostics in either order.
    if let Some(list) = diags.as_array_mut() {
        list.sort_by_key(|d| d.to_string());
    }
    diags.to_string()
}

fn comparable(path: &Path, bytes: &[u8]) -> String {
    let uuid =
        regex::Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").unwrap();
    let stub_id = regex::Regex::new(r"stub-[0-9a-f]{16}").unwrap();
    // plantimestamp() is the time of the run: compared as a known RFC 3339
    // time, not which.
    let time = regex::Regex::new(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z").unwrap();
    let raw = String::from_utf8_lossy(bytes);
    let text = uuid.replace_all(&raw, "<uuid>");
    let text = stub_id.replace_all(&text, "stub-<id>");
    let text = time.replace_all(&text, "<timestamp>").into_owned();
    if path.file_name().is_some_and(|n| n == "diags.json") {
        return bullets_sorted_in_details(&text);
    }
    if path.extension().is_none_or(|e| e != "tfstate") {
        return progress_sorted(&text);
    }
    let Ok(mut state) = serde_json::from_str::<Value>(&text) else {
        return text;
    };
    if let Some(o) = state.as_object_mut() {
        o.remove("serial");
    }
    if let Some(Value::Array(checks)) = state.get_mut("check_results") {
        for check in checks.iter_mut() {
            if let Some(Value::Array(objects)) = check.get_mut("objects") {
                objects.sort_by_key(|o| o.to_string());
            }
        }
        checks.sort_by_key(|c| c.to_string());
    }
    state.to_string()
}

/// Re-records the whole corpus into a scratch tree when asked to
/// (`MINIMOD_LIVE=1` and terraform on PATH) and fails if any record changed.
#[test]
fn live_terraform_agrees_with_records() {
    live_records_agree("plans", &corpus_root());
}

/// The same job's other corpora, read by unit tests under `src/`: the
/// move scenarios (`tests/data/moves`) and the state's move destinations
/// (`tests/data/state/moves`), re-recorded live the same way.
#[test]
fn live_terraform_agrees_with_move_records() {
    live_records_agree("moves", &repo_root().join("tests/data/moves"));
    live_records_agree("state-moves", &repo_root().join("tests/data/state/moves"));
}

/// `tests/record CORPUS -o SCRATCH`, compared with every case's committed
/// `expected/` (when live).
fn live_records_agree(corpus: &str, root: &Path) {
    if !common::live() {
        return;
    }
    let scratch = tempfile::tempdir().expect("temp dir");
    common::record(corpus, scratch.path());
    let mut failures = Vec::new();
    for case in common::cases(root) {
        if common::skips_stub_case(&case.root) {
            continue;
        }
        let committed = files_under(&case.expected(), &[]);
        let fresh = files_under(&scratch.path().join(&case.name).join("expected"), &[]);
        for failure in common::compare_records(&committed, &fresh, &comparable) {
            failures.push(format!("{}: {failure}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "terraform no longer agrees with {} record(s) of {corpus}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The helpers above, on hand-made text.
mod helpers {
    use super::*;

    /// terraform lists some diagnostics, and the bullets inside some
    /// details, in no fixed order (it walks maps): `a` and `b` differ only
    /// in that order and compare equal; `c` says something else.
    #[test]
    fn diagnostics_compare_in_any_order() {
        let cases = [
            (
                r#"[{"summary":"Ambiguous","detail":"a"},{"summary":"Ambiguous","detail":"b"}]"#,
                r#"[{"summary":"Ambiguous","detail":"b"},{"summary":"Ambiguous","detail":"a"}]"#,
                r#"[{"summary":"Ambiguous","detail":"b"},{"summary":"Ambiguous","detail":"c"}]"#,
            ),
            (
                r#"[{"severity":"warning","detail":"objects:\n - b\n - a\n\nAfter."}]"#,
                r#"[{"severity":"warning","detail":"objects:\n - a\n - b\n\nAfter."}]"#,
                r#"[{"severity":"warning","detail":"objects:\n - a\n - c\n\nAfter."}]"#,
            ),
        ];
        let diags = Path::new("diags.json");
        for (a, b, c) in cases {
            let a = comparable(diags, a.as_bytes());
            assert_eq!(a, comparable(diags, b.as_bytes()));
            assert_ne!(a, comparable(diags, c.as_bytes()));
        }
    }

    #[test]
    fn printed_errors_parse_into_summary_place_and_detail() {
        let text = "\nError: Moved object still exists\n\n  on main.tf line 14:\n  14: moved {\n\nThis statement declares a move from\nterraform_data.a.\n\nChange it.\n";
        assert_eq!(
            diagnostics(text),
            vec![PrintedError {
                summary: "Moved object still exists".into(),
                at: Some("on main.tf line 14".into()),
                detail: "This statement declares a move from terraform_data.a. Change it.".into(),
            }]
        );
    }

    #[test]
    fn human_lines_keep_headers_reasons_warnings_and_the_plan_line() {
        let text = "\nTerraform will perform the following actions:\n\n  # a will be destroyed\n  # (because a is not in configuration)\n  - resource \"terraform_data\" \"a\" {\n        # (2 unchanged attributes hidden)\n    }\n\n # b will no longer be managed by Terraform, but will not be destroyed\n\nPlan: 0 to add, 0 to change, 1 to destroy.\n\nWarning: Something\nNo changes. Your infrastructure matches the configuration.\n";
        assert_eq!(
            human_lines(text),
            [
                "# a will be destroyed",
                "# (because a is not in configuration)",
                "# b will no longer be managed by Terraform, but will not be destroyed",
                "Plan: 0 to add, 0 to change, 1 to destroy.",
                "Warning: Something",
                "No changes. Your infrastructure matches the configuration.",
            ]
        );
    }

    #[test]
    fn missing_in_order_table() {
        let want: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        for (got, missing) in [
            ("a\nb\nc", vec![]),
            ("  a  \nx\n b\nc", vec![]),
            ("a\nc", vec!["b"]),
            ("c\nb\na", vec!["b", "c"]),
            ("", vec!["a", "b", "c"]),
        ] {
            assert_eq!(missing_in_order(&want, got), missing, "got {got:?}");
        }
    }

    #[test]
    fn error_lines_strip_terminal_boxes() {
        let stderr = "╷\n│ Error: Ambiguous move statements\n│\n\nError: Cyclic dependency in move statements\n\nA statement at main.tf:5,1 declared\n";
        assert_eq!(
            error_lines(stderr),
            [
                "Error: Ambiguous move statements",
                "Error: Cyclic dependency in move statements",
            ]
        );
    }

    #[test]
    fn human_moves_pair_moved_from_with_its_header() {
        let text = "  # b will be updated in-place\n  # (moved from a)\n  # c has moved to d\n  # e will be destroyed\n  # (because e is not in configuration)\n";
        assert_eq!(
            human_moves(text),
            [("a".to_string(), "b".to_string()), ("c".into(), "d".into())]
        );
    }

    #[test]
    fn progress_lines_compare_in_any_order() {
        let a =
            "b: Preparing import... [id=b]\nc: Preparing import... [id=c]\n\nPlan: 2 to import.\n";
        let b =
            "c: Preparing import... [id=c]\nb: Preparing import... [id=b]\n\nPlan: 2 to import.\n";
        let path = Path::new("plan.txt");
        assert_eq!(
            comparable(path, a.as_bytes()),
            comparable(path, b.as_bytes())
        );
        let c = b.replace("Plan: 2", "Plan: 3");
        assert_ne!(
            comparable(path, a.as_bytes()),
            comparable(path, c.as_bytes())
        );
    }

    #[test]
    fn comparable_states_ignore_ids_serial_and_check_order() {
        let state = |serial: u32, id: &str, checks: &str, input: &str| {
            format!(
                r#"{{"version": 4, "serial": {serial}, "lineage": "{id}",
                "resources": [{{"instances": [{{"attributes": {{"id": "{id}", "input": "{input}"}}}}]}}],
                "check_results": [{checks}]}}"#
            )
        };
        let a =
            r#"{"config_addr": "var.a", "objects": [{"object_addr": "x"}, {"object_addr": "y"}]}"#;
        let b = r#"{"config_addr": "var.b", "objects": null}"#;
        let id1 = "11111111-2222-3333-4444-555555555555";
        let id2 = "66666666-7777-8888-9999-000000000000";
        let a_swapped = a
            .replace("\"x\"", "\"t\"")
            .replace("\"y\"", "\"x\"")
            .replace("\"t\"", "\"y\"");
        let path = Path::new("prior.tfstate");
        let base = state(1, id1, &format!("{a}, {b}"), "in");
        for (other, same) in [
            (state(3, id2, &format!("{b}, {a_swapped}"), "in"), true),
            (state(1, id1, &format!("{a}, {b}"), "changed"), false),
            (state(1, id1, a, "in"), false),
        ] {
            assert_eq!(
                comparable(path, base.as_bytes()) == comparable(path, other.as_bytes()),
                same,
                "{other}"
            );
        }
        // Other records keep their serial-like text untouched.
        let txt = Path::new("plan.txt");
        assert_ne!(
            comparable(txt, b"\"serial\": 1"),
            comparable(txt, b"\"serial\": 3")
        );
    }
}

/// Cases whose resource bodies minimod does not render as terraform does
/// yet, with what differs. The list only shrinks: a listed case that
/// matches fails the test, so it is taken off.
const BODY_GAPS: &[(&str, &str)] = &[
    ("provider-schema-stub", "nested blocks (`~ rule {`)"),
    (
        "data-blocks-configured-known",
        "nested blocks of a data source read during apply (`+ statement {`)",
    ),
    (
        "data-blocks-configured-known-fresh",
        "nested blocks of a data source read during apply (`+ statement {`)",
    ),
];

/// The actions section of a human plan, from "will perform the following
/// actions" (or "Changes to Outputs:" when only outputs change) through
/// the output changes, up to the warnings, with ids made comparable.
fn actions_section(text: &str) -> String {
    let text = comparable(Path::new("plan.txt"), text.as_bytes());
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        inside |=
            line.ends_with("will perform the following actions:") || line == "Changes to Outputs:";
        if ["Warning: ", "─", "╷", "Note: "]
            .iter()
            .any(|p| line.starts_with(p))
        {
            break;
        }
        if inside {
            out.push(line);
        }
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out.join("\n")
}

/// Every attribute line of every resource body, as terraform prints it:
/// symbols, alignment, `(known after apply)`, hidden-attribute counts.
#[test]
fn resource_bodies_match_terraform() {
    let mut failures = Vec::new();
    for case in cases().iter().filter(|c| !c.is_error()) {
        let out = run_plan(case, false);
        let got = actions_section(&String::from_utf8_lossy(&out.stdout));
        let want = actions_section(&read(&case.expected().join("plan.txt")));
        let gap = BODY_GAPS.iter().find(|(n, _)| *n == case.name);
        match (got == want, gap) {
            (true, Some(_)) => failures.push(format!(
                "{}: now matches terraform; take it off BODY_GAPS",
                case.name
            )),
            (false, None) => failures.push(format!(
                "{}:\n{}",
                case.name,
                common::unified_diff(&want, &got, ("terraform", "minimod"))
            )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A refactor whose prior state holds a tainted and a deposed object is
/// proven only if terraform would plan no destroy: it plans the tainted
/// one's replacement and the deposed one's destroy (the case's record), so
/// the refactor says what terraform plans and is not proven.
#[test]
fn a_refactor_over_tainted_and_deposed_objects_plans_what_terraform_does() {
    let case = Case::load(corpus_root().join("tainted-and-deposed"));
    let summary = read_json(&case.expected().join("summary.json"));
    let want = format!(
        "Plan: {} to add, {} to change, {} to destroy.",
        summary["add"], summary["change"], summary["destroy"]
    );
    let (code, out, err) = common::outcome(
        &case.root,
        [
            "refactor",
            "old",
            "new",
            "--state",
            "expected/prior.tfstate",
        ],
    );
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.contains(&want), "{want}: {err}");
    assert!(err.contains("Not proven"), "{err}");
}

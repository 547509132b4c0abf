//! The runner: one generated case against terraform and minimod, and the
//! checks that compare them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{Value, json};

use super::common::{self, copy_tree, read, write_file};
use super::generator::{self, Config, Gen, IdAddr, Refactor, Step};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// `minimod refactor old new --state`: checks a-d.
    Refactor,
    /// `minimod plan` on new/ with a random set of moved/removed blocks.
    Plan,
}

#[derive(Clone, Debug)]
pub enum Block {
    Moved(String, String),
    Removed(String, bool),
}

#[derive(Clone)]
pub struct Case {
    pub seed: u64,
    pub target: Target,
    pub old: Config,
    pub new: Config,
    pub track: Vec<(IdAddr, Option<IdAddr>)>,
    pub steps: Vec<Step>,
    pub genuine: bool,
    pub blocks: Vec<Block>,
}

impl Case {
    /// A placeholder for a seed the generator could not build.
    pub fn empty(seed: u64) -> Case {
        let cfg = Config { dirs: vec![] };
        Case {
            seed,
            target: Target::Refactor,
            old: cfg.clone(),
            new: cfg,
            track: vec![],
            steps: vec![],
            genuine: false,
            blocks: vec![],
        }
    }

    pub fn generate(seed: u64) -> Case {
        let mut g = Gen::new(seed);
        let old = g.config();
        let mut rf = Refactor::new(old.clone());
        let allow_genuine = g.rng.chance(25);
        let want = 1 + g.rng.below(3);
        let (mut applied, mut tries) = (0, 0);
        while applied < want && tries < 40 {
            if rf.random_step(&mut g, allow_genuine) {
                applied += 1;
            }
            tries += 1;
        }
        let target = if seed % 3 == 2 {
            Target::Plan
        } else {
            Target::Refactor
        };
        let mut case = Case {
            seed,
            target,
            old,
            new: rf.cfg.clone(),
            track: rf.track.clone(),
            steps: rf.steps.clone(),
            genuine: rf.genuine,
            blocks: vec![],
        };
        // Every tracked object must still have an address: else the
        // generator itself is wrong.
        for (o, n) in &case.track {
            assert!(
                case.old.address(o).is_some(),
                "seed {seed}: old {o:?} has no address"
            );
            if let Some(n) = n {
                assert!(
                    case.new.address(n).is_some(),
                    "seed {seed}: new {n:?} has no address ({:?})",
                    case.steps
                );
            }
        }
        if target == Target::Plan {
            case.blocks = random_blocks(&mut g, &case);
        }
        case
    }

    /// old address → new address of every object that survived.
    pub fn truth(&self) -> BTreeMap<String, String> {
        let mut map = BTreeMap::new();
        for (o, n) in &self.track {
            if let (Some(oa), Some(na)) = (
                self.old.address(o),
                n.as_ref().and_then(|n| self.new.address(n)),
            ) {
                map.insert(oa, na);
            }
        }
        map
    }
}

/// A random set of moved/removed blocks: parts of the true answer (some
/// chained through an intermediate name), and noise.
fn random_blocks(g: &mut Gen, case: &Case) -> Vec<Block> {
    let truth = case.truth();
    let olds: Vec<String> = case.old.instances().into_iter().map(|(_, a)| a).collect();
    let news: Vec<String> = case.new.instances().into_iter().map(|(_, a)| a).collect();
    let mut blocks = Vec::new();
    for (o, n) in &truth {
        if o != n && g.rng.chance(50) {
            if g.rng.chance(20) {
                let (head, key) = split_key(o);
                let mid = format!("{head}_mid{key}");
                blocks.push(Block::Moved(o.clone(), mid.clone()));
                blocks.push(Block::Moved(mid, n.clone()));
            } else {
                blocks.push(Block::Moved(o.clone(), n.clone()));
            }
        }
    }
    for _ in 0..g.rng.below(3) {
        match g.rng.below(4) {
            0 if !olds.is_empty() && !news.is_empty() => {
                let o = g.rng.pick(&olds).clone();
                let n = g.rng.pick(&news).clone();
                blocks.push(Block::Moved(o, n));
            }
            1 | 2 if !olds.is_empty() => {
                let o: &String = g.rng.pick(&olds);
                let (head, _) = split_key(o);
                if !head.contains('[') {
                    blocks.push(Block::Removed(head.to_string(), g.rng.chance(50)));
                }
            }
            3 if !olds.is_empty() => {
                let o = g.rng.pick(&olds);
                if let Some(call) = o.strip_prefix("module.") {
                    let name: String = call
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    blocks.push(Block::Removed(format!("module.{name}"), g.rng.chance(50)));
                }
            }
            _ => {}
        }
    }
    // Shuffle, so order-dependent handling shows.
    for i in (1..blocks.len()).rev() {
        let j = g.rng.below(i + 1);
        blocks.swap(i, j);
    }
    blocks
}

/// `a.b[3]` → (`a.b`, `[3]`).
fn split_key(addr: &str) -> (&str, &str) {
    if addr.ends_with(']')
        && let Some(i) = addr.rfind('[')
    {
        return (&addr[..i], &addr[i..]);
    }
    (addr, "")
}

pub fn render_blocks(blocks: &[Block]) -> String {
    let mut s = String::new();
    for b in blocks {
        match b {
            Block::Moved(f, t) => s += &format!("moved {{\n  from = {f}\n  to   = {t}\n}}\n\n"),
            Block::Removed(f, destroy) => {
                s += &format!(
                    "removed {{\n  from = {f}\n  lifecycle {{\n    destroy = {destroy}\n  }}\n}}\n\n"
                )
            }
        }
    }
    s
}

pub fn write_config(dir: &Path, files: &BTreeMap<String, String>) {
    for (name, text) in files {
        write_file(&dir.join(name), text);
    }
}

/// `terraform ARGS` in `dir` as the recorder runs it, whatever its exit
/// code (a refusal is an answer here); each copy keeps its own `.terraform`.
fn terraform(dir: &Path, args: &[&str]) -> Output {
    common::terraform_command(dir)
        .args(args)
        .env_remove("TF_DATA_DIR")
        .output()
        .expect("terraform runs")
}

/// The first `Error: ` line of a command's output, without that prefix.
pub fn first_error(out: &Output) -> String {
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    text.lines()
        .map(|l| l.trim_start_matches(['│', '╷', ' ']))
        .find_map(|l| l.strip_prefix("Error: "))
        .unwrap_or("(no error line)")
        .to_string()
}

/// A summary without what names one case (addresses after a colon).
pub fn summary_kind(s: &str) -> String {
    s.split(": ").next().unwrap_or(s).trim().to_string()
}

/// One planned change: address → (previous address, actions).
pub type Changes = BTreeMap<String, (Option<String>, String)>;

fn changes_of(json: &Value) -> Changes {
    let mut out = Changes::new();
    for rc in json["resource_changes"].as_array().into_iter().flatten() {
        let addr = rc["address"].as_str().unwrap_or_default().to_string();
        let prev = rc["previous_address"].as_str().map(String::from);
        let actions: Vec<&str> = rc["change"]["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str())
            .collect();
        out.insert(addr, (prev, actions.join(",")));
    }
    out
}

/// add / change / destroy as terraform counts them.
pub fn counts(c: &Changes) -> [u64; 3] {
    let mut n = [0; 3];
    for (_, a) in c.values() {
        for x in a.split(',') {
            match x {
                "create" => n[0] += 1,
                "update" => n[1] += 1,
                "delete" => n[2] += 1,
                _ => {}
            }
        }
    }
    n
}

/// `plan -refresh=false` + `show -json` in an initialized `dir`.
fn tf_plan(dir: &Path) -> Result<Changes, String> {
    let plan = terraform(
        dir,
        &[
            "plan",
            "-refresh=false",
            "-lock=false",
            "-input=false",
            "-no-color",
            "-out=tfplan",
        ],
    );
    if !plan.status.success() {
        return Err(first_error(&plan));
    }
    let show = terraform(dir, &["show", "-json", "-no-color", "tfplan"]);
    let v: Value = serde_json::from_slice(&show.stdout).map_err(|e| format!("show -json: {e}"))?;
    Ok(changes_of(&v))
}

/// What one case showed.
#[derive(Default, Debug, Clone)]
pub struct Outcome {
    pub target: &'static str,
    /// Disagreement categories (empty: none).
    pub cats: Vec<String>,
    /// A generator or environment problem, not a disagreement.
    pub invalid: Option<String>,
    /// A pure refactor whose true mapping terraform proves 0/0/0.
    pub complete_answer: bool,
    pub solved: bool,
    pub refused: bool,
    pub plan_differs: bool,
    pub exit2: bool,
    pub genuine: bool,
    /// No identical twins whose true partners the structure does not
    /// single out (`Twins`): a complete answer here is one minimod should
    /// find (the goal: 99 % of these solved).
    pub structure_decides: bool,
    /// Pairs among such twins that follow the structure instead of the
    /// generator's unobservable choice.
    pub twin_pairs: usize,
    /// What each side said, for case.json.
    pub detail: Value,
}

/// Runs one case in a fresh directory under `tmp`.
pub fn run_case(case: &Case, tmp: &Path) -> Outcome {
    let dir = tmp.join(format!("case-{}", case.seed));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("mkdir");
    let out = run_in(case, &dir);
    let _ = fs::remove_dir_all(&dir);
    out
}

/// Lays out old/, new/ (with the planner's blocks for a plan case) and
/// state.json, as a fuzz-repro directory has them. Returns false when
/// terraform could not apply old/.
pub fn lay_out(case: &Case, dir: &Path) -> Result<(), String> {
    write_config(&dir.join("old"), &case.old.render());
    write_config(&dir.join("new"), &case.new.render());
    if case.target == Target::Plan {
        write_file(
            &dir.join("new/zz_fuzz_moved.tf"),
            &render_blocks(&case.blocks),
        );
    }
    let tf_old = dir.join("tf_old");
    copy_tree(&dir.join("old"), &tf_old);
    let init = terraform(&tf_old, &["init", "-input=false", "-no-color"]);
    if !init.status.success() {
        return Err(format!("init old: {}", first_error(&init)));
    }
    let apply = terraform(
        &tf_old,
        &[
            "apply",
            "-auto-approve",
            "-input=false",
            "-lock=false",
            "-no-color",
        ],
    );
    if !apply.status.success() {
        return Err(format!("apply old: {}", first_error(&apply)));
    }
    fs::copy(tf_old.join("terraform.tfstate"), dir.join("state.json")).expect("state");
    fs::remove_dir_all(&tf_old).expect("rm");
    Ok(())
}

/// A copy of new/ with the state in place and extra files, planned by
/// terraform. `init` runs once per case (tf_init/); the copies reuse its
/// `.terraform` (module installation is all `init` does for
/// `terraform_data`), which saves most of init's cost.
fn plan_new_with(
    dir: &Path,
    name: &str,
    extra: &BTreeMap<String, String>,
) -> Result<Changes, String> {
    let init_dir = dir.join("tf_init");
    if !init_dir.exists() {
        let _ = fs::remove_dir_all(&init_dir);
        copy_tree(&dir.join("new"), &init_dir);
        let init = terraform(&init_dir, &["init", "-input=false", "-no-color"]);
        if !init.status.success() {
            return Err(first_error(&init));
        }
    }
    let w = dir.join(name);
    let _ = fs::remove_dir_all(&w);
    copy_tree(&dir.join("new"), &w);
    // A root without module calls has no .terraform at all.
    if init_dir.join(".terraform").exists() {
        copy_tree(&init_dir.join(".terraform"), &w.join(".terraform"));
    }
    fs::copy(dir.join("state.json"), w.join("terraform.tfstate")).expect("state");
    for (f, text) in extra {
        let p = w.join(f);
        let old = match p.exists() {
            true => read(&p),
            false => String::new(),
        };
        write_file(&p, &(old + text));
    }
    let r = tf_plan(&w);
    let _ = fs::remove_dir_all(&w);
    r
}

fn run_in(case: &Case, dir: &Path) -> Outcome {
    let mut o = Outcome {
        genuine: case.genuine,
        ..Default::default()
    };
    o.target = match case.target {
        Target::Refactor => "refactor",
        Target::Plan => "plan",
    };
    if let Err(e) = lay_out(case, dir) {
        o.invalid = Some(e);
        return o;
    }
    match case.target {
        Target::Refactor => refactor_checks(&case.truth(), case.genuine, dir, &mut o),
        Target::Plan => plan_checks(dir, &mut o),
    }
    o.cats.sort();
    o.cats.dedup();
    o
}

/// Re-runs a fixture written by `write_fixture` (old/, new/, the state
/// terraform wrote, case.json with the true mapping) through the same
/// checks, in a copy under `tmp`: what it shows today.
pub fn replay_fixture(fixture: &Path, tmp: &Path) -> Result<Outcome, String> {
    let case: Value = serde_json::from_str(
        &fs::read_to_string(fixture.join("case.json")).map_err(|e| format!("case.json: {e}"))?,
    )
    .map_err(|e| format!("case.json: {e}"))?;
    let name = fixture
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = tmp.join(format!("replay-{name}"));
    let _ = fs::remove_dir_all(&dir);
    for part in ["old", "new"] {
        copy_tree(&fixture.join(part), &dir.join(part));
    }
    fs::copy(fixture.join("state.json"), dir.join("state.json"))
        .map_err(|e| format!("state.json: {e}"))?;
    let genuine = case["genuine_change"].as_bool().unwrap_or(false);
    let mut o = Outcome {
        genuine,
        ..Default::default()
    };
    match case["target"].as_str() {
        Some("refactor") => {
            o.target = "refactor";
            let truth: BTreeMap<String, String> =
                serde_json::from_value(case["result"]["ground_truth"].clone())
                    .map_err(|e| format!("case.json ground_truth: {e}"))?;
            refactor_checks(&truth, genuine, &dir, &mut o);
        }
        Some("plan") => {
            o.target = "plan";
            plan_checks(&dir, &mut o);
        }
        t => return Err(format!("case.json target {t:?}")),
    }
    let _ = fs::remove_dir_all(&dir);
    o.cats.sort();
    o.cats.dedup();
    Ok(o)
}

fn actions_sig(c: &Changes, addr: &str) -> String {
    c.get(addr)
        .map(|(_, a)| a.clone())
        .unwrap_or_else(|| "absent".into())
}

/// The first address whose actions differ, as "minimod X vs terraform Y".
fn plan_diff(mm: &Changes, tf: &Changes) -> Option<(String, String)> {
    let addrs: BTreeSet<&String> = mm.keys().chain(tf.keys()).collect();
    addrs.into_iter().find_map(|a| {
        let (m, t) = (actions_sig(mm, a), actions_sig(tf, a));
        (m != t).then(|| (a.clone(), format!("minimod {m} vs terraform {t}")))
    })
}

fn mm_plan(dir: &Path) -> Result<Changes, (i32, String)> {
    let out = common::run(
        dir,
        [
            "plan",
            "new",
            "--state",
            "state.json",
            "--json",
            "--engine",
            "terraform",
        ],
    );
    if !out.status.success() {
        return Err((out.status.code().unwrap_or(-1), first_error(&out)));
    }
    match serde_json::from_slice::<Value>(&out.stdout) {
        Ok(v) => Ok(changes_of(&v)),
        Err(e) => Err((-1, format!("minimod plan --json is not JSON: {e}"))),
    }
}

fn plan_checks(dir: &Path, o: &mut Outcome) {
    let tf = plan_new_with(dir, "tf_new", &BTreeMap::new());
    let mm = mm_plan(dir);
    o.detail = json!({
        "terraform": match &tf { Ok(c) => json!(c), Err(e) => json!({"error": e}) },
        "minimod": match &mm { Ok(c) => json!(c), Err((rc, e)) => json!({"exit": rc, "error": e}) },
    });
    match (&mm, &tf) {
        (Ok(m), Ok(t)) => {
            if let Some((_, sig)) = plan_diff(m, t) {
                o.plan_differs = true;
                o.cats.push(format!("plan:differs:{sig}"));
            }
        }
        (Err((_, m)), Err(t)) => {
            if summary_kind(m) != summary_kind(t) {
                o.cats.push(format!(
                    "plan:first-error-differs:minimod {} vs terraform {}",
                    summary_kind(m),
                    summary_kind(t)
                ));
            }
        }
        (Ok(_), Err(t)) => {
            o.plan_differs = true;
            o.cats
                .push(format!("plan:only-terraform-fails:{}", summary_kind(t)));
        }
        (Err((rc, m)), Ok(_)) => {
            o.plan_differs = true;
            o.exit2 = *rc == 2;
            o.cats
                .push(format!("plan:only-minimod-fails:{}", summary_kind(m)));
        }
    }
}

/// Groups minimod's `moves` by the file (relative to new/) they belong in.
fn blocks_by_file(moves: &[Value]) -> BTreeMap<String, String> {
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for m in moves {
        let file = m["file"].as_str().unwrap_or("new/moved.tf");
        let rel = Path::new(file)
            .strip_prefix("new")
            .map(PathBuf::from)
            .unwrap_or_else(|_| PathBuf::from(file));
        let rel = rel.to_string_lossy().trim_start_matches("./").to_string();
        let b = Block::Moved(
            m["from"].as_str().unwrap_or_default().into(),
            m["to"].as_str().unwrap_or_default().into(),
        );
        *files.entry(rel).or_default() += &format!("\n{}", render_blocks(&[b]));
    }
    files
}

fn cmp3(m: u64, t: u64) -> char {
    match m.cmp(&t) {
        std::cmp::Ordering::Less => '<',
        std::cmp::Ordering::Equal => '=',
        std::cmp::Ordering::Greater => '>',
    }
}

fn refactor_checks(truth: &BTreeMap<String, String>, genuine: bool, dir: &Path, o: &mut Outcome) {
    // terraform on new/ alone (check d) and with the true mapping.
    let tf_new = match plan_new_with(dir, "tf_new", &BTreeMap::new()) {
        Ok(c) => c,
        Err(e) => {
            o.invalid = Some(format!("terraform cannot plan new/: {e}"));
            return;
        }
    };
    let implied: BTreeSet<(String, String)> = tf_new
        .iter()
        .filter_map(|(a, (p, _))| p.as_ref().map(|p| (p.clone(), a.clone())))
        .collect();
    let gt_blocks: Vec<Block> = truth
        .iter()
        .filter(|(a, b)| a != b)
        .map(|(a, b)| Block::Moved(a.clone(), b.clone()))
        .collect();
    let gt = plan_new_with(
        dir,
        "tf_gt",
        &BTreeMap::from([("zz_truth_moved.tf".to_string(), render_blocks(&gt_blocks))]),
    );
    o.complete_answer = !genuine && matches!(&gt, Ok(c) if counts(c) == [0, 0, 0]);
    let twins = Twins::of(truth, &dir.join("state.json"));
    o.structure_decides = twins.undecided.is_empty();

    // (c) never exit 2 on valid input.
    let out = common::run(
        dir,
        [
            "refactor",
            "old",
            "new",
            "--state",
            "state.json",
            "--json",
            "--engine",
            "terraform",
        ],
    );
    let rc = out.status.code().unwrap_or(-1);
    let mut detail = json!({
        "ground_truth": truth,
        "truth_plan": match &gt { Ok(c) => json!(counts(c)), Err(e) => json!({"error": e}) },
        "minimod_exit": rc,
    });
    // (d) minimod's plan of new/ agrees with terraform's.
    match mm_plan(dir) {
        Ok(m) => {
            if let Some((addr, sig)) = plan_diff(&m, &tf_new) {
                o.plan_differs = true;
                o.cats.push(format!("d:plan-differs:{sig}"));
                detail["d"] = json!({"address": addr, "differs": sig});
            }
        }
        Err((rc, e)) => {
            o.plan_differs = true;
            o.exit2 |= rc == 2;
            o.cats
                .push(format!("d:minimod-plan-fails:{}", summary_kind(&e)));
            detail["d"] = json!({"minimod_error": e});
        }
    }
    if rc == 2 || !(rc == 0 || rc == 1) {
        o.exit2 = true;
        let e = first_error(&out);
        o.cats.push(format!("c:exit{rc}:{}", summary_kind(&e)));
        detail["minimod_error"] = json!(e);
        o.detail = detail;
        return;
    }
    let v: Value = match serde_json::from_slice(&out.stdout) {
        Ok(v) => v,
        Err(e) => {
            o.cats.push("c:json-unreadable".into());
            detail["minimod_error"] = json!(e.to_string());
            o.detail = detail;
            return;
        }
    };
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    let files = blocks_by_file(&moves);
    detail["minimod_wrote"] = json!(files);
    detail["minimod_plan"] = v["plan"].clone();
    detail["unmatched"] = v["unmatched"].clone();
    let mm_counts = [
        v["plan"]["add"].as_u64().unwrap_or(0),
        v["plan"]["change"].as_u64().unwrap_or(0),
        v["plan"]["destroy"].as_u64().unwrap_or(0),
    ];
    // (b) terraform accepts the blocks and plans what the proof says.
    match plan_new_with(dir, "tf_blk", &files) {
        Err(e) => {
            o.refused = true;
            let claimed = if rc == 0 { ":claimed-proof" } else { "" };
            o.cats
                .push(format!("b:terraform-refuses{claimed}:{}", summary_kind(&e)));
            detail["terraform_error"] = json!(e);
        }
        Ok(tb) => {
            let t = counts(&tb);
            let (mut wrong_pairs, mut twin_pairs) = (Vec::new(), Vec::new());
            detail["terraform_plan_with_blocks"] = json!(t);
            if t != mm_counts {
                o.plan_differs = true;
                o.cats.push(format!(
                    "b:proof-differs:add{}change{}destroy{}",
                    cmp3(mm_counts[0], t[0]),
                    cmp3(mm_counts[1], t[1]),
                    cmp3(mm_counts[2], t[2])
                ));
            }
            // (a) every pair minimod made is a true one.
            // A pair that follows the structure among identical twins the
            // structure does not lead to their true partners is not wrong:
            // no configuration shows the generator's choice (`Twins`).
            let made: BTreeMap<String, String> = tb
                .iter()
                .filter_map(|(a, (p, _))| p.as_ref().map(|p| (p.clone(), a.clone())))
                .collect();
            for (p, a) in made
                .iter()
                .map(|(p, a)| (p.clone(), a.clone()))
                .filter(|pair| !implied.contains(pair) && truth.get(&pair.0) != Some(&pair.1))
            {
                if twins.follows_structure(&p, &a, &made) {
                    twin_pairs.push(format!("{p} -> {a}"));
                } else {
                    wrong_pairs.push(format!("{p} -> {a}"));
                }
            }
            if !wrong_pairs.is_empty() {
                o.cats.push("a:wrong-pair".into());
                detail["wrong_pairs"] = json!(wrong_pairs);
            }
            if !twin_pairs.is_empty() {
                detail["twin_pairs_by_structure"] = json!(twin_pairs);
            }
            o.twin_pairs = twin_pairs.len();
            o.solved = o.complete_answer
                && rc == 0
                && t == [0, 0, 0]
                && wrong_pairs.is_empty()
                && twin_pairs.is_empty();
        }
    }
    o.detail = detail;
}

/// The case as case.json records it.
pub fn case_json(case: &Case, o: &Outcome, cat: &str) -> Value {
    json!({
        "category": cat,
        "categories": o.cats,
        "seed": case.seed,
        "target": o.target,
        "steps": case.steps.iter().map(|s| format!("{}: {}", s.kind, s.detail)).collect::<Vec<_>>(),
        "genuine_change": case.genuine,
        "blocks": render_blocks(&case.blocks),
        "result": o.detail,
    })
}

/// Writes a case as a fixture directory: old/, new/, state.json, case.json, run.sh.
pub fn write_fixture(case: &Case, o: &Outcome, cat: &str, dir: &Path) -> Result<(), String> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    lay_out(case, dir)?;
    fs::write(
        dir.join("case.json"),
        serde_json::to_string_pretty(&case_json(case, o, cat)).expect("json") + "\n",
    )
    .map_err(|e| e.to_string())?;
    let cmd = match case.target {
        Target::Refactor => "minimod refactor old new --state state.json --json --engine terraform",
        Target::Plan => "minimod plan new --state state.json --json --engine terraform",
    };
    fs::write(dir.join("run.sh"), format!("#!/bin/sh\n# reproduce: compare with terraform (init + plan -refresh=false + show -json) on the same inputs\ncd \"$(dirname \"$0\")\"\n{cmd}\n"))
        .map_err(|e| e.to_string())?;
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir.join("run.sh"), fs::Permissions::from_mode(0o755))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Shrinks a case while it still shows `cat`: drops objects, calls,
/// elements, triggers and blocks from both sides at once, so the refactor
/// stays the same refactor.
pub fn shrink(case: &Case, cat: &str, tmp: &Path) -> (Case, Outcome) {
    let still = |c: &Case| -> Option<Outcome> {
        let o = run_case(c, tmp);
        (o.invalid.is_none() && o.cats.iter().any(|x| x == cat)).then_some(o)
    };
    let mut best = case.clone();
    let mut best_o = still(&best).unwrap_or_else(|| run_case(case, tmp));
    let mut progress = true;
    // Each try is a full terraform run: bounded, so a long run's shrinking
    // stays within minutes per category.
    let mut budget = std::env::var("MINIMOD_DIFF_SHRINK_TRIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    while progress && budget > 0 {
        progress = false;
        // Each makes the case one step smaller.
        type Shrink = Box<dyn Fn(&mut Case)>;
        let mut candidates: Vec<Shrink> = Vec::new();
        for i in 0..best.blocks.len() {
            // An earlier success in this pass may have shortened the list.
            candidates.push(Box::new(move |c: &mut Case| {
                if i < c.blocks.len() {
                    c.blocks.remove(i);
                }
            }));
        }
        let (mut rids, mut cids, mut lids) = generator::ids(&best.old);
        let (r2, c2, l2) = generator::ids(&best.new);
        rids.extend(r2);
        cids.extend(c2);
        lids.extend(l2);
        for set in [&mut rids, &mut cids, &mut lids] {
            set.sort();
            set.dedup();
        }
        for cid in cids {
            candidates.push(Box::new(move |c: &mut Case| {
                generator::drop_call(&mut c.old, cid);
                generator::drop_call(&mut c.new, cid);
            }));
        }
        for rid in rids {
            candidates.push(Box::new(move |c: &mut Case| {
                generator::drop_resource(&mut c.old, rid);
                generator::drop_resource(&mut c.new, rid);
            }));
        }
        for lid in lids {
            candidates.push(Box::new(move |c: &mut Case| {
                generator::drop_elem(&mut c.old, lid);
                generator::drop_elem(&mut c.new, lid);
            }));
        }
        candidates.push(Box::new(|c: &mut Case| {
            for cfg in [&mut c.old, &mut c.new] {
                for d in &mut cfg.dirs {
                    for r in &mut d.m.resources {
                        r.triggers = None;
                    }
                }
            }
        }));
        // Outputs left reading nothing once their objects are gone.
        candidates.push(Box::new(|c: &mut Case| {
            for cfg in [&mut c.old, &mut c.new] {
                for d in &mut cfg.dirs {
                    d.m.outputs
                        .retain(|(_, e)| e.iter().any(|p| !matches!(p, generator::Part::Lit(_))));
                }
            }
        }));
        for f in candidates {
            if budget == 0 {
                break;
            }
            let mut c = best.clone();
            f(&mut c);
            if c.old.render() == best.old.render()
                && c.new.render() == best.new.render()
                && c.blocks.len() == best.blocks.len()
            {
                continue;
            }
            budget -= 1;
            if let Some(o) = still(&c) {
                best = c;
                best_o = o;
                progress = true;
            }
        }
    }
    (best, best_o)
}

/// Identical twins and whether the structure decides their partners.
///
/// Twins: objects the refactor moves (true new address differs from the
/// old) of one type whose recorded `input` and `triggers_replace` are
/// equal: nothing in their values tells them apart. For each twin `p`, its
/// *structural partner* is the one target of its class (the true new
/// addresses of its twins) nearest to it: fewest module-path steps
/// inserted, removed or changed (a step's name and key count one each),
/// plus one for a changed resource name and one for a changed key; a tie
/// means none. The structure decides a class when every twin's structural
/// partner is its true partner and, the other way, every target's nearest
/// twin is its true origin. Otherwise the class is truly ambiguous: e.g.
/// a `count` list of identical objects reordered, or `count` turned into
/// `for_each` (every key changes), where any pairing is a guess, except
/// what structure gives: a twin onto its structural partner, and the last
/// twin onto the one target left once every other twin of its class went
/// to its structural partner (elimination).
#[derive(Default)]
pub struct Twins {
    /// old address → its class's index.
    class_of: BTreeMap<String, usize>,
    /// Per class: its twins (old addresses).
    members: Vec<Vec<String>>,
    /// Per class: the true new addresses of its twins.
    targets: Vec<Vec<String>>,
    /// Classes the structure does not decide.
    pub undecided: BTreeSet<usize>,
}

impl Twins {
    pub fn of(truth: &BTreeMap<String, String>, state: &Path) -> Twins {
        let values = fs::read_to_string(state)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .map(|v| state_values(&v))
            .unwrap_or_default();
        let mut classes: BTreeMap<String, Vec<&String>> = BTreeMap::new();
        for (o, n) in truth {
            if o != n
                && let Some(v) = values.get(o)
            {
                classes.entry(v.clone()).or_default().push(o);
            }
        }
        let mut t = Twins::default();
        for members in classes.values().filter(|m| m.len() > 1) {
            let k = t.members.len();
            let targets: Vec<&String> = members.iter().map(|o| &truth[*o]).collect();
            let mut decided = true;
            for o in members {
                decided &= nearest(o, &targets).as_ref() == Some(&truth[*o]);
                t.class_of.insert((*o).clone(), k);
            }
            for o in members {
                decided &= nearest(&truth[*o], members).as_deref() == Some(o.as_str());
            }
            if !decided {
                t.undecided.insert(k);
            }
            t.members
                .push(members.iter().map(|o| (*o).clone()).collect());
            t.targets.push(targets.into_iter().cloned().collect());
        }
        t
    }

    /// `old -> new` pairs an undecided twin as the structure leads: onto
    /// its structural partner, or, once the twins that have one went there
    /// (`made`: old -> new; a twin absent from it stays where it is), onto
    /// the target nearest to it among those left, again and again
    /// (elimination, as minimod decides).
    pub fn follows_structure(&self, old: &str, new: &str, made: &BTreeMap<String, String>) -> bool {
        let Some(&k) = self.class_of.get(old) else {
            return false;
        };
        if !self.undecided.contains(&k) {
            return false;
        }
        let targets = &self.targets[k];
        let went = |o: &String| -> Option<&String> {
            made.get(o).or_else(|| targets.iter().find(|t| *t == o))
        };
        let mut fixed: BTreeMap<&String, String> = BTreeMap::new();
        loop {
            let mut more = false;
            for o in &self.members[k] {
                if fixed.contains_key(o) {
                    continue;
                }
                let left: Vec<&String> = targets
                    .iter()
                    .filter(|t| !fixed.values().any(|f| f == *t))
                    .collect();
                if let Some(p) = nearest(o, &left)
                    && went(o) == Some(&p)
                {
                    fixed.insert(o, p);
                    more = true;
                }
            }
            if !more {
                break;
            }
        }
        fixed.iter().any(|(o, n)| o.as_str() == old && n == new)
    }
}

/// The one address of `among` nearest to `from` (see `Twins`).
fn nearest(from: &str, among: &[&String]) -> Option<String> {
    let a = split_address(from);
    let mut scored: Vec<(usize, &String)> = among
        .iter()
        .map(|c| (distance(&a, &split_address(c)), *c))
        .collect();
    scored.sort();
    match scored.as_slice() {
        [(d, c), rest @ ..] if rest.first().is_none_or(|(e, _)| e > d) => Some((*c).clone()),
        _ => None,
    }
}

/// An address as (module steps as (name, key), resource name, resource key).
type Parts = (Vec<(String, String)>, String, String);

fn split_address(addr: &str) -> Parts {
    // Keys of generated addresses are numbers or simple quoted words.
    let mut steps = Vec::new();
    let mut rest = addr;
    while let Some(r) = rest.strip_prefix("module.") {
        let name_end = r.find(['.', '[']).unwrap_or(r.len());
        let (name, mut tail) = r.split_at(name_end);
        let mut key = String::new();
        if tail.starts_with('[') {
            let end = tail.find(']').map_or(tail.len(), |i| i + 1);
            key = tail[..end].to_string();
            tail = &tail[end..];
        }
        steps.push((name.to_string(), key));
        rest = tail.trim_start_matches('.');
    }
    let (head, key) = split_key(rest);
    let name = head.rsplit('.').next().unwrap_or(head).to_string();
    (steps, name, key.to_string())
}

fn distance(a: &Parts, b: &Parts) -> usize {
    let (sa, sb) = (&a.0, &b.0);
    let mut prev: Vec<usize> = (0..=sb.len()).collect();
    for (x, pa) in sa.iter().enumerate() {
        let mut row = vec![x + 1];
        for (y, pb) in sb.iter().enumerate() {
            let change = usize::from(pa.0 != pb.0) + usize::from(pa.1 != pb.1);
            row.push((prev[y] + change).min(prev[y + 1] + 1).min(row[y] + 1));
        }
        prev = row;
    }
    prev[sb.len()] + usize::from(a.1 != b.1) + usize::from(a.2 != b.2)
}

/// Each managed instance of a state file: address → its type and the
/// values a `terraform_data` is told apart by.
fn state_values(state: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for r in state["resources"].as_array().into_iter().flatten() {
        if r["mode"] != "managed" {
            continue;
        }
        let (ty, name) = (
            r["type"].as_str().unwrap_or_default(),
            r["name"].as_str().unwrap_or_default(),
        );
        let prefix = match r["module"].as_str() {
            Some(m) => format!("{m}.{ty}.{name}"),
            None => format!("{ty}.{name}"),
        };
        for i in r["instances"].as_array().into_iter().flatten() {
            let addr = match &i["index_key"] {
                Value::Null => prefix.clone(),
                k => format!("{prefix}[{k}]"),
            };
            let a = &i["attributes"];
            out.insert(
                addr,
                format!("{ty} {} {}", a["input"], a["triggers_replace"]),
            );
        }
    }
    out
}

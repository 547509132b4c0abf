//! The differential test: generated `terraform_data` configurations and
//! refactors (that know their true mapping), and random moved/removed
//! block sets, run through the real terraform and through minimod.
//! See tests/differential/README.md.
//!
//! `cargo test --test differential` runs a bounded, deterministic live run
//! (`MINIMOD_DIFF_CASES`, default 150; `MINIMOD_DIFF_CASES=0` skips it
//! explicitly) and fails on any disagreement whose category is not listed
//! in tests/differential/known-gaps.txt. `cargo test --test differential
//! -- --ignored` is the long run: it also shrinks one case per category and
//! writes it under tests/differential/found/.

mod common;
#[path = "differential/gen.rs"]
mod generator;
#[path = "differential/run.rs"]
mod run;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use run::{Case, Outcome};

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a number")),
        Err(_) => default,
    }
}

fn here() -> PathBuf {
    common::repo_root().join("tests/differential")
}

fn require_terraform() {
    if let Err(e) = common::terraform(&here(), ["version"]) {
        panic!(
            "the differential test needs terraform on PATH (MINIMOD_DIFF_CASES=0 skips it explicitly): {e}"
        );
    }
}

/// Runs seeds `first..first+n` on `jobs` threads, in seed order.
/// With `MINIMOD_DIFF_DEADLINE_SECS`, no new seed starts after that long
/// (the long run on a shared machine); the report counts what ran.
fn run_all(first: u64, n: u64, jobs: u64, tmp: &Path) -> Vec<(Case, Outcome)> {
    let next = AtomicU64::new(first);
    let start = std::time::Instant::now();
    let deadline = std::env::var("MINIMOD_DIFF_DEADLINE_SECS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| {
                loop {
                    let seed = next.fetch_add(1, Ordering::SeqCst);
                    if seed >= first + n || deadline.is_some_and(|d| start.elapsed().as_secs() >= d)
                    {
                        break;
                    }
                    // A panic (generator bug, IO) is an invalid case, not
                    // the end of the run.
                    let invalid = |e: Box<dyn std::any::Any + Send>| {
                        let msg = e
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                        Outcome {
                            invalid: Some(format!("panic: {}", msg.unwrap_or_default())),
                            ..Default::default()
                        }
                    };
                    let (case, o) = match std::panic::catch_unwind(|| Case::generate(seed)) {
                        Ok(case) => {
                            let o = std::panic::catch_unwind(|| run::run_case(&case, tmp))
                                .unwrap_or_else(invalid);
                            (case, o)
                        }
                        Err(e) => (Case::empty(seed), invalid(e)),
                    };
                    results.lock().expect("lock").push((case, o));
                }
            });
        }
    });
    let mut r = results.into_inner().expect("lock");
    r.sort_by_key(|(c, _)| c.seed);
    r
}

/// The known categories: `CATEGORY<TAB>fuzz-repro` lines.
fn known_gaps() -> BTreeMap<String, String> {
    common::read(&here().join("known-gaps.txt"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (cat, repro) = l.split_once('\t').unwrap_or((l, ""));
            (cat.trim_end().to_string(), repro.trim().to_string())
        })
        .collect()
}

struct Report {
    text: String,
    by_cat: BTreeMap<String, Vec<u64>>,
    invalid: Vec<(u64, String)>,
}

fn report(results: &[(Case, Outcome)]) -> Report {
    let mut by_cat: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    let mut invalid = Vec::new();
    let n = |f: &dyn Fn(&Outcome) -> bool| results.iter().filter(|(_, o)| f(o)).count();
    for (c, o) in results {
        if let Some(e) = &o.invalid {
            invalid.push((c.seed, e.clone()));
        }
        for cat in &o.cats {
            by_cat.entry(cat.clone()).or_default().push(c.seed);
        }
    }
    let mut t = String::new();
    t += "| measure | count |\n|---|---:|\n";
    t += &format!("| cases | {} |\n", results.len());
    t += &format!(
        "| refactor cases (checks a-d) | {} |\n",
        n(&|o| o.target == "refactor")
    );
    t += &format!(
        "| with a genuine change | {} |\n",
        n(&|o| o.target == "refactor" && o.genuine)
    );
    t += &format!(
        "| moved/removed sets (plan check) | {} |\n",
        n(&|o| o.target == "plan")
    );
    t += &format!(
        "| pure refactors whose true mapping terraform proves 0/0/0 | {} |\n",
        n(&|o| o.complete_answer)
    );
    t += &format!(
        "| of those fully solved (every pair found, proven, exit 0) | {} |\n",
        n(&|o| o.solved)
    );
    // The goal (99 % solved) is measured on the refactors whose answer the
    // structure decides (run::Twins); the others are correctly ambiguous.
    let decides = n(&|o| o.complete_answer && o.structure_decides);
    let decides_solved = n(&|o| o.solved && o.structure_decides);
    t += &format!(
        "| of those, identical twins nothing structural decides (truly ambiguous) | {} |\n",
        n(&|o| o.complete_answer && !o.structure_decides)
    );
    t += &format!(
        "| structure-decides refactors solved | {decides_solved} of {decides} ({}) |\n",
        percent(decides_solved, decides)
    );
    t += &format!(
        "| pairs among truly ambiguous twins other than the generator's (not counted wrong) | {} |\n",
        results.iter().map(|(_, o)| o.twin_pairs).sum::<usize>()
    );
    t += &format!(
        "| wrong pairs (a) | {} |\n",
        n(&|o| o.cats.iter().any(|c| c.starts_with("a:")))
    );
    t += &format!("| blocks terraform refused (b) | {} |\n", n(&|o| o.refused));
    t += &format!(
        "| plans that differ (b, d, plan) | {} |\n",
        n(&|o| o.plan_differs)
    );
    t += &format!("| exit 2 on valid input (c) | {} |\n", n(&|o| o.exit2));
    t += &format!(
        "| invalid cases (generator or environment) | {} |\n",
        invalid.len()
    );
    let unsolved: Vec<String> = results
        .iter()
        .filter(|(_, o)| o.complete_answer && o.structure_decides && !o.solved)
        .take(12)
        .map(|(c, _)| c.seed.to_string())
        .collect();
    if !unsolved.is_empty() {
        t += &format!(
            "\nStructure decides, not solved (first seeds): {}\n",
            unsolved.join(", ")
        );
    }
    t += "\n| category | cases | first seeds |\n|---|---:|---|\n";
    for (cat, seeds) in &by_cat {
        let first: Vec<String> = seeds.iter().take(3).map(|s| s.to_string()).collect();
        t += &format!("| `{cat}` | {} | {} |\n", seeds.len(), first.join(", "));
    }
    Report {
        text: t,
        by_cat,
        invalid,
    }
}

/// `x %` with one decimal, or `-` of nothing.
fn percent(x: usize, of: usize) -> String {
    if of == 0 {
        "-".into()
    } else {
        format!("{:.1} %", x as f64 * 100.0 / of as f64)
    }
}

/// Fails on every category not in known-gaps.txt and on invalid cases.
fn judge(r: &Report) {
    let known = known_gaps();
    let unknown: BTreeSet<&String> = r
        .by_cat
        .keys()
        .filter(|c| !known.contains_key(*c))
        .collect();
    let unseen: Vec<&String> = known
        .keys()
        .filter(|c| !r.by_cat.contains_key(*c))
        .collect();
    if !unseen.is_empty() {
        println!(
            "known gaps this run did not show (fixed, or not generated by these seeds): {unseen:?}"
        );
    }
    let mut msg = String::new();
    for c in &unknown {
        msg += &format!(
            "  new disagreement `{c}` (seeds {:?})\n",
            &r.by_cat[*c][..r.by_cat[*c].len().min(5)]
        );
    }
    for (seed, e) in r.invalid.iter().take(5) {
        msg += &format!("  invalid case seed {seed}: {e}\n");
    }
    assert!(
        msg.is_empty(),
        "differential run against terraform:\n{msg}\nRe-run one seed with MINIMOD_DIFF_SEED=N MINIMOD_DIFF_CASES=1; the long run (-- --ignored) shrinks and writes fixtures.\n\n{}",
        r.text
    );
}

#[test]
fn differential_against_terraform() {
    let cases = env_u64("MINIMOD_DIFF_CASES", 150);
    if cases == 0 {
        println!("differential run skipped: MINIMOD_DIFF_CASES=0");
        return;
    }
    // Live only, as every test that asks terraform: CI sets MINIMOD_LIVE,
    // and then a missing terraform fails the run.
    if !common::live() {
        return;
    }
    let first = env_u64("MINIMOD_DIFF_SEED", 1);
    let jobs = env_u64("MINIMOD_DIFF_JOBS", 2);
    let tmp = tempfile::tempdir().expect("tempdir");
    let results = run_all(first, cases, jobs, tmp.path());
    let r = report(&results);
    println!("seeds {first}..{}\n{}", first + cases, r.text);
    // MINIMOD_DIFF_DUMP=DIR writes every disagreeing case, and every one
    // the structure decides that is not solved, unshrunk.
    if let Ok(dump) = std::env::var("MINIMOD_DIFF_DUMP") {
        for (case, o) in results.iter().filter(|(_, o)| {
            !o.cats.is_empty() || (o.complete_answer && o.structure_decides && !o.solved)
        }) {
            let dir = Path::new(&dump).join(format!("{}-{}", o.target, case.seed));
            if let Err(e) =
                run::write_fixture(case, o, o.cats.first().map_or("", |c| c.as_str()), &dir)
            {
                println!("seed {}: {e}", case.seed);
            }
        }
    }
    judge(&r);
}

/// The two-way ratchet of known-gaps.txt, sound whatever seeds a run
/// covers: every fixture under found/ (each shrunk to show its category)
/// is re-run through the same checks. A category a fixture still shows
/// must be listed; a listed category that none of the found/ fixtures its
/// line names shows any more is fixed, and its line must go. Live only.
#[test]
fn found_fixtures_replay() {
    if !common::live() {
        return;
    }
    let known = known_gaps();
    let tmp = tempfile::tempdir().expect("tempdir");
    let fixtures = common::case_dirs(&here().join("found"), "case.json");
    let mut shown: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut msg = String::new();
    for f in &fixtures {
        let name = common::name_of(f);
        match run::replay_fixture(f, tmp.path()) {
            Ok(o) => {
                if let Some(e) = &o.invalid {
                    msg += &format!("  found/{name}: invalid: {e}\n");
                }
                for c in o.cats {
                    if !known.contains_key(&c) {
                        msg += &format!("  found/{name} shows `{c}`, not in known-gaps.txt\n");
                    }
                    shown.entry(c).or_default().push(name.clone());
                }
            }
            Err(e) => msg += &format!("  found/{name}: {e}\n"),
        }
    }
    for (cat, repro) in &known {
        let named: Vec<&str> = repro
            .split([',', ' '])
            .filter_map(|w| w.trim().strip_prefix("found/"))
            .collect();
        if named.is_empty() {
            msg += &format!("  known gap `{cat}` names no found/ fixture to check it by\n");
            continue;
        }
        let still = named
            .iter()
            .any(|n| shown.get(cat).is_some_and(|s| s.iter().any(|x| x == n)));
        if !still {
            msg += &format!(
                "  known gap `{cat}` no longer shows in {named:?}: fixed, remove its line\n"
            );
        }
    }
    assert!(
        msg.is_empty(),
        "found/ fixtures against known-gaps.txt:\n{msg}"
    );
}

/// The twin rule of the measure: a wrap keeps each twin in its instance
/// (the structure decides); a reorder of identical count elements, or
/// count turned into for_each, leaves nothing that decides.
#[test]
fn twins_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path().join("state.json");
    let inst = |k: serde_json::Value| serde_json::json!({"index_key": k, "attributes": {"input": "same", "triggers_replace": null}});
    common::write_file(
        &state,
        &serde_json::json!({"resources": [
            {"module": "module.svc[\"a\"]", "mode": "managed", "type": "terraform_data", "name": "x", "instances": [inst(serde_json::Value::Null)]},
            {"module": "module.svc[\"b\"]", "mode": "managed", "type": "terraform_data", "name": "x", "instances": [inst(serde_json::Value::Null)]},
            {"mode": "managed", "type": "terraform_data", "name": "v", "instances": [inst(0.into()), inst(1.into()), inst(2.into())]},
        ]})
        .to_string(),
    );
    let t = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let wrap = t(&[
        (
            "module.svc[\"a\"].terraform_data.x",
            "module.w.module.svc[\"a\"].terraform_data.x",
        ),
        (
            "module.svc[\"b\"].terraform_data.x",
            "module.w.module.svc[\"b\"].terraform_data.x",
        ),
    ]);
    let tw = run::Twins::of(&wrap, &state);
    assert!(tw.undecided.is_empty());
    assert!(!tw.follows_structure(
        "module.svc[\"a\"].terraform_data.x",
        "module.w.module.svc[\"b\"].terraform_data.x",
        &BTreeMap::new()
    ));
    let reorder = t(&[
        ("terraform_data.v[0]", "terraform_data.u[1]"),
        ("terraform_data.v[1]", "terraform_data.u[0]"),
    ]);
    let tw = run::Twins::of(&reorder, &state);
    assert_eq!(tw.undecided.len(), 1);
    let by_keys = t(&[
        ("terraform_data.v[0]", "terraform_data.u[0]"),
        ("terraform_data.v[1]", "terraform_data.u[1]"),
    ]);
    assert!(tw.follows_structure("terraform_data.v[0]", "terraform_data.u[0]", &by_keys));
    let to_for_each = t(&[
        ("terraform_data.v[0]", "terraform_data.v[\"a\"]"),
        ("terraform_data.v[1]", "terraform_data.v[\"b\"]"),
    ]);
    let tw = run::Twins::of(&to_for_each, &state);
    assert_eq!(tw.undecided.len(), 1);
    // No structural partner at all: any pair would be a guess.
    assert!(!tw.follows_structure(
        "terraform_data.v[0]",
        "terraform_data.v[\"a\"]",
        &BTreeMap::new()
    ));
    // Twins v[0] and v[2] renamed and reordered: v[2] keeping its key is
    // its structural partner, and v[0] then takes the one left.
    let reordered = t(&[
        ("terraform_data.v[0]", "terraform_data.w[2]"),
        ("terraform_data.v[2]", "terraform_data.w[1]"),
    ]);
    let tw = run::Twins::of(&reordered, &state);
    assert_eq!(tw.undecided.len(), 1);
    let by_keys = t(&[
        ("terraform_data.v[0]", "terraform_data.w[1]"),
        ("terraform_data.v[2]", "terraform_data.w[2]"),
    ]);
    assert!(tw.follows_structure("terraform_data.v[0]", "terraform_data.w[1]", &by_keys));
    // The other way round nothing structural holds: a guess.
    let guess = t(&[
        ("terraform_data.v[0]", "terraform_data.w[2]"),
        ("terraform_data.v[2]", "terraform_data.w[1]"),
    ]);
    assert!(!tw.follows_structure("terraform_data.v[2]", "terraform_data.w[1]", &guess));
}

/// The generator is deterministic: the same seed gives the same case.
#[test]
fn generator_is_deterministic() {
    for seed in [1, 2, 3, 77, 1234] {
        let (a, b) = (Case::generate(seed), Case::generate(seed));
        assert_eq!(a.old.render(), b.old.render());
        assert_eq!(a.new.render(), b.new.render());
        assert_eq!(a.truth(), b.truth());
        assert_eq!(run::render_blocks(&a.blocks), run::render_blocks(&b.blocks));
    }
}

/// Without terraform: the true mapping of many seeds is consistent (each
/// old address once, each new address once, every new address declared).
#[test]
fn generator_truth_is_a_bijection() {
    for seed in (1..400).chain(100_000..101_500) {
        let c = Case::generate(seed);
        // Every reference renders in the module that holds it.
        let _ = (c.old.render(), c.new.render());
        let news: BTreeSet<String> = c.new.instances().into_iter().map(|(_, a)| a).collect();
        let olds: BTreeSet<String> = c.old.instances().into_iter().map(|(_, a)| a).collect();
        let truth = c.truth();
        let targets: BTreeSet<&String> = truth.values().collect();
        assert_eq!(
            targets.len(),
            truth.len(),
            "seed {seed}: two objects map to one address"
        );
        for (o, n) in &truth {
            assert!(olds.contains(o), "seed {seed}: {o} is not an old address");
            assert!(news.contains(n), "seed {seed}: {n} is not a new address");
        }
        if !c.genuine {
            assert_eq!(
                truth.len(),
                olds.len(),
                "seed {seed}: a pure refactor keeps every object"
            );
            assert_eq!(
                news.len(),
                olds.len(),
                "seed {seed}: a pure refactor adds nothing"
            );
        }
    }
}

/// The long run: `MINIMOD_DIFF_CASES` (default 5000) from
/// `MINIMOD_DIFF_SEED`; shrinks the first case of every category and
/// writes it to `MINIMOD_DIFF_FOUND` (default tests/differential/found/).
#[test]
#[ignore]
fn differential_long_run() {
    require_terraform();
    let cases = env_u64("MINIMOD_DIFF_CASES", 5000);
    let first = env_u64("MINIMOD_DIFF_SEED", 100_000);
    let jobs = env_u64("MINIMOD_DIFF_JOBS", 2);
    let found = std::env::var("MINIMOD_DIFF_FOUND")
        .map(PathBuf::from)
        .unwrap_or_else(|_| here().join("found"));
    // The commit the run started from (a long run outlives later commits).
    let head = git_head();
    let tmp = tempfile::tempdir().expect("tempdir");
    let results = run_all(first, cases, jobs, tmp.path());
    let r = report(&results);
    let last = results.last().map_or(first, |(c, _)| c.seed + 1);
    let header = format!("seeds {first}..{last}, terraform 1.11.4, minimod at {head}\n\n");
    common::write_file(&found.join("summary.md"), &format!("{header}{}", r.text));
    println!("{header}{}", r.text);
    if std::env::var("MINIMOD_DIFF_SHRINK").as_deref() != Ok("0") {
        // One shrinker per category, `jobs` at a time.
        let cats: Vec<(&String, &Vec<u64>)> = r.by_cat.iter().collect();
        let next = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..jobs.max(1) {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst) as usize;
                        let Some((cat, seeds)) = cats.get(i) else {
                            break;
                        };
                        let (case, _) = results
                            .iter()
                            .find(|(c, _)| c.seed == seeds[0])
                            .expect("case");
                        let (small, o) = run::shrink(case, cat, tmp.path());
                        let slug: String = cat
                            .chars()
                            .map(|c| match c {
                                '<' => "-lt-".to_string(),
                                '>' => "-gt-".to_string(),
                                '=' => "-eq-".to_string(),
                                c if c.is_ascii_alphanumeric() || c == '-' => c.to_string(),
                                _ => "_".to_string(),
                            })
                            .collect();
                        let slug = slug
                            .trim_matches(['_', '-'])
                            .chars()
                            .take(80)
                            .collect::<String>();
                        let dir = found.join(format!("{slug}-{}", case.seed));
                        match run::write_fixture(&small, &o, cat, &dir) {
                            Ok(()) => println!("shrunk `{cat}` to {}", dir.display()),
                            Err(e) => println!("could not write `{cat}`: {e}"),
                        }
                    }
                });
            }
        });
    }
    judge(&r);
}

fn git_head() -> String {
    let out = common::git(&common::repo_root(), &["rev-parse", "--short", "HEAD"]);
    common::stdout(&out).trim().to_string()
}

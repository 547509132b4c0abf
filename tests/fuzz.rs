//! Fuzzing on stable Rust, inside `cargo test`: seeded, deterministic
//! mutations of the repository's own corpora are fed to the loader (parser,
//! decoder, module tree), the evaluator, the planner, the state reader and,
//! for a sample, the binary's commands. Every case must end without a panic,
//! within a time budget, and an error must carry a diagnostic; mutations
//! that always make an input invalid must be reported as errors.
//!
//! `MINIMOD_FUZZ_CASES=N` (default 2000: N expressions, N states and N/5
//! configurations, about a minute in a debug build) and `MINIMOD_FUZZ_SEED=S`
//! run it longer or elsewhere. A failure names the seed and case; the input
//! is written to `target/fuzz-failures/`. Every crash found becomes a
//! fixture under `tests/fuzz/regressions/`, which always runs.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use minimod::{
    Diagnostics, LoadOptions, Run, RunOptions, SourceFile, SourceMap, State, Walk,
    collect_root_inputs, detect_engine, load_config, parse_expr,
};

/// Per case, in a debug build on a busy machine; a hang is far longer.
const CASE_BUDGET: Duration = Duration::from_secs(20);

fn cases_wanted() -> usize {
    std::env::var("MINIMOD_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

fn seed() -> u64 {
    std::env::var("MINIMOD_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_2026)
}

/// splitmix64: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A configuration directory of a corpus, with the file a case mutates.
#[derive(Clone)]
struct Seed {
    dir: PathBuf,
    files: Vec<PathBuf>,
}

fn config_seeds() -> Vec<Seed> {
    let mut out = Vec::new();
    let roots = [
        common::repo_root().join("tests/corpus/configs"),
        common::repo_root().join("tests/corpus/config-errors"),
        common::repo_root().join("tests/corpus/plans"),
        common::repo_root().join("fixtures/refactors"),
    ];
    for root in roots {
        let Ok(rd) = std::fs::read_dir(&root) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            // A refactor fixture holds two configurations.
            for dir in [d.clone(), d.join("old"), d.join("new")] {
                let files = config_files(&dir);
                if !files.is_empty() {
                    out.push(Seed { dir, files });
                }
            }
        }
    }
    out
}

fn config_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let n = p.to_string_lossy();
            // Only what the loader reads without arguments.
            p.is_file()
                && (n.ends_with(".tf")
                    || n.ends_with(".tf.json")
                    || n.ends_with("/terraform.tfvars")
                    || n.ends_with("/terraform.tfvars.json")
                    || n.ends_with(".auto.tfvars")
                    || n.ends_with(".auto.tfvars.json"))
        })
        .collect();
    files.sort();
    files
}

/// What a mutation did, and whether the result can only be an error.
struct Mutated {
    what: String,
    bytes: Vec<u8>,
    must_fail: bool,
}

fn deep(open: &str, close: &str, n: usize) -> String {
    format!("{}{}", open.repeat(n), close.repeat(n))
}

/// One kind of mutation of a file (native syntax or JSON, by the flag):
/// it changes the bytes and says what it did and whether the result can
/// only be an error.
type Mutation = fn(&mut Rng, &mut Vec<u8>, bool) -> (String, bool);

/// Every kind, picked uniformly. The native-only ones (heredoc, template,
/// costly configuration) stand for `costly_expression` in JSON.
const MUTATIONS: [Mutation; 18] = [
    flip_bytes,
    truncate,
    delete_brace,
    duplicate,
    nest_deep,
    huge_number,
    long_text,
    invalid_utf8,
    nul_byte,
    bom,
    crlf,
    unterminated_heredoc,
    unterminated_template,
    many_splats,
    splice_piece,
    costly_expression,
    costly_configuration,
    remote_call,
];

/// One mutation of `input` (a native or JSON file, by `json`).
fn mutate(rng: &mut Rng, input: &[u8], json: bool) -> Mutated {
    let mut bytes = input.to_vec();
    let mut kind = rng.below(MUTATIONS.len());
    if json && (kind == 11 || kind == 12 || kind == 16 || kind == 17) {
        kind = 15;
    }
    let (what, must_fail) = MUTATIONS[kind](rng, &mut bytes, json);
    Mutated {
        what,
        bytes,
        must_fail,
    }
}

/// A place in `b`, its end included.
fn at(rng: &mut Rng, b: &[u8]) -> usize {
    rng.below(b.len() + 1)
}

// A `Mutation`, whose `Vec` the others grow and shrink.
#[allow(clippy::ptr_arg)]
fn flip_bytes(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let n = 1 + rng.below(4);
    for _ in 0..n {
        if !b.is_empty() {
            let i = rng.below(b.len());
            b[i] = rng.next() as u8;
        }
    }
    (format!("{n} byte flips"), false)
}

fn truncate(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let i = at(rng, b);
    b.truncate(i);
    (format!("truncated at {i}"), false)
}

fn delete_brace(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let braces: Vec<usize> = (0..b.len())
        .filter(|i| b"{}[]()".contains(&b[*i]))
        .collect();
    if braces.is_empty() {
        return ("no brace to delete".into(), false);
    }
    let i = *rng.pick(&braces);
    b.remove(i);
    (
        format!("deleted {:?} at {i}", b.get(i).map(|c| *c as char)),
        false,
    )
}

fn duplicate(_: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let copy = b.clone();
    b.push(b'\n');
    b.extend(copy);
    ("file duplicated".into(), false)
}

fn nest_deep(rng: &mut Rng, b: &mut Vec<u8>, json: bool) -> (String, bool) {
    if json {
        let n = 100 + rng.below(5000);
        *b = format!("{{\"locals\": {{\"x\": {}}}}}", deep("[", "]", n)).into_bytes();
        (format!("JSON nested {n} deep"), true)
    } else {
        let n = 65 + rng.below(5000);
        b.extend(format!("\nlocals {{\n  fuzz_deep = {}\n}}\n", deep("[", "]", n)).bytes());
        (format!("native nested {n} deep"), true)
    }
}

fn huge_number(rng: &mut Rng, b: &mut Vec<u8>, json: bool) -> (String, bool) {
    let digits: String = (0..1 + rng.below(600))
        .map(|_| char::from(b'1' + rng.below(9) as u8))
        .collect();
    let exp = if rng.below(2) == 0 {
        format!("e{}", rng.next() % 100_000)
    } else {
        String::new()
    };
    let num = format!("{digits}{exp}");
    let pos: Vec<usize> = (0..b.len()).filter(|i| b[*i].is_ascii_digit()).collect();
    if pos.is_empty() || rng.below(2) == 0 {
        if json {
            *b = format!(
                "{{\"resource\": {{\"terraform_data\": {{\"n\": {{\"count\": {num}}}}}}}}}"
            )
            .into_bytes();
            return (format!("count {num}"), false);
        }
        b.extend(
            format!("\nresource \"terraform_data\" \"fuzz_n\" {{\n  count = {num}\n}}\n").bytes(),
        );
    } else {
        let i = *rng.pick(&pos);
        b.splice(i..i + 1, num.bytes());
    }
    (format!("huge number {}…", &num[..num.len().min(20)]), false)
}

fn long_text(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let n = 1 + rng.below(200_000);
    let s = "x".repeat(n);
    let i = at(rng, b);
    b.splice(i..i, s.bytes());
    (format!("{n} bytes of text at {i}"), false)
}

fn invalid_utf8(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let i = at(rng, b);
    b.insert(i, 0xff);
    ("invalid UTF-8".into(), true)
}

fn nul_byte(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let i = at(rng, b);
    b.insert(i, 0);
    (format!("NUL at {i}"), false)
}

fn bom(_: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    b.splice(0..0, [0xef, 0xbb, 0xbf]);
    ("BOM".into(), false)
}

fn crlf(_: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let mut out = Vec::with_capacity(b.len());
    for c in b.iter() {
        if *c == b'\n' {
            out.push(b'\r');
        }
        out.push(*c);
    }
    *b = out;
    ("CRLF".into(), false)
}

fn unterminated_heredoc(_: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    b.extend(b"\nlocals {\n  fuzz_heredoc = <<EOT\nnever ends\n");
    ("unterminated heredoc".into(), true)
}

fn unterminated_template(_: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    b.extend(b"\nlocals {\n  fuzz_template = \"${upper(\"a\")\n}\n");
    ("unterminated template".into(), true)
}

fn many_splats(rng: &mut Rng, b: &mut Vec<u8>, json: bool) -> (String, bool) {
    let n = 1 + rng.below(30_000);
    if json {
        let e = format!("\"${{[1]{}}}\"", "[*]".repeat(n));
        *b = format!("{{\"locals\": {{\"x\": {e}}}}}").into_bytes();
    } else {
        let e = format!("[1]{}", "[*]".repeat(n));
        b.extend(format!("\nlocals {{\n  fuzz_splat = {e}\n}}\n").bytes());
    }
    (format!("{n} splats"), n > 64 && !json)
}

/// A piece of the file moved elsewhere.
fn splice_piece(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    if b.len() > 2 {
        let s = rng.below(b.len());
        let e = (s + 1 + rng.below(200)).min(b.len());
        let piece: Vec<u8> = b[s..e].to_vec();
        let i = rng.below(b.len());
        b.splice(i..i, piece);
    }
    ("spliced".into(), false)
}

/// Expressions whose naive evaluation takes unbounded time or memory.
const COSTLY_EXPRESSIONS: [&str; 14] = [
    "format(\"%.70000f\", 1)",
    "format(\"%99999999d\", 1)",
    "[for i in range(64): [for j in range(64): i * j]]",
    "setproduct(range(1024), range(1024), range(1024))",
    "file(\"/dev/zero\")",
    "range(1e18)",
    "jsondecode(\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\")",
    "\"${\"${\"${\"${\"${\"${\"${\"${1}\"}\"}\"}\"}\"}\"}\"}\"",
    "substr(\"abc\", 9223372036854775807, 9223372036854775807)",
    "pow(10, 400000)",
    "[for i in range(1000) : [for j in range(100) : format(\"%1000000d\", j)]]",
    "[for i in range(1000) : formatlist(\"%1000000d\", range(100))]",
    "join(format(\"%1000000d\", 1), range(1000))",
    "replace(format(\"%1000000d\", 1), \"\", format(\"%1000d\", 1))",
];

fn costly_expression(rng: &mut Rng, b: &mut Vec<u8>, json: bool) -> (String, bool) {
    let e = *rng.pick(&COSTLY_EXPRESSIONS);
    if json {
        *b = format!(
            "{{\"locals\": {{\"x\": {}}}}}",
            serde_json::to_string(&format!("${{{e}}}")).unwrap()
        )
        .into_bytes();
    } else {
        b.extend(format!("\nlocals {{\n  fuzz_expr = {e}\n}}\noutput \"fuzz_expr\" {{\n  value = local.fuzz_expr\n}}\n").bytes());
    }
    (format!("expression {e}"), false)
}

/// Blocks whose naive expansion takes unbounded time or memory: a module
/// that calls its own directory, and a string that doubles across 40
/// locals. Each must end in a diagnostic.
fn costly_configuration(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    if rng.below(2) == 0 {
        for name in ["fuzz_a", "fuzz_b"] {
            b.extend(format!("\nmodule \"{name}\" {{\n  source = \"./\"\n}}\n").bytes());
        }
        return ("a module calling itself twice".into(), true);
    }
    b.extend(b"\nlocals {\n  fuzz_s0 = \"xx\"\n");
    for i in 1..=40 {
        let p = i - 1;
        b.extend(format!("  fuzz_s{i} = \"${{local.fuzz_s{p}}}${{local.fuzz_s{p}}}\"\n").bytes());
    }
    b.extend(b"}\noutput \"fuzz_s\" {\n  value = length(local.fuzz_s40)\n}\n");
    ("40 doublings across locals".into(), true)
}

/// A registry or git module call that is not installed (an opaque unit to
/// `refactor`), repeated in one of the ways a call can be, with an
/// argument and a reader of one of its outputs.
fn remote_call(rng: &mut Rng, b: &mut Vec<u8>, _: bool) -> (String, bool) {
    let source = [
        "terraform-aws-modules/vpc/aws\"\n  version = \"~> 5.0",
        "git::https://example.com/m.git//sub?ref=v1",
        "app.terraform.io/org/name/aws\"\n  version = \">= 1, < 2",
        "github.com/org/repo",
    ][rng.below(4)];
    let repeat = ["", "  count = 2\n", "  for_each = toset([\"a\", \"b\"])\n"][rng.below(3)];
    let read = match repeat {
        "" => "module.fuzz_remote.id",
        r if r.contains("count") => "module.fuzz_remote[0].id",
        _ => "module.fuzz_remote[\"a\"].id",
    };
    b.extend(
        format!(
            "\nmodule \"fuzz_remote\" {{\n  source = \"{source}\"\n{repeat}  name = \"x\"\n}}\n\nresource \"terraform_data\" \"fuzz_reader\" {{\n  input = {read}\n}}\n"
        )
        .bytes(),
    );
    ("a remote module call".into(), false)
}

/// The outcome of one case: did the input load (and plan) or fail with
/// diagnostics.
enum Outcome {
    Ok,
    Failed(Diagnostics),
}

/// Load, evaluate everything and plan against an empty state: what
/// `addresses`, `outputs` and `plan` do.
fn load_and_plan(dir: &Path) -> Outcome {
    let mut sources = SourceMap::default();
    let cfg = match load_config(dir, &LoadOptions::default(), &mut sources) {
        Ok(c) => c,
        Err(d) => return Outcome::Failed(d),
    };
    let inputs = match collect_root_inputs(&cfg.module, dir, &[], &[], &mut sources) {
        Ok((i, _)) => i,
        Err(d) => return Outcome::Failed(d),
    };
    let run = Run::new(&cfg, inputs.clone(), RunOptions::default());
    if let Err(d) = run.check_all() {
        return Outcome::Failed(d);
    }
    if let Err(d) = run.root_outputs() {
        return Outcome::Failed(d);
    }
    let engine = detect_engine(dir);
    match minimod::plan_configuration(
        &cfg,
        inputs,
        &State::new("1.11.0"),
        engine,
        &[],
        RunOptions::default(),
    ) {
        Ok(_) => Outcome::Ok,
        Err(d) => Outcome::Failed(d),
    }
}

/// A job for the worker thread: a description and the work itself.
type Job = (String, Box<dyn FnOnce() -> Result<(), String> + Send>);

/// Runs jobs one after another on a thread with the main thread's stack
/// size, each under `catch_unwind`, and gives each [`CASE_BUDGET`].
/// Returns the failures.
fn run_jobs(jobs: Vec<Job>) -> Vec<String> {
    let (done_tx, done_rx) = mpsc::channel::<(usize, Result<(), String>)>();
    let names: Vec<String> = jobs.iter().map(|(n, _)| n.clone()).collect();
    let total = jobs.len();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            for (i, (_, job)) in jobs.into_iter().enumerate() {
                let r = match catch_unwind(AssertUnwindSafe(job)) {
                    Ok(r) => r,
                    Err(p) => Err(format!(
                        "panicked: {}",
                        p.downcast_ref::<String>()
                            .map(String::as_str)
                            .or_else(|| p.downcast_ref::<&str>().copied())
                            .unwrap_or("?")
                    )),
                };
                if done_tx.send((i, r)).is_err() {
                    return;
                }
            }
        })
        .unwrap();
    let mut failures = Vec::new();
    for expected in 0..total {
        match done_rx.recv_timeout(CASE_BUDGET) {
            Ok((i, Ok(()))) => assert_eq!(i, expected),
            Ok((i, Err(e))) => failures.push(format!("{}: {e}", names[i])),
            Err(_) => {
                failures.push(format!(
                    "{}: no answer within {CASE_BUDGET:?} (hang)",
                    names[expected]
                ));
                // The worker is stuck; the process ends with the test.
                return failures;
            }
        }
    }
    failures
}

fn save_failure(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = common::repo_root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(100)
        .collect();
    let path = dir.join(safe);
    let _ = std::fs::write(&path, bytes);
    path
}

/// Checks one outcome against what the mutation promised.
fn judge(outcome: Outcome, must_fail: bool) -> Result<(), String> {
    match outcome {
        Outcome::Ok if must_fail => Err("accepted an input that can only be invalid".into()),
        Outcome::Ok => Ok(()),
        Outcome::Failed(d) if !d.has_errors() => {
            Err(format!("failed without an error diagnostic: {d:?}"))
        }
        Outcome::Failed(_) => Ok(()),
    }
}

#[test]
fn mutated_configurations_never_panic_or_hang() {
    let seeds = config_seeds();
    assert!(seeds.len() > 50, "corpora not found");
    let mut rng = Rng(seed());
    // A configuration case loads, evaluates and plans a whole directory.
    let n = cases_wanted().div_ceil(5);
    let scratch = tempfile::tempdir().unwrap();
    let mut jobs: Vec<Job> = Vec::new();
    let mut binary_cases = Vec::new();
    for case in 0..n {
        let seed_dir = rng.pick(&seeds).clone();
        let file = rng.pick(&seed_dir.files).clone();
        let original = std::fs::read(&file).unwrap();
        let json = file.to_string_lossy().ends_with(".json");
        let m = mutate(&mut rng, &original, json);
        let dir = scratch.path().join(format!("case{case}"));
        common::copy_tree_except(&seed_dir.dir, &dir, &["expected", ".terraform"]);
        let target = dir.join(file.file_name().unwrap());
        std::fs::write(&target, &m.bytes).unwrap();
        let name = format!(
            "seed {} case {case} ({} in {}: {})",
            seed(),
            file.file_name().unwrap().to_string_lossy(),
            seed_dir
                .dir
                .strip_prefix(common::repo_root())
                .unwrap_or(&seed_dir.dir)
                .display(),
            m.what
        );
        // One case in 40 also goes through the binary's commands.
        if case % 40 == 0 {
            binary_cases.push((
                name.clone(),
                seed_dir.dir.clone(),
                dir.clone(),
                m.bytes.clone(),
            ));
        }
        // Under OpenTofu's rules `x.tofu` hides `x.tf`: a mutation of a
        // hidden file changes nothing.
        let stem = file
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".tf.json", "")
            .replace(".tf", "");
        let hidden = seed_dir.dir.join(format!("{stem}.tofu")).exists()
            || seed_dir.dir.join(format!("{stem}.tofu.json")).exists();
        let must_fail = m.must_fail && !hidden;
        let bytes = m.bytes;
        let job_name = name.clone();
        jobs.push((
            name,
            Box::new(move || {
                let r = judge(load_and_plan(&dir), must_fail);
                if r.is_err() {
                    save_failure(&job_name, &bytes);
                }
                let _ = std::fs::remove_dir_all(&dir);
                r
            }),
        ));
    }
    let mut failures = run_jobs(jobs);
    for (name, old, new, bytes) in binary_cases {
        for args in [
            vec!["plan".as_ref(), new.as_os_str()],
            vec!["refactor".as_ref(), old.as_os_str(), new.as_os_str()],
        ] {
            if let Err(e) = run_binary(&args) {
                save_failure(&name, &bytes);
                failures.push(format!("{name}: {e}"));
            }
        }
        let _ = std::fs::remove_dir_all(&new);
    }
    assert!(
        failures.is_empty(),
        "{} of {n} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Runs the binary with a time budget; exit codes 0, 1 and 2 are answers,
/// anything else (101 for a panic, a signal) is a crash.
fn run_binary(args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let mut child = common::minimod(&common::repo_root())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) => {
                let mut err = String::new();
                if let Some(mut s) = child.stderr.take() {
                    use std::io::Read;
                    let _ = s.read_to_string(&mut err);
                }
                return match status.code() {
                    Some(0..=2) => Ok(()),
                    _ => Err(format!(
                        "{args:?} ended with {status}: {}",
                        err.lines().take(5).collect::<Vec<_>>().join(" | ")
                    )),
                };
            }
            None if start.elapsed() > CASE_BUDGET * 3 => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{args:?} did not finish within {:?}",
                    CASE_BUDGET * 3
                ));
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// Expressions of the console corpus, mutated, evaluated in the corpus's
/// configuration.
#[test]
fn mutated_expressions_never_panic_or_hang() {
    let mut exprs = Vec::new();
    let dir = common::repo_root().join("tests/corpus/expressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "exprs"))
        .collect();
    files.sort();
    for f in files {
        for line in std::fs::read_to_string(&f).unwrap().lines() {
            if !line.is_empty() && !line.starts_with('#') {
                exprs.push(line.to_string());
            }
        }
    }
    assert!(exprs.len() > 100, "expression corpus not found");
    let mut rng = Rng(seed() ^ 0xe);
    let n = cases_wanted();
    let mut cases = Vec::new();
    for case in 0..n {
        let e = rng.pick(&exprs).clone();
        let m = mutate(&mut rng, e.as_bytes(), false);
        // Expression mutations that append blocks make no sense here.
        let text = String::from_utf8_lossy(&m.bytes).into_owned();
        let text = if m.what.starts_with("expression ")
            || m.what.starts_with("native nested")
            || m.what.starts_with("unterminated")
            || m.what.ends_with("splats")
        {
            let other = rng.pick(&exprs).clone();
            format!("[{e}, {}]", other)
        } else {
            text
        };
        cases.push((
            format!("seed {} case {case} ({}: {text:.120})", seed(), m.what),
            text,
        ));
    }
    let config_dir = common::repo_root().join("tests/corpus/expr-config");
    let jobs: Vec<Job> = vec![(
        "expressions".into(),
        Box::new(move || {
            let mut sources = SourceMap::default();
            let cfg = load_config(&config_dir, &LoadOptions::default(), &mut sources)
                .map_err(|d| format!("{d:?}"))?;
            let (inputs, _) = collect_root_inputs(&cfg.module, &config_dir, &[], &[], &mut sources)
                .map_err(|d| format!("{d:?}"))?;
            let opts = RunOptions {
                walk: Walk::Eval,
                unset_variables_unknown: true,
                cwd: config_dir.clone(),
                ..RunOptions::default()
            };
            let mut failures = Vec::new();
            for (name, text) in cases {
                let run = Run::new(&cfg, inputs.clone(), opts.clone());
                let file = SourceFile::new("<console-input>", &text);
                let r = catch_unwind(AssertUnwindSafe(|| match parse_expr(&file, &text, 0) {
                    Err(d) if !d.has_errors() => {
                        Err("parse failed without a diagnostic".to_string())
                    }
                    Err(_) => Ok(()),
                    Ok(e) => match run.eval_in(&Default::default(), &e) {
                        Err(d) if !d.has_errors() => {
                            Err("evaluation failed without a diagnostic".to_string())
                        }
                        _ => Ok(()),
                    },
                }));
                match r {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => failures.push(format!("{name}: {e}")),
                    Err(_) => failures.push(format!("{name}: panicked")),
                }
            }
            if failures.is_empty() {
                Ok(())
            } else {
                Err(failures.join("\n"))
            }
        }),
    )];
    // One job for all: the budget scales with the count.
    let failures = run_jobs_with_budget(jobs, CASE_BUDGET + Duration::from_millis(50) * n as u32);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn run_jobs_with_budget(jobs: Vec<Job>, budget: Duration) -> Vec<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            for (name, job) in jobs {
                let r =
                    catch_unwind(AssertUnwindSafe(job)).unwrap_or_else(|_| Err("panicked".into()));
                let _ = tx.send(r.map_err(|e| format!("{name}: {e}")));
            }
        })
        .unwrap();
    match rx.recv_timeout(budget) {
        Ok(Ok(())) => Vec::new(),
        Ok(Err(e)) => vec![e],
        Err(_) => vec![format!("no answer within {budget:?} (hang)")],
    }
}

/// State files of the corpora, mutated, read as `--state` reads them.
#[test]
fn mutated_states_never_panic() {
    let mut states = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.to_string_lossy().ends_with(".tfstate") {
                out.push(p);
            }
        }
    }
    walk(&common::repo_root().join("tests"), &mut states);
    walk(&common::repo_root().join("fixtures"), &mut states);
    states.sort();
    assert!(!states.is_empty(), "no state files found");
    let mut rng = Rng(seed() ^ 0x5);
    let n = cases_wanted();
    let mut failures = Vec::new();
    for case in 0..n {
        let path = rng.pick(&states).clone();
        let original = std::fs::read(&path).unwrap();
        let m = mutate(&mut rng, &original, true);
        let text = String::from_utf8_lossy(&m.bytes).into_owned();
        let r = catch_unwind(AssertUnwindSafe(|| {
            if let Ok(s) = State::from_json(&text) {
                // What the commands do with a state they read.
                let _ = s.instances().count();
                let _ = s.normalized_resources();
                let _ = s.to_json();
            }
        }));
        if r.is_err() {
            let name = format!(
                "seed {} case {case} ({}: {})",
                seed(),
                path.display(),
                m.what
            );
            save_failure(&name, &m.bytes);
            failures.push(name);
        }
    }
    assert!(
        failures.is_empty(),
        "state reader panicked:\n{}",
        failures.join("\n")
    );
}

/// Inputs that crashed or hung minimod once, each a configuration
/// directory under `tests/fuzz/regressions/` (with `expect-exit`, default
/// 2), plus the ones too large to commit, generated here.
#[test]
fn regressions_end_with_an_answer() {
    let root = common::repo_root().join("tests/fuzz/regressions");
    let mut dirs = common::case_dirs(&root, "");
    let scratch = tempfile::tempdir().unwrap();
    let generated = [
        (
            "json-nested-5000",
            "main.tf.json",
            format!("{{\"locals\": {{\"a\": {}}}}}", deep("[", "]", 5000)),
        ),
        (
            "tfvars-json-nested-5000",
            "terraform.tfvars.json",
            format!("{{\"v\": {}}}", deep("[", "]", 5000)),
        ),
        (
            "splat-20000",
            "main.tf",
            format!("locals {{\n  a = [1]{}\n}}\n", "[*]".repeat(20_000)),
        ),
    ];
    for (name, file, text) in &generated {
        let d = scratch.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(file), text).unwrap();
        if file.ends_with("tfvars.json") {
            std::fs::write(d.join("main.tf"), "variable \"v\" {}\n").unwrap();
        }
        dirs.push(d);
    }
    assert!(dirs.len() > generated.len(), "no committed regressions");
    let mut failures = Vec::new();
    for dir in &dirs {
        let want: i32 = std::fs::read_to_string(dir.join("expect-exit"))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(2);
        let out = common::run(dir, ["addresses".as_ref(), dir.as_os_str()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(want) || (want == 2 && !stderr.contains("Error: ")) {
            failures.push(format!(
                "{}: {} (want exit {want})\n{stderr:.600}",
                dir.display(),
                out.status
            ));
        }
        if let Ok(expected) = std::fs::read_to_string(dir.join("expect-stdout")) {
            let stdout = String::from_utf8_lossy(&out.stdout);
            if stdout != expected {
                failures.push(format!(
                    "{}: stdout {stdout:.300}, want {expected:.300}",
                    dir.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! Inputs whose naive evaluation never ends or exhausts the machine: the
//! products of the per-construct limits (module recursion and fan-out,
//! counts inside counted modules, text grown across locals or in loops).
//! Each ends in a diagnostic in OpenTofu's shape, within seconds and under
//! 1 GB, from `plan` (exit 1, as terraform) and `refactor` (exit 2); and a
//! chain of a thousand module calls plans whole.

mod common;

use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{minimod, write_file};

/// What a run of the binary said, and what it cost.
struct Measured {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    peak_kb: i64,
}

/// `minimod ARGS` in `cwd`, with its wall time and peak resident memory
/// (the child's own, from `wait4`).
fn measured(cwd: &Path, args: &[&str]) -> Measured {
    let start = Instant::now();
    // Reaped by the wait4 below, which gives its peak memory too.
    #[allow(clippy::zombie_processes)]
    let mut child = minimod(cwd)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running minimod");
    let pipe = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let out = pipe(Box::new(child.stdout.take().unwrap()));
    let err = pipe(Box::new(child.stderr.take().unwrap()));
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; the pid is our child's, reaped
    // here once (std's Child is not waited on afterwards).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: wait4 writes only into `status` and `usage`, both live here.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4");
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Measured {
        code,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        elapsed: start.elapsed(),
        peak_kb: usage.ru_maxrss,
    }
}

/// A guard against a hang, not a timing: a release build takes under a
/// second for each, a debug build a few, and a machine busy with other
/// builds and test binaries stretches that many times over.
const WITHIN: Duration = Duration::from_secs(120);
const UNDER_KB: i64 = 1 << 20;

/// `plan` and `refactor DIR DIR` in `dir` both end with the error
/// `summary` (and `detail`, on one line), in time and memory.
fn assert_bounded(dir: &Path, summary: &str, detail: &str) {
    for (args, exit) in [(&["plan"][..], 1), (&["refactor", ".", "."][..], 2)] {
        let m = measured(dir, args);
        let all = format!("{}{}", m.stdout, m.stderr);
        assert_eq!(m.code, Some(exit), "{args:?}: {all}");
        assert!(
            all.contains(&format!("Error: {summary}")),
            "{args:?}: {all}"
        );
        let one_line = all.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            one_line.contains(detail),
            "{args:?}: {detail:?} in {one_line}"
        );
        // OpenTofu's shape: where, with the source line.
        assert!(all.contains("main.tf line "), "{args:?}: {all}");
        assert!(m.elapsed < WITHIN, "{args:?}: {:?}", m.elapsed);
        assert!(m.peak_kb < UNDER_KB, "{args:?}: {} KB", m.peak_kb);
    }
}

fn resource(name: &str) -> String {
    format!("resource \"terraform_data\" \"{name}\" {{}}\n")
}

/// Terraform's `init` recurses into `./` until it is killed; minimod names
/// the call that closes the cycle.
#[test]
fn a_module_that_calls_itself_twice_is_a_cycle() {
    let tmp = tempfile::tempdir().unwrap();
    let call = |name: &str| format!("module \"{name}\" {{\n  source = \"./\"\n}}\n");
    write_file(
        &tmp.path().join("main.tf"),
        &format!("{}{}{}", call("a"), call("b"), resource("r")),
    );
    assert_bounded(
        tmp.path(),
        "Module call cycle",
        "The call module.a loads the directory of the root module, which calls it",
    );
}

/// The same through other directories: m0 calls m1, m1 calls m0.
#[test]
fn a_cycle_through_other_modules_is_a_cycle() {
    let tmp = tempfile::tempdir().unwrap();
    let call = |to: &str| format!("module \"next\" {{\n  source = \"../{to}\"\n}}\n");
    write_file(&tmp.path().join("m0/main.tf"), &call("m1"));
    write_file(&tmp.path().join("m1/main.tf"), &call("m0"));
    assert_bounded(
        &tmp.path().join("m0"),
        "Module call cycle",
        "The call module.next.module.next loads the directory of the root module",
    );
}

/// 24 directories, each calling the next twice: 2^24 calls to load.
#[test]
fn a_fan_out_of_module_calls_is_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    for i in 0..24 {
        let text = if i < 23 {
            let call = |n: &str| format!("module \"{n}\" {{\n  source = \"../m{}\"\n}}\n", i + 1);
            format!("{}{}", call("a"), call("b"))
        } else {
            resource("r")
        };
        write_file(&tmp.path().join(format!("m{i}/main.tf")), &text);
    }
    assert_bounded(
        &tmp.path().join("m0"),
        "Too many modules",
        "is past the 16384 module calls minimod loads from one root",
    );
}

/// A million modules, and a thousand modules of ten thousand instances
/// each: neither count passes its own limit, their product is refused
/// before its keys are made.
#[test]
fn nested_counts_are_bounded_in_all() {
    for (modules, each, summary, detail) in [
        (
            1_000_000,
            1,
            "Too many modules",
            "has more than 65536 module instances in all",
        ),
        (
            1000,
            10_000,
            "Too many instances",
            "has more than 2097152 resource instances in all",
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write_file(
            &tmp.path().join("main.tf"),
            &format!("module \"m\" {{\n  source = \"./mod\"\n  count  = {modules}\n}}\n"),
        );
        write_file(
            &tmp.path().join("mod/main.tf"),
            &format!("resource \"terraform_data\" \"r\" {{\n  count = {each}\n}}\n"),
        );
        let dir = tmp.path();
        if modules == 1000 {
            // The diagnostic is the resource's, in the module's file.
            let m = measured(dir, &["plan"]);
            let all = format!("{}{}", m.stdout, m.stderr);
            assert_eq!(m.code, Some(1), "{all}");
            assert!(all.contains(&format!("Error: {summary}")), "{all}");
            assert!(
                all.contains("  on mod/main.tf line 2, in resource"),
                "{all}"
            );
            let one_line = all.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(one_line.contains(detail), "{one_line}");
            assert!(m.elapsed < WITHIN && m.peak_kb < UNDER_KB);
            let r = measured(dir, &["refactor", ".", "."]);
            assert_eq!(r.code, Some(2), "{}", r.stderr);
            assert!(r.stderr.contains(summary), "{}", r.stderr);
        } else {
            assert_bounded(dir, summary, detail);
        }
    }
}

/// `s1 = "${local.s0}${local.s0}"` forty times: 2^41 bytes at the end.
#[test]
fn string_growth_across_locals_is_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let mut text = String::from("locals {\n  s0 = \"xx\"\n");
    for i in 1..=40 {
        text += &format!("  s{i} = \"${{local.s{}}}${{local.s{}}}\"\n", i - 1, i - 1);
    }
    text += "}\n\noutput \"o\" {\n  value = length(local.s40)\n}\n";
    write_file(&tmp.path().join("main.tf"), &text);
    assert_bounded(
        tmp.path(),
        "String too long",
        "This template would build a string of more than 67108864 bytes",
    );
}

/// Ten-megabyte strings a hundred thousand times, by `format` in nested
/// loops, `formatlist` over lists, and `join` with a long separator: each
/// string is allowed, their total is not.
#[test]
fn format_widths_in_loops_are_bounded_in_all() {
    for (expr, summary, detail) in [
        (
            "[for i in range(1000) : [for j in range(100) : format(\"%10000000d\", j)]]",
            "Too much text",
            "The strings this configuration's templates and functions build come to more than 536870912 bytes",
        ),
        (
            "[for i in range(1000) : formatlist(\"%10000000d\", range(100))]",
            "Error in function call",
            "Call to function \"formatlist\" failed: the list's strings together would be more than the 67108864 bytes",
        ),
        (
            "join(format(\"%10000000d\", 1), range(1000))",
            "Error in function call",
            "Call to function \"join\" failed: the joined string would be more than the 67108864 bytes",
        ),
        (
            "replace(format(\"%1000000d\", 1), \"\", format(\"%1000d\", 1))",
            "Error in function call",
            "Call to function \"replace\" failed: the replaced string would be more than the 67108864 bytes",
        ),
        (
            "replace(format(\"%1000000d\", 1), \"/ /\", \"$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0\")",
            "Error in function call",
            "Call to function \"replace\" failed: the replaced string would be more than the 67108864 bytes",
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        write_file(
            &tmp.path().join("main.tf"),
            &format!("output \"o\" {{\n  value = length({expr})\n}}\n"),
        );
        assert_bounded(tmp.path(), summary, detail);
    }
}

/// m0 calls m1 ... m999 by `../mN`: every level loads and plans (the
/// source paths stay short; joined as the system joins them, they pass
/// PATH_MAX and the deepest levels went unread), in under a second in a
/// release build (13.6 s before, nearly all system time).
#[test]
fn a_thousand_deep_module_chain_plans() {
    let tmp = tempfile::tempdir().unwrap();
    for i in 0..1000 {
        let call = if i < 999 {
            format!("module \"next\" {{\n  source = \"../m{}\"\n}}\n", i + 1)
        } else {
            String::new()
        };
        write_file(
            &tmp.path().join(format!("m{i}/main.tf")),
            &format!("{call}{}", resource("r")),
        );
    }
    let root = tmp.path().join("m0");
    let m = measured(&root, &["plan"]);
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert!(
        m.stdout
            .contains("Plan: 1000 to add, 0 to change, 0 to destroy."),
        "{}",
        &m.stdout[m.stdout.len().saturating_sub(400)..]
    );
    assert!(m.elapsed < WITHIN, "{:?}", m.elapsed);
    assert!(m.peak_kb < UNDER_KB, "{} KB", m.peak_kb);
    let a = measured(&root, &["addresses"]);
    assert_eq!(a.code, Some(0), "{}", a.stderr);
    let deepest = format!("{}terraform_data.r", "module.next.".repeat(999));
    assert_eq!(a.stdout.lines().count(), 1000, "{}", a.stderr);
    assert!(a.stdout.lines().any(|l| l == deepest));
}

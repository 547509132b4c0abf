//! The one harness every integration-test binary shares: where the
//! repository is, reading case files (`args`, `env`, JSON records), running
//! the minimod binary with a clean environment, live mode and the recorder
//! (`tests/record`), comparing re-recorded trees, and reading terraform's
//! printed diagnostics. A test binary says `mod common;` and keeps no copy
//! of any of these.
#![allow(dead_code)] // each test binary uses its own subset

pub mod recorded;
pub mod registry;
pub mod schemas;

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The repository (the crate's manifest directory).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file's text; a missing or unreadable file is a failure naming it.
pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// A JSON file's document.
pub fn read_json(path: &Path) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The non-blank lines of an optional file (a case's `args`, `env`,
/// `tf-args`): one argument a line, no quoting; no file is no lines.
pub fn lines_of(path: &Path) -> Vec<String> {
    if !path.exists() {
        return Vec::new();
    }
    read(path)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(String::from)
        .collect()
}

/// A case's `env` file: `NAME=VALUE` lines, split at the first `=`.
pub fn env_of(path: &Path) -> Vec<(String, String)> {
    lines_of(path)
        .into_iter()
        .map(|line| match line.split_once('=') {
            Some((name, value)) => (name.to_owned(), value.to_owned()),
            None => panic!("{}: env line without '=': {line:?}", path.display()),
        })
        .collect()
}

/// The case directories of a corpus: the subdirectories of `root` holding
/// `marker` (a file or directory, e.g. `old`; `""` for any), in name order.
pub fn case_dirs(root: &Path, marker: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.expect("readable corpus entry").path())
        .filter(|p| p.is_dir() && (marker.is_empty() || p.join(marker).exists()))
        .collect();
    dirs.sort();
    dirs
}

/// One case in the corpora's one layout: `old/` (applied to make the prior
/// state) and `new/` (planned or refactored against it) configurations,
/// `args` (one argument a line), `env` (`NAME=VALUE` lines) and
/// `expected/`, what terraform said. A test binary adds what its corpus
/// reads of it in an `impl Case` of its own.
pub struct Case {
    pub name: String,
    pub root: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

impl Case {
    pub fn load(root: PathBuf) -> Case {
        Case {
            name: name_of(&root),
            args: lines_of(&root.join("args")),
            env: env_of(&root.join("env")),
            root,
        }
    }
    pub fn old_dir(&self) -> PathBuf {
        self.root.join("old")
    }
    pub fn new_dir(&self) -> PathBuf {
        self.root.join("new")
    }
    pub fn expected(&self) -> PathBuf {
        self.root.join("expected")
    }
    /// The state terraform wrote applying old/.
    pub fn prior(&self) -> PathBuf {
        self.expected().join("prior.tfstate")
    }
}

/// Every case of a corpus (a directory with `old/`), in name order.
pub fn cases(root: &Path) -> Vec<Case> {
    case_dirs(root, "old").into_iter().map(Case::load).collect()
}

/// A directory's last component, as text.
pub fn name_of(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// Every file under `root`, keyed by its path relative to `root`, leaving
/// out the top-level entries named in `skip` (e.g. a case's `expected`).
pub fn files_under(root: &Path, skip: &[&str]) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, skip: &[&str], into: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("readable entry").path();
            let rel = path.strip_prefix(root).unwrap().to_path_buf();
            if skip.iter().any(|s| rel == Path::new(s)) {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, skip, into);
            } else {
                into.insert(rel, fs::read(&path).expect("readable file"));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(root, root, skip, &mut files);
    files
}

/// Copies a directory tree (the cases are small).
pub fn copy_tree(from: &Path, to: &Path) {
    copy_tree_except(from, to, &[]);
}

/// Copies a directory tree but for the entries named in `skip`, at any
/// depth (e.g. `expected`, `.terraform`).
pub fn copy_tree_except(from: &Path, to: &Path, skip: &[&str]) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap();
        if skip.iter().any(|s| entry.file_name() == *s) {
            continue;
        }
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree_except(&entry.path(), &target, skip);
        } else {
            fs::copy(entry.path(), &target)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.path().display()));
        }
    }
}

/// The lesson's monorepo (six environments, then a module extracted) as a
/// git repository at `dest`, built by tests/data/check/monorepo.sh.
pub fn monorepo(dest: &Path) {
    let status = Command::new("bash")
        .arg(repo_root().join("tests/data/check/monorepo.sh"))
        .arg(dest)
        .status()
        .expect("running monorepo.sh");
    assert!(status.success(), "building the monorepo failed");
}

/// Writes a txtar archive's files under `dir`: `-- path --` starts a file;
/// lines before the first marker are the archive's comment.
pub fn unpack_txtar(archive: &Path, dir: &Path) {
    let text = read(archive);
    let mut current: Option<(String, String)> = None;
    let write = |f: Option<(String, String)>| {
        if let Some((path, body)) = f {
            write_file(&dir.join(path), &body);
        }
    };
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if let Some(path) = trimmed
            .strip_prefix("-- ")
            .and_then(|r| r.strip_suffix(" --"))
        {
            write(current.take());
            current = Some((path.to_string(), String::new()));
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
        }
    }
    write(current);
}

/// The minimod binary under test, run in `cwd`, with what the caller's
/// environment could change answers by taken away: inherited `TF_VAR_*`
/// and `TF_CLI_ARGS*` (a case's variables come from its own files),
/// `GITHUB_ACTIONS` (which adds annotations to `check`), and terraform's
/// CLI configuration (for `--engine terraform` and `--verify-with`). A test
/// that wants one of them sets it on the returned command.
pub fn minimod(cwd: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minimod"));
    command.current_dir(cwd);
    for (name, _) in std::env::vars_os() {
        let name_text = name.to_string_lossy();
        if name_text.starts_with("TF_VAR_") || name_text.starts_with("TF_CLI_ARGS") {
            command.env_remove(&name);
        }
    }
    command
        .env_remove("GITHUB_ACTIONS")
        .env("TF_CLI_CONFIG_FILE", "/dev/null");
    command
}

/// `minimod ARGS` in `cwd` (see [`minimod`]), run to its end.
pub fn run<I, S>(cwd: &Path, args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    minimod(cwd).args(args).output().expect("running minimod")
}

/// `minimod ARGS` in `cwd`, run to its end: its exit code (`None` when a
/// signal ended it), standard output and standard error as text.
pub fn outcome<I, S>(cwd: &Path, args: I) -> (Option<i32>, String, String)
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let out = run(cwd, args);
    (out.status.code(), stdout(&out), stderr(&out))
}

/// Writes `text` to `path`, making its directory first.
pub fn write_file(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `git ARGS` in `dir`, which must succeed, with an identity and settings
/// of its own so that neither the machine's git configuration (a signing
/// key, another default branch) nor its absence changes a test.
pub fn git(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=minimod",
            "-c",
            "user.email=minimod@example.com",
        ])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A git repository whose one commit holds `base` and whose working tree
/// then writes `head` over it, not staged: (path, text) files, built in a
/// fresh temporary directory. What `check --base HEAD` compares.
pub fn repo_of(base: &[(&str, &str)], head: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let write = |files: &[(&str, &str)]| {
        for (path, text) in files {
            write_file(&tmp.path().join(path), text);
        }
    };
    git(tmp.path(), &["init", "-q"]);
    write(base);
    git(tmp.path(), &["add", "-A"]);
    git(tmp.path(), &["commit", "-qm", "base"]);
    write(head);
    tmp
}

/// Owned strings of string literals (argument lists).
pub fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// A unified diff of two texts, headed with what each side is.
pub fn unified_diff(expected: &str, actual: &str, (left, right): (&str, &str)) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .header(left, right)
        .to_string()
}

/// The real terraform, run in `dir` as the recorder runs it: no CLI
/// configuration, no inherited variables or arguments, no checkpoint calls.
pub fn terraform_command(dir: &Path) -> Command {
    let mut command = Command::new("terraform");
    command.current_dir(dir);
    for (name, _) in std::env::vars_os() {
        let name_text = name.to_string_lossy();
        if name_text.starts_with("TF_VAR_") || name_text.starts_with("TF_CLI_ARGS") {
            command.env_remove(&name);
        }
    }
    command
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .env("TF_IN_AUTOMATION", "1")
        .env("CHECKPOINT_DISABLE", "1");
    command
}

/// `terraform ARGS` in `dir`; a failure (or no terraform) is an error
/// naming the command and saying what terraform printed.
pub fn terraform<I, S>(dir: &Path, args: I) -> Result<Output, String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let args: Vec<S> = args.into_iter().collect();
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect();
    let out = terraform_command(dir)
        .args(&args)
        .output()
        .map_err(|e| format!("terraform {shown:?}: {e}"))?;
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!(
            "terraform {shown:?} in {}: {}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Whether to re-check against the real terraform: `MINIMOD_LIVE` set.
/// Live mode asked for without a working terraform on PATH is a failure,
/// never a silent skip.
pub fn live() -> bool {
    if std::env::var_os("MINIMOD_LIVE").is_none() {
        eprintln!("skipped: set MINIMOD_LIVE=1 (with terraform on PATH) to re-check live");
        return false;
    }
    let works = Command::new("terraform")
        .arg("version")
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        works,
        "MINIMOD_LIVE is set but no working terraform is on PATH"
    );
    true
}

/// Whether the live re-record through the stub provider was asked for:
/// `MINIMOD_LIVE_PROVIDERS` set (as `.ci/run` sets it). It needs a
/// bootstrapped stub provider, which is not part of the repository, so a
/// fresh clone's `MINIMOD_LIVE=1 cargo test` re-checks everything else.
pub fn providers_asked() -> bool {
    std::env::var_os("MINIMOD_LIVE_PROVIDERS").is_some()
}

/// Whether a live re-record leaves the case at `dir` out: it runs through
/// the stub provider (a `stubprov` file marks it), which was not asked for.
pub fn skips_stub_case(dir: &Path) -> bool {
    !providers_asked() && dir.join("stubprov").exists()
}

/// Live mode for corpora that run providers: the bootstrapped copy of
/// ../shared/tools/stubprov `MINIMOD_STUBPROV` names (as `.ci/run`
/// prepares it), or `None` when not live or not asked for
/// ([`providers_asked`]). Asked for without it, it fails.
pub fn live_stubprov() -> Option<PathBuf> {
    if !live() {
        return None;
    }
    if !providers_asked() {
        eprintln!(
            "skipped: the live re-record through the stub provider needs MINIMOD_LIVE_PROVIDERS=1 and MINIMOD_STUBPROV (.ci/run sets both)"
        );
        return None;
    }
    let stub = std::env::var_os("MINIMOD_STUBPROV")
        .map(PathBuf::from)
        .expect(
            "MINIMOD_LIVE_PROVIDERS is set but MINIMOD_STUBPROV (a bootstrapped stubprov) is not",
        );
    assert!(
        stub.join("venv/bin/python").exists() && stub.join("stubprov.py").exists(),
        "MINIMOD_STUBPROV={} is not a bootstrapped stubprov",
        stub.display()
    );
    Some(stub)
}

/// Records what terraform says about one corpus into `out` with the one
/// recorder, `tests/record CORPUS -o OUT` (see its header for the corpora),
/// and fails with the recorder's stderr if it fails.
pub fn record(corpus: &str, out: &Path) {
    let result = Command::new("bash")
        .arg(repo_root().join("tests/record"))
        .arg(corpus)
        .arg("-o")
        .arg(out)
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .env(
            "MINIMOD_SKIP_STUB_CASES",
            if providers_asked() { "" } else { "1" },
        )
        .output()
        .expect("running tests/record");
    assert!(
        result.status.success(),
        "tests/record {corpus} failed ({}):\n{}",
        result.status,
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Compares a fresh recording with the committed records file by file,
/// through `comparable` (which makes equal what legitimately varies between
/// runs), and describes every file that changed, appeared or vanished.
pub fn compare_records(
    committed: &BTreeMap<PathBuf, Vec<u8>>,
    fresh: &BTreeMap<PathBuf, Vec<u8>>,
    comparable: &dyn Fn(&Path, &[u8]) -> String,
) -> Vec<String> {
    let paths: BTreeSet<&PathBuf> = committed.keys().chain(fresh.keys()).collect();
    let mut failures = Vec::new();
    for path in paths {
        match (committed.get(path), fresh.get(path)) {
            (Some(a), Some(b)) => {
                let (a, b) = (comparable(path, a), comparable(path, b));
                if a != b {
                    failures.push(format!(
                        "--- {} changed:\n{}",
                        path.display(),
                        unified_diff(&a, &b, ("committed", "terraform now"))
                    ));
                }
            }
            (Some(_), None) => failures.push(format!("{} no longer recorded", path.display())),
            (None, _) => failures.push(format!("{} newly recorded", path.display())),
        }
    }
    failures
}

/// The blocks of a JSON report (`refactor --json`'s document, or one root
/// of `check --json`'s): each move's `from` and `to`, in report order.
pub fn moves_of(doc: &Value) -> Result<Vec<(String, String)>, String> {
    let moves = doc["moves"]
        .as_array()
        .ok_or_else(|| format!("no moves array in {doc}"))?;
    moves
        .iter()
        .map(|m| match (m["from"].as_str(), m["to"].as_str()) {
            (Some(from), Some(to)) => Ok((from.to_string(), to.to_string())),
            _ => Err(format!("a move without from and to: {m}")),
        })
        .collect()
}

/// One block of an answer key (`moves.txt`): from, to, and the directory
/// (relative to new/, "." for the root) of the file the block belongs in.
pub type Move = (String, String, String);

/// An answer key, `moves.txt`: `FROM -> TO` lines, in file order; a
/// `# in DIR` line sends the lines after it to DIR's moved.tf, other `#`
/// lines are comments. A block written twice is an error.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    let mut dir = ".".to_string();
    let mut moves: Vec<Move> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(d) = line.strip_prefix("# in ") {
            dir = d.trim().trim_end_matches('/').to_string();
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (from, to) = line
            .split_once(" -> ")
            .ok_or(format!("not FROM -> TO: {line:?}"))?;
        let block = (from.to_string(), to.to_string(), dir.clone());
        if moves.contains(&block) {
            return Err(format!("duplicate: {line:?}"));
        }
        moves.push(block);
    }
    Ok(moves)
}

/// Where one block takes `addr`, if it applies: its `from` (behind a
/// module-instance prefix when the block lives in a child module) names
/// the address itself, a module call or instance the address is inside,
/// or a resource (or call) without a key whose instance the address is;
/// the rest of the address (instance key, nested path) is kept.
pub fn apply_block(block: &Move, addr: &str) -> Option<String> {
    let (from, to, dir) = block;
    // `module.NAME` or `module.NAME[KEY]` as the last step: only a module
    // has addresses inside it.
    let unkeyed = match from.strip_suffix(']') {
        Some(_) => &from[..from.rfind('[').unwrap_or(from.len())],
        None => from.as_str(),
    };
    let is_module = unkeyed.rsplit('.').nth(1) == Some("module");
    addr.match_indices(from.as_str()).find_map(|(i, _)| {
        let prefix = &addr[..i];
        let rest = &addr[i + from.len()..];
        let prefix_ok = if dir == "." {
            prefix.is_empty()
        } else {
            prefix.starts_with("module.") && prefix.ends_with('.')
        };
        let rest_ok = rest.is_empty()
            || (rest.starts_with('[') && !from.ends_with(']'))
            || (rest.starts_with('.') && is_module);
        (prefix_ok && rest_ok).then(|| format!("{prefix}{to}{rest}"))
    })
}

/// Where a key's blocks take `addr`, chained as terraform chains them (a
/// module call's block, then a block inside the module), each block at
/// most once, and which blocks that used.
pub fn follow<'k, K>(key: K, addr: &str) -> (String, Vec<&'k Move>)
where
    K: IntoIterator<Item = &'k Move> + Copy,
{
    let mut at = addr.to_string();
    let mut used: Vec<&Move> = Vec::new();
    while let Some((block, next)) = key
        .into_iter()
        .filter(|b| !used.contains(b))
        .find_map(|b| apply_block(b, &at).map(|n| (b, n)))
    {
        used.push(block);
        at = next;
    }
    (at, used)
}

/// One printed error: its summary, where it points (`on FILE line N`, if
/// anywhere) and its detail with whitespace runs squashed, since terraform
/// and minimod wrap long details at different widths.
#[derive(Debug, PartialEq)]
pub struct PrintedError {
    pub summary: String,
    pub at: Option<String>,
    pub detail: String,
}

/// The errors of a stderr text. Source excerpts (`  12: moved {`) and
/// expression-value notes under `├────` are context, not compared.
pub fn diagnostics(stderr: &str) -> Vec<PrintedError> {
    let mut out: Vec<PrintedError> = Vec::new();
    let mut in_error = false;
    let mut in_values = false;
    let mut detail: Vec<&str> = Vec::new();
    let flush = |out: &mut Vec<PrintedError>, detail: &mut Vec<&str>| {
        if let Some(last) = out.last_mut() {
            last.detail = detail
                .iter()
                .flat_map(|l| l.split_whitespace())
                .collect::<Vec<_>>()
                .join(" ");
        }
        detail.clear();
    };
    for line in stderr.lines() {
        let l = line.trim_start_matches(['│', '╷', '╵']).trim_end();
        let t = l.trim_start();
        if let Some(summary) = t.strip_prefix("Error: ") {
            flush(&mut out, &mut detail);
            out.push(PrintedError {
                summary: summary.to_string(),
                at: None,
                detail: String::new(),
            });
            in_error = true;
            in_values = false;
        } else if t.starts_with("Warning: ") {
            flush(&mut out, &mut detail);
            in_error = false;
        } else if !in_error || (t.is_empty() && detail.is_empty()) {
        } else if t.starts_with("on ")
            && t.contains(" line ")
            && out
                .last()
                .is_some_and(|e| e.at.is_none() && detail.is_empty())
        {
            let at = t.split(':').next().unwrap_or(t);
            let at = at.split(", in ").next().unwrap_or(at);
            out.last_mut().unwrap().at = Some(at.to_string());
        } else if t.starts_with('├') {
            in_values = true;
        } else if in_values && (t.starts_with('│') || t.is_empty()) {
            in_values = !t.is_empty();
        } else if is_source_excerpt(t) && detail.is_empty() {
        } else {
            detail.push(t);
        }
    }
    flush(&mut out, &mut detail);
    out
}

/// `12: moved {` or `(source code not available)`: a quoted source line.
pub fn is_source_excerpt(t: &str) -> bool {
    t == "(source code not available)"
        || t.split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

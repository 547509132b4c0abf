//! One function per command.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::{self, Config, Engine, LoadOptions};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceMap};
use crate::instances::{Run, RunOptions, VarSource, Walk, collect_root_inputs};
use crate::lang::display;
use crate::state::State;
use crate::syntax::ast::ExprKind;
use crate::syntax::native;
use crate::syntax::source::SourceFile;

use super::{Command, ConfigArgs};

/// Exit code for a configuration error, as terraform uses.
const CONFIG_ERROR: i32 = 2;

pub(super) fn run(command: Command, ordered: Vec<VarSource>) -> i32 {
    let mut sources = match std::env::current_dir() {
        Ok(cwd) => SourceMap::shown_from(cwd),
        Err(_) => SourceMap::default(),
    };
    // Asked for JSON: an error is a JSON document too.
    let json_wanted = matches!(
        command,
        Command::Plan { json: true, .. }
            | Command::Refactor { json: true, .. }
            | Command::Discover { json: true, .. }
            | Command::Outputs { json: true, .. }
    );
    let result = match command {
        Command::Addresses { dir, args } => {
            addresses(&dir, &with_order(args, ordered), &mut sources)
        }
        Command::Eval { expr, dir, args } => {
            eval(&expr, &dir, &with_order(args, ordered), &mut sources)
        }
        Command::Plan {
            dir,
            json,
            detailed_exitcode,
            schemas,
            args,
            ..
        } => plan(
            &dir,
            json,
            detailed_exitcode,
            schemas.as_deref(),
            &with_order(args, ordered),
            &mut sources,
        ),
        Command::Apply { dir, args, .. } => apply(&dir, &with_order(args, ordered), &mut sources),
        Command::Check {
            base,
            head,
            repo,
            format,
            fix,
            allow_dirty,
            allow_add,
            allow_update,
            tf_var_env,
            engine,
            schemas,
            shard,
            merge,
            ignore,
            state_for,
            states,
            modules_cache,
            modules_tokens,
            modules_cli_config,
            modules_max_size,
            quiet,
            verbose,
            ..
        } => {
            let detail = detail_of(quiet, verbose);
            if !merge.is_empty() {
                let merged = super::check::merge(&merge, format, detail);
                super::check::reported(merged, format, &sources)
            } else {
                let base = base.unwrap_or_default();
                // Files given on the command line are the runner's own, named
                // from where the check was started.
                let cwd = std::env::current_dir().unwrap_or_default();
                let vars = ordered
                    .into_iter()
                    .map(|v| match v {
                        VarSource::File(f) => {
                            VarSource::File(cwd.join(f).to_string_lossy().into_owned())
                        }
                        v => v,
                    })
                    .collect();
                let ignore = match crate::refactor::ignore::Rules::parse_all(&ignore) {
                    Ok(r) => r,
                    Err(d) => {
                        let failed = super::check::reported(Err((2, d)), format, &sources);
                        return failed.unwrap_or(2);
                    }
                };
                let req = crate::check::CheckRequest {
                    repo,
                    base,
                    head,
                    written: Vec::new(),
                    allow_add,
                    allow_update,
                    tf_var_env: match tf_var_env {
                        true => self::tf_var_env(),
                        false => Vec::new(),
                    },
                    cwd: cwd.clone(),
                    vars,
                    schemas,
                    engine: engine.map(Engine::from),
                    shard,
                    ignore,
                    // Named by the trusted job's command line, from where
                    // the check was started.
                    states: crate::check::StateSources {
                        state_for,
                        dir: states,
                        from: cwd.clone(),
                    },
                    // Only what the command line names: the pull request
                    // chooses what is fetched within the allow list, so no
                    // credential, cache or CLI configuration is taken from
                    // the runner unless the workflow says so.
                    modules: crate::modules::GetOptions {
                        cache_dir: modules_cache.map(|d| cwd.join(d)),
                        limits: crate::modules::Limits {
                            max_bytes: modules_max_size.saturating_mul(1 << 20),
                            ..Default::default()
                        },
                        token_vars: match modules_tokens {
                            true => std::env::vars()
                                .filter(|(n, _)| n.starts_with("TF_TOKEN_"))
                                .collect(),
                            false => Vec::new(),
                        },
                        cli_config: modules_cli_config.map(|f| cwd.join(f)),
                        ..Default::default()
                    },
                };
                if allow_dirty {
                    let d = Diagnostic::error(
                        "Option no longer supported",
                        "--allow-dirty: check reads what git would commit (the index), and --fix edits only moved files whose working copy is staged, so that what it writes is what it proved. Stage (git add) or stash the change instead.",
                    );
                    let failed = super::check::reported(Err((2, d.into())), format, &sources);
                    return failed.unwrap_or(2);
                }
                super::check::run(&req, format, fix, detail, &mut sources)
            }
        }
        Command::Refactor {
            old_dir,
            new_dir,
            roots,
            state_for,
            format,
            write,
            place,
            allow_add,
            allow_update,
            verify_with,
            json,
            output,
            schemas,
            ignore,
            plan,
            old_var_file,
            old_ordered,
            quiet,
            verbose,
            args,
        } => {
            let opts = super::refactor::Options {
                format,
                write,
                place_root: place == super::Place::Root,
                allow_add,
                allow_update,
                verify_with,
                json,
                commands: output == super::Output::Commands,
                schemas,
                ignore,
                plan,
                old_vars: (!old_var_file.is_empty()).then_some(old_ordered),
                detail: detail_of(quiet, verbose),
            };
            let args = with_order(args, ordered);
            match (old_dir, new_dir) {
                (Some(_), Some(_)) if !state_for.is_empty() => Err((
                    2,
                    Diagnostic::error(
                        "Invalid --state-for option",
                        "--state-for gives the state of a --root pair; with OLD_DIR NEW_DIR, give it with --state.",
                    )
                    .into(),
                )),
                (Some(old_dir), Some(new_dir)) => {
                    super::refactor::run(&old_dir, &new_dir, &opts, &args, &mut sources)
                }
                _ => super::refactor::run_roots(&roots, &state_for, &opts, args, &mut sources),
            }
        }
        Command::Discover { repo, json } => super::discover::run(&repo, json, &mut sources),
        Command::Modules { command } => super::modules::run(command, &mut sources),
        Command::Outputs { dir, json, args } => {
            outputs(&dir, json, &with_order(args, ordered), &mut sources)
        }
        Command::Version => Ok(version(super::VERSION)),
        Command::Completions { shell } => Ok(completions(shell)),
        Command::Man => Ok(man_page()),
    };
    match result {
        Ok(code) => code,
        Err((code, diags)) => {
            print_diagnostics(&diags, &sources);
            if json_wanted {
                write_error_document(&diags);
            }
            code
        }
    }
}

/// How much of a report `-q` and `-v` ask for.
fn detail_of(quiet: bool, verbose: bool) -> crate::refactor::report::Detail {
    match (quiet, verbose) {
        (true, _) => crate::refactor::report::Detail::Quiet,
        (_, true) => crate::refactor::report::Detail::Verbose,
        _ => crate::refactor::report::Detail::Normal,
    }
}

/// The document a command asked for JSON writes when it fails (the
/// command line refused, or an error while it ran): its diagnostics.
pub(super) fn write_error_document(diags: &Diagnostics) {
    let doc = with_format_version(serde_json::json!({
        "diagnostics": super::refactor::diagnostics_json(diags),
    }));
    let _ = write!(stdout(), "{}", json_text(&doc));
}

/// A JSON document of minimod's own with its `format_version` first
/// (`check::render::FORMAT_VERSION`; `plan --json` keeps terraform's).
pub(super) fn with_format_version(doc: serde_json::Value) -> serde_json::Value {
    let serde_json::Value::Object(fields) = doc else {
        return doc;
    };
    let mut out = serde_json::Map::new();
    out.insert(
        "format_version".into(),
        crate::check::render::FORMAT_VERSION.into(),
    );
    out.extend(fields.into_iter().filter(|(k, _)| k != "format_version"));
    serde_json::Value::Object(out)
}

// Everything minimod prints goes through `Printer` (or, for its own
// workflow commands, `print_workflow_commands`): the one place that makes
// output inert for a GitHub Actions runner, so no call site can forget.

/// Whether output is made inert (`text::inert`): in a GitHub Actions run,
/// every command's; `check`'s always, since its report (a markdown file)
/// may be printed into a log later. Set once, by `cli::main`.
static INERT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub(super) fn make_inert(on: bool) {
    INERT.store(on, std::sync::atomic::Ordering::Relaxed);
}

fn inert() -> bool {
    INERT.load(std::sync::atomic::Ordering::Relaxed)
}

/// The colour choice (`cli::Color`), set once by `cli::main` from
/// `-no-color`, `NO_COLOR` and `TF_IN_AUTOMATION`.
static NO_COLOR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub(super) fn set_color(choice: super::Color) {
    NO_COLOR.store(
        choice == super::Color::Never,
        std::sync::atomic::Ordering::Relaxed,
    );
}

fn color() -> super::Color {
    match NO_COLOR.load(std::sync::atomic::Ordering::Relaxed) {
        true => super::Color::Never,
        false => super::Color::Auto,
    }
}

/// Whether text for `stream` is drawn as terraform draws it on a
/// terminal: `Some(columns)` (0 when the terminal does not say, and text
/// is then not wrapped, as terraform's), or `None` for the plain bytes
/// (`-no-color`, `NO_COLOR`, `TF_IN_AUTOMATION`, or not a terminal).
pub(super) fn terminal_width(stream: Stream) -> Option<usize> {
    // The handles are only asked for their size here, never written.
    use std::io::{IsTerminal, stderr as err_handle, stdout as out_handle};
    if color() == super::Color::Never {
        return None;
    }
    let size = match stream {
        Stream::Out if out_handle().is_terminal() => terminal_size::terminal_size_of(out_handle()),
        Stream::Err if err_handle().is_terminal() => terminal_size::terminal_size_of(err_handle()),
        _ => return None,
    };
    Some(size.map_or(0, |(w, _)| usize::from(w.0)))
}

/// `-compact-warnings`, set once by `cli::main`.
static COMPACT_WARNINGS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub(super) fn set_compact_warnings(on: bool) {
    COMPACT_WARNINGS.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// A GitHub Actions run (the runner sets `GITHUB_ACTIONS=true`).
pub(super) fn in_github_actions() -> bool {
    std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true")
}

#[derive(Clone, Copy)]
pub(super) enum Stream {
    Out,
    Err,
}

/// Text on its way to stdout or stderr, written a whole line at a time
/// (the rest when dropped), so that a line split across writes is still
/// seen whole when it is made inert.
pub(super) struct Printer {
    stream: Stream,
    pending: Vec<u8>,
}

impl Printer {
    fn emit(&mut self, upto: usize) {
        let bytes: Vec<u8> = self.pending.drain(..upto).collect();
        let text = String::from_utf8_lossy(&bytes);
        let text = match inert() {
            true => crate::text::inert(&text),
            false => text,
        };
        // Styled text goes through anstream, which turns the sequences
        // into console calls where a Windows console needs them; plain text
        // is written as it is.
        let styled = color() == super::Color::Auto;
        let _ = match (self.stream, styled) {
            (Stream::Out, true) => {
                anstream::AutoStream::always(std::io::stdout().lock()) // the printer
                    .write_all(text.as_bytes())
            }
            (Stream::Err, true) => {
                anstream::AutoStream::always(std::io::stderr().lock()) // the printer
                    .write_all(text.as_bytes())
            }
            (Stream::Out, false) => std::io::stdout().lock().write_all(text.as_bytes()), // the printer
            (Stream::Err, false) => std::io::stderr().lock().write_all(text.as_bytes()), // the printer
        };
    }
}

impl Write for Printer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.emit(last + 1);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let all = self.pending.len();
        self.emit(all);
        match self.stream {
            Stream::Out => std::io::stdout().flush(), // the printer
            Stream::Err => std::io::stderr().flush(), // the printer
        }
    }
}

impl Drop for Printer {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The command's output, after clearing the progress line it would
/// otherwise be written over.
pub(super) fn stdout() -> Printer {
    crate::progress::done();
    Printer {
        stream: Stream::Out,
        pending: Vec::new(),
    }
}

/// Messages beside the output (progress lines are not cleared: the
/// progress sink writes here too).
pub(super) fn stderr() -> Printer {
    Printer {
        stream: Stream::Err,
        pending: Vec::new(),
    }
}

/// A JSON document as printed: pretty, on its own lines, and when output
/// is inert, escaped so that it says the same (`text::inert_json`).
pub(super) fn json_text(doc: &serde_json::Value) -> String {
    let text = serde_json::to_string_pretty(doc).unwrap_or_default() + "\n";
    match inert() {
        true => crate::text::inert_json(&text).into_owned(),
        false => text,
    }
}

/// minimod's own workflow commands (annotations), one a line on stderr:
/// the only lines it prints that start with `::`. Each command escapes
/// its own properties and message (`render::WorkflowCommand`).
pub(super) fn print_workflow_commands(commands: &[crate::check::render::WorkflowCommand]) {
    crate::progress::done();
    let text: String = commands.iter().map(|c| format!("{c}\n")).collect();
    let _ = std::io::stderr().lock().write_all(text.as_bytes()); // the printer
}

/// Terraform frames diagnostics on a terminal and prints them plain (as
/// with `-no-color`) otherwise; so does minimod.
pub(super) fn print_diagnostics(diags: &Diagnostics, sources: &SourceMap) {
    crate::progress::done();
    let compact = COMPACT_WARNINGS.load(std::sync::atomic::Ordering::Relaxed)
        && !diags.is_empty()
        && !diags.has_errors();
    let text = if compact {
        compact_warnings(diags)
    } else {
        diagnostics_text(diags, sources, Stream::Err)
    };
    let _ = stderr().write_all(text.as_bytes());
}

/// Diagnostics as `stream` shows them: terraform's terminal form there,
/// else the plain text.
pub(super) fn diagnostics_text(diags: &Diagnostics, sources: &SourceMap, stream: Stream) -> String {
    match terminal_width(stream) {
        Some(width) => diags.render_styled(sources, width),
        None => diags.render(sources),
    }
}

/// terraform's `-compact-warnings` form, for diagnostics that are all
/// warnings (with an error, terraform prints them in full, as context):
/// each summary, nothing of the detail. As terraform consolidates them,
/// warnings with a place and the same summary are one entry, saying where
/// the first is and how many more there are.
fn compact_warnings(diags: &Diagnostics) -> String {
    // (summary, places): one entry per placeless warning, one per summary
    // for those with a place, in the order first seen.
    let mut entries: Vec<(&str, Vec<&crate::diagnostics::SourceRange>)> = Vec::new();
    for d in diags.iter() {
        match &d.subject {
            Some(at) => match entries
                .iter_mut()
                .find(|(s, places)| *s == d.summary && !places.is_empty())
            {
                Some((_, places)) => places.push(at),
                None => entries.push((&d.summary, vec![at])),
            },
            None => entries.push((&d.summary, Vec::new())),
        }
    }
    let mut out = String::from("\nWarnings:\n\n");
    for (summary, places) in entries {
        out.push_str(&format!("- {summary}\n"));
        if let Some(first) = places.first() {
            let more = match places.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more)"),
            };
            out.push_str(&format!(
                "  on {} line {}{more}\n",
                first.file, first.start.line
            ));
        }
    }
    out.push_str("\nTo see the full warning notes, run minimod without -compact-warnings.\n");
    out
}

/// `minimod version`: `minimod v0.1.0 (abc1234)`, as `terraform version`
/// begins.
pub(super) fn version(text: &str) -> i32 {
    let _ = writeln!(stdout(), "minimod {text}");
    0
}

/// `minimod completions SHELL`: the shell's completion script, from the
/// same definitions the command line is parsed with.
fn completions(shell: clap_complete::Shell) -> i32 {
    let mut cmd = super::args::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "minimod", &mut script);
    let _ = stdout().write_all(&script);
    0
}

/// `minimod man`: the man page (section 1, roff), every command in it.
fn man_page() -> i32 {
    let mut page = Vec::new();
    match clap_mangen::Man::new(super::args::command()).render(&mut page) {
        Ok(()) => {
            let _ = stdout().write_all(&page);
            0
        }
        Err(e) => {
            let _ = writeln!(stderr(), "minimod: writing the man page: {e}");
            1
        }
    }
}

fn with_order(mut args: ConfigArgs, ordered: Vec<VarSource>) -> ConfigArgs {
    args.ordered = ordered;
    args
}

pub(super) type CmdResult = Result<i32, (i32, Diagnostics)>;

/// A run's options as this process gives them: the workspace
/// `TF_WORKSPACE` selects (terraform's `Meta.Workspace`) and the working
/// directory (`path.cwd`), and the home directory `pathexpand` uses. Only
/// the cli reads the environment.
pub(super) fn run_options() -> RunOptions {
    RunOptions {
        workspace: std::env::var("TF_WORKSPACE").unwrap_or_else(|_| "default".into()),
        cwd: std::env::current_dir().unwrap_or_default(),
        home: std::env::var_os("HOME").map(PathBuf::from),
        threads: true,
        ..RunOptions::default()
    }
}

/// The `TF_VAR_name` variables of this process's environment (name
/// without the prefix, value), as `collect_root_inputs` takes them.
pub(super) fn tf_var_env() -> Vec<(String, String)> {
    std::env::vars()
        .filter_map(|(k, v)| Some((k.strip_prefix("TF_VAR_")?.to_string(), v)))
        .collect()
}

/// The tool that runs DIR: `--engine`, else what DIR's files say (its lock
/// file, a `.tofu` file), else the one of terraform and tofu found on PATH,
/// else OpenTofu's rules (both or neither on PATH). Only the command line
/// looks at PATH: a check judges a repository, not the machine it runs on.
pub(super) fn engine_for(flag: Option<super::EngineArg>, dir: &Path) -> Engine {
    flag.map(Engine::from)
        .or_else(|| config::decided_engine(dir))
        .or_else(engine_on_path)
        .unwrap_or_default()
}

/// The engine whose binary alone is on PATH (looked up once per process).
fn engine_on_path() -> Option<Engine> {
    static FOUND: std::sync::OnceLock<Option<Engine>> = std::sync::OnceLock::new();
    *FOUND.get_or_init(|| {
        let path = std::env::var_os("PATH")?;
        let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
        let on_path = |name: &str| dirs.iter().any(|d| is_executable(&d.join(name)));
        match (on_path("terraform"), on_path("tofu")) {
            (true, false) => Some(Engine::Terraform),
            (false, true) => Some(Engine::Tofu),
            _ => None,
        }
    })
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.with_extension("exe").is_file() || path.is_file()
}

/// A loaded configuration with its root inputs, ready to evaluate.
struct Loaded {
    config: Config,
    inputs: crate::instances::RootInputs,
    engine: Engine,
    /// The state named by `--state`, if any.
    state: Option<State>,
}

impl Loaded {
    fn run(&self, opts: RunOptions) -> Run<'_> {
        let run = Run::new(&self.config, self.inputs.clone(), opts);
        match &self.state {
            Some(s) => run.with_prior_state(s),
            None => run,
        }
    }
}

/// terraform's "No configuration files" for a directory without any: an
/// empty or mistyped directory is wrong input, not an empty configuration.
/// `detail` says what the command would have done.
pub(super) fn require_configuration(
    dir: &Path,
    engine: Engine,
    detail: impl FnOnce() -> String,
) -> Result<(), Diagnostics> {
    match config::config_files(dir, engine, &config::Overlay::new(), &Default::default()) {
        Ok((primary, overrides)) if primary.is_empty() && overrides.is_empty() => {
            Err(Diagnostic::error("No configuration files", detail()).into())
        }
        // An unreadable directory is reported by the loader.
        _ => Ok(()),
    }
}

/// The detail of "No configuration files" for commands terraform has no
/// such message for.
pub(super) fn nothing_to(verb: &str, dir: &Path) -> String {
    format!(
        "There are no configuration files (.tf, .tf.json, .tofu or .tofu.json) in {}, so there is nothing to {verb}. Give the directory of a root module.",
        dir.display()
    )
}

fn load(
    dir: &Path,
    args: &ConfigArgs,
    sources: &mut SourceMap,
    verb: &str,
) -> Result<Loaded, (i32, Diagnostics)> {
    let engine = engine_for(args.engine, dir);
    let state = match &args.state {
        Some(p) => Some(State::read(p).map_err(|d| (CONFIG_ERROR, d.into()))?),
        None => None,
    };
    let detail = || {
        match verb {
        "plan" => "Plan requires configuration to be present. Planning without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run plan with the -destroy option. Otherwise, create a Terraform configuration file (.tf file) and try again.".into(),
        "apply" => "Apply requires configuration to be present. Applying without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run 'terraform destroy' instead.".into(),
        _ => nothing_to(verb, dir),
    }
    };
    // `terraform console` evaluates in an empty directory too.
    if verb != "evaluate" {
        require_configuration(dir, engine, detail).map_err(|d| (CONFIG_ERROR, d))?;
    }
    let config = config::load(
        dir,
        &LoadOptions {
            engine,
            ..Default::default()
        },
        sources,
    )
    .map_err(|d| (CONFIG_ERROR, d))?;
    let (inputs, warnings) =
        collect_root_inputs(&config.module, dir, &tf_var_env(), &args.ordered, sources)
            .map_err(|d| (CONFIG_ERROR, d))?;
    if !warnings.is_empty() {
        print_diagnostics(&warnings, sources);
    }
    Ok(Loaded {
        config,
        inputs,
        engine,
        state,
    })
}

fn addresses(dir: &Path, args: &ConfigArgs, sources: &mut SourceMap) -> CmdResult {
    let loaded = load(dir, args, sources, "list")?;
    let run = loaded.run(run_options());
    let instances = run.check_all().map_err(|d| (CONFIG_ERROR, d))?;
    // One write: stdout is line-buffered, and a write per line was a third
    // of listing 100,000 addresses.
    let mut text = String::with_capacity(instances.len() * 64);
    for i in &instances {
        i.write_text(&mut text);
        text.push('\n');
    }
    let _ = stdout().write_all(text.as_bytes());
    // The process ends next: freeing the run's answers one by one was a
    // quarter of listing 100,000 addresses.
    std::mem::forget((run, instances));
    std::mem::forget(loaded);
    Ok(0)
}

fn eval(expr: &str, dir: &Path, args: &ConfigArgs, sources: &mut SourceMap) -> CmdResult {
    let loaded = load_with_state(dir, args, sources, "evaluate")?;
    let file = SourceFile::new("<console-input>", expr);
    sources.insert(file.name.clone(), file.text.clone());
    let e = native::parse_expr(&file, expr, 0).map_err(|d| (1, d))?;
    // The console is no plan: impure functions give real values there.
    let opts = RunOptions {
        walk: Walk::Eval,
        unset_variables_unknown: true,
        ..run_options()
    };
    let run = loaded.run(opts);
    // `type(x)` is the console's own: it prints the type of x.
    if let ExprKind::FuncCall { name, args, .. } = &e.kind
        && name == "type"
        && args.len() == 1
    {
        let v = run
            .eval_in(&Default::default(), &args[0])
            .map_err(|d| (1, d))?;
        let _ = writeln!(stdout(), "{}", display::type_string(&v.ty()));
        return Ok(0);
    }
    let v = run.eval_in(&Default::default(), &e).map_err(|d| (1, d))?;
    let _ = writeln!(stdout(), "{}", display::console(&v));
    Ok(0)
}

fn outputs(dir: &Path, json: bool, args: &ConfigArgs, sources: &mut SourceMap) -> CmdResult {
    let loaded = load_with_state(dir, args, sources, "output")?;
    let run = loaded.run(run_options());
    let mut values = run.root_outputs().map_err(|d| (CONFIG_ERROR, d))?;
    // A null output is no output: terraform records none and lists none.
    values.retain(|(_, _, v)| !v.is_null());
    let mut stdout = stdout();
    if json {
        let mut doc = serde_json::Map::new();
        for (name, sensitive, v) in values {
            let mut entry = serde_json::Map::new();
            entry.insert("sensitive".into(), sensitive.into());
            entry.insert("type".into(), display::json_type(&v.ty()));
            entry.insert("value".into(), display::json(&v));
            doc.insert(name, entry.into());
        }
        let doc = serde_json::Value::Object(doc);
        let _ = write!(stdout, "{}", json_text(&doc));
    } else {
        for (name, _, v) in values {
            let _ = writeln!(stdout, "{}", display::output_line(&name, &v));
        }
    }
    Ok(0)
}

/// The prior state a plan starts from: `--state`, else the directory's
/// `terraform.tfstate`, else `minimod.tfstate` (what `apply` writes), else
/// nothing.
fn prior_state(dir: &Path, loaded: &Loaded) -> Result<(State, PathBuf), (i32, Diagnostics)> {
    if let Some(s) = &loaded.state {
        return Ok((s.clone(), PathBuf::new()));
    }
    if let Some(found) = dir_state(dir).map_err(|d| (1, d))? {
        return Ok(found);
    }
    Ok((
        State::new(env!("CARGO_PKG_VERSION")),
        dir.join("minimod.tfstate"),
    ))
}

/// The state a directory holds, as terraform's local backend finds it:
/// `terraform.tfstate`, else `minimod.tfstate` (what `apply` writes).
fn dir_state(dir: &Path) -> Result<Option<(State, PathBuf)>, Diagnostics> {
    for name in ["terraform.tfstate", "minimod.tfstate"] {
        let path = dir.join(name);
        if path.is_file() {
            let state = State::read(&path).map_err(Diagnostics::from)?;
            return Ok(Some((state, path)));
        }
    }
    Ok(None)
}

/// `load`, with the directory's own state when `--state` names none: what
/// `terraform console` and `terraform output` read.
fn load_with_state(
    dir: &Path,
    args: &ConfigArgs,
    sources: &mut SourceMap,
    verb: &str,
) -> Result<Loaded, (i32, Diagnostics)> {
    let mut loaded = load(dir, args, sources, verb)?;
    if loaded.state.is_none() {
        loaded.state = dir_state(dir)
            .map_err(|d| (CONFIG_ERROR, d))?
            .map(|(s, _)| s);
    }
    Ok(loaded)
}

fn tool_name(engine: Engine) -> &'static str {
    match engine {
        Engine::Terraform => "Terraform",
        Engine::Tofu => "OpenTofu",
    }
}

fn plan(
    dir: &Path,
    json: bool,
    detailed: bool,
    schemas: Option<&Path>,
    args: &ConfigArgs,
    sources: &mut SourceMap,
) -> CmdResult {
    let loaded = load(dir, args, sources, "plan").map_err(|(_, d)| (1, d))?;
    let (prior, _) = prior_state(dir, &loaded)?;
    let schemas = load_schemas(schemas).map_err(|d| (1, d))?;
    // Planning copies the state: its objects' values are made first.
    prior.convert_values(true);
    let planned = crate::plan::plan_configuration(
        &loaded.config,
        loaded.inputs.clone(),
        &prior,
        loaded.engine,
        &[],
        RunOptions {
            schemas,
            ..run_options()
        },
    )
    .map_err(|d| (1, d))?;
    let mut stdout = stdout();
    if json {
        let doc = crate::plan::render::json(&planned.plan);
        let _ = write!(stdout, "{}", json_text(&doc));
        if !planned.plan.warnings.is_empty() {
            print_diagnostics(&planned.plan.warnings, sources);
        }
    } else {
        // terraform prints a plan's warnings after it, on stdout (wrapped
        // to stderr's width, as terraform's are).
        let tool = tool_name(loaded.engine);
        let text = match terminal_width(Stream::Out) {
            Some(width) => crate::plan::render::human_styled(&planned.plan, tool, width),
            None => crate::plan::render::human(&planned.plan, tool),
        };
        let warnings = match terminal_width(Stream::Out) {
            Some(width) => planned
                .plan
                .warnings
                .render_styled(sources, terminal_width(Stream::Err).unwrap_or(width)),
            None => planned.plan.warnings.render(sources),
        };
        let _ = write!(stdout, "{text}{warnings}");
    }
    use crate::plan::diff::Action;
    let plan = &planned.plan;
    let changed = (plan.changes.iter()).any(|c| c.action != Action::NoOp || c.previous.is_some())
        || (plan.outputs.iter()).any(|o| o.action != Action::NoOp);
    // As `refactor`: the process ends next, nothing is freed value by value.
    std::mem::forget((loaded, prior, planned));
    Ok(if detailed && changed { 2 } else { 0 })
}

fn apply(dir: &Path, args: &ConfigArgs, sources: &mut SourceMap) -> CmdResult {
    // A `--state` file that does not exist yet starts empty and is created,
    // as terraform's `-state` does (a dangling link: at its target).
    let new_state = args.state.as_ref().filter(|p| !p.exists()).cloned();
    let mut read_args = args.clone();
    if new_state.is_some() {
        read_args.state = None;
    }
    let loaded = load(dir, &read_args, sources, "apply").map_err(|(_, d)| (1, d))?;
    let (prior, path) = match &new_state {
        Some(p) => (State::new(env!("CARGO_PKG_VERSION")), p.clone()),
        None => prior_state(dir, &loaded)?,
    };
    let path = args.state.clone().unwrap_or(path);
    let planned = crate::plan::plan_configuration(
        &loaded.config,
        loaded.inputs.clone(),
        &prior,
        loaded.engine,
        &[],
        run_options(),
    )
    .map_err(|d| (1, d))?;
    let run_over = |state: &State| loaded.run(run_options()).with_prior_state(state);
    let next = crate::plan::apply::applied_state(&planned, &run_over).map_err(|d| (1, d))?;
    next.write_atomic(&path).map_err(|d| (1, d.into()))?;
    let (add, change, destroy) = planned.plan.counts();
    let mut text = format!(
        "\nApply complete! Resources: {add} added, {change} changed, {destroy} destroyed.\n"
    );
    // As terraform's apply: the recorded outputs, as `output` prints them.
    let mut names: Vec<&String> = next.outputs.keys().collect();
    names.sort();
    if !names.is_empty() {
        text.push_str("\nOutputs:\n\n");
    }
    for name in names {
        if let Some(v) = next.output_value(name) {
            text.push_str(&display::output_line(name, &v));
            text.push('\n');
        }
    }
    let _ = stdout().write_all(text.as_bytes());
    Ok(0)
}

/// The provider schemas of `--schemas FILE`, when given.
pub(super) fn load_schemas(
    path: Option<&Path>,
) -> Result<Option<std::sync::Arc<crate::providers::schema::Schemas>>, Diagnostics> {
    match path {
        None => Ok(None),
        Some(p) => crate::providers::schema::Schemas::load(p)
            .map(|s| Some(std::sync::Arc::new(s)))
            .map_err(Diagnostics::from),
    }
}

#[cfg(test)]
mod tests {
    /// Nothing prints but the printer: every other way to stdout or
    /// stderr is absent from the crate's code, so output is inert by
    /// construction (test modules, at the end of their files, may print).
    #[test]
    fn only_the_printer_writes_to_stdout_or_stderr() {
        const WAYS: &[&str] = &[
            "print!(",
            "println!(",
            "eprint!(",
            "eprintln!(",
            "dbg!(",
            "io::stdout()",
            "io::stderr()",
            ".print()",
        ];
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![src];
        let mut found = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                let line = line.trim_start();
                let printer = line.ends_with("// the printer") || line.contains(".is_terminal()");
                if !line.starts_with("//") && !printer && WAYS.iter().any(|w| line.contains(w)) {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
        assert!(
            found.is_empty(),
            "printed around the printer:\n{}",
            found.join("\n")
        );
    }
}

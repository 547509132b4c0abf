//! The command line: argument parsing (clap, after terraform's handling
//! of `-chdir`, `TF_CLI_ARGS` and single-dash flags, in `args`) and one
//! function per command. Only this module prints; the library below
//! returns values and diagnostics.

mod args;
mod check;
mod commands;
mod discover;
mod modules;
mod progress_line;
mod refactor;

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::instances::VarSource;

/// `v0.1.0 (abc1234)`: the version and the commit it was built from
/// (`build.rs`; "unknown" outside a git checkout).
const VERSION: &str = concat!(
    "v",
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("MINIMOD_COMMIT"),
    ")"
);

#[derive(Parser, Debug)]
#[command(
    name = "minimod",
    version = VERSION,
    about = "Expand Terraform/OpenTofu configurations into instance addresses, and plan refactors with moved blocks.",
    after_help = "Global options (before the command): -chdir=DIR runs as if started in DIR, as terraform's."
)]
pub(crate) struct Cli {
    /// Print no colour (also with the NO_COLOR environment variable set).
    #[arg(long = "no-color", global = true)]
    pub no_color: bool,
    #[command(subcommand)]
    pub command: Command,
}

/// Whether output may be coloured: `Never` with `-no-color`, a non-empty
/// `NO_COLOR` (no-color.org) or `TF_IN_AUTOMATION` (a pipeline's log,
/// which keeps terraform's plain words); otherwise `Auto`: each stream is
/// styled when it is a terminal (`commands::terminal_width`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Color {
    Auto,
    Never,
}

impl Color {
    fn choose(no_color_flag: bool, env: &[Option<OsString>]) -> Color {
        let set = |v: &Option<OsString>| v.as_ref().is_some_and(|v| !v.is_empty());
        match no_color_flag || env.iter().any(set) {
            true => Color::Never,
            false => Color::Auto,
        }
    }
}

/// Help with the lines it is written in, for every subcommand (the
/// setting is each command's own).
fn keep_lines(cmd: clap::Command) -> clap::Command {
    cmd.term_width(0).mut_subcommands(keep_lines)
}

/// The environment variables that ask for plain output.
fn color_env() -> [Option<OsString>; 2] {
    [
        std::env::var_os("NO_COLOR"),
        std::env::var_os("TF_IN_AUTOMATION"),
    ]
}

/// Flags scripts pass to `terraform plan` and `apply`, accepted so that
/// the same line runs minimod; none changes what minimod does (it takes no
/// lock, asks nothing and refreshes nothing).
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct TerraformRunArgs {
    /// Accepted for terraform's sake: minimod never prompts.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", value_parser = go_bool)]
    pub input: Option<bool>,
    /// Accepted for terraform's sake: minimod takes no state lock.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", value_parser = go_bool)]
    pub lock: Option<bool>,
    /// Accepted for terraform's sake (a duration such as 30s or 5m).
    #[arg(long = "lock-timeout", value_name = "DURATION", value_parser = go_duration)]
    pub lock_timeout: Option<String>,
    /// Accepted for terraform's sake: minimod never refreshes (as
    /// -refresh=false), whatever the value.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", value_parser = go_bool)]
    pub refresh: Option<bool>,
    /// Accepted for terraform's sake: minimod calls no provider.
    #[arg(long, value_name = "N")]
    pub parallelism: Option<u32>,
}

/// A boolean flag's value as Go's `strconv.ParseBool` reads it
/// (terraform's `-input=false`).
fn go_bool(s: &str) -> Result<bool, String> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err("expected true or false".into()),
    }
}

/// A duration as Go's `time.ParseDuration` reads it (`30s`, `1h30m`,
/// `1.5m`, `0`), which terraform checks `-lock-timeout` with.
fn go_duration(s: &str) -> Result<String, String> {
    let bad = || format!("{s:?} is not a duration such as 30s, 5m or 1h30m");
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body == "0" {
        return Ok(s.to_string());
    }
    let mut rest = body;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .ok_or_else(bad)?;
        let number = &rest[..digits];
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return Err(bad());
        }
        rest = &rest[digits..];
        let unit = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .into_iter()
            .filter(|u| rest.starts_with(u))
            .max_by_key(|u| u.len())
            .ok_or_else(bad)?;
        rest = &rest[unit.len()..];
    }
    Ok(s.to_string())
}

/// Arguments every command that evaluates a configuration takes.
/// `refactor --format`: the syntax blocks are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum BlockSyntax {
    Hcl,
    Json,
}

/// `refactor --place`: where blocks are declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Place {
    Auto,
    Root,
}

/// `refactor --output`: moved blocks, or `terraform state mv` lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Output {
    Blocks,
    Commands,
}

/// `check --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ReportFormat {
    Text,
    Markdown,
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
}

/// `--engine`: whose rules to follow where Terraform and OpenTofu differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    Terraform,
    Tofu,
}

impl From<EngineArg> for crate::config::Engine {
    fn from(e: EngineArg) -> Self {
        match e {
            EngineArg::Terraform => crate::config::Engine::Terraform,
            EngineArg::Tofu => crate::config::Engine::Tofu,
        }
    }
}

#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct ConfigArgs {
    /// Set a root module variable (NAME=VALUE); repeatable, in order with -var-file.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub var: Vec<String>,
    /// Read root module variables from a .tfvars or .tfvars.json file.
    #[arg(long = "var-file", value_name = "FILE")]
    pub var_file: Vec<String>,
    /// A version-4 state file supplying values only known after apply.
    #[arg(long = "state", value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Follow terraform's or OpenTofu's rules where they differ.
    #[arg(long = "engine", value_enum)]
    pub engine: Option<EngineArg>,
    /// When every diagnostic is a warning, print only their summaries.
    #[arg(long = "compact-warnings")]
    pub compact_warnings: bool,
    /// The -var and -var-file arguments in command-line order (filled in
    /// from the raw arguments, since precedence depends on it).
    #[arg(skip)]
    pub ordered: Vec<VarSource>,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Print every resource instance address, as `terraform state list` would after apply.
    Addresses {
        /// The root module directory.
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[command(flatten)]
        args: ConfigArgs,
    },
    /// Evaluate an expression in the root module, as `terraform console` prints it.
    Eval {
        #[arg(allow_hyphen_values = true)]
        expr: String,
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[command(flatten)]
        args: ConfigArgs,
    },
    /// Show what `terraform plan` would do: moves, creates, updates, destroys.
    Plan {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Print `terraform show -json`'s `resource_changes` shape instead.
        #[arg(long)]
        json: bool,
        /// Exit 2 when the plan has changes, as terraform's -detailed-exitcode.
        #[arg(long = "detailed-exitcode")]
        detailed_exitcode: bool,
        /// Provider schemas: the output of `terraform providers schema -json`
        /// (which attributes are computed, nested or sensitive).
        #[arg(long = "schemas", value_name = "FILE")]
        schemas: Option<PathBuf>,
        #[command(flatten)]
        args: ConfigArgs,
        #[command(flatten)]
        terraform: TerraformRunArgs,
    },
    /// Write the state the configuration leaves (version 4; no provider runs).
    Apply {
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[command(flatten)]
        args: ConfigArgs,
        #[command(flatten)]
        terraform: TerraformRunArgs,
    },
    /// Write the moved blocks a refactor needs, prove them, explain the rest.
    Refactor {
        /// The configuration before the refactor.
        #[arg(required_unless_present = "roots")]
        old_dir: Option<PathBuf>,
        /// The configuration after it.
        #[arg(required_unless_present = "roots")]
        new_dir: Option<PathBuf>,
        /// A root module before and after (repeatable): each is refactored
        /// on its own, then what is left is paired across roots.
        #[arg(long = "root", value_name = "OLD_DIR:NEW_DIR", conflicts_with_all = ["old_dir", "new_dir"])]
        roots: Vec<String>,
        /// The state of the root whose old configuration is OLD_DIR (with --root).
        #[arg(long = "state-for", value_name = "OLD_DIR=FILE")]
        state_for: Vec<String>,
        /// Block syntax: hcl (moved.tf) or json (moved.tf.json).
        #[arg(long, value_enum, default_value_t = BlockSyntax::Hcl)]
        format: BlockSyntax,
        /// Write the blocks into NEW_DIR (and child modules) instead of stdout.
        #[arg(long)]
        write: bool,
        /// auto: a rename inside a local child module goes into that module;
        /// root: every block in the root module.
        #[arg(long, value_enum, default_value_t = Place::Auto)]
        place: Place,
        /// Accept creations (new infrastructure); destroys still fail.
        #[arg(long = "allow-add")]
        allow_add: bool,
        /// Pair objects that structure places although some values differ:
        /// they are moved, then updated in place.
        #[arg(long = "allow-update")]
        allow_update: bool,
        /// Also prove the blocks with terraform, tofu, or the binary at PATH.
        #[arg(long = "verify-with", value_name = "terraform|tofu|PATH")]
        verify_with: Option<String>,
        /// Print one JSON document on stdout instead of blocks and report.
        #[arg(long)]
        json: bool,
        /// blocks: moved blocks; commands: `terraform state mv` lines (for
        /// versions without moved blocks, or moving state by hand).
        #[arg(long, value_enum, default_value_t = Output::Blocks)]
        output: Output,
        /// Provider schemas: the output of `terraform providers schema -json`
        /// (which attributes are computed, nested or sensitive).
        #[arg(long = "schemas", value_name = "FILE")]
        schemas: Option<PathBuf>,
        /// A difference that does not keep two objects apart:
        /// KIND:RESOURCE_TYPE:ATTRIBUTE, KIND everything, whitespace, json or
        /// prefix (prefix:TYPE:ATTR:PREFIX); repeatable.
        #[arg(long = "ignore", value_name = "KIND:TYPE:ATTR")]
        ignore: Vec<String>,
        /// The plan of NEW_DIR without the new blocks (`terraform show -json`
        /// of it): its prior objects (unless --state) and planned values.
        #[arg(long = "plan", value_name = "FILE")]
        plan: Option<PathBuf>,
        /// Print only the verdict on stderr (the blocks still go to stdout).
        #[arg(short = 'q', long = "quiet", conflicts_with = "verbose")]
        quiet: bool,
        /// Also list each pair with why it paired, and the prior objects read.
        #[arg(short = 'v', long = "verbose")]
        verbose: bool,
        /// OLD_DIR's own variables file instead of -var-file (repeatable);
        /// NEW_DIR reads -var-file.
        #[arg(long = "old-var-file", value_name = "FILE")]
        old_var_file: Vec<String>,
        /// OLD_DIR's -var and --old-var-file arguments in command-line order.
        #[arg(skip)]
        old_ordered: Vec<VarSource>,
        #[command(flatten)]
        args: ConfigArgs,
    },
    /// List every directory of configuration files: found or declared root module, or left out and why.
    Discover {
        /// The repository.
        #[arg(default_value = ".")]
        repo: PathBuf,
        /// Print machine-readable JSON.
        #[arg(long)]
        json: bool,
    },
    /// The pre-merge check: fail a change that would destroy what it only moved.
    Check {
        /// The base revision (the target branch).
        #[arg(long, required_unless_present = "merge")]
        base: Option<String>,
        /// The head revision; the working tree when not given.
        #[arg(long)]
        head: Option<String>,
        /// The repository.
        #[arg(default_value = ".")]
        repo: PathBuf,
        /// text, markdown (a pull-request comment), json or sarif (code scanning).
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Write the missing moved blocks into the working tree.
        #[arg(long)]
        fix: bool,
        /// With --fix, also edit a moved file that has uncommitted changes.
        #[arg(long = "allow-dirty", requires = "fix")]
        allow_dirty: bool,
        /// Accept creations (new infrastructure); destroys still fail.
        #[arg(long = "allow-add")]
        allow_add: bool,
        /// Pair objects that structure places although some values differ
        /// (also `check { allow_update = true }` in .minimod.hcl).
        #[arg(long = "allow-update")]
        allow_update: bool,
        /// Read root variable values from TF_VAR_* environment variables
        /// (off by default: a pull request must not see the runner's environment).
        #[arg(long = "tf-var-env")]
        tf_var_env: bool,
        /// Set a root variable (NAME=VALUE) in every root that declares it.
        #[arg(long = "var", value_name = "NAME=VALUE")]
        var: Vec<String>,
        /// Read root variables from a file, for every root (relative to
        /// the directory the check runs from).
        #[arg(long = "var-file", value_name = "FILE")]
        var_file: Vec<String>,
        /// Check every root with terraform's or OpenTofu's rules.
        #[arg(long = "engine", value_enum)]
        engine: Option<EngineArg>,
        /// Provider schemas (`terraform providers schema -json`), a path
        /// inside the repository, read from the head revision.
        #[arg(long = "schemas", value_name = "PATH")]
        schemas: Option<PathBuf>,
        /// Check only shard K of N (1-based): a stable 1/N of the roots, for a
        /// CI matrix.
        #[arg(long = "shard", value_name = "K/N", value_parser = crate::check::Shard::parse)]
        shard: Option<crate::check::Shard>,
        /// Check nothing: merge the JSON reports of every `--shard` run into
        /// one verdict and one report (repeat for each shard).
        #[arg(long = "merge", value_name = "REPORT.json", conflicts_with_all = ["fix", "shard"])]
        merge: Vec<PathBuf>,
        /// A difference that does not keep two objects apart
        /// (KIND:RESOURCE_TYPE:ATTRIBUTE, as for refactor); repeatable,
        /// added to .minimod.hcl's.
        #[arg(long = "ignore", value_name = "KIND:TYPE:ATTR")]
        ignore: Vec<String>,
        /// The prior state of a root (a workspace: ROOT:WORKSPACE), as
        /// `terraform state pull` prints it; repeatable. Read from the
        /// runner's disk: give only files the trusted job wrote.
        #[arg(long = "state-for", value_name = "ROOT[:WORKSPACE]=FILE")]
        state_for: Vec<String>,
        /// A directory of prior states: DIR/ROOT/terraform.tfstate, and
        /// DIR/ROOT/terraform.tfstate.d/WORKSPACE/terraform.tfstate.
        #[arg(long = "states", value_name = "DIR")]
        states: Option<PathBuf>,
        /// With the base's `.minimod.hcl` `modules { fetch = true }`: keep
        /// fetched packages in this cache (default: none, every package
        /// fetched afresh).
        #[arg(long = "modules-cache", value_name = "DIR")]
        modules_cache: Option<PathBuf>,
        /// With `modules { fetch = true }`: send the TF_TOKEN_* variables'
        /// tokens to their registries (default: no credentials).
        #[arg(long = "modules-tokens")]
        modules_tokens: bool,
        /// With `modules { fetch = true }`: the terraform CLI configuration
        /// whose `host` (and `credentials`) blocks are read (default: none;
        /// TF_CLI_CONFIG_FILE and ~/.terraformrc are never read by a check).
        #[arg(long = "modules-cli-config", value_name = "FILE")]
        modules_cli_config: Option<PathBuf>,
        /// With `modules { fetch = true }`: the most one fetched package may
        /// hold, downloaded or extracted, in MiB.
        #[arg(long = "modules-max-size", value_name = "MIB", default_value_t = 256)]
        modules_max_size: u64,
        /// Text report: print only the verdict (diagnostics still go to stderr).
        #[arg(short = 'q', long = "quiet", conflicts_with = "verbose")]
        quiet: bool,
        /// Text report: also each root's plan counts, the revisions compared
        /// and the states' SHA-256 (what --format json carries).
        #[arg(short = 'v', long = "verbose")]
        verbose: bool,
    },
    /// Install the remote modules configurations call (`modules get`).
    Modules {
        #[command(subcommand)]
        command: modules::ModulesCommand,
    },
    /// Print the root module's outputs.
    Outputs {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Print machine-readable JSON, sensitive values included.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        args: ConfigArgs,
    },
    /// Print minimod's version and the commit it was built from (also
    /// -version, --version, -v).
    Version,
    /// Print a shell completion script (bash: `source <(minimod completions bash)`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): `minimod man > minimod.1`.
    Man,
}

impl Command {
    /// The configuration arguments, for the commands that take them.
    fn config_args(&self) -> Option<&ConfigArgs> {
        match self {
            Command::Addresses { args, .. }
            | Command::Eval { args, .. }
            | Command::Plan { args, .. }
            | Command::Apply { args, .. }
            | Command::Refactor { args, .. }
            | Command::Outputs { args, .. } => Some(args),
            _ => None,
        }
    }
}

/// The -var and `file_flag` (`--var-file`, `--old-var-file`) arguments in
/// the order given.
fn ordered_var_sources(args: &[OsString], file_flag: &str) -> Vec<VarSource> {
    let mut out = Vec::new();
    let mut it = args.iter().map(|a| a.to_string_lossy().into_owned());
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f == "--var" || f == file_flag => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let value = match flag.as_str() {
            f if f == "--var" || f == file_flag => inline.or_else(|| it.next()),
            _ => continue,
        };
        if let Some(v) = value {
            out.push(if flag == "--var" {
                VarSource::Var(v)
            } else {
                VarSource::File(v)
            });
        }
    }
    out
}

/// Runs the command line and returns the process exit code. Meant as the
/// process's last act: `plan` and `refactor` leave their state and plans
/// to the system to free when the process ends, rather than value by value.
pub fn main(args: impl IntoIterator<Item = OsString>) -> i32 {
    small_pages();
    commands::make_inert(commands::in_github_actions());
    let mut args: Vec<OsString> = args.into_iter().collect();
    let program = match args.is_empty() {
        true => OsString::from("minimod"),
        false => args.remove(0),
    };
    // Until the command line is parsed, the environment and any -no-color
    // word decide (for the diagnostics printed before that).
    let early_no_color = args.iter().any(|a| a == "-no-color" || a == "--no-color");
    commands::set_color(Color::choose(early_no_color, &color_env()));
    let cmd = args::command();
    // A command line refused before clap reads it (`-chdir`, the
    // environment's arguments) is the error document too when it asks
    // for JSON.
    let early_json = args::asks_json(&cmd, &args::double_dash(&cmd, args.clone()));
    let refused = |d: crate::diagnostics::Diagnostic| {
        let diags = d.into();
        commands::print_diagnostics(&diags, &Default::default());
        if early_json {
            commands::write_error_document(&diags);
        }
        2
    };
    // As terraform: -chdir first, so that everything after it (the
    // environment's arguments too) is read from the new directory.
    let chdir = args::take_chdir(&mut args).and_then(|dir| match dir {
        Some(dir) => args::chdir(&dir),
        None => Ok(()),
    });
    if let Err(d) = chdir {
        return refused(*d);
    }
    // Before the environment's arguments, which are written for other
    // commands than `version` (it would warn about each).
    if args::asks_version(&cmd, &args) {
        return commands::version(VERSION);
    }
    let merged = match args::merge_env(&cmd, args, |name| std::env::var(name).ok()) {
        Ok(m) => m,
        Err(d) => return refused(*d),
    };
    if !merged.warnings.is_empty() {
        commands::print_diagnostics(&merged.warnings, &Default::default());
    }
    let args: Vec<OsString> = std::iter::once(program)
        .chain(args::double_dash(&cmd, merged.args))
        .collect();
    // Help wraps to a terminal's width; elsewhere it keeps its lines.
    let json_asked = args::asks_json(&cmd, &args[1..]);
    let parser = match std::io::stdout().is_terminal() {
        true => cmd,
        false => keep_lines(cmd),
    };
    let parsed = parser
        .try_get_matches_from(&args)
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            // Through the printer: an error quotes the arguments given.
            use std::io::Write;
            let styled = e.render();
            let text = match std::io::stderr().is_terminal() {
                true => styled.ansi().to_string(),
                false => styled.to_string(),
            };
            let _ = match e.use_stderr() {
                true => commands::stderr().write_all(text.as_bytes()),
                false => commands::stdout().write_all(text.as_bytes()),
            };
            if e.use_stderr() && json_asked {
                commands::write_error_document(&parse_error(&styled.to_string()).into());
            }
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    commands::set_color(Color::choose(cli.no_color, &color_env()));
    commands::set_compact_warnings(
        cli.command
            .config_args()
            .is_some_and(|a| a.compact_warnings),
    );
    // A check's report is inert wherever it runs: the markdown file it
    // writes may be printed into a runner's log by a later step.
    let is_check = matches!(cli.command, Command::Check { .. });
    commands::make_inert(commands::in_github_actions() || is_check);
    let ordered = ordered_var_sources(&args, "--var-file");
    let mut command = cli.command;
    if let Command::Refactor { old_ordered, .. } = &mut command {
        *old_ordered = ordered_var_sources(&args, "--old-var-file");
    }
    show_progress();
    let code = commands::run(command, ordered);
    crate::progress::done();
    code
}

/// A command line clap refused, as terraform says it: "Failed to parse
/// command-line flags", with clap's message (plain) as the detail.
fn parse_error(rendered: &str) -> crate::diagnostics::Diagnostic {
    let text = rendered.trim();
    let text = text.strip_prefix("error: ").unwrap_or(text);
    crate::diagnostics::Diagnostic::error("Failed to parse command-line flags", text)
}

/// Keeps this process's memory (and its children's: git, terraform) in
/// small pages: the command line's process is the program's (the
/// library's other entry points leave the process alone).
/// mimalloc asks for transparent huge pages, and the kernel then zeroes
/// 2 MiB for the first byte touched in each: a small refactor held twice
/// the memory it used (1k objects: 47 MB resident instead of 21 MB). On a
/// virtual machine that hands freed memory back to its host (the bench
/// machine, benches/README.md), first-touched memory is slow, and huge pages
/// made every run's time depend on what ran before it: a 1k refactor right
/// after a terraform plan took 0.015 to 0.105 s with them, 0.016 to
/// 0.030 s without; 100k took 2.1-3.0 s with them, 1.8-1.9 s without
/// (10k: 0.14-0.18 s with them, 0.16-0.22 s without).
fn small_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes integer arguments and changes only
    // how the kernel backs memory (this process's and its children's).
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// Progress on stderr when it is a terminal, once a command has run for
/// half a second: one line that fits the terminal, rewritten in place,
/// cleared when the command ends (`progress_line`).
/// `MINIMOD_TIMINGS` (set to anything) prints every step with the time it
/// began instead, and the process's memory then (resident, and its peak
/// so far, where `/proc` tells), for profiling a command's phases.
fn show_progress() {
    use std::io::{IsTerminal, Write};
    if std::env::var_os("MINIMOD_TIMINGS").is_some() {
        let start = std::time::Instant::now();
        crate::progress::set_sink(move |text| {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let mb = |field: &str| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix(field))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                    .map_or_else(|| "?".to_string(), |kb| (kb / 1024).to_string())
            };
            let _ = writeln!(
                commands::stderr(),
                "{:8.3} s {:>6} MB (peak {:>6} MB)  {text}",
                start.elapsed().as_secs_f64(),
                mb("VmRSS:"),
                mb("VmHWM:")
            );
        });
        return;
    }
    if std::io::stderr().is_terminal() {
        progress_line::install();
    }
}

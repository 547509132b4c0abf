//! `minimod modules get [DIR]...`: install the remote modules each
//! configuration calls, as `terraform init -backend=false` does for
//! modules. This is where the environment is read (tokens, the CLI
//! configuration, the cache's place); the installer reads none of it.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostics, SourceMap};
use crate::modules::{GetOptions, How, Limits};

#[derive(clap::Subcommand, Debug)]
pub(crate) enum ModulesCommand {
    /// Install the registry, git and http(s) modules the configurations
    /// call into each one's .terraform/modules, with terraform's
    /// modules.json (no providers, no backend).
    Get {
        /// The root module directories.
        #[arg(default_value = ".")]
        dirs: Vec<PathBuf>,
        /// The package cache shared between checkouts (default:
        /// $XDG_CACHE_HOME/minimod, else ~/.cache/minimod).
        #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
        cache: Option<PathBuf>,
        /// Fetch every package afresh, keeping none.
        #[arg(long = "no-cache")]
        no_cache: bool,
        /// The most one package may hold, downloaded or extracted, in MiB.
        #[arg(long = "max-size", value_name = "MIB", default_value_t = 256)]
        max_size: u64,
    },
}

/// Exit code when any directory could not be installed.
const FAILED: i32 = 1;

pub(super) fn run(
    command: ModulesCommand,
    sources: &mut SourceMap,
) -> Result<i32, (i32, Diagnostics)> {
    let ModulesCommand::Get {
        dirs,
        cache,
        no_cache,
        max_size,
    } = command;
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let home = env("HOME");
    let cache_dir = match (no_cache, cache) {
        (true, _) => None,
        (false, Some(c)) => Some(c),
        (false, None) => {
            crate::modules::default_cache_dir(env("XDG_CACHE_HOME").as_deref(), home.as_deref())
        }
    };
    let opts = GetOptions {
        cache_dir,
        limits: Limits {
            max_bytes: max_size.saturating_mul(1 << 20),
            ..Limits::default()
        },
        token_vars: std::env::vars()
            .filter(|(n, _)| n.starts_with("TF_TOKEN_"))
            .collect(),
        cli_config: env("TF_CLI_CONFIG_FILE").or_else(|| home.map(|h| h.join(".terraformrc"))),
        ..GetOptions::default()
    };
    let mut code = 0;
    for dir in &dirs {
        match crate::modules::get(dir, &opts, sources) {
            Ok(outcome) => {
                if !outcome.warnings.is_empty() {
                    super::commands::print_diagnostics(&outcome.warnings, sources);
                }
                let _ = super::commands::stdout().write_all(report(dir, &outcome).as_bytes());
            }
            Err(d) => {
                super::commands::print_diagnostics(&d, sources);
                code = FAILED;
            }
        }
    }
    Ok(code)
}

/// One line per module call, then a count.
fn report(dir: &Path, outcome: &crate::modules::Installation) -> String {
    let mut out = String::new();
    let (mut fetched, mut cached, mut kept) = (0, 0, 0);
    for m in &outcome.installed {
        let how = match m.how {
            How::Local => {
                out.push_str(&format!("- {} in {}\n", m.key, m.dir));
                continue;
            }
            How::Fetched => {
                fetched += 1;
                "downloaded"
            }
            How::Cached => {
                cached += 1;
                "from the cache"
            }
            How::Kept => {
                kept += 1;
                "already installed"
            }
        };
        let version = m
            .version
            .as_deref()
            .map(|v| format!(" {v}"))
            .unwrap_or_default();
        out.push_str(&format!(
            "- {}: {}{version}, {how}, in {}\n",
            m.key, m.source, m.dir
        ));
    }
    out.push_str(&format!(
        "{}: {} module calls; {fetched} downloaded, {cached} from the cache, {kept} already installed.\n",
        dir.display(),
        outcome.installed.len()
    ));
    out
}

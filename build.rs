//! The commit the binary is built from, for `minimod version`: `git
//! rev-parse --short HEAD` where the source is a git checkout with git
//! installed, "unknown" otherwise (a packaged crate, a tarball).

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=MINIMOD_COMMIT={commit}");
    // Rebuilt when HEAD moves (a commit, a checkout). Only files that
    // exist are named: a missing one would rerun this script every build.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) =
            git(&["rev-parse", "--git-path", &name]).filter(|p| Path::new(p).exists())
        {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    if commit == "unknown" {
        println!("cargo:rerun-if-changed=build.rs");
    }
}

//! Git packages through the `git` binary, as go-getter fetches them:
//! `?ref=` (a branch, tag or commit) and `?depth=` taken off the URL, a
//! clone (shallow, of the ref, when a depth is given), then a checkout of
//! the ref and the submodules. The clone's `.git` is removed: a module is
//! its files, and a cached package must not carry hooks or remotes.

use std::path::Path;
use std::process::{Command, Stdio};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GitPackage {
    pub url: String,
    pub reference: Option<String>,
    pub depth: Option<u32>,
}

/// A `git::` package's address (without the `git::`).
pub(crate) fn parse(address: &str) -> Result<GitPackage, String> {
    let (url, taken) =
        crate::addrs::module_source::take_query(address, &["ref", "depth", "sshkey"]);
    let mut reference = None;
    let mut depth = None;
    for (k, v) in taken {
        match k.as_str() {
            "ref" => reference = Some(percent_decode(&v)),
            "depth" => {
                depth = Some(
                    v.parse::<u32>()
                        .map_err(|_| format!("invalid depth {v:?}"))?,
                );
            }
            _ => {
                return Err("the sshkey argument is not supported: use an SSH agent".to_string());
            }
        }
    }
    if reference.as_deref().is_some_and(|r| r.starts_with('-')) || url.starts_with('-') {
        return Err("a ref or URL may not start with '-'".to_string());
    }
    Ok(GitPackage {
        url,
        reference,
        depth,
    })
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let Some(Ok(v)) = s.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16))
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(if b[i] == b'+' { b' ' } else { b[i] });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn git() -> Command {
    let mut c = Command::new("git");
    // Never ask for a password on a terminal: a run without credentials
    // fails instead of waiting.
    c.env("GIT_TERMINAL_PROMPT", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn run(mut c: Command, what: &str) -> Result<String, String> {
    let out = c
        .output()
        .map_err(|e| format!("running git ({what}): {e}"))?;
    if out.status.success() {
        return Ok(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    Err(format!(
        "error running git {what}: {}",
        String::from_utf8_lossy(&out.stderr).trim()
    ))
}

/// The commit a package's ref names on its remote (`git ls-remote`), the
/// cache's key; a ref that is a full commit id is its own.
pub(crate) fn resolve(pkg: &GitPackage) -> Result<String, String> {
    if let Some(r) = &pkg.reference
        && r.len() == 40
        && r.bytes().all(|c| c.is_ascii_hexdigit())
    {
        return Ok(r.to_ascii_lowercase());
    }
    let mut c = git();
    c.args(["ls-remote", "--", &pkg.url]);
    let wanted = pkg.reference.as_deref().unwrap_or("HEAD");
    let listing = run(c, "ls-remote")?;
    // A tag's peeled commit (`^{}`) wins over the tag object.
    let mut found = None;
    for line in listing.lines() {
        let Some((id, name)) = line.split_once('\t') else {
            continue;
        };
        let short = name
            .strip_prefix("refs/tags/")
            .or_else(|| name.strip_prefix("refs/heads/"))
            .unwrap_or(name);
        if short == format!("{wanted}^{{}}") {
            return Ok(id.to_string());
        }
        if short == wanted || name == wanted {
            found.get_or_insert_with(|| id.to_string());
        }
    }
    found.ok_or_else(|| format!("the ref {wanted:?} is not on the remote {}", pkg.url))
}

/// Clones the package into `dest` (which must not exist).
pub(crate) fn clone(pkg: &GitPackage, dest: &Path) -> Result<(), String> {
    let mut c = git();
    c.arg("clone");
    if let Some(d) = pkg.depth.filter(|d| *d > 0) {
        c.args(["--depth", &d.to_string()]);
        if let Some(r) = &pkg.reference {
            c.args(["--branch", r]);
        }
    }
    c.arg("--").arg(&pkg.url).arg(dest);
    run(c, "clone")?;
    if let (Some(r), None) = (&pkg.reference, pkg.depth) {
        let mut c = git();
        c.current_dir(dest).args(["checkout", "--quiet", r, "--"]);
        run(c, "checkout")?;
    }
    let mut c = git();
    c.current_dir(dest)
        .args(["submodule", "update", "--init", "--recursive"]);
    run(c, "submodule update")?;
    std::fs::remove_dir_all(dest.join(".git")).map_err(|e| format!("removing .git: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ref_and_depth_come_off_the_url() {
        let p = parse("https://example.com/r.git?ref=v1.0.0&depth=1").unwrap();
        assert_eq!(p.url, "https://example.com/r.git");
        assert_eq!(p.reference.as_deref(), Some("v1.0.0"));
        assert_eq!(p.depth, Some(1));
        let p = parse("file:///tmp/r?ref=feature%2Fx&other=1").unwrap();
        assert_eq!(p.url, "file:///tmp/r?other=1");
        assert_eq!(p.reference.as_deref(), Some("feature/x"));
        assert_eq!(
            parse("f?ref=%C3%A9%é%").unwrap().reference.as_deref(),
            Some("é%é%")
        );
        assert!(parse("https://e/r.git?depth=x").is_err());
        assert!(parse("https://e/r.git?ref=--upload-pack=x").is_err());
        assert!(parse("ssh://git@e/r.git?sshkey=abc").is_err());
    }
}

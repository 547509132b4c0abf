//! Module source addresses, parsed and written back as terraform does
//! (its `ParseModuleSource`): a local path (`./x`, `../x`), a registry
//! address (`NS/NAME/SYSTEM`, `HOST/NS/NAME/SYSTEM`, `//subdir`), or a
//! remote package (`git::URL`, `github.com/o/r`, `bitbucket.org/o/r`,
//! `git@host:path`, `http(s)://...`, `s3::`, `gcs::`), with the shorthands
//! expanded so that two spellings of one package compare equal. The text
//! is what `modules.json` records as `Source`.

use std::fmt;

/// The registry host of `NS/NAME/SYSTEM`.
pub(crate) const DEFAULT_REGISTRY: &str = "registry.terraform.io";

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A cleaned relative path, `./x` or `../x`.
    Local(String),
    Registry(RegistrySource),
    Remote(RemoteSource),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RegistrySource {
    /// Lower case, as terraform compares host names.
    pub host: String,
    pub namespace: String,
    pub name: String,
    pub system: String,
    pub subdir: String,
}

impl RegistrySource {
    /// `host/ns/name/system`, the package without a subdirectory.
    pub(crate) fn package(&self) -> String {
        format!(
            "{}/{}/{}/{}",
            self.host, self.namespace, self.name, self.system
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RemoteSource {
    /// The normalised package address (`git::https://...?ref=v1`).
    pub package: String,
    /// A path inside the package, cleaned; may hold `*` globs.
    pub subdir: String,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Local(p) => f.write_str(p),
            Source::Registry(r) if r.subdir.is_empty() => f.write_str(&r.package()),
            Source::Registry(r) => write!(f, "{}//{}", r.package(), r.subdir),
            Source::Remote(r) if r.subdir.is_empty() => f.write_str(&r.package),
            Source::Remote(r) => match r.package.split_once('?') {
                Some((base, query)) => write!(f, "{base}//{}?{query}", r.subdir),
                None => write!(f, "{}//{}", r.package, r.subdir),
            },
        }
    }
}

/// Why a source does not parse: terraform's summary and detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SourceError {
    pub summary: &'static str,
    pub detail: String,
}

/// Parses a call's `source`. With a `version` argument only a registry
/// address is accepted, as terraform decides.
pub(crate) fn parse(raw: &str, has_version: bool) -> Result<Source, SourceError> {
    if is_local(raw) {
        return Ok(Source::Local(clean_local(raw)));
    }
    let registry = parse_registry(raw);
    if has_version {
        return registry.map(Source::Registry).map_err(|e| SourceError {
            summary: "Invalid registry module source address",
            detail: format!(
                "Failed to parse module registry address: {e}.\n\nTerraform assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules."
            ),
        });
    }
    if let Ok(r) = registry {
        return Ok(Source::Registry(r));
    }
    parse_remote(raw).map(Source::Remote)
}

pub(crate) fn is_local(raw: &str) -> bool {
    ["./", "../", ".\\", "..\\"]
        .iter()
        .any(|p| raw.starts_with(p))
}

/// `./a/../b/` is `./b`; a path that climbs keeps its `../`.
fn clean_local(raw: &str) -> String {
    let clean = clean_path(&raw.replace('\\', "/"));
    if clean.starts_with("../") || clean == ".." {
        clean
    } else if clean == "." {
        "./.".to_string()
    } else {
        format!("./{clean}")
    }
}

/// A slash path cleaned as Go's `path.Clean` cleans it.
pub(crate) fn clean_path(p: &str) -> String {
    crate::syntax::source::clean_path(std::path::Path::new(p))
}

/// Takes the query arguments named in `names` off a URL: the URL with the
/// others, and the taken (name, raw value) pairs in order.
pub(crate) fn take_query(url: &str, names: &[&str]) -> (String, Vec<(String, String)>) {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut taken = Vec::new();
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match names.contains(&k) {
            true => taken.push((k.to_string(), v.to_string())),
            false => kept.push(pair),
        }
    }
    match kept.is_empty() {
        true => (base.to_string(), taken),
        false => (format!("{base}?{}", kept.join("&")), taken),
    }
}

/// Splits `pkg//sub?q` into (`pkg?q`, `sub` cleaned), leaving a scheme's
/// `://` alone.
pub(crate) fn split_subdir(src: &str) -> (String, String) {
    let stop = src.find('?').unwrap_or(src.len());
    let offset = src[..stop].find("://").map_or(0, |i| i + 3);
    let Some(i) = src[offset..stop].find("//") else {
        return (src.to_string(), String::new());
    };
    let at = offset + i;
    let mut sub = &src[at + 2..];
    let mut pkg = src[..at].to_string();
    if let Some(q) = sub.find('?') {
        pkg.push_str(&sub[q..]);
        sub = &sub[..q];
    }
    let sub = if sub.is_empty() {
        String::new()
    } else {
        clean_path(sub)
    };
    (pkg, sub)
}

fn parse_registry(raw: &str) -> Result<RegistrySource, String> {
    let (raw, subdir) = split_subdir(raw);
    if subdir.starts_with("../") || subdir == ".." {
        return Err(format!(
            "subdirectory path \"{subdir}\" leads outside of the module package"
        ));
    }
    let mut parts: Vec<&str> = raw.split('/').collect();
    if parts.len() != 3 && parts.len() != 4 {
        return Err(
            "a module registry source address must have either three or four slash-separated components"
                .to_string(),
        );
    }
    let mut host = DEFAULT_REGISTRY.to_string();
    if parts.len() == 4 {
        host = registry_host(parts[0])?;
        parts.remove(0);
    }
    if host == "github.com" || host == "bitbucket.org" {
        return Err(format!(
            "can't use \"{host}\" as a module registry host, because it's reserved for installing directly from version control repositories"
        ));
    }
    let name_ok = |s: &str| {
        let b = s.as_bytes();
        !b.is_empty()
            && b.len() <= 64
            && b.iter()
                .all(|c| c.is_ascii_alphanumeric() || *c == b'-' || *c == b'_')
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
    };
    const NAME_RULE: &str = "must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix";
    if !name_ok(parts[0]) {
        if parts[0].contains('.') {
            return Err("source address must have three more components after the hostname: the namespace, the name, and the target system".to_string());
        }
        return Err(format!("invalid namespace \"{}\": {NAME_RULE}", parts[0]));
    }
    if !name_ok(parts[1]) {
        return Err(format!("invalid module name \"{}\": {NAME_RULE}", parts[1]));
    }
    let system = parts[2];
    if system.is_empty()
        || system.len() > 64
        || !system
            .bytes()
            .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
    {
        if system.contains('?') {
            return Err(
                "module registry addresses may not include a query string portion".to_string(),
            );
        }
        return Err(format!(
            "invalid target system \"{system}\": must be between one and 64 ASCII letters or digits"
        ));
    }
    Ok(RegistrySource {
        host,
        namespace: parts[0].to_string(),
        name: parts[1].to_string(),
        system: system.to_string(),
        subdir,
    })
}

/// A registry host as terraform compares it: lower case, `:443` implied,
/// at least one dot, no punycode.
fn registry_host(given: &str) -> Result<String, String> {
    let lower = given.to_ascii_lowercase();
    let (name, port) = match lower.rsplit_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (lower.as_str(), None),
    };
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.len() <= 63
            && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|c| c.is_ascii_digit()));
    if name.is_empty() || !name.split('.').all(label_ok) || !port_ok {
        if given.contains("--") {
            return Err(format!(
                "invalid module registry hostname \"{given}\"; internationalized domain names must be given as direct unicode characters, not in punycode"
            ));
        }
        return Err(format!("invalid module registry hostname \"{given}\""));
    }
    if name.split('.').any(|l| l.starts_with("xn--")) {
        return Err(format!(
            "invalid module registry hostname \"{given}\"; internationalized domain names must be given as direct unicode characters, not in punycode"
        ));
    }
    if !name.contains('.') {
        return Err("invalid module registry hostname: must contain at least one dot".to_string());
    }
    Ok(match port {
        Some("443") | None => name.to_string(),
        Some(p) => format!("{name}:{p}"),
    })
}

/// `git::`, `s3::`...: the forced getter and the rest.
pub(crate) fn forced_getter(src: &str) -> (Option<&str>, &str) {
    if let Some((g, rest)) = src.split_once("::")
        && !g.is_empty()
        && g.bytes().all(|c| c.is_ascii_alphanumeric())
        && !rest.is_empty()
    {
        return (Some(g), rest);
    }
    (None, src)
}

/// Whether a text starts with a URL scheme (`https:`), as Go's URL
/// parser finds one.
fn has_scheme(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s[..colon];
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

fn parse_remote(raw: &str) -> Result<RemoteSource, SourceError> {
    let invalid = |detail: String| SourceError {
        summary: "Invalid module source address",
        detail: format!("Failed to parse module source address: {detail}."),
    };
    let (forced, rest) = forced_getter(raw);
    let (src, mut subdir) = split_subdir(rest);
    if subdir.starts_with("../") || subdir == ".." {
        return Err(invalid(format!(
            "subdirectory path \"{subdir}\" leads outside of the module package"
        )));
    }
    let package = if has_scheme(&src) && !looks_like_scp(&src) {
        match forced {
            Some(g) => format!("{g}::{src}"),
            None => src,
        }
    } else {
        let (detected, more) = detect_shorthand(&src).ok_or_else(|| SourceError {
            summary: "Invalid module source address",
            detail: format!(
                "Terraform failed to determine your intended installation method for remote module package \"{raw}\".\n\nIf you intended this as a path relative to the current module, use \"./{raw}\" instead. The \"./\" prefix indicates that the address is a relative filesystem path."
            ),
        })?;
        if !more.is_empty() {
            subdir = if subdir.is_empty() {
                clean_path(&more)
            } else {
                clean_path(&format!("{more}/{subdir}"))
            };
        }
        match (forced, forced_getter(&detected)) {
            (Some(g), (_, body)) => format!("{g}::{body}"),
            (None, _) => detected,
        }
    };
    if subdir.starts_with("../") {
        return Err(invalid(format!(
            "detected subdirectory path \"{subdir}\" of \"{package}\" leads outside of the module package"
        )));
    }
    Ok(RemoteSource { package, subdir })
}

/// `git@github.com:o/r.git`: a user, a host and a colon before any slash.
fn looks_like_scp(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let before = &s[..colon];
    before.contains('@') && !before.contains('/') && !s[colon..].starts_with("://")
}

/// The shorthands terraform expands: (package address, subdirectory it
/// implies).
fn detect_shorthand(src: &str) -> Option<(String, String)> {
    if src.is_empty() {
        return None;
    }
    if let Some(rest) = src.strip_prefix("github.com/") {
        let (path, query) = match rest.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (rest, None),
        };
        let parts: Vec<&str> = path.split('/').collect();
        if parts.len() < 2 {
            return None;
        }
        let mut repo = format!("https://github.com/{}/{}", parts[0], parts[1]);
        if !repo.ends_with(".git") {
            repo.push_str(".git");
        }
        if let Some(q) = query {
            repo.push('?');
            repo.push_str(q);
        }
        return Some((format!("git::{repo}"), parts[2..].join("/")));
    }
    if let Some(rest) = src.strip_prefix("bitbucket.org/") {
        let (path, query) = match rest.split_once('?') {
            Some((p, q)) => (p.to_string(), Some(q)),
            None => (rest.to_string(), None),
        };
        let mut url = format!("https://bitbucket.org/{path}");
        if !url.ends_with(".git") {
            url.push_str(".git");
        }
        if let Some(q) = query {
            url.push('?');
            url.push_str(q);
        }
        return Some((format!("git::{url}"), String::new()));
    }
    if let Some((user, rest)) = src.split_once('@')
        && let Some((host, path)) = rest.split_once(':')
        && user == "git"
        && !host.is_empty()
        && !host.contains('/')
    {
        let path = path.strip_prefix('/').unwrap_or(path);
        return Some((format!("git::ssh://git@{host}/{path}"), String::new()));
    }
    if src.contains(".amazonaws.com/") || src.starts_with("s3.amazonaws.com") {
        return Some((format!("s3::https://{src}"), String::new()));
    }
    if src.starts_with("www.googleapis.com/storage/") {
        return Some((format!("gcs::https://{src}"), String::new()));
    }
    if src.starts_with('/') {
        return Some((format!("file://{src}"), String::new()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(raw: &str) -> String {
        parse(raw, false)
            .map(|s| s.to_string())
            .unwrap_or_else(|e| format!("error: {}", e.detail))
    }

    #[test]
    fn sources_normalise_as_terraform_records_them() {
        let cases = [
            ("./modules/a/", "./modules/a"),
            ("./a/../b", "./b"),
            ("../x", "../x"),
            (
                "terraform-aws-modules/vpc/aws",
                "registry.terraform.io/terraform-aws-modules/vpc/aws",
            ),
            (
                "Example.COM/ns/name/aws//modules/x/",
                "example.com/ns/name/aws//modules/x",
            ),
            ("example.com:443/ns/name/aws", "example.com/ns/name/aws"),
            (
                "example.com:8443/ns/name/aws",
                "example.com:8443/ns/name/aws",
            ),
            ("github.com/o/r", "git::https://github.com/o/r.git"),
            (
                "github.com/o/r//sub?ref=v1",
                "git::https://github.com/o/r.git//sub?ref=v1",
            ),
            (
                "github.com/o/r/sub/dir",
                "git::https://github.com/o/r.git//sub/dir",
            ),
            ("bitbucket.org/o/r", "git::https://bitbucket.org/o/r.git"),
            (
                "git@github.com:o/r.git?ref=v2",
                "git::ssh://git@github.com/o/r.git?ref=v2",
            ),
            (
                "git::https://example.com/r.git//a/b?ref=v1&depth=1",
                "git::https://example.com/r.git//a/b?ref=v1&depth=1",
            ),
            (
                "git::file:///tmp/repo?ref=v1.0.0",
                "git::file:///tmp/repo?ref=v1.0.0",
            ),
            (
                "https://example.com/m.tar.gz",
                "https://example.com/m.tar.gz",
            ),
            (
                "https://example.com/m.zip//*",
                "https://example.com/m.zip//*",
            ),
            ("/abs/path", "file:///abs/path"),
            (
                "s3::https://s3.amazonaws.com/b/m.zip",
                "s3::https://s3.amazonaws.com/b/m.zip",
            ),
        ];
        for (raw, want) in cases {
            assert_eq!(shown(raw), want, "{raw}");
        }
    }

    #[test]
    fn bad_sources_say_what_terraform_says() {
        let e = parse("modules/a", false).unwrap_err();
        assert_eq!(e.summary, "Invalid module source address");
        assert!(e.detail.starts_with("Terraform failed to determine your intended installation method for remote module package \"modules/a\"."), "{}", e.detail);
        let e = parse("git::https://example.com/r.git", true).unwrap_err();
        assert_eq!(e.summary, "Invalid registry module source address");
        let e = parse("github.com/o/r/v", true).unwrap_err();
        assert!(
            e.detail
                .contains("reserved for installing directly from version control"),
            "{}",
            e.detail
        );
        let e = parse("xn--d1acufc.example/ns/n/aws", true).unwrap_err();
        assert!(e.detail.contains("punycode"), "{}", e.detail);
        let e = parse("localhost/ns/n/aws", true).unwrap_err();
        assert!(e.detail.contains("at least one dot"), "{}", e.detail);
        let e = parse("git::https://example.com/r.git//../x", false).unwrap_err();
        assert!(
            e.detail.contains("leads outside of the module package"),
            "{}",
            e.detail
        );
        assert!(parse("ns/name/AWS", true).is_err());
        assert!(parse("-ns/name/aws", true).is_err());
    }

    #[test]
    fn paths_clean_as_go_does() {
        assert_eq!(clean_path("a/./b/../c/"), "a/c");
        assert_eq!(clean_path("../../a"), "../../a");
        assert_eq!(clean_path(""), ".");
        assert_eq!(
            split_subdir("https://h/p//s?x=1"),
            ("https://h/p?x=1".into(), "s".into())
        );
        assert_eq!(
            split_subdir("https://h/p"),
            ("https://h/p".into(), "".into())
        );
    }
}

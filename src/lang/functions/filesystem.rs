//! Filesystem functions: path manipulation, reading files shipped with the
//! configuration, `fileset` globbing and `templatefile`.

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::encoding::quote;
use super::{Call, Function, FunctionContext, FunctionError, Param, Ret};
use crate::files::{Files, Kind};
use crate::lang::value::{Type, Value};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function::new(
            "templatefile",
            vec![
                Param::any("path").dynamic().unknown().marked(),
                Param::any("vars").dynamic().unknown().marked(),
            ],
            Ret::Fixed(Type::Dynamic),
            templatefile,
        ),
Function::new("abspath", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { let (name, ctx) = (a.name, a.ctx); {
                let p = a.str(0);
                let joined = if Path::new(&p).is_absolute() {
                    p.to_string()
                } else {
                    let cwd = ctx.host.cwd.ok_or_else(|| FunctionError::call(name, "the working directory is not known"))?;
                    format!("{}/{p}", cwd.display())
                };
                Ok(Value::String(clean(&joined)))
            } }).wholly_known(),
Function::new("basename", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { Ok(Value::String(basename(a.str(0)))) }).wholly_known(),
Function::new("dirname", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { Ok(Value::String(dirname(a.str(0)))) }).wholly_known(),
Function::new("pathexpand", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { let (name, ctx) = (a.name, a.ctx); {
                let path = a.str(0);
                // A confined run (a check) shows nothing of the runner's
                // environment, its home directory included.
                if ctx.files_within.is_some() && path.starts_with('~') {
                    return Err(FunctionError::call(
                        name,
                        "the home directory is the runner's, which a check does not read",
                    ));
                }
                expand_home(path, ctx.host.home).map(Value::String).map_err(|m| FunctionError::call(name, m))
            } }).wholly_known(),
Function::new("file", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { let (name, ctx) = (a.name, a.ctx); {
                let path = a.str(0);
                let bytes = read_config_file(ctx, path)?;
                String::from_utf8(bytes).map(Value::String).map_err(|_| {
                    FunctionError::call(
                        name,
                        format!(
                            "contents of {} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead",
                            quote(path)
                        ),
                    )
                })
            } }).wholly_known(),
Function::new("filebase64", vec![Param::string("path")], Ret::Fixed(Type::String), |a, _| { let ctx = a.ctx; {
                let bytes = read_config_file(ctx, a.str(0))?;
                Ok(Value::String(STANDARD.encode(bytes)))
            } }).wholly_known(),
Function::new("fileexists", vec![Param::string("path")], Ret::Fixed(Type::Bool), |a, _| { let (name, ctx) = (a.name, a.ctx); {
                let path = a.str(0);
                let full = resolve_path(ctx, path)?;
                // Messages name the path joined to the module directory.
                let joined = joined_path(ctx, path);
                let shown = quote(&joined);
                let fail = |what: &str| Err(FunctionError::call(name, format!("{shown} {what}")));
                // Only Unix tells device nodes, pipes and sockets apart.
                #[cfg(unix)]
                let other = |m: std::fs::Metadata| {
                    use std::os::unix::fs::FileTypeExt;
                    let ft = m.file_type();
                    if ft.is_block_device() || ft.is_char_device() {
                        fail("is a device node, not a regular file")
                    } else if ft.is_fifo() {
                        fail("is a named pipe, not a regular file")
                    } else if ft.is_socket() {
                        fail("is a unix domain socket, not a regular file")
                    } else {
                        fail("is not a regular file")
                    }
                };
                #[cfg(not(unix))]
                let other = |_: std::fs::Metadata| fail("is not a regular file");
                let stat_failed = || Err(FunctionError::call(name, format!("failed to stat {shown}")));
                match ctx.files.kind(&full) {
                    Ok(Kind::File) => Ok(Value::Bool(true)),
                    Ok(Kind::Dir) => fail("is a directory, not a file"),
                    // Only the disk holds other kinds.
                    Ok(Kind::Other) => std::fs::metadata(&full).map_or_else(|_| stat_failed(), other),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Value::Bool(false)),
                    Err(_) => stat_failed(),
                }
            } }).wholly_known(),
Function::new("fileset", vec![Param::string("path"), Param::string("pattern")], Ret::Fixed(Type::Set(Box::new(Type::String))), |a, _| { let (name, ctx) = (a.name, a.ctx); {
                let path = a.str(0);
                let pattern = a.str(1);
                let root = resolve_path(ctx, path)?;
                let files = fileset(ctx.files, &root, pattern).map_err(|m| {
                    FunctionError::call(name, format!("failed to glob pattern {}: {m}", quote(pattern)))
                })?;
                Ok(Value::set(Type::String, files.into_iter().map(Value::String).collect()))
            } }).wholly_known(),
    ]
    .into_iter()
    .map(Function::reading_files)
    .collect()
}

/// Expands a leading `~` to the home directory, as Terraform's
/// `homedir.Expand` does.
fn expand_home(path: &str, home: Option<&Path>) -> Result<String, String> {
    let Some(rest) = path.strip_prefix('~') else {
        return Ok(path.to_string());
    };
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err("cannot expand user-specific home dir".into());
    }
    let home = home.ok_or_else(|| "HOME environment variable is not set".to_string())?;
    Ok(format!("{}{rest}", home.display()))
}

/// The file a path names, relative paths taken from the module directory.
/// Where the context confines reading (a check of an untrusted revision),
/// a path that leads outside the allowed directory, through `..`, an
/// absolute path or a link, is an error rather than a read.
pub(super) fn resolve_path(ctx: &FunctionContext, path: &str) -> Result<PathBuf, FunctionError> {
    let expanded = expand_home(path, ctx.host.home).unwrap_or_else(|_| path.to_string());
    let p = Path::new(&expanded);
    let full = match (p.is_absolute(), ctx.files_within, ctx.host.cwd) {
        // Confined, the root module is read from a tree mounted elsewhere
        // than the directory terraform would run in (`path.cwd`, which
        // `abspath` starts from): an absolute path is taken from there.
        (true, Some(_), Some(cwd)) => ctx.base_dir.join(relative_to(p, cwd)),
        (true, _, _) => p.to_path_buf(),
        (false, _, _) => ctx.base_dir.join(p),
    };
    let Some(root) = ctx.files_within else {
        return Ok(full);
    };
    let inside = match (ctx.files.canonicalize(&full), ctx.files.canonicalize(root)) {
        (Ok(f), Ok(r)) => f.starts_with(r),
        (Err(e), _) if crate::files::is_outside(&e) => false,
        // Nothing there to read: the read itself reports it.
        (Err(_), _) => !p.is_absolute() && !expanded.split('/').any(|c| c == ".."),
        (Ok(_), Err(_)) => false,
    };
    match inside {
        true => Ok(full),
        false => Err(FunctionError::arg(
            0,
            "path",
            format!(
                "{} is outside the repository revision being checked; a check reads only the repository's own files",
                quote(path)
            ),
        )),
    }
}

/// `path` from `dir`, both absolute, with `..` steps where it is not
/// below it (taken as written: no link is followed).
fn relative_to(path: &Path, dir: &Path) -> PathBuf {
    let (path, dir) = (crate::files::normal(path), crate::files::normal(dir));
    let p: Vec<_> = path.components().collect();
    let d: Vec<_> = dir.components().collect();
    let common = p.iter().zip(&d).take_while(|(a, b)| a == b).count();
    let mut out: PathBuf = d[common..].iter().map(|_| "..").collect();
    out.extend(&p[common..]);
    out
}

/// The path as Go's `filepath.Join(baseDir, path)` spells it, for the
/// messages that show the joined path.
pub(super) fn joined_path(ctx: &FunctionContext, path: &str) -> String {
    let base_dir = ctx.base_dir;
    let expanded = expand_home(path, ctx.host.home).unwrap_or_else(|_| path.to_string());
    if expanded.starts_with('/') {
        return clean(&expanded);
    }
    let base = base_dir.to_string_lossy();
    if base.is_empty() {
        clean(&expanded)
    } else {
        clean(&format!("{base}/{expanded}"))
    }
}

/// An I/O error worded as Go's syscall errors are.
pub(super) fn io_message(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file or directory".into(),
        ErrorKind::IsADirectory => "is a directory".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::NotADirectory => "not a directory".into(),
        _ => {
            let s = e.to_string();
            // Drop Rust's " (os error N)" suffix.
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s,
            }
        }
    }
}

/// The largest file the file functions read. Terraform reads until the
/// end, which a device such as /dev/zero never reaches.
pub(crate) const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads at most [`MAX_FILE_BYTES`]; a FIFO or socket, whose open or read
/// could wait forever, is refused before it is opened. The outer error is
/// the limit's, the inner one the system's.
fn bounded_read(
    files: &Files,
    full: &Path,
    path: &str,
) -> Result<std::io::Result<Vec<u8>>, FunctionError> {
    use std::io::Read;
    let too_large = || {
        FunctionError::arg(
            0,
            "path",
            format!(
                "{} is larger than {MAX_FILE_BYTES} bytes, the most minimod reads",
                quote(path)
            ),
        )
    };
    if files.is_mounted(full) {
        return match files.read(full) {
            Ok(bytes) if bytes.len() as u64 > MAX_FILE_BYTES => Err(too_large()),
            read => Ok(read),
        };
    }
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(full) {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() || t.is_socket() {
            return Err(FunctionError::arg(
                0,
                "path",
                format!("{} is not a regular file", quote(path)),
            ));
        }
    }
    let file = match std::fs::File::open(full) {
        Ok(f) => f,
        Err(e) => return Ok(Err(e)),
    };
    let mut bytes = Vec::new();
    if let Err(e) = file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
        return Ok(Err(e));
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(Ok(bytes))
}

/// Reads a file for `file`, `filebase64` and `templatefile`, failing with
/// Terraform's wording.
fn read_config_file(ctx: &FunctionContext, path: &str) -> Result<Vec<u8>, FunctionError> {
    let full = resolve_path(ctx, path)?;
    bounded_read(ctx.files, &full, path)?.map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            FunctionError::arg(
                0,
                "path",
                format!(
                    "no file exists at {}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource",
                    quote(path)
                ),
            )
        } else if e.kind() == std::io::ErrorKind::IsADirectory {
            // Go opens a directory fine and fails reading it; its error
            // names the joined path (terraform shows it even when secret).
            let joined = super::shown(&joined_path(ctx, path));
            FunctionError::arg(0, "path", format!("failed to read file: read {joined}: is a directory"))
        } else {
            let joined = super::shown(&joined_path(ctx, path));
            FunctionError::arg(0, "path", format!("open {joined}: {}", io_message(&e)))
        }
    })
}

/// Go's `filepath.Clean`: the shortest equivalent path, lexically.
pub(super) fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    let body = parts.join("/");
    match (rooted, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".into(),
        (false, false) => body,
    }
}

/// Go's `filepath.Base`.
fn basename(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

/// Go's `filepath.Dir`.
fn dirname(path: &str) -> String {
    let dir = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    clean(dir)
}

// ---------------------------------------------------------------------------
// fileset

/// The regular files under `root` matching `pattern` (doublestar globbing
/// as Terraform has it: `**` spans directories, `{a,b}` alternatives, `[]`
/// classes negated with `^`), relative to `root` with `/` separators.
fn fileset(files: &Files, root: &Path, pattern: &str) -> Result<Vec<String>, String> {
    // Terraform joins the pattern to the path, so a leading `/` is no root.
    let cleaned = clean(pattern);
    let cleaned = cleaned.trim_start_matches('/');
    let components: Vec<Vec<char>> = cleaned.split('/').map(|c| c.chars().collect()).collect();
    for c in &components {
        validate_component(c)?;
    }
    let mut out = Vec::new();
    walk(files, root, "", &components, &mut out);
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(files: &Files, dir: &Path, rel: &str, pattern: &[Vec<char>], out: &mut Vec<String>) {
    let Some((first, rest)) = pattern.split_first() else {
        // The whole pattern matched: keep regular files (following links).
        if files.is_file(dir) {
            out.push(rel.to_string());
        }
        return;
    };
    let join = |name: &str| {
        if rel.is_empty() {
            name.to_string()
        } else {
            format!("{rel}/{name}")
        }
    };
    if first.iter().collect::<String>() == "**" {
        // Zero directories, then each subdirectory in turn.
        walk(files, dir, rel, rest, out);
        for (name, path) in entries(files, dir) {
            if files.is_dir(&path) {
                walk(files, &path, &join(&name), pattern, out);
            } else if rest.is_empty() {
                // A final `**` matches the files themselves too.
                walk(files, &path, &join(&name), rest, out);
            }
        }
        return;
    }
    if first.iter().collect::<String>() == ".." {
        walk(files, &dir.join(".."), &join(".."), rest, out);
        return;
    }
    for (name, path) in entries(files, dir) {
        let chars: Vec<char> = name.chars().collect();
        if glob_match(first, &chars) {
            walk(files, &path, &join(&name), rest, out);
        }
    }
}

fn entries(files: &Files, dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(list) = files.read_dir(dir) else {
        return Vec::new();
    };
    list.into_iter()
        .map(|e| {
            let path = dir.join(&e.name);
            (e.name, path)
        })
        .collect()
}

fn validate_component(p: &[char]) -> Result<(), String> {
    let bad = || "syntax error in pattern".to_string();
    let mut i = 0;
    let mut braces = 0i32;
    while i < p.len() {
        match p[i] {
            '\\' => {
                if i + 1 >= p.len() {
                    return Err(bad());
                }
                i += 2;
                continue;
            }
            '[' => {
                let end = class_end(p, i).ok_or_else(bad)?;
                i = end + 1;
                continue;
            }
            '{' => braces += 1,
            '}' => {
                braces -= 1;
                if braces < 0 {
                    return Err(bad());
                }
            }
            _ => {}
        }
        i += 1;
    }
    if braces != 0 { Err(bad()) } else { Ok(()) }
}

/// The index of the `]` closing the class opened at `start`.
fn class_end(p: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    if p.get(i) == Some(&'^') {
        i += 1;
    }
    let first = i;
    while i < p.len() {
        match p[i] {
            '\\' => i += 2,
            ']' if i > first => return Some(i),
            ']' => return None,
            _ => i += 1,
        }
    }
    None
}

/// Matches one path component against one pattern component.
fn glob_match(p: &[char], name: &[char]) -> bool {
    let Some(&c) = p.first() else {
        return name.is_empty();
    };
    match c {
        '*' => (0..=name.len()).any(|k| glob_match(&p[1..], &name[k..])),
        '?' => !name.is_empty() && glob_match(&p[1..], &name[1..]),
        '\\' => p.len() > 1 && name.first() == Some(&p[1]) && glob_match(&p[2..], &name[1..]),
        '[' => {
            let Some(end) = class_end(p, 0) else {
                return false;
            };
            let Some(&ch) = name.first() else {
                return false;
            };
            class_matches(&p[1..end], ch) && glob_match(&p[end + 1..], &name[1..])
        }
        '{' => {
            let mut depth = 0;
            let mut alts = Vec::new();
            let mut start = 1;
            let mut close = None;
            for (i, &x) in p.iter().enumerate().skip(1) {
                match x {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        alts.push(&p[start..i]);
                        close = Some(i);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        alts.push(&p[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            let Some(close) = close else { return false };
            alts.iter().any(|alt| {
                let mut candidate = alt.to_vec();
                candidate.extend_from_slice(&p[close + 1..]);
                glob_match(&candidate, name)
            })
        }
        c => name.first() == Some(&c) && glob_match(&p[1..], &name[1..]),
    }
}

fn class_matches(class: &[char], ch: char) -> bool {
    let (negated, body) = match class.split_first() {
        Some(('^', rest)) => (true, rest),
        _ => (false, class),
    };
    let mut items = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if body[i] == '\\' && i + 1 < body.len() {
            items.push(body[i + 1]);
            i += 2;
        } else {
            items.push(body[i]);
            i += 1;
        }
    }
    let mut found = false;
    let mut j = 0;
    while j < items.len() {
        if j + 2 < items.len() && items[j + 1] == '-' {
            if items[j] <= ch && ch <= items[j + 2] {
                found = true;
            }
            j += 3;
        } else {
            if items[j] == ch {
                found = true;
            }
            j += 1;
        }
    }
    found != negated
}

// ---------------------------------------------------------------------------
// templatefile

/// Reads marks and unknowns itself: marks anywhere in the variables mark
/// the result, and an unknown path or variables give an unknown of any type.
fn templatefile(a: &Call, _: &Type) -> Result<Value, FunctionError> {
    let (name, args, ctx) = (a.name, a.given, a.ctx);
    let (path_val, path_marked) = args[0].clone().into_unmarked();
    // Marks anywhere in the variables mark the whole result, as in Terraform.
    let (vars_val, vars_marked) = args[1].clone().unmark_deep();
    let marked = path_marked || vars_marked;
    if path_val.is_unknown() || vars_val.is_unknown() {
        return Ok(Value::Unknown(Type::Dynamic, None).mark_if(marked));
    }
    let path = a.str(0);
    // The template is read before the variables are looked at.
    let bytes = read_config_file(ctx, path)?;
    let text = String::from_utf8(bytes).map_err(|_| {
        FunctionError::call(
            name,
            format!(
                "contents of {} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead",
                quote(path)
            ),
        )
    })?;
    let vars = match vars_val {
        Value::Map(_, m) | Value::Object(m) => m,
        _ => {
            return Err(FunctionError::arg(
                1,
                "vars",
                "invalid vars value: must be a map",
            ));
        }
    };
    for key in vars.keys() {
        if !valid_identifier(key) {
            return Err(FunctionError::arg(
                1,
                "vars",
                format!(
                    "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                    quote(key)
                ),
            ));
        }
    }
    let Some(render) = ctx.render_template else {
        return Err(FunctionError::call(
            name,
            "templates cannot be rendered in this context",
        ));
    };
    Ok(render(&text, path, &vars)?.mark_if(marked))
}

/// HCL's identifier rule, as Terraform checks template variable names.
fn valid_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::sorted_map::SortedMap;

    /// The dispatcher, in the shape these tests were written for.
    fn call(
        name: &str,
        args: &[Value],
        ctx: &FunctionContext,
    ) -> Option<Result<Value, FunctionError>> {
        Some(super::super::call(name, args.to_vec(), ctx))
    }

    fn run_in(dir: &Path, name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        // Tests may read the machine; the library below `cli` does not.
        let cwd = std::env::current_dir().unwrap();
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let ctx = FunctionContext {
            base_dir: dir,
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host {
                cwd: Some(&cwd),
                home: home.as_deref(),
                plan_time: None,
            },
        };
        super::super::call(name, args, &ctx)
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    /// A directory laid out as the one the oracle ran in.
    fn fixture() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::create_dir_all(p.join("sub/deep")).unwrap();
        std::fs::create_dir_all(p.join(".hid")).unwrap();
        std::fs::write(p.join("a.txt"), "hello\n").unwrap();
        std::fs::write(p.join("sub/b.txt"), "x").unwrap();
        std::fs::write(p.join("sub/deep/c.md"), "y").unwrap();
        std::fs::write(p.join(".hid/h.txt"), "z").unwrap();
        std::fs::write(p.join("bin.dat"), [0xff]).unwrap();
        std::fs::write(p.join("t.tpl"), "Hi ${name}!").unwrap();
        dir
    }

    /// Expected values are what `terraform console` (1.11) printed.
    #[test]
    fn path_functions_match_terraform() {
        let home = std::env::var("HOME").unwrap();
        let cases: Vec<(&str, &str, String)> = vec![
            ("basename", "a/b/c.txt", "c.txt".into()),
            ("basename", "", ".".into()),
            ("basename", "/", "/".into()),
            ("basename", "a/", "a".into()),
            ("dirname", "a/b/c", "a/b".into()),
            ("dirname", "", ".".into()),
            ("dirname", "a", ".".into()),
            ("dirname", "/a", "/".into()),
            ("dirname", "a//b/", "a/b".into()),
            ("pathexpand", "~/x", format!("{home}/x")),
            ("pathexpand", "~", home.clone()),
            ("pathexpand", "a/~", "a/~".into()),
            ("abspath", "/x/./y/", "/x/y".into()),
        ];
        for (name, arg, want) in cases {
            assert_eq!(
                run_in(Path::new("."), name, vec![s(arg)]),
                Ok(s(&want)),
                "{name}({arg:?})"
            );
        }
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(
            run_in(Path::new("."), "abspath", vec![s("a/../b")]),
            Ok(s(&format!("{}/b", cwd.display())))
        );
        let err = run_in(Path::new("."), "pathexpand", vec![s("~u/x")]).unwrap_err();
        assert_eq!(
            err.detail,
            "Call to function \"pathexpand\" failed: cannot expand user-specific home dir."
        );
    }

    /// Without the host's facts (a library caller that gives none, or a
    /// check), the functions fail instead of reading this process's
    /// working directory or `HOME`.
    #[test]
    fn without_host_facts_nothing_of_the_machine_is_read() {
        let ctx = FunctionContext {
            base_dir: Path::new("."),
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        let call = |name: &str, arg: &str| super::super::call(name, vec![s(arg)], &ctx);
        assert_eq!(
            call("abspath", "a").unwrap_err().detail,
            "Call to function \"abspath\" failed: the working directory is not known."
        );
        assert_eq!(call("abspath", "/a/./b"), Ok(s("/a/b")));
        assert_eq!(
            call("pathexpand", "~/x").unwrap_err().detail,
            "Call to function \"pathexpand\" failed: HOME environment variable is not set."
        );
        assert_eq!(call("pathexpand", "x/~"), Ok(s("x/~")));
    }

    #[test]
    fn file_reading_matches_terraform() {
        let dir = fixture();
        let p = dir.path();
        assert_eq!(run_in(p, "file", vec![s("a.txt")]), Ok(s("hello\n")));
        assert_eq!(
            run_in(p, "file", vec![s("./sub/../a.txt")]),
            Ok(s("hello\n"))
        );
        assert_eq!(run_in(p, "filebase64", vec![s("bin.dat")]), Ok(s("/w==")));
        assert_eq!(
            run_in(p, "fileexists", vec![s("a.txt")]),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            run_in(p, "fileexists", vec![s("zz")]),
            Ok(Value::Bool(false))
        );
        assert_eq!(
            run_in(p, "fileexists", vec![s("sub/../nope")]),
            Ok(Value::Bool(false))
        );
        assert_eq!(
            run_in(p, "file", vec![s("a.txt").mark()]),
            Ok(s("hello\n").mark())
        );
        assert_eq!(
            run_in(p, "file", vec![Value::Unknown(Type::String, None)]),
            Ok(Value::Unknown(Type::String, None))
        );

        let d = p.display();
        let missing = "no file exists at \"sub/../nope\"; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource";
        let cases: Vec<(&str, &str, &str, String)> = vec![
            ("file", "sub/../nope", "Invalid function argument", format!("Invalid value for \"path\" parameter: {missing}.")),
            ("filebase64", "sub/../nope", "Invalid function argument", format!("Invalid value for \"path\" parameter: {missing}.")),
            // terraform (run beside the files) printed "read sub" and "\"sub\"":
            // the path joined to the module directory.
            ("file", "sub", "Invalid function argument", format!("Invalid value for \"path\" parameter: failed to read file: read {d}/sub: is a directory.")),
            ("file", "bin.dat", "Error in function call", "Call to function \"file\" failed: contents of \"bin.dat\" are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead.".into()),
            ("fileexists", "sub", "Error in function call", format!("Call to function \"fileexists\" failed: \"{d}/sub\" is a directory, not a file.")),
        ];
        // terraform: "\"sock\" is a unix domain socket, not a regular file".
        let _listener = std::os::unix::net::UnixListener::bind(p.join("sock")).unwrap();
        let err = run_in(p, "fileexists", vec![s("sock")]).unwrap_err();
        assert_eq!(
            err.detail,
            format!(
                "Call to function \"fileexists\" failed: \"{d}/sock\" is a unix domain socket, not a regular file."
            )
        );
        for (name, arg, summary, detail) in cases {
            let err = run_in(p, name, vec![s(arg)]).expect_err(name);
            assert_eq!(
                (err.summary.as_str(), err.detail.as_str()),
                (summary, detail.as_str()),
                "{name}({arg})"
            );
        }
    }

    #[test]
    fn fileset_matches_terraform() {
        let dir = fixture();
        let p = dir.path();
        let cases: Vec<(&str, &str, Vec<&str>)> = vec![
            (
                ".",
                "**",
                vec![
                    ".hid/h.txt",
                    "a.txt",
                    "bin.dat",
                    "sub/b.txt",
                    "sub/deep/c.md",
                    "t.tpl",
                ],
            ),
            (
                ".",
                "**/",
                vec![
                    ".hid/h.txt",
                    "a.txt",
                    "bin.dat",
                    "sub/b.txt",
                    "sub/deep/c.md",
                    "t.tpl",
                ],
            ),
            (".", "*/*.txt", vec![".hid/h.txt", "sub/b.txt"]),
            ("sub", "**/*", vec!["b.txt", "deep/c.md"]),
            (".", "{a,t}.*", vec!["a.txt", "t.tpl"]),
            (".", "[a-b]*", vec!["a.txt", "bin.dat"]),
            // `!` is no negation here: the class is just '!' or 'a'.
            (".", "[!a]*", vec!["a.txt"]),
            (".", "sub/*", vec!["sub/b.txt"]),
            (".", "sub", vec![]),
            ("./sub/", "./*", vec!["b.txt"]),
            (".", "s**", vec![]),
            (".", "**/deep/*", vec!["sub/deep/c.md"]),
            (".", "sub/**/c.md", vec!["sub/deep/c.md"]),
            (".", "?.txt", vec!["a.txt"]),
            (".", "**/*.txt", vec![".hid/h.txt", "a.txt", "sub/b.txt"]),
            (".", "\\a.txt", vec!["a.txt"]),
            (".", "sub/[b].txt", vec!["sub/b.txt"]),
            (".", "*/deep/../b.txt", vec!["sub/b.txt"]),
            (".", "/a.txt", vec!["a.txt"]),
            (".", "sub//b.txt", vec!["sub/b.txt"]),
            ("sub", "../a.*", vec!["../a.txt"]),
            ("zz", "*", vec![]),
        ];
        for (path, pattern, want) in cases {
            let want = Value::set(Type::String, want.into_iter().map(s).collect());
            assert_eq!(
                run_in(p, "fileset", vec![s(path), s(pattern)]),
                Ok(want),
                "fileset({path:?}, {pattern:?})"
            );
        }
        for pattern in ["[", "{a,sub/b}.txt"] {
            let err = run_in(p, "fileset", vec![s("."), s(pattern)]).unwrap_err();
            assert_eq!(
                err.detail,
                format!(
                    "Call to function \"fileset\" failed: failed to glob pattern \"{pattern}\": syntax error in pattern."
                )
            );
        }
    }

    #[test]
    fn templatefile_reads_and_renders() {
        let dir = fixture();
        let p = dir.path();
        let render = |text: &str,
                      name: &str,
                      vars: &SortedMap<String, Value>|
         -> Result<Value, FunctionError> {
            // A stand-in renderer: substitutes `${name}` only.
            let v = vars.get("name").and_then(Value::as_str).unwrap_or("?");
            Ok(Value::String(format!(
                "{}|{name}",
                text.replace("${name}", v)
            )))
        };
        let ctx = FunctionContext {
            base_dir: p,
            plan: false,
            render_template: Some(&render),
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        let vars = Value::Object([("name".to_string(), s("x"))].into());
        let got = call("templatefile", &[s("t.tpl"), vars.clone()], &ctx).unwrap();
        assert_eq!(got, Ok(s("Hi x!|t.tpl")));

        let cases: Vec<(Value, Value, &str)> = vec![
            (
                s("t.tpl"),
                s("x"),
                "Invalid value for \"vars\" parameter: invalid vars value: must be a map.",
            ),
            (
                s("t.tpl"),
                Value::Object([("1".to_string(), Value::int(2))].into()),
                "Invalid value for \"vars\" parameter: invalid template variable name \"1\": must start with a letter, followed by zero or more letters, digits, and underscores.",
            ),
        ];
        for (path, vars, want) in cases {
            let err = call("templatefile", &[path, vars], &ctx)
                .unwrap()
                .unwrap_err();
            assert_eq!(err.detail, want);
        }
        let err = call("templatefile", &[s("nope.tpl"), vars.clone()], &ctx)
            .unwrap()
            .unwrap_err();
        assert!(
            err.detail.starts_with(
                "Invalid value for \"path\" parameter: no file exists at \"nope.tpl\";"
            )
        );

        // terraform: a missing template is reported before bad variables.
        let err = call("templatefile", &[s("nope.tpl"), s("x")], &ctx)
            .unwrap()
            .unwrap_err();
        assert!(
            err.detail.starts_with(
                "Invalid value for \"path\" parameter: no file exists at \"nope.tpl\";"
            )
        );
        // Sensitive variables mark the result; unknown ones make it unknown.
        let secret = Value::Object([("name".to_string(), s("x").mark())].into());
        assert_eq!(
            call("templatefile", &[s("t.tpl"), secret], &ctx).unwrap(),
            Ok(s("Hi x!|t.tpl").mark())
        );
        assert_eq!(
            call(
                "templatefile",
                &[s("t.tpl"), Value::Unknown(Type::Dynamic, None)],
                &ctx
            )
            .unwrap(),
            Ok(Value::Unknown(Type::Dynamic, None))
        );

        let no_renderer = FunctionContext {
            base_dir: p,
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        assert!(
            call("templatefile", &[s("t.tpl"), vars], &no_renderer)
                .unwrap()
                .is_err()
        );
    }
}

//! A large state file's resources read in two halves, one on a second
//! thread: at 1,000 objects serde's pass over the objects' text was a
//! sixth of a refactor's main thread. Each resource is read by hand
//! (`RawResource::scan`), which reads what serde reads or gives up, and
//! reads each object's attributes into its value as it finds their text:
//! every command that reads a large state plans with its values, and
//! finding the text first, to read it again later, was a third pass.
//!
//! Finding the middle of the `resources` array without reading it relies
//! on what a resource looks like: an object whose first key is `mode` or
//! `module`, as terraform writes it, after the `},` that ends the one
//! before (a `"` cannot follow `{` inside a string, so the pattern is
//! never in one). The pattern only proposes where to split; what decides
//! is reading: the first half is read element by element from the array's
//! start and must end exactly at the proposed comma, which proves the
//! split lies between two resources. Anything unexpected gives up, and
//! the caller reads the file in one pass (which also owns every
//! diagnostic).

use std::sync::Arc;

use super::file::{RawResource, ReadState};
use super::scan::Cursor;
use super::{Diagnostic, State, StateResource};

/// Below this many bytes a second thread costs more than it saves.
pub(super) const FROM_BYTES: usize = 256 << 10;

/// The text of the file at `path`, as `fs::read_to_string` reads it; a
/// large regular file is read in two halves, one on a second thread. At
/// 1,000 objects (1.9 MB) most of the read was the system's first touch
/// of each page read into, on one thread, before anything else began.
/// Elsewhere (no positioned reads from two threads) it is read whole.
#[cfg(not(unix))]
pub(super) fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    std::fs::read_to_string(path)
}

#[cfg(unix)]
pub(super) fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    use std::os::unix::fs::FileExt;
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    let len = usize::try_from(meta.len()).unwrap_or(0);
    if len < FROM_BYTES || !meta.is_file() {
        return std::fs::read_to_string(path);
    }
    // Zeroed by the system, untouched until read into.
    let mut bytes = vec![0u8; len];
    let half = len / 2;
    let (first, second) = bytes.split_at_mut(half);
    let (a, b) = crate::parallel::side_by_side(
        true,
        || {
            populate(second);
            file.read_exact_at(second, half as u64)
        },
        || {
            populate(first);
            file.read_exact_at(first, 0)
        },
    );
    // A file whose length changed meanwhile is read again as it is now.
    let mut probe = [0u8; 1];
    if a.and(b).is_err() || file.read_at(&mut probe, len as u64)? != 0 {
        return std::fs::read_to_string(path);
    }
    crate::files::text(bytes)
}

/// Backs `buf`'s whole pages with memory in one call: the system's copy
/// into memory not yet touched takes a fault per page, and at 1,000
/// objects those faults were half of the read (2.5 -> 1.3 ms). Where the
/// system cannot (an older kernel, larger pages), the call fails and the
/// read faults them in as before.
#[cfg(unix)]
fn populate(buf: &mut [u8]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = buf.as_mut_ptr() as usize;
        let (first, end) = (
            start.next_multiple_of(PAGE),
            (start + buf.len()) / PAGE * PAGE,
        );
        if end > first {
            // SAFETY: the range lies inside `buf`, which this function
            // borrows mutably; populating writes nothing the program sees
            // (the pages read as the zeroes they held).
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    end - first,
                    libc::MADV_POPULATE_WRITE,
                );
            }
        }
    }
}

/// The state in `text` read in two halves, or `None` when the text does
/// not split for sure (or anything in it needs a diagnostic).
pub(super) fn read(text: &Arc<String>, threads: bool) -> Option<Result<State, Box<Diagnostic>>> {
    let open = resources_start(text)?;
    // A proposed split near the middle of what follows the array's start.
    let comma = proposed_split(text, open + (text.len() - open) / 2)?;
    let read_half = |from: usize, until: Option<usize>| -> Option<(Vec<StateResource>, usize)> {
        let (raw, end) = elements(text, from, until)?;
        let resources = raw
            .into_iter()
            .map(|r| StateResource::from_raw(r, text).ok())
            .collect::<Option<Vec<_>>>()?;
        Some((resources, end))
    };
    let (second, first) = crate::parallel::side_by_side(
        threads,
        || read_half(comma + 1, None),
        || read_half(open + 1, Some(comma)),
    );
    let (mut resources, _) = first?;
    let (rest, close) = second?;
    resources.extend(rest);
    // A later `resources` key would be serde's to settle (the last one
    // wins): leave that to the one-pass reader.
    if !no_later_resources(text, close + 1) {
        return None;
    }
    // Everything but the resources, read by serde: the array's place
    // holds an empty one.
    let others = format!("{}[]{}", &text[..open], &text[close + 1..]);
    let raw: ReadState = serde_json::from_str(&others).ok()?;
    if raw.version != 4 {
        return None;
    }
    Some(State::assemble(raw, resources))
}

/// Whether no top-level key after `at` (just past the `resources` array)
/// is `resources`, written plainly or with escapes.
fn no_later_resources(text: &str, at: usize) -> bool {
    let mut c = Cursor::new(text, at);
    let mut others = || -> Option<()> {
        loop {
            if c.eat(b'}') {
                return Some(());
            }
            if !c.eat(b',') || c.peek()? != b'"' {
                return None;
            }
            let key = key(&mut c)?;
            if key == "\"resources\"" || key.contains('\\') || !c.eat(b':') {
                return None;
            }
            c.skip_value()?;
        }
    };
    others().is_some()
}

/// The key next in `c`, as written (quotes and escapes included).
fn key<'t>(c: &mut Cursor<'t>) -> Option<&'t str> {
    let start = c.at;
    c.skip_string()?;
    Some(c.since(start))
}

/// The comma of the first `}, {"mode"` or `}, {"module"` (whitespace
/// aside) from `from` on: likely between two resources.
fn proposed_split(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let back = |mut i: usize| {
        while i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\n' | b'\r') {
            i -= 1;
        }
        i.checked_sub(1)
    };
    (from..b.len()).find_map(|i| {
        if b[i] != b'{' {
            return None;
        }
        let comma = back(i).filter(|&c| b[c] == b',')?;
        back(comma).filter(|&c| b[c] == b'}')?;
        let mut key = Cursor::new(text, i + 1);
        key.peek();
        let key = key.rest();
        (key.starts_with("\"mode\"") || key.starts_with("\"module\"")).then_some(comma)
    })
}

/// Where the top-level `resources` array opens: the top-level keys before
/// it are skipped by their structure (usually a few short fields and the
/// outputs), not read.
fn resources_start(text: &str) -> Option<usize> {
    let mut c = Cursor::new(text, 0);
    if !c.eat(b'{') {
        return None;
    }
    loop {
        if c.peek()? != b'"' {
            return None;
        }
        let key = key(&mut c)?;
        if !c.eat(b':') {
            return None;
        }
        if key == "\"resources\"" {
            return (c.peek()? == b'[').then_some(c.at);
        }
        c.skip_value()?;
        if !c.eat(b',') {
            return None;
        }
    }
}

/// The resources from `at` (just inside the array or just after a comma)
/// read one by one: up to the comma at `until`, which must be exactly
/// where one ends, or else to the array's closing bracket. Returns them
/// and where they stopped (the comma or the bracket).
fn elements(
    text: &str,
    at: usize,
    until: Option<usize>,
) -> Option<(Vec<RawResource<&str>>, usize)> {
    let mut c = Cursor::new(text, at);
    let mut out = Vec::new();
    loop {
        out.push(RawResource::scan(&mut c)?);
        match (c.peek()?, until) {
            (b',', Some(comma)) if c.at == comma => return Some((out, c.at)),
            (b',', Some(comma)) if c.at > comma => return None,
            (b',', _) => c.at += 1,
            (b']', None) => return Some((out, c.at)),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::value::Value;

    fn zoo() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/state/zoo/terraform.tfstate"
        );
        std::fs::read_to_string(path).unwrap()
    }

    /// The one-pass reader's answer.
    fn one_pass(text: &Arc<String>) -> Result<State, Box<Diagnostic>> {
        let raw: ReadState = serde_json::from_str(text).unwrap();
        State::from_raw(raw, text)
    }

    /// `Some` only with the one-pass reader's answer.
    fn agrees(text: &str) -> bool {
        let text = Arc::new(text.to_string());
        match read(&text, true) {
            Some(halves) => {
                same(&halves, &one_pass(&text), &text);
                true
            }
            None => false,
        }
    }

    /// The same state, each object's value too: the halves read values
    /// with the text, the one-pass reader converts it when asked.
    fn same(
        halves: &Result<State, Box<Diagnostic>>,
        one_pass: &Result<State, Box<Diagnostic>>,
        text: &str,
    ) {
        assert_eq!(halves, one_pass, "{text}");
        let values = |s: &Result<State, Box<Diagnostic>>| -> Vec<_> {
            let objects = s
                .iter()
                .flat_map(|s| &s.resources)
                .flat_map(|r| &r.instances);
            objects.map(|i| i.value()).collect()
        };
        assert_eq!(values(halves), values(one_pass), "{text}");
    }

    /// A large file reads as `read_to_string` reads it, a character cut
    /// by the halves' boundary and a byte that is not UTF-8 included.
    #[test]
    fn a_file_read_in_halves_is_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("terraform.tfstate");
        let mut text = "é".repeat(FROM_BYTES / 2 + 1);
        text.push('x');
        for text in [text.clone(), format!("a{text}"), "{}".to_string()] {
            std::fs::write(&path, text.as_bytes()).unwrap();
            assert_eq!(read_text(&path).unwrap(), text);
        }
        let mut bytes = text.into_bytes();
        let last = bytes.len() - 1;
        bytes[last] = 0xff;
        std::fs::write(&path, &bytes).unwrap();
        let ours = read_text(&path).unwrap_err();
        let std = std::fs::read_to_string(&path).unwrap_err();
        assert_eq!(
            (ours.kind(), ours.to_string()),
            (std.kind(), std.to_string())
        );
        assert!(read_text(&dir.path().join("none")).is_err());
    }

    /// A state file too large for one thread, read from disk: its objects'
    /// values (sensitive paths marked) are the one-pass reader's.
    #[test]
    fn a_large_state_file_is_read_with_its_values() {
        let resources: Vec<String> = (0..2000)
            .map(|i| {
                format!(
                    r#"{{"mode": "managed", "type": "t", "name": "r{i}", "instances": [{{"schema_version": 0,
                    "attributes": {{"id": "{i}", "input": {{"value": ["a", {i}], "type": ["tuple", ["string", "number"]]}}}},
                    "sensitive_attributes": [[{{"type": "get_attr", "value": "id"}}]]}}]}}"#
                )
            })
            .collect();
        let text = format!(
            r#"{{"version": 4, "serial": 1, "lineage": "l", "outputs": {{}}, "resources": [{}], "check_results": null}}"#,
            resources.join(",\n")
        );
        assert!(text.len() >= FROM_BYTES);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("terraform.tfstate");
        std::fs::write(&path, &text).unwrap();
        let read = State::read(&path);
        let first = &read.as_ref().unwrap().resources[0].instances[0];
        assert!(first.value_cache.0.get().is_some(), "read with the text");
        same(&read, &one_pass(&Arc::new(text.clone())), &text);
        let id = first.value().as_mapping().unwrap()["id"].clone();
        assert_eq!(id, Value::String("0".into()).mark());
    }

    /// terraform's indented file and the same state on one line both split
    /// between two resources, on two threads and on one.
    #[test]
    fn a_state_read_in_halves_is_the_state_read_in_one_pass() {
        let text = zoo();
        assert!(agrees(&text));
        let compact =
            serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).unwrap())
                .unwrap();
        assert!(agrees(&compact));
        let text = Arc::new(text);
        assert_eq!(read(&text, false), read(&text, true));
        // Resources of the root module (no `module` key), on one line.
        let resources: Vec<String> = (0..10)
            .map(|i| format!(r#"{{"mode":"managed","type":"t","name":"r{i}","instances":[]}}"#))
            .collect();
        let text = format!(
            r#"{{"version":4,"resources":[{}],"check_results":null}}"#,
            resources.join(",")
        );
        assert!(agrees(&text));
    }

    /// Broken files: wherever the halves answer, serde reading the whole
    /// file gives the same answer; a state the halves read is never one
    /// that serde refuses.
    #[test]
    fn a_broken_state_is_never_read_otherwise_than_serde_reads_it() {
        // Small, so that random changes fall on every kind of field.
        let object = r#"{"index_key": 1, "status": "tainted", "deposed": "0001", "provider": "p",
            "schema_version": 2, "attributes": {"id": "x", "n": [10, -1.5e3, true, {"k": null}]},
            "attributes_flat": {"a": "b"}, "sensitive_attributes": [[{"type": "get_attr", "value": "id"}]],
            "identity_schema_version": 1, "identity": {"arn": "a"}, "private": "YmluYXJ5",
            "dependencies": ["a.b"], "depends_on": ["x.y"], "create_before_destroy": true,
            "skip_destroy": false, "future": [1]}"#;
        let base = format!(
            r#"{{"version": 4, "serial": 3, "lineage": "l", "outputs": {{}}, "resources": [
            {{"module": "module.a[\"k\"]", "mode": "managed", "type": "t", "name": "a", "each": "map",
              "provider": "provider[\"x\"]", "instances": [{object}, {{"index_key": "k\u00e9", "schema_version": 0,
              "attributes": {{"input": {{"value": "v", "type": "string"}}}}, "sensitive_attributes": []}}]}},
            {{"mode": "data", "type": "t", "name": "b", "instances": [{{"schema_version": 0, "attributes": null}}], "later": 0}},
            {{"mode": "managed", "type": "t", "name": "c", "instances": []}}], "check_results": null}}"#
        );
        assert!(agrees(&base));
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let bytes = [
            b'"', b'\\', b'{', b'}', b'[', b']', b',', b':', b' ', b'0', b'-', b'.', b'e', b'n', 1,
        ];
        let mut answered = 0;
        for _ in 0..6000 {
            let mut text = base.clone().into_bytes();
            let at = next(text.len());
            match next(4) {
                0 => text[at] = bytes[next(bytes.len())],
                1 => drop(text.remove(at)),
                2 => text.insert(at, bytes[next(bytes.len())]),
                _ => text.insert(at, text[at]),
            }
            let Ok(text) = String::from_utf8(text) else {
                continue;
            };
            let text = Arc::new(text);
            let Some(halves) = read(&text, false) else {
                continue;
            };
            answered += 1;
            let serde = match serde_json::from_str::<ReadState>(&text) {
                Ok(raw) if raw.version == 4 => State::from_raw(raw, &text),
                _ => panic!("the halves read a state serde refuses: {text}"),
            };
            same(&halves, &serde, &text);
        }
        // Most changes fall where serde reads on too (in whitespace, in
        // strings), so the halves answer.
        assert!(answered > 1000, "{answered}");
    }

    /// Whatever could make the halves differ from one pass is left to it.
    #[test]
    fn it_gives_up_where_a_split_is_not_sure() {
        let zoo = zoo();
        let (head, tail) = zoo.split_at(zoo.rfind("\n  \"check_results\"").unwrap());
        for text in [
            // One resource: nothing to split.
            r#"{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "a", "instances": []}]}"#.to_string(),
            // The pattern inside an object's attributes, past the middle.
            r#"{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "a", "instances": []},
               {"mode": "managed", "type": "t", "name": "b", "instances": [{"attributes": {"x": [{}, {"mode": 1}, {}]}}]}]}"#.to_string(),
            // A later `resources` key, plain or escaped (serde keeps the last).
            format!("{head}\n  \"resources\": [],{tail}"),
            format!("{head}\n  \"resource\\u0073\": [],{tail}"),
            // Not version 4, or broken after the split.
            zoo.replacen("\"version\": 4", "\"version\": 3", 1),
            zoo.replacen("\"name\": \"leafres\"", "\"name\": leafres", 3),
            zoo.replacen("\"mode\": \"managed\"", "\"mode\": \"other\"", 15),
            // Not an object, or no resources.
            "[]".to_string(),
            r#"{"version": 4}"#.to_string(),
            r#"{"resources": {}}"#.to_string(),
        ] {
            assert!(!agrees(&text), "{text}");
        }
    }
}

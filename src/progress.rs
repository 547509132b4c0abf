//! Progress of a long command, for a person watching a terminal: what it is
//! doing and how far it got. The layers below `cli` say what step they are
//! on; `cli` decides whether anyone sees it (stderr is a terminal and the
//! command has run for half a second), as `log`'s facade leaves output to the
//! program. Without a sink, a step costs one atomic load.

use std::sync::OnceLock;

type Sink = Box<dyn Fn(&str) + Send + Sync>;

static SINK: OnceLock<Sink> = OnceLock::new();

/// Where steps go, for the rest of the process (set once, by `cli`).
pub(crate) fn set_sink(sink: impl Fn(&str) + Send + Sync + 'static) {
    let _ = SINK.set(Box::new(sink));
}

/// The step now under way; the text is built only when someone listens.
pub(crate) fn step(text: impl FnOnce() -> String) {
    if let Some(sink) = SINK.get() {
        sink(&text());
    }
}

/// The command is done: the sink clears what it showed.
pub(crate) fn done() {
    step(String::new);
}

/// `text` as one line of at most `width` columns: control characters
/// dropped, and what does not fit cut off with `…`. One column is left
/// free, since a terminal that has written its last column wraps before
/// the next `\r` on some terminals.
pub(crate) fn fit(text: &str, width: usize) -> String {
    let room = width.saturating_sub(1).max(1);
    let chars: Vec<char> = text.chars().filter(|c| !c.is_control()).collect();
    if chars.len() <= room {
        return chars.into_iter().collect();
    }
    let mut cut: String = chars[..room - 1].iter().collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_line_fits_the_width() {
        assert_eq!(super::fit("planning envs/prod", 80), "planning envs/prod");
        assert_eq!(super::fit("planning envs/prod", 10), "planning…");
        assert_eq!(super::fit("a\tb\nc", 80), "abc");
        assert_eq!(super::fit("abc", 0), "…");
        assert_eq!(super::fit("abcdef", 6).chars().count(), 5);
    }

    use std::sync::Mutex;

    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

    #[test]
    fn steps_reach_the_sink_and_are_built_only_then() {
        let mut built = false;
        super::step(|| {
            built = true;
            String::new()
        });
        assert!(!built || super::SINK.get().is_some());
        super::set_sink(|t| SEEN.lock().unwrap().push(t.to_string()));
        super::step(|| "planning".to_string());
        super::done();
        let seen = SEEN.lock().unwrap();
        assert!(
            seen.ends_with(&["planning".to_string(), String::new()]),
            "{seen:?}"
        );
    }
}

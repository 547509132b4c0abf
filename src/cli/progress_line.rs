//! The progress line on a terminal: one line on stderr, rewritten in place
//! (`\r`, then clear to the end of the line), cut to the terminal's width
//! so it never wraps (a wrapped line leaves its first half behind at every
//! redraw), and shown only once a command has run for half a second, so a
//! quick command prints nothing but its answer.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a command runs before its progress shows.
const DELAY: Duration = Duration::from_millis(500);

#[derive(Default)]
struct Line {
    /// The step under way; empty when the command is done or printing.
    text: String,
    /// What is on the terminal now needs erasing.
    shown: bool,
}

impl Line {
    fn draw(&mut self) {
        let mut err = super::commands::stderr();
        if self.text.is_empty() {
            if std::mem::take(&mut self.shown) {
                let _ = write!(err, "\r\x1b[K");
                let _ = err.flush();
            }
            return;
        }
        let line = crate::progress::fit(&self.text, width());
        let _ = write!(err, "\r\x1b[K{line}");
        let _ = err.flush();
        self.shown = true;
    }
}

/// Gives `progress` a sink that draws on stderr (the caller checked that
/// it is a terminal).
pub(super) fn install() {
    let line = Arc::new(Mutex::new(Line::default()));
    let start = Instant::now();
    // A step that began before the delay and is still under way when it
    // ends is drawn then, not only when the next step comes.
    let timer = Arc::clone(&line);
    let _ = std::thread::Builder::new()
        .name("progress".into())
        .spawn(move || {
            std::thread::sleep(DELAY);
            if let Ok(mut l) = timer.lock()
                && !l.text.is_empty()
                && !l.shown
            {
                l.draw();
            }
        });
    crate::progress::set_sink(move |text| {
        let Ok(mut l) = line.lock() else { return };
        l.text = text.to_string();
        if text.is_empty() || start.elapsed() >= DELAY {
            l.draw();
        }
    });
}

/// The terminal's width in columns: stderr's window size, else `COLUMNS`,
/// else 80.
fn width() -> usize {
    #[cfg(unix)]
    {
        let mut ws = libc::winsize {
            ws_row: 0,
            ws_col: 0,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: TIOCGWINSZ only fills in the winsize it is given.
        let ok = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
        if ok && ws.ws_col > 0 {
            return usize::from(ws.ws_col);
        }
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .filter(|&c: &usize| c > 0)
        .unwrap_or(80)
}

//! terraform's terminal styling, for renderers that offer a styled
//! variant beside their plain text. terraform writes its styles in
//! colorstring markup (`[bold][red]Error: [reset]`) and colours it with a
//! `Colorize` that ends every coloured string with a reset; `colorize`
//! reads the same markup, with the escape sequences anstyle writes, so the
//! bytes are terraform's. Which stream is a terminal is the caller's
//! business: nothing here looks.

use anstyle::{AnsiColor, Effects, Reset};

/// The sequence for one colorstring name, or `None` for a word in
/// brackets that is not one (left as written, as colorstring leaves it).
fn code(name: &str) -> Option<String> {
    let fg = |c: AnsiColor| Some(c.render_fg().to_string());
    let effect = |e: Effects| Some(e.render().to_string());
    match name {
        "reset" => Some(Reset.render().to_string()),
        "bold" => effect(Effects::BOLD),
        "dim" => effect(Effects::DIMMED),
        "underline" => effect(Effects::UNDERLINE),
        "red" => fg(AnsiColor::Red),
        "green" => fg(AnsiColor::Green),
        "yellow" => fg(AnsiColor::Yellow),
        "blue" => fg(AnsiColor::Blue),
        "magenta" => fg(AnsiColor::Magenta),
        "cyan" => fg(AnsiColor::Cyan),
        "dark_gray" => fg(AnsiColor::BrightBlack),
        _ => None,
    }
}

/// `markup` coloured as terraform's `Colorize.Color` colours it: each
/// known `[name]` replaced by its sequence, and a reset appended when any
/// was. Each `%s` is then replaced by the next of `args`, unread, as Go's
/// `fmt.Sprintf(color.Color(format), args...)` leaves its arguments.
pub(crate) fn colorize(markup: &str, args: &[&str]) -> String {
    styled(markup, args, true, true)
}

/// `markup` as a disabled `Colorize` gives it (terraform's `-no-color`):
/// the known `[name]`s dropped, no reset, the `%s`s filled.
pub(crate) fn plain(markup: &str, args: &[&str]) -> String {
    styled(markup, args, false, false)
}

/// `markup` coloured without the closing reset: for text terraform
/// writes in pieces, whose reset falls elsewhere.
pub(crate) fn paint(markup: &str, args: &[&str]) -> String {
    styled(markup, args, false, true)
}

fn styled(markup: &str, args: &[&str], close: bool, enabled: bool) -> String {
    let mut out = String::with_capacity(markup.len() + 16);
    let mut coloured = false;
    let mut rest = markup;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let word_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(after.len());
        let closed = word_len > 0 && after[word_len..].starts_with(']');
        match closed.then(|| code(&after[..word_len])).flatten() {
            Some(seq) => {
                if enabled {
                    out.push_str(&seq);
                    coloured = true;
                }
                rest = &after[word_len + 1..];
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if coloured && close {
        out.push_str(&Reset.render().to_string());
    }
    if args.is_empty() {
        return out;
    }
    let mut args = args.iter();
    let mut filled = String::with_capacity(out.len());
    let mut pieces = out.split("%s");
    filled.push_str(pieces.next().unwrap_or_default());
    for piece in pieces {
        filled.push_str(args.next().copied().unwrap_or("%s"));
        filled.push_str(piece);
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::colorize;

    #[test]
    fn colours_as_colorstring_does() {
        // terraform's error heading and left rule, as it writes them.
        assert_eq!(
            colorize("[bold][red]Error: [reset]", &[]),
            "\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m"
        );
        assert_eq!(colorize("[red]│[reset] ", &[]), "\x1b[31m│\x1b[0m \x1b[0m");
        // Arguments are not markup; unknown words and text without any
        // markup stay as they are, without a reset.
        assert_eq!(
            colorize("[bold]%s[reset]\n\n", &["a[red]b"]),
            "\x1b[1ma[red]b\x1b[0m\n\n\x1b[0m"
        );
        assert_eq!(
            colorize("list[0] and [nope] [", &[]),
            "list[0] and [nope] ["
        );
        // Disabled, the known names go and nothing is added.
        assert_eq!(
            super::plain("    [dark_gray]│[reset] [bold]%s[reset] [x]\n", &["v"]),
            "    │ v [x]\n"
        );
    }
}

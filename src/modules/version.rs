//! Module versions and version constraints as the module registry protocol
//! and terraform read them (hashicorp/go-version's rules): versions of any
//! number of numeric segments (`1.2` is `1.2.0`), an optional `-prerelease`
//! and `+metadata`; constraints `=`, `!=`, `>`, `>=`, `<`, `<=` and `~>`,
//! joined by commas. A prerelease is chosen only when named exactly.

use std::cmp::Ordering;
use std::fmt;

/// A version: at least three numeric segments once parsed (missing ones
/// are zero), and how many were written, which `~>` reads.
#[derive(Clone, Debug)]
pub(crate) struct Version {
    segments: Vec<u64>,
    written: usize,
    pre: String,
    meta: String,
}

impl Version {
    pub(crate) fn parse(text: &str) -> Option<Version> {
        let s = text.strip_prefix('v').unwrap_or(text);
        let (rest, meta) = match s.split_once('+') {
            Some((r, m)) => (r, m),
            None => (s, ""),
        };
        if s.contains('+') && !dotted(meta) {
            return None;
        }
        let core_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (core, tail) = rest.split_at(core_end);
        // The core ends at a digit; a `.` before the prerelease is not one.
        if core.is_empty() || core.ends_with('.') || core.starts_with('.') {
            return None;
        }
        let mut segments = Vec::new();
        for part in core.split('.') {
            segments.push(part.parse::<u64>().ok()?);
        }
        // `1.2-beta` and `1.2beta` (a letter right after the core) are
        // both prereleases; `1.2-3` too.
        let pre = match tail.strip_prefix('-') {
            Some(p) => p,
            None if tail.is_empty() => "",
            None if tail.starts_with(|c: char| c.is_ascii_alphabetic() || c == '~') => tail,
            None => return None,
        };
        if !tail.is_empty() && !dotted(pre) {
            return None;
        }
        let written = segments.len();
        while segments.len() < 3 {
            segments.push(0);
        }
        Some(Version {
            segments,
            written,
            pre: pre.to_string(),
            meta: meta.to_string(),
        })
    }

    pub(crate) fn is_prerelease(&self) -> bool {
        !self.pre.is_empty()
    }

    /// Precedence, as go-version orders: segments (padded with zeros),
    /// then a release above its prereleases; metadata does not count.
    pub(crate) fn compare(&self, other: &Version) -> Ordering {
        let n = self.segments.len().max(other.segments.len());
        for i in 0..n {
            let a = self.segments.get(i).copied().unwrap_or(0);
            let b = other.segments.get(i).copied().unwrap_or(0);
            match a.cmp(&b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        match (self.pre.is_empty(), other.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => compare_prereleases(&self.pre, &other.pre),
        }
    }

    fn same_segments(&self, other: &Version) -> bool {
        self.segments == other.segments
    }
}

/// Dot-separated parts of letters, digits, `-` and `~`.
fn dotted(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '~')
        })
}

fn compare_prereleases(a: &str, b: &str) -> Ordering {
    let (xs, ys): (Vec<&str>, Vec<&str>) = (a.split('.').collect(), b.split('.').collect());
    for i in 0..xs.len().max(ys.len()) {
        let x = xs.get(i).copied().unwrap_or("");
        let y = ys.get(i).copied().unwrap_or("");
        match compare_part(x, y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

/// One prerelease part: numbers below words, numbers by value, words by
/// bytes; a missing part is below a word and above a number.
fn compare_part(x: &str, y: &str) -> Ordering {
    if x == y {
        return Ordering::Equal;
    }
    let (xn, yn) = (x.parse::<u64>().ok(), y.parse::<u64>().ok());
    if x.is_empty() {
        return if yn.is_some() {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    if y.is_empty() {
        return if xn.is_some() {
            Ordering::Greater
        } else {
            Ordering::Less
        };
    }
    match (xn, yn) {
        (Some(a), Some(b)) => a.cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => x.cmp(y),
    }
}

impl fmt::Display for Version {
    /// As go-version's `String`: every segment (so `1.2` is `1.2.0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let core: Vec<String> = self.segments.iter().map(u64::to_string).collect();
        write!(f, "{}", core.join("."))?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        if !self.meta.is_empty() {
            write!(f, "+{}", self.meta)?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    Pessimistic,
}

#[derive(Clone, Debug)]
struct Constraint {
    op: Op,
    version: Version,
}

/// A constraint list: every one must hold. Empty accepts any release.
#[derive(Clone, Debug, Default)]
pub(crate) struct Constraints(Vec<Constraint>);

impl Constraints {
    /// Parses `>= 1.2, < 2.0`; the error is go-version's message.
    pub(crate) fn parse(text: &str) -> Result<Constraints, String> {
        let mut out = Vec::new();
        for piece in text.split(',') {
            let t = piece.trim();
            let (op, rest) = [
                ("~>", Op::Pessimistic),
                (">=", Op::Ge),
                ("<=", Op::Le),
                ("!=", Op::Ne),
                (">", Op::Gt),
                ("<", Op::Lt),
                ("=", Op::Eq),
            ]
            .iter()
            .find_map(|(s, op)| t.strip_prefix(s).map(|r| (*op, r)))
            .unwrap_or((Op::Eq, t));
            let version = Version::parse(rest.trim())
                .filter(|_| !rest.trim().is_empty())
                .ok_or_else(|| format!("Malformed constraint: {t}"))?;
            out.push(Constraint { op, version });
        }
        Ok(Constraints(out))
    }

    pub(crate) fn check(&self, v: &Version) -> bool {
        self.0.iter().all(|c| c.check(v))
    }

    /// Whether a prerelease may be chosen: only when one constraint names
    /// it exactly (`= 2.0.0-beta1` or `2.0.0-beta1`).
    pub(crate) fn names_exactly(&self, v: &Version) -> bool {
        self.0
            .iter()
            .any(|c| c.op == Op::Eq && c.version.compare(v) == Ordering::Equal)
    }
}

impl Constraint {
    fn check(&self, v: &Version) -> bool {
        let c = &self.version;
        let ord = v.compare(c);
        match self.op {
            Op::Eq => ord == Ordering::Equal,
            Op::Ne => ord != Ordering::Equal,
            Op::Gt => prerelease_fits(v, c) && ord == Ordering::Greater,
            Op::Ge => prerelease_fits(v, c) && ord != Ordering::Less,
            Op::Lt => prerelease_fits(v, c) && ord == Ordering::Less,
            Op::Le => prerelease_fits(v, c) && ord != Ordering::Greater,
            Op::Pessimistic => pessimistic(v, c),
        }
    }
}

/// A prerelease matches an ordering constraint only against a prerelease
/// of the same segments; a constraint on a prerelease still admits
/// releases.
fn prerelease_fits(v: &Version, c: &Version) -> bool {
    match (v.is_prerelease(), c.is_prerelease()) {
        (true, true) => v.same_segments(c),
        (true, false) => false,
        _ => true,
    }
}

/// `~> 1.2.3`: at least 1.2.3 and the same 1.2; `~> 1.2`: at least 1.2 and
/// the same 1. A prerelease constraint admits only prereleases.
fn pessimistic(v: &Version, c: &Version) -> bool {
    if !prerelease_fits(v, c) || (c.is_prerelease() && !v.is_prerelease()) {
        return false;
    }
    if v.compare(c) == Ordering::Less || c.segments.len() > v.segments.len() {
        return false;
    }
    let fixed = c.written.saturating_sub(1);
    if v.segments[..fixed] != c.segments[..fixed] {
        return false;
    }
    let last = c.segments.len() - 1;
    v.segments[last] >= c.segments[last]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// go-version's TestConstraintCheck table.
    #[test]
    fn constraint_check_table() {
        let cases = [
            (">= 1.0, < 1.2", "1.1.5", true),
            ("< 1.0, < 1.2", "1.1.5", false),
            ("= 1.0", "1.1.5", false),
            ("= 1.0", "1.0.0", true),
            ("1.0", "1.0.0", true),
            ("~> 1.0", "2.0", false),
            ("~> 1.0", "1.1", true),
            ("~> 1.0", "1.2.3", true),
            ("~> 1.0.0", "1.2.3", false),
            ("~> 1.0.0", "1.0.7", true),
            ("~> 1.0.0", "1.1.0", false),
            ("~> 1.0.7", "1.0.4", false),
            ("~> 1.0.7", "1.0.7", true),
            ("~> 1.0.7", "1.0.8", true),
            ("~> 1.0.7", "1.0.7.5", true),
            ("~> 1.0.7", "1.0.6.99", false),
            ("~> 1.0.7", "1.0.8.0", true),
            ("~> 1.0.9.5", "1.0.9.5", true),
            ("~> 1.0.9.5", "1.0.9.4", false),
            ("~> 1.0.9.5", "1.0.9.6", true),
            ("~> 1.0.9.5", "1.0.9.5.0", true),
            ("~> 1.0.9.5", "1.0.9.5.1", true),
            ("~> 2.0", "2.1.0-beta", false),
            ("~> 2.1.0-a", "2.2.0", false),
            ("~> 2.1.0-a", "2.1.0", false),
            ("~> 2.1.0-a", "2.1.0-beta", true),
            ("~> 2.1.0-a", "2.2.0-alpha", false),
            ("> 2.0", "2.1.0-beta", false),
            (">= 2.1.0-a", "2.1.0-beta", true),
            (">= 2.1.0-a", "2.1.1-beta", false),
            (">= 2.0.0", "2.1.0-beta", false),
            (">= 2.1.0-a", "2.1.1", true),
            (">= 2.1.0-a", "2.1.1-beta", false),
            (">= 2.1.0-a", "2.1.0", true),
            ("<= 2.1.0-a", "2.0.0", true),
        ];
        for (c, v, want) in cases {
            let cs = Constraints::parse(c).unwrap();
            let ver = Version::parse(v).unwrap();
            assert_eq!(cs.check(&ver), want, "{v} against {c}");
        }
    }

    /// go-version's TestNewConstraint table.
    #[test]
    fn constraint_parse_table() {
        assert_eq!(Constraints::parse(">= 1.2").unwrap().0.len(), 1);
        assert_eq!(Constraints::parse("1.0").unwrap().0.len(), 1);
        assert_eq!(Constraints::parse(">= 1.2, < 1.0").unwrap().0.len(), 2);
        assert_eq!(
            Constraints::parse(">= 1.x").unwrap_err(),
            "Malformed constraint: >= 1.x"
        );
        assert!(Constraints::parse("11387778780781445675529500000000000000000").is_err());
        assert!(Constraints::parse("").is_err());
        assert!(Constraints::parse("~>").is_err());
    }

    #[test]
    fn versions_print_and_order_as_go_version() {
        let v = |s: &str| Version::parse(s).unwrap();
        assert_eq!(v("1.2").to_string(), "1.2.0");
        assert_eq!(v("v5.1.2").to_string(), "5.1.2");
        assert_eq!(
            v("1.0.0-beta.2+build.7").to_string(),
            "1.0.0-beta.2+build.7"
        );
        assert_eq!(v("1.2.0-beta").compare(&v("1.2.0")), Ordering::Less);
        assert_eq!(
            v("1.2.0-beta.2").compare(&v("1.2.0-beta.10")),
            Ordering::Less
        );
        assert_eq!(v("1.2.0-1").compare(&v("1.2.0-alpha")), Ordering::Less);
        assert_eq!(
            v("1.2.0-alpha").compare(&v("1.2.0-alpha.1")),
            Ordering::Less
        );
        assert_eq!(
            v("1.2.0-alpha").compare(&v("1.2.0-alpha.beta")),
            Ordering::Greater
        );
        assert_eq!(v("1.2").compare(&v("1.2.0.0")), Ordering::Equal);
        assert_eq!(v("1.0+a").compare(&v("1.0+b")), Ordering::Equal);
        for bad in ["", "1.", ".1", "x", "1..2", "1.2-", "1.2+", "1.2 3"] {
            assert!(Version::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn prereleases_only_when_named() {
        let v = Version::parse("2.0.0-beta1").unwrap();
        assert!(Constraints::parse("2.0.0-beta1").unwrap().names_exactly(&v));
        assert!(
            Constraints::parse("= 2.0.0-beta1")
                .unwrap()
                .names_exactly(&v)
        );
        assert!(
            !Constraints::parse(">= 2.0.0-beta1")
                .unwrap()
                .names_exactly(&v)
        );
        assert!(!Constraints::parse("~> 2.0").unwrap().names_exactly(&v));
    }
}

//! Date and time functions over RFC 3339 timestamp strings: `formatdate`,
//! `timeadd`, `timecmp`, and the impure `timestamp` and `plantimestamp`.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, TimeZone, Timelike, Utc};

use super::{Call, Function, FunctionError, Param, Ret, quote, time_quote};
use crate::lang::value::{Type, Value};
use crate::text::go_quote;

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function::new("timestamp", vec![], Ret::Fixed(Type::String), now),
        Function::new("plantimestamp", vec![], Ret::Fixed(Type::String), plan_now),
        Function::new(
            "formatdate",
            vec![Param::string("format"), Param::string("time")],
            Ret::Fixed(Type::String),
            |a, _| {
                let t = parse_timestamp(a.str(1)).map_err(|m| FunctionError::arg(1, "time", m))?;
                format_date(a.str(0), &t)
                    .map(Value::String)
                    .map_err(|m| FunctionError::arg(0, "format", m))
            },
        )
        .wholly_known(),
        Function::new(
            "timeadd",
            vec![Param::string("timestamp"), Param::string("duration")],
            Ret::Fixed(Type::String),
            |a, _| {
                let name = a.name;
                {
                    let t = parse_timestamp(a.str(0)).map_err(|m| FunctionError::call(name, m))?;
                    let nanos =
                        parse_duration(a.str(1)).map_err(|m| FunctionError::call(name, m))?;
                    let t = t + chrono::Duration::nanoseconds(nanos);
                    Ok(Value::String(rfc3339(&t)))
                }
            },
        )
        .wholly_known(),
        Function::new(
            "timecmp",
            vec![Param::string("timestamp_a"), Param::string("timestamp_b")],
            Ret::Fixed(Type::Number),
            |a, _| {
                let x = parse_timestamp(a.str(0))
                    .map_err(|m| FunctionError::arg(0, "timestamp_a", m))?;
                let y = parse_timestamp(a.str(1))
                    .map_err(|m| FunctionError::arg(1, "timestamp_b", m))?;
                Ok(Value::int(match x.cmp(&y) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                }))
            },
        )
        .wholly_known(),
    ]
}

/// The current time; unknown while planning, since it is known only once
/// applied.
fn now(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    Ok(if c.ctx.plan {
        Value::Unknown(Type::String, None)
    } else {
        Value::String(Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string())
    })
}

/// `plantimestamp()`: terraform fixes the instant when the plan starts,
/// so it is known while planning (and the same in every call).
fn plan_now(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    Ok(match c.ctx.host.plan_time {
        Some(t) => Value::String(t.to_string()),
        None => Value::Unknown(Type::String, None),
    })
}

/// The instant this process plans at, fixed on first use: every run of
/// one command (both sides of a refactor, and its proof) sees the same
/// `plantimestamp()`.
pub(crate) fn process_plan_time() -> &'static str {
    static AT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    AT.get_or_init(|| Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

type Time = DateTime<FixedOffset>;

/// RFC 3339 as Go formats it: whole seconds, `Z` for a zero offset.
fn rfc3339(t: &Time) -> String {
    let offset = t.offset().local_minus_utc();
    let zone = if offset == 0 {
        "Z".to_string()
    } else {
        t.format("%:z").to_string()
    };
    format!("{}{zone}", t.format("%Y-%m-%dT%H:%M:%S"))
}

// ---------------------------------------------------------------------------
// Parsing timestamps

/// Parses an RFC 3339 timestamp strictly, failing with the messages cty
/// derives from Go's `time.Parse` errors.
fn parse_timestamp(s: &str) -> Result<Time, String> {
    if let Some(t) = fast_rfc3339(s) {
        return Ok(t);
    }
    let err = match go_parse_rfc3339(s) {
        Err(e) => e,
        Ok(()) => strict_check(s),
    };
    Err(describe(err))
}

/// A Go `time.ParseError`, reduced to what cty looks at.
struct ParseError {
    layout_elem: &'static str,
    value_elem: String,
    message: String,
}

fn perr(layout_elem: &'static str, value_elem: &str, message: &str) -> ParseError {
    ParseError {
        layout_elem,
        value_elem: value_elem.to_string(),
        message: message.to_string(),
    }
}

/// cty's rewording of a parse error in terms of timestamp parts.
fn describe(e: ParseError) -> String {
    const P: &str = "not a valid RFC3339 timestamp";
    if e.layout_elem.is_empty() && e.value_elem.is_empty() && !e.message.is_empty() {
        return format!("{P}{}", e.message);
    }
    let what = match e.layout_elem {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        "T" => return format!("{P}: missing required time introducer 'T'"),
        ":" | "-" => {
            return if e.value_elem.is_empty() {
                format!(
                    "{P}: end of string where {} is expected",
                    go_quote(e.layout_elem)
                )
            } else {
                format!(
                    "{P}: found {} where {} is expected",
                    quote(&e.value_elem),
                    go_quote(e.layout_elem)
                )
            };
        }
        _ => "timestamp segment",
    };
    if e.value_elem.is_empty() {
        return format!("{P}: end of string before {what}");
    }
    match what {
        "hour" if e.value_elem.contains(':') => {
            format!("{P}: hour must be between 0 and 23 inclusive")
        }
        "hour" if e.value_elem.len() != 2 => format!("{P}: hour must have exactly two digits"),
        "minute" if e.value_elem.len() != 2 => format!("{P}: minute must have exactly two digits"),
        _ => format!("{P}: cannot use {} as {what}", quote(&e.value_elem)),
    }
}

fn days_in(month: u32, year: i32) -> u32 {
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)
    };
    next.and_then(|n| n.pred_opt())
        .map(|d| d.day())
        .unwrap_or(31)
}

#[allow(clippy::too_many_arguments)] // one per timestamp field
fn build(
    y: i32,
    mo: u32,
    d: u32,
    h: u32,
    mi: u32,
    s: u32,
    nanos: u32,
    offset: i32,
) -> Option<Time> {
    let tz = FixedOffset::east_opt(offset)?;
    let naive = NaiveDate::from_ymd_opt(y, mo, d)?.and_hms_nano_opt(h, mi, s, nanos)?;
    tz.from_local_datetime(&naive).single()
}

fn nanos_of(frac_digits: &str) -> u32 {
    let mut d: String = frac_digits.chars().take(9).collect();
    while d.len() < 9 {
        d.push('0');
    }
    d.parse().unwrap_or(0)
}

/// The strict fast path: exactly `YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm)`.
fn fast_rfc3339(s: &str) -> Option<Time> {
    let b = s.as_bytes();
    if b.len() < 19 || !s.is_ascii() {
        return None;
    }
    let num = |r: std::ops::Range<usize>, lo: u32, hi: u32| -> Option<u32> {
        let t = &s[r];
        if !t.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let v: u32 = t.parse().ok()?;
        (lo..=hi).contains(&v).then_some(v)
    };
    let year = num(0..4, 0, 9999)?;
    let month = num(5..7, 1, 12)?;
    let day = num(8..10, 1, days_in(month, year as i32))?;
    let hour = num(11..13, 0, 23)?;
    let min = num(14..16, 0, 59)?;
    let sec = num(17..19, 0, 59)?;
    if !(b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[13] == b':' && b[16] == b':') {
        return None;
    }
    let mut rest = &s[19..];
    let mut nanos = 0;
    if rest.len() >= 2 && rest.as_bytes()[0] == b'.' && rest.as_bytes()[1].is_ascii_digit() {
        let n = 1 + rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        nanos = nanos_of(&rest[1..n]);
        rest = &rest[n..];
    }
    let offset = if rest == "Z" {
        0
    } else {
        let r = rest.as_bytes();
        if r.len() != 6 || !(r[0] == b'+' || r[0] == b'-') || r[3] != b':' {
            return None;
        }
        let at = s.len() - 6;
        let hr = num(at + 1..at + 3, 0, 23)?;
        let mm = num(at + 4..at + 6, 0, 59)?;
        let secs = (hr * 60 + mm) as i32 * 60;
        if r[0] == b'-' { -secs } else { secs }
    };
    build(year as i32, month, day, hour, min, sec, nanos, offset)
}

/// Go's `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(v: &str, fixed: bool) -> Option<(u32, &str)> {
    let b = v.as_bytes();
    if b.is_empty() || !b[0].is_ascii_digit() {
        return None;
    }
    if b.len() < 2 || !b[1].is_ascii_digit() {
        if fixed {
            return None;
        }
        return Some(((b[0] - b'0') as u32, &v[1..]));
    }
    Some((((b[0] - b'0') * 10 + (b[1] - b'0')) as u32, &v[2..]))
}

/// Go's general `time.Parse(time.RFC3339, s)`, walked element by element,
/// for the error it reports. Success means only the strict checks remain.
fn go_parse_rfc3339(s: &str) -> Result<(), ParseError> {
    let mut v = s;
    let lit = |v: &mut &str, l: &'static str| -> Result<(), ParseError> {
        match v.strip_prefix(l) {
            Some(r) => {
                *v = r;
                Ok(())
            }
            None => Err(perr(l, v, "")),
        }
    };
    // A two-digit field with a range: a bad field reports what was left
    // before it, a range error what was left after it.
    let field = |v: &mut &str,
                 elem: &'static str,
                 fixed: bool,
                 hi: u32,
                 what: &str|
     -> Result<u32, ParseError> {
        let (n, rest) = getnum(v, fixed).ok_or_else(|| perr(elem, v, ""))?;
        if n > hi || (elem == "01" && n < 1) {
            return Err(perr(elem, rest, &format!(": {what} out of range")));
        }
        *v = rest;
        Ok(n)
    };
    let year_ok =
        v.len() >= 4 && v.is_char_boundary(4) && v[..4].bytes().all(|c| c.is_ascii_digit());
    if !year_ok {
        return Err(perr("2006", v, ""));
    }
    let year: i32 = v[..4].parse().expect("four ASCII digits are a year");
    v = &v[4..];
    lit(&mut v, "-")?;
    let month = field(&mut v, "01", true, 12, "month")?;
    lit(&mut v, "-")?;
    let day = field(&mut v, "02", true, 31, "day")?;
    lit(&mut v, "T")?;
    field(&mut v, "15", false, 23, "hour")?;
    lit(&mut v, ":")?;
    field(&mut v, "04", true, 59, "minute")?;
    lit(&mut v, ":")?;
    field(&mut v, "05", true, 59, "second")?;
    // A fraction the layout does not name is still accepted, after a
    // period or a comma.
    let vb = v.as_bytes();
    if vb.len() >= 2 && (vb[0] == b'.' || vb[0] == b',') && vb[1].is_ascii_digit() {
        let n = 1 + v[1..].bytes().take_while(u8::is_ascii_digit).count();
        v = &v[n..];
    }
    // The zone.
    if let Some(r) = v.strip_prefix('Z') {
        v = r;
    } else {
        let hold = v;
        let vb = v.as_bytes();
        if vb.len() < 6 || vb[3] != b':' || !v.is_char_boundary(6) {
            return Err(perr("Z07:00", hold, ""));
        }
        let (sign, hr, mm) = (&v[0..1], &v[1..3], &v[4..6]);
        let hr = getnum(hr, true).ok_or_else(|| perr("Z07:00", hold, ""))?.0;
        let mm = getnum(mm, true).ok_or_else(|| perr("Z07:00", hold, ""))?.0;
        v = &v[6..];
        if sign != "+" && sign != "-" {
            return Err(perr("Z07:00", hold, ""));
        }
        if hr > 24 {
            return Err(perr("Z07:00", v, ": time zone offset hour out of range"));
        }
        if mm > 60 {
            return Err(perr("Z07:00", v, ": time zone offset minute out of range"));
        }
    }
    if !v.is_empty() {
        return Err(perr("", v, &format!(": extra text: {}", quote(v))));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(perr("", "", ": day out of range"));
    }
    Ok(())
}

/// The cases Go's layout parser lets through but RFC 3339 forbids.
fn strict_check(s: &str) -> ParseError {
    let b = s.as_bytes();
    let num2 = |t: &[u8]| (t[0].wrapping_sub(b'0')) as u32 * 10 + (t[1].wrapping_sub(b'0')) as u32;
    if b.get(12) == Some(&b':') {
        return perr("15", &s[11..12], ": hour must have two digits");
    }
    if b.get(19) == Some(&b',') {
        return perr(".", ",", ": sub-second separator must be a period");
    }
    if b.last() != Some(&b'Z') && b.len() >= 6 {
        let tail = &s[s.len() - 6..];
        if num2(&b[b.len() - 5..]) >= 24 {
            return perr("Z07:00", tail, ": timezone hour out of range");
        }
        if num2(&b[b.len() - 2..]) >= 60 {
            return perr("Z07:00", tail, ": timezone minute out of range");
        }
    }
    perr("2006-01-02T15:04:05Z07:00", s, "")
}

// ---------------------------------------------------------------------------
// Durations

/// Go's `time.ParseDuration`, in nanoseconds.
fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig;
    let mut neg = false;
    if let Some(r) = s.strip_prefix('-') {
        neg = true;
        s = r;
    } else if let Some(r) = s.strip_prefix('+') {
        s = r;
    }
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: f64 = 0.0;
    let mut total_int: i128 = 0;
    while !s.is_empty() {
        let c = s.as_bytes()[0];
        if !(c == b'.' || c.is_ascii_digit()) {
            return Err(invalid());
        }
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let int_part: i128 = if int_len > 0 {
            s[..int_len].parse().map_err(|_| invalid())?
        } else {
            0
        };
        s = &s[int_len..];
        let mut frac = "";
        if let Some(r) = s.strip_prefix('.') {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            frac = &r[..n];
            s = &r[n..];
            if int_len == 0 && n == 0 {
                return Err(invalid());
            }
        }
        let unit_len = s
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if unit_len == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(orig)
            ));
        }
        let unit = &s[..unit_len];
        s = &s[unit_len..];
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    time_quote(unit),
                    time_quote(orig)
                ));
            }
        };
        total_int += int_part.checked_mul(scale).ok_or_else(invalid)?;
        if !frac.is_empty() {
            let f: f64 = format!("0.{frac}").parse().unwrap_or(0.0);
            total += f * scale as f64;
        }
        if total_int > i64::MAX as i128 {
            return Err(invalid());
        }
    }
    let n = total_int + total as i128;
    let n = i64::try_from(n).map_err(|_| invalid())?;
    Ok(if neg { -n } else { n })
}

// ---------------------------------------------------------------------------
// formatdate

/// Splits a format into literal runs, quoted literals and verbs (runs of
/// one letter), as cty's scanner does.
fn split_format(f: &str) -> Vec<&str> {
    let b = f.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'\'' {
            if b.get(i + 1) == Some(&b'\'') {
                i += 2;
            } else {
                i += 1;
                loop {
                    if i >= b.len() {
                        break;
                    }
                    if b[i] == b'\'' {
                        if b.get(i + 1) == Some(&b'\'') {
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    i += 1;
                }
            }
        } else if b[i].is_ascii_alphabetic() {
            while i < b.len() && b[i] == b[start] {
                i += 1;
            }
        } else {
            while i < b.len() && b[i] != b'\'' && !b[i].is_ascii_alphabetic() {
                i += 1;
            }
        }
        out.push(&f[start..i]);
    }
    out
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

fn format_date(format: &str, t: &Time) -> Result<String, String> {
    let mut out = String::new();
    for tok in split_format(format) {
        let first = tok.as_bytes()[0];
        let n = tok.len();
        let bad = |detail: &str| {
            if detail.is_empty() {
                format!("invalid date format verb {}", quote(tok))
            } else {
                format!("invalid date format verb {}: {detail}", quote(tok))
            }
        };
        if first == b'\'' {
            if n == 1 || !tok.ends_with('\'') {
                return Err("unterminated literal '".into());
            }
            if n == 2 {
                out.push('\'');
            } else {
                out.push_str(&tok[1..n - 1].replace("''", "'"));
            }
            continue;
        }
        if !first.is_ascii_alphabetic() {
            out.push_str(tok);
            continue;
        }
        let two = |v: u32| format!("{v:02}");
        match (first, n) {
            (b'Y', 2) => out.push_str(&format!("{:02}", t.year().rem_euclid(100))),
            (b'Y', 4) => out.push_str(&format!("{:04}", t.year())),
            (b'Y', _) => return Err(bad("year must either be \"YY\" or \"YYYY\"")),
            (b'M', 1) => out.push_str(&t.month().to_string()),
            (b'M', 2) => out.push_str(&two(t.month())),
            (b'M', 3) => out.push_str(&MONTHS[t.month0() as usize][..3]),
            (b'M', 4) => out.push_str(MONTHS[t.month0() as usize]),
            (b'M', _) => return Err(bad("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
            (b'D', 1) => out.push_str(&t.day().to_string()),
            (b'D', 2) => out.push_str(&two(t.day())),
            (b'D', _) => return Err(bad("day of month must either be \"D\" or \"DD\"")),
            (b'E', 3) => out.push_str(&WEEKDAYS[t.weekday().num_days_from_monday() as usize][..3]),
            (b'E', 4) => out.push_str(WEEKDAYS[t.weekday().num_days_from_monday() as usize]),
            (b'E', _) => return Err(bad("day of week must either be \"EEE\" or \"EEEE\"")),
            // cty's `h` is the 24-hour clock and `H` the 12-hour one.
            (b'h', 1) => out.push_str(&t.hour().to_string()),
            (b'h', 2) => out.push_str(&two(t.hour())),
            (b'h', _) => return Err(bad("24-hour must either be \"h\" or \"hh\"")),
            (b'H', 1 | 2) => {
                let h = match t.hour() % 12 {
                    0 => 12,
                    h => h,
                };
                out.push_str(&if n == 1 { h.to_string() } else { two(h) });
            }
            (b'H', _) => return Err(bad("12-hour must either be \"H\" or \"HH\"")),
            (b'A' | b'a', 2) => {
                let pm = t.hour() >= 12;
                let s = if pm { "PM" } else { "AM" };
                out.push_str(&if first == b'A' {
                    s.to_string()
                } else {
                    s.to_lowercase()
                });
            }
            (b'A' | b'a', _) => {
                let c = first as char;
                return Err(bad(&format!("must be \"{c}{c}\"")));
            }
            (b'm', 1) => out.push_str(&t.minute().to_string()),
            (b'm', 2) => out.push_str(&two(t.minute())),
            (b'm', _) => return Err(bad("minute must either be \"m\" or \"mm\"")),
            (b's', 1) => out.push_str(&t.second().to_string()),
            (b's', 2) => out.push_str(&two(t.second())),
            (b's', _) => return Err(bad("second must either be \"s\" or \"ss\"")),
            (b'Z', 1 | 3 | 4 | 5) => {
                let off = t.offset().local_minus_utc();
                let sign = if off < 0 { '-' } else { '+' };
                let (h, m) = (off.abs() / 3600, off.abs() % 3600 / 60);
                out.push_str(&match n {
                    1 if off == 0 => "Z".to_string(),
                    1 | 5 => format!("{sign}{h:02}:{m:02}"),
                    3 if off == 0 => "UTC".to_string(),
                    _ => format!("{sign}{h:02}{m:02}"),
                });
            }
            (b'Z', _) => return Err(bad("timezone must be Z, ZZZZ, or ZZZZZ")),
            _ => return Err(bad("")),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    // What terraform answers lives in the expression corpus
    // (tests/corpus/expressions/datetime_cases.exprs); these are what it cannot
    // show (types, files, planning, marks).
    use super::super::FunctionContext;
    use super::*;
    use std::path::Path;

    fn run(plan: bool, name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        let ctx = FunctionContext {
            base_dir: Path::new("."),
            plan,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        super::super::call(name, args, &ctx)
    }

    #[test]
    fn plantimestamp_is_the_plans_instant_and_timestamp_is_unknown_while_planning() {
        assert_eq!(
            run(true, "timestamp", vec![]),
            Ok(Value::Unknown(Type::String, None))
        );
        let now = run(false, "timestamp", vec![]).unwrap();
        let now = now.as_str().unwrap();
        assert!(
            fast_rfc3339(now).is_some() && now.ends_with('Z') && now.len() == 20,
            "{now}"
        );
        // plantimestamp exists only while planning (the console lacks it),
        // and is the instant the plan was given; unknown when none was.
        assert_eq!(
            run(true, "plantimestamp", vec![]),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run(false, "plantimestamp", vec![]).unwrap_err().summary,
            "Call to unknown function"
        );
        let at = "2027-06-01T00:00:00Z";
        let ctx = FunctionContext {
            base_dir: Path::new("."),
            plan: true,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host {
                plan_time: Some(at),
                ..crate::lang::functions::Host::UNKNOWN
            },
        };
        assert_eq!(
            super::super::call("plantimestamp", vec![], &ctx),
            Ok(Value::string(at))
        );
        let t = process_plan_time();
        assert!(
            fast_rfc3339(t).is_some() && t.ends_with('Z') && t.len() == 20,
            "{t}"
        );
        assert_eq!(process_plan_time(), t);
    }
}

//! Numbers. Terraform keeps arbitrary-precision decimals; minimod keeps
//! integers exact in an `i64` and everything else in an `f64`, which is
//! exact for every whole number a configuration realistically holds and
//! prints the way Terraform prints.

use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, Copy, Debug)]
pub enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    pub fn from_i64(i: i64) -> Number {
        Number::Int(i)
    }

    /// Normalizes: a float with no fractional part that fits an i64 becomes
    /// an integer, so equality and printing do not depend on how the number
    /// was computed.
    pub fn from_f64(f: f64) -> Number {
        if f.fract() == 0.0 && f.abs() < 9.0e15 {
            Number::Int(f as i64)
        } else {
            Number::Float(f)
        }
    }

    /// Parses a number literal as HCL and Terraform's string conversion
    /// accept it (decimal, with optional fraction and exponent).
    pub fn parse(s: &str) -> Option<Number> {
        let t = s.trim();
        if t.is_empty() || t.starts_with('+') && t.len() == 1 {
            return None;
        }
        if let Ok(i) = t.parse::<i64>() {
            return Some(Number::Int(i));
        }
        let valid = t
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
        if !valid {
            return None;
        }
        t.parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Number::from_f64)
    }

    pub fn as_f64(&self) -> f64 {
        match *self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }

    /// The value as a whole number, if it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Number::Int(i) => Some(i),
            Number::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Some(f as i64),
            Number::Float(_) => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        self.as_i64().is_some()
    }

    pub fn add(self, o: Number) -> Number {
        match (self, o) {
            (Number::Int(a), Number::Int(b)) => a
                .checked_add(b)
                .map(Number::Int)
                .unwrap_or_else(|| Number::from_f64(a as f64 + b as f64)),
            _ => Number::from_f64(self.as_f64() + o.as_f64()),
        }
    }

    pub fn sub(self, o: Number) -> Number {
        match (self, o) {
            (Number::Int(a), Number::Int(b)) => a
                .checked_sub(b)
                .map(Number::Int)
                .unwrap_or_else(|| Number::from_f64(a as f64 - b as f64)),
            _ => Number::from_f64(self.as_f64() - o.as_f64()),
        }
    }

    pub fn mul(self, o: Number) -> Number {
        match (self, o) {
            (Number::Int(a), Number::Int(b)) => a
                .checked_mul(b)
                .map(Number::Int)
                .unwrap_or_else(|| Number::from_f64(a as f64 * b as f64)),
            _ => Number::from_f64(self.as_f64() * o.as_f64()),
        }
    }

    /// Division; the caller rejects a zero divisor first.
    pub fn div(self, o: Number) -> Number {
        match (self, o) {
            (Number::Int(a), Number::Int(b)) if b != 0 && a % b == 0 => Number::Int(a / b),
            _ => Number::from_f64(self.as_f64() / o.as_f64()),
        }
    }

    /// Remainder with the sign of the dividend, as Go's big.Int.Rem and
    /// cty's Modulo give it.
    pub fn rem(self, o: Number) -> Number {
        match (self, o) {
            (Number::Int(a), Number::Int(b)) if b != 0 => Number::Int(a % b),
            _ => Number::from_f64(self.as_f64() % o.as_f64()),
        }
    }

    pub fn neg(self) -> Number {
        match self {
            Number::Int(i) => i
                .checked_neg()
                .map(Number::Int)
                .unwrap_or(Number::Float(-(i as f64))),
            Number::Float(f) => Number::Float(-f),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => a == b,
            _ => self.as_f64() == other.as_f64(),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => Some(a.cmp(b)),
            _ => self.as_f64().partial_cmp(&other.as_f64()),
        }
    }
}

/// Prints as Terraform does: integers in full, other numbers in the
/// shortest decimal form that reads back to the same value, never in
/// exponent notation.
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Number::Int(i) => write!(f, "{i}"),
            Number::Float(x) if x.fract() == 0.0 => write!(f, "{x:.0}"),
            Number::Float(x) => write!(f, "{x}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_stay_exact_and_floats_normalize() {
        assert_eq!(
            Number::parse("9007199254740993").unwrap().to_string(),
            "9007199254740993"
        );
        assert_eq!(Number::parse("1.50").unwrap().to_string(), "1.5");
        assert_eq!(Number::parse("2.0").unwrap(), Number::Int(2));
        assert_eq!(Number::Int(7).div(Number::Int(2)).to_string(), "3.5");
        assert_eq!(Number::parse("1e3").unwrap().to_string(), "1000");
        assert_eq!(Number::Int(-7).rem(Number::Int(3)).to_string(), "-1");
        assert!(Number::parse("abc").is_none());
    }
}

//! Numeric functions: abs, ceil, floor, log, max, min, parseint, pow, signum.

use super::{Call, Function, FunctionError, Param, Ret};
use crate::lang::number::Number;
use crate::lang::value::{Type, Value};

const WHOLE: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// The numeric functions' entries in the registry.
pub(super) fn functions() -> Vec<Function> {
    let number = || Ret::Fixed(Type::Number);
    vec![
        Function::new(
            "abs",
            vec![Param::number("num").marked().dynamic()],
            number(),
            |c, _| Ok(Value::Number(num(&c.args[0]).abs())),
        ),
        Function::new("ceil", vec![Param::number("num")], number(), |c, _| {
            Ok(Value::Number(num(&c.args[0]).ceil()))
        }),
        Function::new("floor", vec![Param::number("num")], number(), |c, _| {
            Ok(Value::Number(num(&c.args[0]).floor()))
        }),
        Function::new(
            "log",
            vec![Param::number("num"), Param::number("base")],
            number(),
            |c, _| {
                let r = num(&c.args[0]).as_f64().ln() / num(&c.args[1]).as_f64().ln();
                if r.is_nan() {
                    return Err(FunctionError::call(c.name, "result is not a number"));
                }
                Ok(Value::Number(Number::from_f64(r)))
            },
        ),
        Function::new(
            "pow",
            vec![Param::number("num"), Param::number("power")],
            number(),
            |c, _| {
                let (x, y) = (num(&c.args[0]), num(&c.args[1]));
                // cty computes math.Pow on float64s, whole numbers included.
                let r = go_pow(x.as_f64(), y.as_f64());
                if r.is_nan() {
                    return Err(FunctionError::call(c.name, "result is not a number"));
                }
                Ok(Value::Number(Number::from_f64(r)))
            },
        ),
        Function::new("signum", vec![Param::number("num")], number(), |c, _| {
            // cty reads the argument as a Go int first.
            let i = num(&c.args[0])
                .as_i64()
                .ok_or_else(|| FunctionError::call(c.name, WHOLE))?;
            Ok(Value::int(i.signum()))
        }),
        Function::new("max", vec![], number(), max_min)
            .variadic(Param::number("numbers").dynamic()),
        Function::new("min", vec![], number(), max_min)
            .variadic(Param::number("numbers").dynamic()),
        Function::new(
            "parseint",
            vec![Param::any("number"), Param::number("base")],
            Ret::Rule(|c| {
                let ty = c.args[0].ty();
                if ty != Type::String && ty != Type::Dynamic {
                    return Err(FunctionError::arg(
                        0,
                        "number",
                        format!(
                            "first argument must be a string, not {}",
                            ty.friendly_name()
                        ),
                    ));
                }
                Ok(Type::Number)
            }),
            parseint,
        ),
    ]
}

/// A converted number argument (the registry converted it).
fn num(v: &Value) -> Number {
    v.as_number()
        .cloned()
        .unwrap_or_else(|| Number::from_f64(0.0))
}

fn max_min(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    let mut best: Option<Number> = None;
    for v in c.args {
        let n = num(v);
        best = Some(match best {
            None => n,
            Some(b) if (c.name == "max") == (n > b) && n != b => n,
            Some(b) => b,
        });
    }
    best.map(Value::Number)
        .ok_or_else(|| FunctionError::call(c.name, "must pass at least one number"))
}

fn parseint(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    let text = c.args[0].as_str().unwrap_or_default();
    let base = match num(&c.args[1]).as_i64() {
        Some(b) if (2..=62).contains(&b) => b as u32,
        _ => {
            return Err(FunctionError::arg(
                1,
                "base",
                "base must be a whole number between 2 and 62 inclusive",
            ));
        }
    };
    parse_int(text, base).map(Value::Number).ok_or_else(|| {
        FunctionError::arg(
            0,
            "number",
            format!(
                "cannot parse {} as a base {base} integer",
                super::shown(&format!("{text:?}"))
            ),
        )
    })
}

/// `math.Pow` as Go computes it, so results round the same way: the whole
/// part of the exponent by repeated squaring of the mantissa (libm's pow
/// is correctly rounded and differs, e.g. for 10^23 and 1.1^100), the
/// fraction through exp and log.
fn go_pow(x: f64, y: f64) -> f64 {
    let odd_int = |v: f64| v.abs() < (1u64 << 53) as f64 && v.fract() == 0.0 && (v as i64) & 1 == 1;
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        let keep_sign = x.is_sign_negative() && odd_int(y);
        return match (y < 0.0, keep_sign) {
            (true, true) => f64::NEG_INFINITY,
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let (mut yi, mut yf) = (y.abs().trunc(), y.abs().fract());
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    // 2^63 (Go's `1<<63`): exponents from here on do not fit an int64.
    if yi >= 9_223_372_036_854_775_808.0 {
        // A huge exponent: only the magnitude of x decides.
        return match (x == -1.0, (x.abs() < 1.0) == (y > 0.0)) {
            (true, _) => 1.0,
            (_, true) => 0.0,
            _ => f64::INFINITY,
        };
    }
    // The answer is kept as a1 * 2^ae.
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = (yf * x.ln()).exp();
    }
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            // Certain overflow or underflow; Ldexp settles it.
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

/// Splits a finite nonzero x into a mantissa in [0.5, 1) and a power of two.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * (1u64 << 52) as f64, -52)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e + bias)
}

/// `m * 2^e`, scaling in steps that stay exact until the last one.
fn ldexp(m: f64, e: i64) -> f64 {
    let mut r = m;
    let mut e = e.clamp(-2200, 2200);
    while e > 1000 {
        r *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        r *= 2f64.powi(-1000);
        e += 1000;
    }
    r * 2f64.powi(e as i32)
}

/// Go's `big.Int.SetString` for a given base: an optional sign, then
/// digits 0-9, a-z (A-Z too up to base 36; above it A-Z are 36-61).
fn parse_int(text: &str, base: u32) -> Option<Number> {
    let (neg, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    // Any size, as Go's big.Int parses it.
    let mut acc = num_bigint::BigInt::default();
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + 36,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        acc = acc * base + d;
    }
    if neg {
        acc = -acc;
    }
    Some(Number::from_big_int(&acc))
}

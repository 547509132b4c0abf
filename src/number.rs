//! Numbers as Terraform (cty) keeps them: Go `*big.Float` values, binary
//! floats with a per-value mantissa precision (512 bits for literals and
//! parsed strings, 64 for counts and lengths, 53 for float64 function
//! results), rounded to nearest even, and printed with Go's shortest
//! round-tripping `Text('f', -1)`.
//!
//! Whole numbers that fit an `i64` are held inline (`Repr::Small`) so the
//! common arithmetic (count.index, lengths) never allocates; the rest is
//! shared behind an `Arc`, keeping `Number` (and `Value`) small.

use num_bigint::{BigInt, BigUint, Sign};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// The precision cty gives literals and strings (`big.ParseFloat(s, 10, 512, ToNearestEven)`).
const LITERAL_PREC: u32 = 512;

#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// An exact whole number (never negative zero) and its precision.
    Small { v: i64, prec: u32 },
    /// Anything else; a finite mantissa is odd and below 2^512.
    Big(Arc<Wide>),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    Zero,
    Finite,
    Inf,
    /// Go panics where this arises (0/0, Inf-Inf); kept so callers can detect it.
    Nan,
}

/// `(-1)^neg * mant * 2^exp` at `prec` bits, unbounded while computing.
#[derive(Clone, Debug)]
struct Wide {
    form: Form,
    neg: bool,
    prec: u32,
    mant: BigUint,
    exp: i64,
}

/// Bits needed for the significant part of `m` (Go's `MinPrec`).
fn min_prec_u64(m: u64) -> u32 {
    if m == 0 {
        0
    } else {
        64 - m.leading_zeros() - m.trailing_zeros()
    }
}

impl Wide {
    fn special(form: Form, neg: bool, prec: u32) -> Wide {
        Wide {
            form,
            neg,
            prec,
            mant: BigUint::default(),
            exp: 0,
        }
    }

    /// Rounds `mant * 2^exp` (plus a nonzero tail below it when `sticky`)
    /// to `prec` bits, to nearest even.
    fn rounded(neg: bool, mut mant: BigUint, mut exp: i64, sticky: bool, prec: u32) -> Wide {
        let prec = prec.clamp(1, LITERAL_PREC);
        if mant.bits() == 0 {
            return Wide::special(Form::Zero, neg, prec);
        }
        let bits = mant.bits();
        if bits > prec as u64 {
            let shift = bits - prec as u64;
            let half = mant.bit(shift - 1);
            let rest = sticky || mant.trailing_zeros().unwrap_or(0) < shift - 1;
            mant >>= shift;
            exp += shift as i64;
            if half && (rest || mant.bit(0)) {
                mant += 1u32;
            }
        }
        Wide {
            form: Form::Finite,
            neg,
            prec,
            mant,
            exp,
        }
    }

    fn pack(mut self) -> Number {
        match self.form {
            Form::Zero if !self.neg => {
                return Number(Repr::Small {
                    v: 0,
                    prec: self.prec,
                });
            }
            Form::Finite => {}
            _ => {
                self.mant = BigUint::default();
                self.exp = 0;
                return Number(Repr::Big(Arc::new(self)));
            }
        }
        let tz = self.mant.trailing_zeros().unwrap_or(0);
        self.mant >>= tz;
        self.exp += tz as i64;
        let bits = self.mant.bits() as i64;
        if self.exp >= 0 && bits + self.exp <= 63 {
            let m = self.mant.iter_u64_digits().next().unwrap_or(0) << self.exp;
            let v = if self.neg { -(m as i64) } else { m as i64 };
            return Number(Repr::Small { v, prec: self.prec });
        }
        Number(Repr::Big(Arc::new(self)))
    }

    fn signed(&self) -> BigInt {
        BigInt::from_biguint(
            if self.neg { Sign::Minus } else { Sign::Plus },
            self.mant.clone(),
        )
    }

    fn add(&self, o: &Wide, prec: u32) -> Wide {
        match (self.form, o.form) {
            (Form::Nan, _) | (_, Form::Nan) => Wide::special(Form::Nan, false, prec),
            (Form::Inf, Form::Inf) if self.neg != o.neg => Wide::special(Form::Nan, false, prec),
            (Form::Inf, _) => Wide::special(Form::Inf, self.neg, prec),
            (_, Form::Inf) => Wide::special(Form::Inf, o.neg, prec),
            // Go: -0 + -0 is -0, any other sum of zeros is +0.
            (Form::Zero, Form::Zero) => Wide::special(Form::Zero, self.neg && o.neg, prec),
            (Form::Zero, _) => Wide::rounded(o.neg, o.mant.clone(), o.exp, false, prec),
            (_, Form::Zero) => Wide::rounded(self.neg, self.mant.clone(), self.exp, false, prec),
            _ => {
                let e = self.exp.min(o.exp);
                let a = self.signed() << (self.exp - e) as usize;
                let b = o.signed() << (o.exp - e) as usize;
                let (sign, mag) = (a + b).into_parts();
                Wide::rounded(sign == Sign::Minus, mag, e, false, prec)
            }
        }
    }

    fn mul(&self, o: &Wide, prec: u32) -> Wide {
        let neg = self.neg != o.neg;
        match (self.form, o.form) {
            (Form::Nan, _) | (_, Form::Nan) => Wide::special(Form::Nan, false, prec),
            (Form::Inf, Form::Zero) | (Form::Zero, Form::Inf) => {
                Wide::special(Form::Nan, false, prec)
            }
            (Form::Inf, _) | (_, Form::Inf) => Wide::special(Form::Inf, neg, prec),
            (Form::Zero, _) | (_, Form::Zero) => Wide::special(Form::Zero, neg, prec),
            _ => Wide::rounded(neg, &self.mant * &o.mant, self.exp + o.exp, false, prec),
        }
    }

    fn quo(&self, o: &Wide, prec: u32) -> Wide {
        let neg = self.neg != o.neg;
        match (self.form, o.form) {
            (Form::Nan, _) | (_, Form::Nan) => Wide::special(Form::Nan, false, prec),
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => {
                Wide::special(Form::Nan, false, prec)
            }
            (Form::Inf, _) | (_, Form::Zero) => Wide::special(Form::Inf, neg, prec),
            (Form::Zero, _) | (_, Form::Inf) => Wide::special(Form::Zero, neg, prec),
            _ => {
                // Enough quotient bits (prec + 2) that the remainder only
                // needs to act as a sticky bit.
                let want = prec.clamp(1, LITERAL_PREC) as i64 + 2;
                let shift = (want + o.mant.bits() as i64 - self.mant.bits() as i64 + 1).max(0);
                let n = &self.mant << shift as usize;
                let q = &n / &o.mant;
                let sticky = (&q * &o.mant) != n;
                Wide::rounded(neg, q, self.exp - shift - o.exp, sticky, prec)
            }
        }
    }

    /// Whole part, truncated toward zero (Go's `Float.Int`).
    fn trunc_int(&self) -> BigInt {
        if self.form != Form::Finite {
            return BigInt::default();
        }
        let mag = if self.exp >= 0 {
            &self.mant << self.exp as usize
        } else {
            &self.mant >> (-self.exp) as usize
        };
        BigInt::from_biguint(if self.neg { Sign::Minus } else { Sign::Plus }, mag)
    }

    fn from_int(i: BigInt, prec: u32) -> Wide {
        let (sign, mag) = i.into_parts();
        Wide::rounded(sign == Sign::Minus, mag, 0, false, prec)
    }
}

impl Number {
    /// `cty.NumberIntVal`: an exact integer with 64 bits of precision.
    pub fn from_i64(i: i64) -> Number {
        Number(Repr::Small { v: i, prec: 64 })
    }

    /// `new(big.Float).SetInt(i)`: exact, with the integer's bit length
    /// (at least 64) as precision.
    pub fn from_big_int(i: &BigInt) -> Number {
        let prec = (i.bits() as u32).max(64);
        let (sign, mag) = i.clone().into_parts();
        let mut w = Wide::rounded(sign == Sign::Minus, mag, 0, false, prec);
        // Held exactly even past the 512 bits we otherwise keep.
        w.prec = prec.min(LITERAL_PREC);
        w.pack()
    }

    /// `cty.NumberFloatVal`: the float's exact value with 53 bits of
    /// precision, so it prints as the shortest float64 round-trip.
    pub fn from_f64(f: f64) -> Number {
        if f.is_nan() {
            return Wide::special(Form::Nan, false, 53).pack();
        }
        if f.is_infinite() {
            return Wide::special(Form::Inf, f < 0.0, 53).pack();
        }
        if f == 0.0 {
            return Wide::special(Form::Zero, f.is_sign_negative(), 53).pack();
        }
        let bits = f.to_bits();
        let raw_exp = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (mant, exp) = if raw_exp == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), raw_exp - 1075)
        };
        Wide::rounded(f < 0.0, BigUint::from(mant), exp, false, 53).pack()
    }

    /// Parses a decimal number as `big.ParseFloat(s, 10, 512,
    /// ToNearestEven)` does: optional sign, digits with an optional point,
    /// an optional `e` (power of ten) or `p` (power of two) exponent, or
    /// `Inf`/`inf`.
    pub fn parse(s: &str) -> Option<Number> {
        let (neg, body) = match s.as_bytes().first()? {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        if body == "Inf" || body == "inf" {
            return Some(Wide::special(Form::Inf, neg, LITERAL_PREC).pack());
        }
        let b = body.as_bytes();
        let mut i = 0;
        let mut digits = String::new();
        let mut frac_digits: i64 = 0;
        let mut seen_point = false;
        while i < b.len() {
            match b[i] {
                c @ b'0'..=b'9' => {
                    digits.push(c as char);
                    if seen_point {
                        frac_digits += 1;
                    }
                }
                b'.' if !seen_point => seen_point = true,
                _ => break,
            }
            i += 1;
        }
        if digits.is_empty() {
            return None;
        }
        let (mut exp10, mut exp2) = (-frac_digits, 0i64);
        if i < b.len() {
            let two = matches!(b[i], b'p' | b'P');
            if !two && !matches!(b[i], b'e' | b'E') {
                return None;
            }
            let rest = &body[i + 1..];
            let unsigned = rest.strip_prefix(['+', '-']).unwrap_or(rest);
            if unsigned.is_empty() || !unsigned.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            // Go rejects exponents that overflow an int32.
            let e: i32 = rest.parse().ok()?;
            let e = e as i64;
            if two {
                exp2 = e;
            } else {
                exp10 += e;
            }
        }
        let mant: BigUint = digits.parse().ok()?;
        let prec = LITERAL_PREC;
        if mant.bits() == 0 {
            return Some(Wide::special(Form::Zero, neg, prec).pack());
        }
        // Far beyond any real configuration: Go overflows to Inf or
        // underflows to zero around 10^±646456993; settle it early rather
        // than build a power of five with millions of digits.
        if exp10.abs() > 1_000_000 {
            let form = if exp10 > 0 { Form::Inf } else { Form::Zero };
            return Some(Wide::special(form, neg, prec).pack());
        }
        // d * 10^e = d * 5^e * 2^e, so only the power of five needs a
        // (single, correctly rounded) multiplication or division.
        let five = BigUint::from(5u32).pow(exp10.unsigned_abs() as u32);
        let w = if exp10 >= 0 {
            Wide::rounded(neg, mant * five, exp10 + exp2, false, prec)
        } else {
            let exact = |mant: BigUint| Wide {
                form: Form::Finite,
                neg: false,
                prec,
                mant,
                exp: 0,
            };
            let mut q = exact(mant).quo(&exact(five), prec);
            q.neg = neg;
            q.exp += exp10 + exp2;
            q
        };
        Some(w.pack())
    }

    fn wide(&self) -> Wide {
        match &self.0 {
            &Repr::Small { v, prec } => Wide {
                form: if v == 0 { Form::Zero } else { Form::Finite },
                neg: v < 0,
                prec,
                mant: BigUint::from(v.unsigned_abs()),
                exp: 0,
            },
            Repr::Big(b) => Wide::clone(b),
        }
    }

    /// The mantissa precision in bits, as `big.Float.Prec` reports it.
    pub fn prec(&self) -> u32 {
        match &self.0 {
            &Repr::Small { prec, .. } => prec,
            Repr::Big(b) => b.prec,
        }
    }

    /// Nearest float64 (ties to even), like `big.Float.Float64`.
    pub fn as_f64(&self) -> f64 {
        if let &Repr::Small { v, .. } = &self.0 {
            return v as f64;
        }
        let w = self.wide();
        let sign = if w.neg { -1.0 } else { 1.0 };
        match w.form {
            Form::Zero => return sign * 0.0,
            Form::Inf => return sign * f64::INFINITY,
            Form::Nan => return f64::NAN,
            Form::Finite => {}
        }
        // Round to 53 bits, then scale in steps that stay exact.
        let r = Wide::rounded(w.neg, w.mant, w.exp, false, 53);
        let m = r.mant.iter_u64_digits().next().unwrap_or(0) as f64;
        let mut e = r.exp;
        let mut x = m;
        while e > 0 {
            let step = e.min(1000);
            x *= 2f64.powi(step as i32);
            e -= step;
        }
        while e < 0 {
            let step = (-e).min(1000);
            x /= 2f64.powi(step as i32);
            e += step;
        }
        sign * x
    }

    /// The value as a whole number, if it is one that fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match &self.0 {
            &Repr::Small { v, .. } => Some(v),
            Repr::Big(b) if b.form == Form::Zero => Some(0),
            Repr::Big(_) => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        self.as_i64().is_some()
    }

    /// A finite whole number of any size (cty's `IsInt`).
    pub fn is_whole(&self) -> bool {
        match &self.0 {
            Repr::Small { .. } => true,
            Repr::Big(b) => b.form == Form::Zero || (b.form == Form::Finite && b.exp >= 0),
        }
    }

    pub fn is_infinite(&self) -> bool {
        matches!(&self.0, Repr::Big(b) if b.form == Form::Inf)
    }

    /// Whether this came from an invalid operation (0/0, Inf-Inf), where
    /// Go's big.Float panics.
    pub fn is_nan(&self) -> bool {
        matches!(&self.0, Repr::Big(b) if b.form == Form::Nan)
    }

    pub fn is_negative(&self) -> bool {
        match &self.0 {
            &Repr::Small { v, .. } => v < 0,
            Repr::Big(b) => b.neg,
        }
    }

    /// Whole numbers as an `i128`, if they fit.
    pub fn as_i128(&self) -> Option<i128> {
        if let &Repr::Small { v, .. } = &self.0 {
            return Some(v as i128);
        }
        if !self.is_whole() {
            return None;
        }
        i128::try_from(self.wide().trunc_int()).ok()
    }

    /// `big.Float.Add` into a fresh value: precision is the larger one.
    pub fn add(self, o: Number) -> Number {
        if let (&Repr::Small { v: a, prec: pa }, &Repr::Small { v: b, prec: pb }) = (&self.0, &o.0)
        {
            let prec = pa.max(pb);
            if let Some(r) = a.checked_add(b)
                && min_prec_u64(r.unsigned_abs()) <= prec
            {
                return Number(Repr::Small { v: r, prec });
            }
        }
        let (a, b) = (self.wide(), o.wide());
        a.add(&b, a.prec.max(b.prec)).pack()
    }

    /// cty's Subtract is Add of the negation.
    pub fn sub(self, o: Number) -> Number {
        self.add(o.neg())
    }

    /// cty's Multiply: rounds to 512 bits, then keeps whichever is larger
    /// of the operands' precision and the bits the product needs.
    pub fn mul(self, o: Number) -> Number {
        let prec = self.prec().max(o.prec());
        if let (&Repr::Small { v: a, .. }, &Repr::Small { v: b, .. }) = (&self.0, &o.0)
            && let Some(r) = a.checked_mul(b)
        {
            let prec = prec.max(min_prec_u64(r.unsigned_abs()));
            return Number(Repr::Small { v: r, prec });
        }
        let (a, b) = (self.wide(), o.wide());
        let mut r = a.mul(&b, LITERAL_PREC);
        let need = if r.form == Form::Finite {
            (r.mant.bits() - r.mant.trailing_zeros().unwrap_or(0)) as u32
        } else {
            0
        };
        r.prec = prec.max(need);
        r.pack()
    }

    /// `big.Float.Quo`: a zero divisor gives ±Inf, 0/0 gives NaN (a panic
    /// in Go; callers report it).
    pub fn div(self, o: Number) -> Number {
        if let (&Repr::Small { v: a, prec: pa }, &Repr::Small { v: b, prec: pb }) = (&self.0, &o.0)
            && b != 0
            && a % b == 0
            && let Some(r) = a.checked_div(b)
            && min_prec_u64(r.unsigned_abs()) <= pa.max(pb)
            && !(r == 0 && (a < 0) != (b < 0))
        {
            return Number(Repr::Small {
                v: r,
                prec: pa.max(pb),
            });
        }
        let (a, b) = (self.wide(), o.wide());
        a.quo(&b, a.prec.max(b.prec)).pack()
    }

    /// cty's Modulo: `x - y * trunc(x / y)` computed at x's precision,
    /// `x` itself for a zero divisor, NaN for infinities.
    pub fn rem(self, o: Number) -> Number {
        if let (&Repr::Small { v: a, prec }, &Repr::Small { v: b, .. }) = (&self.0, &o.0)
            && b != 0
            && let Some(r) = a.checked_rem(b)
            // Each intermediate (quotient, y * quotient, remainder) must
            // fit x's precision, or Go rounds along the way.
            && [a / b, a - r, r]
                .iter()
                .all(|v| min_prec_u64(v.unsigned_abs()) <= prec)
        {
            return Number(Repr::Small { v: r, prec });
        }
        // cty meant to multiply here, but its check compares pointers and
        // never matches a computed infinity, so Go goes on to panic (a
        // NaN here, reported by the caller).
        if self.is_infinite() || o.is_infinite() || self.is_nan() || o.is_nan() {
            return Wide::special(Form::Nan, false, self.prec()).pack();
        }
        if o == Number::from_i64(0) {
            return self;
        }
        let (x, y) = (self.wide(), o.wide());
        let q = x.quo(&y, x.prec.max(y.prec)).trunc_int();
        let work = Wide::from_int(q, x.prec);
        let work = y.mul(&work, x.prec);
        let work = Wide {
            neg: !work.neg,
            ..work
        };
        x.add(&work, x.prec).pack()
    }

    pub fn neg(self) -> Number {
        match &self.0 {
            &Repr::Small { v, prec } if v != 0 && v != i64::MIN => {
                Number(Repr::Small { v: -v, prec })
            }
            _ => {
                let w = self.wide();
                Wide { neg: !w.neg, ..w }.pack()
            }
        }
    }

    /// `big.Float.Abs`, keeping the precision.
    pub fn abs(self) -> Number {
        if self.is_negative() { self.neg() } else { self }
    }

    /// Rounds toward negative (`floor`) or positive (`ceil`) infinity as
    /// cty's floor and ceil do: the whole part is set back into a number
    /// of the argument's precision.
    pub fn floor(self) -> Number {
        self.into_whole(false)
    }

    pub fn ceil(self) -> Number {
        self.into_whole(true)
    }

    fn into_whole(self, up: bool) -> Number {
        if self.is_whole() || self.is_infinite() || self.is_nan() {
            return self;
        }
        let w = self.wide();
        let mut i = w.trunc_int();
        // Truncation moved toward zero; step away from it when that was
        // the wrong direction.
        if up && !w.neg {
            i += 1;
        } else if !up && w.neg {
            i -= 1;
        }
        Wide::from_int(i, w.prec).pack()
    }

    fn cmp_num(&self, o: &Number) -> Option<Ordering> {
        if let (&Repr::Small { v: a, .. }, &Repr::Small { v: b, .. }) = (&self.0, &o.0) {
            return Some(a.cmp(&b));
        }
        let (a, b) = (self.wide(), o.wide());
        let rank = |w: &Wide| -> i8 {
            match (w.form, w.neg) {
                (Form::Inf, true) => -2,
                (Form::Finite, true) => -1,
                (Form::Zero, _) => 0,
                (Form::Finite, false) => 1,
                (Form::Inf, false) => 2,
                (Form::Nan, _) => 9,
            }
        };
        let (ra, rb) = (rank(&a), rank(&b));
        if ra == 9 || rb == 9 {
            return None;
        }
        if ra != rb || a.form != Form::Finite {
            return Some(ra.cmp(&rb));
        }
        let e = a.exp.min(b.exp);
        let x = a.signed() << (a.exp - e) as usize;
        let y = b.signed() << (b.exp - e) as usize;
        Some(x.cmp(&y))
    }

    /// Go's `Text('f', -1)`.
    fn text(&self) -> String {
        if let &Repr::Small { v, prec } = &self.0
            && 64 - v.unsigned_abs().leading_zeros() <= prec
        {
            // The ulp is at most 1, so the shortest form is the integer itself.
            return v.to_string();
        }
        match self.shortest() {
            Ok((sign, d)) => format!("{sign}{}", d.fixed()),
            Err(special) => special,
        }
    }

    /// Go's `Text('g', -1)`, which `format("%v", n)` uses: the shortest
    /// digits, in exponent form when the exponent is below -4 or at least 6.
    pub fn text_g(&self) -> String {
        match self.shortest() {
            Ok((sign, d)) => {
                let exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
                if !(-4..6).contains(&exp) {
                    format!("{sign}{}", d.exponent())
                } else {
                    format!("{sign}{}", d.fixed())
                }
            }
            Err(special) => special,
        }
    }

    /// The sign and shortest round-tripping digits, or the text of a
    /// value that has no digits.
    fn shortest(&self) -> Result<(&'static str, Decimal), String> {
        let w = self.wide();
        let sign = if w.neg { "-" } else { "" };
        match w.form {
            Form::Zero => {
                return Ok((
                    sign,
                    Decimal {
                        mant: Vec::new(),
                        exp: 0,
                    },
                ));
            }
            Form::Inf => return Err(if w.neg { "-Inf" } else { "+Inf" }.to_string()),
            Form::Nan => return Err("NaN".to_string()),
            Form::Finite => {}
        }
        let mut d = Decimal::new(&w.mant, w.exp);
        round_shortest(&mut d, &w);
        Ok((sign, d))
    }
}

/// A decimal `0.mant × 10^exp` with no trailing zero digits, as Go's
/// `math/big` decimal type.
struct Decimal {
    mant: Vec<u8>,
    exp: i64,
}

impl Decimal {
    /// The exact decimal value of `m × 2^shift`.
    fn new(m: &BigUint, shift: i64) -> Decimal {
        let (digits, point) = if shift >= 0 {
            let s = (m << shift as usize).to_string();
            let n = s.len() as i64;
            (s, n)
        } else {
            let k = -shift;
            let s = (m * BigUint::from(5u32).pow(k as u32)).to_string();
            let n = s.len() as i64;
            (s, n - k)
        };
        let mut mant = digits.into_bytes();
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        if mant.is_empty() {
            return Decimal { mant, exp: 0 };
        }
        Decimal { mant, exp: point }
    }

    /// Go's `fmtF` with all digits: no exponent.
    fn fixed(&self) -> String {
        let mut out = String::new();
        if self.exp > 0 {
            let m = (self.exp as usize).min(self.mant.len());
            out.push_str(std::str::from_utf8(&self.mant[..m]).unwrap_or(""));
            out.extend(std::iter::repeat_n('0', self.exp as usize - m));
        } else {
            out.push('0');
        }
        let frac = self.mant.len() as i64 - self.exp;
        if frac > 0 {
            out.push('.');
            for i in 0..frac {
                out.push(self.at(self.exp + i) as char);
            }
        }
        out
    }

    /// Go's `fmtE` with all digits: `d.ddde±XX`.
    fn exponent(&self) -> String {
        let mut out = String::new();
        out.push(self.mant.first().map_or('0', |&c| c as char));
        if self.mant.len() > 1 {
            out.push('.');
            out.push_str(std::str::from_utf8(&self.mant[1..]).unwrap_or(""));
        }
        let exp = if self.mant.is_empty() {
            0
        } else {
            self.exp - 1
        };
        let sign = if exp < 0 { '-' } else { '+' };
        out.push_str(&format!("e{sign}{:02}", exp.abs()));
        out
    }

    fn at(&self, i: i64) -> u8 {
        if i >= 0 && (i as usize) < self.mant.len() {
            self.mant[i as usize]
        } else {
            b'0'
        }
    }

    fn trim(&mut self) {
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    fn round_down(&mut self, n: usize) {
        self.mant.truncate(n);
        self.trim();
    }

    fn round_up(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        self.mant.truncate(n);
        while let Some(last) = self.mant.last_mut() {
            if *last < b'9' {
                *last += 1;
                return;
            }
            self.mant.pop();
        }
        // All nines: becomes 1 with the point moved one place.
        self.mant.push(b'1');
        self.exp += 1;
    }

    /// Rounds to `n` digits, an exact half going to an even digit.
    fn round(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        let up = if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            n > 0 && (self.mant[n - 1] - b'0') & 1 != 0
        } else {
            self.mant[n] >= b'5'
        };
        if up {
            self.round_up(n)
        } else {
            self.round_down(n)
        }
    }
}

/// Go's shortest round-trip rounding: the fewest digits that still lie
/// within half an ulp (at the value's precision) of it.
fn round_shortest(d: &mut Decimal, w: &Wide) {
    if d.mant.is_empty() {
        return;
    }
    // Normalize to prec + 1 bits so the lowest bit is half an ulp.
    let bits = w.mant.bits() as i64;
    let s = bits - (w.prec as i64 + 1);
    let (mant, exp) = if s < 0 {
        (&w.mant << (-s) as usize, w.exp + s)
    } else {
        (&w.mant >> s as usize, w.exp + s)
    };
    let lower = Decimal::new(&(&mant - 1u32), exp);
    let upper = Decimal::new(&(&mant + 1u32), exp);
    // Bounds are reachable only when the mantissa is even (ties to even).
    let inclusive = !mant.bit(1);
    for i in 0..d.mant.len() {
        // Digit positions are compared as Go does, without aligning
        // exponents: a bound with fewer integer digits differs at once.
        let l = lower.at(i as i64);
        let m = d.mant[i];
        let u = upper.at(i as i64);
        let okdown = l != m || inclusive && i + 1 == lower.mant.len();
        let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
        match (okdown, okup) {
            (true, true) => return d.round(i + 1),
            (true, false) => return d.round_down(i + 1),
            (false, true) => return d.round_up(i + 1),
            _ => {}
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp_num(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        self.cmp_num(other)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({}, prec {})", self.text(), self.prec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Number {
        Number::parse(s).unwrap_or_else(|| panic!("literal {s}"))
    }

    /// Expected text recorded from `terraform console` for the expression
    /// named in the first column, built here from the same operations cty
    /// performs (literals at 512 bits, lengths at 64, float64 results at 53).
    #[test]
    fn arithmetic_prints_as_terraform() {
        let len = Number::from_i64;
        let cases: Vec<(&str, Number, &str)> = vec![
            ("0.1 + 0.2", lit("0.1").add(lit("0.2")), "0.3"),
            (
                "1/3",
                lit("1").div(lit("3")),
                "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335",
            ),
            (
                "2/3",
                lit("2").div(lit("3")),
                "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667",
            ),
            (
                "0.3 - 0.1",
                lit("0.3").sub(lit("0.1")),
                "0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002",
            ),
            (
                "12345678901234567890",
                lit("12345678901234567890"),
                "12345678901234567890",
            ),
            (
                "100000000000000000000 - 1",
                lit("100000000000000000000").sub(lit("1")),
                "99999999999999999999",
            ),
            (
                "ceil(1e20 + 0.5)",
                lit("1e20").add(lit("0.5")).ceil(),
                "100000000000000000001",
            ),
            (
                "floor(1e20 + 0.5)",
                lit("1e20").add(lit("0.5")).floor(),
                "100000000000000000000",
            ),
            ("floor(-2.5)", lit("-2.5").floor(), "-3"),
            ("ceil(-0.5)", lit("-0.5").ceil(), "0"),
            (
                "pow(2, 64)",
                Number::from_f64(2f64.powf(64.0)),
                "18446744073709550000",
            ),
            (
                "pow(2, 64) + 1",
                Number::from_f64(2f64.powf(64.0)).add(lit("1")),
                "18446744073709551617",
            ),
            (
                "pow(10, 30)",
                Number::from_f64(1e30),
                "1000000000000000000000000000000",
            ),
            ("1e30", lit("1e30"), "1000000000000000000000000000000"),
            (
                "pow(2, 0.5)",
                Number::from_f64(2f64.sqrt()),
                "1.4142135623730951",
            ),
            (
                "log(10, 3)",
                Number::from_f64(10f64.ln() / 3f64.ln()),
                "2.095903274289385",
            ),
            ("log(0, 10)", Number::from_f64(f64::NEG_INFINITY), "-Inf"),
            ("-0", lit("0").neg(), "-0"),
            ("-0.5 * 0", lit("0.5").neg().mul(lit("0")), "-0"),
            ("1/0", lit("1").div(lit("0")), "+Inf"),
            ("-1/0", lit("1").neg().div(lit("0")), "-Inf"),
            ("5 % 0", lit("5").rem(lit("0")), "5"),
            ("5.5 % 2", lit("5.5").rem(lit("2")), "1.5"),
            ("-7 % 3", lit("7").neg().rem(lit("3")), "-1"),
            ("7 % -3", lit("7").rem(lit("3").neg()), "1"),
            ("0.1 % 1", lit("0.1").rem(lit("1")), "0.1"),
            ("1e300 % 7", lit("1e300").rem(lit("7")), "0"),
            ("0 % 0", lit("0").rem(lit("0")), "0"),
            ("10/4", lit("10").div(lit("4")), "2.5"),
            ("1.5 * 1.5", lit("1.5").mul(lit("1.5")), "2.25"),
            ("0.1 * 3", lit("0.1").mul(lit("3")), "0.3"),
            ("1/3 * 3", lit("1").div(lit("3")).mul(lit("3")), "1"),
            ("abs(-0.1)", lit("-0.1").abs(), "0.1"),
            ("length([1,2,3]) / 3", len(3).div(lit("3")), "1"),
            (
                "length(3 items) / length(7 items)",
                len(3).div(len(7)),
                "0.42857142857142857144",
            ),
            ("0.000001234", lit("0.000001234"), "0.000001234"),
            ("1e-7", lit("1e-7"), "0.0000001"),
            ("123.456e10", lit("123.456e10"), "1234560000000"),
            (
                "parseint(\"ffffffffffffffffffff\", 16) / 7",
                Number::from_big_int(&BigInt::parse_bytes(b"ffffffffffffffffffff", 16).unwrap())
                    .div(lit("7")),
                "172703688516375596386596.42857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142858",
            ),
            ("tonumber(\"1p3\")", lit("1p3"), "8"),
            ("1e999999999", lit("1e999999999"), "+Inf"),
            ("1e-999999999", lit("1e-999999999"), "0"),
            ("tonumber(\"inf\")", lit("inf"), "+Inf"),
            ("tonumber(\"+1\")", lit("+1"), "1"),
            ("tonumber(\".5\")", lit(".5"), "0.5"),
            ("tonumber(\"1.\")", lit("1."), "1"),
        ];
        for (expr, got, want) in cases {
            assert_eq!(got.to_string(), want, "{expr}");
        }
    }

    #[test]
    fn percent_v_uses_exponent_form_outside_its_range() {
        let cases: Vec<(&str, Number, &str)> = vec![
            ("format(\"%v\", 1e30)", lit("1e30"), "1e+30"),
            ("format(\"%v\", 0.00001)", lit("0.00001"), "1e-05"),
            ("format(\"%v\", 0.0001)", lit("0.0001"), "0.0001"),
            ("format(\"%v\", 123456)", lit("123456"), "123456"),
            ("format(\"%v\", 1234567)", lit("1234567"), "1.234567e+06"),
            ("format(\"%v\", -0)", lit("0").neg(), "-0"),
            ("format(\"%v\", 0)", lit("0"), "0"),
            ("format(\"%v\", 1/0)", lit("1").div(lit("0")), "+Inf"),
            (
                "format(\"%v\", pow(2,64))",
                Number::from_f64(2f64.powf(64.0)),
                "1.844674407370955e+19",
            ),
            ("format(\"%v\", 1e100)", lit("1e100"), "1e+100"),
            ("format(\"%v\", 1.5e-10)", lit("1.5e-10"), "1.5e-10"),
        ];
        for (expr, n, want) in cases {
            assert_eq!(n.text_g(), want, "{expr}");
        }
    }

    #[test]
    fn huge_values_print_in_full() {
        // 1.7976931348623157e308 * 10 at 512 bits: 1797693134862315700…0.
        let big = lit("1.7976931348623157e308").mul(lit("10"));
        let s = big.to_string();
        assert!(s.starts_with("17976931348623157000"), "{s}");
        assert_eq!(s.len(), 310);
        // 1e-400 is below float64 range but fine at 512 bits.
        let tiny = lit("1e-400").to_string();
        assert_eq!(tiny.len(), 402, "{tiny}");
        assert!(tiny.ends_with("0001"));
    }

    #[test]
    fn parsing_rejects_what_big_parsefloat_rejects() {
        for bad in [
            "", " 1", "1 ", "+", "-", ".", "abc", "1e", "1e+", "0x10", "1_000", "--1",
        ] {
            assert!(Number::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn comparisons_ignore_precision_but_not_value() {
        assert_eq!(Number::from_i64(3), lit("3"));
        assert_eq!(lit("0").neg(), lit("0"));
        assert!(
            lit("0.1") != Number::from_f64(0.1),
            "0.1 at 512 bits differs from float64 0.1"
        );
        assert!(lit("0.1") < lit("0.2"));
        assert!(lit("-1").div(lit("0")) < lit("-1e300"));
        assert!(lit("1e300").mul(lit("1e300")) > lit("1e599"));
        assert_eq!(lit("2.5").partial_cmp(&lit("2.5")), Some(Ordering::Equal));
    }

    #[test]
    fn conversions() {
        assert_eq!(lit("0.1").as_f64(), 0.1);
        assert_eq!(lit("1").div(lit("3")).as_f64(), 1.0 / 3.0);
        assert_eq!(lit("-2.5").as_f64(), -2.5);
        assert_eq!(lit("1e400").as_f64(), f64::INFINITY);
        assert_eq!(lit("9007199254740993").as_i64(), Some(9007199254740993));
        assert_eq!(lit("2.0").as_i64(), Some(2));
        assert_eq!(lit("2.5").as_i64(), None);
        assert_eq!(lit("1e20").as_i64(), None);
        assert_eq!(lit("1e20").as_i128(), Some(100_000_000_000_000_000_000));
        assert!(lit("1e20").is_whole());
        assert!(lit("0").div(lit("0")).is_nan());
        let inf = lit("1").div(lit("0"));
        assert!(
            inf.clone().sub(inf.clone()).is_nan(),
            "(1/0) - (1/0) fails in Terraform"
        );
        assert!(
            inf.clone().mul(lit("0")).is_nan(),
            "(1/0) * 0 fails in Terraform"
        );
        assert!(
            lit("5").rem(inf.clone()).is_nan(),
            "5 % (1/0) fails in Terraform"
        );
    }

    #[test]
    fn small_integers_keep_the_fast_path() {
        let n = Number::from_i64(41).add(Number::from_i64(1));
        assert!(matches!(n.0, Repr::Small { v: 42, prec: 64 }));
        let n = Number::from_i64(6).mul(Number::from_i64(7));
        assert!(matches!(n.0, Repr::Small { v: 42, .. }));
        // A 53-bit float integer rounds like Go: 2^53 + 1 is not representable.
        let f = Number::from_f64(9007199254740992.0).add(Number::from_f64(1.0));
        assert_eq!(f.to_string(), "9007199254740992");
        // pow(2,60) % parseint("576460752303423489", 10): at 53 bits Go
        // rounds y * 1 to 2^59 before subtracting.
        let x = Number::from_f64(2f64.powi(60));
        let y = Number::from_i64((1 << 59) + 1);
        assert_eq!(x.rem(y).to_string(), "576460752303423500");
    }
}

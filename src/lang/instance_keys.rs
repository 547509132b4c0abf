//! Instance keys as values: what `count.index` and `each.key` hold, and
//! the key an index value picks. `addrs` sits below the language, so the
//! conversions live here.

use crate::addrs::{InstanceKey, NOT_A_KEY};

use super::value::Value;

impl InstanceKey {
    /// Reads a key from an index value, as OpenTofu's `ParseInstanceKey`
    /// does: a string, or a number that fits a whole 64-bit integer. The
    /// error is the bare reason; callers wrap it in their own sentence.
    pub fn from_value(v: &Value) -> Result<InstanceKey, String> {
        match v.unmark().0 {
            Value::String(s) => Ok(InstanceKey::Str(s.clone())),
            Value::Number(n) => InstanceKey::from_number(n),
            _ => Err(NOT_A_KEY.into()),
        }
    }

    /// The key as the value `each.key` / `count.index` would hold.
    pub fn value(&self) -> Value {
        match self {
            InstanceKey::NoKey => Value::null(),
            InstanceKey::Int(i) => Value::int(*i),
            InstanceKey::Str(s) => Value::string(s.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;

    #[test]
    fn keys_from_values() {
        let cases: Vec<(&str, Value, Result<InstanceKey, &str>)> = vec![
            (
                "string",
                Value::string("a"),
                Ok(InstanceKey::Str("a".into())),
            ),
            ("whole number", Value::int(2), Ok(InstanceKey::Int(2))),
            (
                "fraction",
                Value::Number(Number::from_f64(1.5)),
                Err(
                    "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                ),
            ),
            (
                "bool",
                Value::Bool(true),
                Err("either a string or an integer is required"),
            ),
        ];
        for (name, v, want) in cases {
            assert_eq!(
                InstanceKey::from_value(&v),
                want.map_err(str::to_string),
                "{name}"
            );
        }
    }
}

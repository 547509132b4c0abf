//! Console formatting of values. PLACEHOLDER until the `corpus` branch lands.

use super::value::Value;

pub fn console(v: &Value) -> String {
    format!("{v:?}")
}

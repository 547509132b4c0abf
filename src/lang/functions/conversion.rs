//! Type conversion and sensitivity functions: tobool, tolist, tomap,
//! tonumber, toset, tostring, sensitive, nonsensitive and issensitive.
//! (`type` is console-only and left to the console; `try` and `can` are
//! evaluated lazily by the evaluator.)

use super::{Call, Function, FunctionError, Param, Ret};
use crate::lang::types::{can_convert, constraint_name, convert, mismatch_message};
use crate::lang::value::{Type, Value};

fn any_value() -> Param {
    Param::any("v").null().unknown().dynamic().marked()
}

/// The conversion functions' entries in the registry.
pub(super) fn functions() -> Vec<Function> {
    let same_type = || Ret::Rule(|c| Ok(c.args[0].ty()));
    vec![
        conversion("tobool"),
        conversion("tonumber"),
        conversion("tostring"),
        conversion("tolist"),
        conversion("toset"),
        conversion("tomap"),
        Function::new("sensitive", vec![any_value()], same_type(), |c, _| {
            Ok(c.args[0].clone().mark())
        }),
        // Removes the top-level mark only, as Terraform does.
        Function::new("nonsensitive", vec![any_value()], same_type(), |c, _| {
            Ok(c.args[0].clone())
        })
        .unmarked_result(),
        Function::new(
            "issensitive",
            vec![any_value()],
            Ret::Fixed(Type::Bool),
            |c, _| Ok(Value::Bool(c.given[0].is_marked())),
        )
        .unmarked_result(),
    ]
}

/// The type a `to*` function converts to.
fn wanted(name: &str) -> Type {
    match name {
        "tobool" => Type::Bool,
        "tonumber" => Type::Number,
        "tostring" => Type::String,
        "tolist" => Type::List(Box::new(Type::Dynamic)),
        "toset" => Type::Set(Box::new(Type::Dynamic)),
        _ => Type::Map(Box::new(Type::Dynamic)),
    }
}

fn conversion(name: &'static str) -> Function {
    Function::new(
        name,
        vec![any_value()],
        Ret::Rule(conversion_type),
        convert_to,
    )
}

fn conversion_type(c: &Call) -> Result<Type, FunctionError> {
    let want = wanted(c.name);
    let got = c.args[0].ty();
    if got == want || can_convert(&got, &want, true) {
        return Ok(if want.has_dynamic() {
            Type::Dynamic
        } else {
            want
        });
    }
    let msg = match (&got, &want) {
        (Type::Tuple(_), Type::Tuple(_)) => {
            format!(
                "incompatible tuple type for conversion: {}",
                mismatch_message(&got, &want)
            )
        }
        (Type::Object(_), Type::Object(_)) => {
            format!(
                "incompatible object type for conversion: {}",
                mismatch_message(&got, &want)
            )
        }
        _ => format!(
            "cannot convert {} to {}",
            got.friendly_name(),
            constraint_name(&want)
        ),
    };
    Err(FunctionError::arg(0, "v", msg))
}

fn convert_to(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    let want = wanted(c.name);
    convert(&c.args[0], &want).map_err(|e| {
        let v = c.args[0].clone().unmark_deep().0;
        let what = || match v.as_str() {
            Some(s) => super::shown(&format!("{s:?}")),
            None => "string".to_string(),
        };
        let msg = match (v.ty(), &want) {
            // A sensitive value's content is never echoed back.
            (got, _) if c.given[0].has_marks_deep() => {
                format!("cannot convert this sensitive {} to {}", got.friendly_name(), constraint_name(&want))
            }
            (Type::String, Type::Bool) => {
                format!("cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed", what())
            }
            (Type::String, Type::Number) => format!(
                "cannot convert {} to number; given string must be a decimal representation of a number",
                what()
            ),
            _ => e.to_string(),
        };
        FunctionError::arg(0, "v", msg)
    })
}

#[cfg(test)]
mod tests {
    use super::super::list_of;
    use super::super::test_support::*;
    use crate::lang::value::{Type, Value};

    /// Expected values from `terraform console` (Terraform 1.11).
    #[test]
    fn conversions() {
        let cases: Vec<(&str, Vec<Value>, Value)> = vec![
            ("tobool", vec![s("true")], b(true)),
            ("tobool", vec![Value::null()], Value::Null(Type::Bool)),
            ("tolist", vec![tup(vec![s("a"), n(1)])], strs(&["a", "1"])),
            (
                "tomap",
                vec![obj(vec![("a", n(1)), ("b", s("x"))])],
                map(Type::String, vec![("a", s("1")), ("b", s("x"))]),
            ),
            ("tonumber", vec![s("1.5")], f(1.5)),
            ("tonumber", vec![Value::null()], Value::Null(Type::Number)),
            (
                "toset",
                vec![tup(vec![n(1), s("1")])],
                Value::set(Type::String, vec![s("1")]),
            ),
            (
                "toset",
                vec![tup(vec![s("b"), s("a"), s("b")])],
                Value::set(Type::String, vec![s("a"), s("b")]),
            ),
            ("tostring", vec![Value::null()], Value::Null(Type::String)),
            ("tostring", vec![f(1.5)], s("1.5")),
            ("tostring", vec![b(true)], s("true")),
            ("sensitive", vec![n(1)], n(1).mark()),
            ("nonsensitive", vec![n(1).mark()], n(1)),
            ("nonsensitive", vec![n(1)], n(1)),
            ("issensitive", vec![n(1).mark()], b(true)),
            ("issensitive", vec![n(1)], b(false)),
            (
                "tolist",
                vec![tup(vec![s("a").mark(), s("b")])],
                list(Type::String, vec![s("a").mark(), s("b")]),
            ),
            (
                "tostring",
                vec![Value::Unknown(Type::Dynamic, None)],
                Value::Unknown(Type::String, None),
            ),
            ("tostring", vec![s("a").mark()], s("a").mark()),
            (
                "tolist",
                vec![tup(vec![Value::null(), s("a")])],
                list(Type::String, vec![Value::Null(Type::String), s("a")]),
            ),
            ("tolist", vec![tup(vec![])], list(Type::Dynamic, vec![])),
            ("tomap", vec![obj(vec![])], map(Type::Dynamic, vec![])),
            (
                "tolist",
                vec![tup(vec![obj(vec![("a", n(1))]), obj(vec![("a", s("x"))])])],
                list(
                    Type::Object([("a".to_string(), Type::String)].into()),
                    vec![obj(vec![("a", s("1"))]), obj(vec![("a", s("x"))])],
                ),
            ),
            (
                "tolist",
                vec![tup(vec![obj(vec![("a", n(1))]), obj(vec![("b", n(1))])])],
                list(
                    Type::Map(Box::new(Type::Number)),
                    vec![
                        map(Type::Number, vec![("a", n(1))]),
                        map(Type::Number, vec![("b", n(1))]),
                    ],
                ),
            ),
            (
                "tolist",
                vec![tup(vec![tup(vec![n(1)]), tup(vec![s("a"), s("b")])])],
                list(list_of(Type::String), vec![strs(&["1"]), strs(&["a", "b"])]),
            ),
            (
                "tolist",
                vec![Value::set(Type::String, vec![s("b"), s("a")])],
                strs(&["a", "b"]),
            ),
        ];
        for (name, args, want) in cases {
            assert_eq!(run(name, args.clone()), Ok(want), "{name}{args:?}");
        }
    }

    #[test]
    fn conversion_errors() {
        let cases: Vec<(&str, Vec<Value>, &str)> = vec![
            (
                "tobool",
                vec![s("yes")],
                "cannot convert \"yes\" to bool; only the strings \"true\" or \"false\" are allowed",
            ),
            ("tobool", vec![n(1)], "cannot convert number to bool"),
            (
                "tolist",
                vec![tup(vec![s("a"), tup(vec![n(1)])])],
                "cannot convert tuple to list of any single type",
            ),
            (
                "tolist",
                vec![obj(vec![("a", n(1))])],
                "cannot convert object to list of any single type",
            ),
            (
                "tomap",
                vec![obj(vec![("a", n(1)), ("b", tup(vec![n(1)]))])],
                "cannot convert object to map of any single type",
            ),
            (
                "tonumber",
                vec![s("x")],
                "cannot convert \"x\" to number; given string must be a decimal representation of a number",
            ),
            ("tonumber", vec![b(true)], "cannot convert bool to number"),
            (
                "tostring",
                vec![tup(vec![n(1)])],
                "cannot convert tuple to string",
            ),
            (
                "tonumber",
                vec![s("x").mark()],
                "cannot convert this sensitive string to number",
            ),
        ];
        for (name, args, want) in cases {
            assert_eq!(
                err(run(name, args.clone())),
                format!("Invalid function argument: Invalid value for \"v\" parameter: {want}."),
                "{name}{args:?}"
            );
        }
    }
}

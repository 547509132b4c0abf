//! Collection functions: the list, map, set and tuple helpers (concat,
//! element, flatten, keys, lookup, merge, range, set operations, slice,
//! sort, zipmap...), with cty's result types (a tuple stays a tuple, maps
//! of differing element types merge into an object).

use std::collections::BTreeMap;

use super::{Call, Function, FunctionError, Param, Ret, list_of};
use crate::lang::number::Number;
use crate::lang::sorted_map::SortedMap;
use crate::lang::types::{convert, unify_inner};
use crate::lang::value::{Attrs, Type, Value};

/// cty's `Equals` on known values: equal types and equal contents.
fn equal(a: &Value, b: &Value) -> bool {
    let (a, b) = (a.clone().unmark_deep().0, b.clone().unmark_deep().0);
    a.ty() == b.ty() && a == b
}

fn seq(v: &Value) -> &[Value] {
    v.as_sequence().unwrap_or_default()
}

/// A list of `ety` from values already of that type.
fn make_list(ety: Type, items: Vec<Value>) -> Value {
    Value::List(ety, items.into())
}

fn int_arg(v: &Value) -> Option<i64> {
    v.as_number().and_then(Number::as_i64)
}

pub(super) fn functions() -> Vec<Function> {
    vec![
        lookup_func(),
        transpose_func(),
        alltrue_func(),
        anytrue_func(),
        chunklist_func(),
        coalesce_func(),
        coalescelist_func(),
        compact_func(),
        concat_func(),
        contains_func(),
        distinct_func(),
        element_func(),
        flatten_func(),
        index_func(),
        keys_func(),
        length_func(),
        matchkeys_func(),
        merge_func(),
        one_func(),
        range_func(),
        reverse_func(),
        variadic_set_func("setunion"),
        variadic_set_func("setintersection"),
        setsubtract_func(),
        setproduct_func(),
        slice_func(),
        sort_func(),
        sum_func(),
        values_func(),
        zipmap_func(),
    ]
}

fn alltrue_func() -> Function {
    Function::new(
        "alltrue",
        vec![Param::new("list", list_of(Type::Bool))],
        Ret::Fixed(Type::Bool),
        all_or_any,
    )
}

fn anytrue_func() -> Function {
    Function::new(
        "anytrue",
        vec![Param::new("list", list_of(Type::Bool))],
        Ret::Fixed(Type::Bool),
        all_or_any,
    )
}

fn chunklist_func() -> Function {
    Function::new(
        "chunklist",
        vec![
            Param::new("list", list_of(Type::Dynamic)).marked(),
            Param::number("size").marked(),
        ],
        Ret::Rule(|c| {
            let a = c.args;
            Ok(list_of(a[0].ty()))
        }),
        |c, _| {
            let a = c.args;
            let name = c.name;
            let size = int_arg(&a[1]).ok_or_else(|| {
                    FunctionError::call(
                        name,
                        "invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                    )
                })?;
            if size < 0 {
                return Err(FunctionError::call(
                    name,
                    "the size argument must be positive",
                ));
            }
            let Value::List(ety, items) = &a[0] else {
                unreachable!("converted to list")
            };
            let lty = list_of(ety.clone());
            if items.is_empty() {
                return Ok(Value::List(lty, vec![].into()));
            }
            if size == 0 {
                return Ok(Value::List(lty, vec![a[0].clone()].into()));
            }
            let chunks = items
                .chunks(size as usize)
                .map(|c| Value::List(ety.clone(), c.to_vec().into()))
                .collect();
            Ok(Value::List(lty, chunks))
        },
    )
}

fn coalesce_func() -> Function {
    Function::new(
        "coalesce",
        vec![],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            let tys: Vec<Type> = a.iter().map(Value::ty).collect();
            unify_inner(&tys, true)
                .ok_or_else(|| FunctionError::call(name, "all arguments must have the same type"))
        }),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            for v in a {
                let v = convert(v, ret).unwrap_or_else(|_| v.clone());
                if v.is_unknown() {
                    return Ok(Value::Unknown(ret.clone(), None));
                }
                if v.is_null() || (*ret == Type::String && v.as_str() == Some("")) {
                    continue;
                }
                return Ok(v);
            }
            Err(FunctionError::call(
                name,
                "no non-null, non-empty-string arguments",
            ))
        },
    )
    .variadic(Param::any("vals").unknown().dynamic().null())
}

fn coalescelist_func() -> Function {
    Function::new(
        "coalescelist",
        vec![],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            if a.is_empty() {
                return Err(FunctionError::call(
                    name,
                    "at least one argument is required",
                ));
            }
            if a.iter().any(Value::is_unknown) {
                return Ok(Type::Dynamic);
            }
            if a.iter()
                .any(|v| !matches!(v.ty(), Type::List(_) | Type::Tuple(_)))
            {
                return Err(FunctionError::call(
                    name,
                    "coalescelist arguments must be lists or tuples",
                ));
            }
            let first = a[0].ty();
            Ok(if a.iter().all(|v| v.ty() == first) {
                first
            } else {
                Type::Dynamic
            })
        }),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            for v in a {
                if v.is_unknown() {
                    return Ok(Value::Unknown(ret.clone(), None));
                }
                if !v.is_null() && !seq(v).is_empty() {
                    return Ok(v.clone());
                }
            }
            Err(FunctionError::call(name, "no non-null arguments"))
        },
    )
    .variadic(Param::any("vals").unknown().dynamic().null())
}

fn compact_func() -> Function {
    Function::new(
        "compact",
        vec![Param::new("list", list_of(Type::String))],
        Ret::Fixed(list_of(Type::String)),
        |c, ret| {
            let a = c.args;
            if !a[0].is_wholly_known() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let items = seq(&a[0])
                .iter()
                .filter(|v| !v.is_null() && v.as_str() != Some(""))
                .cloned()
                .collect();
            Ok(make_list(Type::String, items))
        },
    )
}

fn concat_func() -> Function {
    Function::new(
        "concat",
        vec![],
        Ret::Rule(|c| concat_type(c.args)),
        |c, ret| {
            let a = c.args;
            let mut items = Vec::new();
            for (i, v) in a.iter().enumerate() {
                let v = if matches!(ret, Type::List(_)) {
                    convert(v, ret).map_err(|e| FunctionError::arg(i, "seqs", e.to_string()))?
                } else {
                    v.clone()
                };
                let (v, marked) = v.into_unmarked();
                items.extend(seq(&v).iter().map(|x| x.clone().mark_if(marked)));
            }
            Ok(match ret {
                Type::List(e) => make_list((**e).clone(), items),
                _ => Value::Tuple(items.into()),
            })
        },
    )
    .variadic(Param::any("seqs").marked())
}

fn contains_func() -> Function {
    Function::new(
        "contains",
        vec![Param::any("list"), Param::any("value")],
        Ret::Fixed(Type::Bool),
        |c, _| {
            let a = c.args;
            let name = c.name;
            if !matches!(a[0].ty(), Type::List(_) | Type::Tuple(_) | Type::Set(_)) {
                return Err(FunctionError::call(
                    name,
                    "argument must be list, tuple, or set",
                ));
            }
            let items = seq(&a[0]);
            if items.is_empty() {
                return Ok(Value::Bool(false));
            }
            if !a[1].is_wholly_known() || items.iter().any(|v| !v.is_wholly_known()) {
                return Ok(Value::Unknown(Type::Bool, None));
            }
            Ok(Value::Bool(items.iter().any(|v| equal(v, &a[1]))))
        },
    )
}

fn distinct_func() -> Function {
    Function::new(
        "distinct",
        vec![Param::new("list", list_of(Type::Dynamic))],
        Ret::Rule(|c| {
            let a = c.args;
            Ok(a[0].ty())
        }),
        |c, ret| {
            let a = c.args;
            if !a[0].is_wholly_known() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let mut out: Vec<Value> = Vec::new();
            for v in seq(&a[0]) {
                if !out.iter().any(|o| equal(o, v)) {
                    out.push(v.clone());
                }
            }
            Ok(make_list(
                ret.element().cloned().unwrap_or(Type::Dynamic),
                out,
            ))
        },
    )
}

fn element_func() -> Function {
    Function::new(
        "element",
        vec![Param::any("list").marked(), Param::number("index")],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            match a[0].ty() {
                Type::List(e) => Ok(*e),
                Type::Tuple(_) if a[1].is_unknown() => Ok(Type::Dynamic),
                Type::Tuple(etys) => {
                    let i = element_index(&a[1])?;
                    if etys.is_empty() {
                        return Err(FunctionError::call(
                            name,
                            "cannot use element function with an empty list",
                        ));
                    }
                    let i = i % etys.len() as i64;
                    if i < 0 {
                        // Terraform 1.11 crashes here (cty's tuple branch has
                        // no wrap-around); report it as it does, minus the trace.
                        return Err(FunctionError::call(
                            name,
                            format!(
                                "panic in function implementation: runtime error: index out of range [{i}]"
                            ),
                        ));
                    }
                    Ok(etys[i as usize].clone())
                }
                other => Err(FunctionError::call(
                    name,
                    format!("cannot read elements from {}", other.friendly_name()),
                )),
            }
        }),
        |c, _| {
            let a = c.args;
            let name = c.name;
            let i = element_index(&a[1])?;
            let items = seq(&a[0]);
            if items.is_empty() {
                return Err(FunctionError::call(
                    name,
                    "cannot use element function with an empty list",
                ));
            }
            let l = items.len() as i64;
            Ok(items[i.rem_euclid(l) as usize].clone())
        },
    )
}

fn flatten_func() -> Function {
    Function::new(
        "flatten",
        vec![Param::any("list").marked()],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            if !matches!(a[0].ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
                return Err(FunctionError::call(
                    name,
                    "can only flatten lists, sets and tuples",
                ));
            }
            Ok(Type::Dynamic)
        }),
        |c, _| {
            let a = c.args;
            let mut out = Vec::new();
            let mut marked = false;
            if !flatten_into(&a[0], &mut out, &mut marked) {
                return Ok(Value::Unknown(Type::Dynamic, None).mark_if(marked));
            }
            Ok(Value::Tuple(out.into()).mark_if(marked))
        },
    )
}

fn index_func() -> Function {
    Function::new(
        "index",
        vec![Param::any("list"), Param::any("value")],
        Ret::Fixed(Type::Number),
        |c, _| {
            let a = c.args;
            let name = c.name;
            if !matches!(a[0].ty(), Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::call(
                    name,
                    "argument must be a list or tuple",
                ));
            }
            let items = seq(&a[0]);
            if items.is_empty() {
                return Err(FunctionError::call(name, "cannot search an empty list"));
            }
            for (i, v) in items.iter().enumerate() {
                if !v.is_wholly_known() || !a[1].is_wholly_known() {
                    return Ok(Value::Unknown(Type::Number, None));
                }
                if equal(v, &a[1]) {
                    return Ok(Value::int(i as i64));
                }
            }
            Err(FunctionError::call(name, "item not found"))
        },
    )
}

fn keys_func() -> Function {
    Function::new(
        "keys",
        vec![Param::any("inputMap").unknown().marked()],
        Ret::Rule(|c| {
            let a = c.args;
            match a[0].ty() {
                Type::Map(_) => Ok(list_of(Type::String)),
                Type::Object(attrs) => Ok(Type::Tuple(vec![Type::String; attrs.len()])),
                Type::Dynamic => Ok(Type::Dynamic),
                _ => Err(FunctionError::arg(
                    0,
                    "inputMap",
                    "must have map or object type",
                )),
            }
        }),
        |c, ret| {
            let a = c.args;
            if a[0].is_unknown() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let keys: Vec<Value> = a[0]
                .as_mapping()
                .map(|m| m.keys().map(Value::string).collect())
                .unwrap_or_default();
            Ok(match ret {
                Type::List(_) => make_list(Type::String, keys),
                _ => Value::Tuple(keys.into()),
            })
        },
    )
}

fn length_func() -> Function {
    Function::new(
        "length",
        vec![Param::any("value").dynamic().unknown().marked()],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            match a[0].ty() {
                Type::Bool | Type::Number => Err(FunctionError::call(
                    name,
                    "argument must be a string, a collection type, or a structural type",
                )),
                _ => Ok(Type::Number),
            }
        }),
        |c, _| {
            let a = c.args;
            Ok(match (&a[0], a[0].ty()) {
                (_, Type::Tuple(t)) => Value::int(t.len() as i64),
                (_, Type::Object(t)) => Value::int(t.len() as i64),
                (Value::Unknown(..), _) => Value::Unknown(Type::Number, None),
                (Value::String(s), _) => Value::int(super::string::char_count(s) as i64),
                (v, _) => Value::int(
                    v.as_sequence()
                        .map(<[Value]>::len)
                        .or(v.as_mapping().map(SortedMap::len))
                        .unwrap_or(0) as i64,
                ),
            })
        },
    )
}

fn matchkeys_func() -> Function {
    Function::new(
        "matchkeys",
        vec![
            Param::new("values", list_of(Type::Dynamic)),
            Param::new("keys", list_of(Type::Dynamic)),
            Param::new("searchset", list_of(Type::Dynamic)),
        ],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            unify_inner(&[a[1].ty(), a[2].ty()], true).ok_or_else(|| {
                FunctionError::call(name, "keys and searchset must be of the same type")
            })?;
            Ok(a[0].ty())
        }),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            let ety = ret.element().cloned().unwrap_or(Type::Dynamic);
            let (values, keys, search) = (seq(&a[0]), seq(&a[1]), seq(&a[2]));
            if values.len() != keys.len() {
                return Err(FunctionError::call(
                    name,
                    "length of keys and values should be equal",
                ));
            }
            let ty = unify_inner(&[a[1].ty(), a[2].ty()], true).unwrap_or(Type::Dynamic);
            let keys = convert(&a[1], &ty).unwrap_or_else(|_| a[1].clone());
            let search = convert(&a[2], &ty)
                .map(|v| seq(&v).to_vec())
                .unwrap_or_else(|_| search.to_vec());
            if search.is_empty() {
                return Ok(make_list(ety, vec![]));
            }
            if !a[0].is_wholly_known() || !keys.is_wholly_known() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let out = seq(&keys)
                .iter()
                .zip(values)
                .filter(|(k, _)| search.iter().any(|s| equal(k, s)))
                .map(|(_, v)| v.clone())
                .collect();
            Ok(make_list(ety, out))
        },
    )
}

fn merge_func() -> Function {
    Function::new(
        "merge",
        vec![],
        Ret::Rule(|c| merge_type(c.args)),
        |c, ret| {
            let a = c.args;
            // Collected, then sorted once; a later map's key wins.
            let mut out = Vec::new();
            for m in a {
                if m.is_null() {
                    continue;
                }
                let (m, marked) = m.unmark();
                for (k, v) in m.as_mapping().unwrap_or(&SortedMap::new()) {
                    out.push((k.clone(), v.clone().mark_if(marked)));
                }
            }
            let out: Attrs = out.into_iter().collect();
            Ok(match ret {
                Type::Map(e) => Value::Map((**e).clone(), out),
                _ => Value::Object(out),
            })
        },
    )
    .variadic(Param::any("maps").dynamic().null().marked())
}

fn one_func() -> Function {
    Function::new(
        "one",
        vec![Param::any("list")],
        Ret::Rule(|c| {
            let a = c.args;
            let bad = || {
                FunctionError::arg(
                    0,
                    "list",
                    "must be a list, set, or tuple value with either zero or one elements",
                )
            };
            match a[0].ty() {
                Type::List(e) | Type::Set(e) => Ok(*e),
                Type::Tuple(t) if t.is_empty() => Ok(Type::Dynamic),
                Type::Tuple(t) if t.len() == 1 => Ok(t[0].clone()),
                _ => Err(bad()),
            }
        }),
        |c, ret| {
            let a = c.args;
            match seq(&a[0]) {
                [] => Ok(Value::Null(ret.clone())),
                [v] => Ok(v.clone()),
                _ => Err(FunctionError::arg(
                    0,
                    "list",
                    "must be a list, set, or tuple value with either zero or one elements",
                )),
            }
        },
    )
}

fn range_func() -> Function {
    Function::new(
        "range",
        vec![],
        Ret::Fixed(list_of(Type::Number)),
        |c, _| {
            let a = c.args;
            range(a)
        },
    )
    .variadic(Param::number("params"))
}

fn reverse_func() -> Function {
    Function::new(
        "reverse",
        vec![Param::any("list").marked()],
        Ret::Rule(|c| {
            let a = c.args;
            match a[0].ty() {
                Type::Tuple(mut t) => {
                    t.reverse();
                    Ok(Type::Tuple(t))
                }
                Type::List(e) | Type::Set(e) => Ok(list_of(*e)),
                other => Err(FunctionError::arg(
                    0,
                    "list",
                    format!(
                        "can only reverse list or tuple values, not {}",
                        other.friendly_name()
                    ),
                )),
            }
        }),
        |c, ret| {
            let a = c.args;
            let mut items = seq(&a[0]).to_vec();
            items.reverse();
            Ok(match ret {
                Type::List(e) => make_list((**e).clone(), items),
                _ => Value::Tuple(items.into()),
            })
        },
    )
}

/// `setunion` and `setintersection`: one or more sets, typed alike.
fn variadic_set_func(name: &'static str) -> Function {
    Function::new(
        name,
        vec![Param::new("first_set", Type::Set(Box::new(Type::Dynamic))).dynamic()],
        Ret::Rule(|c| set_type(c.name, c.args)),
        |c, ret| set_operation(c.name, c.args, ret),
    )
    .variadic(Param::new("other_sets", Type::Set(Box::new(Type::Dynamic))).dynamic())
}

fn setsubtract_func() -> Function {
    Function::new(
        "setsubtract",
        vec![
            Param::new("a", Type::Set(Box::new(Type::Dynamic))).dynamic(),
            Param::new("b", Type::Set(Box::new(Type::Dynamic))).dynamic(),
        ],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            set_type(name, a)
        }),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            set_operation(name, a, ret)
        },
    )
}

fn setproduct_func() -> Function {
    Function::new(
        "setproduct",
        vec![],
        Ret::Rule(|c| setproduct_type(c.args)),
        |c, ret| setproduct(c.args, ret),
    )
    .variadic(Param::any("sets").marked().unknown())
}

fn slice_func() -> Function {
    Function::new(
        "slice",
        vec![
            Param::any("list").marked(),
            Param::number("start_index"),
            Param::number("end_index"),
        ],
        Ret::Rule(|c| {
            let a = c.args;
            let ty = a[0].ty();
            match &ty {
                Type::Set(_) => {
                    return Err(FunctionError::arg(
                        0,
                        "list",
                        "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
                    ));
                }
                Type::List(_) | Type::Tuple(_) => {}
                _ => {
                    return Err(FunctionError::arg(
                        0,
                        "list",
                        "must be a list or tuple value",
                    ));
                }
            }
            if a[1].is_unknown() || a[2].is_unknown() || a[0].is_unknown() {
                return Ok(if matches!(ty, Type::List(_)) {
                    ty
                } else {
                    Type::Dynamic
                });
            }
            let (s, e) = slice_indexes(a)?;
            Ok(match ty {
                Type::Tuple(t) => Type::Tuple(t[s..e].to_vec()),
                other => other,
            })
        }),
        |c, ret| {
            let a = c.args;
            let (s, e) = slice_indexes(a)?;
            let items = seq(&a[0])[s..e].to_vec();
            Ok(match ret {
                Type::List(et) => make_list((**et).clone(), items),
                _ => Value::Tuple(items.into()),
            })
        },
    )
}

fn sort_func() -> Function {
    Function::new(
        "sort",
        vec![Param::new("list", list_of(Type::String))],
        Ret::Fixed(list_of(Type::String)),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            if !a[0].is_wholly_known() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let mut items = Vec::new();
            for (i, v) in seq(&a[0]).iter().enumerate() {
                match v.as_str() {
                    Some(s) => items.push(s.to_string()),
                    None => {
                        return Err(FunctionError::call(
                            name,
                            format!(
                                "given list element {i} is null; a null string cannot be sorted"
                            ),
                        ));
                    }
                }
            }
            items.sort();
            Ok(make_list(
                Type::String,
                items.into_iter().map(Value::String).collect(),
            ))
        },
    )
}

fn sum_func() -> Function {
    Function::new(
        "sum",
        vec![Param::any("list")],
        Ret::Fixed(Type::Number),
        |c, _| {
            let a = c.args;
            let bad = || {
                FunctionError::arg(
                    0,
                    "list",
                    "argument must be list, set, or tuple of number values",
                )
            };
            let ty = a[0].ty();
            if !matches!(
                ty,
                Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Map(_) | Type::Object(_)
            ) {
                return Err(FunctionError::arg(0, "list", "cannot sum noniterable"));
            }
            if !matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
                return Err(FunctionError::arg(
                    0,
                    "list",
                    format!(
                        "argument must be list, set, or tuple. Received {}",
                        ty.friendly_name()
                    ),
                ));
            }
            let items = seq(&a[0]);
            if items.is_empty() {
                return Err(FunctionError::arg(0, "list", "cannot sum an empty list"));
            }
            let mut total: Option<Number> = None;
            for v in items {
                let n = convert(v, &Type::Number).map_err(|_| bad())?;
                if n.is_unknown() {
                    return Ok(Value::Unknown(Type::Number, None));
                }
                let n = n.as_number().ok_or_else(bad)?.clone();
                total = Some(match total {
                    None => n,
                    Some(t) => t.add(n),
                });
            }
            Ok(Value::Number(total.expect("not empty")))
        },
    )
}

fn values_func() -> Function {
    Function::new(
        "values",
        vec![Param::any("mapping").marked()],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            match a[0].ty() {
                Type::Map(e) => Ok(list_of(*e)),
                Type::Object(attrs) => Ok(Type::Tuple(attrs.into_values().collect())),
                _ => Err(FunctionError::call(
                    name,
                    "values() requires a map as the first argument",
                )),
            }
        }),
        |c, ret| {
            let a = c.args;
            let vals: Vec<Value> = a[0]
                .as_mapping()
                .map(|m| m.values().cloned().collect())
                .unwrap_or_default();
            Ok(match ret {
                Type::List(e) => make_list((**e).clone(), vals),
                _ => Value::Tuple(vals.into()),
            })
        },
    )
}

fn zipmap_func() -> Function {
    Function::new(
        "zipmap",
        vec![
            Param::new("keys", list_of(Type::String)).marked(),
            Param::any("values").marked(),
        ],
        Ret::Rule(|c| {
            let a = c.args;
            let name = c.name;
            match a[1].ty() {
                Type::List(e) => Ok(Type::Map(e)),
                Type::Tuple(etys) => {
                    if !a[0].is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let keys = seq(&a[0]);
                    if keys.len() != etys.len() {
                        return Err(FunctionError::call(
                            name,
                            format!(
                                "number of keys ({}) does not match number of values ({})",
                                keys.len(),
                                etys.len()
                            ),
                        ));
                    }
                    let mut attrs = BTreeMap::new();
                    for (i, (k, t)) in keys.iter().zip(etys).enumerate() {
                        let Some(k) = k.as_str() else {
                            return Err(FunctionError::call(
                                name,
                                format!("keys list has null value at index {i}"),
                            ));
                        };
                        attrs.insert(k.to_string(), t);
                    }
                    Ok(Type::Object(attrs))
                }
                _ => Err(FunctionError::call(
                    name,
                    "values argument must be a list or tuple value",
                )),
            }
        }),
        |c, ret| {
            let a = c.args;
            let name = c.name;
            if !a[0].is_wholly_known() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let (keys, vals) = (seq(&a[0]), seq(&a[1]));
            if keys.len() != vals.len() {
                return Err(FunctionError::call(
                    name,
                    format!(
                        "number of keys ({}) does not match number of values ({})",
                        keys.len(),
                        vals.len()
                    ),
                ));
            }
            let mut marked = false;
            let out: Attrs = keys
                .iter()
                .zip(vals)
                .map(|(k, v)| {
                    let (k, m) = k.unmark();
                    marked |= m;
                    (k.as_str().unwrap_or_default().to_string(), v.clone())
                })
                .collect();
            Ok(match ret {
                Type::Map(e) => Value::Map((**e).clone(), out),
                _ => Value::Object(out),
            }
            .mark_if(marked))
        },
    )
}

/// `alltrue` and `anytrue`: an unknown element decides only when no known
/// one already does.
fn all_or_any(c: &Call, _: &Type) -> Result<Value, FunctionError> {
    let all = c.name == "alltrue";
    let mut unknown = false;
    for v in seq(&c.args[0]) {
        match v {
            Value::Unknown(..) => {
                if all {
                    return Ok(Value::Unknown(Type::Bool, None));
                }
                unknown = true;
            }
            Value::Null(_) if all => return Ok(Value::Bool(false)),
            Value::Bool(b) if *b != all => return Ok(Value::Bool(!all)),
            _ => {}
        }
    }
    Ok(if unknown {
        Value::Unknown(Type::Bool, None)
    } else {
        Value::Bool(all)
    })
}

fn element_index(v: &Value) -> Result<i64, FunctionError> {
    int_arg(v).ok_or_else(|| {
        FunctionError::call(
            "element",
            "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        )
    })
}

/// Appends the flattened elements of a list, set or tuple; false when an
/// unknown nested sequence makes the result's shape unknown.
fn flatten_into(v: &Value, out: &mut Vec<Value>, marked: &mut bool) -> bool {
    let (v, m) = v.unmark();
    *marked |= m;
    let mut known = true;
    for item in seq(v) {
        let is_seq = matches!(item.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_));
        if item.ty() == Type::Dynamic && item.is_unknown() {
            known = false;
        }
        if !item.is_null() && is_seq {
            if item.is_unknown() {
                *marked |= item.is_marked();
                known = false;
                continue;
            }
            known &= flatten_into(item, out, marked);
        } else {
            out.push(item.clone());
        }
    }
    known
}

fn concat_type(a: &[Value]) -> Result<Type, FunctionError> {
    if a.is_empty() {
        return Err(FunctionError::call(
            "concat",
            "at least one argument is required",
        ));
    }
    let tys: Vec<Type> = a.iter().map(Value::ty).collect();
    if tys.iter().all(|t| matches!(t, Type::List(_)))
        && let Some(t) = unify_inner(&tys, true)
    {
        return Ok(t);
    }
    let mut etys = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match v.ty() {
            Type::Tuple(t) => etys.extend(t),
            Type::List(e) => {
                if v.is_unknown() {
                    return Ok(Type::Dynamic);
                }
                etys.extend(std::iter::repeat_n(*e, seq(v).len()));
            }
            other => {
                return Err(FunctionError::arg(
                    i,
                    "seqs",
                    format!(
                        "all arguments must be lists or tuples; got {}",
                        other.friendly_name()
                    ),
                ));
            }
        }
    }
    Ok(Type::Tuple(etys))
}

fn lookup_func() -> Function {
    Function::new(
        "lookup",
        vec![
            Param::any("inputMap").marked().unknown(),
            Param::string("key").marked().unknown(),
        ],
        Ret::Rule(lookup_type),
        |c, ret| {
            let (name, a) = (c.name, c.args);
            if a[0].is_unknown() || a[1].is_unknown() {
                return Ok(Value::Unknown(ret.clone(), None));
            }
            let key = a[1].as_str().unwrap_or_default();
            if let Some(v) = a[0].as_mapping().and_then(|m| m.get(key)) {
                return Ok(v.clone());
            }
            match a.get(2) {
                Some(d) => convert(d, ret).map_err(|e| FunctionError::call(name, e.to_string())),
                None => Err(FunctionError::call(
                    name,
                    format!(
                        "lookup failed to find key {}",
                        super::shown(&format!("{key:?}"))
                    ),
                )),
            }
        },
    )
    .variadic(Param::any("default").unknown().dynamic().null().marked())
}

fn lookup_type(c: &Call) -> Result<Type, FunctionError> {
    let (name, a) = (c.name, c.args);
    if a.len() > 3 {
        return Err(FunctionError::call(
            name,
            format!("lookup() takes two or three arguments, got {}", a.len()),
        ));
    }
    match a[0].ty() {
        Type::Object(attrs) => {
            let Some(key) = a[1].as_str() else {
                return Ok(Type::Dynamic);
            };
            if let Some(t) = attrs.get(key) {
                Ok(t.clone())
            } else if let Some(d) = a.get(2) {
                Ok(d.ty())
            } else {
                Err(FunctionError::arg(
                    0,
                    "inputMap",
                    format!(
                        "the given object has no attribute {}",
                        super::shown(&format!("{key:?}"))
                    ),
                ))
            }
        }
        Type::Map(e) => {
            if let Some(d) = a.get(2)
                && convert(d, &e).is_err()
            {
                return Err(FunctionError::arg(
                    2,
                    "default",
                    "the default value must have the same type as the map elements",
                ));
            }
            Ok(*e)
        }
        Type::Dynamic => Ok(Type::Dynamic),
        _ => Err(FunctionError::arg(
            0,
            "inputMap",
            "lookup() requires a map as the first argument",
        )),
    }
}

/// merge's result type: the common type when every argument has the same
/// one, else an object of all the attributes (map keys included).
fn merge_type(a: &[Value]) -> Result<Type, FunctionError> {
    if a.is_empty() {
        return Ok(Type::Object(BTreeMap::new()));
    }
    let mut attrs = BTreeMap::new();
    let mut first: Option<Type> = None;
    let mut matching = true;
    let mut attrs_known = true;
    for v in a {
        let ty = v.ty();
        match &ty {
            Type::Dynamic => return Ok(Type::Dynamic),
            Type::Object(at) if !v.is_null() => attrs.extend(at.clone()),
            Type::Object(_) => {}
            Type::Map(e) => {
                if v.is_unknown() {
                    attrs_known = false;
                } else if let Some(m) = v.as_mapping() {
                    for k in m.keys() {
                        attrs.insert(k.clone(), (**e).clone());
                    }
                }
            }
            other => {
                return Err(FunctionError::call(
                    "merge",
                    format!(
                        "arguments must be maps or objects, got \"{}\"",
                        other.friendly_name()
                    ),
                ));
            }
        }
        match &first {
            None => first = Some(ty),
            Some(f) if *f != ty => matching = false,
            _ => {}
        }
    }
    // `a` is not empty, so `first` is set.
    if let (true, Some(first)) = (matching, first) {
        return Ok(first);
    }
    if !attrs_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::Object(attrs))
}

/// Rounds away the binary noise of repeated float steps, as cty's
/// 512-bit arithmetic never shows it (`range(0.1, 0.4, 0.1)`).
fn range(a: &[Value]) -> Result<Value, FunctionError> {
    let nums: Vec<Number> = a
        .iter()
        .map(|v| v.as_number().expect("converted").clone())
        .collect();
    let (start, end, step) = match nums.as_slice() {
        [end] => (
            Number::from_i64(0),
            end.clone(),
            Number::from_i64(if end.as_f64() < 0.0 { -1 } else { 1 }),
        ),
        [start, end] => (
            start.clone(),
            end.clone(),
            Number::from_i64(if end < start { -1 } else { 1 }),
        ),
        [start, end, step] => (start.clone(), end.clone(), step.clone()),
        _ => {
            return Err(FunctionError::call(
                "range",
                "must have one, two, or three arguments",
            ));
        }
    };
    let down = step.as_f64() < 0.0;
    if down && end > start {
        return Err(FunctionError::arg(
            1,
            "params",
            "end must be less than start when step is negative",
        ));
    }
    if !down && end < start {
        return Err(FunctionError::arg(
            1,
            "params",
            "end must be greater than start when step is positive",
        ));
    }
    // cty adds the step repeatedly, rounding at each addition.
    let mut out = Vec::new();
    let mut num = start;
    loop {
        if (down && num <= end) || (!down && num >= end) {
            break;
        }
        if out.len() >= 1024 {
            return Err(FunctionError::call(
                "range",
                "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
            ));
        }
        let next = num.clone().add(step.clone());
        out.push(Value::Number(num));
        num = next;
    }
    Ok(Value::List(Type::Number, out.into()))
}

fn set_type(name: &str, a: &[Value]) -> Result<Type, FunctionError> {
    let etys: Vec<Type> = a
        .iter()
        .map(|v| v.ty().element().cloned().unwrap_or(Type::Dynamic))
        .collect();
    unify_inner(&etys, true)
        .map(|t| Type::Set(Box::new(t)))
        .ok_or_else(|| {
            FunctionError::call(name, "given sets must all have compatible element types")
        })
}

fn set_operation(name: &str, a: &[Value], ret: &Type) -> Result<Value, FunctionError> {
    let sets: Vec<Vec<Value>> = a
        .iter()
        .enumerate()
        .map(|(i, v)| {
            convert(v, ret).map(|s| seq(&s).to_vec()).map_err(|e| {
                FunctionError::arg(
                    i,
                    if i == 0 { "first_set" } else { "other_sets" },
                    e.to_string(),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let contains = |s: &[Value], v: &Value| s.iter().any(|x| equal(x, v));
    let mut result = sets[0].clone();
    for other in &sets[1..] {
        result = match name {
            "setunion" => {
                let mut r = result;
                r.extend(other.iter().cloned());
                r
            }
            "setintersection" => result.into_iter().filter(|v| contains(other, v)).collect(),
            _ => result.into_iter().filter(|v| !contains(other, v)).collect(),
        };
    }
    Ok(Value::set(
        ret.element().cloned().unwrap_or(Type::Dynamic),
        result,
    ))
}

fn setproduct_type(a: &[Value]) -> Result<Type, FunctionError> {
    if a.len() < 2 {
        return Err(FunctionError::call(
            "setproduct",
            "at least two arguments are required",
        ));
    }
    let mut lists = 0;
    let mut etys = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match v.ty() {
            Type::Set(e) => etys.push(*e),
            Type::List(e) => {
                etys.push(*e);
                lists += 1;
            }
            Type::Tuple(t) => {
                lists += 1;
                if t.is_empty() {
                    etys.push(Type::Dynamic);
                } else {
                    etys.push(unify_inner(&t, true).ok_or_else(|| {
                        FunctionError::arg(i, "sets", "all elements must be of the same type")
                    })?);
                }
            }
            _ => return Err(FunctionError::arg(i, "sets", "a set or a list is required")),
        }
    }
    let tuple = Type::Tuple(etys);
    Ok(if lists == a.len() {
        list_of(tuple)
    } else {
        Type::Set(Box::new(tuple))
    })
}

fn setproduct(a: &[Value], ret: &Type) -> Result<Value, FunctionError> {
    let ety = ret.element().cloned().unwrap_or(Type::Dynamic);
    let Type::Tuple(etys) = &ety else {
        return Ok(Value::Unknown(ret.clone(), None));
    };
    let mut marked = false;
    let mut columns = Vec::new();
    for (v, t) in a.iter().zip(etys) {
        let (v, m) = v.unmark();
        marked |= m;
        if v.is_unknown() {
            return Ok(Value::Unknown(ret.clone(), None).mark_if(marked));
        }
        let items: Vec<Value> = seq(v)
            .iter()
            .map(|x| convert(x, t).unwrap_or_else(|_| x.clone()))
            .collect();
        columns.push(items);
    }
    // Terraform builds any product; a few lists of a thousand make billions.
    let size = columns
        .iter()
        .try_fold(1u64, |n, c| n.checked_mul(c.len() as u64));
    if size.is_none_or(|n| n > crate::lang::eval::MAX_FOR_ITERATIONS) {
        return Err(FunctionError::call(
            "setproduct",
            format!(
                "the product would have more than {} elements",
                crate::lang::eval::MAX_FOR_ITERATIONS
            ),
        ));
    }
    let mut rows: Vec<Vec<Value>> = vec![vec![]];
    for col in &columns {
        rows = rows
            .into_iter()
            .flat_map(|r| {
                col.iter()
                    .map(move |x| [r.clone(), vec![x.clone()]].concat())
            })
            .collect();
    }
    let rows: Vec<Value> = rows.into_iter().map(|r| Value::Tuple(r.into())).collect();
    Ok(match ret {
        Type::Set(_) => Value::set(ety, rows),
        _ => Value::List(ety, rows.into()),
    }
    .mark_if(marked))
}

fn slice_indexes(a: &[Value]) -> Result<(usize, usize), FunctionError> {
    let len = seq(&a[0]).len() as i64;
    let start = int_arg(&a[1]).ok_or_else(|| {
        FunctionError::arg(
            1,
            "start_index",
            "invalid start index: value must be a whole number",
        )
    })?;
    let end = int_arg(&a[2]).ok_or_else(|| {
        FunctionError::arg(
            2,
            "end_index",
            "invalid end index: value must be a whole number",
        )
    })?;
    if start < 0 {
        return Err(FunctionError::arg(
            1,
            "start_index",
            "start index must not be less than zero",
        ));
    }
    if start > len {
        return Err(FunctionError::arg(
            1,
            "start_index",
            "start index must not be greater than the length of the list",
        ));
    }
    if end < 0 {
        return Err(FunctionError::arg(
            2,
            "end_index",
            "end index must not be less than zero",
        ));
    }
    if end > len {
        return Err(FunctionError::arg(
            2,
            "end_index",
            "end index must not be greater than the length of the list",
        ));
    }
    if start > end {
        return Err(FunctionError::arg(
            1,
            "start_index",
            "start index must not be greater than end index",
        ));
    }
    Ok((start as usize, end as usize))
}

fn transpose_func() -> Function {
    let mty = Type::Map(Box::new(list_of(Type::String)));
    Function::new(
        "transpose",
        vec![Param::new("values", mty.clone())],
        Ret::Fixed(mty),
        |c, _| {
            let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
            for (k, list) in c.args[0].as_mapping().unwrap_or(&SortedMap::new()) {
                for v in seq(list) {
                    let Some(v) = v.as_str() else {
                        return Err(FunctionError::call(
                            c.name,
                            "input list must not contain null string",
                        ));
                    };
                    out.entry(v.to_string())
                        .or_default()
                        .push(Value::string(k.clone()));
                }
            }
            Ok(Value::Map(
                list_of(Type::String),
                out.into_iter()
                    .map(|(k, v)| (k, Value::List(Type::String, v.into())))
                    .collect(),
            ))
        },
    )
}

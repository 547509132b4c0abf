//! Type constraints and conversion, following Terraform's `typeexpr` and
//! cty's `convert` package: what a `type = ...` expression means, how a
//! value is converted to a type (with `optional(T, default)` attributes
//! filled in), and which common type a group of values unifies to.

use std::collections::BTreeMap;
use std::fmt;

use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{Expr, ExprKind, Literal, TemplatePart, UnaryOp};

use super::number::Number;
use super::sorted_map::SortedMap;
use super::value::{Type, Value};

/// A type constraint as written in a `variable` block: a type that may
/// contain `any`, with object attributes that may be optional.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    /// `any`: cty's DynamicPseudoType.
    Any,
    Bool,
    Number,
    String,
    List(Box<Constraint>),
    Set(Box<Constraint>),
    Map(Box<Constraint>),
    Tuple(Vec<Constraint>),
    Object(BTreeMap<String, ObjectAttr>),
}

/// One attribute of an `object({...})` constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectAttr {
    pub constraint: Constraint,
    /// Declared with `optional(...)`.
    pub optional: bool,
    /// The second argument of `optional(T, default)`, already converted to T.
    pub default: Option<Value>,
}

impl Constraint {
    /// The type values are converted to (optional markers dropped).
    pub fn ty(&self) -> Type {
        match self {
            Constraint::Any => Type::Dynamic,
            Constraint::Bool => Type::Bool,
            Constraint::Number => Type::Number,
            Constraint::String => Type::String,
            Constraint::List(e) => Type::List(Box::new(e.ty())),
            Constraint::Set(e) => Type::Set(Box::new(e.ty())),
            Constraint::Map(e) => Type::Map(Box::new(e.ty())),
            Constraint::Tuple(es) => Type::Tuple(es.iter().map(Constraint::ty).collect()),
            Constraint::Object(attrs) => Type::Object(
                attrs
                    .iter()
                    .map(|(k, a)| (k.clone(), a.constraint.ty()))
                    .collect(),
            ),
        }
    }

    /// The constraint as it would be written (`list(string)`,
    /// `object({a=optional(number)})`), `any` for `any`.
    pub fn type_expr(&self) -> String {
        match self {
            Constraint::Any => "any".into(),
            Constraint::Bool => "bool".into(),
            Constraint::Number => "number".into(),
            Constraint::String => "string".into(),
            Constraint::List(e) => format!("list({})", e.type_expr()),
            Constraint::Set(e) => format!("set({})", e.type_expr()),
            Constraint::Map(e) => format!("map({})", e.type_expr()),
            Constraint::Tuple(es) => format!(
                "tuple([{}])",
                es.iter()
                    .map(Constraint::type_expr)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Constraint::Object(attrs) => format!(
                "object({{{}}})",
                attrs
                    .iter()
                    .map(|(k, a)| {
                        let t = a.constraint.type_expr();
                        if a.optional {
                            format!("{k}=optional({t})")
                        } else {
                            format!("{k}={t}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// Whether any optional attribute appears, at any depth.
    fn has_optional(&self) -> bool {
        match self {
            Constraint::List(e) | Constraint::Set(e) | Constraint::Map(e) => e.has_optional(),
            Constraint::Tuple(es) => es.iter().any(Constraint::has_optional),
            Constraint::Object(attrs) => attrs
                .values()
                .any(|a| a.optional || a.constraint.has_optional()),
            _ => false,
        }
    }

    /// The constraint of an exact type (no optional attributes).
    pub fn from_type(t: &Type) -> Constraint {
        match t {
            Type::Dynamic => Constraint::Any,
            Type::Bool => Constraint::Bool,
            Type::Number => Constraint::Number,
            Type::String => Constraint::String,
            Type::List(e) => Constraint::List(Box::new(Constraint::from_type(e))),
            Type::Set(e) => Constraint::Set(Box::new(Constraint::from_type(e))),
            Type::Map(e) => Constraint::Map(Box::new(Constraint::from_type(e))),
            Type::Tuple(es) => Constraint::Tuple(es.iter().map(Constraint::from_type).collect()),
            Type::Object(attrs) => Constraint::Object(
                attrs
                    .iter()
                    .map(|(k, t)| {
                        let attr = ObjectAttr {
                            constraint: Constraint::from_type(t),
                            optional: false,
                            default: None,
                        };
                        (k.clone(), attr)
                    })
                    .collect(),
            ),
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.type_expr())
    }
}

const INVALID_TYPE: &str = "Invalid type specification";

fn type_error(expr: &Expr, detail: impl Into<String>) -> Diagnostic {
    Diagnostic::error(INVALID_TYPE, detail).at(&expr.range)
}

/// Reads a `type = ...` expression as Terraform's variable decoder does:
/// hcl's `typeexpr` with defaults, plus the legacy bare `list` and `map`,
/// and the hint for quoted 0.11-style types.
pub(crate) fn parse_type_constraint(expr: &Expr) -> Result<Constraint, Box<Diagnostic>> {
    if let Some(s) = quoted_string(expr) {
        let detail = match s.as_str() {
            "string" => Some(
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"string\".",
            ),
            "list" => Some(
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"list\" and write list(string) instead to explicitly indicate that the list elements are strings.",
            ),
            "map" => Some(
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"map\" and write map(string) instead to explicitly indicate that the map elements are strings.",
            ),
            _ => None,
        };
        return Err(match detail {
            Some(d) => Diagnostic::error("Invalid quoted type constraints", d).at(&expr.range),
            None => Diagnostic::error(
                "Invalid legacy variable type hint",
                "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
            )
            .at(&expr.range),
        }
        .into());
    }
    // Terraform's own shorthands, emulating pre-0.12 untyped collections.
    if let ExprKind::Variable(kw) = &expr.kind {
        match kw.as_str() {
            "list" => return Ok(Constraint::List(Box::new(Constraint::Any))),
            "map" => return Ok(Constraint::Map(Box::new(Constraint::Any))),
            _ => {}
        }
    }
    type_from_expr(expr)
}

/// A native quoted string (`"string"`), which Terraform treats specially.
fn quoted_string(expr: &Expr) -> Option<String> {
    match &expr.kind {
        ExprKind::Literal(Literal::String(s)) => Some(s.clone()),
        ExprKind::Template(parts) => match parts.as_slice() {
            [TemplatePart::Literal(s)] => Some(s.clone()),
            [] => Some(String::new()),
            _ => None,
        },
        _ => None,
    }
}

fn type_from_expr(expr: &Expr) -> Result<Constraint, Box<Diagnostic>> {
    let expr = strip_parens(expr);
    if let ExprKind::Variable(kw) = &expr.kind {
        return match kw.as_str() {
            "bool" => Ok(Constraint::Bool),
            "string" => Ok(Constraint::String),
            "number" => Ok(Constraint::Number),
            "any" => Ok(Constraint::Any),
            "list" | "map" | "set" => Err(type_error(
                expr,
                format!(
                    "The {kw} type constructor requires one argument specifying the element type."
                ),
            ).into()),
            "object" => Err(type_error(
                expr,
                "The object type constructor requires one argument specifying the attribute types and values as a map.",
            ).into()),
            "tuple" => Err(type_error(
                expr,
                "The tuple type constructor requires one argument specifying the element types as a list.",
            ).into()),
            _ => Err(type_error(
                expr,
                format!("The keyword {kw:?} is not a valid type specification."),
            ).into()),
        };
    }
    let ExprKind::FuncCall { name, args, .. } = &expr.kind else {
        return Err(type_error(
            expr,
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
        ).into());
    };
    match name.as_str() {
        "bool" | "string" | "number" => {
            return Err(type_error(
                expr,
                format!("Primitive type keyword {name:?} does not expect arguments."),
            )
            .into());
        }
        "any" => {
            return Err(type_error(
                expr,
                format!("Type constraint keyword {name:?} does not expect arguments."),
            )
            .into());
        }
        "optional" => {
            return Err(type_error(
                expr,
                format!("Keyword {name:?} is valid only as a modifier for object type attributes."),
            )
            .into());
        }
        "list" | "set" | "map" | "object" | "tuple" => {}
        _ => {
            return Err(type_error(
                expr,
                format!("Keyword {name:?} is not a valid type constructor."),
            )
            .into());
        }
    }
    if args.len() != 1 {
        let detail = match name.as_str() {
            "object" => "The object type constructor requires one argument specifying the attribute types and values as a map.".to_string(),
            "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_string(),
            _ => format!("The {name} type constructor requires one argument specifying the element type."),
        };
        return Err(type_error(expr, detail).into());
    }
    let arg = strip_parens(&args[0]);
    match name.as_str() {
        "list" => Ok(Constraint::List(Box::new(type_from_expr(arg)?))),
        "set" => Ok(Constraint::Set(Box::new(type_from_expr(arg)?))),
        "map" => Ok(Constraint::Map(Box::new(type_from_expr(arg)?))),
        "tuple" => {
            let ExprKind::Tuple(items) = &arg.kind else {
                return Err(type_error(
                    arg,
                    "Tuple type constructor requires a list of element types.",
                )
                .into());
            };
            Ok(Constraint::Tuple(
                items.iter().map(type_from_expr).collect::<Result<_, _>>()?,
            ))
        }
        _ => {
            let ExprKind::Object(items) = &arg.kind else {
                return Err(type_error(
                    arg,
                    "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                ).into());
            };
            let mut attrs = BTreeMap::new();
            for (k, v) in items {
                let key = match &strip_parens(k).kind {
                    ExprKind::Literal(Literal::String(s)) => s.clone(),
                    ExprKind::Variable(s) => s.clone(),
                    _ => {
                        return Err(type_error(
                            k,
                            "Object constructor map keys must be attribute names.",
                        )
                        .into());
                    }
                };
                if attrs.contains_key(&key) {
                    return Err(type_error(k, "Object constructor map keys must be unique.").into());
                }
                attrs.insert(key, object_attr(v)?);
            }
            Ok(Constraint::Object(attrs))
        }
    }
}

/// An attribute's type, unwrapping `optional(T)` / `optional(T, default)`.
fn object_attr(expr: &Expr) -> Result<ObjectAttr, Box<Diagnostic>> {
    let expr = strip_parens(expr);
    let ExprKind::FuncCall { name, args, .. } = &expr.kind else {
        return Ok(ObjectAttr {
            constraint: type_from_expr(expr)?,
            optional: false,
            default: None,
        });
    };
    if name != "optional" {
        return Ok(ObjectAttr {
            constraint: type_from_expr(expr)?,
            optional: false,
            default: None,
        });
    }
    match args.len() {
        0 => Err(type_error(
            expr,
            "Optional attribute modifier requires the attribute type as its argument.",
        ).into()),
        1 | 2 => {
            let constraint = type_from_expr(&args[0])?;
            let default = match args.get(1) {
                None => None,
                Some(d) => {
                    let raw = constant_value(d)?;
                    let converted = convert_constraint(&raw, &constraint).map_err(|e| {
                        Diagnostic::error(
                            "Invalid default value for optional attribute",
                            format!("This default value is not compatible with the attribute's type constraint: {e}."),
                        )
                        .at(&d.range)
                    })?;
                    Some(converted)
                }
            };
            Ok(ObjectAttr {
                constraint,
                optional: true,
                default,
            })
        }
        _ => Err(type_error(
            expr,
            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
        ).into()),
    }
}

fn strip_parens(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Parens(inner) => strip_parens(inner),
        _ => e,
    }
}

/// Evaluates a default value, which Terraform evaluates with no variables
/// and no functions: literals and constructors only.
fn constant_value(expr: &Expr) -> Result<Value, Box<Diagnostic>> {
    let not_constant = || {
        Diagnostic::error("Variables not allowed", "Variables may not be used here.")
            .at(&expr.range)
    };
    match &expr.kind {
        ExprKind::Literal(v) => Ok(Value::from(v)),
        ExprKind::Parens(e) | ExprKind::TemplateWrap(e) => constant_value(e),
        ExprKind::Template(parts) => {
            let mut s = String::new();
            for p in parts {
                match p {
                    TemplatePart::Literal(l) => s.push_str(l),
                    _ => return Err(not_constant().into()),
                }
            }
            Ok(Value::String(s))
        }
        ExprKind::Unary(UnaryOp::Neg, e) => match constant_value(e)? {
            Value::Number(n) => Ok(Value::Number(n.neg())),
            _ => Err(not_constant().into()),
        },
        ExprKind::Unary(UnaryOp::Not, e) => match constant_value(e)? {
            Value::Bool(b) => Ok(Value::Bool(!b)),
            _ => Err(not_constant().into()),
        },
        ExprKind::Tuple(items) => Ok(Value::Tuple(
            items.iter().map(constant_value).collect::<Result<_, _>>()?,
        )),
        ExprKind::Object(items) => {
            let mut m = Vec::with_capacity(items.len());
            for (k, v) in items {
                let key = match &strip_parens(k).kind {
                    ExprKind::Variable(s) => s.clone(),
                    _ => match constant_value(k)? {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return Err(not_constant().into()),
                    },
                };
                m.push((key, constant_value(v)?));
            }
            Ok(Value::Object(m.into_iter().collect()))
        }
        ExprKind::Variable(name) if name == "null" => Ok(Value::null()),
        _ => Err(not_constant().into()),
    }
}

// ---------------------------------------------------------------------------
// Conversion errors

/// One step of the path to the value a conversion failed on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PathStep {
    Attr(String),
    Index(Value),
}

/// A failed conversion: where, and cty's message. Display gives what
/// Terraform prints after "...type constraint: ".
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ConversionError {
    pub path: Vec<PathStep>,
    pub message: String,
}

impl ConversionError {
    fn new(path: &[PathStep], message: impl Into<String>) -> ConversionError {
        ConversionError {
            path: path.to_vec(),
            message: message.into(),
        }
    }
}

/// The path as Terraform's `FormatCtyPath` writes it: `.a[0]["k"]`.
pub(crate) fn format_path(path: &[PathStep]) -> String {
    let mut s = String::new();
    for step in path {
        match step {
            PathStep::Attr(a) => {
                s.push('.');
                s.push_str(a);
            }
            PathStep::Index(k) => match k.unmark().0 {
                Value::String(k) => s.push_str(&format!("[{k:?}]")),
                Value::Number(n) => s.push_str(&format!("[{n}]")),
                Value::Null(_) => s.push_str("[null]"),
                Value::Unknown(..) => s.push_str("[(not yet known)]"),
                other => s.push_str(&format!("[{other:?}]")),
            },
        }
    }
    s
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", format_path(&self.path), self.message)
        }
    }
}

impl std::error::Error for ConversionError {}

/// cty's `FriendlyNameForConstraint`: like the friendly name, but `any`
/// reads as "any type" and `list(any)` as "list of any single type".
pub(crate) fn constraint_name(t: &Type) -> String {
    match t {
        Type::Dynamic => "any type".into(),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            let kind = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            if **e == Type::Dynamic {
                format!("{kind} of any single type")
            } else {
                format!("{kind} of {}", constraint_name(e))
            }
        }
        other => other.friendly_name(),
    }
}

fn is_primitive(t: &Type) -> bool {
    matches!(t, Type::Bool | Type::Number | Type::String)
}

/// cty's `MismatchMessage` (as of cty 1.16, which Terraform 1.11 uses): why no conversion from `got` to `want` exists.
pub(crate) fn mismatch_message(got: &Type, want: &Type) -> String {
    match (got, want) {
        (Type::Object(g), Type::Object(w)) => mismatch_objects(g, w),
        (Type::Tuple(_), Type::List(e)) if **e == Type::Dynamic => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(e)) if **e == Type::Dynamic => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(e)) if **e == Type::Dynamic => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), w) if w.is_collection() => {
            mismatch_from_structural(got, want)
        }
        (g, w) if g.is_collection() && w.is_collection() => mismatch_from_collections(g, w),
        _ => format!("{} required", constraint_name(want)),
    }
}

fn mismatch_objects(got: &BTreeMap<String, Type>, want: &BTreeMap<String, Type>) -> String {
    let mut missing = Vec::new();
    let mut unsafe_mismatch = None;
    let mut safe_mismatch = None;
    for (name, wty) in want {
        let Some(gty) = got.get(name) else {
            missing.push(name.clone());
            continue;
        };
        if gty == wty {
            continue;
        }
        if unsafe_mismatch.is_none() && !can_convert(gty, wty, true) {
            unsafe_mismatch = Some(format!(
                "attribute {name:?}: {}",
                mismatch_message(gty, wty)
            ));
        }
        if safe_mismatch.is_none() && !can_convert(gty, wty, false) {
            safe_mismatch = Some(format!(
                "attribute {name:?}: {}",
                mismatch_message(gty, wty)
            ));
        }
    }
    match missing.len() {
        0 => unsafe_mismatch
            .or(safe_mismatch)
            .unwrap_or_else(|| "incorrect object attributes".into()),
        1 => format!("attribute {:?} is required", missing[0]),
        2 => format!(
            "attributes {:?} and {:?} are required",
            missing[0], missing[1]
        ),
        _ => {
            let (last, init) = missing
                .split_last()
                .expect("three or more attributes are missing");
            let init: Vec<String> = init.iter().map(|n| format!("{n:?}, ")).collect();
            format!("attributes {}and {last:?} are required", init.concat())
        }
    }
}

fn mismatch_from_structural(got: &Type, want: &Type) -> String {
    let wety = want.element().cloned().unwrap_or(Type::Dynamic);
    match (got, want) {
        (Type::Tuple(etys), Type::List(_) | Type::Set(_)) => {
            for (i, g) in etys.iter().enumerate() {
                if *g != wety && !can_convert(g, &wety, true) {
                    return format!("element {i}: {}", mismatch_message(g, &wety));
                }
            }
            format!("all elements must be {}", constraint_name(&wety))
        }
        (Type::Object(atys), Type::Map(_)) => {
            for (name, g) in atys {
                if *g != wety && !can_convert(g, &wety, true) {
                    return format!("element {name:?}: {}", mismatch_message(g, &wety));
                }
            }
            format!("all elements must be {}", constraint_name(&wety))
        }
        _ => format!("{} required", constraint_name(want)),
    }
}

fn mismatch_from_collections(got: &Type, want: &Type) -> String {
    let noun = match (got, want) {
        (Type::List(_) | Type::Set(_), Type::List(_)) => "list element type",
        (Type::List(_) | Type::Set(_), Type::Set(_)) => "set element type",
        (Type::Map(_), Type::Map(_)) => "map element type",
        _ => return format!("{} required", constraint_name(want)),
    };
    let (g, w) = (
        got.element()
            .expect("a list, set or map has an element type"),
        want.element()
            .expect("a list, set or map has an element type"),
    );
    format!("incorrect {noun}: {}", mismatch_message(g, w))
}

// ---------------------------------------------------------------------------
// Type-level conversion rules

/// Whether cty has a conversion from `from` to `to`. `unsafe_` allows the
/// conversions that may fail on some values (string to number or bool,
/// list to set, map to object, dynamic to anything).
pub(crate) fn can_convert(from: &Type, to: &Type, unsafe_: bool) -> bool {
    if from == to {
        return true;
    }
    match (from, to) {
        (_, Type::Dynamic) => true,
        (Type::Dynamic, _) => unsafe_,
        (Type::Number | Type::Bool, Type::String) => true,
        (Type::String, Type::Number | Type::Bool) => unsafe_,
        (f, t) if is_primitive(f) && is_primitive(t) => false,
        (Type::Object(f), Type::Object(t)) => t
            .iter()
            .all(|(k, tt)| f.get(k).is_some_and(|ft| can_convert(ft, tt, unsafe_))),
        (Type::Tuple(f), Type::Tuple(t)) => {
            f.len() == t.len() && f.iter().zip(t).all(|(a, b)| can_convert(a, b, unsafe_))
        }
        (Type::List(f) | Type::Set(f), Type::List(t)) => can_convert(f, t, unsafe_),
        (Type::Set(f), Type::Set(t)) => can_convert(f, t, unsafe_),
        (Type::List(f), Type::Set(t)) => unsafe_ && can_convert(f, t, unsafe_),
        (Type::Map(f), Type::Map(t)) => can_convert(f, t, unsafe_),
        (Type::Tuple(etys), Type::List(t) | Type::Set(t)) => {
            structural_to_collection(etys, t, unsafe_, false).is_some()
        }
        (Type::Object(atys), Type::Map(t)) => {
            let etys: Vec<Type> = atys.values().cloned().collect();
            structural_to_collection(&etys, t, unsafe_, true).is_some()
        }
        (Type::Map(f), Type::Object(t)) => {
            unsafe_ && t.values().all(|tt| can_convert(f, tt, unsafe_))
        }
        _ => false,
    }
}

/// The element type a tuple's (or object's) elements convert to for a
/// collection of `want`, or None when cty has no such conversion.
fn structural_to_collection(
    etys: &[Type],
    want: &Type,
    unsafe_: bool,
    from_object: bool,
) -> Option<Type> {
    if etys.is_empty() {
        return Some(want.clone());
    }
    let mut target = want.clone();
    if *want == Type::Dynamic {
        // An object's untyped null attributes take the type the others
        // agree on (`tomap({a = toset(["x"]), b = null})` is a map of sets);
        // a tuple's do not (`tolist([[1], null])` fails), as in terraform.
        let typed: Vec<Type> = etys
            .iter()
            .filter(|t| !(from_object && **t == Type::Dynamic))
            .cloned()
            .collect();
        target = if typed.is_empty() {
            Type::Dynamic
        } else {
            unify_inner(&typed, unsafe_)?
        };
        // ... but a type still open inside is no single element type
        // (`tolist([{a = [1]}, {a = null}])` fails, as in terraform).
        if target.has_dynamic() && typed.iter().any(|t| *t != target) {
            return None;
        }
        if !from_object && target == Type::Dynamic && etys.iter().any(|t| *t != Type::Dynamic) {
            return None;
        }
    }
    etys.iter()
        .all(|t| can_convert(t, &target, unsafe_))
        .then_some(target)
}

/// cty's `dynamicReplace`: the type a null or unknown of type `from`
/// takes when converted to `to`, keeping what `to` leaves open.
fn dynamic_replace(from: &Type, to: &Type) -> Type {
    if *from == Type::Dynamic {
        return to.clone();
    }
    match to {
        Type::Dynamic => from.clone(),
        Type::Bool | Type::Number | Type::String => to.clone(),
        Type::Map(te) => match from {
            Type::Map(fe) => Type::Map(Box::new(dynamic_replace(fe, te))),
            Type::Object(atys) => {
                let u = unify_inner(&atys.values().cloned().collect::<Vec<_>>(), true)
                    .unwrap_or(Type::Dynamic);
                Type::Map(Box::new(dynamic_replace(&u, te)))
            }
            _ => to.clone(),
        },
        Type::Set(te) | Type::List(te) => {
            let inner = match from {
                Type::Set(fe) | Type::List(fe) => dynamic_replace(fe, te),
                Type::Tuple(etys) => {
                    dynamic_replace(&unify_inner(etys, true).unwrap_or(Type::Dynamic), te)
                }
                _ => return to.clone(),
            };
            if matches!(to, Type::Set(_)) {
                Type::Set(Box::new(inner))
            } else {
                Type::List(Box::new(inner))
            }
        }
        Type::Object(tattrs) => Type::Object(
            tattrs
                .iter()
                .map(|(k, tt)| {
                    let t = match from {
                        Type::Map(fe) => dynamic_replace(fe, tt),
                        Type::Object(fa) => match fa.get(k) {
                            Some(ft) => dynamic_replace(ft, tt),
                            None => tt.clone(),
                        },
                        _ => tt.clone(),
                    };
                    (k.clone(), t)
                })
                .collect(),
        ),
        Type::Tuple(tes) => Type::Tuple(
            tes.iter()
                .enumerate()
                .map(|(i, te)| match from {
                    Type::Tuple(fes) => dynamic_replace(fes.get(i).unwrap_or(&Type::Dynamic), te),
                    _ => te.clone(),
                })
                .collect(),
        ),
    }
}

// ---------------------------------------------------------------------------
// Value conversion

/// Converts a value to a type as Terraform converts arguments and
/// variable values (cty's unsafe `convert.Convert`).
pub(crate) fn convert(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    // Two common cases answered as `conv` answers them, without the
    // value's type (an object's is a map built for the comparison): any
    // value into `any` (every `any` parameter of a function), and a number
    // into a string (`tostring(count.index)`, `"${count.index}"`).
    match (value, want) {
        (_, Type::Dynamic) => return Ok(value.clone()),
        (Value::Number(n), Type::String) => return Ok(Value::String(n.to_string())),
        _ => {}
    }
    let got = value.ty();
    if got == *want {
        return Ok(value.clone());
    }
    if !can_convert(&got, want, true) {
        return Err(ConversionError::new(&[], mismatch_message(&got, want)));
    }
    let mut path = Vec::new();
    conv(value, want, &mut path)
}

/// Converts to a constraint, filling in absent or null optional attributes
/// with their defaults (or null), as Terraform ≥ 1.3 does for variables.
pub(crate) fn convert_constraint(value: &Value, c: &Constraint) -> Result<Value, ConversionError> {
    if !c.has_optional() {
        return convert(value, &c.ty());
    }
    // Like cty, decide at the type level first: those messages carry no path.
    if let Some(message) = constraint_mismatch(&value.ty(), c) {
        return Err(ConversionError::new(&[], message));
    }
    let mut path = Vec::new();
    conv_constraint(value, c, &mut path)
}

/// Why no value of type `got` converts to `c` (optional attributes may be
/// absent), in cty's words; None when a conversion exists.
fn constraint_mismatch(got: &Type, c: &Constraint) -> Option<String> {
    if !c.has_optional() {
        let want = c.ty();
        return (*got != want && !can_convert(got, &want, true))
            .then(|| mismatch_message(got, &want));
    }
    let in_elements = |items: Vec<(String, &Type)>, ec: &Constraint| {
        items.into_iter().find_map(|(label, t)| {
            constraint_mismatch(t, ec).map(|m| format!("element {label}: {m}"))
        })
    };
    match (got, c) {
        (Type::Dynamic, _) => None,
        (Type::Object(g), Constraint::Object(attrs)) => {
            let missing: BTreeMap<String, Type> = attrs
                .iter()
                .filter(|(k, a)| !a.optional && !g.contains_key(*k))
                .map(|(k, _)| (k.clone(), Type::Dynamic))
                .collect();
            if !missing.is_empty() {
                return Some(mismatch_objects(&BTreeMap::new(), &missing));
            }
            attrs.iter().find_map(|(k, a)| {
                let t = g.get(k)?;
                constraint_mismatch(t, &a.constraint).map(|m| format!("attribute {k:?}: {m}"))
            })
        }
        (Type::Map(e), Constraint::Object(attrs)) => attrs
            .values()
            .find_map(|a| constraint_mismatch(e, &a.constraint)),
        (Type::Tuple(ts), Constraint::List(ec) | Constraint::Set(ec)) => in_elements(
            ts.iter()
                .enumerate()
                .map(|(i, t)| (i.to_string(), t))
                .collect(),
            ec,
        ),
        (Type::Object(atys), Constraint::Map(ec)) => in_elements(
            atys.iter().map(|(k, t)| (format!("{k:?}"), t)).collect(),
            ec,
        ),
        (Type::List(e) | Type::Set(e), Constraint::List(ec) | Constraint::Set(ec)) => {
            let noun = if matches!(c, Constraint::List(_)) {
                "list"
            } else {
                "set"
            };
            constraint_mismatch(e, ec).map(|m| format!("incorrect {noun} element type: {m}"))
        }
        (Type::Map(e), Constraint::Map(ec)) => {
            constraint_mismatch(e, ec).map(|m| format!("incorrect map element type: {m}"))
        }
        (Type::Tuple(ts), Constraint::Tuple(cs)) if ts.len() == cs.len() => ts
            .iter()
            .zip(cs)
            .any(|(t, c)| constraint_mismatch(t, c).is_some())
            .then(|| "tuple required".to_string()),
        _ => Some(mismatch_message(got, &c.ty())),
    }
}

fn conv_constraint(
    value: &Value,
    c: &Constraint,
    path: &mut Vec<PathStep>,
) -> Result<Value, ConversionError> {
    if !c.has_optional() {
        let got = value.ty();
        if got == c.ty() {
            return Ok(value.clone());
        }
        if !can_convert(&got, &c.ty(), true) {
            return Err(ConversionError::new(path, mismatch_message(&got, &c.ty())));
        }
        return conv(value, &c.ty(), path);
    }
    let (inner, marked) = value.unmark();
    if marked {
        return conv_constraint(inner, c, path).map(Value::mark);
    }
    match (value, c) {
        (Value::Null(t), _) => Ok(Value::Null(dynamic_replace(t, &c.ty()))),
        (Value::Unknown(t, o), _) => Ok(Value::Unknown(dynamic_replace(t, &c.ty()), o.clone())),
        (Value::Object(m) | Value::Map(_, m), Constraint::Object(attrs)) => {
            let mut out = SortedMap::new();
            let mut missing = Vec::new();
            for (name, attr) in attrs {
                let given = m
                    .get(name)
                    .filter(|v| !(attr.optional && v.is_null() && attr.default.is_some()));
                let v = match given {
                    Some(v) => {
                        path.push(PathStep::Attr(name.clone()));
                        let r = conv_constraint(v, &attr.constraint, path);
                        path.pop();
                        r?
                    }
                    None if attr.optional => match &attr.default {
                        Some(d) => d.clone(),
                        None => Value::Null(attr.constraint.ty()),
                    },
                    None => {
                        missing.push(name.clone());
                        continue;
                    }
                };
                out.insert(name.clone(), v);
            }
            if !missing.is_empty() {
                let want: BTreeMap<String, Type> =
                    missing.iter().map(|n| (n.clone(), Type::Dynamic)).collect();
                return Err(ConversionError::new(
                    path,
                    mismatch_objects(&BTreeMap::new(), &want),
                ));
            }
            Ok(Value::Object(out.into()))
        }
        (Value::Tuple(items), Constraint::Tuple(cs)) if items.len() == cs.len() => {
            let mut out = Vec::new();
            for (i, (v, c)) in items.iter().zip(cs).enumerate() {
                path.push(PathStep::Index(Value::int(i as i64)));
                let r = conv_constraint(v, c, path);
                path.pop();
                out.push(r?);
            }
            Ok(Value::Tuple(out.into()))
        }
        (
            Value::Tuple(items) | Value::List(_, items) | Value::Set(_, items),
            Constraint::List(ec) | Constraint::Set(ec),
        ) => {
            let mut out = Vec::new();
            for (i, v) in items.iter().enumerate() {
                path.push(PathStep::Index(Value::int(i as i64)));
                let r = conv_constraint(v, ec, path);
                path.pop();
                out.push(r?);
            }
            // Defaults may differ per element; bring them to one type.
            let ety = if out.is_empty() {
                ec.ty()
            } else {
                unify_list(&mut out, path)?
            };
            Ok(match c {
                Constraint::Set(_) => Value::set(ety, out),
                _ => Value::List(ety, out.into()),
            })
        }
        (Value::Object(m) | Value::Map(_, m), Constraint::Map(ec)) => {
            let mut out = SortedMap::new();
            for (k, v) in m {
                path.push(PathStep::Index(Value::string(k.clone())));
                let r = conv_constraint(v, ec, path);
                path.pop();
                out.insert(k.clone(), r?);
            }
            let mut vals: Vec<Value> = out.values().cloned().collect();
            let ety = if vals.is_empty() {
                ec.ty()
            } else {
                unify_list(&mut vals, path)?
            };
            Ok(Value::Map(ety, out.into_keys().zip(vals).collect()))
        }
        _ => {
            let want = c.ty();
            Err(ConversionError::new(
                path,
                mismatch_message(&value.ty(), &want),
            ))
        }
    }
}

/// Converts every value to their unified type, returning that type.
fn unify_list(vals: &mut [Value], path: &mut Vec<PathStep>) -> Result<Type, ConversionError> {
    let types: Vec<Type> = vals.iter().map(Value::ty).collect();
    let Some(ty) = unify_inner(&types, true) else {
        return Err(ConversionError::new(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    for (i, v) in vals.iter_mut().enumerate() {
        if v.ty() != ty {
            path.push(PathStep::Index(Value::int(i as i64)));
            let r = conv(v, &ty, path);
            path.pop();
            *v = r?;
        }
    }
    Ok(ty)
}

/// Same as [`unify_list`] for map entries, whose paths are string keys.
fn unify_map(
    m: SortedMap<String, Value>,
    path: &mut Vec<PathStep>,
) -> Result<(Type, SortedMap<String, Value>), ConversionError> {
    let types: Vec<Type> = m.values().map(Value::ty).collect();
    let Some(ty) = unify_inner(&types, true) else {
        return Err(ConversionError::new(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = SortedMap::new();
    for (k, v) in m {
        let v = if v.ty() != ty {
            path.push(PathStep::Index(Value::string(k.clone())));
            let r = conv(&v, &ty, path);
            path.pop();
            r?
        } else {
            v
        };
        out.insert(k, v);
    }
    Ok((ty, out))
}

/// Applies a conversion cty has at the type level; fails only on values
/// (unparseable strings) with the path to them. The marks, dynamic target,
/// null and unknown are handled here; each target kind has its own
/// function, as cty's `convert` package keeps one file per kind.
fn conv(value: &Value, want: &Type, path: &mut Vec<PathStep>) -> Result<Value, ConversionError> {
    if let Value::Sensitive(inner) = value {
        return conv(inner, want, path).map(Value::mark);
    }
    if *want == Type::Dynamic {
        return Ok(value.clone());
    }
    match value {
        Value::Null(t) => return Ok(Value::Null(dynamic_replace(t, want))),
        Value::Unknown(t, o) => return Ok(Value::Unknown(dynamic_replace(t, want), o.clone())),
        _ => {}
    }
    if value.ty() == *want {
        return Ok(value.clone());
    }
    let converted = match want {
        Type::String | Type::Number | Type::Bool => conv_primitive(value, want, path)?,
        Type::Object(attrs) => conv_object(value, attrs, path)?,
        Type::Tuple(etys) => conv_tuple(value, etys, path)?,
        Type::List(te) | Type::Set(te) => conv_sequence(value, want, te, path)?,
        Type::Map(te) => conv_map(value, te, path)?,
        Type::Dynamic => None,
    };
    converted.ok_or_else(|| ConversionError::new(path, mismatch_message(&value.ty(), want)))
}

/// To a string, number or bool. `Ok(None)`: no conversion between the
/// kinds (the caller reports the mismatch).
fn conv_primitive(
    value: &Value,
    want: &Type,
    path: &[PathStep],
) -> Result<Option<Value>, ConversionError> {
    Ok(Some(match (value, want) {
        (Value::Number(n), Type::String) => Value::String(n.to_string()),
        (Value::Bool(b), Type::String) => Value::String(b.to_string()),
        (Value::String(s), Type::Number) => match parse_number(s) {
            Some(n) => Value::Number(n),
            None => return Err(ConversionError::new(path, "a number is required")),
        },
        (Value::String(s), Type::Bool) => match s.as_str() {
            "true" | "1" => Value::Bool(true),
            "false" | "0" => Value::Bool(false),
            _ => {
                return Err(ConversionError::new(
                    path,
                    match s.to_lowercase().as_str() {
                        "true" => {
                            "a bool is required; to convert from string, use lowercase \"true\""
                        }
                        "false" => {
                            "a bool is required; to convert from string, use lowercase \"false\""
                        }
                        _ => "a bool is required",
                    },
                ));
            }
        },
        _ => return Ok(None),
    }))
}

/// To an object type, from an object or a map.
fn conv_object(
    value: &Value,
    attrs: &BTreeMap<String, Type>,
    path: &mut Vec<PathStep>,
) -> Result<Option<Value>, ConversionError> {
    let mut out = SortedMap::new();
    match value {
        Value::Object(m) => {
            for (name, aty) in attrs {
                let Some(v) = m.get(name) else {
                    return Ok(None);
                };
                path.push(PathStep::Attr(name.clone()));
                let r = conv(v, aty, path);
                path.pop();
                out.insert(name.clone(), r?);
            }
        }
        Value::Map(_, m) => {
            for (name, aty) in attrs {
                let Some(v) = m.get(name) else {
                    return Err(ConversionError::new(
                        path,
                        format!("map has no element for required attribute {name:?}"),
                    ));
                };
                path.push(PathStep::Index(Value::string(name.clone())));
                let r = conv(v, aty, path);
                path.pop();
                out.insert(name.clone(), r?);
            }
        }
        _ => return Ok(None),
    }
    Ok(Some(Value::Object(out.into())))
}

/// To a tuple type, from a tuple of the same length.
fn conv_tuple(
    value: &Value,
    etys: &[Type],
    path: &mut Vec<PathStep>,
) -> Result<Option<Value>, ConversionError> {
    let Value::Tuple(items) = value else {
        return Ok(None);
    };
    if items.len() != etys.len() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for (i, (v, t)) in items.iter().zip(etys).enumerate() {
        path.push(PathStep::Index(Value::int(i as i64)));
        let r = conv(v, t, path);
        path.pop();
        out.push(r?);
    }
    Ok(Some(Value::Tuple(out.into())))
}

/// To a list or set type (`want`, elements `te`), from a list, set or
/// tuple.
fn conv_sequence(
    value: &Value,
    want: &Type,
    te: &Type,
    path: &mut Vec<PathStep>,
) -> Result<Option<Value>, ConversionError> {
    let (items, ety) = match value {
        Value::List(fe, items) | Value::Set(fe, items) => {
            let mut out = Vec::new();
            for (i, v) in items.iter().enumerate() {
                path.push(PathStep::Index(Value::int(i as i64)));
                let r = conv(v, te, path);
                path.pop();
                out.push(r?);
            }
            let ety = if out.is_empty() {
                if *te == Type::Dynamic {
                    fe.clone()
                } else {
                    te.clone()
                }
            } else {
                dynamic_replace(fe, te)
            };
            let ety = if ety.has_dynamic() && !out.is_empty() {
                unify_list(&mut out, path)?
            } else {
                ety
            };
            (out, ety)
        }
        Value::Tuple(items) => {
            let etys: Vec<Type> = items.iter().map(Value::ty).collect();
            let Some(target) = structural_to_collection(&etys, te, true, false) else {
                return Ok(None);
            };
            let mut out = Vec::new();
            for (i, v) in items.iter().enumerate() {
                path.push(PathStep::Index(Value::int(i as i64)));
                let r = conv(v, &target, path);
                path.pop();
                out.push(r?);
            }
            let ety = if out.is_empty() {
                target
            } else {
                unify_list(&mut out, path)?
            };
            (out, ety)
        }
        _ => return Ok(None),
    };
    Ok(Some(if matches!(want, Type::Set(_)) {
        Value::set(ety, items)
    } else {
        Value::List(ety, items.into())
    }))
}

/// To a map type (elements `te`), from a map or an object.
fn conv_map(
    value: &Value,
    te: &Type,
    path: &mut Vec<PathStep>,
) -> Result<Option<Value>, ConversionError> {
    let (m, target, empty_ety) = match value {
        Value::Map(fe, m) => {
            let empty = if *te == Type::Dynamic {
                fe.clone()
            } else {
                te.clone()
            };
            (m, te.clone(), empty)
        }
        Value::Object(m) => {
            let etys: Vec<Type> = m.values().map(Value::ty).collect();
            let Some(target) = structural_to_collection(&etys, te, true, true) else {
                return Ok(None);
            };
            (m, target.clone(), target)
        }
        _ => return Ok(None),
    };
    let mut out = SortedMap::new();
    for (k, v) in m {
        path.push(PathStep::Index(Value::string(k.clone())));
        let r = conv(v, &target, path);
        path.pop();
        out.insert(k.clone(), r?);
    }
    if out.is_empty() {
        return Ok(Some(Value::Map(empty_ety, out.into())));
    }
    let (ety, out) = unify_map(out, path)?;
    Ok(Some(Value::Map(ety, out.into())))
}

/// cty's `ParseNumberVal`: decimal with optional sign, fraction and exponent.
fn parse_number(s: &str) -> Option<Number> {
    if s.is_empty() || s.trim() != s {
        return None;
    }
    Number::parse(s)
}

// ---------------------------------------------------------------------------
// Unification

/// cty's `convert.UnifyUnsafe`: like [`unify`], but may settle on a type
/// that only some values convert to (number and string give string), as
/// HCL's conditional expression does.
pub(crate) fn unify_unsafe(types: &[Type]) -> Option<Type> {
    unify_inner(types, true)
}

pub(crate) fn unify_inner(types: &[Type], unsafe_: bool) -> Option<Type> {
    if types.is_empty() {
        return None;
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let sets = count(|t| matches!(t, Type::Set(_)));
    let objects = count(|t| matches!(t, Type::Object(_)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    let dynamics = count(|t| *t == Type::Dynamic);
    let n = types.len();
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, unsafe_, dynamics > 0, |e| Type::Map(Box::new(e)));
    }
    if maps > 0 && maps + objects + dynamics == n {
        if let Some(t) = unify_structural_as(types, unsafe_, true) {
            return Some(t);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, unsafe_, dynamics > 0, |e| Type::List(Box::new(e)));
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(t) = unify_structural_as(types, unsafe_, false) {
            return Some(t);
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(types, unsafe_, dynamics > 0, |e| Type::Set(Box::new(e)));
    } else if objects > 0 && objects + dynamics == n {
        return unify_objects(types, unsafe_, dynamics > 0);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuples(types, unsafe_, dynamics > 0);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    // Otherwise: the most general type every other one converts to.
    let mut distinct: Vec<Type> = Vec::new();
    for t in types {
        if !distinct.contains(t) {
            distinct.push(t.clone());
        }
    }
    for want in preference_order(&distinct) {
        let want = &distinct[want];
        if types
            .iter()
            .all(|t| t == want || can_convert(t, want, unsafe_))
        {
            return Some(want.clone());
        }
    }
    None
}

fn unify_collections(
    types: &[Type],
    unsafe_: bool,
    has_dynamic: bool,
    make: fn(Type) -> Type,
) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let etys: Vec<Type> = types
        .iter()
        .map(|t| t.element().cloned().unwrap_or(Type::Dynamic))
        .collect();
    let ret = make(unify_inner(&etys, unsafe_)?);
    types
        .iter()
        .all(|t| can_convert(t, &ret, unsafe_))
        .then_some(ret)
}

/// Unifies a mix of maps and objects as a map, or lists and tuples as a list.
fn unify_structural_as(types: &[Type], unsafe_: bool, as_map: bool) -> Option<Type> {
    let structural: Vec<Type> = types
        .iter()
        .filter(|t| {
            if as_map {
                matches!(t, Type::Object(_))
            } else {
                matches!(t, Type::Tuple(_))
            }
        })
        .cloned()
        .collect();
    let collected = if as_map {
        unify_objects_to_map(&structural, unsafe_)?
    } else {
        unify_tuples_to_list(&structural, unsafe_)?
    };
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if structural.contains(t) {
                collected.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let ret = unify_inner(&replaced, unsafe_)?;
    let ok = if as_map {
        matches!(ret, Type::Map(_))
    } else {
        matches!(ret, Type::List(_))
    };
    ok.then_some(ret)
}

fn unify_objects(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let attrs: Vec<&BTreeMap<String, Type>> = types
        .iter()
        .map(|t| match t {
            Type::Object(a) => a,
            _ => unreachable!("only objects reach here"),
        })
        .collect();
    let first = attrs[0];
    let same_keys = attrs
        .iter()
        .all(|a| a.len() == first.len() && a.keys().all(|k| first.contains_key(k)));
    if !same_keys {
        return unify_objects_to_map(types, unsafe_);
    }
    let mut ret = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = attrs.iter().map(|a| a[name].clone()).collect();
        ret.insert(name.clone(), unify_inner(&across, unsafe_)?);
    }
    let ret = Type::Object(ret);
    if types.iter().all(|t| can_convert(t, &ret, unsafe_)) {
        Some(ret)
    } else {
        unify_objects_to_map(types, unsafe_)
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Option<Type> {
    let atys: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Object(a) => a.values().cloned().collect::<Vec<_>>(),
            _ => Vec::new(),
        })
        .collect();
    let ret = Type::Map(Box::new(unify_inner(&atys, unsafe_)?));
    types
        .iter()
        .all(|t| can_convert(t, &ret, unsafe_))
        .then_some(ret)
}

fn unify_tuples(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<&Vec<Type>> = types
        .iter()
        .map(|t| match t {
            Type::Tuple(e) => e,
            _ => unreachable!("only tuples reach here"),
        })
        .collect();
    let len = elems[0].len();
    if elems.iter().any(|e| e.len() != len) {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut ret = Vec::new();
    for i in 0..len {
        let across: Vec<Type> = elems.iter().map(|e| e[i].clone()).collect();
        ret.push(unify_inner(&across, unsafe_)?);
    }
    let ret = Type::Tuple(ret);
    if types.iter().all(|t| can_convert(t, &ret, unsafe_)) {
        Some(ret)
    } else {
        unify_tuples_to_list(types, unsafe_)
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Option<Type> {
    let etys: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Tuple(e) => e.clone(),
            _ => Vec::new(),
        })
        .collect();
    let ret = Type::List(Box::new(unify_inner(&etys, unsafe_)?));
    types
        .iter()
        .all(|t| can_convert(t, &ret, unsafe_))
        .then_some(ret)
}

/// cty's `compareTypes`: negative when `a` is more general than `b`
/// (others convert to it), positive for the reverse, 0 when unordered.
fn compare_types(a: &Type, b: &Type) -> i32 {
    if *a == Type::Dynamic || *b == Type::Dynamic {
        return match (a == &Type::Dynamic, b == &Type::Dynamic) {
            (false, true) => -1,
            (true, false) => 1,
            _ => 0,
        };
    }
    if is_primitive(a) && is_primitive(b) && (*a == Type::String || *b == Type::String) {
        return match (a == &Type::String, b == &Type::String) {
            (false, true) => 1,
            (true, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => {
            return compare_types(x, y);
        }
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, -1),
        _ => (a, b, 1),
    };
    match (a, b) {
        (Type::Tuple(_) | Type::List(_), Type::Set(_)) => -swap,
        (Type::List(_), Type::Tuple(_)) => -swap,
        (Type::Map(_), Type::Object(_)) => -swap,
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() || x.keys().any(|k| !y.contains_key(k)) {
                return 0;
            }
            let (mut a_super, mut b_super) = (false, false);
            for (k, t) in x {
                match compare_types(t, &y[k]) {
                    c if c < 0 => a_super = true,
                    c if c > 0 => b_super = true,
                    _ => {}
                }
            }
            match (a_super, b_super) {
                (true, false) => -swap,
                (false, true) => swap,
                _ => 0,
            }
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let (mut a_super, mut b_super) = (false, false);
            for (s, t) in x.iter().zip(y) {
                match compare_types(s, t) {
                    c if c < 0 => a_super = true,
                    c if c > 0 => b_super = true,
                    _ => {}
                }
            }
            match (a_super, b_super) {
                (true, false) => -swap,
                (false, true) => swap,
                _ => 0,
            }
        }
        _ => 0,
    }
}

/// Indexes of `types`, most general first (a topological sort on
/// [`compare_types`], ties kept in input order).
fn preference_order(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges = vec![Vec::new(); n];
    let mut in_degree = vec![0; n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut queue: std::collections::VecDeque<usize> =
        (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut order = Vec::new();
    while let Some(i) = queue.pop_front() {
        order.push(i);
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                queue.push_back(j);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::SourceRange;

    /// `convert`'s shortcuts (into `any`, a number into a string) answer
    /// as the general conversion does.
    #[test]
    fn shortcut_conversions_are_the_general_ones() {
        let object = Value::Object(
            [
                ("a".to_string(), Value::int(1)),
                ("b".to_string(), Value::string("x").mark()),
            ]
            .into(),
        );
        let values = [
            Value::int(0),
            Value::int(-42),
            Value::Number(Number::parse("1.5").unwrap()),
            Value::Number(Number::parse("1e40").unwrap()),
            Value::Number(Number::parse("0.1").unwrap()),
            Value::int(7).mark(),
            Value::string("s"),
            Value::Bool(true),
            Value::null(),
            Value::Null(Type::Number),
            Value::unknown(),
            Value::Unknown(Type::Number, None),
            object.clone(),
            object.mark(),
            Value::Tuple([Value::int(1), Value::string("t")].into()),
        ];
        for v in &values {
            for want in [Type::Dynamic, Type::String] {
                let general = if v.ty() == want {
                    Ok(v.clone())
                } else if !can_convert(&v.ty(), &want, true) {
                    Err(mismatch_message(&v.ty(), &want))
                } else {
                    conv(v, &want, &mut Vec::new()).map_err(|e| e.message)
                };
                let got = convert(v, &want).map_err(|e| e.message);
                assert_eq!(got, general, "{v:?} into {want:?}");
            }
        }
    }

    fn e(kind: ExprKind) -> Expr {
        Expr::new(kind, SourceRange::file_only("t.tf"))
    }
    fn kw(k: &str) -> Expr {
        e(ExprKind::Variable(k.into()))
    }
    fn call(name: &str, args: Vec<Expr>) -> Expr {
        e(ExprKind::FuncCall {
            name: name.into(),
            args,
            expand_final: false,
        })
    }
    fn lit(v: Value) -> Expr {
        e(ExprKind::Literal(match v {
            Value::String(s) => Literal::String(s),
            Value::Number(n) => Literal::Number(n),
            Value::Bool(b) => Literal::Bool(b),
            other => panic!("not a literal: {other:?}"),
        }))
    }
    fn object(attrs: Vec<(&str, Expr)>) -> Expr {
        e(ExprKind::Object(
            attrs
                .into_iter()
                .map(|(k, v)| (lit(Value::string(k)), v))
                .collect(),
        ))
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn n(x: i64) -> Value {
        Value::int(x)
    }
    fn obj(items: Vec<(&str, Value)>) -> Value {
        Value::Object(items.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }
    fn list(t: Type) -> Type {
        Type::List(Box::new(t))
    }
    fn map(t: Type) -> Type {
        Type::Map(Box::new(t))
    }
    fn otype(items: Vec<(&str, Type)>) -> Type {
        Type::Object(items.into_iter().map(|(k, t)| (k.to_string(), t)).collect())
    }

    #[test]
    fn parses_type_constraints() {
        let cases: Vec<(&str, Expr, &str)> = vec![
            ("primitive", kw("string"), "string"),
            ("any", kw("any"), "any"),
            ("legacy bare list", kw("list"), "list(any)"),
            ("legacy bare map", kw("map"), "map(any)"),
            (
                "list of number",
                call("list", vec![kw("number")]),
                "list(number)",
            ),
            ("set of bool", call("set", vec![kw("bool")]), "set(bool)"),
            (
                "map of list",
                call("map", vec![call("list", vec![kw("string")])]),
                "map(list(string))",
            ),
            (
                "tuple",
                call(
                    "tuple",
                    vec![e(ExprKind::Tuple(vec![kw("string"), kw("number")]))],
                ),
                "tuple([string, number])",
            ),
            (
                "object with optional",
                call(
                    "object",
                    vec![object(vec![
                        ("a", kw("string")),
                        ("b", call("optional", vec![kw("number")])),
                    ])],
                ),
                "object({a=string, b=optional(number)})",
            ),
        ];
        for (what, expr, want) in cases {
            let c = parse_type_constraint(&expr).unwrap_or_else(|d| panic!("{what}: {d:?}"));
            assert_eq!(c.type_expr(), want, "{what}");
        }
    }

    #[test]
    fn rejects_invalid_type_constraints() {
        let cases: Vec<(&str, Expr, &str, &str)> = vec![
            (
                "unknown keyword",
                kw("foo"),
                INVALID_TYPE,
                "The keyword \"foo\" is not a valid type specification.",
            ),
            (
                "bare set",
                kw("set"),
                INVALID_TYPE,
                "The set type constructor requires one argument specifying the element type.",
            ),
            (
                "bare object",
                kw("object"),
                INVALID_TYPE,
                "The object type constructor requires one argument specifying the attribute types and values as a map.",
            ),
            (
                "primitive with args",
                call("string", vec![kw("number")]),
                INVALID_TYPE,
                "Primitive type keyword \"string\" does not expect arguments.",
            ),
            (
                "optional outside an object",
                call("optional", vec![kw("string")]),
                INVALID_TYPE,
                "Keyword \"optional\" is valid only as a modifier for object type attributes.",
            ),
            (
                "unknown constructor",
                call("foo", vec![kw("string")]),
                INVALID_TYPE,
                "Keyword \"foo\" is not a valid type constructor.",
            ),
            (
                "quoted string",
                lit(s("string")),
                "Invalid quoted type constraints",
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"string\".",
            ),
            (
                "quoted other",
                lit(s("number")),
                "Invalid legacy variable type hint",
                "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
            ),
            (
                "default of the wrong type",
                call(
                    "object",
                    vec![object(vec![(
                        "a",
                        call("optional", vec![kw("number"), lit(s("x"))]),
                    )])],
                ),
                "Invalid default value for optional attribute",
                "This default value is not compatible with the attribute's type constraint: a number is required.",
            ),
        ];
        for (what, expr, summary, detail) in cases {
            let d = parse_type_constraint(&expr).expect_err(what);
            assert_eq!(
                (d.summary.as_str(), d.detail.as_str()),
                (summary, detail),
                "{what}"
            );
        }
    }

    /// Variable defaults as `terraform console` shows them converted.
    #[test]
    fn converts_with_optional_defaults() {
        // object({name = string, port = optional(number, 80), tags = optional(map(string)),
        //         nested = optional(object({x = optional(bool, true), y = optional(string)}), {})})
        let nested = call(
            "object",
            vec![object(vec![
                (
                    "x",
                    call("optional", vec![kw("bool"), lit(Value::Bool(true))]),
                ),
                ("y", call("optional", vec![kw("string")])),
            ])],
        );
        let ty = call(
            "object",
            vec![object(vec![
                ("name", kw("string")),
                ("port", call("optional", vec![kw("number"), lit(n(80))])),
                (
                    "tags",
                    call("optional", vec![call("map", vec![kw("string")])]),
                ),
                ("nested", call("optional", vec![nested, object(vec![])])),
            ])],
        );
        let c = parse_type_constraint(&ty).unwrap();
        let got = convert_constraint(&obj(vec![("name", s("web"))]), &c).unwrap();
        let want = obj(vec![
            ("name", s("web")),
            (
                "nested",
                obj(vec![
                    ("x", Value::Bool(true)),
                    ("y", Value::Null(Type::String)),
                ]),
            ),
            ("port", n(80)),
            ("tags", Value::Null(map(Type::String))),
        ]);
        assert_eq!(got, want);

        // list(object({n = string, m = optional(number, 1)})): null takes the default too.
        let ty = call(
            "list",
            vec![call(
                "object",
                vec![object(vec![
                    ("n", kw("string")),
                    ("m", call("optional", vec![kw("number"), lit(n(1))])),
                ])],
            )],
        );
        let c = parse_type_constraint(&ty).unwrap();
        let given = Value::Tuple(
            vec![
                obj(vec![("n", s("a"))]),
                obj(vec![("n", s("b")), ("m", n(5))]),
                obj(vec![("n", s("c")), ("m", Value::null())]),
            ]
            .into(),
        );
        let got = convert_constraint(&given, &c).unwrap();
        let elem = otype(vec![("m", Type::Number), ("n", Type::String)]);
        let want = Value::List(
            elem,
            vec![
                obj(vec![("m", n(1)), ("n", s("a"))]),
                obj(vec![("m", n(5)), ("n", s("b"))]),
                obj(vec![("m", n(1)), ("n", s("c"))]),
            ]
            .into(),
        );
        assert_eq!(got, want);

        // Checked against `terraform validate` on variable defaults.
        let missing =
            convert_constraint(&Value::Tuple(vec![obj(vec![("b", n(1))])].into()), &c).unwrap_err();
        assert_eq!(
            missing.to_string(),
            "element 0: attribute \"n\" is required"
        );
        let ty = call(
            "object",
            vec![object(vec![
                ("n", kw("string")),
                ("m", call("optional", vec![kw("number"), lit(n(1))])),
            ])],
        );
        let c = parse_type_constraint(&ty).unwrap();
        let bad = convert_constraint(&obj(vec![("n", s("x")), ("m", s("y"))]), &c).unwrap_err();
        assert_eq!(bad.to_string(), ".m: a number is required");
        let ty = call(
            "object",
            vec![object(vec![
                ("n", call("list", vec![kw("string")])),
                ("m", call("optional", vec![kw("number"), lit(n(1))])),
            ])],
        );
        let c = parse_type_constraint(&ty).unwrap();
        let bad = convert_constraint(&obj(vec![("n", obj(vec![]))]), &c).unwrap_err();
        assert_eq!(bad.to_string(), "attribute \"n\": list of string required");
    }

    #[test]
    fn converts_values() {
        let set_num = Type::Set(Box::new(Type::Number));
        let cases: Vec<(&str, Value, Type, Value)> = vec![
            (
                "list(any) unifies to string",
                Value::Tuple(vec![n(1), s("a")].into()),
                list(Type::Dynamic),
                Value::List(Type::String, vec![s("1"), s("a")].into()),
            ),
            (
                "map(any) from object",
                obj(vec![("a", n(1)), ("b", s("x"))]),
                map(Type::Dynamic),
                Value::Map(
                    Type::String,
                    [("a".to_string(), s("1")), ("b".to_string(), s("x"))].into(),
                ),
            ),
            (
                "set(number) from strings",
                Value::Tuple(vec![s("3"), n(1), n(2)].into()),
                set_num,
                Value::set(Type::Number, vec![n(1), n(2), n(3)]),
            ),
            (
                "tuple element-wise",
                Value::Tuple(vec![n(1), s("2")].into()),
                Type::Tuple(vec![Type::String, Type::Number]),
                Value::Tuple(vec![s("1"), n(2)].into()),
            ),
            (
                "any keeps the value",
                obj(vec![("a", Value::Tuple(vec![n(1), s("x")].into()))]),
                Type::Dynamic,
                obj(vec![("a", Value::Tuple(vec![n(1), s("x")].into()))]),
            ),
            (
                "extra attributes dropped",
                obj(vec![("a", s("x")), ("extra", n(1))]),
                otype(vec![("a", Type::String)]),
                obj(vec![("a", s("x"))]),
            ),
            (
                "null takes the type",
                Value::null(),
                list(Type::String),
                Value::Null(list(Type::String)),
            ),
            (
                "unknown takes the type",
                Value::unknown(),
                Type::Number,
                Value::Unknown(Type::Number, None),
            ),
            (
                "marks kept deep",
                Value::Tuple(vec![s("a").mark(), n(1)].into()),
                list(Type::String),
                Value::List(Type::String, vec![s("a").mark(), s("1")].into()),
            ),
            ("string to bool", s("true"), Type::Bool, Value::Bool(true)),
            (
                "number to string",
                Value::Number(Number::from_f64(1.5)),
                Type::String,
                s("1.5"),
            ),
        ];
        for (what, v, t, want) in cases {
            assert_eq!(convert(&v, &t), Ok(want), "{what}");
        }
    }

    /// Error texts as Terraform prints them after "type constraint: ".
    #[test]
    fn conversion_errors() {
        let cases: Vec<(&str, Value, Type, &str)> = vec![
            (
                "attribute not a number",
                obj(vec![("a", s("x")), ("b", Value::Tuple(vec![n(1)].into()))]),
                otype(vec![("a", Type::Number), ("b", list(Type::Number))]),
                ".a: a number is required",
            ),
            (
                "list element",
                obj(vec![
                    ("a", n(1)),
                    ("b", Value::Tuple(vec![n(1), s("y")].into())),
                ]),
                otype(vec![("a", Type::Number), ("b", list(Type::Number))]),
                ".b[1]: a number is required",
            ),
            (
                "map element",
                obj(vec![("k", s("z"))]),
                map(Type::Number),
                "[\"k\"]: a number is required",
            ),
            (
                "structural mismatch",
                obj(vec![("a", Value::Tuple(vec![n(1)].into()))]),
                otype(vec![("a", Type::String)]),
                "attribute \"a\": string required",
            ),
            (
                "missing attribute",
                Value::Tuple(vec![obj(vec![("b", n(1))])].into()),
                list(otype(vec![("a", Type::String)])),
                "element 0: attribute \"a\" is required",
            ),
            (
                "bool case hint",
                s("True"),
                Type::Bool,
                "a bool is required; to convert from string, use lowercase \"true\"",
            ),
            (
                "map(any) mixed",
                obj(vec![("a", n(1)), ("b", Value::Bool(true))]),
                map(Type::Dynamic),
                "all map elements must have the same type",
            ),
            (
                "list(any) mixed",
                Value::Tuple(vec![s("a"), Value::Tuple(vec![].into())].into()),
                list(Type::Dynamic),
                "all list elements must have the same type",
            ),
            (
                "two missing",
                obj(vec![]),
                otype(vec![("a", Type::String), ("b", Type::String)]),
                "attributes \"a\" and \"b\" are required",
            ),
        ];
        for (what, v, t, want) in cases {
            assert_eq!(
                convert(&v, &t).map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{what}"
            );
        }
    }

    #[test]
    fn unifies_types() {
        let cases: Vec<(&str, Vec<Type>, Option<Type>)> = vec![
            (
                "string wins over number",
                vec![Type::String, Type::Number],
                Some(Type::String),
            ),
            (
                "number and bool do not unify",
                vec![Type::Number, Type::Bool],
                None,
            ),
            (
                "dynamic wins",
                vec![Type::String, Type::Dynamic],
                Some(Type::Dynamic),
            ),
            (
                "same-shape objects",
                vec![
                    otype(vec![("a", Type::Number)]),
                    otype(vec![("a", Type::String)]),
                ],
                Some(otype(vec![("a", Type::String)])),
            ),
            (
                "differing objects become a map",
                vec![
                    otype(vec![("a", Type::Number)]),
                    otype(vec![("b", Type::Number)]),
                ],
                Some(map(Type::Number)),
            ),
            (
                "tuples of one length",
                vec![
                    Type::Tuple(vec![Type::Number]),
                    Type::Tuple(vec![Type::String]),
                ],
                Some(Type::Tuple(vec![Type::String])),
            ),
            (
                "tuples of different lengths become a list",
                vec![
                    Type::Tuple(vec![Type::Number]),
                    Type::Tuple(vec![Type::String, Type::String]),
                ],
                Some(list(Type::String)),
            ),
            (
                "lists unify elements",
                vec![list(Type::Number), list(Type::String)],
                Some(list(Type::String)),
            ),
            (
                "objects and tuples never",
                vec![otype(vec![]), Type::Tuple(vec![])],
                None,
            ),
            ("nothing", vec![], None),
        ];
        for (what, types, want) in cases {
            assert_eq!(unify_inner(&types, false), want, "{what}");
        }
    }
}

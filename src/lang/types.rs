//! Type constraints and conversion. PLACEHOLDER until the `types` branch
//! lands: just enough for the evaluator to compile and run.

use std::fmt;

use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{Expr, ExprKind};

use super::value::{Type, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Constraint(pub Type);

impl Constraint {
    pub fn ty(&self) -> Type {
        self.0.clone()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConversionError {
    pub message: String,
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

pub fn parse_type_constraint(expr: &Expr) -> Result<Constraint, Diagnostic> {
    let ty = match &expr.kind {
        ExprKind::Variable(k) => match k.as_str() {
            "string" => Type::String,
            "number" => Type::Number,
            "bool" => Type::Bool,
            _ => Type::Dynamic,
        },
        ExprKind::FuncCall { name, args, .. } => {
            let inner = args
                .first()
                .map(|a| parse_type_constraint(a).map(|c| c.0))
                .transpose()?
                .unwrap_or(Type::Dynamic);
            match name.as_str() {
                "list" => Type::List(Box::new(inner)),
                "set" => Type::Set(Box::new(inner)),
                "map" => Type::Map(Box::new(inner)),
                _ => Type::Dynamic,
            }
        }
        _ => Type::Dynamic,
    };
    Ok(Constraint(ty))
}

pub fn convert(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    let (v, marked) = value.unmark();
    let out = match (v, want) {
        (_, Type::Dynamic) | (Value::Null(_), _) | (Value::Unknown(_), _) => v.clone(),
        (Value::String(_), Type::String)
        | (Value::Number(_), Type::Number)
        | (Value::Bool(_), Type::Bool) => v.clone(),
        (Value::Number(n), Type::String) => Value::String(n.to_string()),
        (Value::Bool(b), Type::String) => Value::String(b.to_string()),
        (Value::String(s), Type::Number) => match super::number::Number::parse(s) {
            Some(n) => Value::Number(n),
            None => {
                return Err(ConversionError {
                    message: "a number is required".into(),
                });
            }
        },
        (Value::String(s), Type::Bool) if s == "true" || s == "false" => Value::Bool(s == "true"),
        (Value::List(_, items) | Value::Tuple(items) | Value::Set(_, items), Type::List(e)) => {
            Value::List(
                (**e).clone(),
                items
                    .iter()
                    .map(|i| convert(i, e))
                    .collect::<Result<_, _>>()?,
            )
        }
        (Value::List(_, items) | Value::Tuple(items) | Value::Set(_, items), Type::Set(e)) => {
            Value::set(
                (**e).clone(),
                items
                    .iter()
                    .map(|i| convert(i, e))
                    .collect::<Result<_, _>>()?,
            )
        }
        (Value::Map(_, m) | Value::Object(m), Type::Map(e)) => Value::Map(
            (**e).clone(),
            m.iter()
                .map(|(k, i)| Ok((k.clone(), convert(i, e)?)))
                .collect::<Result<_, ConversionError>>()?,
        ),
        _ => {
            return Err(ConversionError {
                message: format!("{} required", want.friendly_name()),
            });
        }
    };
    Ok(out.mark_if(marked))
}

pub fn convert_constraint(value: &Value, c: &Constraint) -> Result<Value, ConversionError> {
    convert(value, &c.0)
}

pub fn unify(types: &[Type]) -> Option<Type> {
    let first = types.first()?.clone();
    if types.iter().all(|t| *t == first) {
        Some(first)
    } else {
        Some(Type::Dynamic)
    }
}

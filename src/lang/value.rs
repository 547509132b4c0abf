//! Values as Terraform's cty has them: typed nulls and unknowns, exact
//! collection kinds (list, set, map versus tuple, object), and the
//! `sensitive` mark, which wraps any value and travels with everything
//! derived from it.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::number::Number;
use super::sorted_map::SortedMap;
use super::unknown::Origin;

/// A type as cty knows it. `Dynamic` is cty's `DynamicPseudoType`: the type
/// of `null` literals, of unknowns whose type is not yet decided, and `any`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Type {
    Dynamic,
    Bool,
    Number,
    String,
    List(Box<Type>),
    Set(Box<Type>),
    Map(Box<Type>),
    Tuple(Vec<Type>),
    Object(BTreeMap<String, Type>),
}

impl Type {
    /// Terraform's "friendly name" of a type, as used in error messages
    /// ("list of string", "map of number", "object", "tuple").
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Dynamic => "dynamic".into(),
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::List(e) => format!("list of {}", e.friendly_name()),
            Type::Set(e) => format!("set of {}", e.friendly_name()),
            Type::Map(e) => format!("map of {}", e.friendly_name()),
            Type::Tuple(_) => "tuple".into(),
            Type::Object(_) => "object".into(),
        }
    }

    /// The type written as a type constraint (`list(string)`,
    /// `object({a=number})`), as `type()` in the console prints it.
    pub fn type_expr(&self) -> String {
        match self {
            Type::Dynamic => "dynamic".into(),
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::List(e) => format!("list({})", e.type_expr()),
            Type::Set(e) => format!("set({})", e.type_expr()),
            Type::Map(e) => format!("map({})", e.type_expr()),
            Type::Tuple(es) => format!(
                "tuple([{}])",
                es.iter()
                    .map(Type::type_expr)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Type::Object(attrs) => format!(
                "object({{{}}})",
                attrs
                    .iter()
                    .map(|(k, t)| format!("{k}={}", t.type_expr()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// The element type of a list, set or map.
    pub fn element(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// Whether the type still contains `Dynamic` somewhere.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic(),
            Type::Tuple(es) => es.iter().any(Type::has_dynamic),
            Type::Object(a) => a.values().any(Type::has_dynamic),
            _ => false,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.friendly_name())
    }
}

/// A value. Collections keep their element type so that an empty
/// `tolist([])` is still a list of something; sets keep their elements
/// sorted and free of duplicates (see [`Value::set`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null(Type),
    /// A value only known after apply, and where it comes from when that
    /// is known (see [`super::unknown`]). Two unknowns are equal only when
    /// their types and origins are.
    Unknown(Type, Option<Origin>),
    Bool(bool),
    Number(Number),
    String(String),
    List(Type, Items),
    Set(Type, Items),
    Map(Type, Attrs),
    Tuple(Items),
    Object(Attrs),
    /// A sensitive value. Never nested directly in another `Sensitive`.
    Sensitive(Box<Value>),
}

/// The elements of a list, set or tuple, shared: cloning a value copies a
/// pointer, not its elements (one object's attributes are read by every
/// reference to it, and a splat's list by every dependent). Reads go
/// through `Deref` to the `Vec`; a write (`DerefMut`) copies the elements
/// first only when they are shared, so values keep value semantics.
#[derive(Clone, Default)]
pub struct Items(Arc<Vec<Value>>);

/// The attributes of an object or the entries of a map, shared as
/// [`Items`] are, in one vector sorted by key ([`SortedMap`]: objects have
/// few attributes, and a B-tree's node was most of their memory).
#[derive(Clone, Default)]
pub struct Attrs(Arc<SortedMap<String, Value>>);

macro_rules! shared_collection {
    ($name:ident, $inner:ty, $item:ty, $iter:ty, $ref_iter:ty) => {
        impl $name {
            /// The collection itself, copied only when shared.
            pub fn into_inner(self) -> $inner {
                Arc::unwrap_or_clone(self.0)
            }
        }
        impl Deref for $name {
            type Target = $inner;
            fn deref(&self) -> &$inner {
                &self.0
            }
        }
        impl DerefMut for $name {
            fn deref_mut(&mut self) -> &mut $inner {
                Arc::make_mut(&mut self.0)
            }
        }
        impl From<$inner> for $name {
            fn from(c: $inner) -> $name {
                $name(Arc::new(c))
            }
        }
        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> $name {
                $name(Arc::new(iter.into_iter().collect()))
            }
        }
        impl IntoIterator for $name {
            type Item = $item;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.into_inner().into_iter()
            }
        }
        impl<'a> IntoIterator for &'a $name {
            type Item = <&'a $inner as IntoIterator>::Item;
            type IntoIter = $ref_iter;
            fn into_iter(self) -> $ref_iter {
                self.0.iter()
            }
        }
        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                // Shared, they are equal without looking (no value is
                // unequal to itself: numbers are never NaN).
                Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
            }
        }
        impl fmt::Debug for $name {
            // As the collection prints: `set_order` compares debug forms.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

impl<const N: usize> From<[Value; N]> for Items {
    fn from(items: [Value; N]) -> Items {
        items.into_iter().collect()
    }
}

impl<const N: usize> From<[(String, Value); N]> for Attrs {
    fn from(entries: [(String, Value); N]) -> Attrs {
        entries.into_iter().collect()
    }
}

shared_collection!(
    Items,
    Vec<Value>,
    Value,
    std::vec::IntoIter<Value>,
    std::slice::Iter<'a, Value>
);
shared_collection!(
    Attrs,
    SortedMap<String, Value>,
    (String, Value),
    std::vec::IntoIter<(String, Value)>,
    super::sorted_map::Iter<'a, String, Value>
);

impl From<&crate::syntax::ast::Literal> for Value {
    fn from(l: &crate::syntax::ast::Literal) -> Value {
        use crate::syntax::ast::Literal;
        match l {
            Literal::Null => Value::null(),
            Literal::Bool(b) => Value::Bool(*b),
            Literal::Number(n) => Value::Number(n.clone()),
            Literal::String(s) => Value::String(s.clone()),
            Literal::Tuple(items) => Value::Tuple(items.iter().map(Value::from).collect()),
            Literal::Object(attrs) => Value::Object(
                attrs
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::from(v)))
                    .collect(),
            ),
        }
    }
}

impl Value {
    pub fn null() -> Value {
        Value::Null(Type::Dynamic)
    }

    pub fn unknown() -> Value {
        Value::Unknown(Type::Dynamic, None)
    }

    pub fn string(s: impl Into<String>) -> Value {
        Value::String(s.into())
    }

    pub fn int(i: i64) -> Value {
        Value::Number(Number::from_i64(i))
    }

    /// Builds a set: elements sorted in cty's order and deduplicated.
    /// Builds a set: elements sorted in cty's order and deduplicated. cty
    /// sets cannot hold marked elements, so an element's mark moves to the
    /// whole set.
    pub fn set(elem: Type, items: Vec<Value>) -> Value {
        let mut marked = false;
        let mut items: Vec<Value> = items
            .into_iter()
            .map(|i| {
                let (i, m) = i.into_unmarked();
                marked |= m;
                i
            })
            .collect();
        items.sort_by(set_order);
        items.dedup();
        Value::Set(elem, items.into()).mark_if(marked)
    }

    /// The value's type. A sensitive value has the type of what it wraps.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t, _) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::List(Box::new(t.clone())),
            Value::Set(t, _) => Type::Set(Box::new(t.clone())),
            Value::Map(t, _) => Type::Map(Box::new(t.clone())),
            Value::Tuple(items) => Type::Tuple(items.iter().map(Value::ty).collect()),
            Value::Object(attrs) => {
                Type::Object(attrs.iter().map(|(k, v)| (k.clone(), v.ty())).collect())
            }
            Value::Sensitive(v) => v.ty(),
        }
    }

    /// The value without its top-level sensitive mark, and whether it had one.
    pub fn unmark(&self) -> (&Value, bool) {
        match self {
            Value::Sensitive(v) => (v, true),
            v => (v, false),
        }
    }

    /// Consumes the value, returning it unmarked and whether it was marked.
    pub fn into_unmarked(self) -> (Value, bool) {
        match self {
            Value::Sensitive(v) => (*v, true),
            v => (v, false),
        }
    }

    /// Marks the value sensitive when `sensitive` is true.
    pub fn mark_if(self, sensitive: bool) -> Value {
        if sensitive { self.mark() } else { self }
    }

    pub fn mark(self) -> Value {
        match self {
            Value::Sensitive(_) => self,
            v => Value::Sensitive(Box::new(v)),
        }
    }

    pub fn is_marked(&self) -> bool {
        matches!(self, Value::Sensitive(_))
    }

    /// Whether a sensitive mark appears anywhere in the value.
    pub fn has_marks_deep(&self) -> bool {
        match self {
            Value::Sensitive(_) => true,
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().any(Value::has_marks_deep)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_marks_deep),
            _ => false,
        }
    }

    /// Removes every mark, deeply, returning whether there was one.
    pub fn unmark_deep(self) -> (Value, bool) {
        // Unmarked: the value as it is, its shared parts not copied.
        if !self.has_marks_deep() {
            return (self, false);
        }
        let mut marked = false;
        let v = self.map_deep(&mut |v| match v {
            Value::Sensitive(inner) => {
                marked = true;
                *inner
            }
            v => v,
        });
        (v, marked)
    }

    fn map_deep(self, f: &mut dyn FnMut(Value) -> Value) -> Value {
        let v = f(self);
        match v {
            Value::List(t, items) => {
                Value::List(t, items.into_iter().map(|i| i.map_deep(f)).collect())
            }
            Value::Set(t, items) => {
                Value::Set(t, items.into_iter().map(|i| i.map_deep(f)).collect())
            }
            Value::Tuple(items) => Value::Tuple(items.into_iter().map(|i| i.map_deep(f)).collect()),
            Value::Map(t, m) => {
                Value::Map(t, m.into_iter().map(|(k, i)| (k, i.map_deep(f))).collect())
            }
            Value::Object(m) => {
                Value::Object(m.into_iter().map(|(k, i)| (k, i.map_deep(f))).collect())
            }
            Value::Sensitive(inner) => Value::Sensitive(Box::new(inner.map_deep(f))),
            v => v,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.unmark().0, Value::Null(_))
    }

    /// Whether the value itself (not its elements) is unknown.
    pub fn is_unknown(&self) -> bool {
        matches!(self.unmark().0, Value::Unknown(..))
    }

    /// Whether no unknown appears anywhere in the value.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(..) => false,
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().all(Value::is_wholly_known)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().all(Value::is_wholly_known),
            Value::Sensitive(v) => v.is_wholly_known(),
            _ => true,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self.unmark().0 {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.unmark().0 {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match self.unmark().0 {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The elements of a list, set or tuple.
    pub fn as_sequence(&self) -> Option<&[Value]> {
        match self.unmark().0 {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Some(items),
            _ => None,
        }
    }

    /// The entries of a map or object.
    pub fn as_mapping(&self) -> Option<&SortedMap<String, Value>> {
        match self.unmark().0 {
            Value::Map(_, m) | Value::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// cty's set order, used for iteration and printing: strings and numbers in
/// their natural order, unknowns last, anything else by its debug form (a
/// stable if arbitrary order, as cty's hash order is).
pub(crate) fn set_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a.unmark().0, b.unmark().0) {
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Unknown(..), Value::Unknown(..)) => Ordering::Equal,
        (Value::Unknown(..), _) => Ordering::Greater,
        (_, Value::Unknown(..)) => Ordering::Less,
        // Nulls come after known values, before unknowns.
        (Value::Null(_), Value::Null(_)) => Ordering::Equal,
        (Value::Null(_), _) => Ordering::Greater,
        (_, Value::Null(_)) => Ordering::Less,
        (x, y) => format!("{x:?}").cmp(&format!("{y:?}")),
    }
}

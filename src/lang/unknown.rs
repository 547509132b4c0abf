//! Unknowns that know where they come from. Terraform cannot compare two
//! values known only after apply, but a refactor must: `module.net.vpc_id`
//! equals `aws_vpc.main.id` once the two VPCs are the same object. An
//! unknown may therefore carry an [`Origin`]: the object attribute it
//! stands for, or the operation (template, function call, attribute or
//! index access, operator) that derived it from such unknowns. The origin
//! is only ever read by code that compares or reports values; every
//! function, condition, key and conversion treats the value as the plain
//! unknown terraform has.
//!
//! `lang` knows nothing of addresses: an attribute origin names its object
//! with an opaque text that the layer creating it (instances) also parses
//! back when it follows the origin through a pairing ([`resolve`]).

use std::fmt;
use std::sync::Arc;

use super::display;
use super::functions::{self, FunctionContext};
use super::value::{Type, Value};

/// Where an unknown value comes from. Cheap to clone, and shared across
/// threads (`check` plans its roots in parallel).
#[derive(Clone, Debug, PartialEq)]
pub struct Origin(Arc<Source>);

#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// `object.attr`: an attribute of an object that only apply will know.
    Attr { object: String, attr: String },
    /// An operation over values, some of which are unknowns with origins.
    Derived { op: Op, args: Vec<Value> },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// A string template; the arguments are its parts in order (literal
    /// text as strings).
    Template,
    /// A built-in function call.
    Call(String),
    /// `args[0].name`.
    GetAttr(String),
    /// `args[0][args[1]]`.
    Index,
    /// A binary operator over `args[0]` and `args[1]`.
    Binary(&'static str),
    /// `args[0] ? args[1] : args[2]`, the condition being unknown.
    Conditional,
}

impl Origin {
    /// The attribute `attr` of the object named `object`.
    pub fn attr(object: impl Into<String>, attr: impl Into<String>) -> Origin {
        Origin(Arc::new(Source::Attr {
            object: object.into(),
            attr: attr.into(),
        }))
    }

    /// The origin of `op` applied to `args`, when some argument carries an
    /// origin (otherwise the result is a plain unknown).
    pub fn derived(op: Op, args: Vec<Value>) -> Option<Origin> {
        args.iter()
            .any(Value::has_origins)
            .then(|| Origin(Arc::new(Source::Derived { op, args })))
    }

    pub fn source(&self) -> &Source {
        &self.0
    }
}

impl Value {
    /// The origin of an unknown value (looking through its mark).
    pub fn origin(&self) -> Option<&Origin> {
        match self.unmark().0 {
            Value::Unknown(_, o) => o.as_ref(),
            _ => None,
        }
    }

    /// Whether an unknown with an origin appears anywhere in the value.
    pub fn has_origins(&self) -> bool {
        match self {
            Value::Unknown(_, o) => o.is_some(),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().any(Value::has_origins)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_origins),
            Value::Sensitive(v) => v.has_origins(),
            _ => false,
        }
    }
}

/// Rewrites every attribute origin in `v` through `follow(object, attr)`:
/// `Some(value)` replaces the unknown (by a recorded value, or by an
/// unknown with another origin), `None` keeps it. A derived unknown whose
/// arguments all became known is computed again (a template, a pure
/// function call, an attribute or index access), so `"z-${a.id}"` compares
/// equal to the recorded `"z-x"` once `a.id` is known to be `"x"`.
pub(crate) fn resolve(v: &Value, follow: &dyn Fn(&str, &str) -> Option<Value>) -> Value {
    // Nothing to follow: the value itself, shared rather than rebuilt.
    if v.is_wholly_known() {
        return v.clone();
    }
    match v {
        Value::Unknown(t, Some(o)) => match o.source() {
            Source::Attr { object, attr } => follow(object, attr).unwrap_or_else(|| v.clone()),
            Source::Derived { op, args } => {
                let new: Vec<Value> = args.iter().map(|a| resolve(a, follow)).collect();
                if new == *args {
                    return v.clone();
                }
                if new.iter().all(Value::is_wholly_known)
                    && let Some(known) = recompute(op, &new)
                {
                    return known;
                }
                Value::Unknown(t.clone(), Origin::derived(op.clone(), new))
            }
        },
        Value::List(t, items) => Value::List(
            t.clone(),
            items.iter().map(|i| resolve(i, follow)).collect(),
        ),
        Value::Set(t, items) => Value::set(
            t.clone(),
            items.iter().map(|i| resolve(i, follow)).collect(),
        ),
        Value::Tuple(items) => Value::Tuple(items.iter().map(|i| resolve(i, follow)).collect()),
        Value::Map(t, m) => Value::Map(
            t.clone(),
            m.iter()
                .map(|(k, i)| (k.clone(), resolve(i, follow)))
                .collect(),
        ),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, i)| (k.clone(), resolve(i, follow)))
                .collect(),
        ),
        Value::Sensitive(inner) => resolve(inner, follow).mark(),
        other => other.clone(),
    }
}

/// The known result of a derived operation over known arguments, when it
/// can be computed without a scope: never a function that reads files or
/// the clock.
fn recompute(op: &Op, args: &[Value]) -> Option<Value> {
    let range = crate::diagnostics::SourceRange::file_only("");
    match op {
        Op::Template => {
            let mut out = String::new();
            let mut marked = false;
            for a in args {
                let s = super::types::convert(a, &Type::String).ok()?;
                let (s, m) = s.into_unmarked();
                marked |= m;
                out.push_str(s.as_str()?);
            }
            Some(Value::String(out).mark_if(marked))
        }
        // `try` keeps the first result that evaluated: once known, it is it.
        Op::Call(name) if name == "try" => args.first().cloned(),
        Op::Call(name) => {
            const IMPURE: &[&str] = &["uuid", "timestamp", "plantimestamp", "bcrypt", "uuidv5"];
            if IMPURE.contains(&name.as_str()) || functions::reads_files(name) {
                return None;
            }
            let ctx = FunctionContext {
                base_dir: std::path::Path::new("."),
                plan: true,
                render_template: None,
                files_within: None,
                files: &crate::files::DISK,
                host: functions::Host::UNKNOWN,
            };
            functions::call(name, args.to_vec(), &ctx)
                .ok()
                .filter(Value::is_wholly_known)
        }
        Op::GetAttr(name) => super::eval::get_attr(args.first()?.clone(), name, &range).ok(),
        Op::Index => super::eval::index(args.first()?.clone(), args.get(1)?, &range).ok(),
        Op::Binary(_) => None,
        // The chosen side, when both sides have one type (otherwise the
        // unified type would have to be known here).
        Op::Conditional => {
            let [c, a, b] = args else { return None };
            if a.ty() != b.ty() {
                return None;
            }
            match c.unmark().0 {
                Value::Bool(true) => Some(a.clone()),
                Value::Bool(false) => Some(b.clone()),
                _ => None,
            }
        }
    }
}

/// The value with each origin written as text, for comparing values that
/// must pass through a JSON state (the refactor's stand-in for prior
/// objects): equal origins give equal text, and no real value has it.
/// Only comparisons ever see it; it is never shown.
pub(crate) fn origins_as_text(v: &Value) -> Value {
    if v.is_wholly_known() {
        return v.clone();
    }
    match v {
        // An object's attribute hides nothing and reads back one way
        // (the attribute is the name after the last dot): its text alone.
        Value::Unknown(_, Some(o)) if matches!(o.source(), Source::Attr { .. }) => {
            Value::String(format!("{ORIGIN_TEXT}{o})"))
        }
        Value::Unknown(_, Some(o)) => {
            // The readable text hides sensitive arguments; a digest of the
            // whole origin still tells two secrets apart without showing them.
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            format!("{o:?}").hash(&mut h);
            Value::String(format!("{ORIGIN_TEXT}{o} #{:016x})", h.finish()))
        }
        Value::List(t, items) => {
            Value::List(t.clone(), items.iter().map(origins_as_text).collect())
        }
        Value::Set(t, items) => Value::set(t.clone(), items.iter().map(origins_as_text).collect()),
        Value::Tuple(items) => Value::Tuple(items.iter().map(origins_as_text).collect()),
        Value::Map(t, m) => Value::Map(
            t.clone(),
            m.iter()
                .map(|(k, i)| (k.clone(), origins_as_text(i)))
                .collect(),
        ),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, i)| (k.clone(), origins_as_text(i)))
                .collect(),
        ),
        Value::Sensitive(inner) => origins_as_text(inner).mark(),
        other => other.clone(),
    }
}

const ORIGIN_TEXT: &str = "(known after apply: ";

/// Whether [`origins_as_text`] wrote some of the value: evaluation must
/// read it as unknown, never as the text.
pub(crate) fn holds_origin_text(v: &Value) -> bool {
    match v.unmark().0 {
        Value::String(s) => s.starts_with(ORIGIN_TEXT),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().any(holds_origin_text)
        }
        Value::Map(_, m) | Value::Object(m) => m.values().any(holds_origin_text),
        _ => false,
    }
}

/// Readable text: `aws_vpc.main.id`, `"z-${aws_vpc.main.id}"`,
/// `lower(aws_vpc.main.id)`, `module.a.x.tags["Name"]`.
impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source() {
            Source::Attr { object, attr } => write!(f, "{object}.{attr}"),
            Source::Derived { op, args } => {
                let arg = |i: usize| args.get(i).map(operand).unwrap_or_default();
                match op {
                    Op::Template => {
                        f.write_str("\"")?;
                        for a in args {
                            // A sensitive part is never written out.
                            match a.as_str().filter(|_| !a.is_marked()) {
                                Some(s) => {
                                    let q = display::console(&Value::string(s));
                                    f.write_str(q.trim_matches('"'))?;
                                }
                                None => write!(f, "${{{}}}", operand(a))?,
                            }
                        }
                        f.write_str("\"")
                    }
                    Op::Call(name) => write!(
                        f,
                        "{name}({})",
                        args.iter().map(operand).collect::<Vec<_>>().join(", ")
                    ),
                    Op::GetAttr(name) => write!(f, "{}.{name}", arg(0)),
                    Op::Index => write!(f, "{}[{}]", arg(0), arg(1)),
                    Op::Binary(sym) => write!(f, "{} {sym} {}", arg(0), arg(1)),
                    Op::Conditional => write!(f, "{} ? {} : {}", arg(0), arg(1), arg(2)),
                }
            }
        }
    }
}

/// An argument inside an origin's text: another origin as itself, any
/// other value as the console shows it (sensitive values stay hidden).
fn operand(v: &Value) -> String {
    display::console_with_origins(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_id() -> Value {
        Value::Unknown(Type::Dynamic, Some(Origin::attr("terraform_data.a", "id")))
    }

    #[test]
    fn origins_print_as_the_reference_they_came_from() {
        let t = Value::Unknown(
            Type::String,
            Origin::derived(Op::Template, vec![Value::string("z-"), a_id()]),
        );
        assert_eq!(
            t.origin().unwrap().to_string(),
            "\"z-${terraform_data.a.id}\""
        );
        let c = Value::Unknown(
            Type::String,
            Origin::derived(Op::Call("lower".into()), vec![a_id()]),
        );
        assert_eq!(
            c.origin().unwrap().to_string(),
            "lower(terraform_data.a.id)"
        );
        // The console shows what terraform shows; a report, the reference.
        let obj = Value::Object([("target".to_string(), a_id())].into());
        assert_eq!(
            display::console(&obj),
            "{\n  \"target\" = (known after apply)\n}"
        );
        assert_eq!(
            display::console_with_origins(&obj),
            "{\n  \"target\" = terraform_data.a.id\n}"
        );
        // A plain unknown among the arguments gives no origin.
        assert_eq!(
            Origin::derived(Op::Template, vec![Value::unknown(), Value::string("x")]),
            None
        );
    }

    #[test]
    fn resolving_recomputes_templates_and_pure_calls() {
        let follow =
            |o: &str, a: &str| (o == "terraform_data.a" && a == "id").then(|| Value::string("X"));
        let t = Value::Unknown(
            Type::String,
            Origin::derived(Op::Template, vec![Value::string("z-"), a_id()]),
        );
        assert_eq!(resolve(&t, &follow), Value::string("z-X"));
        let c = Value::Unknown(
            Type::String,
            Origin::derived(Op::Call("lower".into()), vec![a_id()]),
        )
        .mark();
        assert_eq!(resolve(&c, &follow), Value::string("x").mark());
        // Followed to another object: still unknown, with the new origin.
        let moved = resolve(&t, &|_, a| {
            Some(Value::Unknown(
                Type::Dynamic,
                Some(Origin::attr("terraform_data.b", a)),
            ))
        });
        assert!(moved.is_unknown());
        assert_eq!(
            moved.origin().unwrap().to_string(),
            "\"z-${terraform_data.b.id}\""
        );
        // Unfollowed origins stay.
        assert_eq!(resolve(&t, &|_, _| None), t);
        // A choice over an unknown condition: once the condition is known,
        // the chosen side (the other side's unknown no longer matters).
        let cond = Value::Unknown(
            Type::Bool,
            Origin::derived(Op::Binary("=="), vec![a_id(), Value::string("X")]),
        );
        let choice = |then: Value, otherwise: Value| {
            Value::Unknown(
                Type::String,
                Origin::derived(Op::Conditional, vec![cond.clone(), then, otherwise]),
            )
        };
        let c = choice(Value::string("yes"), Value::string("no"));
        assert_eq!(
            c.origin().unwrap().to_string(),
            "terraform_data.a.id == \"X\" ? \"yes\" : \"no\""
        );
        let known_cond = |o: &str, _: &str| (o == "terraform_data.a").then(|| Value::string("X"));
        // `==` is not recomputed (Binary): the condition stays unknown.
        assert!(resolve(&c, &known_cond).is_unknown());
        let c = Value::Unknown(
            Type::String,
            Origin::derived(
                Op::Conditional,
                vec![a_id(), Value::string("yes"), Value::string("no")],
            ),
        );
        assert_eq!(
            resolve(&c, &|_, _| Some(Value::Bool(false))),
            Value::string("no")
        );
        // Sides of different types would need the unified type: kept unknown.
        let mixed = Value::Unknown(
            Type::String,
            Origin::derived(
                Op::Conditional,
                vec![a_id(), Value::int(1), Value::string("no")],
            ),
        );
        assert!(resolve(&mixed, &|_, _| Some(Value::Bool(true))).is_unknown());
    }

    /// `a` is an object whose `id` and `names` are known only after apply.
    struct Pending;

    impl crate::lang::eval::Scope for Pending {
        fn reference(
            &self,
            root: &str,
            range: &crate::diagnostics::SourceRange,
            _steps: &[crate::syntax::ast::Traverser],
            _ev: &crate::lang::eval::Eval,
        ) -> Result<(Value, usize), crate::diagnostics::Diagnostics> {
            let attr = |a: &str| Value::Unknown(Type::Dynamic, Some(Origin::attr("x.a", a)));
            match root {
                "a" => Ok((
                    Value::Object(
                        [
                            ("id".to_string(), attr("id")),
                            ("names".to_string(), attr("names")),
                        ]
                        .into(),
                    ),
                    0,
                )),
                _ => Err(
                    crate::diagnostics::Diagnostic::error("Unknown variable", "")
                        .at(range)
                        .into(),
                ),
            }
        }

        fn with_function_context(
            &self,
            f: &mut dyn FnMut(&FunctionContext) -> Result<Value, functions::FunctionError>,
        ) -> Result<Value, functions::FunctionError> {
            f(&FunctionContext {
                base_dir: std::path::Path::new("."),
                plan: true,
                render_template: None,
                files_within: None,
                files: &crate::files::DISK,
                host: functions::Host::UNKNOWN,
            })
        }
    }

    fn eval(text: &str) -> Value {
        let file = crate::syntax::source::SourceFile::new("main.tf", text);
        let e = crate::syntax::native::parse_expr(&file, text, 0).unwrap();
        crate::lang::eval::Eval::new(&Pending)
            .expr(&e)
            .unwrap_or_else(|d| panic!("{text}: {d:?}"))
    }

    /// Terraform's unknown rules hold whatever the origin: nothing sees a
    /// stand-in, every result over the unknown is unknown of the right
    /// type, and the origin says what it was derived from.
    #[test]
    fn unknowns_with_origins_follow_terraforms_unknown_rules() {
        let cases: &[(&str, Type, Option<&str>)] = &[
            // length() of an unknown is unknown, never a string's length.
            ("length(a.id)", Type::Number, Some("length(x.a.id)")),
            // An unknown of unknown type is accepted where a list is wanted.
            (
                "slice(a.names, 0, 3)",
                Type::Dynamic,
                Some("slice(x.a.names, 0, 3)"),
            ),
            ("upper(a.id)", Type::String, Some("upper(x.a.id)")),
            ("\"z-${a.id}\"", Type::String, Some("\"z-${x.a.id}\"")),
            ("a.names[0]", Type::Dynamic, Some("x.a.names[0]")),
            ("a.id.x", Type::Dynamic, Some("x.a.id.x")),
            ("a.id == \"x\"", Type::Bool, Some("x.a.id == \"x\"")),
            // A conversion is the same value: the origin stays.
            ("tostring(a.id)", Type::String, Some("x.a.id")),
            ("try(a.id, \"\")", Type::Dynamic, Some("try(x.a.id)")),
            // A condition on an unknown is unknown; which side is not
            // known, but the origin says what it chooses between.
            (
                "a.id == \"x\" ? 1 : 2",
                Type::Number,
                Some("x.a.id == \"x\" ? 1 : 2"),
            ),
            // A plain unknown condition gives no origin.
            ("length({ (a.id) = 1 }) > 0 ? 1 : 2", Type::Number, None),
            // An unknown key makes the whole object unknown.
            ("{ (a.id) = 1 }", Type::Dynamic, None),
        ];
        for (text, ty, origin) in cases {
            let v = eval(text);
            assert!(v.is_unknown(), "{text}: {v:?}");
            assert_eq!(&v.ty(), ty, "{text}");
            assert_eq!(
                v.origin().map(|o| o.to_string()).as_deref(),
                *origin,
                "{text}"
            );
        }
        // A known result stays known: the tuple's length does not wait.
        assert_eq!(eval("length([a.id, 1])"), Value::int(2));
        // Sensitive marks still flow onto the derived unknown.
        let marked = functions::call(
            "upper",
            vec![eval("a.id").mark()],
            &FunctionContext {
                base_dir: std::path::Path::new("."),
                plan: true,
                render_template: None,
                files_within: None,
                files: &crate::files::DISK,
                host: functions::Host::UNKNOWN,
            },
        )
        .unwrap();
        assert!(marked.is_marked() && marked.is_unknown() && marked.origin().is_some());
        // A secret inside a template is never written out by its origin.
        let v = eval("\"${a.id}-${sensitive(\"hunter2\")}\"");
        assert!(v.is_marked());
        let shown = display::console_with_origins(&Value::Tuple(vec![v.unmark().0.clone()].into()));
        assert!(!shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn origins_as_text_tell_equal_origins_from_different_ones() {
        let b_id = Value::Unknown(Type::Dynamic, Some(Origin::attr("terraform_data.b", "id")));
        assert_eq!(origins_as_text(&a_id()), origins_as_text(&a_id()));
        assert_ne!(origins_as_text(&a_id()), origins_as_text(&b_id));
        let text = origins_as_text(&Value::Tuple(vec![a_id()].into()));
        assert!(text.is_wholly_known() && holds_origin_text(&text));
        assert!(!holds_origin_text(&Value::string("known after apply")));
        // Derived from different secrets: different texts, neither shown.
        let from = |secret: &str| {
            let args = vec![Value::string(secret).mark(), a_id()];
            origins_as_text(&Value::Unknown(
                Type::String,
                Origin::derived(Op::Template, args),
            ))
        };
        assert_ne!(from("s1"), from("s2"));
        assert!(!format!("{:?}", from("s1")).contains("s1"));
    }
}

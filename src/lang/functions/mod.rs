//! Terraform's built-in functions. Each family lives in its own file,
//! grouped as OpenTofu's `funcs` package groups them; its `functions()` is
//! a short table of spec fns (`chunklist_func`, OpenTofu's
//! `ChunklistFunc`), each returning a [`Function`], cty's `function.Spec`:
//! parameters with their types and `Allow*` rules, a variadic parameter,
//! the return-type rule, the implementation. [`call`] applies the rules
//! every function shares once, in [`apply_rules`]: arity, conversion to
//! the parameter types, null, unknown and marked arguments; so an
//! implementation reads its arguments typed ([`Call::str`],
//! [`Call::num`]) and never checks them again. Adding a function is adding
//! a spec fn and its table entry (and a line to the expression corpus,
//! tests/corpus/expressions).

mod collection;
mod conversion;
mod crypto;
mod datetime;
mod encoding;
mod filesystem;
mod network;
mod numeric;
mod string;

pub(crate) use datetime::process_plan_time;
pub(crate) use filesystem::MAX_FILE_BYTES;
pub(crate) use string::MAX_STRING_BYTES;

use std::collections::BTreeMap;
use std::path::Path;

use super::number::Number;
use super::sorted_map::SortedMap;
use super::types::convert;
use super::unknown::{Op, Origin};
use super::value::{Type, Value};

/// The template renderer of [`FunctionContext::render_template`].
pub(crate) type RenderTemplate<'a> =
    dyn Fn(&str, &str, &SortedMap<String, Value>) -> Result<Value, FunctionError> + 'a;

/// What a function may need from the place it is called in.
pub(crate) struct FunctionContext<'a> {
    /// The directory relative paths start from: terraform's working
    /// directory, i.e. the root module's, in every module (a child reads its
    /// own files through `path.module`, which is relative to the root).
    pub base_dir: &'a Path,
    /// True while planning: impure functions (`uuid`, `timestamp`,
    /// `bcrypt`) return unknown values.
    pub plan: bool,
    /// Renders a template (for `templatefile` and `templatestring`): the
    /// template text, the name to use in messages, and the variables.
    pub render_template: Option<&'a RenderTemplate<'a>>,
    /// When set, filesystem functions read only inside this directory (a
    /// check reads nothing but the revision's own files).
    pub files_within: Option<&'a Path>,
    /// Where filesystem functions read (a check's revision is in memory).
    pub files: &'a crate::files::Files,
    /// What the functions may know of the machine they run on.
    pub host: Host<'a>,
}

/// The machine facts `abspath`, `pathexpand` and `~` in file paths need:
/// given by the command line (only it reads the environment), none in a
/// check of an untrusted revision or where the caller does not know them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Host<'a> {
    /// The working directory relative paths are absolute from.
    pub cwd: Option<&'a Path>,
    /// The home directory a leading `~` stands for.
    pub home: Option<&'a Path>,
    /// What `plantimestamp()` gives while planning: the plan's one instant,
    /// RFC 3339 in UTC. None: unknown.
    pub plan_time: Option<&'a str>,
}

impl Host<'_> {
    /// No machine facts: `abspath` of a relative path and `~` fail.
    pub(crate) const UNKNOWN: Host<'static> = Host {
        cwd: None,
        home: None,
        plan_time: None,
    };
}

/// A failed call, already worded as Terraform words it. The evaluator adds
/// the place: the argument's range when `arg` is set, else the call's.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FunctionError {
    pub summary: String,
    pub detail: String,
    /// The index of the offending argument, if one is to blame.
    pub arg: Option<usize>,
}

/// What marks the text an error quotes from an argument ([`shown`]):
/// private-use code points, which Go's quoting never leaves raw and
/// [`shown`] takes out of what it marks, so a value cannot end its span.
const SHOWN: (char, char) = ('\u{f8fe}', '\u{f8ff}');

/// Text an error message quotes from an argument (a value, or part of
/// one), marked so that [`call`] decides once whether it is shown: when
/// any argument is sensitive it is `(sensitive value)` (terraform's
/// words where it hides one), otherwise as given.
pub(super) fn shown(text: &str) -> String {
    let text = text.replace([SHOWN.0, SHOWN.1], "");
    format!("{}{text}{}", SHOWN.0, SHOWN.1)
}

/// A string an error quotes, as Go's `%q` does ([`shown`]).
pub(super) fn quote(s: &str) -> String {
    shown(&crate::text::go_quote(s))
}

/// A string a `time` error quotes, as Go's `time` package does ([`shown`]).
pub(super) fn time_quote(s: &str) -> String {
    shown(&crate::text::go_time_quote(s))
}

/// A conversion's message with what it quotes marked [`shown`]: it quotes
/// only keys and attribute names of the value converted (a parameter's
/// type names none), as Go's `%q` writes them.
fn quoted_shown(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        // The closing quote: the first one no backslash escapes.
        let mut escaped = false;
        let close = after.char_indices().find_map(|(i, c)| {
            let end = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            end.then_some(i)
        });
        let Some(close) = close else {
            out.push_str(&rest[open..]);
            return out;
        };
        out.push_str(&shown(&rest[open..open + close + 2]));
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `text` with each [`shown`] span hidden or unmarked.
fn resolve_shown(text: &str, sensitive: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(SHOWN.0) {
        out.push_str(&rest[..open]);
        let inner = &rest[open + SHOWN.0.len_utf8()..];
        let close = inner.find(SHOWN.1).unwrap_or(inner.len());
        match sensitive {
            true => out.push_str("(sensitive value)"),
            false => out.push_str(&inner[..close]),
        }
        rest = inner[close..].strip_prefix(SHOWN.1).unwrap_or("");
    }
    out.push_str(rest);
    out.replace(SHOWN.1, "")
}

impl FunctionError {
    /// The error as its call gives it: what it quotes from the arguments
    /// hidden when one of them is sensitive ([`shown`]).
    fn resolved(self, sensitive: bool) -> FunctionError {
        FunctionError {
            summary: resolve_shown(&self.summary, sensitive),
            detail: resolve_shown(&self.detail, sensitive),
            arg: self.arg,
        }
    }

    /// "Invalid function argument": `Invalid value for "param" parameter: msg.`
    pub(crate) fn arg(index: usize, param: &str, message: impl AsRef<str>) -> FunctionError {
        FunctionError {
            summary: "Invalid function argument".into(),
            detail: format!(
                "Invalid value for \"{param}\" parameter: {}.",
                message.as_ref()
            ),
            arg: Some(index),
        }
    }

    /// "Error in function call": `Call to function "name" failed: msg.`
    pub(crate) fn call(name: &str, message: impl AsRef<str>) -> FunctionError {
        FunctionError {
            summary: "Error in function call".into(),
            detail: format!("Call to function \"{name}\" failed: {}.", message.as_ref()),
            arg: None,
        }
    }
}

/// Every function name, sorted.
#[cfg(test)]
fn names() -> Vec<&'static str> {
    registry().keys().copied().collect()
}

/// Calls the function `name` with already-evaluated arguments.
pub(crate) fn call(
    name: &str,
    args: Vec<Value>,
    ctx: &FunctionContext,
) -> Result<Value, FunctionError> {
    if let Some(rest) = name.strip_prefix("provider::") {
        let provider = rest.split("::").next().unwrap_or(rest);
        return Err(FunctionError {
            summary: "Unknown provider function".into(),
            detail: format!(
                "There is no function named \"{name}\". Ensure that provider name \"{provider}\" is declared in this module's required_providers block, and that this provider offers a function named \"{}\".",
                rest.rsplit("::").next().unwrap_or(rest)
            ),
            arg: None,
        });
    }
    // plantimestamp exists only while planning; the console lacks it.
    let planning_only = name == "plantimestamp" && !ctx.plan;
    if let Some(f) = by_name(name).filter(|_| !planning_only) {
        // The one place that decides whether an error shows what it quotes.
        let sensitive = args.iter().any(Value::has_marks_deep);
        return match call_function(f, &args, ctx) {
            Ok(v) => Ok(with_origin(name, v, args)),
            Err(e) => Err(e.resolved(sensitive)),
        };
    }
    Err(FunctionError {
        summary: "Call to unknown function".into(),
        detail: format!("There is no function named \"{name}\"."),
        arg: None,
    })
}

/// An unknown result of a call over unknowns that know their origin
/// knows it too: the call itself, so that a refactor can still compare
/// `lower(aws_vpc.main.id)` with its counterpart (see `lang::unknown`).
fn with_origin(name: &str, v: Value, args: Vec<Value>) -> Value {
    match v {
        Value::Unknown(t, None) => Value::Unknown(t, Origin::derived(Op::Call(name.into()), args)),
        Value::Sensitive(inner) if matches!(*inner, Value::Unknown(_, None)) => {
            with_origin(name, *inner, args).mark()
        }
        v => v,
    }
}

/// Whether the function reads files (its result depends on the directory
/// it runs in, so it is never computed again away from its scope).
/// The functions whose result depends on files other than the
/// configuration's own (`file`, `templatefile`, `fileset`, ...).
pub(crate) fn reads_files(name: &str) -> bool {
    registry().get(name).is_some_and(|f| f.reads_files)
}

// ---------------------------------------------------------------------------
// The shared calling convention

/// A parameter: its name (used in messages), the type arguments are
/// converted to, and what it accepts beyond known, unmarked, non-null
/// values of that type (cty's `Allow*` flags).
#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub name: &'static str,
    pub ty: Type,
    pub allow_null: bool,
    pub allow_unknown: bool,
    pub allow_dynamic: bool,
    /// The function sees the value with its top-level mark removed and the
    /// result takes that mark; marks deeper inside stay where they are.
    /// Without it, every mark is removed and the whole result is marked.
    pub allow_marked: bool,
}

impl Param {
    pub(crate) fn new(name: &'static str, ty: Type) -> Param {
        Param {
            name,
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic: false,
            allow_marked: false,
        }
    }
    pub(crate) fn any(name: &'static str) -> Param {
        Param::new(name, Type::Dynamic)
    }
    pub(crate) fn string(name: &'static str) -> Param {
        Param::new(name, Type::String)
    }
    pub(crate) fn number(name: &'static str) -> Param {
        Param::new(name, Type::Number)
    }
    pub(crate) fn null(mut self) -> Param {
        self.allow_null = true;
        self
    }
    pub(crate) fn unknown(mut self) -> Param {
        self.allow_unknown = true;
        self
    }
    pub(crate) fn dynamic(mut self) -> Param {
        self.allow_dynamic = true;
        self
    }
    pub(crate) fn marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// One built-in function, described as cty's `function.Spec` describes
/// it: parameters (each with its `Allow*` rules, see [`Param`]), an
/// optional variadic parameter, the rule for the return type, and the
/// implementation. The rules every function shares are applied once, by
/// [`call`], never inside an implementation.
pub(super) struct Function {
    pub name: &'static str,
    pub params: Vec<Param>,
    pub var_param: Option<Param>,
    pub ret: Ret,
    /// The result never carries a mark (`nonsensitive`, `issensitive`).
    pub unmarked_result: bool,
    /// An unknown anywhere inside an argument, not only at its top, gives
    /// an unknown result (cty implementations that check `IsWhollyKnown`).
    pub wholly_known: bool,
    /// Its result depends on the directory it runs in (see [`reads_files`]).
    pub reads_files: bool,
    /// Runs with known (unless allowed), non-null (unless allowed),
    /// converted arguments whose marks were handled; gets the return type.
    pub imp: fn(&Call, &Type) -> Result<Value, FunctionError>,
}

/// The return type: cty's `Type` callback.
pub(super) enum Ret {
    Fixed(Type),
    /// Computed from the converted arguments, which may be unknown.
    Rule(fn(&Call) -> Result<Type, FunctionError>),
}

/// A call's arguments and context as an implementation sees them.
pub(super) struct Call<'a> {
    /// The name it was called by (one implementation may serve several).
    pub name: &'static str,
    pub args: &'a [Value],
    /// The arguments as given, marks and all (cty's `AllowMarked`
    /// functions read them).
    pub given: &'a [Value],
    pub ctx: &'a FunctionContext<'a>,
}

impl Call<'_> {
    /// Argument `i` of a `string` parameter: the registry converted it, so
    /// it is a string unless the parameter allows a null or unknown (then
    /// it reads as empty).
    pub(super) fn str(&self, i: usize) -> &str {
        self.args[i].as_str().unwrap_or_default()
    }

    /// Argument `i` of a `number` parameter, converted by the registry
    /// (zero if the parameter allows a null or unknown and got one).
    pub(super) fn num(&self, i: usize) -> Number {
        self.args[i]
            .as_number()
            .cloned()
            .unwrap_or_else(|| Number::from_i64(0))
    }

    /// Argument `i` as a whole number of any size (Go's `*big.Int`),
    /// failing as cty's `gocty` conversion does for fractions.
    pub(super) fn integer(&self, i: usize) -> Result<i128, FunctionError> {
        self.num(i)
            .as_i128()
            .ok_or_else(|| FunctionError::call(self.name, "value must be a whole number"))
    }

    /// Argument `i` as a Go `int`, failing as cty's `gocty` conversion does
    /// for fractions and out-of-range numbers.
    pub(super) fn int(&self, i: usize) -> Result<i64, FunctionError> {
        self.num(i).as_i64().ok_or_else(|| {
            FunctionError::call(
                self.name,
                "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
            )
        })
    }
}

impl Function {
    pub(super) fn new(
        name: &'static str,
        params: Vec<Param>,
        ret: Ret,
        imp: fn(&Call, &Type) -> Result<Value, FunctionError>,
    ) -> Function {
        Function {
            name,
            params,
            var_param: None,
            ret,
            unmarked_result: false,
            wholly_known: false,
            reads_files: false,
            imp,
        }
    }

    pub(super) fn reading_files(mut self) -> Function {
        self.reads_files = true;
        self
    }

    pub(super) fn wholly_known(mut self) -> Function {
        self.wholly_known = true;
        self
    }

    pub(super) fn unmarked_result(mut self) -> Function {
        self.unmarked_result = true;
        self
    }

    pub(super) fn variadic(mut self, p: Param) -> Function {
        self.var_param = Some(p);
        self
    }
}

/// Every function in the registry, by name.
fn registry() -> &'static BTreeMap<&'static str, Function> {
    static REGISTRY: std::sync::LazyLock<BTreeMap<&'static str, Function>> =
        std::sync::LazyLock::new(|| {
            [
                numeric::functions(),
                string::functions(),
                conversion::functions(),
                collection::functions(),
                encoding::functions(),
                crypto::functions(),
                filesystem::functions(),
                datetime::functions(),
                network::functions(),
            ]
            .into_iter()
            .flatten()
            .map(|f| (f.name, f))
            .collect()
        });
    &REGISTRY
}

/// A registry entry by name, for calls: hashed, where the sorted map
/// compared a dozen names per call.
fn by_name(name: &str) -> Option<&'static Function> {
    static BY_NAME: std::sync::LazyLock<foldhash::HashMap<&'static str, &'static Function>> =
        std::sync::LazyLock::new(|| registry().iter().map(|(n, f)| (*n, f)).collect());
    BY_NAME.get(name).copied()
}

/// Calls a registry entry under the shared rules.
fn call_function(
    f: &'static Function,
    args: &[Value],
    ctx: &FunctionContext,
) -> Result<Value, FunctionError> {
    let result = apply_rules(
        f.name,
        &f.params,
        f.var_param.as_ref(),
        f.wholly_known,
        args,
        &|a| match &f.ret {
            Ret::Fixed(t) => Ok(t.clone()),
            Ret::Rule(rule) => rule(&Call {
                name: f.name,
                args: a,
                given: args,
                ctx,
            }),
        },
        &|a, ty| {
            let call = Call {
                name: f.name,
                args: a,
                given: args,
                ctx,
            };
            (f.imp)(&call, ty)
        },
    )?;
    Ok(if f.unmarked_result {
        result.into_unmarked().0
    } else {
        result
    })
}

/// The rules every function shares, as HCL's call expression and cty's
/// `function.Call` apply them: checks the number of arguments, converts
/// each to its parameter's type, rejects nulls, returns an unknown of the
/// return type for unknown arguments (and for untyped null or unknown ones
/// where the parameter wants a type), and carries sensitive marks from the
/// arguments to the result.
/// A function's body, given its converted arguments and return type.
type FunctionImpl<'f> = dyn Fn(&[Value], &Type) -> Result<Value, FunctionError> + 'f;

fn apply_rules(
    name: &str,
    params: &[Param],
    var_param: Option<&Param>,
    wholly_known: bool,
    args: &[Value],
    ret: &dyn Fn(&[Value]) -> Result<Type, FunctionError>,
    imp: &FunctionImpl<'_>,
) -> Result<Value, FunctionError> {
    if args.len() < params.len() {
        let at_least = if var_param.is_some() { " at least" } else { "" };
        return Err(FunctionError {
            summary: "Not enough function arguments".into(),
            detail: format!(
                "Function \"{name}\" expects{at_least} {} argument(s). Missing value for \"{}\".",
                params.len(),
                params[args.len()].name
            ),
            arg: None,
        });
    }
    if var_param.is_none() && args.len() > params.len() {
        return Err(FunctionError {
            summary: "Too many function arguments".into(),
            detail: format!(
                "Function \"{name}\" expects only {} argument(s).",
                params.len()
            ),
            arg: Some(params.len()),
        });
    }
    let param_of = |i: usize| params.get(i).or(var_param).expect("arity checked");

    let mut converted = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let p = param_of(i);
        let failed = |e: super::types::ConversionError| {
            FunctionError::arg(i, p.name, quoted_shown(&e.message))
        };
        converted.push(convert(a, &p.ty).map_err(failed)?);
    }

    let mut dynamic_arg = false;
    for (i, a) in converted.iter().enumerate() {
        let p = param_of(i);
        if a.is_null() && !p.allow_null {
            return Err(FunctionError::arg(i, p.name, "argument must not be null"));
        }
        if a.ty() == Type::Dynamic && !p.allow_dynamic {
            dynamic_arg = true;
        }
    }

    let mut marked = false;
    let mut unknown = dynamic_arg;
    let mut plain = Vec::with_capacity(converted.len());
    for (i, a) in converted.into_iter().enumerate() {
        let p = param_of(i);
        let a = if p.allow_marked {
            let (v, m) = a.into_unmarked();
            marked |= m;
            v
        } else {
            let (v, m) = a.unmark_deep();
            marked |= m;
            v
        };
        if (a.is_unknown() && !p.allow_unknown) || (wholly_known && !a.is_wholly_known()) {
            unknown = true;
        }
        plain.push(a);
    }
    if unknown {
        let ty = if dynamic_arg {
            Type::Dynamic
        } else {
            ret(&plain)?
        };
        return Ok(Value::Unknown(ty, None).mark_if(marked));
    }
    let ty = ret(&plain)?;
    Ok(imp(&plain, &ty)?.mark_if(marked))
}

/// A list of `t`.
pub(crate) fn list_of(t: Type) -> Type {
    Type::List(Box::new(t))
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;

    pub(crate) fn ctx() -> FunctionContext<'static> {
        FunctionContext {
            base_dir: Path::new("."),
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: Host::UNKNOWN,
        }
    }

    /// Calls a function through the dispatcher.
    pub(crate) fn run(name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        call(name, args, &ctx())
    }

    pub(crate) fn s(x: &str) -> Value {
        Value::string(x)
    }
    pub(crate) fn n(x: i64) -> Value {
        Value::int(x)
    }
    pub(crate) fn f(x: f64) -> Value {
        Value::Number(Number::from_f64(x))
    }
    pub(crate) fn b(x: bool) -> Value {
        Value::Bool(x)
    }
    pub(crate) fn tup(items: Vec<Value>) -> Value {
        Value::Tuple(items.into())
    }
    pub(crate) fn list(t: Type, items: Vec<Value>) -> Value {
        Value::List(t, items.into())
    }
    pub(crate) fn obj(items: Vec<(&str, Value)>) -> Value {
        Value::Object(items.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }
    pub(crate) fn map(t: Type, items: Vec<(&str, Value)>) -> Value {
        Value::Map(
            t,
            items.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        )
    }
    pub(crate) fn strs(items: &[&str]) -> Value {
        Value::List(Type::String, items.iter().map(|x| s(x)).collect())
    }
    /// The error's detail, for comparing with Terraform's text.
    pub(crate) fn err(r: Result<Value, FunctionError>) -> String {
        match r {
            Err(e) => format!("{}: {}", e.summary, e.detail),
            Ok(v) => panic!("expected an error, got {v:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

    #[test]
    fn shared_rules() {
        // What the case shows, the function, its arguments, and its result
        // or its error as "summary: detail".
        type Case<'a> = (&'a str, &'a str, Vec<Value>, Result<Value, &'a str>);
        let cases: Vec<Case> = vec![
            (
                "argument converted to the parameter type",
                "upper",
                vec![n(3)],
                Ok(s("3")),
            ),
            (
                "missing argument",
                "upper",
                vec![],
                Err(
                    "Not enough function arguments: Function \"upper\" expects 1 argument(s). Missing value for \"str\".",
                ),
            ),
            (
                "extra argument",
                "upper",
                vec![n(1), n(2)],
                Err("Too many function arguments: Function \"upper\" expects only 1 argument(s)."),
            ),
            (
                "null rejected",
                "upper",
                vec![Value::null()],
                Err(
                    "Invalid function argument: Invalid value for \"str\" parameter: argument must not be null.",
                ),
            ),
            (
                "unknown gives a typed unknown",
                "upper",
                vec![Value::Unknown(Type::String, None)],
                Ok(Value::Unknown(Type::String, None)),
            ),
            (
                "sensitive argument marks the result",
                "upper",
                vec![s("a").mark()],
                Ok(s("A").mark()),
            ),
            (
                "unconvertible argument",
                "upper",
                vec![tup(vec![n(1)])],
                Err(
                    "Invalid function argument: Invalid value for \"str\" parameter: string required.",
                ),
            ),
            (
                "unknown function",
                "nosuch",
                vec![],
                Err("Call to unknown function: There is no function named \"nosuch\"."),
            ),
        ];
        for (what, name, args, want) in cases {
            let got = run(name, args);
            match want {
                Ok(v) => assert_eq!(got, Ok(v), "{what}"),
                Err(e) => assert_eq!(err(got), e, "{what}"),
            }
        }
    }

    /// Unknown arguments: an unknown of the result type, unless the
    /// function can answer anyway (length of a tuple, type of a conversion).
    #[test]
    fn unknown_arguments() {
        let unk = |t| Value::Unknown(t, None);
        let list_s = || list_of(Type::String);
        let cases: Vec<(&str, Vec<Value>, Value)> = vec![
            ("upper", vec![unk(Type::String)], unk(Type::String)),
            (
                "format",
                vec![s("%s"), unk(Type::String)],
                unk(Type::String),
            ),
            ("length", vec![tup(vec![unk(Type::String), n(1)])], n(2)),
            ("length", vec![unk(list_s())], unk(Type::Number)),
            (
                "keys",
                vec![unk(Type::Map(Box::new(Type::String)))],
                unk(list_s()),
            ),
            (
                "coalesce",
                vec![unk(Type::String), s("a")],
                unk(Type::String),
            ),
            (
                "tolist",
                vec![unk(Type::Tuple(vec![Type::String, Type::String]))],
                unk(list_s()),
            ),
            ("tostring", vec![unk(Type::Dynamic)], unk(Type::String)),
            ("join", vec![s(","), unk(list_s())], unk(Type::String)),
            ("split", vec![s(","), unk(Type::String)], unk(list_s())),
            ("max", vec![n(1), unk(Type::Number)], unk(Type::Number)),
            ("issensitive", vec![unk(Type::String)], b(false)),
            (
                "sensitive",
                vec![unk(Type::String)],
                unk(Type::String).mark(),
            ),
            (
                "upper",
                vec![unk(Type::String).mark()],
                unk(Type::String).mark(),
            ),
            (
                "slice",
                vec![strs(&["a"]), unk(Type::Number), n(1)],
                unk(list_s()),
            ),
            (
                "slice",
                vec![tup(vec![s("a")]), n(0), unk(Type::Number)],
                unk(Type::Dynamic),
            ),
            (
                "element",
                vec![tup(vec![s("a")]), unk(Type::Number)],
                unk(Type::Dynamic),
            ),
            (
                "element",
                vec![strs(&["a"]), unk(Type::Number)],
                unk(Type::String),
            ),
            (
                "regex",
                vec![s("(a)"), unk(Type::String)],
                unk(Type::Tuple(vec![Type::String])),
            ),
            (
                "lookup",
                vec![obj(vec![("a", n(1))]), unk(Type::String)],
                unk(Type::Dynamic),
            ),
            (
                "zipmap",
                vec![unk(list_s()), tup(vec![n(1)])],
                unk(Type::Dynamic),
            ),
        ];
        for (name, args, want) in cases {
            assert_eq!(run(name, args.clone()), Ok(want), "{name}{args:?}");
        }
    }

    /// No function's error shows a sensitive argument: every function is
    /// called with secrets shaped to fail it (strings, numbers, whole
    /// collections), marked, in each place, beside plain arguments of the
    /// kinds functions take; no error may hold the secret's text.
    #[test]
    fn errors_never_show_a_sensitive_argument() {
        let secrets = [
            "SECRET",
            "%SECRET",
            "%9999999SECRET",
            "SECRET%",
            "%[9]SECRET",
            "10.0.0.0/SECRET",
            "SECRET/8",
            "10.0.0.0/33SECRET",
            "::SECRET/200",
            "2020-01-01TSECRET",
            "2020-01-01T00:00:00SECRET",
            "SECRET:00",
            "1hSECRET",
            "(SECRET",
            "[SECRET",
            "{\"SECRET\"",
            "a: [SECRET",
            "a: *SECRET",
            "!!SECRET x",
            "SECRET\"\n\"",
            "\"SECRET\",\"SECRET\"\na,b",
            "${SECRET",
            "SECRET[",
            "YYYYSECRET",
            "-----BEGIN SECRET-----",
        ];
        let mut values: Vec<Value> = secrets.iter().map(|x| s(x)).collect();
        values.extend([
            n(987654321987),
            f(0.987654321987),
            strs(&["SECRET", "%SECRET"]),
            tup(vec![s("SECRET"), n(987654321987)]),
            obj(vec![("SECRET", s("SECRET"))]),
            map(Type::String, vec![("SECRET", s("SECRET"))]),
        ]);
        let plain = [
            s("x"),
            n(1),
            n(-1),
            n(40),
            s("10.0.0.0/8"),
            s("2020-01-01T00:00:00Z"),
            s("%s"),
            s("1h"),
            strs(&["x"]),
            obj(vec![("x", n(1))]),
        ];
        // bcrypt of a string succeeds, slowly; its cost fails the same way.
        let names: Vec<&str> = names().into_iter().filter(|n| *n != "bcrypt").collect();
        let mut leaks = Vec::new();
        for name in names {
            for arity in 1..=3 {
                for at in 0..arity {
                    for secret in &values {
                        for other in &plain {
                            let mut args = vec![other.clone(); arity];
                            args[at] = secret.clone().mark();
                            let Err(e) = run(name, args.clone()) else {
                                continue;
                            };
                            let text = format!("{} {}", e.summary, e.detail).to_lowercase();
                            if text.contains("secret") || text.contains("987654321") {
                                leaks.push(format!("{name}{args:?}: {}", e.detail));
                            }
                        }
                    }
                }
            }
        }
        leaks.dedup_by(|a, b| a.split('[').next() == b.split('[').next());
        assert!(leaks.is_empty(), "{}", leaks.join("\n"));
    }

    /// What terraform shows where it hides a value, and what it shows
    /// without one (the quoted text as given).
    #[test]
    fn a_sensitive_argument_is_hidden_where_its_error_quotes_it() {
        let got = err(run("cidrhost", vec![s("10.0.0.0/33").mark(), n(1)]));
        assert_eq!(
            got,
            "Error in function call: Call to function \"cidrhost\" failed: invalid CIDR expression: invalid CIDR address: (sensitive value)."
        );
        let got = err(run("cidrhost", vec![s("10.0.0.0/33"), n(1)]));
        assert!(got.ends_with("invalid CIDR address: 10.0.0.0/33."), "{got}");
        assert_eq!(resolve_shown(&quote("a\u{f8ff}b"), false), "\"a\\uf8ffb\"");
        assert_eq!(
            resolve_shown(&shown("a\u{f8ff}b"), true),
            "(sensitive value)"
        );
    }

    #[test]
    fn every_family_lists_its_names() {
        let all = names();
        for n in ["upper", "max", "flatten", "tostring", "regexall"] {
            assert!(all.contains(&n), "{n} missing");
        }
    }
}

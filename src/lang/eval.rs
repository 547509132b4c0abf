//! Expression evaluation. References are resolved by a [`Scope`], which
//! knows what `var.x`, `module.m` or `aws_instance.web` mean where the
//! expression sits; everything else (operators, templates, `for`, splats,
//! function calls) is here. Unknown values flow through every operation and
//! sensitive marks travel with every derived value.

use std::collections::BTreeMap;

use crate::diagnostics::{Diagnostic, Diagnostics, Severity, SourceRange};
use crate::syntax::ast::{
    BinaryOp, Expr, ExprKind, ForExpr, Literal, TemplatePart, Traverser, UnaryOp,
};

use super::functions::{self, FunctionContext, FunctionError, MAX_STRING_BYTES};
use super::number::Number;
use super::types::{convert, unify_unsafe};
use super::unknown::{Op, Origin};
use super::value::{Type, Value};

pub(crate) type EvalResult = Result<Value, Diagnostics>;

/// Resolves references for the evaluator.
pub(crate) trait Scope {
    /// Resolves `root` followed by `steps`: returns the value and how many
    /// of the steps it consumed (at least none; the evaluator applies the
    /// rest). `ev` evaluates index expressions inside the steps.
    fn reference(
        &self,
        root: &str,
        range: &SourceRange,
        steps: &[Traverser],
        ev: &Eval,
    ) -> Result<(Value, usize), Diagnostics>;

    /// What functions need from here (the module directory, plan mode).
    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError>;

    /// `root.steps[*].attr`, when the scope can answer it without the
    /// whole value of `root.steps` (every object of a resource, each with
    /// every attribute, to read one): the tuple the splat would give, or
    /// None to evaluate it as usual.
    fn splat_attr(
        &self,
        _root: &str,
        _steps: &[Traverser],
        _attr: &str,
    ) -> Option<Result<Value, Diagnostics>> {
        None
    }

    /// The count of text built that this scope's evaluations share (a
    /// run's, against [`MAX_TEXT_BYTES`]), or None for each expression
    /// its own.
    fn text_built(&self) -> Option<&std::cell::Cell<u64>> {
        None
    }
}

/// The scope of constant expressions (tfvars files, `-var` values,
/// `.minimod.hcl`): functions, but nothing to refer to.
pub(crate) struct ConstantScope;

impl Scope for ConstantScope {
    fn reference(
        &self,
        _: &str,
        range: &SourceRange,
        _: &[Traverser],
        _: &Eval,
    ) -> Result<(Value, usize), Diagnostics> {
        Err(
            Diagnostic::error("Variables not allowed", "Variables may not be used here.")
                .at(range)
                .into(),
        )
    }

    fn with_function_context(
        &self,
        f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
    ) -> Result<Value, FunctionError> {
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

/// An evaluation: a scope plus the symbols `for` expressions and template
/// `for` directives bind.
pub(crate) struct Eval<'s> {
    pub scope: &'s dyn Scope,
    symbols: Vec<(String, Value)>,
    /// `for` iterations so far in this expression, shared by the nested
    /// evaluations of its bodies.
    iterations: std::rc::Rc<std::cell::Cell<u64>>,
    /// Bytes of text built, where the scope does not count them.
    text: std::rc::Rc<std::cell::Cell<u64>>,
}

/// The most `for` iterations one expression may run. Terraform has no
/// limit and runs until the machine gives out; nested `for`s over
/// `range(1024)` reach a billion. This is about a second of work, and
/// five times what the 100 000-instance benchmark needs.
pub(crate) const MAX_FOR_ITERATIONS: u64 = 1 << 20;

/// The most text a run's templates and string-building functions make in
/// all: 40 doublings across locals, or `format("%10000000d")` in a loop,
/// are each below the one-string bound and a terabyte together.
pub(crate) const MAX_TEXT_BYTES: u64 = 512 << 20;

/// The functions whose result can be longer than their arguments, whose
/// strings count against [`MAX_TEXT_BYTES`].
const BUILDING_TEXT: &[&str] = &[
    "base64encode",
    "format",
    "formatlist",
    "indent",
    "join",
    "jsonencode",
    "replace",
    "templatefile",
    "textencodebase64",
    "urlencode",
    "yamlencode",
];

/// One part of a template as an unknown result's origin names it: text
/// already written (a range of the output, and whether it was marked),
/// kept as a range so that a known template copies nothing; or the
/// unknown value.
enum Piece {
    Text(usize, usize, bool),
    Value(Value),
}

/// The bytes of a function's string result, or of a list's strings.
fn text_bytes(v: &Value) -> u64 {
    match v.as_str() {
        Some(s) => s.len() as u64,
        None => (v.as_sequence().unwrap_or_default().iter())
            .map(|x| x.as_str().map_or(0, |s| s.len() as u64))
            .sum(),
    }
}

fn err(summary: &str, detail: impl Into<String>, at: &SourceRange) -> Diagnostics {
    Diagnostic::error(summary, detail).at(at).into()
}

impl<'s> Eval<'s> {
    pub(crate) fn new(scope: &'s dyn Scope) -> Eval<'s> {
        Eval {
            scope,
            symbols: Vec::new(),
            iterations: Default::default(),
            text: Default::default(),
        }
    }

    /// The same evaluation with more symbols bound (for-expression
    /// variables, a `dynamic` block's iterator).
    pub(crate) fn with_symbols(&self, extra: Vec<(String, Value)>) -> Eval<'s> {
        let mut symbols = self.symbols.clone();
        symbols.extend(extra);
        Eval {
            scope: self.scope,
            symbols,
            iterations: self.iterations.clone(),
            text: self.text.clone(),
        }
    }

    /// Counts one `for` iteration against [`MAX_FOR_ITERATIONS`].
    fn iteration(&self, range: &SourceRange) -> Result<(), Diagnostics> {
        let n = self.iterations.get() + 1;
        self.iterations.set(n);
        if n > MAX_FOR_ITERATIONS {
            return Err(err(
                "Too many iterations",
                format!(
                    "This expression's 'for' loops would run more than {MAX_FOR_ITERATIONS} times; minimod stops here rather than exhaust the machine."
                ),
                range,
            ));
        }
        Ok(())
    }

    /// Counts `bytes` of text built against [`MAX_TEXT_BYTES`].
    fn built(&self, bytes: u64, range: &SourceRange) -> Result<(), Diagnostics> {
        let count = self.scope.text_built().unwrap_or(&self.text);
        let n = count.get().saturating_add(bytes);
        count.set(n);
        if n > MAX_TEXT_BYTES {
            return Err(err(
                "Too much text",
                format!(
                    "The strings this configuration's templates and functions build come to more than {MAX_TEXT_BYTES} bytes; minimod stops here rather than exhaust the machine."
                ),
                range,
            ));
        }
        Ok(())
    }

    pub(crate) fn expr(&self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Literal(v) => Ok(Value::from(v)),
            ExprKind::Parens(x) => self.expr(x),
            ExprKind::TemplateWrap(x) => self.expr(x),
            ExprKind::Template(parts) => {
                let mut out = String::new();
                let mut marked = false;
                let mut unknown = false;
                let mut pieces = Some(Vec::with_capacity(parts.len()));
                self.template(
                    parts,
                    &e.range,
                    &mut out,
                    &mut marked,
                    &mut unknown,
                    &mut pieces,
                )?;
                self.built(out.len() as u64, &e.range)?;
                let v = if unknown {
                    let pieces = pieces.map(|p| {
                        p.into_iter()
                            .map(|piece| match piece {
                                Piece::Text(from, to, m) => {
                                    Value::string(&out[from..to]).mark_if(m)
                                }
                                Piece::Value(v) => v,
                            })
                            .collect()
                    });
                    let origin = pieces.and_then(|p| Origin::derived(Op::Template, p));
                    Value::Unknown(Type::String, origin)
                } else {
                    Value::String(out)
                };
                Ok(v.mark_if(marked))
            }
            ExprKind::Tuple(items) => Ok(Value::Tuple(
                items
                    .iter()
                    .map(|i| self.expr(i))
                    .collect::<Result<_, _>>()?,
            )),
            ExprKind::Object(items) => self.object(items),
            ExprKind::Variable(name) => self.traversal_from_root(name, &e.range, &[]),
            ExprKind::Traversal(root, steps) => match &root.kind {
                ExprKind::Variable(name) => self.traversal_from_root(name, &root.range, steps),
                _ => {
                    let v = self.expr(root)?;
                    self.apply_steps(v, steps)
                }
            },
            ExprKind::Splat { source, each } => self.splat(source, each),
            ExprKind::FuncCall {
                name,
                args,
                expand_final,
            } => {
                // `core::` names the built-in functions (terraform 1.8).
                let name = name.strip_prefix("core::").unwrap_or(name);
                self.call(name, args, *expand_final, &e.range)
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => self.conditional(cond, then, otherwise, &e.range),
            ExprKind::Unary(op, x) => self.unary(*op, x),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, &e.range),
            ExprKind::For(f) => self.for_expr(f, &e.range),
            ExprKind::Invalid(diags) => Err(diags.clone()),
        }
    }

    fn traversal_from_root(
        &self,
        name: &str,
        range: &SourceRange,
        steps: &[Traverser],
    ) -> EvalResult {
        if let Some((_, v)) = self.symbols.iter().rev().find(|(n, _)| n == name) {
            return self.apply_steps(v.clone(), steps);
        }
        let (v, used) = self.scope.reference(name, range, steps, self)?;
        self.apply_steps(v, &steps[used..])
    }

    pub(crate) fn apply_steps(&self, mut v: Value, steps: &[Traverser]) -> EvalResult {
        for step in steps {
            v = match step {
                Traverser::Attr(name, range) => get_attr(v, name, range)?,
                Traverser::Index(ix) => {
                    let key = self.expr(ix)?;
                    index(v, &key, &ix.range)?
                }
            };
        }
        Ok(v)
    }

    fn object(&self, items: &[(Expr, Expr)]) -> EvalResult {
        // Collected, then sorted once: a literal may have thousands of keys.
        let mut out = Vec::with_capacity(items.len());
        let mut marked = false;
        let mut unknown_key = false;
        for (k, v) in items {
            // A name or a quoted string (`name = ...`), the usual key: no
            // value made to read it.
            if let ExprKind::Literal(Literal::String(key)) = &k.kind {
                out.push((key.clone(), self.expr(v)?));
                continue;
            }
            let key = self.expr(k)?;
            let (key, m) = key.into_unmarked();
            marked |= m;
            if key.is_null() {
                return Err(err(
                    "Null value as key",
                    "Can't use a null value as a key.",
                    &k.range,
                ));
            }
            if key.is_unknown() {
                unknown_key = true;
                continue;
            }
            // A string key (the usual `name = ...`) is taken as it is.
            let key = match key {
                Value::String(s) => s,
                key => convert(&key, &Type::String)
                    .map_err(|e| {
                        err(
                            "Incorrect key type",
                            format!("Can't use this value as a key: {e}."),
                            &k.range,
                        )
                    })?
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            };
            out.push((key, self.expr(v)?));
        }
        if unknown_key {
            return Ok(Value::unknown().mark_if(marked));
        }
        Ok(Value::Object(out.into_iter().collect()).mark_if(marked))
    }

    fn template(
        &self,
        parts: &[TemplatePart],
        range: &SourceRange,
        out: &mut String,
        marked: &mut bool,
        unknown: &mut bool,
        pieces: &mut Option<Vec<Piece>>,
    ) -> Result<(), Diagnostics> {
        // `pieces` keeps the parts in order, so that an unknown result can
        // name its origin; a directive decided by an unknown drops it.
        let piece = |pieces: &mut Option<Vec<Piece>>, v: Piece| {
            if let Some(p) = pieces {
                p.push(v);
            }
        };
        // Checked before each part is written: a template of two 64 MiB
        // strings is refused without building 128 MiB.
        let room = |out: &String, more: usize, at: &SourceRange| {
            if (out.len() as u64).saturating_add(more as u64) > MAX_STRING_BYTES {
                return Err(err(
                    "String too long",
                    format!(
                        "This template would build a string of more than {MAX_STRING_BYTES} bytes; minimod stops here rather than exhaust the machine."
                    ),
                    at,
                ));
            }
            Ok(())
        };
        for p in parts {
            match p {
                TemplatePart::Literal(s) => {
                    room(out, s.len(), range)?;
                    let from = out.len();
                    out.push_str(s);
                    piece(pieces, Piece::Text(from, out.len(), false));
                }
                TemplatePart::Interp(e) => {
                    let v = self.expr(e)?;
                    let (v, m) = v.into_unmarked();
                    *marked |= m;
                    if v.is_unknown() {
                        *unknown = true;
                        piece(pieces, Piece::Value(v.mark_if(m)));
                        continue;
                    }
                    if v.is_null() {
                        return Err(err(
                            "Invalid template interpolation value",
                            "The expression result is null. Cannot include a null value in a string template.",
                            &e.range,
                        )
                        .in_context(range));
                    }
                    // A string is written as it is, without a converted copy.
                    let converted = match v {
                        Value::String(_) => Ok(v),
                        v => convert(&v, &Type::String),
                    };
                    match converted {
                        Ok(s) => {
                            let (s, m2) = s.into_unmarked();
                            *marked |= m2;
                            match s {
                                Value::String(s) => {
                                    room(out, s.len(), &e.range)?;
                                    let from = out.len();
                                    out.push_str(&s);
                                    piece(pieces, Piece::Text(from, out.len(), m || m2));
                                }
                                _ => {
                                    *unknown = true;
                                    *pieces = None;
                                }
                            }
                        }
                        Err(_) => {
                            return Err(err(
                                "Invalid template interpolation value",
                                "Cannot include the given value in a string template: string required.",
                                &e.range,
                            )
                            .in_context(range));
                        }
                    }
                }
                TemplatePart::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let c = self.expr(cond)?;
                    let (c, m) = c.into_unmarked();
                    *marked |= m;
                    if c.is_unknown() {
                        *unknown = true;
                        *pieces = None;
                        continue;
                    }
                    // HCL reads `%{if}` as a conditional expression, with its errors.
                    let b = match convert(&c, &Type::Bool) {
                        Ok(Value::Bool(b)) => b,
                        _ if c.is_null() => {
                            return Err(err(
                                "Null condition",
                                "The condition value is null. Conditions must either be true or false.",
                                &cond.range,
                            ));
                        }
                        _ => {
                            return Err(err(
                                "Incorrect condition type",
                                "The condition expression must be of type bool.",
                                &cond.range,
                            ));
                        }
                    };
                    self.template(
                        if b { then } else { otherwise },
                        range,
                        out,
                        marked,
                        unknown,
                        pieces,
                    )?;
                }
                TemplatePart::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                } => {
                    let coll = self.expr(collection)?;
                    let (coll, m) = coll.into_unmarked();
                    *marked |= m;
                    if !coll.is_wholly_known() && coll.is_unknown() {
                        *unknown = true;
                        *pieces = None;
                        continue;
                    }
                    let Some(pairs) = iterate(&coll) else {
                        return Err(err(
                            "Invalid template for directive",
                            format!(
                                "A for directive can only iterate over a list, set, tuple, map or object, not a value of type {}.",
                                coll.ty().friendly_name()
                            ),
                            &collection.range,
                        ));
                    };
                    for (k, v) in pairs {
                        self.iteration(&collection.range)?;
                        let mut syms = vec![(value_var.clone(), v)];
                        if let Some(kv) = key_var {
                            syms.insert(0, (kv.clone(), k));
                        }
                        self.with_symbols(syms)
                            .template(body, range, out, marked, unknown, pieces)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn splat(&self, source: &Expr, each: &[Traverser]) -> EvalResult {
        if let (ExprKind::Traversal(root, steps), Some(Traverser::Attr(attr, _))) =
            (&source.kind, each.first())
            && let ExprKind::Variable(name) = &root.kind
            && !self.symbols.iter().any(|(n, _)| n == name)
            && let Some(v) = self.scope.splat_attr(name, steps, attr)
        {
            return match (v?, &each[1..]) {
                (v, []) => Ok(v),
                (Value::Tuple(items), rest) => Ok(Value::Tuple(
                    items
                        .iter()
                        .map(|i| self.apply_steps(i.clone(), rest))
                        .collect::<Result<_, _>>()?,
                )),
                // Not a tuple: the splat of a single value.
                (v, rest) => Ok(Value::Tuple(vec![self.apply_steps(v, rest)?].into())),
            };
        }
        let v = self.expr(source)?;
        let (v, marked) = v.into_unmarked();
        let each_of = |items: Vec<Value>| -> Result<Vec<Value>, Diagnostics> {
            items
                .into_iter()
                .map(|i| self.apply_steps(i, each))
                .collect()
        };
        // A list or set gives a list, a tuple a tuple (HCL's splat).
        let result = match v {
            Value::Null(_) => Value::Tuple(Vec::new().into()),
            Value::Unknown(..) => Value::unknown(),
            Value::Tuple(items) => Value::Tuple((each_of(items.into_inner())?).into()),
            Value::List(_, items) | Value::Set(_, items) => {
                let items = each_of(items.into_inner())?;
                let elem = items.first().map(Value::ty).unwrap_or(Type::Dynamic);
                Value::List(elem, items.into())
            }
            // A splat on a single value wraps it in a one-element tuple.
            other => Value::Tuple(vec![self.apply_steps(other, each)?].into()),
        };
        Ok(result.mark_if(marked))
    }

    fn call(
        &self,
        name: &str,
        args: &[Expr],
        expand_final: bool,
        range: &SourceRange,
    ) -> EvalResult {
        match name {
            "try" => return self.try_call(args, range),
            "can" => return self.can_call(args, range),
            "templatestring" => return self.templatestring(args, range),
            _ => {}
        }
        let mut values = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let v = self.expr(a)?;
            if expand_final && i + 1 == args.len() {
                let (v, marked) = v.into_unmarked();
                match v {
                    Value::List(_, items) | Value::Tuple(items) | Value::Set(_, items) => {
                        values.extend(items.into_iter().map(|x| x.mark_if(marked)))
                    }
                    Value::Unknown(..) => return Ok(Value::unknown()),
                    _ => {
                        return Err(err(
                            "Invalid expanding argument value",
                            "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                            &a.range,
                        ));
                    }
                }
            } else {
                values.push(v);
            }
        }
        let mut values = Some(values);
        let v = self
            .scope
            .with_function_context(&mut |ctx| {
                functions::call(name, values.take().unwrap_or_default(), ctx)
            })
            .map_err(|fe| {
                let at = match fe.arg.and_then(|i| args.get(i)) {
                    Some(a) => a.range.clone(),
                    None => call_name_range(range, name, fe.summary != "Call to unknown function"),
                };
                Diagnostics::from(
                    Diagnostic::error(fe.summary, fe.detail)
                        .at(&at)
                        .in_context(range),
                )
            })?;
        if BUILDING_TEXT.contains(&name) {
            self.built(text_bytes(&v), range)?;
        }
        Ok(v)
    }

    /// `templatestring(template, vars)`: renders a template held in a
    /// value, with only `vars` in scope (like `templatefile`).
    fn templatestring(&self, args: &[Expr], range: &SourceRange) -> EvalResult {
        if args.len() != 2 {
            let (summary, detail) = if args.len() < 2 {
                (
                    "Not enough function arguments",
                    format!(
                        "Function \"templatestring\" expects 2 argument(s). Missing value for \"{}\".",
                        if args.is_empty() { "template" } else { "vars" }
                    ),
                )
            } else {
                (
                    "Too many function arguments",
                    "Function \"templatestring\" expects only 2 argument(s).".to_string(),
                )
            };
            return Err(err(summary, detail, range));
        }
        let template = self.expr(&args[0])?;
        let vars = self.expr(&args[1])?;
        let (template, m1) = template.into_unmarked();
        let (vars, m2) = vars.unmark_deep();
        if template.is_unknown() || !vars.is_wholly_known() {
            return Ok(Value::Unknown(Type::String, None).mark_if(m1 || m2));
        }
        let Some(text) = template.as_str() else {
            return Err(err(
                "Invalid function argument",
                "Invalid value for \"template\" parameter: a string is required.",
                &args[0].range,
            ));
        };
        let Some(vars) = vars.as_mapping().cloned() else {
            return Err(err(
                "Invalid function argument",
                "Invalid value for \"vars\" parameter: must be a map.",
                &args[1].range,
            ));
        };
        let text = text.to_string();
        let v = self
            .scope
            .with_function_context(&mut |ctx| match ctx.render_template {
                Some(render) => render(&text, "<templatestring argument>", &vars),
                None => Err(FunctionError::call(
                    "templatestring",
                    "templates cannot be rendered here",
                )),
            })
            .map(|v| v.mark_if(m1 || m2))
            .map_err(|fe| {
                let at = fe
                    .arg
                    .and_then(|i| args.get(i))
                    .map(|a| &a.range)
                    .unwrap_or(range);
                Diagnostics::from(Diagnostic::error(fe.summary, fe.detail).at(at))
            })?;
        // Like the functions of BUILDING_TEXT: a template can multiply text.
        self.built(text_bytes(&v), range)?;
        Ok(v)
    }

    fn try_call(&self, args: &[Expr], range: &SourceRange) -> EvalResult {
        if args.is_empty() {
            return Err(err(
                "Not enough function arguments",
                "Function \"try\" expects at least one argument.",
                range,
            ));
        }
        let mut failures = Vec::new();
        for a in args {
            match self.expr(a) {
                Ok(v) if !v.is_wholly_known() => {
                    // An unknown result might still fail later: the whole try
                    // is unknown, standing for that first result.
                    let origin = Origin::derived(Op::Call("try".into()), vec![v]);
                    return Ok(Value::Unknown(Type::Dynamic, origin));
                }
                Ok(v) => return Ok(v),
                Err(d) => failures.extend(d.0),
            }
        }
        Err(err(
            "Error in function call",
            format!(
                "Call to function \"try\" failed: {}.",
                try_failure_message(&failures)
            ),
            range,
        ))
    }

    fn can_call(&self, args: &[Expr], range: &SourceRange) -> EvalResult {
        if args.len() != 1 {
            return Err(err(
                "Not enough function arguments",
                "Function \"can\" expects 1 argument(s). Missing value for \"expression\".",
                range,
            ));
        }
        match self.expr(&args[0]) {
            Ok(v) if !v.is_wholly_known() => Ok(Value::Unknown(Type::Bool, None)),
            Ok(_) => Ok(Value::Bool(true)),
            Err(_) => Ok(Value::Bool(false)),
        }
    }

    /// HCL's conditional: both results are evaluated and unified to one
    /// type (unsafely: `true ? "a" : 1` is a string), and the result carries
    /// the marks of the condition and of both results.
    /// Its errors are quoted in the whole conditional (`range`).
    fn conditional(
        &self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        range: &SourceRange,
    ) -> EvalResult {
        let a = self.expr(then);
        let b = self.expr(otherwise);
        let (ta, tb) = match (&a, &b) {
            (Ok(a), Ok(b)) => (a.ty(), b.ty()),
            _ => (Type::Dynamic, Type::Dynamic),
        };
        let ty = if a.is_ok() && b.is_ok() {
            unify_unsafe(&[ta.clone(), tb.clone()]).ok_or_else(|| {
                err(
                    "Inconsistent conditional result types",
                    format!(
                        "The true and false result expressions must have consistent types. The 'true' value is {}, but the 'false' value is {}.",
                        ta.friendly_name(),
                        tb.friendly_name()
                    ),
                    &then.range.to(&otherwise.range),
                )
                .in_context(range)
            })?
        } else {
            Type::Dynamic
        };
        let c = self.expr(cond)?;
        let (c, cond_marked) = c.into_unmarked();
        if c.is_null() {
            return Err(err(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                &cond.range,
            )
            .in_context(range));
        }
        let marked = cond_marked
            || a.as_ref().is_ok_and(Value::is_marked)
            || b.as_ref().is_ok_and(Value::is_marked);
        if c.is_unknown() {
            // Which side is not known; the origin says it is this choice
            // over these values, so that the same condition over the same
            // unknowns compares equal in a refactor.
            let origin = match (&a, &b) {
                (Ok(a), Ok(b)) => Origin::derived(Op::Conditional, vec![c, a.clone(), b.clone()]),
                _ => None,
            };
            return Ok(Value::Unknown(ty, origin).mark_if(marked));
        }
        let chosen_true = match convert(&c, &Type::Bool) {
            Ok(v) => v.as_bool().unwrap_or(false),
            Err(_) => {
                return Err(err(
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    &cond.range,
                )
                .in_context(range));
            }
        };
        let (chosen, expr) = if chosen_true {
            (a?, then)
        } else {
            (b?, otherwise)
        };
        let (chosen, _) = chosen.into_unmarked();
        let v = match &ty {
            Type::Dynamic => chosen,
            t => convert(&chosen, t).map_err(|e| {
                err(
                    "Inconsistent conditional result types",
                    format!(
                        "The {} result value is not compatible with the result type: {e}.",
                        if chosen_true { "true" } else { "false" }
                    ),
                    &expr.range,
                )
                .in_context(range)
            })?,
        };
        Ok(v.mark_if(marked))
    }

    fn unary(&self, op: UnaryOp, x: &Expr) -> EvalResult {
        let v = self.expr(x)?;
        let (v, marked) = v.into_unmarked();
        let want = match op {
            UnaryOp::Neg => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        if v.is_unknown() {
            return Ok(Value::Unknown(want, None).mark_if(marked));
        }
        let converted = if v.is_null() {
            None
        } else {
            convert(&v, &want).ok()
        };
        let out = match (op, converted) {
            (UnaryOp::Neg, Some(Value::Number(n))) => Value::Number(n.neg()),
            (UnaryOp::Not, Some(Value::Bool(b))) => Value::Bool(!b),
            _ => {
                return Err(err(
                    "Invalid operand",
                    format!(
                        "Unsuitable value for unary operand: {}.",
                        requirement(&want, &v)
                    ),
                    &x.range,
                ));
            }
        };
        Ok(out.mark_if(marked))
    }

    fn binary(&self, op: BinaryOp, a: &Expr, b: &Expr, range: &SourceRange) -> EvalResult {
        let lhs = self.expr(a)?;
        let rhs = self.expr(b)?;
        let (lhs, m1) = lhs.into_unmarked();
        let (rhs, m2) = rhs.into_unmarked();
        let marked = m1 || m2;
        let derived = || Origin::derived(Op::Binary(symbol(op)), vec![lhs.clone(), rhs.clone()]);
        let out = match op {
            BinaryOp::Eq | BinaryOp::NotEq => {
                // cty settles a comparison with null before looking inside
                // the other side: a known non-null value differs from null
                // whatever unknowns it holds (`var.grants != null`).
                let eq = match (lhs.is_null(), rhs.is_null()) {
                    (true, true) => Some(true),
                    (true, false) if !rhs.is_unknown() => Some(false),
                    (false, true) if !lhs.is_unknown() => Some(false),
                    _ if shapes_conflict(&lhs, &rhs) => Some(false),
                    _ if !lhs.is_wholly_known() || !rhs.is_wholly_known() => None,
                    _ => Some(values_equal(&lhs, &rhs)),
                };
                match eq {
                    Some(eq) => Value::Bool(if op == BinaryOp::Eq { eq } else { !eq }),
                    None => Value::Unknown(Type::Bool, derived()),
                }
            }
            BinaryOp::And | BinaryOp::Or => {
                let l = operand(&lhs, &Type::Bool, "left", a, range)?;
                let r = operand(&rhs, &Type::Bool, "right", b, range)?;
                match (l.as_bool(), r.as_bool()) {
                    (Some(x), Some(y)) => {
                        Value::Bool(if op == BinaryOp::And { x && y } else { x || y })
                    }
                    // Short-circuit knowledge: false && unknown is still false.
                    (Some(false), None) | (None, Some(false)) if op == BinaryOp::And => {
                        Value::Bool(false)
                    }
                    (Some(true), None) | (None, Some(true)) if op == BinaryOp::Or => {
                        Value::Bool(true)
                    }
                    _ => Value::Unknown(Type::Bool, derived()),
                }
            }
            _ => {
                let l = operand(&lhs, &Type::Number, "left", a, range)?;
                let r = operand(&rhs, &Type::Number, "right", b, range)?;
                let (Some(x), Some(y)) = (l.as_number().cloned(), r.as_number().cloned()) else {
                    let t = match op {
                        BinaryOp::Add
                        | BinaryOp::Sub
                        | BinaryOp::Mul
                        | BinaryOp::Div
                        | BinaryOp::Mod => Type::Number,
                        _ => Type::Bool,
                    };
                    return Ok(Value::Unknown(t, derived()).mark_if(marked));
                };
                // Go's big.Float panics where these give NaN; cty's
                // operator functions turn the panic into these messages.
                let (n, nan_msg) = match op {
                    BinaryOp::Add => (
                        x.clone().add(y.clone()),
                        "can't compute sum of opposing infinities",
                    ),
                    BinaryOp::Sub => (
                        x.clone().sub(y.clone()),
                        "can't subtract infinity from itself",
                    ),
                    BinaryOp::Mul => (x.clone().mul(y.clone()), "can't multiply zero by infinity"),
                    BinaryOp::Div => (
                        x.clone().div(y.clone()),
                        "can't divide zero by zero or infinity by infinity",
                    ),
                    BinaryOp::Mod => (
                        x.clone().rem(y.clone()),
                        "can't use modulo with zero and infinity",
                    ),
                    _ => (Number::from_i64(0), ""),
                };
                if n.is_nan() {
                    return Err(err(
                        "Operation failed",
                        format!("Error during operation: {nan_msg}."),
                        range,
                    ));
                }
                match op {
                    BinaryOp::Add
                    | BinaryOp::Sub
                    | BinaryOp::Mul
                    | BinaryOp::Div
                    | BinaryOp::Mod => Value::Number(n),
                    BinaryOp::Less => Value::Bool(x < y),
                    BinaryOp::LessEq => Value::Bool(x <= y),
                    BinaryOp::Greater => Value::Bool(x > y),
                    BinaryOp::GreaterEq => Value::Bool(x >= y),
                    _ => unreachable!("handled above"),
                }
            }
        };
        Ok(out.mark_if(marked))
    }

    fn for_expr(&self, f: &ForExpr, range: &SourceRange) -> EvalResult {
        let coll = self.expr(&f.collection)?;
        let (coll, marked) = coll.into_unmarked();
        if coll.is_null() {
            return Err(err(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                &f.collection.range,
            ));
        }
        if coll.is_unknown() {
            return Ok(Value::unknown().mark_if(marked));
        }
        let Some(pairs) = iterate(&coll) else {
            return Err(err(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    coll.ty().friendly_name()
                ),
                &f.collection.range,
            ));
        };
        let mut items = Vec::new();
        let mut objects: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        let mut unknown = false;
        for (k, v) in pairs {
            self.iteration(range)?;
            let mut syms = vec![(f.value_var.clone(), v)];
            if let Some(kv) = &f.key_var {
                syms.insert(0, (kv.clone(), k));
            }
            let inner = self.with_symbols(syms);
            if let Some(c) = &f.cond {
                let cv = inner.expr(c)?;
                let (cv, _) = cv.into_unmarked();
                if cv.is_unknown() {
                    unknown = true;
                    continue;
                }
                match convert(&cv, &Type::Bool) {
                    Ok(Value::Bool(true)) => {}
                    Ok(Value::Bool(false)) => continue,
                    _ => {
                        return Err(err(
                            "Invalid 'for' condition",
                            "The 'if' clause value is invalid: a bool is required.",
                            &c.range,
                        ));
                    }
                }
            }
            match &f.key {
                None => items.push(inner.expr(&f.value)?),
                Some(ke) => {
                    let key = inner.expr(ke)?;
                    if key.is_unknown() {
                        unknown = true;
                        continue;
                    }
                    if key.is_null() {
                        return Err(err(
                            "Invalid object key",
                            "Key expression in 'for' expression must not produce a null value.",
                            &ke.range,
                        ));
                    }
                    let key = convert(&key, &Type::String).map_err(|e| {
                        err(
                            "Invalid object key",
                            format!("The key expression produced an invalid result: {e}."),
                            &ke.range,
                        )
                    })?;
                    let key = key.as_str().unwrap_or_default().to_string();
                    let value = inner.expr(&f.value)?;
                    let entry = objects.entry(key.clone()).or_default();
                    if !f.grouping && !entry.is_empty() {
                        return Err(err(
                            "Duplicate object key",
                            format!(
                                "Two different items produced the key {key:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
                            ),
                            &ke.range,
                        ));
                    }
                    entry.push(value);
                }
            }
        }
        let _ = range;
        if unknown {
            return Ok(Value::unknown().mark_if(marked));
        }
        let out = match &f.key {
            None => Value::Tuple(items.into()),
            Some(_) if f.grouping => Value::Object(
                objects
                    .into_iter()
                    .map(|(k, vs)| (k, Value::Tuple(vs.into())))
                    .collect(),
            ),
            Some(_) => Value::Object(
                objects
                    .into_iter()
                    .map(|(k, mut vs)| (k, vs.remove(0)))
                    .collect(),
            ),
        };
        Ok(out.mark_if(marked))
    }
}

/// Where HCL places an error about a call as a whole: the function's name,
/// and its opening parenthesis unless the function itself is unknown.
fn call_name_range(call: &SourceRange, name: &str, with_paren: bool) -> SourceRange {
    let mut end = call.start;
    let width = name.len() + usize::from(with_paren);
    end.column += name.chars().count() + usize::from(with_paren);
    end.byte += width;
    if end.byte > call.end.byte {
        return call.clone();
    }
    SourceRange {
        file: call.file.clone(),
        start: call.start,
        end,
    }
}

/// Why every argument of `try` failed, worded as HCL's `tryfunc` lists
/// them: each error's summary, where it happened and its detail.
fn try_failure_message(failures: &[Diagnostic]) -> String {
    let mut out = String::from("no expression succeeded:\n");
    for d in failures.iter().filter(|d| d.severity == Severity::Error) {
        match &d.subject {
            Some(at) => out += &format!("- {} (at {at})\n  {}\n", d.summary, d.detail),
            None => out += &format!("- {}\n  {}\n", d.summary, d.detail),
        }
    }
    out + "\nAt least one expression must produce a successful result"
}

/// cty's conversion error for `got` into `t`: a string that does not parse
/// says "a number is required"; any other kind says "number required".
fn requirement(t: &Type, got: &Value) -> String {
    match (t, got.unmark().0) {
        (Type::Number, Value::String(_)) => "a number is required".into(),
        (Type::Bool, Value::String(_)) => "a bool is required".into(),
        (t, _) => format!("{} required", t.friendly_name()),
    }
}

/// The operator as written, for an origin's text.
fn symbol(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Eq => "==",
        BinaryOp::NotEq => "!=",
        BinaryOp::Less => "<",
        BinaryOp::LessEq => "<=",
        BinaryOp::Greater => ">",
        BinaryOp::GreaterEq => ">=",
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Mod => "%",
        BinaryOp::And => "&&",
        BinaryOp::Or => "||",
    }
}

/// Converts an operand or reports it as terraform does.
/// The whole operation is the context the operand is quoted in.
fn operand(v: &Value, want: &Type, side: &str, e: &Expr, op: &SourceRange) -> EvalResult {
    if v.is_unknown() {
        return Ok(Value::Unknown(want.clone(), None));
    }
    if v.is_null() {
        return Err(err(
            "Operation failed",
            "Error during operation: argument must not be null.",
            &e.range,
        )
        .in_context(op));
    }
    convert(v, want).map_err(|_| {
        err(
            "Invalid operand",
            format!(
                "Unsuitable value for {side} operand: {}.",
                requirement(want, v)
            ),
            &e.range,
        )
        .in_context(op)
    })
}

/// The (key, value) pairs a `for` walks: index and element for sequences,
/// the element twice for sets, key and value for maps and objects.
pub(crate) fn iterate(v: &Value) -> Option<Vec<(Value, Value)>> {
    match v.unmark().0 {
        Value::List(_, items) | Value::Tuple(items) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, x)| (Value::int(i as i64), x.clone()))
                .collect(),
        ),
        Value::Set(_, items) => Some(items.iter().map(|x| (x.clone(), x.clone())).collect()),
        Value::Map(_, m) | Value::Object(m) => Some(
            m.iter()
                .map(|(k, x)| (Value::string(k.clone()), x.clone()))
                .collect(),
        ),
        _ => None,
    }
}

/// Deep equality as `==` has it: no conversion, so `1 == "1"` is false, but
/// a list and a tuple with equal elements are not equal either.
/// Whether two values can never be equal, whatever their unknown parts
/// turn out to be: objects with different attribute names, tuples of
/// different lengths, or known values of different kinds (a string and a
/// number, a list and a tuple), at any depth.
/// cty answers such comparisons with a known false (its types cannot
/// conform), while any other unknown part leaves the result unknown.
fn shapes_conflict(a: &Value, b: &Value) -> bool {
    let (a, _) = a.unmark();
    let (b, _) = b.unmark();
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            !x.keys().eq(y.keys())
                || x.values()
                    .zip(y.values())
                    .any(|(p, q)| shapes_conflict(p, q))
        }
        (Value::Tuple(x), Value::Tuple(y)) => {
            x.len() != y.len() || x.iter().zip(y).any(|(p, q)| shapes_conflict(p, q))
        }
        (Value::Unknown(..) | Value::Null(_), _) | (_, Value::Unknown(..) | Value::Null(_)) => {
            false
        }
        // A list never equals a tuple, nor a map an object.
        _ => std::mem::discriminant(a) != std::mem::discriminant(b),
    }
}

pub(crate) fn values_equal(a: &Value, b: &Value) -> bool {
    let (a, _) = a.unmark();
    let (b, _) = b.unmark();
    match (a, b) {
        (Value::Null(_), Value::Null(_)) => true,
        (Value::Null(_), _) | (_, Value::Null(_)) => false,
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::List(_, x), Value::List(_, y))
        | (Value::Tuple(x), Value::Tuple(y))
        | (Value::Set(_, x), Value::Set(_, y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| values_equal(p, q))
        }
        (Value::Map(_, x), Value::Map(_, y)) | (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((k1, v1), (k2, v2))| k1 == k2 && values_equal(v1, v2))
        }
        _ => a == b,
    }
}

/// `value.name`.
pub(crate) fn get_attr(v: Value, name: &str, range: &SourceRange) -> EvalResult {
    let (v, marked) = v.into_unmarked();
    let derived = |base: &Value| Origin::derived(Op::GetAttr(name.into()), vec![base.clone()]);
    let out = match v {
        Value::Unknown(Type::Object(ref attrs), _) => match attrs.get(name) {
            Some(t) => Value::Unknown(t.clone(), derived(&v)),
            None => return Err(unsupported_attr(name, range)),
        },
        Value::Unknown(..) => Value::Unknown(Type::Dynamic, derived(&v)),
        Value::Null(_) => {
            return Err(err(
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.",
                range,
            ));
        }
        // Read, not taken: the entries may be shared with other values.
        Value::Object(m) => match m.get(name) {
            Some(x) => x.clone(),
            None => return Err(unsupported_attr(name, range)),
        },
        Value::Map(_, m) => match m.get(name) {
            Some(x) => x.clone(),
            None => {
                return Err(err(
                    "Missing map element",
                    format!("This map does not have an element with the key \"{name}\"."),
                    range,
                ));
            }
        },
        Value::List(..) | Value::Tuple(_) | Value::Set(..) => {
            return Err(err(
                "Unsupported attribute",
                format!(
                    "Can't access attributes on a list of objects. Did you mean to access attribute \"{name}\" for a specific element of the list, or across all elements of the list?"
                ),
                range,
            ));
        }
        other => {
            return Err(err(
                "Unsupported attribute",
                format!(
                    "Can't access attributes on a primitive-typed value ({}).",
                    other.ty().friendly_name()
                ),
                range,
            ));
        }
    };
    Ok(out.mark_if(marked))
}

fn unsupported_attr(name: &str, range: &SourceRange) -> Diagnostics {
    err(
        "Unsupported attribute",
        format!("This object does not have an attribute named \"{name}\"."),
        range,
    )
}

/// `value[key]`.
pub(crate) fn index(v: Value, key: &Value, range: &SourceRange) -> EvalResult {
    let (v, m1) = v.into_unmarked();
    let (key, m2) = key.clone().into_unmarked();
    let marked = m1 || m2;
    if v.is_null() {
        return Err(err(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
            range,
        ));
    }
    if key.is_null() {
        return Err(err(
            "Invalid index",
            "Can't use a null value as an indexing key.",
            range,
        ));
    }
    if v.is_unknown() || key.is_unknown() {
        let origin = Origin::derived(Op::Index, vec![v, key]);
        return Ok(Value::Unknown(Type::Dynamic, origin).mark_if(marked));
    }
    let invalid = || {
        err(
            "Invalid index",
            "The given key does not identify an element in this collection value.",
            range,
        )
    };
    let out = match v {
        Value::List(_, items) | Value::Tuple(items) => {
            let n = convert(&key, &Type::Number)
                .ok()
                .and_then(|n| n.as_number().cloned())
                .ok_or_else(|| err("Invalid index", "The given key does not identify an element in this collection value: a number is required.", range))?;
            let i = n.as_i64().ok_or_else(|| err("Invalid index", "The given key does not identify an element in this collection value: indexing a sequence requires a whole number.", range))?;
            if i < 0 {
                return Err(err(
                    "Invalid index",
                    "The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence.",
                    range,
                ));
            }
            let len = items.len();
            // Read, not taken: the elements may be shared with other values.
            items.get(i as usize).cloned().ok_or_else(|| {
                // HCL explains only the index one past the end; any larger
                // index gets the plain message (terraform 1.11 console:
                // `[1][1]` vs `[1][2]`).
                if i as usize == len {
                    err("Invalid index", "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.", range)
                } else {
                    invalid()
                }
            })?
        }
        Value::Object(_) if matches!(key, Value::Number(_)) => {
            return Err(err(
                "Invalid index",
                "The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index.",
                range,
            ));
        }
        Value::Map(_, m) | Value::Object(m) => {
            let k = convert(&key, &Type::String).map_err(|_| invalid())?;
            let k = k.as_str().unwrap_or_default();
            m.get(k).cloned().ok_or_else(invalid)?
        }
        Value::Set(..) => {
            return Err(err(
                "Invalid index",
                "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
                range,
            ));
        }
        _ => {
            return Err(err(
                "Invalid index",
                "This value does not have any indices.",
                range,
            ));
        }
    };
    Ok(out.mark_if(marked))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::native::parse_expr;
    use crate::syntax::source::SourceFile;

    /// `m` is `{ a = 1 }`, `u` unknown (it stands for `a.b.id`), `s` a
    /// sensitive "x"; nothing else is in scope.
    struct Pieces;

    impl Scope for Pieces {
        fn reference(
            &self,
            root: &str,
            range: &SourceRange,
            _steps: &[Traverser],
            _ev: &Eval,
        ) -> Result<(Value, usize), Diagnostics> {
            match root {
                "m" => Ok((Value::Object([("a".to_string(), Value::int(1))].into()), 0)),
                "u" => Ok((Value::Unknown(Type::String, Some(a_b_id())), 0)),
                "s" => Ok((Value::string("x").mark(), 0)),
                _ => Err(err("Unknown variable", "", range)),
            }
        }

        fn with_function_context(
            &self,
            f: &mut dyn FnMut(&FunctionContext) -> Result<Value, FunctionError>,
        ) -> Result<Value, FunctionError> {
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

    fn a_b_id() -> Origin {
        Origin::attr("a.b", "id")
    }

    /// An unknown template's origin names each of its parts in order, the
    /// known ones as the text they wrote (marked where they were), the
    /// parts of a `for` directive each; a known template is its text.
    #[test]
    fn an_unknown_template_names_its_parts() {
        let eval = |text: &str| {
            let file = SourceFile::new("main.tf", text);
            let e = parse_expr(&file, text, 0).unwrap();
            Eval::new(&Pieces).expr(&e).unwrap()
        };
        let got = eval(r#""a-${s}-${1}%{for x in ["p", "q"]}${x}%{endfor}-${u}""#);
        let parts = vec![
            Value::string("a-"),
            Value::string("x").mark(),
            Value::string("-"),
            Value::string("1"),
            Value::string("p"),
            Value::string("q"),
            Value::string("-"),
            Value::Unknown(Type::String, Some(a_b_id())),
        ];
        let want = Value::Unknown(Type::String, Origin::derived(Op::Template, parts)).mark();
        assert_eq!(got, want);
        let known = eval(r#""a-${s}-${1}%{for x in ["p", "q"]}${x}%{endfor}""#);
        assert_eq!(known, Value::string("a-x-1pq").mark());
    }

    fn failure(text: &str) -> Diagnostic {
        let file = SourceFile::new("main.tf", text);
        let e = parse_expr(&file, text, 0).unwrap();
        let d = Eval::new(&Pieces).expr(&e).unwrap_err();
        d.0.into_iter().next().unwrap()
    }

    #[test]
    fn try_failure_lists_each_error_with_its_place() {
        // Expected texts from terraform 1.11 plan output for the same calls
        // (`local.m` there, columns shifted to this one-line source).
        let cases = [
            (
                "one failing call, placed at its name and parenthesis",
                r#"try(coalesce("", ""))"#,
                "Call to function \"try\" failed: no expression succeeded:\n- Error in function call (at main.tf:1,5-14)\n  Call to function \"coalesce\" failed: no non-null, non-empty-string arguments.\n\nAt least one expression must produce a successful result.",
            ),
            (
                "attribute step placed from its dot, unknown function at its bare name",
                "try(m.x, nosuch(1), upper(1, 2))",
                "Call to function \"try\" failed: no expression succeeded:\n- Unsupported attribute (at main.tf:1,6-8)\n  This object does not have an attribute named \"x\".\n- Call to unknown function (at main.tf:1,10-16)\n  There is no function named \"nosuch\".\n- Too many function arguments (at main.tf:1,30-31)\n  Function \"upper\" expects only 1 argument(s).\n\nAt least one expression must produce a successful result.",
            ),
        ];
        for (name, text, want) in cases {
            let d = failure(text);
            assert_eq!(d.summary, "Error in function call", "{name}");
            assert_eq!(d.detail, want, "{name}");
        }
    }

    #[test]
    fn out_of_range_index_explains_only_the_index_one_past_the_end() {
        // terraform 1.11 console, for tuples and lists alike.
        let plain = "The given key does not identify an element in this collection value.";
        let past_end = "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.";
        let cases = [
            ("tuple, index == length", "[1][1]", past_end),
            ("tuple, index beyond length", "[1][2]", plain),
            ("longer tuple, beyond length", "[1, 2, 3][5]", plain),
            ("list, index == length", "tolist([1])[1]", past_end),
            ("list, index beyond length", "tolist([1])[3]", plain),
        ];
        for (name, text, want) in cases {
            let d = failure(text);
            assert_eq!(
                (d.summary.as_str(), d.detail.as_str()),
                ("Invalid index", want),
                "{name}"
            );
        }
    }

    #[test]
    fn call_errors_without_an_argument_sit_on_the_function_name() {
        let cases = [
            ("failing call", r#"coalesce("", "")"#, "main.tf:1,1-10"),
            ("unknown function", "nosuch(1)", "main.tf:1,1-7"),
        ];
        for (name, text, want) in cases {
            let d = failure(text);
            assert_eq!(d.subject.unwrap().to_string(), want, "{name}");
        }
    }
}

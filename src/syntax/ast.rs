//! The one expression model both syntaxes are read into. Native HCL comes
//! from hcl-edit's tree (see `native`), JSON from Terraform's JSON rules
//! (see `json`); the evaluator only ever sees this.

use crate::diagnostics::SourceRange;
use std::collections::BTreeMap;

use crate::number::Number;

/// A constant as written: the expression model's own data, so that the
/// syntax layer needs no evaluation types. `lang` turns it into a `Value`.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Tuple(Vec<Literal>),
    Object(BTreeMap<String, Literal>),
}

impl Literal {
    pub fn string(s: impl Into<String>) -> Literal {
        Literal::String(s.into())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub range: SourceRange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A literal: null, bool, number or a string without interpolation
    /// (and, read from JSON where strings are not templates, a constant
    /// tuple or object).
    Literal(Literal),
    /// A string template. Literal pieces already have escapes, strip
    /// markers (`~`) and heredoc indentation applied.
    Template(Vec<TemplatePart>),
    /// `"${expr}"` and nothing else: the value itself, not its string form.
    TemplateWrap(Box<Expr>),
    Tuple(Vec<Expr>),
    /// Object constructor; a bare identifier key is a string literal key.
    Object(Vec<(Expr, Expr)>),
    /// A root name: `var`, `local`, `module`, `each`, `count`, `path`,
    /// a resource type, a for-expression symbol...
    Variable(String),
    /// Attribute access and indexing, left to right.
    Traversal(Box<Expr>, Vec<Traverser>),
    /// `source[*].rest` or `source.*.rest`: `each` applies to every element.
    Splat {
        source: Box<Expr>,
        each: Vec<Traverser>,
    },
    FuncCall {
        name: String,
        args: Vec<Expr>,
        expand_final: bool,
    },
    Conditional {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    For(Box<ForExpr>),
    Parens(Box<Expr>),
    /// A JSON value that does not read as an expression. The error is kept
    /// until something evaluates it: a variable's `default` in JSON is a
    /// plain value, so `"%{x}"` there must not fail the whole file.
    Invalid(crate::diagnostics::Diagnostics),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Traverser {
    Attr(String, SourceRange),
    Index(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Eq,
    NotEq,
    Less,
    LessEq,
    Greater,
    GreaterEq,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    And,
    Or,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ForExpr {
    pub key_var: Option<String>,
    pub value_var: String,
    pub collection: Expr,
    /// `Some` for an object `for` (`{for k, v in x : k => v}`).
    pub key: Option<Expr>,
    pub value: Expr,
    pub cond: Option<Expr>,
    /// `...` after the value: group values with equal keys into lists.
    pub grouping: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplatePart {
    Literal(String),
    Interp(Expr),
    If {
        cond: Expr,
        then: Vec<TemplatePart>,
        otherwise: Vec<TemplatePart>,
    },
    For {
        key_var: Option<String>,
        value_var: String,
        collection: Expr,
        body: Vec<TemplatePart>,
    },
}

impl Expr {
    pub fn new(kind: ExprKind, range: SourceRange) -> Expr {
        Expr { kind, range }
    }

    /// The expression as an absolute traversal (`module.a["k"].x.y[0]`): a
    /// root name followed by attribute names and constant keys. This is how
    /// `moved`, `depends_on` and `ignore_changes` read their arguments.
    pub fn as_traversal(&self) -> Option<(String, Vec<TraversalStep>)> {
        match &self.kind {
            ExprKind::Variable(name) => Some((name.clone(), Vec::new())),
            ExprKind::Traversal(root, steps) => {
                let ExprKind::Variable(name) = &root.kind else {
                    return None;
                };
                let mut out = Vec::new();
                for step in steps {
                    out.push(match step {
                        Traverser::Attr(a, _) => TraversalStep::Attr(a.clone()),
                        Traverser::Index(e) => match &e.kind {
                            ExprKind::Literal(v) => TraversalStep::Index(v.clone()),
                            _ => return None,
                        },
                    });
                }
                Some((name.clone(), out))
            }
            _ => None,
        }
    }

    /// Every reference (root name plus the static steps after it) the
    /// expression makes, for dependency and refactor analysis.
    pub fn references(&self) -> Vec<(String, Vec<TraversalStep>, SourceRange)> {
        let mut out = Vec::new();
        collect_refs(self, &mut Vec::new(), &mut out);
        out
    }
}

/// One static step of a traversal.
#[derive(Clone, Debug, PartialEq)]
pub enum TraversalStep {
    Attr(String),
    Index(Literal),
}

fn collect_refs(
    e: &Expr,
    bound: &mut Vec<String>,
    out: &mut Vec<(String, Vec<TraversalStep>, SourceRange)>,
) {
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::Invalid(_) => {}
        ExprKind::Variable(name) => {
            if !bound.contains(name) {
                out.push((name.clone(), Vec::new(), e.range.clone()));
            }
        }
        ExprKind::Traversal(root, steps) => {
            if let ExprKind::Variable(name) = &root.kind {
                if !bound.contains(name) {
                    let mut static_steps = Vec::new();
                    for s in steps {
                        match s {
                            Traverser::Attr(a, _) => {
                                static_steps.push(TraversalStep::Attr(a.clone()))
                            }
                            Traverser::Index(ix) => match &ix.kind {
                                ExprKind::Literal(v) => {
                                    static_steps.push(TraversalStep::Index(v.clone()))
                                }
                                _ => break,
                            },
                        }
                    }
                    out.push((name.clone(), static_steps, e.range.clone()));
                }
            } else {
                collect_refs(root, bound, out);
            }
            for s in steps {
                if let Traverser::Index(ix) = s {
                    collect_refs(ix, bound, out);
                }
            }
        }
        ExprKind::Splat { source, each } => {
            collect_refs(source, bound, out);
            for s in each {
                if let Traverser::Index(ix) = s {
                    collect_refs(ix, bound, out);
                }
            }
        }
        ExprKind::Template(parts) => collect_template_refs(parts, bound, out),
        ExprKind::TemplateWrap(x) | ExprKind::Parens(x) | ExprKind::Unary(_, x) => {
            collect_refs(x, bound, out)
        }
        ExprKind::Tuple(items) => items.iter().for_each(|i| collect_refs(i, bound, out)),
        ExprKind::Object(items) => items.iter().for_each(|(k, v)| {
            collect_refs(k, bound, out);
            collect_refs(v, bound, out);
        }),
        ExprKind::FuncCall { args, .. } => args.iter().for_each(|a| collect_refs(a, bound, out)),
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            collect_refs(cond, bound, out);
            collect_refs(then, bound, out);
            collect_refs(otherwise, bound, out);
        }
        ExprKind::Binary(_, a, b) => {
            collect_refs(a, bound, out);
            collect_refs(b, bound, out);
        }
        ExprKind::For(f) => {
            collect_refs(&f.collection, bound, out);
            let before = bound.len();
            bound.extend(f.key_var.iter().cloned());
            bound.push(f.value_var.clone());
            if let Some(k) = &f.key {
                collect_refs(k, bound, out);
            }
            collect_refs(&f.value, bound, out);
            if let Some(c) = &f.cond {
                collect_refs(c, bound, out);
            }
            bound.truncate(before);
        }
    }
}

fn collect_template_refs(
    parts: &[TemplatePart],
    bound: &mut Vec<String>,
    out: &mut Vec<(String, Vec<TraversalStep>, SourceRange)>,
) {
    for p in parts {
        match p {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interp(e) => collect_refs(e, bound, out),
            TemplatePart::If {
                cond,
                then,
                otherwise,
            } => {
                collect_refs(cond, bound, out);
                collect_template_refs(then, bound, out);
                collect_template_refs(otherwise, bound, out);
            }
            TemplatePart::For {
                key_var,
                value_var,
                collection,
                body,
            } => {
                collect_refs(collection, bound, out);
                let before = bound.len();
                bound.extend(key_var.iter().cloned());
                bound.push(value_var.clone());
                collect_template_refs(body, bound, out);
                bound.truncate(before);
            }
        }
    }
}

impl Expr {
    /// Calls `f` on this expression and every expression inside it.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::Invalid(_) => {}
            ExprKind::Template(parts) => walk_parts(parts, f),
            ExprKind::TemplateWrap(x) | ExprKind::Parens(x) | ExprKind::Unary(_, x) => x.walk(f),
            ExprKind::Tuple(items) => items.iter().for_each(|i| i.walk(f)),
            ExprKind::Object(items) => items.iter().for_each(|(k, v)| {
                k.walk(f);
                v.walk(f);
            }),
            ExprKind::Traversal(root, steps)
            | ExprKind::Splat {
                source: root,
                each: steps,
            } => {
                root.walk(f);
                for s in steps {
                    if let Traverser::Index(ix) = s {
                        ix.walk(f);
                    }
                }
            }
            ExprKind::FuncCall { args, .. } => args.iter().for_each(|a| a.walk(f)),
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                cond.walk(f);
                then.walk(f);
                otherwise.walk(f);
            }
            ExprKind::Binary(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            ExprKind::For(fe) => {
                fe.collection.walk(f);
                if let Some(k) = &fe.key {
                    k.walk(f);
                }
                fe.value.walk(f);
                if let Some(c) = &fe.cond {
                    c.walk(f);
                }
            }
        }
    }
}

fn walk_parts(parts: &[TemplatePart], f: &mut dyn FnMut(&Expr)) {
    for p in parts {
        match p {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interp(e) => e.walk(f),
            TemplatePart::If {
                cond,
                then,
                otherwise,
            } => {
                cond.walk(f);
                walk_parts(then, f);
                walk_parts(otherwise, f);
            }
            TemplatePart::For {
                collection, body, ..
            } => {
                collection.walk(f);
                walk_parts(body, f);
            }
        }
    }
}

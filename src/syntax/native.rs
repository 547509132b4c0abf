//! Native HCL: hcl-edit parses, this file converts its tree into our body
//! and expression model, applying template strip markers on the way.

use hcl_edit::Span;
use hcl_edit::expr::{self as hx, Expression, TraversalOperator};
use hcl_edit::structure as hs;
use hcl_edit::template::{self as ht, Directive, Element, Strip};
use hcl_primitives::expr::{BinaryOperator, UnaryOperator};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};
use crate::number::Number;

use super::ast::{BinaryOp, Expr, ExprKind, ForExpr, Literal, TemplatePart, Traverser, UnaryOp};
use super::body::{Attribute, Block, Body};
use super::relex::{Root, relex};

/// The most splats one traversal may hold (the nesting depth hcl-edit
/// allows elsewhere).
const MAX_SPLATS: usize = 64;
use super::source::SourceFile;

/// Parses a whole `.tf` file.
pub(crate) fn parse_file(file: &SourceFile) -> Result<Body, Diagnostics> {
    let (body, errors) = parse_file_recovering(file)?;
    match errors.is_empty() {
        true => Ok(body),
        false => Err(errors),
    }
}

/// `parse_file`, giving the body with the errors found after it parsed
/// (as HCL gives a partial body with its diagnostics), so the caller can
/// still name the block around them.
pub(crate) fn parse_file_recovering(file: &SourceFile) -> Result<(Body, Diagnostics), Diagnostics> {
    // hcl-edit reads an empty heredoc on to the next delimiter line.
    let text = super::heredoc::fill_empty(&file.text);
    let body = parse_relexed(&text, Root::Body, hcl_edit::parser::parse_body).map_err(|e| {
        let text = &file.text;
        let count = |c: char| text.chars().filter(|x| *x == c).count();
        if count('{') > count('}') {
            let at = e.location().offset();
            let d = Diagnostic::error(
                "Unclosed configuration block",
                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
            );
            return Diagnostics::from(d.at(&file.range(at..at)));
        }
        parse_error(file, &e, 0)
    })?;
    let conv = Converter::new(file, 0);
    let body = conv.body(&body, 0..file.text.len());
    Ok((body, conv.errors.into_inner()))
}

/// Parses one expression (the console, `-var` values, JSON strings that
/// hold references). `offset` is where `text` starts inside `file`, so
/// ranges still point into the file.
pub fn parse_expr(file: &SourceFile, text: &str, offset: usize) -> Result<Expr, Diagnostics> {
    // hcl-edit rejects whitespace after a lone expression.
    let text = text.trim_end();
    let e = parse_relexed(text, Root::Expr, hcl_edit::parser::parse_expr)
        .map_err(|e| parse_error(file, &e, offset))?;
    let conv = Converter::new(file, offset);
    let e = conv.expr(&e);
    conv.finish(e)
}

/// Parses a template (a JSON string, a `templatefile` file).
pub(crate) fn parse_template(
    file: &SourceFile,
    text: &str,
    offset: usize,
) -> Result<Expr, Diagnostics> {
    let t = parse_relexed(text, Root::Template, hcl_edit::parser::parse_template)
        .map_err(|e| parse_error(file, &e, offset))?;
    let conv = Converter::new(file, offset);
    let mut e = conv.template_expr(&t, conv.range(0..text.len()));
    if let ExprKind::Template(parts) = &mut e.kind {
        unescape_nested(parts, false, false);
    }
    conv.finish(e)
}

/// Parses `text` with `parse`; when that fails, parses again the text
/// `relex` rewrites where hcl-edit rejects what HCL reads (newlines HCL
/// skips, numbers beyond an f64). The rewrite keeps every byte's offset,
/// so spans point into `text`, from which `Converter` reads each number.
/// When the second parse fails too, its error is the text's own if it lies
/// past the first (which was then hcl-edit's); else the first stands.
fn parse_relexed<T>(
    text: &str,
    root: Root,
    parse: impl Fn(&str) -> Result<T, hcl_edit::parser::Error>,
) -> Result<T, hcl_edit::parser::Error> {
    let first = match parse(text) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let Some(rewritten) = relex(text, root) else {
        return Err(first);
    };
    match parse(&rewritten) {
        Ok(t) => Ok(t),
        Err(e) if e.location().offset() > first.location().offset() => Err(e),
        Err(_) => Err(first),
    }
}

/// hcl-edit unescapes the top-level literals of a template but leaves the
/// bodies of `%{}` directives raw. In a quoted string those bodies take the
/// same backslash escapes; in any template `$${` and `%%{` are literal.
fn unescape_nested(parts: &mut [TemplatePart], quoted: bool, nested: bool) {
    for p in parts {
        match p {
            TemplatePart::Literal(s) if nested => *s = unescape(s, quoted),
            TemplatePart::If {
                then, otherwise, ..
            } => {
                unescape_nested(then, quoted, true);
                unescape_nested(otherwise, quoted, true);
            }
            TemplatePart::For { body, .. } => unescape_nested(body, quoted, true),
            _ => {}
        }
    }
}

fn unescape(s: &str, quoted: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' | '%' if chars.peek() == Some(&c) => {
                let mut ahead = chars.clone();
                ahead.next();
                if ahead.peek() == Some(&'{') {
                    chars.next();
                }
                out.push(c);
            }
            '\\' if quoted => match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some(u @ ('u' | 'U')) => {
                    let n = if u == 'u' { 4 } else { 8 };
                    let hex: String = chars.by_ref().take(n).collect();
                    out.push(
                        u32::from_str_radix(&hex, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .unwrap_or('\u{fffd}'),
                    );
                }
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    nfc(&out)
}

/// Turns hcl-edit's parse error into HCL's wording for the common cases
/// (the summaries terraform prints), falling back to hcl-edit's message.
fn parse_error(file: &SourceFile, e: &hcl_edit::parser::Error, offset: usize) -> Diagnostics {
    let at = e.location().offset();
    let range = file.range(offset + at..offset + at);
    let text = file.text.get(offset..).unwrap_or_default();
    let (summary, detail) = classify_parse_error(text, at, e.message().trim());
    Diagnostic::error(summary, detail).at(&range).into()
}

fn classify_parse_error(text: &str, at: usize, message: &str) -> (String, String) {
    let rest = text.get(at..).unwrap_or_default().trim();
    let count = |c: char| text.chars().filter(|x| *x == c).count();
    let fixed = |s: &str, d: &str| (s.to_string(), d.to_string());
    const OPERATORS: &[&str] = &[
        "+", "-", "*", "/", "%", "&&", "||", "==", "!=", "<", ">", "<=", ">=", "!", "?", ":",
    ];
    if count('"') % 2 == 1 {
        return fixed(
            "Unterminated template string",
            "No closing marker was found for the string.",
        );
    }
    if rest == "." {
        return fixed(
            "Invalid attribute name",
            "An attribute name is required after a dot.",
        );
    }
    if rest.is_empty() || OPERATORS.contains(&rest) {
        return fixed(
            "Missing expression",
            "Expected the start of an expression, but found the end of the file.",
        );
    }
    // hcl-edit lists what may start an expression; HCL names the token.
    if message.starts_with("invalid expression; expected `\"`") {
        return fixed(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
        );
    }
    if message == "expected `)`" {
        return fixed(
            "Unbalanced parentheses",
            "Expected a closing parenthesis to terminate the expression.",
        );
    }
    if message.starts_with("expected `)`") && count('(') > count(')') {
        return fixed(
            "Unterminated function call",
            "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
        );
    }
    if count('[') > count(']') {
        return fixed(
            "Unterminated tuple constructor expression",
            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
        );
    }
    if count('{') > count('}') {
        return fixed(
            "Unterminated object constructor expression",
            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        );
    }
    if at > 0 && hcl_edit::parser::parse_expr(text[..at].trim_end()).is_ok() {
        return fixed(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
        );
    }
    let mut detail = message.to_string();
    if let Some(first) = detail.get(..1) {
        detail = first.to_uppercase() + &detail[1..];
    }
    if !detail.ends_with('.') {
        detail.push('.');
    }
    ("Invalid expression".to_string(), detail)
}

struct Converter<'a> {
    file: &'a SourceFile,
    offset: usize,
    /// What HCL's scanner rejects that hcl-edit accepts.
    errors: std::cell::RefCell<Diagnostics>,
}

impl<'a> Converter<'a> {
    fn new(file: &'a SourceFile, offset: usize) -> Converter<'a> {
        Converter {
            file,
            offset,
            errors: Default::default(),
        }
    }

    fn finish<T>(self, out: T) -> Result<T, Diagnostics> {
        let errors = self.errors.into_inner();
        match errors.is_empty() {
            true => Ok(out),
            false => Err(errors),
        }
    }

    /// A quoted string's text (`span`, from its opening quote) may not hold
    /// a newline outside its interpolations: HCL ends the string there, so
    /// it reports the newline and the string left open.
    fn check_quoted(&self, span: std::ops::Range<usize>) {
        let start = self.offset + span.start;
        let Some(text) = self.file.text.get(start..self.offset + span.end) else {
            return;
        };
        let mut depth = 0usize;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '$' | '%' if chars.peek().is_some_and(|(_, n)| *n == '{') => {
                    chars.next();
                    depth += 1;
                }
                '}' if depth > 0 => depth -= 1,
                '\n' if depth == 0 => {
                    let newline = self.file.range(start + i..start + i + 1);
                    let open = self.file.range(start..start + i + 1);
                    let mut errors = self.errors.borrow_mut();
                    errors.push(
                        Diagnostic::error(
                            "Invalid multi-line string",
                            "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                        )
                        .at(&newline),
                    );
                    errors.push(
                        Diagnostic::error(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                        )
                        .at(&open),
                    );
                    return;
                }
                _ => {}
            }
        }
    }
}

/// Removes up to `n` leading spaces from every line that starts inside
/// `s` (after a newline): hcl-edit dedents a `<<-` heredoc's top-level
/// text but not the bodies of its `%{}` directives, which HCL dedents too.
fn dedent_nested(s: &str, n: usize) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            let strip = line
                .chars()
                .take(n)
                .take_while(|c| *c == ' ' || *c == '\t')
                .count();
            out.push_str(&line[strip..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

fn dedent_parts(parts: &mut [TemplatePart], n: usize, nested: bool) {
    for p in parts {
        match p {
            TemplatePart::Literal(s) if nested => *s = dedent_nested(s, n),
            TemplatePart::If {
                then, otherwise, ..
            } => {
                dedent_parts(then, n, true);
                dedent_parts(otherwise, n, true);
            }
            TemplatePart::For { body, .. } => dedent_parts(body, n, true),
            _ => {}
        }
    }
}

impl Converter<'_> {
    fn range(&self, r: std::ops::Range<usize>) -> SourceRange {
        self.file.range(self.offset + r.start..self.offset + r.end)
    }

    fn span_of(&self, s: &impl Span, fallback: &SourceRange) -> SourceRange {
        s.span()
            .map(|r| self.range(r))
            .unwrap_or_else(|| fallback.clone())
    }

    fn body(&self, body: &hs::Body, span: std::ops::Range<usize>) -> Body {
        let range = self.range(span);
        let mut attributes = Vec::new();
        let mut blocks = Vec::new();
        for s in body.iter() {
            match s {
                hs::Structure::Attribute(a) => {
                    let name_range = self.span_of(&a.key, &range);
                    attributes.push(Attribute {
                        name: a.key.as_str().to_string(),
                        expr: self.expr(&a.value),
                        name_range,
                        json: None,
                    })
                }
                hs::Structure::Block(b) => blocks.push(self.block(b, &range)),
            }
        }
        Body::Native {
            attributes,
            blocks,
            range,
        }
    }

    fn block(&self, b: &hs::Block, outer: &SourceRange) -> Block {
        let start = b.ident.span().map_or(0, |r| r.start);
        let end = b
            .labels
            .last()
            .and_then(|l| l.span())
            .map_or_else(|| b.ident.span().map_or(start, |r| r.end), |r| r.end);
        let body_span = b.body.span().or_else(|| b.span()).unwrap_or(start..end);
        Block {
            kind: b.ident.as_str().to_string(),
            labels: b.labels.iter().map(|l| l.as_str().to_string()).collect(),
            body: self.body(&b.body, body_span),
            def_range: if b.ident.span().is_some() {
                self.range(start..end)
            } else {
                outer.clone()
            },
        }
    }

    fn expr(&self, e: &Expression) -> Expr {
        let range = e
            .span()
            .map(|r| self.range(r))
            .unwrap_or_else(|| self.range(0..0));
        let kind = match e {
            Expression::Null(_) => ExprKind::Literal(Literal::Null),
            Expression::Bool(b) => ExprKind::Literal(Literal::Bool(*b.value())),
            Expression::Number(n) => ExprKind::Literal(Literal::Number(
                // HCL reads literals from their text at 512 bits; the parsed
                // i64/f64 would lose precision.
                e.span()
                    .and_then(|r| {
                        let at = self.offset + r.start..self.offset + r.end;
                        self.file.text.get(at).and_then(Number::parse)
                    })
                    .unwrap_or_else(|| number(n.value())),
            )),
            Expression::String(s) => {
                if let Some(r) = e.span() {
                    self.check_quoted(r);
                }
                ExprKind::Literal(Literal::String(nfc(s.value())))
            }
            Expression::Array(a) => ExprKind::Tuple(a.iter().map(|x| self.expr(x)).collect()),
            Expression::Object(o) => ExprKind::Object(
                o.iter()
                    .map(|(k, v)| {
                        let key = match k {
                            hx::ObjectKey::Ident(id) => Expr::new(
                                ExprKind::Literal(Literal::String(id.as_str().to_string())),
                                self.span_of(id, &range),
                            ),
                            hx::ObjectKey::Expression(x) => self.object_key(x),
                        };
                        (key, self.expr(v.expr()))
                    })
                    .collect(),
            ),
            Expression::StringTemplate(t) => {
                if let Some(r) = e.span() {
                    self.check_quoted(r);
                }
                let mut e = self.template_expr(t, range);
                if let ExprKind::Template(parts) = &mut e.kind {
                    unescape_nested(parts, true, false);
                }
                return e;
            }
            Expression::HeredocTemplate(h) => {
                let mut e = self.template_expr(&h.template, range);
                if let (Some(n), ExprKind::Template(parts)) = (h.indent(), &mut e.kind) {
                    dedent_parts(parts, n, false);
                }
                return e;
            }
            Expression::Parenthesis(p) => ExprKind::Parens(Box::new(self.expr(p.inner()))),
            Expression::Variable(v) => ExprKind::Variable(v.as_str().to_string()),
            Expression::Conditional(c) => ExprKind::Conditional {
                cond: Box::new(self.expr(&c.cond_expr)),
                then: Box::new(self.expr(&c.true_expr)),
                otherwise: Box::new(self.expr(&c.false_expr)),
            },
            Expression::FuncCall(f) => {
                let mut name: Vec<&str> = f.name.namespace.iter().map(|n| n.as_str()).collect();
                name.push(f.name.name.as_str());
                ExprKind::FuncCall {
                    name: name.join("::"),
                    args: f.args.iter().map(|a| self.expr(a)).collect(),
                    expand_final: f.args.expand_final(),
                }
            }
            Expression::Traversal(t) => return self.traversal(t, range),
            Expression::UnaryOp(u) => ExprKind::Unary(
                match u.operator.value() {
                    UnaryOperator::Neg => UnaryOp::Neg,
                    UnaryOperator::Not => UnaryOp::Not,
                },
                Box::new(self.expr(&u.expr)),
            ),
            Expression::BinaryOp(b) => ExprKind::Binary(
                binary_op(*b.operator.value()),
                Box::new(self.expr(&b.lhs_expr)),
                Box::new(self.expr(&b.rhs_expr)),
            ),
            Expression::ForExpr(f) => ExprKind::For(Box::new(ForExpr {
                key_var: f.intro.key_var.as_ref().map(|k| k.as_str().to_string()),
                value_var: f.intro.value_var.as_str().to_string(),
                collection: self.expr(&f.intro.collection_expr),
                key: f.key_expr.as_ref().map(|k| self.expr(k)),
                value: self.expr(&f.value_expr),
                cond: f.cond.as_ref().map(|c| self.expr(&c.expr)),
                grouping: f.grouping,
            })),
        };
        Expr::new(kind, range)
    }

    /// An object key written as an expression. HCL reads a bare name in
    /// parentheses-free key position as a literal even when hcl-edit hands
    /// it over as a variable (`{ a = 1 }` is `"a"`), but `(a)` is evaluated.
    fn object_key(&self, x: &Expression) -> Expr {
        let e = self.expr(x);
        match e.kind {
            ExprKind::Variable(name) => {
                Expr::new(ExprKind::Literal(Literal::String(name)), e.range)
            }
            _ => e,
        }
    }

    /// Splits the operator list at splats: `a.b[*].c.d` is a splat over
    /// `a.b` with `.c.d` applied to each element. An attribute-only splat
    /// (`.*`) takes only the attribute steps right after it; a full splat
    /// takes every step to the end.
    fn traversal(&self, t: &hx::Traversal, range: SourceRange) -> Expr {
        let mut current = self.expr(&t.expr);
        let ops: Vec<&TraversalOperator> = t.operators.iter().map(|o| o.value()).collect();
        // HCL's attribute step covers its dot: `.x`, not `x`.
        let op_ranges: Vec<Option<SourceRange>> = t
            .operators
            .iter()
            .map(|o| o.span().map(|r| self.range(r)))
            .collect();
        // Each splat nests the rest inside it, and evaluation recurses as
        // deep: hold it to the nesting hcl-edit allows everywhere else.
        let splats = ops
            .iter()
            .filter(|o| {
                matches!(
                    o,
                    TraversalOperator::AttrSplat(_) | TraversalOperator::FullSplat(_)
                )
            })
            .count();
        if splats > MAX_SPLATS {
            let d = Diagnostic::error(
                "Invalid expression",
                format!("Invalid nesting depth; expected at most {MAX_SPLATS} nested levels."),
            )
            .at(&range);
            return Expr::new(ExprKind::Invalid(d.into()), range);
        }
        let mut i = 0;
        let mut steps: Vec<Traverser> = Vec::new();
        while i < ops.len() {
            match ops[i] {
                TraversalOperator::AttrSplat(_) | TraversalOperator::FullSplat(_) => {
                    let full = matches!(ops[i], TraversalOperator::FullSplat(_));
                    if !steps.is_empty() {
                        current = Expr::new(
                            ExprKind::Traversal(Box::new(current), std::mem::take(&mut steps)),
                            range.clone(),
                        );
                    }
                    i += 1;
                    let mut each = Vec::new();
                    while i < ops.len() {
                        match ops[i] {
                            TraversalOperator::GetAttr(_) => {}
                            TraversalOperator::Index(_) | TraversalOperator::LegacyIndex(_)
                                if full => {}
                            _ => break,
                        }
                        each.push(self.traverser(ops[i], op_ranges[i].as_ref(), &range));
                        i += 1;
                    }
                    current = Expr::new(
                        ExprKind::Splat {
                            source: Box::new(current),
                            each,
                        },
                        range.clone(),
                    );
                }
                op => {
                    steps.push(self.traverser(op, op_ranges[i].as_ref(), &range));
                    i += 1;
                }
            }
        }
        if steps.is_empty() {
            Expr { range, ..current }
        } else {
            Expr::new(ExprKind::Traversal(Box::new(current), steps), range)
        }
    }

    fn traverser(
        &self,
        op: &TraversalOperator,
        op_range: Option<&SourceRange>,
        range: &SourceRange,
    ) -> Traverser {
        match op {
            TraversalOperator::GetAttr(id) => {
                let name = self.span_of(id, range);
                // The operator's own span starts at its dot.
                let with_dot = match op_range {
                    Some(r) if r.start.byte < name.start.byte && r.end == name.end => r.clone(),
                    _ => name,
                };
                Traverser::Attr(id.as_str().to_string(), with_dot)
            }
            TraversalOperator::Index(e) => Traverser::Index(self.expr(e)),
            TraversalOperator::LegacyIndex(n) => Traverser::Index(Expr::new(
                ExprKind::Literal(Literal::Number(Number::from_i64(*n.value() as i64))),
                self.span_of(n, range),
            )),
            TraversalOperator::AttrSplat(_) | TraversalOperator::FullSplat(_) => {
                unreachable!("splats are split off by the caller")
            }
        }
    }

    fn template_expr(&self, t: &ht::Template, range: SourceRange) -> Expr {
        let parts = self.template(t);
        // A template that is exactly one interpolation yields the value
        // itself (HCL's TemplateWrapExpr): "${var.map}" is a map.
        if let [TemplatePart::Interp(e)] = parts.as_slice()
            && t.iter().count() == 1
        {
            return Expr::new(ExprKind::TemplateWrap(Box::new(e.clone())), range);
        }
        match parts.as_slice() {
            [] => Expr::new(ExprKind::Literal(Literal::string("")), range),
            [TemplatePart::Literal(s)] => {
                Expr::new(ExprKind::Literal(Literal::string(s.clone())), range)
            }
            _ => Expr::new(ExprKind::Template(parts), range),
        }
    }

    /// Converts template elements, then applies strip markers: a `~` on the
    /// left of a tag trims trailing space from the literal before it, on the
    /// right trims leading space from the literal after it.
    fn template(&self, t: &ht::Template) -> Vec<TemplatePart> {
        let mut parts = Vec::new();
        // (index of the part, strip before it, strip after it)
        let mut strips = Vec::new();
        for el in t.iter() {
            match el {
                Element::Literal(s) => parts.push(TemplatePart::Literal(nfc(s.value()))),
                Element::Interpolation(i) => {
                    strips.push((parts.len(), i.strip.strip_start(), i.strip.strip_end()));
                    parts.push(TemplatePart::Interp(self.expr(&i.expr)));
                }
                Element::Directive(d) => match &**d {
                    Directive::If(d) => {
                        let mut then = self.template(&d.if_expr.template);
                        strip_edge(&mut then, d.if_expr.strip, false);
                        let close = d.endif_expr.strip;
                        let mut otherwise = Vec::new();
                        if let Some(e) = &d.else_expr {
                            strip_edge(&mut then, e.strip, true);
                            otherwise = self.template(&e.template);
                            strip_edge(&mut otherwise, e.strip, false);
                            strip_edge(&mut otherwise, close, true);
                        } else {
                            strip_edge(&mut then, close, true);
                        }
                        strips.push((
                            parts.len(),
                            d.if_expr.strip.strip_start(),
                            close.strip_end(),
                        ));
                        parts.push(TemplatePart::If {
                            cond: self.expr(&d.if_expr.cond_expr),
                            then,
                            otherwise,
                        });
                    }
                    Directive::For(d) => {
                        let f = &d.for_expr;
                        let mut body = self.template(&f.template);
                        strip_edge(&mut body, f.strip, false);
                        strip_edge(&mut body, d.endfor_expr.strip, true);
                        strips.push((
                            parts.len(),
                            f.strip.strip_start(),
                            d.endfor_expr.strip.strip_end(),
                        ));
                        parts.push(TemplatePart::For {
                            key_var: f.key_var.as_ref().map(|k| k.as_str().to_string()),
                            value_var: f.value_var.as_str().to_string(),
                            collection: self.expr(&f.collection_expr),
                            body,
                        });
                    }
                },
            }
        }
        for (i, before, after) in strips {
            if before
                && i > 0
                && let TemplatePart::Literal(s) = &mut parts[i - 1]
            {
                *s = s.trim_end().to_string();
            }
            if after && let Some(TemplatePart::Literal(s)) = parts.get_mut(i + 1) {
                *s = s.trim_start().to_string();
            }
        }
        parts.retain(|p| !matches!(p, TemplatePart::Literal(s) if s.is_empty()));
        parts
    }
}

/// Applies a tag's strip marker to the inside edge of a directive body: a
/// closing tag's `~` on the left (`at_end`) trims the body's last literal,
/// an opening tag's `~` on the right trims its first.
fn strip_edge(body: &mut [TemplatePart], strip: Strip, at_end: bool) {
    if at_end && strip.strip_start() {
        if let Some(TemplatePart::Literal(s)) = body.last_mut() {
            *s = s.trim_end().to_string();
        }
    } else if !at_end
        && strip.strip_end()
        && let Some(TemplatePart::Literal(s)) = body.first_mut()
    {
        *s = s.trim_start().to_string();
    }
}

/// HCL normalizes string literals to Unicode NFC, so `"cafe\u0301"` and
/// `"café"` are the same key.
pub(super) fn nfc(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    if s.is_ascii() {
        s.to_string()
    } else {
        s.nfc().collect()
    }
}

fn number(n: &hcl_primitives::Number) -> Number {
    if let Some(i) = n.as_i64() {
        Number::from_i64(i)
    } else if let Some(u) = n.as_u64() {
        Number::from_f64(u as f64)
    } else {
        Number::from_f64(n.as_f64().unwrap_or(f64::NAN))
    }
}

fn binary_op(op: BinaryOperator) -> BinaryOp {
    match op {
        BinaryOperator::Eq => BinaryOp::Eq,
        BinaryOperator::NotEq => BinaryOp::NotEq,
        BinaryOperator::LessEq => BinaryOp::LessEq,
        BinaryOperator::GreaterEq => BinaryOp::GreaterEq,
        BinaryOperator::Less => BinaryOp::Less,
        BinaryOperator::Greater => BinaryOp::Greater,
        BinaryOperator::Plus => BinaryOp::Add,
        BinaryOperator::Minus => BinaryOp::Sub,
        BinaryOperator::Mul => BinaryOp::Mul,
        BinaryOperator::Div => BinaryOp::Div,
        BinaryOperator::Mod => BinaryOp::Mod,
        BinaryOperator::And => BinaryOp::And,
        BinaryOperator::Or => BinaryOp::Or,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literals too large for an f64 parse, each read from its own text.
    #[test]
    fn wide_literals_parse() {
        let file = SourceFile::new("main.tf", "a = 1e400\nb = -2.5e999\n");
        let body = parse_file(&file).unwrap();
        let Body::Native { attributes, .. } = &body else {
            panic!()
        };
        let ExprKind::Literal(Literal::Number(n)) = &attributes[0].expr.kind else {
            panic!()
        };
        assert_eq!(n, &Number::parse("1e400").unwrap());
        // Nothing to widen: hcl-edit's own error stands.
        assert!(parse_file(&SourceFile::new("main.tf", "a = 1e400 +\n")).is_err());
    }

    /// A newline HCL skips but hcl-edit rejects (here in an object `for`'s
    /// value) parses, with ranges from the original text.
    #[test]
    fn newlines_hcl_skips_parse_with_original_positions() {
        let text = "a = {for k in l : k => c ? k :\n    9}\nb = x\n";
        let Body::Native { attributes, .. } = parse_file(&SourceFile::new("m.tf", text)).unwrap()
        else {
            panic!()
        };
        assert!(matches!(attributes[0].expr.kind, ExprKind::For(_)));
        assert_eq!(attributes[0].expr.range.to_string(), "m.tf:1,5-2,7");
        assert_eq!(attributes[1].expr.range.to_string(), "m.tf:3,5-6");
    }

    /// A lone expression reads as if in parentheses (terraform plan
    /// -var 'x=true ?\n[1] : [2]' gave [1]).
    #[test]
    fn a_lone_expression_may_break_lines() {
        assert!(matches!(
            expr("true ?\n[1] : [2]").kind,
            ExprKind::Conditional { .. }
        ));
    }

    /// A template file's directive may break its expression over lines.
    #[test]
    fn template_directives_skip_newlines() {
        let text = "%{ if a &&\n  b }yes%{ endif }";
        let f = SourceFile::new("t.tftpl", text);
        let ExprKind::Template(parts) = parse_template(&f, text, 0).unwrap().kind else {
            panic!()
        };
        assert!(
            matches!(&parts[0], TemplatePart::If { then, .. } if then == &[TemplatePart::Literal("yes".into())])
        );
    }

    /// An error after a rewritten region is reported where it is: terraform
    /// validate gave "Invalid expression" on main.tf line 8 for this file.
    #[test]
    fn an_error_after_a_rewritten_region_keeps_its_line() {
        let text = "locals {\n  l = [1, 2]\n  m = {for k in local.l : k => k == 1 ? k :\n    9}\n}\n\noutput \"y\" {\n  value = 1 +\n}\n";
        let errors = parse_file(&SourceFile::new("main.tf", text)).unwrap_err();
        let d = errors.iter().next().unwrap();
        assert_eq!(d.summary, "Invalid expression");
        assert_eq!(
            d.detail,
            "Expected the start of an expression, but found an invalid expression token."
        );
        assert_eq!(d.subject.as_ref().unwrap().start.line, 8);
        // Nothing to rewrite: hcl-edit's own error stands.
        let errors = parse_file(&SourceFile::new("main.tf", "a = c ?\n 1 : 2\n")).unwrap_err();
        assert_eq!(
            errors
                .iter()
                .next()
                .unwrap()
                .subject
                .as_ref()
                .unwrap()
                .start
                .line,
            1
        );
    }

    fn expr(text: &str) -> Expr {
        let f = SourceFile::new("t.tf", text);
        parse_expr(&f, text, 0).unwrap()
    }

    #[test]
    fn full_splat_takes_every_step_and_attr_splat_only_attributes() {
        let ExprKind::Splat { each, .. } = expr("a.b[*].c[0].d").kind else {
            panic!()
        };
        assert_eq!(each.len(), 3);
        let ExprKind::Traversal(inner, after) = expr("a.*.c[0]").kind else {
            panic!()
        };
        assert_eq!(after.len(), 1);
        assert!(matches!(inner.kind, ExprKind::Splat { ref each, .. } if each.len() == 1));
    }

    #[test]
    fn strip_markers_trim_neighbouring_literals() {
        let ExprKind::Template(parts) =
            expr("\"a  ${~ x ~}  b %{ if c ~}  yes  %{~ endif } z\"").kind
        else {
            panic!()
        };
        assert_eq!(parts[0], TemplatePart::Literal("a".into()));
        assert_eq!(parts[2], TemplatePart::Literal("b ".into()));
        let TemplatePart::If { then, .. } = &parts[3] else {
            panic!()
        };
        assert_eq!(then, &[TemplatePart::Literal("yes".into())]);
    }

    #[test]
    fn bare_object_keys_are_strings_and_parenthesised_keys_are_evaluated() {
        let ExprKind::Object(items) = expr("{ a = 1, (b) = 2, \"c\" = 3 }").kind else {
            panic!()
        };
        assert_eq!(items[0].0.kind, ExprKind::Literal(Literal::string("a")));
        assert!(matches!(items[1].0.kind, ExprKind::Parens(_)));
        assert_eq!(items[2].0.kind, ExprKind::Literal(Literal::string("c")));
    }

    #[test]
    fn indented_heredoc_dedents_directive_bodies_too() {
        // terraform console: jsonencode(local.a) gave "hello\n  \n  item x\n  \nbye\n"
        let text = "<<-EOT\n    hello\n      %{ for k in [\"x\"] }\n      item ${k}\n      %{ endfor }\n    bye\n  EOT";
        let e = expr(text);
        let ExprKind::Template(parts) = e.kind else {
            panic!("{e:?}")
        };
        let TemplatePart::For { body, .. } = &parts[1] else {
            panic!()
        };
        assert_eq!(parts[0], TemplatePart::Literal("hello\n  ".into()));
        assert_eq!(body[0], TemplatePart::Literal("\n  item ".into()));
    }

    #[test]
    fn file_positions_and_blocks() {
        let f = SourceFile::new("m.tf", "resource \"t\" \"n\" {\n  count = 2\n}\n");
        let Body::Native { blocks, .. } = parse_file(&f).unwrap() else {
            panic!()
        };
        assert_eq!(blocks[0].labels, ["t", "n"]);
        assert_eq!(blocks[0].def_range.to_string(), "m.tf:1,1-17");
        let Body::Native { attributes, .. } = &blocks[0].body else {
            panic!()
        };
        assert_eq!(attributes[0].expr.range.to_string(), "m.tf:2,11-12");
    }
}

//! Reading addresses: from a traversal (root name plus static steps, as
//! `Expr::as_traversal` gives them) with OpenTofu's error messages, and
//! from text, which is first read as an HCL absolute traversal.

use crate::diagnostics::Diagnostic;
use crate::number::Number;
use crate::syntax::ast::{Literal, TraversalStep};

use super::instance_key::InstanceKey;
use super::module::{ModuleInstance, ModuleInstanceStep};
use super::resource::{AbsResource, AbsResourceInstance, Resource, ResourceMode};

/// A traversal with its root folded in as the first `Attr` step, so the
/// parsers below can treat "root" and "attribute" alike, as OpenTofu does.
pub(crate) fn flatten(root: &str, steps: &[TraversalStep]) -> Vec<TraversalStep> {
    let mut all = Vec::with_capacity(steps.len() + 1);
    all.push(TraversalStep::Attr(root.to_string()));
    all.extend(steps.iter().cloned());
    all
}

fn invalid_address(detail: impl Into<String>) -> Diagnostic {
    Diagnostic::error("Invalid address", detail)
}

fn invalid_operator(detail: impl Into<String>) -> Diagnostic {
    Diagnostic::error("Invalid address operator", detail)
}

/// Reads the leading `module.NAME[KEY]` steps; returns them and the rest.
pub(crate) fn module_instance_prefix(
    steps: &[TraversalStep],
) -> Result<(ModuleInstance, &[TraversalStep]), Box<Diagnostic>> {
    let mut remain = steps;
    let mut path = Vec::new();
    while let Some(first) = remain.first() {
        let TraversalStep::Attr(word) = first else {
            return Err(invalid_operator(
                "Module address prefix must be followed by dot and then a name.",
            )
            .into());
        };
        if word != "module" {
            break;
        }
        let Some(TraversalStep::Attr(name)) = remain.get(1) else {
            return Err(
                invalid_operator("Prefix \"module.\" must be followed by a module name.").into(),
            );
        };
        remain = &remain[2..];
        let mut key = InstanceKey::NoKey;
        if let Some(TraversalStep::Index(v)) = remain.first() {
            key = module_key(v)?;
            remain = &remain[1..];
        }
        path.push(ModuleInstanceStep {
            name: name.clone(),
            key,
        });
    }
    Ok((ModuleInstance::new(path), remain))
}

fn module_key(v: &Literal) -> Result<InstanceKey, Box<Diagnostic>> {
    match v {
        Literal::String(_) | Literal::Number(_) => InstanceKey::from_literal(v)
            .map_err(|e| invalid_operator(format!("Invalid module index: {e}.")).into()),
        _ => Err(
            invalid_operator("Invalid module key: must be either a string or an integer.").into(),
        ),
    }
}

/// Reads `[data.|ephemeral.]TYPE.NAME[KEY]` after a module prefix.
pub(crate) fn resource_instance_under(
    module: ModuleInstance,
    steps: &[TraversalStep],
) -> Result<AbsResourceInstance, Box<Diagnostic>> {
    let (mode, remain) = match steps.first() {
        Some(TraversalStep::Attr(w)) if w == "data" => (ResourceMode::Data, &steps[1..]),
        Some(TraversalStep::Attr(w)) if w == "ephemeral" => (ResourceMode::Ephemeral, &steps[1..]),
        _ => (ResourceMode::Managed, steps),
    };
    if remain.len() < 2 {
        return Err(invalid_address(
            "Resource specification must include a resource type and name.",
        )
        .into());
    }
    let TraversalStep::Attr(type_name) = &remain[0] else {
        return Err(invalid_address(match mode {
            ResourceMode::Managed => "A resource type name is required.",
            ResourceMode::Data => "A data source name is required.",
            ResourceMode::Ephemeral => "An ephemeral resource name is required.",
        })
        .into());
    };
    let TraversalStep::Attr(name) = &remain[1] else {
        return Err(invalid_address("A resource name is required.").into());
    };
    let resource = Resource::new(mode, type_name.clone(), name.clone());
    let key = match &remain[2..] {
        [] => InstanceKey::NoKey,
        [TraversalStep::Index(v)] => InstanceKey::from_literal(v)
            .map_err(|e| invalid_address(format!("Invalid resource instance key: {e}.")))?,
        [TraversalStep::Attr(_)] => {
            return Err(
                invalid_address("Resource instance key must be given in square brackets.").into(),
            );
        }
        _ => return Err(invalid_address("Unexpected extra operators after address.").into()),
    };
    Ok(resource.instance(key).absolute(module))
}

/// What a traversal names: a module instance, or a resource instance in one.
pub(crate) enum Target {
    Module(ModuleInstance),
    Resource(AbsResourceInstance),
}

pub(crate) fn target(steps: &[TraversalStep]) -> Result<Target, Box<Diagnostic>> {
    let (module, remain) = module_instance_prefix(steps)?;
    if remain.is_empty() {
        return Ok(Target::Module(module));
    }
    resource_instance_under(module, remain).map(Target::Resource)
}

impl ModuleInstance {
    /// Parses `module.a["x"].module.b[0]` (the empty traversal is not
    /// possible, so the root has no text form here).
    pub fn from_traversal(
        root: &str,
        steps: &[TraversalStep],
    ) -> Result<ModuleInstance, Box<Diagnostic>> {
        let all = flatten(root, steps);
        let (mi, remain) = module_instance_prefix(&all)?;
        match remain.len() {
            0 => Ok(mi),
            n if n == all.len() => Err(Diagnostic::error(
                "Invalid module instance address",
                "A module instance address must begin with \"module.\".",
            )
            .into()),
            _ => Err(Diagnostic::error(
                "Invalid module instance address",
                "The module instance address is followed by additional invalid content.",
            )
            .into()),
        }
    }

    /// Parses a module instance address from text. The empty string is the
    /// root module instance.
    pub fn parse(s: &str) -> Result<ModuleInstance, Box<Diagnostic>> {
        if s.is_empty() {
            return Ok(ModuleInstance::root());
        }
        let (root, steps) = parse_traversal(s)?;
        ModuleInstance::from_traversal(&root, &steps)
    }
}

impl AbsResourceInstance {
    /// Parses `module.a[0].data.t.n["k"]`; no key means the NoKey instance.
    pub fn from_traversal(
        root: &str,
        steps: &[TraversalStep],
    ) -> Result<AbsResourceInstance, Box<Diagnostic>> {
        match target(&flatten(root, steps))? {
            Target::Resource(r) => Ok(r),
            Target::Module(_) => Err(invalid_address(
                "A resource instance address is required here. The module path must be followed by a resource instance specification.",
            ).into()),
        }
    }

    pub fn parse(s: &str) -> Result<AbsResourceInstance, Box<Diagnostic>> {
        if let Some(a) = canonical_instance(s) {
            return Ok(a);
        }
        let (root, steps) = parse_traversal(s)?;
        AbsResourceInstance::from_traversal(&root, &steps)
    }
}

/// An address in the form `Display` writes it (ASCII names, keys that are
/// whole numbers without leading zeros or quoted strings without escapes
/// or template sequences), read without building a traversal: unknowns
/// name their objects this way, and a refactor reads thousands back. None
/// for anything else, which the full parser reads or rejects with its
/// message; where both read an address they agree.
fn canonical_instance(s: &str) -> Option<AbsResourceInstance> {
    let mut c = Canonical { s, at: 0 };
    let mut path = Vec::new();
    let mut word = c.ident()?;
    while word == "module" {
        c.dot()?;
        let name = c.ident()?;
        let key = c.key()?;
        path.push(ModuleInstanceStep {
            name: name.to_string(),
            key,
        });
        c.dot()?;
        word = c.ident()?;
    }
    let mode = match word {
        "data" => ResourceMode::Data,
        "ephemeral" => ResourceMode::Ephemeral,
        _ => ResourceMode::Managed,
    };
    let type_name = match mode {
        ResourceMode::Managed => word,
        _ => {
            c.dot()?;
            c.ident()?
        }
    };
    c.dot()?;
    let name = c.ident()?;
    let key = c.key()?;
    if c.at != s.len() {
        return None;
    }
    let module = ModuleInstance::new(path);
    Some(
        Resource::new(mode, type_name, name)
            .instance(key)
            .absolute(module),
    )
}

struct Canonical<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> Canonical<'a> {
    fn rest(&self) -> &'a [u8] {
        &self.s.as_bytes()[self.at..]
    }

    /// An ASCII identifier: a letter or `_`, then letters, digits, `_`, `-`.
    fn ident(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        if !rest.first()?.is_ascii_alphabetic() && rest[0] != b'_' {
            return None;
        }
        let n = rest
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-'))
            .unwrap_or(rest.len());
        // Not followed by a character only the full lexer knows.
        if rest.get(n).is_some_and(|b| !matches!(b, b'.' | b'[')) {
            return None;
        }
        let word = &self.s[self.at..self.at + n];
        self.at += n;
        Some(word)
    }

    fn dot(&mut self) -> Option<()> {
        (self.rest().first() == Some(&b'.')).then(|| self.at += 1)
    }

    /// An optional `[KEY]`.
    fn key(&mut self) -> Option<InstanceKey> {
        let rest = self.rest();
        if rest.first() != Some(&b'[') {
            return Some(InstanceKey::NoKey);
        }
        let close = rest.iter().position(|b| *b == b']')?;
        let inner = &self.s[self.at + 1..self.at + close];
        let key = match inner.as_bytes() {
            [b'"', text @ .., b'"']
                if !text
                    .iter()
                    .any(|b| matches!(b, b'"' | b'\\' | b'$' | b'%' | b'\n')) =>
            {
                InstanceKey::Str(inner[1..inner.len() - 1].to_string())
            }
            [b'0'] => InstanceKey::Int(0),
            [b'1'..=b'9', rest @ ..] if rest.iter().all(u8::is_ascii_digit) => {
                InstanceKey::Int(inner.parse().ok()?)
            }
            _ => return None,
        };
        self.at += close + 1;
        Some(key)
    }
}

impl AbsResource {
    /// Parses `module.a[0].data.t.n`; an instance key is an error.
    pub fn from_traversal(
        root: &str,
        steps: &[TraversalStep],
    ) -> Result<AbsResource, Box<Diagnostic>> {
        match target(&flatten(root, steps))? {
            Target::Resource(r) if r.resource.key.is_no_key() => Ok(r.containing_resource()),
            Target::Resource(_) => Err(invalid_address(
                "A resource address is required. This instance key identifies a specific resource instance, which is not expected here.",
            ).into()),
            Target::Module(_) => Err(invalid_address(
                "A resource address is required here. The module path must be followed by a resource specification.",
            ).into()),
        }
    }

    pub fn parse(s: &str) -> Result<AbsResource, Box<Diagnostic>> {
        let (root, steps) = parse_traversal(s)?;
        AbsResource::from_traversal(&root, &steps)
    }
}

/// Reads text as an HCL absolute traversal: a name, then `.name`, `.0`
/// (legacy index) or `[literal]` steps, where the literal is a whole
/// decimal number or a quoted string with HCL's escapes. Errors are
/// "Invalid address syntax" with a sentence saying what was wrong.
pub(crate) fn parse_traversal(s: &str) -> Result<(String, Vec<TraversalStep>), Box<Diagnostic>> {
    let mut lx = Lexer {
        chars: s.char_indices().peekable(),
        src: s,
    };
    let root = lx
        .ident()
        .ok_or_else(|| syntax("An address must begin with a name."))?;
    let mut steps = Vec::new();
    while let Some(&(_, c)) = lx.chars.peek() {
        lx.chars.next();
        match c {
            '.' => {
                if let Some(n) = lx.digits() {
                    steps.push(TraversalStep::Index(Literal::Number(n)));
                } else {
                    let name = lx
                        .ident()
                        .ok_or_else(|| syntax("A name is required after a dot."))?;
                    steps.push(TraversalStep::Attr(name));
                }
            }
            '[' => {
                let key = match lx.chars.peek() {
                    Some((_, '"')) => {
                        lx.chars.next();
                        Literal::String(lx.quoted()?)
                    }
                    _ => Literal::Number(lx.number().ok_or_else(|| {
                        syntax("An index key must be a number or a quoted string.")
                    })?),
                };
                if lx.chars.next().map(|(_, c)| c) != Some(']') {
                    return Err(syntax("An index key must be followed by \"]\".").into());
                }
                steps.push(TraversalStep::Index(key));
            }
            other => {
                return Err(syntax(format!("Unexpected character {other:?} in address.")).into());
            }
        }
    }
    Ok((root, steps))
}

fn syntax(detail: impl Into<String>) -> Diagnostic {
    Diagnostic::error("Invalid address syntax", detail)
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    src: &'a str,
}

impl Lexer<'_> {
    /// An HCL identifier: a letter or `_`, then letters, digits, `_`, `-`.
    fn ident(&mut self) -> Option<String> {
        let &(start, c) = self.chars.peek()?;
        if !(c.is_alphabetic() || c == '_') {
            return None;
        }
        let mut end = start;
        while let Some(&(i, c)) = self.chars.peek() {
            if !(c.is_alphanumeric() || c == '_' || c == '-') {
                break;
            }
            end = i + c.len_utf8();
            self.chars.next();
        }
        Some(self.src[start..end].to_string())
    }

    fn digits(&mut self) -> Option<Number> {
        let &(start, c) = self.chars.peek()?;
        if !c.is_ascii_digit() {
            return None;
        }
        let mut end = start;
        while let Some(&(i, c)) = self.chars.peek().filter(|(_, c)| c.is_ascii_digit()) {
            end = i + c.len_utf8();
            self.chars.next();
        }
        Number::parse(&self.src[start..end])
    }

    /// A number literal: digits with an optional fraction and exponent.
    fn number(&mut self) -> Option<Number> {
        let &(start, c) = self.chars.peek()?;
        if !c.is_ascii_digit() {
            return None;
        }
        let mut end = start;
        let mut prev = c;
        while let Some(&(i, c)) = self.chars.peek() {
            let sign_after_exp = matches!(c, '+' | '-') && matches!(prev, 'e' | 'E');
            if !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E') || sign_after_exp) {
                break;
            }
            end = i + 1;
            prev = c;
            self.chars.next();
        }
        Number::parse(&self.src[start..end])
    }

    /// The rest of a quoted string after its opening quote, escapes decoded.
    fn quoted(&mut self) -> Result<String, Box<Diagnostic>> {
        let mut out = String::new();
        loop {
            let Some((_, c)) = self.chars.next() else {
                return Err(syntax("A quoted string is not closed.").into());
            };
            match c {
                '"' => return Ok(out),
                '\\' => out.push(self.escape()?),
                '\n' => return Err(syntax("A quoted string cannot span lines.").into()),
                '$' | '%' => {
                    out.push(c);
                    match self.chars.peek() {
                        // `$${` is the escape for a literal `${`.
                        Some(&(_, d)) if d == c => {
                            let mut ahead = self.chars.clone();
                            ahead.next();
                            if matches!(ahead.peek(), Some((_, '{'))) {
                                self.chars.next();
                                self.chars.next();
                                out.push('{');
                            }
                        }
                        Some((_, '{')) => {
                            return Err(syntax(
                                "Template sequences are not allowed in an address.",
                            )
                            .into());
                        }
                        _ => {}
                    }
                }
                c => out.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, Box<Diagnostic>> {
        let bad = || Box::new(syntax("Invalid escape sequence in a quoted string."));
        let (_, c) = self.chars.next().ok_or_else(bad)?;
        let width = match c {
            'n' => return Ok('\n'),
            'r' => return Ok('\r'),
            't' => return Ok('\t'),
            '"' => return Ok('"'),
            '\\' => return Ok('\\'),
            'u' => 4,
            'U' => 8,
            _ => return Err(bad()),
        };
        let mut cp = 0u32;
        for _ in 0..width {
            let (_, h) = self.chars.next().ok_or_else(bad)?;
            cp = cp * 16 + h.to_digit(16).ok_or_else(bad)?;
        }
        char::from_u32(cp).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every string here is `terraform state list` output from
    // tests/data/state/zoo, or an address from the reference (§4).
    #[test]
    fn resource_instances_round_trip() {
        let cases = [
            "data.terraform_remote_state.other",
            "terraform_data.counted[0]",
            r#"terraform_data.keyed["dollar$${x}"]"#,
            r#"terraform_data.keyed["percent%%{y}"]"#,
            r#"terraform_data.keyed["quote\"d"]"#,
            r#"terraform_data.keyed["tab\t"]"#,
            r#"terraform_data.keyed["nl\n"]"#,
            r#"terraform_data.keyed["nbsp\u00a0"]"#,
            r#"terraform_data.keyed["zwsp\u200b"]"#,
            r#"terraform_data.keyed["back\\slash"]"#,
            r#"terraform_data.keyed["astral😀\U000e0001"]"#,
            r#"terraform_data.keyed["emoji 🎉"]"#,
            r#"module.each["y\"z"].module.leaf[0].terraform_data.leafres["k"]"#,
            r#"module.a["x"].module.b[0].data.t.n["k"]"#,
            "module.plain.terraform_data.inner",
            "ephemeral.t.n",
        ];
        for s in cases {
            let addr = AbsResourceInstance::parse(s).unwrap_or_else(|d| panic!("{s}: {d:?}"));
            assert_eq!(addr.to_string(), s);
        }
    }

    /// The fast reading of canonical text agrees with the full parser
    /// wherever it reads an address, and leaves everything else to it
    /// (escapes, template sequences, legacy `.0` steps, leading zeros,
    /// Unicode names, a `]` inside a key, errors).
    #[test]
    fn canonical_text_reads_as_the_full_parser_reads_it() {
        let read = [
            "terraform_data.counted[0]",
            "terraform_data.counted[10]",
            "aws_instance.web",
            "data.terraform_remote_state.other",
            "ephemeral.t.n",
            r#"module.each["y z"].module.leaf[0].terraform_data.leafres["k"]"#,
            r#"module.a["x"].module.b[0].data.t.n["k"]"#,
            "module.plain.terraform_data.inner",
            r#"module.m-1["x 😀"].t_2.n-3["a.b"]"#,
            "t.n[9223372036854775807]",
        ];
        for s in read {
            let fast = canonical_instance(s).unwrap_or_else(|| panic!("{s}: not read"));
            let (root, steps) = parse_traversal(s).unwrap();
            let full = AbsResourceInstance::from_traversal(&root, &steps).unwrap();
            assert_eq!(fast, full, "{s}");
            assert_eq!(fast.to_string(), s);
        }
        let left = [
            "",
            r#"t.n["q"d"]"#,
            r#"t.n["back\slash"]"#,
            r#"t.n["dollar$${x}"]"#,
            r#"t.n["percent%%{y}"]"#,
            r#"t.n["a]b"]"#,
            "t.n[01]",
            "t.n[1.5]",
            "t.n[9223372036854775808]",
            "t.n.0",
            "t.n[0].x",
            "module.a",
            "module.a.b",
            "data.t",
            "tÿpe.n",
            "t.n[",
            "t.n[]",
            "t .n",
        ];
        for s in left {
            assert_eq!(canonical_instance(s), None, "{s}");
        }
    }

    #[test]
    fn escapes_decode_to_the_key_text() {
        let cases: &[(&str, &str)] = &[
            (r#"t.n["dollar$${x}"]"#, "dollar${x}"),
            (r#"t.n["$$x"]"#, "$$x"),
            (r#"t.n["$$$${x}"]"#, "$$${x}"),
            (r#"t.n["nbsp\u00a0"]"#, "nbsp\u{a0}"),
            (r#"t.n["a\U0001F600"]"#, "a😀"),
            (r#"t.n["q\"\\"]"#, "q\"\\"),
        ];
        for (s, want) in cases {
            let addr = AbsResourceInstance::parse(s).unwrap();
            assert_eq!(addr.resource.key, InstanceKey::Str(want.to_string()), "{s}");
        }
    }

    #[test]
    fn module_instances_round_trip() {
        for s in [
            "module.a",
            "module.a[0]",
            r#"module.a["x"].module.b"#,
            r#"module.each["y\"z"].module.leaf[0]"#,
        ] {
            assert_eq!(ModuleInstance::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(ModuleInstance::parse("").unwrap(), ModuleInstance::root());
    }

    #[test]
    fn legacy_dot_index_is_an_index() {
        assert_eq!(
            AbsResourceInstance::parse("t.n.0").unwrap().to_string(),
            "t.n[0]"
        );
    }

    #[test]
    fn parse_errors_carry_opentofu_messages() {
        type Parser = fn(&str) -> Result<String, Box<Diagnostic>>;
        let ri: Parser = |s| AbsResourceInstance::parse(s).map(|a| a.to_string());
        let res: Parser = |s| AbsResource::parse(s).map(|a| a.to_string());
        let mi: Parser = |s| ModuleInstance::parse(s).map(|a| a.to_string());
        let cases: Vec<(&str, Parser, &str, &str, &str)> = vec![
            (
                "module alone",
                ri,
                "module",
                "Invalid address operator",
                "Prefix \"module.\" must be followed by a module name.",
            ),
            (
                "module indexed",
                ri,
                "module[0]",
                "Invalid address operator",
                "Prefix \"module.\" must be followed by a module name.",
            ),
            (
                "type only",
                ri,
                "module.foo.bar",
                "Invalid address",
                "Resource specification must include a resource type and name.",
            ),
            (
                "data only",
                ri,
                "module.foo.data",
                "Invalid address",
                "Resource specification must include a resource type and name.",
            ),
            (
                "index instead of name",
                ri,
                "module.foo.bar[0]",
                "Invalid address",
                "A resource name is required.",
            ),
            (
                "key not in brackets",
                ri,
                "foo.bar.baz",
                "Invalid address",
                "Resource instance key must be given in square brackets.",
            ),
            (
                "extra steps",
                ri,
                "foo.bar[0].baz",
                "Invalid address",
                "Unexpected extra operators after address.",
            ),
            (
                "fractional key",
                ri,
                "foo.bar[1.5]",
                "Invalid address",
                "Invalid resource instance key: value must be a whole number, between -9223372036854775808 and 9223372036854775807.",
            ),
            (
                "fractional module index",
                ri,
                "module.a[1.5].foo.bar",
                "Invalid address operator",
                "Invalid module index: value must be a whole number, between -9223372036854775808 and 9223372036854775807.",
            ),
            (
                "module where instance wanted",
                ri,
                "module.a",
                "Invalid address",
                "A resource instance address is required here. The module path must be followed by a resource instance specification.",
            ),
            (
                "instance where resource wanted",
                res,
                "foo.bar[0]",
                "Invalid address",
                "A resource address is required. This instance key identifies a specific resource instance, which is not expected here.",
            ),
            (
                "module where resource wanted",
                res,
                "module.a[0]",
                "Invalid address",
                "A resource address is required here. The module path must be followed by a resource specification.",
            ),
            (
                "module instance not starting with module",
                mi,
                "foo.bar",
                "Invalid module instance address",
                "A module instance address must begin with \"module.\".",
            ),
            (
                "module instance with trailer",
                mi,
                "module.a.foo",
                "Invalid module instance address",
                "The module instance address is followed by additional invalid content.",
            ),
            (
                "template in key",
                ri,
                r#"foo.bar["${x}"]"#,
                "Invalid address syntax",
                "Template sequences are not allowed in an address.",
            ),
            (
                "unclosed bracket",
                ri,
                "foo.bar[0",
                "Invalid address syntax",
                "An index key must be followed by \"]\".",
            ),
        ];
        for (name, parse, input, summary, detail) in cases {
            let d = parse(input).expect_err(name);
            assert_eq!(
                (d.summary.as_str(), d.detail.as_str()),
                (summary, detail),
                "{name}"
            );
        }
    }

    #[test]
    fn bool_index_from_an_expression_is_rejected() {
        let steps = vec![
            TraversalStep::Attr("a".into()),
            TraversalStep::Index(Literal::Bool(true)),
        ];
        let d = ModuleInstance::from_traversal("module", &steps).unwrap_err();
        assert_eq!(
            d.detail,
            "Invalid module key: must be either a string or an integer."
        );
        let steps = vec![
            TraversalStep::Attr("n".into()),
            TraversalStep::Index(Literal::Bool(true)),
        ];
        let d = AbsResourceInstance::from_traversal("t", &steps).unwrap_err();
        assert_eq!(
            d.detail,
            "Invalid resource instance key: either a string or an integer is required."
        );
    }
}

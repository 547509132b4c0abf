//! The body model shared by both syntaxes: attributes and nested blocks.
//!
//! Native HCL tells blocks from attributes by syntax. JSON cannot (an
//! object may be either), so a JSON body stays raw until a caller says
//! which names are blocks: [`Body::content`] is that schema-directed split,
//! as HCL's `Body.Content` is.

use crate::diagnostics::{Diagnostic, Diagnostics, SourceRange};

use super::ast::Expr;
use super::json::JsonValue;

#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: String,
    pub expr: Expr,
    pub name_range: SourceRange,
    /// Read from JSON: string values that must be static references or type
    /// expressions need re-parsing (see [`Attribute::static_expr`]).
    pub json: Option<JsonValue>,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub kind: String,
    pub labels: Vec<String>,
    pub body: Body,
    /// The block's header: type and labels.
    pub def_range: SourceRange,
}

#[derive(Clone, Debug)]
pub enum Body {
    Native {
        attributes: Vec<Attribute>,
        blocks: Vec<Block>,
        range: SourceRange,
    },
    Json {
        object: JsonValue,
        range: SourceRange,
    },
}

/// A body split by a schema.
#[derive(Clone, Debug, Default)]
pub struct Content {
    pub attributes: Vec<Attribute>,
    pub blocks: Vec<Block>,
}

impl Content {
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }

    pub fn blocks_of<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Block> + 'a {
        self.blocks.iter().filter(move |b| b.kind == kind)
    }
}

impl Body {
    pub fn range(&self) -> &SourceRange {
        match self {
            Body::Native { range, .. } | Body::Json { range, .. } => range,
        }
    }

    /// Splits the body. `blocks` names the nested block types the caller
    /// knows, with their label counts. For native HCL every block is kept
    /// (the caller decides what an unexpected one means); for JSON, only
    /// the named ones are blocks and every other property is an attribute.
    pub fn content(&self, blocks: &[(&str, usize)]) -> Result<Content, Diagnostics> {
        match self {
            Body::Native {
                attributes,
                blocks: bs,
                ..
            } => {
                let mut diags = Diagnostics::default();
                for b in bs {
                    if let Some((_, want)) = blocks.iter().find(|(k, _)| *k == b.kind)
                        && let Some(d) = label_count(b, *want)
                    {
                        diags.push(d);
                    }
                }
                if diags.has_errors() {
                    return Err(diags);
                }
                Ok(Content {
                    attributes: attributes.clone(),
                    blocks: bs.clone(),
                })
            }
            // JSON labels are levels of nesting: their number is always right.
            Body::Json { object, .. } => super::json::body_content(object, blocks),
        }
    }

    /// Every property as an attribute: `locals` and other free-form bodies.
    /// A nested block in native syntax is an error here, as in Terraform.
    pub fn just_attributes(&self) -> Result<Vec<Attribute>, Diagnostics> {
        let content = self.content(&[])?;
        if let Some(b) = content.blocks.first() {
            return Err(Diagnostic::error(
                "Unexpected block",
                format!("Blocks are not allowed here; \"{}\" is a block.", b.kind),
            )
            .at(&b.def_range)
            .into());
        }
        Ok(content.attributes)
    }
}

impl Block {
    /// An empty range where the header ends: the place for a problem with
    /// the labels (Terraform points at the label or the opening brace, on
    /// the same line), inside the block so messages name it.
    pub fn header_end(&self) -> SourceRange {
        SourceRange {
            file: self.def_range.file.clone(),
            start: self.def_range.end,
            end: self.def_range.end,
        }
    }
}

impl Attribute {
    /// The attribute as a static expression: a reference or a type
    /// expression. In native syntax that is the expression itself; in JSON
    /// it is a string whose text is parsed as an expression (Terraform's
    /// rule for `type`, `depends_on`, `moved` and the like).
    pub fn static_expr(&self) -> Result<Expr, Diagnostics> {
        match &self.json {
            None => Ok(self.expr.clone()),
            Some(v) => super::json::static_expr(v),
        }
    }
}

/// The names HCL's block schemas give the labels of a block type, for the
/// messages about a wrong number of them.
fn label_names(kind: &str, count: usize) -> Vec<&'static str> {
    match (kind, count) {
        (_, 0) => Vec::new(),
        (_, 2) => vec!["type", "name"],
        ("backend" | "provisioner" | "dynamic", 1) => vec!["type"],
        ("provider_meta", 1) => vec!["provider"],
        _ => vec!["name"; count],
    }
}

/// HCL's check of a native block's labels against its schema: too few or
/// too many is an error, so nothing past `syntax` indexes a missing label.
fn label_count(b: &Block, want: usize) -> Option<Diagnostic> {
    let names = label_names(&b.kind, want);
    let kind = &b.kind;
    if b.labels.len() > want {
        let detail = if want == 0 {
            format!("No labels are expected for {kind} blocks.")
        } else {
            format!(
                "Only {want} labels ({}) are expected for {kind} blocks.",
                names.join(", ")
            )
        };
        return Some(
            Diagnostic::error(format!("Extraneous label for {kind}"), detail).at(&b.header_end()),
        );
    }
    if b.labels.len() < want {
        return Some(
            Diagnostic::error(
                format!("Missing {} for {kind}", names[b.labels.len()]),
                format!(
                    "All {kind} blocks must have {want} labels ({}).",
                    names.join(", ")
                ),
            )
            .at(&b.header_end()),
        );
    }
    None
}

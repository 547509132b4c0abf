//! Decoding one file's top-level blocks into declarations.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::types::parse_type_constraint;
use crate::syntax::ast::{Expr, ExprKind, Literal, TraversalStep};
use crate::syntax::body::{Attribute, Block, Body, Content};

use super::*;

/// Top-level block types and their label counts.
const TOP_LEVEL: &[(&str, usize)] = &[
    ("variable", 1),
    ("locals", 0),
    ("output", 1),
    ("module", 1),
    ("resource", 2),
    ("data", 2),
    ("ephemeral", 2),
    ("provider", 1),
    ("terraform", 0),
    ("moved", 0),
    ("removed", 0),
    ("import", 0),
    ("check", 1),
];

const MODULE_META: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];
const RESOURCE_META: &[&str] = &["count", "for_each", "provider", "depends_on"];
const RESOURCE_META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection"];

/// The declarations of one file, in order, for the loader to merge.
#[derive(Debug, Default)]
pub(super) struct FileDecls {
    pub variables: Vec<Variable>,
    pub locals: Vec<Local>,
    pub outputs: Vec<Output>,
    pub module_calls: Vec<ModuleCall>,
    pub resources: Vec<Resource>,
    pub moved: Vec<Moved>,
    pub removed: Vec<Removed>,
    pub imports: Vec<Import>,
    pub other_blocks: Vec<Block>,
    pub backend: Option<(String, SourceRange)>,
}

pub(super) fn decode_file(body: &Body, diags: &mut Diagnostics) -> FileDecls {
    let mut out = FileDecls::default();
    let content = match body.content(TOP_LEVEL) {
        Ok(c) => c,
        Err(d) => {
            diags.extend(d);
            return out;
        }
    };
    top_level_schema(&content, diags);
    for block in &content.blocks {
        if !TOP_LEVEL.iter().any(|(k, _)| *k == block.kind) {
            continue;
        }
        if let Err(d) = block_names(block) {
            diags.extend(d);
            continue;
        }
        let r = match block.kind.as_str() {
            "variable" => variable(block).map(|v| out.variables.push(v)),
            "locals" => locals(block).map(|l| out.locals.extend(l)),
            "output" => output(block).map(|o| out.outputs.push(o)),
            "module" => module_call(block).map(|m| out.module_calls.push(m)),
            "resource" => resource(block, ResourceMode::Managed).map(|r| out.resources.push(r)),
            "data" => resource(block, ResourceMode::Data).map(|r| out.resources.push(r)),
            "moved" => moved(block).map(|m| out.moved.push(m)),
            "removed" => removed(block).map(|r| out.removed.push(r)),
            "import" => import(block).map(|i| out.imports.push(i)),
            "check" => check_block(block).map(|()| out.other_blocks.push(block.clone())),
            "terraform" => terraform(block).map(|b| {
                out.backend = out.backend.take().or(b);
                out.other_blocks.push(block.clone());
            }),
            _ => {
                out.other_blocks.push(block.clone());
                Ok(())
            }
        };
        if let Err(d) = r {
            diags.extend(d);
        }
    }
    out
}

/// What HCL's body schema says about a file's top level beyond label counts
/// (which `Body::content` checks): no arguments, no unknown block types.
fn top_level_schema(content: &Content, diags: &mut Diagnostics) {
    let kinds: Vec<&str> = TOP_LEVEL.iter().map(|(k, _)| *k).collect();
    for a in &content.attributes {
        // In JSON an unknown property may have been meant as a block.
        let d = if a.json.is_some() {
            Diagnostic::error(
                "Extraneous JSON object property",
                format!(
                    "No argument or block type is named \"{}\".{}",
                    a.name,
                    did_you_mean(&a.name, &kinds)
                ),
            )
        } else {
            Diagnostic::error(
                "Unsupported argument",
                format!("An argument named \"{}\" is not expected here.", a.name),
            )
        };
        diags.push(d.at(&a.name_range));
    }
    for b in &content.blocks {
        if kinds.contains(&b.kind.as_str()) {
            continue;
        }
        let d = if b.kind == "required_providers" {
            Diagnostic::error(
                "Invalid required_providers block",
                "A \"required_providers\" block must be nested inside a \"terraform\" block.",
            )
        } else {
            Diagnostic::error(
                "Unsupported block type",
                format!(
                    "Blocks of type \"{}\" are not expected here.{}",
                    b.kind,
                    did_you_mean(&b.kind, &kinds)
                ),
            )
        };
        diags.push(d.at(&b.def_range));
    }
}

/// HCL's suggestion: the first candidate within edit distance 2.
fn did_you_mean(given: &str, candidates: &[&str]) -> String {
    candidates
        .iter()
        .find(|c| strsim::levenshtein(given, c) < 3)
        .map(|c| format!(" Did you mean \"{c}\"?"))
        .unwrap_or_default()
}

/// HCL's identifier rule, which Terraform applies to every declared name.
pub(crate) fn valid_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

const BAD_IDENTIFIER: &str = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

/// Variable names that mean something else inside a module block.
const RESERVED_VARIABLE_NAMES: &[&str] = &[
    "count",
    "depends_on",
    "for_each",
    "lifecycle",
    "providers",
    "source",
    "version",
    "locals",
];

/// Checks a top-level block's labels as Terraform's decoder of that block
/// type does, with its summaries.
fn block_names(block: &Block) -> Result<(), Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut bad = |summary: &str, label: &str| {
        if !valid_identifier(label) {
            diags.push(Diagnostic::error(summary, BAD_IDENTIFIER).at(&block.header_end()));
        }
    };
    let labels: Vec<&str> = block.labels.iter().map(String::as_str).collect();
    match (block.kind.as_str(), labels.as_slice()) {
        ("variable", [name]) => {
            bad("Invalid variable name", name);
            if RESERVED_VARIABLE_NAMES.contains(name) {
                diags.push(
                    Diagnostic::error(
                        "Invalid variable name",
                        format!("The variable name \"{name}\" is reserved due to its special meaning inside module blocks."),
                    )
                    .at(&block.header_end()),
                );
            }
        }
        ("output", [name]) => bad("Invalid output name", name),
        ("module", [name]) => bad("Invalid module instance name", name),
        ("check", [name]) => bad("Invalid check block name", name),
        ("resource", [t, name]) => {
            bad("Invalid resource type name", t);
            bad("Invalid resource name", name);
        }
        ("data", [t, name]) => {
            bad("Invalid data source name", t);
            bad("Invalid data resource name", name);
        }
        ("ephemeral", [t, name]) => {
            bad("Invalid ephemeral resource type", t);
            bad("Invalid ephemeral resource name", name);
        }
        ("provider", [name]) => {
            let ok = !name.is_empty()
                && !name.starts_with('-')
                && !name.ends_with('-')
                && name.chars().all(|c| c.is_alphanumeric() || c == '-');
            if !ok {
                diags.push(
                    Diagnostic::error(
                        "Invalid provider local name",
                        format!("{name} is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes"),
                    )
                    .at(&block.def_range),
                );
            }
        }
        _ => {}
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(())
    }
}

fn bool_attr(c: &Content, name: &str) -> Result<Option<bool>, Diagnostics> {
    let Some(a) = c.attr(name) else {
        return Ok(None);
    };
    match &a.expr.kind {
        ExprKind::Literal(Literal::Bool(b)) => Ok(Some(*b)),
        _ => Err(Diagnostic::error(
            "Invalid value",
            format!("The \"{name}\" argument must be a literal true or false."),
        )
        .at(&a.expr.range)
        .into()),
    }
}

fn string_attr(c: &Content, name: &str) -> Result<Option<(String, SourceRange)>, Diagnostics> {
    let Some(a) = c.attr(name) else {
        return Ok(None);
    };
    match &a.expr.kind {
        ExprKind::Literal(Literal::String(s)) => Ok(Some((s.clone(), a.expr.range.clone()))),
        _ => Err(Diagnostic::error(
            "Invalid value",
            format!("The \"{name}\" argument must be a literal string: no variables or function calls are allowed here."),
        )
        .at(&a.expr.range)
        .into()),
    }
}

fn unsupported(c: &Content, allowed: &[&str], blocks: &[&str]) -> Result<(), Diagnostics> {
    let mut diags = Diagnostics::default();
    for a in &c.attributes {
        if !allowed.contains(&a.name.as_str()) {
            diags.push(
                Diagnostic::error(
                    "Unsupported argument",
                    format!(
                        "An argument named \"{}\" is not expected here.{}",
                        a.name,
                        did_you_mean(&a.name, allowed)
                    ),
                )
                .at(&a.name_range),
            );
        }
    }
    for b in &c.blocks {
        if !blocks.contains(&b.kind.as_str()) {
            diags.push(
                Diagnostic::error(
                    "Unsupported block type",
                    format!(
                        "Blocks of type \"{}\" are not expected here.{}",
                        b.kind,
                        did_you_mean(&b.kind, blocks)
                    ),
                )
                .at(&b.def_range),
            );
        }
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(())
    }
}

fn variable(block: &Block) -> Result<Variable, Diagnostics> {
    let c = block.body.content(&[("validation", 0)])?;
    unsupported(
        &c,
        &[
            "type",
            "default",
            "description",
            "sensitive",
            "nullable",
            "ephemeral",
        ],
        &["validation"],
    )?;
    let constraint = match c.attr("type") {
        Some(a) => Some(parse_type_constraint(&a.static_expr()?).map_err(Diagnostics::from)?),
        None => None,
    };
    let mut validations = Vec::new();
    for v in c.blocks_of("validation") {
        let vc = v.body.content(&[])?;
        unsupported(&vc, &["condition", "error_message"], &[])?;
        let (Some(cond), Some(msg)) = (vc.attr("condition"), vc.attr("error_message")) else {
            return Err(Diagnostic::error(
                "Missing required argument",
                "The validation block requires both \"condition\" and \"error_message\" arguments.",
            )
            .at(&v.def_range)
            .into());
        };
        let refs = cond.expr.references();
        if refs.is_empty() {
            return Err(constant_condition("validation", &cond.expr));
        }
        let name = &block.labels[0];
        let refers_to_self = refs.iter().any(|(root, steps, _)| {
            root == "var" && matches!(steps.first(), Some(TraversalStep::Attr(a)) if a == name)
        });
        if !refers_to_self {
            return Err(Diagnostic::error(
                "Invalid variable validation condition",
                format!("The condition for variable \"{name}\" must refer to var.{name} in order to test incoming values."),
            )
            .at(&cond.expr.range)
            .into());
        }
        validations.push(Validation {
            condition: cond.expr.clone(),
            error_message: msg.expr.clone(),
            range: v.def_range.clone(),
        });
    }
    let default = c.attr("default").map(default_expr);
    if let (Some(d), Some(ty)) = (&default, &constraint) {
        default_converts(d, ty)?;
    }
    Ok(Variable {
        name: block.labels[0].clone(),
        constraint,
        default,
        description: string_attr(&c, "description")?.map(|s| s.0),
        sensitive: bool_attr(&c, "sensitive")?.unwrap_or(false),
        nullable: bool_attr(&c, "nullable")?.unwrap_or(true),
        validations,
        decl_range: block.def_range.clone(),
    })
}

/// terraform's loader checks a constant default against the variable's
/// type, whether or not a value is given: a configuration whose default
/// does not convert is invalid. A default that is not a constant is left
/// to evaluation, and so is one that calls a function (terraform's
/// loader has none; here one could read a file).
fn default_converts(default: &Expr, constraint: &Constraint) -> Result<(), Diagnostics> {
    use crate::lang::eval::{ConstantScope, Eval};
    let mut calls = false;
    default.walk(&mut |e| calls |= matches!(e.kind, ExprKind::FuncCall { .. }));
    if calls || !default.references().is_empty() {
        return Ok(());
    }
    let Ok(v) = Eval::new(&ConstantScope).expr(default) else {
        return Ok(());
    };
    match crate::lang::types::convert_constraint(&v, constraint) {
        Ok(_) => Ok(()),
        Err(e) => Err(Diagnostic::error(
            "Invalid default value for variable",
            format!(
                "This default value is not compatible with the variable's type constraint: {e}."
            ),
        )
        .at(&default.range)
        .into()),
    }
}

/// A variable default: in JSON syntax a plain value, not a template.
fn default_expr(a: &Attribute) -> Expr {
    match &a.json {
        Some(v) => Expr::new(
            ExprKind::Literal(crate::syntax::json::literal_value(v)),
            a.expr.range.clone(),
        ),
        None => a.expr.clone(),
    }
}

fn locals(block: &Block) -> Result<Vec<Local>, Diagnostics> {
    let attrs = block.body.just_attributes()?;
    let mut diags = Diagnostics::default();
    for a in attrs.iter().filter(|a| !valid_identifier(&a.name)) {
        diags.push(Diagnostic::error("Invalid local value name", BAD_IDENTIFIER).at(&a.name_range));
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(attrs
        .into_iter()
        .map(|a| Local {
            name: a.name.clone(),
            decl_range: a.name_range.to(&a.expr.range),
            expr: a.expr,
        })
        .collect())
}

fn output(block: &Block) -> Result<Output, Diagnostics> {
    let c = block.body.content(&[("precondition", 0)])?;
    unsupported(
        &c,
        &[
            "value",
            "description",
            "sensitive",
            "depends_on",
            "ephemeral",
        ],
        &["precondition"],
    )?;
    let Some(value) = c.attr("value") else {
        return Err(missing("value", &block.def_range));
    };
    check_conditions(&c, &["precondition"])?;
    Ok(Output {
        name: block.labels[0].clone(),
        expr: value.expr.clone(),
        sensitive: bool_attr(&c, "sensitive")?.unwrap_or(false),
        description: string_attr(&c, "description")?.map(|s| s.0),
        decl_range: block.def_range.clone(),
    })
}

fn missing(name: &str, range: &SourceRange) -> Diagnostics {
    Diagnostic::error(
        "Missing required argument",
        format!("The argument \"{name}\" is required, but no definition was found."),
    )
    .at(range)
    .into()
}

fn module_call(block: &Block) -> Result<ModuleCall, Diagnostics> {
    let c = block.body.content(&[])?;
    let Some((source, source_range)) = string_attr(&c, "source")? else {
        return Err(missing("source", &block.def_range));
    };
    let count = c.attr("count").map(|a| a.expr.clone());
    let for_each = c.attr("for_each").map(|a| a.expr.clone());
    if let (Some(_), Some(fe)) = (&count, &for_each) {
        return Err(Diagnostic::error(
            "Invalid combination of \"count\" and \"for_each\"",
            "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
        )
        .at(&fe.range)
        .into());
    }
    Ok(ModuleCall {
        name: block.labels[0].clone(),
        source,
        source_range,
        version: string_attr(&c, "version")?.map(|s| s.0),
        count,
        for_each,
        inputs: c
            .attributes
            .iter()
            .filter(|a| !MODULE_META.contains(&a.name.as_str()))
            .cloned()
            .collect(),
        depends_on: depends_on(&c)?,
        decl_range: block.def_range.clone(),
    })
}

fn depends_on(c: &Content) -> Result<Vec<Expr>, Diagnostics> {
    let Some(a) = c.attr("depends_on") else {
        return Ok(Vec::new());
    };
    match a.static_expr()?.kind {
        ExprKind::Tuple(items) => Ok(items),
        _ => Err(Diagnostic::error(
            "Invalid expression",
            "A static list expression is required.",
        )
        .at(&a.expr.range)
        .into()),
    }
}

fn resource(block: &Block, mode: ResourceMode) -> Result<Resource, Diagnostics> {
    let c = block.body.content(&[
        ("lifecycle", 0),
        ("provisioner", 1),
        ("connection", 0),
        ("dynamic", 1),
    ])?;
    for l in c.blocks_of("lifecycle") {
        let lc = l
            .body
            .content(&[("precondition", 0), ("postcondition", 0)])?;
        check_conditions(&lc, &["precondition", "postcondition"])?;
    }
    let count = c.attr("count").map(|a| a.expr.clone());
    let for_each = c.attr("for_each").map(|a| a.expr.clone());
    if let (Some(_), Some(fe)) = (&count, &for_each) {
        return Err(Diagnostic::error(
            "Invalid combination of \"count\" and \"for_each\"",
            "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
        )
        .at(&fe.range)
        .into());
    }
    let provider = match c.attr("provider") {
        Some(a) => Some(a.static_expr()?),
        None => None,
    };
    Ok(Resource {
        key: resource_key(mode, &block.labels[0], &block.labels[1]),
        addr: crate::addrs::Resource::new(mode, &block.labels[0], &block.labels[1]),
        mode,
        type_name: block.labels[0].clone(),
        name: block.labels[1].clone(),
        count,
        for_each,
        provider,
        depends_on: depends_on(&c)?,
        attributes: c
            .attributes
            .iter()
            .filter(|a| !RESOURCE_META.contains(&a.name.as_str()))
            .cloned()
            .collect::<Vec<Attribute>>(),
        blocks: c
            .blocks
            .iter()
            .filter(|b| !RESOURCE_META_BLOCKS.contains(&b.kind.as_str()))
            .cloned()
            .collect(),
        lifecycle: c.blocks_of("lifecycle").next().cloned(),
        decl_range: block.def_range.clone(),
    })
}

/// The summary terraform gives a condition that refers to nothing.
fn constant_condition(kind: &str, e: &Expr) -> Diagnostics {
    Diagnostic::error(
        format!("Invalid {kind} expression"),
        "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
    )
    .at(&e.range)
    .into()
}

/// Rejects `precondition`/`postcondition` (and `assert`) conditions that
/// refer to nothing: they could never check anything.
fn check_conditions(c: &Content, kinds: &[&str]) -> Result<(), Diagnostics> {
    for kind in kinds {
        for b in c.blocks_of(kind) {
            let bc = b.body.content(&[])?;
            if let Some(cond) = bc.attr("condition")
                && cond.expr.references().is_empty()
            {
                return Err(constant_condition(kind, &cond.expr));
            }
        }
    }
    Ok(())
}

fn moved(block: &Block) -> Result<Moved, Diagnostics> {
    let c = block.body.content(&[])?;
    unsupported(&c, &["from", "to"], &[])?;
    let (Some(from), Some(to)) = (c.attr("from"), c.attr("to")) else {
        let name = if c.attr("from").is_none() {
            "from"
        } else {
            "to"
        };
        return Err(missing(name, &block.def_range));
    };
    Ok(Moved {
        from: from.static_expr()?,
        to: to.static_expr()?,
        range: block.def_range.clone(),
    })
}

fn removed(block: &Block) -> Result<Removed, Diagnostics> {
    let c = block
        .body
        .content(&[("lifecycle", 0), ("provisioner", 1), ("connection", 0)])?;
    let Some(from) = c.attr("from") else {
        return Err(missing("from", &block.def_range));
    };
    let mut destroy = None;
    if let Some(l) = c.blocks_of("lifecycle").next() {
        destroy = bool_attr(&l.body.content(&[])?, "destroy")?;
    }
    Ok(Removed {
        from: from.static_expr()?,
        destroy,
        range: block.def_range.clone(),
    })
}

fn import(block: &Block) -> Result<Import, Diagnostics> {
    let c = block.body.content(&[])?;
    unsupported(&c, &["to", "id", "identity", "for_each", "provider"], &[])?;
    let Some(to) = c.attr("to") else {
        return Err(missing("to", &block.def_range));
    };
    Ok(Import {
        to: to.static_expr()?,
        id: c.attr("id").map(|a| a.expr.clone()),
        for_each: c.attr("for_each").map(|a| a.expr.clone()),
        range: block.def_range.clone(),
    })
}

/// A `check` block needs at least one `assert`, each referring to
/// something.
fn check_block(block: &Block) -> Result<(), Diagnostics> {
    let c = block.body.content(&[("assert", 0), ("data", 2)])?;
    check_conditions(&c, &["assert"])?;
    if c.blocks_of("assert").next().is_none() {
        return Err(Diagnostic::error(
            "Zero assert blocks",
            "Check blocks must have at least one assert block.",
        )
        .at(&block.def_range)
        .into());
    }
    Ok(())
}

/// Finds a `backend` or `cloud` block inside `terraform`.
fn terraform(block: &Block) -> Result<Option<(String, SourceRange)>, Diagnostics> {
    let c = block
        .body
        .content(&[("backend", 1), ("cloud", 0), ("required_providers", 0)])?;
    Ok(c.blocks.iter().find_map(|b| match b.kind.as_str() {
        "backend" => Some((b.labels[0].clone(), b.def_range.clone())),
        "cloud" => Some(("cloud".to_string(), b.def_range.clone())),
        _ => None,
    }))
}

/// Merges an override file into the module, as Terraform does: each block
/// must override an existing declaration; its arguments replace the
/// original's one by one, and its nested blocks replace all of the
/// original's nested blocks of the same type.
pub(super) fn apply_override(m: &mut Module, body: &Body, diags: &mut Diagnostics) {
    let content = match body.content(TOP_LEVEL) {
        Ok(c) => c,
        Err(d) => return diags.extend(d),
    };
    top_level_schema(&content, diags);
    for block in &content.blocks {
        if !TOP_LEVEL.iter().any(|(k, _)| *k == block.kind) {
            continue;
        }
        if let Err(d) = block_names(block).and_then(|()| override_block(m, block)) {
            diags.extend(d);
        }
    }
}

fn missing_base(what: &str, name: &str, at: &SourceRange) -> Diagnostics {
    Diagnostic::error(
        format!("Missing base {what} to override"),
        format!("There is no {what} named \"{name}\". An override file can only override a {what} that was already defined in a primary configuration file."),
    )
    .at(at)
    .into()
}

fn override_block(m: &mut Module, block: &Block) -> Result<(), Diagnostics> {
    match block.kind.as_str() {
        "variable" => {
            let name = &block.labels[0];
            let Some(v) = m.variables.get_mut(name) else {
                return Err(missing_base("variable declaration", name, &block.def_range));
            };
            let c = block.body.content(&[("validation", 0)])?;
            if let Some(a) = c.attr("type") {
                v.constraint =
                    Some(parse_type_constraint(&a.static_expr()?).map_err(Diagnostics::from)?);
            }
            if let Some(a) = c.attr("default") {
                v.default = Some(default_expr(a));
            }
            if let Some(s) = string_attr(&c, "description")? {
                v.description = Some(s.0);
            }
            if let Some(b) = bool_attr(&c, "sensitive")? {
                v.sensitive = b;
            }
            if let Some(b) = bool_attr(&c, "nullable")? {
                v.nullable = b;
            }
            if c.blocks_of("validation").next().is_some() {
                let full = variable(block)?;
                v.validations = full.validations;
            }
        }
        "locals" => {
            for a in block.body.just_attributes()? {
                let Some(l) = m.locals.get_mut(&a.name) else {
                    return Err(missing_base(
                        "local value definition",
                        &a.name,
                        &a.name_range,
                    ));
                };
                l.expr = a.expr;
            }
        }
        "output" => {
            let name = &block.labels[0];
            let Some(o) = m.outputs.get_mut(name) else {
                return Err(missing_base("output definition", name, &block.def_range));
            };
            let c = block.body.content(&[("precondition", 0)])?;
            if let Some(a) = c.attr("value") {
                o.expr = a.expr.clone();
            }
            if let Some(b) = bool_attr(&c, "sensitive")? {
                o.sensitive = b;
            }
            if let Some(s) = string_attr(&c, "description")? {
                o.description = Some(s.0);
            }
        }
        "module" => {
            let name = &block.labels[0];
            let Some(call) = m.module_calls.get_mut(name) else {
                return Err(missing_base("module call", name, &block.def_range));
            };
            let c = block.body.content(&[])?;
            if let Some((s, r)) = string_attr(&c, "source")? {
                call.source = s;
                call.source_range = r;
            }
            if let Some(v) = string_attr(&c, "version")? {
                call.version = Some(v.0);
            }
            override_meta(&c, &mut call.count, &mut call.for_each);
            for a in c
                .attributes
                .iter()
                .filter(|a| !MODULE_META.contains(&a.name.as_str()))
            {
                replace_attr(&mut call.inputs, a);
            }
        }
        "resource" | "data" => {
            let mode = if block.kind == "data" {
                ResourceMode::Data
            } else {
                ResourceMode::Managed
            };
            let key =
                crate::addrs::Resource::new(mode, &block.labels[0], &block.labels[1]).to_string();
            let Some(r) = m.resources.get_mut(&key) else {
                let what = if mode == ResourceMode::Data {
                    "data resource definition"
                } else {
                    "resource definition"
                };
                return Err(missing_base(what, &key, &block.def_range));
            };
            let c = block.body.content(&[
                ("lifecycle", 0),
                ("provisioner", 1),
                ("connection", 0),
                ("dynamic", 1),
            ])?;
            override_meta(&c, &mut r.count, &mut r.for_each);
            if let Some(a) = c.attr("provider") {
                r.provider = Some(a.static_expr()?);
            }
            for a in c
                .attributes
                .iter()
                .filter(|a| !RESOURCE_META.contains(&a.name.as_str()))
            {
                replace_attr(&mut r.attributes, a);
            }
            if let Some(l) = c.blocks_of("lifecycle").next() {
                r.lifecycle = Some(l.clone());
            }
            let kinds: Vec<&str> = c
                .blocks
                .iter()
                .map(|b| b.kind.as_str())
                .filter(|k| !RESOURCE_META_BLOCKS.contains(k))
                .collect();
            r.blocks.retain(|b| !kinds.contains(&b.kind.as_str()));
            r.blocks.extend(
                c.blocks
                    .iter()
                    .filter(|b| kinds.contains(&b.kind.as_str()))
                    .cloned(),
            );
        }
        "moved" => {
            return Err(Diagnostic::error(
                "Cannot override 'moved' blocks",
                "Records of moved objects can appear only in normal files, not in override files.",
            )
            .at(&block.def_range)
            .into());
        }
        _ => m.other_blocks.push(block.clone()),
    }
    Ok(())
}

/// `count` and `for_each` replace each other: setting one in an override
/// removes the other from the original.
fn override_meta(c: &Content, count: &mut Option<Expr>, for_each: &mut Option<Expr>) {
    if let Some(a) = c.attr("count") {
        *count = Some(a.expr.clone());
        *for_each = None;
    }
    if let Some(a) = c.attr("for_each") {
        *for_each = Some(a.expr.clone());
        *count = None;
    }
}

fn replace_attr(list: &mut Vec<Attribute>, a: &Attribute) {
    match list.iter_mut().find(|x| x.name == a.name) {
        Some(x) => *x = a.clone(),
        None => list.push(a.clone()),
    }
}

//! A plan as people and scripts read it: terraform's human plan text and
//! the `resource_changes` part of `terraform show -json`.

use std::fmt::Write;

use serde_json::json;

use crate::addrs::{AbsResourceInstance, InstanceKey, ResourceMode};
use crate::lang::display;
use crate::lang::value::Value;

use super::diff::{Action, ActionReason, Plan, ResourceChange};

/// The plan as `terraform plan` prints it; `tool` is "Terraform" or
/// "OpenTofu" for the sentences that name it.
pub(crate) fn human(plan: &Plan, tool: &str) -> String {
    let mut out = human_changes(plan, tool);
    let forgotten: Vec<String> = plan
        .changes
        .iter()
        .filter(|c| c.action == Action::Forget)
        .map(|c| c.addr.to_string())
        .collect();
    if !forgotten.is_empty() {
        let mut sorted = forgotten;
        sorted.sort();
        let list: String = sorted.iter().map(|a| format!("\n - {a}")).collect();
        let d = crate::diagnostics::Diagnostic::warning(
            format!("Some objects will no longer be managed by {tool}"),
            format!(
                "If you apply this plan, {tool} will discard its tracking information for the following objects, but it will not delete them:{list}\n\nAfter applying this plan, {tool} will no longer manage these objects. You will need to import them into {tool} to manage them again."
            ),
        );
        out.push_str(&d.render(&Default::default()));
    }
    out
}

/// The plan as `terraform plan` prints it on a terminal `width` columns
/// wide (0: not wrapped): its paragraphs wrapped to the width, and
/// terraform's colours on the same lines as [`human`]'s: action symbols
/// (`+` green, `-` red, `~` yellow, `<=` cyan), each heading's address
/// bold and "destroyed"/"replaced" bold red, `->` yellow in updates and
/// grey before `null`, hidden-attribute notes grey, `Plan:` bold.
pub(crate) fn human_styled(plan: &Plan, tool: &str, width: usize) -> String {
    let mut plain = human(plan, tool);
    // terraform wraps these paragraphs to the terminal (plain text: 78).
    for paragraph in [
        format!(
            "{tool} used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:"
        ),
        format!(
            "{tool} has compared your real infrastructure against your configuration and\nfound no differences, so no changes are needed."
        ),
        format!(
            "You can apply this plan to save these new output values to the {tool}\nstate, without changing any real infrastructure."
        ),
    ] {
        let joined = paragraph.replace('\n', " ");
        let wrapped = match width {
            0 => joined,
            w => crate::diagnostics::wrap(&joined, w),
        };
        plain = plain.replacen(&paragraph, &wrapped, 1);
    }
    // The heading's reset falls after the blank line that follows it.
    let no_changes = "\nNo changes. Your infrastructure matches the configuration.\n\n";
    let plain = plain.replacen(
        no_changes,
        &format!(
            "\n{}\n\n{}",
            paint("[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]", &[]),
            paint("[reset]", &[])
        ),
        1,
    );
    let mut out = String::with_capacity(plain.len() * 5 / 4);
    for line in plain.split_inclusive('\n') {
        let (text, end) = match line.strip_suffix('\n') {
            Some(t) => (t, "\n"),
            None => (line, ""),
        };
        out.push_str(&style_line(text));
        out.push_str(end);
        // terraform's summary line ends with a reset after the newline.
        if text.starts_with("Plan: ") {
            out.push_str(&paint("[reset]", &[]));
        }
    }
    out
}

use crate::style::{colorize, paint};

/// One plain plan line in terraform's colours (see [`human_styled`]).
fn style_line(line: &str) -> String {
    const LEGEND: [(&str, &str); 5] = [
        ("  + create", "  [green]+[reset] create"),
        ("  ~ update in-place", "  [yellow]~[reset] update in-place"),
        ("  - destroy", "  [red]-[reset] destroy"),
        (
            "-/+ destroy and then create replacement",
            "[red]-[reset]/[green]+[reset] destroy and then create replacement",
        ),
        (
            " <= read (data resources)",
            " [cyan]<=[reset] read (data resources)",
        ),
    ];
    if let Some((_, markup)) = LEGEND.iter().find(|(l, _)| *l == line) {
        return colorize(markup, &[]);
    }
    if let Some(rest) = line.strip_prefix("Plan: ") {
        return paint("[bold]Plan:[reset] %s", &[rest]);
    }
    if let Some(heading) = line.strip_prefix("  # ").filter(|h| !h.starts_with('(')) {
        return style_heading(heading).unwrap_or_else(|| line.to_string());
    }
    let indent = line.len() - line.trim_start_matches(' ').len();
    let body = &line[indent..];
    if body.starts_with("# (") && body.ends_with(" hidden)") {
        return format!(
            "{}{}",
            &line[..indent],
            colorize("[dark_gray]%s[reset]", &[body])
        );
    }
    for (symbol, markup) in [
        ("-/+ ", "[red]-[reset]/[green]+[reset]"),
        ("<= ", "[cyan]<=[reset]"),
        ("+ ", "[green]+[reset]"),
        ("- ", "[red]-[reset]"),
        ("~ ", "[yellow]~[reset]"),
    ] {
        if let Some(rest) = body.strip_prefix(symbol) {
            // A resource's opening line follows its heading's reset.
            let lead = match rest.starts_with("resource \"") || rest.starts_with("data \"") {
                true => paint("[reset]", &[]),
                false => String::new(),
            };
            return format!(
                "{lead}{}{} {}",
                &line[..indent],
                colorize(markup, &[]),
                style_value(rest)
            );
        }
    }
    if body.starts_with("resource \"") || body.starts_with("data \"") {
        return paint("[reset]", &[]) + line;
    }
    line.to_string()
}

/// A heading's address bold, and what happens to the object as terraform
/// stresses it; `None` for a heading of another shape.
fn style_heading(heading: &str) -> Option<String> {
    let bold_addr = |addr: &str| paint("[bold]  # %s[reset]", &[addr]);
    for (tail, markup) in [
        (" will be destroyed", " will be [bold][red]destroyed[reset]"),
        (
            " is tainted, so must be replaced",
            " is tainted, so must be [bold][red]replaced[reset]",
        ),
        (" must be replaced", " must be [bold][red]replaced[reset]"),
    ] {
        if let Some(addr) = heading.strip_suffix(tail).filter(|a| !a.ends_with(')')) {
            return Some(bold_addr(addr) + &paint(markup, &[]));
        }
    }
    for tail in [
        " will be created",
        " will be updated in-place",
        " will be read during apply",
        " will be imported",
    ] {
        if let Some(addr) = heading.strip_suffix(tail) {
            return Some(bold_addr(addr) + tail);
        }
    }
    let (from, to) = heading.split_once(" has moved to ")?;
    Some(bold_addr(from) + " has moved to " + &paint("[bold]%s[reset]", &[to]))
}

/// An attribute's text after its symbol: the arrow of a change yellow
/// (grey before `null`), a forced replacement red.
fn style_value(rest: &str) -> String {
    let (rest, forces) = match rest.strip_suffix(" # forces replacement") {
        Some(r) => (r, colorize(" [red]# forces replacement[reset]", &[])),
        None => (rest, String::new()),
    };
    if let Some(before) = rest.strip_suffix(" -> null") {
        return format!(
            "{before} {}{forces}",
            colorize("[dark_gray]-> null[reset]", &[])
        );
    }
    match rest.split_once(" -> ") {
        Some((before, after)) if after != "(known after apply)" => format!(
            "{before} {} {after}{forces}",
            colorize("[yellow]->[reset]", &[])
        ),
        _ => format!("{rest}{forces}"),
    }
}

fn human_changes(plan: &Plan, tool: &str) -> String {
    let mut out = String::new();
    let shown: Vec<&ResourceChange> = plan
        .changes
        .iter()
        .filter(|c| {
            c.action != Action::NoOp
                || c.previous.is_some()
                || plan.imports.iter().any(|(a, _)| *a == c.addr)
        })
        .collect();
    let (add, change, destroy) = plan.counts();
    let outputs = output_changes(plan);
    if shown.is_empty() {
        if outputs.is_empty() {
            out.push_str(&format!(
                "\nNo changes. Your infrastructure matches the configuration.\n\n{tool} has compared your real infrastructure against your configuration and\nfound no differences, so no changes are needed.\n"
            ));
        } else {
            let _ = write!(
                out,
                "{outputs}\nYou can apply this plan to save these new output values to the {tool}\nstate, without changing any real infrastructure.\n"
            );
        }
        return out;
    }
    let mut symbols = Vec::new();
    let used = |a: Action| plan.changes.iter().any(|c| c.action == a);
    if used(Action::Create) {
        symbols.push("  + create");
    }
    if used(Action::Update) {
        symbols.push("  ~ update in-place");
    }
    if used(Action::Delete) {
        symbols.push("  - destroy");
    }
    if used(Action::Replace) {
        symbols.push("-/+ destroy and then create replacement");
    }
    if !symbols.is_empty() {
        let _ = write!(
            out,
            "\n{tool} used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n{}\n",
            symbols.join("\n")
        );
    }
    out.push_str(&format!("\n{tool} will perform the following actions:\n\n"));
    for c in shown {
        let imported = plan
            .imports
            .iter()
            .find(|(a, _)| *a == c.addr)
            .map(|(_, id)| id.as_str());
        render_change(&mut out, c, tool, imported);
        out.push('\n');
    }
    // OpenTofu counts forgotten objects in the summary; Terraform does not.
    let forgets = plan.forgets();
    let forget = if forgets > 0 && tool == "OpenTofu" {
        format!(", {forgets} to forget")
    } else {
        String::new()
    };
    // Terraform counts imports first in the summary.
    let import = match plan.imports.len() {
        0 => String::new(),
        n => format!("{n} to import, "),
    };
    let _ = writeln!(
        out,
        "Plan: {import}{add} to add, {change} to change, {destroy} to destroy{forget}."
    );
    out.push_str(&outputs);
    out
}

/// "Changes to Outputs:" and a line per output the plan changes (names
/// aligned), or nothing when none changes.
fn output_changes(plan: &Plan) -> String {
    let changed: Vec<_> = plan
        .outputs
        .iter()
        .filter(|o| o.action != Action::NoOp)
        .collect();
    if changed.is_empty() {
        return String::new();
    }
    // Names align over every root output, changed or not, as terraform's do.
    let width = plan
        .outputs
        .iter()
        .map(|o| o.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::from("\nChanges to Outputs:\n");
    for o in changed {
        let (sym, text) = match o.action {
            Action::Create => (Sym::Create, whole(&o.after, Sym::Create, 0)),
            Action::Delete => (Sym::Delete, deleted(&o.before, 0)),
            _ => (Sym::Update, diff(&o.before, &o.after, 0).1),
        };
        let _ = writeln!(out, "{} {:<width$} = {text}", sym.mark(), o.name);
    }
    out
}

fn render_change(out: &mut String, c: &ResourceChange, tool: &str, imported: Option<&str>) {
    let addr = &c.addr;
    let mut moved = c
        .previous
        .as_ref()
        .map(|p| format!("  # (moved from {p})\n"))
        .unwrap_or_default();
    if let Some(id) = imported {
        if c.action == Action::NoOp && c.previous.is_none() {
            let _ = writeln!(out, "  # {addr} will be imported");
            // An object nobody could read has nothing to show.
            if c.before.is_some() {
                render_body(out, c);
            }
            return;
        }
        let id = serde_json::Value::String(id.to_string());
        moved.push_str(&format!("  # (imported from {id})\n"));
    }
    match c.action {
        Action::Read => {
            let _ = writeln!(out, "  # {addr} will be read during apply");
            let why = match c.reason {
                Some(ActionReason::ConfigUnknown) => "config refers to values not yet known",
                _ => "depends on a resource or a module with changes pending",
            };
            let _ = writeln!(out, "  # ({why})");
        }
        Action::NoOp => {
            let from = c
                .previous
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(out, "  # {from} has moved to {addr}");
        }
        Action::Create => {
            let _ = writeln!(out, "  # {addr} will be created");
        }
        Action::Update => {
            let _ = write!(out, "  # {addr} will be updated in-place\n{moved}");
        }
        Action::Replace if c.reason == Some(ActionReason::Tainted) => {
            let _ = write!(out, "  # {addr} is tainted, so must be replaced\n{moved}");
        }
        Action::Replace => {
            let _ = write!(out, "  # {addr} must be replaced\n{moved}");
        }
        Action::Delete if matches!(c.reason, Some(ActionReason::Deposed(_))) => {
            let Some(ActionReason::Deposed(key)) = &c.reason else {
                unreachable!("matched above")
            };
            let _ = writeln!(
                out,
                "  # {addr} (deposed object {key}) will be destroyed\n  # (left over from a partially-failed replacement of this instance)"
            );
        }
        Action::Delete => {
            let _ = writeln!(out, "  # {addr} will be destroyed");
            if let Some(reason) = &c.reason
                && let Some(text) = reason_text(reason, addr, c.previous.as_ref())
            {
                let _ = writeln!(out, "  # {text}");
            }
            out.push_str(&moved);
        }
        Action::Forget => {
            let _ = write!(
                out,
                " # {addr} will no longer be managed by {tool}, but will not be destroyed\n # (destroy = false is set in the configuration)\n{moved}"
            );
        }
    }
    render_body(out, c);
}

fn reason_text(
    reason: &ActionReason,
    addr: &AbsResourceInstance,
    previous: Option<&AbsResourceInstance>,
) -> Option<String> {
    Some(match reason {
        ActionReason::DependencyPending
        | ActionReason::ConfigUnknown
        | ActionReason::Tainted
        | ActionReason::Deposed(_) => return None,
        // terraform prints `type.name`, without the module path.
        ActionReason::NoResourceConfig | ActionReason::Removed => format!(
            "(because {}.{} is not in configuration)",
            addr.resource.resource.type_name, addr.resource.resource.name
        ),
        // terraform names the resource's whole module path, not the first
        // missing step.
        ActionReason::NoModule(_) => format!("(because {} is not in configuration)", addr.module),
        ActionReason::CountIndex => format!(
            "(because index {} is out of range for count)",
            addr.resource.key
        ),
        ActionReason::EachKey => {
            format!("(because key {} is not in for_each map)", addr.resource.key)
        }
        ActionReason::WrongRepetition {
            uses_count,
            uses_for_each,
        } => match (&addr.resource.key, uses_count, uses_for_each) {
            (InstanceKey::NoKey, true, _) => "(because resource uses count)".into(),
            (InstanceKey::NoKey, _, true) => "(because resource uses for_each)".into(),
            (InstanceKey::Int(_), false, _) => "(because resource does not use count)".into(),
            (InstanceKey::Str(_), _, false) => "(because resource does not use for_each)".into(),
            _ => return None,
        },
        ActionReason::NoMoveTarget { to } => {
            let from = previous.map(ToString::to_string).unwrap_or_default();
            format!(
                "(because {from} was moved to {}, which is not in configuration)",
                to.resource.resource
            )
        }
    })
}

/// The resource block with each argument marked by what happens to it.
fn render_body(out: &mut String, c: &ResourceChange) {
    let r = &c.addr.resource.resource;
    let (symbol, indent) = match c.action {
        Action::Create => ("+ ", "  "),
        Action::Update => ("~ ", "  "),
        Action::Replace => ("-/+ ", ""),
        Action::Delete => ("- ", "  "),
        Action::NoOp => ("  ", "  "),
        Action::Forget => (". ", " "),
        Action::Read => (" <= ", ""),
    };
    let kind = if r.mode == ResourceMode::Data {
        "data"
    } else {
        "resource"
    };
    let _ = writeln!(
        out,
        "{indent}{symbol}{kind} \"{}\" \"{}\" {{",
        r.type_name, r.name
    );
    let mut lines: Vec<(String, String, String)> = Vec::new();
    let mut hidden = 0;
    // Hidden attributes' names count for the alignment too.
    let mut width_only: Vec<usize> = Vec::new();
    let empty = crate::lang::sorted_map::SortedMap::new();
    let before = c
        .before
        .as_ref()
        .and_then(Value::as_mapping)
        .unwrap_or(&empty);
    let after = c
        .after
        .as_ref()
        .and_then(Value::as_mapping)
        .unwrap_or(&empty);
    match c.action {
        Action::Read => {
            // What the read will set: the arguments, and the built-in
            // `terraform_remote_state`'s computed `outputs`.
            for (k, v) in after {
                if !v.is_null() {
                    lines.push(("+".into(), k.clone(), whole(v, Sym::Create, 1)));
                }
            }
            if &*r.type_name == "terraform_remote_state" {
                lines.push(("+".into(), "outputs".into(), "(known after apply)".into()));
            }
            lines.sort_by(|a, b| a.1.cmp(&b.1));
        }
        Action::Create => {
            lines.push(("+".into(), "id".into(), "(known after apply)".into()));
            for (k, v) in after {
                if !v.is_null() {
                    lines.push(("+".into(), k.clone(), whole(v, Sym::Create, 1)));
                }
            }
            if let Some(k) = computed_unknown(c, after) {
                lines.push(("+".into(), k.into(), "(known after apply)".into()));
            }
            lines.sort_by(|a, b| a.1.cmp(&b.1));
        }
        Action::Delete => {
            for (k, v) in before {
                if !v.is_null() {
                    lines.push(("-".into(), k.clone(), deleted(v, 1)));
                }
            }
        }
        // A forgotten object is shown as it stays: unchanged.
        Action::Update | Action::Replace | Action::NoOp | Action::Forget => {
            // Terraform's block renderer: every attribute, in name order;
            // one null on both sides is no attribute at all, an unchanged
            // one is counted as hidden (but still sets the width), except
            // the identifying `id`.
            let unknown = computed_unknown(c, after);
            let keys: std::collections::BTreeSet<&String> =
                before.keys().chain(after.keys()).collect();
            let null = Value::null();
            for k in keys {
                let old = before.get(k).unwrap_or(&null);
                let new = after.get(k).unwrap_or(old);
                if k == "id" {
                    let line = match c.action {
                        Action::Replace => ("~", format!("{} -> (known after apply)", shown(old))),
                        _ => (" ", shown(old)),
                    };
                    lines.push((line.0.into(), k.clone(), line.1));
                } else if unknown == Some(k.as_str()) || c.changed.contains(k) {
                    let planned = Value::Unknown(crate::lang::value::Type::Dynamic, None);
                    let new = if unknown == Some(k.as_str()) {
                        &planned
                    } else {
                        new
                    };
                    // terraform_data's provider replaces without naming a path.
                    let forces = c.replace_paths.contains(k)
                        && &*c.addr.resource.resource.type_name != "terraform_data";
                    let forces = if forces { " # forces replacement" } else { "" };
                    let (sym, text) = diff(old, new, 1);
                    lines.push((
                        sym.mark().trim().into(),
                        k.clone(),
                        format!("{text}{forces}"),
                    ));
                } else if IMPORTANT.contains(&k.as_str()) && !old.is_null() {
                    lines.push((" ".into(), k.clone(), whole(old, Sym::NoOp, 1)));
                } else if !(old.is_null() && new.is_null()) {
                    hidden += 1;
                    width_only.push(k.chars().count());
                }
            }
        }
    }
    let width = lines
        .iter()
        .map(|(_, k, _)| k.chars().count())
        .chain(width_only)
        .max()
        .unwrap_or(0);
    for (sym, k, v) in lines {
        let sym = if sym.is_empty() { " " } else { &sym };
        let _ = writeln!(out, "      {sym} {k:<width$} = {v}");
    }
    if hidden > 0 {
        let noun = if hidden == 1 {
            "attribute"
        } else {
            "attributes"
        };
        let _ = writeln!(out, "        # ({hidden} unchanged {noun} hidden)");
    }
    out.push_str("    }\n");
}

/// The computed attribute the plan knows only after apply, shown as
/// `(known after apply)`: `terraform_data`'s `output` when its `input` is
/// set on a new object or changes (`resource_data.go`).
fn computed_unknown(
    c: &ResourceChange,
    after: &crate::lang::sorted_map::SortedMap<String, Value>,
) -> Option<&'static str> {
    if &*c.addr.resource.resource.type_name != "terraform_data"
        || c.addr.resource.resource.mode != ResourceMode::Managed
    {
        return None;
    }
    let input_set = after.get("input").is_some_and(|v| !v.is_null());
    let changes = match c.action {
        Action::Create => input_set,
        Action::Replace => {
            input_set
                || c.before
                    .as_ref()
                    .and_then(Value::as_mapping)
                    .and_then(|b| b.get("output"))
                    .is_some_and(|v| !v.is_null())
        }
        Action::Update => c.changed.iter().any(|k| k == "input"),
        _ => false,
    };
    changes.then_some("output")
}

fn shown(v: &Value) -> String {
    if v.is_marked() {
        return "(sensitive value)".into();
    }
    display::console(v)
}

/// `resource_changes` as `terraform show -json` writes it.
pub(crate) fn json(plan: &Plan) -> serde_json::Value {
    let changes: Vec<serde_json::Value> = plan
        .changes
        .iter()
        .map(|c| {
            let r = &c.addr.resource.resource;
            let mut entry = serde_json::Map::new();
            entry.insert("address".into(), json!(c.addr.to_string()));
            if !c.addr.module.steps().is_empty() {
                entry.insert("module_address".into(), json!(c.addr.module.to_string()));
            }
            if let Some(p) = &c.previous {
                entry.insert("previous_address".into(), json!(p.to_string()));
            }
            entry.insert(
                "mode".into(),
                json!(if r.mode == ResourceMode::Data {
                    "data"
                } else {
                    "managed"
                }),
            );
            entry.insert("type".into(), json!(&*r.type_name));
            entry.insert("name".into(), json!(&*r.name));
            match &c.addr.resource.key {
                InstanceKey::NoKey => {}
                InstanceKey::Int(i) => {
                    entry.insert("index".into(), json!(i));
                }
                InstanceKey::Str(s) => {
                    entry.insert("index".into(), json!(s));
                }
            }
            entry.insert(
                "change".into(),
                json!({ "actions": c.action.json_actions() }),
            );
            if let Some((_, id)) = plan.imports.iter().find(|(a, _)| *a == c.addr)
                && let Some(change) = entry.get_mut("change").and_then(|v| v.as_object_mut())
            {
                change.insert("importing".into(), json!({ "id": id }));
            }
            if let Some(ActionReason::Deposed(key)) = &c.reason {
                entry.insert("deposed".into(), json!(key));
            } else if let Some(reason) = &c.reason {
                entry.insert("action_reason".into(), json!(reason.json()));
            } else if c.action == Action::Replace {
                entry.insert(
                    "action_reason".into(),
                    json!("replace_because_cannot_update"),
                );
            }
            serde_json::Value::Object(entry)
        })
        .collect();
    let (add, change, destroy) = plan.counts();
    let mut summary = json!({ "add": add, "change": change, "destroy": destroy });
    // As terraform's `Plan: N to import, ...`: only when something is.
    if !plan.imports.is_empty() {
        summary["import"] = json!(plan.imports.len());
    }
    // Every root output, as `show -json` lists them: what happens to it,
    // which parts only apply knows, and whether it is sensitive (one flag
    // for both sides, as the plan records it); values left out, as for
    // resources.
    let outputs: serde_json::Map<String, serde_json::Value> = plan
        .outputs
        .iter()
        .map(|o| {
            let sensitive = o.before.is_marked() || o.after.is_marked();
            (
                o.name.clone(),
                json!({
                    "actions": o.action.json_actions(),
                    // A wholly known value is `false` whatever its shape.
                    "after_unknown": if o.after.is_wholly_known() {
                        json!(false)
                    } else {
                        unknown_as_bool(&o.after)
                    },
                    "before_sensitive": sensitive,
                    "after_sensitive": sensitive,
                }),
            )
        })
        .collect();
    json!({
        "format_version": "1.2",
        "resource_changes": changes,
        "output_changes": outputs,
        "summary": summary,
    })
}

/// `after_unknown`: true where a value is unknown, false where it is known
/// or null, collections mirrored (sequences element by element; maps and
/// objects keep only what is not false).
fn unknown_as_bool(v: &Value) -> serde_json::Value {
    match v.unmark().0 {
        Value::Unknown(..) => json!(true),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            serde_json::Value::Array(items.iter().map(unknown_as_bool).collect())
        }
        Value::Map(_, attrs) | Value::Object(attrs) => serde_json::Value::Object(
            attrs
                .iter()
                .map(|(k, v)| (k.clone(), unknown_as_bool(v)))
                .filter(|(_, b)| *b != json!(false))
                .collect(),
        ),
        _ => json!(false),
    }
}

/// Attributes terraform always shows, changed or not (`importantAttributes`).
const IMPORTANT: &[&str] = &["id", "name", "tags"];

/// What happens to a value, as terraform's renderer marks it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sym {
    Create,
    Delete,
    Update,
    NoOp,
}

impl Sym {
    /// `format.DiffActionSymbol`: three columns.
    fn mark(self) -> &'static str {
        match self {
            Sym::Create => "  +",
            Sym::Delete => "  -",
            Sym::Update => "  ~",
            Sym::NoOp => "   ",
        }
    }
}

/// Four spaces a level (`formatIndent`).
fn pad(indent: usize) -> String {
    "    ".repeat(indent)
}

/// A value created, deleted or left as it is, in full: every attribute and
/// element marked `sym` (terraform's renderers with every child sharing
/// the parent's action). Continuation lines are indented for `indent`.
fn whole(v: &Value, sym: Sym, indent: usize) -> String {
    let mut out = String::new();
    write_whole(&mut out, v, sym, indent);
    out
}

/// [`whole`], written at the end of `out`: a plan shows thousands.
fn write_whole(out: &mut String, v: &Value, sym: Sym, indent: usize) {
    let line_start = |out: &mut String, indent: usize, mark: &str| {
        for _ in 0..indent {
            out.push_str("    ");
        }
        out.push_str(mark);
        out.push(' ');
    };
    if v.is_marked() {
        out.push_str("(sensitive value)");
        return;
    }
    match v {
        Value::Unknown(..) => out.push_str("(known after apply)"),
        Value::String(text) => match RenderedString::of(text) {
            RenderedString::Json(json) => {
                let inner = whole(&json, sym, indent + 1);
                out.push_str(&jsonencode(&inner, Sym::NoOp, "", indent));
            }
            RenderedString::Lines(lines) => {
                let marked: Vec<(Sym, &str)> = lines.iter().map(|l| (Sym::NoOp, *l)).collect();
                write_heredoc(out, &marked, indent);
            }
            RenderedString::Line => out.push_str(&shown(v)),
        },
        Value::Object(m) | Value::Map(_, m) if !m.is_empty() => {
            let keys: Vec<std::borrow::Cow<str>> = m.keys().map(|k| key_text(v, k)).collect();
            let width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
            out.push_str("{\n");
            for (k, child) in keys.iter().zip(m.values()) {
                line_start(out, indent + 1, sym.mark());
                out.push_str(k);
                for _ in k.chars().count()..width {
                    out.push(' ');
                }
                out.push_str(" = ");
                write_whole(out, child, sym, indent + 1);
                out.push('\n');
            }
            line_start(out, indent, Sym::NoOp.mark());
            out.push('}');
        }
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) if !items.is_empty() => {
            out.push_str("[\n");
            for item in items.iter() {
                line_start(out, indent + 1, sym.mark());
                write_whole(out, item, sym, indent + 1);
                out.push_str(",\n");
            }
            line_start(out, indent, Sym::NoOp.mark());
            out.push(']');
        }
        // The structured renderer reads JSON, which has no types to
        // convert to: an empty collection is `{}` or `[]`, never `tomap({})`.
        Value::Map(_, m) if m.is_empty() => out.push_str("{}"),
        Value::List(_, items) | Value::Set(_, items) if items.is_empty() => out.push_str("[]"),
        other => out.push_str(&shown(other)),
    }
}

/// A value deleted: what it was, then `-> null`, but for a JSON string
/// of an empty object or array (`jsonencode({})`), which terraform's JSON
/// rendering prints with no suffix.
fn deleted(v: &Value, indent: usize) -> String {
    let text = whole(v, Sym::Delete, indent);
    let empty_json = match v {
        Value::String(text) => match RenderedString::of(text) {
            RenderedString::Json(Value::Object(m)) => m.is_empty(),
            RenderedString::Json(Value::Tuple(items)) => items.is_empty(),
            _ => false,
        },
        _ => false,
    };
    match empty_json {
        true => text,
        false => format!("{text} -> null"),
    }
}

/// How terraform's renderer reads a string (`evaluatePrimitiveString`):
/// one starting with `{` or `[` that parses as JSON is shown as the value
/// it encodes; one with a newline as its lines, trimmed of surrounding
/// whitespace; any other on one line, quoted.
enum RenderedString<'s> {
    Json(Value),
    Lines(Vec<&'s str>),
    Line,
}

impl<'s> RenderedString<'s> {
    fn of(text: &'s str) -> RenderedString<'s> {
        if (text.starts_with('{') || text.starts_with('['))
            && let Ok(json) = serde_json::from_str::<serde_json::Value>(text)
        {
            return RenderedString::Json(json_value(&json));
        }
        if text.contains('\n') {
            return RenderedString::Lines(text.trim().split('\n').collect());
        }
        RenderedString::Line
    }
}

/// A JSON document as the value the renderer walks: objects and arrays as
/// objects and tuples (JSON has no other collection types).
fn json_value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::null(),
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => crate::number::Number::parse(&n.to_string())
            .map(Value::Number)
            .unwrap_or_else(|| Value::string(n.to_string())),
        serde_json::Value::String(s) => Value::string(s.clone()),
        serde_json::Value::Array(items) => {
            Value::Tuple(items.iter().map(json_value).collect::<Vec<_>>().into())
        }
        serde_json::Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), json_value(v))).collect())
        }
    }
}

/// `jsonencode(...)` around a JSON string's rendered value (`inner`, at
/// `indent + 1`): on its own lines when it spans several, marked `sym`
/// (an update's `~`; a created or deleted one is unmarked), `note` after
/// the opening parenthesis.
fn jsonencode(inner: &str, sym: Sym, note: &str, indent: usize) -> String {
    if inner.contains('\n') {
        format!(
            "jsonencode({note}\n{}{} {inner}\n{})",
            pad(indent + 1),
            sym.mark(),
            pad(indent + 1)
        )
    } else {
        format!("jsonencode({inner}){note}")
    }
}

/// A multi-line string as terraform's renderer prints it: a `<<-EOT`
/// heredoc, each line marked, indented one level deeper.
fn write_heredoc(out: &mut String, lines: &[(Sym, &str)], indent: usize) {
    out.push_str("<<-EOT\n");
    for (sym, line) in lines {
        out.push_str(&pad(indent + 1));
        out.push_str(sym.mark());
        out.push(' ');
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&pad(indent));
    out.push_str(Sym::NoOp.mark());
    out.push_str(" EOT");
}

/// An update of one string to another (`renderStringDiff`): two JSON
/// strings as the change of what they encode (`# whitespace changes` when
/// that is none), a JSON string and another as the one replaced by the
/// other, multi-line strings line by line, others `"a" -> "b"`.
fn string_diff(a: &str, b: &str, indent: usize) -> String {
    match (RenderedString::of(a), RenderedString::of(b)) {
        (RenderedString::Json(x), RenderedString::Json(y)) => {
            if x == y {
                let inner = whole(&x, Sym::NoOp, indent + 1);
                return jsonencode(&inner, Sym::NoOp, " # whitespace changes", indent);
            }
            let (sym, inner) = diff(&x, &y, indent + 1);
            jsonencode(&inner, sym, "", indent)
        }
        (RenderedString::Json(_), _) | (_, RenderedString::Json(_)) => format!(
            "{} -> {}",
            whole(&Value::string(a), Sym::Delete, indent),
            whole(&Value::string(b), Sym::Create, indent)
        ),
        (RenderedString::Line, RenderedString::Line) => format!(
            "{} -> {}",
            shown(&Value::string(a)),
            shown(&Value::string(b))
        ),
        (x, y) => {
            let lines = |r: RenderedString<'_>, s: &'_ str| -> Vec<String> {
                match r {
                    RenderedString::Lines(l) => l.iter().map(|l| l.to_string()).collect(),
                    _ => vec![s.to_string()],
                }
            };
            let (before, after) = (lines(x, a), lines(y, b));
            let mut out = String::new();
            let marked: Vec<(Sym, &str)> = line_diff(&before, &after);
            write_heredoc(&mut out, &marked, indent);
            out
        }
    }
}

/// The lines of an update, deleted, created and kept, in terraform's
/// order (`collections.ProcessSlice` over their longest common
/// subsequence: before each common line, the deleted ones, then the
/// created ones).
fn line_diff<'l>(before: &'l [String], after: &'l [String]) -> Vec<(Sym, &'l str)> {
    let (n, m) = (before.len(), after.len());
    // lcs[i][j]: the longest common subsequence of before[i..] and after[j..].
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if before[i] == after[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut common = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if before[i] == after[j] {
            common.push((i, j));
            i += 1;
            j += 1;
        } else if lcs[i + 1][j] >= lcs[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    for (ci, cj) in common.into_iter().chain(std::iter::once((n, m))) {
        out.extend(before[i..ci].iter().map(|l| (Sym::Delete, l.as_str())));
        out.extend(after[j..cj].iter().map(|l| (Sym::Create, l.as_str())));
        if ci < n {
            out.push((Sym::NoOp, before[ci].as_str()));
        }
        (i, j) = (ci + 1, cj + 1);
    }
    out
}

/// An object's key as terraform prints it: a map's quoted, an object's
/// bare when it is a valid name.
fn key_text<'k>(parent: &Value, k: &'k str) -> std::borrow::Cow<'k, str> {
    let bare = matches!(parent, Value::Object(_))
        && k.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
        && k.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if bare {
        k.into()
    } else {
        serde_json::Value::String(k.to_string()).to_string().into()
    }
}

/// The change from `old` to `new` (null for absent) as terraform renders
/// it: a nested object attribute by attribute, unchanged ones hidden but
/// the important ones; anything becoming unknown as what it was `->
/// (known after apply)`. List updates are shown whole (terraform diffs
/// their elements).
fn diff(old: &Value, new: &Value, indent: usize) -> (Sym, String) {
    match (old.is_null(), new.is_null()) {
        (true, true) => return (Sym::NoOp, "null".into()),
        (true, false) => return (Sym::Create, whole(new, Sym::Create, indent)),
        (false, true) => return (Sym::Delete, deleted(old, indent)),
        _ => {}
    }
    if old == new {
        return (Sym::NoOp, whole(old, Sym::NoOp, indent));
    }
    if old.is_marked() || new.is_marked() {
        return (Sym::Update, "(sensitive value)".into());
    }
    if matches!(new, Value::Unknown(..)) {
        return (
            Sym::Update,
            format!("{} -> (known after apply)", whole(old, Sym::Delete, indent)),
        );
    }
    if let (Value::String(a), Value::String(b)) = (old, new) {
        return (Sym::Update, string_diff(a, b, indent));
    }
    let (Value::Object(a) | Value::Map(_, a), Value::Object(b) | Value::Map(_, b)) = (old, new)
    else {
        return (
            Sym::Update,
            format!(
                "{} -> {}",
                whole(old, Sym::Delete, indent),
                whole(new, Sym::Create, indent)
            ),
        );
    };
    let null = Value::null();
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let width = keys
        .iter()
        .map(|k| key_text(new, k).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::from("{\n");
    let mut hidden = 0;
    for k in keys {
        let (sym, text) = diff(
            a.get(k).unwrap_or(&null),
            b.get(k).unwrap_or(&null),
            indent + 1,
        );
        if sym == Sym::NoOp && !IMPORTANT.contains(&k.as_str()) {
            hidden += 1;
            continue;
        }
        let k = key_text(new, k);
        out.push_str(&format!(
            "{}{} {k:<width$} = {text}\n",
            pad(indent + 1),
            sym.mark()
        ));
    }
    if hidden > 0 {
        let noun = if hidden == 1 {
            "attribute"
        } else {
            "attributes"
        };
        out.push_str(&format!(
            "{}{} # ({hidden} unchanged {noun} hidden)\n",
            pad(indent + 1),
            Sym::NoOp.mark()
        ));
    }
    out.push_str(&format!("{}{} }}", pad(indent), Sym::NoOp.mark()));
    (Sym::Update, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::diff::{Action, ActionReason, ResourceChange};

    /// A read during apply says why, indented as terraform prints it
    /// (`  # data.x will be read during apply`, then the reason).
    #[test]
    fn a_read_during_apply_says_why() {
        let read = |reason| ResourceChange {
            addr: AbsResourceInstance::parse("data.aws_region.r").unwrap(),
            previous: None,
            action: Action::Read,
            reason: Some(reason),
            before: None,
            after: Some(Value::Object(Default::default())),
            changed: Vec::new(),
            replace_paths: Vec::new(),
        };
        for (reason, why, json) in [
            (
                ActionReason::ConfigUnknown,
                "config refers to values not yet known",
                "read_because_config_unknown",
            ),
            (
                ActionReason::DependencyPending,
                "depends on a resource or a module with changes pending",
                "read_because_dependency_pending",
            ),
        ] {
            let mut out = String::new();
            render_change(&mut out, &read(reason.clone()), "Terraform", None);
            assert!(
                out.starts_with(&format!(
                    "  # data.aws_region.r will be read during apply\n  # ({why})\n"
                )),
                "{out}"
            );
            assert_eq!(reason.json(), json);
        }
    }
}

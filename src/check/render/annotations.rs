//! GitHub annotations: the workflow commands a check prints in Actions,
//! one per failure, within what GitHub shows.

use super::escape::{workflow_data, workflow_property};
use super::json::cross_root_json;
use super::words::{UNREACHED, cross_root_doc, describe, reason_word, side};
use crate::check::CheckReport;

/// A GitHub workflow command minimod prints (`::error file=F,line=N,title=T::message`).
/// Its properties and message are kept as given and escaped when it is
/// written, so that a command is the only line minimod prints that starts
/// with `::`, and nothing in it can end it or start another.
pub(crate) struct WorkflowCommand {
    command: &'static str,
    properties: Vec<(&'static str, String)>,
    message: String,
}

impl std::fmt::Display for WorkflowCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "::{}", self.command)?;
        for (i, (name, value)) in self.properties.iter().enumerate() {
            let sep = if i == 0 { ' ' } else { ',' };
            write!(f, "{sep}{name}={}", workflow_property(value))?;
        }
        write!(f, "::{}", workflow_data(&self.message))
    }
}

/// `::error` workflow commands, one per failing root, naming the file the
/// missing blocks belong in.
pub(crate) fn github_annotations(report: &CheckReport) -> Vec<WorkflowCommand> {
    let title = || ("title", "minimod check".to_string());
    let mut out = Vec::new();
    if !report.unreached_warn {
        for u in &report.unreached {
            let mut message = format!("{}: {UNREACHED} ({})", u.dir, u.why);
            if let Some(d) = &u.declaration {
                message.push_str(&format!(
                    "\nTo check it, add to .minimod.hcl:\n{}",
                    d.text()
                ));
            }
            out.push(WorkflowCommand {
                command: "error",
                properties: vec![title()],
                message,
            });
        }
    }
    for r in report.roots.iter().filter(|r| !r.passed) {
        // On a line the pull request holds, when there is one.
        let mut properties = match &r.anchor {
            Some((file, line, _)) => vec![("file", file.clone()), ("line", line.to_string())],
            None => Vec::new(),
        };
        properties.push(title());
        let mut lines = vec![format!("{}: {}", r.name(), describe(r))];
        for u in &r.unmatched {
            lines.push(format!(
                "{} {}: {}",
                side(u),
                crate::refactor::report::shown_addr(&u.addr),
                reason_word(u)
            ));
        }
        for m in &r.cross_root {
            lines.push(cross_root_doc(&cross_root_json(m)).0);
        }
        out.push(WorkflowCommand {
            command: "error",
            properties,
            message: lines.join("\n"),
        });
    }
    within_annotation_limit(out)
}

/// GitHub shows at most 10 error annotations of a step.
const ANNOTATION_LIMIT: usize = 10;

/// At most `ANNOTATION_LIMIT` annotations: past it, the last one kept
/// says how many more failures there are and where they are reported.
fn within_annotation_limit(mut out: Vec<WorkflowCommand>) -> Vec<WorkflowCommand> {
    if out.len() <= ANNOTATION_LIMIT {
        return out;
    }
    let rest = out.split_off(ANNOTATION_LIMIT - 1);
    let names: Vec<&str> = rest
        .iter()
        .filter_map(|c| c.message.split(':').next())
        .take(20)
        .collect();
    let more = match rest.len() > names.len() {
        true => ", ...",
        false => "",
    };
    out.push(WorkflowCommand {
        command: "error",
        properties: vec![("title", "minimod check".to_string())],
        message: format!(
            "{} more root modules or directories failed the check ({}{more}); the job summary and the check's report have each of them",
            rest.len(),
            names.join(", ")
        ),
    });
    out
}

/// The annotation of a check that could not run (exit 2): its errors'
/// summaries.
pub(crate) fn error_annotation(summaries: &[String]) -> WorkflowCommand {
    WorkflowCommand {
        command: "error",
        properties: vec![("title", "minimod check".to_string())],
        message: format!("the check could not run: {}", summaries.join("; ")),
    }
}

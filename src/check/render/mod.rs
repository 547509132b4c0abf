//! The check's outputs: text for a terminal, markdown for a pull-request
//! comment, JSON for machines, and GitHub annotations in Actions. Every
//! format says a root's findings in the same words (`words`), and each
//! escapes what it prints for where it is shown (`escape`). The text and
//! markdown of merged shards are written from the JSON report, which is
//! all `--merge` has.

mod annotations;
mod escape;
mod json;
mod markdown;
mod merge;
mod text;
mod words;

pub(crate) use annotations::{WorkflowCommand, error_annotation, github_annotations};
pub(crate) use json::{FORMAT_VERSION, json};
pub(crate) use markdown::{COMMENT_LIMIT, SUMMARY_LIMIT, markdown_error, markdown_within};
pub(crate) use merge::merge;
pub(crate) use text::{text, text_doc};
pub(super) use words::name_of;

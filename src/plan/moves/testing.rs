//! What the move tests share: statements, addresses and states written as
//! strings (as OpenTofu's tests write them), and the recorded fixtures
//! under `tests/data/moves/` (see its README.md).

use std::path::{Path, PathBuf};

use crate::addrs::{
    AbsResource, AbsResourceInstance, InstanceKey, Module, MoveEndpoint, unify_move_endpoints,
};
use crate::config::{Config, Engine, LoadOptions, load};
use crate::diagnostics::{SourceMap, SourceRange};
use crate::state::State;
use crate::syntax::source::clean_path;

use super::MoveStatement;

/// The range every hand-written statement has: cycle and ambiguity
/// messages show it as `test:1,1`.
pub(crate) fn range() -> SourceRange {
    SourceRange::file_only("test")
}

pub(crate) fn endpoint(s: &str) -> MoveEndpoint {
    MoveEndpoint::parse(s).unwrap_or_else(|d| panic!("{s}: {}", d.detail))
}

/// A statement as OpenTofu's tests write one (`testMoveStatement`):
/// declaring module as a dotted list of call names, then the two
/// relative addresses.
pub(crate) fn stmt(module: &str, from: &str, to: &str) -> MoveStatement {
    let module = Module(
        module
            .split('.')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
    );
    let (from, to) = unify_move_endpoints(&endpoint(from), &endpoint(to), &module)
        .unwrap_or_else(|d| panic!("{from} -> {to}: {}", d.detail));
    MoveStatement {
        from,
        to,
        range: range(),
        implied: false,
    }
}

/// A statement of the root module, as if implied.
pub(crate) fn implied_stmt(from: &str, to: &str) -> MoveStatement {
    MoveStatement {
        implied: true,
        ..stmt("", from, to)
    }
}

pub(crate) fn inst(s: &str) -> AbsResourceInstance {
    match endpoint(s) {
        MoveEndpoint::Resource(r) => r,
        MoveEndpoint::Module(m) => panic!("{m} is not a resource instance"),
    }
}

/// A state holding one empty object per address.
pub(crate) fn state_of(addrs: &[&str]) -> State {
    let mut resources: Vec<(AbsResource, Vec<serde_json::Value>)> = Vec::new();
    for a in addrs {
        let i = inst(a);
        let key = match i.key() {
            InstanceKey::NoKey => None,
            InstanceKey::Int(n) => Some(serde_json::json!(n)),
            InstanceKey::Str(s) => Some(serde_json::json!(s)),
        };
        let mut obj = serde_json::json!({"schema_version": 0, "attributes": {}});
        if let Some(k) = key {
            obj["index_key"] = k;
        }
        let res = i.containing_resource();
        match resources.iter_mut().find(|(r, _)| r == &res) {
            Some((_, v)) => v.push(obj),
            None => resources.push((res, vec![obj])),
        }
    }
    let resources: Vec<serde_json::Value> = resources
        .into_iter()
        .map(|(r, instances)| {
            let mut j = serde_json::json!({
                "mode": "managed",
                "type": &*r.resource.type_name,
                "name": &*r.resource.name,
                "provider": "provider[\"registry.terraform.io/hashicorp/test\"]",
                "instances": instances,
            });
            if !r.module.is_root() {
                j["module"] = serde_json::json!(r.module.to_string());
            }
            j
        })
        .collect();
    let text = serde_json::json!({
        "version": 4, "terraform_version": "1.11.0", "serial": 1,
        "lineage": "x", "outputs": {}, "resources": resources,
    })
    .to_string();
    State::from_json(&text).unwrap()
}

/// Every instance address of a state, in state order.
pub(crate) fn addresses(state: &State) -> Vec<String> {
    state.instances().map(|(a, _)| a.to_string()).collect()
}

/// The recorded cases and fixtures, found from the crate, not from where
/// the tests run.
pub(crate) fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/moves")
}

pub(crate) fn load_dir(dir: &Path, engine: Engine) -> Config {
    let mut sources = SourceMap::default();
    load(
        dir,
        &LoadOptions {
            engine,
            ..Default::default()
        },
        &mut sources,
    )
    .unwrap_or_else(|d| panic!("{}: {:?}", dir.display(), d.0[0]))
}

/// What the loader writes before the name of a file of `dir` (a source
/// map with no display base names files as given): stripped, names are
/// relative to the root module, as terraform, which runs there, prints them.
pub(crate) fn shown_prefix(dir: &Path) -> String {
    match clean_path(dir) {
        s if s == "." => String::new(),
        s => format!("{s}/"),
    }
}

/// `FILE:LINE,COL` of a diagnostic's subject, `prefix` (a
/// `shown_prefix`) stripped.
pub(crate) fn subject_at(d: &crate::diagnostics::Diagnostic, prefix: &str) -> Option<String> {
    d.subject
        .as_ref()
        .map(|r| format!("{}:{},{}", r.file, r.start.line, r.start.column).replace(prefix, ""))
}

/// `FILE:LINE,COL` of a range, the file relative to the root module `dir`
/// was loaded from.
pub(crate) fn start_in(r: &SourceRange, dir: &Path) -> String {
    super::validate::start_string(r).replace(&shown_prefix(dir), "")
}

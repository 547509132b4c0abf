//! Reading and writing version-4 state files (`terraform.tfstate`,
//! `terraform state pull` output) without losing anything terraform wrote.
//!
//! Invariants: reading never touches the file; writing goes through a
//! temporary file in the same directory and a rename, and produces the
//! bytes terraform would (Go's indented JSON, terraform's field order), so
//! `terraform state list` reads it. Fields minimod does not model are
//! kept verbatim and written back.

mod attributes;
mod file;
mod halves;
mod index;
pub(crate) mod plan_json;
mod scan;

use std::fs;
use std::path::Path;

use serde_json::{Map, Value as Json};

use crate::addrs::{
    AbsResource, AbsResourceInstance, InstanceKey, ModuleInstance, Resource, ResourceMode,
};
use crate::diagnostics::Diagnostic;
use crate::lang::value::Value;

pub(crate) use attributes::{
    AttrPath, PathStep, attributes_value_marked, cty_type, sensitive_paths,
};
use file::{RawInstance, RawResource, RawState, ReadState, to_go_json};
pub(crate) use index::{InstanceIndex, MovingState, Wins};

/// A whole state file.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Always 4.
    pub version: u64,
    pub terraform_version: String,
    pub serial: u64,
    pub lineage: String,
    /// Root outputs as recorded: `{"value": ..., "type": ..., "sensitive": ...}`.
    pub outputs: Map<String, Json>,
    /// In file order (terraform sorts them on write).
    pub resources: Vec<StateResource>,
    /// `check_results` as recorded (often `null`).
    pub check_results: Json,
    /// Top-level fields minimod does not know.
    pub extra: Map<String, Json>,
}

/// One resource: every object recorded for it.
#[derive(Clone, Debug, PartialEq)]
pub struct StateResource {
    pub addr: AbsResource,
    /// Legacy `each` mode (`"list"`, `"map"`), written by old versions only.
    pub each: Option<String>,
    /// `provider["registry.terraform.io/hashicorp/aws"].alias`; OpenTofu may
    /// record it per instance instead.
    pub provider: Option<String>,
    pub instances: Instances,
    pub extra: Map<String, Json>,
}

/// A resource's objects, shared: a plan copies the state it moves (a
/// refactor plans twice), and the copy shares each resource's objects
/// until a move changes them. Reads go through `Deref` to the `Vec`; a
/// write (`DerefMut`) copies the objects first only when they are shared.
#[derive(Clone, Default, PartialEq)]
pub struct Instances(std::sync::Arc<Vec<StateInstance>>);

impl std::ops::Deref for Instances {
    type Target = Vec<StateInstance>;

    fn deref(&self) -> &Vec<StateInstance> {
        &self.0
    }
}

impl std::ops::DerefMut for Instances {
    fn deref_mut(&mut self) -> &mut Vec<StateInstance> {
        std::sync::Arc::make_mut(&mut self.0)
    }
}

impl From<Vec<StateInstance>> for Instances {
    fn from(v: Vec<StateInstance>) -> Instances {
        Instances(std::sync::Arc::new(v))
    }
}

impl FromIterator<StateInstance> for Instances {
    fn from_iter<I: IntoIterator<Item = StateInstance>>(iter: I) -> Instances {
        Vec::from_iter(iter).into()
    }
}

impl<'a> IntoIterator for &'a Instances {
    type Item = &'a StateInstance;
    type IntoIter = std::slice::Iter<'a, StateInstance>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Instances {
    /// The objects themselves, copied only when shared.
    pub fn into_vec(self) -> Vec<StateInstance> {
        std::sync::Arc::unwrap_or_clone(self.0)
    }
}

impl std::fmt::Debug for Instances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// One object of a resource: its current object, or a deposed one when
/// `deposed` is set.
#[derive(Clone, Debug, PartialEq)]
pub struct StateInstance {
    pub key: InstanceKey,
    pub deposed: Option<String>,
    pub provider: Option<String>,
    pub schema_version: u64,
    /// The attributes object as recorded, shared: a plan copies the state
    /// it moves, and each copy shares the objects it did not change.
    pub attributes: Option<Attributes>,
    /// `None` when the field is absent; terraform 1.x always writes it.
    pub sensitive_attributes: Option<Vec<AttrPath>>,
    /// Provider-private data, base64 as recorded.
    pub private: Option<String>,
    pub dependencies: Vec<String>,
    pub depends_on: Vec<String>,
    pub create_before_destroy: bool,
    pub skip_destroy: bool,
    /// The fields nothing reads, kept to be written back; `None` when none
    /// was recorded (the usual object), so an object and each copy of the
    /// state a plan makes stay small.
    pub uncommon: Option<Box<Uncommon>>,
    /// `value()`, converted once: each run and each plan reads every
    /// recorded object, and clones of a value share it.
    pub value_cache: ValueCache,
}

/// An object's rarely recorded fields, kept as recorded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Uncommon {
    /// `tainted` when recorded.
    pub status: Option<String>,
    /// Pre-0.12 flatmap attributes.
    pub attributes_flat: Option<Map<String, Json>>,
    pub identity_schema_version: Option<u64>,
    pub identity: Option<Json>,
    /// Fields minimod does not know.
    pub extra: Map<String, Json>,
}

impl Uncommon {
    /// Boxed when anything is recorded.
    fn boxed(self) -> Option<Box<Uncommon>> {
        (self != Uncommon::default()).then(|| Box::new(self))
    }
}

/// A recorded object's value once converted from its JSON (which is
/// never changed after reading): when first asked for, or as a large
/// state is read (`halves`), in the pass that finds the text. Not part of
/// the instance's identity: equal instances are equal whether or not one
/// was read.
#[derive(Clone, Default)]
pub struct ValueCache(std::sync::OnceLock<Value>);

impl PartialEq for ValueCache {
    fn eq(&self, _: &ValueCache) -> bool {
        true
    }
}

impl std::fmt::Debug for ValueCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ValueCache")
    }
}

/// A recorded attributes object. Read from a file it is kept as the JSON
/// text there ([`StateInstance::value`] reads that text straight into a
/// value); its JSON tree is built only when asked for (`Deref`), to write
/// the state back or hand the object on. Cloning shares it.
#[derive(Clone)]
pub struct Attributes(std::sync::Arc<AttributesInner>);

struct AttributesInner {
    /// Where the text is, when read from a file.
    raw: Option<Recorded>,
    json: std::sync::OnceLock<Json>,
}

/// A slice of a state file's text, which every object read from it
/// shares: at 100,000 objects a copy of each object's text was 60 MB
/// more to allocate and fill.
struct Recorded {
    file: std::sync::Arc<String>,
    at: std::ops::Range<usize>,
}

impl Attributes {
    /// The attributes whose text is `raw`, a slice of `file`.
    fn recorded(file: &std::sync::Arc<String>, raw: &str) -> Attributes {
        let start = raw.as_ptr() as usize - file.as_ptr() as usize;
        let at = start..start + raw.len();
        debug_assert_eq!(file.get(at.clone()), Some(raw));
        Attributes(std::sync::Arc::new(AttributesInner {
            raw: Some(Recorded {
                file: file.clone(),
                at,
            }),
            json: std::sync::OnceLock::new(),
        }))
    }

    /// The recorded text, when read from a file.
    fn raw(&self) -> Option<&str> {
        let r = self.0.raw.as_ref()?;
        r.file.get(r.at.clone())
    }
}

impl From<Json> for Attributes {
    fn from(json: Json) -> Attributes {
        Attributes(std::sync::Arc::new(AttributesInner {
            raw: None,
            json: json.into(),
        }))
    }
}

impl std::ops::Deref for Attributes {
    type Target = Json;

    fn deref(&self) -> &Json {
        self.0.json.get_or_init(|| {
            // The text was parsed once already when the state was read.
            self.raw()
                .and_then(|raw| serde_json::from_str(raw).ok())
                .unwrap_or(Json::Null)
        })
    }
}

impl PartialEq for Attributes {
    fn eq(&self, other: &Attributes) -> bool {
        if let (Some(a), Some(b)) = (self.raw(), other.raw())
            && a == b
        {
            return true;
        }
        **self == **other
    }
}

impl std::fmt::Debug for Attributes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.raw() {
            Some(raw) => f.write_str(raw),
            None => write!(f, "{}", **self),
        }
    }
}

const UNSUPPORTED: &str = "Unsupported state file format";
const INVALID: &str = "Invalid state file format";

impl StateInstance {
    /// Whether the object is recorded `tainted`: the next plan replaces it.
    pub fn is_tainted(&self) -> bool {
        self.uncommon
            .as_ref()
            .is_some_and(|u| u.status.as_deref() == Some("tainted"))
    }

    /// An object at `key` with nothing recorded yet.
    pub(crate) fn new(key: InstanceKey) -> StateInstance {
        StateInstance {
            key,
            deposed: None,
            provider: None,
            schema_version: 0,
            attributes: None,
            sensitive_attributes: None,
            private: None,
            dependencies: Vec::new(),
            depends_on: Vec::new(),
            create_before_destroy: false,
            skip_destroy: false,
            uncommon: None,
            value_cache: Default::default(),
        }
    }
}

impl State {
    /// A state with nothing in it and a fresh lineage (a random UUID).
    pub fn new(terraform_version: impl Into<String>) -> State {
        State {
            version: 4,
            terraform_version: terraform_version.into(),
            serial: 0,
            lineage: uuid::Uuid::new_v4().to_string(),
            outputs: Map::new(),
            resources: Vec::new(),
            check_results: Json::Null,
            extra: Map::new(),
        }
    }

    /// Reads a state file. The file is only read.
    pub fn read(path: &Path) -> Result<State, Box<Diagnostic>> {
        crate::progress::step(|| format!("reading the state {}", path.display()));
        let text = halves::read_text(path).map_err(|e| {
            Diagnostic::error(
                "Failed to read state file",
                format!("The state file could not be read: {e}"),
            )
        })?;
        State::from_text(std::sync::Arc::new(text))
    }

    /// Parses state JSON, with OpenTofu's messages for files that are not
    /// JSON, not version 4, or broken.
    pub fn from_json(text: &str) -> Result<State, Box<Diagnostic>> {
        State::from_text(std::sync::Arc::new(text.to_owned()))
    }

    /// [`State::from_json`] of a text the objects keep (each one's
    /// attributes are a slice of it).
    fn from_text(text: std::sync::Arc<String>) -> Result<State, Box<Diagnostic>> {
        if text.trim().is_empty() {
            return Err(Diagnostic::error(UNSUPPORTED, "The state file is empty.").into());
        }
        if text.len() >= halves::FROM_BYTES
            && let Some(state) = halves::read(&text, true)
        {
            return state;
        }
        // One pass reads a well-formed version-4 state. Anything else is
        // read again for its diagnostic: OpenTofu checks the version before
        // the shape.
        match serde_json::from_str::<ReadState>(&text) {
            Ok(raw) if raw.version == 4 => State::from_raw(raw, &text),
            Ok(_) => Err(State::diagnose(&text, None).into()),
            Err(e) => Err(State::diagnose(&text, Some(e)).into()),
        }
    }

    /// Why `text` is not a version-4 state, given the error reading it as
    /// one (if any).
    fn diagnose(text: &str, shape: Option<serde_json::Error>) -> Diagnostic {
        // Only the version is read here, everything else skipped.
        let sniffed: Sniffed = match serde_json::from_str(text) {
            Ok(s) => s,
            Err(e) => {
                // Go reports the bytes consumed up to and including the bad
                // one, which is serde's (line, byte column) counted from
                // the start.
                let before: usize = text
                    .split_inclusive('\n')
                    .take(e.line().saturating_sub(1))
                    .map(str::len)
                    .sum();
                return Diagnostic::error(
                    UNSUPPORTED,
                    format!(
                        "The state file could not be parsed as JSON: syntax error at byte offset {}.",
                        before + e.column()
                    ),
                );
            }
        };
        if let Err(d) = check_version(&sniffed) {
            return *d;
        }
        // The shape's message, without the position serde adds to it.
        let message = shape.map(|e| {
            let message = e.to_string();
            let at = format!(" at line {} column {}", e.line(), e.column());
            message.strip_suffix(&at).unwrap_or(&message).to_string()
        });
        Diagnostic::error(
            INVALID,
            format!(
                "The state file does not have the expected shape: {}.",
                message.unwrap_or_default()
            ),
        )
    }

    fn from_raw(
        mut raw: ReadState,
        text: &std::sync::Arc<String>,
    ) -> Result<State, Box<Diagnostic>> {
        let read = std::mem::take(&mut raw.resources);
        let mut resources = Vec::with_capacity(read.len());
        let mut failed = None;
        for r in read {
            match StateResource::from_raw(r, text) {
                Ok(res) => resources.push(res),
                Err(d) => {
                    failed = Some(d);
                    break;
                }
            }
        }
        // A duplicate among the resources before a broken one is reported
        // first, as when each resource was checked as it was read.
        if let Some(d) = failed {
            return Err(duplicate(&resources).map_or(d, Box::new));
        }
        State::assemble(raw, resources)
    }

    /// The state of `raw`'s top-level fields (its resources aside) and
    /// `resources`, which must not repeat an object.
    fn assemble(raw: ReadState, resources: Vec<StateResource>) -> Result<State, Box<Diagnostic>> {
        if let Some(d) = duplicate(&resources) {
            return Err(d.into());
        }
        Ok(State {
            version: 4,
            terraform_version: raw.terraform_version,
            serial: raw.serial,
            lineage: raw.lineage,
            outputs: raw.outputs,
            resources,
            check_results: raw.check_results,
            extra: raw.extra,
        })
    }

    /// The state as terraform writes it: resources in terraform's order
    /// (see [`State::normalized_resources`]), indented JSON, a final newline.
    pub fn to_json(&self) -> String {
        let raw = RawState {
            version: 4,
            terraform_version: self.terraform_version.clone(),
            serial: self.serial,
            lineage: self.lineage.clone(),
            outputs: self.outputs.clone(),
            resources: self
                .normalized_resources()
                .iter()
                .map(StateResource::to_raw)
                .collect(),
            check_results: self.check_results.clone(),
            extra: self.extra.clone(),
        };
        // Serializing maps, strings and numbers cannot fail.
        let mut bytes = to_go_json(&raw).expect("state serializes");
        bytes.push(b'\n');
        String::from_utf8(bytes).expect("serde_json writes UTF-8")
    }

    /// Resources and their objects in the order terraform writes them
    /// (`sortResourcesV4`): by module address text, mode word, type and
    /// name; objects by key (none, numbers, strings) and deposed key.
    pub fn normalized_resources(&self) -> Vec<StateResource> {
        let mut resources = self.resources.clone();
        let order = |r: &StateResource| {
            (
                r.addr.module.to_string(),
                r.addr.resource.mode.state_name(),
                r.addr.resource.type_name.clone(),
                r.addr.resource.name.clone(),
            )
        };
        resources.sort_by_cached_key(order);
        for r in &mut resources {
            r.instances
                .sort_by(|a, b| a.key.cmp(&b.key).then_with(|| a.deposed.cmp(&b.deposed)));
        }
        resources
    }

    /// Writes the state to `path` as terraform's local backend does:
    /// through a symbolic link to the file it names, keeping that file's
    /// mode and owner, creating it (and its directory) when it does not
    /// exist yet. The write is
    /// atomic (see [`crate::atomic`]). The serial is written as it is; set
    /// it with [`State::next_serial`] first when the content changed.
    pub fn write_atomic(&self, path: &Path) -> Result<(), Box<Diagnostic>> {
        let fail = |e: std::io::Error| {
            Box::new(Diagnostic::error(
                "Failed to write state",
                format!(
                    "An error occurred while writing the serialized state to {}: {e}.",
                    path.display()
                ),
            ))
        };
        let real = crate::atomic::resolve_links(path).map_err(fail)?;
        // terraform creates the state's directory as well.
        if let Some(dir) = real.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(fail)?;
        }
        crate::atomic::write_atomic(&real, self.to_json().as_bytes()).map_err(fail)
    }

    /// The serial a changed state must carry: one more than this one's.
    pub fn next_serial(&self) -> u64 {
        self.serial + 1
    }

    /// Converts every recorded object to its value (`StateInstance::value`,
    /// kept), half on a second thread when `threads`: a plan copies the
    /// state it moves, and copies made after share the values.
    pub(crate) fn convert_values(&self, threads: bool) {
        // A large state's values came with its text: usually none is left,
        // and a few are not worth a thread.
        let objects: Vec<&StateInstance> = (self.resources.iter())
            .flat_map(|r| &r.instances)
            .filter(|i| i.value_cache.0.get().is_none())
            .collect();
        let threads = threads && objects.len() >= 64;
        let (one, other) = objects.split_at(objects.len() / 2);
        let convert = |half: &[&StateInstance]| half.iter().for_each(|i| drop(i.value()));
        crate::parallel::side_by_side(threads, || convert(one), || convert(other));
    }

    /// Every current (not deposed) object with its address, in
    /// `terraform state list` order.
    pub fn instances(&self) -> impl Iterator<Item = (AbsResourceInstance, &StateInstance)> {
        let mut all: Vec<(AbsResourceInstance, &StateInstance)> = self
            .resources
            .iter()
            .flat_map(|r| {
                r.instances
                    .iter()
                    .filter(|i| i.deposed.is_none())
                    .map(|i| (r.addr.instance(i.key.clone()), i))
            })
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all.into_iter()
    }

    /// The resource at `addr`, if recorded.
    pub fn resource(&self, addr: &AbsResource) -> Option<&StateResource> {
        self.resources.iter().find(|r| &r.addr == addr)
    }

    /// The current object of the instance at `addr`, if recorded.
    pub fn instance(&self, addr: &AbsResourceInstance) -> Option<&StateInstance> {
        let res = self.resource(&addr.containing_resource())?;
        res.instances
            .iter()
            .find(|i| i.key == addr.resource.key && i.deposed.is_none())
    }

    /// [`State::instance`] for many lookups: built once in linear time,
    /// then each lookup is a hash.
    pub fn instance_index(&self) -> InstanceIndex {
        InstanceIndex::new(self, Wins::First)
    }

    /// Moves a whole resource, every object and key, to `to`. Refuses
    /// (returns false) when `from` is not recorded or `to` already is,
    /// even with other keys: the rule OpenTofu's move application follows.
    pub fn move_resource(&mut self, from: &AbsResource, to: &AbsResource) -> bool {
        if self.resource(to).is_some() {
            return false;
        }
        match self.resources.iter_mut().find(|r| &r.addr == from) {
            Some(r) => {
                r.addr = to.clone();
                true
            }
            None => false,
        }
    }

    /// Moves one instance (its current and deposed objects) to `to`,
    /// creating the destination resource with the source's provider if
    /// needed and dropping the source resource once empty. Refuses when
    /// `from` has no objects or `to` already has a current object.
    pub fn move_resource_instance(
        &mut self,
        from: &AbsResourceInstance,
        to: &AbsResourceInstance,
    ) -> bool {
        if self.instance(to).is_some() {
            return false;
        }
        let from_res = from.containing_resource();
        let Some(src) = self.resources.iter().position(|r| r.addr == from_res) else {
            return false;
        };
        let (moving, staying): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.resources[src].instances)
                .into_vec()
                .into_iter()
                .partition(|i| i.key == from.resource.key);
        self.resources[src].instances = staying.into();
        if moving.is_empty() {
            return false;
        }
        let template = self.resources[src].clone();
        if template.instances.is_empty() {
            self.resources.remove(src);
        }
        let to_res = to.containing_resource();
        let dst = match self.resources.iter().position(|r| r.addr == to_res) {
            Some(i) => i,
            None => {
                self.resources.push(StateResource {
                    addr: to_res,
                    instances: Instances::default(),
                    ..template
                });
                self.resources.len() - 1
            }
        };
        let key = to.resource.key.clone();
        self.resources[dst]
            .instances
            .extend(moving.into_iter().map(|i| StateInstance {
                key: key.clone(),
                ..i
            }));
        true
    }

    /// The module instances that hold resources (the only ones a v4 state
    /// records), in state-list order.
    pub fn modules(&self) -> Vec<ModuleInstance> {
        let mut mods: Vec<ModuleInstance> = self
            .resources
            .iter()
            .map(|r| r.addr.module.clone())
            .collect();
        mods.sort();
        mods.dedup();
        mods
    }

    /// A root output's value, decoded with its recorded type and marked
    /// sensitive when recorded so.
    pub fn output_value(&self, name: &str) -> Option<Value> {
        let out = self.outputs.get(name)?.as_object()?;
        let ty = cty_type(out.get("type")?)?;
        let v = attributes::typed(out.get("value")?, &ty)?;
        Some(v.mark_if(out.get("sensitive").and_then(Json::as_bool) == Some(true)))
    }
}

/// The first object recorded twice (the same address and deposed key),
/// in file order.
fn duplicate(resources: &[StateResource]) -> Option<Diagnostic> {
    let mut seen = foldhash::HashSet::default();
    for res in resources {
        for inst in &res.instances {
            if seen.insert((&res.addr, &inst.key, inst.deposed.as_deref())) {
                continue;
            }
            let addr = res.addr.instance(inst.key.clone());
            let detail = match &inst.deposed {
                Some(d) => format!(
                    "Instance {addr} deposed object {d:?} appears multiple times in the state file."
                ),
                None => format!("Instance {addr} appears multiple times in the state file."),
            };
            return Some(Diagnostic::error(
                "Duplicate resource instance in state",
                detail,
            ));
        }
    }
    None
}

/// What the first pass reads of a state file: the top-level fields that
/// say which format it is.
#[derive(Default)]
struct Sniffed {
    version: Option<Json>,
    format_version: bool,
    terraform_version: Option<Json>,
}

impl<'de> serde::Deserialize<'de> for Sniffed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Sniffed;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any JSON")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Sniffed, M::Error> {
                let mut out = Sniffed::default();
                // The last of a repeated field counts, as in a JSON object.
                while let Some(k) = m.next_key::<std::borrow::Cow<'de, str>>()? {
                    match &*k {
                        "version" => out.version = Some(m.next_value()?),
                        "terraform_version" => out.terraform_version = Some(m.next_value()?),
                        "format_version" => {
                            m.next_value::<IgnoredAny>()?;
                            out.format_version = true;
                        }
                        _ => {
                            m.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(out)
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut s: S) -> Result<Sniffed, S::Error> {
                while s.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Sniffed::default())
            }
            // Any other JSON value is not a state: it has no version.
            fn visit_bool<E>(self, _: bool) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
            fn visit_i64<E>(self, _: i64) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
            fn visit_u64<E>(self, _: u64) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
            fn visit_f64<E>(self, _: f64) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
            fn visit_str<E>(self, _: &str) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
            fn visit_unit<E>(self) -> Result<Sniffed, E> {
                Ok(Sniffed::default())
            }
        }
        d.deserialize_any(V)
    }
}

/// Checks `version` before anything else, as OpenTofu's `sniffJSONStateVersion`.
fn check_version(json: &Sniffed) -> Result<(), Box<Diagnostic>> {
    // `terraform show -json` describes a state, but is not one: it has
    // `format_version` and `values` where a state has `version: 4`.
    if json.version.is_none() && json.format_version {
        return Err(Diagnostic::error(
            UNSUPPORTED,
            "This is the output of \"terraform show -json\" (it has \"format_version\" and \"values\"), which describes a state but is not one. Give the state itself: \"terraform state pull > current.tfstate\" (or \"tofu state pull\") writes it.",
        ).into());
    }
    let Some(v) = &json.version else {
        return Err(Diagnostic::error(
            UNSUPPORTED,
            "The state file does not have a \"version\" attribute, which is required to identify the format version.",
        ).into());
    };
    let Some(n) = v.as_u64() else {
        return Err(Diagnostic::error(
            UNSUPPORTED,
            format!("The version in the state file is {v}. A positive whole number is required."),
        )
        .into());
    };
    match n {
        4 => Ok(()),
        0 => Err(Diagnostic::error(
            UNSUPPORTED,
            "The state file uses JSON syntax but has a version number of zero. There was never a JSON-based state format zero, so this state file is invalid and cannot be processed.",
        ).into()),
        n => {
            let ours = env!("CARGO_PKG_VERSION");
            let detail = match json
                .terraform_version
                .as_ref()
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
            {
                Some(by) => format!(
                    "The state file uses format version {n}, which is not supported by minimod {ours}. This state file was created by version {by}."
                ),
                None => format!(
                    "The state file uses format version {n}, which is not supported by minimod {ours}. This state file may have been created by a newer version."
                ),
            };
            Err(Diagnostic::error(UNSUPPORTED, detail).into())
        }
    }
}

impl StateResource {
    fn from_raw(
        r: RawResource<&str>,
        text: &std::sync::Arc<String>,
    ) -> Result<StateResource, Box<Diagnostic>> {
        let mode = match r.mode.as_str() {
            "managed" => ResourceMode::Managed,
            "data" => ResourceMode::Data,
            other => {
                return Err(Diagnostic::error(
                    "Invalid resource mode in state",
                    format!(
                        "State contains a resource with mode {other:?} ({:?} {:?}) which is not supported.",
                        r.type_name, r.name
                    ),
                ).into());
            }
        };
        let module = if r.module.is_empty() {
            ModuleInstance::root()
        } else {
            ModuleInstance::parse(&r.module)?
        };
        let addr = Resource::new(mode, r.type_name, r.name).absolute(module);
        // Collected into a vector of its own size: collected in place, the
        // objects would keep the larger read buffer (64 MB more at 100k).
        let mut instances = Vec::with_capacity(r.instances.len());
        for i in r.instances {
            instances.push(StateInstance::from_raw(&addr, i, text)?);
        }
        Ok(StateResource {
            addr,
            each: r.each,
            provider: r.provider,
            instances: instances.into(),
            extra: r.extra,
        })
    }

    fn to_raw(&self) -> RawResource {
        RawResource {
            module: self.addr.module.to_string(),
            mode: self.addr.resource.mode.state_name().to_string(),
            type_name: self.addr.resource.type_name.to_string(),
            name: self.addr.resource.name.to_string(),
            each: self.each.clone(),
            provider: self.provider.clone(),
            instances: self.instances.iter().map(StateInstance::to_raw).collect(),
            extra: self.extra.clone(),
        }
    }
}

impl StateInstance {
    fn from_raw(
        res: &AbsResource,
        i: RawInstance<&str>,
        text: &std::sync::Arc<String>,
    ) -> Result<StateInstance, Box<Diagnostic>> {
        let key = match &i.index_key {
            None | Some(Json::Null) => InstanceKey::NoKey,
            Some(Json::String(s)) => InstanceKey::Str(s.clone()),
            Some(Json::Number(n)) if n.as_i64().is_some() => {
                InstanceKey::Int(n.as_i64().unwrap_or_default())
            }
            Some(other) => {
                return Err(Diagnostic::error(
                    "Invalid resource instance metadata in state",
                    format!(
                        "Resource {res} has an instance with the invalid instance key {other}."
                    ),
                )
                .into());
            }
        };
        // Read with the text when the hand reader read it; marked here,
        // where the sensitive paths (perhaps recorded after) are known.
        let sensitive = i.sensitive_attributes.as_deref().unwrap_or_default();
        let value_cache = ValueCache(match i.value {
            Some(v) => attributes::marked(v, sensitive).into(),
            None => Default::default(),
        });
        Ok(StateInstance {
            key,
            deposed: i.deposed,
            provider: i.provider,
            schema_version: i.schema_version,
            attributes: i.attributes.map(|a| Attributes::recorded(text, a)),
            sensitive_attributes: i.sensitive_attributes,
            private: i.private,
            dependencies: i.dependencies,
            depends_on: i.depends_on,
            create_before_destroy: i.create_before_destroy,
            skip_destroy: i.skip_destroy,
            uncommon: Uncommon {
                status: i.status,
                attributes_flat: i.attributes_flat,
                identity_schema_version: i.identity_schema_version,
                identity: i.identity,
                extra: i.extra,
            }
            .boxed(),
            value_cache,
        })
    }

    fn to_raw(&self) -> RawInstance {
        let none = Uncommon::default();
        let uncommon = self.uncommon.as_deref().unwrap_or(&none);
        RawInstance {
            index_key: match &self.key {
                InstanceKey::NoKey => None,
                InstanceKey::Int(i) => Some(Json::from(*i)),
                InstanceKey::Str(s) => Some(Json::from(s.clone())),
            },
            status: uncommon.status.clone(),
            deposed: self.deposed.clone(),
            provider: self.provider.clone(),
            schema_version: self.schema_version,
            attributes: self.attributes.as_deref().cloned(),
            attributes_flat: uncommon.attributes_flat.clone(),
            sensitive_attributes: self.sensitive_attributes.clone(),
            identity_schema_version: uncommon.identity_schema_version,
            identity: uncommon.identity.clone(),
            private: self.private.clone(),
            dependencies: self.dependencies.clone(),
            depends_on: self.depends_on.clone(),
            create_before_destroy: self.create_before_destroy,
            skip_destroy: self.skip_destroy,
            extra: uncommon.extra.clone(),
            value: None,
        }
    }

    /// The recorded attributes as a value, sensitive paths marked (see
    /// [`attributes_value`]). An instance with no `attributes` is null.
    pub fn value(&self) -> Value {
        self.value_ref().clone()
    }

    /// [`StateInstance::value`], borrowed.
    pub fn value_ref(&self) -> &Value {
        let convert = || {
            let Some(a) = &self.attributes else {
                return Value::null();
            };
            let sensitive = self.sensitive_attributes.as_deref().unwrap_or_default();
            // From the recorded text when there is one (no JSON tree).
            a.raw()
                .and_then(|raw| attributes::attributes_value_raw_marked(raw, sensitive))
                .unwrap_or_else(|| attributes_value_marked(a, sensitive))
        };
        self.value_cache.0.get_or_init(convert)
    }
}

#[cfg(test)]
mod tests;

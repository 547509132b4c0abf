//! The version-4 JSON shape, field for field as Terraform and OpenTofu
//! write it, and the JSON formatter that reproduces Go's
//! `json.MarshalIndent` output byte for byte.

use std::io;

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value as Json};

use super::AttrPath;
use super::scan::Cursor;

/// The top level. Field order is the order terraform writes. `A` is an
/// instance's attributes: their text as read, a JSON tree to write.
#[derive(Serialize)]
pub(crate) struct RawState<A = Json> {
    pub version: u64,
    pub terraform_version: String,
    pub serial: u64,
    pub lineage: String,
    pub outputs: Map<String, Json>,
    pub resources: Vec<RawResource<A>>,
    pub check_results: Json,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
}

#[derive(Serialize, Default)]
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(crate) struct RawResource<A = Json> {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub module: String,
    pub mode: String,
    #[serde(rename = "type")]
    pub type_name: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub each: Option<String>,
    /// OpenTofu may leave this out when every instance names its provider.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    pub instances: Vec<RawInstance<A>>,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
}

/// One object. Terraform's fields in its order, with OpenTofu's extra
/// ones (`provider`, `depends_on`, `skip_destroy`) where OpenTofu puts
/// them; anything unknown is kept in `extra` and written last.
#[derive(Serialize, Default)]
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(crate) struct RawInstance<A = Json> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_key: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deposed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    pub schema_version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attributes: Option<A>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attributes_flat: Option<Map<String, Json>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sensitive_attributes: Option<Vec<AttrPath>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity_schema_version: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dependencies: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub depends_on: Vec<String>,
    #[serde(skip_serializing_if = "is_false")]
    pub create_before_destroy: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub skip_destroy: bool,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
    /// The attributes read into a value (sensitive paths not yet marked)
    /// in the same pass that found their text: only the hand reader
    /// (`scan`) does, for a large state whose every value is wanted.
    #[serde(skip)]
    pub value: Option<crate::lang::value::Value>,
}

/// What is read from a state file: each object's attributes kept as the
/// text recorded (borrowed from the file's), read into a value later
/// without a JSON tree.
pub(crate) type ReadState<'de> = RawState<&'de str>;

// The readers are written out rather than derived: a derived struct with
// `#[serde(flatten)]` (the unknown fields kept) first copies each
// resource, every object in it, into serde's buffer of its own, and a
// `RawValue` cannot be read back out of that buffer.

/// A field name, borrowed from the text when it has no escapes.
struct FieldName<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for FieldName<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FieldName<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
                Ok(FieldName(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(FieldName(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
                Ok(FieldName(Cow::Owned(s)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A required field that was absent: serde's message for it.
fn required<T, E: de::Error>(v: Option<T>, name: &'static str) -> Result<T, E> {
    v.ok_or_else(|| E::missing_field(name))
}

impl<'de> Deserialize<'de> for ReadState<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ReadState<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct RawState")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<ReadState<'de>, M::Error> {
                let mut version = None;
                let mut out = RawState {
                    version: 0,
                    terraform_version: String::new(),
                    serial: 0,
                    lineage: String::new(),
                    outputs: Map::new(),
                    resources: Vec::new(),
                    check_results: Json::Null,
                    extra: Map::new(),
                };
                while let Some(FieldName(k)) = m.next_key()? {
                    match &*k {
                        "version" => version = Some(m.next_value()?),
                        "terraform_version" => out.terraform_version = m.next_value()?,
                        "serial" => out.serial = m.next_value()?,
                        "lineage" => out.lineage = m.next_value()?,
                        "outputs" => out.outputs = m.next_value()?,
                        "resources" => out.resources = m.next_value()?,
                        "check_results" => out.check_results = m.next_value()?,
                        _ => {
                            out.extra.insert(k.into_owned(), m.next_value()?);
                        }
                    }
                }
                out.version = required(version, "version")?;
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for RawResource<&'de str> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawResource<&'de str>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct RawResource")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Self::Value, M::Error> {
                let (mut mode, mut type_name, mut name) = (None, None, None);
                let mut out = RawResource::default();
                while let Some(FieldName(k)) = m.next_key()? {
                    match &*k {
                        "module" => out.module = m.next_value()?,
                        "mode" => mode = Some(m.next_value()?),
                        "type" => type_name = Some(m.next_value()?),
                        "name" => name = Some(m.next_value()?),
                        "each" => out.each = m.next_value()?,
                        "provider" => out.provider = m.next_value()?,
                        "instances" => out.instances = m.next_value()?,
                        _ => {
                            out.extra.insert(k.into_owned(), m.next_value()?);
                        }
                    }
                }
                out.mode = required(mode, "mode")?;
                out.type_name = required(type_name, "type")?;
                out.name = required(name, "name")?;
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for RawInstance<&'de str> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawInstance<&'de str>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct RawInstance")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Self::Value, M::Error> {
                let mut out = RawInstance::default();
                while let Some(FieldName(k)) = m.next_key()? {
                    match &*k {
                        "index_key" => out.index_key = m.next_value()?,
                        "status" => out.status = m.next_value()?,
                        "deposed" => out.deposed = m.next_value()?,
                        "provider" => out.provider = m.next_value()?,
                        "schema_version" => out.schema_version = m.next_value()?,
                        "attributes" => {
                            out.attributes = m.next_value::<Option<&RawValue>>()?.map(RawValue::get)
                        }
                        "attributes_flat" => out.attributes_flat = m.next_value()?,
                        "sensitive_attributes" => out.sensitive_attributes = m.next_value()?,
                        "identity_schema_version" => {
                            out.identity_schema_version = m.next_value()?
                        }
                        "identity" => out.identity = m.next_value()?,
                        "private" => out.private = m.next_value()?,
                        "dependencies" => out.dependencies = m.next_value()?,
                        "depends_on" => out.depends_on = m.next_value()?,
                        "create_before_destroy" => out.create_before_destroy = m.next_value()?,
                        "skip_destroy" => out.skip_destroy = m.next_value()?,
                        _ => {
                            out.extra.insert(k.into_owned(), m.next_value()?);
                        }
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

// ---- the same shapes read by hand, for `state::halves` ------------------
//
// serde's pass over each object's attributes (a `RawValue`) was most of
// reading a state; these readers find them with `scan::Cursor` instead.
// They read exactly what the serde readers above read, or give up (None)
// on anything those would refuse or that is not as terraform writes it:
// the caller then reads the file with serde.

/// serde_json's recursion limit is counted from the top of the file: a
/// field of a resource (state, `resources`, resource) may nest this deep,
/// and a field of an object (two levels further in) two less.
const RESOURCE_FIELD_DEPTH: usize = 124;
const INSTANCE_FIELD_DEPTH: usize = RESOURCE_FIELD_DEPTH - 2;

/// A value serde reads from its text, found by the cursor.
fn by_serde<'t, T: Deserialize<'t>>(c: &mut Cursor<'t>, depth: usize) -> Option<T> {
    serde_json::from_str(c.skip_within(depth)?).ok()
}

fn string(c: &mut Cursor) -> Option<String> {
    (c.peek()? == b'"').then_some(())?;
    Some(c.string()?.into_owned())
}

/// A string or null, as serde reads an `Option<String>`.
fn optional_string(c: &mut Cursor) -> Option<Option<String>> {
    if c.peek()? == b'n' {
        c.literal("null")?;
        return Some(None);
    }
    string(c).map(Some)
}

fn strings(c: &mut Cursor) -> Option<Vec<String>> {
    let mut out = Vec::new();
    c.elements(b']', |c| {
        out.push(string(c)?);
        Some(())
    })?;
    Some(out)
}

fn boolean(c: &mut Cursor) -> Option<bool> {
    let t = c.peek()? == b't';
    c.literal(if t { "true" } else { "false" })?;
    Some(t)
}

impl<'t> RawResource<&'t str> {
    /// The resource object next in `c`, as `Deserialize` reads it.
    pub(super) fn scan(c: &mut Cursor<'t>) -> Option<Self> {
        let (mut mode, mut type_name, mut name) = (None, None, None);
        let mut out = RawResource::default();
        c.entries(|c, k| {
            match &*k {
                "module" => out.module = string(c)?,
                "mode" => mode = Some(string(c)?),
                "type" => type_name = Some(string(c)?),
                "name" => name = Some(string(c)?),
                "each" => out.each = optional_string(c)?,
                "provider" => out.provider = optional_string(c)?,
                "instances" => {
                    let mut instances = Vec::new();
                    c.elements(b']', |c| {
                        instances.push(RawInstance::scan(c)?);
                        Some(())
                    })?;
                    out.instances = instances;
                }
                _ => {
                    out.extra
                        .insert(k.into_owned(), by_serde(c, RESOURCE_FIELD_DEPTH)?);
                }
            }
            Some(())
        })?;
        out.mode = mode?;
        out.type_name = type_name?;
        out.name = name?;
        Some(out)
    }
}

impl<'t> RawInstance<&'t str> {
    /// The object next in `c`, as `Deserialize` reads it.
    fn scan(c: &mut Cursor<'t>) -> Option<Self> {
        const DEPTH: usize = INSTANCE_FIELD_DEPTH;
        let mut out = RawInstance::default();
        c.entries(|c, k| {
            match &*k {
                "index_key" => {
                    out.index_key = match c.peek()? {
                        b'"' => Some(Json::String(string(c)?)),
                        _ => by_serde(c, DEPTH)?,
                    }
                }
                "status" => out.status = optional_string(c)?,
                "deposed" => out.deposed = optional_string(c)?,
                "provider" => out.provider = optional_string(c)?,
                "schema_version" => out.schema_version = c.number()?.parse().ok()?,
                "attributes" => {
                    (out.attributes, out.value) = if c.peek()? == b'n' {
                        c.literal("null")?;
                        (None, None)
                    } else {
                        let start = *c;
                        match super::attributes::attributes_value_at(c) {
                            Some(v) => (Some(c.since(start.at)), Some(v)),
                            // Not a value minimod reads from text (nested
                            // past serde's depth, say): still a `RawValue`,
                            // which serde reads at any depth.
                            None => {
                                *c = start;
                                (Some(c.skip_within(usize::MAX)?), None)
                            }
                        }
                    }
                }
                "attributes_flat" => out.attributes_flat = by_serde(c, DEPTH)?,
                "sensitive_attributes" => {
                    let mut empty = *c;
                    out.sensitive_attributes = if empty.elements(b']', |_| None).is_some() {
                        *c = empty;
                        Some(Vec::new())
                    } else {
                        by_serde(c, DEPTH)?
                    }
                }
                "identity_schema_version" => out.identity_schema_version = by_serde(c, DEPTH)?,
                "identity" => out.identity = by_serde(c, DEPTH)?,
                "private" => out.private = optional_string(c)?,
                "dependencies" => out.dependencies = strings(c)?,
                "depends_on" => out.depends_on = strings(c)?,
                "create_before_destroy" => out.create_before_destroy = boolean(c)?,
                "skip_destroy" => out.skip_destroy = boolean(c)?,
                _ => {
                    out.extra.insert(k.into_owned(), by_serde(c, DEPTH)?);
                }
            }
            Some(())
        })?;
        Some(out)
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Serializes as Go's `json.MarshalIndent(v, "", "  ")` does: two-space
/// indentation, and `<`, `>`, `&`, U+2028, U+2029 written as `\u003c`
/// etc. (Go's HTML-safe escaping), so a state we rewrite is byte-identical
/// where nothing changed.
pub(crate) fn to_go_json<T: Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, GoFormatter::default());
    value.serialize(&mut ser)?;
    Ok(out)
}

#[derive(Default)]
struct GoFormatter {
    pretty: serde_json::ser::PrettyFormatter<'static>,
}

impl serde_json::ser::Formatter for GoFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            let escaped = match c {
                '<' => "\\u003c",
                '>' => "\\u003e",
                '&' => "\\u0026",
                '\u{2028}' => "\\u2028",
                '\u{2029}' => "\\u2029",
                _ => continue,
            };
            w.write_all(&fragment.as_bytes()[start..i])?;
            w.write_all(escaped.as_bytes())?;
            start = i + c.len_utf8();
        }
        w.write_all(&fragment.as_bytes()[start..])
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.begin_array(w)
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.end_array(w)
    }
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.pretty.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.end_array_value(w)
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.begin_object(w)
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.end_object(w)
    }
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.pretty.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.pretty.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand reader's resource, when it reads all of `text`. Each
    /// object's value, read with its text, must be the one read from that
    /// text later; it is then dropped (serde's reader reads none).
    fn scanned(text: &str) -> Option<RawResource<&str>> {
        let mut c = Cursor::new(text, 0);
        let mut r = RawResource::scan(&mut c)?;
        for i in &mut r.instances {
            let later = i
                .attributes
                .and_then(super::super::attributes::attributes_value_raw);
            assert_eq!(i.value.take(), later, "{text}");
        }
        c.peek().is_none().then_some(r)
    }

    /// Every field of a resource and of its objects, as terraform and
    /// OpenTofu write them and as they might be hand-edited: the hand
    /// reader reads what serde reads, and refuses what serde refuses.
    #[test]
    fn resources_scan_as_serde_reads_them() {
        let object = r#"{"index_key": 1, "status": "tainted", "deposed": "00000001",
            "provider": "provider[\"registry.opentofu.org/hashicorp/null\"]", "schema_version": 2,
            "attributes": {"id": "x", "n": [1, {"deep": null}]}, "attributes_flat": {"a": "b"},
            "sensitive_attributes": [[{"type": "get_attr", "value": "id"}]],
            "identity_schema_version": 1, "identity": {"arn": "a"}, "private": "YmluYXJ5",
            "dependencies": ["a.b", "module.m.c.d"], "depends_on": ["x.y"],
            "create_before_destroy": true, "skip_destroy": false, "future": {"k": [1.5]}}"#;
        let resource = |instances: &str| {
            format!(
                r#"{{"module": "module.a[\"k\u00e9\"]", "mode": "managed", "type": "t", "name": "n",
                "each": "list", "provider": "provider[\"x\"]", "instances": [{instances}], "later": [true]}}"#
            )
        };
        let deep_extra = |n: usize| {
            object.replace(
                "{\"k\": [1.5]}",
                &format!("{}{}", "[".repeat(n), "]".repeat(n)),
            )
        };
        let mut texts = vec![
            resource(object),
            resource(&format!("{object}, {{}}, {{\"index_key\": \"k\", \"attributes\": null}}")),
            resource(""),
            r#"{"mode":"data","type":"t","name":"n","instances":[{"attributes":{},"sensitive_attributes":[]}]}"#.into(),
            // Escaped and repeated keys: the last one counts.
            resource(r#"{"attributes": {"a": 1}, "attributes": {"b": [2]}}, {"attributes": {"a": 1}, "attributes": null}"#),
            r#"{"mod\u0065":"managed","type":"t","name":"a","name":"b","instances":[]}"#.into(),
            // Deep, but no deeper than serde reads, where it stands.
            resource(&deep_extra(INSTANCE_FIELD_DEPTH)),
            r#"{"mode":"managed","type":"t","name":"n","instances":[],"x":"#.to_string()
                + &"[".repeat(RESOURCE_FIELD_DEPTH) + &"]".repeat(RESOURCE_FIELD_DEPTH) + "}",
            // Attributes at any depth (a `RawValue`).
            resource(&object.replace("{\"deep\": null}", &format!("{}{}", "[".repeat(500), "]".repeat(500)))),
        ];
        let refused = [
            resource(&deep_extra(INSTANCE_FIELD_DEPTH + 1)),
            r#"{"mode":"managed","type":"t","name":"n","instances":[],"x":"#.to_string()
                + &"[".repeat(RESOURCE_FIELD_DEPTH + 1)
                + &"]".repeat(RESOURCE_FIELD_DEPTH + 1)
                + "}",
            resource(&object.replace("\"schema_version\": 2", "\"schema_version\": 2.0")),
            resource(&object.replace("\"schema_version\": 2", "\"schema_version\": -1")),
            resource(&object.replace("\"schema_version\": 2", "\"schema_version\": null")),
            resource(&object.replace("\"status\": \"tainted\"", "\"status\": 1")),
            resource(&object.replace("\"private\": \"YmluYXJ5\"", "\"private\": \"\\ud800\"")),
            resource(&object.replace("[\"x.y\"]", "null")),
            resource(&object.replace(
                "\"create_before_destroy\": true",
                "\"create_before_destroy\": null",
            )),
            resource(&object.replace("\"index_key\": 1", "\"index_key\": 01")),
            resource(&object.replace("[[{", "[[{,")),
            resource("[]"),
            r#"{"type":"t","name":"n","instances":[]}"#.into(),
            r#"{"mode":"managed","type":"t","name":"n","instances":null}"#.into(),
            r#"{"mode":"managed","type":"t","name":"n","instances":[],}"#.into(),
        ];
        texts.extend(refused.iter().cloned());
        for (i, text) in texts.iter().enumerate() {
            // serde's depth limit counts from the file's top.
            let file = format!("{{\"version\": 4, \"resources\": [{text}]}}");
            let serde = serde_json::from_str::<ReadState>(&file)
                .ok()
                .and_then(|s| s.resources.into_iter().next());
            assert_eq!(scanned(text), serde, "{i}: {text}");
        }
        for text in &refused {
            assert_eq!(scanned(text), None, "{text}");
        }
        assert_eq!(
            scanned(&texts[0]).unwrap().instances[0]
                .attributes_flat
                .as_ref()
                .unwrap()["a"],
            "b"
        );
    }
}

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

#[derive(Serialize)]
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
#[derive(Serialize)]
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
}

/// What is read from a state file: each object's attributes kept as the
/// text recorded (borrowed from the file's), read into a value later
/// without a JSON tree.
pub(crate) type ReadState<'de> = RawState<&'de RawValue>;

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

impl<'de> Deserialize<'de> for RawResource<&'de RawValue> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawResource<&'de RawValue>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct RawResource")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Self::Value, M::Error> {
                let (mut mode, mut type_name, mut name) = (None, None, None);
                let mut out = RawResource {
                    module: String::new(),
                    mode: String::new(),
                    type_name: String::new(),
                    name: String::new(),
                    each: None,
                    provider: None,
                    instances: Vec::new(),
                    extra: Map::new(),
                };
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

impl<'de> Deserialize<'de> for RawInstance<&'de RawValue> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawInstance<&'de RawValue>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("struct RawInstance")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Self::Value, M::Error> {
                let mut out = RawInstance {
                    index_key: None,
                    status: None,
                    deposed: None,
                    provider: None,
                    schema_version: 0,
                    attributes: None,
                    attributes_flat: None,
                    sensitive_attributes: None,
                    identity_schema_version: None,
                    identity: None,
                    private: None,
                    dependencies: Vec::new(),
                    depends_on: Vec::new(),
                    create_before_destroy: false,
                    skip_destroy: false,
                    extra: Map::new(),
                };
                while let Some(FieldName(k)) = m.next_key()? {
                    match &*k {
                        "index_key" => out.index_key = m.next_value()?,
                        "status" => out.status = m.next_value()?,
                        "deposed" => out.deposed = m.next_value()?,
                        "provider" => out.provider = m.next_value()?,
                        "schema_version" => out.schema_version = m.next_value()?,
                        "attributes" => out.attributes = m.next_value()?,
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

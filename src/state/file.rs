//! The version-4 JSON shape, field for field as Terraform and OpenTofu
//! write it, and the JSON formatter that reproduces Go's
//! `json.MarshalIndent` output byte for byte.

use std::io;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

use super::AttrPath;

/// The top level. Field order is the order terraform writes.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawState {
    pub version: u64,
    #[serde(default)]
    pub terraform_version: String,
    #[serde(default)]
    pub serial: u64,
    #[serde(default)]
    pub lineage: String,
    #[serde(default)]
    pub outputs: Map<String, Json>,
    #[serde(default)]
    pub resources: Vec<RawResource>,
    #[serde(default)]
    pub check_results: Json,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
}

#[derive(Serialize, Deserialize)]
pub(crate) struct RawResource {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub module: String,
    pub mode: String,
    #[serde(rename = "type")]
    pub type_name: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub each: Option<String>,
    /// OpenTofu may leave this out when every instance names its provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    #[serde(default)]
    pub instances: Vec<RawInstance>,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
}

/// One object. Terraform's fields in its order, with OpenTofu's extra
/// ones (`provider`, `depends_on`, `skip_destroy`) where OpenTofu puts
/// them; anything unknown is kept in `extra` and written last.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawInstance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_key: Option<Json>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    #[serde(default)]
    pub schema_version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attributes: Option<Json>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attributes_flat: Option<Map<String, Json>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sensitive_attributes: Option<Vec<AttrPath>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity_schema_version: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<Json>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dependencies: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depends_on: Vec<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub create_before_destroy: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub skip_destroy: bool,
    #[serde(flatten)]
    pub extra: Map<String, Json>,
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

//! Ignore rules: differences that are not the refactor's (tags a provider
//! adds, a JSON policy the provider normalised, whitespace in a heredoc)
//! and must not keep two objects apart. The syntax is tfautomv's
//! `--ignore`: `KIND:RESOURCE_TYPE:ATTRIBUTE`, with `*`/`?` globs in the
//! type and a dotted path into the attribute's value:
//!
//! - `everything:aws_instance:tags` — the attribute never decides;
//! - `everything:aws_*:tags.CreatedBy` — nor does that one key;
//! - `whitespace:aws_iam_policy:policy` — equal once every whitespace
//!   character is removed;
//! - `json:aws_iam_policy:policy` — equal as JSON documents (key order,
//!   layout and number spelling aside);
//! - `prefix:aws_route53_record:name:www.` — equal once the prefix is
//!   trimmed from both sides.
//!
//! A path reaches into objects and maps (`tags.Name`), through lists and
//! nested blocks to every element (`rule.filter`), or one element by index
//! (`ingress.0.cidr_blocks`).
//!
//! Rules normalise both sides' compared values before pairing, so the
//! signature index, the pairing and the "differs" report all see the same
//! values; the pairing's one hook (`pairing::Normalise`) normalises what a
//! new-side reference resolves to (`policy = data.x.json` followed to the
//! recorded document) the same way. They decide only the pairing: an ignored difference of an
//! argument the configuration sets is still a difference to terraform,
//! which plans an update (or a replacement) for it, and the proof says so.

use crate::addrs::AbsResourceInstance;
use crate::diagnostics::{Diagnostic, SourceRange};
use crate::lang::value::Value;

use super::pairing::{Mapping, Object};

/// What a rule makes equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Any two values (the attribute never decides).
    Everything,
    /// Strings equal once whitespace (Unicode's) is removed.
    Whitespace,
    /// Strings that parse as equal JSON documents.
    Json,
    /// Strings equal once the prefix is trimmed from the start.
    Prefix(String),
}

/// One rule, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub kind: Kind,
    /// The resource type, `*` and `?` as globs.
    pub type_glob: String,
    /// The attribute, then keys (or indexes) into its value.
    pub path: Vec<String>,
    /// Where it was declared: a `.minimod.hcl` range, none for `--ignore`.
    pub range: Option<SourceRange>,
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.kind {
            Kind::Everything => "everything",
            Kind::Whitespace => "whitespace",
            Kind::Json => "json",
            Kind::Prefix(_) => "prefix",
        };
        write!(f, "{kind}:{}:{}", self.type_glob, self.path.join("."))?;
        if let Kind::Prefix(p) = &self.kind {
            write!(f, ":{p}")?;
        }
        Ok(())
    }
}

const SUMMARY: &str = "Invalid ignore rule";
const FORM: &str = "An ignore rule is KIND:RESOURCE_TYPE:ATTRIBUTE, where KIND is everything, whitespace, json or prefix (prefix:RESOURCE_TYPE:ATTRIBUTE:PREFIX), RESOURCE_TYPE may use * and ? as wildcards, and ATTRIBUTE is a dotted path such as tags.Name.";

impl Rule {
    /// Parses `KIND:TYPE_GLOB:ATTR_PATH` (`prefix` takes a fourth part,
    /// which may itself contain colons).
    pub fn parse(text: &str) -> Result<Rule, Box<Diagnostic>> {
        let bad = |why: String| Diagnostic::error(SUMMARY, format!("{why}\n\n{FORM}"));
        let (kind, rest) = text
            .split_once(':')
            .ok_or_else(|| bad(format!("The rule {text:?} has no kind.")))?;
        let parts: Vec<&str> = match kind {
            "prefix" => rest.splitn(3, ':').collect(),
            _ => rest.split(':').collect(),
        };
        let want = if kind == "prefix" { 3 } else { 2 };
        let kind = match kind {
            "everything" => Kind::Everything,
            "whitespace" => Kind::Whitespace,
            "json" => Kind::Json,
            "prefix" if parts.len() == 3 => Kind::Prefix(parts[2].to_string()),
            "prefix" => Kind::Prefix(String::new()),
            other => {
                return Err(
                    bad(format!("The rule {text:?} has the unknown kind {other:?}.")).into(),
                );
            }
        };
        if parts.len() != want {
            return Err(bad(format!(
                "The rule {text:?} has {} after its kind; it needs {want}.",
                match parts.len() {
                    1 => "1 part".to_string(),
                    n => format!("{n} parts"),
                }
            ))
            .into());
        }
        let type_glob = parts[0];
        if type_glob.is_empty()
            || !type_glob
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '*' | '?'))
        {
            return Err(bad(format!(
                "The rule {text:?} names no valid resource type: {type_glob:?}."
            ))
            .into());
        }
        let path: Vec<String> = parts[1].split('.').map(str::to_string).collect();
        if path.iter().any(String::is_empty) {
            return Err(bad(format!(
                "The rule {text:?} has an empty step in its attribute path {:?}.",
                parts[1]
            ))
            .into());
        }
        if matches!(&kind, Kind::Prefix(p) if p.is_empty()) {
            return Err(bad(format!("The rule {text:?} gives no prefix.")).into());
        }
        Ok(Rule {
            kind,
            type_glob: type_glob.to_string(),
            path,
            range: None,
        })
    }

    /// Whether the rule speaks of this resource type.
    pub fn applies_to(&self, type_name: &str) -> bool {
        glob(self.type_glob.as_bytes(), type_name.as_bytes())
    }

    /// The top-level attribute the rule reaches into.
    pub fn attribute(&self) -> &str {
        &self.path[0]
    }
}

/// `*` any run of characters, `?` one; everything else literal.
fn glob(pat: &[u8], s: &[u8]) -> bool {
    // Iterative with one backtrack point: linear enough for type names.
    let (mut p, mut i) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while i < s.len() {
        if p < pat.len() && (pat[p] == b'?' || pat[p] == s[i]) {
            p += 1;
            i += 1;
        } else if p < pat.len() && pat[p] == b'*' {
            star = Some((p, i));
            p += 1;
        } else if let Some((sp, si)) = star {
            p = sp + 1;
            i = si + 1;
            star = Some((sp, si + 1));
        } else {
            return false;
        }
    }
    pat[p..].iter().all(|&c| c == b'*')
}

/// The rules in force: the command line's, then the repository's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rules(pub Vec<Rule>);

impl Rules {
    /// Parses every `--ignore` value; all errors at once.
    pub fn parse_all(texts: &[String]) -> Result<Rules, crate::diagnostics::Diagnostics> {
        let mut diags = crate::diagnostics::Diagnostics::default();
        let mut rules = Vec::new();
        for t in texts {
            match Rule::parse(t) {
                Ok(r) => rules.push(r),
                Err(d) => diags.push(*d),
            }
        }
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(Rules(rules))
    }

    /// Rules as `.minimod.hcl` gives them, each diagnosed at its place.
    pub fn from_config(
        texts: &[(String, SourceRange)],
    ) -> Result<Rules, crate::diagnostics::Diagnostics> {
        let mut diags = crate::diagnostics::Diagnostics::default();
        let mut rules = Vec::new();
        for (t, at) in texts {
            match Rule::parse(t) {
                Ok(r) => rules.push(Rule {
                    range: Some(at.clone()),
                    ..r
                }),
                Err(d) => diags.push(d.at(at)),
            }
        }
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(Rules(rules))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The object as the rules leave it: ignored attributes and keys
    /// dropped, strings normalised. An attribute the rules leave null (or
    /// empty) counts as not set, as null and unset are one to the pairing.
    pub fn apply(&self, obj: &Object) -> Object {
        let type_name = &obj.addr.resource.resource.type_name;
        let mut out = obj.clone();
        for rule in self.0.iter().filter(|r| r.applies_to(type_name)) {
            let (name, rest) = (rule.attribute(), &rule.path[1..]);
            if rest.is_empty() && rule.kind == Kind::Everything {
                out.remove(name);
                continue;
            }
            if let Some(v) = out.values.get_mut(name) {
                edit(v, rest, &rule.kind);
                if super::pairing::canonical(v) == "null" {
                    out.unset(name);
                }
            }
        }
        out
    }

    /// One argument's value of an object of `type_name` as the rules leave
    /// it (for values references resolved to; see `pairing::Normalise`).
    /// Applying it again changes nothing.
    pub fn normalise(&self, type_name: &str, attr: &str, mut v: Value) -> Value {
        let rules = self
            .0
            .iter()
            .filter(|r| r.applies_to(type_name) && r.attribute() == attr);
        for rule in rules {
            // A whole attribute ignored never gets here: `apply` dropped it.
            if rule.path.len() == 1 && rule.kind == Kind::Everything {
                continue;
            }
            edit(&mut v, &rule.path[1..], &rule.kind);
        }
        v
    }

    /// The rules that made a pair: those reaching into an attribute on
    /// which the two objects, as configured, differ. Empty when they are
    /// equal without any rule.
    pub fn deciding(
        &self,
        prior: &Object,
        new: &Object,
        mapping: &Mapping,
        canon: &super::pairing::Canon,
    ) -> Vec<&Rule> {
        let type_name = &new.addr.resource.resource.type_name;
        let differing: Vec<String> = super::pairing::attr_diffs(prior, new, mapping, canon)
            .into_iter()
            .map(|d| d.name)
            .collect();
        self.0
            .iter()
            .filter(|r| r.applies_to(type_name) && differing.iter().any(|n| n == r.attribute()))
            .collect()
    }
}

/// Applies a rule at `path` inside `v`. Lists, tuples and sets (nested
/// blocks) are stepped through to every element unless the step is an
/// index; a sensitive value is edited inside its mark.
fn edit(v: &mut Value, path: &[String], kind: &Kind) {
    match v {
        Value::Sensitive(inner) => return edit(inner, path, kind),
        Value::List(_, items) | Value::Tuple(items) => {
            if let Some(i) = path.first().and_then(|s| s.parse::<usize>().ok()) {
                if let Some(item) = items.get_mut(i) {
                    if path.len() == 1 && *kind == Kind::Everything {
                        *item = Value::null();
                    } else {
                        edit(item, &path[1..], kind);
                    }
                }
                return;
            }
            items.iter_mut().for_each(|item| edit(item, path, kind));
            return;
        }
        Value::Set(_, items) => {
            items.iter_mut().for_each(|item| edit(item, path, kind));
            return;
        }
        _ => {}
    }
    match path.split_first() {
        None => {
            if let Value::String(s) = v {
                *s = normalise(s, kind);
            }
        }
        Some((key, rest)) => {
            if let Value::Object(m) | Value::Map(_, m) = v {
                if rest.is_empty() && *kind == Kind::Everything {
                    m.remove(key);
                } else if let Some(child) = m.get_mut(key) {
                    edit(child, rest, kind);
                }
            }
        }
    }
}

/// A string as a rule compares it.
fn normalise(s: &str, kind: &Kind) -> String {
    match kind {
        Kind::Everything => String::new(),
        Kind::Whitespace => s.chars().filter(|c| !c.is_whitespace()).collect(),
        // Repeated prefixes too, so that normalising twice (a configured
        // value, then what its reference resolved to) changes nothing.
        Kind::Prefix(p) => {
            let mut rest = s;
            while let Some(r) = rest.strip_prefix(p.as_str()) {
                rest = r;
            }
            rest.to_string()
        }
        // Not JSON: compared as it is (tfautomv's rule equates nothing
        // then, and equal strings are equal anyway).
        Kind::Json => match serde_json::from_str::<serde_json::Value>(s) {
            Ok(doc) => {
                let mut out = String::new();
                canonical_json(&doc, &mut out);
                out
            }
            Err(_) => s.to_string(),
        },
    }
}

/// JSON with sorted keys, no layout, numbers by value (`1`, `1.0` and
/// `1e0` alike, as Go's decoder reads them into float64).
fn canonical_json(v: &serde_json::Value, out: &mut String) {
    use serde_json::Value as J;
    match v {
        J::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&J::String(k.clone()).to_string());
                out.push(':');
                canonical_json(&m[k], out);
            }
            out.push('}');
        }
        J::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical_json(item, out);
            }
            out.push(']');
        }
        J::Number(n) => match n.as_f64() {
            Some(f) => out.push_str(&format!("{f:?}")),
            None => out.push_str(&n.to_string()),
        },
        other => out.push_str(&other.to_string()),
    }
}

/// A pair that needed rules, and the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Decided {
    pub prior: AbsResourceInstance,
    pub new: AbsResourceInstance,
    /// The rules' texts, in the order given.
    pub rules: Vec<String>,
}

impl Decided {
    /// What the proof plans for the paired object: the ignored difference
    /// is still there, and terraform acts on it. `update`, `replace`, or
    /// `no-op` when the rules only equated what the provider stores alike.
    pub fn planned(&self, proof: &crate::plan::diff::Plan) -> &'static str {
        use crate::plan::diff::Action;
        match proof.changes.iter().find(|c| c.addr == self.new) {
            Some(c) => match c.action {
                Action::Update => "update",
                Action::Replace => "replace",
                Action::Create | Action::Delete | Action::Forget => "replace",
                Action::NoOp | Action::Read => "no-op",
            },
            None => "no-op",
        }
    }

    /// The report's line about it: the rules, then what terraform does.
    pub fn describe(&self, proof: &crate::plan::diff::Plan) -> String {
        let what = match self.planned(proof) {
            "update" => "the ignored difference stays: the plan updates it in place",
            "replace" => {
                "the ignored difference stays, and the plan REPLACES it: the attribute forces replacement"
            }
            _ => "the plan leaves it unchanged",
        };
        format!(
            "{} -> {}: paired by {}; {what}",
            self.prior,
            self.new,
            self.rules.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::value::Type;

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn obj(addr: &str, attrs: &[(&str, Value)]) -> Object {
        Object::all_set(
            AbsResourceInstance::parse(addr).unwrap(),
            (attrs.iter())
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn map(entries: &[(&str, Value)]) -> Value {
        Value::Map(
            Type::String,
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn rules(texts: &[&str]) -> Rules {
        Rules::parse_all(&texts.iter().map(|t| t.to_string()).collect::<Vec<_>>()).unwrap()
    }

    /// Whether the two objects compare equal once the rules are applied.
    fn equal(r: &Rules, a: &Object, b: &Object) -> bool {
        let (a, b) = (r.apply(a), r.apply(b));
        let canon = |v: &Value, _: &Mapping| v.clone();
        a.set_names().eq(b.set_names())
            && super::super::pairing::attr_diffs(&a, &b, &Mapping::default(), &canon).is_empty()
    }

    #[test]
    fn parse_reads_tfautomvs_syntax_and_prints_it_back() {
        for text in [
            "everything:aws_instance:tags",
            "everything:aws_*:tags.CreatedBy",
            "whitespace:aws_iam_policy:policy",
            "json:aws_iam_policy:policy",
            "prefix:aws_route53_record:name:www.",
            "prefix:x:name:a:b",
            "json:aws_s3_bucket:rule.0.filter",
        ] {
            let r = Rule::parse(text).unwrap();
            assert_eq!(r.to_string(), text);
        }
        assert_eq!(
            Rule::parse("prefix:x:name:a:b").unwrap().kind,
            Kind::Prefix("a:b".into())
        );
    }

    #[test]
    fn bad_rules_are_diagnostics_naming_the_form() {
        let cases = [
            ("tags", "has no kind"),
            ("fuzzy:aws_instance:tags", "unknown kind \"fuzzy\""),
            (
                "everything:aws_instance",
                "has 1 part after its kind; it needs 2",
            ),
            ("everything:aws_instance:tags:x", "has 3 parts"),
            ("everything::tags", "names no valid resource type"),
            (
                "everything:aws instance:tags",
                "names no valid resource type",
            ),
            ("everything:aws_instance:tags..Name", "an empty step"),
            ("everything:aws_instance:", "an empty step"),
            (
                "prefix:aws_instance:name",
                "has 2 parts after its kind; it needs 3",
            ),
            ("prefix:aws_instance:name:", "gives no prefix"),
        ];
        for (text, want) in cases {
            let d = Rule::parse(text).unwrap_err();
            assert_eq!(d.summary, "Invalid ignore rule");
            assert!(d.detail.contains(want), "{text}: {}", d.detail);
            assert!(d.detail.contains("KIND:RESOURCE_TYPE:ATTRIBUTE"));
        }
        let all = Rules::parse_all(&["a".into(), "everything:x:y".into(), "b:c".into()]);
        assert_eq!(all.unwrap_err().0.len(), 2, "every bad rule is reported");
    }

    #[test]
    fn type_globs() {
        let r = |g: &str| Rule::parse(&format!("everything:{g}:tags")).unwrap();
        assert!(r("aws_*").applies_to("aws_instance"));
        assert!(r("*").applies_to("terraform_data"));
        assert!(r("aws_?pc").applies_to("aws_vpc"));
        assert!(r("*_instance").applies_to("aws_instance"));
        assert!(!r("*_instance").applies_to("aws_instance_profile"));
        assert!(!r("aws_vpc").applies_to("aws_vpc_endpoint"));
        assert!(r("a*b*c").applies_to("axxbyybc"));
    }

    #[test]
    fn everything_drops_an_attribute_or_one_key_of_it() {
        let a = obj(
            "aws_instance.a",
            &[
                ("ami", s("ami-1")),
                ("tags", map(&[("Name", s("web")), ("CreatedBy", s("ci"))])),
            ],
        );
        let b = obj(
            "aws_instance.b",
            &[("ami", s("ami-1")), ("tags", map(&[("Name", s("web"))]))],
        );
        assert!(!equal(&Rules::default(), &a, &b));
        assert!(equal(
            &rules(&["everything:aws_instance:tags.CreatedBy"]),
            &a,
            &b
        ));
        assert!(equal(&rules(&["everything:aws_*:tags"]), &a, &b));
        assert!(!equal(
            &rules(&["everything:aws_instance:tags.Name"]),
            &a,
            &b
        ));
        assert!(
            !equal(&rules(&["everything:aws_vpc:tags"]), &a, &b),
            "other type"
        );
        // An attribute set on one side only.
        let c = obj("aws_instance.c", &[("ami", s("ami-1"))]);
        assert!(equal(&rules(&["everything:aws_instance:tags"]), &a, &c));
        // Emptied by the rule: as not set.
        let d = obj(
            "aws_instance.d",
            &[("ami", s("ami-1")), ("tags", map(&[("CreatedBy", s("x"))]))],
        );
        assert!(equal(
            &rules(&["everything:aws_instance:tags.CreatedBy"]),
            &d,
            &c
        ));
    }

    #[test]
    fn whitespace_json_and_prefix_normalise_strings() {
        let pol = |p: &str| obj("aws_iam_policy.p", &[("policy", s(p))]);
        let (a, b) = (
            pol("{\"Version\": \"2012-10-17\", \"Statement\": []}"),
            pol("{\n  \"Statement\": [],\n  \"Version\": \"2012-10-17\"\n}"),
        );
        assert!(!equal(
            &rules(&["whitespace:aws_iam_policy:policy"]),
            &a,
            &b
        ));
        assert!(equal(&rules(&["json:aws_iam_policy:policy"]), &a, &b));
        assert!(equal(
            &rules(&["json:aws_iam_policy:policy"]),
            &pol("{\"n\": 1}"),
            &pol("{\"n\":1.0}")
        ));
        assert!(!equal(
            &rules(&["json:aws_iam_policy:policy"]),
            &pol("{\"n\": 1}"),
            &pol("{\"n\": 2}")
        ));
        assert!(!equal(
            &rules(&["json:aws_iam_policy:policy"]),
            &pol("not json"),
            &pol("not  json")
        ));
        assert!(equal(
            &rules(&["whitespace:aws_iam_policy:policy"]),
            &pol("a b\n\tc"),
            &pol("abc")
        ));
        assert!(!equal(
            &rules(&["whitespace:aws_iam_policy:policy"]),
            &pol("abc"),
            &pol("abd")
        ));
        assert!(equal(
            &rules(&["prefix:aws_iam_policy:policy:www."]),
            &pol("www.example.com"),
            &pol("example.com")
        ));
    }

    #[test]
    fn paths_reach_through_nested_blocks_and_indexes() {
        let rule = |f: &str| {
            Value::List(
                Type::Dynamic,
                vec![Value::Object(
                    [("id".to_string(), s("r1")), ("filter".to_string(), s(f))]
                        .into_iter()
                        .collect(),
                )]
                .into(),
            )
        };
        let a = obj("aws_s3_bucket.a", &[("rule", rule("{\"a\":1}"))]);
        let b = obj("aws_s3_bucket.b", &[("rule", rule("{ \"a\": 1 }"))]);
        assert!(equal(&rules(&["json:aws_s3_bucket:rule.filter"]), &a, &b));
        assert!(equal(
            &rules(&["whitespace:aws_s3_bucket:rule.0.filter"]),
            &a,
            &b
        ));
        assert!(!equal(
            &rules(&["whitespace:aws_s3_bucket:rule.1.filter"]),
            &a,
            &b
        ));
        assert!(equal(&rules(&["everything:aws_s3_bucket:rule.0"]), &a, &b));
    }

    #[test]
    fn sensitive_values_are_normalised_inside_their_mark() {
        let a = obj("x_secret.a", &[("value", s(" k ").mark())]);
        let b = obj("x_secret.b", &[("value", s("k").mark())]);
        let r = rules(&["whitespace:x_secret:value"]);
        assert!(equal(&r, &a, &b));
        assert!(
            r.apply(&a).values["value"].has_marks_deep(),
            "still sensitive"
        );
    }

    /// `policy = data.x.json`: the reference resolves (through the pairing)
    /// to a document laid out otherwise; the rule normalises it too.
    #[test]
    fn values_references_resolve_to_are_normalised_in_the_pairing() {
        use crate::lang::unknown::Origin;
        let r = rules(&[
            "json:aws_iam_policy:policy",
            "prefix:aws_iam_policy:name:x-",
        ]);
        let prior = obj(
            "aws_iam_policy.old",
            &[("policy", s("{\"a\": 1, \"b\": 2}")), ("name", s("x-p"))],
        );
        let reference = Value::Unknown(Type::String, Some(Origin::attr("data.doc.d", "json")));
        let new = obj(
            "aws_iam_policy.new",
            &[("policy", reference), ("name", s("x-x-p"))],
        );
        let canon = |v: &Value, _: &Mapping| match v {
            Value::Unknown(..) => s("{\"b\":2,\n \"a\":1}"),
            v => v.clone(),
        };
        let (d, c) = (vec![r.apply(&prior)], vec![r.apply(&new)]);
        let normalise = |a: &AbsResourceInstance, k: &str, v: Value| {
            r.normalise(&a.resource.resource.type_name, k, v)
        };
        let p = super::super::pairing::pair_with(
            &d,
            &c,
            &canon,
            &normalise,
            super::super::pairing::Options::default(),
        );
        assert_eq!(p.pairs.len(), 1, "{:?}", p.unmatched);
        let p = super::super::pairing::pair(&d, &c, &canon);
        assert!(
            p.pairs.is_empty(),
            "without the hook the resolved text differs"
        );
        // Idempotent: normalising a normalised value changes nothing.
        let once = r.normalise("aws_iam_policy", "name", s("x-x-p"));
        assert_eq!(r.normalise("aws_iam_policy", "name", once.clone()), once);
    }

    #[test]
    fn deciding_names_only_rules_on_attributes_that_differ() {
        let r = rules(&[
            "everything:terraform_data:input.Owner",
            "whitespace:terraform_data:triggers_replace",
            "everything:aws_instance:input",
        ]);
        let a = obj(
            "terraform_data.a",
            &[
                ("input", map(&[("Name", s("web")), ("Owner", s("alice"))])),
                ("triggers_replace", s("t")),
            ],
        );
        let b = obj(
            "terraform_data.b",
            &[
                ("input", map(&[("Name", s("web")), ("Owner", s("bob"))])),
                ("triggers_replace", s("t")),
            ],
        );
        let canon = |v: &Value, _: &Mapping| v.clone();
        let names: Vec<String> = r
            .deciding(&a, &b, &Mapping::default(), &canon)
            .iter()
            .map(|r| r.to_string())
            .collect();
        assert_eq!(names, ["everything:terraform_data:input.Owner"]);
        assert!(r.deciding(&a, &a, &Mapping::default(), &canon).is_empty());
    }
}

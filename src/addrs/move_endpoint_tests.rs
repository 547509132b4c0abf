//! Tables for move endpoints: parsing, unification and the matching rules,
//! in the spirit of OpenTofu's `move_endpoint_test.go` and
//! `move_endpoint_module_test.go` (behaviour from there and from the
//! reference §1.3–§2; the cases are our own).

use super::*;

fn module(path: &str) -> Module {
    if path.is_empty() {
        return Module::root();
    }
    Module(path.split('.').map(str::to_string).collect())
}

/// A unified statement `from → to` declared in `decl` ("a.b" names the
/// static module `module.a.module.b`), built the way configuration does.
fn stmt(decl: &str, from: &str, to: &str) -> (MoveEndpointInModule, MoveEndpointInModule) {
    let f = MoveEndpoint::parse(from).unwrap();
    let t = MoveEndpoint::parse(to).unwrap();
    unify_move_endpoints(&f, &t, &module(decl)).unwrap()
}

/// One endpoint of a given kind, written in the debug form: a trailing
/// `[*]` means a whole module call or whole resource.
fn ep(decl: &str, s: &str) -> MoveEndpointInModule {
    let (text, whole) = match s.strip_suffix("[*]") {
        Some(t) => (t, true),
        None => (s, false),
    };
    let relative = match (MoveEndpoint::parse(text).unwrap(), whole) {
        (MoveEndpoint::Module(m), true) => AbsMoveable::ModuleCall(m.call().unwrap()),
        (MoveEndpoint::Module(m), false) => AbsMoveable::ModuleInstance(m),
        (MoveEndpoint::Resource(r), true) => AbsMoveable::Resource(r.containing_resource()),
        (MoveEndpoint::Resource(r), false) => AbsMoveable::ResourceInstance(r),
    };
    MoveEndpointInModule {
        module: module(decl),
        relative,
    }
}

#[test]
fn unification_picks_the_kind_for_both_sides() {
    let cases = [
        (
            "keyless resources are whole resources",
            "",
            "foo.bar",
            "foo.baz",
            "foo.bar[*]",
            "foo.baz[*]",
        ),
        (
            "declared in a child",
            "a",
            "foo.bar",
            "foo.baz",
            "module.a[*].foo.bar[*]",
            "module.a[*].foo.baz[*]",
        ),
        (
            "into a grandchild",
            "a",
            "foo.bar",
            "module.b[0].foo.baz",
            "module.a[*].foo.bar[*]",
            "module.a[*].module.b[0].foo.baz[*]",
        ),
        (
            "keyless from becomes the NoKey instance",
            "",
            "foo.bar",
            r#"foo.bar["thing"]"#,
            "foo.bar",
            r#"foo.bar["thing"]"#,
        ),
        (
            "keyless to becomes the NoKey instance",
            "",
            r#"foo.bar["thing"]"#,
            "foo.bar",
            r#"foo.bar["thing"]"#,
            "foo.bar",
        ),
        (
            "two instances",
            "",
            "foo.bar[0]",
            "foo.bar[1]",
            "foo.bar[0]",
            "foo.bar[1]",
        ),
        (
            "data resources",
            "",
            "data.foo.bar",
            "data.foo.baz",
            "data.foo.bar[*]",
            "data.foo.baz[*]",
        ),
        (
            "module calls",
            "",
            "module.foo",
            "module.bar",
            "module.foo[*]",
            "module.bar[*]",
        ),
        (
            "call into a deeper call",
            "",
            "module.foo",
            "module.bar.module.baz",
            "module.foo[*]",
            "module.bar.module.baz[*]",
        ),
        (
            "call in a child",
            "bloop",
            "module.foo",
            "module.bar.module.baz",
            "module.bloop[*].module.foo[*]",
            "module.bloop[*].module.bar.module.baz[*]",
        ),
        (
            "keyed parent, keyless last step is a call",
            "",
            "module.a[0].module.b",
            "module.c",
            "module.a[0].module.b[*]",
            "module.c[*]",
        ),
        (
            "module instances",
            "",
            "module.foo[0]",
            r#"module.foo["a"]"#,
            "module.foo[0]",
            r#"module.foo["a"]"#,
        ),
        (
            "keyless module from is the NoKey instance",
            "",
            "module.foo",
            r#"module.foo["a"]"#,
            "module.foo",
            r#"module.foo["a"]"#,
        ),
        (
            "keyless module to is the NoKey instance",
            "bloop",
            "module.foo[0]",
            "module.foo",
            "module.bloop[*].module.foo[0]",
            "module.bloop[*].module.foo",
        ),
    ];
    for (name, decl, from, to, want_from, want_to) in cases {
        let (f, t) = stmt(decl, from, to);
        assert_eq!(
            (f.to_string(), t.to_string()),
            (want_from.to_string(), want_to.to_string()),
            "{name}"
        );
        assert_eq!(f.kind(), t.kind(), "{name}");
    }
}

#[test]
fn modules_and_resources_do_not_unify() {
    for (from, to) in [
        ("module.foo", "foo.bar"),
        ("module.foo[0]", "foo.bar"),
        ("module.foo", "foo.bar[0]"),
        ("foo.bar[0]", "module.foo[0]"),
    ] {
        let d = unify_move_endpoints(
            &MoveEndpoint::parse(from).unwrap(),
            &MoveEndpoint::parse(to).unwrap(),
            &Module::root(),
        )
        .unwrap_err();
        assert_eq!(d.summary, "Invalid \"moved\" addresses", "{from} → {to}");
        assert_eq!(
            d.detail,
            "The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules."
        );
    }
}

#[test]
fn endpoint_parse_errors() {
    let cases = [
        (
            "module",
            "Invalid address operator",
            "Prefix \"module.\" must be followed by a module name.",
        ),
        (
            "module[0]",
            "Invalid address operator",
            "Prefix \"module.\" must be followed by a module name.",
        ),
        (
            "module.foo.bar",
            "Invalid address",
            "Resource specification must include a resource type and name.",
        ),
        (
            "module.foo.data",
            "Invalid address",
            "Resource specification must include a resource type and name.",
        ),
        (
            "module.foo.bar[0]",
            "Invalid address",
            "A resource name is required.",
        ),
        (
            "foo.bar.baz",
            "Invalid address",
            "Resource instance key must be given in square brackets.",
        ),
        (
            "foo.bar[0].baz",
            "Invalid address",
            "Unexpected extra operators after address.",
        ),
    ];
    for (input, summary, detail) in cases {
        let d = MoveEndpoint::parse(input).unwrap_err();
        assert_eq!(
            (d.summary.as_str(), d.detail.as_str()),
            (summary, detail),
            "{input}"
        );
    }
}

#[test]
fn config_address_and_allowed_subjects() {
    let e = MoveEndpoint::parse(r#"module.b["x"].data.t.n[0]"#).unwrap();
    assert_eq!(
        e.config_moveable(&module("a")),
        ConfigMoveable::Resource(
            crate::addrs::Resource::new(ResourceMode::Data, "t", "n").in_module(module("a.b"))
        )
    );
    assert_eq!(
        MoveEndpoint::parse("module.b[1]")
            .unwrap()
            .config_moveable(&module("a")),
        ConfigMoveable::Module(module("a.b"))
    );
    assert!(
        !MoveEndpoint::parse("ephemeral.t.n")
            .unwrap()
            .subject_allowed()
    );
    assert!(MoveEndpoint::parse("data.t.n").unwrap().subject_allowed());
    let d = MoveEndpoint::parse("ephemeral.t.n")
        .unwrap()
        .check_subject_allowed("to")
        .unwrap_err();
    assert_eq!(
        (d.summary.as_str(), d.detail.as_str()),
        (
            "Invalid \"moved\" address",
            "The resource referenced by the \"to\" attribute is not allowed to be moved."
        )
    );
    assert!(
        MoveEndpoint::parse("module.a")
            .unwrap()
            .check_subject_allowed("from")
            .is_ok()
    );
}

#[test]
fn in_module_instance_makes_absolute_addresses() {
    let decl = ModuleInstance::parse(r#"module.a["k"]"#).unwrap();
    let cases = [
        (
            ep("a", "module.b[*]"),
            r#"module.a["k"].module.b"#,
            "module call",
        ),
        (
            ep("a", "module.b[0]"),
            r#"module.a["k"].module.b[0]"#,
            "module instance",
        ),
        (
            ep("a", "module.c.x.y[*]"),
            r#"module.a["k"].module.c.x.y"#,
            "resource",
        ),
        (
            ep("a", "x.y[2]"),
            r#"module.a["k"].x.y[2]"#,
            "resource instance",
        ),
    ];
    for (e, want, noun) in cases {
        let abs = e.in_module_instance(&decl);
        assert_eq!((abs.to_string(), abs.noun()), (want.to_string(), noun));
    }
}

#[test]
fn module_instance_move_destination() {
    // (declaring module, from, to, receiver, destination)
    let cases = [
        (
            "",
            "module.foo",
            "module.bar",
            "module.foo",
            Some("module.bar"),
        ),
        (
            "",
            "module.foo",
            "module.bar",
            "module.foo[1]",
            Some("module.bar[1]"),
        ),
        (
            "",
            "module.foo",
            "module.bar",
            r#"module.foo["a"]"#,
            Some(r#"module.bar["a"]"#),
        ),
        (
            "",
            "module.foo",
            "module.bar.module.foo",
            "module.foo[0]",
            Some("module.bar.module.foo[0]"),
        ),
        (
            "",
            "module.foo.module.bar",
            "module.bar",
            "module.foo.module.bar[0]",
            Some("module.bar[0]"),
        ),
        (
            "",
            "module.foo[1]",
            "module.foo[2]",
            "module.foo[1]",
            Some("module.foo[2]"),
        ),
        (
            "",
            "module.foo[1]",
            "module.foo",
            "module.foo[1]",
            Some("module.foo"),
        ),
        (
            "",
            "module.foo",
            "module.foo[1]",
            "module.foo",
            Some("module.foo[1]"),
        ),
        (
            "",
            "module.foo",
            "module.foo[1]",
            "module.foo.module.bar[0]",
            Some("module.foo[1].module.bar[0]"),
        ),
        ("", "module.foo", "module.foo[1]", "module.foo[0]", None),
        ("", "module.foo[1]", "module.foo[2]", "module.foo[3]", None),
        ("", "module.foo", "module.bar", "module.baz", None),
        ("", "module.foo", "module.bar", "module.foo2", None),
        (
            "",
            "module.foo.module.bar",
            "module.baz",
            "module.foo",
            None,
        ),
        (
            "",
            "module.foo[0].module.bar",
            "module.baz",
            "module.foo[1].module.bar",
            None,
        ),
        ("", "module.foo", "module.bar", "", None),
        // Declared in a child: any instance of the declaring module matches.
        (
            "a",
            "module.foo",
            "module.bar",
            "module.a[3].module.foo[1]",
            Some("module.a[3].module.bar[1]"),
        ),
        (
            "a",
            "module.foo",
            "module.bar",
            r#"module.a["x"].module.foo.module.deep[0]"#,
            Some(r#"module.a["x"].module.bar.module.deep[0]"#),
        ),
        ("a", "module.foo", "module.bar", "module.foo", None),
        (
            "a",
            "module.foo",
            "module.bar",
            "module.b[0].module.foo",
            None,
        ),
        (
            "a.b",
            "module.foo[0]",
            "module.foo[1]",
            "module.a.module.b[2].module.foo[0]",
            Some("module.a.module.b[2].module.foo[1]"),
        ),
    ];
    for (decl, from, to, receiver, want) in cases {
        let (f, t) = stmt(decl, from, to);
        let got = ModuleInstance::parse(receiver)
            .unwrap()
            .move_destination(&f, &t);
        assert_eq!(
            got.map(|m| m.to_string()),
            want.map(str::to_string),
            "{decl}: {from} → {to} applied to {receiver}"
        );
    }
}

#[test]
fn resource_instance_move_destination() {
    let cases = [
        // Whole-resource moves keep every key.
        ("", "foo.from", "foo.to", "foo.from", Some("foo.to")),
        ("", "foo.from", "foo.to", "foo.from[1]", Some("foo.to[1]")),
        (
            "",
            "foo.from",
            "foo.to",
            r#"foo.from["a"]"#,
            Some(r#"foo.to["a"]"#),
        ),
        (
            "",
            "foo.from",
            "module.boo.foo.to",
            "foo.from[0]",
            Some("module.boo.foo.to[0]"),
        ),
        (
            "",
            "module.x.test.a",
            "test.a",
            "module.x.test.a[0]",
            Some("test.a[0]"),
        ),
        ("", "foo.from", "foo.to", "foo.other", None),
        ("", "foo.from", "foo.to", "module.m.foo.from", None),
        ("", "data.foo.from", "data.foo.to", "foo.from", None),
        // Instance moves match the exact key only.
        (
            "",
            "foo.from[0]",
            "foo.to[1]",
            "foo.from[0]",
            Some("foo.to[1]"),
        ),
        ("", "foo.from[0]", "foo.to[1]", "foo.from[1]", None),
        (
            "",
            "foo.from",
            "foo.from[0]",
            "foo.from",
            Some("foo.from[0]"),
        ),
        ("", "foo.from", "foo.from[0]", "foo.from[0]", None),
        (
            "",
            "foo.from[0]",
            "foo.from",
            "foo.from[0]",
            Some("foo.from"),
        ),
        // Relative module steps match exactly, keys included.
        ("", "module.a.x.y", "x.y", "module.a.x.y", Some("x.y")),
        ("", "module.a.x.y", "x.y", "module.a[0].x.y", None),
        (
            "",
            "module.a[0].x.y[1]",
            "module.a[1].x.y[1]",
            "module.a[0].x.y[1]",
            Some("module.a[1].x.y[1]"),
        ),
        // Declaring-module steps match any key and are kept.
        (
            "m",
            "foo.from",
            "module.c.foo.to",
            r#"module.m["k"].foo.from[2]"#,
            Some(r#"module.m["k"].module.c.foo.to[2]"#),
        ),
        (
            "m",
            "foo.from[0]",
            "foo.to",
            "module.m[1].foo.from[0]",
            Some("module.m[1].foo.to"),
        ),
        ("m", "foo.from", "foo.to", "foo.from", None),
        // Module moves carry their resources along.
        (
            "",
            "module.a",
            "module.b",
            r#"module.a["k"].x.y[0]"#,
            Some(r#"module.b["k"].x.y[0]"#),
        ),
        (
            "",
            "module.a[0]",
            "module.b",
            "module.a[0].module.c.x.y",
            Some("module.b.module.c.x.y"),
        ),
        ("", "module.a", "module.b", "x.y", None),
    ];
    for (decl, from, to, receiver, want) in cases {
        let (f, t) = stmt(decl, from, to);
        let got = AbsResourceInstance::parse(receiver)
            .unwrap()
            .move_destination(&f, &t);
        assert_eq!(
            got.map(|m| m.to_string()),
            want.map(str::to_string),
            "{decl}: {from} → {to} applied to {receiver}"
        );
    }
}

#[test]
fn resource_move_destination() {
    let cases = [
        ("", "foo.from", "foo.to", "foo.from", Some("foo.to")),
        (
            "",
            "foo.from",
            "module.b[0].foo.to",
            "foo.from",
            Some("module.b[0].foo.to"),
        ),
        (
            "m",
            "foo.from",
            "foo.to",
            "module.m[1].foo.from",
            Some("module.m[1].foo.to"),
        ),
        (
            "",
            "module.a",
            "module.b",
            "module.a[0].foo.x",
            Some("module.b[0].foo.x"),
        ),
        // An instance statement never moves a whole resource.
        ("", "foo.from[0]", "foo.to[0]", "foo.from", None),
        ("", "foo.from", "foo.to", "foo.other", None),
    ];
    for (decl, from, to, receiver, want) in cases {
        let (f, t) = stmt(decl, from, to);
        let got = AbsResource::parse(receiver)
            .unwrap()
            .move_destination(&f, &t);
        assert_eq!(
            got.map(|m| m.to_string()),
            want.map(str::to_string),
            "{decl}: {from} → {to} applied to {receiver}"
        );
    }
}

#[test]
fn selects_module() {
    let cases = [
        (
            "call selects any key of the call",
            ep("", "module.foo[2].module.bar[*]"),
            "module.foo[2].module.bar[1]",
            true,
        ),
        (
            "call in a child, exact relative key",
            ep("foo", "module.bar[2].module.baz[*]"),
            "module.foo[2].module.bar[2].module.baz",
            true,
        ),
        (
            "call in a child, other relative key",
            ep("foo", "module.bar[2].module.baz[*]"),
            "module.foo[2].module.bar[1].module.baz",
            false,
        ),
        (
            "keyless relative step is NoKey, not a wildcard",
            ep("", "module.bar.module.baz[*]"),
            "module.bar[1].module.baz",
            false,
        ),
        (
            "resource endpoint selects its module",
            ep("foo", r#"module.bar.resource.name["key"]"#),
            "module.foo[1].module.bar",
            true,
        ),
        (
            "module instance selects itself",
            ep("", r#"module.bar.module.baz["key"]"#),
            r#"module.bar.module.baz["key"]"#,
            true,
        ),
        (
            "whole resource selects its module",
            ep("", r#"module.bar.module.baz["key"].resource.name[*]"#),
            r#"module.bar.module.baz["key"]"#,
            true,
        ),
        (
            "other declaring module",
            ep("nope", r#"module.bar.resource.name["key"]"#),
            "module.foo[1].module.bar",
            false,
        ),
        (
            "other key",
            ep("", r#"module.bar.module.baz["key"]"#),
            r#"module.bar.module.baz["nope"]"#,
            false,
        ),
        (
            "other name",
            ep("", r#"module.nope.module.baz["key"].resource.name[*]"#),
            r#"module.bar.module.baz["key"]"#,
            false,
        ),
        (
            "longer address",
            ep("", "module.a[*]"),
            "module.a.module.b",
            false,
        ),
        ("root resource selects root", ep("", "x.y[*]"), "", true),
    ];
    for (name, e, addr, want) in cases {
        assert_eq!(
            e.selects_module(&ModuleInstance::parse(addr).unwrap()),
            want,
            "{name}: {e} selects {addr}"
        );
    }
}

#[test]
fn selects_resource() {
    let cases = [
        ("whole resource", ep("", "x.y[*]"), "x.y", true),
        (
            "instance endpoint ignores its key",
            ep("", "x.y[3]"),
            "x.y",
            true,
        ),
        ("other resource", ep("", "x.y[*]"), "x.z", false),
        (
            "data is another resource",
            ep("", "x.y[*]"),
            "data.x.y",
            false,
        ),
        (
            "declared in a child, any key",
            ep("m", "x.y[0]"),
            r#"module.m["k"].x.y"#,
            true,
        ),
        (
            "relative key must match",
            ep("", "module.a[0].x.y[*]"),
            "module.a[1].x.y",
            false,
        ),
        (
            "module endpoints never select resources",
            ep("", "module.a[*]"),
            "module.a.x.y",
            false,
        ),
        (
            "module instance endpoint neither",
            ep("", "module.a[0]"),
            "module.a[0].x.y",
            false,
        ),
    ];
    for (name, e, addr, want) in cases {
        assert_eq!(
            e.selects_resource(&AbsResource::parse(addr).unwrap()),
            want,
            "{name}: {e} selects {addr}"
        );
    }
}

#[test]
fn chain_and_nesting() {
    // (endpoint, other, endpoint.can_chain_from(other), endpoint.nested_within(other))
    let cases = [
        (
            ep("", "module.foo[2].module.bar[*]"),
            ep("", "module.foo[2].module.bar[*]"),
            true,
            false,
        ),
        (
            ep("", "module.foo[2]"),
            ep("", "module.foo[2].module.bar[*]"),
            false,
            false,
        ),
        (
            ep("", "module.foo[2].module.bar[2]"),
            ep("", "module.foo[*]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2].module.bar.resource.baz[*]"),
            ep("", "module.foo[2].module.bar[*]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2].module.bar[3].resource.baz[2]"),
            ep("", "module.foo[2].module.bar[*]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2].module.bar[*]"),
            ep("", "module.foo[2]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2]"),
            ep("", "module.foo[2]"),
            true,
            false,
        ),
        (
            ep("", "module.foo[2]"),
            ep("", "module.foo[3]"),
            false,
            false,
        ),
        (ep("", "module.foo[2]"), ep("", "module.foo[*]"), true, true),
        (
            ep("", "module.foo[*]"),
            ep("", "module.foo[2]"),
            true,
            false,
        ),
        (
            ep("", "module.foo[2].resource.baz[*]"),
            ep("", "module.foo[2]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2].module.bar.resource.baz"),
            ep("", "module.foo[2]"),
            false,
            true,
        ),
        (
            ep("", "module.foo[2].module.bar[*]"),
            ep("", "module.foo[2].resource.baz[*]"),
            false,
            false,
        ),
        (
            ep("", "module.foo[2]"),
            ep("", "module.foo[2].resource.baz[*]"),
            false,
            false,
        ),
        (
            ep("", "resource.baz[*]"),
            ep("", "resource.baz[*]"),
            true,
            false,
        ),
        (
            ep("", "resource.baz[2]"),
            ep("", "resource.baz[2]"),
            true,
            false,
        ),
        (
            ep("", "resource.baz[2]"),
            ep("", "resource.baz[3]"),
            false,
            false,
        ),
        // A whole resource and an instance never chain, but nest.
        (
            ep("", "resource.baz"),
            ep("", "resource.baz[*]"),
            false,
            true,
        ),
        (
            ep("", "resource.baz[*]"),
            ep("", "resource.baz"),
            false,
            false,
        ),
        (
            ep("", "module.a[1].resource.baz[0]"),
            ep("", "resource.baz[*]"),
            false,
            false,
        ),
        // Declaring-module steps are wildcards on both sides.
        (ep("a", "x.y[*]"), ep("", "module.a[1].x.y[*]"), true, false),
        (ep("", "module.a[1].x.y[*]"), ep("a", "x.y[*]"), true, false),
        (ep("a", "x.y[*]"), ep("b", "x.y[*]"), false, false),
        (
            ep("a", "module.b[0].x.y[0]"),
            ep("a", "module.b[*]"),
            false,
            true,
        ),
    ];
    for (i, (e, other, chain, nested)) in cases.into_iter().enumerate() {
        assert_eq!(
            e.can_chain_from(&other),
            chain,
            "[{i:02}] {e}.can_chain_from({other})"
        );
        assert_eq!(
            e.nested_within(&other),
            nested,
            "[{i:02}] {e}.nested_within({other})"
        );
    }
}

#[test]
fn module_reindex() {
    let cases = [
        (
            "keyless to keyed, same module",
            "",
            "module.foo",
            "module.foo[0]",
            true,
        ),
        (
            "keyed to keyless, same module",
            "",
            "module.foo[0]",
            "module.foo",
            true,
        ),
        (
            "instance to instance",
            "",
            "module.foo[0]",
            r#"module.foo["a"]"#,
            true,
        ),
        (
            "nested keys only",
            "",
            "module.a[0].module.b[1]",
            "module.a[2].module.b[3]",
            true,
        ),
        ("call to a call", "", "module.foo", "module.bar", false),
        (
            "call renamed with a key",
            "",
            "module.foo",
            "module.bar[0]",
            false,
        ),
        (
            "different depth",
            "",
            "module.foo[0]",
            "module.bar.module.foo[0]",
            false,
        ),
        ("in a child", "x", "module.foo", "module.foo[1]", true),
        ("resources never", "", "x.y", "x.y[0]", false),
    ];
    for (name, decl, from, to, want) in cases {
        let (f, t) = stmt(decl, from, to);
        assert_eq!(f.is_module_reindex(&t), want, "{name}");
    }
    // Mixed call/instance pairs only arise when built directly.
    assert!(ep("", "module.foo[*]").is_module_reindex(&ep("", "module.foo[1]")));
    assert!(
        ep("", "module.a[0].module.b[2]").is_module_reindex(&ep("", "module.a[1].module.b[*]"))
    );
    assert!(!ep("", "module.foo[*]").is_module_reindex(&ep("", "module.bar[1]")));
}

//! State tests against files terraform 1.11.4 wrote (tests/data/state/,
//! see its README for how they were recorded).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;
use crate::lang::value::Type;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/state")
        .join(rel)
}

fn recorded_list(rel: &str) -> Vec<String> {
    fs::read_to_string(data(rel))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn listed(state: &State) -> Vec<String> {
    state.instances().map(|(a, _)| a.to_string()).collect()
}

#[test]
fn instances_come_in_state_list_order() {
    let state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    assert_eq!(listed(&state), recorded_list("zoo/state-list.txt"));
}

#[test]
fn state_pull_output_reads_the_same() {
    let file = State::read(&data("zoo/terraform.tfstate")).unwrap();
    let pulled = State::read(&data("zoo/state-pull.json")).unwrap();
    assert_eq!(file, pulled);
}

#[test]
fn writing_back_reproduces_terraform_bytes() {
    for rel in [
        "zoo/terraform.tfstate",
        "destroyed/terraform.tfstate",
        "sensitive-index/terraform.tfstate",
    ] {
        let text = fs::read_to_string(data(rel)).unwrap();
        let state = State::from_json(&text).unwrap();
        assert!(state.to_json() == text, "{rel} differs after a round trip");
    }
}

/// Every object's attributes are its own slice of the one text read, not
/// a copy: the text of `"attributes": {...}` in the file, whitespace and
/// all.
#[test]
fn attributes_are_slices_of_the_text_read() {
    let text = fs::read_to_string(data("zoo/terraform.tfstate")).unwrap();
    let state = State::from_json(&text).unwrap();
    let objects: Vec<&Attributes> = state
        .resources
        .iter()
        .flat_map(|r| &r.instances)
        .filter_map(|i| i.attributes.as_ref())
        .collect();
    assert!(objects.len() > 3);
    let mut from = 0;
    for a in &objects {
        let raw = a.raw().unwrap();
        assert!(raw.starts_with('{') && raw.ends_with('}'), "{raw}");
        let at = text[from..].find("\"attributes\": ").unwrap() + from + "\"attributes\": ".len();
        assert_eq!(&text[at..at + raw.len()], raw);
        from = at + raw.len();
        let (file, first) = (
            &a.0.raw.as_ref().unwrap().file,
            &objects[0].0.raw.as_ref().unwrap().file,
        );
        assert!(std::sync::Arc::ptr_eq(file, first));
    }
}

#[test]
fn writing_sorts_resources_and_objects_as_terraform() {
    let text = fs::read_to_string(data("zoo/terraform.tfstate")).unwrap();
    let mut state = State::from_json(&text).unwrap();
    state.resources.reverse();
    for r in &mut state.resources {
        r.instances.reverse();
    }
    assert!(
        state.to_json() == text,
        "terraform's order is restored on write"
    );
}

#[test]
fn header_fields_and_kept_extras() {
    let state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    assert_eq!(
        (state.version, state.terraform_version.as_str()),
        (4, "1.11.4")
    );
    assert_eq!(state.lineage, "10602ece-6d19-5b0c-e335-1677167b46e6");
    assert_eq!(state.next_serial(), state.serial + 1);
    assert_eq!(state.check_results[0]["config_addr"], "check.always");

    let text = r#"{"version":4,"terraform_version":"1.9.0","serial":1,"lineage":"l","future":{"x":1},
        "resources":[{"mode":"managed","type":"t","name":"n","provider":"p","later":true,
        "instances":[{"schema_version":0,"attributes":{},"new_field":[1]}]}]}"#;
    let out = State::from_json(text).unwrap().to_json();
    let back: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(back["future"]["x"], 1);
    assert_eq!(back["resources"][0]["later"], true);
    assert_eq!(back["resources"][0]["instances"][0]["new_field"][0], 1);
}

#[test]
fn rarely_recorded_fields_are_written_back_and_cost_nothing_when_absent() {
    // Every field `Uncommon` holds, in terraform's field order, then an
    // unknown one (written last).
    let object = r#"{
          "status": "tainted",
          "schema_version": 0,
          "attributes_flat": {"id": "x"},
          "identity_schema_version": 1,
          "identity": {"id": "x"},
          "private": "eyJ9",
          "new_field": [1]
        }"#;
    let text = format!(
        r#"{{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{{}},
        "resources":[{{"mode":"managed","type":"t","name":"n","provider":"p",
        "instances":[{object},{{"index_key":1,"schema_version":0,"attributes":{{}}}}]}}],
        "check_results":null}}"#
    );
    let state = State::from_json(&text).unwrap();
    let [tainted, usual] = &state.resources[0].instances[..] else {
        panic!("two objects");
    };
    assert!(usual.uncommon.is_none(), "nothing rare recorded: no box");
    let rare = tainted.uncommon.as_deref().unwrap();
    assert_eq!(rare.status.as_deref(), Some("tainted"));
    assert_eq!(tainted.private.as_deref(), Some("eyJ9"));
    let back: Json = serde_json::from_str(&state.to_json()).unwrap();
    let want: Json = serde_json::from_str(object).unwrap();
    assert_eq!(back["resources"][0]["instances"][0], want);
    let keys: Vec<&str> = back["resources"][0]["instances"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "status",
            "schema_version",
            "attributes_flat",
            "identity_schema_version",
            "identity",
            "private",
            "new_field"
        ]
    );
    assert_eq!(State::from_json(&state.to_json()).unwrap(), state);
}

#[test]
fn instance_details_survive() {
    let state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    let find = |s: &str| {
        state
            .instances()
            .find(|(a, _)| a.to_string() == s)
            .map(|(_, i)| i.clone())
            .unwrap()
    };
    let replaced = find("terraform_data.replaced");
    assert!(replaced.create_before_destroy);
    assert_eq!(replaced.dependencies, ["terraform_data.single"]);
    let leaf = find(r#"module.each["y\"z"].module.leaf[0].terraform_data.leafres["k"]"#);
    assert_eq!(leaf.key, InstanceKey::Str("k".into()));
    let data_source = state
        .resources
        .iter()
        .find(|r| r.addr.resource.mode == ResourceMode::Data)
        .unwrap();
    assert_eq!(
        data_source.provider.as_deref(),
        Some(r#"provider["terraform.io/builtin/terraform"]"#)
    );
}

#[test]
fn values_decode_dynamic_attributes_and_marks() {
    let state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    let value_of = |s: &str| {
        state
            .instances()
            .find(|(a, _)| a.to_string() == s)
            .unwrap()
            .1
            .value()
    };

    let secretive = value_of("terraform_data.secretive");
    let input = secretive.as_mapping().unwrap()["input"]
        .as_mapping()
        .unwrap()
        .clone();
    assert_eq!(input["secret"], Value::string("hunter2").mark());
    assert_eq!(input["name"], Value::string("x"));
    assert_eq!(
        input["list"],
        Value::Tuple(vec![Value::int(1), Value::int(2), Value::int(3)].into())
    );
    // Only `input.secret` was recorded as sensitive, not `output.secret`.
    let output = secretive.as_mapping().unwrap()["output"]
        .as_mapping()
        .unwrap()
        .clone();
    assert_eq!(output["secret"], Value::string("hunter2"));

    let counted = value_of("terraform_data.counted[2]");
    assert_eq!(counted.as_mapping().unwrap()["input"], Value::int(2));
    assert_eq!(
        counted.as_mapping().unwrap()["triggers_replace"],
        Value::null()
    );

    let leaf = value_of(r#"module.plain.module.leaf[0].terraform_data.leafres["k"]"#);
    assert_eq!(
        leaf.as_mapping().unwrap()["input"],
        Value::Null(Type::Dynamic)
    );

    let inner = value_of("module.plain.terraform_data.inner");
    let tags = &inner.as_mapping().unwrap()["input"].as_mapping().unwrap()["tags"];
    assert_eq!(
        tags,
        &Value::set(Type::String, vec![Value::string("a"), Value::string("b")])
    );

    assert_eq!(state.output_value("greeting"), Some(Value::string("hello")));
    assert_eq!(
        state.output_value("hidden"),
        Some(Value::string("hunter2").mark())
    );
}

#[test]
fn unreadable_states_are_clear_errors() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("empty", "", UNSUPPORTED, "The state file is empty."),
        // Offsets as terraform 1.11.4 reports them for the same bytes.
        (
            "not JSON",
            "terraform {",
            UNSUPPORTED,
            "The state file could not be parsed as JSON: syntax error at byte offset 2.",
        ),
        (
            "bad token on line 3",
            "{\n  \"version\": 4,\n  x\n}",
            UNSUPPORTED,
            "The state file could not be parsed as JSON: syntax error at byte offset 21.",
        ),
        (
            "no version",
            r#"{"serial": 1}"#,
            UNSUPPORTED,
            "The state file does not have a \"version\" attribute, which is required to identify the format version.",
        ),
        (
            "string version",
            r#"{"version": "4"}"#,
            UNSUPPORTED,
            "The version in the state file is \"4\". A positive whole number is required.",
        ),
        (
            "version zero",
            r#"{"version": 0}"#,
            UNSUPPORTED,
            "The state file uses JSON syntax but has a version number of zero. There was never a JSON-based state format zero, so this state file is invalid and cannot be processed.",
        ),
        (
            "old version",
            r#"{"version": 3, "terraform_version": "0.11.14"}"#,
            UNSUPPORTED,
            concat!(
                "The state file uses format version 3, which is not supported by minimod ",
                env!("CARGO_PKG_VERSION"),
                ". This state file was created by version 0.11.14."
            ),
        ),
        (
            "newer version",
            r#"{"version": 5}"#,
            UNSUPPORTED,
            concat!(
                "The state file uses format version 5, which is not supported by minimod ",
                env!("CARGO_PKG_VERSION"),
                ". This state file may have been created by a newer version."
            ),
        ),
        (
            "resources not a list",
            r#"{"version": 4, "resources": {}}"#,
            INVALID,
            "The state file does not have the expected shape: invalid type: map, expected a sequence.",
        ),
        (
            "bad mode",
            r#"{"version": 4, "resources": [{"mode": "ephemeral", "type": "t", "name": "n", "instances": []}]}"#,
            "Invalid resource mode in state",
            r#"State contains a resource with mode "ephemeral" ("t" "n") which is not supported."#,
        ),
        (
            "bad module",
            r#"{"version": 4, "resources": [{"module": "mod.a", "mode": "managed", "type": "t", "name": "n", "instances": []}]}"#,
            "Invalid module instance address",
            "A module instance address must begin with \"module.\".",
        ),
        (
            "bad key",
            r#"{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "n", "instances": [{"index_key": true}]}]}"#,
            "Invalid resource instance metadata in state",
            "Resource t.n has an instance with the invalid instance key true.",
        ),
        (
            "duplicate",
            r#"{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "n", "instances": [{"index_key": 1}, {"index_key": 1}]}]}"#,
            "Duplicate resource instance in state",
            "Instance t.n[1] appears multiple times in the state file.",
        ),
    ];
    for (name, text, summary, detail) in cases {
        let d = State::from_json(text).expect_err(name);
        assert_eq!(
            (d.summary.as_str(), d.detail.as_str()),
            (*summary, *detail),
            "{name}"
        );
    }
}

#[test]
fn reading_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("terraform.tfstate");
    let original = fs::read(data("zoo/terraform.tfstate")).unwrap();
    fs::write(&path, &original).unwrap();
    State::read(&path).unwrap();
    assert_eq!(fs::read(&path).unwrap(), original);
}

#[test]
fn atomic_write_replaces_the_file_and_leaves_no_temp() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("terraform.tfstate");
    fs::write(&path, "old").unwrap();
    let mut state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    state.serial = state.next_serial();
    state.write_atomic(&path).unwrap();
    assert_eq!(State::read(&path).unwrap(), state);
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, [std::ffi::OsString::from("terraform.tfstate")]);
}

#[test]
fn fresh_state_has_a_v4_uuid_lineage() {
    let a = State::new("1.11.4");
    let b = State::new("1.11.4");
    assert_ne!(a.lineage, b.lineage);
    let parsed = uuid::Uuid::parse_str(&a.lineage).unwrap();
    assert_eq!(parsed.get_version_num(), 4);
    assert_eq!((a.serial, a.resources.len()), (0, 0));
}

/// Runs `terraform state list -state=FILE` in an empty directory, or
/// `None` when terraform is not installed.
fn terraform_state_list(file: &Path) -> Option<Vec<String>> {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("terraform")
        .arg("state")
        .arg("list")
        .arg(format!("-state={}", file.display()))
        .current_dir(dir.path())
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .env("CHECKPOINT_DISABLE", "1")
        .output()
        .ok()?;
    assert!(
        out.status.success(),
        "terraform failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn terraform_reads_what_we_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("written.tfstate");
    let mut state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    // Rename one resource and re-key another so terraform must read our
    // addresses, not bytes it wrote itself.
    for r in &mut state.resources {
        if &*r.addr.resource.name == "single" {
            r.addr.resource =
                Resource::new(r.addr.resource.mode, &*r.addr.resource.type_name, "renamed");
        }
        if &*r.addr.resource.name == "inner" && r.addr.module.to_string() == "module.plain" {
            r.addr.module = ModuleInstance::parse(r#"module.plain["new$${key}"]"#).unwrap();
        }
    }
    let moved = state.move_resource_instance(
        &AbsResourceInstance::parse("terraform_data.counted[0]").unwrap(),
        &AbsResourceInstance::parse(r#"module.m["k"].terraform_data.c[5]"#).unwrap(),
    );
    assert!(moved);
    state.serial = state.next_serial();
    state.write_atomic(&path).unwrap();
    let Some(got) = terraform_state_list(&path) else {
        eprintln!("terraform not on PATH; skipping");
        return;
    };
    assert_eq!(got, listed(&state));
    assert!(got.contains(&r#"module.plain["new$${key}"].terraform_data.inner"#.to_string()));
}

/// Scenarios under tests/data/state/moves/: a state terraform wrote
/// (`expected/prior.tfstate`), one `moved` block (`statement.txt`:
/// declaring module|from|to), and the moves terraform's plan reported
/// (`expected/moves.txt`: `previous_address -> address`).
#[test]
fn move_destinations_match_terraform_plans() {
    use crate::addrs::{Module, MoveEndpoint, unify_move_endpoints};
    for scenario in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        let dir = data(&format!("moves/{scenario}"));
        let stmt = fs::read_to_string(dir.join("statement.txt")).unwrap();
        let parts: Vec<&str> = stmt.trim_end().split('|').collect();
        let decl = if parts[0].is_empty() {
            Module::root()
        } else {
            Module(parts[0].split('.').map(str::to_string).collect())
        };
        let from = MoveEndpoint::parse(parts[1]).unwrap();
        let to = MoveEndpoint::parse(parts[2]).unwrap();
        let (from, to) = unify_move_endpoints(&from, &to, &decl).unwrap();

        let state = State::read(&dir.join("expected/prior.tfstate")).unwrap();
        let mut got: Vec<String> = state
            .instances()
            .filter_map(|(addr, _)| {
                addr.move_destination(&from, &to)
                    .map(|new| format!("{addr} -> {new}"))
            })
            .collect();
        got.sort();
        let mut want: Vec<String> = fs::read_to_string(dir.join("expected/moves.txt"))
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        want.sort();
        assert_eq!(got, want, "scenario {scenario}: {stmt}");
    }
}

#[test]
fn moving_objects_in_state() {
    let state = State::read(&data("zoo/terraform.tfstate")).unwrap();
    let ri = |s: &str| AbsResourceInstance::parse(s).unwrap();
    let res = |s: &str| AbsResource::parse(s).unwrap();

    let mut s1 = state.clone();
    assert!(s1.move_resource(
        &res("terraform_data.counted"),
        &res("module.new.terraform_data.counted")
    ));
    assert!(
        s1.instance(&ri("module.new.terraform_data.counted[2]"))
            .is_some()
    );
    assert!(s1.instance(&ri("terraform_data.counted[0]")).is_none());
    // Blocked: the destination resource exists already.
    assert!(!s1.move_resource(
        &res("terraform_data.single"),
        &res("terraform_data.replaced")
    ));
    assert!(!s1.move_resource(
        &res("terraform_data.gone"),
        &res("terraform_data.elsewhere")
    ));

    let mut s2 = state.clone();
    let before = s2.instance(&ri("terraform_data.single")).unwrap().clone();
    assert!(s2.move_resource_instance(
        &ri("terraform_data.single"),
        &ri(r#"terraform_data.keyed["new"]"#)
    ));
    let after = s2.instance(&ri(r#"terraform_data.keyed["new"]"#)).unwrap();
    assert_eq!(after.attributes, before.attributes);
    assert_eq!(after.key, InstanceKey::Str("new".into()));
    // The emptied source resource is gone; the destination kept its others.
    assert!(s2.resource(&res("terraform_data.single")).is_none());
    assert_eq!(
        s2.resource(&res("terraform_data.keyed"))
            .unwrap()
            .instances
            .len(),
        20
    );
    // Blocked: an object is already there.
    assert!(!s2.move_resource_instance(
        &ri("terraform_data.counted[0]"),
        &ri("terraform_data.counted[1]")
    ));
    assert!(s2.instance(&ri("terraform_data.counted[0]")).is_some());
    // A new resource takes the source's provider.
    assert!(s2.move_resource_instance(
        &ri("terraform_data.counted[0]"),
        &ri("module.m[0].terraform_data.c")
    ));
    let created = s2.resource(&res("module.m[0].terraform_data.c")).unwrap();
    assert_eq!(
        created.provider.as_deref(),
        Some(r#"provider["terraform.io/builtin/terraform"]"#)
    );
    assert_eq!(
        s2.resource(&res("terraform_data.counted"))
            .unwrap()
            .instances
            .len(),
        2
    );
}

/// Sweeps code points through terraform's own key printing: one instance
/// per sampled code point, written by us, listed by `terraform state
/// list`. Ignored by default (about 30k keys); run with `--ignored`.
#[test]
#[ignore]
fn key_quoting_matches_terraform_across_unicode() {
    let mut state = State::new("1.11.4");
    let res = StateResource {
        addr: AbsResource::parse("terraform_data.k").unwrap(),
        each: None,
        provider: Some(r#"provider["terraform.io/builtin/terraform"]"#.into()),
        instances: Default::default(),
        extra: Map::new(),
    };
    state.resources.push(res);
    let template = StateInstance {
        attributes: Some(
            serde_json::json!({"id": "x", "input": null, "output": null, "triggers_replace": null})
                .into(),
        ),
        sensitive_attributes: Some(Vec::new()),
        ..StateInstance::new(InstanceKey::NoKey)
    };
    let step = std::env::var("KEY_SWEEP_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3u32);
    let cps = (1..0x11_0000u32)
        .step_by(step as usize)
        .filter_map(char::from_u32);
    state.resources[0].instances = cps
        .map(|c| StateInstance {
            key: InstanceKey::Str(format!("k{c}")),
            ..template.clone()
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sweep.tfstate");
    state.write_atomic(&path).unwrap();
    let Some(got) = terraform_state_list(&path) else {
        return;
    };
    let want = listed(&state);
    let diffs: Vec<String> = got
        .iter()
        .zip(&want)
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("terraform {g} / ours {w}"))
        .collect();
    assert_eq!(got.len(), want.len());
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn deposed_objects_are_kept_but_not_listed() {
    let text = r#"{"version": 4, "terraform_version": "1.11.4", "serial": 3, "lineage": "l", "outputs": {},
        "resources": [{"mode": "managed", "type": "t", "name": "n", "provider": "p", "instances": [
            {"schema_version": 0, "attributes": {"id": "new"}, "sensitive_attributes": []},
            {"deposed": "00000001", "schema_version": 0, "attributes": {"id": "old"}, "sensitive_attributes": []}
        ]}], "check_results": null}"#;
    let state = State::from_json(text).unwrap();
    let listed: Vec<_> = state
        .instances()
        .map(|(a, i)| (a.to_string(), i.value()))
        .collect();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        listed[0].1.as_mapping().unwrap()["id"],
        Value::string("new")
    );
    let back = State::from_json(&state.to_json()).unwrap();
    assert_eq!(
        back.resources[0].instances[1].deposed.as_deref(),
        Some("00000001")
    );
}

/// The indexed views answer and move exactly as the plain methods do: the
/// same lookups, the same refusals, and the same resource and object
/// order afterwards (holes dropped, new resources appended).
#[test]
fn indexed_views_agree_with_plain_methods() {
    enum Op {
        Res(&'static str, &'static str),
        Inst(&'static str, &'static str),
    }
    let deposed = r#"{"version": 4, "terraform_version": "1.11.4", "serial": 3, "lineage": "l", "outputs": {},
        "resources": [{"mode": "managed", "type": "t", "name": "n", "provider": "p", "instances": [
            {"index_key": 0, "schema_version": 0, "attributes": {"id": "a"}, "sensitive_attributes": []},
            {"index_key": 0, "deposed": "00000001", "schema_version": 0, "attributes": {"id": "old"}, "sensitive_attributes": []},
            {"index_key": 1, "schema_version": 0, "attributes": {"id": "b"}, "sensitive_attributes": []}
        ]}], "check_results": null}"#;
    let cases: Vec<(&str, State, Vec<Op>)> = vec![
        (
            "zoo: renames, blocked moves, a chain through one resource",
            State::read(&data("zoo/terraform.tfstate")).unwrap(),
            vec![
                Op::Res(
                    "terraform_data.counted",
                    "module.new.terraform_data.counted",
                ),
                Op::Res("terraform_data.single", "terraform_data.replaced"),
                Op::Res("terraform_data.gone", "terraform_data.elsewhere"),
                Op::Inst("terraform_data.single", r#"terraform_data.keyed["new"]"#),
                Op::Inst(
                    "module.new.terraform_data.counted[0]",
                    "module.new.terraform_data.counted[1]",
                ),
                Op::Inst(
                    "module.new.terraform_data.counted[0]",
                    "module.m[0].terraform_data.c",
                ),
                Op::Inst("module.m[0].terraform_data.c", "terraform_data.single"),
                Op::Inst(r#"terraform_data.keyed["new"]"#, "terraform_data.keyed"),
            ],
        ),
        (
            "deposed objects move with their key, and emptying re-creates at the end",
            State::from_json(deposed).unwrap(),
            vec![
                Op::Inst("t.n[0]", "t.n[2]"),
                Op::Inst("t.n[1]", "t.n[0]"),
                Op::Inst("t.n[2]", "t.n[1]"),
                Op::Inst("t.n[0]", "t.m"),
                Op::Inst("t.n[1]", "t.n[3]"),
            ],
        ),
    ];
    // A resource's keys, sorted, each once (deposed objects share theirs).
    let keys = |s: &State, r: &AbsResource| {
        let mut keys: Vec<InstanceKey> = (s.resource(r).into_iter())
            .flat_map(|r| r.instances.iter().map(|i| i.key.clone()))
            .collect();
        keys.sort();
        keys.dedup();
        keys
    };
    for (name, state, ops) in cases {
        let mut plain = state.clone();
        let mut indexed = state.clone();
        let mut moving = MovingState::new(&mut indexed);
        // Before any move: every resource's objects are still shared.
        for r in &state.resources {
            let r = &r.addr;
            assert_eq!(moving.keys(r), keys(&plain, r), "{name}: the keys of {r}");
        }
        for op in &ops {
            let (want, got) = match op {
                Op::Res(a, b) => {
                    let (a, b) = (
                        AbsResource::parse(a).unwrap(),
                        AbsResource::parse(b).unwrap(),
                    );
                    (plain.move_resource(&a, &b), moving.move_resource(&a, &b))
                }
                Op::Inst(a, b) => {
                    let a = AbsResourceInstance::parse(a).unwrap();
                    let b = AbsResourceInstance::parse(b).unwrap();
                    (
                        plain.move_resource_instance(&a, &b),
                        moving.move_resource_instance(&a, &b),
                    )
                }
            };
            assert_eq!(got, want, "{name}: one move's answer");
            // The keys apply_moves records for a moved resource, read from
            // objects still shared or from those taken out by key.
            let ends = match op {
                Op::Res(a, b) | Op::Inst(a, b) => [a, b].map(|s| match AbsResource::parse(s) {
                    Ok(r) => r,
                    Err(_) => AbsResourceInstance::parse(s).unwrap().containing_resource(),
                }),
            };
            for r in &ends {
                assert_eq!(moving.keys(r), keys(&plain, r), "{name}: the keys of {r}");
            }
        }
        moving.finish();
        assert_eq!(indexed, plain, "{name}: the state afterwards");
        let index = indexed.instance_index();
        for r in &indexed.resources {
            for i in &r.instances {
                let addr = r.addr.instance(i.key.clone());
                assert_eq!(index.get(&addr), indexed.instance(&addr), "{name}: {addr}");
            }
        }
    }
}

#[test]
fn show_json_output_is_named_with_the_way_to_get_a_state() {
    let err = State::read(&data("zoo/show.json")).unwrap_err();
    assert_eq!(err.summary, UNSUPPORTED);
    assert!(
        err.detail.contains("terraform show -json"),
        "{}",
        err.detail
    );
    assert!(
        err.detail.contains("terraform state pull"),
        "{}",
        err.detail
    );
}

/// The index finds what a plain search finds, for either rule on a broken
/// state: a resource listed twice, a key recorded twice, deposed objects,
/// keys out of order, and addresses it must miss.
#[test]
fn instance_index_answers_as_a_search_of_the_state() {
    let object = |key: &str, extra: &str, id: &str| {
        format!(
            r#"{{{key}{extra}"schema_version": 0, "attributes": {{"id": "{id}"}}, "sensitive_attributes": []}}"#
        )
    };
    let resource = |name: &str, objects: &[String]| {
        format!(
            r#"{{"mode": "managed", "type": "t", "name": "{name}", "provider": "p", "instances": [{}]}}"#,
            objects.join(",")
        )
    };
    let int = |i: i64| format!(r#""index_key": {i}, "#);
    let deposed = r#""deposed": "00000001", "#;
    let state_of = |resources: &[String]| {
        let text = format!(
            r#"{{"version": 4, "terraform_version": "1.11.4", "serial": 3, "lineage": "l", "outputs": {{}},
            "resources": [{}], "check_results": null}}"#,
            resources.join(",")
        );
        State::from_json(&text).unwrap()
    };
    let mut state = state_of(&[
        // In order: each key at its index.
        resource(
            "counted",
            &[object(&int(0), "", "c0"), object(&int(1), "", "c1")],
        ),
        resource("single", &[object("", "", "s")]),
        // Out of order, a deposed object first.
        resource(
            "shuffled",
            &[
                object(&int(1), deposed, "old1"),
                object(&int(1), "", "a1"),
                object(&int(0), "", "a0"),
            ],
        ),
        resource("keyed", &[object(r#""index_key": "x", "#, "", "x")]),
        resource("twice", &[object(&int(0), "", "first0")]),
        resource("only_deposed", &[object("", deposed, "gone")]),
    ]);
    // What a state file cannot hold (reading refuses it), built by hand:
    // a key recorded twice, and a resource listed twice whose second
    // listing adds a key and records another again.
    let mut more = state_of(&[
        resource("shuffled", &[object(&int(1), "", "b1")]),
        resource(
            "twice",
            &[
                object(&int(0), "", "second0"),
                object(&int(1), "", "second1"),
            ],
        ),
    ]);
    let again = more.resources[0].instances[0].clone();
    state.resources[2].instances.push(again);
    state.resources.push(more.resources.remove(1));
    let id = |o: Option<&StateInstance>| {
        o.map(|o| {
            o.value().as_mapping().unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
    };
    let mut asked = Vec::new();
    for name in [
        "counted",
        "single",
        "shuffled",
        "keyed",
        "twice",
        "only_deposed",
        "absent",
    ] {
        let res = AbsResource::parse(&format!("t.{name}")).unwrap();
        let str_key = |k: &str| InstanceKey::Str(k.to_string());
        for key in [
            InstanceKey::NoKey,
            InstanceKey::Int(0),
            InstanceKey::Int(1),
            InstanceKey::Int(2),
            InstanceKey::Int(-1),
            str_key("x"),
            str_key("0"),
        ] {
            asked.push(res.instance(key));
        }
    }
    let first = state.instance_index();
    let last = InstanceIndex::new(&state, Wins::Last);
    for addr in &asked {
        assert_eq!(
            id(first.get(addr)),
            id(state.instance(addr)),
            "first: {addr}"
        );
        // The later record wins, in file order.
        let later = (state.resources.iter())
            .filter(|r| r.addr == addr.containing_resource())
            .flat_map(|r| r.instances.iter())
            .filter(|o| o.deposed.is_none() && o.key == addr.resource.key)
            .last();
        assert_eq!(id(last.get(addr)), id(later), "last: {addr}");
    }
    let ids = |index: &InstanceIndex, name: &str| {
        let res = AbsResource::parse(&format!("t.{name}")).unwrap();
        let mut ids: Vec<String> = (index.objects_of(&res).into_iter())
            .map(|o| id(Some(o)).unwrap())
            .collect();
        ids.sort();
        ids
    };
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(ids(&last, "shuffled"), s(&["a0", "b1"]));
    assert_eq!(ids(&first, "shuffled"), s(&["a0", "a1"]));
    assert_eq!(ids(&last, "twice"), s(&["second0", "second1"]));
    assert_eq!(ids(&first, "twice"), s(&["first0"]));
    assert_eq!(ids(&last, "only_deposed"), s(&[]));
    assert_eq!(ids(&last, "absent"), s(&[]));
}

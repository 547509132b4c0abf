//! The benchmark's shapes (`benches/shapes.rs`) are what they claim: the
//! generated state is the one terraform accepts as up to date, the rename
//! has one answer terraform proves, and minimod gives that answer at every
//! size, so the benchmark times the right work.

mod common;

#[path = "../benches/shapes.rs"]
#[allow(dead_code)]
mod shapes;

/// The block a person writes for the rename; terraform proves it below.
const RENAME: &str = "moved {\n  from = module.svc\n  to   = module.service\n}\n";

#[test]
fn services_rename_is_one_module_block_at_every_size() {
    for (services, servers) in [(1, 1), (3, 2), (7, 5), (20, 50)] {
        let tmp = tempfile::tempdir().unwrap();
        shapes::services(tmp.path(), services, servers);
        let (code, out, err) = common::outcome(
            tmp.path(),
            ["refactor", "old", "new", "--state", "state.json"],
        );
        assert_eq!(code, Some(0), "{services}x{servers}: {err}");
        assert_eq!(
            out,
            format!("# new/moved.tf\n{RENAME}"),
            "{services}x{servers}"
        );
        let (code, out, err) = common::outcome(
            tmp.path(),
            ["refactor", "old", "new", "--state", "state.json", "--json"],
        );
        assert_eq!(code, Some(0), "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let proof = &json["plan"];
        assert_eq!(json["unmatched"], serde_json::json!([]), "{json}");
        for count in ["add", "change", "destroy"] {
            assert_eq!(proof[count], 0, "{services}x{servers} {count}: {json}");
        }
    }
}

/// The answer does not depend on the size: at every size of the
/// services shape, `refactor --state` prints the same block and the same
/// report, byte for byte, but for the object count, which is generated
/// here from the shape's parameters; `--json` (which counts nothing) is
/// the same document; `addresses` lists exactly the shape's instances.
#[test]
fn services_answer_is_the_same_at_every_size() {
    const JSON: &str = r#"{"format_version":"1.0","moves":[{"from":"module.svc","to":"module.service","file":"new/moved.tf"}],"unmatched":[],"plan":{"add":0,"change":0,"destroy":0},"updates_accepted":[],"updates_with_allow_update":[],"removed_suggested":[],"ignore_rules":[],"paired_by_rules":[],"verified_by":[],"warnings":[]}"#;
    let expected_json: serde_json::Value = serde_json::from_str(JSON).unwrap();
    for (services, servers) in [(2, 3), (4, 5), (6, 7)] {
        let tmp = tempfile::tempdir().unwrap();
        shapes::services(tmp.path(), services, servers);
        let refactor = ["refactor", "old", "new", "--state", "state.json"];
        let (code, out, err) = common::outcome(tmp.path(), refactor);
        assert_eq!(code, Some(0), "{services}x{servers}: {err}");
        assert_eq!(
            out,
            format!("# new/moved.tf\n{RENAME}"),
            "{services}x{servers}"
        );
        let objects = services * (servers + 1);
        assert_eq!(
            err,
            format!(
                "Proven: nothing that was only moved is destroyed.\n\
                 minimod: {objects} objects paired, 1 moved block.\n\
                 With these blocks: Plan: 0 to add, 0 to change, 0 to destroy.\n"
            ),
            "{services}x{servers}"
        );
        let (code, out, err) = common::outcome(tmp.path(), [&refactor[..], &["--json"]].concat());
        assert_eq!(code, Some(0), "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json, expected_json, "{services}x{servers}");
        // In `terraform state list` order: by service key, `lb` before
        // `server`, servers by index.
        let mut want = String::new();
        for s in 0..services {
            let module = format!("module.svc[\"{}\"]", shapes::service_key(s));
            want.push_str(&format!("{module}.terraform_data.lb\n"));
            for i in 0..servers {
                want.push_str(&format!("{module}.terraform_data.server[{i}]\n"));
            }
        }
        let (code, out, err) = common::outcome(tmp.path(), ["addresses", "old"]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out, want, "{services}x{servers}");
    }
}

#[test]
fn generated_state_is_up_to_date_for_minimod() {
    let tmp = tempfile::tempdir().unwrap();
    shapes::services(tmp.path(), 3, 4);
    let (code, out, err) = common::outcome(
        tmp.path(),
        [
            "plan",
            "old",
            "--state",
            "state.json",
            "--detailed-exitcode",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = common::outcome(tmp.path(), ["addresses", "old"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 3 * 5);
    assert!(out.contains("module.svc[\"s0002\"].terraform_data.server[3]\n"));
}

/// The generated state is laid out byte for byte as terraform writes one
/// (minimod's writer reproduces terraform's files, `state::tests`): a
/// reader of the benchmark goes through what it would in a real estate.
#[test]
fn generated_state_is_written_as_terraform_writes_it() {
    let tmp = tempfile::tempdir().unwrap();
    shapes::services(tmp.path(), 3, 4);
    let text = std::fs::read_to_string(tmp.path().join("state.json")).unwrap();
    let state = minimod::State::from_json(&text).unwrap();
    assert!(state.to_json() == text, "{text}");
}

/// Live: terraform plans nothing to do against the generated state, and
/// with the rename block only moves.
#[test]
fn generated_state_is_up_to_date_for_terraform() {
    if !common::live() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    shapes::services(tmp.path(), 3, 4);
    let state = tmp.path().join("state.json");
    std::fs::write(tmp.path().join("new/moved.tf"), RENAME).unwrap();
    for side in ["old", "new"] {
        let dir = tmp.path().join(side);
        let tf = |args: &[&str]| {
            let out = common::terraform(&dir, args).unwrap_or_else(|e| panic!("{side}: {e}"));
            String::from_utf8(out.stdout).unwrap()
        };
        std::fs::copy(&state, dir.join("terraform.tfstate")).unwrap();
        tf(&["init", "-input=false"]);
        tf(&["plan", "-refresh=false", "-input=false", "-out=p"]);
        let plan: serde_json::Value = serde_json::from_str(&tf(&["show", "-json", "p"])).unwrap();
        let changes = plan["resource_changes"].as_array().unwrap();
        assert_eq!(changes.len(), 3 * 5, "{side}");
        for c in changes {
            assert_eq!(
                c["change"]["actions"],
                serde_json::json!(["no-op"]),
                "{side}: {c}"
            );
            if side == "new" {
                assert!(
                    c["previous_address"]
                        .as_str()
                        .unwrap()
                        .starts_with("module.svc[")
                );
            }
        }
    }
}

#[test]
fn many_roots_check_passes_with_the_rename_blocks() {
    let tmp = tempfile::tempdir().unwrap();
    shapes::many_roots(tmp.path(), 3, 2, 2);
    let (code, out, err) = common::outcome(
        tmp.path(),
        ["check", "--base", "base", "--head", "head", "."],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("3 root modules"), "{out}");
}

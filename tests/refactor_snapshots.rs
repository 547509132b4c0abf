//! The blocks and the report of every refactor fixture, as insta
//! snapshots (reviewed line by line when accepted). The answer keys in
//! fixtures/refactors/*/expected check the moves themselves; these pin what
//! a person reads. Runs without a state, the pull-request mode.

mod common;

#[test]
fn refactor_output_snapshots() {
    let root = common::repo_root().join("fixtures/refactors");
    let mut cases: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("old").is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    cases.sort();
    for case in cases {
        let dir = root.join(&case);
        let args: Vec<String> = std::fs::read_to_string(dir.join("args"))
            .map(|s| {
                s.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let out = common::minimod(&dir)
            .args(["refactor", "old", "new"])
            .args(&args)
            .output()
            .unwrap();
        let text = format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(format!("refactor_{case}"), text);
    }
}

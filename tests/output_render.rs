//! How `minimod plan` prints output values (tests/data/output-render, see
//! its README.md): the "Changes to Outputs:" section terraform printed for
//! the same configuration and state, byte for byte.

mod common;

use common::{read, repo_root, run, stdout, unified_diff};

#[test]
fn output_values_render_as_terraform_renders_them() {
    let dir = repo_root().join("tests/data/output-render");
    let out = run(&dir, ["plan", "new", "--state", "expected/prior.tfstate"]);
    let text = stdout(&out);
    let got: String = text
        .lines()
        .skip_while(|l| *l != "Changes to Outputs:")
        .take_while(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let want = read(&dir.join("expected/outputs.txt"));
    assert!(
        got == want,
        "{}",
        unified_diff(&want, &got, ("terraform", "minimod"))
    );
}

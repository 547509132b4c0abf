//! `ValidateMoves`, one test per case of OpenTofu's `TestValidateMoves`
//! (`move_validate_test.go`), named as there with punctuation as `_`,
//! against our own zoo in `tests/data/moves/validate-zoo/` (so the
//! positions are the zoo's); the cases it lacks say where their answers
//! come from ("reference" is OpenTofu's moved semantics, in the shared
//! reference/opentofu-moved-semantics.md).

use super::*;
use crate::instances::{RootInputs, Run, RunOptions};
use crate::plan::moves::testing::{data_dir, implied_stmt, load_dir, shown_prefix, stmt};

const CYCLE_TAIL: &str = "\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.";

/// Validates `stmts` against the zoo: errors as "Summary: Detail", file
/// names relative to the zoo.
fn check(stmts: &[MoveStatement], want: &[&str]) {
    let dir = data_dir().join("validate-zoo");
    let config = load_dir(&dir, Engine::Tofu);
    let prefix = shown_prefix(&dir);
    let run = Run::new(&config, RootInputs::new(), RunOptions::default());
    let diags = validate_moves(
        stmts,
        &config,
        &run.module_instances().unwrap(),
        &run.resource_instances().unwrap(),
    );
    let got: Vec<String> = diags
        .iter()
        .map(|d| format!("{}: {}", d.summary, d.detail).replace(&prefix, ""))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn no_move_statements() {
    check(&[], &[]);
}

#[test]
fn some_valid_statements() {
    check(
        &[
            stmt("", "test.nonexist1", "test.target1"),
            stmt("single", "test.nonexist1", "test.target1"),
            stmt("", "test.nonexist2", "module.nonexist.test.nonexist2"),
            stmt(
                "",
                "module.single.test.nonexist3",
                "module.single.test.single",
            ),
            stmt("", "module.single.test.nonexist4", "test.target2"),
            // test.single has no count, so [0] is not declared.
            stmt("", "test.single[0]", "test.target3"),
            stmt("", "test.zero_count[0]", "test.target4"),
            stmt("", "test.zero_count[1]", "test.zero_count[0]"),
            stmt("", "module.nonexist1", "module.target3"),
            stmt("", "module.nonexist1[0]", "module.target4"),
            stmt("", "module.single[0]", "module.target5"),
            stmt(
                "",
                "module.for_each[\"nonexist1\"]",
                "module.for_each[\"a\"]",
            ),
            stmt(
                "",
                "module.for_each[\"nonexist2\"]",
                "module.nonexist.module.nonexist",
            ),
            stmt(
                "",
                "module.for_each[\"nonexist3\"].test.single",
                "module.for_each[\"a\"].test.single",
            ),
        ],
        &[],
    );
}

#[test]
fn two_statements_with_the_same_endpoints() {
    check(
        &[
            stmt("", "module.a", "module.b"),
            stmt("", "module.a", "module.b"),
        ],
        &[],
    );
}

#[test]
fn moving_nowhere() {
    check(
        &[stmt("", "module.a", "module.a")],
        &[
            "Redundant move statement: This statement declares a move from module.a to the same address, which is the same as not declaring this move at all.",
        ],
    );
}

#[test]
fn cyclic_chain() {
    check(
        &[
            stmt("", "module.a", "module.b"),
            stmt("", "module.b", "module.c"),
            stmt("", "module.c", "module.a"),
        ],
        &[&format!(
            "Cyclic dependency in move statements: The following chained move statements form a cycle, and so there is no final location to move objects to:\n  - test:1,1: module.a[*] → module.b[*]\n  - test:1,1: module.b[*] → module.c[*]\n  - test:1,1: module.c[*] → module.a[*]{CYCLE_TAIL}"
        )],
    );
}

#[test]
fn module_single_as_a_call_still_exists_in_configuration() {
    check(
        &[stmt("", "module.single", "module.other")],
        &[
            "Moved object still exists: This statement declares a move from module.single, but that module call is still declared at main.tf:1,1.\n\nChange your configuration so that this call will be declared as module.other instead.",
        ],
    );
}

#[test]
fn module_single_as_an_instance_still_exists_in_configuration() {
    check(
        &[stmt("", "module.single", "module.other[0]")],
        &[
            "Moved object still exists: This statement declares a move from module.single, but that module instance is still declared at main.tf:1,1.\n\nChange your configuration so that this instance will be declared as module.other[0] instead.",
        ],
    );
}

#[test]
fn module_count_0_still_exists_in_configuration() {
    check(
        &[stmt("", "module.count[0]", "module.other")],
        &[
            "Moved object still exists: This statement declares a move from module.count[0], but that module instance is still declared at main.tf:7,12.\n\nChange your configuration so that this instance will be declared as module.other instead.",
        ],
    );
}

/// OpenTofu: "module.for_each["a"] still exists in configuration".
#[test]
fn module_for_each_a_still_exists_in_configuration() {
    check(
        &[stmt("", "module.for_each[\"a\"]", "module.other")],
        &[
            "Moved object still exists: This statement declares a move from module.for_each[\"a\"], but that module instance is still declared at main.tf:17,14.\n\nChange your configuration so that this instance will be declared as module.other instead.",
        ],
    );
}

#[test]
fn test_single_as_a_resource_still_exists_in_configuration() {
    check(
        &[stmt("", "test.single", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from test.single, but that resource is still declared at main.tf:22,1.\n\nChange your configuration so that this resource will be declared as test.other instead.",
        ],
    );
}

#[test]
fn test_single_as_an_instance_still_exists_in_configuration() {
    check(
        &[stmt("", "test.single", "test.other[0]")],
        &[
            "Moved object still exists: This statement declares a move from test.single, but that resource instance is still declared at main.tf:22,1.\n\nChange your configuration so that this instance will be declared as test.other[0] instead.",
        ],
    );
}

/// Not in the upstream table: a resource exists even with `count = 0`
/// (reference §1.6).
#[test]
fn test_zero_count_as_a_resource_still_exists_even_with_no_instances() {
    check(
        &[stmt("", "test.zero_count", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from test.zero_count, but that resource is still declared at main.tf:29,1.\n\nChange your configuration so that this resource will be declared as test.other instead.",
        ],
    );
}

#[test]
fn module_single_test_single_as_a_resource_still_exists_in_configuration() {
    check(
        &[stmt("", "module.single.test.single", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from module.single.test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as test.other instead.",
        ],
    );
}

#[test]
fn module_single_test_single_as_a_resource_declared_in_module_single_still_exists_in_configuration()
{
    check(
        &[stmt("single", "test.single", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from module.single.test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as module.single.test.other instead.",
        ],
    );
}

#[test]
fn module_single_test_single_as_an_instance_still_exists_in_configuration() {
    check(
        &[stmt("", "module.single.test.single", "test.other[0]")],
        &[
            "Moved object still exists: This statement declares a move from module.single.test.single, but that resource instance is still declared at child/main.tf:1,1.\n\nChange your configuration so that this instance will be declared as test.other[0] instead.",
        ],
    );
}

#[test]
fn module_count_0_test_single_still_exists_in_configuration() {
    check(
        &[stmt("", "module.count[0].test.single", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from module.count[0].test.single, but that resource is still declared at child/main.tf:1,1.\n\nChange your configuration so that this resource will be declared as test.other instead.",
        ],
    );
}

/// Not in the upstream table: each declared instance of the declaring
/// module is checked (reference §1.6).
#[test]
fn statement_in_module_count_is_checked_for_every_instance() {
    check(
        &[stmt("count", "test.count[1]", "test.other")],
        &[
            "Moved object still exists: This statement declares a move from module.count[0].test.count[1], but that resource instance is still declared at child/main.tf:5,11.\n\nChange your configuration so that this instance will be declared as module.count[0].test.other instead.",
            "Moved object still exists: This statement declares a move from module.count[1].test.count[1], but that resource instance is still declared at child/main.tf:5,11.\n\nChange your configuration so that this instance will be declared as module.count[1].test.other instead.",
        ],
    );
}

/// Not in the upstream table: a module with no instances is never checked
/// (reference §1.6).
#[test]
fn statement_in_module_zero_count_is_never_checked() {
    check(&[stmt("zero_count", "test.single", "test.single")], &[]);
}

#[test]
fn two_different_moves_from_test_nonexist() {
    check(
        &[
            stmt("", "test.nonexist", "test.other1"),
            stmt("", "test.nonexist", "test.other2"),
        ],
        &[
            "Ambiguous move statements: A statement at test:1,1 declared that test.nonexist moved to test.other1, but this statement instead declares that it moved to test.other2.\n\nEach resource can move to only one destination resource.",
        ],
    );
}

#[test]
fn two_different_moves_to_test_single() {
    check(
        &[
            stmt("", "test.other1", "test.single"),
            stmt("", "test.other2", "test.single"),
        ],
        &[
            "Ambiguous move statements: A statement at test:1,1 declared that test.other1 moved to test.single, but this statement instead declares that test.other2 moved there.\n\nEach resource can have moved from only one source resource.",
        ],
    );
}

#[test]
fn two_different_moves_to_module_count_0_test_single_across_two_modules() {
    check(
        &[
            stmt("", "test.other1", "module.count[0].test.single"),
            stmt("count", "test.other2", "test.single"),
        ],
        &[
            "Ambiguous move statements: A statement at test:1,1 declared that test.other1 moved to module.count[0].test.single, but this statement instead declares that module.count[0].test.other2 moved there.\n\nEach resource can have moved from only one source resource.",
        ],
    );
}

#[test]
fn move_from_resource_in_another_module_package() {
    check(
        &[stmt("", "module.fake_external.test.thing", "test.thing")],
        &[],
    );
}

#[test]
fn move_to_module_call_in_another_module_package() {
    check(
        &[stmt("", "module.a", "module.fake_external.module.b")],
        &[],
    );
}

#[test]
fn implied_move_from_resource_in_another_module_package() {
    check(
        &[implied_stmt(
            "module.fake_external.test.thing",
            "test.thing",
        )],
        &[],
    );
}

#[test]
fn move_to_instance_of_a_call_that_refers_to_another_module_package() {
    check(
        &[stmt("", "module.nonexist", "module.fake_external[0]")],
        &[],
    );
}

/// The error this case once expected was deleted in OpenTofu v1.10 and
/// Terraform v1.8 (reference §1.7).
#[test]
fn resource_type_mismatch() {
    check(&[stmt("", "test.nonexist1", "other.single")], &[]);
}

#[test]
fn resource_instance_type_mismatch() {
    check(&[stmt("", "test.nonexist1[0]", "other.single")], &[]);
}

#[test]
fn crossing_nested_statements() {
    check(
        &[
            stmt(
                "",
                "module.nonexist.test.single",
                "module.count[0].test.count[0]",
            ),
            stmt("", "module.nonexist", "module.count[0]"),
        ],
        &[&format!(
            "Cyclic dependency in move statements: The following chained move statements form a cycle, and so there is no final location to move objects to:\n  - test:1,1: module.nonexist → module.count[0]\n  - test:1,1: module.nonexist.test.single → module.count[0].test.count[0]{CYCLE_TAIL}"
        )],
    );
}

#[test]
fn fully_contained_nested_statements() {
    check(
        &[
            stmt("count", "test.count", "test.count[0]"),
            stmt("", "module.count", "module.count[0]"),
        ],
        &[],
    );
}

#[test]
fn double_fully_contained_nested_statements() {
    check(
        &[
            stmt("count", "module.count", "module.count[0]"),
            stmt("count.count", "test.count", "test.count[0]"),
            stmt("", "module.count", "module.count[0]"),
        ],
        &[],
    );
}

/// Not in the upstream table: graph checks run only when nothing else
/// failed (reference §1.6).
#[test]
fn cycle_is_not_reported_alongside_other_errors() {
    check(
        &[
            stmt("", "test.single", "test.other"),
            stmt("", "test.a", "test.b"),
            stmt("", "test.b", "test.a"),
        ],
        &[
            "Moved object still exists: This statement declares a move from test.single, but that resource is still declared at main.tf:22,1.\n\nChange your configuration so that this resource will be declared as test.other instead.",
        ],
    );
}

/// Not in the upstream table: a redundant statement skips the remaining
/// checks (reference §1.6).
#[test]
fn redundant_instance_skips_the_other_checks_for_it() {
    check(
        &[stmt("", "test.single", "test.single")],
        &[
            "Redundant move statement: This statement declares a move from test.single to the same address, which is the same as not declaring this move at all.",
        ],
    );
}

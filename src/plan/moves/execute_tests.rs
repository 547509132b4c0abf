//! `ApplyMoves`, one test per case of OpenTofu's `TestApplyMoves`
//! (`move_execute_test.go`), named as there with punctuation as `_`,
//! and the answers it gives; the cases it lacks say where theirs come
//! from ("reference" is OpenTofu's moved semantics, in the shared
//! reference/opentofu-moved-semantics.md).

use super::*;
use crate::addrs::AbsMoveable;
use crate::diagnostics::Severity;
use crate::plan::moves::testing::{addresses, inst, state_of, stmt};

/// One case, with addresses as strings.
struct Case {
    /// (declaring module, from, to), as OpenTofu's `testMoveStatement`
    /// takes them.
    stmts: &'static [(&'static str, &'static str, &'static str)],
    /// The prior state: one object per instance.
    state: &'static [&'static str],
    /// (new, old) for every instance that moved.
    changes: &'static [(&'static str, &'static str)],
    /// (actual, wanted) for every blocked object.
    blocked: &'static [(&'static str, &'static str)],
    /// Every instance of the state afterwards.
    after: &'static [&'static str],
}

fn check(c: Case) {
    let stmts: Vec<MoveStatement> = c.stmts.iter().map(|(m, f, t)| stmt(m, f, t)).collect();
    let mut state = state_of(c.state);
    let got = apply_moves(&stmts, &mut state);
    let mut changes: Vec<(&AbsResourceInstance, &MoveChange)> = got.changes.iter().collect();
    changes.sort_by_key(|c| c.0);
    let changes: Vec<(String, String)> = changes
        .into_iter()
        .map(|(new, ch)| {
            assert_eq!(new, &ch.to, "a change is keyed by its new address");
            (new.to_string(), ch.from.to_string())
        })
        .collect();
    let mut want: Vec<(String, String)> = c
        .changes
        .iter()
        .map(|(a, b)| (inst(a).to_string(), inst(b).to_string()))
        .collect();
    want.sort_by_key(|a| inst(&a.0));
    assert_eq!(changes, want, "changes");
    let blocked: Vec<(String, String)> = got
        .blocked
        .iter()
        .map(|b| (b.actual.to_string(), b.wanted.to_string()))
        .collect();
    let want: Vec<(String, String)> = c
        .blocked
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(blocked, want, "blocked");
    let mut after: Vec<AbsResourceInstance> = c.after.iter().map(|a| inst(a)).collect();
    after.sort();
    let after: Vec<String> = after.iter().map(|a| a.to_string()).collect();
    assert_eq!(addresses(&state), after, "final addresses");
    for (new, old) in c.changes {
        assert_eq!(got.old_addr(&inst(new)), inst(old), "old address of {new}");
    }
}

#[test]
fn no_moves() {
    check(Case {
        stmts: &[],
        state: &["foo.from"],
        changes: &[],
        blocked: &[],
        after: &["foo.from"],
    });
}

#[test]
fn single_move_of_whole_singleton_resource() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to")],
        state: &["foo.from"],
        changes: &[("foo.to", "foo.from")],
        blocked: &[],
        after: &["foo.to"],
    });
}

#[test]
fn single_move_of_whole_count_resource() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to")],
        state: &["foo.from[0]"],
        changes: &[("foo.to[0]", "foo.from[0]")],
        blocked: &[],
        after: &["foo.to[0]"],
    });
}

#[test]
fn chained_move_of_whole_singleton_resource() {
    check(Case {
        stmts: &[("", "foo.from", "foo.mid"), ("", "foo.mid", "foo.to")],
        state: &["foo.from"],
        changes: &[("foo.to", "foo.from")],
        blocked: &[],
        after: &["foo.to"],
    });
}

/// Not in the upstream table: terraform's plan of the recorded case
/// `chained_any_order` (tests/data/moves/) does the same.
#[test]
fn chained_move_declared_in_reverse_order() {
    check(Case {
        stmts: &[("", "foo.mid", "foo.to"), ("", "foo.from", "foo.mid")],
        state: &["foo.from"],
        changes: &[("foo.to", "foo.from")],
        blocked: &[],
        after: &["foo.to"],
    });
}

#[test]
fn move_whole_resource_into_module() {
    check(Case {
        stmts: &[("", "foo.from", "module.boo.foo.to")],
        state: &["foo.from[0]"],
        changes: &[("module.boo.foo.to[0]", "foo.from[0]")],
        blocked: &[],
        after: &["module.boo.foo.to[0]"],
    });
}

#[test]
fn move_resource_instance_between_modules() {
    check(Case {
        stmts: &[("", "module.boo.foo.from[0]", "module.bar[0].foo.to[0]")],
        state: &["module.boo.foo.from[0]"],
        changes: &[("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
        blocked: &[],
        after: &["module.bar[0].foo.to[0]"],
    });
}

#[test]
fn module_move_with_child_module() {
    check(Case {
        stmts: &[("", "module.boo", "module.bar")],
        state: &["module.boo.foo.from", "module.boo.module.hoo.foo.from"],
        changes: &[
            ("module.bar.foo.from", "module.boo.foo.from"),
            (
                "module.bar.module.hoo.foo.from",
                "module.boo.module.hoo.foo.from",
            ),
        ],
        blocked: &[],
        after: &["module.bar.foo.from", "module.bar.module.hoo.foo.from"],
    });
}

#[test]
fn move_whole_single_module_to_indexed_module() {
    check(Case {
        stmts: &[("", "module.boo", "module.bar[0]")],
        state: &["module.boo.foo.from[0]"],
        changes: &[("module.bar[0].foo.from[0]", "module.boo.foo.from[0]")],
        blocked: &[],
        after: &["module.bar[0].foo.from[0]"],
    });
}

#[test]
fn move_whole_module_to_indexed_module_and_move_instance_chained() {
    check(Case {
        stmts: &[
            ("", "module.boo", "module.bar[0]"),
            ("bar", "foo.from[0]", "foo.to[0]"),
        ],
        state: &["module.boo.foo.from[0]"],
        changes: &[("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
        blocked: &[],
        after: &["module.bar[0].foo.to[0]"],
    });
}

#[test]
fn move_instance_to_indexed_module_and_instance_chained() {
    check(Case {
        stmts: &[
            ("", "module.boo.foo.from[0]", "module.bar[0].foo.from[0]"),
            ("bar", "foo.from[0]", "foo.to[0]"),
        ],
        state: &["module.boo.foo.from[0]"],
        changes: &[("module.bar[0].foo.to[0]", "module.boo.foo.from[0]")],
        blocked: &[],
        after: &["module.bar[0].foo.to[0]"],
    });
}

#[test]
fn move_module_instance_to_already_existing_module_instance() {
    check(Case {
        stmts: &[("", "module.bar[0]", "module.boo")],
        state: &["module.bar[0].foo.from", "module.boo.foo.to[0]"],
        changes: &[],
        blocked: &[("module.bar[0]", "module.boo")],
        after: &["module.boo.foo.to[0]", "module.bar[0].foo.from"],
    });
}

#[test]
fn move_resource_to_already_existing_resource() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to")],
        state: &["foo.from", "foo.to"],
        changes: &[],
        blocked: &[("foo.from", "foo.to")],
        after: &["foo.from", "foo.to"],
    });
}

#[test]
fn move_resource_instance_to_already_existing_resource_instance() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to[0]")],
        state: &["foo.from", "foo.to[0]"],
        changes: &[],
        blocked: &[("foo.from", "foo.to[0]")],
        after: &["foo.from", "foo.to[0]"],
    });
}

/// Not in the upstream table: terraform's plan of the recorded case
/// `instance_into_resource_with_other_instances` (tests/data/moves/) does
/// the same.
#[test]
fn move_resource_instance_into_a_resource_with_other_instances() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to[1]")],
        state: &["foo.from", "foo.to[0]"],
        changes: &[("foo.to[1]", "foo.from")],
        blocked: &[],
        after: &["foo.to[0]", "foo.to[1]"],
    });
}

/// Not in the upstream table: a whole resource is blocked when any instance
/// sits at its destination (reference §2).
#[test]
fn whole_resource_blocked_by_a_resource_with_other_keys() {
    check(Case {
        stmts: &[("", "foo.from", "foo.to")],
        state: &["foo.from[0]", "foo.to[1]"],
        changes: &[],
        blocked: &[("foo.from", "foo.to")],
        after: &["foo.from[0]", "foo.to[1]"],
    });
}

#[test]
fn move_resource_and_containing_module() {
    check(Case {
        stmts: &[
            ("", "module.boo", "module.bar[0]"),
            ("boo", "foo.from", "foo.to"),
        ],
        state: &["module.boo.foo.from"],
        changes: &[("module.bar[0].foo.to", "module.boo.foo.from")],
        blocked: &[],
        after: &["module.bar[0].foo.to"],
    });
}

#[test]
fn move_module_and_then_move_resource_into_it() {
    check(Case {
        stmts: &[
            ("", "module.bar[0]", "module.boo"),
            ("", "foo.from", "module.boo.foo.from"),
        ],
        state: &["module.bar[0].foo.to", "foo.from"],
        changes: &[
            ("module.boo.foo.from", "foo.from"),
            ("module.boo.foo.to", "module.bar[0].foo.to"),
        ],
        blocked: &[],
        after: &["module.boo.foo.from", "module.boo.foo.to"],
    });
}

#[test]
fn move_resources_into_module_and_then_move_module() {
    check(Case {
        stmts: &[
            ("", "foo.from", "module.boo.foo.to"),
            ("", "bar.from", "module.boo.bar.to"),
            ("", "module.boo", "module.bar[0]"),
        ],
        state: &["foo.from", "bar.from"],
        changes: &[
            ("module.bar[0].foo.to", "foo.from"),
            ("module.bar[0].bar.to", "bar.from"),
        ],
        blocked: &[],
        after: &["module.bar[0].bar.to", "module.bar[0].foo.to"],
    });
}

#[test]
fn module_move_collides_with_resource_move() {
    check(Case {
        stmts: &[
            ("", "module.bar[0]", "module.boo"),
            ("", "foo.from", "module.boo.foo.from"),
        ],
        state: &["module.bar[0].foo.from", "foo.from"],
        changes: &[("module.boo.foo.from", "module.bar[0].foo.from")],
        blocked: &[("foo.from", "module.boo.foo.from")],
        after: &["foo.from", "module.boo.foo.from"],
    });
}

/// Not in the upstream table: a call move carries each instance's key over
/// (reference §2).
#[test]
fn module_call_move_keeps_keys() {
    check(Case {
        stmts: &[("", "module.a", "module.b")],
        state: &["module.a[0].x.y", "module.a[\"k\"].x.y"],
        changes: &[
            ("module.b[0].x.y", "module.a[0].x.y"),
            ("module.b[\"k\"].x.y", "module.a[\"k\"].x.y"),
        ],
        blocked: &[],
        after: &["module.b[0].x.y", "module.b[\"k\"].x.y"],
    });
}

/// Not in the upstream table: the declaring module matches by names, any
/// keys (reference §2).
#[test]
fn resource_move_in_child_applies_to_every_instance_of_the_module() {
    check(Case {
        stmts: &[("a", "x.old", "x.new")],
        state: &["module.a[0].x.old", "module.a[1].x.old"],
        changes: &[
            ("module.a[0].x.new", "module.a[0].x.old"),
            ("module.a[1].x.new", "module.a[1].x.old"),
        ],
        blocked: &[],
        after: &["module.a[0].x.new", "module.a[1].x.new"],
    });
}

/// Not in the upstream table: relative module steps match keys exactly
/// (reference §2).
#[test]
fn relative_module_steps_match_keys_exactly() {
    check(Case {
        stmts: &[("", "module.a.x.y", "x.y")],
        state: &["module.a[0].x.y"],
        changes: &[],
        blocked: &[],
        after: &["module.a[0].x.y"],
    });
}

/// Not in the upstream table: a cycle means no moves at all (reference §2).
#[test]
fn cycle_means_no_moves_at_all() {
    check(Case {
        stmts: &[
            ("", "foo.a", "foo.b"),
            ("", "foo.b", "foo.a"),
            ("", "foo.c", "foo.d"),
        ],
        state: &["foo.a", "foo.c"],
        changes: &[],
        blocked: &[],
        after: &["foo.a", "foo.c"],
    });
}

/// Not in the upstream table: terraform's plan of the recorded case
/// `chain_with_occupied_middle` (tests/data/moves/) does the same.
#[test]
fn chain_with_occupied_middle() {
    check(Case {
        stmts: &[("", "foo.a", "foo.b"), ("", "foo.b", "foo.c")],
        state: &["foo.a", "foo.b"],
        changes: &[("foo.c", "foo.b")],
        blocked: &[("foo.a", "foo.b")],
        after: &["foo.a", "foo.c"],
    });
}
#[test]
fn old_addr_of_unmoved_is_itself() {
    let r = MoveResults::default();
    assert_eq!(r.old_addr(&inst("a.b[1]")), inst("a.b[1]"));
}

#[test]
fn blocked_warning_wording_per_engine() {
    let r = MoveResults {
        changes: Default::default(),
        blocked: vec![MoveBlocked {
            actual: AbsMoveable::ResourceInstance(inst("test_object.a[0]")),
            wanted: AbsMoveable::ResourceInstance(inst("test_object.a")),
        }],
    };
    // Terraform's TestContext2Plan_movedResourceCollision.
    assert_eq!(
        r.blocked_warning(Engine::Terraform).unwrap().detail,
        "Terraform tried to adjust resource instance addresses in the prior state based on change information recorded in the configuration, but some adjustments did not succeed due to existing objects already at the intended addresses:\n  - test_object.a[0] could not move to test_object.a\n\nTerraform has planned to destroy these objects. If Terraform's proposed changes aren't appropriate, you must first resolve the conflicts using the \"terraform state\" subcommands and then create a new plan."
    );
    let tofu = r.blocked_warning(Engine::Tofu).unwrap();
    assert_eq!(tofu.severity, Severity::Warning);
    assert!(tofu.detail.starts_with("OpenTofu tried"));
    assert!(tofu.detail.contains("\"tofu state\" subcommands"));
    assert!(
        MoveResults::default()
            .blocked_warning(Engine::Tofu)
            .is_none()
    );
}

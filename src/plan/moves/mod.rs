//! Move statements, with OpenTofu's rules and messages (its
//! `internal/refactoring` package), one verb per file in the order a plan
//! uses them:
//!
//! - `statement`: [`find_move_statements`] reads every `moved` block into a
//!   [`MoveStatement`] (`FindMoveStatements`);
//! - `implied`: [`implied_move_statements`] adds the moves `count` changes
//!   imply (`ImpliedMoveStatements`);
//! - `execute`: [`apply_moves`] rewrites a prior state's addresses and
//!   never fails (`ApplyMoves`, `MoveResults`);
//! - `validate`: [`validate_moves`] checks the statements against the
//!   expanded configuration, after they applied (`ValidateMoves`);
//! - `graph`: the order both of the last two need (which statement runs
//!   after which, and the cycles that stop every move).

mod execute;
mod graph;
mod implied;
mod statement;
mod validate;

pub(crate) use execute::{MoveBlocked, MoveResults, apply_moves};
pub(crate) use implied::implied_move_statements;
pub(crate) use statement::{MoveStatement, find_move_statements};
pub(crate) use statement::{endpoint_of, invalid_expression};
pub(crate) use validate::{validate_moves, validate_with};

#[cfg(test)]
#[path = "recorded_tests.rs"]
mod recorded_tests;
#[cfg(test)]
pub(crate) mod testing;

//! `minimod refactor`: pair what a new configuration would destroy with
//! what it would create, write the fewest `moved` blocks that say so, and
//! prove them with the planner.

pub mod blocks;
pub mod pairing;
pub mod symbolic;

//! Type constraints and conversion.

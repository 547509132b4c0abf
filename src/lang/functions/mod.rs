//! Built-in functions.

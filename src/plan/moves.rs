//! Move statements: finding, applying and validating them.

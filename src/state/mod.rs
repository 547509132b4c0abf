//! Reading and writing version-4 state files.

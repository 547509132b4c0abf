//! Addresses of modules, resources and instances.

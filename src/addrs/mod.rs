//! Addresses of modules, resources and instances. PLACEHOLDER until the
//! `addrs` branch lands.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstanceKey {
    NoKey,
    Int(i64),
    Str(String),
}

impl fmt::Display for InstanceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::NoKey => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => write!(f, "[{s:?}]"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleInstanceStep {
    pub name: String,
    pub key: InstanceKey,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ModuleInstance(pub Vec<ModuleInstanceStep>);

impl fmt::Display for ModuleInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{}{}", s.name, s.key)?;
        }
        Ok(())
    }
}

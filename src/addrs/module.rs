//! Module addresses: the static path (`Module`), the path through keyed
//! instances (`ModuleInstance`), and module calls.

use std::cmp::Ordering;
use std::fmt;

use super::instance_key::InstanceKey;
use super::resource::{AbsResource, AbsResourceInstance, Resource, ResourceMode};

/// A static module path, `module.a.module.b`: call names only, no keys.
/// The root module is the empty path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Module(pub Vec<String>);

/// One step of a module instance path: `module.NAME[KEY]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleInstanceStep {
    pub name: String,
    pub key: InstanceKey,
}

pub(crate) use interned::ModuleInstance;

/// Only [`ModuleInstance::new`] builds a path, so that equal paths are
/// always one allocation (what equality and hashing rely on).
mod interned {
    use std::fmt;
    use std::sync::Arc;

    use super::ModuleInstanceStep;
    use crate::addrs::interned::Interned;

    /// A path through module instances, `module.a["x"].module.b[0]`. The root
    /// module instance is the empty path.
    ///
    /// Ordered as `terraform state list` orders modules: shorter paths first,
    /// then step by step by name and key. Interned (`addrs::interned`):
    /// equal paths are one allocation, so a copy is a pointer copy and
    /// equality and hashing are a pointer's. Built only through
    /// [`ModuleInstance::new`].
    #[derive(Clone, PartialEq, Eq, Hash)]
    pub struct ModuleInstance(Interned<[ModuleInstanceStep]>);

    /// Every module instance path built so far, once each.
    static INTERNED: std::sync::LazyLock<
        std::sync::Mutex<foldhash::HashSet<Arc<[ModuleInstanceStep]>>>,
    > = std::sync::LazyLock::new(Default::default);

    impl ModuleInstance {
        /// The path with these steps: the one allocation every equal path
        /// shares.
        pub fn new(steps: Vec<ModuleInstanceStep>) -> ModuleInstance {
            // A poisoned lock still holds a consistent set: inserts are whole.
            let mut set = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(known) = set.get(&steps[..]) {
                return ModuleInstance(Interned::from_table(known));
            }
            let path: Arc<[ModuleInstanceStep]> = steps.into();
            set.insert(path.clone());
            ModuleInstance(Interned::from_table(&path))
        }

        /// The steps from the root.
        pub fn steps(&self) -> &[ModuleInstanceStep] {
            &self.0
        }

        /// A number equal paths share and no other path has (their one
        /// allocation's address), for keys that need no copy of the path.
        pub(crate) fn id(&self) -> usize {
            self.0.id()
        }
    }

    impl Default for ModuleInstance {
        fn default() -> ModuleInstance {
            ModuleInstance::new(Vec::new())
        }
    }

    impl fmt::Debug for ModuleInstance {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.debug_tuple("ModuleInstance")
                .field(&self.steps())
                .finish()
        }
    }
}

/// A module call inside a particular instance of its parent module:
/// every instance of `module.<call>` under `module`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsModuleCall {
    pub module: ModuleInstance,
    pub call: String,
}

/// Shorter first, then element by element: the order OpenTofu's
/// `ModuleInstance.Less` uses, applied to any sequence.
fn path_order<T: Ord>(a: &[T], b: &[T]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

impl Module {
    pub fn root() -> Module {
        Module(Vec::new())
    }

    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    pub fn child(&self, name: impl Into<String>) -> Module {
        let mut steps = self.0.clone();
        steps.push(name.into());
        Module(steps)
    }

    /// The calling module, or `None` for the root.
    pub fn parent(&self) -> Option<Module> {
        let (_, rest) = self.0.split_last()?;
        Some(Module(rest.to_vec()))
    }

    /// The instance of this module reached with no key at every step.
    pub fn unkeyed_instance(&self) -> ModuleInstance {
        ModuleInstance::new(
            self.0
                .iter()
                .map(|name| ModuleInstanceStep {
                    name: name.clone(),
                    key: InstanceKey::NoKey,
                })
                .collect(),
        )
    }

    /// The resource declared in this module.
    pub fn resource(&self, resource: Resource) -> super::resource::ConfigResource {
        super::resource::ConfigResource {
            module: self.clone(),
            resource,
        }
    }
}

impl PartialOrd for Module {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Module {
    fn cmp(&self, other: &Self) -> Ordering {
        path_order(&self.0, &other.0)
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{name}")?;
        }
        Ok(())
    }
}

impl ModuleInstance {
    pub fn root() -> ModuleInstance {
        ModuleInstance::default()
    }

    pub fn is_root(&self) -> bool {
        self.steps().is_empty()
    }

    pub fn child(&self, name: impl Into<String>, key: InstanceKey) -> ModuleInstance {
        let step = ModuleInstanceStep {
            name: name.into(),
            key,
        };
        ModuleInstance::new(self.steps().iter().cloned().chain([step]).collect())
    }

    /// The calling module instance, or `None` for the root.
    pub fn parent(&self) -> Option<ModuleInstance> {
        let (_, rest) = self.steps().split_last()?;
        Some(ModuleInstance::new(rest.into()))
    }

    /// The static module this is an instance of.
    pub fn module(&self) -> Module {
        Module(self.steps().iter().map(|s| s.name.clone()).collect())
    }

    /// The call this instance belongs to (`module.a[0].module.b["x"]` →
    /// `module.a[0].module.b`), or `None` for the root.
    pub fn call(&self) -> Option<AbsModuleCall> {
        let (last, rest) = self.steps().split_last()?;
        Some(AbsModuleCall {
            module: ModuleInstance::new(rest.into()),
            call: last.name.clone(),
        })
    }

    /// Whether this is an instance of `module` (same call names).
    pub fn is_for_module(&self, module: &Module) -> bool {
        self.steps().len() == module.0.len()
            && self
                .steps()
                .iter()
                .zip(&module.0)
                .all(|(s, n)| &s.name == n)
    }

    /// Whether both are instances of the same static module.
    pub fn has_same_module(&self, other: &ModuleInstance) -> bool {
        self.steps().len() == other.steps().len()
            && self
                .steps()
                .iter()
                .zip(other.steps().iter())
                .all(|(a, b)| a.name == b.name)
    }

    /// Whether `self` is `other` or one of its descendants.
    pub fn is_within(&self, other: &ModuleInstance) -> bool {
        self.steps().starts_with(other.steps())
    }

    /// `self` followed by the steps of `rel` (a path relative to `self`).
    pub fn join(&self, rel: &ModuleInstance) -> ModuleInstance {
        ModuleInstance::new(
            self.steps()
                .iter()
                .chain(rel.steps().iter())
                .cloned()
                .collect(),
        )
    }

    pub fn resource(&self, resource: Resource) -> AbsResource {
        AbsResource {
            module: self.clone(),
            resource,
        }
    }

    pub fn resource_instance(
        &self,
        mode: ResourceMode,
        type_name: &str,
        name: &str,
        key: InstanceKey,
    ) -> AbsResourceInstance {
        Resource::new(mode, type_name, name)
            .instance(key)
            .absolute(self.clone())
    }
}

impl PartialOrd for ModuleInstance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ModuleInstance {
    fn cmp(&self, other: &Self) -> Ordering {
        // Equal paths are one allocation: a pointer comparison.
        if self == other {
            return Ordering::Equal;
        }
        path_order(self.steps(), other.steps())
    }
}

impl fmt::Display for ModuleInstanceStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "module.{}{}", self.name, self.key)
    }
}

impl ModuleInstance {
    /// Writes the path as `Display` does, without the formatter (an
    /// unknown's origin names its object by text, once per object).
    pub(crate) fn write_text(&self, out: &mut String) {
        for (i, step) in self.steps().iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str("module.");
            out.push_str(&step.name);
            step.key.write_text(out);
        }
    }
}

impl fmt::Display for ModuleInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

impl AbsModuleCall {
    /// One instance of the call.
    pub fn instance(&self, key: InstanceKey) -> ModuleInstance {
        self.module.child(self.call.clone(), key)
    }

    /// The static path of the called module.
    pub fn config(&self) -> Module {
        self.module.module().child(self.call.clone())
    }
}

impl fmt::Display for AbsModuleCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        write!(f, "module.{}", self.call)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(name: &str, key: InstanceKey) -> ModuleInstanceStep {
        ModuleInstanceStep {
            name: name.into(),
            key,
        }
    }

    #[test]
    fn display_of_module_paths() {
        let mi = ModuleInstance::new(vec![
            step("a", InstanceKey::Str("x".into())),
            step("b", InstanceKey::Int(0)),
            step("c", InstanceKey::NoKey),
        ]);
        assert_eq!(mi.to_string(), r#"module.a["x"].module.b[0].module.c"#);
        assert_eq!(mi.module().to_string(), "module.a.module.b.module.c");
        assert_eq!(ModuleInstance::root().to_string(), "");
        let call = mi.call().unwrap();
        assert_eq!(call.to_string(), r#"module.a["x"].module.b[0].module.c"#);
        assert_eq!(call.module.to_string(), r#"module.a["x"].module.b[0]"#);
        assert_eq!(
            AbsModuleCall {
                module: ModuleInstance::root(),
                call: "z".into()
            }
            .to_string(),
            "module.z"
        );
    }

    #[test]
    fn conversions_named_for_their_result() {
        let root = ModuleInstance::root();
        let a0 = root.child("a", InstanceKey::Int(0));
        assert_eq!(a0.parent(), Some(root.clone()));
        assert_eq!(root.parent(), None);
        assert!(a0.is_for_module(&Module::root().child("a")));
        assert!(a0.has_same_module(&root.child("a", InstanceKey::Str("k".into()))));
        assert!(!a0.has_same_module(&root.child("b", InstanceKey::Int(0))));
        assert_eq!(
            a0.call().unwrap().instance(InstanceKey::Int(1)).to_string(),
            "module.a[1]"
        );
        assert_eq!(
            Module::root()
                .child("a")
                .child("b")
                .parent()
                .unwrap()
                .to_string(),
            "module.a"
        );
        assert_eq!(
            Module::root().child("a").unkeyed_instance().to_string(),
            "module.a"
        );
    }

    // Order from `terraform state list` (tests/data/state/zoo/state-list.txt):
    // root, then one-step paths by name then key, then two-step paths.
    #[test]
    fn module_instances_sort_as_state_list() {
        let r = ModuleInstance::root();
        let want = vec![
            r.clone(),
            r.child("child", InstanceKey::Int(0)),
            r.child("child", InstanceKey::Int(1)),
            r.child("each", InstanceKey::Str("x".into())),
            r.child("each", InstanceKey::Str("y\"z".into())),
            r.child("plain", InstanceKey::NoKey),
            r.child("a", InstanceKey::NoKey)
                .child("z", InstanceKey::NoKey),
            r.child("child", InstanceKey::Int(0))
                .child("leaf", InstanceKey::Int(0)),
        ];
        let mut got = want.clone();
        got.reverse();
        got.sort();
        assert_eq!(got, want);
    }
}

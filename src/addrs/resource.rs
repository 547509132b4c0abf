//! Resource addresses: `Resource` and `ResourceInstance` local to a module,
//! `AbsResource` / `AbsResourceInstance` under a module instance, and
//! `ConfigResource` under a static module path.

use std::fmt;

use super::instance_key::InstanceKey;
use super::module::{Module, ModuleInstance};

/// What kind of block declares the resource. The variant order is
/// OpenTofu's `ResourceModeLess`: ephemeral, then data, then managed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResourceMode {
    Ephemeral,
    Data,
    Managed,
}

impl ResourceMode {
    /// The word the state file's `mode` field uses.
    pub fn state_name(self) -> &'static str {
        match self {
            ResourceMode::Managed => "managed",
            ResourceMode::Data => "data",
            ResourceMode::Ephemeral => "ephemeral",
        }
    }

    pub fn from_state_name(s: &str) -> Option<ResourceMode> {
        match s {
            "managed" => Some(ResourceMode::Managed),
            "data" => Some(ResourceMode::Data),
            "ephemeral" => Some(ResourceMode::Ephemeral),
            _ => None,
        }
    }

    /// The address prefix: nothing, `data.` or `ephemeral.`.
    fn prefix(self) -> &'static str {
        match self {
            ResourceMode::Managed => "",
            ResourceMode::Data => "data.",
            ResourceMode::Ephemeral => "ephemeral.",
        }
    }
}

pub(crate) use interned::Resource;

/// Only [`Resource::new`] builds a resource address, so that equal ones
/// are always one allocation (what equality and hashing rely on).
mod interned {
    use std::fmt;
    use std::sync::{Arc, LazyLock, Mutex};

    use super::ResourceMode;
    use crate::addrs::interned::Interned;

    /// A resource block, local to its module: `TYPE.NAME`,
    /// `data.TYPE.NAME`. Its parts are read as fields (`r.type_name`).
    ///
    /// Interned (`addrs::interned`), as module instance paths are: equality
    /// and hashing are a pointer's; the order is the content's.
    #[derive(Clone, PartialEq, Eq, Hash)]
    pub struct Resource(Interned<Parts>);

    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    pub struct Parts {
        pub mode: ResourceMode,
        pub type_name: Arc<str>,
        pub name: Arc<str>,
    }

    /// Every resource address built so far, by type, name and mode (looked
    /// up by `&str`, without building a key). Few: one per resource block.
    type Table = foldhash::HashMap<Box<str>, foldhash::HashMap<Box<str>, [Option<Resource>; 3]>>;

    static INTERNED: LazyLock<Mutex<Table>> = LazyLock::new(Default::default);

    impl Resource {
        pub fn new(
            mode: ResourceMode,
            type_name: impl AsRef<str>,
            name: impl AsRef<str>,
        ) -> Resource {
            let (type_name, name) = (type_name.as_ref(), name.as_ref());
            let slot = mode as usize;
            // A poisoned lock still holds a consistent map: inserts are whole.
            let mut interned = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(known) = interned
                .get(type_name)
                .and_then(|names| names.get(name))
                .and_then(|modes| modes[slot].clone())
            {
                return known;
            }
            let r = Resource(Interned::from_table(&Arc::new(Parts {
                mode,
                type_name: type_name.into(),
                name: name.into(),
            })));
            let names = match interned.get_mut(type_name) {
                Some(names) => names,
                None => interned.entry(type_name.into()).or_default(),
            };
            names.entry(name.into()).or_default()[slot] = Some(r.clone());
            r
        }

        /// A number equal resources share and no other has, as
        /// [`crate::addrs::ModuleInstance::id`].
        pub(crate) fn id(&self) -> usize {
            self.0.id()
        }
    }

    impl std::ops::Deref for Resource {
        type Target = Parts;

        fn deref(&self) -> &Parts {
            &self.0
        }
    }

    impl PartialOrd for Resource {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }

    impl Ord for Resource {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            if self == other {
                return std::cmp::Ordering::Equal;
            }
            (*self.0).cmp(&*other.0)
        }
    }

    impl fmt::Debug for Resource {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.debug_struct("Resource")
                .field("mode", &self.mode)
                .field("type_name", &self.type_name)
                .field("name", &self.name)
                .finish()
        }
    }
}

/// One instance of a resource, local to its module: `TYPE.NAME[KEY]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceInstance {
    pub resource: Resource,
    pub key: InstanceKey,
}

/// A resource in a particular module instance.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsResource {
    pub module: ModuleInstance,
    pub resource: Resource,
}

/// A resource instance in a particular module instance: what
/// `terraform state list` prints, and sorted the way it sorts them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsResourceInstance {
    pub module: ModuleInstance,
    pub resource: ResourceInstance,
}

/// A resource block in a static module path, standing for every instance
/// of every instance of its module.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConfigResource {
    pub module: Module,
    pub resource: Resource,
}

impl Resource {
    pub fn managed(type_name: impl AsRef<str>, name: impl AsRef<str>) -> Resource {
        Resource::new(ResourceMode::Managed, type_name, name)
    }

    pub fn instance(&self, key: InstanceKey) -> ResourceInstance {
        ResourceInstance {
            resource: self.clone(),
            key,
        }
    }

    pub fn absolute(&self, module: ModuleInstance) -> AbsResource {
        AbsResource {
            module,
            resource: self.clone(),
        }
    }

    pub fn in_module(&self, module: Module) -> ConfigResource {
        ConfigResource {
            module,
            resource: self.clone(),
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}.{}", self.mode.prefix(), self.type_name, self.name)
    }
}

impl ResourceInstance {
    pub fn absolute(&self, module: ModuleInstance) -> AbsResourceInstance {
        AbsResourceInstance {
            module,
            resource: self.clone(),
        }
    }
}

impl fmt::Display for ResourceInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.resource, self.key)
    }
}

impl AbsResource {
    pub fn instance(&self, key: InstanceKey) -> AbsResourceInstance {
        AbsResourceInstance {
            module: self.module.clone(),
            resource: self.resource.instance(key),
        }
    }

    pub fn config(&self) -> ConfigResource {
        ConfigResource {
            module: self.module.module(),
            resource: self.resource.clone(),
        }
    }
}

/// `<module>.` before the local part, unless the module is the root.
fn write_in_module(
    f: &mut fmt::Formatter<'_>,
    module: &dyn fmt::Display,
    root: bool,
    local: &dyn fmt::Display,
) -> fmt::Result {
    if !root {
        write!(f, "{module}.")?;
    }
    write!(f, "{local}")
}

impl fmt::Display for AbsResource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_in_module(f, &self.module, self.module.is_root(), &self.resource)
    }
}

impl AbsResourceInstance {
    pub fn key(&self) -> &InstanceKey {
        &self.resource.key
    }

    /// The resource this is an instance of.
    pub fn containing_resource(&self) -> AbsResource {
        AbsResource {
            module: self.module.clone(),
            resource: self.resource.resource.clone(),
        }
    }

    pub fn config(&self) -> ConfigResource {
        self.containing_resource().config()
    }

    /// The address as `Display` prints it, written without the formatter:
    /// an unknown's origin names its object by this text, once per object
    /// a plan has not recorded (a fifth of evaluating one at 1k).
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(64);
        self.write_text(&mut out);
        out
    }

    /// [`Self::text`], appended to `out`.
    pub(crate) fn write_text(&self, out: &mut String) {
        let r = &self.resource.resource;
        if !self.module.is_root() {
            self.module.write_text(out);
            out.push('.');
        }
        out.push_str(r.mode.prefix());
        out.push_str(&r.type_name);
        out.push('.');
        out.push_str(&r.name);
        self.resource.key.write_text(out);
    }
}

impl fmt::Display for AbsResourceInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_in_module(f, &self.module, self.module.is_root(), &self.resource)
    }
}

impl ConfigResource {
    /// The resource in one instance of its module. The caller vouches that
    /// `module` is an instance of `self.module`.
    pub fn absolute(&self, module: ModuleInstance) -> AbsResource {
        AbsResource {
            module,
            resource: self.resource.clone(),
        }
    }
}

impl fmt::Display for ConfigResource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_in_module(f, &self.module, self.module.is_root(), &self.resource)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_as_terraform_prints() {
        let module = ModuleInstance::root()
            .child("a", InstanceKey::Str("x".into()))
            .child("b", InstanceKey::Int(0));
        let data = Resource::new(ResourceMode::Data, "t", "n");
        let cases: Vec<(&str, String, &str)> = vec![
            (
                "managed resource",
                Resource::managed("t", "n").to_string(),
                "t.n",
            ),
            ("data resource", data.to_string(), "data.t.n"),
            (
                "ephemeral resource",
                Resource::new(ResourceMode::Ephemeral, "t", "n").to_string(),
                "ephemeral.t.n",
            ),
            (
                "instance in nested module",
                data.instance(InstanceKey::Str("k".into()))
                    .absolute(module.clone())
                    .to_string(),
                r#"module.a["x"].module.b[0].data.t.n["k"]"#,
            ),
            (
                "root instance without key",
                Resource::managed("t", "n")
                    .instance(InstanceKey::NoKey)
                    .absolute(ModuleInstance::root())
                    .to_string(),
                "t.n",
            ),
            (
                "whole resource in module",
                data.absolute(module.clone()).to_string(),
                r#"module.a["x"].module.b[0].data.t.n"#,
            ),
            (
                "config resource",
                data.absolute(module).config().to_string(),
                "module.a.module.b.data.t.n",
            ),
        ];
        for (name, got, want) in cases {
            assert_eq!(got, want, "{name}");
        }
    }

    /// The formatter-free text is the address `Display` prints, for every
    /// kind of key (escapes, template sequences, unprintable characters,
    /// negative and extreme integers) and mode, in and out of modules.
    #[test]
    fn text_is_what_display_prints() {
        let keys = [
            InstanceKey::NoKey,
            InstanceKey::Int(0),
            InstanceKey::Int(7),
            InstanceKey::Int(-12),
            InstanceKey::Int(i64::MIN),
            InstanceKey::Int(i64::MAX),
            InstanceKey::Str(String::new()),
            InstanceKey::Str("a \"b\" \\ ${x} %{y} $z\n\t\u{7f}\u{200b}é🙂".into()),
        ];
        let modes = [
            ResourceMode::Managed,
            ResourceMode::Data,
            ResourceMode::Ephemeral,
        ];
        let mut modules = vec![ModuleInstance::root()];
        for k in &keys {
            modules.push(ModuleInstance::root().child("a", k.clone()));
            modules.push(modules[1].child("b-c", k.clone()));
        }
        for m in &modules {
            for mode in modes {
                for k in &keys {
                    let addr = Resource::new(mode, "t_y", "n")
                        .instance(k.clone())
                        .absolute(m.clone());
                    assert_eq!(addr.text(), addr.to_string());
                }
            }
        }
    }

    // `terraform state list` order (tests/data/state/zoo): within a module,
    // data before managed, then type, then name, then key.
    #[test]
    fn instances_sort_as_state_list() {
        let root = ModuleInstance::root();
        let managed = |n: &str, k: InstanceKey| {
            Resource::managed("terraform_data", n)
                .instance(k)
                .absolute(root.clone())
        };
        let want = vec![
            Resource::new(ResourceMode::Data, "terraform_remote_state", "other")
                .instance(InstanceKey::NoKey)
                .absolute(root.clone()),
            managed("counted", InstanceKey::Int(0)),
            managed("counted", InstanceKey::Int(2)),
            managed("keyed", InstanceKey::Str("0".into())),
            managed("keyed", InstanceKey::Str("10".into())),
            managed("keyed", InstanceKey::Str("9".into())),
            managed("replaced", InstanceKey::NoKey),
            Resource::managed("a", "z")
                .instance(InstanceKey::NoKey)
                .absolute(root.child("child", InstanceKey::Int(0))),
        ];
        let mut got = want.clone();
        got.reverse();
        got.sort();
        assert_eq!(got, want);
    }
}

//! Module calls whose content is not on this machine: a registry or remote
//! source that `init` has not installed. Such a call is still a call: it
//! expands in its caller and its arguments are evaluated there. What is
//! inside is not read, so the loader stands one object in for all of it,
//! the call's *content*: a managed resource of a type no provider has,
//! whose arguments are the call's source, version and inputs. Expansion,
//! moves, pairing and the proof then treat a whole remote module instance
//! as they treat one object, and two calls pair exactly when that object
//! would (same source, same version, equal arguments).

use crate::diagnostics::SourceRange;
use crate::syntax::ast::{Expr, ExprKind, Literal, Traverser};
use crate::syntax::body::Attribute;

use crate::addrs::{AbsResourceInstance, InstanceKey, ModuleInstance};

use super::{Config, Module, ModuleCall, Resource, ResourceMode, Variable};

/// The resource type of a remote module instance's content. No provider
/// has it: the name says what it stands for wherever it is printed.
pub(crate) const CONTENT_TYPE: &str = "minimod_remote_module";
/// The content's resource name.
pub(crate) const CONTENT_NAME: &str = "content";
/// What a content object's address adds to its module instance's (a
/// reference to an output ends with it, then the output's name).
pub(crate) const CONTENT_SUFFIX: &str = ".minimod_remote_module.content";

/// A remote call, as written and as compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remote {
    /// The source as written.
    pub source: String,
    /// The version constraint, when the call has one.
    pub version: Option<String>,
}

/// Whether terraform reads `source` from the local filesystem: a path
/// starting `./` or `../` (Windows separators too). Everything else is
/// installed by `init`.
pub(crate) fn is_local(source: &str) -> bool {
    crate::addrs::module_source::is_local(source)
}

/// The source as `init` records it, for comparing two calls: shorthands
/// expanded (`github.com/o/r` is `git::https://github.com/o/r.git`), a
/// registry address `NS/NAME/SYSTEM` with the public registry's host, host
/// names in lower case. A source that does not parse compares as written
/// (`init` would refuse it; comparing it is all that is asked here).
pub(crate) fn normal_source(source: &str) -> String {
    match crate::addrs::module_source::parse(source, false) {
        Ok(s) => s.to_string(),
        Err(_) => source.to_string(),
    }
}

/// A version constraint as terraform prints it (`~>5.0, >= 5.1` is
/// `~> 5.0, >= 5.1`), so that two spellings of one constraint compare
/// equal.
pub(crate) fn normal_constraint(c: &str) -> String {
    let part = |p: &str| {
        let p = p.trim();
        let op_len = p
            .find(|ch: char| !matches!(ch, '=' | '!' | '<' | '>' | '~'))
            .unwrap_or(p.len());
        let (op, version) = p.split_at(op_len);
        match op {
            "" => version.trim().to_string(),
            op => format!("{op} {}", version.trim()),
        }
    };
    c.split(',').map(part).collect::<Vec<_>>().join(", ")
}

/// The module a remote call stands for while its content is not read: a
/// variable for each argument the call sets (so the call checks against
/// it and its values reach the content) and the content object.
pub(crate) fn opaque_module(call: &ModuleCall, dir: std::path::PathBuf, rel_dir: String) -> Module {
    let mut module = Module {
        dir,
        rel_dir,
        ..Module::default()
    };
    let at = &call.decl_range;
    let literal = |l: Literal| Expr {
        kind: ExprKind::Literal(l),
        range: at.clone(),
    };
    let attr = |name: &str, expr: Expr| Attribute {
        name: name.to_string(),
        expr,
        name_range: at.clone(),
        json: None,
    };
    let mut attributes = vec![
        attr(
            "source",
            literal(Literal::string(normal_source(&call.source))),
        ),
        attr(
            "version",
            literal(match &call.version {
                Some(v) => Literal::string(normal_constraint(v)),
                None => Literal::Null,
            }),
        ),
    ];
    for input in &call.inputs {
        module.variables.insert(
            input.name.clone(),
            Variable {
                name: input.name.clone(),
                constraint: None,
                default: None,
                description: None,
                sensitive: false,
                nullable: true,
                validations: Vec::new(),
                decl_range: input.name_range.clone(),
            },
        );
        let var = Expr {
            kind: ExprKind::Traversal(
                Box::new(Expr {
                    kind: ExprKind::Variable("var".into()),
                    range: input.expr.range.clone(),
                }),
                vec![Traverser::Attr(
                    input.name.clone(),
                    input.expr.range.clone(),
                )],
            ),
            range: input.expr.range.clone(),
        };
        attributes.push(attr(&input.name, var));
    }
    module.insert_resource(content_resource(attributes, at));
    module
}

fn content_resource(attributes: Vec<Attribute>, at: &SourceRange) -> Resource {
    let mode = ResourceMode::Managed;
    Resource {
        key: super::resource_key(mode, CONTENT_TYPE, CONTENT_NAME),
        addr: crate::addrs::Resource::new(mode, CONTENT_TYPE, CONTENT_NAME),
        mode,
        type_name: CONTENT_TYPE.to_string(),
        name: CONTENT_NAME.to_string(),
        count: None,
        for_each: None,
        provider: None,
        depends_on: Vec::new(),
        attributes,
        blocks: Vec::new(),
        lifecycle: None,
        decl_range: at.clone(),
    }
}

/// The content object of a remote module instance.
pub(crate) fn content_of(m: &ModuleInstance) -> AbsResourceInstance {
    crate::addrs::Resource::new(ResourceMode::Managed, CONTENT_TYPE, CONTENT_NAME)
        .absolute(m.clone())
        .instance(InstanceKey::NoKey)
}

/// The remote module instance `m` is in (or is), if any: what holds the
/// objects a state records under it.
pub(crate) fn remote_instance(config: &Config, m: &ModuleInstance) -> Option<ModuleInstance> {
    let mut c = config;
    for (i, step) in m.steps().iter().enumerate() {
        c = c.children.get(&step.name)?;
        if c.remote.is_some() {
            return Some(ModuleInstance::new(m.steps()[..=i].to_vec()));
        }
    }
    None
}

/// Whether an address is a remote module instance's content.
pub(crate) fn is_content(r: &crate::addrs::Resource) -> bool {
    r.mode == ResourceMode::Managed && &*r.type_name == CONTENT_TYPE && &*r.name == CONTENT_NAME
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_sources_compare_with_their_host() {
        for (written, normal) in [
            (
                "terraform-aws-modules/vpc/aws",
                "registry.terraform.io/terraform-aws-modules/vpc/aws",
            ),
            (
                "Registry.Terraform.io/terraform-aws-modules/vpc/aws",
                "registry.terraform.io/terraform-aws-modules/vpc/aws",
            ),
            (
                "terraform-aws-modules/iam/aws//modules/iam-role",
                "registry.terraform.io/terraform-aws-modules/iam/aws//modules/iam-role",
            ),
            (
                "git::https://github.com/org/repo.git//mod?ref=v1",
                "git::https://github.com/org/repo.git//mod?ref=v1",
            ),
            (
                "github.com/org/repo",
                "git::https://github.com/org/repo.git",
            ),
        ] {
            assert_eq!(normal_source(written), normal, "{written}");
        }
    }

    #[test]
    fn the_content_suffix_is_the_content_address() {
        let m = ModuleInstance::root().child("vpc", InstanceKey::NoKey);
        assert_eq!(
            content_of(&m).to_string(),
            format!("module.vpc{CONTENT_SUFFIX}")
        );
    }

    #[test]
    fn constraints_compare_as_terraform_prints_them() {
        for (written, normal) in [
            ("~>5.0", "~> 5.0"),
            ("  ~> 5.0 ", "~> 5.0"),
            (">=1.2,<2.0", ">= 1.2, < 2.0"),
            ("1.0.0", "1.0.0"),
            ("!= 1.3.0, ~> 1.2", "!= 1.3.0, ~> 1.2"),
        ] {
            assert_eq!(normal_constraint(written), normal, "{written}");
        }
    }

    #[test]
    fn local_sources_are_paths_from_dot() {
        assert!(is_local("./m") && is_local("../m") && is_local("..\\m"));
        assert!(!is_local("terraform-aws-modules/vpc/aws"));
        assert!(!is_local("git::../m") && !is_local("/abs/m") && !is_local(".m"));
    }
}

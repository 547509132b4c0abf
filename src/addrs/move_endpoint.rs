//! `moved` block endpoints: the relative address as written
//! (`MoveEndpoint`), the pair unified into one kind and tied to the module
//! that declares it (`MoveEndpointInModule`), and the matching rules that
//! applying moves to a state needs (OpenTofu `move_endpoint*.go`).

use std::fmt;

use crate::diagnostics::Diagnostic;
use crate::syntax::ast::TraversalStep;

use super::instance_key::InstanceKey;
use super::module::{AbsModuleCall, Module, ModuleInstance, ModuleInstanceStep};
use super::parse::{Target, flatten, parse_traversal, target};
use super::resource::{AbsResource, AbsResourceInstance, ConfigResource, ResourceMode};

/// One side of a `moved` block as written, relative to the module that
/// declares it. Parsing alone cannot tell `module.a` (call or NoKey
/// instance?) or `x.y` (resource or NoKey instance?) apart; that is
/// settled for both sides together by [`unify_move_endpoints`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MoveEndpoint {
    /// `module.a[0].module.b`: some module path, never the root.
    Module(ModuleInstance),
    /// `module.a.x.y[0]`: a resource instance under a relative module path.
    Resource(AbsResourceInstance),
}

/// Whether an endpoint moves modules or resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveEndpointKind {
    Module,
    Resource,
}

/// An address that a move can apply to: what OpenTofu calls an
/// `AbsMoveable`. Inside a [`MoveEndpointInModule`] it is relative to the
/// declaring module; from [`MoveEndpointInModule::in_module_instance`] it
/// is absolute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AbsMoveable {
    /// Every instance of a module call (`module.a`), keys kept.
    ModuleCall(AbsModuleCall),
    /// One module instance (`module.a[0]`, or `module.a` meaning NoKey).
    ModuleInstance(ModuleInstance),
    /// Every instance of a resource, keys kept.
    Resource(AbsResource),
    /// One resource instance.
    ResourceInstance(AbsResourceInstance),
}

/// What an endpoint names in the configuration: a static module path or a
/// resource in one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ConfigMoveable {
    Module(Module),
    Resource(ConfigResource),
}

/// A unified endpoint plus the module that declares its `moved` block.
///
/// Conceptually a pattern: every step of `module` matches any instance key,
/// because a `moved` block applies to all instances of its module.
/// `relative` is relative to that module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveEndpointInModule {
    pub module: Module,
    pub relative: AbsMoveable,
}

impl MoveEndpoint {
    /// Reads an endpoint from a traversal as `Expr::as_traversal` gives it,
    /// with OpenTofu's messages. The diagnostic has no subject; attach the
    /// expression's range with `Diagnostic::or_at`.
    pub(crate) fn from_traversal(
        root: &str,
        steps: &[TraversalStep],
    ) -> Result<MoveEndpoint, Box<Diagnostic>> {
        Ok(match target(&flatten(root, steps))? {
            Target::Module(m) => MoveEndpoint::Module(m),
            Target::Resource(r) => MoveEndpoint::Resource(r),
        })
    }

    /// Reads an endpoint from text (`module.a[0].x.y`), for tests and tools.
    pub(crate) fn parse(s: &str) -> Result<MoveEndpoint, Box<Diagnostic>> {
        let (root, steps) = parse_traversal(s)?;
        MoveEndpoint::from_traversal(&root, &steps)
    }

    /// The configuration object named, given the declaring module.
    pub(crate) fn config_moveable(&self, declaring: &Module) -> ConfigMoveable {
        match self {
            MoveEndpoint::Module(m) => ConfigMoveable::Module(join_module(declaring, &m.module())),
            MoveEndpoint::Resource(r) => ConfigMoveable::Resource(ConfigResource {
                module: join_module(declaring, &r.module.module()),
                resource: r.resource.resource.clone(),
            }),
        }
    }

    /// OpenTofu (≥ 1.11) refuses to move ephemeral resources.
    pub(crate) fn subject_allowed(&self) -> bool {
        match self {
            MoveEndpoint::Module(_) => true,
            MoveEndpoint::Resource(r) => r.resource.resource.mode != ResourceMode::Ephemeral,
        }
    }

    /// [`MoveEndpoint::subject_allowed`] as OpenTofu reports it; `side`
    /// is `"from"` or `"to"`.
    pub(crate) fn check_subject_allowed(&self, side: &str) -> Result<(), Box<Diagnostic>> {
        if self.subject_allowed() {
            return Ok(());
        }
        Err(Diagnostic::error(
            "Invalid \"moved\" address",
            format!(
                "The resource referenced by the \"{side}\" attribute is not allowed to be moved."
            ),
        )
        .into())
    }

    /// Which unified kind this side asks for; the more specific of the two
    /// sides wins (see [`unify_move_endpoints`]).
    fn wanted(&self) -> Wanted {
        match self {
            MoveEndpoint::Resource(r) if r.resource.key.is_no_key() => Wanted::Resource,
            MoveEndpoint::Resource(_) => Wanted::ResourceInstance,
            MoveEndpoint::Module(m) => match m.steps().last() {
                Some(last) if last.key.is_no_key() => Wanted::ModuleCall,
                _ => Wanted::ModuleInstance,
            },
        }
    }

    fn unified(&self, want: Wanted) -> Option<AbsMoveable> {
        match (self, want) {
            (MoveEndpoint::Module(m), Wanted::ModuleInstance) => {
                Some(AbsMoveable::ModuleInstance(m.clone()))
            }
            (MoveEndpoint::Module(m), Wanted::ModuleCall) => m.call().map(AbsMoveable::ModuleCall),
            (MoveEndpoint::Resource(r), Wanted::ResourceInstance) => {
                Some(AbsMoveable::ResourceInstance(r.clone()))
            }
            (MoveEndpoint::Resource(r), Wanted::Resource) => {
                Some(AbsMoveable::Resource(r.containing_resource()))
            }
            _ => None,
        }
    }
}

impl fmt::Display for MoveEndpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveEndpoint::Module(m) => write!(f, "{m}"),
            MoveEndpoint::Resource(r) => write!(f, "{r}"),
        }
    }
}

/// The unified kinds, most specific first: the order the rule tries them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Wanted {
    ResourceInstance,
    Resource,
    ModuleInstance,
    ModuleCall,
}

/// Settles what a `moved` block's two sides mean, together, and ties them
/// to the declaring module. OpenTofu's rule (`UnifyMoveEndpoints`):
/// if either side has a resource instance key both are resource
/// instances; else if both are keyless resources both are whole
/// resources; else if either side's last module step has a key both are
/// module instances; else both are module calls. A keyless side read as
/// an instance is the NoKey instance.
///
/// A module on one side and a resource on the other cannot unify: that is
/// the 'Invalid "moved" addresses' error.
pub(crate) fn unify_move_endpoints(
    from: &MoveEndpoint,
    to: &MoveEndpoint,
    declaring_module: &Module,
) -> Result<(MoveEndpointInModule, MoveEndpointInModule), Box<Diagnostic>> {
    let want = from.wanted().min(to.wanted());
    let in_module = |relative| MoveEndpointInModule {
        module: declaring_module.clone(),
        relative,
    };
    match (from.unified(want), to.unified(want)) {
        (Some(f), Some(t)) => Ok((in_module(f), in_module(t))),
        _ => Err(Diagnostic::error(
            "Invalid \"moved\" addresses",
            "The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules.",
        ).into()),
    }
}

fn join_module(a: &Module, b: &Module) -> Module {
    Module(a.0.iter().chain(&b.0).cloned().collect())
}

/// One step of a module path pattern; `key: None` matches any key.
#[derive(Clone, Copy, PartialEq, Eq)]
struct PatternStep<'a> {
    name: &'a str,
    key: Option<&'a InstanceKey>,
}

impl<'a> PatternStep<'a> {
    fn exact(s: &'a ModuleInstanceStep) -> PatternStep<'a> {
        PatternStep {
            name: &s.name,
            key: Some(&s.key),
        }
    }

    fn any(name: &'a str) -> PatternStep<'a> {
        PatternStep { name, key: None }
    }

    /// Names must agree; keys too unless either side is a wildcard.
    fn can_match(self, other: PatternStep<'_>) -> bool {
        self.name == other.name
            && match (self.key, other.key) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
    }
}

impl MoveEndpointInModule {
    /// The endpoint of an implied move: always declared in the root module,
    /// its subject an absolute address (OpenTofu `ImpliedMoveStatementEndpoint`).
    pub fn implied(addr: AbsMoveable) -> MoveEndpointInModule {
        MoveEndpointInModule {
            module: Module::root(),
            relative: addr,
        }
    }

    pub fn kind(&self) -> MoveEndpointKind {
        self.relative.kind()
    }

    /// The concrete address this endpoint means in one instance of the
    /// declaring module. `module_instance` must be an instance of
    /// `self.module` (only its length is checked, in debug builds).
    pub fn in_module_instance(&self, module_instance: &ModuleInstance) -> AbsMoveable {
        debug_assert_eq!(module_instance.steps().len(), self.module.0.len());
        match &self.relative {
            AbsMoveable::ModuleInstance(m) => AbsMoveable::ModuleInstance(module_instance.join(m)),
            AbsMoveable::ModuleCall(c) => AbsMoveable::ModuleCall(AbsModuleCall {
                module: module_instance.join(&c.module),
                call: c.call.clone(),
            }),
            AbsMoveable::Resource(r) => AbsMoveable::Resource(AbsResource {
                module: module_instance.join(&r.module),
                resource: r.resource.clone(),
            }),
            AbsMoveable::ResourceInstance(r) => {
                AbsMoveable::ResourceInstance(AbsResourceInstance {
                    module: module_instance.join(&r.module),
                    resource: r.resource.clone(),
                })
            }
        }
    }

    /// The full module path the endpoint points into, as a pattern: the
    /// declaring module's steps and a module call's own step are
    /// wildcards, relative module steps are exact.
    fn pattern(&self) -> Vec<PatternStep<'_>> {
        let mut out: Vec<PatternStep<'_>> =
            self.module.0.iter().map(|n| PatternStep::any(n)).collect();
        match &self.relative {
            AbsMoveable::ModuleInstance(m) => out.extend(m.steps().iter().map(PatternStep::exact)),
            AbsMoveable::ModuleCall(c) => {
                out.extend(c.module.steps().iter().map(PatternStep::exact));
                out.push(PatternStep::any(&c.call));
            }
            AbsMoveable::Resource(r) => out.extend(r.module.steps().iter().map(PatternStep::exact)),
            AbsMoveable::ResourceInstance(r) => {
                out.extend(r.module.steps().iter().map(PatternStep::exact))
            }
        }
        out
    }

    /// Whether the endpoint selects the module instance `addr` itself (a
    /// module move) or the module its resources live in (a resource move).
    /// Declaring-module steps match any key; relative steps must match
    /// exactly, keys included.
    pub fn selects_module(&self, addr: &ModuleInstance) -> bool {
        let pattern = self.pattern();
        pattern.len() == addr.steps().len()
            && pattern
                .iter()
                .zip(addr.steps().iter())
                .all(|(p, s)| p.can_match(PatternStep::exact(s)))
    }

    /// Whether the endpoint selects `addr` or one of its instances. The
    /// instance key of a resource-instance endpoint is ignored.
    pub fn selects_resource(&self, addr: &AbsResource) -> bool {
        let resource = match &self.relative {
            AbsMoveable::Resource(r) => &r.resource,
            AbsMoveable::ResourceInstance(r) => &r.resource.resource,
            _ => return false,
        };
        self.selects_module(&addr.module) && resource == &addr.resource
    }

    /// Whether `self` (the `to` of one statement) could select something
    /// `other` (the `from` of another) selects, so the two chain. Module
    /// kinds chain with any module kind; whole resources only with whole
    /// resources, instances only with instances of the same key.
    pub fn can_chain_from(&self, other: &MoveEndpointInModule) -> bool {
        let (mine, theirs) = (self.pattern(), other.pattern());
        if mine.len() != theirs.len() || !prefix_can_match(&theirs, &mine) {
            return false;
        }
        match (&other.relative, &self.relative) {
            (
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_),
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_),
            ) => true,
            (AbsMoveable::Resource(o), AbsMoveable::Resource(e)) => o.resource == e.resource,
            (AbsMoveable::ResourceInstance(o), AbsMoveable::ResourceInstance(e)) => {
                o.resource == e.resource
            }
            _ => false,
        }
    }

    /// Whether `self` addresses something contained in what `other` could
    /// select: a module inside a module (strictly deeper), a resource in a
    /// selected module, or an instance of a selected whole resource.
    pub fn nested_within(&self, other: &MoveEndpointInModule) -> bool {
        let (mine, theirs) = (self.pattern(), other.pattern());
        if theirs.len() > mine.len() || !prefix_can_match(&theirs, &mine) {
            return false;
        }
        let deeper = mine.len() > theirs.len();
        match (&other.relative, &self.relative) {
            (AbsMoveable::ModuleCall(_), AbsMoveable::ModuleCall(_)) => deeper,
            (AbsMoveable::ModuleCall(_), _) => true,
            (
                AbsMoveable::ModuleInstance(_),
                AbsMoveable::ModuleInstance(_) | AbsMoveable::ModuleCall(_),
            ) => deeper,
            (AbsMoveable::ModuleInstance(_), _) => true,
            (AbsMoveable::Resource(o), AbsMoveable::ResourceInstance(e)) => {
                !deeper && e.resource.resource == o.resource
            }
            _ => false,
        }
    }

    /// For the two sides of one statement: whether the move only changes
    /// module instance keys (`module.a → module.a[0]`), with the same
    /// module names all along. False for resource moves, and for endpoints
    /// from different declaring modules (never one statement).
    pub fn is_module_reindex(&self, to: &MoveEndpointInModule) -> bool {
        if self.module != to.module {
            return false;
        }
        match (&self.relative, &to.relative) {
            (AbsMoveable::ModuleCall(c), AbsMoveable::ModuleInstance(m))
            | (AbsMoveable::ModuleInstance(m), AbsMoveable::ModuleCall(c)) => {
                m.is_for_module(&c.config())
            }
            (AbsMoveable::ModuleInstance(a), AbsMoveable::ModuleInstance(b)) => {
                a.has_same_module(b)
            }
            _ => false,
        }
    }

    /// Splits `addr` into the part that is an instance of the declaring
    /// module (names only) and the rest, relative to it.
    fn split_declaring<'a>(
        &self,
        addr: &'a ModuleInstance,
    ) -> Option<(&'a [ModuleInstanceStep], &'a [ModuleInstanceStep])> {
        let n = self.module.0.len();
        if addr.steps().len() < n
            || !addr
                .steps()
                .iter()
                .zip(&self.module.0)
                .all(|(s, name)| &s.name == name)
        {
            return None;
        }
        Some(addr.steps().split_at(n))
    }
}

/// Step-by-step wildcard match of `a` against the front of `b`.
fn prefix_can_match(a: &[PatternStep<'_>], b: &[PatternStep<'_>]) -> bool {
    a.len() <= b.len() && a.iter().zip(b).all(|(x, y)| x.can_match(*y))
}

impl fmt::Display for MoveEndpointInModule {
    /// OpenTofu's debug form, used in cycle errors: declaring-module steps
    /// as `module.a[*].`, and `[*]` after whole resources and calls.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for name in &self.module.0 {
            write!(f, "module.{name}[*].")?;
        }
        write!(f, "{}", self.relative)?;
        if matches!(
            self.relative,
            AbsMoveable::ModuleCall(_) | AbsMoveable::Resource(_)
        ) {
            f.write_str("[*]")?;
        }
        Ok(())
    }
}

impl AbsMoveable {
    pub fn kind(&self) -> MoveEndpointKind {
        match self {
            AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => MoveEndpointKind::Module,
            AbsMoveable::Resource(_) | AbsMoveable::ResourceInstance(_) => {
                MoveEndpointKind::Resource
            }
        }
    }

    /// OpenTofu's nouns for messages: "module call", "module instance",
    /// "resource", "resource instance".
    pub fn noun(&self) -> &'static str {
        match self {
            AbsMoveable::ModuleCall(_) => "module call",
            AbsMoveable::ModuleInstance(_) => "module instance",
            AbsMoveable::Resource(_) => "resource",
            AbsMoveable::ResourceInstance(_) => "resource instance",
        }
    }

    /// The short nouns: "call", "instance", "resource", "instance".
    pub fn short_noun(&self) -> &'static str {
        match self {
            AbsMoveable::ModuleCall(_) => "call",
            AbsMoveable::ModuleInstance(_) | AbsMoveable::ResourceInstance(_) => "instance",
            AbsMoveable::Resource(_) => "resource",
        }
    }
}

impl fmt::Display for AbsMoveable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbsMoveable::ModuleCall(c) => write!(f, "{c}"),
            AbsMoveable::ModuleInstance(m) => write!(f, "{m}"),
            AbsMoveable::Resource(r) => write!(f, "{r}"),
            AbsMoveable::ResourceInstance(r) => write!(f, "{r}"),
        }
    }
}

impl ModuleInstance {
    /// Where this module instance goes under the statement `from → to`, or
    /// `None` if `from` does not select it. The declaring-module prefix
    /// matches on names; the relative `from` must then be an exact prefix
    /// of the rest (a call matching any key, which carries over to `to`),
    /// and whatever follows is kept. The root never moves.
    pub fn move_destination(
        &self,
        from: &MoveEndpointInModule,
        to: &MoveEndpointInModule,
    ) -> Option<ModuleInstance> {
        if self.is_root() {
            return None;
        }
        let (prefix, rel) = from.split_declaring(self)?;
        let (new_match, suffix) = match (&from.relative, &to.relative) {
            (AbsMoveable::ModuleInstance(f), AbsMoveable::ModuleInstance(t)) => {
                if !rel.starts_with(f.steps()) {
                    return None;
                }
                (t.clone(), &rel[f.steps().len()..])
            }
            (AbsMoveable::ModuleCall(f), AbsMoveable::ModuleCall(t)) => {
                let n = f.module.steps().len();
                let call_step = rel.get(n)?;
                if !rel.starts_with(f.module.steps()) || call_step.name != f.call {
                    return None;
                }
                (t.instance(call_step.key.clone()), &rel[n + 1..])
            }
            _ => return None,
        };
        let steps = prefix
            .iter()
            .chain(new_match.steps().iter())
            .chain(suffix)
            .cloned()
            .collect();
        Some(ModuleInstance::new(steps))
    }
}

impl AbsResource {
    /// Where this whole resource goes under `from → to`, or `None`. A
    /// module move carries it along; a whole-resource move needs the same
    /// resource and the relative module path matched exactly. A
    /// resource-instance statement never moves a whole resource.
    pub fn move_destination(
        &self,
        from: &MoveEndpointInModule,
        to: &MoveEndpointInModule,
    ) -> Option<AbsResource> {
        match (&from.relative, &to.relative) {
            (AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_), _) => {
                let module = self.module.move_destination(from, to)?;
                Some(AbsResource {
                    module,
                    resource: self.resource.clone(),
                })
            }
            (AbsMoveable::Resource(f), AbsMoveable::Resource(t)) => {
                if f.resource != self.resource {
                    return None;
                }
                let prefix = from.relative_match(&self.module, &f.module)?;
                Some(AbsResource {
                    module: ModuleInstance::new(prefix.into()).join(&t.module),
                    resource: t.resource.clone(),
                })
            }
            _ => None,
        }
    }
}

impl AbsResourceInstance {
    /// Where this instance goes under `from → to`, or `None`. Module and
    /// whole-resource moves keep the key; an instance move needs the exact
    /// key and gives the `to` key.
    pub fn move_destination(
        &self,
        from: &MoveEndpointInModule,
        to: &MoveEndpointInModule,
    ) -> Option<AbsResourceInstance> {
        match (&from.relative, &to.relative) {
            (AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_), _) => {
                let module = self.module.move_destination(from, to)?;
                Some(AbsResourceInstance {
                    module,
                    resource: self.resource.clone(),
                })
            }
            (AbsMoveable::Resource(_), _) => {
                let moved = self.containing_resource().move_destination(from, to)?;
                Some(moved.instance(self.resource.key.clone()))
            }
            (AbsMoveable::ResourceInstance(f), AbsMoveable::ResourceInstance(t)) => {
                if f.resource != self.resource {
                    return None;
                }
                let prefix = from.relative_match(&self.module, &f.module)?;
                Some(AbsResourceInstance {
                    module: ModuleInstance::new(prefix.into()).join(&t.module),
                    resource: t.resource.clone(),
                })
            }
            _ => None,
        }
    }
}

impl MoveEndpointInModule {
    /// For resource moves: the declaring-module part of `module` if the
    /// rest equals the endpoint's relative module path exactly.
    fn relative_match<'a>(
        &self,
        module: &'a ModuleInstance,
        rel: &ModuleInstance,
    ) -> Option<&'a [ModuleInstanceStep]> {
        let (prefix, rest) = self.split_declaring(module)?;
        (rest == rel.steps()).then_some(prefix)
    }
}

#[cfg(test)]
#[path = "move_endpoint_tests.rs"]
mod tests;

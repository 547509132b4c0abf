//! The order of move statements: which statement must run after which
//! (OpenTofu `statementDependsOn`, `buildMoveStatementGraph`), the cycles
//! that stop every move, and the order moves apply in.

use std::collections::HashMap;

use crate::addrs::{AbsMoveable, MoveEndpointInModule};

use super::statement::{MoveStatement, endpoint_names};

/// Whether statement `a` must run after `b` (OpenTofu `statementDependsOn`):
/// `a` continues a chain ending in `b`, or one moves something nested in
/// what the other moves. A move that only re-indexes a module does not
/// wait for the moves declared inside that module, which it contains
/// both before and after.
fn depends_on(a: &MoveStatement, b: &MoveStatement) -> bool {
    if a.from.can_chain_from(&b.to) {
        return true;
    }
    let nested = a.from.nested_within(&b.to)
        || a.to.nested_within(&b.to)
        || b.from.nested_within(&a.from)
        || b.to.nested_within(&a.from);
    if !nested {
        return false;
    }
    a.to.module.0.len() >= b.to.module.0.len() || !a.from.is_module_reindex(&a.to)
}

/// Statements bucketed by what their endpoints can relate to, so that
/// [`dependency_graph`] only tests pairs that can possibly depend on each
/// other (the rules of `can_chain_from` and `nested_within`).
#[derive(Default)]
struct Buckets<'s> {
    /// Module-kind endpoints by their exact names.
    modules: HashMap<&'s [String], Vec<usize>>,
    /// Whole-resource endpoints by names and resource.
    resources: HashMap<(&'s [String], &'s crate::addrs::Resource), Vec<usize>>,
    /// Resource-instance endpoints by names and resource, any key.
    instances_of: HashMap<(&'s [String], &'s crate::addrs::Resource), Vec<usize>>,
    /// Resource-instance endpoints by names and instance.
    instances: HashMap<(&'s [String], &'s crate::addrs::ResourceInstance), Vec<usize>>,
    /// Every endpoint by each non-empty prefix of its names.
    prefixes: HashMap<&'s [String], Vec<usize>>,
}

impl<'s> Buckets<'s> {
    fn add(&mut self, i: usize, names: &'s [String], e: &'s MoveEndpointInModule) {
        match &e.relative {
            AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                self.modules.entry(names).or_default().push(i)
            }
            AbsMoveable::Resource(r) => self
                .resources
                .entry((names, &r.resource))
                .or_default()
                .push(i),
            AbsMoveable::ResourceInstance(r) => {
                self.instances_of
                    .entry((names, &r.resource.resource))
                    .or_default()
                    .push(i);
                self.instances
                    .entry((names, &r.resource))
                    .or_default()
                    .push(i);
            }
        }
        for n in 1..=names.len() {
            self.prefixes.entry(&names[..n]).or_default().push(i);
        }
    }
}

fn extend_from<K: std::hash::Hash + Eq>(out: &mut Vec<usize>, map: &HashMap<K, Vec<usize>>, k: &K) {
    if let Some(v) = map.get(k) {
        out.extend_from_slice(v);
    }
}

/// For each statement, the statements it depends on, ascending. Only
/// candidates from the buckets are tested with [`depends_on`], so the cost
/// follows the number of related pairs, not the square of the statements.
pub(super) fn dependency_graph(stmts: &[MoveStatement]) -> Vec<Vec<usize>> {
    let names: Vec<(Vec<String>, Vec<String>)> = stmts
        .iter()
        .map(|s| (endpoint_names(&s.from), endpoint_names(&s.to)))
        .collect();
    let mut froms = Buckets::default();
    let mut tos = Buckets::default();
    for (i, s) in stmts.iter().enumerate() {
        froms.add(i, &names[i].0, &s.from);
        tos.add(i, &names[i].1, &s.to);
    }
    (0..stmts.len())
        .map(|a| {
            let stmt = &stmts[a];
            let (from_names, to_names) = (&names[a].0[..], &names[a].1[..]);
            let mut cand: Vec<usize> = Vec::new();
            // `a.from` chains from some `b.to`: same names, same kind of
            // subject (instances with the same key).
            match &stmt.from.relative {
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                    extend_from(&mut cand, &tos.modules, &from_names)
                }
                AbsMoveable::Resource(r) => {
                    extend_from(&mut cand, &tos.resources, &(from_names, &r.resource))
                }
                AbsMoveable::ResourceInstance(r) => {
                    extend_from(&mut cand, &tos.instances, &(from_names, &r.resource))
                }
            }
            // `a.from` or `a.to` nested within some `b.to`: a module whose
            // names start ours, or the whole resource of our instance.
            for (e, n) in [(&stmt.from, from_names), (&stmt.to, to_names)] {
                for k in 1..=n.len() {
                    extend_from(&mut cand, &tos.modules, &&n[..k]);
                }
                if let AbsMoveable::ResourceInstance(r) = &e.relative {
                    extend_from(&mut cand, &tos.resources, &(n, &r.resource.resource));
                }
            }
            // Some `b.from` or `b.to` nested within `a.from`.
            match &stmt.from.relative {
                AbsMoveable::ModuleCall(_) | AbsMoveable::ModuleInstance(_) => {
                    extend_from(&mut cand, &froms.prefixes, &from_names);
                    extend_from(&mut cand, &tos.prefixes, &from_names);
                }
                AbsMoveable::Resource(r) => {
                    extend_from(&mut cand, &froms.instances_of, &(from_names, &r.resource));
                    extend_from(&mut cand, &tos.instances_of, &(from_names, &r.resource));
                }
                AbsMoveable::ResourceInstance(_) => {}
            }
            cand.sort_unstable();
            cand.dedup();
            cand.retain(|&b| b != a && depends_on(stmt, &stmts[b]));
            cand
        })
        .collect()
}

/// Strongly connected components with more than one statement (Tarjan),
/// each sorted, ordered by their first statement.
pub(super) fn cycles(graph: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct Tarjan<'g> {
        graph: &'g [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.graph[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    self.out.push(comp);
                }
            }
        }
    }
    let n = graph.len();
    let mut t = Tarjan {
        graph,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out.sort();
    t.out
}

/// Dependencies first; independent statements in declaration order (Go
/// leaves that order to map iteration, so any order is faithful).
pub(super) fn dependency_order(graph: &[Vec<usize>]) -> Vec<usize> {
    fn visit(v: usize, graph: &[Vec<usize>], done: &mut [bool], out: &mut Vec<usize>) {
        if done[v] {
            return;
        }
        done[v] = true;
        for &w in &graph[v] {
            visit(w, graph, done, out);
        }
        out.push(v);
    }
    let mut done = vec![false; graph.len()];
    let mut out = Vec::with_capacity(graph.len());
    for v in 0..graph.len() {
        visit(v, graph, &mut done, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::moves::testing::stmt;

    /// The bucketed graph finds exactly the edges of testing every pair.
    #[test]
    fn dependency_graph_matches_all_pairs() {
        let all_pairs = |stmts: &[MoveStatement]| -> Vec<Vec<usize>> {
            (0..stmts.len())
                .map(|a| {
                    (0..stmts.len())
                        .filter(|&b| a != b && depends_on(&stmts[a], &stmts[b]))
                        .collect()
                })
                .collect()
        };
        let cases: Vec<(&str, Vec<MoveStatement>)> = vec![
            (
                "chains of resources and instances",
                vec![
                    stmt("", "foo.a", "foo.b"),
                    stmt("", "foo.b", "foo.c"),
                    stmt("", "foo.c[0]", "foo.d[1]"),
                    stmt("", "foo.b[0]", "foo.b[1]"),
                    stmt("", "foo.d[1]", "foo.a[0]"),
                    stmt("", "foo.x", "module.m.foo.x"),
                ],
            ),
            (
                "modules nesting modules and resources, declared at several depths",
                vec![
                    stmt("", "module.a", "module.b"),
                    stmt("", "module.b[0]", "module.c"),
                    stmt("", "module.c.module.d", "module.e"),
                    stmt("b", "foo.x", "foo.y"),
                    stmt("b", "module.k", "module.l[\"z\"]"),
                    stmt("b.l", "foo.x[0]", "foo.x[1]"),
                    stmt("", "module.b.foo.y", "foo.y"),
                    stmt("", "foo.z", "module.a.foo.z"),
                    stmt("", "module.a", "module.a[0]"),
                    stmt("a", "foo.q", "foo.r"),
                ],
            ),
            (
                "a cycle through a module and a resource inside it",
                vec![
                    stmt("", "module.a", "module.b"),
                    stmt("", "module.b.foo.x", "module.a.foo.x"),
                    stmt("", "module.b", "module.a"),
                ],
            ),
        ];
        for (name, stmts) in cases {
            let want = all_pairs(&stmts);
            assert!(want.iter().any(|e| !e.is_empty()), "{name}: has edges");
            assert_eq!(dependency_graph(&stmts), want, "{name}");
        }
    }
}

//! The generator: seeded `terraform_data` configurations and refactors that
//! know their true mapping.
//!
//! Objects, module calls and expansion elements carry ids that every
//! refactor keeps, so an object's identity is its path of ids
//! ((call, element)… then (resource, element)); the true mapping is the old
//! configuration's addresses rendered against the old model and the same
//! ids rendered against the new one. Refactors only add or drop call steps
//! (wrap, extract, move in/out, inline), never guess.

use std::collections::{BTreeMap, BTreeSet};

/// SplitMix64: tiny, and the same sequence on every platform and toolchain.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.next() % 100 < pct
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One piece of a string template.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Lit(String),
    Var(String),
    /// The per-instance value of the enclosing resource or call's expansion.
    Elem,
    Res {
        rid: u32,
        lid: Option<u32>,
    },
    Mod {
        cid: u32,
        lid: Option<u32>,
        out: String,
    },
}

pub type Expr = Vec<Part>;

#[derive(Clone, Debug)]
pub struct Elem {
    pub lid: u32,
    pub key: String,
    pub value: String,
}

#[derive(Clone, Debug)]
pub enum Exp {
    Single,
    Count(Vec<Elem>),
    /// `for_each = toset([...])`; every value equals its key.
    Set(Vec<Elem>),
    Map(Vec<Elem>),
}

impl Exp {
    pub fn elems(&self) -> &[Elem] {
        match self {
            Exp::Single => &[],
            Exp::Count(e) | Exp::Set(e) | Exp::Map(e) => e,
        }
    }
    pub fn elems_mut(&mut self) -> Option<&mut Vec<Elem>> {
        match self {
            Exp::Single => None,
            Exp::Count(e) | Exp::Set(e) | Exp::Map(e) => Some(e),
        }
    }
    /// The instance key of element `lid`, as written in an address.
    pub fn key_of(&self, lid: Option<u32>) -> Option<String> {
        match (self, lid) {
            (Exp::Single, None) => Some(String::new()),
            (Exp::Count(e), Some(l)) => e.iter().position(|x| x.lid == l).map(|i| format!("[{i}]")),
            (Exp::Set(e) | Exp::Map(e), Some(l)) => e
                .iter()
                .find(|x| x.lid == l)
                .map(|x| format!("[\"{}\"]", x.key)),
            _ => None,
        }
    }
    fn lids(&self) -> Vec<Option<u32>> {
        match self {
            Exp::Single => vec![None],
            _ => self.elems().iter().map(|e| Some(e.lid)).collect(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Resource {
    pub rid: u32,
    pub name: String,
    pub exp: Exp,
    pub input: Expr,
    pub triggers: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct Call {
    pub cid: u32,
    pub name: String,
    pub dir: usize,
    pub exp: Exp,
    pub args: Vec<(String, Expr)>,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub vars: Vec<String>,
    pub resources: Vec<Resource>,
    pub calls: Vec<Call>,
    pub outputs: Vec<(String, Expr)>,
}

#[derive(Clone, Debug)]
pub struct Dir {
    /// "" for the root, else "modules/NAME".
    pub path: String,
    pub m: Module,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub dirs: Vec<Dir>,
}

/// An object's identity: the (call, element) steps from the root, then the
/// resource and its element.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct IdAddr {
    pub path: Vec<(u32, Option<u32>)>,
    pub rid: u32,
    pub lid: Option<u32>,
}

const RES_NAMES: &[&str] = &[
    "api", "db", "net", "log", "queue", "cache", "vol", "key", "dns", "lb", "job",
];
const CALL_NAMES: &[&str] = &["net", "data", "iam", "edge", "core", "svc", "app"];
const KEYS: &[&str] = &["a", "b", "blue", "green", "d", "x1", "api", "y2", "prod"];

fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

impl Config {
    /// How many calls (in dirs reachable from the root) use `dir`.
    pub fn callers(&self, dir: usize) -> usize {
        let reach = self.reachable();
        self.dirs
            .iter()
            .enumerate()
            .filter(|(d, _)| reach.contains(d))
            .flat_map(|(_, d)| d.m.calls.iter())
            .filter(|c| c.dir == dir)
            .count()
    }
    pub fn reachable(&self) -> BTreeSet<usize> {
        let mut seen = BTreeSet::from([0usize]);
        let mut todo = vec![0usize];
        while let Some(d) = todo.pop() {
            for c in &self.dirs[d].m.calls {
                if seen.insert(c.dir) {
                    todo.push(c.dir);
                }
            }
        }
        seen
    }

    /// Every object instance: its identity and its address.
    pub fn instances(&self) -> Vec<(IdAddr, String)> {
        let mut out = Vec::new();
        self.walk(0, &mut Vec::new(), String::new(), &mut out, 0);
        out
    }
    fn walk(
        &self,
        d: usize,
        path: &mut Vec<(u32, Option<u32>)>,
        prefix: String,
        out: &mut Vec<(IdAddr, String)>,
        depth: usize,
    ) {
        if depth > 12 {
            return;
        }
        let m = &self.dirs[d].m;
        for r in &m.resources {
            for lid in r.exp.lids() {
                let key = r.exp.key_of(lid).unwrap_or_default();
                out.push((
                    IdAddr {
                        path: path.clone(),
                        rid: r.rid,
                        lid,
                    },
                    format!("{prefix}terraform_data.{}{key}", r.name),
                ));
            }
        }
        for c in &m.calls {
            for lid in c.exp.lids() {
                let key = c.exp.key_of(lid).unwrap_or_default();
                path.push((c.cid, lid));
                self.walk(
                    c.dir,
                    path,
                    format!("{prefix}module.{}{key}.", c.name),
                    out,
                    depth + 1,
                );
                path.pop();
            }
        }
    }

    /// The address of an identity in this configuration, if it is declared.
    pub fn address(&self, id: &IdAddr) -> Option<String> {
        let mut d = 0;
        let mut s = String::new();
        for (cid, lid) in &id.path {
            let c = self.dirs[d].m.calls.iter().find(|c| c.cid == *cid)?;
            s += &format!("module.{}{}.", c.name, c.exp.key_of(*lid)?);
            d = c.dir;
        }
        let r = self.dirs[d].m.resources.iter().find(|r| r.rid == id.rid)?;
        Some(format!(
            "{s}terraform_data.{}{}",
            r.name,
            r.exp.key_of(id.lid)?
        ))
    }

    /// The files of the configuration: path relative to the root → text.
    pub fn render(&self) -> BTreeMap<String, String> {
        let mut files = BTreeMap::new();
        for d in self.reachable() {
            let dir = &self.dirs[d];
            let name = if dir.path.is_empty() {
                "main.tf".to_string()
            } else {
                format!("{}/main.tf", dir.path)
            };
            files.insert(name, self.render_module(d));
        }
        files
    }

    fn render_module(&self, d: usize) -> String {
        let m = &self.dirs[d].m;
        let mut s = String::new();
        for v in &m.vars {
            s += &format!("variable \"{v}\" {{\n  type = string\n}}\n\n");
        }
        for r in &m.resources {
            s += &format!("resource \"terraform_data\" \"{}\" {{\n", r.name);
            s += &render_exp(&r.exp);
            s += &format!("  input = {}\n", self.render_expr(d, &r.input, &r.exp));
            if let Some(t) = &r.triggers {
                s += &format!(
                    "  triggers_replace = [{}]\n",
                    self.render_expr(d, t, &r.exp)
                );
            }
            s += "}\n\n";
        }
        for c in &m.calls {
            let target = &self.dirs[c.dir].path;
            let source = if self.dirs[d].path.is_empty() {
                format!("./{target}")
            } else {
                format!("../{}", target.trim_start_matches("modules/"))
            };
            s += &format!("module \"{}\" {{\n  source = \"{source}\"\n", c.name);
            s += &render_exp(&c.exp);
            for (v, e) in &c.args {
                s += &format!("  {v} = {}\n", self.render_expr(d, e, &c.exp));
            }
            s += "}\n\n";
        }
        for (o, e) in &m.outputs {
            s += &format!(
                "output \"{o}\" {{\n  value = {}\n}}\n\n",
                self.render_expr(d, e, &Exp::Single)
            );
        }
        s
    }

    fn render_expr(&self, d: usize, e: &Expr, exp: &Exp) -> String {
        let m = &self.dirs[d].m;
        let mut s = String::from("\"");
        for p in e {
            match p {
                Part::Lit(l) => s += l,
                Part::Var(v) => s += &format!("${{var.{v}}}"),
                Part::Elem => match exp {
                    Exp::Count(es) => {
                        let list: Vec<String> = es.iter().map(|e| quote(&e.value)).collect();
                        s += &format!("${{[{}][count.index]}}", list.join(", "));
                    }
                    Exp::Set(_) => s += "${each.key}",
                    Exp::Map(_) => s += "${each.value}",
                    Exp::Single => s += "single",
                },
                Part::Res { rid, lid } => {
                    let r = m
                        .resources
                        .iter()
                        .find(|r| r.rid == *rid)
                        .expect("reference to a resource of this module");
                    s += &format!(
                        "${{terraform_data.{}{}.output}}",
                        r.name,
                        r.exp.key_of(*lid).expect("element exists")
                    );
                }
                Part::Mod { cid, lid, out } => {
                    let c = m
                        .calls
                        .iter()
                        .find(|c| c.cid == *cid)
                        .expect("reference to a call of this module");
                    s += &format!(
                        "${{module.{}{}.{out}}}",
                        c.name,
                        c.exp.key_of(*lid).expect("element exists")
                    );
                }
            }
        }
        s + "\""
    }
}

fn render_exp(exp: &Exp) -> String {
    match exp {
        Exp::Single => String::new(),
        Exp::Count(e) => format!("  count = {}\n", e.len()),
        Exp::Set(e) => {
            let keys: Vec<String> = e.iter().map(|e| quote(&e.key)).collect();
            format!("  for_each = toset([{}])\n", keys.join(", "))
        }
        Exp::Map(e) => {
            let kv: Vec<String> = e
                .iter()
                .map(|e| format!("{} = {}", quote(&e.key), quote(&e.value)))
                .collect();
            format!("  for_each = {{ {} }}\n", kv.join(", "))
        }
    }
}

/// The generator's state: fresh ids and names.
pub struct Gen {
    pub rng: Rng,
    next_id: u32,
    next_name: u32,
}

/// What a refactor step did (recorded in case.json).
#[derive(Clone, Debug)]
pub struct Step {
    pub kind: &'static str,
    pub detail: String,
}

impl Gen {
    pub fn new(seed: u64) -> Self {
        Gen {
            rng: Rng::new(seed),
            next_id: 1,
            next_name: 1001,
        }
    }
    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }
    fn fresh(&mut self, base: &str) -> String {
        self.next_name += 1;
        format!("{base}_{}", self.next_name)
    }
    fn token(&mut self) -> String {
        let c = (b'a' + self.rng.below(26) as u8) as char;
        format!("{c}{}", self.rng.below(100))
    }
    fn exp(&mut self, single_pct: u64) -> Exp {
        if self.rng.chance(single_pct) {
            return Exp::Single;
        }
        let n = 1 + self.rng.below(3);
        let mut keys: Vec<&str> = KEYS.to_vec();
        let mut elems = Vec::new();
        for _ in 0..n {
            let k = keys.remove(self.rng.below(keys.len())).to_string();
            let value = if self.rng.chance(30) {
                "same".to_string()
            } else {
                self.token()
            };
            elems.push(Elem {
                lid: self.id(),
                key: k,
                value,
            });
        }
        match self.rng.below(3) {
            0 => Exp::Count(elems),
            1 => {
                for e in &mut elems {
                    e.value = e.key.clone();
                }
                Exp::Set(elems)
            }
            _ => Exp::Map(elems),
        }
    }

    /// A random reference target among the items declared before, in
    /// module `m`.
    fn expr(&mut self, cfg: &Config, m: &Module, own: &Exp) -> Expr {
        let mut e = vec![Part::Lit(format!("{}-", self.token()))];
        if !m.vars.is_empty() && self.rng.chance(60) {
            e.push(Part::Var(self.rng.pick(&m.vars).clone()));
        }
        if !matches!(own, Exp::Single) && self.rng.chance(70) {
            e.push(Part::Lit("/".into()));
            e.push(Part::Elem);
        }
        if !m.resources.is_empty() && self.rng.chance(35) {
            let r = self.rng.pick(&m.resources);
            let lid = self.rng.pick(&r.exp.lids()).to_owned();
            e.push(Part::Lit("/".into()));
            e.push(Part::Res { rid: r.rid, lid });
        }
        let with_outputs: Vec<&Call> = m
            .calls
            .iter()
            .filter(|c| !cfg.dirs[c.dir].m.outputs.is_empty())
            .collect();
        if !with_outputs.is_empty() && self.rng.chance(30) {
            let c = *self.rng.pick(&with_outputs);
            let lid = self.rng.pick(&c.exp.lids()).to_owned();
            let out = self.rng.pick(&cfg.dirs[c.dir].m.outputs).0.clone();
            e.push(Part::Lit("+".into()));
            e.push(Part::Mod {
                cid: c.cid,
                lid,
                out,
            });
        }
        e
    }

    /// A random old configuration.
    pub fn config(&mut self) -> Config {
        let ndirs = 1 + self.rng.below(4);
        let mut cfg = Config {
            dirs: vec![Dir {
                path: String::new(),
                m: Module::default(),
            }],
        };
        let mut names: Vec<&str> = CALL_NAMES.to_vec();
        for _ in 0..ndirs {
            let n = names.remove(self.rng.below(names.len()));
            cfg.dirs.push(Dir {
                path: format!("modules/{n}"),
                m: Module::default(),
            });
        }
        // Deepest first, so a module's children (higher index) exist when it
        // is filled; dir d may call any dir > d.
        for d in (0..cfg.dirs.len()).rev() {
            let mut m = Module::default();
            if d != 0 {
                for v in ["name", "env"].iter().take(self.rng.below(3)) {
                    m.vars.push(v.to_string());
                }
            }
            let nitems = 1 + self.rng.below(if d == 0 { 4 } else { 3 });
            let mut used: BTreeSet<String> = BTreeSet::new();
            let children: Vec<usize> = ((d + 1)..cfg.dirs.len()).collect();
            // Root calls every top-level dir at least once; others sometimes.
            let mut calls_wanted: Vec<usize> = Vec::new();
            for &c in &children {
                let n = if d == 0 {
                    1 + usize::from(self.rng.chance(40))
                } else {
                    usize::from(self.rng.chance(35))
                };
                for _ in 0..n {
                    calls_wanted.push(c);
                }
            }
            let mut items: Vec<Option<usize>> = (0..nitems).map(|_| None).collect();
            for c in calls_wanted {
                let at = self.rng.below(items.len() + 1);
                items.insert(at, Some(c));
            }
            for it in items {
                match it {
                    None => {
                        let mut name = self.rng.pick(RES_NAMES).to_string();
                        while !used.insert(name.clone()) {
                            name = format!("{}{}", self.rng.pick(RES_NAMES), self.rng.below(10));
                        }
                        let exp = self.exp(50);
                        let input = self.expr(&cfg, &m, &exp);
                        let triggers = self
                            .rng
                            .chance(20)
                            .then(|| vec![Part::Lit(format!("t{}", self.rng.below(100)))]);
                        m.resources.push(Resource {
                            rid: self.id(),
                            name,
                            exp,
                            input,
                            triggers,
                        });
                    }
                    Some(c) => {
                        let mut name = cfg.dirs[c].path.trim_start_matches("modules/").to_string();
                        while m.calls.iter().any(|x| x.name == name) {
                            name = format!("{name}{}", 2 + self.rng.below(8));
                        }
                        let exp = self.exp(50);
                        let vars = cfg.dirs[c].m.vars.clone();
                        let mut args = Vec::new();
                        // Twins: often every call passes the same value.
                        let shared = self.rng.chance(40);
                        for v in vars {
                            let e = if shared {
                                vec![Part::Lit(format!("{v}-s"))]
                            } else {
                                self.expr(&cfg, &m, &exp)
                            };
                            args.push((v, e));
                        }
                        m.calls.push(Call {
                            cid: self.id(),
                            name,
                            dir: c,
                            exp,
                            args,
                        });
                    }
                }
            }
            if d != 0 {
                for r in m.resources.clone() {
                    if self.rng.chance(40) {
                        let lid = self.rng.pick(&r.exp.lids()).to_owned();
                        m.outputs
                            .push((format!("o_{}", r.name), vec![Part::Res { rid: r.rid, lid }]));
                    }
                }
            }
            cfg.dirs[d].m = m;
        }
        cfg
    }
}

/// Rewrites every expression of module `d` (resources, call arguments,
/// outputs) with `f`.
fn rewrite_module(m: &mut Module, f: &mut dyn FnMut(&Part) -> Option<Expr>) {
    let apply = |e: &mut Expr, f: &mut dyn FnMut(&Part) -> Option<Expr>| {
        let mut out = Vec::new();
        for p in e.iter() {
            match f(p) {
                Some(rep) => out.extend(rep),
                None => out.push(p.clone()),
            }
        }
        *e = out;
    };
    for r in &mut m.resources {
        apply(&mut r.input, f);
        if let Some(t) = &mut r.triggers {
            apply(t, f);
        }
    }
    for c in &mut m.calls {
        for (_, e) in &mut c.args {
            apply(e, f);
        }
    }
    for (_, e) in &mut m.outputs {
        apply(e, f);
    }
}

/// A configuration with the refactor applied, tracking every object.
pub struct Refactor {
    pub cfg: Config,
    /// old identity → current identity (None: removed).
    pub track: Vec<(IdAddr, Option<IdAddr>)>,
    pub steps: Vec<Step>,
    /// A value was edited, or an object added or removed.
    pub genuine: bool,
}

impl Refactor {
    pub fn new(cfg: Config) -> Self {
        let track = cfg
            .instances()
            .into_iter()
            .map(|(id, _)| (id.clone(), Some(id)))
            .collect();
        Refactor {
            cfg,
            track,
            steps: Vec::new(),
            genuine: false,
        }
    }

    fn cur(&mut self) -> impl Iterator<Item = &mut IdAddr> {
        self.track.iter_mut().filter_map(|(_, c)| c.as_mut())
    }

    fn step(&mut self, kind: &'static str, detail: String) {
        self.steps.push(Step { kind, detail });
    }

    /// Applies one random step; false when the chosen step does not apply.
    pub fn random_step(&mut self, g: &mut Gen, allow_genuine: bool) -> bool {
        let kinds: &[&str] = &[
            "rename_res",
            "rename_res",
            "rename_call",
            "res_count_to_foreach",
            "res_foreach_to_count",
            "call_count_to_foreach",
            "call_foreach_to_count",
            "reorder",
            "wrap_call",
            "wrap_call",
            "extract",
            "extract",
            "move_into_child",
            "move_out_of_child",
            "inline_call",
            "edit_value",
            "add_res",
            "remove_res",
        ];
        let k = *g.rng.pick(kinds);
        if !allow_genuine && matches!(k, "edit_value" | "add_res" | "remove_res") {
            return false;
        }
        let reach: Vec<usize> = self.cfg.reachable().into_iter().collect();
        let d = *g.rng.pick(&reach);
        match k {
            "rename_res" => self.rename_res(g, d),
            "rename_call" => self.rename_call(g, d),
            "res_count_to_foreach"
            | "res_foreach_to_count"
            | "call_count_to_foreach"
            | "call_foreach_to_count"
            | "reorder" => self.change_expansion(g, d, k),
            "wrap_call" => self.wrap_call(g, d),
            "extract" => self.extract(g, d),
            "move_into_child" => self.move_into_child(g, d),
            "move_out_of_child" => self.move_out_of_child(g, d),
            "inline_call" => self.inline_call(g, d),
            "edit_value" => self.edit_value(g, d),
            "add_res" => self.add_res(g, d),
            "remove_res" => self.remove_res(g, d),
            _ => false,
        }
    }

    /// Renames one resource.
    fn rename_res(&mut self, g: &mut Gen, d: usize) -> bool {
        if self.cfg.dirs[d].m.resources.is_empty() {
            return false;
        }
        let i = g.rng.below(self.cfg.dirs[d].m.resources.len());
        let r = &self.cfg.dirs[d].m.resources[i];
        let new = {
            let base = *g.rng.pick(RES_NAMES);
            g.fresh(base)
        };
        self.step(
            "rename_res",
            format!("{}: {} -> {new}", self.cfg.dirs[d].path, r.name),
        );
        self.cfg.dirs[d].m.resources[i].name = new;
        true
    }

    /// Renames one module call.
    fn rename_call(&mut self, g: &mut Gen, d: usize) -> bool {
        if self.cfg.dirs[d].m.calls.is_empty() {
            return false;
        }
        let i = g.rng.below(self.cfg.dirs[d].m.calls.len());
        let new = {
            let base = *g.rng.pick(CALL_NAMES);
            g.fresh(base)
        };
        self.step(
            "rename_call",
            format!(
                "{}: module {} -> {new}",
                self.cfg.dirs[d].path, self.cfg.dirs[d].m.calls[i].name
            ),
        );
        self.cfg.dirs[d].m.calls[i].name = new;
        true
    }

    /// Turns a `count` into `for_each` or back, or reorders a counted list (`k` says which).
    fn change_expansion(&mut self, g: &mut Gen, d: usize, k: &'static str) -> bool {
        let path = self.cfg.dirs[d].path.clone();
        let m = &mut self.cfg.dirs[d].m;
        let mut exps: Vec<(&mut Exp, String)> = Vec::new();
        let on_res = k.starts_with("res") || (k == "reorder" && g.rng.chance(60));
        if on_res {
            for r in &mut m.resources {
                exps.push((&mut r.exp, r.name.clone()));
            }
        } else {
            for c in &mut m.calls {
                exps.push((&mut c.exp, format!("module.{}", c.name)));
            }
        }
        let to_foreach = k.ends_with("to_foreach");
        exps.retain(|(e, _)| match k {
            "reorder" => matches!(e, Exp::Count(v) if v.len() > 1),
            _ if to_foreach => matches!(e, Exp::Count(_)),
            _ => matches!(e, Exp::Set(_) | Exp::Map(_)),
        });
        if exps.is_empty() {
            return false;
        }
        let j = g.rng.below(exps.len());
        let (e, name) = exps.swap_remove(j);
        match k {
            "reorder" => {
                let v = e.elems_mut().expect("counted");
                let n = v.len();
                v.rotate_left(1 + g.rng.below(n - 1));
            }
            _ if to_foreach => {
                let mut keys: Vec<&str> = KEYS.to_vec();
                let mut v = e.elems().to_vec();
                for el in &mut v {
                    el.key = keys.remove(g.rng.below(keys.len())).to_string();
                }
                *e = Exp::Map(v);
            }
            _ => *e = Exp::Count(e.elems().to_vec()),
        }
        self.step(k, format!("{path}: {name}"));
        true
    }

    /// Moves one or two resources into a new child module.
    fn extract(&mut self, g: &mut Gen, d: usize) -> bool {
        let n = self.cfg.dirs[d].m.resources.len();
        if n == 0 {
            return false;
        }
        let wanted = 1 + g.rng.below(n.min(2));
        let mut rids: Vec<u32> = self.cfg.dirs[d].m.resources.iter().map(|r| r.rid).collect();
        while rids.len() > wanted {
            rids.remove(g.rng.below(rids.len()));
        }
        let dirname = g.fresh("x");
        let callname = {
            let base = *g.rng.pick(CALL_NAMES);
            g.fresh(base)
        };
        self.cfg.dirs.push(Dir {
            path: format!("modules/{dirname}"),
            m: Module::default(),
        });
        let e = self.cfg.dirs.len() - 1;
        let cid = g.id();
        self.cfg.dirs[d].m.calls.push(Call {
            cid,
            name: callname.clone(),
            dir: e,
            exp: Exp::Single,
            args: vec![],
        });
        for rid in &rids {
            self.move_into(g, d, cid, *rid, &rids);
        }
        self.step(
            "extract",
            format!(
                "{}: {} resources into module {callname}",
                self.cfg.dirs[d].path,
                rids.len()
            ),
        );
        true
    }

    /// Moves a resource into a child module it calls once.
    fn move_into_child(&mut self, g: &mut Gen, d: usize) -> bool {
        let calls: Vec<u32> = self.single_owned_calls(d);
        if calls.is_empty() || self.cfg.dirs[d].m.resources.is_empty() {
            return false;
        }
        let cid = *g.rng.pick(&calls);
        let rid = g.rng.pick(&self.cfg.dirs[d].m.resources).rid;
        self.move_into(g, d, cid, rid, &[rid]);
        self.step(
            "move_into_child",
            format!("{}: resource {rid} into call {cid}", self.cfg.dirs[d].path),
        );
        true
    }

    /// Moves a resource out of a child module called once.
    fn move_out_of_child(&mut self, g: &mut Gen, d: usize) -> bool {
        let calls: Vec<u32> = self.single_owned_calls(d);
        if calls.is_empty() {
            return false;
        }
        let cid = *g.rng.pick(&calls);
        let e = self.cfg.dirs[d]
            .m
            .calls
            .iter()
            .find(|c| c.cid == cid)
            .expect("call")
            .dir;
        if self.cfg.dirs[e].m.resources.is_empty() {
            return false;
        }
        let rid = g.rng.pick(&self.cfg.dirs[e].m.resources).rid;
        self.move_out(g, d, cid, rid);
        self.step(
            "move_out_of_child",
            format!(
                "{}: resource {rid} out of call {cid}",
                self.cfg.dirs[d].path
            ),
        );
        true
    }

    /// Inlines a module call called once.
    fn inline_call(&mut self, g: &mut Gen, d: usize) -> bool {
        let calls: Vec<u32> = self.single_owned_calls(d);
        if calls.is_empty() {
            return false;
        }
        let cid = *g.rng.pick(&calls);
        if self.cfg.dirs[d]
            .m
            .calls
            .iter()
            .any(|c| c.cid == cid && reads_itself(c))
        {
            return false;
        }
        self.inline(g, d, cid);
        self.step(
            "inline_call",
            format!("{}: call {cid} inlined", self.cfg.dirs[d].path),
        );
        true
    }

    /// Edits a literal in one resource: a genuine change.
    fn edit_value(&mut self, g: &mut Gen, d: usize) -> bool {
        let m = &mut self.cfg.dirs[d].m;
        if m.resources.is_empty() {
            return false;
        }
        let i = g.rng.below(m.resources.len());
        let r = &mut m.resources[i];
        match r.input.iter_mut().find(|p| matches!(p, Part::Lit(_))) {
            Some(p) => *p = Part::Lit("edited-".into()),
            None => r.input.push(Part::Lit("-edited".into())),
        }
        let name = r.name.clone();
        self.genuine = true;
        self.step("edit_value", format!("{}: {name}", self.cfg.dirs[d].path));
        true
    }

    /// Adds a resource: a genuine change.
    fn add_res(&mut self, g: &mut Gen, d: usize) -> bool {
        let name = g.fresh("new");
        let input = vec![Part::Lit(g.token())];
        let rid = g.id();
        self.cfg.dirs[d].m.resources.push(Resource {
            rid,
            name: name.clone(),
            exp: Exp::Single,
            input,
            triggers: None,
        });
        self.genuine = true;
        self.step("add_res", format!("{}: {name}", self.cfg.dirs[d].path));
        true
    }

    /// Removes a resource nothing references: a genuine change.
    fn remove_res(&mut self, g: &mut Gen, d: usize) -> bool {
        let m = &self.cfg.dirs[d].m;
        let referenced = |rid: u32| {
            let mut found = false;
            let mut mm = m.clone();
            rewrite_module(&mut mm, &mut |p| {
                if matches!(p, Part::Res { rid: r, .. } if *r == rid) {
                    found = true;
                }
                None
            });
            found
        };
        let free: Vec<u32> = m
            .resources
            .iter()
            .map(|r| r.rid)
            .filter(|r| !referenced(*r))
            .collect();
        if free.is_empty() {
            return false;
        }
        let rid = *g.rng.pick(&free);
        self.cfg.dirs[d].m.resources.retain(|r| r.rid != rid);
        for (_, c) in &mut self.track {
            if c.as_ref().is_some_and(|c| c.rid == rid) {
                *c = None;
            }
        }
        self.genuine = true;
        self.step(
            "remove_res",
            format!("{}: resource {rid}", self.cfg.dirs[d].path),
        );
        true
    }

    /// Calls of `d` without expansion whose directory nothing else uses.
    fn single_owned_calls(&self, d: usize) -> Vec<u32> {
        self.cfg.dirs[d]
            .m
            .calls
            .iter()
            .filter(|c| matches!(c.exp, Exp::Single) && self.cfg.callers(c.dir) == 1 && c.dir != d)
            .map(|c| c.cid)
            .collect()
    }

    /// A name not used by a resource (or call) of `d`.
    fn free_name(&self, g: &mut Gen, d: usize, name: &str, call: bool) -> String {
        let m = &self.cfg.dirs[d].m;
        let taken = |n: &str| {
            if call {
                m.calls.iter().any(|c| c.name == n)
            } else {
                m.resources.iter().any(|r| r.name == n)
            }
        };
        if taken(name) {
            g.fresh(name)
        } else {
            name.to_string()
        }
    }

    /// Moves resource `rid` of `d` into the child module of call `cid`:
    /// what it reads from `d` becomes variables, what `d` reads from it
    /// becomes outputs.
    fn move_into(&mut self, g: &mut Gen, d: usize, cid: u32, rid: u32, moving: &[u32]) {
        let (ci, e) = {
            let i = self.cfg.dirs[d]
                .m
                .calls
                .iter()
                .position(|c| c.cid == cid)
                .expect("call");
            (i, self.cfg.dirs[d].m.calls[i].dir)
        };
        let ri = self.cfg.dirs[d]
            .m
            .resources
            .iter()
            .position(|r| r.rid == rid)
            .expect("resource");
        let mut r = self.cfg.dirs[d].m.resources.remove(ri);
        // Its references to the parent's scope become variables.
        let mut args = Vec::new();
        let e_rids: BTreeSet<u32> = self.cfg.dirs[e].m.resources.iter().map(|r| r.rid).collect();
        let mut param = |p: &Part| -> Option<Expr> {
            match p {
                // References among the objects that move together stay direct.
                Part::Res { rid: x, .. } if e_rids.contains(x) || moving.contains(x) => None,
                Part::Var(_) | Part::Res { .. } | Part::Mod { .. } => {
                    let v = g.fresh("p");
                    args.push((v.clone(), vec![p.clone()]));
                    Some(vec![Part::Var(v)])
                }
                _ => None,
            }
        };
        let mut one = |e: &mut Expr| {
            let mut out = Vec::new();
            for p in e.iter() {
                match param(p) {
                    Some(rep) => out.extend(rep),
                    None => out.push(p.clone()),
                }
            }
            *e = out;
        };
        one(&mut r.input);
        if let Some(t) = &mut r.triggers {
            one(t);
        }
        r.name = self.free_name(g, e, &r.name, false);
        for (v, _) in &args {
            self.cfg.dirs[e].m.vars.push(v.clone());
        }
        self.cfg.dirs[d].m.calls[ci].args.extend(args);
        // The parent's references to it go through outputs.
        let mut outs = Vec::new();
        rewrite_module(&mut self.cfg.dirs[d].m, &mut |p| match p {
            Part::Res { rid: x, lid } if *x == rid => {
                let o = format!("o{}_{}", rid, lid.unwrap_or(0));
                if !outs.iter().any(|(n, _)| n == &o) {
                    outs.push((o.clone(), vec![Part::Res { rid, lid: *lid }]));
                }
                Some(vec![Part::Mod {
                    cid,
                    lid: None,
                    out: o,
                }])
            }
            _ => None,
        });
        self.cfg.dirs[e].m.outputs.extend(outs);
        self.cfg.dirs[e].m.resources.push(r);
        for c in self.cur() {
            if c.rid == rid {
                c.path.push((cid, None));
            }
        }
    }

    /// Moves resource `rid` out of call `cid`'s module into `d`.
    fn move_out(&mut self, g: &mut Gen, d: usize, cid: u32, rid: u32) {
        let ci = self.cfg.dirs[d]
            .m
            .calls
            .iter()
            .position(|c| c.cid == cid)
            .expect("call");
        let e = self.cfg.dirs[d].m.calls[ci].dir;
        let ri = self.cfg.dirs[e]
            .m
            .resources
            .iter()
            .position(|r| r.rid == rid)
            .expect("resource");
        let mut r = self.cfg.dirs[e].m.resources.remove(ri);
        let call_args = self.cfg.dirs[d].m.calls[ci].args.clone();
        // What it read inside the child: variables become the call's
        // arguments, the child's objects and calls become outputs.
        let mut outs: Vec<(String, Expr)> = Vec::new();
        let mut lift = |p: &Part| -> Option<Expr> {
            match p {
                Part::Var(v) => Some(
                    call_args
                        .iter()
                        .find(|(n, _)| n == v)
                        .map(|(_, e)| e.clone())
                        .unwrap_or_default(),
                ),
                Part::Res { .. } | Part::Mod { .. } => {
                    let o = g.fresh("fw");
                    outs.push((o.clone(), vec![p.clone()]));
                    Some(vec![Part::Mod {
                        cid,
                        lid: None,
                        out: o,
                    }])
                }
                _ => None,
            }
        };
        let mut one = |x: &mut Expr| {
            let mut out = Vec::new();
            for p in x.iter() {
                match lift(p) {
                    Some(rep) => out.extend(rep),
                    None => out.push(p.clone()),
                }
            }
            *x = out;
        };
        one(&mut r.input);
        if let Some(t) = &mut r.triggers {
            one(t);
        }
        self.cfg.dirs[e].m.outputs.extend(outs);
        // What the child read from it becomes a variable fed by the parent.
        let mut new_args = Vec::new();
        rewrite_module(&mut self.cfg.dirs[e].m, &mut |p| match p {
            Part::Res { rid: x, lid } if *x == rid => {
                let v = format!("q{}_{}", rid, lid.unwrap_or(0));
                if !new_args.iter().any(|(n, _)| n == &v) {
                    new_args.push((v.clone(), vec![Part::Res { rid, lid: *lid }]));
                }
                Some(vec![Part::Var(v)])
            }
            _ => None,
        });
        for (v, _) in &new_args {
            self.cfg.dirs[e].m.vars.push(v.clone());
        }
        self.cfg.dirs[d].m.calls[ci].args.extend(new_args);
        r.name = self.free_name(g, d, &r.name, false);
        self.cfg.dirs[d].m.resources.push(r);
        for c in self.cur() {
            if c.rid == rid {
                let last = c.path.pop();
                debug_assert_eq!(last, Some((cid, None)));
            }
        }
    }

    /// Wraps a call of `d` in a new module called once.
    fn wrap_call(&mut self, g: &mut Gen, d: usize) -> bool {
        if self.cfg.dirs[d].m.calls.is_empty() {
            return false;
        }
        let ci = g.rng.below(self.cfg.dirs[d].m.calls.len());
        if reads_itself(&self.cfg.dirs[d].m.calls[ci]) {
            return false;
        }
        let mut c = self.cfg.dirs[d].m.calls.remove(ci);
        let cid = c.cid;
        let mut wargs = Vec::new();
        for (_, e) in &mut c.args {
            let mut out = Vec::new();
            for p in e.iter() {
                match p {
                    Part::Var(_) | Part::Res { .. } | Part::Mod { .. } => {
                        let v = g.fresh("p");
                        wargs.push((v.clone(), vec![p.clone()]));
                        out.push(Part::Var(v));
                    }
                    _ => out.push(p.clone()),
                }
            }
            *e = out;
        }
        let wdir = g.fresh("w");
        let wname = g.fresh("wrap");
        let wcid = g.id();
        // The parent's reads of the wrapped call's outputs are forwarded.
        let mut fwd = Vec::new();
        rewrite_module(&mut self.cfg.dirs[d].m, &mut |p| match p {
            Part::Mod { cid: x, lid, out } if *x == cid => {
                let o = format!("f_{}_{}", out, lid.unwrap_or(0));
                if !fwd.iter().any(|(n, _)| n == &o) {
                    fwd.push((
                        o.clone(),
                        vec![Part::Mod {
                            cid,
                            lid: *lid,
                            out: out.clone(),
                        }],
                    ));
                }
                Some(vec![Part::Mod {
                    cid: wcid,
                    lid: None,
                    out: o,
                }])
            }
            _ => None,
        });
        let m = Module {
            vars: wargs.iter().map(|(v, _)| v.clone()).collect(),
            resources: vec![],
            calls: vec![c.clone()],
            outputs: fwd,
        };
        self.cfg.dirs.push(Dir {
            path: format!("modules/{wdir}"),
            m,
        });
        let w = self.cfg.dirs.len() - 1;
        self.cfg.dirs[d].m.calls.push(Call {
            cid: wcid,
            name: wname.clone(),
            dir: w,
            exp: Exp::Single,
            args: wargs,
        });
        for a in self.cur() {
            if let Some(i) = a.path.iter().position(|(x, _)| *x == cid) {
                a.path.insert(i, (wcid, None));
            }
        }
        self.step(
            "wrap_call",
            format!("{}: module {} into {wname}", self.cfg.dirs[d].path, c.name),
        );
        true
    }

    /// Inlines call `cid` of `d`: the child's resources and calls move into `d`.
    fn inline(&mut self, g: &mut Gen, d: usize, cid: u32) {
        let ci = self.cfg.dirs[d]
            .m
            .calls
            .iter()
            .position(|c| c.cid == cid)
            .expect("call");
        let call = self.cfg.dirs[d].m.calls.remove(ci);
        let mut child = std::mem::take(&mut self.cfg.dirs[call.dir].m);
        let args = call.args.clone();
        rewrite_module(&mut child, &mut |p| match p {
            Part::Var(v) => Some(
                args.iter()
                    .find(|(n, _)| n == v)
                    .map(|(_, e)| e.clone())
                    .unwrap_or_default(),
            ),
            _ => None,
        });
        let outputs = child.outputs.clone();
        rewrite_module(&mut self.cfg.dirs[d].m, &mut |p| match p {
            Part::Mod { cid: x, out, .. } if *x == cid => outputs
                .iter()
                .find(|(n, _)| n == out)
                .map(|(_, e)| e.clone()),
            _ => None,
        });
        for mut r in child.resources {
            r.name = self.free_name(g, d, &r.name, false);
            self.cfg.dirs[d].m.resources.push(r);
        }
        for mut c in child.calls {
            c.name = self.free_name(g, d, &c.name, true);
            self.cfg.dirs[d].m.calls.push(c);
        }
        for a in self.cur() {
            a.path.retain(|(x, _)| *x != cid);
        }
    }
}

/// A call whose arguments read its own outputs (after an object moved into
/// it): valid, but it can be neither wrapped nor inlined as is.
fn reads_itself(c: &Call) -> bool {
    c.args
        .iter()
        .flat_map(|(_, e)| e.iter())
        .any(|p| matches!(p, Part::Mod { cid, .. } if *cid == c.cid))
}

/// Removes resource `rid` everywhere: references to it become a literal.
pub fn drop_resource(cfg: &mut Config, rid: u32) {
    for d in &mut cfg.dirs {
        d.m.resources.retain(|r| r.rid != rid);
        rewrite_module(&mut d.m, &mut |p| {
            matches!(p, Part::Res { rid: x, .. } if *x == rid).then(|| vec![Part::Lit("r".into())])
        });
    }
}

/// Removes call `cid` everywhere: references to its outputs become a literal.
pub fn drop_call(cfg: &mut Config, cid: u32) {
    for d in &mut cfg.dirs {
        d.m.calls.retain(|c| c.cid != cid);
        rewrite_module(&mut d.m, &mut |p| {
            matches!(p, Part::Mod { cid: x, .. } if *x == cid).then(|| vec![Part::Lit("m".into())])
        });
    }
}

/// Removes expansion element `lid` (of a resource or call) and references to it.
pub fn drop_elem(cfg: &mut Config, lid: u32) {
    for d in &mut cfg.dirs {
        for r in &mut d.m.resources {
            if let Some(v) = r.exp.elems_mut() {
                v.retain(|e| e.lid != lid);
            }
        }
        for c in &mut d.m.calls {
            if let Some(v) = c.exp.elems_mut() {
                v.retain(|e| e.lid != lid);
            }
        }
        rewrite_module(&mut d.m, &mut |p| match p {
            Part::Res { lid: Some(l), .. } | Part::Mod { lid: Some(l), .. } if *l == lid => {
                Some(vec![Part::Lit("e".into())])
            }
            _ => None,
        });
    }
}

/// Every resource id, call id and element id of a configuration.
pub fn ids(cfg: &Config) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let (mut r, mut c, mut l) = (vec![], vec![], vec![]);
    for d in &cfg.dirs {
        for x in &d.m.resources {
            r.push(x.rid);
            l.extend(x.exp.elems().iter().map(|e| e.lid));
        }
        for x in &d.m.calls {
            c.push(x.cid);
            l.extend(x.exp.elems().iter().map(|e| e.lid));
        }
    }
    (r, c, l)
}

//! `cargo bench --bench refactor`: times `minimod refactor` on generated
//! configurations of 1k, 10k and 100k `terraform_data` instances, so a
//! quadratic step anywhere in planning, pairing or block derivation shows.
//!
//! Old: a counted resource, a `for_each` resource and a counted module
//! call (10 instances) holding a counted resource. New: the count turned
//! into `for_each` keyed by value, the `for_each` resource renamed, the
//! module call renamed. Every destroy pairs with a create and the proof
//! plan must show nothing added or destroyed.

use std::fs;
use std::path::Path;
use std::time::Instant;

use minimod::diagnostics::SourceMap;
use minimod::refactor::{Request, refactor};

const MODULES: usize = 10;

/// Keys `0..n` as a list built with nested `for` expressions, because
/// `range()` stops at 1024 elements.
fn indices(n: usize) -> String {
    let inner = 1000;
    let outer = n.div_ceil(inner);
    format!(
        "[for i in flatten([for p in range({outer}) : [for q in range({inner}) : p * {inner} + q]]) : i if i < {n}]"
    )
}

fn write(dir: &Path, files: &[(&str, String)]) {
    for (name, text) in files {
        let path = dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The sizes of the three parts for `n` instances in all.
fn parts(n: usize) -> (usize, usize, usize) {
    let per_module = n * 4 / 10 / MODULES;
    let counted = n * 3 / 10;
    let each = n - counted - per_module * MODULES;
    (counted, each, per_module)
}

fn generate(root: &Path, n: usize) {
    let (counted, each, per_module) = parts(n);
    let module = r#"variable "n" {
  type = number
}

resource "terraform_data" "x" {
  count = var.n
  input = "x${count.index}"
}
"#
    .to_string();
    let locals = format!(
        r#"locals {{
  counted = {}
  each    = toset([for i in {} : "e${{i}}"])
}}
"#,
        indices(counted),
        indices(each)
    );
    let old = format!(
        r#"{locals}
resource "terraform_data" "counted" {{
  count = {counted}
  input = "c${{count.index}}"
}}

resource "terraform_data" "each" {{
  for_each = local.each
  input    = each.key
}}

module "m" {{
  source = "./mod"
  count  = {MODULES}
  n      = {per_module}
}}
"#
    );
    let new = format!(
        r#"{locals}
resource "terraform_data" "counted" {{
  for_each = toset([for i in local.counted : "c${{i}}"])
  input    = each.key
}}

resource "terraform_data" "renamed" {{
  for_each = local.each
  input    = each.key
}}

module "n" {{
  source = "./mod"
  count  = {MODULES}
  n      = {per_module}
}}
"#
    );
    write(
        &root.join("old"),
        &[("main.tf", old), ("mod/main.tf", module.clone())],
    );
    write(
        &root.join("new"),
        &[("main.tf", new), ("mod/main.tf", module)],
    );
}

fn main() {
    // `cargo bench` passes `--bench`; numbers given on the command line
    // pick the sizes instead of the default ones.
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.replace('_', "").parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        sizes
    };
    for n in sizes {
        let tmp = tempfile::tempdir().unwrap();
        generate(tmp.path(), n);
        let req = Request {
            old_dir: tmp.path().join("old"),
            new_dir: tmp.path().join("new"),
            state: None,
            vars: Vec::new(),
            engine: None,
            place_root: false,
            variables: Vec::new(),
            unset_variables_unknown: false,
            defer_unknown_keys: false,
            tf_var_env: Vec::new(),
            file_roots: None,
        };
        let start = Instant::now();
        let outcome = refactor(&req, &mut SourceMap::default())
            .unwrap_or_else(|d| panic!("refactor failed: {:?}", d.0.first()));
        let elapsed = start.elapsed();
        let (add, _, destroy) = outcome.proof.counts();
        println!(
            "{n:>7} instances: {:>9.3} s, {} pairs, {} blocks, proof {add} add / {destroy} destroy",
            elapsed.as_secs_f64(),
            outcome.pairing.pairs.len(),
            outcome.blocks.len(),
        );
        assert_eq!((add, destroy), (0, 0), "the proof must hold for {n}");
        assert_eq!(outcome.pairing.pairs.len(), n, "every instance pairs");
    }
}

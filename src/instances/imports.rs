//! An `import` block's `for_each`: the `each` each instance of the block
//! is evaluated with (terraform 1.7's import repetition). Unlike a
//! resource's, it may be a list or tuple, whose `each.key` is the index.

use crate::addrs::ModuleInstance;
use crate::diagnostics::Diagnostics;
use crate::lang::eval::Eval;
use crate::lang::value::Value;
use crate::syntax::ast::Expr;

use super::expand::{Expansion, Repetition};
use super::run::{Run, err};

/// One instance of a repeated `import` block: its `each.key` and
/// `each.value`.
pub(crate) type ImportEach = (Value, Value);

impl Run<'_> {
    /// The instances of an `import` block's `for_each`, in key order (a
    /// list's in index order).
    pub(crate) fn import_for_each(&self, e: &Expr) -> Result<Vec<ImportEach>, Diagnostics> {
        let root = ModuleInstance::default();
        if let Value::Tuple(items) | Value::List(_, items) = self.eval_in(&root, e)? {
            if items.iter().any(Value::is_marked) {
                return Err(err(
                    "Invalid for_each argument",
                    "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.",
                    &e.range,
                ));
            }
            return Ok(items
                .iter()
                .enumerate()
                .map(|(i, v)| (Value::int(i as i64), v.clone()))
                .collect());
        }
        match self.for_each(&root, e)? {
            Expansion::ForEach(m) => Ok(m
                .iter()
                .map(|(k, v)| (Value::string(k.clone()), v.clone()))
                .collect()),
            _ => Ok(Vec::new()),
        }
    }

    /// `expr` in the root module, with `each` when the block repeats.
    pub(crate) fn eval_import(
        &self,
        expr: &Expr,
        each: Option<&ImportEach>,
    ) -> Result<Value, Diagnostics> {
        let rep = Repetition {
            count: None,
            each: each.cloned(),
        };
        let root = ModuleInstance::default();
        let scope = self.scope(&root, rep);
        Eval::new(&scope).expr(expr)
    }
}

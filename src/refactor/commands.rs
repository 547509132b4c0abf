//! The refactor as `terraform state mv` commands, for teams on versions
//! without `moved` blocks or who must move state by hand (tfautomv's
//! commands output). One command per object, from its address in the state
//! as it is now, ordered so that no destination is still occupied when its
//! object arrives; a cycle (two objects swapping places) goes through a
//! temporary address.

use std::collections::BTreeSet;

use crate::addrs::{AbsResourceInstance, InstanceKey, Resource};

/// The moves, in an order `terraform state mv` can carry out one by one.
pub(crate) fn ordered(
    moves: &[(AbsResourceInstance, AbsResourceInstance)],
) -> Vec<(AbsResourceInstance, AbsResourceInstance)> {
    let mut pending: Vec<(AbsResourceInstance, AbsResourceInstance)> =
        moves.iter().filter(|(f, t)| f != t).cloned().collect();
    let mut out = Vec::new();
    let mut spare = 0;
    while !pending.is_empty() {
        let sources: BTreeSet<&AbsResourceInstance> = pending.iter().map(|(f, _)| f).collect();
        // A move whose destination no waiting object still occupies.
        match pending.iter().position(|(_, t)| !sources.contains(t)) {
            Some(i) => out.push(pending.remove(i)),
            None => {
                // Only cycles remain: park one object, and move it last.
                let (from, to) = pending.remove(0);
                let parked = temporary(&from, &mut spare, moves);
                out.push((from, parked.clone()));
                pending.push((parked, to));
            }
        }
    }
    out
}

/// An address no object of the refactor uses, in the same module and of
/// the same type: `TYPE.minimod_swap_N`.
fn temporary(
    near: &AbsResourceInstance,
    spare: &mut usize,
    moves: &[(AbsResourceInstance, AbsResourceInstance)],
) -> AbsResourceInstance {
    loop {
        let name = format!("minimod_swap_{spare}");
        *spare += 1;
        let r = Resource::new(
            near.resource.resource.mode,
            &near.resource.resource.type_name,
            &name,
        );
        let addr = r.absolute(near.module.clone()).instance(InstanceKey::NoKey);
        if !moves.iter().any(|(f, t)| *f == addr || *t == addr) {
            return addr;
        }
    }
}

/// One shell line per move: `terraform state mv 'FROM' 'TO'`, quoted for
/// any POSIX shell whatever the keys hold. A remote module instance whose
/// content is not read moves as the module instance it is: `state mv`
/// takes everything under it along.
pub(crate) fn state_mv_lines(
    binary: &str,
    moves: &[(AbsResourceInstance, AbsResourceInstance)],
) -> Vec<String> {
    ordered(moves)
        .iter()
        .map(|(f, t)| {
            format!(
                "{} state mv {} {}",
                shell_quote(binary),
                shell_quote(&super::remote::unnamed_contents(&f.to_string())),
                shell_quote(&super::remote::unnamed_contents(&t.to_string()))
            )
        })
        .collect()
}

/// `s` as one shell word: as it is when it holds only characters no shell
/// treats specially, else in single quotes, each `'` written as `'\''`.
pub(crate) fn shell_quote(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> AbsResourceInstance {
        AbsResourceInstance::parse(s).unwrap()
    }

    fn mv(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        let moves: Vec<_> = pairs.iter().map(|(f, t)| (addr(f), addr(t))).collect();
        ordered(&moves)
            .iter()
            .map(|(f, t)| (f.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn a_chain_moves_its_last_link_first() {
        assert_eq!(
            mv(&[
                ("terraform_data.a", "terraform_data.b"),
                ("terraform_data.b", "terraform_data.c")
            ]),
            vec![
                ("terraform_data.b".into(), "terraform_data.c".into()),
                ("terraform_data.a".into(), "terraform_data.b".into()),
            ]
        );
    }

    #[test]
    fn a_swap_goes_through_a_temporary_address() {
        assert_eq!(
            mv(&[
                ("terraform_data.x[0]", "terraform_data.x[1]"),
                ("terraform_data.x[1]", "terraform_data.x[0]")
            ]),
            vec![
                (
                    "terraform_data.x[0]".into(),
                    "terraform_data.minimod_swap_0".into()
                ),
                ("terraform_data.x[1]".into(), "terraform_data.x[0]".into()),
                (
                    "terraform_data.minimod_swap_0".into(),
                    "terraform_data.x[1]".into()
                ),
            ]
        );
    }

    #[test]
    fn quoting_survives_quotes_spaces_and_unicode() {
        assert_eq!(shell_quote(r#"a.b["it's é x"]"#), r#"'a.b["it'\''s é x"]'"#);
        assert_eq!(shell_quote("terraform"), "terraform");
        assert_eq!(shell_quote("terraform_data.a"), "terraform_data.a");
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "printf %s {}",
                shell_quote(r#"m["$(x) `y` 'z' \n"]"#)
            ))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            r#"m["$(x) `y` 'z' \n"]"#
        );
    }
}

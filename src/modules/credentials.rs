//! What terraform's CLI configuration says about module hosts: API tokens
//! (`TF_TOKEN_<host>` variables and `credentials "host" { token = ... }`
//! blocks) and `host "name" { services = { "modules.v1" = URL } }` blocks,
//! which stand in for a host's service discovery. A token is held as a
//! [`Token`], which never prints its value.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::eval::{ConstantScope, Eval};
use crate::syntax::body::{Block, Body};
use crate::syntax::native;
use crate::syntax::source::SourceFile;

/// A bearer token. Its `Debug` and `Display` print no part of it.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Token(String);

impl Token {
    /// The `Authorization` header's value.
    pub(crate) fn header(&self) -> String {
        format!("Bearer {}", self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(sensitive)")
    }
}

/// Tokens and forced services by host (lower case, as compared).
#[derive(Clone, Debug, Default)]
pub(crate) struct HostConfig {
    tokens: HashMap<String, Token>,
    services: HashMap<String, HashMap<String, String>>,
}

impl HostConfig {
    /// From the environment's `TF_TOKEN_*` variables (given as pairs: the
    /// caller reads the environment) and the CLI configuration's text, if
    /// any. A variable wins over a block for the same host, as in
    /// terraform. A configuration that does not parse is a warning, and
    /// ignored, as terraform treats it.
    pub(crate) fn new(
        env: &[(String, String)],
        cli_config: Option<(&Path, &str)>,
        warnings: &mut Diagnostics,
    ) -> HostConfig {
        let mut out = HostConfig::default();
        if let Some((path, text)) = cli_config
            && let Err(d) = out.read_cli_config(path, text)
        {
            for mut w in d.0 {
                w.severity = crate::diagnostics::Severity::Warning;
                warnings.push(w);
            }
        }
        for (name, value) in env {
            if let Some(host) = name.strip_prefix("TF_TOKEN_") {
                let host = host.replace("__", "-").replace('_', ".");
                if !host.is_empty() {
                    out.tokens
                        .insert(host.to_ascii_lowercase(), Token(value.clone()));
                }
            }
        }
        out
    }

    fn read_cli_config(&mut self, path: &Path, text: &str) -> Result<(), Diagnostics> {
        let file = SourceFile::new(&path.to_string_lossy(), text);
        let Body::Native { blocks, .. } = native::parse_file(&file)? else {
            return Ok(());
        };
        for block in &blocks {
            let Some(host) = block.labels.first().map(|h| h.to_ascii_lowercase()) else {
                continue;
            };
            match block.kind.as_str() {
                "credentials" => {
                    if let Some(token) = string_attr(block, "token")? {
                        self.tokens.insert(host, Token(token));
                    }
                }
                "host" => {
                    let Some(v) = attr_value(block, "services")? else {
                        continue;
                    };
                    let Some(m) = v.as_mapping() else {
                        return Err(Diagnostic::error(
                            "Invalid CLI configuration",
                            format!(
                                "The services of host \"{host}\" must be an object of service URLs."
                            ),
                        )
                        .into());
                    };
                    let services = m
                        .iter()
                        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                        .collect();
                    self.services.insert(host, services);
                }
                _ => {}
            }
        }
        Ok(())
    }

    pub(crate) fn token(&self, host: &str) -> Option<&Token> {
        self.tokens.get(&host.to_ascii_lowercase())
    }

    /// The services a `host` block gives, standing in for discovery.
    pub(crate) fn forced_services(&self, host: &str) -> Option<&HashMap<String, String>> {
        self.services.get(&host.to_ascii_lowercase())
    }
}

fn attr_value(block: &Block, name: &str) -> Result<Option<crate::lang::value::Value>, Diagnostics> {
    let Body::Native { attributes, .. } = &block.body else {
        return Ok(None);
    };
    match attributes.iter().find(|a| a.name == name) {
        Some(a) => Ok(Some(Eval::new(&ConstantScope).expr(&a.expr)?)),
        None => Ok(None),
    }
}

fn string_attr(block: &Block, name: &str) -> Result<Option<String>, Diagnostics> {
    Ok(attr_value(block, name)?.and_then(|v| v.as_str().map(str::to_string)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_come_from_variables_and_blocks() {
        let text = r#"
credentials "App.Example.com" {
  token = "from-file"
}
credentials "other.example.com" {
  token = "other"
}
host "registry.test" {
  services = {
    "modules.v1" = "http://127.0.0.1:1/v1/modules/"
  }
}
"#;
        let env = vec![
            (
                "TF_TOKEN_app_example_com".to_string(),
                "from-env".to_string(),
            ),
            (
                "TF_TOKEN_my__host_example_com".to_string(),
                "dash".to_string(),
            ),
            ("PATH".to_string(), "/bin".to_string()),
        ];
        let mut w = Diagnostics::default();
        let c = HostConfig::new(&env, Some((Path::new("rc"), text)), &mut w);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(
            c.token("app.example.com").unwrap().header(),
            "Bearer from-env"
        );
        assert_eq!(
            c.token("OTHER.example.com").unwrap().header(),
            "Bearer other"
        );
        assert_eq!(
            c.token("my-host.example.com").unwrap().header(),
            "Bearer dash"
        );
        assert!(c.token("nowhere.example.com").is_none());
        assert_eq!(
            c.forced_services("registry.test").unwrap()["modules.v1"],
            "http://127.0.0.1:1/v1/modules/"
        );
        assert_eq!(
            format!("{:?}", c.token("app.example.com")),
            "Some(Token(sensitive))"
        );
    }

    #[test]
    fn a_broken_configuration_is_a_warning() {
        let mut w = Diagnostics::default();
        let c = HostConfig::new(&[], Some((Path::new("rc"), "credentials \"x\" {")), &mut w);
        assert!(!w.is_empty() && !w.has_errors());
        assert!(c.token("x").is_none());
    }
}

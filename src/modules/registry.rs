//! The module registry protocol: service discovery (`modules.v1` from
//! `https://HOST/.well-known/terraform.json`, or the CLI configuration's
//! `host` block), the versions of a package, and where one version's
//! package is downloaded from (`X-Terraform-Get`, or a JSON `location`).

use std::cell::RefCell;
use std::collections::HashMap;

use serde::Deserialize;

use super::credentials::HostConfig;
use super::http::{self, Client};
use super::source::RegistrySource;

/// Registry answers are small: a larger one is not a registry's.
const MAX_JSON: u64 = 8 << 20;

const SERVICE: &str = "modules.v1";

/// Why a registry did not answer as asked; the detail is terraform's
/// wording for the cause.
#[derive(Clone, Debug)]
pub(crate) enum RegistryError {
    /// The versions endpoint answered 404.
    NotFound,
    /// Discovery failed or the request did: the cause.
    Access(String),
    /// The answer was not the protocol's.
    Invalid(String),
}

pub(crate) struct Registry<'a> {
    http: &'a Client,
    hosts: &'a HostConfig,
    bases: RefCell<HashMap<String, Result<String, RegistryError>>>,
}

#[derive(Deserialize)]
struct Versions {
    #[serde(default)]
    modules: Vec<ModuleVersions>,
}

#[derive(Deserialize)]
struct ModuleVersions {
    #[serde(default)]
    versions: Vec<OneVersion>,
}

#[derive(Deserialize)]
struct OneVersion {
    version: String,
}

#[derive(Deserialize)]
struct Location {
    location: Option<String>,
}

impl<'a> Registry<'a> {
    pub(crate) fn new(http: &'a Client, hosts: &'a HostConfig) -> Registry<'a> {
        Registry {
            http,
            hosts,
            bases: RefCell::new(HashMap::new()),
        }
    }

    fn get(&self, host: &str, url: &str) -> Result<http::Response, RegistryError> {
        // The registry's token goes to its API, wherever its services are.
        self.http
            .get(url, self.hosts.token(host), MAX_JSON)
            .map_err(|e| RegistryError::Access(e.to_string()))
    }

    /// The `modules.v1` base URL of a host, discovered once per run.
    fn base(&self, host: &str) -> Result<String, RegistryError> {
        if let Some(b) = self.bases.borrow().get(host) {
            return b.clone();
        }
        let found = self.discover(host);
        self.bases
            .borrow_mut()
            .insert(host.to_string(), found.clone());
        found
    }

    fn discover(&self, host: &str) -> Result<String, RegistryError> {
        let disco_url = format!("https://{host}/.well-known/terraform.json");
        let not_provided =
            || RegistryError::Access(format!("host {host} does not provide a module registry"));
        let services: HashMap<String, serde_json::Value> = match self.hosts.forced_services(host) {
            Some(forced) => forced
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect(),
            None => {
                let resp = self.get(host, &disco_url).map_err(|e| match e {
                    RegistryError::Access(c) => {
                        RegistryError::Access(format!("failed to request discovery document: {c}"))
                    }
                    e => e,
                })?;
                match resp.status {
                    200 => {}
                    404 => return Err(not_provided()),
                    s => {
                        return Err(RegistryError::Access(format!(
                            "failed to request discovery document: {s} returned from {host}"
                        )));
                    }
                }
                let is_json = resp.header("content-type").is_some_and(|c| {
                    c.trim_start()
                        .to_ascii_lowercase()
                        .starts_with("application/json")
                });
                if !is_json {
                    return Err(RegistryError::Access(format!(
                        "Discovery URL has a malformed Content-Type {:?}",
                        resp.header("content-type").unwrap_or("")
                    )));
                }
                serde_json::from_slice(&resp.body).map_err(|e| {
                    RegistryError::Access(format!("failed to decode discovery document: {e}"))
                })?
            }
        };
        let Some(url) = services.get(SERVICE) else {
            if services.keys().any(|k| k.starts_with("modules.")) {
                return Err(RegistryError::Access(format!(
                    "host {host} does not support modules version 1"
                )));
            }
            return Err(not_provided());
        };
        let Some(url) = url.as_str() else {
            return Err(not_provided());
        };
        let abs = http::resolve(&disco_url, url);
        match http::scheme(&abs).as_str() {
            "https" | "http" => Ok(abs),
            s => Err(RegistryError::Access(format!(
                "Failed to parse service URL: unsupported scheme {s}"
            ))),
        }
    }

    /// The version strings a registry lists for a package, as given.
    pub(crate) fn versions(&self, pkg: &RegistrySource) -> Result<Vec<String>, RegistryError> {
        let base = self.base(&pkg.host)?;
        let url = http::resolve(
            &base,
            &format!("{}/{}/{}/versions", pkg.namespace, pkg.name, pkg.system),
        );
        let resp = self.get(&pkg.host, &url)?;
        match resp.status {
            200 => {}
            404 => return Err(RegistryError::NotFound),
            s => {
                return Err(RegistryError::Access(format!(
                    "error looking up module versions: {s}"
                )));
            }
        }
        let v: Versions =
            serde_json::from_slice(&resp.body).map_err(|e| RegistryError::Access(e.to_string()))?;
        let Some(first) = v.modules.into_iter().next() else {
            return Err(RegistryError::Invalid(String::new()));
        };
        Ok(first.versions.into_iter().map(|v| v.version).collect())
    }

    /// Where one version's package is, as the registry says (a go-getter
    /// address; a relative one resolved against the download URL).
    pub(crate) fn location(
        &self,
        pkg: &RegistrySource,
        version: &str,
    ) -> Result<String, RegistryError> {
        let base = self.base(&pkg.host)?;
        let url = http::resolve(
            &base,
            &format!(
                "{}/{}/{}/{version}/download",
                pkg.namespace, pkg.name, pkg.system
            ),
        );
        let resp = self.get(&pkg.host, &url)?;
        let shown = pkg.package();
        match resp.status {
            200 | 204 => {}
            404 => {
                return Err(RegistryError::Access(format!(
                    "module \"{shown}\" version \"{version}\" not found"
                )));
            }
            s => {
                return Err(RegistryError::Access(format!(
                    "error getting download location for \"{shown}\": {s}"
                )));
            }
        }
        let location = match resp.header("x-terraform-get") {
            Some(l) if !l.is_empty() => Some(l.to_string()),
            _ => serde_json::from_slice::<Location>(&resp.body)
                .ok()
                .and_then(|l| l.location)
                .filter(|l| !l.is_empty()),
        };
        let Some(location) = location else {
            return Err(RegistryError::Access(format!(
                "failed to get download URL for \"{shown}\": {}",
                resp.status
            )));
        };
        if location.starts_with('/') || location.starts_with("./") || location.starts_with("../") {
            return Ok(http::resolve(&resp.url, &location));
        }
        Ok(location)
    }
}

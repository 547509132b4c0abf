//! HTTP(S) GETs for the registry protocol and archive downloads: rustls,
//! a bounded body, redirects followed by hand so that one to another
//! scheme is refused and a token never follows a redirect to another
//! host.

use std::io::Read;
use std::time::Duration;

use super::credentials::Token;

/// How many redirects one request follows, as Go's client does.
const MAX_REDIRECTS: usize = 10;

pub(crate) struct Response {
    pub status: u16,
    /// The URL that answered, after redirects: relative locations in the
    /// answer resolve against it.
    pub url: String,
    headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Debug)]
pub(crate) enum HttpError {
    /// The request could not be made or answered (the cause, no URL
    /// credentials: none are ever put in a URL).
    Failed(String),
    TooLarge(u64),
    SchemeChange {
        from: String,
        to: String,
    },
    TooManyRedirects,
}

impl std::fmt::Display for HttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HttpError::Failed(e) => f.write_str(e),
            HttpError::TooLarge(n) => {
                write!(f, "the response is larger than the limit of {n} bytes")
            }
            HttpError::SchemeChange { from, to } => write!(
                f,
                "a redirect from {from} to {to} changes the scheme, which is not followed"
            ),
            HttpError::TooManyRedirects => write!(f, "stopped after {MAX_REDIRECTS} redirects"),
        }
    }
}

pub(crate) struct Client {
    agent: ureq::Agent,
    /// For loopback hosts: never through a proxy.
    direct: ureq::Agent,
}

impl Client {
    pub(crate) fn new() -> Client {
        let agent = |proxy: bool| {
            let mut c = ureq::Agent::config_builder()
                .max_redirects(0)
                .http_status_as_error(false)
                .timeout_global(Some(Duration::from_secs(300)))
                .timeout_connect(Some(Duration::from_secs(30)))
                .user_agent(concat!("minimod/", env!("CARGO_PKG_VERSION")));
            if !proxy {
                c = c.proxy(None);
            }
            c.build().new_agent()
        };
        Client {
            agent: agent(true),
            direct: agent(false),
        }
    }

    /// GETs `url`, following redirects within its scheme. `token` goes to
    /// `url`'s host only, not to another a redirect leads to. A body past
    /// `limit` bytes is an error.
    pub(crate) fn get(
        &self,
        url: &str,
        token: Option<&Token>,
        limit: u64,
    ) -> Result<Response, HttpError> {
        let token_host = authority(url).unwrap_or_default();
        let mut current = url.to_string();
        for _ in 0..=MAX_REDIRECTS {
            let host = authority(&current).unwrap_or_default();
            let agent = match is_loopback(&host) {
                true => &self.direct,
                false => &self.agent,
            };
            let mut req = agent.get(&current);
            if let Some(token) = token
                && host.eq_ignore_ascii_case(&token_host)
            {
                req = req.header("Authorization", token.header());
            }
            let resp = req.call().map_err(|e| HttpError::Failed(e.to_string()))?;
            let status = resp.status().as_u16();
            let headers: Vec<(String, String)> = resp
                .headers()
                .iter()
                .filter_map(|(n, v)| Some((n.as_str().to_string(), v.to_str().ok()?.to_string())))
                .collect();
            if (300..400).contains(&status)
                && status != 304
                && let Some((_, loc)) = headers
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case("location"))
            {
                let next = resolve(&current, loc);
                let (from, to) = (scheme(&current), scheme(&next));
                if !from.eq_ignore_ascii_case(&to) {
                    return Err(HttpError::SchemeChange {
                        from: current,
                        to: next,
                    });
                }
                current = next;
                continue;
            }
            let mut body = Vec::new();
            resp.into_body()
                .into_reader()
                .take(limit + 1)
                .read_to_end(&mut body)
                .map_err(|e| HttpError::Failed(e.to_string()))?;
            if body.len() as u64 > limit {
                return Err(HttpError::TooLarge(limit));
            }
            return Ok(Response {
                status,
                url: current,
                headers,
                body,
            });
        }
        Err(HttpError::TooManyRedirects)
    }
}

fn is_loopback(authority: &str) -> bool {
    let host = authority.rsplit_once(':').map_or(authority, |(h, _)| h);
    host == "127.0.0.1" || host == "localhost" || host == "[::1]"
}

pub(crate) fn scheme(url: &str) -> String {
    url.split_once("://")
        .map(|(s, _)| s.to_ascii_lowercase())
        .unwrap_or_default()
}

/// `host:port` of an absolute URL.
pub(crate) fn authority(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

/// Resolves a reference against a base URL (RFC 3986, as Go's
/// `ResolveReference`: a base path without a trailing slash loses its
/// last segment).
pub(crate) fn resolve(base: &str, reference: &str) -> String {
    if reference.contains("://") && !reference.starts_with('/') {
        return reference.to_string();
    }
    let scheme = scheme(base);
    let authority = authority(base).unwrap_or_default();
    let origin = format!("{scheme}://{authority}");
    if let Some(r) = reference.strip_prefix("//") {
        return format!("{scheme}://{r}");
    }
    let base_rest = base.get(origin.len()..).unwrap_or("");
    let base_path = base_rest.split(['?', '#']).next().unwrap_or("");
    let (ref_path, ref_query) = match reference.find('?') {
        Some(i) => (&reference[..i], &reference[i..]),
        None => (reference, ""),
    };
    if ref_path.is_empty() {
        let path = if base_path.is_empty() { "/" } else { base_path };
        let query = if ref_query.is_empty() {
            base_rest.find('?').map_or("", |i| &base_rest[i..])
        } else {
            ref_query
        };
        return format!("{origin}{path}{query}");
    }
    let merged = if ref_path.starts_with('/') {
        ref_path.to_string()
    } else {
        let dir = base_path.rfind('/').map_or("/", |i| &base_path[..=i]);
        format!("{dir}{ref_path}")
    };
    format!("{origin}{}{ref_query}", remove_dots(&merged))
}

fn remove_dots(path: &str) -> String {
    let trailing = path.ends_with('/') || path.ends_with("/.") || path.ends_with("/..");
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/').skip(1) {
        match seg {
            "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let mut s = format!("/{}", out.join("/"));
    if trailing && !s.ends_with('/') {
        s.push('/');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_resolve_as_go_resolves_them() {
        let b = "http://127.0.0.1:80/v1/modules/ns/n/s/1.0.0/download";
        assert_eq!(
            resolve(b, "/archives/a.tgz"),
            "http://127.0.0.1:80/archives/a.tgz"
        );
        assert_eq!(
            resolve(b, "./a.tgz"),
            "http://127.0.0.1:80/v1/modules/ns/n/s/1.0.0/a.tgz"
        );
        assert_eq!(
            resolve(b, "../a.tgz"),
            "http://127.0.0.1:80/v1/modules/ns/n/s/a.tgz"
        );
        assert_eq!(resolve(b, "https://x.example/a"), "https://x.example/a");
        assert_eq!(
            resolve("https://h.example/v1/modules/", "ns/n/s/versions"),
            "https://h.example/v1/modules/ns/n/s/versions"
        );
        assert_eq!(
            resolve("https://h.example/v1/modules", "ns/n/s/versions"),
            "https://h.example/v1/ns/n/s/versions"
        );
        assert_eq!(
            resolve(
                "https://h.example/.well-known/terraform.json",
                "/api/modules/"
            ),
            "https://h.example/api/modules/"
        );
        assert_eq!(
            authority("http://127.0.0.1:99/x?y").as_deref(),
            Some("127.0.0.1:99")
        );
    }
}

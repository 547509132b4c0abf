//! A loopback module registry for tests: an HTTP/1.1 server on
//! 127.0.0.1 with an ephemeral port that answers canned replies by path
//! (404 otherwise) and records every request, and the tarballs it serves.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// One canned answer.
#[derive(Clone)]
pub struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

pub fn reply(status: u16, headers: &[(&str, &str)], body: impl Into<Vec<u8>>) -> Reply {
    Reply {
        status,
        headers: headers
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        body: body.into(),
    }
}

/// A request the server saw: its path and `Authorization` header.
#[derive(Clone, Debug)]
pub struct Seen {
    pub path: String,
    pub auth: Option<String>,
}

/// The loopback registry: answers by path; everything else is 404.
pub struct Server {
    pub port: u16,
    routes: Arc<Mutex<BTreeMap<String, Reply>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Server {
    pub fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let routes: Arc<Mutex<BTreeMap<String, Reply>>> = Arc::default();
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let (r, s) = (routes.clone(), seen.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let _ = serve(stream, &r, &s);
            }
        });
        Server { port, routes, seen }
    }

    pub fn route(&self, path: &str, r: Reply) {
        self.routes.lock().unwrap().insert(path.to_string(), r);
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn serve(
    stream: TcpStream,
    routes: &Mutex<BTreeMap<String, Reply>>,
    seen: &Mutex<Vec<Seen>>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut auth = None;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h)? == 0 || h == "\r\n" {
            break;
        }
        if let Some((n, v)) = h.split_once(':')
            && n.eq_ignore_ascii_case("authorization")
        {
            auth = Some(v.trim().to_string());
        }
    }
    let path = target.split('?').next().unwrap_or("").to_string();
    seen.lock().unwrap().push(Seen {
        path: path.clone(),
        auth,
    });
    let r = routes
        .lock()
        .unwrap()
        .get(&path)
        .cloned()
        .unwrap_or_else(|| reply(404, &[], "not found"));
    let mut out = stream;
    write!(
        out,
        "HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n",
        r.status,
        r.body.len()
    )?;
    for (n, v) in &r.headers {
        write!(out, "{n}: {v}\r\n")?;
    }
    out.write_all(b"\r\n")?;
    out.write_all(&r.body)?;
    out.flush()
}

/// A tar.gz of (path, content) pairs.
pub fn tarball(files: &[(&str, &str)]) -> Vec<u8> {
    let mut b = tar::Builder::new(flate2::write::GzEncoder::new(
        Vec::new(),
        flate2::Compression::fast(),
    ));
    for (name, text) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, name, text.as_bytes()).unwrap();
    }
    b.into_inner().unwrap().finish().unwrap()
}

//! Shared by the web tests: a server on a free loopback port and a minimal
//! HTTP/1.1 client (not every test binary uses every helper).
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;

use sudokit_web::{serve_on, Config};

#[path = "attack.rs"]
pub mod attack;

/// Starts a server with `config` on a free port, in its own runtime thread.
pub fn start(config: Config) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve_on(listener, config, std::future::pending())
                .await
                .unwrap();
        });
    });
    rx.recv().unwrap()
}

/// A minimal HTTP/1.1 client: one request per connection.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
    // A connection closed before any answer is one the server shed while
    // its slots were full (docs/json.md, "Connections"): clients reconnect.
    for _ in 0..3 {
        if let Some(answer) = try_request(addr, method, path, body) {
            return answer;
        }
    }
    try_request(addr, method, path, body).expect("a complete response")
}

fn try_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> Option<(u16, String, Vec<u8>)> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // The server may answer (413) before reading a large body.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut payload = raw[split + 4..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        payload = dechunk(&payload);
    }
    Some((status, head, payload))
}

pub fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n").unwrap();
        let len =
            usize::from_str_radix(std::str::from_utf8(&b[..eol]).unwrap().trim(), 16).unwrap();
        if len == 0 {
            return out;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + len]);
        b = &b[eol + 2 + len + 2..];
    }
}

pub fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let (status, _, payload) = request(addr, "POST", path, body.to_string().as_bytes());
    let v = serde_json::from_slice(&payload).unwrap_or(Value::Null);
    (status, v)
}

pub const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

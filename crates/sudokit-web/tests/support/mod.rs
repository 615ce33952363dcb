//! Shared by the web tests: a server on a free loopback port.

use std::net::SocketAddr;

use sudokit_web::{serve_on, Config};

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

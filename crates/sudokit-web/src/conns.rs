//! Connection admission: who gets one of the `max_connections` slots.
//!
//! A slot held by a client that sends nothing (or one header line every few
//! seconds) is a slot a well-behaved client cannot have. So:
//!
//! * A new connection is always accepted. When every slot is taken, the
//!   server makes room by closing an idle connection (no request being
//!   answered: never sent one, or sent it partly, or kept alive between
//!   requests) that has been idle at least 50 ms: one of the peer that
//!   holds the most connections, the one idle the longest. Only when every
//!   connection is answering a request (or idle for less than that) does
//!   the newcomer wait.
//! * One peer address holds at most `max_per_peer` connections: a new one
//!   beyond that closes the peer's own longest-idle connection (or, when all
//!   of them are busy, is closed at once). A greedy client competes with
//!   itself.
//! * When more than half of the slots are taken, new connections get a
//!   shorter header timeout (a fifth of it, at least 200 ms).
//!
//! A request being answered is never cut: the slot is freed when its
//! connection closes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// One open connection, shared by its task and the registry.
pub(crate) struct Conn {
    id: u64,
    peer: IpAddr,
    /// A request is being answered.
    busy: AtomicBool,
    /// Milliseconds since the registry's start at the last sign of life
    /// (accepted, a request answered).
    last: AtomicU64,
    /// Set when the registry picked this connection to close.
    shed: AtomicBool,
    /// Wakes the connection's task to close.
    pub(crate) close: Notify,
    registry: Arc<Registry>,
}

impl Conn {
    /// Marks a request as being answered until the guard is dropped.
    pub(crate) fn busy(self: &Arc<Self>) -> BusyGuard {
        self.busy.store(true, Ordering::Relaxed);
        BusyGuard(self.clone())
    }

    /// True once the registry asked this connection to close.
    pub(crate) fn is_shed(&self) -> bool {
        self.shed.load(Ordering::Relaxed)
    }

    /// True while a request is being answered.
    pub(crate) fn is_busy(&self) -> bool {
        self.busy.load(Ordering::Relaxed)
    }
}

/// Drops the connection's busy mark and records the time.
pub(crate) struct BusyGuard(Arc<Conn>);

impl Drop for BusyGuard {
    fn drop(&mut self) {
        let c = &self.0;
        c.last.store(c.registry.now(), Ordering::Relaxed);
        c.busy.store(false, Ordering::Relaxed);
        // A waiting newcomer may now close this one.
        c.registry.changed.notify_one();
    }
}

/// The registry's handle of a connection: removes it when dropped (its task ended).
pub(crate) struct Slot(pub(crate) Arc<Conn>);

impl Drop for Slot {
    fn drop(&mut self) {
        let r = &self.0.registry;
        if let Ok(mut s) = r.state.lock() {
            s.conns.remove(&self.0.id);
            if let Some(k) = s.per_peer.get_mut(&self.0.peer) {
                *k -= 1;
                if *k == 0 {
                    s.per_peer.remove(&self.0.peer);
                }
            }
        }
        r.changed.notify_one();
    }
}

#[derive(Default)]
struct State {
    next_id: u64,
    conns: HashMap<u64, Arc<Conn>>,
    per_peer: HashMap<IpAddr, usize>,
}

/// The open connections and the admission rules.
pub(crate) struct Registry {
    max: usize,
    max_per_peer: usize,
    header_timeout: Duration,
    start: Instant,
    state: Mutex<State>,
    /// A connection ended or finished a request.
    changed: Notify,
}

/// What to do with a newly accepted connection.
pub(crate) enum Admit {
    /// Serve it, with this header timeout.
    Serve(Slot, Duration),
    /// Every slot is answering a request, or the idle ones are too young
    /// to close: wait for [`Registry::changed`] (or until the instant given)
    /// and ask again.
    Wait(Option<Instant>),
    /// Its peer holds its limit of busy connections: close it.
    Refuse,
}

impl Registry {
    pub(crate) fn new(max: usize, max_per_peer: usize, header_timeout: Duration) -> Arc<Self> {
        Arc::new(Registry {
            max: max.max(1),
            max_per_peer: max_per_peer.max(1),
            header_timeout,
            start: Instant::now(),
            state: Mutex::new(State::default()),
            changed: Notify::new(),
        })
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Waits until a connection ends or finishes a request.
    pub(crate) async fn changed(&self) {
        self.changed.notified().await
    }

    /// Open connections not already asked to close.
    #[cfg(test)]
    fn live(&self) -> usize {
        self.state
            .lock()
            .map_or(0, |s| s.conns.values().filter(|c| !c.is_shed()).count())
    }

    /// Admits a connection from `peer`, closing an idle one if that makes room.
    pub(crate) fn admit(self: &Arc<Self>, peer: IpAddr) -> Admit {
        let Ok(mut s) = self.state.lock() else {
            return Admit::Refuse;
        };
        let live_of = |s: &State, p: &IpAddr| {
            s.conns
                .values()
                .filter(|c| c.peer == *p && !c.is_shed())
                .count()
        };
        let now = self.now();
        let live = s.conns.values().filter(|c| !c.is_shed()).count();
        if live_of(&s, &peer) >= self.max_per_peer {
            match shed_one(&s, Some(peer), now) {
                Shed::Done => {}
                // A peer holding every slot waits its turn like anyone when
                // the server is full (refused at once, it would reconnect
                // at once, as fast as it can).
                Shed::Young(ms) if live >= self.max => {
                    return Admit::Wait(Some(self.start + Duration::from_millis(ms + GRACE_MS)))
                }
                Shed::Busy | Shed::Young(_) => return Admit::Refuse,
            }
        }
        let live = s.conns.values().filter(|c| !c.is_shed()).count();
        if live >= self.max {
            match shed_one(&s, None, now) {
                Shed::Done => {}
                Shed::Busy => return Admit::Wait(None),
                Shed::Young(ms) => {
                    return Admit::Wait(Some(self.start + Duration::from_millis(ms + GRACE_MS)))
                }
            }
        }
        // Shorter header timeouts once half of the slots are taken.
        let timeout = if live * 2 >= self.max {
            (self.header_timeout / 5).max(Duration::from_millis(200))
        } else {
            self.header_timeout
        }
        .min(self.header_timeout);
        s.next_id += 1;
        let conn = Arc::new(Conn {
            id: s.next_id,
            peer,
            busy: AtomicBool::new(false),
            last: AtomicU64::new(self.now()),
            shed: AtomicBool::new(false),
            close: Notify::new(),
            registry: self.clone(),
        });
        s.conns.insert(conn.id, conn.clone());
        *s.per_peer.entry(peer).or_default() += 1;
        Admit::Serve(Slot(conn), timeout)
    }
}

/// How long a new connection is safe from being closed to make room: the
/// time a well-behaved client needs to send its request. It also paces the
/// turnover when a flood of connections arrives: room is made at most
/// every `GRACE_MS / max_connections`, not as fast as sockets can connect.
const GRACE_MS: u64 = 50;

enum Shed {
    Done,
    /// Every candidate is answering a request.
    Busy,
    /// The best candidate's last sign of life was at this time (ms): it
    /// may be closed `GRACE_MS` after it.
    Young(u64),
}

/// Asks one idle connection to close: of `peer` if given, else of the peer
/// holding the most connections; the one idle the longest, once it has
/// been idle `GRACE_MS`.
fn shed_one(s: &State, peer: Option<IpAddr>, now: u64) -> Shed {
    let idle = |c: &&Arc<Conn>| !c.is_busy() && !c.is_shed();
    let victim = match peer {
        Some(p) => s
            .conns
            .values()
            .filter(|c| c.peer == p)
            .filter(idle)
            .min_by_key(|c| c.last.load(Ordering::Relaxed)),
        None => s.conns.values().filter(idle).min_by_key(|c| {
            let held = s.per_peer.get(&c.peer).copied().unwrap_or(0);
            let last = c.last.load(Ordering::Relaxed);
            // Old enough first, then the greediest peer, then the oldest.
            (last + GRACE_MS > now, std::cmp::Reverse(held), last)
        }),
    };
    match victim {
        None => Shed::Busy,
        Some(c) if c.last.load(Ordering::Relaxed) + GRACE_MS > now => {
            Shed::Young(c.last.load(Ordering::Relaxed))
        }
        Some(c) => {
            c.shed.store(true, Ordering::Relaxed);
            // `notify_one` keeps the wake-up if the task is not waiting yet.
            c.close.notify_one();
            Shed::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(k: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, k])
    }

    fn serve(r: &Arc<Registry>, p: IpAddr) -> Slot {
        match r.admit(p) {
            Admit::Serve(s, _) => s,
            _ => panic!("not admitted"),
        }
    }

    #[test]
    fn a_full_server_closes_the_greediest_peers_idle_connection() {
        let r = Registry::new(4, 10, Duration::from_secs(5));
        let a: Vec<Slot> = (0..3).map(|_| serve(&r, ip(2))).collect();
        let b = serve(&r, ip(1));
        let _busy = b.0.busy();
        // Full, and the idle ones too young to close: wait.
        assert!(matches!(r.admit(ip(1)), Admit::Wait(Some(_))));
        std::thread::sleep(Duration::from_millis(GRACE_MS + 10));
        // The newcomer from 127.0.0.1 closes one of 127.0.0.2's.
        let c = serve(&r, ip(1));
        assert_eq!(a.iter().filter(|s| s.0.is_shed()).count(), 1);
        assert!(!b.0.is_shed() && !c.0.is_shed());
        assert_eq!(r.live(), 4);
    }

    #[test]
    fn busy_connections_are_never_closed() {
        let r = Registry::new(2, 10, Duration::from_secs(5));
        let a = serve(&r, ip(1));
        let b = serve(&r, ip(2));
        let (_ga, _gb) = (a.0.busy(), b.0.busy());
        assert!(matches!(r.admit(ip(3)), Admit::Wait(None)));
        assert!(!a.0.is_shed() && !b.0.is_shed());
        drop(b);
        assert!(matches!(r.admit(ip(3)), Admit::Serve(..)));
    }

    #[test]
    fn a_peer_at_its_limit_competes_with_itself() {
        let r = Registry::new(100, 2, Duration::from_secs(5));
        let a = serve(&r, ip(2));
        let b = serve(&r, ip(2));
        let _g = b.0.busy();
        // A young connection is not closed for its own peer's next one.
        assert!(matches!(r.admit(ip(2)), Admit::Refuse));
        std::thread::sleep(Duration::from_millis(GRACE_MS + 10));
        let c = serve(&r, ip(2));
        assert!(a.0.is_shed() && !b.0.is_shed() && !c.0.is_shed());
        let _g2 = c.0.busy();
        std::thread::sleep(Duration::from_millis(GRACE_MS + 10));
        assert!(matches!(r.admit(ip(2)), Admit::Refuse));
        // Other peers are not affected.
        assert!(matches!(r.admit(ip(1)), Admit::Serve(..)));
    }

    #[test]
    fn header_timeout_shortens_when_slots_run_short() {
        let r = Registry::new(4, 10, Duration::from_secs(5));
        let timeouts: Vec<Duration> = (0..4)
            .map(|_| match r.admit(ip(1)) {
                Admit::Serve(s, t) => {
                    std::mem::forget(s);
                    t
                }
                _ => panic!(),
            })
            .collect();
        assert_eq!(timeouts[0], Duration::from_secs(5));
        assert_eq!(timeouts[3], Duration::from_secs(1));
    }
}

//! Whether a request's client is still there.
//!
//! actix-web keeps polling a handler whose client has hung up (it notices only when it
//! writes the answer), so a search would run to its limit for nobody. Each connection
//! therefore keeps a duplicate of its socket's handle in its extensions; a long request
//! watches it and stops its work when the peer has closed the connection.

use actix_web::dev::Extensions;
use actix_web::HttpRequest;
use std::any::Any;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often a watched request looks at its client's socket (a non-blocking peek).
const WATCH_EVERY: Duration = Duration::from_millis(10);

/// A duplicate of a connection's socket handle (the same socket: peeking at it reads
/// nothing away from the server).
pub struct PeerSocket(socket2::Socket);

impl PeerSocket {
    /// Whether the peer has closed the connection or it has failed. A peer that sends its
    /// next pipelined request is still there.
    pub fn is_gone(&self) -> bool {
        let mut byte = [MaybeUninit::<u8>::uninit(); 1];
        match self.0.peek(&mut byte) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
            ),
        }
    }
}

/// `HttpServer::on_connect`: keep the connection's socket handle with it.
pub fn remember_socket(connection: &dyn Any, extensions: &mut Extensions) {
    if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        if let Ok(socket) = socket2::SockRef::from(tcp).try_clone() {
            extensions.insert(Arc::new(PeerSocket(socket)));
        }
    }
}

/// Raise `stop` as soon as the client of `req` goes away; the watch ends by itself once
/// nobody else holds `stop` (the work is over). Requests on connections without a known
/// socket are not watched.
pub fn stop_when_client_leaves(req: &HttpRequest, stop: Arc<AtomicBool>) {
    let Some(socket) = req.conn_data::<Arc<PeerSocket>>().cloned() else {
        return;
    };
    actix_web::rt::spawn(async move {
        let mut tick = actix_web::rt::time::interval(WATCH_EVERY);
        loop {
            tick.tick().await;
            if Arc::strong_count(&stop) == 1 || stop.load(Ordering::Relaxed) {
                return;
            }
            if socket.is_gone() {
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    });
}

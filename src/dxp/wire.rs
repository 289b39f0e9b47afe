//! DXP's first layer: messages over a TCP connection, each ended by a NUL byte; every read
//! waits until a deadline and no longer.

use super::message::{MalformedMessage, Message, MAX_LENGTH};
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::Instant;

/// Why no message came.
#[derive(Debug)]
pub enum Fault {
    /// The peer closed the connection.
    Closed,
    /// Nothing complete arrived before the deadline.
    TimedOut,
    /// What arrived is not a DXP message.
    Malformed(MalformedMessage),
    /// The connection failed.
    Io(io::Error),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Closed => write!(f, "the peer closed the connection"),
            Fault::TimedOut => write!(f, "the peer sent nothing in time"),
            Fault::Malformed(m) => write!(f, "{m}"),
            Fault::Io(e) => write!(f, "the connection failed: {e}"),
        }
    }
}

/// One end of a DXP connection.
pub struct Connection {
    stream: TcpStream,
    /// Bytes read past the last complete message.
    pending: Vec<u8>,
}

impl Connection {
    /// Speak DXP over `stream`.
    pub fn new(stream: TcpStream) -> Connection {
        let _ = stream.set_nodelay(true);
        Connection {
            stream,
            pending: Vec::new(),
        }
    }

    /// Send one message (its text and the NUL).
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        let text = message.to_string();
        tracing::debug!(message = %text, "dxp sent");
        let mut bytes = text.into_bytes();
        bytes.push(0);
        self.stream.write_all(&bytes)?;
        self.stream.flush()
    }

    /// The next message, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Result<Message, Fault> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == 0) {
                let raw: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&raw[..end]).into_owned();
                tracing::debug!(message = %text, "dxp received");
                return Message::parse(&text).map_err(Fault::Malformed);
            }
            if self.pending.len() > MAX_LENGTH {
                let text = String::from_utf8_lossy(&self.pending).into_owned();
                self.pending.clear();
                return Err(Fault::Malformed(MalformedMessage {
                    text: text.chars().take(MAX_LENGTH + 1).collect(),
                    offset: MAX_LENGTH,
                    problem: format!("no NUL within {MAX_LENGTH} characters"),
                }));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Fault::TimedOut);
            }
            self.stream
                .set_read_timeout(Some(left))
                .map_err(Fault::Io)?;
            let mut buffer = [0u8; 256];
            match self.stream.read(&mut buffer) {
                Ok(0) => return Err(Fault::Closed),
                Ok(n) => self.pending.extend_from_slice(&buffer[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(Fault::TimedOut)
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::ConnectionReset => return Err(Fault::Closed),
                Err(e) => return Err(Fault::Io(e)),
            }
        }
    }
}

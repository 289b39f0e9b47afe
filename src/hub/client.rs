//! Another engine as an arena player, spoken to through the Hub protocol (as draughts GUIs
//! drive Scan): one process per program and variant is started on first use and kept for
//! the whole match, so an engine that keeps its transposition table through a game (as Scan,
//! and this service's Hub mode, do) plays as it would under a GUI; a process per move would
//! start every search cold. Each move it is given the game (start and moves, so it sees
//! repetitions) and a time per move, and its `done move=` is read back. Used to play matches
//! against an earlier build of this service.

use super::{hub_move, hub_position, parse_hub_move};
use crate::rules::{Move, Position, Preset, Rules};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long past its time an engine may take to answer before it counts as hung (as the
/// sparring match tool allows: a few seconds and a margin per unit of thinking time).
fn answer_deadline(time: Duration) -> Duration {
    Duration::from_secs(5) + time * 20
}

/// How long a dropped engine has to obey `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// A running Hub engine: its input, and its output line by line (read by a thread of its
/// own, so a silent engine cannot block the arena past a deadline).
struct Session {
    child: Child,
    input: ChildStdin,
    output: Receiver<std::io::Result<String>>,
}

impl Session {
    /// Start `program hub` and set it up for `variant`.
    fn start(program: &str, variant: &str) -> Result<Session, String> {
        let mut child = Command::new(program)
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (lines, output) = mpsc::channel();
        // The thread ends when the engine's output does (it exits or is killed), or when the
        // session, and with it the receiver, is gone.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut session = Session {
            child,
            input,
            output,
        };
        session.send(&format!(
            "hub\nset-param name=variant value={variant}\ninit\n"
        ))?;
        Ok(session)
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| e.to_string())
    }
}

impl Drop for Session {
    /// Ask the engine to quit; kill it if it has not within `QUIT_GRACE`.
    fn drop(&mut self) {
        let _ = self.input.write_all(b"quit\n");
        let _ = self.input.flush();
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

thread_local! {
    /// The engines started by this thread, by program and variant.
    static SESSIONS: RefCell<HashMap<(String, &'static str), Session>> = RefCell::new(HashMap::new());
}

/// Ask the engine at `program` (run as `program hub`) for its move after `moves` from
/// `start`, with `time` to think. Returns the move and the depth it reported.
pub fn ask(
    program: &str,
    rules: &Rules,
    start: &Position,
    moves: &[Move],
    time: Duration,
) -> Result<(Move, Option<u32>), String> {
    let variant = Preset::find_by_rules(rules)
        .map(|p| p.id)
        .ok_or("the Hub engine plays presets only")?;
    let mut pos = *start;
    let mut played = Vec::new();
    for m in moves {
        played.push(hub_move(m, rules));
        pos = pos.play(m);
    }
    let script = format!(
        "pos pos={} moves=\"{}\"\nlevel move-time={:.3}\ngo think\n",
        hub_position(start),
        played.join(" "),
        time.as_secs_f64()
    );
    let key = (program.to_string(), variant);
    SESSIONS
        .with(|sessions| {
            let mut sessions = sessions.borrow_mut();
            let session = match sessions.entry(key.clone()) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(Session::start(program, variant)?)
                }
            };
            let answer = session
                .send(&script)
                .and_then(|()| read_answer(session, rules, &pos, answer_deadline(time)));
            if answer.is_err() {
                // A failed engine is started afresh for the next move.
                sessions.remove(&key);
            }
            answer
        })
        // Every error, from starting the engine or from a move, names the program (the arena
        // prints it).
        .map_err(|e| format!("{program}: {e}"))
}

/// Read the engine's lines up to its `done move=`: the move and the last depth it reported.
fn read_answer(
    session: &mut Session,
    rules: &Rules,
    pos: &Position,
    within: Duration,
) -> Result<(Move, Option<u32>), String> {
    let deadline = Instant::now() + within;
    let mut depth = None;
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        let line = match session.output.recv_timeout(wait) {
            Ok(line) => line.map_err(|e| e.to_string())?,
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("no move within {:.1} s", within.as_secs_f64()))
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if let Some(d) = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("depth="))
        {
            depth = d.parse().ok();
        }
        if let Some(rest) = line.strip_prefix("done move=") {
            let text = rest.split_whitespace().next().unwrap_or("");
            return parse_hub_move(rules, pos, text)
                .map(|m| (m, depth))
                .ok_or_else(|| format!("the engine's move '{text}' is not legal here"));
        }
        if line.starts_with("error") {
            return Err(format!("the engine answered: {line}"));
        }
    }
    Err("the engine stopped without a move".into())
}

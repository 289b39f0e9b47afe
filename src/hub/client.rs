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
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// A running Hub engine: its input, and its output line by line.
struct Session {
    child: Child,
    input: ChildStdin,
    output: Lines<BufReader<ChildStdout>>,
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
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?).lines();
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
    fn drop(&mut self) {
        let _ = self.input.write_all(b"quit\n");
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
                .and_then(|()| read_answer(session, rules, &pos));
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
) -> Result<(Move, Option<u32>), String> {
    let mut depth = None;
    for line in session.output.by_ref() {
        let line = line.map_err(|e| e.to_string())?;
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

//! Another engine as an arena player, spoken to through the Hub protocol (as draughts GUIs
//! drive Scan): a fresh process per move is given the game (start and moves, so it sees
//! repetitions) and a time per move, and its `done move=` is read back. Used to play
//! matches against an earlier build of this service.

use super::{hub_move, hub_position, parse_hub_move};
use crate::rules::{Move, Position, Preset, Rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

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
    let mut child = Command::new(program)
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    let mut pos = *start;
    let mut played = Vec::new();
    for m in moves {
        played.push(hub_move(m, rules));
        pos = pos.play(m);
    }
    let script = format!(
        "hub\nset-param name=variant value={variant}\ninit\npos pos={} moves=\"{}\"\nlevel move-time={:.3}\ngo think\n",
        hub_position(start),
        played.join(" "),
        time.as_secs_f64()
    );
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    stdin
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut depth = None;
    let mut answer = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        if let Some(d) = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("depth="))
        {
            depth = d.parse().ok();
        }
        if let Some(rest) = line.strip_prefix("done move=") {
            let text = rest.split_whitespace().next().unwrap_or("");
            answer = parse_hub_move(rules, &pos, text);
            break;
        }
        if line.starts_with("error") {
            break;
        }
    }
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let _ = child.wait();
    answer
        .map(|m| (m, depth))
        .ok_or_else(|| format!("{program} gave no legal move"))
}

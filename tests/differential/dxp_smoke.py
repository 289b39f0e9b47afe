#!/usr/bin/env python3
"""pydraughts' DXP client (an independent implementation of the protocol) asks
`draughts-api dxp --listen` for two games on loopback: one where the engine moves first,
one where pydraughts does. pydraughts plays seeded random moves, checks every engine move
against its own rules, then ends each game (a game end with its stop code); the engine must
confirm and leave with its summary. Usage: dxp_smoke.py BINARY"""
import random
import re
import subprocess
import sys
import threading

import draughts
from draughts.engine import DXPEngine

PLIES = 16
TIMEOUT = 60


def play_one(binary, engine_first, seed):
    proc = subprocess.Popen(
        [binary, "dxp", "--listen", "127.0.0.1:0", "--bitbase-pieces", "0", "--move-ms", "30",
         "--timeout", "20"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = proc.stdout.readline()
    match = re.search(r"listening on 127\.0\.0\.1:(\d+)", first)
    if not match:
        proc.kill()
        raise SystemExit(f"the engine did not say where it listens: {first!r}")
    port = match.group(1)
    rng = random.Random(seed)
    outcome = {}

    def conversation():
        engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port},
                           initial_time=0)
        board = draughts.Board(variant="standard")
        if not engine_first:
            board.push(rng.choice(board.legal_moves()))
        engine_moves = 0
        while len(board.move_stack) < PLIES and not board.is_over():
            result = engine.play(board)
            legal = [m.board_move for m in board.legal_moves()]
            if result.move is None or result.move.board_move not in legal:
                outcome["error"] = f"illegal or no engine move: {result.move} not in {legal}"
                break
            board.push(result.move)
            engine_moves += 1
            if board.is_over() or not board.legal_moves():
                break
            board.push(rng.choice(board.legal_moves()))
        engine.quit()
        outcome["engine_moves"] = engine_moves
        outcome["fen"] = board.fen

    thread = threading.Thread(target=conversation, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    if thread.is_alive():
        proc.kill()
        raise SystemExit(f"the conversation did not finish within {TIMEOUT} s")
    try:
        rest, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise SystemExit("the engine did not leave after pydraughts stopped")
    if "error" in outcome:
        raise SystemExit(outcome["error"])
    if proc.returncode != 0 or "game 1: draughts-api" not in rest:
        raise SystemExit(f"engine exit {proc.returncode}; output:\n{first}{rest}")
    side = "first" if engine_first else "second"
    print(f"dxp: engine moving {side}: {outcome['engine_moves']} engine moves, all legal for "
          f"pydraughts; final {outcome['fen']}; the engine said: {rest.strip().splitlines()[0]}")


def main():
    binary = sys.argv[1]
    play_one(binary, True, 1)
    play_one(binary, False, 2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Differential test: draughts-api's legal moves against pydraughts' (an independent
implementation), on positions from random games and on random placements.

Moves are compared as (from, to, captured set): pydraughts lists duplicate paths, which we
merge, and it reads a FEN's first colour section as White, so FENs are written W first.

Usage: pydraughts_diff.py BINARY [--games N] [--random N] [--seed S] [--jobs N]
Exit status 1 on any disagreement (the first few are printed), 0 otherwise.
"""
import argparse
import multiprocessing
import os
import random
import subprocess
import sys
import time

from draughts import Board

# pydraughts name -> draughts-api preset
VARIANTS = {
    "standard": "international",
    "english": "english",
    "russian": "russian",
    "brazilian": "brazilian",
    "italian": "italian",
    "antidraughts": "antidraughts",
    "breakthrough": "breakthrough",
    "frisian": "frisian",
    "frysk!": "frysk",
    "turkish": "turkish",
}

# Presets pydraughts does not play (a Rust test checks that every preset is in one list or
# the other): Ply Yard's site rules, Spanish, Czech and Canadian.
NOT_IN_PYDRAUGHTS = {"plyyard", "spanish", "czech", "canadian", "killer"}

# Variants whose game ends differ from the usual: for the positions of their random games
# the winner is compared too (pydraughts' `winner()` against ours by the position alone),
# and a game stops once it is won.
WINNER_CHECKED = {"antidraughts", "breakthrough", "frisian", "frysk!"}
# Variants whose legal moves depend on the moves before (Frisian's king may not make a
# fourth plain move in a row): each position of a game is sent as the FEN of six plies
# earlier and the moves since.
WITH_HISTORY = {"frisian", "frysk!"}
COLOUR = {2: "white", 1: "black"}


# pydraughts numbers the 8x8 boards of some variants differently: Russian and Brazilian
# from White's side (1 = a1, rows reversed), Italian on a mirrored board (each row reversed).
# Each map is its own inverse.
def _identity(n):
    return n


def _from_white_side(n):
    row, col = divmod(n - 1, 4)
    return (7 - row) * 4 + col + 1


def _turkish(n):
    # Every square in play: pydraughts numbers a1 = 1 (rank by rank from White's side), we
    # number a8 = 1 (from the top as White sees the board), as on the other boards.
    row, col = divmod(n - 1, 8)
    return (7 - row) * 8 + col + 1


def _mirrored(n):
    row, col = divmod(n - 1, 4)
    return row * 4 + (3 - col) + 1


NUMBERING = {"standard": _identity, "english": _identity, "russian": _from_white_side, "brazilian": _from_white_side, "italian": _mirrored,
             "antidraughts": _identity, "breakthrough": _identity, "frisian": _identity, "frysk!": _identity,
             "turkish": _turkish}
TEN_BY_TEN = {"standard", "antidraughts", "breakthrough", "frisian", "frysk!"}


def pydraughts_moves(board, variant):
    f = NUMBERING[variant]
    moves = set()
    for m in board.legal_moves():
        steps = m.steps_move
        moves.add((f(steps[0]), f(steps[-1]), tuple(sorted(f(c) for c in (m.captures or [])))))
    return moves


def frisian_exact_captures(board, variant):
    """pydraughts' Frisian capture priority recomputed in exact arithmetic, on pydraughts'
    own capture tree (`Game.get_moves`). pydraughts weighs a king 1.501 and sums floats in
    the order the pieces are taken, so two routes taking the same pieces can differ in the
    last bit and one is dropped (e.g. 1+1+1+1.501+1.501+1.501 != 1.501+1.501+1+1+1.501+1).
    Moves pydraughts drops only that way are reported apart, not as disagreements."""
    if variant not in ("frisian", "frysk!"):
        return None
    game = board._game
    piece = game.board.searcher.get_piece_by_position
    moves, captures = game.get_moves()
    if not moves or captures[0][0] is None:
        return None
    scored = []
    for move, taken in zip(moves, captures):
        kings = sum(1 for p in taken if piece(p).king)
        by_king = piece(move[0][0]).king
        scored.append(((2 * (len(taken) - kings) + 3 * kings, kings, by_king), move, taken))
    best = max(key for key, _, _ in scored)
    f = NUMBERING[variant]
    return {(f(m[0][0]), f(m[-1][1]), tuple(sorted(f(c) for c in t))) for key, m, t in scored if key == best}


def turkish_slides_over_pieces(fen, moves):
    """Whether every move of `moves` is a king's plain move in Turkish that passes over a
    piece. pydraughts lists every empty square along a Turkish king's row and file, pieces
    in the way or not (its `get_directional_orthogonal_multiple_squares_adjacent_positions`
    never stops at one): such moves are reported apart, not as disagreements."""
    occupied, kings = set(), set()
    for section in fen.split(";")[0].split(":")[1:]:
        for item in filter(None, section[1:].split(",")):
            square = int(item.lstrip("K"))
            occupied.add(square)
            if item.startswith("K"):
                kings.add(square)
    def over_a_piece(frm, to, captured):
        if captured or frm not in kings:
            return False
        (r1, c1), (r2, c2) = divmod(frm - 1, 8), divmod(to - 1, 8)
        if r1 == r2:
            between = [r1 * 8 + c + 1 for c in range(min(c1, c2) + 1, max(c1, c2))]
        elif c1 == c2:
            between = [r * 8 + c1 + 1 for r in range(min(r1, r2) + 1, max(r1, r2))]
        else:
            return False
        return any(square in occupied for square in between)
    return bool(moves) and all(over_a_piece(*m) for m in moves)


def parse_ours(line, with_winner):
    """(winner or None, move set) from a line of `movegen [--winner]`."""
    moves = set()
    if line.startswith("error"):
        raise ValueError(line)
    items = line.split()
    winner = None
    if with_winner:
        winner, items = items[0], items[1:]
    for item in items:
        squares, caps = item.split(":")
        frm, to = squares.split("-")
        captured = tuple(sorted(int(c) for c in caps.split(".") if c))
        moves.add((int(frm), int(to), captured))
    return winner, moves


def normalise_fen(fen, variant):
    """pydraughts' FEN in our numbering, white section first, squares sorted."""
    side, *sections = fen.split(":")
    pieces = {}
    for s in sections:
        if s and s[0] in "WB":
            pieces[s[0]] = [p for p in s[1:].split(",") if p]
    def number(p):
        king = p.startswith("K")
        sq = p.lstrip("K")
        if sq[0].isalpha():  # pydraughts writes Russian, Brazilian and Turkish FENs algebraically
            file, rank = ord(sq[0]) - ord("a"), int(sq[1:])
            if variant == "turkish":
                sq = str((8 - rank) * 8 + file + 1)
            else:
                sq = str((8 - rank) * 4 + file // 2 + 1)
        else:
            sq = str(NUMBERING[variant](int(sq)))
        return ("K" if king else "") + sq

    for colour in pieces:
        pieces[colour] = [number(p) for p in pieces[colour]]
    key = lambda p: int(p.lstrip("K"))
    white = ",".join(sorted(pieces.get("W", []), key=key))
    black = ",".join(sorted(pieces.get("B", []), key=key))
    return f"{side}:W{white}:B{black}"


def random_game_positions(variant, games, rng):
    out = []
    for _ in range(games):
        board = Board(variant=variant)
        fens, played = [], []
        # Games of the variants with other endings are played out, to reach their ends.
        plies = 600 if variant in WINNER_CHECKED else rng.randint(20, 160)
        for _ply in range(plies):
            moves = board.legal_moves()
            if not moves and variant not in WINNER_CHECKED:
                break
            won = None
            if variant in WINNER_CHECKED:
                won = COLOUR.get(board.winner(), "none")
            fen = normalise_fen(board.fen, variant)
            fens.append(fen)
            if variant in WITH_HISTORY:
                back = max(0, len(played) - 6)
                fen = fens[back] + ";" + " ".join(played[back:])
            out.append((fen, pydraughts_moves(board, variant), won, frisian_exact_captures(board, variant)))
            if won not in (None, "none") or not moves:
                break
            move = rng.choice(moves)
            steps = [NUMBERING[variant](n) for n in move.steps_move]
            played.append(("x" if move.captures else "-").join(map(str, steps)))
            board.push(move)
    return out


def random_placements(variant, count, rng):
    size, row = (50, 5) if variant in TEN_BY_TEN else (64, 8) if variant == "turkish" else (32, 4)
    out = []
    while len(out) < count:
        n_white = rng.randint(1, 12)
        n_black = rng.randint(1, 12)
        squares = rng.sample(range(1, size + 1), n_white + n_black)
        white, black = [], []
        for i, s in enumerate(squares):
            is_white = i < n_white
            king = rng.random() < 0.3
            # Men never stand on their own crowning row.
            if not king and ((is_white and s <= row) or (not is_white and s > size - row)):
                king = True
            (white if is_white else black).append(("K" if king else "") + str(s))
        side = rng.choice("WB")
        f = NUMBERING[variant]
        theirs = lambda ps: ",".join(("K" if p[0] == "K" else "") + str(f(int(p.lstrip("K")))) for p in ps)
        board = Board(variant=variant, fen=f"{side}:W{theirs(white)}:B{theirs(black)}")
        # (Set-up positions may give both sides kings: their winner is not compared.)
        out.append((normalise_fen(f"{side}:W{','.join(white)}:B{','.join(black)}", "standard"), pydraughts_moves(board, variant), None, frisian_exact_captures(board, variant)))
    return out


def check_variant(task):
    """One variant's positions, ours against pydraughts': (report line, positions, disagreements).
    Each variant draws from its own generator seeded by the run's seed and its name, so the
    positions do not depend on which worker checks it or in what order."""
    py_name, ours, binary, games, placements, seed = task
    t0 = time.time()
    rng = random.Random(f"{seed}-{py_name}")
    cases = random_game_positions(py_name, games, rng) + random_placements(py_name, placements, rng)
    fens = "\n".join(case[0] for case in cases) + "\n"
    with_winner = py_name in WINNER_CHECKED
    command = [binary, "movegen", "--variant", ours] + (["--winner"] if with_winner else [])
    proc = subprocess.run(command, input=fens, capture_output=True, text=True, check=True)
    lines = proc.stdout.splitlines()
    if len(lines) != len(cases):
        return f"{ours}: {len(lines)} answers for {len(cases)} positions", len(cases), 1
    report = []
    bad = 0
    decided = 0
    float_defects = 0
    slide_defects = 0
    for (fen, theirs, their_winner, exact), line in zip(cases, lines):
        my_winner, mine = parse_ours(line, with_winner)
        if mine != theirs and exact is not None and theirs < mine and mine - theirs <= exact:
            float_defects += 1
        elif mine != theirs and py_name == "turkish" and mine < theirs and turkish_slides_over_pieces(fen, theirs - mine):
            slide_defects += 1
        elif mine != theirs:
            bad += 1
            if bad <= 5:
                report.append(f"{ours} {fen}\n  only draughts-api: {sorted(mine - theirs)}\n  only pydraughts:   {sorted(theirs - mine)}")
        if their_winner is not None:
            decided += their_winner != "none"
            if my_winner != their_winner:
                bad += 1
                if bad <= 5:
                    report.append(f"{ours} {fen}\n  winner: draughts-api {my_winner}, pydraughts {their_winner}")
    won = f", {decided} won games' winners compared" if with_winner else ""
    if float_defects:
        won += f", {float_defects} where pydraughts drops equal-value captures (float sums)"
    if slide_defects:
        won += f", {slide_defects} where pydraughts' kings slide over pieces"
    report.append(f"{ours}: {len(cases)} positions, {bad} disagreements{won} ({time.time() - t0:.1f} s)")
    return "\n".join(report), len(cases), bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--random", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="variants checked at once (pydraughts is the slow side; one core each)")
    args = ap.parse_args()
    tasks = [(py_name, ours, args.binary, args.games, args.random, args.seed) for py_name, ours in VARIANTS.items()]
    failures = 0
    total = 0
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        # Results in the variants' order, each printed as soon as it and those before it are done.
        for report, positions, bad in pool.imap(check_variant, tasks):
            print(report, flush=True)
            total += positions
            failures += bad
    print(f"differential: {total} positions, {failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Where a match against Scan 2.0 was lost: Scan's judgement of each of our moves.

Usage: scan-judge.py MATCH.json SCAN_DIR [--depth N] [--games N] [--out FILE]

Replays the games of a match.py summary (--json) that engine A did not win, asks Scan (Hub
protocol, fixed depth, no book) for its score before and after each of A's moves, and
reports the mean loss of A's moves (Scan's score before minus after, from A's side, in
Scan's centipieces) by the number of pieces on the board, and the first move after which
Scan holds A a man down for the rest of the game. A drift spread over many moves points at
the evaluation; a few large drops at the search's horizon. Needs pydraughts to replay
moves; takes one core.
"""
import argparse
import json
import statistics
import subprocess

from draughts import Board, Move

BUCKETS = [(31, 41), (21, 31), (15, 21), (9, 15), (0, 9)]
DOWN_A_MAN = -100
# Moves judged only while the game was open: once Scan sees a clear win its scores swing
# by hundreds as the win comes within its horizon, which says nothing of the move.
OPEN = 150


class Scan:
    def __init__(self, directory, depth):
        self.depth = depth
        self.proc = subprocess.Popen(["./scan", "hub"], cwd=directory, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("hub")
        self.until(lambda line: line == "wait")
        self.send("set book false")
        self.send("init")
        self.until(lambda line: line == "ready")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("scan stopped answering")
            line = line.strip()
            if line.startswith("error"):
                raise SystemExit(f"scan: {line}")
            if done(line):
                return line

    def score(self, board):
        """Scan's score for the side to move, or None for a move it did not search."""
        self.send("new")
        self.send("pos " + hub_position(board))
        self.send(f"depth {self.depth}")
        self.send("go")
        score = None
        while True:
            line = self.until(lambda l: l.startswith("info") or l.startswith("move"))
            if line.startswith("move"):
                return score
            fields = line.split()
            if int(fields[1]) > 0:
                score = int(fields[3])

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=5)


def hub_position(board):
    """Scan's 51 characters: the side to move, then squares 1..50 as w b W B e."""
    fields = board.fen.split(":")
    cells = ["e"] * 50
    for field in fields[1:]:
        colour = field[0].lower()
        for token in field[1:].split(","):
            if token:
                king = token.startswith("K")
                cells[int(token.lstrip("K")) - 1] = colour.upper() if king else colour
    return fields[0].lower() + "".join(cells)


def pieces(board):
    return sum(1 for field in board.fen.split(":")[1:] for t in field[1:].split(",") if t)


def judge(game, scan):
    board = Board(variant="standard", fen=game["opening_fen"])
    ours = "W" if game["a_white"] else "B"
    moves = []
    for ply, text in enumerate(game["moves"], 1):
        ours_to_move = board.fen.split(":")[0] == ours
        if ours_to_move and len(board.legal_moves()) > 1:
            count = pieces(board)
            before = scan.score(board)
            board.push(Move(board, pdn_move=text))
            reply = scan.score(board) if board.legal_moves() else None
            if before is not None and reply is not None:
                moves.append({"ply": ply, "pieces": count, "before": before, "after": -reply})
        else:
            board.push(Move(board, pdn_move=text))
    lost_from = None
    for i, move in enumerate(moves):
        if all(later["after"] <= DOWN_A_MAN for later in moves[i:]):
            lost_from = move
            break
    return {"game": game["game"], "score": game["a_score"], "moves": moves, "lost_from": lost_from}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("match")
    parser.add_argument("scan_dir")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--out")
    args = parser.parse_args()
    with open(args.match) as f:
        match = json.load(f)
    games = [g for g in match["game_list"] if g["a_score"] < 1.0][: args.games]
    scan = Scan(args.scan_dir, args.depth)
    judged = []
    for game in games:
        judged.append(judge(game, scan))
        lost = judged[-1]["lost_from"]
        where = f"ply {lost['ply']}, {lost['pieces']} pieces" if lost else "never a man down for good"
        print(f"game {game['game']} ({game['a_score']}): {len(judged[-1]['moves'])} moves judged; {where}", flush=True)
    scan.close()
    print(f"\nScan at depth {args.depth}, {len(judged)} games A did not win; loss of A's moves by pieces on the board")
    print(f"(moves made while Scan's score was within {OPEN} of level):")
    print("pieces\tmoves\tmean loss\tmoves losing >= 20\tgames first a man down for good here")
    for lo, hi in BUCKETS:
        losses = [m["before"] - m["after"] for g in judged for m in g["moves"]
                  if lo < m["pieces"] <= hi and abs(m["before"]) < OPEN]
        big = sum(1 for x in losses if x >= 20)
        firsts = sum(1 for g in judged if g["lost_from"] and lo < g["lost_from"]["pieces"] <= hi)
        mean = statistics.mean(losses) if losses else float("nan")
        print(f"{lo + 1}-{hi}\t{len(losses)}\t{mean:.1f}\t{big}\t{firsts}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"depth": args.depth, "games": judged}, f)


if __name__ == "__main__":
    main()

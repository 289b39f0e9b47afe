"""Replay pydraughts' opening ballots through the service and compare positions.

pydraughts ships ballots for English (2- to 5-move, and 11-man ballots with two men
removed), Russian and Brazilian (moves in the short Russian form, FEN in algebraic squares)
and Italian (start positions only) as name -> FEN. Each ballot's moves are replayed with
POST /games/validate from the start (less the removed men) and the final position must
equal the ballot's FEN read by the same service; Italian FENs must be accepted.

Usage: ballots.py BINARY
"""
import json
import os
import re
import sys
import urllib.request

import draughts

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from support import start_service  # noqa: E402

FILES = {
    "2move_english.json": "english",
    "3move_english.json": "english",
    "4move_english.json": "english",
    "5move_english.json": "english",
    "11_english.json": "english",
    "russian.json": "russian",
    "brazilian.json": "brazilian",
    "150russian_and_brazilian.json": "russian",
    "11_italian.json": "italian",
}
# Ballots whose FEN cannot follow from their moves (checked by hand): skipped with the reason.
KNOWN_BAD = {
    ("150russian_and_brazilian.json", "2-IV ef4 fe5 ab4"):
        "its FEN has the a3 man on a5 and e3 still home: not the position after e3-f4 f6-e5 a3-b4",
    ("russian.json", "XXVII-9: gh4 ba5 hg3 ab6 ef4 dc5"):
        "after six plies White is to move, its FEN says Black (the pieces agree)",
    ("brazilian.json", "XXVII-9: gh4 ba5 hg3 ab6 ef4 dc5"):
        "after six plies White is to move, its FEN says Black (the pieces agree)",
}
# Russian and Brazilian "arranged" ballots write a set-up, not moves: a piece lifted to a
# distant square (a1-a5) or "---" for a side that does not move.
SETUP = re.compile(r"^[a-h]\d-[a-h]\d$|^---$")
MOVE = re.compile(r"^(\d+[-x]\d+|[a-h][a-h]\d|[a-h]\d[-:x][a-h]\d([-:x][a-h]\d)*)$")


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def ballot(name):
    """(removed squares, moves) from a ballot's name."""
    removed = []
    m = re.match(r"^\s*\d+\.\s*Remove (\d+) and (\d+);(.*)$", name)
    if m:
        removed = [int(m.group(1)), int(m.group(2))]
        name = m.group(3)
    tokens = [t.strip(":") for t in name.split()]
    moves = [t.lstrip("0") if re.match(r"^0\d", t) else t for t in tokens if MOVE.match(t.strip(":"))]
    moves = [re.sub(r"(?<=[-x])0(\d)", r"\1", m) for m in moves]
    return removed, moves


def start_fen(variant, removed):
    if not removed:
        return None
    white = [s for s in range(21, 33) if s not in removed]
    black = [s for s in range(1, 13) if s not in removed]
    side = "B"  # English: Black moves first
    return f"{side}:W{','.join(map(str, white))}:B{','.join(map(str, black))}"


def main():
    folder = os.path.join(os.path.dirname(draughts.__file__), "ballot_files")
    proc, base = start_service(sys.argv[1], bitbase_pieces=0, cache_entries=0)
    passed = failed = skipped = 0
    try:
        for file, variant in FILES.items():
            with open(os.path.join(folder, file)) as f:
                ballots = json.load(f)["all"]
            for name, fen in ballots.items():
                if (file, name) in KNOWN_BAD:
                    skipped += 1
                    print(f"skip {file} {name!r}: {KNOWN_BAD[(file, name)]}")
                    continue
                if variant != "english" and any(SETUP.match(t) for t in name.split()):
                    skipped += 1
                    continue
                removed, moves = ballot(name)
                code, want = post(base, "/games/validate", {"variant": variant, "moves": [], "start": fen})
                if code != 200:
                    failed += 1
                    print(f"FAIL {file} {name!r}: the ballot FEN was refused: {want}")
                    continue
                if not moves:
                    passed += 1  # a start position only (Italian): its FEN is read
                    continue
                body = {"variant": variant, "moves": moves}
                start = start_fen(variant, removed)
                if start:
                    body["start"] = start
                code, got = post(base, "/games/validate", body)
                if code == 200 and got.get("valid") and got["position"] == want["position"]:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL {file} {name!r}: {got.get('error') or got.get('position')} != {want['position']}")
    finally:
        proc.terminate()
        proc.wait()
    print(f"ballots: {skipped} set-up or known-bad ballots skipped")
    print(f"ballots: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

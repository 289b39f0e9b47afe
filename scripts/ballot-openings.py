#!/usr/bin/env python3
"""Turn a ballot list (a line each: a number, then the moves from the start) into an
openings file for match.py (a FEN a line, the ballot as a comment), each ballot replayed
and checked by the service's rules (POST /games/validate).

Usage: ballot-openings.py BINARY VARIANT BALLOTS OUT
  e.g. scripts/ballot-openings.py target/release/draughts-api english \
       docs/matches/english-3-move-ballots.txt docs/matches/openings-english-3-move-ballots.txt
"""
import json
import os
import sys
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from support import start_service  # noqa: E402


def main():
    binary, variant, ballots, out = sys.argv[1:5]
    proc, base = start_service(binary, bitbase_pieces=0)
    try:
        lines = []
        with open(ballots) as f:
            for line in f:
                line = line.split("#", 1)[0].split()
                if not line:
                    continue
                number, moves = line[0], line[1:]
                body = json.dumps({"variant": variant, "moves": moves}).encode()
                request = urllib.request.Request(base + "/games/validate", data=body,
                                                 headers={"content-type": "application/json"})
                with urllib.request.urlopen(request, timeout=10) as r:
                    answer = json.load(r)
                if not answer["valid"]:
                    sys.exit(f"ballot {number} {' '.join(moves)}: {answer['error']}")
                lines.append(f"{answer['position']}  # {number} {' '.join(moves)}")
        with open(out, "w") as f:
            f.write(f"# {variant} openings from {os.path.basename(ballots)} "
                    f"(scripts/ballot-openings.py): {len(lines)} positions\n")
            f.write("\n".join(lines) + "\n")
        print(f"{len(lines)} openings written to {out}")
    finally:
        proc.kill()


if __name__ == "__main__":
    main()

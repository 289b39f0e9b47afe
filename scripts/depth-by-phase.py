#!/usr/bin/env python3
"""Mean search depth of each engine by ply of the game, from a match.py summary (--json).

Usage: depth-by-phase.py MATCH.json

Counts the moves each engine searched for at least 20 ms (book moves and forced replies
report no depth or take no time), by the ply of the game they were played at, openings
included, so engines can be compared phase by phase rather than by one mean that the
endings dominate.
"""
import json
import statistics
import sys

PHASES = [(0, 20), (20, 40), (40, 60), (60, 80), (80, 10_000)]


def main(path):
    match = json.load(open(path))
    names = sorted({g["white"] for g in match["game_list"]} | {g["black"] for g in match["game_list"]})
    depths = {(name, phase): [] for name in names for phase in PHASES}
    for game in match["game_list"]:
        before = len(game["opening_moves"])
        for i, depth in enumerate(game["move_depth"]):
            if not depth or depth <= 0 or game["move_ms"][i] < 20:
                continue
            ply = before + i
            mover = game["white"] if ply % 2 == 0 else game["black"]
            for phase in PHASES:
                if phase[0] <= ply < phase[1]:
                    depths[(mover, phase)].append(depth)
    print("plies\t" + "\t".join(names))
    for lo, hi in PHASES:
        cells = []
        for name in names:
            found = depths[(name, (lo, hi))]
            cells.append(f"{statistics.mean(found):.1f} ({len(found)})" if found else "-")
        label = f"{lo}-{hi - 1}" if hi < 10_000 else f"{lo}+"
        print(label + "\t" + "\t".join(cells))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])

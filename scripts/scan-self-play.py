#!/usr/bin/env python3
"""Games of Scan 2.0 against itself, each opening of a file played once, as PDN.

Usage: scan-self-play.py SCAN_DIR OPENINGS DEPTH FIRST COUNT OUT.pdn

Scan searches every move to DEPTH without its book (deterministic, so an opening played
with the colours swapped would repeat the game; each is played once). Openings are FEN lines
(`openings` below writes random ones); the match tool of ../shared/sparring is the arbiter
and writes the PDN, which `draughts-api pdn-data` turns into training positions. Games are
appended to OUT as they end, so several runs over disjoint FIRST..FIRST+COUNT slices can
share the work.

    scan-self-play.py openings N SEED LO HI > openings.txt   # N openings of LO..HI random plies
"""
import os
import sys
import types

SPARRING = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'sparring')
sys.path.insert(0, os.path.join(SPARRING, 'match'))
sys.path.insert(0, os.path.join(SPARRING, 'refgen'))
import match  # noqa: E402
import refgen  # noqa: E402


def main(argv):
    rules = refgen.preset('international')
    if argv[:1] == ['openings']:
        n, seed, lo, hi = map(int, argv[1:5])
        for opening in match.make_openings(rules, n + 1, seed, lo, hi)[1:]:
            print(opening['fen'])
        return
    scan, openings_path, depth, first, count, out = argv[:6]
    depth, first, count = int(depth), int(first), int(count)
    args = types.SimpleNamespace(max_plies=250, variant='international', time_ms=0, seed='1')
    engine = match.make_player(f'scan:{scan},depth={depth},time=0,book=false', args, 600.0)
    openings = match.load_openings(openings_path, rules)[first:first + count]
    with open(out, 'a') as f:
        for i, opening in enumerate(openings):
            number = first + i + 1
            engine.new_game(number, '1')
            game = match.play_game(number, opening, engine, engine, rules, args)
            game.update(game=number, a_white=True, opening_fen=opening['fen'])
            f.write(match.pdn_game(game, 'scan', 'scan'))
            f.flush()
    engine.close()


if __name__ == '__main__':
    main(sys.argv[1:])

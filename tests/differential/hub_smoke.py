#!/usr/bin/env python3
"""pydraughts' Hub engine wrapper drives `draughts-api hub`: a few moves of a game in each
variant both know, every engine move checked legal by pydraughts (the variant set through
the Hub `variant` parameter). Usage: hub_smoke.py BINARY"""
import sys

from draughts import Board
from draughts.engine import HubEngine, Limit

# pydraughts' names, which the Hub parameter accepts as ids or aliases. (On the Turkish
# board the Hub mode numbers squares from a1 along the ranks, as pydraughts does; the API
# numbers them from a8, like the other boards.)
VARIANTS = ["standard", "frisian", "frysk!", "antidraughts", "breakthrough", "turkish"]


def main():
    for variant in VARIANTS:
        engine = HubEngine([sys.argv[1], "hub"])
        engine.configure({"variant": variant})
        engine.init()
        board = Board(variant=variant)
        for _ in range(10):
            if not board.legal_moves() or board.is_over():
                break
            result = engine.play(board, Limit(time=0.05), False)
            # Compared as pydraughts' board moves (square lists): its written forms of one
            # move differ with how the move was made (Turkish: numeric or algebraic).
            legal = [m.board_move for m in board.legal_moves()]
            if result.move.board_move not in legal:
                print(f"{variant}: illegal move from the engine: {result.move.board_move} not in {legal}")
                return 1
            board.push(result.move)
        engine.quit()
        engine.kill_process()
        print(f"hub {variant}: engine moves through pydraughts' HubEngine, all legal; final {board.fen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

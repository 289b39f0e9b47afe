#!/usr/bin/env python3
"""pydraughts' Hub engine wrapper drives `draughts-api hub`: a few moves of a game, each
checked legal by pydraughts. Usage: hub_smoke.py BINARY"""
import sys

from draughts import Board
from draughts.engine import HubEngine, Limit


def main():
    engine = HubEngine([sys.argv[1], "hub"])
    engine.init()
    board = Board()
    for _ in range(10):
        result = engine.play(board, Limit(time=0.1), False)
        legal = [m.pdn_move for m in board.legal_moves()]
        if result.move.pdn_move not in legal:
            print(f"illegal move from the engine: {result.move.pdn_move} not in {legal}")
            return 1
        board.push(result.move)
    engine.quit()
    engine.kill_process()
    print(f"hub: 10 engine moves through pydraughts' HubEngine, all legal; final {board.fen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python -m bench.einstein_cards`: Einstein's Inspirations in random play, and its legal-move
generation at 60 tiles.

1. Completion rates: random games (2, 3 and 4 players in turn, one seed each); for every card,
   the share of games in which some placement made The Big Idea contain the card's shape with
   the tile just placed (whoever held the card). Stars should follow: every 3-star card below
   every 1-star card.
2. Legal moves at 60 tiles, in process: warm (a state one placement on from a state whose
   frontier is known: the frontier update and the listing, as a bot's search sees it) and cold
   (a state decoded from its message with no recent board: the tiles checked, the frontier
   rebuilt, the listing), median over the games that reach 60 tiles.

Writes einstein_cards.json and einstein_cards.md into `--out` (default bench/results).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bench.engine import add_out_argument, write_report
from playhall.core import Rng, get_game
from playhall.games.einstein import boards
from playhall.games.einstein import geometry as g
from playhall.games.einstein.cards import INSPIRATIONS, embedding
from playhall.games.einstein.placement import BigIdea

TILES = 60


def completion_rates(games: int) -> dict[int, float]:
    game = get_game("einstein")
    hits: Counter[int] = Counter()
    for index in range(games):
        state = game.new_game(2 + index % 3, {}, b"cards-%d" % index)
        rng = Rng.from_int(index)
        board = BigIdea()
        seen: set[int] = set()
        while not state.is_terminal():
            seat = state.to_move()[0]
            state = state.apply(seat, rng.choice(state.legal_moves(seat))).state
            tile = state.board.tiles[-1]
            board = board.placed(tile)
            board.forget_base()
            outline = g.outline(tile.pose)
            seen |= {c.id for c in INSPIRATIONS if embedding(c, board.outlines, outline)}
        hits.update(seen)
    return {card.id: hits[card.id] / games for card in INSPIRATIONS}


def generation_ms(games: int) -> dict[str, float]:
    game = get_game("einstein")
    codec = game.codec
    warm, cold = [], []
    for index in range(games):
        state = game.new_game(4, {}, b"tiles-%d" % index)
        rng = Rng.from_int(index)
        while len(state.board.tiles) < TILES - 1 and not state.is_terminal():
            seat = state.to_move()[0]
            state = state.apply(seat, rng.choice(state.legal_moves(seat))).state
        if state.is_terminal():
            continue
        seat = state.to_move()[0]
        state = state.apply(seat, rng.choice(state.legal_moves(seat))).state
        if state.is_terminal():
            continue
        started = time.perf_counter()
        state.legal_moves(state.to_move()[0])
        warm.append(time.perf_counter() - started)
        wire = codec.encode_state(state).SerializeToString()
        boards.forget_all()
        started = time.perf_counter()
        decoded = codec.decode_state(codec.state_message.FromString(wire))
        decoded.legal_moves(decoded.to_move()[0])
        cold.append(time.perf_counter() - started)
    return {
        "games": len(warm),
        "warm_p50_ms": round(statistics.median(warm) * 1000, 2),
        "cold_p50_ms": round(statistics.median(cold) * 1000, 2),
    }


def markdown(rates: dict[int, float], generation: dict[str, float], games: int) -> str:
    lines = [
        "# Einstein: Inspirations in random play, legal moves at 60 tiles",
        "",
        f"Completion rate: share of {games} random games (2-4 players) in which a placement",
        "completed the card's shape (whoever held it).",
        "",
        "| card | stars | tiles | rate |",
        "|---|---|---|---|",
    ]
    for card in sorted(INSPIRATIONS, key=lambda c: (c.stars, -rates[c.id])):
        lines.append(f"| {card.name} | {card.stars} | {len(card.poses)} | {rates[card.id]:.2f} |")
    one = min(rates[c.id] for c in INSPIRATIONS if c.stars == 1)
    three = max(rates[c.id] for c in INSPIRATIONS if c.stars == 3)
    lines += [
        "",
        f"Lowest 1-star rate {one:.2f}, highest 3-star rate {three:.2f}: "
        + ("stars follow difficulty." if three < one else "**stars do not follow difficulty**."),
        "",
        f"Legal moves at {TILES} tiles (median of {generation['games']} 4-player games): warm "
        f"{generation['warm_p50_ms']} ms (target <= 20 ms), cold {generation['cold_p50_ms']} ms.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.einstein_cards", description=__doc__)
    parser.add_argument("--games", type=int, default=60, help="random games (default 60)")
    add_out_argument(parser, "einstein_cards")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rates = completion_rates(args.games)
    generation = generation_ms(max(3, args.games // 6))
    report = {"games": args.games, "rates": rates, "legal_moves_60_tiles": generation}
    write_report(
        args.out,
        "einstein_cards",
        report,
        markdown(rates, generation, args.games),
        time.perf_counter() - started,
    )


if __name__ == "__main__":
    main()

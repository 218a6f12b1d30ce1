"""SVG drawings of a few mid-game Einstein views from the engine's renderer, to look at (`make
screens` writes them after the portal's screenshots).

Plays a seeded random 3-player game and writes seat 0's view (`render_svg`) after 10, 25 and 40
placements, and the spectator's view at the end, into `--out` (default
bench/results/screens/).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playhall.core import SPECTATOR, Rng, get_game

RESULTS = Path(__file__).resolve().parent / "results" / "screens"
MOMENTS = (10, 25, 40)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS, help="directory for the SVG files")
    parser.add_argument("--seed", default="screens", help="the game's seed")
    args = parser.parse_args(argv)
    game = get_game("einstein")
    state = game.new_game(3, {}, args.seed.encode())
    rng = Rng(args.seed.encode())
    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    while not state.is_terminal():
        seat = state.to_move()[0]
        state = state.apply(seat, rng.choice(state.legal_moves(seat))).state
        if state.move_count in MOMENTS:
            written.append(_write(args.out / f"einstein-{state.move_count}.svg", game, state, 0))
    written.append(_write(args.out / "einstein-final.svg", game, state, SPECTATOR))
    print("\n".join(str(path) for path in written))


def _write(path: Path, game, state, viewer) -> Path:
    path.write_text(game.render_svg(state.view(viewer)))
    return path


if __name__ == "__main__":
    main()

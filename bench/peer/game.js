// The peer's game: two players take turns, each turn one move that adds one to a tally.
// As cheap a move as Galileo's, so that both servers measure the platform around the rules.
// `client: false`: the client does not apply the move itself, only the server's answer
// changes its state, so a move is counted when the server has applied it.
"use strict";

const Tally = {
  name: "tally",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ moves: 0 }),
  moves: {
    add: {
      move: ({ G }) => {
        G.moves += 1;
      },
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};

module.exports = { Tally };

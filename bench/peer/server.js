// boardgame.io's own server (Koa, socket.io) with the Tally game.
// Usage: node server.js PORT memory|flatfile [DIR]
// Prints "listening PORT" once it serves. GET /bench/tally/:id answers the stored match's
// tally and state id, read from the server's storage: the benchmark's read-back.
"use strict";

const { Server, FlatFile } = require("boardgame.io/server");
const { Tally } = require("./game");

const [port, storage, dir] = process.argv.slice(2);
if (!["memory", "flatfile"].includes(storage)) {
  throw new Error(`storage ${storage}: memory or flatfile`);
}
const db = storage === "flatfile" ? new FlatFile({ dir, logging: false }) : undefined;
const server = Server({ games: [Tally], db, origins: ["http://127.0.0.1"] });

server.router.get("/bench/tally/:id", async (ctx) => {
  const { state } = await server.db.fetch(ctx.params.id, { state: true });
  ctx.body = state ? { moves: state.G.moves, stateID: state._stateID } : {};
});

server.run({ port: Number(port), callback: () => console.log(`listening ${port}`) });

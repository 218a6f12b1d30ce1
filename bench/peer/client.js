// Plays Tally matches on a boardgame.io server through its own client and socket.io transport,
// every seat a client of its own with a connection of its own, as browsers would.
// Usage: node client.js SERVER_URL MATCHES SECONDS WARM_UP_MOVES
// Each match plays its moves one after another: a move counts once both seats' clients have
// the server's new state (the next mover needs it to move). Prints "start" when the window
// opens and "end" once every match's last move is in, then one JSON line: the moves counted,
// the window's seconds, every latency (ms), and the read-back of each match from the server.
"use strict";

const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { Tally } = require("./game");

const [url, matchCount, seconds, warmUp] = process.argv.slice(2);

// A lobby API call. node's fetch may reuse a kept-alive connection the server is just
// closing (ECONNRESET before the request is sent): such a call is made again, up to 3 times.
async function post(path, body, attempt = 1) {
  let response;
  try {
    response = await fetch(url + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (attempt === 3) throw error;
    return post(path, body, attempt + 1);
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

function seatClient(matchID, playerID, credentials) {
  const client = Client({
    game: Tally,
    numPlayers: 2,
    matchID,
    playerID,
    credentials,
    debug: false,
    multiplayer: SocketIO({
      server: url,
      socketOpts: { forceNew: true, transports: ["websocket"] },
    }),
  });
  client.start();
  return client;
}

// A seat's client with one subscriber for good (the client reuses a subscriber's id once
// another unsubscribed, and adds a connection listener per subscription): it resolves the
// waiters whose state id the server's state has passed.
function watched(client) {
  const waiters = [];
  client.subscribe((state) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (state && state._stateID > waiters[i].after) waiters.splice(i, 1)[0].resolve(state);
    }
  });
  client.stateAbove = (after) =>
    new Promise((resolve) => {
      const state = client.getState();
      if (state && state._stateID > after) resolve(state);
      else waiters.push({ after, resolve });
    });
  return client;
}

async function newMatch() {
  const { matchID } = await post("/games/tally/create", { numPlayers: 2 });
  const seats = [];
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/games/tally/${matchID}/join`, {
      playerID,
      playerName: `p${playerID}`,
    });
    seats.push(watched(seatClient(matchID, playerID, playerCredentials)));
  }
  await Promise.all(seats.map((seat) => seat.stateAbove(-1)));
  return { matchID, seats, counted: 0, played: 0 };
}

async function move(match) {
  const state = match.seats[0].getState();
  const after = state._stateID;
  const applied = Promise.all(match.seats.map((seat) => seat.stateAbove(after)));
  match.seats[Number(state.ctx.currentPlayer)].moves.add();
  await applied;
  match.played += 1;
}

// The match as the server stores it. boardgame.io sends a move's new state to the clients
// before it writes it to its storage, so the last move's write may still be under way: it
// is read again, up to 5 s, until it shows every move played.
async function storedTally(match) {
  for (let attempt = 0; ; attempt++) {
    const stored = await (await fetch(`${url}/bench/tally/${match.matchID}`)).json();
    if (stored.moves >= match.played || attempt === 50) return stored;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const matches = [];
  // One after another: the lobby API is not what is measured.
  for (let i = 0; i < Number(matchCount); i++) matches.push(await newMatch());
  await Promise.all(
    matches.map(async (match) => {
      for (let i = 0; i < Number(warmUp); i++) await move(match);
    }),
  );
  const latencies = [];
  console.log("start");
  const started = performance.now();
  const deadline = started + Number(seconds) * 1000;
  await Promise.all(
    matches.map(async (match) => {
      while (performance.now() < deadline) {
        const before = performance.now();
        await move(match);
        latencies.push(performance.now() - before);
        match.counted += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  console.log("end");
  const readBack = [];
  for (const match of matches) {
    const stored = await storedTally(match);
    const seen = match.seats.map((seat) => seat.getState().G.moves);
    readBack.push({ match: match.matchID, played: match.played, stored: stored.moves, seen });
    match.seats.forEach((seat) => seat.stop());
  }
  const outcome = JSON.stringify({ moves: latencies.length, seconds: elapsed, latencies, readBack });
  // Written to a pipe asynchronously: exit once it is all out, not before.
  await new Promise((resolve) => process.stdout.write(outcome + "\n", resolve));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

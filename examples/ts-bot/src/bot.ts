// A Playhall bot built from the public contracts alone: it opens its account's event stream,
// accepts every challenge to it, and plays each of its matches with uniformly random legal
// moves until the match ends. It knows no title: a move is copied from the legal moves the
// server lists, as the google.protobuf.Any the server asks for. Asked to, it also challenges
// Playhall's own bots at first.
//
//   PLAYHALL_URL       the gateway (Connect), e.g. http://localhost:8080; or an orchestrator
//                      with PLAYHALL_PROTOCOL=grpc
//   PLAYHALL_TOKEN     a personal access token with the scope bot:play (or events:read and
//                      challenge:write: the moves go with each seat's own token), or a
//                      player token
//   PLAYHALL_PROTOCOL  connect (default) or grpc
//   PLAYHALL_CHALLENGE_BOTS  titles (comma-separated, e.g. galileo,einstein) whose random
//                      Playhall bot it challenges once at start
//
// It prints one line for each thing it does, and stops on SIGINT or SIGTERM.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Code, ConnectError, createClient, type CallOptions, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { RetryInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { EventService, type StreamEventsResponse } from "./gen/playhall/api/v1/event_service_pb.js";
import { BotLevel, EndReason, MatchPhase, MatchService, type MatchSummary } from "./gen/playhall/match/v1/match_service_pb.js";
import { ChallengeService, ChallengeState, type Challenge } from "./gen/playhall/social/v1/challenge_service_pb.js";

const CALL_TIMEOUT_MS = 10_000;
// Longer than any keep-alive interval a server sends: a stream this quiet is dead, open another.
const QUIET_STREAM_MS = 60_000;
const UNAVAILABLE_RETRIES = 5;
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return value;
}

function transport(url: string, protocol: string): Transport {
  if (protocol === "grpc") return createGrpcTransport({ baseUrl: url });
  if (protocol === "connect") return createConnectTransport({ baseUrl: url, httpVersion: "1.1" });
  console.error(`PLAYHALL_PROTOCOL is connect or grpc, not ${protocol}`);
  process.exit(2);
}

const token = required("PLAYHALL_TOKEN");
const link = transport(required("PLAYHALL_URL"), process.env.PLAYHALL_PROTOCOL?.trim() || "connect");
const events = createClient(EventService, link);
const challenges = createClient(ChallengeService, link);
const matches = createClient(MatchService, link);
const stopping = new AbortController();

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

function bearer(secret: string): CallOptions {
  return { headers: { authorization: `Bearer ${secret}` }, timeoutMs: CALL_TIMEOUT_MS, signal: stopping.signal };
}

// How long the server asks a refused call to wait: its RetryInfo, else a second.
function retryDelayMs(error: ConnectError): number {
  const [info] = error.findDetails(RetryInfoSchema);
  const delay = info?.retryDelay;
  if (!delay) return 1_000;
  return Number(delay.seconds) * 1_000 + Math.ceil(delay.nanos / 1e6);
}

// A call made again while the server says "too many calls, wait" (RESOURCE_EXHAUSTED, after the
// wait its RetryInfo names) or "not reachable now" (UNAVAILABLE, a few times with a growing
// pause); any other refusal is the caller's to handle.
async function call<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let unavailable = 0; ; ) {
    try {
      return await attempt();
    } catch (thrown) {
      const error = ConnectError.from(thrown);
      if (error.code === Code.ResourceExhausted && !stopping.signal.aborted) {
        const wait = retryDelayMs(error);
        log(`${what}: over a limit, retrying in ${wait} ms (${error.rawMessage})`);
        await pause(wait);
      } else if (error.code === Code.Unavailable && unavailable < UNAVAILABLE_RETRIES && !stopping.signal.aborted) {
        await pause(RECONNECT_MS[unavailable++]);
      } else {
        throw error;
      }
    }
  }
}

// The token of each seat the account holds, by match: the newest one the server gave (a match
// started event's token replaces the one an accept answered with).
const seats = new Map<string, Map<number, string>>();
// Each match's moves are made one after another: the next waits for the one before it.
const queues = new Map<string, Promise<void>>();
// How many of each match's are waiting or running.
const queued = new Map<string, number>();
// A turn can come to a seat with no event of its own (the account is told a turn once, and the
// other seats of a simultaneous step may move after it was told): every match held and idle
// is looked at again this often.
const LOOK_AGAIN_MS = 2_000;

function holdSeat(matchId: string, seat: number, seatToken: string): void {
  const held = seats.get(matchId) ?? new Map<number, string>();
  held.set(seat, seatToken);
  seats.set(matchId, held);
}

function later(matchId: string, work: () => Promise<void>): void {
  queued.set(matchId, (queued.get(matchId) ?? 0) + 1);
  const next = (queues.get(matchId) ?? Promise.resolve())
    .then(work)
    .catch((thrown) => {
      if (!stopping.signal.aborted) log(`match ${matchId}: ${ConnectError.from(thrown).message}`);
    })
    .finally(() => queued.set(matchId, (queued.get(matchId) ?? 1) - 1));
  queues.set(matchId, next);
}

function lookAgain(): void {
  for (const [matchId, held] of seats) {
    if ((queued.get(matchId) ?? 0) > 0) continue;
    for (const seat of held.keys()) later(matchId, () => play(matchId, seat));
  }
}

function toMove(match: MatchSummary | undefined, seat: number): boolean {
  return match?.phase === MatchPhase.RUNNING && (match.status?.toMove ?? []).includes(seat);
}

// Plays the seat's moves while it is to move: reads the match with its legal moves, submits
// one of them at random, and again (a turn may be several moves). A move that lost a race (the
// match changed since it was read, FAILED_PRECONDITION) is chosen again from a fresh read; a
// call refused for a token that a newer one replaced meanwhile is made again with the new one,
// and a seat token refused otherwise (replaced by one this bot never heard of) gives way to the
// account's own token, which acts in the account's seats.
async function play(matchId: string, seat: number): Promise<void> {
  for (;;) {
    const seatToken = seats.get(matchId)?.get(seat);
    if (!seatToken) return;
    try {
      if (!(await playOnce(matchId, seat, seatToken))) return;
    } catch (thrown) {
      const error = ConnectError.from(thrown);
      if (error.code !== Code.Unauthenticated && error.code !== Code.PermissionDenied) throw error;
      if (seats.get(matchId)?.get(seat) !== seatToken) continue; // a newer token came meanwhile
      if (seatToken === token) throw error;
      log(`match ${matchId}: seat ${seat}'s token is refused; playing with the account's`);
      holdSeat(matchId, seat, token);
    }
  }
}

// One move of the seat if it is to move; whether it was.
async function playOnce(matchId: string, seat: number, seatToken: string): Promise<boolean> {
  const read = await call("GetMatch", () => matches.getMatch({ matchId, seat }, bearer(seatToken)));
  const legal = read.legalMoves;
  if (!toMove(read.match, seat) || !legal || legal.moves.length === 0) return false;
  const chosen = legal.moves[Math.floor(Math.random() * legal.moves.length)];
  const move = { typeUrl: legal.typeUrl, value: chosen };
  try {
    await call("SubmitMove", () =>
      matches.submitMove(
        { matchId, seat, move, expectedVersion: read.match!.version, requestId: randomUUID(), omitLegalMoves: true },
        bearer(seatToken),
      ),
    );
  } catch (thrown) {
    const error = ConnectError.from(thrown);
    if (error.code !== Code.FailedPrecondition) throw error;
  }
  return true;
}

async function accept(challenge: Challenge): Promise<void> {
  const title = challenge.terms?.titleId ?? "?";
  try {
    const answer = await call("AcceptChallenge", () =>
      challenges.acceptChallenge({ challengeId: challenge.challengeId }, bearer(token)),
    );
    const matchId = answer.match?.matchId ?? challenge.challengeId;
    log(`accepted challenge ${challenge.challengeId} from ${challenge.challengerName} (${title})`);
    if (answer.token) {
      holdSeat(matchId, answer.token.seat, answer.token.token);
      later(matchId, () => play(matchId, answer.token!.seat));
    }
  } catch (thrown) {
    const error = ConnectError.from(thrown);
    if (error.code !== Code.FailedPrecondition && error.code !== Code.NotFound) throw error;
    log(`challenge ${challenge.challengeId} can no longer be accepted: ${error.rawMessage}`);
  }
}

// A bot challenge begins its match at once, with the challenger's seat in the answer.
async function challengeBot(title: string): Promise<void> {
  const made = await call("CreateChallenge", () =>
    challenges.createChallenge(
      { opponent: { case: "bot", value: true }, terms: { titleId: title, botLevel: BotLevel.RANDOM }, requestId: randomUUID() },
      bearer(token),
    ),
  );
  const matchId = made.match?.matchId;
  if (!matchId || !made.token) return;
  log(`challenged a random bot to ${title}: match ${matchId}, seat ${made.token.seat}`);
  holdSeat(matchId, made.token.seat, made.token.token);
  later(matchId, () => play(matchId, made.token!.seat));
}

function ended(match: MatchSummary): void {
  const reason = EndReason[match.endReason] ?? String(match.endReason);
  log(`match ${match.matchId} ended (${match.titleId}): ${reason}, winners [${match.winners.join(", ")}]`);
  seats.delete(match.matchId);
  queues.delete(match.matchId);
  queued.delete(match.matchId);
}

async function handle(response: StreamEventsResponse): Promise<void> {
  const event = response.event;
  switch (event.case) {
    case "challengeReceived":
      if (event.value.challenge?.state === ChallengeState.OPEN) await accept(event.value.challenge);
      return;
    case "matchStarted": {
      const match = event.value.match;
      if (!match) return;
      log(`match ${match.matchId} started (${match.titleId}), seats [${event.value.seats.map((s) => s.seat).join(", ")}]`);
      for (const { seat, token: seatToken } of event.value.seats) {
        holdSeat(match.matchId, seat, seatToken);
        later(match.matchId, () => play(match.matchId, seat));
      }
      return;
    }
    case "yourTurn": {
      const { matchId } = event.value;
      for (const seat of event.value.seats) later(matchId, () => play(matchId, seat));
      return;
    }
    case "matchEnded":
      if (event.value.match) ended(event.value.match);
      return;
    case "challengeAnswered":
    case "keepAlive":
    case undefined:
      return;
  }
}

// A pause that a stop cuts short.
async function pause(ms: number): Promise<void> {
  await sleep(ms, undefined, { signal: stopping.signal }).catch(() => {});
}

// The account's event stream, for good: opened again after every end or failure, after the
// last event received (`after`), so nothing is missed and nothing told twice.
async function streamEvents(): Promise<void> {
  let after = "";
  for (let failures = 0; !stopping.signal.aborted; ) {
    const quiet = new AbortController();
    let watchdog = setTimeout(() => quiet.abort(), QUIET_STREAM_MS);
    const signal = AbortSignal.any([stopping.signal, quiet.signal]);
    try {
      const options = { headers: { authorization: `Bearer ${token}` }, signal };
      log(after ? `event stream resumed after ${after}` : "event stream opened");
      for await (const response of events.streamEvents({ after }, options)) {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => quiet.abort(), QUIET_STREAM_MS);
        failures = 0;
        await handle(response);
        if (response.event.case !== "keepAlive") after = response.eventId;
      }
      await pause(RECONNECT_MS[0]); // the server closed it (stopping, or recycling connections)
    } catch (thrown) {
      const error = ConnectError.from(thrown);
      if (stopping.signal.aborted) break;
      if (error.code === Code.Unauthenticated || error.code === Code.PermissionDenied) {
        log(`the event stream is refused: ${error.rawMessage}`);
        process.exitCode = 1;
        stopping.abort();
        break;
      }
      const wait = error.code === Code.ResourceExhausted ? retryDelayMs(error) : RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
      log(`event stream ended (${Code[error.code]}: ${error.rawMessage}); again in ${wait} ms`);
      await pause(wait);
    } finally {
      clearTimeout(watchdog);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopping.abort());
const titles = (process.env.PLAYHALL_CHALLENGE_BOTS ?? "").split(",").map((t) => t.trim()).filter(Boolean);
for (const title of titles) {
  challengeBot(title).catch((thrown) => log(`challenging a bot to ${title}: ${ConnectError.from(thrown).message}`));
}
setInterval(lookAgain, LOOK_AGAIN_MS).unref();
await streamEvents();
await Promise.allSettled(queues.values());
log("stopped");

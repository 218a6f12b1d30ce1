// The social services as the signed-in player (FriendsService, ChallengeService, ChatService,
// ModerationService), and the words the portal shows for their fixed lists.
import { call } from "./connect.js";
import { asPlayer, playerToken } from "./players.js";

const SOCIAL = "/playhall.social.v1.";

export const friends = (method, request = {}) => asPlayer(`${SOCIAL}FriendsService/`, method, request);
export const challenges = (method, request = {}) => asPlayer(`${SOCIAL}ChallengeService/`, method, request);
export const chat = (method, request = {}) => asPlayer(`${SOCIAL}ChatService/`, method, request);
export const moderation = (method, request = {}) => asPlayer(`${SOCIAL}ModerationService/`, method, request);

// The lobby's open challenges answer anyone: as the signed-in player where there is one (who
// is not shown the challenges of players across a block), else as nobody.
export function openChallenges(request) {
  const service = `${SOCIAL}ChallengeService/`;
  return playerToken() ? asPlayer(service, "ListOpenChallenges", request) : call("ListOpenChallenges", request, { service });
}

// DeclineReason, in the order the decline picker offers them.
export const DECLINE_REASONS = {
  DECLINE_REASON_LATER: "not now, perhaps later",
  DECLINE_REASON_TOO_FAST: "the clock is too fast",
  DECLINE_REASON_TOO_SLOW: "the clock is too slow",
  DECLINE_REASON_NOT_THIS_TITLE: "I would rather play another game",
  DECLINE_REASON_NO_RATED_GAMES: "no rated games now",
  DECLINE_REASON_OTHER: "another reason",
};

export const CHALLENGE_STATES = {
  CHALLENGE_STATE_OPEN: "waiting for an answer",
  CHALLENGE_STATE_ACCEPTED: "accepted",
  CHALLENGE_STATE_DECLINED: "declined",
  CHALLENGE_STATE_WITHDRAWN: "withdrawn",
  CHALLENGE_STATE_EXPIRED: "expired",
};

// ReportReason, in the order the report picker offers them.
export const REPORT_REASONS = {
  REPORT_REASON_ABUSE: "insults, harassment, hate",
  REPORT_REASON_SPAM: "advertising, flooding, links",
  REPORT_REASON_CHEATING: "cheating",
  REPORT_REASON_UNSPORTSMANLIKE: "unsportsmanlike play",
  REPORT_REASON_OTHER: "something else (say what)",
};

// proto JSON leaves zeros and false out: a number from an int64 field that may be absent.
export const num = (value) => Number(value ?? 0);

// The social services as the signed-in player (FriendsService, ChallengeService, ChatService,
// ModerationService), and the catalogue keys of the words the portal shows for their fixed lists
// (one key per enum value, by the enum value's name).
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
  DECLINE_REASON_LATER: "social-decline-later",
  DECLINE_REASON_TOO_FAST: "social-decline-too-fast",
  DECLINE_REASON_TOO_SLOW: "social-decline-too-slow",
  DECLINE_REASON_NOT_THIS_TITLE: "social-decline-not-this-title",
  DECLINE_REASON_NO_RATED_GAMES: "social-decline-no-rated-games",
  DECLINE_REASON_OTHER: "social-decline-other",
};

export const CHALLENGE_STATES = {
  CHALLENGE_STATE_OPEN: "social-challenge-open",
  CHALLENGE_STATE_ACCEPTED: "social-challenge-accepted",
  CHALLENGE_STATE_DECLINED: "social-challenge-declined",
  CHALLENGE_STATE_WITHDRAWN: "social-challenge-withdrawn",
  CHALLENGE_STATE_EXPIRED: "social-challenge-expired",
};

// ReportReason, in the order the report picker offers them.
export const REPORT_REASONS = {
  REPORT_REASON_ABUSE: "social-report-abuse",
  REPORT_REASON_SPAM: "social-report-spam",
  REPORT_REASON_CHEATING: "social-report-cheating",
  REPORT_REASON_UNSPORTSMANLIKE: "social-report-unsportsmanlike",
  REPORT_REASON_OTHER: "social-report-other",
};

// proto JSON leaves zeros and false out: a number from an int64 field that may be absent.
export const num = (value) => Number(value ?? 0);

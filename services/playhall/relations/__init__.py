"""Who knows whom, lasting in PostgreSQL and live in Redis: follows and blocks, presence,
personal mutes and moderators' chat bans, reports and the record of moderation. Below the match
room (matches checks blocks, bans and a match's minimum karma through it), above the archive
(reputation's counts are written with the archive); no match, rules or gRPC in here."""

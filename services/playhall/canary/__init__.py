"""The replay canary: archived matches (their seed and moves, from PostgreSQL) played again on a
candidate rules service, and every match whose states, events, scores or winners come out
otherwise than recorded. A rules rollout is gated on it: a new minor version promises to play
every recorded match of its major the same (`core.versions`)."""

## Refusals of the match domain (playhall.common.errors), as the orchestrator and its
## neighbours send them. Keys and arguments are the contract; the sentences are yours to fix.

rules-service-unavailable = The { $title } rules service is unavailable; nothing was changed, try again

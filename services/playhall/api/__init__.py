"""The open API for programs that are not Playhall's own: AccountService (personal access
tokens, bot accounts, bots online, the limits table) and EventService (one event stream per
account), beside PlayerService."""

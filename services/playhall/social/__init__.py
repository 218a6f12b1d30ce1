"""Playing together: challenges (a player invites a player, a friend, anyone or a bot to a
match), the chat of a match's rooms, moderation, and their gRPC services (FriendsService,
ChallengeService, ChatService, ModerationService). Above the match room, which it reaches
through its port as matchmaking and tournaments do."""

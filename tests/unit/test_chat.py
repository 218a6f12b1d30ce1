"""The chat of a match through a real ChatService server, on a real Redis and PostgreSQL: who
writes and reads which room (Galileo hides its picks, so the players' room never reaches a
spectator, by list or watch), the limits (nothing written when refused), the archive (the chat
of an archived match is read from PostgreSQL), parking (a parked match keeps its chat), mutes
and blocks, and the moderators' deletion and context."""

from __future__ import annotations

import asyncio
import datetime
import logging
import time

import grpc
import pytest

from playhall.accounts.tokens import Player, TokenSettings, player_id
from playhall.archive.archive import Archive
from playhall.archive.archiver import Archiver
from playhall.archive.settings import ArchiverSettings
from playhall.common.refusal_details import received_refusal
from playhall.common.server import create_async_server
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches.chat import Chat, ChatSettings
from playhall.matchstore.chat import ChatStore, chat_key
from playhall.matchstore.store import match_key
from playhall.relations.graph import Relations
from playhall.relations.moderation import ChatBans
from playhall.social.chat_servicer import ChatServicer
from playhall.social.v1 import chat_service_pb2 as pb
from playhall.social.v1 import chat_service_pb2_grpc
from tests.helpers import TITLE, PlayerIssuer
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ISSUER = PlayerIssuer()
SETTINGS = ChatSettings(chat_max_chars=20, chat_rate_count=3, chat_rate_window_s=2.0)
PLAYERS = pb.CHAT_ROOM_PLAYERS
SPECTATORS = pb.CHAT_ROOM_SPECTATORS


def person(subject: str) -> Player:
    return Player(player_id(ISSUER.issuer, subject), subject.capitalize(), ISSUER.issuer, subject)


ADA, BOB, CAROL, DAVE = (person(name) for name in ("ada", "bob", "carol", "dave"))


class Room:
    """The hall, its chat domain and a real ChatService server with a client per person."""

    def __init__(self, hall: Hall, chat: Chat, stub: chat_service_pb2_grpc.ChatServiceStub):
        self.hall, self.chat, self.stub = hall, chat, stub

    @staticmethod
    def auth(who: Player | None) -> list[tuple[str, str]]:
        if who is None:
            return []
        return [("authorization", f"Bearer {ISSUER.token(who.subject, who.display_name)}")]

    async def send(self, who: Player, match_id: str, room: int, text: str) -> pb.ChatMessage:
        request = pb.SendMessageRequest(match_id=match_id, room=room, text=text)
        sent = await self.stub.SendMessage(request, metadata=self.auth(who))
        return sent.message

    async def texts(self, who: Player, match_id: str, room: int = 0) -> list[str]:
        request = pb.ListMessagesRequest(match_id=match_id, room=room)
        listed = await self.stub.ListMessages(request, metadata=self.auth(who))
        return [m.text for m in listed.messages]

    async def last_id(self, match_id: str) -> int:
        return await ChatStore(self.hall.db).last_id(match_id)

    async def refused(self, call) -> grpc.aio.AioRpcError:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await call
        return refused.value


@pytest.fixture
def room(embedded_redis, database_url, event_loop):
    async def start():
        hall = await open_hall(
            embedded_redis.url,
            database_url=database_url,
            player_tokens=TokenSettings(
                jwt_issuer=ISSUER.issuer,
                jwt_audience=ISSUER.audience,
                jwt_public_keys=ISSUER.keys[1],
            ),
        )
        hall.matches.archive = Archive(hall.parking.table.pool)
        chat = Chat(hall.matches, SETTINGS)
        service = await create_async_server(
            [(chat_service_pb2_grpc.add_ChatServiceServicer_to_server, ChatServicer(chat), "c")],
            port=0,
            host="127.0.0.1",
        )
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{service.port}")
        for known in (ADA, BOB, CAROL, DAVE):
            await Relations(hall.parking.table.pool).make_known(known)
        return Room(hall, chat, chat_service_pb2_grpc.ChatServiceStub(channel)), service, channel

    opened, service, channel = event_loop.run_until_complete(start())
    yield opened
    event_loop.run_until_complete(channel.close())
    event_loop.run_until_complete(service.stop(0))
    event_loop.run_until_complete(opened.hall.close())


async def ada_and_bob(hall: Hall, turn_based: bool = False) -> tuple[str, dict[int, str]]:
    seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN), mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)]
    clock = mpb.Clock(
        seconds_per_turn=86_400, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
    )
    request = mpb.CreateMatchRequest(title_id=TITLE, seats=seats)
    if turn_based:
        request.clock.CopyFrom(clock)
    created = await hall.api.create(request, ADA)
    match_id = created.match.match_id
    joined = await hall.api.join(mpb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


async def end(hall: Hall, match_id: str, tokens: dict[int, str]) -> None:
    await hall.api.resign(mpb.ResignRequest(match_id=match_id), tokens[0])


async def archive_and_purge(hall: Hall) -> None:
    """The archiver's passes, in this process: the ended match archived, then purged."""
    archive = Archive(hall.parking.table.pool)
    settings = ArchiverSettings(redis_url="", database_url="", archive_grace_s=0)
    archiver = Archiver(hall.store, archive, settings)
    assert await archiver.run_once() == 1
    await archiver.run_once()


async def test_each_writes_in_their_own_room_and_reads_only_it_while_the_match_runs(room):
    match_id, _ = await ada_and_bob(room.hall)
    said = await room.send(ADA, match_id, PLAYERS, "  good luck  ")
    assert (said.message_id, said.text, said.display_name) == (1, "good luck", "Ada")
    assert said.player_id == ADA.player_id and said.room == PLAYERS
    await room.send(BOB, match_id, PLAYERS, "you too")
    await room.send(CAROL, match_id, SPECTATORS, "Bob wins this")

    refused = await room.refused(room.send(CAROL, match_id, PLAYERS, "pick 3!"))
    assert refused.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "Only the players of this match write in the players' room" in refused.details()
    refused = await room.refused(room.send(ADA, match_id, SPECTATORS, "hi all"))
    assert refused.code() == grpc.StatusCode.PERMISSION_DENIED
    assert await room.last_id(match_id) == 3, "refused messages are not stored"

    assert await room.texts(ADA, match_id) == ["good luck", "you too"]
    assert await room.texts(BOB, match_id, PLAYERS) == ["good luck", "you too"]
    assert await room.texts(CAROL, match_id) == ["Bob wins this"]
    for who, other_room in ((CAROL, PLAYERS), (BOB, SPECTATORS)):
        refused = await room.refused(room.texts(who, match_id, other_room))
        assert refused.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "once the match is over" in refused.details()

    refused = await room.refused(room.texts(None, match_id))
    assert refused.code() == grpc.StatusCode.UNAUTHENTICATED
    refused = await room.refused(room.texts(ADA, "no-such-match"))
    assert refused.code() == grpc.StatusCode.NOT_FOUND


async def test_a_spectator_never_receives_the_players_room_and_both_open_at_the_end(room, caplog):
    caplog.set_level(logging.DEBUG)
    match_id, tokens = await ada_and_bob(room.hall)
    metadata = room.auth(CAROL)
    carol = room.stub.WatchChat(pb.WatchChatRequest(match_id=match_id), metadata=metadata)
    bob = room.stub.WatchChat(pb.WatchChatRequest(match_id=match_id), metadata=room.auth(BOB))
    await room.send(ADA, match_id, PLAYERS, "I pick the moon")
    await room.send(CAROL, match_id, SPECTATORS, "nice game")
    await room.send(BOB, match_id, PLAYERS, "me too")
    first = (await carol.read()).messages
    assert [(m.text, m.room) for m in first] == [("nice game", SPECTATORS)]
    seen_by_bob: list[str] = []
    while len(seen_by_bob) < 2:  # in one batch or two, as the polls fall
        seen_by_bob += [m.text for m in (await asyncio.wait_for(bob.read(), 5)).messages]
    assert seen_by_bob == ["I pick the moon", "me too"]

    # Said just before the end, so found by the streams' last read, once the match is over:
    # a stream never opens another room, so it reaches Bob and not Carol.
    await room.send(ADA, match_id, PLAYERS, "my last pick")
    await end(room.hall, match_id, tokens)
    assert await asyncio.wait_for(carol.read(), 5) is grpc.aio.EOF
    rest = []
    while (batch := await asyncio.wait_for(bob.read(), 5)) is not grpc.aio.EOF:
        rest += [m.text for m in batch.messages]
    assert rest == ["my last pick"]
    assert "moon" not in caplog.text, "no message text in any log line"

    refused = await room.refused(room.send(BOB, match_id, PLAYERS, "gg"))
    assert refused.code() == grpc.StatusCode.FAILED_PRECONDITION
    everything = ["I pick the moon", "nice game", "me too", "my last pick"]
    assert await room.texts(CAROL, match_id) == everything
    assert await room.texts(BOB, match_id, SPECTATORS) == ["nice game"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * 21, "at most 20 characters; this one has 21"),
        ("ring\x07", "control characters"),
        ("two\nlines", "line breaks"),
        ("evil\u202etxt.exe", "control characters"),
    ],
)
async def test_a_message_that_is_not_one_line_of_text_is_refused_and_not_stored(room, text, reason):
    match_id, _ = await ada_and_bob(room.hall)
    refused = await room.refused(room.send(ADA, match_id, PLAYERS, text))
    assert refused.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason in refused.details()
    assert await room.last_id(match_id) == 0
    refused = await room.refused(room.send(ADA, match_id, 0, "hello"))
    assert refused.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "Name the room" in refused.details()


async def test_a_player_over_the_rate_waits_and_nothing_is_stored(room):
    match_id, _ = await ada_and_bob(room.hall)
    started = time.monotonic()
    for n in range(3):
        await room.send(ADA, match_id, PLAYERS, f"line {n}")
    refused = await room.refused(room.send(ADA, match_id, PLAYERS, "one more"))
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "too fast: wait" in refused.details()
    await room.send(BOB, match_id, PLAYERS, "my turn")  # each player has a rate of their own
    assert await room.last_id(match_id) == 4
    await asyncio.sleep(max(2.05 - (time.monotonic() - started), 0))
    assert (await room.send(ADA, match_id, PLAYERS, "one more")).message_id == 5


async def test_the_chat_is_archived_with_the_match_and_read_from_the_archive(room):
    match_id, tokens = await ada_and_bob(room.hall)
    await room.send(ADA, match_id, PLAYERS, "hello Bob")
    rude = await room.send(BOB, match_id, PLAYERS, "something rude")
    await room.send(CAROL, match_id, SPECTATORS, "hi")
    assert await room.chat.delete(match_id, rude.message_id)
    assert not await room.chat.delete(match_id, 99)
    await end(room.hall, match_id, tokens)
    await archive_and_purge(room.hall)
    assert not await room.hall.db.exists(chat_key(match_id), match_key(match_id))

    listed = await room.stub.ListMessages(
        pb.ListMessagesRequest(match_id=match_id), metadata=room.auth(DAVE)
    )
    assert [(m.message_id, m.text, m.deleted) for m in listed.messages] == [
        (1, "hello Bob", False),
        (2, "", True),
        (3, "hi", False),
    ]
    assert (listed.next_after_message_id, listed.more) == (3, False)
    page = await room.stub.ListMessages(
        pb.ListMessagesRequest(match_id=match_id, after_message_id=1, limit=1),
        metadata=room.auth(DAVE),
    )
    assert [m.message_id for m in page.messages] == [2] and page.more
    context = await room.chat.around(match_id, 2, 1)
    assert [line.text for line in context] == ["hello Bob", "something rude", "hi"]


async def test_a_parked_match_keeps_its_chat(room):
    match_id, _ = await ada_and_bob(room.hall, turn_based=True)
    await room.send(ADA, match_id, PLAYERS, "see you tomorrow")
    assert await room.hall.parking.park(match_id, cutoff_ms=int(time.time() * 1000) + 1)
    assert not await room.hall.db.exists(match_key(match_id)), "parked"
    assert await room.hall.db.exists(chat_key(match_id)), "its chat stays in Redis"
    assert await room.texts(BOB, match_id) == ["see you tomorrow"]
    assert (await room.send(BOB, match_id, PLAYERS, "see you")).message_id == 2


async def test_mutes_and_blocks_leave_authors_out_for_the_reader_only(room):
    match_id, _ = await ada_and_bob(room.hall)
    await room.send(CAROL, match_id, SPECTATORS, "from Carol")
    await room.send(DAVE, match_id, SPECTATORS, "from Dave")
    mute = pb.MutePlayerRequest(player_id=CAROL.player_id)
    await room.stub.MutePlayer(mute, metadata=room.auth(DAVE))
    assert await room.texts(DAVE, match_id) == ["from Dave"]
    assert await room.texts(CAROL, match_id) == ["from Carol", "from Dave"], "Carol is not told"
    muted = await room.stub.ListMuted(pb.ListMutedRequest(), metadata=room.auth(DAVE))
    assert [(p.player_id, p.display_name) for p in muted.players] == [(CAROL.player_id, "Carol")]
    await room.stub.UnmutePlayer(
        pb.UnmutePlayerRequest(player_id=CAROL.player_id), metadata=room.auth(DAVE)
    )
    assert await room.texts(DAVE, match_id) == ["from Carol", "from Dave"]

    await Relations(room.hall.parking.table.pool).block(CAROL.player_id, DAVE.player_id)
    assert await room.texts(DAVE, match_id) == ["from Dave"]
    assert await room.texts(CAROL, match_id) == ["from Carol"], "both ways"

    self_mute = pb.MutePlayerRequest(player_id=DAVE.player_id)
    refused = await room.refused(room.stub.MutePlayer(self_mute, metadata=room.auth(DAVE)))
    assert refused.code() == grpc.StatusCode.INVALID_ARGUMENT
    unknown = pb.MutePlayerRequest(player_id="p-" + "0" * 32)
    refused = await room.refused(room.stub.MutePlayer(unknown, metadata=room.auth(DAVE)))
    assert refused.code() == grpc.StatusCode.NOT_FOUND
    muted = await room.stub.ListMuted(pb.ListMutedRequest(), metadata=room.auth(DAVE))
    assert list(muted.players) == []


async def test_a_player_a_moderator_muted_from_chat_is_refused_until_the_ban_ends(room):
    match_id, _ = await ada_and_bob(room.hall)
    until = datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=1)
    async with room.hall.parking.table.pool.connection() as connection:
        await ChatBans.ban(connection, BOB.player_id, until, "insults", ADA.player_id)
    refused = await room.refused(room.send(BOB, match_id, PLAYERS, "sorry"))
    assert refused.code() == grpc.StatusCode.PERMISSION_DENIED
    # The time travels as ISO 8601 (minutes, UTC); each language's DATETIME formats it.
    text, _ = received_refusal(refused.trailing_metadata())
    assert text is not None and text.key == "chat-banned"
    assert text.args["until"] == until.isoformat(timespec="minutes")
    assert f"muted you from chat until {until:%b} {until.day}, {until.year}," in refused.details()
    assert await room.last_id(match_id) == 0
    async with room.hall.parking.table.pool.connection() as connection:
        lifted = datetime.datetime.now(datetime.UTC)
        await ChatBans.ban(connection, BOB.player_id, lifted, "lifted", ADA.player_id)
    assert (await room.send(BOB, match_id, PLAYERS, "sorry")).message_id == 1


async def test_a_bad_page_or_too_many_streams_are_refused(room):
    match_id, _ = await ada_and_bob(room.hall)
    for page in (
        pb.ListMessagesRequest(match_id=match_id, limit=201),
        pb.ListMessagesRequest(match_id=match_id, after_message_id=-1),
        pb.ListMessagesRequest(match_id=match_id, room=7),
    ):
        call = room.stub.ListMessages(page, metadata=room.auth(ADA))
        assert (await room.refused(call)).code() == grpc.StatusCode.INVALID_ARGUMENT
    request = pb.WatchChatRequest(match_id=match_id)
    streams = [room.stub.WatchChat(request, metadata=room.auth(ADA)) for _ in range(8)]
    await room.send(ADA, match_id, PLAYERS, "hello")
    for stream in streams:  # each is open, and has the message
        assert [m.text for m in (await asyncio.wait_for(stream.read(), 5)).messages] == ["hello"]
    ninth = room.stub.WatchChat(request, metadata=room.auth(ADA))
    refused = await room.refused(ninth.read())
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "close one" in refused.details()
    for stream in streams:
        stream.cancel()

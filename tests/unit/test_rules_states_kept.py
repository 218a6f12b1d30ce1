"""The rules service keeps the states it answered decoded (`DecodedStates`): a match played
move by move, each state sent back as answered, gets the very answers of a service that decodes
every state; a state it does not keep, or a different one, is decoded as ever."""

from __future__ import annotations

import random

import grpc
import pytest

from playhall.core import get_game, title_ids
from playhall.core.wire import pack
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules_service.servicer import DecodedStates, RulesServicer


class Aborted(Exception):
    pass


class Context:
    """What a handler needs of a ServicerContext: the call's metadata (no accept-language:
    English), and abort_with_status raises, as gRPC's does."""

    def invocation_metadata(self):
        return ()

    def abort_with_status(self, status):
        raise Aborted(status.code, status.details)


def play(servicer: RulesServicer, title: str, seed: str) -> list[bytes]:
    """A random game through `servicer`, each state sent back as answered: every answer."""
    game, rng = get_game(title), random.Random(seed)
    created = servicer.NewGame(
        pb.NewGameRequest(players=game.info.min_players, seed=seed.encode()), Context()
    )
    packed, state, answers = (
        created.state,
        game.new_game(game.info.min_players, {}, seed.encode()),
        [],
    )
    while not state.is_terminal():
        seat = rng.choice(state.to_move())
        move = rng.choice(state.legal_moves(seat))
        answer = servicer.ApplyMove(
            pb.ApplyMoveRequest(state=packed, seat=seat, move=pack(game.codec.encode_move(move))),
            Context(),
        )
        answers.append(answer.SerializeToString(deterministic=True))
        packed, (state, _) = answer.state, state.apply(seat, move)
    return answers


@pytest.mark.parametrize("title", title_ids())
def test_kept_states_answer_as_decoded_ones(title):
    kept, decoding = RulesServicer(get_game(title)), RulesServicer(get_game(title), 0)
    assert play(kept, title, "kept") == play(decoding, title, "kept")
    assert len(kept._decoded._states) > 0
    assert len(decoding._decoded._states) == 0


def test_the_oldest_state_leaves_first():
    states = DecodedStates(2)
    for n in range(3):
        states.put(bytes([n]), n)
    assert states.get(b"\x00") is None
    assert states.get(b"\x01") == 1
    states.put(b"\x03", 3)  # b"\x01" was read last: b"\x02" leaves
    assert states.get(b"\x02") is None
    assert states.get(b"\x01") == 1


def test_a_state_it_never_answered_is_decoded_and_checked():
    game = get_game("galileo")
    kept, decoding = RulesServicer(game), RulesServicer(game, 0)
    state = game.new_game(3, {}, b"elsewhere")
    seat = state.to_move()[0]
    move = pack(game.codec.encode_move(state.legal_moves(seat)[0]))
    request = pb.ApplyMoveRequest(state=pack(game.codec.encode_state(state)), seat=seat, move=move)
    assert kept.ApplyMove(request, Context()) == decoding.ApplyMove(request, Context())
    kept.ApplyMove(request, Context())  # its answer is kept now, not the state it was sent
    request.state.value = request.state.value[:-3]
    with pytest.raises(Aborted) as refused:
        kept.ApplyMove(request, Context())
    assert refused.value.args[0] == grpc.StatusCode.INVALID_ARGUMENT

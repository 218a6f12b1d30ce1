"""The terminal's text of legal moves: a shipped title's moves by its own names (in the
client's language), a title's moves this client has no engine of by their message (JSON of a
type it has, fields by number of one it has not), so a person can pick any title's move by
number."""

from __future__ import annotations

from google.protobuf import wrappers_pb2

from playhall.cli import words
from playhall.cli.boards import choices
from playhall.core import i18n
from playhall.galileo.v1 import galileo_pb2
from playhall.rules.v1 import rules_service_pb2 as rpb


def move_list(*moves) -> rpb.MoveList:
    name = moves[0].DESCRIPTOR.full_name
    return rpb.MoveList(
        type_url=f"type.googleapis.com/{name}", moves=[m.SerializeToString() for m in moves]
    )


def test_moves_read_by_their_titles_names_or_else_by_their_fields():
    picks = move_list(galileo_pb2.Move(pick=galileo_pb2.Pick(scientist=7)))
    (named,) = choices("galileo", picks)
    assert named.text == "Pick scientist 7 (yellow, power 3)", named.text
    # The same message under a title this client has no engine of: its JSON (the type is
    # known here); a type unknown here: its fields by number.
    (foreign,) = choices("elsewhere", picks)
    assert foreign.text == '{"pick": {"scientist": 7}}'
    unknown_type = rpb.MoveList(type_url="type.googleapis.com/other.v1.Move", moves=[b"\x08\x03"])
    assert [c.text for c in choices("other", unknown_type)] == ["1: 3"]
    # Protobuf's own types, which a title may use for its moves: as JSON.
    race = move_list(wrappers_pb2.Int32Value(value=1), wrappers_pb2.Int32Value(value=2))
    assert [c.text for c in choices("race", race)] == ["1", "2"]
    assert [c.move.value for c in choices("race", race)] == list(race.moves)


def test_a_shipped_titles_moves_read_in_the_clients_language():
    picks = move_list(galileo_pb2.Move(pick=galileo_pb2.Pick(scientist=7)))
    try:
        words.use("de")
        (german,) = choices("galileo", picks)
        words.use("fa")
        (persian,) = choices("galileo", picks)
    finally:
        words.use(i18n.SOURCE_LANGUAGE)
    assert german.text == "Wissenschaftler 7 wählen (gelb, Stärke 3)", german.text
    assert persian.text == "انتخاب دانشمند ۷ (زرد، قدرت ۳)", persian.text

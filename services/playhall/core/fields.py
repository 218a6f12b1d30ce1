"""Fields copied by the names they share, so that a title writes each field once.

A title's state, its views, its events and its protobuf messages name most fields alike
(Galileo's `start_player` is `start_player` in the state, the view and both messages). These
helpers copy such fields by name: between dataclasses (`build`: a view from a state, a state
from a view in `determinize`; `columns` and `row`: a view's per-seat rows and a state's per-seat
tuples), and between a dataclass and a message, both ways (`to_message`, `from_message`,
`in_oneof`). A title then spells only the fields that differ: computed ones, renamed ones,
nested messages and enums (an enum is checked on the way in, so it is always spelled).

Messages: only scalar and repeated scalar fields are copied (strings, numbers, booleans); a
repeated field comes back as a tuple, and a field with presence (proto3 `optional`) is None
when unset and left unset for None.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import ModuleType
from typing import Any, TypeVar

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

T = TypeVar("T")
M = TypeVar("M", bound=Message)

_NOT_SCALAR = (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_GROUP, FieldDescriptor.TYPE_ENUM)


# Kept per class (per pair of classes) in dicts: every call on the hot paths looks them up.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_SHARED: dict[tuple[type, type], tuple[tuple[str, bool, bool], ...]] = {}
_MEMBERS: dict[tuple[type, type], str] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The fields a dataclass's constructor takes, or a named tuple's fields."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if dataclasses.is_dataclass(cls):
            names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
        elif isinstance(found := getattr(cls, "_fields", None), tuple):
            names = found
        else:
            raise TypeError(f"{cls.__name__} is neither a dataclass nor a named tuple")
        _FIELD_NAMES[cls] = names
    return names


# -- between dataclasses -----------------------------------------------------------------------


def build(cls: type[T], source: object, /, **given: Any) -> T:
    """A `cls` (a dataclass or named tuple) of `given`, its other fields `source`'s attributes
    of the same names."""
    values = {name: getattr(source, name) for name in field_names(cls) if name not in given}
    return cls(**values, **given)


def columns(rows: Sequence[object], /, *names: str, **renamed: str) -> dict[str, tuple[Any, ...]]:
    """Rows (a view's seats) as columns (a state's per-seat tuples): for each of `names`, that
    attribute of every row in a tuple; `renamed` names a column after the rows' attribute it
    holds (`teams="team"`)."""
    values = {name: tuple(getattr(row, name) for row in rows) for name in names}
    for column, attr in renamed.items():
        values[column] = tuple(getattr(row, attr) for row in rows)
    return values


def row(source: object, index: int, /, *names: str, **renamed: str) -> dict[str, Any]:
    """One row of columns, `columns` reversed: for each of `names`, item `index` of `source`'s
    attribute of that name; `renamed` names a row field after the column it comes from
    (`team="teams"`)."""
    values = {name: getattr(source, name)[index] for name in names}
    for field, column in renamed.items():
        values[field] = getattr(source, column)[index]
    return values


# -- between a dataclass and a message ----------------------------------------------------------


def _shared(message_class: type[Message], cls: type) -> tuple[tuple[str, bool, bool], ...]:
    """(name, repeated, has presence) of each scalar field of `message_class` that `cls` has a
    field of the same name for."""
    shared = _SHARED.get((message_class, cls))
    if shared is None:
        names = set(field_names(cls))
        shared = _SHARED[message_class, cls] = tuple(
            (f.name, f.is_repeated, f.has_presence)
            for f in message_class.DESCRIPTOR.fields
            if f.name in names and f.type not in _NOT_SCALAR
        )
    return shared


def to_message(message_class: type[M], source: object, /, **given: Any) -> M:
    """A `message_class` of `given` and of `source`'s fields that match a scalar field of the
    message by name (None, as everywhere in a message's constructor, leaves a field unset)."""
    values = dict(given)
    for name, _, _ in _shared(message_class, type(source)):
        if name not in given:
            values[name] = getattr(source, name)
    return message_class(**values)


def message_fields(message: Message, cls: type) -> dict[str, Any]:
    """The scalar fields of `message` that `cls` has fields of the same names for: repeated ones
    as tuples, an unset one with presence as None."""
    values: dict[str, Any] = {}
    for name, repeated, presence in _shared(type(message), cls):
        if repeated:
            values[name] = tuple(getattr(message, name))
        elif presence and not message.HasField(name):
            values[name] = None
        else:
            values[name] = getattr(message, name)
    return values


def from_message(cls: type[T], message: Message, /, **given: Any) -> T:
    """A `cls` of `given` and of `message`'s fields that match its fields by name
    (`message_fields`)."""
    return cls(**{**message_fields(message, cls), **given})


def _member(container: type[Message], message_class: type[Message]) -> str:
    """The name of `container`'s field of type `message_class`."""
    member = _MEMBERS.get((container, message_class))
    if member is None:
        full_name = message_class.DESCRIPTOR.full_name
        found = [
            f.name
            for f in container.DESCRIPTOR.fields
            if f.message_type is not None and f.message_type.full_name == full_name
        ]
        if len(found) != 1:
            raise TypeError(f"{container.DESCRIPTOR.full_name} holds no one {full_name}")
        member = _MEMBERS[container, message_class] = found[0]
    return member


def in_oneof(container: type[M], module: ModuleType, value: object, /, **given: Any) -> M:
    """`value` as the message of `module` named as its class (`to_message`, `given` on top),
    in the field of `container` of that type: a `RoundStarted` event as the `round_started` of
    an `Event` message."""
    message_class = getattr(module, type(value).__name__, None)
    if not isinstance(message_class, type) or not issubclass(message_class, Message):
        raise TypeError(f"not a {container.DESCRIPTOR.full_name}: {value!r}")
    member = _member(container, message_class)
    return container(**{member: to_message(message_class, value, **given)})

"""A domain enum and a protobuf enum of the same values, translated by name both ways.

A protobuf enum prefixes its values with its own name (`MATCH_PHASE_OPEN` of `MatchPhase`); the
domain's enum of the same name holds them without (`MatchPhase.OPEN`). The tables are worked
out once: every record read and written translates a dozen values."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from types import ModuleType
from typing import Any, Generic, TypeVar

from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

E = TypeVar("E", bound=enum.IntEnum)


def value_prefix(proto: EnumTypeWrapper) -> str:
    """The prefix of a protobuf enum's value names: "MATCH_PHASE_" for `MatchPhase`."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", proto.DESCRIPTOR.name).upper() + "_"


class EnumBridge(Generic[E]):
    """Translates between `domain` and `proto` by value name; a value without a counterpart of
    the same name fails loudly (ValueError)."""

    def __init__(self, domain: type[E], proto: EnumTypeWrapper):
        self.domain = domain
        self.proto = proto
        prefix = value_prefix(proto)
        names = {name.removeprefix(prefix): number for name, number in proto.items()}
        self._to_proto = {member: names[member.name] for member in domain if member.name in names}
        self._to_domain = {
            number: domain[name] for name, number in names.items() if name in domain.__members__
        }

    def to_proto(self, member: E) -> Any:
        """The proto's value of `member`'s name (an int, which the proto's stubs type as a
        type of their own)."""
        try:
            return self._to_proto[member]
        except KeyError:
            raise ValueError(
                f"{member!r} has no {self.proto.DESCRIPTOR.name} counterpart"
            ) from None

    def to_domain(self, number: int) -> E:
        try:
            return self._to_domain[number]
        except KeyError:
            raise ValueError(f"{self.proto.DESCRIPTOR.name} {number} has no counterpart") from None

    def unmatched(self) -> set[str]:
        """The value names either side has and the other has not (a test wants none)."""
        prefix = value_prefix(self.proto)
        proto_names = {name.removeprefix(prefix) for name, _ in self.proto.items()}
        return proto_names ^ set(self.domain.__members__)


def bridges(
    domain_enums: Iterable[type[enum.IntEnum]], module: ModuleType
) -> dict[type, EnumBridge]:
    """A bridge from each domain enum to the enum of the same name in a generated `module`."""
    return {domain: EnumBridge(domain, getattr(module, domain.__name__)) for domain in domain_enums}

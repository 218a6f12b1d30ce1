"""The titles' messages, for the portal: their generated modules are imported here (so the
canonical JSON of an Any names its fields), and their descriptors are served as JSON, so the
portal can decode a `MoveList`'s moves (plain protobuf bytes) without a copy of any schema."""

from __future__ import annotations

import importlib
from pathlib import Path

from google.protobuf import descriptor_pool
from google.protobuf.descriptor import FieldDescriptor

import playhall

TITLE_MESSAGES = frozenset({"State", "Move", "View", "Event"})
"""The messages a title's contract declares (`docs/new-title.md`, step 1; its rules service's
GameInfo names them): what tells a title's package from the platform's own contracts (match,
rules, storage, players, matchmaking, tournament), which declare none of them."""


def import_title_messages() -> list[str]:
    """Imports every generated module (`playhall.<package>.v1.*_pb2`); the packages of the
    titles among them, those declaring the `TITLE_MESSAGES`."""
    declared: dict[str, set[str]] = {}
    for root in playhall.__path__:
        for path in sorted(Path(root).glob("*/v1/*_pb2.py")):
            module = importlib.import_module(f"playhall.{path.parent.parent.name}.v1.{path.stem}")
            file = module.DESCRIPTOR
            declared.setdefault(file.package, set()).update(file.message_types_by_name)
    return sorted(package for package, names in declared.items() if names >= TITLE_MESSAGES)


_TYPES = {
    value: name.removeprefix("TYPE_").lower()
    for name, value in vars(FieldDescriptor).items()
    if name.startswith("TYPE_")
}


def schema(packages: list[str]) -> dict:
    """{full message name: {"fields": [...]}} of every message in `packages`: per field its
    number, JSON name, type, whether repeated, and the message or enum it names."""
    pool = descriptor_pool.Default()
    messages: dict[str, dict] = {}
    enums: dict[str, dict[int, str]] = {}

    def add(message) -> None:
        fields = []
        for field in message.fields:
            entry = {
                "no": field.number,
                "name": field.json_name,
                "type": _TYPES[field.type],
                "repeated": field.is_repeated,
            }
            if field.message_type is not None:
                entry["message"] = field.message_type.full_name
            if field.enum_type is not None:
                entry["enum"] = field.enum_type.full_name
                enums[field.enum_type.full_name] = {
                    v.number: v.name for v in field.enum_type.values
                }
            fields.append(entry)
        messages[message.full_name] = {"fields": fields}
        for nested in message.nested_types:
            add(nested)

    for package in packages:
        for file in _files_of(pool, package):
            for message in file.message_types_by_name.values():
                add(message)
    return {"messages": messages, "enums": enums}


def _files_of(pool, package: str):
    name = package.split(".")[1]
    for root in playhall.__path__:
        for path in sorted(Path(root).glob(f"{name}/v1/*_pb2.py")):
            yield pool.FindFileByName(f"playhall/{name}/v1/{path.stem.removesuffix('_pb2')}.proto")

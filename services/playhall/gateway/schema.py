"""The titles' messages, for the portal: their generated modules are imported here (so the
canonical JSON of an Any names its fields), and their descriptors are served as JSON, so the
portal can decode a `MoveList`'s moves (plain protobuf bytes) without a copy of any schema."""

from __future__ import annotations

import importlib
from pathlib import Path

from google.protobuf import descriptor_pool
from google.protobuf.descriptor import FieldDescriptor

import playhall

SHARED = {"match", "rules", "storage"}
"""Packages of the shared contracts rather than of a title."""


def import_title_messages() -> list[str]:
    """Imports every generated title module (`playhall.<title>.v1.*_pb2`); their packages."""
    packages = []
    for root in playhall.__path__:
        for path in sorted(Path(root).glob("*/v1/*_pb2.py")):
            package = path.parent.parent.name
            if package in SHARED:
                continue
            importlib.import_module(f"playhall.{package}.v1.{path.stem}")
            packages.append(f"playhall.{package}.v1")
    return sorted(set(packages))


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

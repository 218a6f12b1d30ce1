"""The API reference the gateway publishes at `/api/`: HTML rendered from the contracts in
`protos/` and the comments every element carries (`buf lint` holds them to that).

`make proto` runs it (`python -m deploy.api_docs`), as the image's build does: grpcio-tools'
protoc compiles every contract into a FileDescriptorSet with its source info (the comments
and where each element is), and this module writes one page per public package (each rpc with
what a personal access token needs to call it, from `playhall.access.scopes`), an index of
packages and services, and the guide `docs/write-a-bot.md` and the table of rate limits
`docs/limits.md` as pages of their own, into the portal's `api/` folder. What it writes is
generated, never committed (`.gitignore`).

It needs the standard library, protobuf, grpcio-tools, markdown-it-py (a dependency of the
terminal client's `rich`) and `playhall.access.scopes` (which imports nothing else of Playhall
but its typed refusals), so the image's build stage runs it before installing Playhall.
"""

from __future__ import annotations

import argparse
import html
import importlib.resources
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2
from grpc_tools import protoc
from markdown_it import MarkdownIt

from playhall.access.scopes import BOT_KIT, REQUIRED, Gate, Scope

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
OUT = ROOT / "services" / "playhall" / "gateway" / "portal" / "api"
DOCS = ROOT / "docs"
GUIDES = {
    "write-a-bot.html": ("Write a bot", "write-a-bot.md"),
    "limits.html": ("Rate limits", "limits.md"),
}
"""The pages made of `docs/` files: (title, Markdown file)."""
PRIVATE_PACKAGES = {"playhall.storage.v1"}
"""The orchestrator's own records in Redis: never on the wire, so not part of the API."""
WELL_KNOWN = "https://protobuf.dev/reference/protobuf/google.protobuf/"
"""Where `google.protobuf` types (Any, Timestamp, ...) are documented."""
FieldDescriptor = descriptor_pb2.FieldDescriptorProto
SCALARS = {
    value: name.removeprefix("TYPE_").lower()
    for name, value in FieldDescriptor.Type.items()
    if name not in ("TYPE_MESSAGE", "TYPE_ENUM", "TYPE_GROUP")
}
"""The names .proto files give the scalar types (`int32`, `string`, `bytes`, ...)."""

# Paths in SourceCodeInfo: the field numbers of descriptor.proto leading to an element.
FILE_MESSAGE, FILE_ENUM, FILE_SERVICE = 4, 5, 6
MESSAGE_FIELD, MESSAGE_NESTED, MESSAGE_ENUM = 2, 3, 4
ENUM_VALUE = 2
SERVICE_METHOD = 2


def descriptor_set(protos: Path) -> descriptor_pb2.FileDescriptorSet:
    """Every contract under `protos` compiled, with the files they import and their
    comments, by grpcio-tools' protoc."""
    files = sorted(str(path.relative_to(protos)) for path in protos.rglob("*.proto"))
    well_known = importlib.resources.files("grpc_tools") / "_proto"
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "descriptors.pb"
        status = protoc.main(
            [
                "protoc",
                f"-I{protos}",
                f"-I{well_known}",
                f"--descriptor_set_out={out}",
                "--include_imports",
                "--include_source_info",
                *files,
            ]
        )
        if status != 0:
            raise RuntimeError(f"protoc could not compile the contracts in {protos}")
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


def comments_of(file: descriptor_pb2.FileDescriptorProto) -> dict[tuple[int, ...], str]:
    """The comment before each element of `file`, by its source path."""
    return {
        tuple(location.path): location.leading_comments.strip()
        for location in file.source_code_info.location
        if location.leading_comments.strip()
    }


@dataclass(frozen=True)
class Field:
    name: str
    number: int
    label: str
    """`repeated`, `optional`, `oneof <name>` or empty."""
    type_name: str
    """A scalar's name, or a message's or enum's full name with its leading dot."""
    map_types: tuple[str, str] | None
    """For a map field: its key's and value's types."""
    comment: str


@dataclass(frozen=True)
class Value:
    name: str
    number: int
    comment: str


@dataclass(frozen=True)
class Enum:
    full_name: str
    values: list[Value]
    comment: str


@dataclass(frozen=True)
class Message:
    full_name: str
    fields: list[Field]
    comment: str


@dataclass(frozen=True)
class Method:
    name: str
    request: str
    response: str
    client_streaming: bool
    server_streaming: bool
    comment: str


@dataclass(frozen=True)
class Service:
    full_name: str
    methods: list[Method]
    comment: str


@dataclass
class Package:
    name: str
    files: list[str]
    services: list[Service]
    messages: list[Message]
    enums: list[Enum]


def type_of(field: descriptor_pb2.FieldDescriptorProto) -> str:
    if field.type in (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_ENUM):
        return field.type_name
    return SCALARS[field.type]


def label_of(message: descriptor_pb2.DescriptorProto, field: FieldDescriptor) -> str:
    if field.label == FieldDescriptor.LABEL_REPEATED:
        return "repeated"
    if field.proto3_optional:
        return "optional"
    if field.HasField("oneof_index"):
        return f"oneof {message.oneof_decl[field.oneof_index].name}"
    return ""


class Reader:
    """Turns one file's descriptors into the reference's elements, with their comments."""

    def __init__(self, file: descriptor_pb2.FileDescriptorProto):
        self.file = file
        self.comments = comments_of(file)
        self.map_entries = {
            f".{prefix}.{message.name}": message
            for message, prefix, _ in self._messages_with_paths()
            if message.options.map_entry
        }

    def comment(self, *path: int) -> str:
        return self.comments.get(path, "")

    def services(self) -> list[Service]:
        return [
            Service(
                f"{self.file.package}.{service.name}",
                [
                    Method(
                        method.name,
                        method.input_type,
                        method.output_type,
                        method.client_streaming,
                        method.server_streaming,
                        self.comment(FILE_SERVICE, s, SERVICE_METHOD, m),
                    )
                    for m, method in enumerate(service.method)
                ],
                self.comment(FILE_SERVICE, s),
            )
            for s, service in enumerate(self.file.service)
        ]

    def enums(self) -> list[Enum]:
        found = [
            self.enum(enum, self.file.package, (FILE_ENUM, e))
            for e, enum in enumerate(self.file.enum_type)
        ]
        for message, prefix, path in self._messages_with_paths():
            found.extend(
                self.enum(enum, f"{prefix}.{message.name}", (*path, MESSAGE_ENUM, e))
                for e, enum in enumerate(message.enum_type)
            )
        return found

    def enum(self, enum, prefix: str, path: tuple[int, ...]) -> Enum:
        values = [
            Value(value.name, value.number, self.comment(*path, ENUM_VALUE, v))
            for v, value in enumerate(enum.value)
        ]
        return Enum(f"{prefix}.{enum.name}", values, self.comment(*path))

    def messages(self) -> list[Message]:
        return [
            self.message(message, prefix, path)
            for message, prefix, path in self._messages_with_paths()
            if not message.options.map_entry
        ]

    def _messages_with_paths(self) -> Iterator[tuple[descriptor_pb2.DescriptorProto, str, tuple]]:
        """Every message of the file, nested ones after their parent, with the name it is
        nested in and its source path."""
        pending = [
            (message, self.file.package, (FILE_MESSAGE, m))
            for m, message in enumerate(self.file.message_type)
        ]
        while pending:
            message, prefix, path = pending.pop(0)
            yield message, prefix, path
            pending.extend(
                (nested, f"{prefix}.{message.name}", (*path, MESSAGE_NESTED, n))
                for n, nested in enumerate(message.nested_type)
            )

    def message(self, message, prefix: str, path: tuple[int, ...]) -> Message:
        fields = [
            Field(
                field.name,
                field.number,
                label_of(message, field),
                type_of(field),
                self.map_types(field),
                self.comment(*path, MESSAGE_FIELD, f),
            )
            for f, field in enumerate(message.field)
        ]
        return Message(f"{prefix}.{message.name}", fields, self.comment(*path))

    def map_types(self, field: FieldDescriptor) -> tuple[str, str] | None:
        entry = self.map_entries.get(field.type_name)
        if entry is None or field.label != FieldDescriptor.LABEL_REPEATED:
            return None
        key, value = entry.field
        return type_of(key), type_of(value)


def packages(files: descriptor_pb2.FileDescriptorSet) -> list[Package]:
    """The public packages of Playhall in `files`, by name, each with its elements."""
    found: dict[str, Package] = {}
    for file in files.file:
        if not file.package.startswith("playhall.") or file.package in PRIVATE_PACKAGES:
            continue
        package = found.setdefault(file.package, Package(file.package, [], [], [], []))
        reader = Reader(file)
        package.files.append(file.name)
        package.services.extend(reader.services())
        package.messages.extend(reader.messages())
        package.enums.extend(reader.enums())
    return [found[name] for name in sorted(found)]


# -- HTML ---------------------------------------------------------------------------------------

CODE_SPAN = re.compile(r"`([^`]+)`")


def prose(comment: str) -> str:
    """A comment as HTML paragraphs: escaped, `code` spans kept as code, lines of one
    paragraph joined (a blank comment line starts another)."""
    paragraphs = [p for p in re.split(r"\n\s*\n", comment) if p.strip()]
    return "".join(f"<p>{code_spans(html.escape(' '.join(p.split())))}</p>" for p in paragraphs)


def code_spans(text: str) -> str:
    return CODE_SPAN.sub(r"<code>\1</code>", text)


def short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def page_of(package: str) -> str:
    return f"{package}.html"


def type_link(type_name: str) -> str:
    """A field's or a method's type as HTML: a link to where it is described (a Playhall
    message or enum on its package's page, a well-known type on protobuf.dev), else its
    name."""
    if not type_name.startswith("."):
        return f"<code>{type_name}</code>"
    full = type_name.removeprefix(".")
    if full.startswith("google.protobuf."):
        return f'<a href="{WELL_KNOWN}#{short(full).lower()}"><code>{full}</code></a>'
    if full.startswith("playhall."):
        package = ".".join(part for part in full.split(".") if not part[:1].isupper())
        return f'<a href="{page_of(package)}#{full}"><code>{short(full)}</code></a>'
    return f"<code>{full}</code>"


def field_type(field: Field) -> str:
    if field.map_types:
        key, value = field.map_types
        return f"map&lt;{type_link(key)}, {type_link(value)}&gt;"
    label = f'<span class="label">{field.label}</span> ' if field.label else ""
    return label + type_link(field.type_name)


def page(title: str, heading: str, body: str) -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{html.escape(title)} · Playhall API</title>
  <link rel="icon" href="/favicon.svg">
  <link rel="stylesheet" href="/css/portal.css">
  <link rel="stylesheet" href="/css/api.css">
</head>
<body>
  <header class="bar">
    <a href="/" class="brand">Playhall</a>
    <h1>{html.escape(heading)}</h1>
    <nav class="api-links" aria-label="API reference">
      <a href="index.html">API reference</a>
      <a href="write-a-bot.html">Write a bot</a>
      <a href="limits.html">Rate limits</a>
    </nav>
  </header>
  <main class="api">
{body}
  </main>
</body>
</html>
"""


def method_html(method: Method, service: Service) -> str:
    request = ("stream " if method.client_streaming else "") + type_link(method.request)
    response = ("stream " if method.server_streaming else "") + type_link(method.response)
    anchor = f"{service.full_name}.{method.name}"
    access = access_html(f"/{service.full_name}/{method.name}")
    return (
        f'<dt id="{anchor}"><code>rpc <a href="#{anchor}">{method.name}</a></code>'
        f"({request}) returns ({response})</dt>\n<dd>{prose(method.comment)}{access}</dd>"
    )


def access_html(method: str) -> str:
    """What a personal access token needs to call `method` (its full gRPC name), as
    `playhall.access.scopes` checks it; nothing for a method no orchestrator serves."""
    rule = REQUIRED.get(method)
    if rule is None:
        return ""
    if rule is Gate.OPEN:
        needs = "open to anyone: no scope needed"
    elif rule is Gate.SIGN_IN:
        needs = "never: a player token (the portal's sign-in) only"
    else:
        needs = scope_html(rule)
    return f'<p class="access">Personal access token: {needs}.</p>'


def scope_html(scope: Scope) -> str:
    kit = " (or <code>bot:play</code>, which includes it)" if scope in BOT_KIT else ""
    return f"the scope <code>{scope.value}</code>{kit}"


def service_html(service: Service) -> str:
    methods = "\n".join(method_html(method, service) for method in service.methods)
    return (
        f'<section class="service" id="{service.full_name}">\n'
        f"<h3>service {short(service.full_name)}</h3>\n{prose(service.comment)}\n"
        f'<dl class="methods">\n{methods}\n</dl>\n</section>'
    )


def message_html(message: Message) -> str:
    rows = "\n".join(
        f"<tr><td><code>{field.name}</code></td><td>{field_type(field)}</td>"
        f"<td>{field.number}</td><td>{prose(field.comment)}</td></tr>"
        for field in message.fields
    )
    table = (
        '<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th>'
        f'<th scope="col">Number</th><th scope="col">Description</th></tr></thead>'
        f"<tbody>\n{rows}\n</tbody></table>"
        if message.fields
        else '<p class="muted">No fields.</p>'
    )
    name = message.full_name.split(".", 3)[-1]
    return (
        f'<section class="message" id="{message.full_name}">\n'
        f"<h3>message {html.escape(name)}</h3>\n{prose(message.comment)}\n{table}\n</section>"
    )


def enum_html(enum: Enum) -> str:
    rows = "\n".join(
        f"<tr><td><code>{value.name}</code></td><td>{value.number}</td>"
        f"<td>{prose(value.comment)}</td></tr>"
        for value in enum.values
    )
    name = enum.full_name.split(".", 3)[-1]
    return (
        f'<section class="enum" id="{enum.full_name}">\n'
        f"<h3>enum {html.escape(name)}</h3>\n{prose(enum.comment)}\n"
        '<table><thead><tr><th scope="col">Value</th><th scope="col">Number</th>'
        f'<th scope="col">Description</th></tr></thead><tbody>\n{rows}\n</tbody></table>\n'
        "</section>"
    )


def contents(package: Package) -> str:
    """The package page's list of its elements, each a link to its section."""
    names = [
        *(("service", s.full_name) for s in package.services),
        *(("message", m.full_name) for m in package.messages),
        *(("enum", e.full_name) for e in package.enums),
    ]
    items = "\n".join(
        f'<li>{kind} <a href="#{full}"><code>{full.split(".", 3)[-1]}</code></a></li>'
        for kind, full in names
    )
    return f'<nav aria-label="Contents"><ul class="contents">\n{items}\n</ul></nav>'


def package_page(package: Package) -> str:
    files = ", ".join(f"<code>protos/{name}</code>" for name in package.files)
    parts = [
        f"<p>Package <code>{package.name}</code>, from {files}.</p>",
        contents(package),
    ]
    if package.services:
        parts.append("<h2>Services</h2>")
        parts.extend(service_html(service) for service in package.services)
    if package.messages:
        parts.append("<h2>Messages</h2>")
        parts.extend(message_html(message) for message in package.messages)
    if package.enums:
        parts.append("<h2>Enums</h2>")
        parts.extend(enum_html(enum) for enum in package.enums)
    return page(package.name, package.name, "\n".join(parts))


def first_paragraph(comment: str) -> str:
    return re.split(r"\n\s*\n", comment, maxsplit=1)[0]


def index_page(found: list[Package]) -> str:
    parts = [
        "<p>Every contract Playhall serves, as protobuf: call it over gRPC at the orchestrator, "
        "or over Connect and gRPC-Web at this gateway (the same paths: "
        "<code>/&lt;package&gt;.&lt;Service&gt;/&lt;Method&gt;</code>). "
        'To write a program that plays here, start with <a href="write-a-bot.html">'
        "Write a bot</a>; every call counts against the "
        '<a href="limits.html">rate limits</a>.</p>',
        "<h2>Services</h2>",
    ]
    for package in found:
        for service in package.services:
            rpcs = ", ".join(
                f'<a href="{page_of(package.name)}#{service.full_name}.{m.name}">{m.name}</a>'
                for m in service.methods
            )
            parts.append(
                f'<section class="service"><h3><a href="{page_of(package.name)}'
                f'#{service.full_name}"><code>{service.full_name}</code></a></h3>\n'
                f"{prose(first_paragraph(service.comment))}\n<p>RPCs: {rpcs}</p></section>"
            )
    parts.append("<h2>Packages</h2>")
    items = "\n".join(
        f'<li><a href="{page_of(p.name)}"><code>{p.name}</code></a>: {len(p.services)} '
        f"services, {len(p.messages)} messages, {len(p.enums)} enums</li>"
        for p in found
    )
    parts.append(f'<ul class="contents">\n{items}\n</ul>')
    return page("Index", "API reference", "\n".join(parts))


def markdown_page(title: str, markdown: str) -> str:
    return page(title, title, MarkdownIt("commonmark").enable("table").render(markdown))


def write(out: Path, protos: Path = PROTOS, docs: Path = DOCS) -> list[Path]:
    """Writes the reference of the contracts in `protos` and the pages of `GUIDES` from
    `docs` into `out`; the paths written."""
    found = packages(descriptor_set(protos))
    out.mkdir(parents=True, exist_ok=True)
    pages = {"index.html": index_page(found)}
    pages.update({page_of(package.name): package_page(package) for package in found})
    for name, (title, source) in GUIDES.items():
        pages[name] = markdown_page(title, (docs / source).read_text())
    for stale in out.glob("*.html"):
        if stale.name not in pages:
            stale.unlink()
    for name, text in pages.items():
        (out / name).write_text(text)
    return [out / name for name in pages]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--protos", type=Path, default=PROTOS, help="the contracts' root")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder the pages go to")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the guides' folder")
    args = parser.parse_args(argv)
    written = write(args.out, args.protos, args.docs)
    print(f"wrote {len(written)} pages of the API reference to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The completeness check of a catalogue (`core.i18n`): what a title (or the platform) must
hold before it ships in a language.

- every file parses: no Fluent syntax error;
- no key is defined twice among a language's files (they form one bundle);
- every language has exactly the source's (English) keys, no fewer, no more;
- each translation uses the same `$arguments` as the source, so a value passed is shown in
  every language;
- every key the code uses is in the source, given the arguments its message uses.

`python -m playhall.conformance.messages <folder>...` prints the problems of catalogue folders
(`<folder>/<lang>/*.ftl`) and exits 1 when there is one."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse as parse_fluent

from playhall.core.i18n import SHIPPED_LANGUAGES, SOURCE_LANGUAGE, Catalogue


@dataclass(frozen=True, order=True)
class Problem:
    """One thing a catalogue lacks or gets wrong: where, which key, and what."""

    where: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.key}: {self.what}"


def check_catalogue(
    catalogue: Catalogue, languages: Iterable[str] = SHIPPED_LANGUAGES
) -> list[Problem]:
    """Every problem of `catalogue` in `languages`, measured against its English."""
    problems = [p for language in languages for p in _file_problems(catalogue.folder, language)]
    source = catalogue.variables(SOURCE_LANGUAGE)
    for language in languages:
        if language == SOURCE_LANGUAGE:
            continue
        where = f"{catalogue.folder}/{language}"
        translated = catalogue.variables(language)
        for key in sorted(source.keys() - translated.keys()):
            problems.append(Problem(where, key, "missing"))
        for key in sorted(translated.keys() - source.keys()):
            problems.append(Problem(where, key, "not in the English catalogue"))
        for key in sorted(source.keys() & translated.keys()):
            if translated[key] != source[key]:
                problems.append(
                    Problem(
                        where, key, f"uses {_names(translated[key])}, English {_names(source[key])}"
                    )
                )
    return problems


def check_used(
    catalogue: Catalogue, used: Mapping[str, frozenset[str] | None], where: str
) -> list[Problem]:
    """Problems of the keys code uses (`used`: a key and the argument names passed with it,
    None where the code's arguments are not known): each must be in English, and a message
    must be given every argument it shows."""
    source = catalogue.variables(SOURCE_LANGUAGE)
    problems = []
    for key, passed in sorted(used.items()):
        if key not in source:
            problems.append(Problem(where, key, "used in code, not in the English catalogue"))
        elif passed is not None and not source[key] <= passed:
            lacking = _names(source[key] - passed)
            problems.append(Problem(where, key, f"shown without {lacking}"))
    return problems


def _file_problems(folder: Path, language: str) -> list[Problem]:
    problems = []
    seen: dict[str, str] = {}
    for path in sorted((folder / language).glob("*.ftl")):
        for entry in parse_fluent(path.read_text("utf-8")).body:
            if isinstance(entry, fluent_ast.Junk):
                lines = (entry.content or "").strip().splitlines()
                problems.append(
                    Problem(str(path), lines[0][:60] if lines else "", "does not parse")
                )
            elif isinstance(entry, fluent_ast.Message):
                key = entry.id.name
                if key in seen:
                    problems.append(Problem(str(path), key, f"also defined in {seen[key]}"))
                seen[key] = path.name
    return problems


def _names(names: Iterable[str]) -> str:
    return ", ".join(f"${name}" for name in sorted(names)) or "no arguments"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.conformance.messages",
        description="Check catalogue folders (<folder>/<lang>/*.ftl) for missing keys, "
        "arguments that differ from English, syntax errors and duplicate keys.",
    )
    parser.add_argument("folders", nargs="+", type=Path, help="catalogue folders")
    arguments = parser.parse_args(argv)
    problems = [p for folder in arguments.folders for p in check_catalogue(Catalogue(folder))]
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {len(arguments.folders)} catalogue(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

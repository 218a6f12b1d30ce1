"""Display names as people see them in lobbies, on match pages and on leaderboards: one cleaning
for every way a name comes in (the guest sign-in, an OIDC provider's claims), so that no name is
invisible, none reorders the text around it and one name has one spelling.

`clean_display_name` normalises to NFC (an accent typed as a combining mark, "José" in NFD,
becomes the one precomposed letter), turns every kind of whitespace into single spaces, and
drops what a reader cannot see or what changes how the text around it is drawn: control
characters, format characters (the bidi embeddings, overrides and isolates among them, U+202A to
U+202E and U+2066 to U+2069), lone surrogates, and every Default_Ignorable_Code_Point (the Hangul
fillers U+115F, U+1160, U+3164 and U+FFA0, zero-width spaces, variation selectors, tags...). The
zero-width joiner and non-joiner are kept between two letters, where some scripts need them
(Persian and the Indic scripts write with them), and dropped elsewhere.
"""

from __future__ import annotations

import unicodedata

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),  # SOFT HYPHEN
    (0x034F, 0x034F),  # COMBINING GRAPHEME JOINER
    (0x061C, 0x061C),  # ARABIC LETTER MARK
    (0x115F, 0x1160),  # HANGUL CHOSEONG FILLER, HANGUL JUNGSEONG FILLER
    (0x17B4, 0x17B5),  # KHMER VOWEL INHERENT AQ, AA
    (0x180B, 0x180F),  # MONGOLIAN FREE VARIATION SELECTORS, VOWEL SEPARATOR
    (0x200B, 0x200F),  # ZERO WIDTH SPACE, ZWNJ, ZWJ, LRM, RLM
    (0x202A, 0x202E),  # LEFT-TO-RIGHT EMBEDDING .. RIGHT-TO-LEFT OVERRIDE
    (0x2060, 0x206F),  # WORD JOINER .. INVISIBLE PLUS, the isolates, NOMINAL DIGIT SHAPES
    (0x3164, 0x3164),  # HANGUL FILLER
    (0xFE00, 0xFE0F),  # VARIATION SELECTOR-1 .. 16
    (0xFEFF, 0xFEFF),  # ZERO WIDTH NO-BREAK SPACE
    (0xFFA0, 0xFFA0),  # HALFWIDTH HANGUL FILLER
    (0xFFF0, 0xFFF8),  # reserved
    (0x1BCA0, 0x1BCA3),  # SHORTHAND FORMAT LETTER OVERLAP .. UP STEP
    (0x1D173, 0x1D17A),  # MUSICAL SYMBOL BEGIN BEAM .. END PHRASE
    (0xE0000, 0xE0FFF),  # LANGUAGE TAG, TAG SPACE .. CANCEL TAG, VARIATION SELECTORS 17-256
)
"""The code points of the Unicode property Default_Ignorable_Code_Point (DerivedCoreProperties.txt,
unchanged from Unicode 14 to 16), as inclusive ranges: characters a text renders as nothing
unless it supports them, which makes a name look empty or like another name."""
BLANK_LOOKING = frozenset({0x2800})
"""Not default-ignorable, but drawn as nothing: BRAILLE PATTERN BLANK, the usual filler once
the Hangul ones are refused."""
JOINERS = frozenset({0x200C, 0x200D})
"""ZERO WIDTH NON-JOINER and JOINER: kept between two letters, where scripts need them."""
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
"""Control characters, format characters (bidi controls among them), lone surrogates."""


def is_default_ignorable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def _invisible(char: str) -> bool:
    """Whether `char` is dropped from names (joiners are judged by their neighbours)."""
    return (
        unicodedata.category(char) in DROPPED_CATEGORIES
        or is_default_ignorable(char)
        or ord(char) in BLANK_LOOKING
    )


def _letter(char: str) -> bool:
    """A visible letter or combining mark: what a joiner may stand between."""
    return unicodedata.category(char)[0] in "LM" and not _invisible(char)


def clean_display_name(name: str, limit: int | None = None) -> str:
    """`name` as it is shown: NFC, single spaces, nothing invisible or reordering (the module's
    docstring), at most `limit` code points; empty when nothing visible is left."""
    text = unicodedata.normalize("NFC", name)
    kept = []
    for i, char in enumerate(text):
        if char.isspace():
            kept.append(" ")
        elif ord(char) in JOINERS:
            between = 0 < i < len(text) - 1 and _letter(text[i - 1]) and _letter(text[i + 1])
            if between:
                kept.append(char)
        elif not _invisible(char):
            kept.append(char)
    cleaned = " ".join("".join(kept).split())
    if limit is not None and len(cleaned) > limit:
        # Cut, then cleaned again: a joiner or a space the cut left at the end goes too.
        return clean_display_name(cleaned[:limit])
    return cleaned

"""A chat line loses every bidirectional mark (issue #37): the right-to-left mark U+200F,
its left-to-right twin and the Arabic letter mark turn a page's line around as the overrides
and isolates do, which were already removed."""

import pytest

from chat.services import clean_text


@pytest.mark.parametrize("mark", ["\u200f", "\u200e", "\u061c", "\u202e", "\u2067"])
def test_a_bidirectional_mark_is_removed(mark):
    assert clean_text(f"abc{mark}def {mark}") == "abcdef"

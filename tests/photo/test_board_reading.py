"""A photo of the dealt table gives its 25 words in the places the photo shows them, and a
card it cannot read for sure is None, never a guess (real OCR on rendered photos)."""

from __future__ import annotations

import io

from PIL import Image

from bench.photos.board import RenderedBoard
from voicemaster.game.cards import card_key
from voicemaster.photo import BoardPhoto, read_board_photo, read_photo

ORIENTATION = 0x0112


def tally(read: BoardPhoto, rendered: RenderedBoard) -> tuple[int, list[tuple[str, str]]]:
    right, wrong = 0, []
    for said, true in zip(read.cards, rendered.truth.words):
        if said is not None and card_key(said) == card_key(true):
            right += 1
        elif said is not None:
            wrong.append((true, said))
    return right, wrong


def test_a_clear_photo_gives_every_word_in_its_place_two_word_cards_and_names_included(clean_board: RenderedBoard) -> None:
    read = read_board_photo(clean_board.data)
    right, wrong = tally(read, clean_board)
    assert wrong == []
    assert right >= 23, read.cards
    assert len(read.cards) == 25 and read.ms > 0


def test_a_photo_from_the_side_reads_as_the_photo_shows_the_grid_and_covered_cards_stay_unread(
        turned_board: RenderedBoard) -> None:
    """Told apart from a key photo though the key card lies beside the grid."""
    read = read_photo(turned_board.data)
    assert isinstance(read, BoardPhoto)
    right, wrong = tally(read, turned_board)
    assert wrong == []
    hidden = turned_board.truth.hidden
    assert hidden, "the hand or the cup covers at least one card"
    assert right >= 25 - len(hidden) - 2, read.cards
    for place in hidden:
        assert read.cards[place] in (None, turned_board.truth.words[place])


def test_a_photo_stored_sideways_with_its_exif_turn_reads_as_the_phone_showed_it(clean_board: RenderedBoard) -> None:
    """Phones store the sensor's pixels and say in EXIF how to turn them for viewing."""
    upright = Image.open(io.BytesIO(clean_board.data))
    stored = upright.transpose(Image.Transpose.ROTATE_90)
    exif = stored.getexif()
    exif[ORIENTATION] = 6
    out = io.BytesIO()
    stored.save(out, format="JPEG", quality=92, exif=exif)
    read = read_board_photo(out.getvalue())
    right, wrong = tally(read, clean_board)
    assert wrong == [] and right >= 23, read.cards

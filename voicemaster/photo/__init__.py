"""The board and the key card read from a photo: pure functions from image bytes to a
proposed table, no file or network I/O. The OCR engine loads on the first board photo
(once per process, thread-safe); key cards need no OCR."""

from voicemaster.photo.board import read_board_photo
from voicemaster.photo.key import read_key_photo
from voicemaster.photo.kind import read_photo
from voicemaster.photo.result import BoardPhoto, KeyPhoto, PhotoError

__all__ = ["BoardPhoto", "KeyPhoto", "PhotoError", "read_board_photo", "read_key_photo", "read_photo"]

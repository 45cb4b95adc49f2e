"""Every tuned number of the photo reader, in one place, and where each comes from.

The reader was tuned on the rendered photos of bench/photo_reading.py's calibration split
(`--split calib`; bench/photos renders them) and is reported on its test split, which adds
fonts and kinds of shot calibration never saw (bench/results/photo_reading.md). No number was
found by a search. The key card's bright squares and colour judgement (issue 33) were set on
the labelled real photos of ../shared/realphotos as well (bench/results/photo_reading_real.md);
the repository's other photos are kept for an independent check. Each says what its record
holds: "checked on the calibration split" where the commit that set it gives calibration
figures (quoted), "set by hand" where nothing says more; every one was in place for the test
split's figures. Formats are not tuned and stay where they
are: the 5 × 5 grid (lattice.SIZE), the recognizer's input height (ocr.REC_HEIGHT) and the OCR
engine's own configuration (ocr.py), the Zipf scale's 10⁻⁹ (words.py), CIELAB's scaling (key_colours.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ImageTuning:
    """What photo is read at all (image.py)."""

    min_size: tuple[int, int] = (640, 480)
    """The smallest photo read: long side × short side in pixels. Set by hand."""
    max_pixels: int = 60_000_000
    """A larger "photo" (a 100-megapixel scan, a decompression bomb) is refused before
    decoding. Set by hand."""


IMAGE = ImageTuning()


@dataclass(frozen=True)
class LinesTuning:
    """Text lines found, turned and read (lines.py)."""

    detect_side: int = 1280
    """The long side (px) the detector sees first: a card word in a phone photo of the whole
    table is 10-30 px high at this size (places where it finds nothing are looked at again,
    closer). Checked on the calibration split (d075459, 1600 before: far rows' small words
    are not lost, 3.1 → 2.9 s CPU a photo; 54 board photos, median 25 of 25, 0 wrong)."""
    min_height: float = 6.0
    """Lines lower than this (px, detection scale) are specks, not words. Set by hand."""
    upside_down: float = 0.5
    """A line the classifier holds at least this likely upside down is turned. Set by hand
    (likelier so than not)."""
    recheck: float = 0.9
    """A reading less sure than this is read the other way up too. Set by hand (ebf9b68)."""
    near_tie: float = 0.02
    """Two readings' confidences closer than this are a near tie, broken by the longer text.
    Set by hand."""
    crop_pad: float = 0.2
    """A line is cut out this many of its heights longer than its box. Set by hand."""
    crop_widths: tuple[float, float] = (0.5, 20.0)
    """A cut-out line is at least, and at most, this many times as wide as it is high. Set by
    hand."""
    ends_gap: float = 0.3
    ends_patch: float = 0.25
    """The ground past a line's ends is sampled this many line heights beyond each end, in a
    square of this many heights either side of its middle. Set by hand (49a9989)."""
    ends_apart: float = 25.0
    """Colour difference (8-bit CIELAB) past a line's two ends above which it may be cut short.
    Set by hand (49a9989)."""


LINES = LinesTuning()


@dataclass(frozen=True)
class WordsTuning:
    """Which word a card holds (words.py; the letters rule also board.py)."""

    min_letters: int = 2
    """A card's word has this many letters or more: shorter readings and vocabulary entries are
    dropped. Set by hand."""
    min_zipf: float = 2.5
    """The vocabulary: wordfreq's English words down to this Zipf frequency (about 51,000:
    "leprechaun" and "platypus" are in). Set by hand."""
    common_zipf: float = 3.0
    """Everyday words, whose cut-off parts are doubted (Vocabulary.common). Set by hand."""
    min_score: float = 0.5
    """Readings less confident than this are not heeded. Set by hand."""
    accept: float = 0.75
    """The lowest confidence at which an exact known word is taken. Set by hand."""
    sure: float = 0.85
    """A reading this confident is believed even against another. Set by hand."""
    extends_by: int = 2
    """A common word at least this many letters longer that starts or ends with a reading makes
    it a possible cut-off part (BALL of BALLET). Set by hand."""
    twice_letters: int = 3
    """A word no list knows stands, read the same twice, from this many letters. Set by hand."""
    snap_letters: int = 5
    """Readings are snapped to a known word only from this many letters. Set by hand."""
    snap_edits: int = 1
    """How many letters a reading may be from the known word it is snapped to, and how far a
    sure unknown reading may be from a word it does not veto. Set by hand."""


WORDS = WordsTuning()


@dataclass(frozen=True)
class BoardTuning:
    """The cards found, paired and placed (board.py)."""

    look_closer: float = 2.5
    """A place where nothing was found is detected again at up to this many times the scale.
    Checked on the calibration split (d075459: 54 board photos, median 25 of 25 right in
    place, worst 21 under a hand and a cup, 0 wrong, 0 refused)."""
    look_reach: float = 0.6
    """The part of the photo looked at again: this many grid steps either way of the place's
    node. Set with look_closer (d075459)."""
    look_min_px: int = 16
    """A part narrower or lower than this (px) is not looked at again. Set with look_closer."""
    roomy: float = 1.4
    """A line this many times longer than its letters need at the photo's usual pace is
    doubted. Set by hand above the spread its commit measured (ca3304e: 99% of lines within
    1.29 times the pace; which photos is not recorded)."""
    min_cards: int = 8
    """Fewer cards found than this is no grid. Set by hand."""
    stray: int = 3
    stray_share: float = 0.2
    """More legible cards than this (or this share of those placed) off the grid's places: the
    grid is not the table's (a card box or a spare card beside the table is one or two).
    Checked on the calibration split (96f2ac7: 48 board photos, median 25 of 25, 0 wrong, 0
    refused)."""
    pair_weight: float = 2.0
    """A card seen as a pair of lines weighs this much in the grid's fit (a line alone 1). Set
    by hand."""
    pair_opposite: float = -0.8
    """Two lines pair only when their reading directions' cosine is below this (they read
    opposite ways). Set by hand."""
    pair_distance: tuple[float, float] = (0.8, 7.0)
    """... and their middles are between these many of the taller's heights apart. Set by hand."""
    pair_above: float = 0.35
    """... and each lies above the other, in its own frame, by at least this share of that
    distance. Set by hand."""
    pair_alike: float = 50.0
    """... and their letters are at least this alike (rapidfuzz ratio, 0-100). Set by hand."""
    min_pairs: int = 3
    """With fewer pairs the photo's own line-to-middle reach is not measured: half_pair is used.
    Set by hand."""
    half_pair_large: float = 1.3
    half_pair_small: float = 2.0
    """From a line alone to its card's middle, in the line's heights (the large printing, the
    small one), when the photo has too few pairs to measure it. Set by hand."""


BOARD = BoardTuning()


@dataclass(frozen=True)
class LatticeTuning:
    """The 5 × 5 grid through the points found (lattice.py), for cards and key squares alike."""

    snap: float = 0.3
    """How far (in grid steps) a point may sit from a grid node and still belong to it. Set by
    hand."""
    min_points: int = 5
    """Fewer points (found, reached or in a window) make no grid and are not refitted. Set by
    hand."""
    close: float = 3.2
    """Neighbours: points nearer than this many times the typical nearest distance. Set by
    hand."""
    cones: tuple[float, float] = (25.0, 40.0)
    """A step is the shortest neighbour within this many degrees of the grid's axis, and of the
    direction across it. Set by hand."""
    min_neighbours: int = 2
    """Fewer points with a neighbour in a direction: no grid. Set by hand."""
    direction_bins: int = 36
    bin_smoothing: float = 0.5
    direction_near: float = 10.0
    """The commonest direction: the peak of this many bins over half a turn, each with this
    share of its two neighbours added, then the mean of the directions within this many
    degrees of it. Set by hand."""
    double_step_reach: float = 1.3
    """A point two steps away may sit this many times further from its guess than one step
    away. Set by hand."""
    refits: int = 3
    """The grid is fitted and its points re-indexed up to this many times. Set by hand."""
    homography_points: int = 8
    """With fewer points the grid is fitted as an affine map, not a homography. Set by hand."""


LATTICE = LatticeTuning()


@dataclass(frozen=True)
class KeyCardTuning:
    """The key card's squares, colours and lights (key.py), and when a photo is a key photo
    (kind.py). The calibration key photos are bench/photos' conditions plain, any turn,
    tilted, glare, dim blur and small, 10 each."""

    key_area: float = 0.04
    """A key card's grid covering this share of the photo or more makes it a key photo. Set by
    hand (ef61e6f)."""
    work_side: int = 1200
    """The long side (px) the key card is looked for at. Set by hand."""
    min_squares: int = 10
    """Fewer squares found than this in a grid is no key card. Set by hand."""
    least_coloured: int = 4
    """A key card shows at least this many saturated red or blue squares, and a grid of bright
    squares is a key card's only when that many lie on it (the real photos' fewest: 6, a
    blurred one). Set by hand (issue 33)."""
    bright_levels: tuple[int, ...] = (60, 80, 100, 120, 140, 160)
    """The brightness levels (HSV value) at which squares are looked for on the card's dark
    panel: a blurred photo's squares stand apart only at some of them. Set by hand (issue 33:
    on the real key photos each level finds a 5 × 5 grid in some and misses it in others)."""
    red_hues: tuple[int, int] = (8, 168)
    """OpenCV hues (0-180) at or below the first, or at or above the second, are red. Set by
    hand."""
    blue_hues: tuple[int, int] = (98, 128)
    """Hues between these are blue. Set by hand."""
    min_saturation: int = 100
    min_value: int = 70
    """A red or blue pixel is at least this saturated and this bright (OpenCV, 0-255). Set by
    hand (ef61e6f, red's brightness from 60, blue's from 90 and 45; its rendered key photos
    12 of 12 right)."""
    open_px: int = 3
    """The masks are opened with a square of this side (touching squares stay apart). Set by
    hand."""
    smallest_side: float = 0.012
    """A square's side is at least this share of the photo's short side. Set by hand."""
    square_aspect: float = 2.0
    square_fill: float = 0.65
    """A square, seen at a slant, is at most this many times as long as wide and fills at least
    this share of its rectangle. Checked on the calibration keys (ebf9b68, from 1.6 and 0.7:
    58 of 60 right, 2 refused, none wrong)."""
    size_alike: float = 1.35
    """Squares of the commonest size: within this ratio of it. Checked on the calibration keys
    (ebf9b68)."""
    cell: int = 24
    """Pixels per grid step in the straightened card. Set by hand."""
    middle: float = 0.3
    """A place's colour is read in a square of this many steps either side of its middle. Set
    by hand."""
    colourful_percentile: float = 70.0
    """... from its pixels at or above this percentile of colourfulness (the most colourful
    third: glare washes out part of a square, seldom all of it). Checked on the calibration
    keys (f089d77: 60 of 60)."""
    shadow_percentile: float = 20.0
    chroma_darkness: float = 0.5
    """A place's darkness: this percentile of its lightness plus this share of its chroma (the
    assassin is dark and grey). Checked on the calibration keys (ebf9b68)."""
    assassin_darker: float = 0.9
    """The darkest place is the assassin when at most this share of the next darkest. Set by
    hand (issue 33, from 0.7: the real key photos' assassins are 0.20-0.82 of the next)."""
    rounds: int = 10
    """At most this many rounds of fitting the kinds' colours and the places' kinds in turn.
    Set by hand."""
    sure: float = 8.0
    least_spread: float = 1.0
    """A key is sure when every other split with the same counts costs at least this many
    times the median place's squared distance to its kind's colour (CIELAB a, b; at least
    least_spread) more. Set by hand between the figures (issue 33): the one wrong split of the
    real key photos (glare turning two blue squares beige) 3.9; right splits 331 or more on the
    real photos, 15 or more on the rendered calibration and test keys."""
    forced_between: float = 5.0
    """A place given a kind other than the one it looks nearest (so that the counts hold) may
    be at most this many times as far from the kind given as from that nearest one: a
    washed-out square that lies between the two, not a look-alike. Set by hand (issue 33): the
    rendered glare keys' such squares 2.0-3.0, the real glare photo's 3.1 and 3.3; a rendered
    blue square printed beige 7.8 or more)."""
    lights_nearer: float = 0.5
    """A pixel of the ring round the grid is a light when its colour is at most this share as
    far from the card's red (or blue) squares' colour as from the ring's median colour. Set
    by hand (issue 33)."""
    lights_share: float = 0.02
    lights_dominance: float = 4.0
    """The lights are a team's colour when it covers at least this share of the ring round the
    grid and this many times the other team's. Set by hand."""


KEY_CARD = KeyCardTuning()

"""The exception of the package (its own module so the native code can raise it)."""

from typing import Optional


class SudokuError(ValueError):
    """A use case could not give its answer.

    ``message`` is the library's sentence (located, e.g. ``puzzle 2, line 3,
    column 5: ...``, when the puzzle came from text); ``code`` is the
    library's stable error code (``contradiction``, ``no-solution``,
    ``not-unique``, ``timed-out``, ``parse``, ``merge``, ...); ``row`` is the
    batch row, when the error is about one.

    >>> import sudokit
    >>> try:
    ...     sudokit.Puzzle("11" + "." * 79).solve()
    ... except sudokit.SudokuError as e:
    ...     print(e.code)
    contradiction
    """

    def __init__(self, message: str, code: str, row: Optional[int] = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.row = row

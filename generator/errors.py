"""The package's named errors.

Every error a user can cause (bad word list, unknown id, corrupt tree file, bad
option) is a subclass of :class:`LingoTreesError`, itself a ``ValueError``; the
CLI prints its message on one line and exits non-zero, with no traceback.
"""


class LingoTreesError(ValueError):
    """Base class of the errors a user can cause."""


class WordListError(LingoTreesError):
    """A word list is malformed, or a word is not in a list."""


class CatalogError(LingoTreesError):
    """An unknown list or set-up id, or a broken catalog."""


class RulesError(LingoTreesError):
    """A game description that does not make sense."""


class PatternError(LingoTreesError):
    """A feedback pattern string that is not valid for the game."""


class TreeFormatError(LingoTreesError):
    """A tree file that is not valid JSON or not in the tree format."""


class LayoutError(TreeFormatError):
    """A path that fits no tree file's or strategy folder's place
    (:mod:`generator.core.layout`), or a name in it that is not an id."""


class StrategyError(LingoTreesError):
    """A strategy cannot be built as asked (unknown strategy, unreachable words)."""


class SiteError(LingoTreesError):
    """The site cannot be built (no trees, a broken MkDocs project)."""


"""Errors. Every error is a :class:`ValueError` and explains itself in Chinese and English.

* :class:`NotationError`: text that is not card notation (names the bad token and its position).
* :class:`IllegalPlayError`: cards that are valid notation but not a legal play under the rule set
  (names the rule that forbids it).
* :class:`DeckLimitError` (an :class:`IllegalPlayError`): a play or hand holding more copies of a card than
  the rule set's packs hold (names the card, the count and the limit).
* :class:`UnknownRulesetError`: a rule-set name that is not a preset.
* :class:`RulesetError`: a rule set built with a switch value it does not allow (names the switch and the
  values it allows).
* :class:`RecordError`: a game record (the JSON the engine writes and settlement reads) that is malformed or
  inconsistent; names the field, e.g. ``finish_order[3]``.
* :class:`CardError`: cards that cannot be: a joker with a suit, a card taken from a hand that does not hold it,
  a deck of no packs.
* :class:`SetupError`: a game, a picture or a puzzle set up wrongly: not six hands, a seat outside 0-5, a leader
  that is not a seat, a puzzle whose options or actions do not fit its question.
* :class:`NothingToUndoError` (also an :class:`IndexError`): :meth:`~gouji_teach.rules.engine.Game.undo` with nothing
  to take back.
* :class:`OptionError`: a name or number that is not one of those allowed (a puzzle kind, level or number, a
  course stage, a language); ``field`` names what was asked.
* :class:`ArgumentTypeError` (also a :class:`TypeError`): a value of the wrong type, e.g. card notation or a
  learner's name that is not text.
* :class:`DeployError`: what the app is deployed from cannot be used: a Jupyter configuration file that is not a
  JSON object, a folder with no git origin.

Every error a learner, an instructor (writing a puzzle, a scenario or a picture of their own) or a command-line
user can cause is one of these. Errors that only a bug in this package can cause (an unknown rule id, a seed file
that does not exist, a message missing from the catalogue, a generated puzzle that breaks its own invariants)
stay plain Python exceptions.
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "DeckLimitError",
    "DeployError",
    "GoujiError",
    "IllegalPlayError",
    "NotationError",
    "NothingToUndoError",
    "OptionError",
    "RecordError",
    "RulesetError",
    "SetupError",
    "UnknownRulesetError",
]


class GoujiError(ValueError):
    """Base class: a message in Chinese (``zh``) and English (``en``); ``str()`` gives both."""

    def __init__(self, zh: str, en: str, *, rule: str | None = None) -> None:
        self.zh = zh
        self.en = en
        self.rule = rule
        super().__init__(f"{zh} / {en}")

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its attributes, whatever its class's arguments (an error raised in a worker process
        reaches the parent whole: ``pickle`` would call ``__init__`` with the message alone)."""
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(cls: type[GoujiError], args: tuple[object, ...], state: dict[str, object]) -> GoujiError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class NotationError(GoujiError):
    """Text that is not card notation. ``token`` is the offending text, ``position`` its 0-based index."""

    def __init__(self, text: str, token: str, position: int, zh_why: str, en_why: str) -> None:
        self.text = text
        self.token = token
        self.position = position
        super().__init__(
            f"第{position + 1}个字符处的“{token}”不是牌：{zh_why}",
            f"bad card {token!r} at position {position + 1} of {text!r}: {en_why}",
        )


class IllegalPlayError(GoujiError):
    """Cards that do not form a legal play under the rule set; ``rule`` is the id of the rule that forbids it."""


class DeckLimitError(IllegalPlayError):
    """More copies of one card than the packs of the rule set hold: ``card`` (its notation), ``count`` (how many
    were given) and ``limit`` (how many the deck holds). ``kept`` (a citation) says the deck keeps fewer copies
    of the card than its packs hold (枣庄's six 3s); ``cited`` is the rule's citation (zh, en) to end with."""

    def __init__(
        self, card: str, card_zh: str, card_en: str, count: int, limit: int, packs: int, what: str = "",
        *, kept: tuple[str, str] | None = None, cited: tuple[str, str] | None = None,
    ) -> None:
        self.card, self.count, self.limit = card, count, limit
        where_zh, where_en = {"hands": ("几家手里", "the hands hold"), "hand": ("手里", "the hand holds")}.get(
            what, ("", "")
        )
        if kept is None:
            held_zh, held_en = f"{packs}副牌只有{limit}张", f"{packs} packs hold only {limit}"
        else:
            held_zh, held_en = f"这副牌只留{limit}张（{kept[0]}）", f"the deck keeps only {limit} ({kept[1]})"
        zh = f"{where_zh}有{count}张{card_zh}，可是{held_zh}"
        en = f"{where_en or 'there are'} {count} × {card_en}, but {held_en}"
        if cited is not None:
            zh, en = f"{zh}【deck.limit, {cited[0]}】", f"{en} [deck.limit, {cited[1]}]"
        super().__init__(zh, en, rule="deck.limit")


class RulesetError(GoujiError):
    """A rule set built with a switch value it does not allow (or a switch without a source); ``field`` names
    the switch."""

    def __init__(self, ruleset: str, field: str, zh: str, en: str) -> None:
        self.field = field
        #: What is wrong, after the switch's name (a rule file's error puts its file and line before it).
        self.detail_zh, self.detail_en = f"{field} {zh}", f"{field}: {en}"
        super().__init__(f"规则集 {ruleset!r} 的 {field} {zh}", f"rule set {ruleset!r}: {field}: {en}")


class UnknownRulesetError(GoujiError):
    """A rule-set name that is not one of the presets (or a house rule set loaded from a rule file)."""

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        listed = ", ".join(known)
        super().__init__(
            f"未知规则集 {str(name)!r}（可选：{listed}）", f"unknown rule set {str(name)!r} (choose from: {listed})"
        )


class RecordError(GoujiError):
    """A game record that is malformed or inconsistent. ``field`` is the path of the bad field, e.g.
    ``finish_order[3]`` or ``[2].burns[0].outcome`` in a series; both messages start with it."""

    def __init__(self, field: str, zh: str, en: str, *, rule: str | None = None) -> None:
        self.field = field
        self.why_zh = zh
        self.why_en = en
        super().__init__(f"{field}：{zh}", f"{field}: {en}", rule=rule)

    def within(self, prefix: str) -> RecordError:
        """The same error with its field path under ``prefix`` (a record inside a series)."""
        return RecordError(f"{prefix}{self.field}", self.why_zh, self.why_en, rule=self.rule)


class CardError(GoujiError):
    """Cards that cannot be: a joker with a suit, a card taken from a hand that does not hold it, a deck of no
    packs."""


class SetupError(GoujiError):
    """A game, a picture or a puzzle set up wrongly: not six hands, a seat outside 0-5, a leader that is not a seat,
    a puzzle whose options or actions do not fit its question."""


class DeployError(GoujiError):
    """What the app is deployed from cannot be used: a Jupyter configuration file that is not a JSON object, a
    folder with no git origin; ``path`` names the file or folder."""

    def __init__(self, path: object, zh: str, en: str) -> None:
        self.path = path
        super().__init__(f"{path}：{zh}", f"{path}: {en}")


class NothingToUndoError(GoujiError, IndexError):
    """:meth:`~gouji_teach.rules.engine.Game.undo` with nothing to take back (an :class:`IndexError`, as ``pop()`` of
    an empty list)."""

    def __init__(self) -> None:
        super().__init__("没有可以撤回的步骤", "nothing to undo")


class OptionError(GoujiError):
    """A name or number that is not one of those allowed; ``field`` names what was asked (``kind``, ``level``,
    ``number``, ``stage``, ``lang``), ``value`` is what was given."""

    def __init__(self, field: str, value: object, zh: str, en: str) -> None:
        self.field = field
        self.value = value
        super().__init__(f"{field} 不能是 {value!r}：{zh}", f"{field} cannot be {value!r}: {en}")


class ArgumentTypeError(GoujiError, TypeError):
    """A value of the wrong type given to a public function (also a :class:`TypeError`), e.g. card notation or a
    learner's name that is not text."""

    def __init__(self, what_zh: str, what_en: str, value: object) -> None:
        kind = type(value).__name__
        super().__init__(f"{what_zh}必须是文字，不能是 {kind}", f"{what_en} must be text, not {kind}")

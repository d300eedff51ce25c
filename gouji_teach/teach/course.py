"""The course: its stages in order, the glossary, and the learner's session (who, which rule set, which
language) as the app passes it in the page's address.

Every notebook of ``tutorials/`` starts with ``session = course.start("<stage id>")``: it reads
``?learner=…&rules=…&lang=…`` from the address (Voila hands it to the kernel), switches the language and
returns what the page needs. Links between pages carry the same three values, so a reload keeps them.

A page's kernel may start before anyone asks for it (a preheated kernel, or a warm one the app keeps for a
class), so the address comes after the page is built: there, the session starts with the defaults, and
everything on the page that depends on it follows it
(:meth:`Session.follow`; the teaching layer's ``pages`` functions do) when :meth:`Session.apply` brings the
address. A page is then ready the moment it is asked for.

>>> [s.id for s in STAGES][:4]
['table', 'cards', 'plays', 'compare']
>>> stage("kaidian").notebook
'08_kaidian.ipynb'
>>> [d.number for d in stage("geming").drills]     # its own quiz: pages.quiz(session) shows these
['geming.1', 'geming.1', 'geming.1', 'geming.2']
>>> parse_query("learner=%E5%B0%8F%E6%98%8E&rules=linyi&lang=en")
{'learner': '小明', 'rules': 'linyi', 'lang': 'en'}
>>> parse_query("rules=<b>&lang=fr")     # unknown values fall back to the defaults
{'learner': '', 'rules': 'qingdao', 'lang': 'zh'}
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import parse_qs, urlencode

from ..rules.errors import GoujiError, OptionError
from ..rules.house import load as load_rules
from ..rules.rulesets import QINGDAO, Ruleset, find_ruleset, house_rulesets
from ..rules.words import Lang
from ..show.i18n import LANGUAGES, pick, set_language
from .names import normal_key

if TYPE_CHECKING:
    from .drills import Drill, Level

_S = TypeVar("_S", bound="Session")

__all__ = ["GLOSSARY", "HOME", "RULEBOOK", "RULES_ENV", "STAGES", "Session", "Stage", "Term", "default_rules",
           "hub_user", "names", "parse_query", "query_string", "stage", "start", "step_key"]

#: The house rule files (separated by the system's path separator) whose rule sets every page offers beside the
#: four families: ``gouji-teach serve --rules myclub.yaml`` sets it for the app's kernels.
RULES_ENV = "GOUJI_TEACH_RULES"
for _path in filter(None, os.environ.get(RULES_ENV, "").split(os.pathsep)):
    load_rules(_path)  # serve read the file before it started: a mistake was said there, in one line


def default_rules() -> Ruleset:
    """The rule set a page starts with: the app's house rule set when it was served with one, else 青岛."""
    house = house_rulesets()
    return house[0] if house else QINGDAO


def _rules_of(text: str) -> Ruleset | None:
    """The rule set an address names (a family, a house rule set, a rule set's key), or ``None``."""
    if not text or len(text) > 400:
        return None
    try:
        return find_ruleset(text)
    except GoujiError:  # a key whose "+" an address left unencoded reads as spaces
        try:
            return find_ruleset(text.replace(" ", "+"))
        except GoujiError:
            return None


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of the course: a notebook with one goal, the rules it teaches and the drills of its quiz."""

    id: str
    notebook: str
    title_zh: str
    title_en: str
    goal_zh: str
    goal_en: str
    rules: tuple[str, ...] = ()  # rule ids it teaches (for the mastery map)
    review: bool = False  # a review of the stages before: its quiz is one level of every kind

    @property
    def levels(self) -> tuple[Level, ...]:
        """Its quiz as levels (:func:`~.drills.levels_of`), one idea each.

        >>> [(lv.anchor, lv.kind, len(lv.drills)) for lv in stage("kaidian").levels]
        [('level-1', 'gouji', 1), ('level-2', 'open_by_play', 2), ('level-3', 'who_opened', 3)]
        >>> stage("kaidian").levels[0].goal("en")
        'Recognise a 够级 play and whether it can 开点'
        """
        from .drills import levels_of

        return levels_of(self.id, self.drills, review=self.review)

    @property
    def drills(self) -> tuple[Drill, ...]:
        """Its quiz: the drills the puzzle kinds declare for this stage (:func:`~.drills.stage_drills`), each
        numbered by the stage's id (``geming.1``), so that no drill id is on two stages and none moves when a
        stage is added."""
        from .drills import stage_drills  # the puzzle kinds: only when a quiz is asked for

        return stage_drills(self.id)

    def title(self, lang: Lang | None = None) -> str:
        return pick(self.title_zh, self.title_en, lang)

    def goal(self, lang: Lang | None = None) -> str:
        return pick(self.goal_zh, self.goal_en, lang)


def _stages(*rows: tuple) -> tuple[Stage, ...]:
    """The stages from their rows, each with its notebook named by its place in the course."""
    return tuple(Stage(sid, f"{i:02d}_{sid}.ipynb", *rest) for i, (sid, *rest) in enumerate(rows, start=1))


#: The stages in teaching order, first card to whole hand.
STAGES: tuple[Stage, ...] = _stages(
    ("table", "牌桌和联邦", "The table and the teams",
     "认识六个座位、两个联邦、对家、上家和下家", "Know the six seats, the two teams, 对家, 上家 and 下家",
     ("turn.order",)),
    ("cards", "牌和大小", "Cards and their ranks",
     "认识216张牌和点数大小：大花>小花>2>A>…>3", "Know the 216 cards and their order: 大花 > 小花 > 2 > A > … > 3",
     ("compare.rank",)),
    ("plays", "牌型和算法", "Plays and how they count",
     "认识单张、一手牌、贴钱、挂花，会算一手牌算作什么", "Know singles, sets, 贴钱 and 挂花, and count a play",
     ("play.shape", "play.tieqian")),
    ("compare", "比大小", "Comparing plays",
     "判断一手牌能不能大过另一手", "Tell whether one play beats another",
     ("compare.size", "compare.rank", "compare.aspects", "compare.cover", "compare.kill")),
    ("gouji", "够级牌", "够级 plays",
     "认出够级牌和纯够级牌", "Recognise 够级 and pure 够级 plays",
     ("gouji.threshold", "gouji.twos", "gouji.jokers", "gouji.pure")),
    ("turns", "发牌、上牌、过牌和让牌", "Leading, answering, passing and 让牌",
     "知道轮到谁、谁能上牌、过牌以后能不能再上", "Know whose turn it is, who may answer, and what passing means",
     ("turn.order", "first_leader", "lead.must", "answer.beat", "pass.rule", "yield.when")),
    ("dagouji", "打够级和对头", "打够级 and the 对头",
     "知道够级牌出来以后只有对头能打", "Know that only the 对头 answers a 够级 play",
     ("gouji.duitou", "answer.beat", "turn.over")),
    ("kaidian", "开点和发四", "开点 and 发四",
     "知道什么时候开点、开点以后要发四", "Know when a seat opens its point and why it must then lead 4s",
     ("kaidian.play", "kaidian", "kaidian.duitou", "kaidian.deadline", "fasi", "fasi.lapse", "fours",
      "natural_point")),
    ("shao", "烧牌、解烧、反烧", "Burning: 烧牌, 解烧, 反烧",
     "知道谁能烧、怎样才算烧成", "Know who may burn and when a burn succeeds",
     ("burn.gouji", "burn.kaidian", "burn.joker", "burn.priority", "burn.passed", "burn.counter", "burn.lifted",
      "burn.counter_any", "burn.counter_late", "burn.resumed")),
    ("biesan", "憋三、闷和买三买四", "憋三, 闷 and buying 3s and 4s",
     "知道3只能最后出、被闷是怎么回事", "Know that 3s go last and what being 闷ed means",
     ("biesan", "men", "buy", "buy.twos", "buy.order")),
    ("geming", "革命、要头和够死级", "Revolution, 要头 and 够死级",
     "知道谁能革命、对家怎么选", "Know who may declare a revolution and what the 对家 may choose",
     ("revolt.cards", "revolt.when", "revolt.auto", "revolt.two", "revolt.point", "revolt.duel",
      "head.choice", "gouji.sisi", "wutou")),
    ("luanchan", "四户乱缠和走科", "四户乱缠 and going out",
     "知道走科、接风和四户乱缠", "Know going out, 接风 and 四户乱缠",
     ("luanchan", "jiefeng", "seat.gone")),
    ("scores", "名次和积分", "Places and scores",
     "从走科顺序算出名次和积分", "Work out places and scores from the finishing order",
     ("place.order", "place.revolution", "place.men", "place.sweep", "score.place", "score.sweep")),
    ("jingong", "进贡和宣点", "Tribute (进贡) and 宣点",
     "算出下一局谁给谁进贡", "Work out who pays tribute to whom in the next hand",
     ("tribute.order", "tribute.first_hand", "tribute.dian", "xuandian.when", "tribute.dian.escalation",
      "tribute.shao", "tribute.men", "tribute.luo", "tribute.sweep", "tribute.kanggong", "tribute.cards",
      "tribute.return", "tribute.same_team")),
    ("rulesets", "四种规则对照", "The four rule sets side by side",
     "看清青岛、临沂、通俗、枣庄规则在哪里不同", "See where the Qingdao, Linyi, standard and Zaozhuang rules differ",
     ("play.tieqian", "compare.aspects", "compare.cover", "compare.kill", "gouji.twos", "kaidian.play")),
    ("quiz", "总测验", "Final quiz",
     "用所学回答各种问题", "Answer questions from every stage", (), True),
    ("practice", "练习桌：打整局", "Practice table: whole hands",
     "和五个电脑玩家打整局、打一个系列，教练讲每一条规则", "Play whole hands and series against five computer "
     "players, with a coach naming every rule", ("kaidian", "gouji.duitou", "place.order", "score.place")),
)

#: The landing page (not a stage of its own: it links to all of them).
HOME = Stage("index", "index.ipynb", "够级教学", "Learn 够级",
             "从第一张牌学到一整局", "From the first card to a whole hand")

#: The rule book page (not a stage either: the whole rules of the session's rule set, linked from the landing page).
RULEBOOK = Stage("rulebook", "rulebook.ipynb", "规则书", "Rule book",
                 "一种规则的全部规则，条条注明出处", "The whole rules of one rule set, each with its source")

_BY_ID = {s.id: s for s in (HOME, RULEBOOK, *STAGES)}


def stage(stage_id: str) -> Stage:
    """The stage with this id; a clear error for an unknown one."""
    try:
        return _BY_ID[stage_id]
    except KeyError:
        raise OptionError("stage", stage_id, f"没有这一课，可选：{'、'.join(_BY_ID)}",
                          f"no such stage; stages: {', '.join(_BY_ID)}") from None


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: the term as the seeds write it, its pinyin, English, and the stage that teaches it."""

    zh: str
    pinyin: str
    en: str
    stage: str


#: Every term the seeds use, with the stage that teaches it.
GLOSSARY: tuple[Term, ...] = tuple(Term(*row) for row in (
    ("够级", "gòu jí", "Gouji, the game; also a play big enough to be 够级", "gouji"),
    ("联邦（同帮）", "lián bāng (tóng bāng)", "team: the three alternate seats", "table"),
    ("对家（对头、对门）", "duì jiā (duì tóu, duì mén)", "the opponent sitting opposite", "table"),
    ("上家", "shàng jiā", "the seat that plays just before you", "table"),
    ("下家", "xià jiā", "the seat that plays just after you", "table"),
    ("大花（大王）", "dà huā (dà wáng)", "big (red) joker", "cards"),
    ("小花（小王）", "xiǎo huā (xiǎo wáng)", "small (black) joker", "cards"),
    ("钱", "qián", "a 2 (literally 'money')", "cards"),
    ("花", "huā", "a joker, big or small (literally 'flower')", "cards"),
    ("单张", "dān zhāng", "a single card", "plays"),
    ("一手牌", "yì shǒu pái", "a set: two or more cards of one rank", "plays"),
    ("贴钱", "tiē qián", "2s added to a set to fill it, counting as its rank", "plays"),
    ("挂花", "guà huā", "jokers attached to a set", "plays"),
    ("算作", "suàn zuò", "counts as", "plays"),
    ("够级牌", "gòu jí pái", "a play at or above the 够级 threshold", "gouji"),
    ("纯够级牌（纯够级、纯级牌）", "chún gòu jí pái (chún gòu jí, chún jí pái)", "a 够级 play with no 2 and no joker",
     "gouji"),
    ("发牌", "fā pái", "to lead (start a round)", "turns"),
    ("上牌（顺牌）", "shàng pái (shùn pái)", "to answer with a bigger play", "turns"),
    ("过牌", "guò pái", "to pass", "turns"),
    ("让牌", "ràng pái", "to let the next two seats answer first", "turns"),
    ("打够级", "dǎ gòu jí", "answering a 够级 play (the 对头's task)", "dagouji"),
    ("开点（过点）", "kāi diǎn (guò diǎn)", "to open one's point: a 够级 play that the 对家 cannot answer", "kaidian"),
    ("发四", "fā sì", "leading 4s, allowed only after 开点", "kaidian"),
    ("认点", "rèn diǎn", "conceding the point: leading 4s before opening one (Linyi)", "kaidian"),
    ("自然点（天开）", "zì rán diǎn (tiān kāi)", "a natural point: no 够级 play dealt, the point counts as open",
     "kaidian"),
    ("宣点（明点、预点）", "xuān diǎn (míng diǎn, yù diǎn)", "declaring that the 对家 will not open a point",
     "jingong"),
    ("冲点", "chōng diǎn", "a revolutionary's three 够级 plays to open a point", "geming"),
    ("烧牌（捎牌）", "shāo pái", "burning: beating a 够级 play that is not yours to answer", "shao"),
    ("解烧", "jiě shāo", "stopping a burn by beating the burner", "shao"),
    ("反烧", "fǎn shāo", "a counter-burn: the burnt player (under the standard rules, any seat but the burner's 对家) "
     "beats the burner back", "shao"),
    ("诈烧", "zhà shāo", "a bluffed burn that cannot be finished", "shao"),
    ("烧失败", "shāo shī bài", "a failed burn", "shao"),
    ("憋三", "biē sān", "3s may only be the last play", "biesan"),
    ("闷（清、定）", "mèn (qīng, dìng)", "being shut in with 3s: the play before your last 3s was beaten", "biesan"),
    ("憋三留头", "biē sān liú tóu", "a 闷ed seat counts as still in the hand (so its 对家 keeps a 对头)", "biesan"),
    ("先清为落", "xiān qīng wéi là", "the first seat 闷ed is the last place (大落)", "biesan"),
    ("买三、要三", "mǎi sān, yào sān", "buying or asking for a 3 when dealt none", "biesan"),
    ("买四", "mǎi sì", "buying a 4 when dealt none", "biesan"),
    ("革命", "gé mìng", "revolution: giving up a hand dealt without jokers or 2s", "geming"),
    ("要头（有头）", "yào tóu (yǒu tóu)", "the 对家 of a revolutionary keeps a 'head'", "geming"),
    ("无头", "wú tóu", "without an opposite: anyone may answer anyone", "geming"),
    ("够死级", "gòu sǐ jí", "a 够级 play nobody may answer", "geming"),
    ("四户乱缠", "sì hù luàn chán", "the free-for-all of the last four seats", "luanchan"),
    ("走科", "zǒu kē", "going out (playing one's last card)", "luanchan"),
    ("接风", "jiē fēng", "taking the lead after a player goes out", "luanchan"),
    ("头科", "tóu kē", "first out", "scores"),
    ("二科", "èr kē", "second out", "scores"),
    ("三科", "sān kē", "third out", "scores"),
    ("四科", "sì kē", "fourth out", "scores"),
    ("二落", "èr là", "fifth out", "scores"),
    ("大落", "dà là", "last", "scores"),
    ("串三户（圈）", "chuàn sān hù (quān)", "one team takes the first three places", "scores"),
    ("进贡", "jìn gòng", "tribute: cards paid before the next hand", "jingong"),
    ("和平局", "hé píng jú", "the first hand of a series: nobody pays tribute", "jingong"),
    ("点贡", "diǎn gòng", "tribute for not opening a point", "jingong"),
    ("烧贡", "shāo gòng", "tribute for being burnt", "jingong"),
    ("闷贡（清贡）", "mèn gòng (qīng gòng)", "tribute for being 闷ed", "jingong"),
    ("落贡", "là gòng", "tribute of the last places", "jingong"),
    ("圈贡", "quān gòng", "tribute of a team that was 圈ed", "jingong"),
    ("抗贡", "kàng gòng", "being exempt from tribute (four jokers dealt)", "jingong"),
    ("汇五", "huì wǔ", "pooling the 5s after a 圈 to contest the first lead", "jingong"),
    ("回牌（还贡）", "huí pái (huán gòng)", "cards given back for tribute", "jingong"),
    ("诈烧贡", "zhà shāo gòng", "the tribute of a bluffed burn, paid to the seat it burnt", "jingong"),
    ("换点", "huàn diǎn", "both 对家 pay each other 点贡", "jingong"),
    ("上班", "shàng bān", "showing 3s (or 4s) to win the first lead", "turns"),
    ("通俗规则", "tōng sú guī zé", "the Shandong standard rules, one of the four rule sets", "rulesets"),
    ("憋三发四", "biē sān fā sì", "'hold back the 3s, lead the 4s': the Linyi rules' name", "rulesets"),
))


def names(term: Term) -> tuple[str, ...]:
    """A term's names: ``对家（对头、对门）`` is 对家, 对头 and 对门.

    >>> names(GLOSSARY[2])
    ('对家', '对头', '对门')
    """
    return tuple(name for name in re.split(r"[（）、]", term.zh) if name)


def step_key(index: int) -> str:
    """The address key of the step of a page's scenario player number ``index`` (from 0): ``step`` for the first
    (old ``?step=N`` links keep working), ``step2``, ``step3`` … for the next ones: each player has its own.

    >>> [step_key(i) for i in range(3)]
    ['step', 'step2', 'step3']
    """
    return "step" if index == 0 else f"step{index + 1}"


_STEP_KEY = re.compile(r"^step(?:[2-9])?$")


def parse_query(query: str | None) -> dict[str, str]:
    """``learner``, ``rules`` and ``lang`` from a page address's query; unknown values become the defaults.
    A scenario page's steps (``step``, ``step2`` …: :func:`step_key`; whole numbers) and the learner's pass key
    (``pass``) are passed on when there are.

    >>> q = parse_query("step=7&step2=3&lang=en")
    >>> q["step"], q["step2"], "step" in parse_query("step=-1")
    ('7', '3', False)
    """
    values = {k: v[0] for k, v in parse_qs(query or "").items() if v}
    rules = _rules_of(values.get("rules", "").strip()) or default_rules()
    lang = values.get("lang", "")
    out = {"learner": values.get("learner", "").strip(),  # never cut: a name the store refuses is said so
           "rules": rules.ref,
           "lang": lang if lang in LANGUAGES else "zh"}
    if passkey := normal_key(values.get("pass", "")):
        out["pass"] = passkey
    for key, step in sorted(values.items()):
        if _STEP_KEY.match(key) and step.isascii() and step.isdigit() and len(step) <= 4:
            out[key] = str(int(step))
    return out


def hub_user() -> str:
    """The JupyterHub user this kernel runs for (``""`` outside a hub). Under a hub the learner is the hub's user:
    the address and the name box cannot make anyone continue somebody else's progress.

    >>> import os; os.environ["JUPYTERHUB_USER"] = "alice"
    >>> s = Session(stage("cards")); s.apply("learner=bob"); s.learner
    'alice'
    >>> del os.environ["JUPYTERHUB_USER"]; s.apply("learner=bob"); s.learner
    'bob'
    """
    return os.environ.get("JUPYTERHUB_USER", "").strip()


def query_string(learner: str, rules: str, lang: Lang, passkey: str = "") -> str:
    """The query that carries the session to another page (the learner's pass key, :attr:`Session.passkey`, where
    there is one)."""
    return urlencode({"learner": learner, "rules": rules, "lang": lang, **({"pass": passkey} if passkey else {})})


_WAITING: list[asyncio.Future] = []


def _request_url() -> str:
    """Where the app's server hands a preheated or warm kernel its page's request (Voila's ``voila/query``)."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL", "/")
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")


async def _request_query() -> str:
    """Wait, on the kernel's event loop, for the request of the page this kernel was started for; put its
    values in the environment (as Voila's ``get_query_string`` does, without importing Voila's server modules:
    they would double the kernel's memory) and return its query."""
    import json

    from tornado.websocket import websocket_connect  # ipykernel's event loop already uses tornado

    connection = await websocket_connect(_request_url())
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return _taken(json.loads(message) if isinstance(message, str | bytes) else {})


def _taken(info: dict) -> str:
    """The request's values put in the environment (as Voila's ``get_query_string`` does); its query."""
    os.environ.update({str(k): str(v) for k, v in info.items()})
    return str(info.get("QUERY_STRING", ""))


#: How long a warm kernel waits for its page's request before it builds the page for the default session (a warm
#: kernel handed to a page finds the request waiting; one taken to pre-render a page gets none).
WARM_WAIT = 2.0


def _request_now(timeout: float | None = None) -> str | None:
    """In a warm kernel (started by the app's kernel manager before any page asked for it): the page's request, if
    it waits for the kernel already (the server sends it when it hands the kernel to a page), read at once and
    put in the environment as :func:`_request_query` does; ``None`` if none comes within ``timeout`` seconds (the
    kernel pre-renders a page nobody has asked for yet: default :data:`WARM_WAIT`) or the server cannot be
    reached.

    The page is then built for its own session in the first place: no second build while the browser loads, and no
    widgets made while the browser's widget manager restores the page's (ipywidgets' restore races with them: a
    box whose new children it has not seen yet is drawn as "model not found")."""
    import base64
    import json
    import socket
    import struct
    from urllib.parse import urlsplit

    if os.environ.get("GOUJI_WARM") != "1" or not os.environ.get("VOILA_KERNEL_ID"):
        return None
    url = urlsplit(_request_url())
    try:
        with socket.create_connection((url.hostname or "127.0.0.1", url.port or 80),
                                      timeout=WARM_WAIT if timeout is None else timeout) as sock:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(f"GET {url.path} HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                         .encode())
            reader = sock.makefile("rb")
            if b" 101 " not in reader.readline():
                return None
            while reader.readline() not in (b"\r\n", b""):
                pass  # the handshake's headers
            head = reader.read(2)
            if len(head) < 2 or head[0] != 0x81:  # one whole text frame (FIN, opcode 1): what the server sends
                return None
            size = head[1] & 0x7F
            if size >= 126:
                size = struct.unpack(">H" if size == 126 else ">Q", reader.read(2 if size == 126 else 8))[0]
            info = json.loads(reader.read(size))
    except (OSError, ValueError):
        return None
    return _taken(info) if isinstance(info, dict) else None


def _follow_request(session: Session) -> None:
    """In a kernel started before its page was asked for (preheated or warm): the page is built for the default
    session at once, and the page's address, when it comes, is applied on the kernel's event loop; every part
    of the page that follows the session redraws itself, while the browser is still loading the page's scripts."""

    async def follow() -> None:
        session.apply(await _request_query())

    task = asyncio.ensure_future(follow())
    _WAITING.append(task)  # the loop keeps only a weak reference to a task
    task.add_done_callback(_WAITING.remove)


@dataclass(slots=True, weakref_slot=True)  # a page's tools keep what they share by it (pages.open_drills)
class Session:
    """Who is learning, under which rule set, in which language, on which stage.

    A page's widgets follow their session: :meth:`apply` changes it (the page's address arrives) and tells
    every follower what changed; language changes also reach every widget through :mod:`.i18n`.

    >>> s = Session(stage("cards"))
    >>> seen = []
    >>> s.follow(seen.append)
    >>> s.apply("rules=linyi&learner=%E5%B0%8F%E6%98%8E")
    >>> [sorted(changed) for changed in seen], s.rules.name, s.learner
    ([['learner', 'rules']], 'linyi', '小明')
    """

    stage: Stage
    learner: str = ""
    rules: Ruleset = field(default_factory=default_rules)
    lang: Lang = "zh"
    #: the steps the page's scenario players open at, by address key (:func:`step_key`; a presenter's link:
    #: ``?step=5``); a player at its start has none
    steps: dict[str, int] = field(default_factory=dict)
    #: The learner's pass key (``?pass=…``): without a hub the typed name is the only identity, and the key proves
    #: it is theirs (:func:`.identity.signed_in`); the first page that saves for a new name gives it one.
    passkey: str = ""
    _followers: list[Callable[[set[str]], None]] = field(default_factory=list, repr=False, compare=False)

    def link(self, target: Stage | str, **changes: str) -> str:
        """A relative link to another stage that keeps the session (``changes`` override values)."""
        other = target if isinstance(target, Stage) else stage(target)
        values = {"learner": self.learner, "rules": self.rules.ref, "lang": self.lang, "passkey": self.passkey,
                  **changes}
        if values["learner"] != self.learner and "passkey" not in changes:
            values["passkey"] = ""  # another learner's page: not with this one's key
        return f"{other.notebook}?{query_string(**values)}"

    @property
    def step(self) -> int:
        """The step of the page's first scenario player (address key ``step``)."""
        return self.steps.get("step", 0)

    @step.setter
    def step(self, value: int) -> None:
        self.steps = {**self.steps, "step": int(value)}

    def query(self, **changes: str | int) -> str:
        """This page's address query: the session with ``changes``, and the steps when there are (``step=3``,
        ``step2=5``: :func:`step_key`). The page's switches apply it, and the address takes it, so that a reload or
        a resume opens the same page.

        >>> s = Session(stage("cards"), "小明")
        >>> s.query(rules="linyi", step=3)
        'learner=%E5%B0%8F%E6%98%8E&rules=linyi&lang=zh&step=3'
        >>> s.apply(s.query(step2=4)); s.query(step=1)[-15:], s.step, s.steps
        ('&step=1&step2=4', 0, {'step2': 4})
        """
        steps = {**self.steps, **{k: int(v) for k, v in changes.items() if _STEP_KEY.match(k)}}
        values = {"learner": self.learner, "rules": self.rules.ref, "lang": self.lang, "passkey": self.passkey,
                  **{k: v for k, v in changes.items() if not _STEP_KEY.match(k)}}
        shown = "".join(f"&{k}={n}" for k, n in sorted(steps.items(), key=lambda kv: (len(kv[0]), kv[0])) if n > 0)
        return query_string(**{k: str(v) for k, v in values.items()}) + shown

    def keyed(self, passkey: str) -> None:
        """Take the pass key the store gave the learner's name (on its first save); followers hear ``"passkey"``
        (the header shows it, the address and every link carry it)."""
        if passkey != self.passkey:
            self.passkey = passkey
            for callback in list(self._followers):
                callback({"passkey"})

    def follow(self, callback: Callable[[set[str]], None]) -> None:
        """Call ``callback(changed)`` after :meth:`apply` changed the session (the names of what changed)."""
        self._followers.append(callback)

    def apply(self, query: str) -> None:
        """Take the learner, rule set, language and steps from a page's query, switch the language, and tell
        the followers what changed (a step by its address key, :func:`step_key`)."""
        values = parse_query(query)
        hub = hub_user()
        new = {"learner": hub or values["learner"], "rules": find_ruleset(values["rules"]), "lang": values["lang"],
               "passkey": "" if hub else values.get("pass", "")}
        steps = {k: int(v) for k, v in values.items() if _STEP_KEY.match(k) and int(v) > 0}
        changed = {name for name, value in new.items() if getattr(self, name) != value}
        changed |= {k for k in {*steps, *self.steps} if steps.get(k, 0) != self.steps.get(k, 0)}
        for name in new.keys() & changed:
            setattr(self, name, new[name])
        self.steps = steps
        set_language(self.lang)
        if changed:
            for callback in list(self._followers):
                callback(changed)


#: What the browser is shown instead of a traceback (``{0}``: the kind of error).
_HIDDEN = "出错了（{0}），已忽略，详情只记在服务器上 / {0}: ignored (details stay on the server)"


class _OneLineLog(logging.Filter):
    """A record of the kernel's comm manager without its traceback: the kernel's standard error reaches the
    browser, and a malformed widget message (a ``comm_open`` without ``metadata.version`` ...) would show it the
    server's files. The record keeps its message and the kind of error."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            kind = record.exc_info[0].__name__ if record.exc_info[0] else "Exception"
            record.msg, record.args = f"{_HIDDEN.format(kind)}: {record.getMessage()}", ()
            record.exc_info = record.exc_text = None
        return True


def _hide_tracebacks() -> None:
    """In a page Voila serves, an exception in a widget callback, or a malformed widget message sent by the
    browser, would reach the browser as a traceback naming the server's files (ipywidgets shows it through the
    shell, whatever Voila's ``show_tracebacks`` says; the comm manager logs it to standard error, which the kernel
    sends to the browser). There it becomes one line naming only the kind of error."""
    from IPython import get_ipython  # present in any kernel that runs a page

    for name in ("Comm", "ipykernel.comm"):  # the loggers of comm's and ipykernel's comm managers
        logger = logging.getLogger(name)
        if not any(isinstance(f, _OneLineLog) for f in logger.filters):
            logger.addFilter(_OneLineLog())
    shell = get_ipython()
    publish = getattr(shell, "_showtraceback", None)
    if publish is None or getattr(publish, "hides_tracebacks", False):
        return

    def one_line(etype: type, _evalue: object, _stb: list[str]) -> None:
        publish(etype, "", [_HIDDEN.format(etype.__name__)])

    # (ignore below: a marker attribute on the function, read by the traceback hook)
    one_line.hides_tracebacks = True  # type: ignore[attr-defined]
    shell._showtraceback = one_line


def start(page: str | Stage, query: str | None = None, *,
          # (ignore below: the default kind, Session, is the _S of a plain call)
          kind: Callable[[Stage], _S] = Session) -> _S:  # type: ignore[assignment]
    """Begin a page: read the session from ``query`` (default: the page's address) and set the language.

    ``page`` is a stage id or a :class:`Stage`; ``kind`` makes the session from the stage (a page whose session
    carries more, such as the exam's, passes its own class). In a page Voila serves, widget tracebacks are
    hidden. In a kernel that Voila preheated, the page's address is not known yet: the session starts with the
    defaults and follows the address when the page is requested; a warm kernel handed to a page reads the
    address at once (:func:`_request_now`).

    >>> start("compare", "rules=linyi&lang=en").rules.name
    'linyi'
    >>> set_language("zh")
    """
    session = kind(page if isinstance(page, Stage) else stage(page))
    if "VOILA_BASE_URL" in os.environ:  # a page served to learners
        _hide_tracebacks()
    request = _request_now() if query is None and os.environ.get("VOILA_PREHEAT") == "True" else None
    if request is not None:  # a warm kernel whose page's request was waiting: built for it at once
        session.apply(request)
    elif query is None and os.environ.get("VOILA_PREHEAT") == "True":
        set_language(session.lang)
        _follow_request(session)
    else:
        session.apply(os.environ.get("QUERY_STRING", "") if query is None else query)
    return session

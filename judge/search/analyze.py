"""From what a judge typed to *concepts*: the things a matching document must mention.

A concept has one or more written forms (simplified Chinese or Latin, normalised like the index):
"潜伏" -> {潜伏, 待命}; "Hidden" -> {待命, 潜伏, hidden}; "ranjin" -> {燃尽}; "燃盡" -> {燃尽}.
Steps: fold and convert traditional characters (search_t2s) -> extract rule citations -> Chinese
runs: fix homophone typos (search_py + pinyin keys), segment by dynamic programming over the
index vocabulary (search_lex: no jieba at query time) -> Latin runs: English names, then pinyin
(with or without spaces and tones), then literal words -> fuzzy fallback (rapidfuzz, imported
only when something did not match).
"""

from __future__ import annotations

import itertools
import math
import re

from judge.regex_cache import regex
from judge.search import citations, intent, ngrams, situations
from judge.search.store import connection_memo
from judge.search.text import fold, fts_phrase, is_cjk, join_cjk_spaces, runs, strip_tones

MAX_QUERY_CHARS = 256
LOCATIVES = "上中里内"
MAX_WORD = 8

# Function words of questions: dropped when the query has real content besides them.
STOPWORDS = set(
    "的 了 吗 呢 吧 啊 呀 么 是 在 我 你 他 她 它 我们 你们 他们 这 那 这个 那个 个 和 与 及 或 或者 "
    "会 能 能否 可以 可否 可 如何 怎么 怎样 怎么办 什么 为什么 哪 哪些 哪个 谁 时 时候 的话 如果 是否 "
    "有 有没有 要 需要 被 把 对 一 就 都 也 还 吗? 么? 请问 问 一下 情况 时候 之后 之前 会不会 "
    "能不能 可不可以 算 算不算 该 应该 多少 几 还是 然后 这样 那样 这种 那种 所以 因为 但是 "
    "一处 一名 一张 一个 一些 一次 任何 某 某个 里 里面 上面 到底 究竟 具体 真的 每个 发现 自己 除了".split()
)
# Characters of question phrasing never taken for a misspelt term ("是什么" is not "提示").
FUNCTION_CHARS = set("的了吗呢吧啊呀么是在我你他她它们这那个和与及或会能否可以如何怎样什为哪谁时候话果有要被把就都也还请问该吧几啥")
# Characters of question frames, protected from typo correction inside questions.
QUESTION_CHARS = "几多少先后谁能会吗可以算还再都也又"
# Words of a question (plain substrings: no regex to compile on the cold path).
QUESTION_WORDS = ("?", "？", "吗", "呢", "么", "如何", "怎么", "怎样", "什么", "为什么", "是否", "能否", "能不能",
                  "可不可以", "会不会", "算不算", "哪", "谁", "多少", "还是")


# Plain classes, not dataclasses: `dataclasses` imports `inspect`, too slow for the cold path.
class Concept:
    __slots__ = ("label", "forms", "via", "weight", "df", "optional", "weak")

    def __init__(self, label: str, forms: list[str], via: str = "text", optional: bool = False) -> None:
        self.label = label  # as shown to the user
        self.forms = forms  # normalised forms; a document matches if it contains any of them
        self.via = via  # text | synonym | english | pinyin | fuzzy | literal | player | related | sign
        self.weight = 1.0  # idf: rare concepts count more
        self.df = 0
        # What the question points at in the rules' words ("对手的回合" -> 迅捷): a bonus when found,
        # no loss when absent.
        self.optional = optional
        # Forms that answer for the concept only in part (the class the rules put it in: 触发式技能 for
        # 进攻触发): a document with only these counts CLASS_CREDIT of the concept's weight.
        self.weak: set[str] = set()

    def __repr__(self) -> str:
        return f"Concept({self.label!r}, {self.forms!r}, {self.via!r}, {self.weight:.2f})"


class Analysis:
    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.normalized = ""
        self.concepts: list[Concept] = []
        self.citations: list[citations.Citation] = []
        self.corrections: list[tuple[str, str]] = []
        self.notes: list[str] = []
        self.question_like = False
        self.truncated = False
        self.phrase: str | None = None  # a short term-like query as a whole ("待命区域")
        self.intent: str | None = None  # what kind of answer a question asks for (judge.search.intent)
        self.cards: list[str] = []  # cards the query names, as the FAQs name them
        self.classes: set[str] = set()  # words the rules class under another (进攻触发: a 触发式技能)
        self.states: set[str] = set()  # phrases saying a state's condition holds ("结算链上有": 闭环)
        self.rewrites: list[tuple[str, str]] = []  # player words read as the rules' words ("横置" -> "休眠")
        self.situations: list[str] = []  # situations told over the sentence (judge.search.situations), by name


# The small static tables by kind, and document counts by forms, for the last connection only
# (judge.search.store.connection_memo).
_STATIC: dict = {}
_DF: dict = {}
DF_CACHE = 20000
# Rows of the keyed word tables (search_lex, search_t2s, search_py) already read, by key (None: absent),
# and the card-name rows by alias, for the last connection only (judge.search.store.connection_memo).
_ROWS: dict = {}
ROWS_CACHE = 50000
IN_CHUNK = 400  # keys per `IN (...)` query (_Vocab._in)


def _in_sql_order(keys: list[str], rows_of, has_rows=None) -> list[tuple]:
    """Each key's rows (`rows_of(key)`) in the order `alias IN (...)` returns them: chunk by chunk (as _Vocab._in
    asks), each chunk's keys in sorted order (SQLite walks the IN list sorted, on the alias index). `has_rows`,
    when given, tells the few keys that have rows: the others are skipped before the sort."""
    out: list[tuple] = []
    for i in range(0, len(keys), IN_CHUNK):
        chunk = keys[i : i + IN_CHUNK]
        for k in sorted(chunk if has_rows is None else filter(has_rows, chunk)):
            out.extend(rows_of(k))
    return out


class _Vocab:
    """Lazy, batched look-ups in the store's search tables."""

    def __init__(self, conn):
        self.conn = conn
        self._info = None

    def info(self) -> dict:
        if self._info is None:
            # Read once per connection, not once per question (the store does not change under it).
            rows = connection_memo(_ROWS, self.conn)
            if "info" not in rows:
                rows["info"] = dict(self.conn.execute("SELECT key, value FROM search_info"))
            self._info = rows["info"]
        return self._info

    def t2s(self, text: str) -> str:
        chars = sorted({c for c in text if ord(c) > 0x3000})
        if not chars:
            return text
        mapping = {c: s for c, (s,) in self._keyed("SELECT ch, s FROM search_t2s WHERE ch IN ({})", chars).items()}
        return "".join(mapping.get(c, c) for c in text)

    def lex(self, words: list[str]) -> dict[str, tuple[int, int, int]]:
        return self._keyed("SELECT word, freq, df, is_term FROM search_lex WHERE word IN ({})", words)

    def _keyed(self, sql: str, keys: list[str]) -> dict[str, tuple]:
        """{key: rest of its row} for the keys found in a table keyed by its first column. The store does
        not change under an open connection: each key is read once (a question looks up the same
        characters and words in several passes, a long-lived process the same words in every question)."""
        memo = connection_memo(_ROWS, self.conn).setdefault(sql, {})
        if len(memo) > ROWS_CACHE:
            memo.clear()
        keys = list(dict.fromkeys(keys))
        missing = [k for k in keys if k not in memo]
        if missing:
            found = {r[0]: tuple(r[1:]) for r in self._in(sql, missing)}
            for k in missing:
                memo[k] = found.get(k)
        return {k: memo[k] for k in keys if memo[k] is not None}

    def aliases(self, keys: list[str], kinds: tuple[str, ...]) -> list[tuple[str, str, str]]:
        """(alias, target, kind) rows of the given kinds whose alias is one of `keys`, in the order
        `alias IN (...) AND kind IN (...)` returns them: chunk by chunk (as _in asks), each chunk's keys in sorted
        order (SQLite walks the IN list sorted, on the alias index), each key's rows in rowid order."""
        if not keys:
            return []
        # Each alias's rows are read once per connection: an English question asks for every phrase of its words,
        # and a long-lived process for the same words in every question.
        memo = connection_memo(_ROWS, self.conn).setdefault("alias rows", {})
        if len(memo) > ROWS_CACHE:
            memo.clear()
        keys = list(dict.fromkeys(keys))
        self._read_by_alias(memo, keys, "SELECT alias, target, kind, rowid FROM search_alias WHERE alias IN ({})")
        return _in_sql_order(keys, lambda k: (r for r in memo[k] if r[2] in kinds))

    def aliases_to(self, targets: list[str], kind: str) -> list[tuple[str, str, str]]:
        """(alias, target, kind) rows of one kind whose target is one of `targets`."""
        if not targets:
            return []
        return self._in("SELECT alias, target, kind FROM search_alias WHERE target IN ({}) AND kind = ?", targets, (kind,))

    def static(self, kind: str) -> list[tuple[str, str, str]]:
        """(alias, target, kind) rows of a small static table (the player-word table, English names), read
        once per connection."""
        tables = connection_memo(_STATIC, self.conn)
        if kind not in tables:
            kinds = ("rewrite", "related", "class", "state") if kind == "player" else (kind,)
            tables[kind] = self.conn.execute(
                f"SELECT alias, target, kind FROM search_alias WHERE kind IN ({','.join('?' * len(kinds))})", kinds).fetchall()
        return tables[kind]

    def card_rows(self, keys: list[str]) -> list[tuple[str, str, str]]:
        """(alias, FAQ name, source) of the card-name rows whose alias is one of `keys` (the source is the
        card: the rows of one card share it)."""
        # A question looks up every substring of its Chinese runs: they are tested against the set of card
        # names (search_info, read with the document count), and only the names found are read, once each.
        rows = connection_memo(_ROWS, self.conn)
        if "card keys" not in rows:
            rows["card keys"] = frozenset(self.info().get(CARD_KEYS, "").split("\n"))
            rows["card"] = {}
        by_alias = rows["card"]
        named = rows["card keys"]
        keys = list(dict.fromkeys(keys))
        self._read_by_alias(by_alias, [k for k in keys if k in named],
                            "SELECT alias, target, source, rowid FROM search_alias WHERE alias IN ({}) AND kind = 'card'")
        # As `alias IN (...) AND kind = 'card'` returned them (a key that names no card has no row).
        return _in_sql_order(keys, by_alias.__getitem__, named.__contains__)

    def card_names(self, sources: set[str]) -> dict[str, list[str]]:
        """Source (a card) -> every name the FAQs use for it, read only for the cards a query names, once each per
        connection: no index has the source, so each read scans the alias table. (Callers never change the lists.)"""
        memo = connection_memo(_ROWS, self.conn).setdefault("card names", {})
        missing = sorted(s for s in sources if s not in memo)
        if missing:
            read: dict[str, list[str]] = {s: [] for s in missing}
            for target, source in self._in(
                    "SELECT DISTINCT target, source FROM search_alias WHERE source IN ({}) AND kind = 'card'", missing):
                read[source].append(target)
            memo.update((s, sorted(names)) for s, names in read.items())
        return {s: memo[s] for s in sources if memo[s]}

    def player_phrases(self) -> list[tuple[str, str, str]]:
        """(phrase, rule word, rewrite | related): the curated player-word table."""
        return self.static("player")

    def player_phrase_set(self) -> frozenset[str]:
        """Every phrase of the player-word table, built once per connection (asked for every Chinese run)."""
        rows = connection_memo(_ROWS, self.conn)
        if "player phrases" not in rows:
            rows["player phrases"] = frozenset(phrase for phrase, _t, _k in self.player_phrases())
        return rows["player phrases"]

    def player_phrases_without_de(self) -> dict[str, str]:
        """Phrase -> the same phrase said without its inner 的 (_without_de), for the phrases that have one; built
        once per connection (asked for every question)."""
        rows = connection_memo(_ROWS, self.conn)
        if "player phrases without de" not in rows:
            rows["player phrases without de"] = {
                phrase: bare for phrase, _t, _k in self.player_phrases() if (bare := _without_de(phrase))}
        return rows["player phrases without de"]

    def player_rows_by_first(self) -> dict[str, list[int]]:
        """First character -> the places (in table order) of the player-word rows whose phrase starts with it (so
        does the phrase without its 的): a question is matched against the rows its characters can start. Built
        once per connection."""
        rows = connection_memo(_ROWS, self.conn)
        if "player rows by first" not in rows:
            by_first: dict[str, list[int]] = {}
            for k, (phrase, _t, _kind) in enumerate(self.player_phrases()):
                if phrase:
                    by_first.setdefault(phrase[0], []).append(k)
            rows["player rows by first"] = by_first
        return rows["player rows by first"]

    def player_classes(self) -> dict[str, list[str]]:
        """Phrase -> the kinds of game object it names (the table's class rows, in table order), built once
        per connection."""
        rows = connection_memo(_ROWS, self.conn)
        if "player classes" not in rows:
            classes: dict[str, list[str]] = {}
            for phrase, target, kind in self.player_phrases():
                if kind == "class":
                    classes.setdefault(phrase, []).append(target)
            rows["player classes"] = classes
        return rows["player classes"]

    def synonyms_of(self, words: list[str]) -> list[tuple[str, str]]:
        """(word, other form) pairs: a term's synonyms both ways ("潜伏" <-> "待命")."""
        wanted = set(words)
        if len(wanted) <= IN_CHUNK:
            # The few synonym rows, read once per connection, filtered here in the order a scan of the table
            # returns them: the OR over `target`, which has no index, scanned the whole alias table per query.
            rows = [(alias, target) for alias, target, _k in self.static("synonym") if alias in wanted or target in wanted]
        else:  # as _in reads them, chunk by chunk
            rows = self._in("SELECT alias, target FROM search_alias WHERE kind = 'synonym' AND (alias IN ({0}) OR target IN ({0}))", words, (), times=2)
        out = []
        for alias, target in rows:
            if alias in words:
                out.append((alias, target))
            if target in words:
                out.append((target, alias))
        return out

    def syllables(self) -> frozenset[str]:
        """Every pinyin syllable the texts' characters are read with, read once per connection (asked only for a
        Latin word with a digit in it)."""
        rows = connection_memo(_ROWS, self.conn)
        if "syllables" not in rows:
            rows["syllables"] = frozenset(py for (py,) in self.conn.execute("SELECT DISTINCT py FROM search_sound"))
        return rows["syllables"]

    def readings(self, chars: list[str]) -> dict[str, list[str]]:
        return {c: py.split(",") for c, (py,) in self._keyed("SELECT ch, py FROM search_py WHERE ch IN ({})", chars).items()}

    def df(self, forms: list[str]) -> int:
        """Number of documents containing any of the forms (an FTS5 count: exact phrase match).

        The store does not change under an open connection: a count is asked once per connection
        (a long-lived process asks the same few hundred words again and again)."""
        counts = connection_memo(_DF, self.conn).setdefault("counts", {})
        key = tuple(forms)
        if key in counts:
            return counts[key]
        phrases = [p for p in (fts_phrase(f) for f in forms) if p]
        n = 0
        if phrases:
            expr = " OR ".join("{title chars extra} : " + p for p in phrases)
            n = self.conn.execute("SELECT count(*) FROM search_fts WHERE search_fts MATCH ?", (expr,)).fetchone()[0]
        if len(counts) > DF_CACHE:
            counts.clear()
        counts[key] = n
        return n

    def _read_by_alias(self, memo: dict[str, list[tuple]], keys: list[str], select: str) -> None:
        """Put into `memo` the rows of `select` (the alias first, the rowid last; `alias IN ({})`) of each key not
        read yet, each key's rows in rowid order (its index's) without the rowid; a key with no row gets []."""
        missing = [k for k in keys if k not in memo]
        if missing:
            found: dict[str, list[tuple]] = {k: [] for k in missing}
            for row in self._in(select, missing):
                found[row[0]].append(row)
            for k, rows in found.items():
                memo[k] = [r[:-1] for r in sorted(rows, key=lambda r: r[-1])]

    def _in(self, sql: str, items: list[str], extra: tuple = (), times: int = 1) -> list[tuple]:
        items = list(dict.fromkeys(items))
        out: list[tuple] = []
        for i in range(0, len(items), IN_CHUNK):
            chunk = items[i : i + IN_CHUNK]
            marks = ",".join("?" * len(chunk))
            out.extend(self.conn.execute(sql.format(marks), tuple(chunk) * times + extra).fetchall())
        return out


# An English question opens with an auxiliary or a question word ("does damage stay on units").
ENGLISH_OPENERS = ("do ", "does ", "did ", "is ", "are ", "can ", "could ", "will ", "would ", "should ", "may ",
                   "what ", "when ", "how ", "why ", "who ", "which ", "where ", "what's ", "whats ", "who's ",
                   "how's ")


def is_question(text: str) -> bool:
    return (any(w in text for w in QUESTION_WORDS) or text.lower().startswith(ENGLISH_OPENERS)
            or intent.asks_yes_no(text))


# Frame words a pinyin input method may misspell ("害是" for 还是, "什么是候" for 什么时候, "刻以" for 可以), with the reading
# typed for each character: read before the frame is, so a misspelt one is corrected first (judge.search.intent reads
# only the words as written). Not 哪个, 哪边, 哪里: 那个, 那边, 那里 are words of their own.
FRAME_HOMOPHONES = {"什么时候": "shen me shi hou", "啥时候": "sha shi hou", "还是": "hai shi", "时候": "shi hou",
                    "可以": "ke yi", "会怎样": "hui zen yang", "怎么样": "zen me yang", "怎么办": "zen me ban",
                    "多少": "duo shao", "是不是": "shi bu shi", "能不能": "neng bu neng", "会不会": "hui bu hui"}


def _fix_frame_typos(vocab: _Vocab, text: str, a: Analysis) -> str:
    """A window that differs from a frame word in one character, typed with that character's reading (its commonest),
    is the frame word, unless the character belongs to a word of the rules with its neighbour ("伤害是" is 伤害 / 是)
    or the window is one; a question's last character read "ma" is its 吗 ("还能用玛") unless the rules write it after
    the one before or it ends a card's name."""
    if not any(is_cjk(c) for c in text):
        return text
    readings = vocab.readings(list({c for c in text if is_cjk(c)}))
    first = {c: r[0] for c, r in readings.items() if r}
    out = text
    for frame, said in FRAME_HOMOPHONES.items():
        said = said.split()
        n = len(frame)
        # A window one character off has its other characters in place: only windows with one of the frame's
        # characters at its place are looked at. (A fix keeps the length and the next window starts after it.)
        starts = sorted({i - k for k, ch in enumerate(frame) for i in _starts(out, ch) if 0 <= i - k <= len(out) - n})
        after = 0
        for at in starts:
            if at < after:
                continue
            window = out[at:at + n]
            wrong = [k for k in range(n) if window[k] != frame[k]]
            if len(wrong) == 1 and first.get(window[wrong[0]]) == said[wrong[0]] and not _in_word(
                    vocab, out, at + wrong[0], at, at + n) and not vocab.lex([window]):
                a.corrections.append((window, frame))
                out = out[:at] + frame + out[at + n:]
                after = at + n
    end = len(out.rstrip(intent.TRAILING_MARKS))
    last = out[end - 1:end]
    if end >= 5 and last not in "吗嘛" and first.get(last) == "ma" and not vocab.df([out[max(0, end - 2):end]]) and not (
            _in_card_name(vocab, out[:end], end - 1)):  # "幽魂半人马" names a card
        a.corrections.append((last, "吗"))
        out = out[:end - 1] + "吗" + out[end:]
    return out


def _repair_typos(vocab: _Vocab, text: str, a: Analysis) -> str:
    """Same-pinyin typos read by their context (judge.search.ngrams): "阶算链上" is 结算链上. A card's name is never
    changed (its characters need not read as the rules write)."""
    info = vocab.info()
    if "ngram_total" not in info or not any(is_cjk(c) for c in text):
        return text
    model = ngrams.Model(vocab.conn, info)
    readings = vocab.readings(list({c for c in text if is_cjk(c)}))
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if not is_cjk(text[i]):
            i += 1
            continue
        j = i
        while j < n and is_cjk(text[j]):
            j += 1
        run = text[i:j]
        keep: set[int] = set()
        while True:
            fixed, changed = ngrams.repair_run(model, run, readings, keep)
            named = {p for p in changed if _in_card_name(vocab, run, p)}
            if not named:
                break
            keep |= named
        if changed:
            out[i:j] = list(fixed)
            a.corrections.extend(ngrams.shown(run, fixed, changed, model))
        i = j
    return "".join(out)


def _in_card_name(vocab: _Vocab, run: str, p: int) -> bool:
    """Is the character at `p` part of a card's name as typed in `run`?"""
    keys = [run[i:j] for i in range(max(0, p - MAX_NAME + 1), p + 1) for j in range(max(p + 1, i + 2), min(len(run), i + MAX_NAME) + 1)]
    return bool(keys) and bool(vocab.card_rows(keys))


def _in_word(vocab: _Vocab, text: str, p: int, start: int, end: int) -> bool:
    """Is the character at `p` part of a word of the rules (two or three characters) that reaches outside
    [start, end)?"""
    spans = [(i, j) for i in range(max(0, p - 2), p + 1) for j in range(p + 1, min(len(text), p + 3) + 1)
             if 2 <= j - i <= 3 and (i < start or j > end)]
    words = vocab.lex([text[i:j] for i, j in spans])
    return any(words.get(text[i:j], (0,))[0] for i, j in spans)


def _bare_term(text: str) -> str:
    """One English word typed with a question mark ("stack?", "Ganking??") asks for the term as the word alone does:
    the marks are dropped. Two words may already ask something ("Tank stack?"); Chinese keeps them."""
    if text[-1:] not in "?？" or not text.isascii():
        return text
    bare = text.rstrip("?？ ")
    if bare and len(bare.split()) == 1 and not is_question(bare):
        return bare
    return text


def analyze(conn, raw: str) -> Analysis:
    vocab = _Vocab(conn)
    a = Analysis(raw=raw)
    text = fold(raw)
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS]
        a.truncated = True
        a.notes.append(f"查询过长，只使用前 {MAX_QUERY_CHARS} 个字符。")
    # Spaces between Chinese words and the spoken words around the question are no part of it.
    text = intent.strip_fillers(intent.strip_spoken(join_cjk_spaces(vocab.t2s(text))))
    a.normalized = _ordinals(re.sub(r"\s+", " ", text).strip())
    a.normalized = _fix_frame_typos(vocab, _repair_typos(vocab, _bare_term(a.normalized), a), a)
    a.question_like = is_question(a.normalized)
    a.citations, rest = citations.find(a.normalized)
    a.intent = intent.detect(rest)
    if a.intent and a.intent != intent.DEFINE:
        a.question_like = True
    rest = intent.strip_yes_no(rest)
    if "/" in rest:
        rest = _stat_counters(rest)
    rest, cards = _cards(vocab, rest, a)
    _card_classes(vocab, cards, a)
    # "打得到", "挡得住", "拿不到": whether the verb can be done; the complement is no word of the subject (打得到 is no
    # 得到). Read before the player-word table rewrites the verb (吃 -> 受到), except in the table's own phrases (付不起:
    # 无法支付), and again after it (看得到 is read by the table, then as 看); a situation is told in the words as said.
    heard, potential = rest, False
    if "得" in rest or "不" in rest:
        rest, potential = intent.read_potential(rest, vocab.player_phrase_set())
    related = _player_words(vocab, rest, a)
    related += [Concept(w, [w], via="related", optional=True) for w in intent.echoes(rest)]
    related += _signed_numbers(rest)
    if a.question_like:
        # "对手回应把他召回了，结算时还能打到吗": a situation told over the sentence, read as the rules' words.
        told = situations.read(heard)
        a.situations = [name for name, _words in told]
        related += [Concept(name, list(words), via="related", optional=name not in situations.SUBJECTS) for name, words in told]
    related += _score_thresholds(rest)
    if intent.who_first(rest):
        related.append(Concept("谁先", list(intent.WHO_FIRST), via="related", optional=True))
    said = rest
    rest = _rewrite(rest, a)
    if rest != said:
        # "卡在手里" read as 手牌: what the rules say of 手牌 (a 非场地区域) applies to the rewritten words.
        related += _player_words(vocab, rest, a, skip=said)
    rest, again = intent.read_potential(rest)
    if (potential or again) and not a.intent and a.question_like:
        a.intent = intent.CAN
    rest = intent.strip_frames(rest) if a.intent else rest

    concepts: list[Concept] = list(cards)
    # Split into Chinese runs and Latin spans, in order.
    parts = runs(rest)
    for kind, chunk in parts:
        if kind == "cjk":
            before = len(a.corrections)
            concepts.extend(_chinese(vocab, chunk, a))
            if len(parts) == 1 and not a.question_like and not cards and 2 <= len(chunk) <= 10:
                fixed = chunk
                for wrong, right in a.corrections[before:]:
                    fixed = fixed.replace(wrong, right)
                a.phrase = fixed
        else:
            got = _latin(vocab, chunk, a)
            concepts.extend(got)
            # "dai ming qu yu" typed as one run means the phrase 待命区域.
            if len(parts) == 1 and not cards and len(got) > 1 and all(c.via == "pinyin" for c in got):
                a.phrase = "".join(c.forms[0] for c in got)
    concepts = _dedupe(concepts)
    content = [c for c in concepts if not _is_stop(c.label)]
    concepts = content or concepts
    if a.intent or intent.asks_yes_no(a.normalized):
        # In a question, a lone character that is no term ("看", "到", "写") is context, not the
        # subject: it may confirm a paragraph but never costs one its coverage. The verb a final 要…吗 asks
        # about ("费用要付吗": 付) is the subject.
        verb = intent.yes_no_verb(a.normalized)
        for c in concepts:
            if c.label == verb:
                continue
            if len(c.label) == 1 and all(len(f) == 1 for f in c.forms) and len(concepts) > 1:
                c.optional = True
    if a.intent == intent.HOWMANY and "how many card" in a.normalized:
        # "how many cards can I have in my hand": the cards are what is counted (like 牌 of 几张牌), the
        # subject is where they are; a paragraph about the hand's size need not say 卡牌.
        for c in concepts:
            if c.via == "english" and c.label in ("card", "cards") and sum(not o.optional for o in concepts) > 1:
                c.optional = True
    if a.intent == intent.ORDER and intent.asks_steps(a.normalized):
        # "清理一共要过几个步骤": the answer lists the steps ("以下任务会按下述顺序…"), it need not say 步骤.
        for c in concepts:
            if c.label in intent.STEP_WORDS and sum(not o.optional for o in concepts) > 1:
                c.optional = True
    if a.intent == intent.ORDER:
        # "X和Y谁先处理": the verb after 先 belongs to the frame (which one is handled first); the
        # subject is X and Y. It confirms a paragraph but is not required.
        for c in concepts:
            said = [c.label] + [p for p, t in a.rewrites if t == c.label]  # "谁先打牌": 打牌 read as 打出卡牌
            if c.label in intent.ORDER_VERBS and any("先" + w in a.normalized for w in said) and len(concepts) > 1:
                c.optional = True
    for phrase, target in a.rewrites:
        # The player's word stays a form of the rules' word it was read as ("负数" -> "低于0"): a
        # paragraph or title using the player's word answers too.
        for c in concepts:
            if len(c.label) >= 2 and c.label in target and phrase not in c.forms:
                c.forms.append(phrase)
                break
    for r in related:
        # "结算链上" -> 闭环: the words of the phrase may be answered in the rules' words.
        rewritten = {t for p, t in a.rewrites if p in r.label}
        if r.label in a.states:  # the state is what the question is about, not another name of its parts
            inside = []
        elif r.label in a.classes:  # a member's class answers for the member itself, not its parts
            inside = [c for c in concepts if not c.optional and c.label == r.label]
        else:
            inside = [c for c in concepts if not c.optional and len(c.label) >= 2
                      and (c.label in r.label or any(c.label in t for t in rewritten))]
        for c in inside:
            new = [f for f in r.forms if f not in c.forms]
            c.forms.extend(new)
            if r.label in a.classes:
                c.weak.update(new)
            c.via = "related"
        known = {f for c in concepts for f in c.forms}
        if not inside and not set(r.forms) & known:
            chars = [c for c in concepts if len(c.label) == 1 and c.label in r.label]
            if len(r.label) >= 2 and r.label not in a.states and chars and len(chars) == sum(
                    1 for ch in r.label if not _is_stop(ch)):
                # "记住" cut into 记 / 住 (no such word in the rules): the phrase, read in the rules'
                # words, is what the question asks about; its characters are not.
                r.optional = False
                for c in chars:
                    c.optional = True
            concepts.append(r)
    _expand_synonyms(vocab, concepts)
    _weigh(vocab, concepts)
    if a.question_like:
        _cap_phrasing(vocab, concepts)
        if len(a.normalized) >= intent.STORY_CHARS:
            _weigh_scenery(vocab, a, concepts)
    if a.question_like:
        for c in concepts:
            if c.via == "literal" and c.df == 0 and c.label.isalpha() and len(concepts) > 1:
                if _english_typo(vocab, c, a):
                    continue
                # An English word of a question that no document contains ("during" outside the glossary)
                # is phrasing, not the subject: it must not cost the answer its coverage.
                c.optional = True
    if cards:
        concepts += _unruled_cards(vocab, cards, a)
    _fix_unmatched(vocab, concepts, a)
    if not a.question_like or a.intent == intent.DEFINE:
        _kind_words_optional(concepts)
    if not a.question_like:
        _class_words_optional(concepts)
    a.concepts = [c for c in concepts if c.forms]
    if a.intent == intent.DEFINE and not cards and sum(not c.optional for c in a.concepts) == 1:
        # "What is a showdown?" asks for the term itself: its heading and definition answer, as for the term.
        a.question_like = False
    return a


def _kind_words_optional(concepts: list[Concept]) -> None:
    """A kind word beside a term is optional: the term is what is asked for ("Deflect keyword" is Deflect)."""
    kind = [c for c in concepts if not c.optional and c.label in intent.KIND_WORDS]
    if kind and any(not c.optional and c.label not in intent.KIND_WORDS for c in concepts):
        for c in kind:
            c.optional = True


# The rules' words for the things every action is done to: in another game's words ("tap a unit", "sacrifice a
# creature", "token creature") they name the object, and the other word names the rule.
CLASS_WORDS = frozenset({"单位", "卡牌"})


def _class_words_optional(concepts: list[Concept]) -> None:
    """An English word read as a unit or a card is optional beside one other English term, its verb or its kind:
    "tap a unit" asks what tapping (Exhaust, rule 414) is, which need not say 单位. Not in a longer query ("if a
    card tells me to discard two cards"), where the card is a subject of its own."""
    said = [c for c in concepts if not c.optional]
    objects = [c for c in said if c.via == "english" and c.forms and c.forms[0] in CLASS_WORDS]
    if len(said) == 2 and len(objects) == 1 and all(c.via == "english" for c in said):
        for c in objects:
            c.optional = True


def _is_stop(label: str) -> bool:
    return (label in STOPWORDS or intent.is_frame(label) or label in intent.ENGLISH_STOP or label in intent.GAME_NAMES
            or all(ch in FUNCTION_CHARS for ch in label))


def _stat_counters(text: str) -> str:
    """"+1/+1 counter" (Magic's power/toughness counter) is read as Buff: a buff is the counter Riftbound puts on a
    unit, +1 Might, at most one to a unit (rules 426.1.b, 701-703). Only the signed pair before "counter" (a
    "+1/+1" alone stays a value)."""
    return re.sub(r"(?i)[+]\d+/[+]\d+ ?counter(s)?\b", "buff", text)


def _signed_numbers(text: str) -> list[Concept]:
    """"+3" and "-5" are how players write a value raised or lowered (the rules write 增加 / 减少, rule
    477.3: the arithmetic layer applies increases first, decreases last). A sign is read so only before a
    digit and not after a Latin letter or a digit: "3-2" and "2+1" are arithmetic or a score, "OGN-127" a
    code; after a Chinese character ("身上+3") or a space ("+1 might") it is the sign of a value."""
    out: list[Concept] = []
    for signs, word in (("+", "增加"), ("-\u2212", "减少")):
        for at, ch in enumerate(text):
            if ch not in signs or at + 1 >= len(text) or not text[at + 1].isdigit():
                continue
            before = text[at - 1] if at else " "
            if not (before.isascii() and before.isalnum()):
                out.append(Concept(signs[0], [word], via="sign", optional=True))
                break
    return out


# A score one point short of a mode's victory score (7 of the 8 of 1v1 and free-for-all, 10 of the 11 of 2v2:
# rules 485.3-489.3), or the point said as the last one: the question is about the final point (rule 471.1.b:
# a conquer one point from the Victory Score needs every battlefield scored this turn). At the victory score
# itself (8分, 11分, 第8分) it is about winning (rule 472 and 194.2: at the victory score and ahead in a cleanup).
_ONE_SHORT = regex(r"(?<![0-9.])(7|10)分|[七十]分|差[一1]分|最后[一1]分|赢的那[一1]?分|第(8|11|八|十一)分")
_AT_VICTORY = regex(r"(?<![0-9.])(8|11)分|[八]分|十一分")


def _score_thresholds(text: str) -> list[Concept]:
    out: list[Concept] = []
    if re.search(r"几分|多少分", text):
        # The count frame is cut from the question ("现在算几分"): what it counts is a player's points.
        out.append(Concept("分数", ["分数", "得分", "1分"], via="related", optional=True))
    if _ONE_SHORT.search(text):
        out.append(Concept("最后一分", ["最后一分"], via="related", optional=True))
    if _AT_VICTORY.search(text):  # 第8分 and 第八分 too
        out.append(Concept("胜利得分", ["胜利得分", "获胜"], via="related", optional=True))
    return out


def _card_classes(vocab: _Vocab, cards: list[Concept], a: Analysis) -> None:
    """A card's name that players also say for a kind of game object (随从: the Recruit token's name, and
    Hearthstone's word for any unit): its name leaves the text before the player-word table is read, so
    the table's class row is applied to the card here; a paragraph about the kind answers in part."""
    if not cards:
        return
    classes = vocab.player_classes()
    for phrase in [p for p in classes if p in a.normalized]:
        names = {name for _alias, name, _source in vocab.card_rows([phrase])}
        for c in cards:
            if names & set(c.forms):
                c.forms.extend(t for t in classes[phrase] if t not in c.forms)
                c.weak.update(classes[phrase])


def _player_words(vocab: _Vocab, text: str, a: Analysis, skip: str | None = None) -> list[Concept]:
    """The curated player-word table: phrases rewritten into the rules' words, and related words.
    With `skip` (the text before its rewrites): only related words of phrases the rewrites introduced."""
    rewrites, related = {}, {}
    bare = vocab.player_phrases_without_de()
    table, by_first = vocab.player_phrases(), vocab.player_rows_by_first()
    for phrase, target, kind in (table[k] for k in sorted(k for ch in set(text) for k in by_first.get(ch, ()))):
        if skip is not None and (kind not in ("class", "state") or phrase in skip):
            continue
        said = phrase if phrase in text else bare.get(phrase)
        if not said or said not in text:
            continue  # most of the table: nothing below applies to a phrase the text does not say
        # A Latin phrase reads as a word of its own, and only in a question: typed alone, an English word names its
        # term (the english rows: "ward" is 法盾), not what a question about it asks.
        if said.isascii() and (not a.question_like or not _latin_said(text, said)):
            continue
        if said[-1] == "指" and not any(not text.startswith(MEANS, at + len(said)) for at in _starts(text, said)):
            continue  # "法术指的是什么": this 指 says what a word means, not what a card targets
        (rewrites if kind == "rewrite" else related).setdefault(said, []).append(target)
        if kind == "class":
            a.classes.add(said)
        if kind == "state":
            a.states.add(said)
    if skip is not None:
        return [Concept(p, list(dict.fromkeys(ts)), via="related", optional=True) for p, ts in related.items()]
    # Longest phrase first; a phrase inside a longer matched one is not applied twice, unless it is also
    # said on its own ("卡组摸空了，效果又让我摸一张": 摸 of 摸一张 is a draw too).
    chosen: list[str] = []
    covered: set[int] = set()
    for phrase in sorted(rewrites, key=len, reverse=True):
        if any(phrase in c for c in chosen) and not _said_apart(text, phrase, covered):
            continue
        chosen.append(phrase)
        for start in _starts(text, phrase):
            covered.update(range(start, start + len(phrase)))
    a.rewrites = [(p, rewrites[p][0]) for p in chosen]
    return [Concept(p, list(dict.fromkeys(ts)), via="related", optional=True) for p, ts in related.items()]


def _without_de(phrase: str) -> str | None:
    """A table phrase "X的Y" as said without its 的 ("别人回合" for 别人的回合, "对手单位" for 对手的单位), as the spoken
    question often drops it; None for a phrase without one. Only a 的 inside the phrase, with three characters or more
    left (a 的 at either end ties the phrase to the words around it: 被晕的, 的怪)."""
    if "的" not in phrase[1:-1]:
        return None
    bare = phrase[0] + phrase[1:-1].replace("的", "") + phrase[-1]
    return bare if len(bare) >= 3 else None


# What follows 指 when it says what a word means ("X指的是", "X指什么") rather than what a card targets.
MEANS = ("的是", "什么", "啥")


def _latin_said(text: str, phrase: str) -> bool:
    """A Latin phrase of the table said as a word of the question ("ward", not the end of "toward" or "reward")."""
    return re.search(r"(?<![a-z0-9])" + re.escape(phrase) + r"(?![a-z0-9])", text) is not None


def _starts(text: str, phrase: str):
    """Every offset `phrase` occurs at in `text`, overlapping ones too."""
    start = text.find(phrase)
    while start >= 0:
        yield start
        start = text.find(phrase, start + 1)


def _said_apart(text: str, phrase: str, covered: set[int]) -> bool:
    """Does `phrase` occur in `text` somewhere outside the `covered` character positions?"""
    return any(not covered.intersection(range(start, start + len(phrase))) for start in _starts(text, phrase))


# What may stand between the parts of a card's name ("亚索-迷途怅惘", "亚索·迷途怅惘", "亚索 迷途怅惘",
# "亚索：迷途怅惘"), after fold(): the name is one term whatever is typed between its parts.
NAME_SEPARATORS = " -－—·・:_"
MAX_NAME = 12  # characters of a card name, separators aside


def _cards(vocab: _Vocab, text: str, a: Analysis) -> tuple[str, list[Concept]]:
    """Card names (Chinese, English or pinyin, with or without subtitle and separators) -> one concept
    each, whose forms are every name the FAQs use for the card; the name leaves the text (its parts are
    no words of the question). A bare name several cards share ("亚索": the legend, a champion unit, a
    spell) stands for all of them, and a note names them."""
    keys: dict[str, list[tuple[int, int]]] = {}
    # Candidate spans: runs of Chinese characters, separators allowed between them (substrings), and runs
    # of Latin words (word n-grams). Plain scans: a regex over the CJK class costs milliseconds to compile
    # on the cold path.
    groups: list[list[int]] = []  # positions of the Chinese characters of one run
    words, i, n = [], 0, len(text)
    while i < n:
        j = i
        if is_cjk(text[i]):
            group = []
            while j < n and is_cjk(text[j]):
                group.append(j)
                k = j + 1
                while k < n and text[k] in NAME_SEPARATORS and k - j <= 3:
                    k += 1
                j = k if k < n and is_cjk(text[k]) else j + 1
            if len(group) >= 2:
                groups.append(group)
        elif "a" <= text[i] <= "z" or "0" <= text[i] <= "9" or text[i] in "'’":
            while j < n and ("a" <= text[j] <= "z" or "0" <= text[j] <= "9" or text[j] in "'’"):
                j += 1
            words.append((i, j, text[i:j]))
        i = max(j, i + 1)
    for group in groups:
        run = "".join(text[p] for p in group)  # the run without its separators: a key is a slice of it
        for i in range(len(group)):
            for j in range(i + 2, min(len(group), i + MAX_NAME) + 1):
                keys.setdefault(run[i:j], []).append((group[i], group[j - 1] + 1))
    for i in range(len(words)):
        for j in range(i, min(len(words), i + 5)):
            key = "".join(w for _s, _e, w in words[i : j + 1]).replace("'", "").replace("’", "")
            if len(key) >= 4:
                keys.setdefault(key, []).append((words[i][0], words[j][1]))
    if not keys:
        return text, []
    rows = vocab.card_rows(list(keys))
    if not rows:
        return text, []
    spans: dict[tuple[int, int], dict[str, str]] = {}  # span -> {FAQ name: the card's source}
    for alias, target, source in rows:
        for span in keys.get(alias, []):
            spans.setdefault(span, {})[target] = source
    taken: list[tuple[int, int]] = []
    for i, j in sorted(spans, key=lambda x: (-(x[1] - x[0]), x[0])):
        if all(j <= a0 or i >= b0 for a0, b0 in taken):
            taken.append((i, j))
    # The FAQs may call one card by two names (暗刃, 隐秘刀锋): all of them are the card.
    names = vocab.card_names({s for span in taken for s in spans[span].values()})
    found: list[Concept] = []
    one: dict[str, Concept] = {}  # the card -> its concept, for a name that stands for one card
    for i, j in sorted(taken):
        typed = "".join(ch for ch in text[i:j] if ch not in NAME_SEPARATORS)
        targets = spans[(i, j)]
        cards = sorted(set(targets.values()))
        if len(cards) == 1 and cards[0] in one:
            # Named again ("盖伦-剑尉长 … 把盖伦召回"): one card is one concept, not weighed twice.
            same = one[cards[0]]
            same.forms += [f for f in (typed,) if is_cjk(typed[0]) and f not in same.forms and any(f in g for g in same.forms)]
            continue
        forms: list[str] = [] if len(cards) > 1 else [min(targets)]
        for source in cards:
            for name in names.get(source, []):
                for form in (name, name.replace("-", "")):
                    if form not in forms:
                        forms.append(form)
                if name not in a.cards:
                    a.cards.append(name)
        if len(cards) > 1:
            # A bare name of several cards: every paragraph saying it may be about any of them.
            forms.insert(0, typed)
            shown = [max(names.get(s, [s]), key=len) for s in cards]  # the full name ("金克丝-反抗者")
            a.notes.append(f"「{typed}」是 {len(cards)} 张卡牌共有的名称，结果包括：{'、'.join(shown)}。")
        elif is_cjk(typed[0]) and typed not in forms and any(typed in f for f in forms):
            forms.append(typed)  # the catalog's name ("疾风剑豪"), as a paragraph may write it
        label = typed if len(cards) > 1 else forms[0]
        found.append(Concept(label, forms, via="card"))
        if len(cards) == 1:
            one[cards[0]] = found[-1]
    for i, j in sorted(taken, reverse=True):
        text = text[:i] + " , " + text[j:]
    return text, found


def _rewrite(text: str, a: Analysis) -> str:
    """Player phrases -> rules' words in one pass. Overlapping phrases: the longer wins, then the one
    further left ("才算打出伤害" is 才 + 造成伤害 (打出伤害), not 被打出 (算打出) + 伤害; "还能打牌" is
    还 + 能 + 打出卡牌)."""
    if not a.rewrites:
        return text
    table = dict(a.rewrites)
    found = []
    for phrase in table:
        start = text.find(phrase)
        while start >= 0:
            found.append((start, start + len(phrase), phrase))
            start = text.find(phrase, start + 1)
    taken: list[tuple[int, int, str]] = []
    for i, j, phrase in sorted(found, key=lambda m: (-(m[1] - m[0]), m[0])):
        if all(j <= x or i >= y for x, y, _p in taken):
            taken.append((i, j, phrase))
    used: list[tuple[str, str]] = []
    for i, j, phrase in sorted(taken, reverse=True):
        text = text[:i] + table[phrase] + text[j:]
        used.append((phrase, table[phrase]))
    a.rewrites = list(dict.fromkeys(reversed(used)))
    return text


def _dedupe(concepts: list[Concept]) -> list[Concept]:
    seen, out = set(), []
    for c in concepts:
        key = tuple(sorted(c.forms))
        if key not in seen and not _fold_inflection(out, c):
            seen.add(key)
            out.append(c)
    return out


def _fold_inflection(kept: list[Concept], c: Concept) -> bool:
    """An English word read before in another inflection ("card" and "cards", "ready" and "readied") is the same
    concept, not a second one weighing as much again: `c` is folded into the earlier concept when the two words
    share a base form and their readings share a rules term (the terms both readings name are kept, the words as
    typed stay forms). False when nothing matched."""
    if c.via != "english" or " " in c.label:
        return False
    family = {c.label.lower(), *lemmas(c.label.lower())}
    targets = c.forms[:-1]  # the reading's terms; the word as typed is the last form
    for k in kept:
        if k.via != "english" or " " in k.label or not family & {k.label.lower(), *lemmas(k.label.lower())}:
            continue
        typed = [f for f in k.forms if f.isascii()]
        shared = [f for f in k.forms if not f.isascii() and f in targets]
        if shared:
            k.forms = shared + typed + [c.label] * (c.label not in typed)
            return True
    return False


# ---- Chinese ---------------------------------------------------------------------------------


def _chinese(vocab: _Vocab, run: str, a: Analysis) -> list[Concept]:
    if vocab.df([run]) == 0:
        run = _fix_homophones(vocab, run, a)
    words = _segment(vocab, run)
    if not NEGATING.isdisjoint(words):
        words = _negated_terms(vocab, words)
    known = vocab.lex(words)
    concepts: list[Concept] = []
    group: list[str] = []  # consecutive single characters: "手","牌" -> the phrase "手牌"

    def flush() -> None:
        if not group:
            return
        joined = "".join(group)
        if len(group) > 1 and (vocab.df([joined]) > 0 or not any(ch in known for ch in group)):
            concepts.append(Concept(joined, [joined]))
        else:
            concepts.extend(Concept(ch, [ch]) for ch in group)
        group.clear()

    # "战场上", "手牌里": a place word with a locative after it means the place ("战场中" in the rules).
    stems = vocab.lex([w[:-1] for w in words if len(w) >= 3 and w[-1] in LOCATIVES])
    for w in words:
        if len(w) == 1 and not _is_stop(w):
            group.append(w)
            continue
        flush()
        stem = w[:-1] if w[-1] in LOCATIVES and stems.get(w[:-1], (0, 0, 0))[2] else ""
        concepts.append(Concept(w, [stem] if stem else [w]))
    flush()
    return concepts


# Prefixes that make one word of the rules' term after them (非场地区域, 非战斗, 非征服: by other means than a conquer;
# 无特性): the corpus writes the compound, and cut in two the question asks about the term it excludes.
NEGATING = frozenset("非无")


def _negated_terms(vocab: _Vocab, words: list[str]) -> list[str]:
    """`words` with a lone 非 or 无 joined to the word after it where the documents write the two as one."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in NEGATING and i + 1 < len(words) and len(words[i + 1]) >= 2 and vocab.df([w + words[i + 1]]):
            out.append(w + words[i + 1])
            i += 2
            continue
        out.append(w)
        i += 1
    return out


def _segment(vocab: _Vocab, run: str) -> list[str]:
    """Most probable segmentation under the corpus word frequencies (jieba's DAG idea)."""
    n = len(run)
    cands = [run[i:j] for i in range(n) for j in range(i + 2, min(n, i + MAX_WORD) + 1)]
    lex = vocab.lex(cands + list(run))
    total = float(vocab.info().get("lex_total") or 1e5)

    def logp(w: str) -> float:
        f, _df, is_term = lex.get(w, (0, 0, 0))
        if is_term:
            f = max(f, 20)
        if f == 0:
            return math.log(0.5 / total) if len(w) == 1 else -math.inf
        return math.log(f / total)

    cut = _cutting_table_words(vocab, run, lex)
    best = [(0.0, n)] * (n + 1)
    for i in range(n - 1, -1, -1):
        best[i] = max(((-math.inf if (i, j) in cut else logp(run[i:j])) + best[j][0], j)
                      for j in range(i + 1, min(n, i + MAX_WORD) + 1))
    out, i = [], 0
    while i < n:
        j = best[i][1]
        out.append(run[i:j])
        i = j
    return out


def _cutting_table_words(vocab: _Vocab, run: str, lex: dict) -> set[tuple[int, int]]:
    """Spans of words the query's segmentation knows only from the term tables (index.table_terms: in
    the lexicon with a frequency but no document frequency) that cut through a string the rules write
    ("单位进入场地区域": 进入场地 would cut 场地区域), unless the rules also write the table word followed
    (or preceded) by that string ("无法支付费用": 无法支付 stays whole)."""
    n, out = len(run), set()
    for i in range(n):
        for j in range(i + 3, min(n, i + MAX_WORD) + 1):
            f, df, is_term = lex.get(run[i:j], (0, 0, 0))
            if not f or df or is_term:
                continue
            after = [(k, l) for k in range(i + 1, j - 1) for l in range(j + 2, min(n, k + MAX_WORD) + 1)]
            before = [(k, l) for l in range(i + 2, j) for k in range(max(0, l - MAX_WORD), i - 1)]
            for k, l in after + before:
                if l - k >= 4 and vocab.df([run[k:l]]) and not vocab.df([run[min(i, k):max(j, l)]]):
                    out.add((i, j))
                    break
    return out


def _keys(readings: list[list[str]], cap: int = 32) -> list[str]:
    combos = 1
    for r in readings:
        combos *= max(1, len(r))
    if combos > cap:
        readings = [r[:1] for r in readings]
    return ["".join(p) for p in itertools.product(*readings)]


def _fix_homophones(vocab: _Vocab, run: str, a: Analysis) -> str:
    """"燃烬" / "结算连": a window that is no known word but sounds exactly like a term is replaced.

    In a question, the characters of its frame are never part of a typo: "每回合能打几张牌" is not
    "打击", "结算链上先结算哪一个" is not "上限".
    """
    protect = QUESTION_CHARS if a.intent or a.question_like else ""
    readings = vocab.readings(list(set(run)))
    if not readings:
        return run
    n = len(run)
    windows = [(i, j) for length in range(min(6, n), 1, -1) for i in range(0, n - length + 1) for j in [i + length]]
    known = vocab.lex([run[i:j] for i, j in windows])
    # A word of the player-word table is a player's word, not a typo ("溢出" is not "移出").
    players = vocab.player_phrase_set()
    # A rules term typed correctly is no half of a typo: "单位加" is 单位 / 加, not 单 / 力加, and "要等技能"
    # keeps 技能 (not 等级).
    terms = [(i, j) for i, j in windows if known.get(run[i:j], (0, 0, 0))[2]]
    keyed: dict[str, list[tuple[int, int]]] = {}
    for i, j in windows:
        if run[i:j] in known or run[i:j] in players or any(c not in readings or c in FUNCTION_CHARS or c in protect for c in run[i:j]):
            continue
        if any(p < i < q < j or i < p < j < q for p, q in terms):
            continue
        # The two commonest readings only: rare readings (是 "ti") make false homophones.
        for k in _keys([readings[c][:2] for c in run[i:j]]):
            keyed.setdefault(k, []).append((i, j))
    hits = vocab.aliases(list(keyed), ("pinyin",))
    if not hits:
        return run
    lex = vocab.lex([t for _k, t, _ in hits])
    best: dict[tuple[int, int], tuple] = {}
    for key, target, _kind in hits:
        for i, j in keyed[key]:
            if len(target) != j - i:
                continue
            f, _d, is_term = lex.get(target, (0, 0, 0))
            overlap = sum(1 for x, y in zip(run[i:j], target) if x == y)
            # A typo keeps most characters ("燃烬", "结算连"); a whole word misheard must be a term.
            if overlap < max(1, (j - i) - 1) and not (is_term and j - i == n):
                continue
            rank = (overlap, is_term, f)
            if (i, j) not in best or rank > best[(i, j)][0]:
                best[(i, j)] = (rank, target)
    used = [False] * n
    out = list(run)
    # A window that starts on the last character of a word the run as typed is cut into ("已经离场": 已经 / 离场, not
    # 已 / 经历 / 场; "混战里": 混战 / 里, not 战力) takes that character from its word: no typo across a word's edge.
    ends = {i + len(w) for i, w in _offsets(_segment(vocab, run)) if len(w) >= 2} if best else set()
    for (i, j), (_rank, target) in sorted(best.items(), key=lambda kv: (-(kv[0][1] - kv[0][0]), kv[0][0])):
        if any(used[i:j]) or target == run[i:j] or i + 1 in ends or _counted(run, i, j, target):
            continue
        if vocab.df([run[i:j]]) > 0:  # the text as typed exists ("伤害是" in "伤害是指"): no typo
            continue
        for p in range(i, j):
            used[p] = True
        out[i] = target
        for p in range(i + 1, j):
            out[p] = ""
        a.corrections.append((run[i:j], target))
    return "".join(out)


def _offsets(words: list[str]):
    """(offset, word) of each word of a segmentation."""
    at = 0
    for w in words:
        yield at, w
        at += len(w)


# A number and the measure word that counts what follows ("一只迅捷蟹", "两张牌"): the measure word is no typo (一只 is
# not 一致, 一张 not 一章).
NUMERALS, MEASURES = "一二两三四五六七八九十几每", "只个张名点次件块位层句"


def _counted(run: str, i: int, j: int, target: str) -> bool:
    """Would replacing run[i:j] by `target` change a measure word after a number?"""
    return any(run[p] in MEASURES and p > 0 and run[p - 1] in NUMERALS and target[p - i] != run[p] for p in range(i, j))


# ---- Latin -----------------------------------------------------------------------------------


AIMING = ("point", "points", "pointed", "pointing")
# Words before a noun "point" (a point scored), not the verb.
COUNTING = frozenset({"a", "an", "the", "one", "two", "each", "every", "extra", "final", "last", "first", "no", "any",
                      "that", "this", "victory", "my", "your", "their", "more", "another"})


HITTING = ("hit", "hits", "hitting")
# After "hit": a score reached ("hit 8 pts", "hit the victory score": 达到, rule 472), or a zone a card goes to
# ("hits the graveyard": 进入, e.g. 808.1.d), not damage dealt ("hit it for 3", "hit 3 units").
SCORE_WORDS = frozenset({"pts", "pt", "points", "point", "score", "victory", "vp"})
ZONE_WORDS = frozenset({"graveyard", "graveyards", "yard", "gy", "trash", "discard", "hand", "deck", "library", "base",
                        "bottom", "top", "exile", "banishment"})
ENTERED = ("进入", "放入")  # the rules' words for a card going to a zone (808.1.d, 416.1)
# A permanent that hits a zone off the board ("my unit hits the graveyard") leaves play: 离场, the rules' word for
# what it loses then (705: its buffs; 748: its counters). Not its base, a place on the board.
LEFT_PLAY = "离场"
BOARD_ZONES = frozenset({"base"})


def _hit_read(low: list[str], j: int) -> str | None:
    """What "hit" at `low[j]` means when it is no damage: "reach" (a score) or "enter" (a zone); else None."""
    if low[j] not in HITTING:
        return None
    k = j + 1
    while k < len(low) and low[k] in ("the", "a", "my", "your", "their", "his", "her", "its", "opps", "opp"):
        k += 1
    nxt = low[k] if k < len(low) else ""
    if nxt in SCORE_WORDS and (k > j + 1 or nxt in ("score", "victory", "vp")):
        return "reach"  # not "hit points" (HP: Might, 143.2)
    if nxt.isdigit():
        after = low[k + 1] if k + 1 < len(low) else ""
        return "reach" if after in SCORE_WORDS or after == "" else None
    if nxt in ZONE_WORDS:
        return "enter"
    return None


WINNING = ("win", "wins", "won", "winner", "winning")
# Words of a combat: a "win" in a question about one is the combat's result (466.3), not the game's (193), as
# the Chinese 打赢 is (player_words.tsv); a question naming the game or the match keeps the game's.
COMBAT_WORDS = frozenset({"combat", "combats", "fight", "fights", "fighting", "battle", "battles"})
MATCH_WORDS = frozenset({"game", "games", "match", "matches", "pts", "points", "point", "score", "victory"})
COMBAT_RESULT = ("战斗结果", "赢得战斗")  # the drafted title of 466.3 and the core FAQ's words for it


def _combat_won(low: list[str], j: int) -> bool:
    """"both units die in combat who wins": the winner asked is the combat's. `low`: the query's words in lower case."""
    return low[j] in WINNING and bool(COMBAT_WORDS.intersection(low)) and not MATCH_WORDS.intersection(low)


PILE = ("stack", "stacks")
# Words that make a "stack" next to them the cards attached to one another, not the chain.
ATTACHING = frozenset({"attach", "attaches", "attached", "attaching", "attachment", "attachments", "gear", "gears",
                       "equipment", "equipments", "equip", "equipped"})
PILED = "堆叠"  # how the rules say attached cards lie (434.1.b.1)
TOP = ("top", "most", "topmost")
OF = ("of", "in", "under", "beneath", "below")


def _attached_pile(low: list[str], j: int) -> bool:
    """"a stack of attached gear", "the gear stack", "the top card of the stack": the cards attached to one
    another, laid in a pile under the top-most card (rule 434.1.b), not the chain that players of other games
    call the stack ("does gear use the stack" is that one). `low`: the query's words in lower case."""
    if low[j] not in PILE:
        return False
    if j + 2 < len(low) and low[j + 1] == "of" and ATTACHING & set(low[j + 2 : j + 5]):
        return True  # a stack of (the) attached cards / gear
    if j > 0 and low[j - 1] in ATTACHING:
        return True  # the gear stack
    # the top card of the stack, the top-most card in a stack
    for k in range(max(0, j - 3), j - 1):
        if low[k] in ("card", "cards") and k > 0 and low[k - 1] in TOP and low[k + 1] in OF:
            return True
    return False


ADDING = ("叠加", "相加", "累加")  # the rules' (and drafted titles') words for values or keywords that add up (807.2, 814.2)
AUXILIARIES = frozenset({"do", "does", "did", "can", "could", "will", "would", "should", "dont", "doesnt", "didnt",
                         "cant", "cannot", "wont", "not"})
SUBJECTS = frozenset({"they", "it", "i", "you", "we", "these", "those", "both", "them"})
# Words after which "stack" is a noun: the chain's stack ("on the stack", "the stack resolves").
DETERMINERS = frozenset({"the", "a", "an", "on", "onto", "of", "this", "that", "my", "your", "their", "its", "his", "her"})


def _adding_up(low: list[str], j: int) -> bool:
    """"do two Assault keywords stack", "does it stack", "can you stack buffs", "stack with": 'stack' as a verb,
    values or keywords adding up (the rules say 叠加 / 相加), not the chain that players of other games call the
    stack ("on the stack", "the stack resolves", "respond on the stack"). `low`: the query's words in lower case."""
    if low[j] not in ("stack", "stacks", "stacking"):
        return False
    before = low[j - 1] if j > 0 else ""
    if before in DETERMINERS:
        return False
    if before in AUXILIARIES or before in SUBJECTS or low[j] == "stacking":
        return True
    after = low[j + 1] if j + 1 < len(low) else ""
    if after in ("with", "up", "together"):
        return True
    if j == 0 and (after in ("two", "three", "multiple", "several", "both", "more") or after.isdigit() or (
            after.endswith("s") and not after.endswith("ss") and after not in ("is", "has", "does", "resolves", "goes"))):
        return True  # "stack buffs", and "can you stack two Assaults" once its frame is cut
    # after a plural subject ("do two Assault keywords stack", "does might from two buffs stack on one unit") or at
    # the end of a question ("does Shield stack"), not after a possessive ("on MTG's stack", "like Magic's stack")
    if j == 0 or (j > 1 and low[j - 2] in DETERMINERS | {"like", "as"}):
        return False
    return (before.endswith("s") and not before.endswith("ss")) or (j == len(low) - 1 and low[0] in AUXILIARIES)


def _latin(vocab: _Vocab, span: str, a: Analysis) -> list[Concept]:
    # "Yu-Gi-Oh" names a card game (intent.GAME_NAMES), not three words.
    span = re.sub(r"(?i)\byu-?gi-?oh\b", "yugioh", span)
    words = [_untoned(vocab, w) for w in re.split(r"[ \-]+", span.replace("’", "'").strip()) if w]
    words = [w for w in words if w]
    words = [re.sub(r"[':]", "", w) for w in words]
    words = [w for w in words if w]
    for j, w in enumerate(words):
        # "point a removal spell at the unit": to point a card at something is to target it, not a point scored
        # ("a point at the start of my turn" is one).
        counted = j > 0 and (words[j - 1].lower() in COUNTING or words[j - 1].isdigit())
        if w.lower() in AIMING and not counted and "at" in (x.lower() for x in words[j + 1 : j + 6]):
            words[j] = "target"
    # No English row reads a stack of attached cards, nor a phrase through it: the rules say how the attached
    # cards are stacked (堆叠, 434.1.b.1), a bonus where said; the attaching word says what the question is about.
    # Nor 'stack' as a verb: keywords or values adding up, said in the rules' words (叠加, 相加), a bonus where said;
    # nor "hit" a zone (a card going there). Such a word is read alone, never inside a phrase.
    low = [w.lower() for w in words]
    alone: dict[int, list[str]] = {}
    for j in range(len(words)):
        hit_read = _hit_read(low, j)
        if hit_read == "reach":
            words[j] = "reach"
        elif hit_read == "enter":
            alone[j] = list(ENTERED) + ([] if BOARD_ZONES.intersection(low[j + 1 : j + 4]) else [LEFT_PLAY])
        elif _combat_won(low, j):
            alone[j] = list(COMBAT_RESULT)
        elif _attached_pile(low, j):
            alone[j] = [PILED]
        elif _adding_up(low, j):
            alone[j] = list(ADDING)
    concepts: list[Concept] = []
    i = 0
    while i < len(words):
        if i in alone:
            concepts.append(Concept(words[i], alone[i] + [words[i]], via="english", optional=True))
            i += 1
            continue
        reach = min((j for j in alone if j > i), default=len(words)) - i
        for k in range(reach, 0, -1):
            phrase = " ".join(words[i : i + k])
            compact = "".join(words[i : i + k])
            # A phrase's last word may be inflected as a single word is ("mana crystals", "hand traps").
            bases = lemmas(phrase) if k == 1 else [" ".join(words[i : i + k - 1] + [b]) for b in lemmas(words[i + k - 1])]
            hit = vocab.aliases([phrase, compact] + bases, ("english",))
            # The form as typed names its own term before a base form does ("emptied" pool: 清空, not the
            # empty deck of "empty").
            hit = [h for h in hit if h[0] in (phrase, compact)] or hit
            if hit:
                targets = list(dict.fromkeys(t for _a, t, _k in hit))
                concepts.append(Concept(phrase, targets + [phrase], via="english"))
                break
            hit = vocab.aliases([compact], ("pinyin",))
            if hit and not compact.isdigit():
                concepts.append(Concept(phrase, [_best_target(vocab, hit)], via="pinyin"))
                break
        else:
            k = 1
            concepts.extend(_latin_word(vocab, words[i]))
        i += k
    return concepts


# Ordinals as typed in a chat ("who goes 1st", "a 2nd buff"): the words the rows and frames read ("goes first").
ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}


def _ordinals(text: str) -> str:
    if not any(o in text for o in ORDINALS):
        return text
    return regex(r"\b(1st|2nd|3rd|4th)\b").sub(lambda m: ORDINALS[m.group(1)], text)


def _untoned(vocab: _Vocab, word: str) -> str:
    """A Latin word without its tone marks and tone digits ("ran2jin4" -> "ranjin"), unless its digits are its own: a
    token named as typed ("bo3": best of three) or one whose letters before a digit are no pinyin syllable ("ffa3",
    FFA3 is the three-player mode, not FFA) is read whole."""
    bare = strip_tones(word)
    if bare == word or not any("0" <= ch <= "9" for ch in word):
        return bare
    if vocab.aliases([word], ("english",)):
        return word
    groups = re.findall(r"([a-z]+)[1-5]", word)
    return bare if groups and all(_syllabic(g, vocab.syllables()) for g in groups) else word


def _syllabic(letters: str, syllables: frozenset[str]) -> bool:
    """Do `letters` split into pinyin syllables ("ranjin": ran / jin; "ffa" does not)?"""
    ends = {0}
    for j in range(1, len(letters) + 1):
        if any(i in ends and letters[i:j] in syllables for i in range(max(0, j - 6), j)):
            ends.add(j)
    return len(letters) in ends


def _english_typo(vocab: _Vocab, c: Concept, a: Analysis) -> bool:
    """A misspelt English rules term inside a question ("can i exhuast twice"): the one English name
    that is nearly the same word (same first letter, a letter or two apart). Stdlib difflib over the
    few names of about the same length: no rapidfuzz import on a question's path."""
    word = c.label
    if len(word) < 5 or word in intent.ENGLISH_STOP:
        return False
    from difflib import SequenceMatcher

    best, best_ratio = None, 0.85
    for alias, target, _k in vocab.static("english"):
        if alias[0] != word[0] or abs(len(alias) - len(word)) > 2 or " " in alias:
            continue
        m = SequenceMatcher(None, word, alias)
        if m.real_quick_ratio() >= best_ratio and m.quick_ratio() >= best_ratio and m.ratio() >= best_ratio:
            if m.ratio() > best_ratio or best is None:
                best, best_ratio = alias, max(best_ratio, m.ratio())
    if best is None:
        return False
    targets = list(dict.fromkeys(t for al, t, _k in vocab.static("english") if al == best))
    a.corrections.append((word, best))
    c.forms = targets + [best]
    c.via = "english"
    c.df = vocab.df(c.forms)
    c.weight = _idf(vocab, c.df)
    return True


def lemmas(word: str) -> list[str]:
    """Base forms an English word may be inflected from ("stunned" -> "stun", "units" -> "unit",
    "readies" -> "ready"): the glossary lists headings and player words in their base form."""
    out = []
    if len(word) > 4 and word.endswith("ied"):
        out.append(word[:-3] + "y")  # "readied" -> "ready"
    if len(word) > 3 and word.endswith("ies"):
        out.append(word[:-3] + "y")
    if len(word) > 3 and word.endswith("es"):
        out.append(word[:-2])
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        out.append(word[:-1])
    for suffix in ("ed", "ing"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            stem = word[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "stunned" -> "stun"
    return out


def _best_target(vocab: _Vocab, hits: list[tuple[str, str, str]]) -> str:
    targets = list(dict.fromkeys(t for _a, t, _k in hits))
    lex = vocab.lex(targets)
    return max(targets, key=lambda t: (lex.get(t, (0, 0, 0))[2], lex.get(t, (0, 0, 0))[0]))


def _latin_word(vocab: _Vocab, word: str) -> list[Concept]:
    """One Latin word: run-together pinyin ("ranjinguize") split greedily, else the word itself."""
    if word.isdigit():
        return [Concept(word, [word], via="literal")]
    pieces, i = [], 0
    while i < len(word):
        prefixes = [word[i:j] for j in range(len(word), i + 1, -1)]
        hits = vocab.aliases(prefixes, ("pinyin",))
        if not hits:
            break
        longest = max({h[0] for h in hits}, key=len)
        pieces.append((longest, _best_target(vocab, [h for h in hits if h[0] == longest])))
        i += len(longest)
    if pieces and i == len(word):
        return [Concept(p, [t], via="pinyin") for p, t in pieces]
    return [Concept(word, [word], via="literal")]


# ---- weights, synonyms, fallbacks ------------------------------------------------------------


def _expand_synonyms(vocab: _Vocab, concepts: list[Concept]) -> None:
    forms = [f for c in concepts for f in c.forms]
    pairs = vocab.synonyms_of(forms) if forms else []
    # An English word names one rules term: a synonym that another English word names is a different
    # term ("Empower" is 强化; the FAQs' 强化 for a buff is 增益, which "Buff" names).
    named = {t for _a, t, _k in vocab.aliases_to([o for _w, o in pairs], "english")} if any(
        c.via == "english" for c in concepts) and pairs else set()
    for c in concepts:
        for word, other in pairs:
            if c.via == "english" and other in named:
                continue
            if word in c.forms and other not in c.forms:
                c.forms.append(other)
                if c.via == "text":
                    c.via = "synonym"


def _idf(vocab: _Vocab, df: int) -> float:
    """A concept's weight from its document frequency (BM25's idf over the store's N documents)."""
    n = float(vocab.info().get("N") or 1)
    return math.log((n - df + 0.5) / (df + 0.5) + 1.0)


def _weigh(vocab: _Vocab, concepts: list[Concept]) -> None:
    for c in concepts:
        c.df = vocab.df(c.forms)
        c.weight = _idf(vocab, c.df)
        if all(len(f) == 1 for f in c.forms):
            c.weight /= 2  # a lone character means little out of context ("看", "放")


PHRASING_CAP = 4.0  # the largest weight of a question's word that is no rules term


def _cap_phrasing(vocab: _Vocab, concepts: list[Concept]) -> None:
    """A question's own wording ("两边", "拿回", "对方") is rare in the rules, so its idf is high, yet the
    answer is about the rules' terms: a plain word that is no term weighs at most PHRASING_CAP."""
    plain = [c for c in concepts if c.via == "text" and not c.optional and len(c.label) >= 2]
    # A term with its negating prefix (非征服) is a term of the rules too.
    tails = [c.label[1:] for c in plain if c.label[0] in NEGATING]
    lex = vocab.lex([c.label for c in plain] + tails) if plain else {}
    for c in plain:
        if not lex.get(c.label, (0, 0, 0))[2] and not (c.label[0] in NEGATING and lex.get(c.label[1:], (0, 0, 0))[2]):
            c.weight = min(c.weight, PHRASING_CAP)


SCENERY_WEIGHT = 0.5  # a story's word that the asked clause does not repeat, against the asked clause's words


def _weigh_scenery(vocab: _Vocab, a: Analysis, concepts: list[Concept]) -> None:
    """A story's own words (the units, zones and actions told) outnumber the few words of the clause asked at the
    end, which name what is ordered ("…，这三张牌按啥顺序结算": 结算): the told words still count, at a part."""
    start = intent.asked_from(a.normalized, a.intent, told=bool(situations.STORY_SUBJECTS.intersection(a.situations)))
    if not start:
        return
    asked = a.normalized[start:]
    told = [c for c in concepts if not any(f in asked for f in (c.label, *c.forms))]
    # A keyword a unit of the story has ("一个有壁垒一个有后排") is the mechanics the order is asked about.
    keywords = {k for _alias, k, _kind in vocab.aliases_to([c.label for c in told], CARD_KEYWORD)} if told else set()
    for c in told:
        if c.label not in keywords:
            c.weight *= SCENERY_WEIGHT
    if situations.STORY_SUBJECTS.intersection(a.situations):
        # A chain told play by play ("他打了…，我回应了…，他又…"): the procedure it tells is the subject, not the plays.
        for c in concepts:
            if c.label in situations.STORY_SUBJECTS:
                c.optional = False
            elif c in told:
                c.optional = True


def _unruled_cards(vocab: _Vocab, cards: list[Concept], a: Analysis) -> list[Concept]:
    """A card no document names (the FAQs rule on no more than a few of the catalog's cards): its name is no
    word to find, nor a typo to correct; every document lacks it alike. The keywords the card carries (风之障壁:
    反应) are what the rules say of it when the name is asked alone; a note says the card has no ruling."""
    out: list[Concept] = []
    seen: set[str] = set()
    for c in cards:
        if c.df:
            continue
        c.optional = True
        if c.label in seen:
            continue
        seen.add(c.label)
        # In a question the words asked about lead; a card's keywords would outweigh them (小鲨鱼's 强攻 in
        # a question of whether a unit dies).
        keywords = [] if a.question_like else [k for _alias, k, _kind in vocab.aliases([c.label], (CARD_KEYWORD,))]
        a.notes.append(f"卡牌「{c.label}」没有FAQ裁定或勘误" + (f"，结果按其关键词：{'、'.join(keywords)}" if keywords else "")
                       + f"（卡牌信息：judge card {c.label}）。")
        for k in keywords:
            kw = Concept(k, [k], via="related")
            kw.df = vocab.df(kw.forms)
            kw.weight = _idf(vocab, kw.df)
            out.append(kw)
    return out


CARD_KEYS = "card names"  # search_info key: every card-name alias, one a line
CARD_KEYWORD = "card keyword"  # search_alias kind: a card's name -> a keyword it carries (the catalog's facts)


def _fix_unmatched(vocab: _Vocab, concepts: list[Concept], a: Analysis) -> None:
    """A concept found nowhere: try the closest term (rapidfuzz, loaded only here)."""
    missing = [c for c in concepts if c.df == 0 and not c.optional]
    if not missing:
        return
    from judge.search import fuzzy

    for c in missing:
        best = fuzzy.closest(vocab.conn, c.label)
        if best:
            a.corrections.append((c.label, best))
            if a.phrase:
                a.phrase = a.phrase.replace(c.label, best)
            c.forms = [best] + [o for w, o in vocab.synonyms_of([best]) if w == best]
            c.via = "fuzzy"
            c.df = vocab.df(c.forms)
            c.weight = _idf(vocab, c.df)
        elif a.question_like and len(concepts) > 1 and all(is_cjk(ch) for ch in c.label):
            # A question's own word that no document contains ("下面贴了" cut into 面贴) is phrasing:
            # every paragraph lacks it alike, and the ones with all the other words must stay candidates.
            c.optional = True

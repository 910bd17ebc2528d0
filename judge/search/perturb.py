"""Questions rewritten the way they come out of a phone at the table, one kind of fault at a time.

Used by `tools/search_eval.py --perturb FAULT,...` to measure how far recall falls when a development question
is typed with a fault, scored against the same targets as the question itself. Every rewrite is a pure function
of (seed, fault, question) and of the shipped data (the corpus' characters, the card names, the installed
OpenCC, pypinyin and jieba tables): the same run gives the same questions.

Faults:
  traditional  the whole question through OpenCC s2t (traditional characters)
  taiwan       OpenCC s2tw (traditional with the Taiwan variants: 裡, 著)
  hongkong     OpenCC s2hk (traditional with the Hong Kong variants: 裏, 着, 枱)
  typo         one character (two in a question of ten Chinese characters or more) replaced by another with the
               same toneless pinyin, as a pinyin input method picks the wrong candidate (大几张 for 打几张); the
               replacement is a character the corpus uses, drawn by how often it does; Latin words and the
               characters of a card's name are never touched
  noise        spoken words around the question: a prefix (请问裁判, 裁判裁判, 想问一下, 就是说) and an ending
               (啊, 呢, 哈, 吧 with ？？, ……, ，对吧？); an English question gets English ones
  spacing      one of: spaces between the words, half-width punctuation, no punctuation at all, full-width Latin
               letters and digits (whichever changes the question, drawn per question); each also a fault of
               its own: spaces, halfwidth, nopunct, fullwidth
  case         English words all lower case, all upper case, or one word in its plural or -ing form (only questions
               with Latin letters, in the english kind)

Heavy imports (opencc, pypinyin, jieba) happen here only, never on the query path.
"""

from __future__ import annotations

import random
import re
import unicodedata

from judge.search.text import is_cjk

SEED = 21
FAULTS = ("traditional", "taiwan", "hongkong", "typo", "noise", "spacing", "case")
SPACING_FORMS = ("spaces", "halfwidth", "nopunct", "fullwidth")
ALL_FAULTS = FAULTS + SPACING_FORMS
# Faults measured on one kind of question only.
KIND_ONLY = {"case": "english"}
OPENCC_CONFIG = {"traditional": "s2t", "taiwan": "s2tw", "hongkong": "s2hk"}

NOISE_PREFIXES = ("请问裁判，", "裁判裁判，", "想问一下，", "就是说，", "裁判，想问一下，", "请问裁判，就是说，")
NOISE_PARTICLES = ("啊", "呢", "哈", "吧", "")
NOISE_ENDINGS = ("？？", "……", "，对吧？", "？")
ENGLISH_PREFIXES = ("hey judge, ", "quick question: ", "um so ", "judge judge, ")
ENGLISH_ENDINGS = ("??", "...", ", right?", "? lol")
# Full-width punctuation and its half-width form, as a phone keyboard in English mode types it.
HALF_WIDTH = {"，": ",", "。": ".", "？": "?", "！": "!", "：": ":", "；": ";", "（": "(", "）": ")", "、": ",",
              "「": '"', "」": '"', "“": '"', "”": '"', "‘": "'", "’": "'", "《": "<", "》": ">", "…": "..."}
# English verbs of the game a player may type as a term with -ing ("attacking", "moving").
ING_VERBS = ("attack", "defend", "play", "move", "draw", "discard", "recall", "kill", "destroy", "hold", "conquer",
             "channel", "exhaust", "ready", "score", "pay", "block", "burn", "deal", "target", "counter", "mulligan",
             "trigger", "activate", "resolve", "react", "buff", "spend", "shuffle", "reveal", "banish", "stun")
_HAN = "[\u3400-\u4dbf\u4e00-\u9fff]+"
# Game nouns a player may write in the plural ("units", "cards"; not deck or turn, of which a player has one), and the words before a noun that ask for the
# singular ("a unit", "each card") or make the word a verb ("I counter", "to target").
PLURAL_NOUNS = frozenset(
    "unit card spell battlefield rune token gear champion legend point ability trigger counter effect player "
    "showdown attacker defender weapon equipment creature cost buff layer keyword minion opponent phase step "
    "zone target".split())
SINGULAR_BEFORE = frozenset(
    "a an one each every this that another either neither single i you we they to can can't cannot do don't will "
    "would should must may might".split())
TYPO_MIN_FREQ = 3  # a replacement the corpus uses at least this often


def rng_for(seed: int, fault: str, text: str) -> random.Random:
    """One generator per (seed, fault, question): a question's rewrite does not depend on the others."""
    return random.Random(f"{seed}\t{fault}\t{text}")


class Perturber:
    """Rewrites questions; `conn` (the search store) gives the corpus' characters and the card names."""

    def __init__(self, conn, seed: int = SEED) -> None:
        self.conn = conn
        self.seed = seed
        self._opencc: dict = {}
        self._homophones: dict[str, list[tuple[str, int]]] | None = None
        self._names: list[str] | None = None

    def apply(self, fault: str, text: str, kind: str | None = None) -> str:
        """`text` with `fault`; the text itself when the fault cannot change it (or not for this kind)."""
        if fault not in ALL_FAULTS:
            raise ValueError(f"unknown fault {fault!r}")
        if fault in KIND_ONLY and kind is not None and kind != KIND_ONLY[fault]:
            return text
        rng = rng_for(self.seed, fault, text)
        if fault in OPENCC_CONFIG:
            return self._converter(OPENCC_CONFIG[fault]).convert(text)
        return getattr(self, "_" + fault)(text, rng)

    def _converter(self, config: str):
        if config not in self._opencc:
            import opencc

            self._opencc[config] = opencc.OpenCC(config)
        return self._opencc[config]

    # -- typo ------------------------------------------------------------------------------------------------

    def homophones(self) -> dict[str, list[tuple[str, int]]]:
        """Toneless syllable -> (character, count) of the corpus' characters read so in the corpus' own text (in
        context, as pypinyin reads a phrase: 长 of 成长 is zhang, 有 is never wei), most read first."""
        if self._homophones is None:
            from collections import Counter

            from pypinyin import Style, lazy_pinyin

            counts: Counter = Counter()
            for (norm,) in self.conn.execute("SELECT norm FROM search_docs ORDER BY id"):
                for m in re.finditer(_HAN, norm or ""):
                    syllables = lazy_pinyin(m.group(), style=Style.NORMAL, errors="ignore")
                    if len(syllables) == len(m.group()):
                        counts.update(zip(m.group(), (s.lower() for s in syllables)))
            table: dict[str, list[tuple[str, int]]] = {}
            for (ch, syllable), n in counts.items():
                if n >= TYPO_MIN_FREQ:
                    table.setdefault(syllable, []).append((ch, n))
            self._homophones = {s: sorted(v, key=lambda x: (-x[1], x[0])) for s, v in table.items()}
        return self._homophones

    def card_names(self) -> list[str]:
        """Every Chinese name of a card (the catalog's and the FAQs'), longest first."""
        if self._names is None:
            import judge.cards

            names = {c.name for c in judge.cards.all_cards()} | {c.display_name for c in judge.cards.all_cards()}
            names |= {n for row in self.conn.execute("SELECT alias, target FROM search_alias WHERE kind = 'card'")
                      for n in row}
            self._names = sorted((n for n in names if n and any(is_cjk(c) for c in n) and len(n) >= 2),
                                 key=lambda n: (-len(n), n))
        return self._names

    def protected(self, text: str) -> set[int]:
        """Positions of the characters of card names in `text`."""
        out: set[int] = set()
        for name in self.card_names():
            start = text.find(name)
            while start >= 0:
                out.update(range(start, start + len(name)))
                start = text.find(name, start + 1)
        return out

    def _typo(self, text: str, rng: random.Random) -> str:
        from pypinyin import Style, lazy_pinyin

        homophones = self.homophones()
        keep = self.protected(text)
        chars = list(text)
        choices: list[tuple[int, list[tuple[str, int]]]] = []
        for m in re.finditer(_HAN, text):
            # Read in context, as the input method reads what is typed (行 of 执行 is xing).
            syllables = lazy_pinyin(m.group(), style=Style.NORMAL, errors="ignore")
            if len(syllables) != len(m.group()):
                continue
            for offset, syllable in enumerate(syllables):
                at = m.start() + offset
                others = [(c, n) for c, n in homophones.get(syllable.lower(), []) if c != text[at]]
                if at not in keep and others:
                    choices.append((at, others))
        if not choices:
            return text
        count = 2 if len([c for c in text if is_cjk(c)]) >= 10 and len(choices) >= 2 and rng.random() < 0.5 else 1
        for at, others in sorted(rng.sample(choices, count)):
            chars[at] = rng.choices([c for c, _n in others], weights=[n for _c, n in others])[0]
        return "".join(chars)

    # -- noise -----------------------------------------------------------------------------------------------

    def _noise(self, text: str, rng: random.Random) -> str:
        body = text.strip().rstrip("?？。.!！")
        if not any(is_cjk(c) for c in text):
            return rng.choice(ENGLISH_PREFIXES) + body + rng.choice(ENGLISH_ENDINGS)
        return rng.choice(NOISE_PREFIXES) + body + rng.choice(NOISE_PARTICLES) + rng.choice(NOISE_ENDINGS)

    # -- spacing ---------------------------------------------------------------------------------------------

    def _spacing(self, text: str, rng: random.Random) -> str:
        forms = [f for f in SPACING_FORMS if getattr(self, "_" + f)(text, rng) != text]
        if not forms:
            return text
        form = rng.choice(forms)
        return getattr(self, "_" + form)(text, rng_for(self.seed, form, text))

    def _spaces(self, text: str, _rng: random.Random) -> str:
        """A space between two words (jieba's) where one of them is Chinese, as some players type a question; none
        beside a punctuation mark or inside a Latin word or number ("Quick-Draw", "+3"), and a card's name stays
        whole."""
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)
        keep = self.protected(text)
        out, at = [], 0
        for word in jieba.lcut(text):
            left = text[at - 1] if at else ""
            if left and (is_cjk(left) or is_cjk(word[0])) and _wordlike(left) and _wordlike(word[0]) and not (
                    at in keep and at - 1 in keep):
                out.append(" ")
            out.append(word)
            at += len(word)
        return "".join(out)

    def _halfwidth(self, text: str, _rng: random.Random) -> str:
        return "".join(HALF_WIDTH.get(c, c) for c in text)

    def _nopunct(self, text: str, _rng: random.Random) -> str:
        """Every punctuation mark left out: between Latin words it leaves a space ("chain, which" -> "chain which"),
        next to a Chinese character nothing; the spaces the question had stay."""
        out = []
        for i, c in enumerate(text):
            if not unicodedata.category(c).startswith("P"):
                out.append(c)
            elif not (is_cjk(text[i - 1] if i else " ") or is_cjk(text[i + 1] if i + 1 < len(text) else " ")):
                out.append(" ")
        return re.sub(r" {2,}", " ", "".join(out)).strip()

    def _fullwidth(self, text: str, _rng: random.Random) -> str:
        return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in text)

    # -- case ------------------------------------------------------------------------------------------------

    def _case(self, text: str, rng: random.Random) -> str:
        if not re.search("[A-Za-z]", text):
            return text
        forms = [f for f in (text.lower(), text.upper(), self._inflect(text, rng)) if f != text]
        return rng.choice(forms) if forms else text

    def _inflect(self, text: str, rng: random.Random) -> str:
        """One English word in another natural form: a game verb typed alone (a term of three words at most) with
        -ing ("Recalling"), else a game noun in the plural where no article or number asks for one ("the units")."""
        words = list(re.finditer(r"[A-Za-z][A-Za-z'-]*", text))
        verbs = [m for m in words[-1:] if m.group().lower() in ING_VERBS]  # "draw step" is no "drawing step"
        if verbs and len(words) <= 3:
            m = rng.choice(verbs)
            w = m.group()
            ing = (w[:-1] if w.endswith("e") and not w.endswith("ee") else w + w[-1] if w.lower() == "stun" else w) + "ing"
            return text[:m.start()] + ing + text[m.end():]
        nouns = [m for i, m in enumerate(words) if m.group().lower() in PLURAL_NOUNS
                 and (i == 0 or words[i - 1].group().lower() not in SINGULAR_BEFORE)
                 and not text[m.end():m.end() + 1].isalpha()]
        if not nouns:
            return text
        m = rng.choice(nouns)
        w = m.group()
        plural = w[:-1] + "ies" if w.endswith("y") and w[-2:-1] not in "aeiou" else w + "es" if w.endswith(
            ("sh", "ch", "x", "s")) else w + "s"
        return text[:m.start()] + plural + text[m.end():]


def _wordlike(ch: str) -> bool:
    return is_cjk(ch) or (ch.isascii() and ch.isalnum())

"""Generate tests/search_questions_fresh24.tsv: every official English rules term finds its Chinese rule.

The terms come from a copy of the official English core rules (one numbered rule per line, as the reference
folder ships it): every short heading of a rule (one to three words naming a game concept, "Step 2: Execute" read
as "Execute"), the terms a rule defines as "Term: ...", every keyword of the keyword chapter and a few concept words
the rules only use in a sentence (EXTRA). No sentence of that file goes into the set: only each term and its
number, which becomes the Chinese title or text of that node in the rule tree, its glossary term and, for keywords,
the FAQ entries that rule on the keyword (KEYWORD_FAQ, chosen by reading the FAQ). Forty questions of players of
other card games (OTHER_GAMES) are written by hand with the rules that answer them.

Each term is asked as written; about a third also in lower case; each keyword also as "what does X do",
"X keyword" and "X 是什么". A question equal to another set's question (up to punctuation and case, or exactly for
the term set) or to a drafted question the search indexes
(judge/search/data/asked/) is dropped unseen: only the count is printed.

    python tools/english_term_questions.py PATH/core-rules-v1.4-*.en.txt > /tmp/rows.tsv
"""

from __future__ import annotations

import json
import re
import sys

# Headings that name no game concept (containers, numbered sub-steps, mode variables repeated per mode).
SKIP = {
    "Golden and Silver Rules", "Game Concepts", "Playing the Game", "Additional Rules", "Everything Else",
    "Types of Actions", "Unique Rules", "A Game Object", "A Card Type", "While in the Trash", "Keyword Glossary",
    "Special Terms", "During a Chain", "During a Showdown", "Presence on Permanents", "Arithmetic", "Increases",
    "Decreases", "Turn", "Focus", "Priority", "Setup Process", "Multiple Types", "Sanctioned Modes",
    "Recycle this", "Reminder", "Number of Players", "Formation of Players", "Format", "Setup",
    "On Cards", "On Activated Abilities", "Battlefield Count", "Victory Score", "First Turn Process",
    "The Process of Play", "Playing or Activating Abilities", "Phases of the Turn", "The Steps of Combat",
}
# Defined terms kept from the first place that defines them (a mode repeats them per mode).
DEFINED_ONCE = {"Victory Score": "483.3", "Battlefield Count": "483.4", "First Turn Process": "483.7"}
# Concept words the rules use in a sentence rather than as a heading: term -> numbers of the defining rules.
EXTRA = {
    "Mulligan": ["117"], "Damage": ["142"], "Energy": ["163.1"], "Power": ["163.2"], "Priority": ["312", "311"],
    "Focus": ["313", "311"], "Standard Move": ["144"], "Turn": ["301"],
}
# FAQ entries that rule on a keyword or a term (read from the FAQ): English term -> entry ids.
KEYWORD_FAQ = {
    "Accelerate": ["C-L117"], "Action": ["C-L173", "C-L181"], "Reaction": ["C-L173", "C-L177", "C-L181"],
    "Deathknell": ["C-L604"], "Deflect": ["R-L31"], "Ganking": ["C-L75"], "Tank": ["R-L77"],
    "Hidden": ["C-L135", "C-L143", "C-L147", "C-L151", "C-L155", "C-L159", "C-L494"],
    "Legion": ["C-L129", "C-L139", "C-L718"], "Mighty": ["C-L125"], "Conquer": ["C-L33"], "Hold": ["C-L33"],
    "Standard Move": ["C-L63"],
}
# Players of other card games, in their words: query -> (numbers of the answering rules, FAQ ids).
OTHER_GAMES = [
    ("how does the stack work", ["327", "108.1"], []),
    ("tap a unit", ["414"], []),
    ("untap my units", ["415"], []),
    ("untap step", ["315.1"], []),
    ("graveyard in riftbound", ["108.2"], []),
    ("discard a card", ["422"], []),
    ("counter a spell", ["425"], []),
    ("mana cost", ["163.1", "131.2"], []),
    ("mana pool", ["165"], []),
    ("how many lands can I play per turn", ["315.3"], []),
    ("trample", ["465", "465.2.c"], []),
    ("haste", ["805"], ["C-L117"]),
    ("summoning sickness rule", ["143.4", "359.2.c", "805"], []),
    ("can I attack with a unit the turn I play it", ["143.4", "359.2.c", "805"], []),
    ("deathrattle trigger", ["808"], ["C-L604"]),
    ("taunt minion", ["815"], []),
    ("ward tax on targeting", ["809"], []),
    ("flash", ["806", "813", "159.2.a", "159.2.b"], []),
    ("instant speed", ["806", "813", "159.2.a", "159.2.b"], []),
    ("can I cast a spell during my opponent's turn", ["813", "159.2.b", "806", "159.2.a"], ["C-L173", "C-L177"]),
    ("exile", ["427", "108.6"], []),
    ("sacrifice a unit", ["428"], []),
    ("mill cards from the top of the deck", ["440"], []),
    ("what happens when my library is empty", ["431"], []),
    ("life total", ["467", "193", "483.3"], []),
    ("upkeep", ["315.2", "315.2.a"], []),
    ("end step", ["317.1", "317"], []),
    ("when do until end of turn effects wear off", ["317.2"], []),
    ("london mulligan", ["117"], []),
    ("token creature", ["179"], []),
    ("+1/+1 counter", ["701", "426", "702"], []),
    ("enters the battlefield trigger", ["382"], []),
    ("who gets priority first", ["311", "312"], []),
    ("can I respond to a spell", ["813", "327", "159.2.b"], []),
    ("does a spell fizzle if its target is gone", ["359.3.e", "359.3.e.1"], []),
    ("hexproof", ["756"], []),
    ("declare attackers step", ["459", "316.7"], []),
    ("equipment", ["818", "147"], []),
    ("maximum hand size", [], ["C-L187"]),
    ("set a trap card face down", ["811", "421"], ["C-L135"]),
]
KEYWORD_FRAMES = ("what does {} do", "{} keyword", "{} 是什么")
TERM_SET = "eval"
RULE = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.\s+(.*)$")
DEFINED = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\. ([A-Z][A-Za-z’'-]*(?: [A-Za-z’'-]+){0,2}): ")


def reference_terms(lines: list[str]) -> dict[str, list[str]]:
    """Term as written -> the numbers of the rules it heads or defines, in reference order."""
    terms: dict[str, list[str]] = {}
    for line in lines:
        m = DEFINED.match(line)
        if m:
            number, term = m.groups()
            if term not in SKIP or DEFINED_ONCE.get(term) == number:
                terms.setdefault(term, []).append(number)
            continue
        m = RULE.match(line)
        if not m:
            continue
        number, text = m.groups()
        text = re.sub(r"^Step \d+: ", "", text)
        if text.endswith((".", ":", ",")) or re.match(r"^[\d*]", text) and "(" not in text:
            continue
        if re.search(r"\d", text) and "(" not in text:
            continue
        if len(text.replace("(", " ").split()) > 3 or text in SKIP:
            continue
        terms.setdefault(text, []).append(number)
    for term, numbers in EXTRA.items():
        terms.setdefault(term, []).extend(n for n in numbers if n not in terms.get(term, []))
    return terms


def keywords(lines: list[str]) -> list[str]:
    """The keywords of the keyword chapter (805-829, the rules after the keyword glossary heading)."""
    found = []
    for line in lines:
        m = RULE.match(line)
        if m and re.fullmatch(r"8[0-2]\d", m.group(1)) and int(m.group(1)) > 804:
            found.append(m.group(2).strip())
    return found


def key(term: str) -> str:
    """"The Chain", "Chains" and "chain" are one term."""
    t = re.sub(r"^the ", "", term.lower())
    return re.sub(r"(?<=[a-z])(es|s)$", "", t) if not t.endswith("ss") else t


class Tree:
    def __init__(self):
        from judge import Rulebook
        from judge.search.store import connect

        self.book = Rulebook()
        self.docs = [{"kind": k, "title": t, "text": x, "number": n, "examples": json.loads(e or "[]")}
                     for k, t, x, n, e in connect().execute("SELECT kind, title, text, number, examples FROM search_docs")]
        self.glossary = self.book.glossary()

    def resolves_only(self, target: str, number: str | None = None) -> bool:
        from judge.search.evaluation import relevant

        hits = [d for d in self.docs if relevant(d, target)]
        return bool(hits) and (number is None or all(d["number"] == number for d in hits))

    def node_target(self, number: str) -> str | None:
        """The node by its Chinese title, else by a distinctive stretch of its text (or its first child's)."""
        from judge.rules.drafted import strip_mark

        rule = self.book.get(number)
        if rule is None:
            return None
        if rule.title:
            return "rt:" + strip_mark(rule.title).strip()
        for node in [rule] + self.book.children(number):
            text = (node.text or "").strip()
            for size in (12, 16, 20, 26, 34, len(text)):
                snippet = text[:size]
                if snippet and self.resolves_only("r:" + snippet, node.number):
                    return "r:" + snippet
        return None

    def glossary_targets(self, term: str) -> list[str]:
        k = key(term)
        out = []
        for t in self.glossary:
            names = [t.english] + [a for a, kind in t.aliases if kind == "english"]
            if any(key(n) == k for n in names if n):
                out.append("g:" + t.term)
        return out

    def faq_target(self, entry: str) -> str:
        question = re.sub(r"\s+", "", self.book.faq(entry).question or "")
        from judge.search.evaluation import relevant

        for size in (12, 16, 20, 30, len(question)):
            if sum(1 for d in self.docs if relevant(d, "f:" + question[:size])) == 1:
                return "f:" + question[:size]
        return "f:" + question


def other_sets_keys() -> tuple[set[str], set[str]]:
    """Every other set's questions as the sharing test compares them: exactly (term set) and up to words."""
    from judge.search import evaluation

    exact, words = set(), set()
    for name, (path, _) in evaluation.SETS.items():
        if name == "fresh24":
            continue
        for case in evaluation.load(path):
            (exact if name == TERM_SET else words).add(case.query if name == TERM_SET else same_words(case.query))
    return exact, words


def drafted_keys() -> set[str]:
    """The drafted questions the search indexes (judge/search/data/asked/), as tools/asked_clean.py compares them:
    an evaluation question may not equal one (it would be found by its copy)."""
    from judge.search.data_files import read_asked

    return {asked_key(r.question) for r in read_asked()}


def asked_key(text: str) -> str:
    from judge.search.text import norm_text

    return norm_text(text).rstrip("?？!！。.")


def same_words(query: str) -> str:
    return re.sub(r"[\s\W_]+", "", query).lower()


def build(reference: str) -> tuple[list[tuple[str, str, list[str], str]], int, dict]:
    lines = open(reference, encoding="utf-8").read().splitlines()
    tree = Tree()
    terms = reference_terms(lines)
    kws = keywords(lines)
    exact, words = other_sets_keys()

    def free(query: str) -> bool:
        return query not in exact and same_words(query) not in words
    by_key: dict[str, list[str]] = {}
    for term, numbers in terms.items():
        by_key.setdefault(key(term), [])
        by_key[key(term)] += [n for n in numbers if n not in by_key[key(term)]]

    def targets_for(term: str, numbers: list[str]) -> list[str]:
        out = [t for n in numbers if (t := tree.node_target(n))]
        out += tree.glossary_targets(term)
        out += [tree.faq_target(e) for e in KEYWORD_FAQ.get(term, [])]
        return list(dict.fromkeys(out))

    rows = []
    for i, term in enumerate(terms):
        numbers = by_key[key(term)]
        targets = targets_for(term, numbers)
        if not targets:
            continue
        note = ",".join(numbers)
        queries = [term]
        if i % 3 == 0 and term.lower() != term:
            queries.append(term.lower())
        if term in kws:
            queries += [frame.format(term) for frame in KEYWORD_FRAMES]
        if not any(free(q) for q in queries):
            queries.append(f"{term} rule")  # the term alone is another set's question: asked as "X rule"
        rows += [("english", q, targets, note) for q in queries]
    for query, numbers, faqs in OTHER_GAMES:
        targets = [t for n in numbers if (t := tree.node_target(n))] + [tree.faq_target(e) for e in faqs]
        rows.append(("english", query, list(dict.fromkeys(targets)), ",".join(numbers + faqs)))
    drafted = drafted_keys()
    kept = [r for r in rows if free(r[1])]
    after_drafted = [r for r in kept if asked_key(r[1]) not in drafted]
    counts_drafted = len(kept) - len(after_drafted)
    kept = after_drafted
    seen, unique = set(), []
    for r in kept:
        if r[1] not in seen:
            seen.add(r[1])
            unique.append(r)
    counts = {"terms": len(terms), "keywords": len(kws), "other_games": len(OTHER_GAMES),
              "generated": len(rows), "dropped_as_other_sets": len(rows) - len(kept) - counts_drafted,
              "dropped_as_drafted_questions": counts_drafted}
    return unique, len(rows) - len(kept), counts


def main(argv: list[str]) -> int:
    rows, _, counts = build(argv[1])
    for kind, query, targets, note in rows:
        print(f"{kind}\t{query}\t{' || '.join(targets)}\t{note}")
    print(json.dumps(counts | {"rows": len(rows)}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

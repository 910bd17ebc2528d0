"""The statuses a reviewed FAQ ruling can have (judge/rules/data/faq_status.tsv): names, Chinese labels, order.

A leaf with no imports: the search, `judge rule`, the cards and the trace show a ruling's status on their cold
paths, while reading and checking the reviewed file (judge.rules.faq_status) is work of the build.
"""

VALID = "valid"
SUPERSEDED = "superseded"
DISPUTED = "disputed"
# The ruling's stated result still holds under the current rules; its reasoning, a timing detail or one
# part of it was replaced by its rule. The rule is still what governs: the engine follows and cites it.
PARTLY_SUPERSEDED = "partly_superseded"
STATUSES = (VALID, SUPERSEDED, DISPUTED, PARTLY_SUPERSEDED)
STATUS_LABELS = {VALID: "有效", SUPERSEDED: "已被取代", DISPUTED: "有争议", PARTLY_SUPERSEDED: "部分被取代（结论仍成立）"}

# Replaced by a current rule, wholly or in part: the search ranks both alike (a partly superseded ruling exactly
# as a superseded one), and both carry the replacing rule in superseded_by. Only a superseded ruling, whose result
# no longer holds, is shown after its rule (judge.search.arrange).
SUPERSEDED_STATUSES = frozenset((SUPERSEDED, PARTLY_SUPERSEDED))
# How the rulings about one card are listed (judge card, the site's card pages): those no rule replaced
# (valid, then disputed, which stand as written and are flagged), then those a rule replaced, the partly
# superseded first (their result still holds), the superseded last.
STATUS_ORDER = {VALID: 0, DISPUTED: 1, PARTLY_SUPERSEDED: 2, SUPERSEDED: 3}
# The word before the rule a status names: the rule that replaced (part of) it, or the rule in question.
RULE_WORDS = {SUPERSEDED: "现行规则", PARTLY_SUPERSEDED: "现行规则", DISPUTED: "相关规则"}


def inline_label(status: str) -> str:
    """A status's label where it stands inside parentheses itself: "部分被取代，结论仍成立"."""
    return STATUS_LABELS.get(status, status).replace("（", "，").replace("）", "")

"""The store builds from the shipped corpus and answers the basic lookups."""

from judge.rules import CURRENT_VERSION, lookup
from judge.store import open_store


def test_store_opens_and_cited_heading_resolves():
    conn = open_store()
    assert lookup.current_version(conn) == CURRENT_VERSION
    rule = lookup.get_rule(conn, "规则 349.打出卡牌")
    # 349 is stated by the shipped numbering map (official); the text cites it by the same title.
    assert rule["number"] == "349" and rule["title"] == "打出卡牌" and rule["number_source"] == "official"


def test_absent_section_is_a_node_with_citations():
    conn = open_store()
    rule = lookup.get_rule(conn, "459")
    assert rule["number_source"] == "absent" and rule["title"] == "战斗" and rule["text"] == ""
    assert lookup.refs_in(conn, rule["id"])

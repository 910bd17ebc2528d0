"""The Keyword part: a registered keyword names itself (id, Chinese spellings, English aliases,
rule) and implements the hooks of the procedures it changes. Every hook has a do-nothing default,
so a keyword overrides only what it affects (the model is python-chess's `variant.py`: one class
per variant, named hooks, aliases on the class)."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry

# Damage-assignment groups (465.2.c): lower groups take lethal damage first.
FIRST, PLAIN, LAST = 0, 1, 2


class Keyword(Entry):
    rule = "800"
    numbered = False  # a value may follow the keyword ([强攻 2]); instances add up, default 1

    # --- layers: Might while on the board
    def might_bonus(self, game, o, n: int) -> int:
        return 0

    # --- combat damage assignment (465.2.c): FIRST / LAST, or None (no say)
    def assignment_group(self, o, n: int) -> int | None:
        return None

    # --- movement: may a standard move go battlefield to battlefield? (810)
    def moves_between_battlefields(self, o, n: int) -> bool:
        return False

    # --- timing: the permission the keyword grants ("action" / "reaction"), or None
    def timing(self, game, card, n: int, from_facedown: bool) -> str | None:
        return None

    # --- playing to a location the player may not normally choose (355.2.b; 822 Ambush): may the
    # card be played to the battlefield `bid` (the rule that allows it, or None), and the timing
    # permission it has while played to `dest`
    def may_play_to(self, game, player: str, card, bid: str, n: int) -> str | None:
        return None

    def timing_to(self, game, player: str, card, dest: str | None, n: int) -> str | None:
        return None

    # --- playing a card from outside its owner's hand: a PlayOrigin when the keyword lets this
    # card be played from where it is (raising IllegalAction when it may not be now), else None
    def play_origin(self, game, player: str, card, n: int) -> "PlayOrigin | None":
        return None

    # --- a discretionary action the keyword gives its player (811.1.c: Hide); True when handled
    def discretionary_action(self, game, player: str, verb: str, args: dict) -> bool:
        return False

    # --- activated abilities the keyword gives the object (818: Equip)
    def activated(self, o, n: int):
        return None

    # --- playing a card: an additional cost the player chose (args), as (energy, power, label, symbols)
    def play_cost(self, card, n: int, args: dict):
        return None

    # --- resolving a card played with this keyword's optional additional cost paid (ChainItem.paid)
    paid_enters_ready = False  # the unit enters ready instead of exhausted (805.6)
    paid_rule = ""  # the rule cited for what the payment does

    def paid_extra_runs(self, n: int) -> int:
        """How many more times the instructions run (820.1.d.1)."""
        return 0

    # --- choosing targets: extra power an opponent's spell or ability pays for this object (809)
    def targeted_power(self, n: int) -> int:
        return 0

    # --- triggered abilities the keyword stands for (823 Hunt: "when I conquer or hold …"), as
    # judge.engine.cards.Trigger values matched like the card's own triggers
    def triggers(self, o, n: int) -> list:
        return []

    # --- events
    def on_enter(self, game, o, n: int) -> None:
        """The permanent entered the board as its play resolved."""

    def on_played(self, game, o, n: int) -> None:
        """The unit was played (after it entered the board)."""

    def at_beginning_phase(self, game, player: str) -> None:
        """The player's beginning phase starts (called once per registered keyword)."""

    def after_xp_gain(self, game, player: str, before: int) -> None:
        """The player's XP rose from `before` (called once per registered keyword)."""

    # --- death (808.1.d): the unit has lethal damage in cleanup, is about to be put in the trash
    # (its "when I die" items, recorded before it moves), or its death was replaced
    def on_lethal(self, game, o, n: int) -> None:
        pass

    def death_triggers(self, game, o, n: int) -> list:
        return []

    def on_death_replaced(self, game, o, n: int) -> None:
        pass


class PlayOrigin:
    """A zone other than the hand a keyword lets a card be played from (811: facedown at a
    battlefield). The playing procedure asks it; each default leaves the normal play unchanged."""

    at: str | None = None  # the battlefield the play is tied to
    timing: str | None = None  # the permission playing from here grants
    base_cost_note: str | None = None  # set when the base cost is ignored (shown in the cost step)
    rule = "349"
    destination_rule = "355.2"  # cited for the location chosen in step 2

    def destination(self, game, card, dest: str | None) -> str | None:
        """The permanent's location, or None to choose it as usual."""
        return None

    def check_targets(self, game, targets: list) -> None:
        pass

    def leave(self, game, card) -> None:
        """Take the card out of the zone as it moves to the chain."""


KEYWORDS: Registry[Keyword] = Registry("关键词")


def on(o, game=None):
    """(keyword, value) for every registered keyword the object has, in registration order; with the
    game, also those static abilities on the board give it (477.2.a)."""
    granted = None
    if game is not None and o.zone == "board":
        from judge.engine.statics import granted_keywords

        granted = granted_keywords(game, o)
    if not o.keywords and not o.card.keywords and not any(m.keyword for m in o.modifiers) and not granted:
        return
    # Only a keyword one of these names can have a value (GameObject.has adds them up); asked in
    # registration order, as going through the whole registry would.
    named = {*o.keywords, *o.card.keywords, *(granted or ()), *(m.keyword for m in o.modifiers if m.keyword)}
    rank = KEYWORDS.derived("rank", _rank)
    for kid in sorted((k for k in named if k in rank), key=rank.__getitem__):
        n = o.has(kid, granted=granted)
        if n:
            yield KEYWORDS[kid], n


def _rank(keywords) -> dict[str, int]:
    """Each keyword's registration index."""
    return {kw.id: i for i, kw in enumerate(keywords)}

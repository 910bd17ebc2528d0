"""狩猎 Hunt X (823): a triggered keyword, both a conquer and a hold effect (823.1.b): each time the
unit conquers or holds, its controller gains X XP (823.1.c.1; X defaults to 1, 823.1.c.2). Granted
instances add their values (823.2), so the unit has one conquer and one hold trigger gaining the summed value."""

from __future__ import annotations

from judge.engine.cards import Effect, Trigger
from judge.engine.keywords.base import Keyword


class Hunt(Keyword):
    id, zh, aliases, rule, numbered = "hunt", ("狩猎",), ("hunt",), "823", True

    def triggers(self, o, n):
        gain = Effect("gain_xp", amount=n)
        return [Trigger("i_conquer", gain, keyword=self.id), Trigger("i_hold", gain, keyword=self.id)]

"""Registries: named parts the engine is built from (keywords, effects, trigger events, static
abilities), each entry with an English id, its Chinese spellings (the first is the display name),
English aliases, the deepest rule that defines it, and the hooks it implements.

Procedures ask a registry ("every keyword on this unit: your Might bonus?") instead of calling
modules by name, so a new part is one module and one registration. The scenario language reads
the same registries to recognise the words."""

from __future__ import annotations

from types import GenericAlias

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (not needed on a cold `judge run`)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TypeVar

    T = TypeVar("T")


class Entry:
    """Base of every registered part; subclasses set the class attributes and override hooks."""

    id: str = ""
    zh: tuple[str, ...] = ()  # Chinese spellings; zh[0] is shown to users
    aliases: tuple[str, ...] = ()  # English spellings accepted in scenario files (lower case)
    rule: str = ""

    @property
    def display(self) -> str:
        return self.zh[0] if self.zh else self.id

    def words(self) -> tuple[str, ...]:
        return self.zh + self.aliases + (self.id,)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.display} ({self.rule})>"

    def __deepcopy__(self, memo) -> "Entry":
        return self  # a registered part is one shared definition, also in a copied game (Game.copy)


if TYPE_CHECKING:
    E = TypeVar("E", bound=Entry)


class Registry:
    """Entries in registration order, found by id or by any spelling (English case-insensitive)."""

    __class_getitem__ = classmethod(GenericAlias)  # Registry[Keyword] names its kind of entry, as list[int] does

    def __init__(self, what: str):
        self.what = what  # Chinese name of the kind of part, for errors
        self._by_id: dict[str, E] = {}
        self._by_word: dict[str, E] = {}
        self._derived: dict[str, object] = {}  # derived(): what callers work out from the entries

    def register(self, entry: E) -> E:
        if not entry.id or entry.id in self._by_id:
            raise ValueError(f"{self.what}: id {entry.id!r} missing or already registered")
        for w in entry.words():
            key = w.lower()
            if key in self._by_word and self._by_word[key] is not entry:
                raise ValueError(f"{self.what}: spelling {w!r} already names {self._by_word[key].id}")
        self._by_id[entry.id] = entry
        for w in entry.words():
            self._by_word[w.lower()] = entry
        self._derived.clear()
        return entry

    def unregister(self, entry_id: str) -> None:
        entry = self._by_id.pop(entry_id)
        for w in entry.words():
            self._by_word.pop(w.lower(), None)
        self._derived.clear()

    def derived(self, name: str, make: Callable[[Registry], T]) -> T:
        """`make(self)`, worked out once and kept until an entry comes or goes (an index over the entries that a
        hot path asks for). Callers only read what it returns."""
        found = self._derived.get(name)
        if found is None:
            found = self._derived[name] = make(self)
        return found

    def __getitem__(self, entry_id: str) -> E:
        return self._by_id[entry_id]

    def get(self, entry_id: str) -> E | None:
        return self._by_id.get(entry_id)

    def lookup(self, word: str) -> E | None:
        """The entry a scenario word names (a Chinese spelling, an English alias or the id)."""
        return self._by_word.get(word.lower())

    def spellings(self) -> dict[str, str]:
        """word -> id for every spelling (for suggestions and documentation)."""
        return {w: e.id for e in self._by_id.values() for w in e.words()}

    def __iter__(self) -> Iterator[E]:
        return iter(list(self._by_id.values()))

    def __contains__(self, entry_id: str) -> bool:
        return entry_id in self._by_id

    def __len__(self) -> int:
        return len(self._by_id)

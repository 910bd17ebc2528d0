"""Abilities (360): triggered (382), replacement (367). Passive Might auras are in layers (363)."""

"""The rule tree: numbering recovery, cross-references, versions, and the lookup API."""

# The version the tree is built from and lookups default to.
CURRENT_VERSION = "2026-07-17"

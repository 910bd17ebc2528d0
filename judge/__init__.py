"""riftbound-judge: rules-judge reference and query tool for Riftbound (《符文战场》)."""

__version__ = "0.1.0"

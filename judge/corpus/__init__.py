"""Reading the source documents of rules_corpus/ and undoing PDF extraction artifacts."""

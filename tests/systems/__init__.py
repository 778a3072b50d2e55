"""The conformance kit: the same checks on every registered rule system."""

"""Pure folds of events into state."""

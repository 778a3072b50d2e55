"""The pure domain: events, the encounter and campaign aggregates, dice, and one
package per rule system (no I/O, no clock, no random source)."""

"""Duel: a tiny rule system kept outside battletape, to prove that a system is one
package (issue 21). Two combatants or more strike and guard; nothing else."""

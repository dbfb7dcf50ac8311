"""Play at the table: rolls, their readings, and a character in play (condition, uses, log)."""

"""Where progress lives: the answers database (SQLite or PostgreSQL), the learner's
signed-cookie identity, and statistics over a learner's history."""

# wrong: pg_advisory_xact_lock serialises claims (waits for the other worker)
def claim_sql():
    return [
        "SELECT pg_advisory_xact_lock(42)",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"
]

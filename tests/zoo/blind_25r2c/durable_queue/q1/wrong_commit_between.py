# wrong: COMMIT between SELECT and UPDATE (the lock is released)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "COMMIT",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"
]

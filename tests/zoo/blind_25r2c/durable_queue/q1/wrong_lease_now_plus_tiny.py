# wrong: visible_at = :now + 0.001 (the lease ends almost at once)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :now + 0.001 WHERE id = :id",
        "COMMIT"
]

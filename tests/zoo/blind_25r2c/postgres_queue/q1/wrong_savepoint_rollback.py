# wrong: SAVEPOINT, claim, ROLLBACK TO SAVEPOINT (undoes the claim)
def claim_sql():
    return [
        "SAVEPOINT s",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "ROLLBACK TO SAVEPOINT s"
]

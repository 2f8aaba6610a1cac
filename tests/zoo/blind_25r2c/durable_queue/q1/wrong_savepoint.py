# wrong: SAVEPOINT/RELEASE is a deferred transaction
def claim_sql():
    return [
        "SAVEPOINT c",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "RELEASE c"
]

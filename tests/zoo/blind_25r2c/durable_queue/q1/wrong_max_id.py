# wrong: SELECT MAX(id) (newest first)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT MAX(id) FROM jobs WHERE done = 0 AND visible_at <= :now",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

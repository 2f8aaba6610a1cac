# wrong: forgets done = 0
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

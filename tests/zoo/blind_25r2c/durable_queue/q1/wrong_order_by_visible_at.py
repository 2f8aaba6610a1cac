# wrong: oldest by visible_at, not lowest id
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY visible_at LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

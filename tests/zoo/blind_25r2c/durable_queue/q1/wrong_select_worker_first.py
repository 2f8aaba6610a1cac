# wrong: SELECT worker, id: :id is the first column
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT worker, id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

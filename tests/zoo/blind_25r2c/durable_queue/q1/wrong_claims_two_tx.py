# wrong: claims two jobs under BEGIN IMMEDIATE, returns the first
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id IN (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 2)",
        "COMMIT"
]

# wrong: claiming sets done = 1, a crashed worker's job never comes back
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until, done = 1 WHERE id = :id",
        "COMMIT"
]

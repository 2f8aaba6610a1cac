# wrong: visible_at = :until + 1000 (a lease far longer than asked)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until + 1000 WHERE id = :id",
        "COMMIT"
]

# wrong: visible_at = (:now + :until) / 2 (half the lease asked for)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = (:now + :until) / 2 WHERE id = :id",
        "COMMIT"
]

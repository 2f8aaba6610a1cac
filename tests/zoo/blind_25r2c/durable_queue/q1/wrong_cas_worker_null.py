# wrong: CAS on worker IS NULL, expired leases never come back
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND worker IS NULL RETURNING id"
]

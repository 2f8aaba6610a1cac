# wrong: SELECT without lock, UPDATE with SKIP LOCKED re-select by :id
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE id = :id FOR UPDATE SKIP LOCKED) RETURNING id"
]

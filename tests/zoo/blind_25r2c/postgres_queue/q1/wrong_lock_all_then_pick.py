# wrong: locks all free rows (no LIMIT), then takes the first: the other worker gets nothing
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id FOR UPDATE SKIP LOCKED",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"
]

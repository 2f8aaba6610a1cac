# wrong: LOCK TABLE jobs (every worker waits)
def claim_sql():
    return [
        "LOCK TABLE jobs IN EXCLUSIVE MODE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"
]

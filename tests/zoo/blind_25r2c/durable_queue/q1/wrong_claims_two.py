# wrong: claims the two oldest free jobs at once but believes it got one
def claim_sql():
    return [
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id IN (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 2) RETURNING id"
]

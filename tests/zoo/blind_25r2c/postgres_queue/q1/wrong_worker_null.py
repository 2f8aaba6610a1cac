# wrong: free means worker IS NULL (expired leases never come back)
def claim_sql():
    return [
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND worker IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id"
]

# wrong: SELECT ... FOR SHARE SKIP LOCKED, then UPDATE (a shared lock does not exclude the other claim)
def claim_sql():
    return ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR SHARE SKIP LOCKED",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"]

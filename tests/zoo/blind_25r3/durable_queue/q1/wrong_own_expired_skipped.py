# wrong: never re-takes a job whose expired lease is its own (worker IS NOT :worker)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now AND worker IS NOT :worker ORDER BY id LIMIT 1) RETURNING id"]

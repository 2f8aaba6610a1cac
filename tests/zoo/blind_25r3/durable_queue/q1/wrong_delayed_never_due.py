# wrong: a job nobody took is free only when visible_at = 0 (a delayed job that came due is never claimed)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT min(id) FROM jobs WHERE done = 0 AND ((worker IS NULL AND visible_at = 0) OR (worker IS NOT NULL AND visible_at <= :now))) RETURNING id"]

# wrong: an unleased job due before my lease ends (run_at <= :until) is taken early
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT min(id) FROM jobs WHERE done = 0 AND ((worker IS NULL AND visible_at <= :until) OR visible_at <= :now)) RETURNING id"]

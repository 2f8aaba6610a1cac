# wrong: a job nobody leased is free whatever its visible_at (a delayed job is taken early)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND (worker IS NULL OR visible_at <= :now) ORDER BY id LIMIT 1) RETURNING id"]

# WRONG: SELECT (no lock), UPDATE with free recheck, RETURNING (may end with nothing though a job is free)
def claim_sql():
    return [
        'SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1',
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND done = 0 AND visible_at <= :now RETURNING id',
    ]

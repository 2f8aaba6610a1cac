# WRONG: no ORDER BY
def claim_sql():
    return [
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id',
    ]

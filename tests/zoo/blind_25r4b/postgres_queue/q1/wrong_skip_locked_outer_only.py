# WRONG: lock on the outer statement only (UPDATE takes whatever; subquery unlocked)
def claim_sql():
    return [
        'SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1',
        'SELECT id FROM jobs WHERE id = :id FOR UPDATE SKIP LOCKED',
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id RETURNING id',
    ]

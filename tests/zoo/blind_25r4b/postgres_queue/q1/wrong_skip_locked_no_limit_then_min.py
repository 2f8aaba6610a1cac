# WRONG: locks ALL free rows (no LIMIT), takes the min (over-locks, a second worker gets nothing)
def claim_sql():
    return [
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT MIN(id) FROM (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now FOR UPDATE SKIP LOCKED) s) RETURNING id',
    ]

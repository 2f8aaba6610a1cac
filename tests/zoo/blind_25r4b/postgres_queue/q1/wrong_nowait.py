# WRONG: FOR UPDATE NOWAIT (errors instead of skipping)
def claim_sql():
    return [
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE NOWAIT) RETURNING id',
    ]

# WRONG: locks the row, but UPDATE picks the oldest free again (not by :id)
def claim_sql():
    return [
        'SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT MIN(id) FROM jobs WHERE done = 0 AND visible_at <= :now) RETURNING id',
    ]

# WRONG: SELECT then UPDATE by id, no lock
def claim_sql():
    return [
        'SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1',
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id',
    ]

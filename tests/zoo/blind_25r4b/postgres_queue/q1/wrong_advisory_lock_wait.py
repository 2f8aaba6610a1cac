# WRONG: serialises with a blocking advisory lock (waits)
def claim_sql():
    return [
        'SELECT pg_advisory_xact_lock(42)',
        'UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 ) RETURNING id',
    ]

# RIGHT: CTE with FOR NO KEY UPDATE SKIP LOCKED
def claim_sql():
    return [
        'WITH c AS (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED) UPDATE jobs j SET worker = :worker, visible_at = :until FROM c WHERE j.id = c.id RETURNING j.id',
    ]

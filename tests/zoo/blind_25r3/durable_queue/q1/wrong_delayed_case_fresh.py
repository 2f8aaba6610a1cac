# wrong: CASE: a fresh job (no worker) is always free, a leased one when its lease ran out
def claim_sql():
    return ["BEGIN IMMEDIATE",
            "SELECT id FROM jobs WHERE done = 0 AND CASE WHEN worker IS NULL THEN 1 ELSE visible_at <= :now END ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "COMMIT"]

# wrong: derives now from the lease end and a lease length of 5 (:until - 5)
def claim_sql():
    return ["BEGIN IMMEDIATE",
            "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :until - 5 ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "COMMIT"]

# right: CTE with FOR UPDATE SKIP LOCKED (materialised, runs once) joined in the UPDATE
def claim_sql():
    return [
        """WITH pick AS MATERIALIZED (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) UPDATE jobs SET worker = :worker, visible_at = :until FROM pick WHERE jobs.id = pick.id RETURNING jobs.id""",
    ]

# wrong (planner-dependent): the locking subquery joined in FROM; notebook pitfall: may lease every ready job
def claim_sql():
    return [
        """UPDATE jobs j SET worker = :worker, visible_at = :until FROM (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) pick WHERE j.id = pick.id RETURNING j.id""",
    ]

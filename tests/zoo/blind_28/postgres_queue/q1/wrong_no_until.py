# wrong: sets the worker but not visible_at = :until, so the job stays free after COMMIT
def claim_sql():
    return [
        """UPDATE jobs SET worker = :worker WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id""",
    ]

# wrong: claiming marks the job done = 1 instead of leasing it until :until
def claim_sql():
    return [
        """UPDATE jobs SET worker = :worker, done = 1 WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id""",
    ]

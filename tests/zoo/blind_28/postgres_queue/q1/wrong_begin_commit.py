# wrong: writes BEGIN and COMMIT itself; statement: 'do not write BEGIN or COMMIT yourself'
def claim_sql():
    return [
        """BEGIN""",
        """UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id""",
        """COMMIT""",
    ]

# wrong: SELECT FOR UPDATE SKIP LOCKED without LIMIT locks every free row, so B gets nothing; statement: 'B ... gets job 2, not nothing'
def claim_sql():
    return [
        """SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id FOR UPDATE SKIP LOCKED""",
        """UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id""",
    ]

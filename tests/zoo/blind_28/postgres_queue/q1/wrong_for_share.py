# wrong: FOR SHARE SKIP LOCKED: both share-lock the same row, then their UPDATEs wait on each other
def claim_sql():
    return [
        """SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR SHARE SKIP LOCKED""",
        """UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id""",
    ]

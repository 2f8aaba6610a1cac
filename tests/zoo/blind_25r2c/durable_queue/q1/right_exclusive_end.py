# right: BEGIN EXCLUSIVE (same as IMMEDIATE in WAL) and END
def claim_sql():
    return [
        "BEGIN EXCLUSIVE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "END"
]

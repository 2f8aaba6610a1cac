# right: SELECT MIN(id) (NULL row when none), rowid
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT MIN(rowid) FROM jobs WHERE done = 0 AND visible_at <= :now",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT TRANSACTION"
]

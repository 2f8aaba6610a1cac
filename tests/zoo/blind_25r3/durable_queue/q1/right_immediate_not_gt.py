# right: BEGIN IMMEDIATE, free written as NOT (visible_at > :now), COMMIT spelled END TRANSACTION
def claim_sql():
    return ["BEGIN IMMEDIATE TRANSACTION",
            "SELECT id FROM jobs WHERE done IS 0 AND NOT (visible_at > :now) ORDER BY id ASC LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "END TRANSACTION"]

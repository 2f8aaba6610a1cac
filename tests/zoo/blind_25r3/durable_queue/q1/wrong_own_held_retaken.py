# wrong: a job of mine is mine again, even while my lease on it still runs (visible_at <= :now OR worker = :worker)
def claim_sql():
    return ["BEGIN IMMEDIATE",
            "SELECT min(id) FROM jobs WHERE done = 0 AND (visible_at <= :now OR worker = :worker)",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "COMMIT"]

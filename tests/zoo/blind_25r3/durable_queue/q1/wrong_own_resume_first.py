# wrong: first resumes a job it still holds (keeps its own live lease), else claims the oldest free one
def claim_sql():
    return ["BEGIN IMMEDIATE",
            "SELECT coalesce((SELECT min(id) FROM jobs WHERE done = 0 AND worker = :worker AND visible_at > :now), (SELECT min(id) FROM jobs WHERE done = 0 AND visible_at <= :now))",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "COMMIT"]

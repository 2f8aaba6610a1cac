# wrong: my own row already names me, so the UPDATE skips it: my expired lease is not renewed (visible_at stays in the past)
def claim_sql():
    return ["BEGIN IMMEDIATE",
            "SELECT min(id) FROM jobs WHERE done = 0 AND visible_at <= :now",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND worker IS NOT :worker",
            "COMMIT"]

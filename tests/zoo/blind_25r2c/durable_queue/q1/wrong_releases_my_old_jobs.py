# wrong: first frees every other job this worker holds (visible_at = 0)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "UPDATE jobs SET visible_at = 0 WHERE worker = :worker AND done = 0",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

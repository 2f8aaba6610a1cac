# wrong: visible_at = NULL while held (NULL <= :now is never true: the job never comes back)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = NULL WHERE id = :id",
        "COMMIT"
]

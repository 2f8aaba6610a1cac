# wrong: forgets to set worker
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET visible_at = :until WHERE id = :id",
        "COMMIT"
]

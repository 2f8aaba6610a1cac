# wrong: CAS where the SELECT uses < :now (one tick late) and the CAS <=
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at < :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND done = 0 AND visible_at <= :now RETURNING id"
]

# wrong: compares visible_at with :until (wrong time base), takes held leases
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :until ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "COMMIT"
]

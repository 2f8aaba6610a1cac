# wrong: SELECT by :now, but the compare-and-set re-checks the lease by SQLite's clock (julianday)
def claim_sql():
    return ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND done = 0 AND visible_at <= min(:now, (julianday('now') - 2440587.5) * 86400) RETURNING id"]

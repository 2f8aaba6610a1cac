# wrong: free by the earlier of :now and SQLite's own clock (two clocks compared)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= min(:now, unixepoch()) ORDER BY id LIMIT 1) RETURNING id"]

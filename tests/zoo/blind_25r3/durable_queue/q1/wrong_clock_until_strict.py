# wrong: compares visible_at with the new lease end (< :until), not with :now
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at < :until ORDER BY id LIMIT 1) RETURNING id"]

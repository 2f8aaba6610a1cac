# wrong: prefers the other workers expired jobs to its own (ORDER BY worker = :worker, id)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY worker IS :worker, id LIMIT 1) RETURNING id"]

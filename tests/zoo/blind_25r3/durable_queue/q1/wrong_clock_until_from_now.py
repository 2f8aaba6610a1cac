# wrong: writes the lease end as :now + 5 (a fixed lease length), not :until
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :now + 5 WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1) RETURNING id"]

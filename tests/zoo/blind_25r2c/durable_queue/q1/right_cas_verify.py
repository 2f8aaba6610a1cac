# right: compare-and-set without RETURNING, then re-read my row
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND done = 0 AND visible_at <= :now",
        "SELECT id FROM jobs WHERE id = :id AND worker = :worker AND visible_at = :until"
]

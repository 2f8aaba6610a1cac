# wrong: also pushes every expired-but-unclaimed lease (free jobs nobody locked) to :until, hiding them
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "UPDATE jobs SET visible_at = :until WHERE id IN (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now AND id <> coalesce(:id, -1) AND worker IS NOT NULL FOR UPDATE SKIP LOCKED)"
]

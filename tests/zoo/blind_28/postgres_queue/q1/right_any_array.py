# right: = ANY(ARRAY(subquery)) initplan, evaluated once, lowercase SQL
def claim_sql():
    return [
        """update jobs set visible_at = :until, worker = :worker where id = any(array(select id from jobs where visible_at <= :now and done = 0 order by id limit 1 for update skip locked)) returning id""",
    ]

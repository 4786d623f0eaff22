-- Exact counters for the admin figures (docs/decisions/0004-admin-counters.md): triggers keep
-- stats_totals and stats_daily equal to count(*) of users, consultas and logs, per scope, whatever
-- code writes those tables. Scope 0 is the whole panel; a user's other scope is their responsible
-- (revendedor_id), or -1 without one. Lookups and log entries add to shards 0-15 (by backend), so
-- concurrent lookups do not queue on one row; everything else (users, deletes, moves) uses shards
-- 16-31, so it never holds a row a lookup is waiting for.

CREATE FUNCTION stats_day(ts timestamptz) RETURNS date
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT (ts AT TIME ZONE 'America/Sao_Paulo')::date $$;
--> statement-breakpoint
CREATE FUNCTION stats_shard(correction boolean) RETURNS smallint
  LANGUAGE sql VOLATILE
  AS $$ SELECT (pg_backend_pid() % 16 + CASE WHEN correction THEN 16 ELSE 0 END)::smallint $$;
--> statement-breakpoint
-- Adds (or, with negative n, removes) amounts; one statement per table, rows in key order.
CREATE FUNCTION stats_apply(totals jsonb, daily jsonb, p_shard smallint) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF totals IS NOT NULL AND jsonb_array_length(totals) > 0 THEN
    INSERT INTO stats_totals AS t (scope_id, metric, shard, n)
    SELECT (e->>'scope_id')::int, e->>'metric', p_shard, sum((e->>'n')::bigint)
    FROM jsonb_array_elements(totals) e
    GROUP BY 1, 2
    HAVING sum((e->>'n')::bigint) <> 0
    ORDER BY 1, 2
    ON CONFLICT (scope_id, metric, shard) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF daily IS NOT NULL AND jsonb_array_length(daily) > 0 THEN
    INSERT INTO stats_daily AS d (scope_id, metric, day, shard, n)
    SELECT (e->>'scope_id')::int, e->>'metric', (e->>'day')::date, p_shard, sum((e->>'n')::bigint)
    FROM jsonb_array_elements(daily) e
    GROUP BY 1, 2, 3
    HAVING sum((e->>'n')::bigint) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (scope_id, metric, day, shard) DO UPDATE SET n = d.n + excluded.n;
  END IF;
END;
$$;
--> statement-breakpoint
-- Whose counts a statement is about to change: writers of lookups and log entries take a shared
-- lock for their users, a change of responsible or a deletion takes it exclusively before it counts
-- what to move. So a move either finishes first (and the writer, in its next statement, reads the new
-- responsible) or waits for the writer and counts its rows. Transaction-level advisory locks (no row is
-- written), on 256 buckets of user ids, in order, so a million-row insert takes at most 256 locks.
CREATE FUNCTION stats_lock_users(ids int[], exclusive boolean DEFAULT false) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  bucket int;
BEGIN
  FOR bucket IN SELECT DISTINCT id % 256 FROM unnest(ids) AS id ORDER BY 1 LOOP
    IF exclusive THEN
      PERFORM pg_advisory_xact_lock(7270002, bucket);
    ELSE
      PERFORM pg_advisory_xact_lock_shared(7270002, bucket);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Lookups: set-based, so one INSERT … SELECT of a million rows costs one aggregate, not a million updates.
CREATE FUNCTION stats_consultas_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  s smallint := stats_shard(false);
BEGIN
  PERFORM stats_lock_users(ARRAY(SELECT usuario_id FROM new_rows));
  WITH per_owner AS (
    SELECT coalesce(u.revendedor_id, -1) AS owner, stats_day(r.created_at) AS day, count(*) AS n
    FROM new_rows r LEFT JOIN users u ON u.id = r.usuario_id
    GROUP BY 1, 2
  ), scoped AS (
    SELECT 0 AS scope_id, day, n FROM per_owner
    UNION ALL
    SELECT owner, day, n FROM per_owner
  ), totals AS (
    INSERT INTO stats_totals AS t (scope_id, metric, shard, n)
    SELECT scope_id, 'lookups', s, sum(n) FROM scoped GROUP BY scope_id ORDER BY scope_id
    ON CONFLICT (scope_id, metric, shard) DO UPDATE SET n = t.n + excluded.n
  )
  INSERT INTO stats_daily AS d (scope_id, metric, day, shard, n)
  SELECT scope_id, 'lookups', day, s, sum(n) FROM scoped GROUP BY scope_id, day ORDER BY scope_id, day
  ON CONFLICT (scope_id, metric, day, shard) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_consultas_insert
  AFTER INSERT ON consultas REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_consultas_inserted();
--> statement-breakpoint
-- A deleted lookup leaves scope 0, and its owner's scope while its user exists (when the user is
-- deleted, stats_users_deleting has already taken the user's lookups out of the owner's scope).
CREATE FUNCTION stats_consultas_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  per_user jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('usuario_id', usuario_id, 'day', day, 'n', n))
  INTO per_user
  FROM (
    SELECT usuario_id, stats_day(created_at) AS day, count(*) AS n FROM old_rows GROUP BY 1, 2
  ) g;
  PERFORM stats_lock_users(ARRAY(SELECT DISTINCT usuario_id FROM old_rows));
  PERFORM stats_apply(
    (SELECT jsonb_agg(jsonb_build_object('scope_id', x.scope_id, 'metric', 'lookups', 'n', -x.n))
     FROM (
       SELECT 0 AS scope_id, (e->>'n')::bigint AS n FROM jsonb_array_elements(per_user) e
       UNION ALL
       SELECT coalesce(u.revendedor_id, -1), (e->>'n')::bigint
       FROM jsonb_array_elements(per_user) e JOIN users u ON u.id = (e->>'usuario_id')::int
     ) x),
    (SELECT jsonb_agg(jsonb_build_object('scope_id', x.scope_id, 'metric', 'lookups', 'day', x.day, 'n', -x.n))
     FROM (
       SELECT 0 AS scope_id, e->>'day' AS day, (e->>'n')::bigint AS n FROM jsonb_array_elements(per_user) e
       UNION ALL
       SELECT coalesce(u.revendedor_id, -1), e->>'day', (e->>'n')::bigint
       FROM jsonb_array_elements(per_user) e JOIN users u ON u.id = (e->>'usuario_id')::int
     ) x),
    stats_shard(true));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_consultas_delete
  AFTER DELETE ON consultas REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_consultas_deleted();
--> statement-breakpoint
-- Audit entries (append-only: never updated or deleted), per tipo.
CREATE FUNCTION stats_logs_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  s smallint := stats_shard(false);
BEGIN
  PERFORM stats_lock_users(ARRAY(SELECT user_id FROM new_rows WHERE user_id IS NOT NULL));
  WITH per_owner AS (
    SELECT coalesce(u.revendedor_id, -1) AS owner, 'logs:' || r.tipo AS metric, count(*) AS n
    FROM new_rows r LEFT JOIN users u ON u.id = r.user_id
    GROUP BY 1, 2
  ), scoped AS (
    SELECT 0 AS scope_id, metric, n FROM per_owner
    UNION ALL
    SELECT owner, metric, n FROM per_owner
  )
  INSERT INTO stats_totals AS t (scope_id, metric, shard, n)
  SELECT scope_id, metric, s, sum(n) FROM scoped GROUP BY scope_id, metric ORDER BY scope_id, metric
  ON CONFLICT (scope_id, metric, shard) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_logs_insert
  AFTER INSERT ON logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_logs_inserted();
--> statement-breakpoint
CREATE FUNCTION stats_users_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  s smallint := stats_shard(true);
BEGIN
  WITH per_owner AS (
    SELECT coalesce(revendedor_id, -1) AS owner, stats_day(data_criacao) AS day,
           count(*) AS n, count(*) FILTER (WHERE tipo = 'revendedor') AS resellers
    FROM new_rows GROUP BY 1, 2
  ), scoped AS (
    SELECT 0 AS scope_id, day, n, resellers FROM per_owner
    UNION ALL
    SELECT owner, day, n, resellers FROM per_owner
  ), metrics AS (
    SELECT scope_id, 'resellers' AS metric, sum(resellers) AS n FROM scoped GROUP BY scope_id
    UNION ALL
    SELECT scope_id, 'users', sum(n) FROM scoped GROUP BY scope_id
  )
  INSERT INTO stats_totals AS t (scope_id, metric, shard, n)
  SELECT scope_id, metric, s, n FROM metrics WHERE n <> 0 ORDER BY scope_id, metric
  ON CONFLICT (scope_id, metric, shard) DO UPDATE SET n = t.n + excluded.n;

  WITH per_owner AS (
    SELECT coalesce(revendedor_id, -1) AS owner, stats_day(data_criacao) AS day, count(*) AS n
    FROM new_rows GROUP BY 1, 2
  ), scoped AS (
    SELECT 0 AS scope_id, day, n FROM per_owner
    UNION ALL
    SELECT owner, day, n FROM per_owner
  )
  INSERT INTO stats_daily AS d (scope_id, metric, day, shard, n)
  SELECT scope_id, 'users', day, s, sum(n) FROM scoped GROUP BY scope_id, day ORDER BY scope_id, day
  ON CONFLICT (scope_id, metric, day, shard) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_users_insert
  AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_users_inserted();
--> statement-breakpoint
-- What one user row contributes by itself (sign-up, reseller), with sign = 1 or -1.
CREATE FUNCTION stats_user_own(u users, sign int, OUT totals jsonb, OUT daily jsonb)
  LANGUAGE sql STABLE
  AS $$
  SELECT
    (SELECT jsonb_agg(jsonb_build_object('scope_id', scope_id, 'metric', metric, 'n', sign))
     FROM (VALUES (0), (coalesce(u.revendedor_id, -1))) s(scope_id),
          (VALUES ('users'), (CASE WHEN u.tipo = 'revendedor' THEN 'resellers' END)) m(metric)
     WHERE metric IS NOT NULL),
    (SELECT jsonb_agg(jsonb_build_object('scope_id', scope_id, 'metric', 'users',
                                         'day', stats_day(u.data_criacao), 'n', sign))
     FROM (VALUES (0), (coalesce(u.revendedor_id, -1))) s(scope_id))
$$;
--> statement-breakpoint
-- Moves what a user did (lookups by day, audit entries by tipo) from one scope to another.
CREATE FUNCTION stats_user_activity(user_id int, from_scope int, to_scope int, OUT totals jsonb, OUT daily jsonb)
  LANGUAGE sql STABLE
  AS $$
  WITH lookups AS (
    SELECT stats_day(created_at) AS day, count(*) AS n FROM consultas WHERE usuario_id = user_id GROUP BY 1
  ), entries AS (
    SELECT 'logs:' || tipo AS metric, count(*) AS n FROM logs l WHERE l.user_id = stats_user_activity.user_id GROUP BY 1
  ), amounts AS (
    SELECT 'lookups' AS metric, sum(n) AS n FROM lookups HAVING sum(n) > 0
    UNION ALL
    SELECT metric, n FROM entries
  ), scopes AS (
    SELECT from_scope AS scope_id, -1 AS sign WHERE from_scope IS NOT NULL
    UNION ALL
    SELECT to_scope, 1 WHERE to_scope IS NOT NULL
  )
  SELECT
    (SELECT jsonb_agg(jsonb_build_object('scope_id', scope_id, 'metric', metric, 'n', sign * n))
     FROM amounts, scopes),
    (SELECT jsonb_agg(jsonb_build_object('scope_id', scope_id, 'metric', 'lookups', 'day', day, 'n', sign * n))
     FROM lookups, scopes)
$$;
--> statement-breakpoint
-- Before the row goes: its own counts leave both scopes, its lookups leave its owner's scope (the
-- cascade then takes them out of scope 0), its audit entries move to -1 (they stay in the trail).
CREATE FUNCTION stats_users_deleting() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  s smallint := stats_shard(true);
  owner int := coalesce(OLD.revendedor_id, -1);
  own_totals jsonb;
  own_daily jsonb;
  activity_totals jsonb;
  activity_daily jsonb;
BEGIN
  PERFORM stats_lock_users(ARRAY[OLD.id], true);
  SELECT totals, daily INTO own_totals, own_daily FROM stats_user_own(OLD, -1);
  SELECT totals, daily INTO activity_totals, activity_daily FROM stats_user_activity(OLD.id, owner, NULL);
  PERFORM stats_apply(
    coalesce(own_totals, '[]') || coalesce(
      (SELECT jsonb_agg(e) FROM jsonb_array_elements(activity_totals) e WHERE e->>'metric' = 'lookups'), '[]'),
    coalesce(own_daily, '[]') || coalesce(activity_daily, '[]'),
    s);
  IF owner <> -1 THEN
    SELECT totals INTO activity_totals FROM stats_user_activity(OLD.id, owner, -1);
    PERFORM stats_apply(
      (SELECT jsonb_agg(e) FROM jsonb_array_elements(activity_totals) e WHERE e->>'metric' LIKE 'logs:%'),
      NULL,
      s);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_users_delete
  BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION stats_users_deleting();
--> statement-breakpoint
-- A new responsible, role or creation date: the row's own counts move, and when the responsible
-- changed, everything the user did moves with them.
CREATE FUNCTION stats_users_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  old_owner int := coalesce(OLD.revendedor_id, -1);
  new_owner int := coalesce(NEW.revendedor_id, -1);
  before_totals jsonb;
  before_daily jsonb;
  after_totals jsonb;
  after_daily jsonb;
  activity_totals jsonb;
  activity_daily jsonb;
BEGIN
  SELECT totals, daily INTO before_totals, before_daily FROM stats_user_own(OLD, -1);
  SELECT totals, daily INTO after_totals, after_daily FROM stats_user_own(NEW, 1);
  IF old_owner <> new_owner THEN
    PERFORM stats_lock_users(ARRAY[NEW.id], true);
    SELECT totals, daily INTO activity_totals, activity_daily
    FROM stats_user_activity(NEW.id, old_owner, new_owner);
  END IF;
  PERFORM stats_apply(
    coalesce(before_totals, '[]') || coalesce(after_totals, '[]') || coalesce(activity_totals, '[]'),
    coalesce(before_daily, '[]') || coalesce(after_daily, '[]') || coalesce(activity_daily, '[]'),
    stats_shard(true));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stats_users_update
  AFTER UPDATE OF revendedor_id, tipo, data_criacao ON users
  FOR EACH ROW
  WHEN (OLD.revendedor_id IS DISTINCT FROM NEW.revendedor_id
        OR OLD.tipo IS DISTINCT FROM NEW.tipo
        OR OLD.data_criacao IS DISTINCT FROM NEW.data_criacao)
  EXECUTE FUNCTION stats_users_updated();
--> statement-breakpoint
-- Recomputes every counter from the tables (run here for existing data; an operator may run it any
-- time: SELECT stats_rebuild();). Locks the counted tables against writes while it runs.
CREATE FUNCTION stats_rebuild() RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE users, consultas, logs IN SHARE MODE;
  DELETE FROM stats_totals;
  DELETE FROM stats_daily;
  INSERT INTO stats_totals (scope_id, metric, shard, n)
  SELECT scope_id, metric, 0, sum(n)
  FROM (
    SELECT coalesce(revendedor_id, -1) AS owner, 'users' AS metric, count(*) AS n FROM users GROUP BY 1
    UNION ALL
    SELECT coalesce(revendedor_id, -1), 'resellers', count(*) FROM users WHERE tipo = 'revendedor' GROUP BY 1
    UNION ALL
    SELECT coalesce(u.revendedor_id, -1), 'lookups', count(*)
    FROM consultas c LEFT JOIN users u ON u.id = c.usuario_id GROUP BY 1
    UNION ALL
    SELECT coalesce(u.revendedor_id, -1), 'logs:' || l.tipo, count(*)
    FROM logs l LEFT JOIN users u ON u.id = l.user_id GROUP BY 1, 2
  ) per_owner, LATERAL (VALUES (0), (owner)) s(scope_id)
  GROUP BY 1, 2;
  INSERT INTO stats_daily (scope_id, metric, day, shard, n)
  SELECT scope_id, metric, day, 0, sum(n)
  FROM (
    SELECT coalesce(revendedor_id, -1) AS owner, 'users' AS metric, stats_day(data_criacao) AS day, count(*) AS n
    FROM users GROUP BY 1, 3
    UNION ALL
    SELECT coalesce(u.revendedor_id, -1), 'lookups', stats_day(c.created_at), count(*)
    FROM consultas c LEFT JOIN users u ON u.id = c.usuario_id GROUP BY 1, 3
  ) per_owner, LATERAL (VALUES (0), (owner)) s(scope_id)
  GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
SELECT stats_rebuild();
--> statement-breakpoint
-- Access through a subscription beyond data_expiracao (see stats_access_gaps): rechecked at commit,
-- when the subscription and the expiry written with it are both in place.
CREATE FUNCTION stats_recheck_access_gap(uid int) RETURNS void
  LANGUAGE sql
  AS $$
  WITH gap AS (
    SELECT u.id AS user_id, s.ends_at
    FROM users u, LATERAL (SELECT max(ends_at) AS ends_at FROM subscriptions WHERE user_id = u.id) s
    WHERE u.id = uid AND s.ends_at > coalesce(u.data_expiracao, '-infinity')
  ), closed AS (
    DELETE FROM stats_access_gaps g WHERE g.user_id = uid AND NOT EXISTS (SELECT 1 FROM gap)
  )
  INSERT INTO stats_access_gaps (user_id, ends_at) SELECT user_id, ends_at FROM gap
  ON CONFLICT (user_id) DO UPDATE SET ends_at = excluded.ends_at
$$;
--> statement-breakpoint
CREATE FUNCTION stats_access_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM stats_recheck_access_gap(NEW.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM stats_recheck_access_gap(OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM stats_recheck_access_gap(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stats_subscriptions_access
  AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION stats_access_changed();
--> statement-breakpoint
-- Only a cut can open a gap (a longer expiry closes it, and the reading query ignores closed ones),
-- so adding time to every user fires nothing.
CREATE CONSTRAINT TRIGGER stats_users_access_cut
  AFTER UPDATE OF data_expiracao ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.data_expiracao IS NULL AND OLD.data_expiracao IS NOT NULL
        OR NEW.data_expiracao < OLD.data_expiracao)
  EXECUTE FUNCTION stats_access_changed();
--> statement-breakpoint
INSERT INTO stats_access_gaps (user_id, ends_at)
SELECT u.id, s.ends_at
FROM users u JOIN (SELECT user_id, max(ends_at) AS ends_at FROM subscriptions GROUP BY user_id) s ON s.user_id = u.id
WHERE s.ends_at > coalesce(u.data_expiracao, '-infinity');
--> statement-breakpoint
-- Active users by index only: everyone with a future expiry, and a responsible's clients (the same
-- index gives the ids of a responsible's clients, which every reseller-scoped query asks for).
CREATE INDEX "users_data_expiracao_idx" ON "users" USING btree ("data_expiracao");
--> statement-breakpoint
CREATE INDEX "users_revendedor_expiracao_idx" ON "users" USING btree ("revendedor_id", "data_expiracao", "id");
--> statement-breakpoint
-- The resellers list without a pass over every user.
CREATE INDEX "users_resellers_idx" ON "users" USING btree ("id") WHERE "tipo" = 'revendedor';

-- The two reads of nearly every call, as PL/pgSQL functions so that each pooled connection
-- plans them once (docs/decisions/0089): planning them took twice as long as running them.
-- Both run as the caller (app_user, under row-level security, with app.org_id set): they
-- move no privilege, only the plan cache.

-- The auth guard's check (modules/auth/session-check.ts): is the session family live, and
-- the user with his role (the whole role row, whose flags are SPEC 3's).
CREATE FUNCTION session_check(p_organization_id integer, p_user_id integer, p_family_id uuid)
  RETURNS TABLE (live boolean, username text, active boolean, role_row jsonb)
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT EXISTS (
             SELECT 1 FROM refresh_tokens t
             WHERE t.organization_id = p_organization_id AND t.family_id = p_family_id AND t.revoked_at IS NULL
           ),
           u.username, u.active, to_jsonb(r)
    FROM (VALUES (1)) AS one (n)
    LEFT JOIN (users u JOIN roles r ON r.organization_id = u.organization_id AND r.id = u.role_id)
      ON u.organization_id = p_organization_id AND u.id = p_user_id;
END $$;
REVOKE ALL ON FUNCTION session_check(integer, integer, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION session_check(integer, integer, uuid) TO app_user;

-- The dashboard stats strip (modules/dashboard/dashboard-stats.ts, ADR 0063): "today" in the
-- organization's time zone at p_now; the time-entry range reads it through uncorrelated
-- subqueries (computed first, then constants), so row-level security lets the range be an
-- index condition. Billing figures only when p_sees_billing.
CREATE FUNCTION dashboard_stats(
    p_organization_id integer, p_user_id integer, p_now timestamptz, p_week_days integer, p_sees_billing boolean)
  RETURNS TABLE (
    time_zone text, today text, week_start text, today_minutes integer, week_minutes integer,
    completed integer, active_clients integer, pending_invoices integer, month_revenue bigint
  )
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    WITH day AS MATERIALIZED (
      SELECT o.time_zone AS zone, (p_now AT TIME ZONE o.time_zone)::date AS local_today
      FROM organizations o WHERE o.id = p_organization_id
    )
    SELECT day.zone, to_char(day.local_today, 'YYYY-MM-DD'),
           to_char(day.local_today - (p_week_days - 1), 'YYYY-MM-DD'),
           work.today_minutes, work.week_minutes, work.completed,
           coalesce((
             SELECT c.clients FROM client_status_counts c
             WHERE c.organization_id = p_organization_id AND c.status = 'active'
           ), 0),
           billing.pending_invoices, billing.month_revenue
    FROM day,
    (
      SELECT coalesce(sum(t.minutes) FILTER (WHERE t.entry_date = (SELECT local_today FROM day)), 0)::integer AS today_minutes,
             coalesce(sum(t.minutes), 0)::integer AS week_minutes,
             (count(*) FILTER (WHERE t.status = 'completed'))::integer AS completed
      FROM time_entries t
      WHERE t.organization_id = p_organization_id AND t.user_id = p_user_id
        AND t.entry_date BETWEEN (SELECT local_today - (p_week_days - 1) FROM day) AND (SELECT local_today FROM day)
    ) work,
    (
      SELECT (count(*) FILTER (WHERE i.status = 'pending'))::integer AS pending_invoices,
             coalesce(sum(i.total_cents) FILTER (
               WHERE i.status IN ('pending', 'partial', 'paid')
                 AND i.issue_date BETWEEN (SELECT date_trunc('month', local_today)::date FROM day)
                                      AND (SELECT local_today FROM day)
             ), 0)::bigint AS month_revenue
      FROM invoices i
      WHERE i.organization_id = p_organization_id AND p_sees_billing
    ) billing;
END $$;
REVOKE ALL ON FUNCTION dashboard_stats(integer, integer, timestamptz, integer, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dashboard_stats(integer, integer, timestamptz, integer, boolean) TO app_user;

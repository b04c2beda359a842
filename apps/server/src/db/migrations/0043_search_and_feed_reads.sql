-- The dashboard's activity feed and the global search at full scale (docs/decisions/0173).
--
-- The feed reads each kind of change newest first as its own index range, cut at the rows the
-- page needs, instead of walking the whole log back and filtering: a timekeeper who sees only
-- his own time would otherwise read the firm's history back until it held a page of his rows.
-- Both indexes hold only the rows the feed can show.
CREATE INDEX audit_log_feed ON audit_log (organization_id, entity, id)
  WHERE action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense', 'activity_type', 'client');
-- The owner is the snapshot's user_id as text, so no audit row can fail to be written for a
-- value that is not a number.
CREATE INDEX audit_log_feed_owner ON audit_log (organization_id, (coalesce(after, before) ->> 'user_id'), id)
  WHERE action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense');

-- Under row-level security the JSON operator, not leakproof, cannot be an index condition
-- (ADR 0062), so one person's time and expense changes are read here, as the owner, for
-- current_org_id() only. A plain query: one plan fits every person, kept per session.
CREATE FUNCTION activity_feed_owner_ids(owner_id integer, max_rows integer)
  RETURNS SETOF bigint
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT id FROM audit_log
    WHERE organization_id = current_org_id()
      AND action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense')
      AND coalesce(after, before) ->> 'user_id' = owner_id::text
    ORDER BY id DESC LIMIT max_rows;
END $$;
REVOKE ALL ON FUNCTION activity_feed_owner_ids(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION activity_feed_owner_ids(integer, integer) TO app_user;

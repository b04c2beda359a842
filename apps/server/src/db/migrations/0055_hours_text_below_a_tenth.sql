-- The feed's hours as formatHours writes them since ADR 0217: under a tenth of an hour, h:mm
-- ("0:01"), so a 1-minute entry does not read "0.0 h"; otherwise one decimal, halves away from
-- zero. Still one expression, so the planner inlines it into the feed's query (migration 0052):
-- the argument it is given there is cheap enough to be named more than once.
CREATE OR REPLACE FUNCTION hours_text(minutes numeric)
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN minutes <> 0 AND abs(minutes) < 6
      THEN CASE WHEN minutes < 0 THEN '-0:0' ELSE '0:0' END || trunc(abs(minutes))::text
      ELSE round(minutes / 60, 1)::text
    END
  $$;

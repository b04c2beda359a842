-- Mileage as an expense kind (docs/decisions/0106): the firm's rate per mile in mills (tenths
-- of a cent, so a rate such as 65.5 cents fits), default the IRS's 70 cents for 2025; each
-- mileage expense keeps its distance in tenths of a mile and the rate it was priced at, so a
-- later change of the firm's rate never re-prices it.
ALTER TABLE organizations
  ADD COLUMN mileage_rate_mills integer NOT NULL DEFAULT 700 CHECK (mileage_rate_mills BETWEEN 1 AND 10000);
GRANT UPDATE (mileage_rate_mills) ON organizations TO app_user;

ALTER TABLE expenses
  ADD COLUMN distance_tenths integer CHECK (distance_tenths BETWEEN 1 AND 100000),
  ADD COLUMN mileage_rate_mills integer CHECK (mileage_rate_mills BETWEEN 1 AND 10000),
  ADD CONSTRAINT expenses_mileage_priced CHECK ((distance_tenths IS NULL) = (mileage_rate_mills IS NULL)),
  ADD CONSTRAINT expenses_distance_is_mileage CHECK (distance_tenths IS NULL OR category = 'mileage');

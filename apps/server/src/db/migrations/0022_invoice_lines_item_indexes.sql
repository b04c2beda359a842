-- Deleting a time entry or expense sets invoice_lines.time_entry_id / expense_id to NULL on
-- its released lines (the foreign keys of migration 0020). The only indexes on those columns
-- were the partial unique ones on unreleased lines, which that lookup cannot use: each delete
-- read every line of every firm (docs/decisions/0112). These cover released lines too.
CREATE INDEX invoice_lines_time_entry ON invoice_lines (organization_id, time_entry_id) WHERE time_entry_id IS NOT NULL;
CREATE INDEX invoice_lines_expense ON invoice_lines (organization_id, expense_id) WHERE expense_id IS NOT NULL;

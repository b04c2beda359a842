-- GET /invoices filtered by status reads newest issue date first, then id (docs/decisions/0175).
-- invoices_status_issued (migration 0003) ended at the issue date, and a firm's invoices of a
-- month share one issue date: the first page of "pending in a month" fetched every such invoice
-- and its client to sort them by id before keeping 25 (at full scale thousands of rows). The
-- same columns in the list's order, id included, hand the page its first 25 entries; range
-- scans on status and issue date (the count of the page's total among them) use it as before.
DROP INDEX invoices_status_issued;
CREATE INDEX invoices_status_issued ON invoices (organization_id, status, issue_date DESC, id DESC);

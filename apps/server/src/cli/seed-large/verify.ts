import type pg from 'pg';

export type WorkCheck = {
  timeEntries: number;
  wrongAmounts: number;
  oddMinutes: number;
  disabledPairs: number;
  entryOrphans: number;
  expenses: number;
  wrongTotals: number;
  expenseOrphans: number;
};

/**
 * The generator writes with foreign-key triggers off, so before commit every row is checked
 * against what the database would have enforced, and against the service's arithmetic.
 */
export async function checkWork(client: pg.ClientBase, organizationId: number): Promise<WorkCheck> {
  const entries = await client.query<{
    entries: string;
    wrong_amounts: string;
    odd_minutes: string;
    disabled_pairs: string;
    orphans: string;
  }>(
    `select count(*) as entries,
       count(*) filter (where t.amount_cents <> (t.rate_cents * t.minutes + 30) / 60) as wrong_amounts,
       count(*) filter (where t.minutes % 6 <> 0) as odd_minutes,
       count(*) filter (where cat.enabled = false) as disabled_pairs,
       count(*) filter (where u.id is null or c.id is null or a.id is null) as orphans
     from time_entries t
     left join users u on u.organization_id = t.organization_id and u.id = t.user_id
     left join clients c on c.organization_id = t.organization_id and c.id = t.client_id
     left join activity_types a on a.organization_id = t.organization_id and a.id = t.activity_type_id
     left join client_activity_types cat on cat.organization_id = t.organization_id and cat.client_id = t.client_id
       and cat.activity_type_id = t.activity_type_id
     where t.organization_id = $1`,
    [organizationId],
  );
  const expenses = await client.query<{ expenses: string; wrong_totals: string; orphans: string }>(
    `select count(*) as expenses,
       count(*) filter (where e.total_cents <> e.amount_cents + (e.amount_cents * e.markup_basis_points + 5000) / 10000)
         as wrong_totals,
       count(*) filter (where u.id is null or c.id is null) as orphans
     from expenses e
     left join users u on u.organization_id = e.organization_id and u.id = e.user_id
     left join clients c on c.organization_id = e.organization_id and c.id = e.client_id
     where e.organization_id = $1`,
    [organizationId],
  );
  const entryRow = entries.rows[0]!;
  const expenseRow = expenses.rows[0]!;
  return {
    timeEntries: Number(entryRow.entries),
    wrongAmounts: Number(entryRow.wrong_amounts),
    oddMinutes: Number(entryRow.odd_minutes),
    disabledPairs: Number(entryRow.disabled_pairs),
    entryOrphans: Number(entryRow.orphans),
    expenses: Number(expenseRow.expenses),
    wrongTotals: Number(expenseRow.wrong_totals),
    expenseOrphans: Number(expenseRow.orphans),
  };
}

export function problemsOf(check: WorkCheck): string[] {
  const problems: [number, string][] = [
    [check.wrongAmounts, 'time entries whose amount is not rate x minutes / 60'],
    [check.oddMinutes, 'time entries not in 6-minute multiples'],
    [check.disabledPairs, 'time entries on an activity type disabled for their client'],
    [check.entryOrphans, 'time entries naming a missing user, client or activity type'],
    [check.wrongTotals, 'expenses whose total is not amount plus markup'],
    [check.expenseOrphans, 'expenses naming a missing user or client'],
  ];
  return problems.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
}

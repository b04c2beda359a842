import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export type RateSource = 'client' | 'activity' | 'user';
export type ResolvedRate = { rateCents: number; source: RateSource };

export type RateQuestion = {
  organizationId: number;
  userId: number;
  clientId: number;
  activityTypeId: number;
  /** The entry's date: the rates in force that day apply. */
  date: string;
};

export type RateRow = {
  user_base: number;
  user_change: { rate: number } | null;
  activity_base: number | null;
  activity_change: { rate: number | null } | null;
  client_override: number | null;
};

/**
 * The inputs of PRODUCT.md's rate order as of a date, as one row (none when the user or
 * activity type is not there): a select another statement can embed (new-work-context.ts).
 * A change row wins even when its rate is null (it ended the activity's own rate), which is
 * why changes come back wrapped in JSON.
 */
export function rateInputs(question: RateQuestion): SQL {
  const { organizationId, userId, clientId, activityTypeId, date } = question;
  return sql`
    select
      u.standard_rate_cents as user_base,
      (select jsonb_build_object('rate', r.rate_cents) from user_rates r
        where r.organization_id = ${organizationId} and r.user_id = u.id and r.effective_from <= ${date}::date
        order by r.effective_from desc limit 1) as user_change,
      a.default_rate_cents as activity_base,
      (select jsonb_build_object('rate', r.rate_cents) from activity_type_rates r
        where r.organization_id = ${organizationId} and r.activity_type_id = a.id and r.effective_from <= ${date}::date
        order by r.effective_from desc limit 1) as activity_change,
      (select r.rate_cents from client_activity_rates r
        where r.organization_id = ${organizationId} and r.client_id = ${clientId} and r.activity_type_id = a.id
          and r.effective_from <= ${date}::date
        order by r.effective_from desc limit 1) as client_override
    from users u
    join activity_types a on a.organization_id = u.organization_id and a.id = ${activityTypeId}
    where u.organization_id = ${organizationId} and u.id = ${userId}`;
}

/** PRODUCT.md rate order: the client's override for the activity, else the activity's rate, else the user's standard rate. */
export function rateOf(row: RateRow): ResolvedRate {
  if (row.client_override !== null) return { rateCents: row.client_override, source: 'client' };
  const activityRate = row.activity_change ? row.activity_change.rate : row.activity_base;
  if (activityRate !== null) return { rateCents: activityRate, source: 'activity' };
  return { rateCents: row.user_change ? row.user_change.rate : row.user_base, source: 'user' };
}

/** The rate in force on the question's date; each level is its base value changed by the latest dated change on or before it. */
export async function resolveRate(tx: Tx, question: RateQuestion): Promise<ResolvedRate> {
  const result = await tx.execute<RateRow>(rateInputs(question));
  const row = (result as unknown as { rows: RateRow[] }).rows[0];
  if (!row) throw new Error('Rate asked for a user or activity type that is not there');
  return rateOf(row);
}

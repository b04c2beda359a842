import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { checkedActivityType, type ActivityTypeRef } from '../activity-types/activity-type-lookup';
import { checkedClient, type ClientRef } from '../clients/client-lookup';
import { notFoundField } from '../records/field-errors';
import { rateInputs, rateOf, type RateQuestion, type RateRow, type ResolvedRate } from '../rates/rate-resolver';
import type { RoundingRule } from './organization-settings';

type PersonName = { firstName: string; lastName: string; username: string };

/** Everything a new entry needs checked or captured before it is written. */
export type NewWorkContext = {
  owner: PersonName;
  client: ClientRef;
  activity: ActivityTypeRef;
  rounding: RoundingRule;
  rate: ResolvedRate;
};

type ContextRow = Partial<RateRow> & {
  owner: PersonName | null;
  client: ClientRef | null;
  activity: (ActivityTypeRef & { enabled: boolean | null }) | null;
  rounding_minutes: RoundingRule['minutes'];
  rounding_mode: RoundingRule['mode'];
};

/**
 * The owner, client, activity type (with the client's subset), the organization's rounding
 * rule and the rate in force on the entry's date, read in one statement: a new entry is the
 * most frequent write, and a round trip per lookup made it the slowest call (ADR 0088).
 * Checks in the order the single lookups made them: owner, client, activity type.
 */
export async function loadNewWorkContext(tx: Tx, question: RateQuestion): Promise<NewWorkContext> {
  const { organizationId, userId, clientId, activityTypeId } = question;
  const result = await tx.execute<ContextRow>(sql`
    select
      (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'username', u.username)
        from users u where u.organization_id = ${organizationId} and u.id = ${userId}) as owner,
      (select json_build_object('id', c.id, 'code', c.code, 'legalName', c.legal_name, 'status', c.status)
        from clients c where c.organization_id = ${organizationId} and c.id = ${clientId}) as client,
      (select json_build_object('id', a.id, 'name', a.name, 'code', a.code, 'billable', a.billable,
                                'active', a.active, 'enabled', s.enabled)
        from activity_types a
        left join client_activity_types s
          on s.organization_id = a.organization_id and s.activity_type_id = a.id and s.client_id = ${clientId}
        where a.organization_id = ${organizationId} and a.id = ${activityTypeId}) as activity,
      o.time_rounding_minutes as rounding_minutes, o.time_rounding_mode as rounding_mode,
      rate.user_base, rate.user_change, rate.activity_base, rate.activity_change, rate.client_override
    from organizations o
    left join lateral (${rateInputs(question)}) rate on true
    where o.id = ${organizationId}`);
  const row = (result as unknown as { rows: ContextRow[] }).rows[0];
  if (!row) throw new Error(`Organization ${organizationId} is missing`);
  if (!row.owner) throw notFoundField('user_id', 'User not found');
  const client = checkedClient(row.client, { forNewWork: true });
  const activity = checkedActivityType(row.activity);
  return {
    owner: row.owner,
    client,
    activity,
    rounding: { minutes: row.rounding_minutes, mode: row.rounding_mode },
    rate: rateOf(row as RateRow),
  };
}

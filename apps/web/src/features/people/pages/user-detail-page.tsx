import { useState } from 'react';
import { Link } from 'react-router';
import { formatHours, formatMoney, hasPermission } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { formatDate } from '../../../lib/format';
import { inputToCents } from '../../../lib/money-input';
import { useSession } from '../../../lib/session-store';
import { useIdParam } from '../../../lib/use-id-param';
import { useFirmToday } from '../../../lib/firm-today';
import {
  useResendInvitation,
  useResetTwoFactor,
  useSetUserActive,
  useSetUserRate,
  useUser,
  type UserDetail,
} from '../api/users';
import { fullName } from '../components/user-table';
import '../people.css';

const when = (at: string | null) =>
  at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

function RateCard({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const setRate = useSetUserRate();
  const [rate, setRateText] = useState('');
  const today = useFirmToday();
  const [from, setFrom] = useState(today);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function save(): Promise<void> {
    const cents = inputToCents(rate);
    if (cents === null) {
      setMessage({ ok: false, text: 'Enter the new rate in dollars' });
      return;
    }
    try {
      await setRate.mutateAsync({ id: user.id, rateCents: cents, effectiveFrom: from });
      setMessage({ ok: true, text: `Rate ${formatMoney(cents, { decimals: true })} from ${formatDate(from)} saved.` });
      setRateText('');
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }
  return (
    <section className="card" aria-labelledby="rate-title">
      <h2 id="rate-title">Standard billing rate</h2>
      <p>
        Now <strong>{formatMoney(user.billing_rate_cents, { decimals: true })}</strong> an hour (before any dated
        change: {formatMoney(user.base_rate_cents, { decimals: true })}).
      </p>
      {user.rate_changes.length > 0 && (
        <ul className="plain-list">
          {user.rate_changes.map((change) => (
            <li key={change.effective_from}>
              From {formatDate(change.effective_from)}: {formatMoney(change.rate_cents, { decimals: true })}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="filter-bar">
          <FormField
            label="New rate ($/h)"
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRateText(e.target.value)}
          />
          <FormField label="Effective from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          <button type="button" className="button" disabled={setRate.isPending} onClick={() => void save()}>
            Save rate
          </button>
        </div>
      )}
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}

/** /users/{id} (SPEC 2, can_view_users): profile, role, rates, recent time, sessions and passkey status. */
export default function UserDetailPage() {
  const id = useIdParam();
  const { user: me } = useSession();
  const notice = useFlashNotice();
  const user = useUser(id);
  const setActive = useSetUserActive();
  const invite = useResendInvitation();
  const resetTwoFactor = useResetTwoFactor();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    notice ? { ok: true, text: notice } : null,
  );
  const canEdit = hasPermission(me?.full_role, 'can_edit_users');
  const data = user.data;

  async function toggleActive(active: boolean): Promise<void> {
    if (!data) return;
    if (!active && !window.confirm(`Deactivate ${fullName(data)}? He is signed out at once; his history stays.`))
      return;
    try {
      await setActive.mutateAsync({ id: data.id, active });
      setMessage({ ok: true, text: active ? 'User reactivated.' : 'User deactivated and signed out everywhere.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  async function resend(): Promise<void> {
    if (!data) return;
    try {
      await invite.mutateAsync(data.id);
      setMessage({ ok: true, text: `A set-password e-mail was sent to ${data.email}.` });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  async function turnOffTwoFactor(): Promise<void> {
    if (!data) return;
    const question = `Turn off e-mail codes for ${fullName(data)}? He then signs in with his password alone and is told by e-mail.`;
    if (!window.confirm(question)) return;
    try {
      await resetTwoFactor.mutateAsync(data.id);
      setMessage({ ok: true, text: `Two-factor sign-in turned off; ${data.email} was told.` });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  const actions = canEdit && data && (
    <>
      <Link className="button" to={shellPaths.userEdit.getHref(data.id)}>
        Edit
      </Link>
      {data.active && (
        <button type="button" className="button" onClick={() => void resend()}>
          Send set-password e-mail
        </button>
      )}
      {data.active ? (
        <button type="button" className="button button-danger" onClick={() => void toggleActive(false)}>
          Deactivate
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void toggleActive(true)}>
          Reactivate
        </button>
      )}
    </>
  );

  return (
    <div className="people-page">
      <PageHeader
        title={data ? fullName(data) : 'User'}
        breadcrumb={[{ label: 'People', to: shellPaths.usersManage.getHref() }]}
        actions={actions}
      />
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {user.isError && <QueryError error={user.error} />}
      {user.isPending && <SkeletonRows label="Loading the user" />}
      {data && (
        <div className="people-grid">
          <section className="card" aria-labelledby="profile-title">
            <h2 id="profile-title">Profile</h2>
            <dl className="facts">
              <dt>Username</dt>
              <dd>{data.username}</dd>
              <dt>E-mail</dt>
              <dd>
                {data.email}
                {data.pending_email && <span className="muted"> (change to {data.pending_email} waiting)</span>}
              </dd>
              <dt>Role</dt>
              <dd>{data.role.name}</dd>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={data.active ? 'active' : 'inactive'} label={data.active ? 'Active' : 'Inactive'} />
              </dd>
              <dt>Available</dt>
              <dd>{formatHours(data.available_minutes_per_week)} h a week</dd>
              <dt>Last sign-in</dt>
              <dd>{when(data.last_sign_in_at)}</dd>
              <dt>Two-factor</dt>
              <dd>
                {data.two_factor_enabled ? 'E-mail codes on' : 'Off'}
                {canEdit && data.two_factor_enabled && data.id !== me?.id && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="button button-small"
                      disabled={resetTwoFactor.isPending}
                      onClick={() => void turnOffTwoFactor()}
                    >
                      Turn off two-factor
                    </button>
                  </>
                )}
              </dd>
              <dt>Passkey</dt>
              <dd>
                {data.passkey.registered
                  ? `${data.passkey.device_name ?? 'Registered'} (since ${when(data.passkey.created_at)})`
                  : 'None'}
              </dd>
            </dl>
          </section>
          <RateCard user={data} canEdit={canEdit} />
          <section className="card" aria-labelledby="sessions-title">
            <h2 id="sessions-title">Signed-in sessions</h2>
            {data.sessions.length === 0 ? (
              <p className="muted">None open.</p>
            ) : (
              <ul className="plain-list">
                {data.sessions.map((session) => (
                  <li key={session.id}>
                    Since {when(session.started_at)}, last active {when(session.last_used_at)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card people-wide" aria-labelledby="time-title">
            <h2 id="time-title">Recent time</h2>
            {data.recent_time.length === 0 ? (
              <p className="muted">No time recorded.</p>
            ) : (
              <TableFrame>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col" className="wrap">
                        Client
                      </th>
                      <th scope="col" className="numeric">
                        Hours
                      </th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recent_time.map((entry) => (
                      <tr key={entry.id}>
                        <td>{formatDate(entry.entry_date)}</td>
                        <td className="wrap">{entry.client}</td>
                        <td className="numeric">{formatHours(entry.minutes)}</td>
                        <td>
                          <StatusBadge status={entry.status} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

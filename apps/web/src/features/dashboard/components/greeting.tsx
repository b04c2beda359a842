import type { User } from '../../../lib/session-store';
import { formatClockTime, formatLongDate } from '../../../lib/format';
import { getServerClockOffsetMs, useOrganizationConfig } from '../../../lib/organization-config';
import { useClock } from './use-clock';

/** SPEC 1: greets by first name, else username. */
export function greetingName(user: Pick<User, 'first_name' | 'username'>): string {
  return user.first_name?.trim() || user.username;
}

/** The firm's date and time on the server's clock, as the stats beside it count them (ADR 0200). */
export function Greeting({ user }: { user: User }) {
  const now = new Date(useClock().getTime() + getServerClockOffsetMs());
  const timeZone = useOrganizationConfig().config?.time_zone;
  return (
    <header className="greeting">
      <h1>Welcome back, {greetingName(user)}</h1>
      <p className="greeting-moment">
        <time dateTime={now.toISOString()}>
          <span className="greeting-date">{formatLongDate(now, timeZone)}</span>
          <span className="greeting-time">{formatClockTime(now, timeZone)}</span>
        </time>
      </p>
    </header>
  );
}

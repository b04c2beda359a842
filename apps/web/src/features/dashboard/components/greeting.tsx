import type { User } from '../../../lib/session-store';
import { formatClockTime, formatLongDate } from '../../../lib/format';
import { useClock } from './use-clock';

/** SPEC 1: greets by first name, else username. */
export function greetingName(user: Pick<User, 'first_name' | 'username'>): string {
  return user.first_name?.trim() || user.username;
}

export function Greeting({ user }: { user: User }) {
  const now = useClock();
  return (
    <header className="greeting">
      <h1>Welcome back, {greetingName(user)}</h1>
      <p className="greeting-moment">
        <time dateTime={now.toISOString()}>
          <span className="greeting-date">{formatLongDate(now)}</span>
          <span className="greeting-time">{formatClockTime(now)}</span>
        </time>
      </p>
    </header>
  );
}

import type { User } from '../../lib/session-store';

export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  const fullName = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || user.username;
}

/** SPEC 2: avatar initial, full name or username, and e-mail at the foot of the sidebar. */
export function UserSummary({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <div className="user-summary">
      <span className="avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <span className="user-summary-text">
        {/* A long name or address ends in an ellipsis at the sidebar's width: the title says it whole. */}
        <span className="user-summary-name" title={name}>
          {name}
        </span>
        <span className="user-summary-email" title={user.email}>
          {user.email}
        </span>
      </span>
    </div>
  );
}

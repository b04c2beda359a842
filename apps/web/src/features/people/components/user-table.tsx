import { Link } from 'react-router';
import { SortHeader } from '../../../components/sort-header';
import { StatusBadge } from '../../../components/status-badge';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { formatMoney } from '@practice/shared';
import type { UserListQuery, UserSort, UserView } from '../api/users';

type UserTableProps = { users: UserView[]; query: UserListQuery; onChange: (change: Partial<UserListQuery>) => void };

export function fullName(user: Pick<UserView, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

function signedInText(at: string | null): string {
  return at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

/** One page of the firm's people with sortable columns. */
export function UserTable({ users, query, onChange }: UserTableProps) {
  const sortProps = {
    sort: query.sort,
    order: query.order,
    onSort: (sort: UserSort, order: 'asc' | 'desc') => onChange({ sort, order }),
  };
  return (
    <TableFrame>
      <table className="data-table">
        <caption className="visually-hidden">People</caption>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" className="wrap" {...sortProps} />
            <SortHeader label="Username" column="username" {...sortProps} />
            <SortHeader label="E-mail" column="email" className="wrap" {...sortProps} />
            <SortHeader label="Role" column="role" {...sortProps} />
            <th scope="col" className="numeric">
              Rate
            </th>
            <th scope="col">Status</th>
            <SortHeader label="Last sign-in" column="last_sign_in_at" {...sortProps} />
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td className="wrap">
                <Link to={shellPaths.userDetail.getHref(user.id)}>{fullName(user)}</Link>
              </td>
              <td>{user.username}</td>
              <td className="wrap">{user.email}</td>
              <td>{user.role.name}</td>
              <td className="numeric">{formatMoney(user.billing_rate_cents, { decimals: true })}</td>
              <td>
                <StatusBadge status={user.active ? 'active' : 'inactive'} label={user.active ? 'Active' : 'Inactive'} />
              </td>
              <td>{signedInText(user.last_sign_in_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

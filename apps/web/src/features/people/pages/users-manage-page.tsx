import { Link } from 'react-router';
import { hasPermission } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { useSession } from '../../../lib/session-store';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';
import { USERS_PAGE_SIZE, useRoleOptions, useUsers } from '../api/users';
import { UserTable } from '../components/user-table';
import { useUserListQuery } from '../components/use-user-list-query';
import '../people.css';

/** /users/manage (SPEC 2, can_view_users): the firm's people, searched, filtered, sorted and paged. */
export default function UsersManagePage() {
  const { user } = useSession();
  const notice = useFlashNotice();
  const [query, setQuery] = useUserListQuery();
  const users = useUsers(query);
  const roles = useRoleOptions();
  const { search, type } = useUrlSearchBox(query.q, (q) => setQuery({ q }));
  const canEdit = hasPermission(user?.full_role, 'can_edit_users');
  const items = users.data?.items ?? [];
  const actions = canEdit && (
    <Link className="button button-primary" to={shellPaths.userCreate.getHref()}>
      New user
    </Link>
  );
  return (
    <div className="people-page">
      <PageHeader title="People" actions={actions} />
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <section className="card" aria-label="People list">
        <div className="filter-bar" role="search">
          <div className="form-field-grow">
            <FormField
              label="Search people"
              type="search"
              placeholder="Name, username or e-mail"
              value={search}
              onChange={(event) => type(event.target.value)}
            />
          </div>
          <SelectField
            label="Role"
            value={query.roleId ?? ''}
            onChange={(event) => setQuery({ roleId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">All roles</option>
            {(roles.data ?? []).map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={query.active ?? 'all'}
            onChange={(event) =>
              setQuery({ active: event.target.value === 'all' ? null : (event.target.value as 'true' | 'false') })
            }
          >
            <option value="true">Active</option>
            <option value="false">Inactive</option>
            <option value="all">Everyone</option>
          </SelectField>
        </div>
        {users.isPending && <SkeletonRows label="Loading people" />}
        {users.isError && (
          <p className="form-error" role="alert">
            {users.error.message}
          </p>
        )}
        {users.data && items.length === 0 && <EmptyState title="Nobody matches these filters" />}
        {users.data && items.length > 0 && (
          <>
            <UserTable users={items} query={query} onChange={setQuery} />
            <Pagination
              page={users.data.page}
              pageSize={USERS_PAGE_SIZE}
              total={users.data.total}
              noun="people"
              onPage={(page) => {
                setQuery({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}

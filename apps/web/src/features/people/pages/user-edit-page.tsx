import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { useIdParam } from '../../../lib/use-id-param';
import { useUser } from '../api/users';
import { UserForm } from '../components/user-form';
import { fullName } from '../components/user-table';
import '../people.css';

/** /users/{userId}/edit (SPEC 2, can_edit_users): the form holding the version it read. */
export default function UserEditPage() {
  const id = useIdParam('userId');
  const navigate = useNavigate();
  const user = useUser(id);
  const detailHref = shellPaths.userDetail.getHref(id);
  const breadcrumb = [
    { label: 'People', to: shellPaths.usersManage.getHref() },
    ...(user.data ? [{ label: fullName(user.data), to: detailHref }] : []),
  ];
  return (
    <div className="people-page">
      <PageHeader title="Edit user" breadcrumb={breadcrumb} />
      {user.isError && <QueryError error={user.error} />}
      {user.isPending && <SkeletonRows label="Loading the user" />}
      {user.data && (
        <UserForm
          user={user.data}
          onSaved={() => {
            flashNotice('User saved.');
            navigate(detailHref);
          }}
          onCancel={() => navigate(detailHref)}
        />
      )}
    </div>
  );
}

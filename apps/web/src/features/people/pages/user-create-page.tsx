import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { UserForm } from '../components/user-form';
import '../people.css';

/** /users/create (SPEC 2, can_edit_users). */
export default function UserCreatePage() {
  const navigate = useNavigate();
  return (
    <div className="people-page">
      <PageHeader title="New user" breadcrumb={[{ label: 'People', to: shellPaths.usersManage.getHref() }]} />
      <UserForm
        user={null}
        onSaved={(user) => {
          flashNotice(`User ${user.username} created. An invitation was sent to ${user.email}.`);
          navigate(shellPaths.userDetail.getHref(user.id));
        }}
        onCancel={() => navigate(shellPaths.usersManage.getHref())}
      />
    </div>
  );
}

import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Greeting } from '../components/greeting';
import '../dashboard.css';

/** / (SPEC 2): the greeting and clock; the stats, quick actions and bookmarks come with the clients and time issue. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="dashboard">
      <Greeting user={user} />
    </div>
  );
}

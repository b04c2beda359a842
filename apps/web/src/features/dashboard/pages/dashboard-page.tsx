import { hasPermission } from '@practice/shared';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DashboardSearchBar } from '../components/dashboard-search-bar';
import { BookmarkedClients } from '../components/bookmarked-clients';
import { Greeting } from '../components/greeting';
import { QuickActions } from '../components/quick-actions';
import { RecentActivityList } from '../components/recent-activity-list';
import { RecentItems } from '../components/recent-items';
import { StatsStrip } from '../components/stats-strip';
import '../dashboard.css';

/** / (SPEC 1 and 2): greeting and clock, stats strip, quick actions, bookmarked clients and recent items. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="dashboard">
      <Greeting user={user} />
      <DashboardSearchBar />
      <StatsStrip />
      <div className="dashboard-columns">
        <QuickActions fullRole={user.full_role} />
        <div className="dashboard-side">
          {hasPermission(user.full_role, 'can_view_clients') && <BookmarkedClients />}
          <RecentItems />
          <RecentActivityList />
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { useIdParam } from '../../../lib/use-id-param';
import { useTimeEntry } from '../api/time-entry';
import { TimeEntryForm } from '../components/time-entry-form';
import '../time-entries.css';

/**
 * /time_entries/{id}/edit (SPEC 2, can_edit_time_entries): anyone's unbilled entry, for those
 * who may change other people's time; a billed one is shown read-only.
 */
export default function TimeEntryEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const location = useLocation();
  const entry = useTimeEntry(id);
  // A new form only when the user asks for the stored entry again, never under his typing.
  const [generation, setGeneration] = useState(0);
  // Back where the editor came from (a client's recent time, the profile), else the profile.
  const leave = () => (location.key === 'default' ? navigate(shellPaths.profile.getHref()) : navigate(-1));
  return (
    <div>
      <PageHeader
        title="Edit time entry"
        breadcrumb={[{ label: 'Time & Expense', to: shellPaths.profile.getHref() }]}
      />
      <section className="card">
        {entry.isPending && <SkeletonRows label="Loading the time entry" />}
        {entry.isError && <QueryError error={entry.error} />}
        {entry.data && (
          <TimeEntryForm
            key={generation}
            entry={entry.data}
            defaults={{ date: entry.data.entry_date }}
            onDone={(saved) => {
              flashNotice(saved ? 'Time entry saved.' : 'Time entry deleted.');
              leave();
            }}
            onCancel={leave}
            onReload={() => void entry.refetch().then(() => setGeneration((current) => current + 1))}
          />
        )}
      </section>
    </div>
  );
}

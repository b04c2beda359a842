import { useNavigate, useSearchParams } from 'react-router';
import { formatHours } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { TimeEntryForm } from '../components/time-entry-form';
import { useFirmToday } from '../../../lib/firm-today';
import { isIsoDate } from '../utils/calendar';
import '../time-entries.css';

/** /time_entries/create (SPEC 2, can_view_time_entries): records one entry; ?date= presets its day. */
export default function TimeEntryCreatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const date = params.get('date');
  const today = useFirmToday();
  const profile = shellPaths.profile.getHref();
  return (
    <div>
      <PageHeader title="Record time" breadcrumb={[{ label: 'Time & Expense', to: profile }]} />
      <section className="card">
        <TimeEntryForm
          entry={null}
          defaults={{ date: isIsoDate(date) ? date : today }}
          onDone={(saved) => {
            if (saved)
              flashNotice(`Time entry recorded: ${formatHours(saved.minutes)} h for ${saved.client.legal_name}.`);
            navigate(saved ? `${profile}?day=${saved.entry_date}` : profile);
          }}
          onCancel={() => navigate(profile)}
        />
      </section>
    </div>
  );
}

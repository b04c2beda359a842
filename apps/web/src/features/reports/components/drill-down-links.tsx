import { Link } from 'react-router';
import { hasPermission, type ReportAnswer, type ReportRow } from '@practice/shared';
import { pageExists } from '../../../app/pages';
import { shellPaths } from '../../../config/paths';

/**
 * A client row opens that client's WIP, ledger or invoices for the report's period (issue 17),
 * each where the user may see it and the page exists.
 */
export function drillDownFor(answer: ReportAnswer, role: Parameters<typeof hasPermission>[0]) {
  if (answer.group_by !== 'client') return undefined;
  const period = new URLSearchParams({ from: answer.from, to: answer.to });
  const links = (row: ReportRow) => {
    const query = `client_id=${row.id}&${period.toString()}`;
    return [
      hasPermission(role, 'can_create_invoices') && pageExists('clientWip') && (
        <Link key="wip" to={shellPaths.clientWip.getHref(Number(row.id))}>
          WIP
        </Link>
      ),
      hasPermission(role, 'can_view_ar_ledger') && pageExists('ledger') && (
        <Link key="ledger" to={`${shellPaths.ledger.getHref()}?${query}`}>
          Ledger
        </Link>
      ),
      hasPermission(role, 'can_view_invoices') && pageExists('invoicesManage') && (
        <Link key="invoices" to={`${shellPaths.invoicesManage.getHref()}?${query}`}>
          Invoices
        </Link>
      ),
    ].filter(Boolean);
  };
  return (row: ReportRow) => {
    const shown = links(row);
    return shown.length > 0 ? (
      <span className="report-links" aria-label={`Open ${row.label}`}>
        {shown}
      </span>
    ) : null;
  };
}

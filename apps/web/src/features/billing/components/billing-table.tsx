import { Link } from 'react-router';
import { formatMoney, hasPermission } from '@practice/shared';
import { Hours } from '../../../components/hours';
import { SortHeader } from '../../../components/sort-header';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import type { BillingAnswer, BillingQuery, BillingSort } from '../api/billing-totals';

type BillingTableProps = {
  answer: BillingAnswer;
  query: BillingQuery;
  onChange: (change: Partial<BillingQuery>) => void;
};

const money = (cents: number) => formatMoney(cents, { decimals: true });

/**
 * One page of client totals, every column sortable, and a totals row over every client the
 * filters match (not only this page). A client's unbilled figures open its WIP, its billed
 * figure its invoices of the period, where the viewer may open them.
 */
export function BillingTable({ answer, query, onChange }: BillingTableProps) {
  const { user } = useSession();
  const seesWip = hasPermission(user?.full_role, 'can_create_invoices');
  const seesInvoices = hasPermission(user?.full_role, 'can_view_invoices');
  const seesClients = hasPermission(user?.full_role, 'can_view_clients');
  const sortProps = {
    sort: query.sort,
    order: query.order,
    onSort: (sort: BillingSort, order: 'asc' | 'desc') => onChange({ sort, order }),
  };
  const invoicesOf = (clientId: number) =>
    `${shellPaths.invoicesManage.getHref()}?client_id=${clientId}&from=${answer.from}&to=${answer.to}`;

  return (
    <TableFrame>
      <table className="data-table billing-table">
        <caption className="visually-hidden">Client totals</caption>
        <thead>
          <tr>
            <SortHeader label="Client ID" column="client_id" {...sortProps} />
            <SortHeader label="Client" column="client" className="wrap" {...sortProps} />
            <SortHeader label="Unbilled hours" column="unbilled_minutes" className="num" {...sortProps} />
            <SortHeader label="Unbilled value" column="unbilled_cents" className="num" {...sortProps} />
            <SortHeader label="Billed" column="billed_cents" className="num" {...sortProps} />
            <SortHeader label="Collected" column="collected_cents" className="num" {...sortProps} />
            <SortHeader label="AR balance" column="ar_balance_cents" className="num" {...sortProps} />
          </tr>
        </thead>
        <tbody>
          {answer.items.map((item) => (
            <tr key={item.client_id}>
              <td className="numeric">{item.client.client_id}</td>
              <td className="wrap">
                {seesClients ? (
                  <Link to={shellPaths.clientDetail.getHref(item.client_id)}>{item.client.legal_name}</Link>
                ) : (
                  item.client.legal_name
                )}
              </td>
              <td className="num">
                <Hours minutes={item.unbilled_minutes} />
              </td>
              <td className="num">
                {seesWip && item.unbilled_cents !== 0 ? (
                  <Link to={shellPaths.clientWip.getHref(item.client_id)} title="Open this client's WIP">
                    {money(item.unbilled_cents)}
                  </Link>
                ) : (
                  money(item.unbilled_cents)
                )}
              </td>
              <td className="num">
                {seesInvoices && item.billed_cents !== 0 ? (
                  <Link to={invoicesOf(item.client_id)} title="Open this client's invoices of the period">
                    {money(item.billed_cents)}
                  </Link>
                ) : (
                  money(item.billed_cents)
                )}
              </td>
              <td className="num">{money(item.collected_cents)}</td>
              <td className="num">{money(item.ar_balance_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="totals-row">
            <th scope="row" colSpan={2}>
              Totals ({answer.total} {answer.total === 1 ? 'client' : 'clients'})
            </th>
            <td className="num">
              <Hours minutes={answer.totals.unbilled_minutes} />
            </td>
            <td className="num">{money(answer.totals.unbilled_cents)}</td>
            <td className="num">{money(answer.totals.billed_cents)}</td>
            <td className="num">{money(answer.totals.collected_cents)}</td>
            <td className="num">{money(answer.totals.ar_balance_cents)}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

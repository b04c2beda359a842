import { formatMoney } from '@practice/shared';
import { TableFrame } from '../../../components/table-frame';
import type { Aging, AgingFigures, AgingItem } from '../api/ledger-views';

const money = (cents: number) => formatMoney(cents, { decimals: true });

const BUCKETS: { key: keyof AgingFigures; label: string }[] = [
  { key: 'current_cents', label: 'Current' },
  { key: 'days_1_30_cents', label: '1-30' },
  { key: 'days_31_60_cents', label: '31-60' },
  { key: 'days_61_90_cents', label: '61-90' },
  { key: 'days_over_90_cents', label: 'Over 90' },
  { key: 'unapplied_cents', label: 'Unapplied credit' },
  { key: 'balance_cents', label: 'Balance' },
];

type AgingTableProps = { aging: Aging; onClient: (client: AgingItem['client']) => void };

/**
 * One page of per client open balances by days past due, unapplied credit and balance; below it
 * the totals of every client with a balance (the API's `totals`, not the sum of this page).
 */
export function AgingTable({ aging, onClient }: AgingTableProps) {
  return (
    <TableFrame>
      <table className="data-table ledger-table">
        <caption className="visually-hidden">AR aging as of {aging.as_of}, days past due</caption>
        <thead>
          <tr>
            <th scope="col" className="wrap">
              Client
            </th>
            {BUCKETS.map((bucket) => (
              <th key={bucket.key} scope="col" className="num">
                {bucket.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {aging.items.map((item) => (
            <tr key={item.client_id}>
              <th scope="row" className="wrap">
                <button
                  type="button"
                  className="link-button"
                  title="Show this client's ledger"
                  onClick={() => onClient(item.client)}
                >
                  {item.client.legal_name}
                </button>
              </th>
              {BUCKETS.map((bucket) => (
                <td key={bucket.key} className="num">
                  {money(item[bucket.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{aging.total === 1 ? 'Total' : `All ${aging.total} clients`}</th>
            {BUCKETS.map((bucket) => (
              <td key={bucket.key} className="num">
                {money(aging.totals[bucket.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

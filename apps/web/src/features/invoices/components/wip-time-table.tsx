import { formatDate, formatHours, formatMoney } from '@practice/shared';
import type { BillPreview } from './bill-preview';
import type { WipGroup, WipGrouping } from './wip-groups';

type WipTimeTableProps = {
  groups: WipGroup[];
  grouping: WipGrouping;
  selected: ReadonlySet<number>;
  preview: BillPreview;
  onToggle: (ids: number[], on: boolean) => void;
};

function writeText(cents: number): string {
  if (cents === 0) return '';
  return cents > 0 ? `+${formatMoney(cents, { decimals: true })}` : formatMoney(cents, { decimals: true });
}

/**
 * The unbilled time in groups, each with a checkbox that selects the whole group; a
 * selected entry shows what it bills for and its write-up or write-down.
 */
export function WipTimeTable({ groups, grouping, selected, preview, onToggle }: WipTimeTableProps) {
  const otherColumn = grouping === 'activity' ? 'Staff' : 'Activity';
  return (
    <div className="table-scroll">
      <table className="data-table wip-table">
        <caption className="visually-hidden">Unbilled time by {grouping}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col">Date</th>
            <th scope="col" className="hide-narrow">
              {otherColumn}
            </th>
            <th scope="col" className="wrap hide-narrow">
              Narrative
            </th>
            <th scope="col" className="num hide-narrow">
              Hours
            </th>
            <th scope="col" className="num hide-narrow">
              Rate
            </th>
            <th scope="col" className="num">
              Standard
            </th>
            <th scope="col" className="num">
              Bill
            </th>
            <th scope="col" className="num hide-narrow">
              Write-up/down
            </th>
          </tr>
        </thead>
        {groups.map((group) => {
          const ids = group.entries.map((entry) => entry.id);
          const chosen = ids.filter((id) => selected.has(id)).length;
          return (
            <tbody key={group.key}>
              <tr className="group-row">
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select all of ${group.label}`}
                    checked={chosen === ids.length}
                    ref={(box) => {
                      if (box) box.indeterminate = chosen > 0 && chosen < ids.length;
                    }}
                    onChange={(event) => onToggle(ids, event.target.checked)}
                  />
                </td>
                {/* One cell across the row, whichever columns the screen shows. */}
                <th scope="rowgroup" colSpan={8} className="group-label">
                  {group.label}
                  <span className="group-sums">
                    {formatHours(group.minutes)} h, {formatMoney(group.cents, { decimals: true })}
                  </span>
                </th>
              </tr>
              {group.entries.map((entry) => {
                const billed = selected.has(entry.id) ? preview.perEntry.get(entry.id) : undefined;
                return (
                  <tr key={entry.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${formatDate(entry.entry_date)} ${entry.user.name} ${formatHours(entry.minutes)} h`}
                        checked={selected.has(entry.id)}
                        onChange={(event) => onToggle([entry.id], event.target.checked)}
                      />
                    </td>
                    <td>
                      {formatDate(entry.entry_date)}
                      <span className="show-narrow muted">{formatHours(entry.minutes)} h</span>
                    </td>
                    <td className="hide-narrow">
                      {grouping === 'activity' ? entry.user.name : entry.activity_type.name}
                    </td>
                    <td className="wrap hide-narrow">{entry.narrative}</td>
                    <td className="num hide-narrow">{formatHours(entry.minutes)}</td>
                    <td className="num hide-narrow">{formatMoney(entry.rate_cents, { decimals: true })}</td>
                    <td className="num">{formatMoney(entry.amount_cents, { decimals: true })}</td>
                    <td className="num">
                      {billed ? formatMoney(billed.billed_cents, { decimals: true }) : ''}
                      {billed && billed.write_cents !== 0 && (
                        <span className={`show-narrow ${billed.write_cents < 0 ? 'write-down' : 'write-up'}`}>
                          {writeText(billed.write_cents)}
                        </span>
                      )}
                    </td>
                    <td className={`num hide-narrow ${billed && billed.write_cents < 0 ? 'write-down' : 'write-up'}`}>
                      {billed ? writeText(billed.write_cents) : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

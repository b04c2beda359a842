import { formatDate, formatHours, formatMoney } from '@practice/shared';
import { useFirmLogo } from '../../../lib/firm-logo';
import type { Invoice, InvoiceLineView } from '../api/invoice-views';

const money = (cents: number) => formatMoney(cents, { decimals: true });

/** 825 basis points read as "8.25%". */
export function taxRateText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

function LineRow({ line, dated }: { line: InvoiceLineView; dated: boolean }) {
  return (
    <tr>
      {dated && <td className="hide-narrow">{line.item_date ? formatDate(line.item_date) : ''}</td>}
      <td className="wrap">
        {line.item_date && <span className="show-narrow muted">{formatDate(line.item_date)}</span>}
        {line.description}
        {line.user && <span className="muted"> ({line.user.name})</span>}
      </td>
      <td className="num">{line.kind === 'time' && line.minutes ? formatHours(line.minutes) : ''}</td>
      <td className="num">{money(line.amount_cents)}</td>
    </tr>
  );
}

/** A totals row; its label spans the description and hours columns, whichever date column a screen shows. */
function TotalRow({ dated, label, amount }: { dated: boolean; label: string; amount: string }) {
  return (
    <tr>
      {dated && <td className="hide-narrow" />}
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num">{amount}</td>
    </tr>
  );
}

/**
 * The invoice as the client reads it, on screen as on paper: the firm's header and
 * remit-to, the client, dates and terms, the narrative, the lines (time, expenses, fixed
 * fees), tax, total and, once issued, what is paid, credited and due, with the portal code.
 * Text typed by people is rendered as text only.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const firm = invoice.organization;
  // The logo lives on the API's host (GET /api/organization/logo): shown from a fetched copy.
  const logo = useFirmLogo(firm?.logo_url);
  const lines = invoice.lines.filter((line) => line.kind !== 'tax');
  const issued = invoice.status !== 'draft';
  // A summary has no dates: the column shows only when a line has one (the detail layout).
  const dated = lines.some((line) => line.item_date);
  return (
    <article className="invoice-document" aria-label={invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}>
      <header>
        <div>
          {firm && logo && <img className="firm-logo" src={logo} alt={`${firm.name} logo`} />}
          {firm && <h2>{firm.name}</h2>}
          {firm?.remit_to && (
            <p className="remit-to">
              <span className="muted">Remit to:</span>
              {'\n'}
              {firm.remit_to}
            </p>
          )}
        </div>
        <div>
          <h2>{invoice.number ? `Invoice ${invoice.number}` : 'Invoice (draft)'}</h2>
          <dl className="invoice-facts">
            <dt>Invoice date</dt>
            <dd>{formatDate(invoice.issue_date, { long: true }) || 'When issued'}</dd>
            <dt>Due date</dt>
            <dd>{formatDate(invoice.due_date, { long: true })}</dd>
            {invoice.terms_days !== undefined && invoice.terms_days !== null && (
              <>
                <dt>Terms</dt>
                <dd>{invoice.terms_days === 0 ? 'Due on receipt' : `Net ${invoice.terms_days}`}</dd>
              </>
            )}
          </dl>
        </div>
      </header>
      <section aria-label="Bill to">
        <p>
          <span className="muted">Bill to</span>
          <br />
          <strong>{invoice.client.legal_name}</strong> ({invoice.client.client_id})
        </p>
      </section>
      {invoice.narrative && <p className="narrative">{invoice.narrative}</p>}
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Invoice lines</caption>
          <thead>
            <tr>
              {dated && (
                <th scope="col" className="hide-narrow">
                  Date
                </th>
              )}
              <th scope="col" className="wrap">
                Description
              </th>
              <th scope="col" className="num">
                Hours
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <LineRow key={index} line={line} dated={dated} />
            ))}
          </tbody>
          <tfoot>
            <TotalRow dated={dated} label="Subtotal" amount={money(invoice.subtotal_cents)} />
            {invoice.tax_rate_bp > 0 && (
              <TotalRow
                dated={dated}
                label={`Tax (${taxRateText(invoice.tax_rate_bp)})`}
                amount={money(invoice.tax_cents)}
              />
            )}
            <TotalRow dated={dated} label="Total" amount={money(invoice.total_cents)} />
            {issued && invoice.applied_cents > 0 && (
              <TotalRow dated={dated} label="Payments" amount={money(-invoice.applied_cents)} />
            )}
            {issued && invoice.credited_cents > 0 && (
              <TotalRow dated={dated} label="Credits" amount={money(-invoice.credited_cents)} />
            )}
            {issued && <TotalRow dated={dated} label="Balance due" amount={money(invoice.balance_cents)} />}
          </tfoot>
        </table>
      </div>
      {invoice.access_code && (
        <p>
          Pay or view online{invoice.portal_url ? ` at ${invoice.portal_url}` : ''} with access code{' '}
          <strong>{invoice.access_code}</strong>.
        </p>
      )}
      {firm?.invoice_footer && <p className="muted narrative">{firm.invoice_footer}</p>}
    </article>
  );
}

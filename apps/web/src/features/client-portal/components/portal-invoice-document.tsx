import { formatDate, formatHours, formatMoney, type PortalInvoice } from '@practice/shared';
import { StatusBadge } from '../../../components/status-badge';
import '../../../styles/data.css';

const money = (cents: number) => formatMoney(cents, { decimals: true });
/** 825 basis points read as "8.25%", as the PDF prints it. */
const taxRateText = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const STATUS_WORDS: Record<string, string> = { pending: 'Open', partial: 'Partly paid', paid: 'Paid' };

function TotalRow({ label, amount }: { label: string; amount: string }) {
  return (
    <tr>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num">{amount}</td>
    </tr>
  );
}

/** The invoice as its PDF shows it: the firm's remit-to, the dates, the lines and the totals; text stays text. */
export function PortalInvoiceDocument({ data }: { data: PortalInvoice }) {
  const { invoice, firm } = data;
  const lines = invoice.lines.filter((line) => line.kind !== 'tax');
  return (
    <article className="portal-document" aria-labelledby="portal-invoice-title">
      <header>
        <div>
          <h2>{firm.name}</h2>
          {firm.remit_to && (
            <p className="remit-to">
              <span className="muted">Remit to:</span>
              {'\n'}
              {firm.remit_to}
            </p>
          )}
        </div>
        <div>
          <h1 id="portal-invoice-title" className="portal-invoice-title">
            Invoice {invoice.number}{' '}
            <StatusBadge status={invoice.status} label={STATUS_WORDS[invoice.status] ?? invoice.status} />
          </h1>
          <dl className="portal-facts">
            <dt>Invoice date</dt>
            <dd>{formatDate(invoice.issue_date, { long: true })}</dd>
            <dt>Due date</dt>
            <dd>{formatDate(invoice.due_date, { long: true })}</dd>
            <dt>Bill to</dt>
            <dd>{invoice.client_name}</dd>
          </dl>
        </div>
      </header>
      {invoice.narrative && <p className="narrative">{invoice.narrative}</p>}
      <div className="portal-lines">
        <table className="data-table">
          <caption className="visually-hidden">Invoice lines</caption>
          <thead>
            <tr>
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
              <tr key={index}>
                <td className="wrap">{line.description}</td>
                <td className="num">{line.kind === 'time' && line.minutes ? formatHours(line.minutes) : ''}</td>
                <td className="num">{money(line.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <TotalRow label="Subtotal" amount={money(invoice.subtotal_cents)} />
            {invoice.tax_rate_bp > 0 && (
              <TotalRow label={`Tax (${taxRateText(invoice.tax_rate_bp)})`} amount={money(invoice.tax_cents)} />
            )}
            <TotalRow label="Total" amount={money(invoice.total_cents)} />
            {invoice.applied_cents > 0 && <TotalRow label="Payments" amount={money(-invoice.applied_cents)} />}
            {invoice.credited_cents > 0 && <TotalRow label="Credits" amount={money(-invoice.credited_cents)} />}
            <TotalRow label="Balance due" amount={money(invoice.balance_cents)} />
          </tfoot>
        </table>
      </div>
      {firm.invoice_footer && <p className="muted narrative">{firm.invoice_footer}</p>}
    </article>
  );
}

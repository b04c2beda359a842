import { formatDate, formatMoney, PAYMENT_METHOD_LABELS } from '@practice/shared';
import { renderPdf, type PdfCanvas } from '../../lib/pdf/render';
import type { FontWeight } from '../../lib/pdf/unicode-fonts';
import type { StatementData } from './statement-data';

const money = (cents: number) => formatMoney(cents, { decimals: true });
const longDate = (date: string) => formatDate(date, { long: true });
const MARGIN = 50;
const RIGHT = 612 - MARGIN;
const PAGE_BOTTOM = 700;

type Column = { label: string; x: number; width: number; align?: 'right' };

function colourOf(value: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#007bff';
}

/**
 * The client statement as a PDF (ADR 0136), drawn like the invoice (pdfkit, Helvetica or embedded
 * Unicode fonts, ADR 0135 and 0175): firm header, client, balance due, open invoices with their
 * balances, the aging buckets, and the payments since the last statement.
 */
export function renderStatementPdf(data: StatementData): Promise<Buffer> {
  return renderPdf(
    {
      size: 'LETTER',
      margin: MARGIN,
      info: { Title: `Statement ${data.client.client_id} ${data.as_of}`, Author: data.firm.name },
    },
    (canvas) => drawStatement(canvas, data),
  );
}

function drawStatement({ document, write }: PdfCanvas, data: StatementData): void {
  const row = (columns: Column[], values: string[], weight: FontWeight) => {
    if (document.y > PAGE_BOTTOM) document.addPage();
    const y = document.y;
    let bottom = y;
    columns.forEach((column, index) => {
      write(values[index] ?? '', weight, column.x, y, { width: column.width, align: column.align ?? 'left' });
      bottom = Math.max(bottom, document.y);
    });
    document.y = bottom + 3;
  };
  const table = (columns: Column[], values: string[][]) => {
    row(
      columns,
      columns.map((column) => column.label),
      'bold',
    );
    document
      .moveTo(MARGIN, document.y - 1)
      .lineTo(RIGHT, document.y - 1)
      .strokeColor('#c5cdd6')
      .stroke();
    document.y += 2;
    for (const line of values) row(columns, line, 'regular');
  };
  const heading = (text: string) => {
    if (document.y > PAGE_BOTTOM - 40) document.addPage();
    document.moveDown(1.2).fontSize(11);
    write(text, 'bold', MARGIN);
    document.fontSize(9).moveDown(0.3);
  };

  document.fillColor(colourOf(data.firm.primaryColor)).fontSize(20);
  write(data.firm.name, 'bold', MARGIN, MARGIN, { width: 270 });
  document.fillColor('#1f2933').fontSize(9);
  if (data.firm.remitTo) write(`Remit to: ${data.firm.remitTo}`, 'regular', MARGIN, undefined, { width: 270 });
  const headerBottom = document.y;

  document.fontSize(14);
  write('STATEMENT', 'bold', 330, MARGIN, { width: RIGHT - 330, align: 'right' });
  document.fontSize(9);
  for (const fact of [`Statement date: ${longDate(data.as_of)}`, `Client ID: ${data.client.client_id}`])
    write(fact, 'regular', 330, undefined, { width: RIGHT - 330, align: 'right' });

  document.y = Math.max(document.y, headerBottom) + 24;
  const clientTop = document.y;
  write('Statement for', 'bold', MARGIN, clientTop, { width: 270 });
  write(data.client.legal_name, 'regular', MARGIN, undefined, { width: 270 });
  for (const line of data.client.address) write(line, 'regular', MARGIN, undefined, { width: 270 });
  const clientBottom = document.y;
  document.fontSize(12);
  write('Balance due', 'bold', 330, clientTop, { width: RIGHT - 330, align: 'right' });
  write(money(data.aging.balance_cents), 'bold', 330, undefined, { width: RIGHT - 330, align: 'right' });
  document.fontSize(9);
  document.y = Math.max(document.y, clientBottom);

  heading('Open invoices');
  if (data.invoices.length === 0) write('No open invoices.', 'regular', MARGIN);
  else
    table(
      [
        { label: 'Invoice', x: MARGIN, width: 110 },
        { label: 'Date', x: 165, width: 70 },
        { label: 'Due', x: 240, width: 70 },
        { label: 'Days past due', x: 310, width: 70, align: 'right' },
        { label: 'Amount', x: 385, width: 80, align: 'right' },
        { label: 'Balance', x: 470, width: RIGHT - 470, align: 'right' },
      ],
      data.invoices.map((invoice) => [
        invoice.number,
        formatDate(invoice.issue_date),
        formatDate(invoice.due_date),
        invoice.days_past_due > 0 ? String(invoice.days_past_due) : '',
        money(invoice.total_cents),
        money(invoice.balance_cents),
      ]),
    );

  heading('Aging');
  const buckets: [string, number][] = [
    ['Current', data.aging.current_cents],
    ['1-30 days past due', data.aging.days_1_30_cents],
    ['31-60 days past due', data.aging.days_31_60_cents],
    ['61-90 days past due', data.aging.days_61_90_cents],
    ['Over 90 days past due', data.aging.days_over_90_cents],
    ['Unapplied credit', data.aging.unapplied_cents],
    ['Balance', data.aging.balance_cents],
  ];
  for (const [label, cents] of buckets)
    row(
      [
        { label, x: MARGIN, width: 160 },
        { label: '', x: 215, width: 90, align: 'right' },
      ],
      [label, money(cents)],
      label === 'Balance' ? 'bold' : 'regular',
    );

  heading(
    data.since_last_statement
      ? `Payments since the last statement (${longDate(data.payments_after)})`
      : `Payments since ${longDate(data.payments_after)}`,
  );
  if (data.payments.length === 0) write('No payments received.', 'regular', MARGIN);
  else
    table(
      [
        { label: 'Date', x: MARGIN, width: 80 },
        { label: 'Method', x: 135, width: 70 },
        { label: 'Reference', x: 210, width: 250 },
        { label: 'Amount', x: 465, width: RIGHT - 465, align: 'right' },
      ],
      data.payments.map((payment) => [
        formatDate(payment.payment_date),
        PAYMENT_METHOD_LABELS[payment.method],
        payment.reference,
        money(payment.amount_cents),
      ]),
    );

  document.moveDown(1.5).fontSize(8).fillColor('#52606d');
  write(statementFooter(data.firm), 'regular', MARGIN, undefined, { width: RIGHT - MARGIN });
}

/**
 * A statement's own footer (ADR 0209): the firm's invoice footer speaks of "this invoice", so
 * the statement asks its question about itself, with the contact address the firm put in
 * that footer, or its name when there is none.
 */
export function statementFooter(firm: { name: string; invoiceFooter: string }): string {
  const address = /[^\s:;,<>()]+@[^\s:;,<>()]+\.[A-Za-z]{2,}/.exec(firm.invoiceFooter)?.[0];
  return `Questions about this statement: ${address ?? `contact ${firm.name}`}`;
}

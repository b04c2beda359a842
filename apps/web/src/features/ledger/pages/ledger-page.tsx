import { useState } from 'react';
import { formatDate, formatMoney } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { StatementActions } from '../../../components/statement-actions';
import { Pagination } from '../../../components/pagination';
import { QueryError } from '../../../components/query-error';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { LEDGER_PAGE_SIZE, agingParams, journalParams, useAging, useLedger } from '../api/ledger-queries';
import { LEDGER_KINDS, type LedgerPage } from '../api/ledger-views';
import { AgingTable } from '../components/aging-table';
import { JournalTable } from '../components/journal-table';
import { KIND_LABELS } from '../components/ledger-labels';
import {
  LedgerClientFilter,
  PartnerFilter,
  useLedgerClient,
  usePartnerName,
  type LedgerClient,
} from '../components/ledger-pickers';
import { useLedgerQuery, type LedgerPageQuery } from '../components/use-ledger-query';
import '../ledger.css';

const money = (cents: number) => formatMoney(cents, { decimals: true });

/** Opening, debits, credits and closing of the filtered journal (closing only when every kind counts). */
function JournalSummary({ journal, query }: { journal: LedgerPage; query: LedgerPageQuery }) {
  const closing = journal.opening_balance_cents + journal.totals.balance_cents;
  return (
    <dl className="ledger-summary" aria-label="Journal totals">
      {query.from && (
        <div>
          <dt>Opening balance</dt>
          <dd>{money(journal.opening_balance_cents)}</dd>
        </div>
      )}
      <div>
        <dt>Debits</dt>
        <dd>{money(journal.totals.debit_cents)}</dd>
      </div>
      <div>
        <dt>Credits</dt>
        <dd>{money(journal.totals.credit_cents)}</dd>
      </div>
      {!query.kind && (
        <div>
          <dt>{query.to ? 'Balance at the end' : 'Balance'}</dt>
          <dd>{money(closing)}</dd>
        </div>
      )}
    </dl>
  );
}

function JournalView({
  query,
  onChange,
}: {
  query: LedgerPageQuery;
  onChange: (change: Partial<LedgerPageQuery>) => void;
}) {
  const filters = { clientId: query.clientId, from: query.from, to: query.to, kind: query.kind };
  const journal = useLedger(filters, query.page);
  const filtered = Boolean(query.clientId || query.from || query.to || query.kind);
  return (
    <section className="card" aria-label="Journal">
      <div className="card-header">
        <h2>Journal</h2>
        <ExportCsvButton path={`/ledger/export.csv?${journalParams(filters).toString()}`} fileName="ar-ledger.csv" />
      </div>
      <div className="filter-bar">
        <FormField
          label="From"
          type="date"
          value={query.from}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <FormField label="To" type="date" value={query.to} onChange={(event) => onChange({ to: event.target.value })} />
        <SelectField
          label="Kind"
          value={query.kind ?? ''}
          onChange={(event) => onChange({ kind: LEDGER_KINDS.find((kind) => kind === event.target.value) ?? null })}
        >
          <option value="">All kinds</option>
          {LEDGER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
      </div>
      {journal.isPending && <SkeletonRows label="Loading the journal" />}
      {journal.isError && <QueryError error={journal.error} />}
      {journal.data && <JournalSummary journal={journal.data} query={query} />}
      {journal.data && journal.data.items.length === 0 && (
        <EmptyState title={filtered ? 'No ledger rows match these filters' : 'No ledger rows yet'}>
          <p className="muted">Issued invoices, payments, credits and refunds are written here.</p>
        </EmptyState>
      )}
      {journal.data && journal.data.items.length > 0 && (
        <>
          <JournalTable
            journal={journal.data}
            oneClient={query.clientId !== null}
            onClient={(client) => onChange({ clientId: client.id })}
          />
          <Pagination
            page={journal.data.page}
            pageSize={LEDGER_PAGE_SIZE}
            total={journal.data.total}
            noun="rows"
            onPage={(page) => onChange({ page })}
          />
        </>
      )}
    </section>
  );
}

function AgingView({
  query,
  onChange,
}: {
  query: LedgerPageQuery;
  onChange: (change: Partial<LedgerPageQuery>) => void;
}) {
  const filters = { asOf: query.asOf, clientId: query.clientId, partnerId: query.partnerId };
  const aging = useAging(filters, query.page);
  const partnerName = usePartnerName(query.partnerId);
  const [partner, setPartner] = useState<{ id: number; name: string } | null>(null);
  const partnerValue =
    query.partnerId === null
      ? null
      : partner?.id === query.partnerId
        ? partner
        : { id: query.partnerId, name: partnerName ?? '' };
  return (
    <section className="card" aria-label="Aging">
      <div className="card-header">
        <h2>Aging{aging.data ? ` as of ${formatDate(aging.data.as_of, { long: true })}` : ''}</h2>
        <ExportCsvButton path={`/ledger/aging/export.csv?${agingParams(filters).toString()}`} fileName="ar-aging.csv" />
      </div>
      <div className="filter-bar">
        <FormField
          label="As of"
          type="date"
          value={query.asOf || (aging.data?.as_of ?? '')}
          onChange={(event) => onChange({ asOf: event.target.value })}
        />
        <div className="form-field-grow">
          <PartnerFilter
            value={partnerValue}
            onChange={(person) => {
              setPartner(person);
              onChange({ partnerId: person?.id ?? null });
            }}
          />
        </div>
      </div>
      <p className="muted ledger-note">
        Open invoice balances by days past due; unapplied credit is shown as a negative figure.
      </p>
      {aging.isPending && <SkeletonRows label="Loading the aging" />}
      {aging.isError && <QueryError error={aging.error} />}
      {aging.data && aging.data.items.length === 0 && (
        <EmptyState title="No balances on this date">
          <p className="muted">No client owes anything or holds a credit.</p>
        </EmptyState>
      )}
      {aging.data && aging.data.items.length > 0 && (
        <>
          <AgingTable aging={aging.data} onClient={(client) => onChange({ clientId: client.id })} />
          <Pagination
            page={aging.data.page}
            pageSize={LEDGER_PAGE_SIZE}
            total={aging.data.total}
            noun="clients"
            onPage={(page) => onChange({ page })}
          />
        </>
      )}
    </section>
  );
}

/** /ledger (SPEC 2, can_view_ar_ledger): the AR journal and the aging, filters in the URL (ADR 0137). */
export default function LedgerPage() {
  const [query, setQuery] = useLedgerQuery();
  const client = useLedgerClient(query.clientId);
  const [picked, setPicked] = useState<LedgerClient | null>(null);
  const chosen =
    query.clientId === null ? null : ((picked?.id === query.clientId ? picked : null) ?? client.data ?? null);
  const statementDate = query.view === 'aging' ? query.asOf : query.to;

  return (
    <div className="ledger-page">
      <PageHeader title="AR Ledger">
        <div className="view-switch" role="group" aria-label="View">
          {(['journal', 'aging'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className="button"
              aria-pressed={query.view === view}
              onClick={() => setQuery({ view })}
            >
              {view === 'journal' ? 'Journal' : 'Aging'}
            </button>
          ))}
        </div>
      </PageHeader>
      <div className="filter-bar" role="search">
        <div className="form-field-grow">
          <LedgerClientFilter
            value={chosen}
            onChange={(next) => {
              setPicked(next);
              setQuery({ clientId: next?.id ?? null });
            }}
          />
        </div>
      </div>
      {chosen && (
        <section className="card ledger-client" aria-label="Client statement">
          <div className="card-header">
            <h2>
              {chosen.legal_name} <span className="muted nowrap">({chosen.client_id})</span>
            </h2>
            <StatementActions
              client={{ ...chosen, invoice_email: client.data?.invoice_email ?? chosen.invoice_email ?? null }}
              asOf={statementDate}
            />
          </div>
        </section>
      )}
      {query.view === 'journal' ? (
        <JournalView query={query} onChange={setQuery} />
      ) : (
        <AgingView query={query} onChange={setQuery} />
      )}
    </div>
  );
}

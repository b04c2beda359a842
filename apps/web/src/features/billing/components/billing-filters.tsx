import { SearchCombobox } from '../../../components/search-combobox';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';
import { BILLING_PERIODS, type BillingPeriod, type BillingQuery } from '../api/billing-totals';
import { partnerOptionsQuery, type PartnerOption } from '../api/partner-options';

export const PERIOD_LABELS: Record<BillingPeriod, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This year',
  custom: 'Custom',
};

type PersonChoice = { id: number; name: string };

type BillingFiltersProps = {
  query: BillingQuery;
  /** The period the server worked out, to start a custom one from. */
  shown: { from: string; to: string } | null;
  partner: PersonChoice | null;
  onChange: (change: Partial<BillingQuery>) => void;
};

/** Period (named or custom dates), responsible partner and client search, above the totals. */
export function BillingFilters({ query, shown, partner, onChange }: BillingFiltersProps) {
  const { search, type } = useUrlSearchBox(query.q, (q) => onChange({ q }));
  const partnerChoice = partner ?? (query.partnerId ? { id: query.partnerId, name: 'The chosen partner' } : null);

  function choosePeriod(period: BillingPeriod): void {
    if (period === 'custom') onChange({ period, from: shown?.from ?? '', to: shown?.to ?? '' });
    else onChange({ period, from: '', to: '' });
  }

  return (
    <div className="filter-bar" role="search">
      <SelectField
        label="Period"
        value={query.period}
        onChange={(event) => choosePeriod(event.target.value as BillingPeriod)}
      >
        {BILLING_PERIODS.map((period) => (
          <option key={period} value={period}>
            {PERIOD_LABELS[period]}
          </option>
        ))}
      </SelectField>
      {query.period === 'custom' && (
        <>
          <FormField
            label="From"
            type="date"
            value={query.from}
            onChange={(event) => onChange({ period: 'custom', from: event.target.value })}
          />
          <FormField
            label="To"
            type="date"
            value={query.to}
            onChange={(event) => onChange({ period: 'custom', to: event.target.value })}
          />
        </>
      )}
      <div className="billing-partner">
        <SearchCombobox<PersonChoice, PartnerOption>
          label="Responsible partner"
          value={partnerChoice}
          onChange={(option) => onChange({ partnerId: option?.id ?? null })}
          placeholder="Every partner"
          noMatches="No matching people"
          options={partnerOptionsQuery}
          textOf={(person) => person.name}
          renderOption={(option) => (
            <>
              {option.name} <span className="muted">({option.role})</span>
            </>
          )}
        />
      </div>
      <div className="form-field-grow">
        <FormField
          label="Search clients"
          type="search"
          placeholder="Client ID, legal name or DBA"
          value={search}
          onChange={(event) => type(event.target.value)}
        />
      </div>
    </div>
  );
}

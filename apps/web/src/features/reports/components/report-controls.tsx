import { REPORT_NAMES, REPORTS, type ReportGroup } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SearchCombobox } from '../../../components/search-combobox';
import { SelectField } from '../../../components/select-field';
import {
  reportClientOptions,
  reportPeopleOptions,
  type ReportClientOption,
  type ReportPersonOption,
} from '../api/filter-options';
import { GROUP_LABELS } from './report-columns';
import { PERIOD_LABELS, PERIODS, type Period } from './report-period';
import type { ReportQuery } from './use-report-query';

export type FilterNames = {
  client: ReportClientOption | null;
  staff: ReportPersonOption | null;
  partner: ReportPersonOption | null;
};

type ReportControlsProps = {
  query: ReportQuery;
  names: FilterNames;
  onNames: (names: Partial<FilterNames>) => void;
  onChange: (change: Partial<ReportQuery>) => void;
  /** Whether the client and people pickers can search (they read what can_view_clients shows). */
  canPick: boolean;
};

function PersonFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ReportPersonOption | null;
  onChange: (person: ReportPersonOption | null) => void;
}) {
  return (
    <SearchCombobox<ReportPersonOption, ReportPersonOption>
      label={label}
      value={value}
      onChange={onChange}
      placeholder="Everyone"
      noMatches="No matching people"
      options={reportPeopleOptions}
      textOf={(person) => person.name}
      renderOption={(option) => option.name}
    />
  );
}

/** The report, its period (or as-of day), grouping and the filters it takes. */
export function ReportControls({ query, names, onNames, onChange, canPick }: ReportControlsProps) {
  const shape = REPORTS[query.name];
  const filters = canPick ? shape.filters : [];
  return (
    <div className="filter-bar report-controls" role="search">
      <SelectField
        label="Report"
        value={query.name}
        onChange={(event) => onChange({ name: REPORT_NAMES.find((name) => name === event.target.value) })}
      >
        {REPORT_NAMES.map((name) => (
          <option key={name} value={name}>
            {REPORTS[name].title}
          </option>
        ))}
      </SelectField>
      {shape.asOf ? (
        <FormField
          label="As of"
          type="date"
          value={query.asOf}
          onChange={(event) => onChange({ asOf: event.target.value })}
        />
      ) : (
        <>
          <SelectField
            label="Period"
            value={query.period}
            onChange={(event) => onChange({ period: event.target.value as Period })}
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </SelectField>
          {query.period === 'custom' && (
            <>
              <FormField
                label="From month"
                type="month"
                value={query.from}
                onChange={(event) => onChange({ from: event.target.value })}
              />
              <FormField
                label="To month"
                type="month"
                value={query.to}
                onChange={(event) => onChange({ to: event.target.value })}
              />
            </>
          )}
        </>
      )}
      {shape.groups.length > 1 && (
        <SelectField
          label="Group by"
          value={query.groupBy}
          onChange={(event) => onChange({ groupBy: event.target.value as ReportGroup })}
        >
          {shape.groups.map((group) => (
            <option key={group} value={group}>
              {GROUP_LABELS[group]}
            </option>
          ))}
        </SelectField>
      )}
      {filters.includes('client_id') && (
        <SearchCombobox<ReportClientOption, ReportClientOption>
          label="Client"
          value={query.clientId ? names.client : null}
          onChange={(client) => {
            onNames({ client });
            onChange({ clientId: client?.id ?? null });
          }}
          placeholder="All clients"
          noMatches="No matching clients"
          options={reportClientOptions}
          textOf={(client) => `${client.legal_name} (${client.client_id})`}
          renderOption={(client) => (
            <>
              {client.legal_name} <span className="muted">({client.client_id})</span>
            </>
          )}
        />
      )}
      {filters.includes('staff_id') && (
        <PersonFilter
          label="Staff"
          value={query.staffId ? names.staff : null}
          onChange={(staff) => {
            onNames({ staff });
            onChange({ staffId: staff?.id ?? null });
          }}
        />
      )}
      {filters.includes('partner_id') && (
        <PersonFilter
          label="Responsible partner"
          value={query.partnerId ? names.partner : null}
          onChange={(partner) => {
            onNames({ partner });
            onChange({ partnerId: partner?.id ?? null });
          }}
        />
      )}
    </div>
  );
}

import type { Ref } from 'react';
import { SearchCombobox } from '../../../components/search-combobox';
import { clientOptionsQuery, type ClientOption } from '../api/client-options';

export type ClientChoice = { id: number; client_id: string; legal_name: string };

export function clientChoiceOf(client: ClientChoice): ClientChoice {
  return { id: client.id, client_id: client.client_id, legal_name: client.legal_name };
}

/** "Acme LLC (C-1001)": how a chosen client reads in a box or a line. */
export function clientLabel(client: ClientChoice): string {
  return `${client.legal_name} (${client.client_id})`;
}

type ClientPickerProps = {
  label: string;
  value: ClientChoice | null;
  onChange: (choice: ClientChoice | null) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/** The firm's clients that may take new work, searched on the server as the user types. */
export function ClientPicker({ onChange, ...props }: ClientPickerProps) {
  return (
    <SearchCombobox<ClientChoice, ClientOption>
      {...props}
      onChange={(option) => onChange(option && clientChoiceOf(option))}
      placeholder="Search by name or client ID"
      noMatches="No matching clients"
      options={clientOptionsQuery}
      textOf={clientLabel}
      renderOption={(option) => (
        <>
          {option.legal_name} <span className="muted">({option.client_id})</span>
        </>
      )}
    />
  );
}

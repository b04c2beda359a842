import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { SearchCombobox } from '../../../components/search-combobox';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

const clientSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  legal_name: z.string(),
  invoice_email: z.optional(z.nullable(z.string())),
});
export type LedgerClient = z.infer<typeof clientSchema>;

const OPTIONS_MAX = 20;

const personOptionSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
type PersonOption = z.infer<typeof personOptionSchema>;

/** GET /users/options: the firm's active people by name, for the partner filter. */
function peopleOptionsQuery(search: string) {
  return {
    queryKey: ['ledger', 'people-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(OPTIONS_MAX) });
      if (search) params.set('q', search);
      const answer = z.object({ items: z.array(personOptionSchema) });
      return parseAnswer(answer, await api.get(`/users/options?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}

/** GET /clients searched by name or code, every status: an inactive client may still owe. */
function clientOptionsQuery(search: string) {
  return {
    queryKey: ['ledger', 'client-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(OPTIONS_MAX), sort: 'legal_name' });
      if (search) params.set('q', search);
      return parseAnswer(pageSchema(clientSchema), await api.get(`/clients?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}

/** The client the URL names, for the picker's text and the statement's default recipient. */
export function useLedgerClient(clientId: number | null) {
  return useQuery({
    queryKey: ['ledger', 'client', clientId],
    queryFn: async () => parseAnswer(clientSchema, await api.get(`/clients/${clientId}`)),
    enabled: clientId !== null,
    staleTime: 60_000,
  });
}

type ClientFilterProps = { value: LedgerClient | null; onChange: (client: LedgerClient | null) => void };

export function LedgerClientFilter({ value, onChange }: ClientFilterProps) {
  return (
    <SearchCombobox<LedgerClient, LedgerClient>
      label="Client"
      value={value}
      onChange={onChange}
      placeholder="All clients: type to choose"
      noMatches="No matching clients"
      options={clientOptionsQuery}
      textOf={(client) => `${client.legal_name} (${client.client_id})`}
      renderOption={(option) => (
        <>
          {option.legal_name} <span className="muted">({option.client_id})</span>
        </>
      )}
    />
  );
}

type Person = { id: number; name: string };
type PartnerFilterProps = { value: Person | null; onChange: (person: Person | null) => void };

/** The responsible partner the aging is narrowed to. */
export function PartnerFilter({ value, onChange }: PartnerFilterProps) {
  return (
    <SearchCombobox<Person, PersonOption>
      label="Responsible partner"
      value={value}
      onChange={(option) => onChange(option && { id: option.id, name: option.name })}
      placeholder="All partners: type to choose"
      noMatches="No matching people"
      options={peopleOptionsQuery}
      textOf={(person) => person.name}
      renderOption={(option) => (
        <>
          {option.name} <span className="muted">({option.role})</span>
        </>
      )}
    />
  );
}

/** The partner the URL names: found among the people the picker offers first, else unnamed. */
export function usePartnerName(partnerId: number | null): string | null {
  const options = useQuery({ ...peopleOptionsQuery(''), enabled: partnerId !== null });
  return options.data?.find((person) => person.id === partnerId)?.name ?? null;
}

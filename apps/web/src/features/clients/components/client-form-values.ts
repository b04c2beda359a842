import type { ClientProfile } from '../api/client-views';

export type ContactFormValues = { id?: number; name: string; email: string; phone: string; is_primary: boolean };

/** The client form as its inputs hold it: text, with the API's field names. */
export type ClientFormValues = {
  client_id: string;
  legal_name: string;
  dba: string;
  entity_type: string;
  tax_id: string;
  /** Editing only: remove the stored tax ID. */
  clear_tax_id: boolean;
  status: string;
  responsible_partner_id: string;
  responsible_manager_id: string;
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  payment_terms_days: string;
  invoice_email: string;
  notes: string;
  /** Comma-separated. */
  tags: string;
  contacts: ContactFormValues[];
};

export const EMPTY_CONTACT: ContactFormValues = { name: '', email: '', phone: '', is_primary: false };

export function clientFormValues(client: ClientProfile | null): ClientFormValues {
  return {
    client_id: client?.client_id ?? '',
    legal_name: client?.legal_name ?? '',
    dba: client?.dba ?? '',
    entity_type: client?.entity_type ?? '',
    tax_id: '',
    clear_tax_id: false,
    status: client?.status ?? 'active',
    responsible_partner_id: client?.responsible_partner_id ? String(client.responsible_partner_id) : '',
    responsible_manager_id: client?.responsible_manager_id ? String(client.responsible_manager_id) : '',
    address_line1: client?.address_line1 ?? '',
    address_line2: client?.address_line2 ?? '',
    city: client?.city ?? '',
    region: client?.region ?? '',
    postal_code: client?.postal_code ?? '',
    country: client?.country ?? 'US',
    // Blank on a new client: the server gives him the firm's default terms.
    payment_terms_days: client ? String(client.payment_terms_days) : '',
    invoice_email: client?.invoice_email ?? '',
    notes: client?.notes ?? '',
    tags: client?.tags.join(', ') ?? '',
    contacts: (client?.contacts ?? []).map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      is_primary: contact.is_primary,
    })),
  };
}

/** "" -> null; digits -> the number; anything else stays for the schema to refuse. */
function optionalNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The body of POST /clients or PUT /clients/{id}. On edit an empty tax ID box keeps the
 * stored one (the field is left out); "Remove the stored tax ID" sends null.
 */
export function clientInputOf(values: ClientFormValues, editing: boolean) {
  let taxId: string | null | undefined = values.tax_id.trim();
  if (editing && values.clear_tax_id) taxId = null;
  else if (editing && taxId === '') taxId = undefined;
  const terms = optionalNumber(values.payment_terms_days);
  return {
    client_id: values.client_id,
    legal_name: values.legal_name,
    dba: values.dba.trim() || null,
    entity_type: values.entity_type,
    tax_id: taxId,
    status: values.status,
    responsible_partner_id: optionalNumber(values.responsible_partner_id),
    responsible_manager_id: optionalNumber(values.responsible_manager_id),
    address_line1: values.address_line1,
    address_line2: values.address_line2,
    city: values.city,
    region: values.region,
    postal_code: values.postal_code,
    country: values.country.trim().toUpperCase(),
    payment_terms_days: terms ?? undefined,
    invoice_email: values.invoice_email.trim(),
    notes: values.notes,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    contacts: values.contacts.map((contact) => ({
      ...(contact.id ? { id: contact.id } : {}),
      name: contact.name,
      email: contact.email.trim(),
      phone: contact.phone.trim() || null,
      is_primary: contact.is_primary,
    })),
  };
}

import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  CLIENT_CONTACTS_MAX,
  CLIENT_ENTITY_TYPES,
  CLIENT_STATUSES,
  clientSchema,
  type ClientInput,
} from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { ApiError } from '../../../lib/api-error';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import type { ClientProfile } from '../api/client-views';
import { useSaveClient } from '../api/save-client';
import { entityTypeLabel, STATUS_LABELS } from './client-labels';
import { clientFormValues, clientInputOf, EMPTY_CONTACT, type ClientFormValues } from './client-form-values';
import { ContactsFieldset } from './contacts-fieldset';
import { PersonField } from './person-field';

/** The first message in a field's errors; a list field (tags) has one per item. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const item of Object.values(error)) {
    const message = firstMessage(item);
    if (message) return message;
  }
  return undefined;
}

type ClientFormProps = {
  /** The client being edited; null creates one. */
  client: ClientProfile | null;
  /** GET /clients/next-id, offered while the Client ID box is untouched. */
  suggestedClientId?: string;
  onSaved: (id: number) => void;
  onCancel: () => void;
  /** Fetches the client again after a stale-version refusal (the page remounts the form with it). */
  onReload?: () => void;
};

/** /clients/create and /clients/{id}/edit: one form, validated by the schema POST and PUT /clients apply. */
export function ClientForm({ client: given, suggestedClientId, onSaved, onCancel, onReload }: ClientFormProps) {
  // The client as it was read: its version goes with the save even if a refetch brings a newer one.
  const [client] = useState(given);
  const editing = client !== null;
  const save = useSaveClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const form = useForm<ClientFormValues, unknown, ClientInput>({
    defaultValues: clientFormValues(client),
    resolver: schemaResolver(clientSchema, (values: ClientFormValues) => clientInputOf(values, editing)),
  });
  const { register, handleSubmit, formState, setValue, getFieldState, setError, control } = form;
  // Read during render, so the form tracks it: Cancel asks only when something was changed.
  const { errors, isDirty } = formState;
  const contacts = useFieldArray({ control, name: 'contacts', keyName: 'key' });
  const contactValues = useWatch({ control, name: 'contacts' });

  useEffect(() => {
    // A suggestion that arrives after the user has been in the field must not overwrite what he chose.
    const field = getFieldState('client_id');
    if (suggestedClientId && !field.isDirty && !field.isTouched) setValue('client_id', suggestedClientId);
  }, [suggestedClientId, getFieldState, setValue]);

  async function submit(input: ClientInput): Promise<void> {
    setFormError(null);
    try {
      onSaved(await save.mutateAsync({ id: client?.id ?? null, version: client?.version ?? null, input }));
    } catch (error) {
      setStale(error instanceof ApiError && error.status === 409 && Object.keys(error.details).length === 0);
      setFormError(showServerErrors(error, setError, (name) => (name.split('.')[0] ?? '') in clientFormValues(null)));
    }
  }

  const tagsError = firstMessage(errors.tags);
  return (
    <form className="client-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <div className="form-error" role="alert">
          {formError}
          {stale && onReload && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={onReload}>
                Reload the client
              </button>
            </>
          )}
        </div>
      )}

      <section className="card" aria-labelledby="client-form-client">
        <h2 id="client-form-client">Client</h2>
        <div className="form-grid">
          <FormField
            label="Client ID"
            autoComplete="off"
            spellCheck={false}
            hint={!editing && suggestedClientId ? `Suggested next client ID: ${suggestedClientId}` : undefined}
            error={errors.client_id?.message}
            {...register('client_id')}
          />
          <FormField
            label="Legal name"
            autoComplete="organization"
            error={errors.legal_name?.message}
            {...register('legal_name')}
          />
          <FormField label="DBA" error={errors.dba?.message} {...register('dba')} />
          <SelectField label="Entity type" error={errors.entity_type?.message} {...register('entity_type')}>
            <option value="">Choose...</option>
            {CLIENT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {entityTypeLabel(type)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" error={errors.status?.message} {...register('status')}>
            {CLIENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Tax ID (SSN or EIN)"
            autoComplete="off"
            inputMode="numeric"
            placeholder={client?.tax_id_masked ?? '12-3456789'}
            hint={
              client?.tax_id_masked
                ? `Stored as ${client.tax_id_masked}. Leave blank to keep it.`
                : 'Stored encrypted; shown masked but for the last 4 digits.'
            }
            error={errors.tax_id?.message}
            {...register('tax_id')}
          />
          {client?.tax_id_masked && <CheckboxField label="Remove the stored tax ID" {...register('clear_tax_id')} />}
          <PersonField
            control={control}
            name="responsible_partner_id"
            label="Responsible partner"
            current={client?.responsible_partner ?? null}
            error={errors.responsible_partner_id?.message}
          />
          <PersonField
            control={control}
            name="responsible_manager_id"
            label="Responsible manager"
            current={client?.responsible_manager ?? null}
            error={errors.responsible_manager_id?.message}
          />
        </div>
      </section>

      <section className="card" aria-labelledby="client-form-billing">
        <h2 id="client-form-billing">Billing</h2>
        <div className="form-grid">
          <FormField
            label="Payment terms (days)"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
            error={errors.payment_terms_days?.message}
            {...register('payment_terms_days')}
          />
          <FormField
            label="Invoice e-mail"
            type="email"
            autoComplete="email"
            error={errors.invoice_email?.message}
            {...register('invoice_email')}
          />
          <FormField
            label="Address line 1"
            autoComplete="address-line1"
            error={errors.address_line1?.message}
            {...register('address_line1')}
          />
          <FormField
            label="Address line 2"
            autoComplete="address-line2"
            error={errors.address_line2?.message}
            {...register('address_line2')}
          />
          <FormField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <FormField
            label="State"
            autoComplete="address-level1"
            error={errors.region?.message}
            {...register('region')}
          />
          <FormField
            label="ZIP code"
            autoComplete="postal-code"
            error={errors.postal_code?.message}
            {...register('postal_code')}
          />
          <FormField
            label="Country"
            autoComplete="country"
            maxLength={2}
            hint="Two-letter code, such as US"
            error={errors.country?.message}
            {...register('country')}
          />
        </div>
      </section>

      <ContactsFieldset
        fields={contacts.fields}
        register={register}
        errors={errors.contacts}
        primaryIndex={contactValues.findIndex((contact) => contact.is_primary)}
        onPrimary={(index) =>
          contacts.fields.forEach((_, other) =>
            setValue(`contacts.${other}.is_primary`, other === index, { shouldDirty: true }),
          )
        }
        onAdd={() => contacts.append({ ...EMPTY_CONTACT, is_primary: contacts.fields.length === 0 })}
        onRemove={(index) => contacts.remove(index)}
        canAdd={contacts.fields.length < CLIENT_CONTACTS_MAX}
      />

      <section className="card" aria-labelledby="client-form-notes">
        <h2 id="client-form-notes">Notes and tags</h2>
        <FormField label="Tags" hint="Separate tags with commas" error={tagsError} {...register('tags')} />
        <TextareaField label="Notes" rows={4} error={errors.notes?.message} {...register('notes')} />
      </section>

      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!isDirty || window.confirm('Discard your changes to this client?')) onCancel();
          }}
        >
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : editing ? 'Save client' : 'Create client'}
        </button>
      </div>
    </form>
  );
}

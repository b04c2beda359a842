import type { FieldArrayWithId, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import type { ClientFormValues } from './client-form-values';

type ContactsFieldsetProps = {
  fields: FieldArrayWithId<ClientFormValues, 'contacts', 'key'>[];
  register: UseFormRegister<ClientFormValues>;
  errors: FieldErrors<ClientFormValues>['contacts'];
  primaryIndex: number;
  onPrimary: (index: number) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  canAdd: boolean;
};

/** The client's contacts: add and remove rows; one of them (at most) is the primary contact. */
export function ContactsFieldset(props: ContactsFieldsetProps) {
  const { fields, register, errors, primaryIndex, onPrimary, onAdd, onRemove, canAdd } = props;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <section className="card" aria-labelledby="client-form-contacts">
      <div className="card-header">
        <h2 id="client-form-contacts">Contacts</h2>
        <button type="button" className="button button-small" onClick={onAdd} disabled={!canAdd}>
          Add contact
        </button>
      </div>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {fields.length === 0 && <p className="muted">No contacts yet. Add the people you deal with at this client.</p>}
      {fields.map((field, index) => {
        const contactErrors = errors?.[index];
        const number = index + 1;
        return (
          <fieldset key={field.key} className="contact-row">
            <legend className="visually-hidden">Contact {number}</legend>
            <FormField
              label={`Contact ${number} name`}
              autoComplete="off"
              error={contactErrors?.name?.message}
              {...register(`contacts.${index}.name`)}
            />
            <FormField
              label={`Contact ${number} e-mail`}
              type="email"
              autoComplete="off"
              error={contactErrors?.email?.message}
              {...register(`contacts.${index}.email`)}
            />
            <FormField
              label={`Contact ${number} phone`}
              type="tel"
              autoComplete="off"
              error={contactErrors?.phone?.message}
              {...register(`contacts.${index}.phone`)}
            />
            <div className="form-field form-field-check">
              <span className="check-row">
                <input
                  id={`contact-${field.key}-primary`}
                  type="radio"
                  name="primary-contact"
                  checked={primaryIndex === index}
                  onChange={() => onPrimary(index)}
                />
                <label htmlFor={`contact-${field.key}-primary`}>Primary</label>
              </span>
            </div>
            <button
              type="button"
              className="button button-small button-danger"
              aria-label={`Remove contact ${number}`}
              onClick={() => onRemove(index)}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
    </section>
  );
}

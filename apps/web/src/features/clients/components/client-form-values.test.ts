import { describe, expect, it } from 'vitest';
import { clientSchema } from '@practice/shared';
import { clientFormValues, clientInputOf } from './client-form-values';

const filled = {
  ...clientFormValues(null),
  client_id: 'C-2001',
  legal_name: 'Harbor Partners',
  entity_type: 'partnership',
  tags: ' tax, ,payroll ',
  payment_terms_days: '15',
  contacts: [{ name: 'Dana', email: ' dana@harbor.example ', phone: '', is_primary: true }],
};

describe('the client form input', () => {
  it('becomes a body the client schema accepts', () => {
    const input = clientInputOf(filled, false);
    expect(input).toMatchObject({ tags: ['tax', 'payroll'], payment_terms_days: 15, dba: null });
    expect(input.contacts).toEqual([{ name: 'Dana', email: 'dana@harbor.example', phone: null, is_primary: true }]);
    expect(clientSchema.safeParse(input).success).toBe(true);
  });

  it('keeps a stored tax ID when editing leaves the box empty, and clears it when asked', () => {
    expect(clientInputOf({ ...filled, tax_id: '' }, true).tax_id).toBeUndefined();
    expect(clientInputOf({ ...filled, tax_id: '', clear_tax_id: true }, true).tax_id).toBeNull();
    expect(clientInputOf({ ...filled, tax_id: '12-3456789' }, true).tax_id).toBe('12-3456789');
    expect(clientInputOf({ ...filled, tax_id: '' }, false).tax_id).toBe('');
  });

  it('leaves payment terms that are no whole number for the schema to refuse', () => {
    const result = clientSchema.safeParse(clientInputOf({ ...filled, payment_terms_days: '12.5' }, false));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Payment terms must be a whole number of days');
    expect(clientInputOf({ ...filled, payment_terms_days: '' }, false).payment_terms_days).toBeUndefined();
  });
});

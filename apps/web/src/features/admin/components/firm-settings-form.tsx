import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { organizationSettingsSchema, type OrganizationSettingsInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { applyBranding, brandingVariables } from '../../../lib/branding';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useSaveSettings, type FirmSettings } from '../api/settings';
import { LogoField } from './logo-field';

type SettingsFormValues = Omit<OrganizationSettingsInput, 'default_terms_days' | 'rounding_minutes' | 'version'> & {
  default_terms_days: string;
  rounding_minutes: string;
};

function valuesOf(settings: FirmSettings): SettingsFormValues {
  return {
    name: settings.name,
    primary_color: settings.primary_color,
    secondary_color: settings.secondary_color,
    invoice_prefix: settings.invoice_prefix,
    default_terms_days: String(settings.default_terms_days),
    remit_to: settings.remit_to,
    invoice_footer: settings.invoice_footer,
    time_zone: settings.time_zone,
    rounding_minutes: String(settings.rounding_minutes),
    rounding_mode: settings.rounding_mode as 'up' | 'nearest',
  };
}

const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : text);

/** SPEC 9's derived shades of the colours being typed, shown before they are saved. */
function BrandPreview({ primary, secondary }: { primary: string; secondary: string }) {
  const variables = brandingVariables({ primaryColor: primary, secondaryColor: secondary });
  if (!variables) return <p className="field-error">The primary colour must be 6-digit hex, such as #007bff.</p>;
  const swatches: [string, string][] = [
    ['Primary', variables['--brand-primary']!],
    ['Hover', variables['--brand-primary-hover']!],
    ['Light tint', variables['--brand-primary-light']!],
    ['Secondary', variables['--brand-secondary'] ?? '#6c757d'],
  ];
  return (
    <div className="brand-preview" aria-label="Colour preview">
      {swatches.map(([label, colour]) => (
        // The words beside the colour, not on it: no text colour reads on every colour a firm may choose.
        <span key={label} className="brand-swatch">
          <span
            className="brand-swatch-chip"
            aria-hidden="true"
            // Through CSSOM: the Content-Security-Policy refuses inline style attributes.
            ref={(element) => element?.style.setProperty('background', colour)}
          />
          <span>
            <strong>{label}</strong>
            <br />
            {colour}
          </span>
        </span>
      ))}
    </div>
  );
}

const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
];

/** /admin: the firm's settings (the all flag saves them), with a live preview of the colours. */
export function FirmSettingsForm({ settings, canEdit }: { settings: FirmSettings; canEdit: boolean }) {
  const save = useSaveSettings();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, control, reset } = useForm<
    SettingsFormValues,
    unknown,
    OrganizationSettingsInput
  >({
    defaultValues: valuesOf(settings),
    resolver: schemaResolver(organizationSettingsSchema, (values: SettingsFormValues) => ({
      ...values,
      default_terms_days: wholeNumber(values.default_terms_days),
      rounding_minutes: wholeNumber(values.rounding_minutes),
      version: settings.version,
    })),
  });
  const { errors } = formState;
  const [primary, secondary] = useWatch({ control, name: ['primary_color', 'secondary_color'] });
  const zones = TIME_ZONES.includes(settings.time_zone) ? TIME_ZONES : [settings.time_zone, ...TIME_ZONES];

  async function submit(input: OrganizationSettingsInput): Promise<void> {
    setMessage(null);
    try {
      const saved = await save.mutateAsync(input);
      applyBranding({ primaryColor: saved.primary_color, secondaryColor: saved.secondary_color });
      reset(valuesOf(saved));
      setMessage({ ok: true, text: 'Settings saved.' });
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name in valuesOf(settings));
      if (text) setMessage({ ok: false, text });
    }
  }

  return (
    <form className="card" aria-labelledby="settings-title" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <h2 id="settings-title">Firm settings</h2>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <fieldset disabled={!canEdit} className="plain-fieldset">
        <FormField label="Firm name" error={errors.name?.message} {...register('name')} />
        <LogoField settings={settings} canEdit={canEdit} />
        <div className="form-grid">
          <FormField label="Primary colour" error={errors.primary_color?.message} {...register('primary_color')} />
          <FormField
            label="Secondary colour"
            error={errors.secondary_color?.message}
            {...register('secondary_color')}
          />
        </div>
        <BrandPreview primary={primary} secondary={secondary} />
        <div className="form-grid">
          <FormField
            label="Invoice number prefix"
            error={errors.invoice_prefix?.message}
            {...register('invoice_prefix')}
          />
          <FormField
            label="Default payment terms (days)"
            inputMode="numeric"
            hint="New clients get these terms unless their own are entered."
            error={errors.default_terms_days?.message}
            {...register('default_terms_days')}
          />
          <SelectField label="Time zone" error={errors.time_zone?.message} {...register('time_zone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Round time entries"
            error={errors.rounding_minutes?.message}
            {...register('rounding_minutes')}
          >
            <option value="0">No rounding</option>
            <option value="6">To 6 minutes</option>
            <option value="15">To 15 minutes</option>
          </SelectField>
          <SelectField label="Rounding direction" error={errors.rounding_mode?.message} {...register('rounding_mode')}>
            <option value="up">Up</option>
            <option value="nearest">Nearest</option>
          </SelectField>
        </div>
        <TextareaField label="Remit-to address" rows={3} error={errors.remit_to?.message} {...register('remit_to')} />
        <TextareaField
          label="Invoice footer"
          rows={2}
          error={errors.invoice_footer?.message}
          {...register('invoice_footer')}
        />
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </button>
        </div>
      )}
    </form>
  );
}

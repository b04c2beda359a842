import { useRef, useState } from 'react';
import { useFirmLogo } from '../../../lib/firm-logo';
import { useSetLogo, type FirmSettings } from '../api/settings';

const LOGO_MAX_BYTES = 512 * 1024;

/** The firm's logo: PNG, JPEG or WebP up to 512 KB (the server checks the bytes, not the name). */
export function LogoField({ settings, canEdit }: { settings: FirmSettings; canEdit: boolean }) {
  const setLogo = useSetLogo();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const preview = useFirmLogo(settings.logo_url);

  async function upload(file: File | null): Promise<void> {
    setMessage(null);
    if (file && file.size > LOGO_MAX_BYTES) {
      setMessage({ ok: false, text: 'The logo is larger than 512 KB' });
      return;
    }
    try {
      await setLogo.mutateAsync(file);
      setMessage({ ok: true, text: file ? 'Logo uploaded.' : 'Logo removed.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="form-field">
      <label htmlFor="firm-logo">Logo</label>
      {preview ? (
        <img className="firm-logo-preview" src={preview} alt={`${settings.name} logo`} />
      ) : (
        <p className="field-hint">No logo yet.</p>
      )}
      {canEdit && (
        <>
          <input
            ref={input}
            id="firm-logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={setLogo.isPending}
            onChange={(event) => void upload(event.target.files?.[0] ?? null)}
          />
          <p className="field-hint">
            PNG, JPEG or WebP, at most 512 KB. It shows in the menu, on invoices and in the portal.
          </p>
          {settings.logo_url && (
            <button type="button" className="button button-small" onClick={() => void upload(null)}>
              Remove logo
            </button>
          )}
        </>
      )}
      {message && (
        <p className={message.ok ? 'form-success' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </div>
  );
}

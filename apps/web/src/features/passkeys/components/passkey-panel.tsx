import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PasskeyCredential } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { passkeyKeys, usePasskeys } from '../api/use-passkey-credentials';
import { passkeysSupported } from '../passkey-support';
import { ONE_PASSKEY_NOTE } from '../passkey-texts';
import { passkeyDate } from './passkey-dates';
import { RegisterPasskeyForm } from './register-passkey-form';
import { RenamePasskeyForm } from './rename-passkey-form';
import { RevokePasskeyForm } from './revoke-passkey-form';

type Dialog = null | { kind: 'register' } | { kind: 'rename' | 'revoke'; credential: PasskeyCredential };

const DIALOG_TITLES = { register: 'Register a passkey', rename: 'Rename passkey', revoke: 'Revoke passkey' } as const;

type PasskeyPanelProps = {
  /** SPEC 2: /settings?tab=security&openBiometric=true opens registration at once (when there is none yet). */
  openRegistration?: boolean;
};

/** Settings -> Security: the user's passkey (SPEC 9 allows one), registered, renamed or revoked here. */
export function PasskeyPanel({ openRegistration = false }: PasskeyPanelProps) {
  const supported = passkeysSupported();
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const [chosenDialog, setDialog] = useState<Dialog>(null);
  const [registrationAsked, setRegistrationAsked] = useState(openRegistration);
  const [notice, setNotice] = useState<string | null>(null);

  const credentials = passkeys.data ?? [];
  const hasPasskey = credentials.length > 0;
  // The registration asked for by the address waits for the list: a user who has a passkey gets none.
  const askedRegistration = registrationAsked && supported && passkeys.isSuccess && !hasPasskey;
  const dialog: Dialog = chosenDialog ?? (askedRegistration ? { kind: 'register' } : null);
  const close = () => {
    setRegistrationAsked(false);
    setDialog(null);
  };
  const done = (message: string) => {
    setNotice(message);
    close();
  };

  return (
    <section className="card" aria-labelledby="passkey-panel-title">
      <h2 id="passkey-panel-title">Passkey</h2>
      <p className="muted">
        Sign in with your fingerprint, face or device PIN instead of a password. {ONE_PASSKEY_NOTE}
      </p>
      {!supported && (
        <p role="status">This browser does not offer passkeys. Use a browser with passkey support to register one.</p>
      )}
      {notice && <p role="status">{notice}</p>}
      {passkeys.isPending && <SkeletonRows rows={1} label="Loading passkeys" />}
      {passkeys.isError && <QueryError error={passkeys.error} />}
      {passkeys.data && !hasPasskey && <EmptyState title="No passkey registered yet" />}
      {hasPasskey && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Registered passkey</caption>
            <thead>
              <tr>
                <th scope="col" className="wrap">
                  Device name
                </th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {credentials.map((credential) => (
                <tr key={credential.id}>
                  <td className="wrap">{credential.device_name}</td>
                  <td>{passkeyDate(credential.created_at)}</td>
                  <td>{passkeyDate(credential.last_used_at)}</td>
                  <td>
                    <div className="button-row">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Rename ${credential.device_name}`}
                        onClick={() => setDialog({ kind: 'rename', credential })}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        className="button button-small button-danger"
                        aria-label={`Revoke ${credential.device_name}`}
                        onClick={() => setDialog({ kind: 'revoke', credential })}
                      >
                        Revoke
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="field-hint">You already have a passkey. Revoke it to register another.</p>
        </div>
      )}
      {supported && passkeys.data && !hasPasskey && (
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'register' })}>
            Register passkey
          </button>
        </div>
      )}
      <Modal open={dialog !== null} title={dialog ? DIALOG_TITLES[dialog.kind] : ''} onClose={close}>
        {dialog?.kind === 'register' && (
          <RegisterPasskeyForm
            onCancel={close}
            onRegistered={(credential) => {
              queryClient.setQueryData(passkeyKeys.all, [credential]);
              done(`Passkey ${credential.device_name} registered.`);
            }}
          />
        )}
        {dialog?.kind === 'rename' && (
          <RenamePasskeyForm credential={dialog.credential} onCancel={close} onDone={() => done('Passkey renamed.')} />
        )}
        {dialog?.kind === 'revoke' && (
          <RevokePasskeyForm credential={dialog.credential} onCancel={close} onDone={() => done('Passkey revoked.')} />
        )}
      </Modal>
    </section>
  );
}

import type { ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useAccountSecurity } from '../api/account-security';
import { ChangePasswordPanel } from './change-password-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * /settings?tab=security: password, e-mail two-factor and, below them, the passkey panel,
 * which app/ passes in (features do not import each other, ADR 0086).
 */
export function SecurityTab({ passkeyPanel }: { passkeyPanel: ReactNode }) {
  const security = useAccountSecurity();
  return (
    <>
      <ChangePasswordPanel />
      {security.isPending && <SkeletonRows label="Loading security settings" />}
      {security.isError && <QueryError error={security.error} />}
      {security.data && <TwoFactorPanel security={security.data} />}
      {passkeyPanel}
    </>
  );
}

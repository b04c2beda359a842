import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useAccountSecurity } from '../api/account-security';
import { ChangePasswordPanel } from './change-password-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * /settings?tab=security: password, e-mail two-factor and, below them, the passkey panel
 * (the passkeys part of issue 3 places it after the two-factor panel, reading `has_passkey`
 * from the same status and ?openBiometric=true from the URL).
 */
export function SecurityTab() {
  const security = useAccountSecurity();
  return (
    <>
      <ChangePasswordPanel />
      {security.isPending && <SkeletonRows label="Loading security settings" />}
      {security.isError && <QueryError error={security.error} />}
      {security.data && <TwoFactorPanel security={security.data} />}
    </>
  );
}

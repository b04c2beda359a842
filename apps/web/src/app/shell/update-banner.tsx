import { Icon } from '../../components/icon';
import { dismissUpdate } from '../../lib/update-check';
import { useUpdateCheck } from './use-update-check';

/** SPEC 2: 'A new version is available. Click here to update', with dismiss (stored per version). */
export function UpdateBanner() {
  const { available, dismissed, markDismissed } = useUpdateCheck();
  if (!available || dismissed) return null;
  return (
    <div className="update-banner" role="status">
      <button type="button" className="update-banner-action" onClick={() => window.location.reload()}>
        A new version is available. Click here to update
      </button>
      <button
        type="button"
        className="icon-button update-banner-dismiss"
        aria-label="Dismiss the update notice"
        onClick={() => {
          dismissUpdate(available);
          markDismissed();
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}

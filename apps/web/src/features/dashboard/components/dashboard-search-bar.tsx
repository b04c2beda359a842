import { Icon } from '../../../components/icon';
import { openGlobalSearch } from '../../../lib/global-search-open';

/** SPEC 2: the dashboard's search bar opens the global search. */
export function DashboardSearchBar() {
  return (
    <button type="button" className="dashboard-search-bar" onClick={openGlobalSearch}>
      <Icon name="search" />
      <span>Search everything...</span>
      <kbd className="dashboard-search-hint">Ctrl K</kbd>
    </button>
  );
}

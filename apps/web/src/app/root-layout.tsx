import { Outlet } from 'react-router';
import { SessionExpiredModal } from './session-expired-modal';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredModal />
    </>
  );
}

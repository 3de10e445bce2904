import { Outlet } from 'react-router';
import { SessionMonitor } from '../features/session/session-monitor';

/** Every signed-in screen runs the session clock (docs/requirements.md section 4). */
export function SignedInLayout() {
  return (
    <>
      <Outlet />
      <SessionMonitor />
    </>
  );
}

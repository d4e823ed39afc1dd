import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/**
 * A screen for HR (admins and managers). An employee who types its address is sent to their own
 * view of the same thing, or to the dashboard, rather than a page of refusals.
 */
export function HrOnly({ employeeTo, children }: { employeeTo: string; children: ReactNode }) {
  const { user } = useSession();
  if (user?.user_type === 'employee') return <Navigate to={employeeTo} replace />;
  return children;
}

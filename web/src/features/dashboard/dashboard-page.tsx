import { useSession } from '../../lib/session';
import { EmployeeDashboard } from './employee-dashboard';
import { HrDashboard } from './hr-dashboard';

/** /dashboard: HR's organisation-wide dashboard for admins and managers, the own one for employees. */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const firstName = user.firstname || user.first_name;
  return user.user_type === 'employee' ? (
    <EmployeeDashboard firstName={firstName} />
  ) : (
    <HrDashboard firstName={firstName} />
  );
}

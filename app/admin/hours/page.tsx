import type { Metadata } from 'next';
import { listWeeklyHours } from '@/db/hours';
import { weekdays } from '@/lib/bakery-facts/schemas';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { HoursForm } from './hours-form';

export const metadata: Metadata = { title: 'Weekly hours' };

export default async function HoursPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/hours' });
  const rows = await listWeeklyHours();
  const week = weekdays.map(
    (weekday) =>
      rows.find((row) => row.weekday === weekday) ?? { weekday, opens: null, closes: null },
  );
  return (
    <AdminFrame
      user={user}
      title="Weekly hours"
      intro="The usual week. Holidays and one-off hours go under Holidays & special hours."
    >
      <HoursForm week={week} />
    </AdminFrame>
  );
}

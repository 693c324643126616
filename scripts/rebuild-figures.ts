// `npm run db:rebuild-figures`: fills the dashboard's figures kept per quarter hour again from
// the questions, messages, runs and replies at DATABASE_URL or DATABASE_PATH, and the edit class
// of any reply without one (triggers keep them; this is for a table emptied or changed by hand).
import { closeDb } from '@/db/client';
import { rebuildDashboardQuarterHours } from '@/db/dashboard-figures';

const { quarters } = await rebuildDashboardQuarterHours();
await closeDb();
process.stdout.write(`The dashboard's figures were rebuilt: ${quarters} quarter hours.\n`);

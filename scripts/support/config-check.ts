// Imported first by scripts that run the desk (`npm run worker`): modules they import later read
// the configuration as they load (db/schema chooses the database engine), so the check must run
// before any of them. A mistake is one line per setting and exit status 1, never a stack trace.
import { configProblems, configReport } from '@/lib/config-problems';

const problems = configProblems(process.env);
if (problems.length > 0) {
  // For the person starting the desk, before any logger is set up: one plain line each.
  for (const line of configReport(problems)) process.stderr.write(`${line}\n`);
  process.exit(1);
}

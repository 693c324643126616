// `npm run model:check`: one real request to the configured Claude model with the desk's real
// tools and system prompt. Prints a one-line verdict; exits 0 only when the request succeeded.
import { closeDb } from '@/db/client';
import { checkConfiguredModel } from '@/server/model-check';

async function main(): Promise<number> {
  const { ok, verdict } = await checkConfiguredModel({ now: new Date() });
  console.log(verdict);
  return ok ? 0 : 1;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`The model check could not run: ${(error as Error).message}`);
    process.exit(2);
  });

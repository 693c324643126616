// Whether the production build in .next is current: shared by `npm start` and `npm run bench`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = [
  'app',
  'lib',
  'db',
  'drizzle',
  'server',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** True when .next/BUILD_ID is newer than every source the build reads. */
export function buildIsCurrent(root = process.cwd()) {
  const buildStamp = join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildStamp)) return false;
  const built = statSync(buildStamp).mtimeMs;
  return sources.every((source) => newestChange(join(root, source)) <= built);
}

/** The Next.js command-line entry, run with this Node.js rather than through npx. */
export function nextBin(root = process.cwd()) {
  return join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
}

// A fake Messages API as a process, for e2e runs that point the app at it with
// ANTHROPIC_BASE_URL:  tsx tests/support/fake-anthropic-server.ts --script script.json [--port 4100]
// The script is a JSON array of FakeResponse; `--repeat-last` replays its last entry forever.
// Prints "listening http://127.0.0.1:PORT" once ready; GET /__requests lists what it received.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type FakeResponse, startFakeAnthropic } from './fake-anthropic';

const { values } = parseArgs({
  options: {
    script: { type: 'string' },
    port: { type: 'string', default: '0' },
    'repeat-last': { type: 'boolean', default: false },
  },
});
const script: FakeResponse[] = values.script
  ? (JSON.parse(readFileSync(values.script, 'utf8')) as FakeResponse[])
  : [];
const last = script[script.length - 1];
const fakeApi = await startFakeAnthropic({
  script,
  port: Number(values.port),
  ...(values['repeat-last'] && last ? { whenEmpty: last } : {}),
});
console.log(`listening ${fakeApi.url}`);
const stop = () => void fakeApi.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

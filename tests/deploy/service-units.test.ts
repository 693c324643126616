import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The systemd units in deploy/, checked by systemd itself (`systemd-analyze verify`, from
 * Debian's systemd package; .ci/run installs it). verify insists that ExecStart's program
 * exists, so each unit is verified as a copy with this machine's paths put in: this Node for
 * /usr/bin/node and this checkout for /srv/bakery-desk. Its warnings (a misspelt setting, a
 * value it cannot read) are failures too, since verify itself still exits 0 on them.
 */
const ANALYZE = '/usr/bin/systemd-analyze';
const UNITS = ['bakery-desk.service', 'bakery-desk-worker.service'];
const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unitText = (name: string) => readFileSync(join(process.cwd(), 'deploy', name), 'utf8');

/** The unit as it would be installed on this machine, written under its own name. */
function onThisMachine(name: string, text = unitText(name)): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    text
      .replaceAll('/usr/bin/node', process.execPath)
      .replaceAll('/srv/bakery-desk', process.cwd()),
  );
  return path;
}

function analyze(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      ANALYZE,
      args,
      { env: { ...process.env, SYSTEMD_LOG_COLOR: '0' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** A unit's settings as key and value, the [Service] section's among them. */
function settings(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

describe('the systemd units in deploy/', () => {
  it('has systemd-analyze to check them with (Debian: apt-get install systemd)', () => {
    expect(existsSync(ANALYZE)).toBe(true);
  });

  for (const name of UNITS) {
    it(`${name} passes systemd-analyze verify without a warning`, async () => {
      const result = await analyze('verify', onThisMachine(name));
      expect(result).toEqual({ code: 0, output: '' });
    });

    it(`${name} runs as its own user, sandboxed, writing only the data folder`, async () => {
      const values = settings(unitText(name));
      const has = (key: string, value: string) =>
        expect(values, `${key}=${value}`).toContainEqual([key, value]);
      has('User', 'bakery');
      has('Group', 'bakery');
      has('EnvironmentFile', '/etc/bakery-desk.env');
      has('Restart', 'on-failure');
      has('ProtectSystem', 'strict');
      has('ProtectHome', 'yes');
      has('NoNewPrivileges', 'yes');
      has('PrivateTmp', 'yes');
      has('ReadWritePaths', '/srv/bakery-desk/data');
      has('CapabilityBoundingSet', '');
      // V8 runs the machine code it writes: this one setting would stop Node at once.
      expect(values.map(([key]) => key)).not.toContain('MemoryDenyWriteExecute');
      // systemd's own measure of what the service could reach: "OK" is below 4.
      const security = await analyze('security', '--offline=true', onThisMachine(name));
      const exposure = /Overall exposure level for \S+: ([\d.]+)/.exec(security.output);
      expect(Number(exposure?.[1]), security.output).toBeLessThan(2.5);
    });
  }

  it('would be told of a misspelt setting or a program that is not there', async () => {
    const misspelt = await analyze(
      'verify',
      onThisMachine(
        'bakery-desk.service',
        unitText('bakery-desk.service').replace('ProtectHome=', 'ProtectHoem='),
      ),
    );
    expect(misspelt.output).toContain("Unknown key 'ProtectHoem'");
    const missing = await analyze(
      'verify',
      onThisMachine(
        'bakery-desk-worker.service',
        unitText('bakery-desk-worker.service').replace('/usr/bin/node', '/nowhere/node'),
      ),
    );
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain('/nowhere/node');
  });
});

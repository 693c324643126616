import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECURITY_EVENTS } from '@/lib/audit/security-events';
import { AUDIT_ACTIONS } from '@/lib/audit/sentences';

/**
 * The audit page words every row as a sentence (lib/audit/sentences.ts). db/ is the only audit
 * writer, so this reads every action it writes (the `action:` of each audit record, literals
 * in conditionals included) and the security events, and fails on any without a sentence.
 */
const root = process.cwd();

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(entry) && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action names an `action: …` property holds, up to the end of its expression: dotted
 * names (`menu.update`), so other literals in a conditional are not taken for actions.
 */
function writtenActions(source: string): string[] {
  return [...source.matchAll(/\baction:\s*([^,\n]+)/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/'([A-Za-z_]+(?:\.[A-Za-z_]+)+)'/g)].map((m) => m[1] ?? ''),
  );
}

describe('audit actions', () => {
  const written = new Map<string, string>();
  for (const file of sourcesUnder(join(root, 'db'))) {
    for (const action of writtenActions(readFileSync(file, 'utf8'))) {
      written.set(action, relative(root, file));
    }
  }
  for (const action of Object.values(SECURITY_EVENTS)) {
    written.set(action, 'lib/audit/security-events.ts');
  }

  it('finds the actions db/ writes', () => {
    expect(written.get('menu.update')).toBe('db/menu.ts');
    expect(written.get('question.unassign')).toBe('db/bulk.ts');
    expect(written.get('knowledge.off')).toBe('db/knowledge.ts');
    expect(written.size).toBeGreaterThan(40);
  });

  it('has a sentence for every action written to the audit log', () => {
    const missing = [...written].filter(([action]) => !AUDIT_ACTIONS.includes(action as never));
    expect(missing.map(([action, file]) => `${action} (${file})`)).toEqual([]);
  });
});

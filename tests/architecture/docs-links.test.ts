import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is for people who run a bakery: short, and every link in it (and in docs/, where
 * the engineers' material lives) leads somewhere that exists, down to the heading.
 */
const root = process.cwd();
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`),
].filter((path) => path.endsWith('.md'));

/** A markdown file's text without its fenced code, where brackets are code, not links. */
function prose(path: string): string {
  return readFileSync(join(root, path), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(path: string): string[] {
  return [...readFileSync(join(root, path), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    anchor(m[1] ?? ''),
  );
}

function relativeLinks(path: string): string[] {
  return [...prose(path).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the README and docs/', () => {
  it('keeps the README under 300 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(300);
  });

  it('has docs to link to, and links that are checked', () => {
    expect(documents.length).toBeGreaterThan(3);
    expect(relativeLinks('README.md').length).toBeGreaterThan(10);
  });

  it.each(documents)('%s links only to files and headings that exist', (path) => {
    const broken = relativeLinks(path).filter((target) => {
      const [file = '', hash] = target.split('#');
      const resolved = file ? join(dirname(path), decodeURIComponent(file)) : path;
      if (!existsSync(join(root, resolved))) return true;
      return hash !== undefined && resolved.endsWith('.md') && !anchors(resolved).includes(hash);
    });
    expect(broken).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import * as pageWeight from './page-weight';
import { scriptSources } from './page-weight';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('13. page weight', pageWeight, { id: 13, timeoutMs: 120_000 });

it('reads every script file a page names, once, as absolute addresses, but the polyfills modern browsers skip', () => {
  const html =
    '<script src="/_next/static/a.js" async=""></script><script>inline()</script>' +
    '<script nonce="n" src="/_next/static/b.js?x=1&amp;y=2"></script><script src="/_next/static/a.js"></script>' +
    '<script src="/_next/static/polyfills.js" noModule="" nonce="n"></script>';
  expect(scriptSources(html, 'http://127.0.0.1:3000/ask')).toEqual([
    'http://127.0.0.1:3000/_next/static/a.js',
    'http://127.0.0.1:3000/_next/static/b.js?x=1&y=2',
  ]);
});

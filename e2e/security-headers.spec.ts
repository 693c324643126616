import { expect, test } from '@playwright/test';

test('pages and routes carry the security headers from next.config.ts', async ({ request }) => {
  for (const path of ['/', '/login', '/api/health']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    // The suite runs the production build, where eval must be off.
    expect(csp, path).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
});

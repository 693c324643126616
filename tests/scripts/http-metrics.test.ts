import { describe, expect, it } from 'vitest';
import { OTHER_ROUTE, routeOf, routeTemplates } from '../../scripts/http-metrics.mjs';

/** The shape of .next/routes-manifest.json that the edge reads. */
const templates = routeTemplates({
  staticRoutes: [
    { page: '/', regex: '^/(?:/)?$' },
    { page: '/inbox', regex: '^/inbox(?:/)?$' },
    { page: '/api/questions', regex: '^/api/questions(?:/)?$' },
    { page: '/metrics', regex: '^/metrics(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/inbox/[id]', regex: '^/inbox/([^/]+?)(?:/)?$' },
    { page: '/inbox/[id]/emails/[emailId]', regex: '^/inbox/([^/]+?)/emails/([^/]+?)(?:/)?$' },
    { page: '/t/[token]', regex: '^/t/([^/]+?)(?:/)?$' },
  ],
});

describe("the HTTP metrics' route label", () => {
  it('is the route template, never the path a client sent', () => {
    expect(routeOf('/', templates)).toBe('/');
    expect(routeOf('/inbox?tab=sent', templates)).toBe('/inbox');
    expect(routeOf('/inbox/', templates)).toBe('/inbox');
    expect(routeOf('/inbox/42', templates)).toBe('/inbox/[id]');
    expect(routeOf('/inbox/42/emails/7', templates)).toBe('/inbox/[id]/emails/[emailId]');
    expect(routeOf('/t/Zm9vYmFy-secret-token', templates)).toBe('/t/[token]');
    expect(routeOf('/api/questions', templates)).toBe('/api/questions');
  });

  it("puts Next.js's assets under one label each, and everything unknown under one label", () => {
    expect(routeOf('/_next/static/chunks/abc123.js', templates)).toBe('/_next/static');
    expect(routeOf('/_next/image?url=x', templates)).toBe('/_next/image');
    expect(routeOf('/_next/whatever', templates)).toBe('/_next');
    const strangers = Array.from({ length: 500 }, (_, n) => `/probe/${n}/wp-login.php`);
    expect(new Set(strangers.map((path) => routeOf(path, templates)))).toEqual(
      new Set([OTHER_ROUTE]),
    );
    expect(routeOf('/t/a/b/c', templates)).toBe(OTHER_ROUTE);
    expect(routeOf(undefined, templates)).toBe('/');
  });

  it('counts everything as other without a build to read', () => {
    expect(routeOf('/inbox', routeTemplates(undefined))).toBe(OTHER_ROUTE);
  });
});

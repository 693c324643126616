// HTTP requests as metrics, observed by scripts/http-edge.mjs in the `next start` process (the
// one place that sees every request and its response, whatever Next.js does with it). Each is
// counted under its route's template (`/t/[token]`, never `/t/abc…`), its method and status,
// with its time to the end of the response. Templates come from the build's own route list
// (.next/routes-manifest.json), so a stranger asking for a million paths adds one label,
// `other`, not a million. The registry lives on globalThis for app/metrics/route.ts to read
// (server/metrics/desk-metrics.ts): it is this server process's own count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import client from 'prom-client';

export const OTHER_ROUTE = 'other';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);
const REGISTRY_KEY = Symbol.for('bakery-desk.http-metrics');
/** Seconds: a page in a few milliseconds up to a slow draft-now or a long export. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The routes of a build: exact paths of static pages and handlers, and the regexes of dynamic
 * ones, from Next.js's routes manifest (`{ staticRoutes, dynamicRoutes }`, each `{ page, regex }`).
 */
export function routeTemplates(manifest) {
  const exact = new Map();
  for (const route of manifest?.staticRoutes ?? []) exact.set(route.page, route.page);
  const patterns = (manifest?.dynamicRoutes ?? []).map((route) => ({
    page: route.page,
    regex: new RegExp(route.regex),
  }));
  return { exact, patterns };
}

/** The label a request target counts under: its route's template, Next's assets, or `other`. */
export function routeOf(target, templates) {
  const raw = String(target ?? '/').split(/[?#]/, 1)[0] || '/';
  if (raw.startsWith('/_next/static/')) return '/_next/static';
  if (raw === '/_next/image') return '/_next/image';
  if (raw.startsWith('/_next/')) return '/_next';
  const path = raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw;
  const exact = templates.exact.get(path);
  if (exact) return exact;
  for (const { page, regex } of templates.patterns) if (regex.test(path)) return page;
  return OTHER_ROUTE;
}

function loadTemplates() {
  try {
    const file = join(process.cwd(), '.next', 'routes-manifest.json');
    return routeTemplates(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // No build to read (a test of the edge alone): every path counts as `other`.
    return routeTemplates(undefined);
  }
}

function create() {
  const registry = new client.Registry();
  const labelNames = ['route', 'method', 'status'];
  const requests = new client.Counter({
    name: 'bakery_desk_http_requests_total',
    help: 'HTTP requests answered by this server process, by route template, method and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'bakery_desk_http_request_duration_seconds',
    help: 'Time from a request reaching this server process to the end of its response.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  let templates;
  return {
    registry,
    observe(req, res) {
      const began = process.hrtime.bigint();
      res.once('close', () => {
        templates ??= loadTemplates();
        const labels = {
          route: routeOf(req.url, templates),
          method: METHODS.has(req.method ?? '') ? req.method : 'other',
          status: String(res.statusCode),
        };
        requests.inc(labels);
        duration.observe(labels, Number(process.hrtime.bigint() - began) / 1e9);
      });
    },
  };
}

/** This process's HTTP metrics, made on first use. */
export function httpMetrics() {
  globalThis[REGISTRY_KEY] ??= create();
  return globalThis[REGISTRY_KEY];
}

/** Counts one request when its response ends (or its connection closes first). */
export function observeRequest(req, res) {
  httpMetrics().observe(req, res);
}

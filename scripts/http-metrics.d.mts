import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export type RouteManifest = {
  staticRoutes?: { page: string; regex: string }[];
  dynamicRoutes?: { page: string; regex: string }[];
};
export type RouteTemplates = {
  exact: Map<string, string>;
  patterns: { page: string; regex: RegExp }[];
};

export const OTHER_ROUTE: 'other';
export function routeTemplates(manifest: RouteManifest | undefined): RouteTemplates;
export function routeOf(target: string | undefined, templates: RouteTemplates): string;
export function httpMetrics(): {
  registry: Registry;
  observe: (req: IncomingMessage, res: ServerResponse) => void;
};
export function observeRequest(req: IncomingMessage, res: ServerResponse): void;

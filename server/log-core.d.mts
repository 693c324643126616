import type { AsyncLocalStorage } from 'node:async_hooks';
import type { DestinationStream, Logger } from 'pino';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
export type LogFormat = 'json' | 'pretty';

export const LOG_LEVELS: readonly LogLevel[];
export const LOG_FORMATS: readonly LogFormat[];
export const REDACTED_KEYS: readonly string[];
export const REDACT_PATHS: readonly string[];
export const requestContext: AsyncLocalStorage<{ requestId: string }>;
export function requestIdFor(sent: unknown): string;
export function loggedPath(url: string | undefined): string;
export function logSettings(
  env?: Record<string, string | undefined>,
  stream?: { isTTY?: boolean },
): { level: LogLevel; format: LogFormat };
export function createLogger(options?: {
  level?: LogLevel;
  format?: LogFormat;
  destination?: number | DestinationStream;
}): Logger;
export function rootLogger(): Logger;
export function routeConsoleToLogger(logger?: Logger): void;

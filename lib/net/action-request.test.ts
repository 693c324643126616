import { describe, expect, it } from 'vitest';
import {
  ACTION_BODY_LIMIT,
  judgeActionFields,
  judgeActionHeaders,
  judgeActionText,
  judgeFormPostFields,
} from './action-request';

const form = 'multipart/form-data; boundary=----x';
const fields = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('a server-action request', () => {
  it('must be a form (or text) POST with a length within the limit', () => {
    const ok = { method: 'POST', contentType: form, contentLength: '100' as string | null };
    const status = (over: Partial<typeof ok>) => {
      const verdict = judgeActionHeaders({ ...ok, ...over });
      return 'status' in verdict ? verdict.status : verdict.body;
    };
    expect(status({})).toBe('form');
    expect(status({ contentType: 'text/plain;charset=UTF-8' })).toBe('text');
    expect(status({ method: 'PUT' })).toBe(405);
    expect(status({ contentType: 'application/json' })).toBe(415);
    expect(status({ contentType: 'application/octet-stream' })).toBe(415);
    expect(status({ contentLength: null })).toBe(411);
    expect(status({ contentLength: String(ACTION_BODY_LIMIT + 1) })).toBe(413);
  });

  it('carries text only when it has no arguments', () => {
    expect(judgeActionText('[]')).toBeNull();
    expect(judgeActionText('["$undefined"]')).toBeNull();
    expect(judgeActionText('["$undefined",{"email":"x"}]')?.status).toBe(415);
    expect(judgeActionText('{{{')?.status).toBe(400);
  });

  it('carries plain arguments ending with its form', () => {
    expect(judgeActionFields(fields({ '0': '["$undefined","$K1"]', '1_name': 'Ann' }))).toBeNull();
    expect(
      judgeActionFields(fields({ '0': '[{"ok":false,"values":{"text":"$$5"}},"$K1"]' })),
    ).toBeNull();
    expect(judgeActionFields(fields({ '0': '["$K1"]' }))).toBeNull();
  });

  it('is refused when it does not', () => {
    for (const root of [
      '[[[',
      '{}',
      '[]',
      '[null,{"email":"x"}]',
      '["$Q5","$K1"]',
      '["$@1","$K1"]',
    ]) {
      expect(judgeActionFields(fields({ '0': root })), root).toEqual({
        status: 400,
        message: 'That form could not be read.',
      });
    }
    expect(judgeActionFields(fields({ name: 'x' }))?.status).toBe(400);
  });
});

describe('a form posted without JavaScript', () => {
  it('must carry JSON in React’s action fields', () => {
    expect(judgeFormPostFields(fields({ '$ACTION_1:0': '{"id":"a","bound":null}' }))).toBeNull();
    expect(judgeFormPostFields(fields({ '$ACTION_1:0': '[[[' }))?.status).toBe(400);
    expect(judgeFormPostFields(fields({ anything: '[[[' }))).toBeNull();
  });
});

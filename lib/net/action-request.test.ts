import { describe, expect, it } from 'vitest';
import {
  ACTION_BODY_LIMIT,
  judgeActionFields,
  judgeActionHeaders,
  judgeFormPostFields,
} from './action-request';

const form = 'multipart/form-data; boundary=----x';
const fields = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('a server-action request', () => {
  it('must be a multipart POST with a length within the limit', () => {
    const ok = { method: 'POST', contentType: form, contentLength: '100' };
    expect(judgeActionHeaders(ok)).toBeNull();
    expect(judgeActionHeaders({ ...ok, method: 'PUT' })?.status).toBe(405);
    expect(judgeActionHeaders({ ...ok, contentType: 'text/plain;charset=UTF-8' })?.status).toBe(
      415,
    );
    expect(judgeActionHeaders({ ...ok, contentType: 'application/json' })?.status).toBe(415);
    expect(judgeActionHeaders({ ...ok, contentLength: null })?.status).toBe(411);
    expect(
      judgeActionHeaders({ ...ok, contentLength: String(ACTION_BODY_LIMIT + 1) })?.status,
    ).toBe(413);
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

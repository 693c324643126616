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
  const id = '7f4398fc413350e6c535f914f7cd38f391eed012d4';
  // What React renders into a form whose action is bound (useActionState), as a browser posts it.
  const bound = {
    $ACTION_REF_1: '',
    '$ACTION_1:0': `{"id":"${id}","bound":"$@1"}`,
    '$ACTION_1:1': '["$undefined"]',
    $ACTION_KEY: 'kee19b1787984aa07cce75669b14f3f72',
    email: 'olive@example.com',
  };
  const verdict = (entries: Record<string, string>) => judgeFormPostFields(fields(entries))?.status;

  it('takes React’s own fields, and bodies that are no action at all', () => {
    expect(verdict(bound)).toBeUndefined();
    expect(verdict({ [`$ACTION_ID_${id}`]: '', email: 'x' })).toBeUndefined();
    expect(verdict({ ...bound, '$ACTION_1:0': `{"id":"${id}","bound":null}` })).toBeUndefined();
    expect(verdict({ anything: '[[[' })).toBeUndefined();
  });

  it('refuses action fields that are not JSON, or refer to parts that are not there', () => {
    expect(verdict({ ...bound, '$ACTION_1:0': '[[[' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:1': '[[[' })).toBe(400);
    expect(verdict({ $ACTION_REF_1: '' })).toBe(400);
    const { $ACTION_REF_1: _ref, ...parts } = bound;
    expect(verdict({ ...parts, $ACTION_REF_7: '' })).toBe(400);
    expect(verdict({ $ACTION_REF_x: '', '$ACTION_x:0': '{}' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:0': `{"id":"${id}","bound":"$@9"}` })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:0': `{"id":"${id}","bound":"$@0"}` })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:0': `{"id":"${id}"}` })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:0': '{"id":"garbage","bound":null}' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:0': '[1,2]' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:1': '["$Q5"]' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_1:1': '[{"a":"$@3"}]' })).toBe(400);
  });

  it('refuses a garbage action id, a junk key, two actions or stray action fields', () => {
    expect(verdict({ $ACTION_ID_garbage: '' })).toBe(400);
    expect(verdict({ $ACTION_ID_: '' })).toBe(400);
    expect(verdict({ ...bound, $ACTION_KEY: '{{junk' })).toBe(400);
    expect(verdict({ $ACTION_KEY: 'k12', email: 'x' })).toBe(400);
    expect(verdict({ ...bound, [`$ACTION_ID_${id}`]: '' })).toBe(400);
    expect(verdict({ ...bound, '$ACTION_2:0': '{}' })).toBe(400);
    expect(verdict({ ...bound, $ACTION_OTHER: '' })).toBe(400);
  });
});

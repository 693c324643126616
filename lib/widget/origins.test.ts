import { describe, expect, it } from 'vitest';
import { messageOriginAllowed } from './messages';
import {
  allowedWidgetOrigins,
  isWidgetPanelPath,
  readOrigin,
  readOriginList,
  widgetFrameAncestors,
  widgetOriginsInput,
} from './origins';

describe('readOrigin', () => {
  it.each([
    ['https://bakery.example', 'https://bakery.example'],
    ['  https://Bakery.EXAMPLE/ ', 'https://bakery.example'],
    ['https://bakery.example:443', 'https://bakery.example'],
    ['http://bakery.example:80', 'http://bakery.example'],
    ['http://127.0.0.1:4123', 'http://127.0.0.1:4123'],
    ['HTTPS://shop.bakery.example:8443', 'https://shop.bakery.example:8443'],
  ])('reads %s as %s', (text, origin) => {
    expect(readOrigin(text)).toEqual({ ok: true, origin });
  });

  it.each([
    ['bakery.example', 'start it with https://'],
    ['ftp://bakery.example', 'start it with https://'],
    ['javascript:alert(1)', 'start it with https://'],
    ['https://bakery.example/contact', 'no page path'],
    ['https://bakery.example?x=1', 'no page path'],
    ['https://bakery.example#top', 'no page path'],
    ['https://user@bakery.example', 'no page path'],
    ['https://', 'no page path'],
    ['https://*.bakery.example', 'not a website address'],
    ['https://bak ery.example', 'no page path'],
    ['https://bakery.example:99999', 'not a website address'],
  ])('refuses %s', (text, problem) => {
    const read = readOrigin(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toContain(problem);
  });
});

describe('readOriginList', () => {
  it('splits on commas and lines, skips blanks and keeps each origin once', () => {
    expect(
      readOriginList('https://a.example, https://A.example:443\n\nhttp://b.example:8080\n'),
    ).toEqual({ ok: true, origins: ['https://a.example', 'http://b.example:8080'] });
    expect(readOriginList(undefined)).toEqual({ ok: true, origins: [] });
  });

  it('names every entry that is not an origin', () => {
    expect(readOriginList('https://a.example\nb.example\nhttps://c.example/x')).toEqual({
      ok: false,
      problems: [
        { text: 'b.example', problem: expect.stringContaining('https://') },
        { text: 'https://c.example/x', problem: expect.stringContaining('path') },
      ],
    });
  });
});

describe('allowedWidgetOrigins', () => {
  it('joins the environment and Settings once each, in normal form', () => {
    expect(
      allowedWidgetOrigins({
        environment: ['https://a.example'],
        saved: ['https://A.example:443', 'https://b.example', 'not an origin'],
      }),
    ).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('widgetFrameAncestors', () => {
  it('lets nobody frame the panel when no website is allowed', () => {
    expect(widgetFrameAncestors([])).toBe("'none'");
  });
  it('lets the desk and the allowed websites frame it', () => {
    expect(widgetFrameAncestors(['https://a.example', 'http://b.example:8080'])).toBe(
      "'self' https://a.example http://b.example:8080",
    );
  });
});

describe('isWidgetPanelPath', () => {
  it.each([
    ['/widget', true],
    ['/widget/t/abc', true],
    ['/widget.js', false],
    ['/widgets', false],
    ['/ask', false],
  ])('%s: %s', (path, panel) => {
    expect(isWidgetPanelPath(path)).toBe(panel);
  });
});

describe('messageOriginAllowed', () => {
  it('takes exact origins only', () => {
    const allowed = ['https://a.example'];
    expect(messageOriginAllowed('https://a.example', allowed)).toBe(true);
    expect(messageOriginAllowed('https://a.example.evil', allowed)).toBe(false);
    expect(messageOriginAllowed('http://a.example', allowed)).toBe(false);
    expect(messageOriginAllowed('null', allowed)).toBe(false);
  });
});

describe('widgetOriginsInput', () => {
  it('parses the form into origins', () => {
    expect(widgetOriginsInput.parse({ origins: 'https://a.example\n' })).toEqual({
      origins: ['https://a.example'],
    });
    expect(widgetOriginsInput.parse({ origins: '' })).toEqual({ origins: [] });
  });
  it('says which line is wrong', () => {
    const parsed = widgetOriginsInput.safeParse({ origins: 'https://a.example\nbakery.example' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('“bakery.example”: start it with https://');
  });
});

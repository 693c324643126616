import { describe, expect, it } from 'vitest';
import { addressDomain, mailboxAddress } from './address';
import {
  angled,
  feedbackLinks,
  newMessageId,
  replyBodies,
  replySubject,
  threadingFor,
} from './compose';

describe('a reply’s email', () => {
  it('is from the address inside MAIL_FROM, with Message-IDs at its domain', () => {
    expect(mailboxAddress('Juniper Bakery <hello@Juniper.example>')).toBe('hello@Juniper.example');
    expect(mailboxAddress('hello@juniper.example')).toBe('hello@juniper.example');
    expect(mailboxAddress('Juniper Bakery')).toBeUndefined();
    expect(addressDomain('hello@Juniper.example')).toBe('juniper.example');
    const id = newMessageId('juniper.example');
    expect(id).toMatch(/^[0-9a-f]{32}@juniper\.example$/);
    expect(newMessageId('juniper.example')).not.toBe(id);
  });

  it('answers their subject once, or names the bakery when they gave none', () => {
    expect(replySubject('Rye on Saturday?', 'Juniper')).toBe('Re: Rye on Saturday?');
    expect(replySubject('RE: Rye on Saturday?', 'Juniper')).toBe('RE: Rye on Saturday?');
    expect(replySubject('  ', 'Juniper')).toBe('Your question to Juniper');
    expect(replySubject(null, 'Juniper')).toBe('Your question to Juniper');
  });

  it('threads under the customer’s last email: In-Reply-To it, References their chain then it', () => {
    expect(threadingFor(undefined)).toEqual({ inReplyTo: null, references: null });
    expect(threadingFor({ emailMessageId: 'c2@mail.example', emailReferences: 'a@x b@y' })).toEqual(
      { inReplyTo: 'c2@mail.example', references: 'a@x b@y c2@mail.example' },
    );
    expect(threadingFor({ emailMessageId: 'c1@mail.example', emailReferences: null })).toEqual({
      inReplyTo: 'c1@mail.example',
      references: 'c1@mail.example',
    });
    expect(angled('a@x b@y')).toBe('<a@x> <b@y>');
    expect(angled(null)).toBeUndefined();
  });

  it('starts with the reply exactly as sent, then the ticket link; the HTML part escapes it', () => {
    const text = 'Yes, <b>two</b> rye loaves & a "cinnamon" bun.\nSee you Friday!';
    const bodies = replyBodies({
      text,
      ticketUrl: 'https://desk.example/t/abc',
      bakeryName: 'Juniper & Co',
    });
    expect(bodies.text.startsWith(`${text}\n\n`)).toBe(true);
    expect(bodies.text).toContain('https://desk.example/t/abc');
    expect(bodies.html).toContain(
      'Yes, &lt;b&gt;two&lt;/b&gt; rye loaves &amp; a &quot;cinnamon&quot;',
    );
    expect(bodies.html).not.toContain('<b>two</b>');
    expect(bodies.html).toContain('<a href="https://desk.example/t/abc">');
    expect(bodies.html).toContain('Juniper &amp; Co');
  });
});

describe('the feedback question under a reply', () => {
  it('asks "Did this answer your question?" with a Yes and a No link to the confirmation', () => {
    const links = feedbackLinks('https://desk.example/t/abc', 42);
    expect(links).toEqual({
      yes: 'https://desk.example/t/abc/feedback/42?answer=yes',
      no: 'https://desk.example/t/abc/feedback/42?answer=no',
    });
    const bodies = replyBodies({
      text: 'Two rye loaves are waiting.',
      ticketUrl: 'https://desk.example/t/abc',
      bakeryName: 'Juniper',
      feedback: links,
    });
    expect(
      bodies.text.startsWith('Two rye loaves are waiting.\n\nDid this answer your question?\n'),
    ).toBe(true);
    expect(bodies.text).toContain(`Yes: ${links.yes}\nNo: ${links.no}\n\n-- \n`);
    expect(bodies.html).toContain(
      '<a href="https://desk.example/t/abc/feedback/42?answer=yes">Yes</a>',
    );
    expect(bodies.html).toContain(
      '<a href="https://desk.example/t/abc/feedback/42?answer=no">No</a>',
    );
    // Without links, the email says nothing of feedback.
    const plain = replyBodies({
      text: 'Hi',
      ticketUrl: 'https://desk.example/t/abc',
      bakeryName: 'J',
    });
    expect(plain.text).not.toContain('Did this answer');
  });
});

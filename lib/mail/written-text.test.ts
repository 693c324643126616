import { describe, expect, it } from 'vitest';
import { writtenText } from './written-text';

const own = 'Could you bake two rye loaves for Saturday?';
const lines = (...parts: string[]) => parts.join('\n');

describe('quoted history is cut', () => {
  it('`>` lines and the "On … wrote:" above them', () => {
    expect(
      writtenText(lines(own, '', 'On Mon, 2 Jun 2025 at 10:00, Bob <b@x.example> wrote:', '> old')),
    ).toBe(own);
  });

  it.each([
    ['French', 'Le lun. 2 juin 2025 à 10:00, Bob <b@x.example> a écrit :'],
    ['Russian', 'пн, 2 июн. 2025 г. в 10:00, Боб <b@x.example> написал:'],
    ['Ukrainian', '2 червня 2025 р. о 10:00 <b@x.example> написав:'],
    ['German', 'Am 02.06.2025 um 10:00 schrieb Bob <b@x.example>:'],
    ['Spanish', 'El lun, 2 jun 2025 a las 10:00, Bob (<b@x.example>) escribió:'],
    ['Italian', 'Il giorno lun 2 giu 2025 alle ore 10:00 Bob <b@x.example> ha scritto:'],
    ['Dutch', 'Op ma 2 jun 2025 om 10:00 schreef Bob <b@x.example>:'],
    ['Polish', 'W dniu 2.06.2025 o 10:00, Bob <b@x.example> pisze:'],
    ['Portuguese', 'Em seg., 2 de jun. de 2025 às 10:00, Bob <b@x.example> escreveu:'],
    ['Swedish', 'Den mån 2 juni 2025 kl 10:00 skrev Bob <b@x.example>:'],
    ['Finnish', 'ma 2. kesäk. 2025 klo 10.00 Bob <b@x.example> kirjoitti:'],
    ['Chinese', 'Bob <b@x.example> 于2025年6月2日周一 10:00写道：'],
    ['Japanese', '2025年6月2日(月) 10:00 Bob <b@x.example>:'],
    ['Turkish', 'Bob <b@x.example>, 2 Haz 2025 Pzt, 10:00 tarihinde şunu yazdı:'],
    ['Hungarian', '2025. jún. 2., hétfő 10:00 időpontban Bob <b@x.example> ezt írta:'],
  ])('a %s attribution line, with or without a quote under it', (_, attribution) => {
    expect(writtenText(lines(own, '', attribution, '> old'))).toBe(own);
    expect(writtenText(lines(own, '', attribution, '', 'The old message, not quoted.'))).toBe(own);
  });

  it('an attribution wrapped over three lines', () => {
    expect(
      writtenText(
        lines(own, '', 'On Wed, Dec 9, Mister Example', '<m@x.example>', 'wrote:', '> a'),
      ),
    ).toBe(own);
  });

  it('Outlook’s, AOL’s and Yahoo’s "Original Message", in any language', () => {
    for (const marker of [
      '-----Original Message-----',
      '----- Original Message -----',
      '-----Ursprüngliche Nachricht-----',
      '-------- Message d’origine --------',
      '-------- Oprindelig besked --------',
      '-----Исходное сообщение-----',
    ]) {
      expect(writtenText(lines(own, '', marker, 'From: Bob', '', 'Old question'))).toBe(own);
    }
  });

  it.each([
    ['English', ['From: Bob <b@x.example>', 'Sent: Monday, June 2, 2025 10:00', 'To: Ada']],
    ['bold Outlook', ['*From:* Bob [mailto:b@x.example]', '*Sent:* Monday', '*To:* Ada']],
    ['German', ['Von: Bob <b@x.example>', 'Gesendet: Montag, 2. Juni 2025', 'An: Ada']],
    ['French', ['De : Bob <b@x.example>', 'Envoyé : lundi 2 juin 2025', 'À : Ada']],
    ['Russian', ['От: Bob <b@x.example>', 'Отправлено: 2 июня 2025 г.', 'Кому: Ada']],
    ['Chinese', ['发件人: Bob <b@x.example>', '发送时间: 2025年6月2日', '收件人: Ada']],
  ])('a %s header block, under a line of underscores or not', (_, block) => {
    expect(writtenText(lines(own, '', ...block, '', 'Old question'))).toBe(own);
    expect(writtenText(lines(own, '________________________________', ...block, '', 'Old'))).toBe(
      own,
    );
  });

  it('an inline reply keeps the customer’s answers between the quotes', () => {
    expect(
      writtenText(lines('> Rye or spelt?', '', 'Rye, please.', '', '> How many?', '', 'Two.')),
    ).toBe('Rye, please.\n\nTwo.');
  });

  it('a quoted line the mailer wrapped is still quoted', () => {
    expect(
      writtenText(lines(own, '', '> a long quoted line that', 'wrapped here', '> and on')),
    ).toBe(own);
  });

  it('sentences that only look like attributions stay', () => {
    const text = lines(
      'On the other hand, rye keeps longer.',
      'The site wrote: "fresh daily".',
      'From: our farm, not the mill.',
    );
    expect(writtenText(text)).toBe(text);
  });
});

describe('signatures are cut where they stand alone at the end', () => {
  it.each([
    'Sent from my iPhone',
    'Inviato da iPhone',
    'Envoyé de mon iPhone',
    'Von meinem iPhone gesendet',
    'Enviado desde mi iPhone',
    'Sent from Outlook',
    'Get Outlook for Android<https://aka.ms/ghei36>',
    'Sent from Mail for Windows 10',
  ])('"%s"', (signature) => {
    expect(writtenText(lines(own, '', signature))).toBe(own);
  });

  it('"-- " and what follows it', () => {
    expect(writtenText(lines(own, '', '-- ', 'Ada Lovelace', 'Analytical Engines Ltd'))).toBe(own);
  });

  it('a mailing list’s footer under a line of underscores', () => {
    expect(writtenText(lines(own, '', '_______________', 'bakers mailing list', 'x@y.z'))).toBe(
      own,
    );
  });

  it('a sentence that begins like a signature is the customer’s', () => {
    const text = lines('Here is my order.', '', 'Sent from my desk, is much easier than my phone.');
    expect(writtenText(text)).toBe(text);
  });

  it('dashes inside the text and markdown rules stay', () => {
    const text = lines('Order:', '-- two rye', '-- one spelt', '----', 'Thanks -- Ada');
    expect(writtenText(text)).toBe(text);
  });
});

describe('a forward is what the customer asks about', () => {
  it('Gmail’s and Apple’s forward markers keep the whole forwarded message', () => {
    for (const marker of ['---------- Forwarded message ---------', 'Begin forwarded message:']) {
      const forwarded = lines(marker, 'From: Bob <b@x.example>', '', 'Is this loaf vegan?');
      expect(writtenText(lines('Can you answer this?', '', forwarded))).toBe(
        lines('Can you answer this?', '', forwarded),
      );
    }
  });

  it('a forward the mailer quoted stays, without the quote marks', () => {
    expect(
      writtenText(
        lines('> Begin forwarded message:', '>', '> From: Bob <b@x.example>', '>', '> Vegan?'),
      ),
    ).toBe(lines('Begin forwarded message:', '', 'From: Bob <b@x.example>', '', 'Vegan?'));
  });

  it('under a "Fwd:"/"WG:"/"TR:" subject, an Outlook header block is the forward', () => {
    const block = lines('From: Bob <b@x.example>', 'Sent: Monday', 'To: Ada', '', 'Vegan?');
    for (const subject of ['Fwd: vegan?', 'WG: vegan?', 'TR: vegan?', 'FW: vegan?']) {
      expect(writtenText(lines('See below', '', block), { subject })).toBe(
        lines('See below', '', block),
      );
    }
    expect(writtenText(lines('See below', '', block), { subject: 'Re: vegan?' })).toBe('See below');
  });
});

describe('bounded work', () => {
  it('a 700 KB line of `>` returns, and is quoted history', () => {
    expect(writtenText(lines(own, '>'.repeat(700_000)))).toBe(own);
  });

  it('40 KB of quote-like lines return', () => {
    const quoteLike = Array.from({ length: 2_000 }, (_, index) =>
      index % 2 === 0 ? `On ${index} Bob <b${index}@x.example>` : '>> '.repeat(5),
    ).join('\n');
    expect(quoteLike.length).toBeGreaterThan(40_000);
    expect(typeof writtenText(lines(own, quoteLike))).toBe('string');
  });

  it('a body of long lines that each nearly match returns, bounded', () => {
    const nearly = `${' '.repeat(50_000)}On ${'1'.repeat(50_000)} wrote`;
    const body = Array.from({ length: 8 }, () => nearly).join('\n');
    const text = writtenText(body);
    expect(text.length).toBeLessThanOrEqual(24_000);
  });
});

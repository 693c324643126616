import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { repairedUtf8 } from './decode-headers';
import { readEmail } from './read-email';

const own = { ownAddresses: ['orders@juniper.example'] };

/** An email whose From name, Subject and body are raw bytes in `charset`, with no encoded-words. */
function legacy(charset: string, name: string, subject: string, body: string): Buffer {
  return Buffer.concat([
    Buffer.from('From: '),
    iconv.encode(name, charset),
    Buffer.from(' <customer@example.com>\r\nSubject: '),
    iconv.encode(subject, charset),
    Buffer.from(`\r\nContent-Type: text/plain; charset=${charset}\r\n\r\n`),
    iconv.encode(body, charset),
    Buffer.from('\r\n'),
  ]);
}

describe('raw 8-bit headers in legacy charsets', () => {
  it.each([
    ['windows-1252', 'Renée François', 'Crème brûlée', 'Deux crèmes, s’il vous plaît.'],
    ['iso-8859-2', 'Łucja Żak', 'Chleb żytni', 'Czy macie chleb żytni?'],
    ['koi8-r', 'Иван Петров', 'Торт на субботу', 'Есть ли торт?'],
    ['gb2312', '王小明', '生日蛋糕', '有生日蛋糕吗？'],
    ['gbk', '李四', '面包', '今天有面包吗？'],
    ['big5', '陳大文', '麵包', '今天有麵包嗎？'],
    ['shift_jis', '山田太郎', 'ケーキの予約', 'ケーキはありますか？'],
    ['euc-kr', '김민수', '케이크 주문', '케이크 있나요?'],
  ])('%s: name, subject and text read as written', async (charset, name, subject, body) => {
    const read = await readEmail(legacy(charset, name, subject, body), own);
    expect(read).toMatchObject({
      readable: true,
      email: { fromName: name, subject, text: body },
    });
  });

  it('UTF-8 headers are left as they are', async () => {
    const read = await readEmail(legacy('utf-8', 'Zoë Ångström', 'Smørbrød', 'Hej!'), own);
    expect(read).toMatchObject({ email: { fromName: 'Zoë Ångström', subject: 'Smørbrød' } });
  });
});

describe('UTF-7', () => {
  it('encoded-words and a body declared utf-7 are decoded', async () => {
    const subject = `=?utf-7?B?${Buffer.from('Cr+AOg-me br+APs-l+AOk-e').toString('base64')}?=`;
    const raw = Buffer.from(
      [
        'From: =?UTF-7?Q?Ren+AOk-e?= <renee@example.fr>',
        `Subject: ${subject}`,
        'Content-Type: text/plain; charset=utf-7',
        '',
        'Bonjour, avez-vous des cr+AOg-mes br+APs-l+AOk-es samedi ? 1 +- 1',
        '',
      ].join('\r\n'),
    );
    expect(await readEmail(raw, own)).toMatchObject({
      readable: true,
      email: {
        fromName: 'Renée',
        subject: 'Crème brûlée',
        text: 'Bonjour, avez-vous des crèmes brûlées samedi ? 1 + 1',
      },
    });
  });
});

describe('UTF-7 only where the text is UTF-7', () => {
  it('a UTF-8 text beside a UTF-7 attachment keeps its "+"', async () => {
    const raw = Buffer.from(
      [
        'From: ada@example.com',
        'Subject: Sums',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Is 1+1 loaves a deal?',
        '--b',
        'Content-Type: text/plain; charset=utf-7; name="note.txt"',
        'Content-Disposition: attachment; filename="note.txt"',
        '',
        'cr+AOg-me',
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(await readEmail(raw, own)).toMatchObject({
      email: { text: 'Is 1+1 loaves a deal?', attachments: [{ name: 'note.txt' }] },
    });
  });
});

describe('attachment names read byte by byte', () => {
  it('UTF-8 read as Latin-1 is read again as UTF-8', () => {
    const name = 'Картинка.png';
    expect(repairedUtf8(Buffer.from(name, 'utf8').toString('latin1'))).toBe(name);
  });

  it('a Latin-1 name that is not UTF-8 stays', () => {
    expect(repairedUtf8('ciële.txt')).toBe('ciële.txt');
  });
});

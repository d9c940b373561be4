import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { activationMail } from './templates.ts';

describe('mail without SMTP_URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqltune-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each mail as an .eml file with text and HTML and logs its link', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'SQLTune <a@b.test>', outboxDir: join(dir, 'outbox') },
      log,
    );
    const url = 'http://localhost:8080/app/login/activation?token=abc';
    await mailer.send(activationMail('u@example.com', 'zh', url));
    mailer.close();

    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('激活您的 SQLTune 账号');
    expect(parsed.text).toContain(`激活账号: ${url}`);
    expect(parsed.html).toContain(`href="${url}"`);
    const logged = lines.map((line) => JSON.parse(line) as { link?: string; file?: string }).find((l) => l.link);
    expect(logged).toMatchObject({ link: url, file: join(dir, 'outbox', files[0]!) });
  });

  it('escapes what it puts in the HTML body', async () => {
    const mail = activationMail('u@example.com', 'en', 'http://x.test/?a=1&b="<2>"');
    expect(mail.html).toContain('href="http://x.test/?a=1&#38;b=&#34;&#60;2&#62;&#34;"');
    expect(mail.text).toContain('http://x.test/?a=1&b="<2>"');
  });
});

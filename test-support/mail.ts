import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort, waitFor } from './services.ts';

/** A mail as a test reads it: parsed from the MIME the server wrote or sent. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  raw: string;
}

/** Where a test finds the mails the app sent: each mail is returned once, in the order it arrived. */
export interface Mailbox {
  next(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
}

async function parse(raw: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return {
    to: to?.value[0]?.address?.toLowerCase() ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: parsed.headers as Map<string, unknown>,
    raw,
  };
}

abstract class CollectingMailbox implements Mailbox {
  private readonly taken = new Set<ReceivedMail>();
  protected abstract all(): Promise<ReceivedMail[]>;

  async next(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await waitFor(async () => {
      found = (await this.all()).find(
        (mail) => !this.taken.has(mail) && mail.to === to.toLowerCase() && subject.test(mail.subject),
      );
      if (!found) throw new Error(`no mail to ${to} with subject ${subject}`);
    }, timeoutMs);
    this.taken.add(found!);
    return found!;
  }
}

/** The .eml files the app writes under SQLTUNE_DATA_DIR/outbox when no SMTP_URL is set. */
export class OutboxMailbox extends CollectingMailbox {
  private readonly byFile = new Map<string, ReceivedMail>();
  constructor(readonly dir: string) {
    super();
  }

  protected async all(): Promise<ReceivedMail[]> {
    let files: string[] = [];
    try {
      files = readdirSync(this.dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    for (const file of files) {
      if (!this.byFile.has(file)) this.byFile.set(file, await parse(readFileSync(join(this.dir, file), 'utf8')));
    }
    return files.map((file) => this.byFile.get(file)!);
  }
}

/** A real SMTP server in this process (smtp-server), no TLS, any login accepted; what arrives is parsed and kept. */
export class SmtpCatcher extends CollectingMailbox {
  readonly received: ReceivedMail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {
    super();
  }

  static async start(): Promise<SmtpCatcher> {
    const port = await freePort();
    let catcher!: SmtpCatcher;
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          parse(Buffer.concat(chunks).toString('utf8')).then(
            (mail) => {
              catcher.received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    catcher = new SmtpCatcher(server, port);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return catcher;
  }

  get url(): string {
    return `smtp://user:secret@127.0.0.1:${this.port}`;
  }

  protected async all(): Promise<ReceivedMail[]> {
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The six-digit code of a verification mail. */
export function codeOf(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** The first link into the app (activation, unsubscribe) of a mail's text. */
export function linkOf(mail: ReceivedMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** The outbox of an app whose SQLTUNE_DATA_DIR is `dataDir` (no SMTP_URL). */
export function outboxOf(dataDir: string): OutboxMailbox {
  return new OutboxMailbox(join(dataDir, 'outbox'));
}

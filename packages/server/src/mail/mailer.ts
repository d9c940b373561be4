import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

/** A mail as the templates write it: both a plain-text and an HTML body, and the link it is about, if any. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link (activation, unsubscribe): logged when the mail goes to the outbox. */
  link?: string;
  /** The verification code it carries: logged with the mail when it goes to the outbox, where no one reads mail. */
  code?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** smtp:// or smtps:// URL with credentials; when unset mails are written to `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise every mail is written as an .eml file (the same MIME
 * nodemailer would send) under SQLTUNE_DATA_DIR/outbox and its link printed in the log, so sign-up works on a machine
 * with no mail server.
 */
export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  return settings.smtpUrl ? smtpMailer(settings, settings.smtpUrl, log) : outboxMailer(settings, log);
}

function smtpMailer(settings: MailSettings, smtpUrl: string, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail(message(settings, mail));
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(settings, mail));
      await mkdir(settings.outboxDir, { recursive: true });
      const file = join(
        settings.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

function message(settings: MailSettings, mail: OutgoingMail) {
  return {
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from './services/shared/heavy-libraries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

/**
 * Real e-mail through nodemailer: over SMTP when configured, otherwise each message is rendered
 * to an .eml file under the outbox directory.
 */
export function createMailer(options: { from: string; outboxDir: string; smtp?: SmtpSettings }): Mailer {
  // nodemailer is loaded with the first message: most requests send none.
  const transport = onFirstUse(async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return options.smtp
      ? nodemailer.createTransport({
          host: options.smtp.host,
          port: options.smtp.port,
          secure: options.smtp.secure,
          auth: options.smtp.user ? { user: options.smtp.user, pass: options.smtp.password } : undefined,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  });

  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      if (options.smtp) return;
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(
        options.outboxDir,
        `${stamp}-${safeTo}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}

import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { TestApp, TestUser } from '../../helpers';
import type { MailIn } from '../../../../src/shared/mailIn';

/** The API tests' mail listener port (TEST_MAIL_PORT), apart from npm start's 2525 and the browser tests'. */
export const TEST_MAIL_PORT = process.env.TEST_MAIL_PORT ?? '2611';

/** What the listener answered a mail: accepted (its 250 line) or refused (its code and line). */
export interface Delivery {
  accepted: string[];
  rejected: string[];
  response: string;
  code: number;
}

/** Sends a real mail over SMTP to the test app's listener (no TLS: the listener offers none). */
export async function sendMail(message: Mail.Options): Promise<Delivery> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: Number(TEST_MAIL_PORT), secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail(message);
    return { accepted: info.accepted.map(String), rejected: info.rejected.map(String), response: info.response, code: Number(info.response.slice(0, 3)) };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; rejected?: string[]; message: string };
    return { accepted: [], rejected: e.rejected ?? [], response: e.response ?? e.message, code: e.responseCode ?? 0 };
  } finally {
    transport.close();
  }
}

export async function mailInOf(t: TestApp, user: TestUser): Promise<MailIn> {
  const res = await t.request(user, { method: 'GET', url: '/api/mail-in' });
  if (res.statusCode !== 200) throw new Error(`GET /api/mail-in: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The path and query of a signed link (the API's public base URL stripped). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

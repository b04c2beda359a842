import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** A message the real SMTP server of scripts/test-e2e.mjs received. */
export type ReceivedMail = { to: string; subject: string; text: string };

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the end-to-end tests with npm run test:e2e');
  return dir;
}

/** Undoes quoted-printable: the templates are ASCII, so this is enough to read codes and links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function parse(raw: string): ReceivedMail {
  return { to: header(raw, 'to'), subject: header(raw, 'subject'), text: decodeQuotedPrintable(raw) };
}

/** Every message to `address` so far, oldest first. */
export function mailTo(address: string): ReceivedMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parse(readFileSync(path.join(dir, name), 'utf8')))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits until `address` has received more than `alreadyThere` messages; answers the newest. */
export async function nextMailTo(address: string, alreadyThere: number): Promise<ReceivedMail> {
  await expect
    .poll(() => mailTo(address).length, { message: `mail to ${address}`, timeout: 15_000 })
    .toBeGreaterThan(alreadyThere);
  const all = mailTo(address);
  const newest = all[all.length - 1];
  if (!newest) throw new Error(`no mail to ${address}`);
  return newest;
}

/** The 8-digit sign-in code of a two-factor mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /verification code for .* is: (\d{8})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 8-digit code in "${mail.subject}"`);
  return code;
}

/** The reset link of a password-reset mail, as a path of the web app. */
export function resetPathIn(mail: ReceivedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/reset_password\/[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in "${mail.subject}"`);
  return new URL(link).pathname;
}

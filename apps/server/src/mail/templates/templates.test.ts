import { describe, expect, it } from 'vitest';
import { senderAddress } from '../transport';
import { retryDelaySeconds } from '../delivery';
import { passwordResetMail } from './password-reset';
import { twoFactorCodeMail } from './two-factor-code';

const MARKUP = '<img src=x onerror="alert(1)">';

describe('mail templates', () => {
  it('escape user data in the HTML part and keep it literal in the text part', () => {
    const mail = twoFactorCodeMail({
      to: 'a@example.com',
      firstName: MARKUP,
      organizationName: 'Smith & "Sons" <CPA>',
      code: '12345678',
      minutes: 10,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(mail.html).toContain('Smith &amp; &quot;Sons&quot; &lt;CPA&gt;');
    expect(mail.text).toContain(`Hello ${MARKUP},`);
    expect(mail.text).toContain('Smith & "Sons" <CPA>');
  });

  it('put the reset link in both parts, quoted safely inside the href', () => {
    const mail = passwordResetMail({
      to: 'a@example.com',
      firstName: 'Ann',
      username: '<b>ann</b>',
      organizationName: 'Demo CPA',
      link: 'https://demo.example.com/reset_password/1.abc"def',
    });
    expect(mail.text).toContain('https://demo.example.com/reset_password/1.abc"def');
    expect(mail.html).toContain('href="https://demo.example.com/reset_password/1.abc&quot;def"');
    expect(mail.html).toContain('&lt;b&gt;ann&lt;/b&gt;');
    expect(mail.subject).toBe('Reset your password');
  });

  it('greet without a name when there is none', () => {
    const mail = twoFactorCodeMail({ to: 'a@b.co', firstName: '', organizationName: 'X', code: '1', minutes: 10 });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('sender and retry schedule', () => {
  it('sends from no-reply at the public host, without the organization label', () => {
    expect(senderAddress('http://localhost:3000')).toBe('no-reply@localhost');
    expect(senderAddress('https://{org}.practice.example')).toBe('no-reply@practice.example');
  });

  it('waits 1, 2, 4 ... minutes between tries, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(10)).toBe(3600);
  });
});

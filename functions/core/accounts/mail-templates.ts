import type { MailMessage } from '../ports/accounts';

/** The account mails. Codes and links expire after `minutes` and work once. */
export function verificationMail(to: string, code: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Verify your Reelsmith email',
    text: [
      'Welcome to Reelsmith!',
      '',
      `Your verification code is ${code}`,
      '',
      `Or open this link to verify your email: ${link}`,
      '',
      `The code and the link expire in ${minutes} minutes and work once. If you did not create an account, ignore this email.`,
    ].join('\n'),
  };
}

export function resetMail(to: string, code: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your Reelsmith password',
    text: [
      'Someone asked to reset the password of your Reelsmith account.',
      '',
      `Your password reset code is ${code}`,
      '',
      `Or open this link to choose a new password: ${link}`,
      '',
      `The code and the link expire in ${minutes} minutes and work once. If it was not you, ignore this email: your password stays as it is.`,
    ].join('\n'),
  };
}

import { RateLimitedError } from '../errors';
import type { MailQuota } from '../ports/delivery';
import type { DeliveryMail } from './delivery-mail';
import { testMail } from './mails';

/** Test mails per user per hour, beside the daily allowance. */
export const testMailsPerHour = 5;

/** The settings page's "Send test": a sample mail to the address typed, through the same rules as every mail. */
export class TestMails {
  constructor(private readonly deps: { mail: DeliveryMail; quota: Pick<MailQuota, 'takeTestHourly'> }) {}

  async send(userId: string, automationEmail: string): Promise<{ message: string }> {
    const { mail } = this.deps;
    const user = await mail.user(userId);
    const hour = mail.now().toISOString().slice(0, 13);
    if (!(await this.deps.quota.takeTestHourly(userId, hour, testMailsPerHour))) {
      throw new RateLimitedError(`You can send at most ${testMailsPerHour} test emails an hour. Try again later.`, undefined, 'TEST_MAIL_LIMIT');
    }
    await mail.send(user, await testMail(automationEmail, await mail.settingsUrl()));
    return { message: `Test email sent to ${automationEmail}` };
  }
}

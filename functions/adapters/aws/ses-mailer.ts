import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from '../../core/ports/accounts';

export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly from: string,
    /** Bounces and complaints come back through it (lib/constructs/mail.ts). */
    private readonly configurationSet?: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        ConfigurationSetName: this.configurationSet,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}) },
            ...(message.unsubscribeUrl ? { Headers: [{ Name: 'List-Unsubscribe', Value: `<${message.unsubscribeUrl}>` }] } : {}),
          },
        },
      }),
    );
  }
}

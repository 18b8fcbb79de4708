interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` in the local outbox, read through /dev/mailbox.json like a person would. */
export async function latestMail(baseUrl: string, to: string, subject?: RegExp): Promise<Mail> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json`);
  const mails = (await response.json()) as Mail[];
  const found = mails.find((mail) => mail.to === to.toLowerCase() && (!subject || subject.test(mail.subject)));
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

export function codeIn(mail: Mail): string {
  const match = /code is (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}

export function linkIn(mail: Mail): URL {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error('no link in mail');
  return new URL(match[1]);
}

export async function countMails(baseUrl: string, to: string): Promise<number> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json`);
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to.toLowerCase()).length;
}

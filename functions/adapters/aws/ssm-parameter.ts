import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

let client: SSMClient | undefined;

/** Reads one String parameter (the app origin written by the stack after CloudFront exists). */
export async function readSsmParameter(name: string): Promise<string> {
  client ??= new SSMClient({});
  const result = await client.send(new GetParameterCommand({ Name: name }));
  const value = result.Parameter?.Value;
  if (!value) throw new Error(`SSM parameter ${name} is empty`);
  return value;
}

import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

let client: SSMClient | undefined;

/** Reads a SecureString (decrypted); undefined when the parameter does not exist. */
export async function readSecretParameter(name: string): Promise<string | undefined> {
  client ??= new SSMClient({});
  try {
    const result = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
    return result.Parameter?.Value?.trim() || undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'ParameterNotFound') return undefined;
    throw error;
  }
}

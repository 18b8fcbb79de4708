import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../free-port';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

function corsConfiguration(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/** s3rver, with the media bucket created and CORS open to the app's origin for browser uploads. */
export async function startS3(options: { dataDir?: string; buckets: string[]; corsOrigins: string[] }): Promise<RunningS3> {
  const port = await freePort();
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reelsmith-s3-'));
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsConfiguration(options.corsOrigins)] })),
  });
  // s3rver knows one access key (S3RVER); the local stack signs with `local`/`local`, so it learns that pair too.
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair('local', 'local');
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

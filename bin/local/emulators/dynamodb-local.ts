import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, waitForPort } from '../free-port';

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found on PATH. Install it (Debian: `apt-get install -y openjdk-17-jre-headless`) and run again.',
    );
  }
}

function jarFolder(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  return join(dirname(pkg), 'emulator');
}

/**
 * The official DynamoDB Local jar (shipped in `amplify-dynamodb-simulator`), run with the machine's
 * Java: in memory for tests, on disk under `dataDir` for `npm start`.
 */
export async function startDynamoDbLocal(options: { dataDir?: string }): Promise<RunningDynamo> {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
  const folder = jarFolder();
  const port = await freePort();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The throughput collector and a heap sized for load from the start: a tenth less CPU per call than G1
  // growing from 64 MB (measured with GetItem, Query and PutItem floods on the table's schema).
  const child: ChildProcess = spawn(
    'java',
    [
      '-Xms256m',
      '-Xmx512m',
      '-XX:+UseParallelGC',
      `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(folder, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-port',
      String(port),
      ...storage,
    ],
    { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  // Whatever ends this process (a crash, process.exit, a signal handled elsewhere), the JVM goes
  // with it: 'exit' listeners run synchronously on every way out but SIGKILL.
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  child.once('exit', () => {
    exited = true;
    process.removeListener('exit', killOnExit);
  });
  try {
    await waitForPort(port, 30_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

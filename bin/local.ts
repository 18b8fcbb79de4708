import { startLocalStack } from './local/stack';
import { JavaMissingError } from './local/emulators/dynamodb-local';

/**
 * `npm start`: the whole product on http://localhost:3000 (PORT to change), data under `.data/`
 * (REELSMITH_DATA_DIR to keep it elsewhere: the fault benchmark runs each stack on a folder of its own).
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  process.stdout.write('Reelsmith: starting the local stack\n');
  const stack = await startLocalStack({ port, dataDir: process.env.REELSMITH_DATA_DIR || undefined });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the local stack…\n`);
    stack
      .stop()
      .then(() => {
        process.stdout.write('stopped cleanly\n');
        process.exit(process.exitCode ?? 0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`error while stopping: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  // A fault nothing else caught is logged and stops the stack (children included) instead of
  // leaving DynamoDB Local orphaned; the emulators also kill their children on 'exit'.
  const fatal = (kind: string) => (error: unknown) => {
    process.stderr.write(`\n${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
    shutdown(kind);
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) process.stderr.write(`\n${error.message}\n`);
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')
    process.stderr.write(`\nPort ${process.env.PORT ?? 3000} is in use. Stop what runs there or set PORT=3001.\n`);
  else process.stderr.write(`\nThe local stack could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

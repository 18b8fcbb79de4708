import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server as HttpServer } from 'node:http';
import pino from 'pino';
import AWS from 'aws-sdk';
import { createServer } from 'cognito-local/lib/server/server';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { freePort } from '../free-port';

export interface RunningCognito {
  endpoint: string;
  stop(): Promise<void>;
}

/** The part of stormdb's file engine (cognito-local's store) that writes. */
interface FileEngine {
  path: string;
  async: boolean;
  serialize(data: unknown): string;
}

let atomicWrites = false;

/**
 * cognito-local saves each user pool with `fs.writeFile` (truncate, then write, asynchronously): a kill
 * between the two (a SIGKILL) or two saves at once leaves an empty or mixed file, and every
 * account with it. Each save is made whole instead: written to a temporary file beside it, then renamed
 * over it (one synchronous step, so saves never interleave and the file is always the old or the new one).
 */
function makeStoreWritesAtomic(): void {
  if (atomicWrites) return;
  atomicWrites = true;
  const fromCognito = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  const engine = fromCognito('stormdb/src/engine/local.js') as { prototype: { write(this: FileEngine, data: unknown): Promise<void> | null } };
  engine.prototype.write = function write(this: FileEngine, data: unknown) {
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, this.serialize(data));
    renameSync(temporary, this.path);
    return this.async ? Promise.resolve() : null;
  };
}

/** The app sends its own verification and reset mail; Cognito's messages go nowhere. */
const silentSender: MessageSender = {
  sendEmail: async () => undefined,
  sendSms: async () => undefined,
};

/**
 * cognito-local, started in-process on a free port (never 9229, Node's inspector port), with its
 * data in a folder of our choosing instead of `./.cognito`.
 */
export async function startCognito(options: { dataDir?: string }): Promise<RunningCognito> {
  makeStoreWritesAtomic();
  const port = await freePort();
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reelsmith-cognito-'));
  mkdirSync(join(directory, 'db'), { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOCAL_DEBUG ? 'debug' : 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    // cognito-local's default makes every pool email-as-username; ours are keyed by user id, like the cloud pool.
    UserPoolDefaults: {},
    TokenConfig: { IssuerDomain: `http://127.0.0.1:${port}` },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false as const },
  };
  const clock = new DateClock();
  const dataDirectory = join(directory, 'db');
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(dataDirectory, dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory));
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(silentSender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = createServer(Router(services), logger, config.ServerConfig, services);
  const http: HttpServer = await server.start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

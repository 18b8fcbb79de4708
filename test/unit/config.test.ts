import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../functions/platform/config';

const base = {
  APP_ORIGIN: 'https://app.example',
  TABLE_NAME: 't',
  MEDIA_BUCKET: 'b',
  USER_POOL_ID: 'p',
  USER_POOL_CLIENT_ID: 'c',
  WS_MANAGEMENT_ENDPOINT: 'https://ws.example/prod',
};

describe('configuration', () => {
  it('reads a complete environment with defaults', () => {
    const config = parseConfig(base);
    expect(config.STAGE).toBe('cloud');
    expect(config.SESSION_IDLE_MINUTES).toBe(10080);
    expect(config.MAIL_MODE).toBe('ses');
  });

  it('names every missing variable', () => {
    expect(() => parseConfig({ ...base, TABLE_NAME: undefined, MEDIA_BUCKET: undefined })).toThrow(
      new ConfigError('Invalid configuration: TABLE_NAME is missing; MEDIA_BUCKET is missing'),
    );
  });

  it('needs the app origin or the parameter that holds it', () => {
    expect(() => parseConfig({ ...base, APP_ORIGIN: undefined })).toThrow(/APP_ORIGIN/);
    expect(parseConfig({ ...base, APP_ORIGIN: undefined, APP_ORIGIN_PARAMETER: '/x/app-origin' }).APP_ORIGIN_PARAMETER).toBe('/x/app-origin');
  });

  it('refuses malformed values', () => {
    expect(() => parseConfig({ ...base, SESSION_IDLE_MINUTES: '-3' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});

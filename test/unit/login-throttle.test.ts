import { describe, expect, it } from 'vitest';
import { EvenPace } from '../../functions/core/accounts/even-pace';
import { accountBudget, clientKey, delayAfter, loginBudget, loginThrottlePolicy, mayCheckPassword } from '../../functions/core/accounts/login-throttle';

const { freeFailures, firstDelayMs, maxDelayMs, clientMaxFailures } = loginThrottlePolicy;

describe('sign-in throttle policy', () => {
  it('lets the first failures through, then doubles the delay up to its cap', () => {
    for (let failures = 0; failures < freeFailures; failures++) expect(delayAfter(failures)).toBe(0);
    expect(delayAfter(freeFailures)).toBe(firstDelayMs);
    expect(delayAfter(freeFailures + 1)).toBe(2 * firstDelayMs);
    expect(delayAfter(freeFailures + 3)).toBe(8 * firstDelayMs);
    expect(delayAfter(freeFailures + 10)).toBe(maxDelayMs);
    expect(delayAfter(10_000)).toBe(maxDelayMs);
  });

  it('checks a password only once the pair has waited out its delay and the client is within its limit', () => {
    const now = 1_000_000;
    expect(mayCheckPassword({ pairFailures: 0, pairLastAt: undefined, clientFailures: 1 }, now)).toBe(true);
    expect(mayCheckPassword({ pairFailures: freeFailures - 1, pairLastAt: now, clientFailures: 1 }, now)).toBe(true);
    expect(mayCheckPassword({ pairFailures: freeFailures, pairLastAt: now - firstDelayMs + 1, clientFailures: 1 }, now)).toBe(false);
    expect(mayCheckPassword({ pairFailures: freeFailures, pairLastAt: now - firstDelayMs, clientFailures: 1 }, now)).toBe(true);
    expect(mayCheckPassword({ pairFailures: 0, pairLastAt: undefined, clientFailures: clientMaxFailures }, now)).toBe(true);
    expect(mayCheckPassword({ pairFailures: 0, pairLastAt: undefined, clientFailures: clientMaxFailures + 1 }, now)).toBe(false);
  });

  it('keys IPv4 clients by address and IPv6 clients by their /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:0:12:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:0DB8:0000:0012::1')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('sign-in budgets', () => {
  it("spends the account's budget whichever of its names was typed, and an unknown name's own otherwise", () => {
    expect(loginBudget('Ada', 'U1')).toBe(accountBudget('U1'));
    expect(loginBudget(' ADA@example.com ', 'U1')).toBe(accountBudget('U1'));
    expect(loginBudget(' Ghost ', undefined)).toBe('name:ghost');
    expect(loginBudget('ghost@example.com', undefined)).toBe(loginBudget('GHOST@example.com ', undefined));
  });

  it('keeps typed names and accounts apart, so no name can spend an account budget', () => {
    expect(loginBudget(accountBudget('U1'), undefined)).not.toBe(accountBudget('U1'));
  });
});

describe('EvenPace', () => {
  function paced(floorMs = 100) {
    let time = 0;
    const waits: number[] = [];
    const pace = new EvenPace({
      floorMs,
      ceilingMs: 1_000,
      remember: 3,
      clock: () => time,
      wait: async (ms) => {
        waits.push(ms);
        time += ms;
      },
    });
    const call = async (workMs: number, slow: boolean) => {
      const started = time;
      await pace.run(async () => {
        time += workMs;
        return slow;
      });
      return time - started;
    };
    return { pace, call, waits };
  }

  it('brings every call up to the slowest recent slow call, between a floor and a ceiling', async () => {
    const { call, pace } = paced();
    expect(await call(5, false)).toBe(100);
    expect(await call(250, true)).toBe(250);
    expect(await call(5, false)).toBe(250);
    expect(await call(40, true)).toBe(250);
    expect(await call(5000, true)).toBe(5000);
    expect(pace.target()).toBe(1_000);
    // Only the latest three slow calls count: the outlier is forgotten after three more.
    for (let i = 0; i < 3; i++) await call(120, true);
    expect(pace.target()).toBe(120);
  });

  it('keeps the pace when the work fails', async () => {
    const { pace, waits } = paced();
    await expect(pace.run(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(waits).toEqual([100]);
  });
});

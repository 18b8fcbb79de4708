import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptGuardedFields, scriptReadOnlyFields, updateScriptSchema } from '../../functions/contract/scripts';
import { userGuardedFields, userReadOnlyFields } from '../../functions/contract/auth';
import { templateReadOnlyFields, updateTemplateSchema } from '../../functions/contract/workflows';
import { createAreaHandler } from '../../functions/platform/http/area-handler';
import { endpointsFor } from '../../functions/platform/http/endpoint';
import { idMismatchMessage, refuseChangedGuardedFields, withoutReadOnlyFields } from '../../functions/platform/http/read-only-fields';
import { routesOfArea, routeKey } from '../../functions/platform/routes';
import { parseOrRefuse } from '../../functions/platform/http/zod-issues';

describe('read-only fields on PUT/PATCH', () => {
  const fields = ['id', 'createdAt', 'updatedAt'];

  it('takes the read-only fields out, whatever their value, and keeps every other field', () => {
    const body = { id: 'T1', name: 'x', createdAt: '2000-01-01', updatedAt: 'stale', colour: 'red' };
    expect(withoutReadOnlyFields(body, fields, 'T1')).toEqual({ name: 'x', colour: 'red' });
    expect(body).toHaveProperty('id');
  });

  it("refuses an id that is not the resource's (case aside), and lets an absent one be", () => {
    expect(() => withoutReadOnlyFields({ id: 'T2' }, fields, 'T1')).toThrow(idMismatchMessage);
    expect(() => withoutReadOnlyFields({ id: 7 }, fields, 'T1')).toThrow(idMismatchMessage);
    expect(withoutReadOnlyFields({ id: 't1', name: 'x' }, fields, 'T1')).toEqual({ name: 'x' });
    expect(withoutReadOnlyFields({ name: 'x' }, fields, 'T1')).toEqual({ name: 'x' });
    // No id among the fields: an id is not read-only there, and the strict schema decides.
    expect(withoutReadOnlyFields({ id: 'T2' }, ['createdAt'], 'T1')).toEqual({ id: 'T2' });
  });

  it('leaves anything but an object to the schema', () => {
    for (const body of [null, 'text', 3, ['id']]) expect(withoutReadOnlyFields(body, fields, 'T1')).toBe(body);
  });

  it('still lets the strict schema refuse what the resource does not have', () => {
    const sent = withoutReadOnlyFields({ id: 'T1', createdAt: 'x', name: 'Renamed', colour: 'red' }, templateReadOnlyFields, 'T1');
    expect(() => parseOrRefuse(updateTemplateSchema, sent)).toThrow(/colour/);
    expect(parseOrRefuse(updateTemplateSchema, withoutReadOnlyFields({ id: 'T1', createdAt: 'x', name: 'Renamed' }, templateReadOnlyFields, 'T1'))).toEqual({
      name: 'Renamed',
    });
  });

  it("names a script's and a user's fields that their PATCH cannot change, and none it can", () => {
    expect(scriptReadOnlyFields).toEqual(expect.arrayContaining(['id', 'userId', 'title', 'createdAt', 'updatedAt', 'videoGenerationError']));
    for (const key of Object.keys(updateScriptSchema.shape)) expect(scriptReadOnlyFields).not.toContain(key);
    expect(userReadOnlyFields).toEqual(expect.arrayContaining(['id', 'email', 'subscriptionTier', 'createdAt']));
    expect(userReadOnlyFields).not.toContain('name');
    expect(userReadOnlyFields).not.toContain('selectedVoice');
  });

  it('refuses at load an area whose PUT/PATCH endpoint does not name its read-only fields', () => {
    const { signedIn, endpoint } = endpointsFor<{ sessions: never; apiKeys: never }>();
    const endpoints = Object.fromEntries(
      routesOfArea('workflows').map((route) => {
        const declare = route.auth === 'session' ? signedIn : endpoint;
        return [routeKey(route), declare({ body: z.unknown(), handle: () => ({}) })];
      }),
    );
    expect(() => createAreaHandler('workflows', () => ({ sessions: undefined as never, apiKeys: undefined as never }), endpoints)).toThrow(
      /PUT \/api\/templates\/\{id\} must name its resource's read-only fields/,
    );
  });

  it("refuses a user's plan or identity sent with another value, and ignores it sent back unchanged", () => {
    const current = { username: 'ana', email: 'ana@example.com', subscriptionTier: 'free' as const, emailVerified: true };
    const guarded = ['username', 'email', 'subscriptionTier', 'emailVerified'] as const;
    expect(() => refuseChangedGuardedFields({ subscriptionTier: 'pro' }, current, guarded)).toThrow('subscriptionTier cannot be changed here');
    expect(() => refuseChangedGuardedFields({ emailVerified: false, name: 'A' }, current, guarded)).toThrow('emailVerified cannot be changed here');
    expect(() => refuseChangedGuardedFields({ ...current, name: 'Ana' }, current, guarded)).not.toThrow();
    expect(userGuardedFields).toEqual(expect.arrayContaining(['subscriptionTier', 'email', 'username']));
    for (const field of userGuardedFields) expect(userReadOnlyFields).toContain(field);
    for (const field of scriptGuardedFields) expect(scriptReadOnlyFields).toContain(field);
  });
});

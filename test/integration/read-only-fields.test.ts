import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { PublicFolder } from '../../functions/contract/media';
import type { Script } from '../../functions/contract/scripts';
import type { PublicUser } from '../../functions/contract/users';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { idMismatchMessage } from '../../functions/platform/http/read-only-fields';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * A client that reads a resource and writes it back as it read it is answered 200 on every
 * PUT/PATCH (the server's fields are ignored); an id of another resource and a field the resource does
 * not have are still refused.
 */
let stack: LocalStack;
let user: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  user = await signUpAndIn(stack, 'roundtrip');
});
afterAll(async () => {
  await stack?.stop();
});

const only = <T extends { id: string }>(items: T[], id: string): T => {
  const found = items.find((item) => item.id === id);
  if (!found) throw new Error(`${id} not listed`);
  return found;
};

describe('read-only fields sent back', () => {
  it('PUT /api/templates/{id} takes a template as GET answered it', async () => {
    const created = await user.client.post<VideoTemplate>('/api/templates', { name: 'Round trip', topic: 'Focus', subjectCategory: 'Teacher' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = only((await user.client.get<VideoTemplate[]>('/api/templates')).body, created.body.id);

    const back = await user.client.put<VideoTemplate>(`/api/templates/${read.id}`, read);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: read.id, name: 'Round trip', createdAt: read.createdAt });

    // A change beside the server's fields applies; a stale createdAt is ignored.
    const renamed = await user.client.put<VideoTemplate>(`/api/templates/${read.id}`, { ...read, name: 'Renamed', createdAt: '2000-01-01T00:00:00.000Z' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', createdAt: read.createdAt });

    // Another resource's id, and a field templates do not have, are refused.
    const otherId = await user.client.put<{ message: string }>(`/api/templates/${read.id}`, { ...read, id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(otherId.status).toBe(400);
    expect(otherId.body.message).toBe(idMismatchMessage);
    const unknown = await user.client.put<{ message: string }>(`/api/templates/${read.id}`, { ...read, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/colour/);
  });

  it('PATCH /api/automation-schedules/{id} takes a schedule as GET answered it', async () => {
    const template = await user.client.post<VideoTemplate>('/api/templates', { name: 'For schedule', topic: 'Focus', subjectCategory: 'Teacher' });
    expect(template.status).toBe(201);
    const created = await user.client.post<AutomationSchedule>('/api/automation-schedules', {
      name: 'Mornings',
      templateId: template.body.id,
      isActive: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = only((await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body, created.body.id);

    const back = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${read.id}`, read);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: read.id, name: 'Mornings', isActive: false, templateName: 'For schedule' });
  });

  it('PATCH /api/scripts/{id} takes a script as GET answered it', async () => {
    const created = await user.client.post<Script>('/api/scripts', { title: 'A script', scriptContent: 'Focus on one thing at a time.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = only((await user.client.get<Script[]>('/api/scripts')).body, created.body.id);

    const back = await user.client.patch<Script>(`/api/scripts/${read.id}`, { ...read, isActive: !read.isActive });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: read.id, title: 'A script', isActive: !read.isActive });
    // A script sent back unchanged, as the product's (docs/product.md#conventions) client may after a reload.
    const again = await user.client.patch<Script>(`/api/scripts/${read.id}`, back.body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('PATCH /api/user takes the user as GET answered it', async () => {
    const read = (await user.client.get<PublicUser>('/api/user')).body;
    const back = await user.client.patch<PublicUser>('/api/user', { ...read, name: 'Round Trip' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: read.id, name: 'Round Trip', subscriptionTier: read.subscriptionTier });
    // Another account's id is refused.
    expect((await user.client.patch('/api/user', { ...read, id: 'SOMEONE-ELSE' })).status).toBe(400);
  });

  it('PATCH /api/media/folders/{id} takes a folder as GET answered it', async () => {
    const created = await user.client.post<PublicFolder>('/api/media/folders', { name: 'Clips' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = only((await user.client.get<PublicFolder[]>('/api/media/folders')).body, created.body.id);
    const back = await user.client.patch<PublicFolder>(`/api/media/folders/${read.id}`, { ...read, name: 'More clips' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: read.id, name: 'More clips' });
  });
});

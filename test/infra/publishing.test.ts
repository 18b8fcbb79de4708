import { describe, expect, it } from 'vitest';
import { areaAccess, routes } from '../../functions/platform/routes.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

/** Connected accounts' Lambda: the token key, the platforms' parameters, the routes. */
const { template } = synthStack();

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

function publishingFunction(): [string, { Properties?: Record<string, unknown> }] {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === 'Reelsmith HTTP API: publishing');
  if (!found) throw new Error('no publishing function');
  return found;
}

function statementsOf(functionId: string): Statement[] {
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionId];
  const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

const tokenKeyId = () => {
  const keys = entriesOf(template, 'AWS::KMS::Key');
  const found = keys.find(([id]) => id.startsWith('TokenKey'));
  if (!found) throw new Error('no token key');
  return found;
};

describe('publishing', () => {
  it('makes a rotating, retained KMS key for the tokens', () => {
    const [, key] = tokenKeyId();
    expect(key.Properties?.EnableKeyRotation).toBe(true);
    expect((key as { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
  });

  it('grants the publishing function GenerateDataKey and Decrypt on that key only, under the tokens’ encryption context', () => {
    const [id, fn] = publishingFunction();
    const [keyId] = tokenKeyId();
    const kms = statementsOf(id).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
    expect(kms).toHaveLength(1);
    expect([kms[0]?.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(JSON.stringify(kms[0]?.Resource)).toContain(keyId);
    expect(kms[0]?.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'reelsmith-publishing-tokens' } });
    const environment = JSON.stringify((fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {});
    expect(environment).toContain('TOKEN_KMS_KEY_ID');
    expect(environment).toContain(keyId);
    expect(environment).toContain('PUBLISHING_PARAMETER_PREFIX');
  });

  it('reads exactly the six platform parameters by name; only the functions that declare the token key (publishing, account closing, the publication worker, the automation’s Publish and CheckPublished) touch the key or them', () => {
    const [id] = publishingFunction();
    const ssm = statementsOf(id).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ssm:')));
    const resources = JSON.stringify(ssm.map((statement) => statement.Resource));
    for (const name of ['tiktok-client-key', 'tiktok-client-secret', 'youtube-client-id', 'youtube-client-secret', 'instagram-app-id', 'instagram-app-secret'])
      expect(resources).toContain(`/publishing/${name}`);
    expect(resources).not.toMatch(/publishing\/\*|stripe|openai|elevenlabs/);
    const [keyId] = tokenKeyId();
    const holders = entriesOf(template, 'AWS::Lambda::Function')
      .filter(
        ([, fn]) =>
          ['Reelsmith HTTP API: account', 'Reelsmith automation task: publish-run', 'Reelsmith automation task: check-published'].includes(
            String(fn.Properties?.Description),
          ) || String(fn.Properties?.Description).startsWith('Reelsmith publications'),
      )
      .map(([other]) => other);
    expect(holders).toHaveLength(4);
    for (const [other] of entriesOf(template, 'AWS::Lambda::Function')) {
      if (other === id || holders.includes(other) || !resourcesOf(template, 'AWS::Lambda::Function')[other]?.Properties?.Role) continue;
      const text = JSON.stringify(statementsOf(other));
      expect(text).not.toContain(keyId);
      expect(text).not.toContain('/publishing/');
    }
  });

  it('routes the four calls to it; the callback takes no session (the state names the user)', () => {
    expect(areaAccess.publishing).toEqual({
      table: 'read-write',
      bucket: 'read',
      realtime: true,
      secrets: ['publishing'],
      tokenKey: true,
      publicationQueue: true,
    });
    const keys = entriesOf(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey);
    for (const route of routes.filter((candidate) => candidate.area === 'publishing')) expect(keys).toContain(`${route.method} ${route.path}`);
    expect(routes.find((route) => route.path === '/api/publishing/oauth/{platform}/callback')).toMatchObject({ method: 'GET', auth: 'public' });
  });
});

describe('posting', () => {
  const worker = () => {
    const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => String(fn.Properties?.Description).startsWith('Reelsmith publications'));
    if (!found) throw new Error('no publication worker');
    return found;
  };
  const queueId = (prefix: string) => {
    const found = entriesOf(template, 'AWS::SQS::Queue').find(([id]) => id.includes(prefix));
    if (!found) throw new Error(`no ${prefix} queue`);
    return found;
  };

  it('runs the publication worker on its queue one message at a time, for up to 15 minutes, memory bounded (ranged reads)', () => {
    const [id, fn] = worker();
    expect(fn.Properties?.Timeout).toBe(900);
    expect(fn.Properties?.MemorySize).toBe(512);
    const [queue] = queueId('DeliveryPublications');
    const sources = entriesOf(template, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) =>
      JSON.stringify(mapping.Properties?.FunctionName).includes(id),
    );
    expect(sources).toHaveLength(1);
    expect(sources[0]?.[1].Properties?.BatchSize).toBe(1);
    expect(JSON.stringify(sources[0]?.[1].Properties?.EventSourceArn)).toContain(queue);
    expect(sources[0]?.[1].Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });

  it('redrives a failing hand-over to the dead-letter queue, which raises an alarm', () => {
    const [, queue] = queueId('DeliveryPublications');
    const [dlq] = queueId('PublicationDeadLetters');
    expect(JSON.stringify(queue.Properties?.RedrivePolicy)).toContain(dlq);
    expect((queue.Properties?.VisibilityTimeout as number) > 900).toBe(true);
    const alarms = entriesOf(template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      String(JSON.stringify(alarm.Properties?.Dimensions ?? alarm.Properties?.Metrics)).includes(dlq),
    );
    expect(alarms.length).toBeGreaterThan(0);
  });

  it('grants the worker what it declares: the token key, the queue, the webhook queue; the publishing area and the tick may send to the queue', () => {
    const [id] = worker();
    const [queue] = queueId('DeliveryPublications');
    const statements = JSON.stringify(statementsOf(id));
    expect(statements).toContain('kms:Decrypt');
    expect(statements).toContain(queue);
    const [areaId, area] = publishingFunction();
    expect(JSON.stringify(statementsOf(areaId))).toContain('sqs:SendMessage');
    expect(JSON.stringify((area.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.PUBLICATION_QUEUE_URL)).toContain(queue);
    expect(routes.filter((route) => route.area === 'publishing').map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/scripts/{id}/publish/check',
        'POST /api/scripts/{id}/publish',
        'GET /api/publications',
        'DELETE /api/publications/{id}',
      ]),
    );
    expect(areaAccess.publishing.publicationQueue).toBe(true);
  });
});

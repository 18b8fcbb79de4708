import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { spaRewriteCode, webSocketRewriteCode } from '../../lib/constructs/site.js';
import { entriesOf, synthStack } from './support/stack.js';

const { template } = synthStack();

interface ViewerRequest {
  uri: string;
}
type CloudFrontHandler = (event: { request: ViewerRequest }) => ViewerRequest;

/** Runs a CloudFront Function's source the way the viewer-request hook does. */
function load(code: string): (uri: string) => string {
  const handler = new Function(`${code}\nreturn handler;`)() as CloudFrontHandler;
  return (uri) => handler({ request: { uri } }).uri;
}

function behaviours(): { PathPattern?: string; [key: string]: unknown }[] {
  const [[, distribution] = []] = entriesOf(template, 'AWS::CloudFront::Distribution');
  const config = distribution?.Properties?.DistributionConfig as { CacheBehaviors: { PathPattern: string }[]; DefaultCacheBehavior: Record<string, unknown> };
  return [config.DefaultCacheBehavior, ...config.CacheBehaviors];
}

describe('site', () => {
  it('serves a private, encrypted bucket through origin access control with index.html as root', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ DefaultRootObject: 'index.html' }),
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: Match.anyValue(),
      CorsConfiguration: Match.absent(),
    });
  });

  it('does the SPA fallback with a function, not with error responses that would also rewrite API errors', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CustomErrorResponses: Match.absent() }),
    });
    const [defaultBehaviour] = behaviours();
    expect(JSON.stringify(defaultBehaviour?.FunctionAssociations)).toContain('viewer-request');
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: spaRewriteCode,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('rewrites client-side routes to /index.html and leaves files alone', () => {
    const rewrite = load(spaRewriteCode);
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/scripts/01J9Z')).toBe('/index.html');
    expect(rewrite('/verify-email')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    // The API reference is its own page, not the app's.
    expect(rewrite('/docs/api')).toBe('/docs/api/index.html');
    expect(rewrite('/docs/api/')).toBe('/docs/api/index.html');
    expect(rewrite('/docs/api/scalar.js')).toBe('/docs/api/scalar.js');
  });

  it('serves the OpenAPI document from the site bucket, matched before /api/*, and deploys it with the pages', () => {
    const patterns = behaviours().map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/openapi.json')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/openapi.json')).toBeLessThan(patterns.indexOf('/api/*'));
    const [defaultBehaviour] = behaviours();
    expect(behaviours().find((b) => b.PathPattern === '/api/openapi.json')?.TargetOriginId).toBe(defaultBehaviour?.TargetOriginId);
    // No API Gateway route for it: the route table marks it a static file.
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/openapi.json' }, 0);
  });

  it('sends /mcp to the HTTP API exactly as /api/*', () => {
    const { PathPattern: apiPattern, ...api } = behaviours().find((b) => b.PathPattern === '/api/*') ?? {};
    const { PathPattern: mcpPattern, ...mcp } = behaviours().find((b) => b.PathPattern === '/mcp') ?? {};
    expect([apiPattern, mcpPattern]).toEqual(['/api/*', '/mcp']);
    expect(mcp).toEqual(api);
  });

  it('sends /api/* to the HTTP API, uncached, with every viewer header but Host and every method', () => {
    const api = behaviours().find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^HttpApi') }, '.execute-api.eu-west-1.', { Ref: 'AWS::URLSuffix' }]] },
            OriginPath: Match.absent(),
          }),
        ]),
      }),
    });
  });

  it('sends /ws to the WebSocket API stage, uncached, with every viewer header but Host', () => {
    const ws = behaviours().find((b) => b.PathPattern === '/ws');
    expect(ws).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    expect(JSON.stringify(ws?.FunctionAssociations)).toContain('WebSocketRewrite');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^RealtimeApi') }, '.execute-api.eu-west-1.', { Ref: 'AWS::URLSuffix' }]] },
            OriginPath: Match.absent(),
          }),
        ]),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: webSocketRewriteCode('prod') });
    expect(load(webSocketRewriteCode('prod'))('/ws')).toBe('/prod');
  });

  it('deploys the build: hashed assets immutable and kept, the rest revalidated, pruned and invalidated', () => {
    const deployments = entriesOf(template, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties ?? {});
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => JSON.stringify(d.Include) === '["assets/*"]');
    const pages = deployments.find((d) => JSON.stringify(d.Exclude) === '["assets/*"]');
    expect(assets).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(assets?.DistributionId).toBeUndefined();
    expect(pages).toMatchObject({ Prune: true, SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
    expect(pages?.DistributionId).toBeDefined();
  });

  it('answers pages with a CSP that forbids framing, X-Frame-Options, nosniff and HSTS, and the API with nosniff and no framing', () => {
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 2);
    const policies = entriesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, resource]) => ({
      id,
      config: (resource.Properties as { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> } })
        .ResponseHeadersPolicyConfig,
    }));
    const page = policies.find((p) => p.id.includes('PageHeaders'));
    const api = policies.find((p) => p.id.includes('ApiHeaders'));
    const csp = JSON.stringify(page?.config.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    // Scripts from the site only; 'wasm-unsafe-eval' lets the exact caption preview compile libass's
    // .wasm (served by the site), and no 'unsafe-eval' of JavaScript.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|"|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain('.s3.'); // presigned media from the bucket
    for (const policy of [page, api]) {
      expect(policy?.config.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(policy?.config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
      expect(policy?.config.SecurityHeadersConfig.StrictTransportSecurity).toMatchObject({ Override: true });
    }
    expect(api?.config.SecurityHeadersConfig.ContentSecurityPolicy).toBeUndefined();
    const [defaultBehaviour] = behaviours();
    const apiBehaviour = behaviours().find((b) => b.PathPattern === '/api/*');
    expect(JSON.stringify(defaultBehaviour?.ResponseHeadersPolicyId)).toContain('PageHeaders');
    expect(JSON.stringify(apiBehaviour?.ResponseHeadersPolicyId)).toContain('ApiHeaders');
  });
});

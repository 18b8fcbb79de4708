import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { contentSecurityPolicy } from '../../functions/platform/http/security-headers.js';

/**
 * CloudFront Function (viewer request, default behaviour): a path whose last segment has no file
 * extension is a client-side route, so it gets the app shell, except the API reference's page (`/docs/api`,
 * lib/api-reference.ts). Done here rather than with the
 * distribution's error responses, which would also turn the API's 403/404 answers into index.html.
 */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  if (request.uri === '/docs/api' || request.uri === '/docs/api/') {
    request.uri = '/docs/api/index.html';
    return request;
  }
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * CloudFront Function (viewer request, /ws): the WebSocket API's handshake endpoint is exactly
 * `/{stage}` (`wss://{api}.execute-api.{region}.amazonaws.com/prod`), so `/ws` becomes `/prod`. The stage
 * is in the path rather than the origin path because an origin path would make it `/prod/` at best.
 */
export function webSocketRewriteCode(stageName: string): string {
  return `function handler(event) {
  var request = event.request;
  request.uri = '/${stageName}';
  return request;
}`;
}

export interface SiteProps {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStageName: string;
  /** The built front end (a folder holding index.html). */
  readonly siteAssetPath: string;
  /** The media bucket's https origins: the pages load presigned files from it and upload to it. */
  readonly mediaOrigins: string[];
  /** Where the site bucket's access logs and CloudFront's standard logs go. */
  readonly accessLogs?: IBucket;
  /** Files built at synth and deployed with the pages: the OpenAPI document and its reference page (lib/api-reference.ts). */
  readonly builtFiles?: readonly { key: string; body: string }[];
}

/**
 * One origin for everything: `/` the app from a private bucket, `/api/*` the HTTP API,
 * `/ws` the WebSocket API. Same origin means no CORS for the API and a SameSite=Lax session cookie.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    if (!existsSync(path.join(props.siteAssetPath, 'index.html'))) {
      throw new Error(`The front end is not built: ${path.join(props.siteAssetPath, 'index.html')} is missing. Run \`npm run build:web\` first.`);
    }
    const stack = Stack.of(this);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Only build output lives here; it is re-deployed from the repository.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      ...(props.accessLogs ? { serverAccessLogsBucket: props.accessLogs, serverAccessLogsPrefix: 'site/' } : {}),
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Client-side routes get /index.html',
      code: FunctionCode.fromInline(spaRewriteCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    const webSocketRewrite = new CloudFrontFunction(this, 'WebSocketRewrite', {
      comment: 'Rewrite /ws to the WebSocket API stage',
      code: FunctionCode.fromInline(webSocketRewriteCode(props.webSocketStageName)),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    const webSocketOrigin = new HttpOrigin(`${props.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });

    // The same headers the local server sets (functions/platform/http/security-headers.ts): the pages
    // get the CSP with frame-ancestors, X-Frame-Options, nosniff, a referrer policy and HSTS; the API
    // gets nosniff, no framing and the referrer policy, without overriding a proxy's own sandbox CSP.
    const pageHeaders = new ResponseHeadersPolicy(this, 'PageHeaders', {
      comment: 'Reelsmith pages: CSP, no framing, nosniff, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ storageOrigins: props.mediaOrigins }),
          override: true,
        },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Reelsmith API: nosniff, no framing, HSTS',
      securityHeadersBehavior: {
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });

    const apiBehavior = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
    };
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Reelsmith (${stack.stackName})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(props.accessLogs ? { enableLogging: true, logBucket: props.accessLogs, logFilePrefix: 'cloudfront/' } : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Behaviours are matched in this order: the OpenAPI document, a static file built at synth, before the API.
      additionalBehaviors: {
        '/api/openapi.json': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: apiHeaders,
        },
        '/api/*': apiBehavior,
        // The MCP server (its own function on the same HTTP API).
        '/mcp': apiBehavior,
        '/ws': {
          origin: webSocketOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: webSocketRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    // Two passes over the same build: hashed files under assets/ are immutable and never pruned (a tab
    // still running the previous version can load its chunks); everything else (index.html first of
    // all) is revalidated on every load, pruned, and invalidated at the edge once the assets are there.
    const build = Source.asset(props.siteAssetPath);
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [build],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      // In the pruning deployment, so a deploy of the pages never deletes them.
      sources: [build, ...(props.builtFiles ?? []).map((file) => Source.data(file.key, file.body))],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(hashedAssets);
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

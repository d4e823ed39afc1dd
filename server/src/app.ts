import { DEFAULT_CIPHERS } from 'node:tls';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { Config } from './config';
import type { Database } from './db/database';
import { responseSerializerCompiler } from './lib/response-serializer';
import type { TokenService } from './lib/tokens';
import apiDocs from './plugins/api-docs';
import auth from './plugins/auth';
import entityTags from './plugins/etag';
import errors, { answerClientError, answerFrameworkError } from './plugins/errors';
import requestLimit from './plugins/request-limit';
import security from './plugins/security';
import services from './plugins/services';
import textGuard from './plugins/text-guard';
import underPressure from './plugins/under-pressure';
import webApp, { webAppScriptHashes } from './plugins/web-app';
import { apiModules } from './routes';

export interface AppOptions {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** A certificate and its key (PEM): the server then speaks HTTPS (see `transport`). */
  tls?: { cert: Buffer; key: Buffer };
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * TRUST_PROXY (config.ts) as Fastify takes it. One proxy in front: the peer is that proxy, and the
 * entry before it, the last one the proxy appended, is the client (`hop` counts from the peer).
 */
function fastifyTrustProxy(setting: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (setting === 'one-hop') return (_address: string, hop: number) => hop === 0;
  return setting;
}

/** Node's default cipher suites without its catch-all `HIGH`, which admits RSA key exchange. */
const FORWARD_SECRET = DEFAULT_CIPHERS.split(':')
  .filter((suite) => /^(TLS_|ECDHE-|DHE-)/.test(suite))
  .join(':');

/**
 * With a certificate, HTTPS: HTTP/2 for browsers, so one connection carries the page's code and
 * calls side by side instead of six connections each starting cold (the dashboards' mobile
 * Lighthouse scores are higher over HTTP/2 in every full bench run, docs/benchmarks.md), and
 * HTTP/1.1 for clients without HTTP/2.
 * Fastify's types give an HTTP/2 server an instance type of its own; its requests and replies
 * (Node's compatibility API) behave as HTTP/1.1's for everything here, so the app keeps one type.
 */
function transport(tls: AppOptions['tls']): Partial<FastifyServerOptions> {
  // Node's own answer to an HTTP/1.1 request without Host has an empty body; plugins/errors.ts
  // refuses it in the envelope instead.
  if (!tls) return { http: { requireHostHeader: false } } as Partial<FastifyServerOptions>;
  const https = { ...tls, allowHTTP1: true, minVersion: 'TLSv1.2', ciphers: FORWARD_SECRET };
  return { http2: true, https } as FastifyServerOptions;
}

/** Builds the whole server without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    ...transport(options.tls),
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Request ids in logs let one failing request be followed through.
    requestIdHeader: false,
    // Malformed addresses are refused by the router itself: answer them in the envelope too.
    frameworkErrors: answerFrameworkError,
    // What Node's HTTP parser refuses (431, 414, a malformed request) answers in the envelope too.
    clientErrorHandler: answerClientError,
    // Fastify's own request logging writes two lines a request (see the onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
  });
  // One line per answered request, with what operators look for. Fastify's default two lines
  // (with the request's host and port) cost as much as answering /api/health itself, so at
  // LOG_LEVEL=info they halved its throughput.
  if (['trace', 'debug', 'info'].includes(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          ip: request.ip,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  // Fastify's types say a serialiser gives text; it sends a Buffer as it is (reply.js, onSendEnd).
  app.setSerializerCompiler(
    responseSerializerCompiler as unknown as FastifySerializerCompiler<unknown>,
  );

  await app.register(services, {
    config: options.config,
    database: options.database,
    tokens: options.tokens,
  });
  await app.register(errors);
  // First of the hooks: an overloaded server refuses before it checks a token or reads a row.
  await app.register(underPressure);
  await app.register(security, {
    scriptHashes: options.webRoot ? webAppScriptHashes(options.webRoot) : [],
  });
  await app.register(auth);
  await app.register(requestLimit);
  await app.register(textGuard);
  await app.register(entityTags);
  await app.register(apiDocs);
  for (const registerModule of apiModules) await app.register(registerModule);
  if (options.webRoot) await app.register(webApp, { root: options.webRoot });

  return app;
}

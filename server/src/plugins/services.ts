import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, Engine } from '../db/database';
import type { DB } from '../db/schema';
import type { TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    engine: Engine;
    tokens: TokenService;
  }
}

export interface ServicesOptions {
  config: Config;
  database: Database;
  tokens: TokenService;
}

/** What routes need from the outside world, decorated once on the instance. */
async function servicesPlugin(app: FastifyInstance, options: ServicesOptions) {
  app.decorate('config', options.config);
  app.decorate('db', options.database.db);
  app.decorate('engine', options.database.engine);
  app.decorate('tokens', options.tokens);
}

export default fp(servicesPlugin, { name: 'services' });

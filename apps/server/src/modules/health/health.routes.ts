import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseKind } from '../../db/database';
import type { Db } from '../../db/types';
import { APP_VERSION } from '../../version';
import { pingDatabase } from './health.repository';

export type HealthRoutesOptions = { db: Db; dbKind: DatabaseKind };

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export const healthRoutes: FastifyPluginCallbackZod<HealthRoutesOptions> = (app, { db, dbKind }, done) => {
  app.get(
    '/backend/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers once the database answers',
        response: { 200: healthSchema },
      },
    },
    async () => {
      // A failing database makes this throw, which the error handler answers with 500.
      await pingDatabase(db);
      return { status: 'ok' as const, database: dbKind, version: APP_VERSION };
    },
  );
  done();
};

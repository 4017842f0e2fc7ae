import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// One runner, three projects: pure domain rules, server integration on real PostgreSQL, web components.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          environment: 'node',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file makes its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // Vitest runs projects with different worker counts in separate groups.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});

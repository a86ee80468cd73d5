import { defineConfig } from "vitest/config";

/** Set by `npm test` (scripts/test.ts) or `npm run pg-cluster -- npx vitest run`: enables the `postgres` project. */
const pgAdminUrl = process.env.TEST_PG_ADMIN_URL || undefined;

// Not the app's Vite config: the React Router plugin builds the route table, which unit tests do not need.
// Imports resolve through package.json `imports` (#app, #api, #contract), as they do for Node and the build.
export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // Timeouts catch hangs, not slowness: on a 2-core CI machine password hashing beside a PostgreSQL
    // server can take a test past Vitest's default 5 s.
    testTimeout: 20_000,
    setupFiles: ["api/testing/setup.ts"],
    // The storefront's modules sign cookies with it from the moment they load (server.ts sets it in a real start).
    env: { SESSION_SECRET: "vitest-session-secret-0123456789abcdef" },
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "app/**/*.test.{ts,tsx}",
            "api/**/*.test.ts",
            "contract/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
            "server/**/*.test.ts",
            "*.test.ts",
          ],
          env: { TEST_PG_ADMIN_URL: "" },
        },
      },
      ...(pgAdminUrl
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: ["api/**/*.test.ts"],
                env: { TEST_PG_ADMIN_URL: pgAdminUrl, PG_POOL_MAX: "4" },
                // Each file creates its own databases; two at a time keep a small cluster responsive.
                maxWorkers: 2,
              },
            },
          ]
        : []),
    ],
  },
});

import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/server/db/schema and committed; they run at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});

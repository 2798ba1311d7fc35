import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/marketplace/db/schema.ts',
  out: './server/marketplace/db/migrations',
});

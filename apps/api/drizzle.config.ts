import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/drizzle',
});

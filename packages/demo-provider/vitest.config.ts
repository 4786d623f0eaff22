import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'demo-provider', environment: 'node', include: ['src/**/*.test.ts'] },
});

import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: {
    alias: [
      { find: '@umijs/max', replacement: path.resolve(import.meta.dirname, 'tests/stubs/umi-max.ts') },
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
    ],
  },
  test: {
    environment: 'happy-dom',
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    css: false,
    testTimeout: 20000,
  },
});

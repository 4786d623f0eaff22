import '@testing-library/jest-dom/vitest';

import { configureZod } from '@painel/shared/zod-config';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { restoreSession } from '@/lib/session';

configureZod();

afterEach(() => {
  cleanup();
  localStorage.clear();
  restoreSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each test starts from empty browser storage so stored tokens or choices never leak between tests.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A lazily loaded page can take over a second to appear while the whole suite shares two cores;
// waiting up to 5 s keeps a slow machine from failing a test that is right.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts from empty browser storage so stored tokens or choices never leak between tests.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

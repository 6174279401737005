import { existsSync } from 'node:fs';
import { runSteps } from './run-steps.mjs';

// `npm start` on a fresh checkout builds once; later starts go straight to the server.
const built = existsSync('apps/server/dist/main.js') && existsSync('apps/web/dist/index.html');
if (!built) runSteps([{ title: 'build (first start)', command: 'npm run build' }]);

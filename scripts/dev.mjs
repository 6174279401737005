import { spawn } from 'node:child_process';

// Development: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=keel-source', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: '/nonexistent' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', cwd: process.cwd() }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

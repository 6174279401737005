import { spawnSync } from 'node:child_process';

/** Runs commands in order, echoing each, and stops at the first that fails (with its exit code). */
export function runSteps(steps) {
  for (const step of steps) {
    if (step.skip) {
      console.log(`\n▶ ${step.title}: skipped (${step.skip})`);
      continue;
    }
    console.log(`\n▶ ${step.title}`);
    const started = Date.now();
    const result = spawnSync(step.command, { stdio: 'inherit', shell: true, env: { ...process.env, ...step.env } });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.status !== 0) {
      console.error(`✗ ${step.title} failed after ${seconds} s`);
      process.exit(result.status ?? 1);
    }
    console.log(`✓ ${step.title} (${seconds} s)`);
  }
}

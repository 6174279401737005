import { spawn } from 'node:child_process';

/** Runs one step's command; resolves with its exit status and what it printed (kept when `quiet`). */
function run(step, quiet) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: true,
      env: { ...process.env, ...step.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

/**
 * Runs steps in order, echoing each, and stops at the first that fails (with its exit code). An entry
 * `{ together: [steps] }` runs its steps at the same time (each output printed whole when it ends, so
 * the logs do not interleave): for independent checks that each leave a core idle.
 */
export async function runSteps(steps) {
  for (const entry of steps) {
    const group = entry.together ?? [entry];
    const running = group.filter((step) => {
      if (step.skip) console.log(`\n▶ ${step.title}: skipped (${step.skip})`);
      return !step.skip;
    });
    const quiet = running.length > 1;
    if (quiet) console.log(`\n▶ at the same time: ${running.map((step) => step.title).join(', ')}`);
    const results = await Promise.all(
      running.map(async (step) => {
        if (!quiet) console.log(`\n▶ ${step.title}`);
        const result = await run(step, quiet);
        if (quiet) console.log(`\n▶ ${step.title}\n${result.output}`);
        console.log(
          `${result.status === 0 ? '✓' : '✗'} ${step.title} (${result.status === 0 ? '' : 'failed after '}${result.seconds} s)`,
        );
        return result;
      }),
    );
    const failed = results.find((result) => result.status !== 0);
    if (failed) process.exit(failed.status ?? 1);
  }
}

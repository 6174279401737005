// Tiny option reader: `--name=value` or `--name value` on the command line, else BENCH_<NAME> in the environment.
export function option(name, fallback) {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === `--${name}` && i + 1 < argv.length) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  const envName = `BENCH_${name.toUpperCase().replace(/-/g, '_')}`;
  return process.env[envName] ?? fallback;
}

export function numberOption(name, fallback) {
  const value = Number(option(name, fallback));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

export const flag = (name) =>
  process.argv.includes(`--${name}`) || process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] === '1';

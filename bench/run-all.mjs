#!/usr/bin/env node
// Runs every benchmark in turn (one at a time) and prints a summary table.
//
//   npm run bench                                   (all of them)
//   npm run bench -- --only auth-load,cold-start    (a subset)
//   BENCH_DURATION=5 npm run bench                  (options reach each script through BENCH_* variables)
//
// Exit code: 0 all goals met, 1 a goal missed, 2 a benchmark could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { option } from './lib/args.mjs';
import { ROOT, TMP_DIR, machineInfo, passFail, writeResult } from './lib/server.mjs';

const ALL = [
  'auth-load',
  'cold-start',
  'first-start-memory',
  'bundle-size',
  'lighthouse',
  'realtime-latency',
  'lists-load',
  'import-load',
  'members-list',
  'jobs-mail',
  'scorecard-load',
  'meeting-live',
  'api-keys',
  'webhooks',
  'data-export',
  'priority-assistant',
];
const only = option('only', ALL.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of only)
  if (!ALL.includes(name)) throw new Error(`unknown benchmark ${name}; known: ${ALL.join(', ')}`);

function rowsFor(name, r) {
  switch (name) {
    case 'auth-load':
      return [
        ['sign-in throughput', `>= ${r.goals.loginRps} req/s`, `${r.login.requestsPerSecond} req/s`, r.checks.loginRps],
        ['sign-in p99 latency', `< ${r.goals.loginP99Ms} ms`, `${r.login.latencyMs.p99} ms`, r.checks.loginP99],
        ['sign-in non-2xx/errors', '0', `${r.login.non2xx}/${r.login.errors + r.login.timeouts}`, r.checks.loginNon2xx],
        [
          'profile throughput',
          `>= ${r.goals.profileRps} req/s`,
          `${r.profile.requestsPerSecond} req/s`,
          r.checks.profileRps,
        ],
        ['profile p99 latency', `< ${r.goals.profileP99Ms} ms`, `${r.profile.latencyMs.p99} ms`, r.checks.profileP99],
        [
          'profile non-2xx/errors',
          '0',
          `${r.profile.non2xx}/${r.profile.errors + r.profile.timeouts}`,
          r.checks.profileNon2xx,
        ],
        ['server RSS idle', `< ${r.goals.idleRssMb} MB`, `${r.rssMb.idle} MB`, r.checks.idleRss],
        ['server RSS under load (max)', `< ${r.goals.loadRssMb} MB`, `${r.rssMb.maxUnderLoad} MB`, r.checks.loadRss],
      ];
    case 'cold-start':
      return [
        [
          'cold start, fresh DATA_DIR (median)',
          `< ${r.goalMs} ms`,
          `${r.freshMedianMs} ms`,
          r.freshMedianMs < r.goalMs,
        ],
        [
          'start, existing DATA_DIR (median)',
          `< ${r.goalMs} ms`,
          `${r.existingMedianMs} ms`,
          r.existingMedianMs < r.goalMs,
        ],
      ];
    case 'first-start-memory': {
      const { firstStart, restart } = r.medians;
      return [
        [
          'embedded: RSS after first start (median)',
          `< ${r.goalRssMb} MB`,
          `${firstStart.settledMb} MB`,
          r.checks.firstSettled,
        ],
        [
          'embedded: RSS after first start + requests',
          `< ${r.goalRssMb} MB`,
          `${firstStart.afterRequestsMb} MB`,
          r.checks.firstAfterRequests,
        ],
        [
          'embedded: RSS after restart (median)',
          `< ${r.goalRssMb} MB`,
          `${restart.settledMb} MB`,
          r.checks.restartSettled,
        ],
        [
          'embedded: RSS after restart + requests',
          `< ${r.goalRssMb} MB`,
          `${restart.afterRequestsMb} MB`,
          r.checks.restartAfterRequests,
        ],
      ];
    }
    case 'bundle-size':
      return [['/login JS before first render (gzip)', `< ${r.goalJsGzipKb} KB`, `${r.totals.jsGzipKb} KB`, r.pass]];
    case 'lighthouse':
      return [
        [
          'Lighthouse performance (mobile, /login)',
          `>= ${r.goals.performance}`,
          String(r.scores.performance),
          r.checks.performance,
        ],
        [
          'Lighthouse accessibility (/login)',
          `= ${r.goals.accessibility}`,
          String(r.scores.accessibility),
          r.checks.accessibility,
        ],
      ];
    case 'realtime-latency':
      return [
        [
          `change reaches another page (${r.processes} processes), p99`,
          `< ${r.goalMs} ms`,
          `${r.otherPageMs.p99} ms (p50 ${r.otherPageMs.p50})`,
          r.pass,
        ],
      ];
    case 'lists-load':
      return r.lists.flatMap((list) => [
        [
          `${list.label} (${list.encoding}) throughput`,
          `>= ${r.goals.rps} req/s`,
          `${list.load.requestsPerSecond} req/s`,
          r.checks[`${list.name}Rps`],
        ],
        [
          `${list.label} p99 latency`,
          `< ${r.goals.p99Ms} ms`,
          `${list.load.latencyMs.p99} ms`,
          r.checks[`${list.name}P99`],
        ],
        [
          `${list.label} non-2xx/errors`,
          '0',
          `${list.load.non2xx}/${list.load.errors + list.load.timeouts}`,
          r.checks[`${list.name}Non2xx`],
        ],
        ...(r.statements?.[list.name]
          ? [
              [
                `${list.name}: SQL statements per request (short vs long list)`,
                'equal',
                `${r.statements[list.name].short.perRequest} vs ${r.statements[list.name].long.perRequest}`,
                r.checks[`${list.name}FixedQueries`],
              ],
            ]
          : []),
      ]);
    case 'import-load':
      return [
        [`${r.settings.rows} to-dos imported in one transaction (median)`, 'no goal', `${r.medianPlainMs} ms`, true],
      ];
    case 'members-list':
      return r.queries
        .filter((query) => r.checks[`${query.name}P95`] !== undefined)
        .map((query) => [
          `user list of 500 members: ${query.label}, p95`,
          `< ${r.goals.p95Ms} ms`,
          `${query.sequentialMs.p95} ms`,
          r.checks[`${query.name}P95`],
        ]);
    case 'jobs-mail':
      return [
        ...r.latency.map((run) => [
          `mail job started and delivered after commit, ${run.database} (${run.processes} process(es)), p95`,
          `< ${r.goals.startP95Ms} ms`,
          `${run.toArrivalMs.p95} ms (p50 ${run.toArrivalMs.p50})`,
          run.pass,
        ]),
        ...r.drain.flatMap((run) => [
          [
            `${run.mails} queued mails drain, ${run.database}, SMTP ${run.outage}: each arrives once`,
            `${run.mails} unique`,
            `${run.uniqueMessageIds} unique of ${run.received}, ${run.drainSeconds} s (${run.mailsPerSecond}/s)`,
            run.checks.everyMailOnce,
          ],
          [
            `${run.mails} queued mails drain, ${run.database}: server RSS start/max/end`,
            `end <= start + ${r.goals.drainRssGrowthMb} MB, max <= start + ${r.goals.drainRssPeakMb} MB`,
            `${run.rssMb.atStart.join('+')} / ${run.rssMb.maxDuring.join('+')} / ${run.rssMb.atEnd.join('+')} MB`,
            run.checks.steadyMemory,
          ],
        ]),
      ];
    case 'scorecard-load':
      return [
        [
          'scorecard 200 × 13 weeks, PostgreSQL, p95',
          `< ${r.goals.gridP95Ms} ms`,
          `${r.gridA.p95} ms (p50 ${r.gridA.p50})`,
          r.checks.gridA,
        ],
        [
          'scorecard 200 × 13 weeks after a change (built), p95',
          `< ${r.goals.gridP95Ms} ms`,
          `${r.gridAChanged.p95} ms (p50 ${r.gridAChanged.p50})`,
          r.checks.gridAChanged,
        ],
        [
          'scorecard 500 × 13 weeks over 5 years, p95',
          `< ${r.goals.gridP95Ms} ms`,
          `${r.gridB.p95} ms (p50 ${r.gridB.p50})`,
          r.checks.gridB,
        ],
        [
          'scorecard 500 × 13 weeks after a change (built), p95',
          `< ${r.goals.gridP95Ms} ms`,
          `${r.gridBChanged.p95} ms (p50 ${r.gridBChanged.p50})`,
          r.checks.gridBChanged,
        ],
        ['saving a cell, p95', `< ${r.goals.saveP95Ms} ms`, `${r.save.p95} ms (p50 ${r.save.p50})`, r.checks.save],
        [
          'Chromium: sidebar click to 200 rows taking the keyboard (median)',
          `< ${r.goals.browserMs} ms`,
          r.browser ? `${r.browser.medianMs} ms (all rows ${r.browser.allRowsMedianMs} ms)` : 'did not run',
          r.checks.browser,
        ],
      ];
    case 'meeting-live':
      return [
        [
          `meeting of ${r.participants}: a move reaches every page, p95`,
          `< ${r.goals.navigationP95Ms} ms`,
          `${r.navigation.p95} ms (p50 ${r.navigation.p50})`,
          r.checks.navigation,
        ],
        [
          `${r.sockets} open sockets on one process: RSS`,
          `< ${r.goals.rssMb} MB`,
          `${r.rssMb.with} MB`,
          r.checks.memory,
        ],
        [
          'Chromium: "Join now" to the meeting taking clicks (median)',
          `< ${r.goals.pageMs} ms`,
          r.browser
            ? `${r.browser.medianMs} ms (address opened directly ${r.browser.directMedianMs} ms)`
            : 'did not run',
          r.checks.page,
        ],
      ];
    case 'api-keys':
      return [
        [
          `API key vs signed-in, to-do list (best of ${r.settings.rounds} runs each)`,
          `>= ${r.goals.keyToSessionRatio * 100}% of signed-in`,
          `${r.key.bestRps} vs ${r.session.bestRps} req/s (${Math.round(r.bestRatio * 100)}%)`,
          r.checks.keyThroughput,
        ],
        ['API key / signed-in non-2xx/errors', '0', `${r.key.non2xx}/${r.session.non2xx}`, r.checks.non2xx],
      ];
    case 'webhooks':
      return r.runs.flatMap((run) => [
        [
          `${run.deliveries} webhook deliveries, ${run.database}`,
          `< ${r.goals.seconds} s`,
          `${run.seconds} s (${run.deliveriesPerSecond}/s)`,
          run.checks.inTime,
        ],
        [
          `webhooks, ${run.database}: each once, signatures valid`,
          `${run.deliveries} unique, 0 repeats`,
          `${run.distinctWebhookIds} unique, ${run.repeats} repeats, ${run.signaturesValid}/${run.signaturesChecked} signatures`,
          run.checks.everyOnce && run.checks.signatures,
        ],
      ]);
    case 'priority-assistant':
      return [
        [
          `priority assistant, offline SMART check of ${r.settings.draftCharacters} characters (p95)`,
          `< ${r.goals.smartCheckP95Ms} ms`,
          `${r.smartCheck.p95Ms} ms`,
          r.pass,
        ],
      ];
    case 'data-export':
      return [
        [
          `full export (${r.seeded.todos} to-dos, ${r.seeded.priorities} priorities, ${r.seeded.scores} scores) ready`,
          `< ${r.goals.readySeconds} s`,
          `${r.readySeconds} s`,
          r.checks.ready,
        ],
        [
          'full export: server RSS start/max',
          `max <= start + ${r.goals.rssGrowthMb} MB`,
          `${r.rssMb.atStart} / ${r.rssMb.max} MB`,
          r.checks.steadyMemory,
        ],
        [
          'full export: archive opens, manifest counts match',
          'match',
          r.archive.mismatches.length ? r.archive.mismatches.join('; ') : 'match',
          r.checks.archive,
        ],
      ];
    default:
      return [];
  }
}

const started = Date.now();
const outcomes = [];
for (const name of only) {
  console.log(`\n=== ${name} ===`);
  const script = path.join(ROOT, 'bench', `${name}.mjs`);
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit', env: process.env });
  const jsonFile = path.join(TMP_DIR, `${name}.json`);
  const fresh = existsSync(jsonFile) && statSync(jsonFile).mtimeMs >= t0;
  outcomes.push({
    name,
    exitCode: result.status,
    seconds: Math.round((Date.now() - t0) / 1000),
    result: fresh ? JSON.parse(readFileSync(jsonFile, 'utf8')) : undefined,
  });
}

const table = [];
for (const outcome of outcomes) {
  if (!outcome.result) {
    table.push([outcome.name, 'did not run to completion', '-', `exit ${outcome.exitCode}`, 'ERROR']);
    continue;
  }
  for (const [metric, goal, measured, ok] of rowsFor(outcome.name, outcome.result))
    table.push([outcome.name, metric, goal, measured, passFail(ok)]);
}
const header = ['benchmark', 'metric', 'goal', 'measured', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
const m = machineInfo();
console.log(
  `\n=== summary (${m.cores} cores, ${m.ramGb} GB RAM, Node ${m.node}, kernel ${m.kernel}, load ${m.loadAverage.join(' ')}) ===`,
);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));

const anyError = table.some((row) => row[4] === 'ERROR');
const anyFail = table.some((row) => row[4] === 'FAIL');
const file = writeResult('summary', {
  seconds: Math.round((Date.now() - started) / 1000),
  benchmarks: outcomes.map(({ name, exitCode, seconds }) => ({ name, exitCode, seconds })),
  table: table.map(([benchmark, metric, goal, measured, result]) => ({ benchmark, metric, goal, measured, result })),
});
console.log(`\nbench: ${anyError ? 'ERROR' : anyFail ? 'FAIL' : 'PASS'} (JSON: ${file})`);
process.exitCode = anyError ? 2 : anyFail ? 1 : 0;

#!/usr/bin/env node
// The priority assistant's offline engine (issue 18), in this process against the built server code
// (apps/server/dist): the SMART check of a 2,000-character priority, --runs times one after the other after
// --warmup untimed runs, timed around the engine's call. For the record (no goal): the same check of a 100 KB
// draft (of which 5,000 characters are read), milestones for that priority, and the alignment of a team's
// quarter of 30 priorities with 10 annual goals and 20 company priorities.
//
//   node bench/priority-assistant.mjs [--runs 2000] [--warmup 200]
//
// Goal: SMART check p95 < 50 ms for a 2,000-character priority.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { numberOption } from './lib/args.mjs';
import { ROOT, median, passFail, percentile, round, writeResult } from './lib/server.mjs';

const runs = numberOption('runs', 2000);
const warmup = numberOption('warmup', 200);
const GOAL_P95_MS = 50;
const ENGINE_FILE = path.join(ROOT, 'apps/server/dist/modules/priority-assistant/offline/offline.engine.js');

const id = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const context = {
  today: '2026-08-10',
  fiscalYearStartMonth: 7,
  quarter: { year: 2027, quarter: 1, start: '2026-07-01', end: '2026-09-30' },
  annualGoals: Array.from({ length: 10 }, (_, index) => ({
    id: id(index + 1),
    title: [
      'Grow annual recurring revenue to $5M',
      'Launch a reseller partner channel in Europe',
      'Raise customer satisfaction to NPS 50',
      'Build the engineering team to 40 people',
      'Cut cloud costs by 30%',
      'Open the Madrid office',
      'Pass the SOC 2 Type II audit',
      'Reduce churn below 2% a month',
      'Ship the mobile app to both stores',
      'Publish the 2028 product strategy',
    ][index],
    description: 'New customers, expansion of existing accounts and a smoother onboarding for resellers.',
    target: `${index + 1} measurable target`,
  })),
  companyPriorities: Array.from({ length: 20 }, (_, index) => ({
    id: id(100 + index),
    title: `Company priority ${index + 1}: migrate billing, sign partners, hire engineers (${index})`,
    description: 'Invoices and subscriptions move from the old billing system; resellers in Germany and France.',
  })),
};

// A real-looking priority with numbers, dates, vague words, other goals' words: every rule has work to do.
const PARAGRAPH =
  'Improve the onboarding of new reseller partners so that they sign their first 3 customers within 30 days. ' +
  'Today 40% of partners never sell anything in their first quarter; we want to look into the reasons, work on the ' +
  'training material, various pricing sheets etc. and launch a self-service portal by September 15. Budget: €20k. ';
function priorityOf(length) {
  const title = 'Improve reseller partner onboarding and launch the self-service portal';
  let description = '';
  while (title.length + description.length < length) description += PARAGRAPH;
  return { title, description: description.slice(0, length - title.length) };
}

function summarize(times) {
  return {
    runs: times.length,
    p50Ms: round(median(times), 3),
    p95Ms: round(percentile(times, 95), 3),
    p99Ms: round(percentile(times, 99), 3),
    maxMs: round(Math.max(...times), 3),
  };
}

async function timeRuns(count, call) {
  const times = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  if (!existsSync(ENGINE_FILE)) {
    throw new Error(`${path.relative(ROOT, ENGINE_FILE)} is missing: run \`npm run build\` first`);
  }
  const { createOfflineEngine } = await import(pathToFileURL(ENGINE_FILE).href);
  const engine = createOfflineEngine();
  const priority = priorityOf(2000);
  const draft = { ...priority, ownerIds: [], dueDate: null, teamId: null };
  const hugeDraft = { ...priorityOf(100_000), ownerIds: [], dueDate: null, teamId: null };
  const team = {
    priorities: Array.from({ length: 30 }, (_, index) => ({
      id: id(200 + index),
      ...priorityOf(300 + index * 20),
      annualGoalId: index % 3 === 0 ? id((index % 10) + 1) : null,
    })),
  };

  await timeRuns(warmup, () => engine.smartCheck(draft, context));
  const smart = summarize(await timeRuns(runs, () => engine.smartCheck(draft, context)));
  const huge = summarize(await timeRuns(Math.min(runs, 500), () => engine.smartCheck(hugeDraft, context)));
  const milestones = summarize(
    await timeRuns(Math.min(runs, 500), () => engine.milestones({ ...priority, dueDate: null }, context)),
  );
  const alignment = summarize(await timeRuns(Math.min(runs, 200), () => engine.alignment(team, context)));

  const pass = smart.p95Ms < GOAL_P95_MS;
  const lines = [
    `SMART check, ${priority.title.length + priority.description.length} characters: p50 ${smart.p50Ms} ms, p95 ${smart.p95Ms} ms, p99 ${smart.p99Ms} ms, max ${smart.maxMs} ms over ${runs} runs (goal p95 < ${GOAL_P95_MS} ms) ${passFail(pass)}`,
    `(information) SMART check, 100 KB draft (5,000 characters read): p50 ${huge.p50Ms} ms, p95 ${huge.p95Ms} ms`,
    `(information) milestones, same priority: p50 ${milestones.p50Ms} ms, p95 ${milestones.p95Ms} ms`,
    `(information) alignment, 30 priorities × 10 goals × 20 company priorities: p50 ${alignment.p50Ms} ms, p95 ${alignment.p95Ms} ms`,
  ];
  for (const line of lines) console.log(`priority-assistant: ${line}`);
  const file = writeResult('priority-assistant', {
    settings: { runs, warmup, engine: 'offline', draftCharacters: priority.title.length + priority.description.length },
    goals: { smartCheckP95Ms: GOAL_P95_MS },
    smartCheck: smart,
    smartCheckHundredKb: huge,
    milestones,
    alignment,
    pass,
    summary: lines,
  });
  console.log(`priority-assistant: ${passFail(pass)} (JSON: ${file})`);
  process.exitCode = pass ? 0 : 1;
}

main().catch((error) => {
  console.error(`priority-assistant: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});

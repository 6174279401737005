#!/usr/bin/env node
// The business plan page's data on PostgreSQL, through the real API (issue 14).
//
//   node bench/business-plan.mjs [--requests 400] [--goals 30] [--priorities 20] [--issues 15] [--connections 10] [--duration 10]
//
// Registers one organization and fills its company plan through the API: every written section full (long
// texts, five uniques, 20-line lists, twelve core values), saved 10 times (so it has a history), `goals`
// annual goals of the plan's year, `priorities` company priorities of this quarter (each serving one of the
// goals) and `issues` open long-term issues. Then times, one request at a time as a page loads them:
// - GET …/business-plan (the plan itself): goal p95 < 200 ms;
// and, for the record, the page's other reads (annual goals, this quarter's priorities, long-term issues,
// the history's first page), and the plan under `connections` concurrent readers for `duration` s.
import { numberOption } from './lib/args.mjs';
import { runLoad, signedInGzipGet, summarizeLoad, timeSequentialGets } from './lib/load.mjs';
import {
  API,
  LOAD_ENV,
  getPostgres,
  httpJson,
  passFail,
  registerOwner,
  startServer,
  writeResult,
} from './lib/server.mjs';

const requests = numberOption('requests', 400);
const goalCount = numberOption('goals', 30);
const priorityCount = numberOption('priorities', 20);
const issueCount = numberOption('issues', 15);
const connections = numberOption('connections', 10);
const duration = numberOption('duration', 10);
const GOAL_P95_MS = 200;
const WARMUP = 30;

const sentence = 'Every kitchen we serve keeps running through its busiest night, because we are there first. ';
const longText = (length) =>
  sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length)
    .trim();
const lines = (count, word) => Array.from({ length: count }, (_, index) => `${word} ${index + 1}: ${longText(120)}`);

/** A plan with every written section full, in the default order (the contract's section keys). */
function fullPlan(year, round) {
  const keys = [
    'core_values',
    'core_focus',
    'ten_year_target',
    'marketing_strategy',
    'three_year_picture',
    'one_year_plan',
    'quarterly_priorities',
    'long_term_issues',
    'swot',
  ];
  return {
    sections: keys.map((key) => ({ key, title: null, hidden: false })),
    coreValues: Array.from({ length: 12 }, (_, index) => ({
      id: `value-${index}`,
      title: `Value ${index + 1} (round ${round})`,
      description: longText(600),
    })),
    coreFocus: { purpose: longText(1500), niche: longText(1500) },
    tenYearTarget: { year: year + 9, text: longText(2000) },
    marketingStrategy: {
      targetMarket: longText(2000),
      uniques: lines(5, 'Unique').map((line) => line.slice(0, 300)),
      provenProcess: longText(2000),
      guarantee: longText(1000),
    },
    threeYearPicture: {
      date: `${year + 2}-12-31`,
      revenue: '$40M',
      profit: '18%',
      measurables: lines(20, 'Measurable'),
      looksLike: lines(40, 'Looks like'),
    },
    oneYearPlan: { date: `${year}-12-31`, revenue: '$18M', profit: '12%', measurables: lines(20, 'Measurable') },
    swot: {
      strengths: lines(20, 'Strength'),
      weaknesses: lines(20, 'Weakness'),
      opportunities: lines(20, 'Opportunity'),
      threats: lines(20, 'Threat'),
    },
  };
}

async function main() {
  const postgres = await getPostgres();
  let server;
  try {
    server = await startServer({ databaseUrl: postgres.url, env: LOAD_ENV, name: 'business-plan' });
    const owner = await registerOwner(server.port, 'plan');
    const org = `${API}/organizations/${owner.organizationId}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    const call = async (method, path, body, expected) => {
      const response = await httpJson(server.port, method, `${org}${path}`, body, auth);
      if (response.status !== expected)
        throw new Error(`${method} ${path}: ${response.status} ${response.text.slice(0, 300)}`);
      return response.json?.data;
    };

    const quarters = await call('GET', '/fiscal-quarters', undefined, 200);
    const current = quarters.quarters.find((quarter) => quarter.current);
    const year = current.year;
    let plan = await call('GET', '/business-plan', undefined, 200);
    for (let round = 1; round <= 10; round += 1) {
      plan = await call(
        'PUT',
        '/business-plan',
        { teamId: owner.leadershipTeamId, version: plan.version, content: fullPlan(year, round) },
        200,
      );
    }
    const goals = [];
    for (let index = 0; index < goalCount; index += 1) {
      goals.push(
        await call(
          'POST',
          '/annual-goals',
          {
            teamId: owner.leadershipTeamId,
            year,
            title: `Goal ${index + 1}: ${longText(100)}`,
            target: `${index + 1} new regions`,
            ownerId: owner.userId,
            status: 'on_track',
          },
          201,
        ),
      );
    }
    for (let index = 0; index < priorityCount; index += 1) {
      await call(
        'POST',
        '/priorities',
        {
          teamId: owner.leadershipTeamId,
          title: `Priority ${index + 1}: ${longText(80)}`,
          ownerIds: [owner.userId],
          scope: 'company',
          year: current.year,
          quarter: current.quarter,
          annualGoalId: goals[index % goals.length]?.id ?? null,
        },
        201,
      );
    }
    for (let index = 0; index < issueCount; index += 1) {
      await call(
        'POST',
        '/issues',
        { teamId: owner.leadershipTeamId, title: `Long-term issue ${index + 1}`, horizon: 'long_term' },
        201,
      );
    }
    console.log(
      `business-plan: plan at version ${plan.version} (${JSON.stringify(plan.content).length} characters), ${goalCount} goals, ${priorityCount} priorities, ${issueCount} long-term issues`,
    );

    const team = owner.leadershipTeamId;
    const reads = {
      plan: `${org}/business-plan`,
      annualGoals: `${org}/annual-goals?year=${year}&teamId=${team}`,
      priorities: `${org}/priorities?teamId=${team}&year=${current.year}&quarter=${current.quarter}`,
      longTermIssues: `${org}/issues?teamId=${team}&status=open&horizon=long_term&limit=200`,
      history: `${org}/business-plan/versions?teamId=${team}&limit=20`,
    };
    const sequential = {};
    for (const [name, path] of Object.entries(reads)) {
      sequential[name] = await timeSequentialGets(server.port, path, owner.token, { count: requests, warmup: WARMUP });
      console.log(
        `business-plan: GET ${name}, one at a time: p50 ${sequential[name].p50} ms, p95 ${sequential[name].p95} ms`,
      );
    }
    const underLoad = summarizeLoad(
      await runLoad({ connections, duration, ...signedInGzipGet(`${server.baseUrl}${reads.plan}`, owner.token) }),
    );
    console.log(
      `business-plan: GET plan with ${connections} concurrent readers: ${underLoad.requestsPerSecond} req/s, p50 ${underLoad.latencyMs.p50} ms, p99 ${underLoad.latencyMs.p99} ms, non-2xx ${underLoad.non2xx}`,
    );
    const met = sequential.plan.p95 < GOAL_P95_MS && underLoad.non2xx === 0;
    console.log(
      `business-plan: the plan's data p95 ${sequential.plan.p95} ms (goal < ${GOAL_P95_MS} ms): ${passFail(met)}`,
    );
    const file = writeResult('business-plan', {
      database: postgres.source,
      seeded: { planVersion: plan.version, goals: goalCount, priorities: priorityCount, issues: issueCount },
      requests,
      sequential,
      underLoad: { connections, duration, ...underLoad },
      goal: { planP95Ms: GOAL_P95_MS },
      met,
    });
    console.log(`business-plan: results in ${file}`);
    if (!met) process.exitCode = 1;
  } finally {
    await server?.stop?.();
    await postgres.drop();
  }
}

await main();

import {
  createMeasurableGroupRequestSchema,
  createMeasurableRequestSchema,
  envelope,
  listMeasurablesQuerySchema,
  measurableGroupParamsSchema,
  measurableGroupSchema,
  measurableHistoryQuerySchema,
  measurableHistorySchema,
  measurableListSchema,
  measurableParamsSchema,
  measurableSchema,
  measurableVersionRequestSchema,
  moveMeasurableGroupRequestSchema,
  moveMeasurableRequestSchema,
  myNumbersQuerySchema,
  myNumbersSchema,
  organizationParamsSchema,
  periodGoalRequestSchema,
  periodGoalSchema,
  scoreParamsSchema,
  scoreWriteSchema,
  scoreWritesSchema,
  scorecardGridWireSchema,
  scorecardQuerySchema,
  scorecardSettingsSchema,
  successSchema,
  teamScorecardParamsSchema,
  updateMeasurableGroupRequestSchema,
  updateMeasurableRequestSchema,
  updateScorecardSettingsRequestSchema,
  writeScoreRequestSchema,
  writeScoresRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { builtAnswerSerializerCompiler } from '../../http/built-answer-serializer.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { registerRaiseIssueRoute, type IssueRaiser } from '../issues/index.js';
import { measurableIssueDraft } from './scorecard.issue-draft.js';
import type { ScorecardService } from './scorecard.service.js';

const tags = ['scorecard'];
const org = '/organizations/:organizationId';
const measurables = `${org}/measurables`;
const one = `${measurables}/:id`;
const groups = `${org}/measurable-groups`;
const measurable = envelope(measurableSchema);
const group = envelope(measurableGroupSchema);

export function scorecardRoutes(service: ScorecardService, raiser: IssueRaiser) {
  return async function register(app: TypedApp) {
    app.get(
      `${org}/scorecard`,
      {
        schema: {
          tags,
          description:
            'A team’s scorecard for one frequency: the periods of a view (or from..to), its rows in display order with coloured cells, averages, totals, sparklines and roll-up parts.',
          params: organizationParamsSchema,
          querystring: scorecardQuerySchema,
          response: { 200: envelope(scorecardGridWireSchema) },
        },
        config: { revisionCached: true },
        serializerCompiler: builtAnswerSerializerCompiler,
      },
      async (request) => ({ data: await service.grid(request.scope, request.query) }),
    );

    app.get(
      `${org}/scorecard/my-numbers`,
      {
        schema: {
          tags,
          description: 'The caller’s typed and formula measurables with the cell of the current period of each.',
          params: organizationParamsSchema,
          querystring: myNumbersQuerySchema,
          response: { 200: myNumbersSchema },
        },
      },
      async (request) => service.myNumbers(request.scope, request.query),
    );

    app.post(
      `${org}/scorecard/scores`,
      objectRoute(tags, organizationParamsSchema, writeScoresRequestSchema, scoreWritesSchema),
      async (request) => ({
        data: await service.writeScores(request.scope, request.body.scores, clientMeta(request)),
      }),
    );

    app.get(
      measurables,
      {
        schema: {
          tags,
          description: 'Measurables of one team, or of the whole organization (roll-up pickers); bounded.',
          params: organizationParamsSchema,
          querystring: listMeasurablesQuerySchema,
          response: { 200: measurableListSchema },
        },
      },
      async (request) => service.listMeasurables(request.scope, request.query),
    );

    app.post(measurables, createRoute(tags, createMeasurableRequestSchema, measurable), async (request, reply) =>
      reply.code(201).send({ data: await service.createMeasurable(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      one,
      { schema: { tags, params: measurableParamsSchema, response: { 200: measurable } } },
      async (request) => ({
        data: await service.getMeasurable(request.scope, request.params.id),
      }),
    );

    app.patch(
      one,
      objectRoute(tags, measurableParamsSchema, updateMeasurableRequestSchema, measurable),
      async (request) => ({
        data: await service.updateMeasurable(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${one}/archive`,
      objectRoute(tags, measurableParamsSchema, measurableVersionRequestSchema, measurable),
      async (request) => ({
        data: await service.archiveMeasurable(
          request.scope,
          request.params.id,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.post(
      `${one}/restore`,
      objectRoute(tags, measurableParamsSchema, measurableVersionRequestSchema, measurable),
      async (request) => ({
        data: await service.restoreMeasurable(
          request.scope,
          request.params.id,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.post(
      `${one}/move`,
      objectRoute(tags, measurableParamsSchema, moveMeasurableRequestSchema, measurable),
      async (request) => ({
        data: await service.moveMeasurable(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.put(
      `${one}/scores/:periodStart`,
      objectRoute(tags, scoreParamsSchema, writeScoreRequestSchema, envelope(scoreWriteSchema)),
      async (request) => ({
        data: await service.writeScore(
          request.scope,
          request.params.id,
          request.params.periodStart,
          request.body,
          clientMeta(request),
        ),
      }),
    );

    app.put(
      `${one}/goals/:periodStart`,
      objectRoute(tags, scoreParamsSchema, periodGoalRequestSchema, envelope(periodGoalSchema)),
      async (request) => ({
        data: await service.setPeriodGoal(
          request.scope,
          request.params.id,
          request.params.periodStart,
          request.body.goal,
          clientMeta(request),
        ),
      }),
    );

    app.delete(
      `${one}/goals/:periodStart`,
      { schema: { tags, params: scoreParamsSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({
        data: await service.removePeriodGoal(
          request.scope,
          request.params.id,
          request.params.periodStart,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${one}/history`,
      {
        schema: {
          tags,
          description: 'One measurable’s cells and period goals from..to (at most 520 periods).',
          params: measurableParamsSchema,
          querystring: measurableHistoryQuerySchema,
          response: { 200: envelope(measurableHistorySchema) },
        },
        serializerCompiler: builtAnswerSerializerCompiler,
      },
      async (request) => ({ data: await service.history(request.scope, request.params.id, request.query) }),
    );

    app.post(groups, createRoute(tags, createMeasurableGroupRequestSchema, group), async (request, reply) =>
      reply.code(201).send({ data: await service.createGroup(request.scope, request.body, clientMeta(request)) }),
    );

    app.patch(
      `${groups}/:id`,
      objectRoute(tags, measurableGroupParamsSchema, updateMeasurableGroupRequestSchema, group),
      async (request) => ({
        data: await service.updateGroup(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${groups}/:id`,
      {
        schema: {
          tags,
          description: 'Deletes a group; its measurables become ungrouped, after the ungrouped ones.',
          params: measurableGroupParamsSchema,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => ({ data: await service.deleteGroup(request.scope, request.params.id, clientMeta(request)) }),
    );

    app.post(
      `${groups}/:id/move`,
      objectRoute(tags, measurableGroupParamsSchema, moveMeasurableGroupRequestSchema, group),
      async (request) => ({
        data: await service.moveGroup(request.scope, request.params.id, request.body.index, clientMeta(request)),
      }),
    );

    app.get(
      `${org}/teams/:teamId/scorecard-settings`,
      { schema: { tags, params: teamScorecardParamsSchema, response: { 200: envelope(scorecardSettingsSchema) } } },
      async (request) => ({ data: await service.settings(request.scope, request.params.teamId) }),
    );

    app.put(
      `${org}/teams/:teamId/scorecard-settings`,
      objectRoute(
        tags,
        teamScorecardParamsSchema,
        updateScorecardSettingsRequestSchema,
        envelope(scorecardSettingsSchema),
      ),
      async (request) => ({
        data: await service.saveSettings(request.scope, request.params.teamId, request.body, clientMeta(request)),
      }),
    );

    registerRaiseIssueRoute(app, raiser, {
      path: `${org}/measurables/:id/issue`,
      tags,
      description:
        'Drops a measurable that is off track (a red number in the meeting) onto its team’s issues list, linked back to it.',
      draftOf: measurableIssueDraft,
    });
  };
}

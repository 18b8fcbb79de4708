import { workflowMessages } from '../contract/rules/workflows';
import {
  createScheduleSchema,
  createTemplateSchema,
  scheduleReadOnlyFields,
  templateReadOnlyFields,
  updateScheduleSchema,
  updateTemplateSchema,
  workflowIdParams,
} from '../contract/workflows';
import { scheduleDeletedMessage } from '../core/workflows/schedules';
import { testWorkflow } from '../core/workflows/test-workflow';
import { composeWorkflows, type WorkflowsDeps } from '../compose/workflows';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, thenSays } from '../platform/http/endpoint';
import { requireKeyScope } from '../platform/http/key-scope';

/** Workflows: video templates, automation schedules and Test Workflow; the shapes are documented in contract/workflows.ts. */
const { signedIn, answers } = endpointsFor<WorkflowsDeps>();

export const handler = createAreaHandler('workflows', composeWorkflows, {
  'GET /api/templates': answers((input) => input.deps.templates.list(input.userId)),

  'POST /api/templates': answers({ body: createTemplateSchema, status: 201 }, (input) => input.deps.templates.create(input.userId, input.body)),

  'PUT /api/templates/{id}': answers({ params: workflowIdParams, body: updateTemplateSchema, readOnly: templateReadOnlyFields }, (input) =>
    input.deps.templates.update(input.userId, input.params.id, input.body),
  ),

  'DELETE /api/templates/{id}': signedIn({
    params: workflowIdParams,
    handle: thenSays(workflowMessages.templateDeleted, (input) => input.deps.templates.delete(input.userId, input.params.id)),
  }),

  'GET /api/automation-schedules': answers((input) => input.deps.schedules.list(input.userId)),

  // A schedule that posts is posting: with an API key, it needs the `publish` scope beside `write`.
  'POST /api/automation-schedules': answers({ body: createScheduleSchema, status: 201 }, (input) => {
    if (input.body.publishTargets.length > 0) requireKeyScope(input.request, 'publish');
    return input.deps.schedules.create(input.userId, input.body);
  }),

  'PATCH /api/automation-schedules/{id}': answers({ params: workflowIdParams, body: updateScheduleSchema, readOnly: scheduleReadOnlyFields }, (input) => {
    if ((input.body.publishTargets?.length ?? 0) > 0) requireKeyScope(input.request, 'publish');
    return input.deps.schedules.update(input.userId, input.params.id, input.body);
  }),

  'DELETE /api/automation-schedules/{id}': signedIn({
    params: workflowIdParams,
    handle: thenSays(scheduleDeletedMessage, (input) => input.deps.schedules.delete(input.userId, input.params.id)),
  }),

  'POST /api/automation-schedules/{id}/test': signedIn({
    params: workflowIdParams,
    handle: async (input) => {
      const schedule = await input.deps.schedules.get(input.userId, input.params.id);
      if (schedule.publishTargets.length > 0) requireKeyScope(input.request, 'publish');
      return { body: await testWorkflow({ runner: input.deps.runner, runs: input.deps.runs }, schedule) };
    },
  }),
});

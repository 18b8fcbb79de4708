import { workflowMessages } from '../contract/rules/workflows';
import { createScheduleSchema, createTemplateSchema, scheduleReadOnlyFields, templateReadOnlyFields, updateScheduleSchema, updateTemplateSchema, workflowIdParams } from '../contract/workflows';
import { scheduleDeletedMessage } from '../core/workflows/schedules';
import { testWorkflow } from '../core/workflows/test-workflow';
import { composeWorkflows, type WorkflowsDeps } from '../compose/workflows';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';

/** Workflows: video templates, automation schedules and Test Workflow; the shapes are documented in contract/workflows.ts. */
const { signedIn } = endpointsFor<WorkflowsDeps>();

export const handler = createAreaHandler('workflows', composeWorkflows, {
  'GET /api/templates': signedIn({
    handle: async (input) => ({ body: await input.deps.templates.list(input.userId) }),
  }),

  'POST /api/templates': signedIn({
    body: createTemplateSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.templates.create(input.userId, input.body) }),
  }),

  'PUT /api/templates/{id}': signedIn({
    params: workflowIdParams,
    body: updateTemplateSchema,
    readOnly: templateReadOnlyFields,
    handle: async (input) => ({ body: await input.deps.templates.update(input.userId, input.params.id, input.body) }),
  }),

  'DELETE /api/templates/{id}': signedIn({
    params: workflowIdParams,
    handle: async (input) => {
      await input.deps.templates.delete(input.userId, input.params.id);
      return { body: { message: workflowMessages.templateDeleted } };
    },
  }),

  'GET /api/automation-schedules': signedIn({
    handle: async (input) => ({ body: await input.deps.schedules.list(input.userId) }),
  }),

  'POST /api/automation-schedules': signedIn({
    body: createScheduleSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.schedules.create(input.userId, input.body) }),
  }),

  'PATCH /api/automation-schedules/{id}': signedIn({
    params: workflowIdParams,
    body: updateScheduleSchema,
    readOnly: scheduleReadOnlyFields,
    handle: async (input) => ({ body: await input.deps.schedules.update(input.userId, input.params.id, input.body) }),
  }),

  'DELETE /api/automation-schedules/{id}': signedIn({
    params: workflowIdParams,
    handle: async (input) => {
      await input.deps.schedules.delete(input.userId, input.params.id);
      return { body: { message: scheduleDeletedMessage } };
    },
  }),

  'POST /api/automation-schedules/{id}/test': signedIn({
    params: workflowIdParams,
    handle: async (input) => {
      const schedule = await input.deps.schedules.get(input.userId, input.params.id);
      return { body: await testWorkflow({ runner: input.deps.runner, runs: input.deps.runs }, schedule) };
    },
  }),
});

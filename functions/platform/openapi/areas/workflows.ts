import { z } from 'zod';
import { messageAnswerSchema } from '../../../contract/messages';
import { automationScheduleSchema, testWorkflowResultSchema, videoTemplateSchema } from '../../../contract/workflows';
import { created, ok, type AreaDescriptions } from '../route-description';

/** Workflows: video templates, automation schedules and Test Workflow. */
export const workflowsRoutes: AreaDescriptions = {
  'GET /api/templates': { summary: 'List video templates', operationId: 'listVideoTemplates', success: ok(z.array(videoTemplateSchema), 'Newest first.') },
  'POST /api/templates': {
    summary: 'Create a video template',
    operationId: 'createVideoTemplate',
    success: created(videoTemplateSchema, 'The template.'),
    errors: [403],
  },
  'PUT /api/templates/{id}': {
    summary: 'Change a video template',
    operationId: 'updateVideoTemplate',
    success: ok(videoTemplateSchema, 'The template.'),
    errors: [404],
  },
  'DELETE /api/templates/{id}': {
    summary: 'Delete a video template',
    operationId: 'deleteVideoTemplate',
    success: ok(messageAnswerSchema, 'Deleted.'),
    errors: [404, 409],
  },
  'GET /api/automation-schedules': {
    summary: 'List automation schedules',
    operationId: 'listSchedules',
    success: ok(z.array(automationScheduleSchema), 'Newest first.'),
  },
  'POST /api/automation-schedules': {
    summary: 'Create an automation schedule',
    description: 'Runs a template daily, weekly or monthly: writes the script, renders it, mails and posts it.',
    operationId: 'createSchedule',
    success: created(automationScheduleSchema, 'The schedule, with its next run.'),
    errors: [403],
  },
  'PATCH /api/automation-schedules/{id}': {
    summary: 'Change an automation schedule',
    operationId: 'updateSchedule',
    success: ok(automationScheduleSchema, 'The schedule.'),
    errors: [403, 404],
  },
  'DELETE /api/automation-schedules/{id}': {
    summary: 'Delete an automation schedule',
    operationId: 'deleteSchedule',
    success: ok(messageAnswerSchema, 'Deleted.'),
    errors: [404],
  },
  'POST /api/automation-schedules/{id}/test': {
    summary: 'Run a schedule now',
    description: 'The whole run starts now; the answer waits up to about 20 s for the video (`completed`), else says `started`.',
    operationId: 'testSchedule',
    success: ok(testWorkflowResultSchema, 'The run.'),
    errors: [403, 404, 409, 429],
  },
};

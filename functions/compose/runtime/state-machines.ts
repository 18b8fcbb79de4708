import { StepFunctionsAutomationStarter } from '../../adapters/aws/sfn-automation';
import { StepFunctionsPipelineStarter } from '../../adapters/aws/sfn-pipeline';
import type { PipelineStarter } from '../../core/ports/pipeline';
import type { AutomationRunnerDeps } from '../../core/workflows/automation-runner';
import type { EntryContext } from '../../platform/entry-context';
import { sfnOf } from '../clients/sfn';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in. The state machines' starts: Step Functions when the stack names them.
 */

const notHere = (what: string) => () => Promise.reject(new Error(`${what} is not composed in this entry point`));

/** The video pipeline's start: Step Functions when the stack names the state machine. */
export function pipelineStarterOf(context: EntryContext): PipelineStarter {
  const arn = context.config.STATE_MACHINE_ARN;
  return arn ? new StepFunctionsPipelineStarter(sfnOf(context), arn) : notConfiguredPipeline;
}

const notConfiguredPipeline: PipelineStarter = {
  start: () => Promise.reject(new Error('No state machine is configured (STATE_MACHINE_ARN is unset)')),
};

/** What a firing and Test Workflow need: the automation state machine's start. */
export function automationStartOf(context: EntryContext): AutomationRunnerDeps['startRun'] {
  const client = sfnOf(context, 'startsAutomation');
  const arn = context.config.AUTOMATION_STATE_MACHINE_ARN;
  if (!arn) return notHere('the automation state machine (AUTOMATION_STATE_MACHINE_ARN is unset)');
  const starter = new StepFunctionsAutomationStarter(client, arn);
  return (name, input) => starter.start(name, input);
}

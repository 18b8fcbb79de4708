import { Badge, Box, Button, Card, HStack, Link, Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import { IconTile } from '@/components/ui/icon-tile';
import { showToast } from '@/components/ui/toaster';
import { failureText } from '@/lib/failure-text';
import { browserTimeZone } from '@/lib/time-zone';
import type { AutomationSchedule } from '@contract/workflows';

import { testSchedule, updateSchedule } from '../api/workflows';
import { useRunFollower, type RunStep } from '../hooks/use-workflow-updates';
import { badgePalette, cadenceText, formatDateTime, lastRunView, nextRunText, runsLabel, scheduleBadge, testToast, workflowMessages } from '../lib/workflows';
import { AlertIcon, CalendarClockIcon, CheckIcon, ClockIcon, FilmIcon, LinkIcon, MailIcon, PencilIcon, PlayIcon, TrashIcon } from './icons';
import { Tip, TipIconButton } from '@/components/ui/tip';

const stepLabels: Record<RunStep, string> = {
  writing: 'Writing the script',
  audio: 'Recording the voice-over',
  planning: 'Choosing the clips',
  rendering: 'Rendering the video',
  finalizing: 'Finishing the video',
  delivering: 'Emailing the video',
};

/** "Last run …", how it ended, and a Test badge for a test run. */
function LastRunLine({ when, test, children }: { when: string; test?: boolean; children: ReactNode }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <Text color="fg.muted">Last run {when}</Text>
      {children}
      {test && (
        <Badge size="sm" variant="outline">
          Test
        </Badge>
      )}
    </HStack>
  );
}

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" align="start" fontSize="sm" minW="0">
      <Box color="fg.subtle" mt="0.5" flexShrink="0" lineHeight="0">
        {icon}
      </Box>
      <Box minW="0" flex="1">
        {children}
      </Box>
    </HStack>
  );
}

function LastRun({ schedule }: { schedule: AutomationSchedule }) {
  const run = lastRunView(schedule.lastRun);
  if (run.kind === 'none' || run.kind === 'running') {
    return (
      <Text color="fg.muted" data-testid="last-run">
        {run.kind === 'none' ? 'Not run yet. Try it now with Test Workflow.' : `Running since ${formatDateTime(run.at)}`}
      </Text>
    );
  }
  const when = formatDateTime(run.at);
  if (run.kind === 'failed') {
    return (
      <Stack gap="0.5" data-testid="last-run" data-status="failed">
        <LastRunLine when={when} test={run.test}>
          <Badge size="sm" colorPalette="red" variant="subtle">
            Failed
          </Badge>
        </LastRunLine>
        <Text color="red.fg" fontSize="xs" lineClamp={3} title={run.reason}>
          {run.reason}
        </Text>
      </Stack>
    );
  }
  const link = run.shareUrl ?? run.videoUrl;
  return (
    <Stack gap="0.5" data-testid="last-run" data-status="completed">
      <LastRunLine when={when} test={run.test}>
        <Badge size="sm" colorPalette="green" variant="subtle">
          <CheckIcon /> Video sent
        </Badge>
      </LastRunLine>
      {run.title && (
        <Text fontSize="xs" color="fg.muted" lineClamp={1} title={run.title}>
          “{run.title}”
        </Text>
      )}
      {link && (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          colorPalette="brand"
          color="colorPalette.fg"
          fontSize="sm"
          fontWeight="medium"
          data-testid="last-run-link"
        >
          {run.shareUrl ? <LinkIcon /> : <PlayIcon />} {run.shareUrl ? 'Open share link' : 'Watch the video'}
        </Link>
      )}
    </Stack>
  );
}

function RunProgressBar({ step, percent }: { step: RunStep; percent: number | null }) {
  const showPercent = step === 'rendering' && percent !== null;
  return (
    <Progress.Root
      value={showPercent ? percent : null}
      max={100}
      size="sm"
      colorPalette="brand"
      striped
      animated
      data-testid="run-progress"
      aria-label="Workflow run progress"
    >
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="xs">{stepLabels[step]}…</Progress.Label>
        {showPercent && <Progress.ValueText fontSize="xs">{`${percent}%`}</Progress.ValueText>}
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/**
 * One automation schedule: its badge, Runs Daily/Weekly/Monthly, Next: date, the template,
 * the last run, Test Workflow (following the run live), edit and delete, and the active switch.
 */
export function ScheduleCard({
  schedule,
  onEdit,
  onDelete,
  refresh,
}: {
  schedule: AutomationSchedule;
  onEdit: () => void;
  onDelete: () => void;
  refresh: () => Promise<unknown>;
}) {
  const [testing, setTesting] = useState(false);
  const [toggling, setToggling] = useState(false);
  const follower = useRunFollower(schedule, refresh, (run) => {
    if (run.status === 'completed')
      showToast({
        type: 'success',
        title: workflowMessages.testCompleted,
        description: run.scriptTitle ? `“${run.scriptTitle}”: video generated and email sent.` : 'Video generated and email sent.',
      });
    else if (run.status === 'failed') showToast({ type: 'error', title: 'Test run failed', description: run.error ?? workflowMessages.testFailed });
  });
  const badge = scheduleBadge(schedule);
  const recipients = schedule.emailRecipients.length;

  async function test() {
    setTesting(true);
    try {
      const result = await testSchedule(schedule.id);
      const toast = testToast(result);
      showToast({ type: toast.type, title: toast.title, description: toast.description });
      if (result.status === 'started') follower.follow(result);
      await refresh();
    } catch (error) {
      showToast({ type: 'error', title: workflowMessages.testFailed, description: failureText(error, '') || undefined });
    } finally {
      setTesting(false);
    }
  }

  async function toggle(isActive: boolean) {
    setToggling(true);
    try {
      await updateSchedule(schedule.id, { isActive });
      await refresh();
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to update schedule', description: failureText(error, '') || undefined });
    } finally {
      setToggling(false);
    }
  }

  return (
    <Card.Root size="sm" data-testid="schedule-card" data-badge={badge} opacity={schedule.isActive ? 1 : 0.85}>
      <Card.Header pb="0">
        <HStack justify="space-between" align="start" gap="3">
          <HStack gap="3" align="start" minW="0">
            <IconTile palette={schedule.isActive ? 'brand' : 'gray'} size="lg">
              <CalendarClockIcon />
            </IconTile>
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" lineClamp={1} title={schedule.name} data-testid="schedule-name">
                {schedule.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <Text as="span" fontWeight="medium" color="fg" data-testid="schedule-frequency">
                  {runsLabel(schedule.frequency)}
                </Text>{' '}
                · {cadenceText(schedule, undefined, browserTimeZone())}
              </Text>
            </Stack>
          </HStack>
          <Badge colorPalette={badgePalette[badge]} variant={badge === 'Inactive' ? 'outline' : 'solid'} flexShrink="0" data-testid="schedule-badge">
            {badge}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="2.5" pt="4">
        <Row icon={<ClockIcon />}>
          <Text data-testid="schedule-next" color={badge === 'Overdue' ? 'orange.fg' : undefined}>
            {nextRunText(schedule)}
          </Text>
        </Row>
        <Row icon={<FilmIcon />}>
          <Tip label={`Template #${schedule.templateId}`}>
            <Text lineClamp={1} data-testid="schedule-template" tabIndex={0} w="fit-content" maxW="full">
              {schedule.templateName ?? (
                <Text as="span" color="fg.muted">
                  Template #{schedule.templateId} (deleted)
                </Text>
              )}
            </Text>
          </Tip>
        </Row>
        <Row icon={<MailIcon />}>
          <Text color={recipients ? undefined : 'fg.muted'} lineClamp={1} title={schedule.emailRecipients.join(', ')}>
            {recipients === 0
              ? 'No recipients: the video is saved to your scripts'
              : recipients === 1
                ? schedule.emailRecipients[0]
                : `${schedule.emailRecipients[0]} and ${recipients - 1} more`}
          </Text>
        </Row>
        <Box borderTopWidth="1px" pt="2.5" mt="1">
          {follower.running || testing ? (
            <RunProgressBar step={follower.progress.step} percent={follower.progress.percent} />
          ) : (
            <Row icon={schedule.lastRun?.status === 'failed' ? <AlertIcon /> : <CheckIcon />}>
              <LastRun schedule={schedule} />
            </Row>
          )}
        </Box>
      </Card.Body>
      <Card.Footer justifyContent="space-between" gap="2" pt="3">
        <Switch.Root
          checked={schedule.isActive}
          disabled={toggling}
          onCheckedChange={(details) => void toggle(details.checked)}
          colorPalette="green"
          size="sm"
          data-testid="schedule-active"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontSize="sm">{schedule.isActive ? 'On' : 'Off'}</Switch.Label>
        </Switch.Root>
        <HStack gap="1">
          <Button size="sm" colorPalette="brand" onClick={() => void test()} loading={testing} disabled={follower.running} loadingText="Running…">
            <PlayIcon /> Test Workflow
          </Button>
          <TipIconButton tip="Edit schedule" label={`Edit ${schedule.name}`} onClick={onEdit}>
            <PencilIcon />
          </TipIconButton>
          <TipIconButton tip="Delete schedule" label={`Delete ${schedule.name}`} onClick={onDelete} danger>
            <TrashIcon />
          </TipIconButton>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

import { Badge, Box, Button, Card, EmptyState, Heading, HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { useUser } from '@/lib/auth';
import type { AutomationSchedule, VideoTemplate } from '@contract/workflows';

import { conflictText, deleteSchedule, deleteTemplate, useSchedules, useTemplates } from '../api/workflows';
import { CalendarClockIcon, FilmIcon, PlusIcon } from '../components/icons';
import { ScheduleCard } from '../components/schedule-card';
import { ScheduleDialog } from '../components/schedule-dialog';
import { TemplateCard } from '../components/template-card';
import { TemplateDialog } from '../components/template-dialog';
import { useWorkflowUpdates } from '../hooks/use-workflow-updates';
import { planLimits, workflowMessages } from '../lib/workflows';

type Tab = 'templates' | 'schedules';

function SkeletonGrid() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
      {[0, 1, 2].map((key) => (
        <Card.Root key={key} overflow="hidden" size="sm">
          <Skeleton h="28" />
          <Card.Body gap="2">
            <Skeleton h="5" w="60%" />
            <Skeleton h="10" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function Empty({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Card.Root variant="outline" borderStyle="dashed" bg="bg">
      <EmptyState.Root size="md">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">{icon}</EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>{title}</EmptyState.Title>
            <EmptyState.Description maxW="md">{text}</EmptyState.Description>
          </Stack>
          {action}
        </EmptyState.Content>
      </EmptyState.Root>
    </Card.Root>
  );
}

/**
 * /templates, the Workflows page: Video Templates (My Templates) and
 * Scheduled Generation, with the Create/Edit Video Template and Create Automation Schedule dialogs.
 */
export default function WorkflowsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'schedules' ? 'schedules' : 'templates';
  const templates = useTemplates();
  const schedules = useSchedules();
  useWorkflowUpdates();
  const { data: user } = useUser();
  const limits = planLimits(user?.subscriptionTier);

  const [templateDialog, setTemplateDialog] = useState<{ template: VideoTemplate | null } | null>(null);
  const [scheduleDialog, setScheduleDialog] = useState<{ templateId: string; schedule?: AutomationSchedule } | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'template'; item: VideoTemplate } | { kind: 'schedule'; item: AutomationSchedule } | null>(null);

  const templateList = useMemo(() => templates.data ?? [], [templates.data]);
  const scheduleList = schedules.data ?? [];
  const activeSchedules = scheduleList.filter((schedule) => schedule.isActive).length;

  const setTab = (next: Tab) => setParams(next === 'templates' ? {} : { tab: next }, { replace: true });
  const refreshAll = () => Promise.all([templates.mutate(), schedules.mutate()]);

  function openSchedule(templateId = '') {
    setScheduleDialog({ templateId });
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      if (deleting.kind === 'template') {
        await deleteTemplate(deleting.item.id);
        showToast({ type: 'success', title: workflowMessages.templateDeleted, description: deleting.item.name });
      } else {
        await deleteSchedule(deleting.item.id);
        showToast({ type: 'success', title: 'Schedule deleted', description: deleting.item.name });
      }
      setDeleting(null);
      await refreshAll();
    } catch (error) {
      if (deleting.kind === 'template') showToast({ type: 'error', title: workflowMessages.deleteTemplateFailed, description: conflictText(error) });
      else showToast({ type: 'error', title: workflowMessages.deleteScheduleFailed });
      setDeleting(null);
    }
  }

  const newButton =
    tab === 'templates' ? (
      <Button colorPalette="brand" size={{ base: 'sm', md: 'md' }} onClick={() => setTemplateDialog({ template: null })}>
        <PlusIcon /> New Template
      </Button>
    ) : (
      <Button colorPalette="brand" size={{ base: 'sm', md: 'md' }} onClick={() => openSchedule(templateList[0]?.id ?? '')} disabled={templateList.length === 0}>
        <PlusIcon /> New Schedule
      </Button>
    );

  return (
    <Stack gap="8">
      <PageHeader
        title="Workflows"
        description="Save a video recipe once, put it on a schedule, and get a finished video in your inbox. No filming day needed."
      />

      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="plain" colorPalette="brand" lazyMount>
        <HStack justify="space-between" gap="3" wrap="wrap" mb="6">
          <Tabs.List bg="bg.muted" rounded="l3" p="1">
            <Tabs.Trigger value="templates" px={{ base: '3', md: '4' }}>
              <FilmIcon /> Video Templates
              {templateList.length > 0 && (
                <Badge size="sm" variant="subtle" colorPalette="brand" ml="1">
                  {templateList.length}
                </Badge>
              )}
            </Tabs.Trigger>
            <Tabs.Trigger value="schedules" px={{ base: '3', md: '4' }}>
              <CalendarClockIcon />{' '}
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                Scheduled Generation
              </Box>
              <Box as="span" display={{ base: 'inline', sm: 'none' }}>
                Schedules
              </Box>
              {activeSchedules > 0 && (
                <Badge size="sm" variant="subtle" colorPalette="green" ml="1">
                  {activeSchedules}
                </Badge>
              )}
            </Tabs.Trigger>
            <Tabs.Indicator rounded="l2" />
          </Tabs.List>
          {newButton}
        </HStack>

        <Tabs.Content value="templates" p="0">
          <Stack gap="4">
            <HStack justify="space-between" align="baseline" wrap="wrap" columnGap="4" rowGap="0">
              <Heading as="h2" size="lg">
                My Templates
              </Heading>
              {limits && templateList.length > 0 && (
                <Text fontSize="sm" color="fg.muted">
                  {templateList.length} of {limits.templates} on your plan
                </Text>
              )}
            </HStack>
            {templates.isLoading ? (
              <SkeletonGrid />
            ) : templates.error ? (
              <Text color="red.fg">Failed to load templates. Please try again.</Text>
            ) : templateList.length === 0 ? (
              <Empty
                icon={<FilmIcon />}
                title="No Templates Yet"
                text="A template is a video recipe: the topic, the voice, the music, the clips and how the captions look. Make one, then let a schedule turn it into fresh videos."
                action={
                  <Button colorPalette="brand" onClick={() => setTemplateDialog({ template: null })}>
                    <PlusIcon /> Create Your First Template
                  </Button>
                }
              />
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" data-testid="templates-grid">
                {templateList.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    onEdit={() => setTemplateDialog({ template })}
                    onDelete={() => setDeleting({ kind: 'template', item: template })}
                    onSchedule={() => openSchedule(template.id)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="schedules" p="0">
          <Stack gap="4">
            <HStack justify="space-between" align="baseline" wrap="wrap" columnGap="4" rowGap="0">
              <Heading as="h2" size="lg">
                Scheduled Generation
              </Heading>
              {limits && scheduleList.length > 0 && (
                <Text fontSize="sm" color="fg.muted">
                  {activeSchedules} of {limits.activeSchedules} active on your plan
                </Text>
              )}
            </HStack>
            {schedules.isLoading ? (
              <SkeletonGrid />
            ) : schedules.error ? (
              <Text color="red.fg">Failed to load schedules. Please try again.</Text>
            ) : scheduleList.length === 0 ? (
              <Empty
                icon={<CalendarClockIcon />}
                title="No Scheduled Generation"
                text={
                  templateList.length === 0
                    ? 'Create a video template first, then schedule it to get a new video every day, week or month.'
                    : 'Pick a template and a time: each run writes, voices and renders a new video, then emails it to you.'
                }
                action={
                  templateList.length === 0 ? (
                    <Button colorPalette="brand" variant="outline" onClick={() => setTab('templates')}>
                      Go to Video Templates
                    </Button>
                  ) : (
                    <Button colorPalette="brand" onClick={() => openSchedule(templateList[0]?.id ?? '')}>
                      <PlusIcon /> Create a Schedule
                    </Button>
                  )
                }
              />
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" alignItems="start" data-testid="schedules-grid">
                {scheduleList.map((schedule) => (
                  <ScheduleCard
                    key={schedule.id}
                    schedule={schedule}
                    refresh={() => schedules.mutate()}
                    onEdit={() => setScheduleDialog({ templateId: schedule.templateId, schedule })}
                    onDelete={() => setDeleting({ kind: 'schedule', item: schedule })}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>

      <TemplateDialog open={templateDialog !== null} template={templateDialog?.template ?? null} onClose={() => setTemplateDialog(null)} onSaved={refreshAll} />
      <ScheduleDialog
        open={scheduleDialog !== null}
        templates={templateList}
        templateId={scheduleDialog?.templateId ?? ''}
        schedule={scheduleDialog?.schedule ?? null}
        onClose={() => setScheduleDialog(null)}
        onSaved={async () => {
          await refreshAll();
          setTab('schedules');
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'schedule' ? 'Delete schedule?' : 'Delete template?'}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting?.kind === 'schedule'
          ? `“${deleting.item.name}” stops running. Videos it already made stay in your scripts.`
          : `“${deleting?.item.name ?? ''}” will be gone for good. Videos made from it stay in your scripts.`}
      </ConfirmDialog>
    </Stack>
  );
}

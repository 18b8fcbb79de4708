import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';

import { captionCssFont } from '@/components/caption-sample';
import type { VideoTemplate } from '@contract/workflows';

import { captionStyleOptions, templateDescription } from '../lib/workflows';
import { CalendarClockIcon, PencilIcon, TrashIcon } from './icons';
import { TipIconButton } from '@/components/ui/tip';

/** The card's banner: the template's topic as a caption, in its own colours and font. */
function CaptionBanner({ template }: { template: VideoTemplate }) {
  const caption = template.captionSettings;
  const words = (template.topic || template.name)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, Math.max(2, Math.min(5, caption.maxWordsPerLine)));
  return (
    <Box
      position="relative"
      h="28"
      bgGradient="to-br"
      gradientFrom="purple.700"
      gradientVia="blue.800"
      gradientTo="gray.900"
      display="flex"
      alignItems="center"
      justifyContent="center"
      px="5"
      overflow="hidden"
      aria-hidden
    >
      <Text
        textAlign="center"
        lineClamp={2}
        fontSize="xl"
        lineHeight="1.15"
        style={{
          fontFamily: captionCssFont[caption.fontFamily],
          fontWeight: caption.bold ? 800 : 500,
          fontStyle: caption.italic ? 'italic' : 'normal',
          textTransform: caption.allCaps ? 'uppercase' : 'none',
          color: caption.lineColor,
          textShadow: '2px 2px 0 rgba(0,0,0,0.6)',
        }}
      >
        {caption.enabled
          ? words.map((word, index) => (
              <span key={`${word}-${index}`} style={{ color: index === 1 && caption.style !== 'classic' ? caption.wordColor : undefined }}>
                {word}{' '}
              </span>
            ))
          : words.join(' ')}
      </Text>
      <HStack position="absolute" top="2.5" left="3" gap="1.5">
        <Badge size="sm" variant="solid" bg="blackAlpha.600" color="white">
          {template.duration}
        </Badge>
      </HStack>
      <Box position="absolute" top="2.5" right="3">
        <Badge size="sm" variant="solid" colorPalette={template.isActive ? 'green' : 'gray'}>
          {template.isActive ? 'Active' : 'Paused'}
        </Badge>
      </Box>
    </Box>
  );
}

/** One template: name, description (or No description), edit, delete, Schedule. */
export function TemplateCard({
  template,
  onEdit,
  onDelete,
  onSchedule,
}: {
  template: VideoTemplate;
  onEdit: () => void;
  onDelete: () => void;
  onSchedule: () => void;
}) {
  const style = captionStyleOptions.find((option) => option.value === template.captionSettings.style)?.label;
  const facts = [
    template.subjectCategory,
    template.captionSettings.enabled ? `${style} captions` : 'No captions',
    template.scriptContent ? 'Fixed script' : null,
  ].filter(Boolean);
  return (
    <Card.Root overflow="hidden" data-testid="template-card" size="sm" _hover={{ boxShadow: 'md' }} transition="box-shadow 0.15s">
      <CaptionBanner template={template} />
      <Card.Body gap="2">
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" fontSize="md" lineClamp={1} title={template.name} data-testid="template-name">
            {template.name}
          </Text>
          <Text
            fontSize="sm"
            color={template.description?.trim() ? 'fg.muted' : 'fg.subtle'}
            fontStyle={template.description?.trim() ? undefined : 'italic'}
            lineClamp={2}
            minH="10"
          >
            {templateDescription(template)}
          </Text>
        </Stack>
        <Text fontSize="xs" color="fg.muted" lineClamp={1}>
          {facts.join(' · ')}
        </Text>
      </Card.Body>
      <Card.Footer justifyContent="space-between" gap="2">
        <Button size="sm" colorPalette="brand" variant="subtle" onClick={onSchedule}>
          <CalendarClockIcon /> Schedule
        </Button>
        <HStack gap="1">
          <TipIconButton tip="Edit template" label={`Edit ${template.name}`} onClick={onEdit}>
            <PencilIcon />
          </TipIconButton>
          <TipIconButton tip="Delete template" label={`Delete ${template.name}`} onClick={onDelete} danger>
            <TrashIcon />
          </TipIconButton>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

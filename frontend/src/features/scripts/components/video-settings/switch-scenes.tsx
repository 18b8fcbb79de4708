import { Badge, Box, Button, Checkbox, Field, Heading, HStack, IconButton, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';

import { FolderSelect } from '@/components/folder-select';
import { ChoiceButton } from '@/components/ui/choice-button';
import type { PublicFolder } from '@contract/media';
import { generatedLookCss } from '@contract/rules/generated-backgrounds';
import type { LanguageCode } from '@contract/rules/languages';

import { thumbnailSrc } from '@/lib/thumbnails';
import {
  cropWindowOf,
  framingChoices,
  reframeAxisOf,
  segmentHue,
  shotFocusOf,
  shotTimes,
  type ReframeAxis,
  type Segment,
  type ShotTime,
  type VoiceTimings,
} from '../../lib/segments';

/** What a row needs of its clip to frame it: its size and the focus found at upload. */
export interface ShotClip {
  width: number | null;
  height: number | null;
  framing?: { inPoint: number; focusX: number; focusY: number };
}

/** The 9:16 window of a wider (or taller) clip: the clip's whole frame, dimmed outside what the video keeps. */
function CropWindow({
  src,
  axis,
  clip,
  focus,
  label,
}: {
  src: string;
  axis: ReframeAxis;
  clip: { width: number; height: number };
  focus: number;
  label: string;
}) {
  const crop = cropWindowOf(axis, clip.width, clip.height, focus);
  const across = axis === 'x';
  return (
    <Box
      position="relative"
      h="9"
      flexShrink={0}
      rounded="sm"
      overflow="hidden"
      bg="gray.800"
      style={{ aspectRatio: `${clip.width} / ${clip.height}` }}
      role="img"
      aria-label={`What ${label} keeps of its clip`}
      data-testid="crop-window"
    >
      <Image src={src} alt="" w="full" h="full" objectFit="fill" />
      <Box
        position="absolute"
        borderWidth="2px"
        borderColor="white"
        rounded="xs"
        style={{
          boxShadow: '0 0 0 999px rgba(0,0,0,0.55)',
          ...(across
            ? { left: `${crop.start * 100}%`, width: `${crop.size * 100}%`, top: 0, bottom: 0 }
            : { top: `${crop.start * 100}%`, height: `${crop.size * 100}%`, left: 0, right: 0 }),
        }}
      />
    </Box>
  );
}

/** The shot's framing: the clip's own (found at upload) or one edge, the centre or the other edge. */
function FramingControl({
  segment,
  clip,
  axis,
  label,
  thumb,
  onFocus,
}: {
  segment: Segment;
  clip: ShotClip & { width: number; height: number };
  axis: ReframeAxis;
  label: string;
  thumb: string | undefined;
  onFocus: (focus: number | null) => void;
}) {
  const own = axis === 'x' ? segment.focusX : segment.focusY;
  const focus = shotFocusOf(segment, axis, clip.framing);
  const options: { label: string; focus: number | null }[] = [{ label: 'Auto', focus: null }, ...framingChoices[axis]];
  return (
    <HStack gap="1.5" wrap="wrap" data-testid="framing">
      {thumb && <CropWindow src={thumb} axis={axis} clip={clip} focus={focus} label={label} />}
      <Text fontSize="2xs" color="fg.muted" id={`framing-${label}`}>
        Framing
      </Text>
      <HStack gap="0" role="radiogroup" aria-label={`Framing of ${label}`} borderWidth="1px" rounded="md" overflow="hidden">
        {options.map((option) => {
          const active = option.focus === null ? own === undefined : own === option.focus;
          return (
            <ChoiceButton
              key={option.label}
              kind="radio"
              chosen={active}
              offVariant="ghost"
              size="2xs"
              rounded="none"
              title={option.focus === null ? 'Around the action found in the clip' : undefined}
              onClick={() => onFocus(option.focus)}
            >
              {option.label}
            </ChoiceButton>
          );
        })}
      </HStack>
    </HStack>
  );
}

/** "2.4s" from the voice-over's timings, "≈2.4s" when estimated (no voice-over yet). */
function lengthLabel(time: ShotTime): string {
  return `${time.estimated ? '≈' : ''}${time.duration.toFixed(1)}s`;
}

export interface BulkState {
  on: boolean;
  selected: ReadonlySet<number>;
}

function SegmentRow({
  segment,
  index,
  bulk,
  selected,
  onToggle,
  onReplace,
  time,
  canMoveLater,
  onMoveCut,
  onInPoint,
  clip,
  onFocus,
}: {
  segment: Segment;
  index: number;
  bulk: boolean;
  selected: boolean;
  onToggle: () => void;
  onReplace: () => void;
  time: ShotTime | undefined;
  canMoveLater: boolean;
  onMoveCut?: (direction: 'earlier' | 'later') => void;
  onInPoint?: (seconds: number) => void;
  clip?: ShotClip;
  onFocus?: (axis: ReframeAxis, focus: number | null) => void;
}) {
  const hue = segmentHue(index);
  const thumb = thumbnailSrc(segment.thumbnailUrl);
  const label = `Segment ${index + 1}`;
  // A wider (or taller) clip is cropped to 9:16 around its focus: the thumbnail shows the same window.
  const axis = segment.mediaAssetId && clip ? reframeAxisOf(clip.width, clip.height) : null;
  const framed = axis && clip?.width && clip.height ? { ...clip, width: clip.width, height: clip.height } : null;
  const objectPosition = axis && framed ? cropWindowOf(axis, framed.width, framed.height, shotFocusOf(segment, axis, framed.framing)).objectPosition : null;
  return (
    <HStack
      data-testid="segment-row"
      data-selected={selected || undefined}
      gap="3"
      p="2"
      rounded="md"
      borderWidth={selected ? '2px' : '1px'}
      align="center"
      wrap="wrap"
      style={selected ? { borderColor: `hsl(${hue} 70% 45%)`, background: `hsl(${hue} 85% 94%)` } : undefined}
    >
      {bulk && (
        <Checkbox.Root checked={selected} onCheckedChange={onToggle} size="sm">
          <Checkbox.HiddenInput aria-label={`Select ${label}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
      <Box w={{ base: '16', sm: '20' }} aspectRatio="9 / 16" flexShrink={0} rounded="md" overflow="hidden" bg="gray.800" position="relative">
        {thumb ? (
          <Image
            src={thumb}
            alt={`Media of ${label}`}
            data-testid="shot-thumbnail"
            w="full"
            h="full"
            objectFit="cover"
            style={objectPosition === null ? undefined : { objectPosition: axis === 'x' ? `${objectPosition}% 50%` : `50% ${objectPosition}%` }}
          />
        ) : segment.mediaAssetId ? (
          <Text fontSize="2xs" color="gray.300" p="1" textAlign="center">
            Video
          </Text>
        ) : (
          // No clip: the render draws a generated background with this sentence's palette.
          <Box
            w="full"
            h="full"
            display="flex"
            alignItems="center"
            justifyContent="center"
            style={{ background: generatedLookCss(index) }}
            data-testid="generated-background"
          >
            <Text fontSize="2xs" color="white" fontWeight="semibold" p="1" textAlign="center" textShadow="0 1px 2px rgba(0,0,0,0.6)">
              Generated background
            </Text>
          </Box>
        )}
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            {label}
          </Text>
          {time && (
            <Badge
              size="xs"
              variant="subtle"
              data-testid="shot-length"
              title={time.estimated ? 'Estimated: no voice-over yet' : `From ${time.start.toFixed(1)}s in the voice-over`}
            >
              {lengthLabel(time)}
            </Badge>
          )}
          {time?.firstWord && (
            <Text fontSize="xs" color="fg.muted" truncate data-testid="shot-start">
              {/* The word is isolated (<bdi>), so an Arabic word does not pull the time into its direction. */}
              at “<bdi>{time.firstWord}</bdi>” · {`${time.estimated ? '≈' : ''}${time.start.toFixed(1)}s`}
            </Text>
          )}
        </HStack>
        <Text fontSize="sm" lineClamp={3} title={segment.text} dir="auto">
          {segment.text}
        </Text>
        {segment.mediaAssetId && segment.matchedTags && <MatchedTags tags={segment.matchedTags} label={label} />}
        {!bulk && (onMoveCut || onInPoint) && (
          <HStack gap="1" wrap="wrap" pt="1">
            {onMoveCut && index > 0 && (
              <>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={`Cut ${label} one word earlier`}
                  title="Cut one word earlier"
                  onClick={() => onMoveCut('earlier')}
                >
                  ◀
                </IconButton>
                <Text fontSize="2xs" color="fg.muted">
                  cut
                </Text>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={`Cut ${label} one word later`}
                  title="Cut one word later"
                  disabled={!canMoveLater}
                  onClick={() => onMoveCut('later')}
                >
                  ▶
                </IconButton>
              </>
            )}
            {onInPoint && segment.mediaAssetId && (
              <HStack gap="1" as="label">
                <Text fontSize="2xs" color="fg.muted">
                  In at
                </Text>
                <Input
                  size="2xs"
                  w="14"
                  type="number"
                  min={0}
                  step={0.1}
                  aria-label={`In-point of ${label} (seconds into the clip)`}
                  value={segment.mediaStartTime}
                  onChange={(event) => onInPoint(Number(event.target.value))}
                />
                <Text fontSize="2xs" color="fg.muted">
                  s
                </Text>
              </HStack>
            )}
          </HStack>
        )}
      </Stack>
      {!bulk && (
        <Button size="xs" variant="outline" onClick={onReplace} aria-label={`${segment.mediaAssetId ? 'Change' : 'Replace'} media for ${label}`}>
          {segment.mediaAssetId ? 'Change' : 'Replace'}
        </Button>
      )}
      {/* A line of its own under the text (the thumbnail's width in), so a phone's narrow column keeps every choice in view. */}
      {!bulk && onFocus && axis && framed && (
        <Box flexBasis="100%" pl={{ base: '4.75rem', sm: '5.75rem' }} mt="-1">
          <FramingControl segment={segment} clip={framed} axis={axis} label={label} thumb={thumb} onFocus={(focus) => onFocus(axis, focus)} />
        </Box>
      )}
    </HStack>
  );
}

/** Why the clip was chosen: its tags that the segment's text mentions, as small chips. */
function MatchedTags({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) {
    return (
      <Text fontSize="xs" color="fg.muted" data-testid="no-tag-match">
        No tag match
      </Text>
    );
  }
  return (
    <HStack as="ul" gap="1" wrap="wrap" listStyleType="none" aria-label={`Tags matched in ${label}`} data-testid="matched-tags">
      {tags.map((tag) => (
        <Box as="li" key={tag} minW="0">
          <Badge size="sm" variant="subtle" rounded="full" maxW="40" title={tag} data-testid="matched-tag">
            <Text as="span" truncate>
              {tag}
            </Text>
          </Badge>
        </Box>
      ))}
    </HStack>
  );
}

/** Switch Scenes: the segments, a folder filter for the picker, Bulk Select, Replace/Change. */
export function SwitchScenes({
  segments,
  folders,
  folderId,
  onFolderChange,
  bulk,
  onBulkChange,
  onToggleSegment,
  onReplace,
  onReplaceSelected,
  note,
  replanNote,
  onReplan,
  voice = null,
  onMoveCut,
  onInPoint,
  clipOf,
  onFocus,
  language,
}: {
  segments: Segment[] | null;
  folders: PublicFolder[];
  folderId: string;
  onFolderChange: (folderId: string) => void;
  bulk: BulkState;
  onBulkChange: (on: boolean) => void;
  onToggleSegment: (index: number) => void;
  onReplace: (index: number) => void;
  onReplaceSelected: () => void;
  note?: string;
  /** Said when Edit Video planned shots again on open (new clips in the library). */
  replanNote?: string;
  /** Re-plan shots: every shot planned again from the library (absent: no clip to plan with). */
  onReplan?: () => void;
  /** The voice-over's word timings: each shot's start word and length come from them (else an estimate, marked ≈). */
  voice?: VoiceTimings | null;
  onMoveCut?: (index: number, direction: 'earlier' | 'later') => void;
  onInPoint?: (index: number, seconds: number) => void;
  /** A shot's clip by id (its size and analysed framing): wider or taller clips get a framing control. */
  clipOf?: (id: string) => ShotClip | undefined;
  onFocus?: (index: number, axis: ReframeAxis, focus: number | null) => void;
  /** The script's language: how shots' words are counted and their first word found. */
  language?: LanguageCode;
}) {
  const times = useMemo(() => (segments ? shotTimes(segments, voice, language) : []), [segments, voice, language]);
  const estimated = times[0]?.estimated ?? false;
  return (
    <Stack gap="3" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="sm">
          Switch Scenes
        </Heading>
        <HStack gap="2" wrap="wrap">
          {onReplan && (
            <Button size="xs" variant="outline" onClick={onReplan} disabled={bulk.on} title="Plan every shot again from your library as it is now">
              Re-plan shots
            </Button>
          )}
          <Field.Root w="auto">
            <FolderSelect
              size="xs"
              w="40"
              label="Media folder"
              folders={folders}
              value={folderId}
              onChange={onFolderChange}
              emptyValue=""
              emptyLabel="All folders"
            />
          </Field.Root>
          <ChoiceButton kind="toggle" chosen={bulk.on} size="xs" onClick={() => onBulkChange(!bulk.on)}>
            Bulk Select
          </ChoiceButton>
        </HStack>
      </HStack>
      {bulk.on && (
        <HStack justify="space-between" bg="brand.subtle" rounded="md" px="3" py="2">
          <Text fontSize="sm">{`${bulk.selected.size} selected`}</Text>
          <Button size="xs" colorPalette="brand" onClick={onReplaceSelected}>
            Replace Selected
          </Button>
        </HStack>
      )}
      {replanNote && (
        <Text fontSize="sm" bg="brand.subtle" rounded="md" px="3" py="2" data-testid="replan-note">
          {replanNote}
        </Text>
      )}
      {note && (
        <Text fontSize="sm" bg="orange.subtle" color="orange.fg" rounded="md" px="3" py="2">
          {note}
        </Text>
      )}
      {segments === null ? (
        <Text fontSize="sm" color="fg.muted">
          Matching your media to the script…
        </Text>
      ) : (
        <Stack gap="2" data-testid="segments">
          {estimated && segments.length > 0 && (
            <Text fontSize="xs" color="fg.muted" data-testid="estimated-timing">
              Shot lengths are estimated (≈): convert the script to audio to time them on the voice-over.
            </Text>
          )}
          {segments.map((segment, index) => (
            <SegmentRow
              key={index}
              segment={segment}
              index={index}
              bulk={bulk.on}
              selected={bulk.on && bulk.selected.has(index)}
              onToggle={() => onToggleSegment(index)}
              onReplace={() => onReplace(index)}
              time={times[index]}
              canMoveLater={(segment.text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) > 1}
              onMoveCut={onMoveCut && ((direction) => onMoveCut(index, direction))}
              onInPoint={onInPoint && ((seconds) => onInPoint(index, seconds))}
              clip={segment.mediaAssetId ? clipOf?.(segment.mediaAssetId) : undefined}
              onFocus={onFocus && ((axis, focus) => onFocus(index, axis, focus))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

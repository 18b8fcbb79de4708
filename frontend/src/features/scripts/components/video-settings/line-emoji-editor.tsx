import { Box, Button, Collapsible, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';

import { OptionSelect } from '@/components/ui/option-select';
import { captionLineLayouts } from '@contract/rules/ass-document';
import { captionEmojiSet, captionEmojiWords, emojiFileName, lineEmoji, noEmoji, type EmojiChoices } from '@contract/rules/caption-emoji';
import type { LanguageCode } from '@contract/languages';
import type { WordTiming } from '@contract/rules/ass-document';
import { scriptCaptionWords } from '@contract/rules/caption-preview-line';
import { maxEmphasisOverrides } from '@contract/rules/captions';

import type { CaptionSettings } from '../../lib/caption-settings';
import { emojiImageUrl } from '../../lib/caption-emoji-images';
import { ChevronIcon } from '../icons';

/** The lines shown for choosing (a 60 s script has about 50). */
const maxShownLines = 150;
/** The picker's "the rule's emoji" choice (not stored: a line without a choice follows the rule). */
const automatic = 'auto';

const emojiOptions = captionEmojiSet.map((emoji) => ({ value: emoji, label: `${emoji} ${captionEmojiWords.get(emoji) ?? ''}`.trim() }));

interface LineRow {
  text: string;
  /** The voice-over indexes of the line's words (a choice is stored by the first). */
  indexes: number[];
  /** The emoji the rule gives the line, if any. */
  auto?: string;
}

/**
 * The script's caption lines and the emoji over each: the rule's by default, or one the creator picks
 * from the bundled set, or none. Lines are grouped as the captions group them (the voice-over's
 * timings, or timings spaced evenly until it exists, so a pause may still move a break); a choice is
 * kept by a word of the line (`emoji_choices`), so it stays with that line. A choice also asks the
 * dialog's preview to show that line (`onPreviewLine`, with the line's first word index).
 */
export function LineEmojiEditor({
  scriptContent,
  settings,
  onChange,
  voice,
  language,
  onPreviewLine,
}: {
  scriptContent: string;
  settings: CaptionSettings;
  onChange: (choices: Record<string, string>) => void;
  /** The voice-over's word timings, when it exists (the render's line breaks). */
  voice?: readonly WordTiming[] | null;
  language?: LanguageCode;
  onPreviewLine?: (wordIndex: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const choices: EmojiChoices = settings.emoji_choices ?? {};
  const rows = useMemo<LineRow[]>(() => {
    const words = scriptCaptionWords(scriptContent, voice);
    const indexOf = new Map(words.map((word, i) => [word, i]));
    let previous: string | undefined;
    return captionLineLayouts(words, { ...settings, language }).map(({ line, keywords }) => {
      const auto = lineEmoji(
        line.words.map((w) => w.word),
        keywords,
        previous,
      );
      previous = auto;
      return { text: line.words.map((w) => w.word).join(' '), indexes: line.words.map((w) => indexOf.get(w) ?? -1), auto };
    });
  }, [scriptContent, settings, voice, language]);

  const choiceOf = (row: LineRow) => row.indexes.map((i) => choices[String(i)]).find((choice) => choice !== undefined);

  function choose(row: LineRow, value: string) {
    const next: Record<string, string> = {};
    for (const [key, choice] of Object.entries(choices)) if (!row.indexes.includes(Number(key))) next[key] = choice;
    const first = row.indexes[0];
    if (value !== automatic && first !== undefined && first >= 0 && Object.keys(next).length < maxEmphasisOverrides) next[String(first)] = value;
    onChange(next);
    if (first !== undefined && first >= 0) onPreviewLine?.(first);
  }

  const shown = rows.filter((row) => {
    const choice = choiceOf(row);
    return choice ? choice !== noEmoji : row.auto !== undefined;
  }).length;

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" px="0" fontWeight="semibold" aria-expanded={open}>
          Line Emoji ({shown})
          <ChevronIcon transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Text fontSize="xs" color="fg.muted" pb="2">
          Each line shows the emoji its words call up. Pick another one, or none.
        </Text>
        <Stack gap="1.5" role="group" aria-label="Line emoji" data-testid="line-emoji-editor" maxH="320px" overflowY="auto" pr="1">
          {rows.slice(0, maxShownLines).map((row, i) => {
            const choice = choiceOf(row);
            const emoji = choice === noEmoji ? undefined : (choice ?? row.auto);
            const url = emoji ? emojiImageUrl(emojiFileName(emoji)) : undefined;
            return (
              <HStack key={`${i}-${row.text}`} gap="2" align="center">
                <Box boxSize="7" flexShrink={0} display="grid" placeItems="center" borderWidth="1px" borderColor="border" rounded="md">
                  {url ? (
                    <Image src={url} alt={emoji} boxSize="6" />
                  ) : (
                    <Text fontSize="xs" color="fg.subtle" aria-hidden>
                      –
                    </Text>
                  )}
                </Box>
                <Text fontSize="xs" flex="1" minW="0" truncate title={row.text}>
                  {row.text}
                </Text>
                <Box w={{ base: '36', md: '40' }} flexShrink={0}>
                  <OptionSelect
                    size="xs"
                    label={`Emoji for "${row.text}"`}
                    value={choice ?? automatic}
                    onChange={(value) => choose(row, value)}
                    options={emojiOptions}
                  >
                    <option value={automatic}>{row.auto ? `Auto (${row.auto})` : 'Auto (none)'}</option>
                    <option value={noEmoji}>None</option>
                  </OptionSelect>
                </Box>
              </HStack>
            );
          })}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

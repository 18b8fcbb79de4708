import { Box, Button, Collapsible, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';

import { spokenWordsOf } from '@contract/rules/caption-looks';
import { maxEmphasisOverrides } from '@contract/rules/captions';
import { emphasisedWordIndexes } from '@contract/rules/keyword-emphasis';

import { ChevronIcon } from '../icons';

/** The words shown for choosing (a 60 s script has about 150). */
const maxShownWords = 400;

/**
 * Key Words: the script's spoken words, the emphasised ones (numbers, names and the words
 * that carry each sentence, by the shared rule the render uses) drawn in the word colour; a tap turns a
 * word's emphasis on or off. Only the creator's changes from the rule are kept (`emphasis`, by word index).
 */
export function KeywordEditor({
  scriptContent,
  emphasis,
  wordColor,
  onChange,
}: {
  scriptContent: string;
  emphasis: Readonly<Record<string, boolean>>;
  wordColor: string;
  onChange: (emphasis: Record<string, boolean>) => void;
}) {
  const [open, setOpen] = useState(false);
  const words = useMemo(() => spokenWordsOf(scriptContent), [scriptContent]);
  const automatic = useMemo(() => new Set(emphasisedWordIndexes(words)), [words]);
  const chosen = useMemo(() => {
    const overrides: Record<number, boolean> = {};
    for (const [key, on] of Object.entries(emphasis)) overrides[Number(key)] = on;
    return new Set(emphasisedWordIndexes(words, overrides));
  }, [words, emphasis]);

  function toggle(index: number) {
    const next = { ...emphasis };
    const on = !chosen.has(index);
    if (on === automatic.has(index)) delete next[String(index)];
    else if (Object.keys(next).length < maxEmphasisOverrides) next[String(index)] = on;
    onChange(next);
  }

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" px="0" fontWeight="semibold" aria-expanded={open}>
          Key Words ({chosen.size})
          <ChevronIcon transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Text fontSize="xs" color="fg.muted" pb="2">
          Key words show larger, in the highlight colour. Tap a word to change it.
        </Text>
        <Wrap gap="1" role="group" aria-label="Key words" data-testid="keyword-editor">
          {words.slice(0, maxShownWords).map((word, index) => {
            const on = chosen.has(index);
            return (
              <Box
                as="button"
                key={`${index}-${word}`}
                aria-pressed={on}
                onClick={() => toggle(index)}
                px="1.5"
                py="0.5"
                rounded="sm"
                fontSize="xs"
                fontWeight={on ? 'bold' : 'normal'}
                borderWidth="1px"
                borderColor={on ? 'transparent' : 'border'}
                style={on ? { background: wordColor, color: '#111' } : undefined}
                cursor="pointer"
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
              >
                {word}
              </Box>
            );
          })}
        </Wrap>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

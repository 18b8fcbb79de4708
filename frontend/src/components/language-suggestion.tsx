import { Button, HStack, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo } from 'react';

import { languageToOffer } from '@/lib/language-detection';
import { languages, type LanguageCode } from '@contract/rules/languages';

/**
 * "This text looks like Español." with a button to use it: the language of typed text, detected in the
 * browser (franc-min) and offered, never applied without the creator's click. Nothing shows while the text
 * is too short to tell or already in the chosen language.
 */
export function LanguageSuggestion({ text, language, onAccept }: { text: string; language: LanguageCode; onAccept: (language: LanguageCode) => void }) {
  const typed = useDeferredValue(text);
  const offered = useMemo(() => languageToOffer(typed, language), [typed, language]);
  if (!offered) return null;
  const name = languages[offered].nativeName;
  return (
    <HStack gap="2" wrap="wrap" data-testid="language-suggestion" role="status">
      <Text fontSize="sm" color="fg.muted">
        This text looks like <span lang={offered}>{name}</span>.
      </Text>
      <Button size="xs" variant="outline" colorPalette="brand" onClick={() => onAccept(offered)}>
        Use {name}
      </Button>
    </HStack>
  );
}

import { Badge } from '@chakra-ui/react';

import { languages, type LanguageCode } from '@contract/rules/languages';

import { Tip } from '@/components/ui/tip';

/** A script's language on its card (not English, or one of a translation's versions): the code, its names on hover. */
export function LanguageBadge({ language }: { language: LanguageCode }) {
  const named = languages[language];
  return (
    <Tip label={`Written in ${named.name} (${named.nativeName})`}>
      <Badge colorPalette="purple" variant="subtle" textTransform="uppercase" data-testid="language-badge" aria-label={`Language: ${named.name}`}>
        {named.code}
      </Badge>
    </Tip>
  );
}

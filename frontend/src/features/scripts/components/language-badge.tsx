import { Badge } from '@chakra-ui/react';

import { languages, type LanguageCode } from '@contract/rules/languages';

import { Tip } from '@/components/ui/tip';

/** A script's language on its card: the code, its name in the language itself on hover. */
export function LanguageBadge({ language }: { language: LanguageCode }) {
  const named = languages[language];
  return (
    <Tip label={`Written in ${named.name}`}>
      <Badge colorPalette="purple" variant="subtle" textTransform="uppercase" data-testid="language-badge" lang={language}>
        {named.code}
      </Badge>
    </Tip>
  );
}

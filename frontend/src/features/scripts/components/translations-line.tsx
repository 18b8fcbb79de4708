import { HStack, Link, Text } from '@chakra-ui/react';

import { languages, type LanguageCode } from '@contract/rules/languages';

/** Where a card is in the list (its element id), so a version's link can bring it into view. */
export const scriptAnchor = (id: string) => `script-${id}`;

function ScriptLink({ id, children, label }: { id: string; children: string; label: string }) {
  return (
    <Link
      href={`#${scriptAnchor(id)}`}
      colorPalette="brand"
      aria-label={label}
      onClick={(event) => {
        const card = document.getElementById(scriptAnchor(id));
        if (!card) return;
        event.preventDefault();
        card.scrollIntoView({ behavior: 'smooth', block: 'center' });
        card.focus({ preventScroll: true });
      }}
    >
      {children}
    </Link>
  );
}

export interface ScriptTranslations {
  /** The script this one was translated from, when it is still in the list. */
  from?: { id: string; title: string };
  /** This script's versions in other languages. */
  versions: { id: string; language: LanguageCode }[];
}

/** "Translated from <original>" on a version; "Versions: Español · 日本語" on an original: links that scroll to the card. */
export function TranslationsLine({ translations }: { translations: ScriptTranslations }) {
  const { from, versions } = translations;
  if (!from && versions.length === 0) return null;
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="translations-line">
      {from && (
        <Text>
          Translated from{' '}
          <ScriptLink id={from.id} label={`Translated from ${from.title}: show the original`}>
            {from.title}
          </ScriptLink>
        </Text>
      )}
      {versions.length > 0 && (
        <HStack gap="1" wrap="wrap">
          <Text>Versions:</Text>
          {versions.map((version, i) => (
            <Text as="span" key={version.id} lang={version.language}>
              <ScriptLink id={version.id} label={`Show the ${languages[version.language].name} version`}>
                {languages[version.language].nativeName}
              </ScriptLink>
              {i < versions.length - 1 ? ' ·' : ''}
            </Text>
          ))}
        </HStack>
      )}
    </HStack>
  );
}

/** Each listed script's original and versions, from the list itself. */
export function translationsOf(
  scripts: readonly { id: string; title: string; language: LanguageCode; translatedFrom: string | null }[],
): Map<string, ScriptTranslations> {
  const byId = new Map(scripts.map((script) => [script.id, script]));
  const out = new Map<string, ScriptTranslations>();
  const entry = (id: string) => {
    const found = out.get(id) ?? { versions: [] };
    out.set(id, found);
    return found;
  };
  for (const script of scripts) {
    const original = script.translatedFrom ? byId.get(script.translatedFrom) : undefined;
    if (!original) continue;
    entry(script.id).from = { id: original.id, title: original.title };
    entry(original.id).versions.push({ id: script.id, language: script.language });
  }
  return out;
}

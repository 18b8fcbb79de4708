import type { ComponentProps } from 'react';

import { OptionSelect } from '@/components/ui/option-select';
import { languageCodes, languages, type LanguageCode } from '@contract/rules/languages';

/** Each language under its own name ("Español", "日本語"), as a creator looks for it. */
export const languageOptions = languageCodes.map((code) => ({ value: code, label: languages[code].nativeName }));

/**
 * The language a script is written, voiced and captioned in: the generator's, a script template's, a
 * video template's, a schedule's and the default in Settings.
 */
export function LanguageSelect({
  value,
  onChange,
  label = 'Language',
  testId = 'language-select',
  ...root
}: Omit<ComponentProps<typeof OptionSelect<LanguageCode>>, 'options' | 'label' | 'testId'> & { label?: string; testId?: string }) {
  return <OptionSelect<LanguageCode> {...root} label={label} testId={testId} value={value} onChange={onChange} options={languageOptions} />;
}

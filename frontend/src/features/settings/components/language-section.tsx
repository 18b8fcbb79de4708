import { Box, Card, Field, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { LanguageSelect } from '@/components/language-select';
import { showToast } from '@/components/ui/toaster';
import { apiPatch } from '@/lib/api-client';
import { USER_KEY, useUser } from '@/lib/auth';
import { failureText } from '@/lib/failure-text';
import { defaultLanguage, languages, type LanguageCode } from '@contract/rules/languages';

/**
 * Settings, Language: the default language of new scripts, script and video templates and schedules
 * (PATCH /api/user `language`); each form can still choose another.
 */
export function LanguageSection() {
  const { mutate } = useSWRConfig();
  const { data: user } = useUser();
  const [saving, setSaving] = useState(false);
  const current = user?.language ?? defaultLanguage;

  async function choose(language: LanguageCode) {
    setSaving(true);
    try {
      await apiPatch('/api/user', { language });
      await mutate(USER_KEY);
      showToast({ type: 'success', title: `New scripts will be written in ${languages[language].name}` });
    } catch (error) {
      showToast({ type: 'error', title: failureText(error, 'Failed to save the language') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="language-heading">
      <Card.Header>
        <Stack gap="0.5">
          <Heading size="md" id="language-heading">
            Language
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            New scripts, templates and schedules are written, voiced and captioned in this language unless you choose another.
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Box maxW={{ base: 'full', sm: 'xs' }}>
          <Field.Root disabled={saving || !user}>
            <Field.Label>Default language</Field.Label>
            <LanguageSelect value={current} onChange={(language) => void choose(language)} testId="default-language" label="Default language" />
          </Field.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { apiPatch } from '@/lib/api-client';
import { USER_KEY, useUser } from '@/lib/auth';
import { failureText } from '@/lib/failure-text';
import { displayNameProblem, displayNameRule } from '@contract/rules/accounts';

/**
 * Settings, Profile: the name the dashboard greets and the account menu shows (PATCH /api/user `name`);
 * an empty field removes it (the menu then says "User").
 */
export function ProfileSection() {
  const { mutate } = useSWRConfig();
  const { data: user } = useUser();
  const stored = user?.name ?? '';
  const [name, setName] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);

  // The field follows the stored name until the person starts typing another.
  useEffect(() => setName(stored), [stored]);

  const problem = attempted ? displayNameProblem(name) : undefined;
  const unchanged = name.trim() === stored;

  async function save(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (displayNameProblem(name)) return;
    setSaving(true);
    try {
      await apiPatch('/api/user', { name: name.trim() || null });
      await mutate(USER_KEY);
      showToast({ type: 'success', title: name.trim() ? 'Profile saved' : 'Name removed' });
    } catch (error) {
      showToast({ type: 'error', title: failureText(error, 'Failed to save the profile') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="profile-heading">
      <Card.Header>
        <Stack gap="0.5">
          <Heading size="md" id="profile-heading">
            Profile
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Your name appears in the dashboard greeting and the account menu.
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(event) => void save(event)} aria-label="Profile">
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }} maxW={{ base: 'full', sm: 'lg' }}>
            <Field.Root invalid={Boolean(problem)} disabled={!user} flex="1">
              <Field.Label>Name</Field.Label>
              <Input
                name="name"
                autoComplete="name"
                maxLength={displayNameRule.max}
                placeholder="Your name"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
              <Field.ErrorText>{problem}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={saving} disabled={!user || unchanged}>
              Save
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

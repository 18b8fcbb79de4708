import { Button, Card, Field, Heading, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { clearClientState } from '@/lib/auth';

import { deleteMyAccount, exportMyData } from '../api/account';

const refusal = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again.';

/** Starts the browser's download of the export (a presigned link answered as an attachment). */
function download(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Settings, Your data: Export my data (a ZIP of the scripts, templates, schedules and
 * settings as JSON, and every file) and Delete my account, which asks for the password first and then
 * lands on /auth with a toast.
 */
export function DataSection() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const exportData = async () => {
    setExporting(true);
    try {
      const made = await exportMyData();
      download(made.url, made.fileName);
      showToast({ type: 'success', title: 'Your export is ready', description: `${made.fileName} is downloading.` });
    } catch (error) {
      showToast({ type: 'error', title: 'Export failed', description: refusal(error) });
    } finally {
      setExporting(false);
    }
  };

  const close = () => {
    setConfirming(false);
    setPassword('');
    setProblem(null);
  };

  const deleteAccount = async () => {
    if (!password) {
      setProblem('Enter your password');
      return;
    }
    try {
      await deleteMyAccount(password);
    } catch (error) {
      setProblem(refusal(error));
      return;
    }
    await clearClientState(mutate);
    showToast({ type: 'success', title: 'Account deleted', description: 'Your account and all of its data have been deleted.' });
    navigate(paths.auth.href, { replace: true });
  };

  return (
    <Card.Root data-testid="data-section">
      <Card.Header>
        <Stack gap="0.5">
          <Heading size="md">Your data</Heading>
          <Text fontSize="sm" color="fg.muted">
            Download everything you made, or delete your account.
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5" separator={<Separator />}>
          <HStack justify="space-between" gap="4" wrap="wrap">
            <Stack gap="0.5" flex="1" minW="60">
              <Text fontWeight="medium">Export my data</Text>
              <Text fontSize="sm" color="fg.muted">
                A ZIP of your scripts, templates, schedules and settings as JSON, with your uploads, voice-overs, videos and logo.
              </Text>
            </Stack>
            <Button variant="outline" onClick={() => void exportData()} loading={exporting} loadingText="Preparing…" data-testid="export-data">
              Export my data
            </Button>
          </HStack>
          <HStack justify="space-between" gap="4" wrap="wrap">
            <Stack gap="0.5" flex="1" minW="60">
              <Text fontWeight="medium">Delete my account</Text>
              <Text fontSize="sm" color="fg.muted">
                Deletes your scripts, media, schedules and settings, cancels your subscription and signs you out. This cannot be undone.
              </Text>
            </Stack>
            <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)} data-testid="delete-account">
              Delete my account
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog open={confirming} title="Delete your account?" confirmLabel="Delete my account" onConfirm={deleteAccount} onClose={close}>
        <Stack gap="4">
          <Text>Everything you made goes: scripts, media, videos, schedules and settings. Export your data first if you want to keep it.</Text>
          <Field.Root invalid={problem !== null} required>
            <Field.Label>Type your password to confirm</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              maxLength={256}
              data-testid="delete-password"
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void deleteAccount();
              }}
            />
            {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}
